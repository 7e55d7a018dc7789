//! A tournament of 300 players on one process (issue #38: "a tournament of 300 players (100
//! tables) on one process. Seating a round and serving the standings page each take under
//! 1 s"; docs/tournaments.md, "Measured"). Everything goes through a real server on a real
//! database, over HTTP, as an organizer's page would:
//!
//! - **seat round 1**: a fresh tournament of 300 guests, added by the organizer (not timed);
//!   timed from `POST /api/tournaments/ID/start` until `GET /api/tournaments/ID` shows the
//!   100 tables of round 1 (the server creates and stores them and starts their tasks);
//! - **plan a later round**: after round 1 (and round 2) of a tournament of 300 were played
//!   to the end by the bots (the round's time limit passed on the server's clock), the
//!   by-standing seating of the next round from the stored games
//!   (`tournaments::driver::plan`: the standings, the meetings, the tables);
//! - **the standings page**: `GET /api/tournaments/ID` of that tournament, with 100 or 200
//!   finished tables, and `GET /api/tournaments/ID/boards?round=1`: criterion's mean, and
//!   p50/p99/max over 200 requests, printed.
//!
//! `cargo bench -p binokel-server --bench tournament` (SQLite); with `BINOKEL_TEST_POSTGRES`
//! set, also on PostgreSQL (a fresh database on that server). `BINOKEL_BENCH_DEALS` sets the
//! deals per round of the played tournament (default 6; a multiple of 3).
#![allow(missing_docs)] // criterion's macros generate undocumented items

use binokel_server::client::{http_with, HttpAnswer};
use binokel_server::finished::FinishedGames;
use binokel_server::model::Clock;
use binokel_server::store::Store;
use binokel_server::tournaments::{driver, store as db};
use binokel_server::Config;
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The players of the tournament.
const PLAYERS: usize = 300;
/// The requests of each percentile measurement.
const SAMPLES: usize = 200;

/// A server on `db` whose clock the bench holds.
struct Server {
    url: String,
    clock: Clock,
    cookie: String,
}

impl Server {
    /// A request as the organizer (the login cookie and the page's Origin).
    async fn send(&self, method: &str, path: &str, body: Option<Value>) -> HttpAnswer {
        http_with(
            None,
            &self.url,
            method,
            path,
            body.as_ref(),
            &[("Cookie", self.cookie.as_str()), ("Origin", self.url.as_str())],
        )
        .await
        .expect("the server answers")
    }

    async fn json(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let a = self.send(method, path, body).await;
        assert!(
            a.status < 300,
            "{method} {path}: {} {}",
            a.status,
            String::from_utf8_lossy(&a.body)
        );
        a.json().expect("a JSON answer")
    }

    /// A tournament of `PLAYERS` guests added by the organizer; its id.
    async fn tournament(&self, rounds: u32, deals: u32) -> String {
        let t = self
            .json(
                "POST",
                "/api/tournaments",
                Some(json!({"name": "Bench", "rounds": rounds, "deals": deals,
                            "scoring": "duplicate", "round_minutes": 60, "bot": "random"})),
            )
            .await;
        let id = t["id"].as_str().expect("an id").to_string();
        for i in 0..PLAYERS {
            self.json(
                "POST",
                &format!("/api/tournaments/{id}/entrants"),
                Some(json!({ "name": format!("Player {i:03}") })),
            )
            .await;
        }
        id
    }

    /// Waits until round `round` of `id` is seated; the tournament page then.
    async fn seated(&self, id: &str, round: u64) -> Value {
        for _ in 0..60_000 {
            let t = self.json("GET", &format!("/api/tournaments/{id}"), None).await;
            if t["round"].as_u64() >= Some(round) {
                return t;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        panic!("round {round} of {id} was not seated in time");
    }

    /// Lets the round in play run past its time limit and waits until the bots finished it
    /// and the next round is seated (or the tournament finished).
    async fn play_round(&self, id: &str, round: u64) -> Value {
        self.clock.advance(Duration::from_secs(61 * 60));
        for _ in 0..600_000 {
            let t = self.json("GET", &format!("/api/tournaments/{id}"), None).await;
            if t["round"].as_u64() > Some(round) || t["status"] == "finished" {
                return t;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!("round {round} of {id} did not end in time");
    }
}

/// A server on `db`: bots without a pause, people never replaced before the time limit.
async fn serve(db: &str) -> Server {
    let mut config = Config::new(db);
    config.signups_per_minute = 0;
    config.login_delay = Duration::ZERO;
    config.bot_delay = Duration::ZERO;
    config.deal_pause = Duration::ZERO;
    config.ready_wait = Duration::ZERO;
    config.tables_per_minute = 0;
    config.open_tables_per_address = 0;
    config.max_tables = 100_000;
    config.grace = Duration::from_secs(24 * 3600);
    config.turn = Duration::from_secs(24 * 3600);
    let clock = config.clock.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(binokel_server::run(listener, config, std::future::pending()));
    for _ in 0..400 {
        if http_with(None, &url, "GET", "/health", None, &[])
            .await
            .is_ok_and(|a| a.status == 200)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let a = http_with(
        None,
        &url,
        "POST",
        "/api/accounts",
        Some(&json!({"name": "Organa", "password": "correct horse"})),
        &[("Origin", url.as_str())],
    )
    .await
    .unwrap();
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let cookie = a
        .header("set-cookie")
        .and_then(|c| c.split(';').next())
        .expect("the login cookie")
        .to_string();
    Server { url, clock, cookie }
}

/// p50, p99 and max of `samples`, in ms.
fn percentiles(mut samples: Vec<Duration>) -> (f64, f64, f64) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    (at(0.5), at(0.99), at(1.0))
}

fn bench_on(c: &mut Criterion, label: &str, db: String) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let server = rt.block_on(serve(&db));
    let store = rt.block_on(Store::open(&db)).expect("the database opens");
    let deals: u32 = std::env::var("BINOKEL_BENCH_DEALS")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);

    // Seating round 1: a fresh tournament each time.
    c.bench_function(&format!("{label}: seat round 1 of {PLAYERS} players"), |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let id = server.tournament(1, 3).await;
                    let t0 = Instant::now();
                    server
                        .json("POST", &format!("/api/tournaments/{id}/start"), None)
                        .await;
                    let t = server.seated(&id, 1).await;
                    total += t0.elapsed();
                    let tables = t["rounds_played"][0]["tables"].as_array().map_or(0, Vec::len);
                    assert_eq!(
                        tables,
                        PLAYERS / 3,
                        "{PLAYERS} players sit at {} tables",
                        PLAYERS / 3
                    );
                    // Out of the way of the next measurement.
                    db::finish(&store, &id, 0).await.expect("finished");
                }
                total
            })
        })
    });

    // A tournament played: round 1 and 2 by the bots after the time limit.
    let played = Instant::now();
    let id = rt.block_on(server.tournament(3, deals));
    rt.block_on(async {
        server
            .json("POST", &format!("/api/tournaments/{id}/start"), None)
            .await;
        server.seated(&id, 1).await;
        server.play_round(&id, 1).await;
    });
    println!(
        "{label}: round 1 of {PLAYERS} players, {deals} deals, played by the bots in {:.1} s",
        played.elapsed().as_secs_f64()
    );
    let finished = FinishedGames::default();
    let t = rt
        .block_on(db::get(&store, &id))
        .unwrap()
        .expect("the tournament");
    let entrants = rt.block_on(db::entrants(&store, &id)).unwrap();
    c.bench_function(
        &format!("{label}: plan round 3 by standing ({PLAYERS} players, 100 tables played)"),
        |b| {
            b.iter(|| {
                rt.block_on(driver::plan(&store, &finished, &t, &entrants, 3))
                    .expect("a plan")
            })
        },
    );
    for (rounds, path) in [
        (1, format!("/api/tournaments/{id}")),
        (1, format!("/api/tournaments/{id}/boards?round=1")),
    ] {
        let name = format!(
            "{label}: GET {} ({rounds} round of {deals} deals)",
            path.replace(&id, "ID")
        );
        c.bench_function(&name, |b| b.iter(|| rt.block_on(server.send("GET", &path, None))));
        let samples = rt.block_on(async {
            let mut out = Vec::with_capacity(SAMPLES);
            for _ in 0..SAMPLES {
                let t0 = Instant::now();
                let a = server.send("GET", &path, None).await;
                out.push(t0.elapsed());
                assert_eq!(a.status, 200);
            }
            out
        });
        let (p50, p99, max) = percentiles(samples);
        println!("{name}: p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms over {SAMPLES}");
    }
    // Round 2 played too: the page with 200 finished tables.
    let page = rt.block_on(server.play_round(&id, 2));
    assert_eq!(page["rounds_played"].as_array().map_or(0, Vec::len), 3);
    let path = format!("/api/tournaments/{id}");
    let name = format!("{label}: GET /api/tournaments/ID (2 rounds of {deals} deals)");
    c.bench_function(&name, |b| b.iter(|| rt.block_on(server.send("GET", &path, None))));
    let samples = rt.block_on(async {
        let mut out = Vec::with_capacity(SAMPLES);
        for _ in 0..SAMPLES {
            let t0 = Instant::now();
            server.send("GET", &path, None).await;
            out.push(t0.elapsed());
        }
        out
    });
    let (p50, p99, max) = percentiles(samples);
    println!("{name}: p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms over {SAMPLES}");
    let t = rt
        .block_on(db::get(&store, &id))
        .unwrap()
        .expect("the tournament");
    c.bench_function(
        &format!("{label}: plan round 4 by standing ({PLAYERS} players, 200 tables played)"),
        |b| {
            b.iter(|| {
                rt.block_on(driver::plan(&store, &finished, &t, &entrants, 4))
                    .expect("a plan")
            })
        },
    );
}

fn tournament(c: &mut Criterion) {
    let path = std::env::temp_dir().join(format!("binokel-bench-tournament-{}.sqlite3", std::process::id()));
    let clean = || {
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", path.display()));
        }
    };
    clean();
    bench_on(c, "sqlite", format!("sqlite://{}", path.display()));
    clean();
    if let Ok(admin) = std::env::var("BINOKEL_TEST_POSTGRES") {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let name = format!("binokel_bench_tournament_{}", std::process::id());
        let db = rt
            .block_on(binokel_server::store::create_postgres_database(&admin, &name))
            .expect("a fresh PostgreSQL database");
        bench_on(c, "postgres", db);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(10));
    targets = tournament
}
criterion_main!(benches);
