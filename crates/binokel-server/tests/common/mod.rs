//! Shared helpers of the server tests: a real server on port 0, real WebSocket clients that
//! play random legal actions, and the leak check applied to every message.
#![allow(dead_code)]

pub mod accounts;
pub mod failpoint;
pub mod scenarios;

use binokel::{Game, Seat, View};
use binokel_server::client::{http, HttpAnswer, Socket};
use binokel_server::protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};
use binokel_server::Config;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub const WAIT: Duration = Duration::from_secs(20);

/// A server running in this test process.
pub struct Server {
    pub url: String,
    pub database: String,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), binokel_server::ServeError>>>,
}

impl Server {
    pub fn ws(&self) -> String {
        binokel_server::ws_url(&self.url)
    }

    /// Graceful shutdown; waits until the server returned.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            t.await.expect("server task").expect("server ran cleanly");
        }
    }
}

/// A fresh SQLite database file.
pub fn temp_sqlite(name: &str) -> String {
    let p = std::env::temp_dir().join(format!(
        "binokel-test-{name}-{}-{:x}.sqlite3",
        std::process::id(),
        rand::random::<u32>()
    ));
    format!("sqlite://{}", p.display())
}

/// Test timings: no pauses, short clocks unless a test sets them.
pub fn config(database: &str) -> Config {
    let mut c = Config::new(database);
    c.deal_pause = Duration::ZERO;
    c.bot_delay = Duration::ZERO;
    c.lease = Duration::from_secs(5);
    // The tests create many tables from 127.0.0.1.
    c.tables_per_minute = 0;
    c.open_tables_per_address = 0;
    // And ask for many reviews.
    c.reviews_per_minute = 0;
    c
}

pub async fn start(config: Config) -> Server {
    start_serving(config, None).await
}

/// A server with `/metrics` on a listener of its own; returns the server and the metrics URL.
pub async fn start_with_metrics(config: Config) -> (Server, String) {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/metrics", l.local_addr().unwrap());
    (start_serving(config, Some(l)).await, url)
}

async fn start_serving(config: Config, metrics: Option<tokio::net::TcpListener>) -> Server {
    // RUST_LOG=binokel_server=debug shows the server's log while debugging a test.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let database = config.database.clone();
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(binokel_server::run_with_metrics(
        listener,
        metrics,
        config,
        async {
            let _ = rx.await;
        },
    ));
    for _ in 0..200 {
        if http(&url, "GET", "/health", None)
            .await
            .is_ok_and(|a| a.status == 200)
        {
            return Server {
                url,
                database,
                stop: Some(tx),
                task: Some(task),
            };
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the server did not start");
}

/// Creates a table; returns (code, creator's token).
pub async fn create(url: &str, body: Value) -> (String, Option<String>) {
    let a = http(url, "POST", "/api/tables", Some(&body)).await.unwrap();
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let v = a.json().unwrap();
    (
        v["code"].as_str().unwrap().to_string(),
        v["token"].as_str().map(str::to_string),
    )
}

pub async fn join(url: &str, code: &str, name: &str) -> (Seat, String) {
    let a = http(
        url,
        "POST",
        &format!("/api/tables/{code}/join"),
        Some(&json!({"name": name})),
    )
    .await
    .unwrap();
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    let v = a.json().unwrap();
    (
        v["seat"].as_u64().unwrap() as Seat,
        v["token"].as_str().unwrap().to_string(),
    )
}

/// Opens a socket and says hello; returns it after the welcome.
pub async fn connect(ws: &str, code: &str, token: Option<&str>) -> (Socket, Option<Seat>) {
    let mut s = Socket::connect(ws).await.unwrap();
    s.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.to_string(),
        token: token.map(str::to_string),
        features: vec![],
        account: false,
    })
    .await
    .unwrap();
    match s.recv(WAIT).await.unwrap() {
        ServerMsg::Welcome { seat, .. } => (s, seat),
        m => panic!("expected welcome, got {m:?}"),
    }
}

/// What one connection saw.
#[derive(Default, Debug)]
pub struct Log {
    pub seat: Option<Seat>,
    pub views: Vec<View>,
    pub raw: Vec<String>,
    pub acks: usize,
    pub errors: Vec<String>,
    pub match_over: bool,
}

/// Reads messages until the match is over; when the view says this seat is to act, plays a
/// random legal action (with a staleness guard). `stop_after`: give up after that many of
/// its own actions (None: to the end).
pub async fn play(mut s: Socket, seat: Option<Seat>, seed: u64, stop_after: Option<usize>) -> (Log, Socket) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut log = Log {
        seat,
        ..Default::default()
    };
    let mut acted_at = None;
    let mut mine = 0;
    loop {
        if stop_after.is_some_and(|n| mine >= n) {
            break;
        }
        let (m, raw) = match tokio::time::timeout(WAIT, s.recv_raw()).await {
            Ok(Ok(Some(x))) => x,
            other => panic!(
                "seat {seat:?}: the connection failed: {other:?}; errors {:?}; last message {:?}",
                log.errors,
                log.raw.last()
            ),
        };
        if std::env::var_os("BINOKEL_TEST_TRACE").is_some() {
            eprintln!("seat {seat:?} got {}", &raw[..raw.len().min(300)]);
        }
        log.raw.push(raw);
        match m {
            // A match can end before this seat has acted as often as asked (a bot may reach
            // the target first): a finished view ends the loop like `match_over` does.
            ServerMsg::State { view: Some(v), .. } if v.winner.is_some() => {
                log.views.push(*v);
                log.match_over = true;
                break;
            }
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                let act = seat.is_some() && v.to_act == seat && !v.legal.is_empty() && acted_at != Some(pos);
                if act {
                    let a = v.legal[rng.gen_range(0..v.legal.len())];
                    acted_at = Some(pos);
                    mine += 1;
                    s.send(&ClientMsg::Action {
                        action: a.token(binokel::Low::Nine),
                        id: Some(mine as u64),
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    })
                    .await
                    .unwrap();
                }
                log.views.push(*v);
            }
            ServerMsg::Ack { .. } => log.acks += 1,
            ServerMsg::Error { error, message, .. } => log.errors.push(format!("{error}: {message}")),
            ServerMsg::MatchOver { .. } => {
                log.match_over = true;
                break;
            }
            _ => {}
        }
    }
    (log, s)
}

/// Plays, then closes the connection at once (so the table sees the person leave).
pub async fn play_and_leave(s: Socket, seat: Option<Seat>, seed: u64, stop_after: Option<usize>) -> Log {
    let (log, s) = play(s, seat, seed, stop_after).await;
    s.close().await;
    log
}

/// The finished match's record, as a game.
pub async fn record(url: &str, code: &str) -> (Value, Game) {
    let a = http(url, "GET", &format!("/api/tables/{code}/record"), None)
        .await
        .unwrap();
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    let v = a.json().unwrap();
    let g = binokel::record::read_record(&v.to_string()).expect("the server's record is legal");
    (v, g)
}

/// The match as it stood after `index` actions of deal `deal`.
pub fn prefix(full: &Game, deal: usize, index: usize) -> Game {
    let mut g = Game::new(*full.rules(), full.seats().to_vec());
    for (k, log) in full.deals().iter().enumerate().take(deal + 1) {
        g.start_deal(&log.start.setup(), log.seed).unwrap();
        let n = if k == deal { index } else { log.actions.len() };
        for a in &log.actions[..n] {
            g.play(*a).unwrap();
        }
    }
    g
}

/// The leak check: every view a connection received is exactly what `View::of` allows
/// that seat (or a spectator) at that moment, and shows no hand but its own.
pub fn check_no_leaks(full: &Game, log: &Log) {
    assert!(!log.views.is_empty(), "no state was received");
    for (i, v) in log.views.iter().enumerate() {
        assert_eq!(v.seat, log.seat, "a view of another seat was sent");
        let g = prefix(full, v.deal, v.history.len());
        let allowed = View::of(&g, log.seat).unwrap();
        assert_eq!(
            v, &allowed,
            "message {i} to seat {:?} is not the seat's own view",
            log.seat
        );
        let d = g.current().unwrap();
        match log.seat {
            None => {
                assert!(
                    v.hand.is_none() && v.buried.is_none(),
                    "a spectator saw hidden cards"
                );
                assert!(v
                    .history
                    .iter()
                    .all(|h| !matches!(h.action, Some(binokel::Action::Bury(_)))));
            }
            Some(s) => {
                assert_eq!(v.hand, Some(d.hand(s)));
                if v.buried.is_some() {
                    assert_eq!(d.soloist(), Some(s), "a burial was shown to a non-soloist");
                }
            }
        }
    }
    // The raw text never names any other seat's current hand as a field.
    for raw in &log.raw {
        let v: Value = serde_json::from_str(raw).unwrap();
        if let Some(view) = v.get("view").filter(|x| !x.is_null()) {
            let keys: Vec<&String> = view.as_object().unwrap().keys().collect();
            assert!(
                !keys.iter().any(|k| k.as_str() == "hands" || k.as_str() == "deck"),
                "{keys:?}"
            );
        }
    }
}

/// An HTTP request that must get an answer (any status); panics naming the request otherwise.
pub async fn call(url: &str, method: &str, path: &str, body: Option<Value>) -> HttpAnswer {
    http(url, method, path, body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// An answer's body as JSON; panics showing the body otherwise.
pub fn json_of(a: &HttpAnswer) -> Value {
    a.json()
        .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&a.body)))
}

/// An answer's header (names in lower case).
pub fn header<'a>(a: &'a HttpAnswer, name: &str) -> Option<&'a str> {
    a.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

/// A fresh PostgreSQL database named `binokel_PREFIX_...` (`BINOKEL_TEST_POSTGRES`), or None
/// (the test says it skips).
pub async fn fresh_postgres_named(prefix: &str, name: &str) -> Option<String> {
    let admin = binokel_server::store::test_postgres_url(name)?;
    let db = format!(
        "binokel_{prefix}_{}_{:x}",
        std::process::id(),
        rand::random::<u32>()
    );
    Some(
        binokel_server::store::create_postgres_database(&admin, &db)
            .await
            .expect("a fresh database"),
    )
}

/// `GET /api/lobby` as JSON (answered 200).
pub async fn lobby(url: &str) -> Value {
    let a = http(url, "GET", "/api/lobby", None).await.unwrap();
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    a.json().unwrap()
}

/// The invite codes of a lobby list.
pub fn codes(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|e| e["code"].as_str().expect("code").to_string())
        .collect()
}
