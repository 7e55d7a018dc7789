//! The profile with 1,000 matches (issue #36: "a profile with 1,000 matches answers in under
//! 50 ms at p99"; docs/speed.md, "Profiles"). Fills a real database with one account's
//! 1,000 finished rated matches against two bot accounts through the store's real paths
//! (`Store::create_table`, then `Store::finish` with the match's players, which writes the
//! result, the ratings and `match_players` in one transaction, as the match-end seam does),
//! with the statistics of real bot matches; starts a real server on it and times
//! `GET /api/players/NAME` and a history page (`GET /api/players/NAME/history?before=...`)
//! over HTTP: criterion's mean, and p50/p99/max over 1,000 requests each, printed.
//!
//! `cargo bench -p binokel-server --bench profile` (SQLite); with `BINOKEL_TEST_POSTGRES`
//! set, also on PostgreSQL (a fresh database on that server).
#![allow(missing_docs)] // criterion's macros generate undocumented items

use binokel::{Game, Preset, Rules, View};
use binokel_server::client::{http, http_with};
use binokel_server::model::{MatchResult, StoredSeat};
use binokel_server::players::{match_players, store as players};
use binokel_server::protocol::SeatKind;
use binokel_server::store::Store;
use binokel_server::Config;
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::json;
use std::time::{Duration, Instant};

/// The matches of the account.
const MATCHES: usize = 1_000;
/// The requests of each percentile measurement.
const SAMPLES: usize = 1_000;

/// A whole match of `random` bots under the standard rules, seeded (its statistics are the
/// stored rows' content).
fn bot_match(seed: u64) -> Game {
    let rules = Rules::preset(Preset::Standard);
    let mut bots: Vec<_> = (0..3)
        .map(|s| binokel_ai::make_bot("random", seed ^ (s as u64 + 1)).expect("a bot"))
        .collect();
    let mut game = Game::new(rules, Vec::new());
    let mut k = 0;
    while game.needs_deal() {
        k += 1;
        if game.start_seeded_deal(seed.wrapping_mul(1000) + k).is_err() {
            break;
        }
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).expect("a deal in progress");
            let a = bots[seat].choose(&view);
            game.play(a).expect("the bot chose a legal action");
        }
    }
    game
}

/// Fills `db` with the account `Anna` and her `MATCHES` finished rated matches; the server's
/// URL (the server runs on `rt` until the process ends).
async fn fill_and_serve(db: &str) -> String {
    let mut config = Config::new(db);
    config.signups_per_minute = 0;
    config.login_delay = Duration::ZERO;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(binokel_server::run(listener, config, std::future::pending()));
    for _ in 0..400 {
        if http(&url, "GET", "/health", None)
            .await
            .is_ok_and(|a| a.status == 200)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    // The account through the real sign-up.
    let a = http_with(
        None,
        &url,
        "POST",
        "/api/accounts",
        Some(&json!({"name": "Anna", "password": "correct horse"})),
        &[("Origin", url.as_str())],
    )
    .await
    .unwrap();
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let store = Store::open(db).await.expect("the database opens");
    let anna = players::named(&store, "anna").await.unwrap().expect("Anna").id;
    let benno = players::bot_account(&store, "beginner").await.unwrap();
    let frieda = players::bot_account(&store, "easy").await.unwrap();
    let games: Vec<Game> = (1..=8).map(bot_match).collect();
    let rules = Rules::preset(Preset::Standard);
    let start = Instant::now();
    let t0 = binokel_server::store::now_ms() - (MATCHES as i64) * 3_600_000;
    for i in 0..MATCHES {
        let code = format!("BENCH{i:04}");
        let seat = |bot: Option<&str>, name: &str, account: i64| StoredSeat {
            kind: if bot.is_some() {
                SeatKind::Bot
            } else {
                SeatKind::Human
            },
            bot: bot.map(str::to_string),
            name: Some(name.to_string()),
            token: bot.is_none().then(|| format!("token{i}")),
            account: Some(account),
            former: false,
            forfeit: false,
        };
        // Anna sits at every seat in turn.
        let mut seats = vec![
            seat(None, "Anna", anna),
            seat(Some("beginner"), "Benno", benno),
            seat(Some("easy"), "Frieda", frieda),
        ];
        seats.rotate_right(i % 3);
        assert!(store
            .create_table(
                &code,
                &rules,
                i as u64,
                &seats,
                Some("standard"),
                ("bench", &url, Duration::ZERO)
            )
            .await
            .unwrap());
        let game = &games[i % games.len()];
        let result = MatchResult {
            code: code.clone(),
            winner: game.winner(),
            totals: game.totals()[..3].to_vec(),
            deals: game.deals().len(),
            finished_ms: t0 + (i as i64) * 3_600_000,
            rated: Some("standard".into()),
            format: "standard".into(),
            players: match_players(game, &seats),
        };
        assert!(store.finish(&result).await.unwrap(), "{code} finished once");
    }
    eprintln!(
        "filled {db}: {MATCHES} matches in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    store.close().await;
    url
}

/// p50, p99 and the maximum of `SAMPLES` requests of `path`, in ms.
async fn percentiles(url: &str, path: &str) -> (f64, f64, f64) {
    let mut ms = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        let t = Instant::now();
        let a = http(url, "GET", path, None).await.unwrap();
        assert_eq!(a.status, 200);
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    ms.sort_by(f64::total_cmp);
    (ms[SAMPLES / 2], ms[SAMPLES * 99 / 100], ms[SAMPLES - 1])
}

fn bench_on(c: &mut Criterion, rt: &tokio::runtime::Runtime, label: &str, db: &str) {
    let url = rt.block_on(fill_and_serve(db));
    let profile = rt.block_on(async {
        http(&url, "GET", "/api/players/Anna", None)
            .await
            .unwrap()
            .json()
            .unwrap()
    });
    assert_eq!(profile["stats"]["matches"], MATCHES, "{profile}");
    assert_eq!(profile["ratings"][0]["games"], MATCHES, "{profile}");
    // The fifth page of the history, as a client paging with `next` asks for it.
    let mut page = "/api/players/Anna/history?limit=20".to_string();
    for _ in 0..4 {
        let next: serde_json::Value =
            rt.block_on(async { http(&url, "GET", &page, None).await.unwrap().json().unwrap() });
        page = format!(
            "/api/players/Anna/history?limit=20&before={}",
            next["next"].as_str().expect("a next page")
        );
    }
    let mut g = c.benchmark_group(format!("profile_{label}"));
    g.sample_size(50);
    for (name, path) in [
        ("profile", "/api/players/Anna".to_string()),
        ("history_page", page),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| rt.block_on(http(&url, "GET", &path, None)).unwrap())
        });
        let (p50, p99, max) = rt.block_on(percentiles(&url, &path));
        eprintln!(
            "{label} {name} ({MATCHES} matches), {SAMPLES} requests: p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"
        );
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let path = std::env::temp_dir().join(format!("binokel-bench-profile-{}.sqlite3", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", path.display()));
    }
    bench_on(c, &rt, "sqlite", &format!("sqlite://{}", path.display()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", path.display()));
    }
    if let Ok(admin) = std::env::var("BINOKEL_TEST_POSTGRES") {
        let name = format!("binokel_bench_profile_{}", std::process::id());
        let db = rt
            .block_on(binokel_server::store::create_postgres_database(&admin, &name))
            .expect("a fresh PostgreSQL database");
        bench_on(c, &rt, "postgres", &db);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
