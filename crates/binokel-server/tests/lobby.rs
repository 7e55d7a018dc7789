//! The lobby over real HTTP, Server-Sent Events and WebSockets on SQLite: public tables are
//! listed and private ones never (also after a restart), quick match joins the most recently
//! active open table of the same preset and target or opens one under the creation limit, bots take
//! the free seats after the chosen wait, and the live feed shows a new table and a join.

mod common;

use binokel_server::client::http;
use binokel_server::protocol::{SeatKind, ServerMsg, Status};
use common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A fresh PostgreSQL database (`BINOKEL_TEST_POSTGRES`), or None (the test says it skips).
async fn fresh_postgres(name: &str) -> Option<String> {
    fresh_postgres_named("lobby", name).await
}

/// A public standard table with `humans` human seats (the creator takes the first) and
/// random bots in the rest.
fn public_table(humans: usize, extra: Value) -> Value {
    let seats: Vec<Value> = (0..3)
        .map(|i| {
            if i < humans {
                json!({"kind": "human"})
            } else {
                json!({"kind": "bot", "bot": "random"})
            }
        })
        .collect();
    let mut body = json!({"name": "Anna", "public": true, "seats": seats});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            b.insert(k.clone(), v.clone());
        }
    }
    body
}

async fn quick(url: &str, body: Value) -> (u16, Value) {
    let a = http(url, "POST", "/api/lobby/quick", Some(&body)).await.unwrap();
    let v = a.json().unwrap_or(Value::Null);
    (a.status, v)
}

async fn public_tables_are_listed_and_private_ones_never_also_after_a_restart(db: String) {
    let srv = start(config(&db)).await;
    let (private, _) = create(&srv.url, json!({"name": "Pia", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})).await;
    let (open, _) = create(&srv.url, public_table(2, json!({"rules": "dutch"}))).await;
    let (full, _) = create(&srv.url, public_table(1, json!({"target": 300}))).await;
    let l = lobby(&srv.url).await;
    assert_eq!(codes(&l["open"]), vec![open.clone()], "{l}");
    assert_eq!(codes(&l["running"]), vec![full.clone()], "{l}");
    let e = &l["open"][0];
    assert_eq!(e["preset"], "dutch");
    assert_eq!(e["target"], 1000);
    assert_eq!(e["free"], 1);
    assert_eq!(e["seats"][0]["name"], "Anna");
    assert_eq!(e["seats"][1]["taken"], false);
    assert_eq!(e["seats"][1]["name"], Value::Null);
    assert_eq!(e["seats"][2]["kind"], "bot");
    assert!(
        e["seats"][0].get("token").is_none(),
        "no token is ever listed: {e}"
    );
    assert!(l["now_ms"].as_i64().unwrap() >= e["created_ms"].as_i64().unwrap());
    assert!(
        !l.to_string().contains(&private),
        "a private table is never listed: {l}"
    );

    // Stored with the table: a restarted server lists the same.
    srv.stop().await;
    let srv = start(config(&db)).await;
    let l = lobby(&srv.url).await;
    assert_eq!(codes(&l["open"]), vec![open.clone()], "{l}");
    assert_eq!(codes(&l["running"]), vec![full], "{l}");
    // A join fills the last seat: the table moves to the running list.
    join(&srv.url, &open, "Ben").await;
    let l = lobby(&srv.url).await;
    assert!(codes(&l["open"]).is_empty(), "{l}");
    assert!(codes(&l["running"]).contains(&open), "{l}");
    srv.stop().await;
}

async fn quick_match_joins_the_most_recently_active_open_table_of_the_same_preset_and_target(db: String) {
    let srv = start(config(&db)).await;
    let (_older, _) = create(&srv.url, public_table(3, json!({}))).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (newest, _) = create(&srv.url, public_table(3, json!({}))).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (_other_target, _) = create(&srv.url, public_table(3, json!({"target": 500}))).await;
    let (_dutch, _) = create(&srv.url, public_table(3, json!({"rules": "dutch"}))).await;
    // Newer than every public one, but private: never joined by quick match.
    let (_private, _) = create(
        &srv.url,
        json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;

    let (status, a) = quick(&srv.url, json!({"rules": "standard", "name": "Quentin"})).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["code"], newest, "{a}");
    assert_eq!(a["opened"], false);
    assert_eq!(a["seat"], 1);
    assert_eq!(a["token"].as_str().map(str::len), Some(32));
    // The same table again while it has a free seat.
    let (_, a) = quick(&srv.url, json!({"name": "Rita"})).await;
    assert_eq!(
        (a["code"].as_str(), a["seat"].as_u64()),
        (Some(newest.as_str()), Some(2))
    );

    // No open table of standard to 1000: quick match opens a public one.
    let (status, a) = quick(
        &srv.url,
        json!({"rules": "standard", "target": 1000, "name": "Sven"}),
    )
    .await;
    assert_eq!(status, 201, "{a}");
    assert_eq!(a["opened"], true);
    let opened = a["code"].as_str().unwrap().to_string();
    let l = lobby(&srv.url).await;
    let e = l["open"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["code"] == opened.as_str())
        .unwrap_or_else(|| panic!("the opened table is listed: {l}"));
    assert_eq!(
        (e["preset"].as_str(), e["target"].as_i64()),
        (Some("standard"), Some(1000))
    );
    assert_eq!(e["seats"][0]["name"], "Sven");

    // Bad requests are refused with the field named.
    for (body, field) in [
        (json!({"rules": "chess"}), "`rules`"),
        (json!({"bot": "genius"}), "`bot`"),
        (json!({"target": 5}), "`target`"),
        (json!({"fill_after_secs": 99999}), "`fill_after_secs`"),
        (json!({"color": "red"}), "color"),
    ] {
        let (status, v) = quick(&srv.url, body.clone()).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert_eq!(v["error"], "bad_request");
        assert!(v["message"].as_str().unwrap().contains(field), "{body}: {v}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_respects_the_creation_limit() {
    let mut c = config(&temp_sqlite("lobby-limit"));
    c.tables_per_minute = 2;
    let srv = start(c).await;
    let (s1, _) = quick(&srv.url, json!({"rules": "standard"})).await;
    let (s2, _) = quick(&srv.url, json!({"rules": "dutch"})).await;
    assert_eq!((s1, s2), (201, 201));
    let a = http(
        &srv.url,
        "POST",
        "/api/lobby/quick",
        Some(&json!({"rules": "forty"})),
    )
    .await
    .unwrap();
    assert_eq!(a.status, 429);
    assert_eq!(a.json().unwrap()["error"], "too_many_tables");
    assert!(a
        .header("retry-after")
        .is_some_and(|s| s.parse::<u64>().unwrap() >= 1));
    // Joining an open table creates nothing: allowed past the limit.
    let (s, a) = quick(&srv.url, json!({"rules": "dutch", "name": "Jo"})).await;
    assert_eq!(s, 200, "{a}");
    // And the plain create shares the same bucket.
    let a = http(&srv.url, "POST", "/api/tables", Some(&json!({})))
        .await
        .unwrap();
    assert_eq!(a.status, 429);
    srv.stop().await;
}

async fn bots_take_the_free_seats_after_the_chosen_wait_or_at_once(db: String) {
    let srv = start(config(&db)).await;
    let (s, a) = quick(
        &srv.url,
        json!({"name": "Uta", "bot": "easy", "fill_after_secs": 1}),
    )
    .await;
    assert_eq!(s, 201, "{a}");
    let code = a["code"].as_str().unwrap().to_string();
    let (mut sock, seat) = connect(&srv.ws(), &code, a["token"].as_str()).await;
    assert_eq!(seat, Some(0));
    let started = Instant::now();
    let (status, seats) = loop {
        match sock.recv(WAIT).await.unwrap() {
            ServerMsg::State { status, seats, .. } if status != Status::Waiting => break (status, seats),
            ServerMsg::State { .. } => {}
            m => panic!("unexpected {m:?}"),
        }
    };
    let waited = started.elapsed();
    assert_eq!(status, Status::Playing);
    assert!(
        waited >= Duration::from_millis(500),
        "the bots waited: {waited:?}"
    );
    assert!(waited < Duration::from_secs(10), "the bots came: {waited:?}");
    assert_eq!(seats[0].kind, SeatKind::Human);
    for s in &seats[1..] {
        assert_eq!(
            (s.kind, s.bot.as_deref()),
            (SeatKind::Bot, Some("easy")),
            "{seats:?}"
        );
    }
    // Stored: the lobby lists it as running, and the match is played on.
    let l = lobby(&srv.url).await;
    assert!(codes(&l["running"]).contains(&code), "{l}");
    let v = common::scenarios::state_where(&mut sock, |v| v.deal == 0).await;
    assert_eq!(v.players, 3);

    // At once: the table opens already playing.
    let (_, a) = quick(
        &srv.url,
        json!({"rules": "two-player", "bot": "beginner", "fill_after_secs": 0}),
    )
    .await;
    let code2 = a["code"].as_str().unwrap().to_string();
    let (mut sock2, _) = connect(&srv.ws(), &code2, a["token"].as_str()).await;
    let v = common::scenarios::state_where(&mut sock2, |v| v.deal == 0).await;
    assert_eq!(v.names[1], "Benno", "the beginner bot by its persona");
    srv.stop().await;
}

/// A minimal Server-Sent Events reader on a raw socket: each `data:` line of a `lobby`
/// event, as JSON.
struct Events {
    s: tokio::net::TcpStream,
    buf: String,
}

impl Events {
    async fn open(url: &str) -> Events {
        let host = url.trim_start_matches("http://");
        let mut s = tokio::net::TcpStream::connect(host).await.unwrap();
        s.write_all(
            format!("GET /api/lobby/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n")
                .as_bytes(),
        )
        .await
        .unwrap();
        Events {
            s,
            buf: String::new(),
        }
    }

    async fn next(&mut self) -> Value {
        let until = Instant::now() + WAIT;
        loop {
            if let Some(at) = self.buf.find("data: ") {
                if let Some(end) = self.buf[at..].find('\n') {
                    let line = self.buf[at + 6..at + end].trim().to_string();
                    self.buf.drain(..at + end);
                    return serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
                }
            }
            let mut b = [0u8; 8192];
            let n = tokio::time::timeout_at(until.into(), self.s.read(&mut b))
                .await
                .expect("an event in time")
                .unwrap();
            assert!(n > 0, "the feed closed");
            self.buf.push_str(&String::from_utf8_lossy(&b[..n]));
        }
    }

    /// The next list for which `pred` holds; panics after [`WAIT`].
    async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> (Value, Duration) {
        let start = Instant::now();
        loop {
            let v = self.next().await;
            if pred(&v) {
                return (v, start.elapsed());
            }
        }
    }
}

async fn the_live_feed_shows_a_new_public_table_and_a_join_at_once(db: String) {
    let srv = start(config(&db)).await;
    let mut feed = Events::open(&srv.url).await;
    let first = feed.next().await;
    assert_eq!(first["open"], json!([]), "{first}");
    // A private table changes nothing a subscriber sees; a public one is sent at once.
    create(
        &srv.url,
        json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    let (code, _) = create(&srv.url, public_table(2, json!({}))).await;
    let (l, took) = feed.until(|l| !l["open"].as_array().unwrap().is_empty()).await;
    assert_eq!(
        codes(&l["open"]),
        vec![code.clone()],
        "only the public table: {l}"
    );
    assert!(took < Duration::from_millis(1500), "live: {took:?}");
    // A join that fills the table moves it to the running list.
    join(&srv.url, &code, "Vera").await;
    let (l, took) = feed.until(|l| codes(&l["running"]).contains(&code)).await;
    assert!(codes(&l["open"]).is_empty(), "{l}");
    assert!(took < Duration::from_millis(1500), "live: {took:?}");
    assert_eq!(l["running"][0]["seats"][1]["name"], "Vera");
    // The server stops with a subscriber connected: the feed ends, the stop is clean.
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_public_tables_are_listed_and_private_ones_never_also_after_a_restart() {
    public_tables_are_listed_and_private_ones_never_also_after_a_restart(temp_sqlite("lobby-list")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_public_tables_are_listed_and_private_ones_never_also_after_a_restart() {
    if let Some(db) = fresh_postgres("public_table").await {
        public_tables_are_listed_and_private_ones_never_also_after_a_restart(db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_quick_match_joins_the_most_recently_active_open_table_of_the_same_preset_and_target() {
    quick_match_joins_the_most_recently_active_open_table_of_the_same_preset_and_target(temp_sqlite(
        "lobby-quick",
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_quick_match_joins_the_most_recently_active_open_table_of_the_same_preset_and_target() {
    if let Some(db) = fresh_postgres("quick_match_").await {
        quick_match_joins_the_most_recently_active_open_table_of_the_same_preset_and_target(db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_bots_take_the_free_seats_after_the_chosen_wait_or_at_once() {
    bots_take_the_free_seats_after_the_chosen_wait_or_at_once(temp_sqlite("lobby-fill")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_bots_take_the_free_seats_after_the_chosen_wait_or_at_once() {
    if let Some(db) = fresh_postgres("bots_take_th").await {
        bots_take_the_free_seats_after_the_chosen_wait_or_at_once(db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_the_live_feed_shows_a_new_public_table_and_a_join_at_once() {
    the_live_feed_shows_a_new_public_table_and_a_join_at_once(temp_sqlite("lobby-feed")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_the_live_feed_shows_a_new_public_table_and_a_join_at_once() {
    if let Some(db) = fresh_postgres("the_live_fee").await {
        the_live_feed_shows_a_new_public_table_and_a_join_at_once(db).await;
    }
}
