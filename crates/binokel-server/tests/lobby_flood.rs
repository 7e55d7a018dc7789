//! The lobby under a flood (issue #30, parts 3 and 6), over real HTTP and WebSockets on
//! SQLite, with several client addresses (`127.0.0.x`, all the loopback on Linux): one
//! address may keep only a few public tables waiting; the lists show tables where a person
//! is present, most recent activity first, and say how many more there are; quick match
//! seats a newcomer with a person rather than at a spam table, and decides atomically; a
//! waiting table unloaded as idle is loaded again when its bot fill falls due.

mod common;

use binokel_server::client::{http, http_from};
use binokel_server::protocol::{SeatKind, ServerMsg, Status};
use common::*;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

const SPAMMER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));
const PERSON: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
const NEWCOMER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3));
const OTHER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 4));

/// A fresh PostgreSQL database (`BINOKEL_TEST_POSTGRES`), or None (the test says it skips).
async fn fresh_postgres(name: &str) -> Option<String> {
    fresh_postgres_named("flood", name).await
}

async fn post_from(from: IpAddr, url: &str, path: &str, body: Value) -> (u16, Value) {
    let a = http_from(Some(from), url, "POST", path, Some(&body))
        .await
        .unwrap();
    (a.status, a.json().unwrap_or(Value::Null))
}

/// A public standard table of three human seats, `name` in the first: it waits for two.
fn waiting(name: &str) -> Value {
    json!({"name": name, "public": true,
           "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
}

async fn a_flood_from_one_address_hides_no_persons_table_and_catches_no_newcomer(db: String) {
    let mut c = config(&db);
    c.open_tables_per_address = binokel_server::Config::new(&db).open_tables_per_address;
    assert_eq!(c.open_tables_per_address, 3, "the documented default");
    let srv = start(c).await;
    // 300 tables from one address (the creation rate is no limit here: `config` turns it
    // off): 3 are opened, the others refused with the cap named.
    let (mut opened, mut refused) = (0, Vec::new());
    for _ in 0..300 {
        match post_from(SPAMMER, &srv.url, "/api/tables", waiting("Spam")).await {
            (201, _) => opened += 1,
            (429, v) => refused.push(v),
            (s, v) => panic!("{s}: {v}"),
        }
    }
    assert_eq!(opened, 3, "at most 3 public tables of one address wait");
    assert_eq!(refused.len(), 297);
    assert_eq!(refused[0]["error"], "too_many_tables", "{}", refused[0]);
    let m = refused[0]["message"].as_str().unwrap();
    assert!(
        m.contains("3 public tables") && m.contains("waiting"),
        "the message names the cap: {m}"
    );
    // Quick match opening one more for that address is refused the same way.
    let (s, v) = post_from(SPAMMER, &srv.url, "/api/lobby/quick", json!({"rules": "dutch"})).await;
    assert_eq!((s, v["error"].as_str()), (429, Some("too_many_tables")), "{v}");
    // The cap is on waiting public tables only: a private one and a public one that starts
    // at once (bots in the other seats) are still created.
    let private = json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]});
    assert_eq!(post_from(SPAMMER, &srv.url, "/api/tables", private).await.0, 201);
    let with_bots = json!({"public": true, "seats": [{"kind": "human"},
        {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]});
    assert_eq!(
        post_from(SPAMMER, &srv.url, "/api/tables", with_bots).await.0,
        201
    );

    // A person's new table, from another address, comes first in the list.
    let (s, a) = post_from(PERSON, &srv.url, "/api/tables", waiting("Paula")).await;
    assert_eq!(s, 201, "{a}");
    let person = a["code"].as_str().unwrap().to_string();
    let (_sock, seat) = connect(&srv.ws(), &person, a["token"].as_str()).await;
    assert_eq!(seat, Some(0));
    let l = lobby(&srv.url).await;
    assert_eq!(
        codes(&l["open"]).first(),
        Some(&person),
        "the person's table is listed first: {l}"
    );
    assert_eq!(codes(&l["open"]).len(), 4, "{l}");
    assert_eq!(l["more"]["open"], 0, "{l}");
    // Quick match seats the newcomer with that person, not at a spam table.
    let (s, a) = post_from(NEWCOMER, &srv.url, "/api/lobby/quick", json!({"name": "Nina"})).await;
    assert_eq!(s, 200, "{a}");
    assert_eq!(a["code"], person.as_str(), "{a}");
    assert_eq!(a["opened"], false);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_flood_from_one_address_hides_no_persons_table_and_catches_no_newcomer() {
    a_flood_from_one_address_hides_no_persons_table_and_catches_no_newcomer(temp_sqlite("flood")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_flood_from_one_address_hides_no_persons_table_and_catches_no_newcomer() {
    if let Some(db) = fresh_postgres("flood_cap").await {
        a_flood_from_one_address_hides_no_persons_table_and_catches_no_newcomer(db).await;
    }
}

async fn only_tables_where_a_person_is_present_are_listed_most_recent_first(db: String) {
    let mut c = config(&db);
    // No cap: the presence rule alone keeps a flood out of the lists.
    c.open_tables_per_address = 0;
    c.presence = Duration::from_millis(1500);
    let srv = start(c).await;
    for _ in 0..300 {
        let (s, v) = post_from(SPAMMER, &srv.url, "/api/tables", waiting("Spam")).await;
        assert_eq!(s, 201, "{v}");
    }
    // Nobody connects to them: once their seats were taken longer ago than the presence
    // wait, they are neither listed nor matched.
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let l = lobby(&srv.url).await;
    assert_eq!(codes(&l["open"]), Vec::<String>::new(), "{l}");
    assert_eq!(l["more"], json!({"open": 0, "running": 0}), "{l}");

    // Anna opens a table and stays (an open WebSocket); Bert opens one after her and
    // leaves (no WebSocket): Bert's is the most recent, then Anna's.
    let (s, a) = post_from(PERSON, &srv.url, "/api/tables", waiting("Anna")).await;
    assert_eq!(s, 201, "{a}");
    let anna = a["code"].as_str().unwrap().to_string();
    let (sock, _) = connect(&srv.ws(), &anna, a["token"].as_str()).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (s, b) = post_from(OTHER, &srv.url, "/api/tables", waiting("Bert")).await;
    assert_eq!(s, 201, "{b}");
    let bert = b["code"].as_str().unwrap().to_string();
    let l = lobby(&srv.url).await;
    assert_eq!(codes(&l["open"]), vec![bert.clone(), anna.clone()], "{l}");
    // Past the presence wait only Anna, whose socket is open, is present.
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let l = lobby(&srv.url).await;
    assert_eq!(codes(&l["open"]), vec![anna.clone()], "{l}");
    let (s, q) = post_from(NEWCOMER, &srv.url, "/api/lobby/quick", json!({"name": "Nina"})).await;
    assert_eq!((s, q["code"].as_str()), (200, Some(anna.as_str())), "{q}");
    // Anna leaves: her table is no longer listed (Nina's seat was taken a moment ago, so
    // wait for that to pass too).
    drop(sock);
    let t0 = Instant::now();
    while !codes(&lobby(&srv.url).await["open"]).is_empty() {
        assert!(t0.elapsed() < WAIT, "a table nobody is at stays listed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_only_tables_where_a_person_is_present_are_listed_most_recent_first() {
    only_tables_where_a_person_is_present_are_listed_most_recent_first(temp_sqlite("presence")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_only_tables_where_a_person_is_present_are_listed_most_recent_first() {
    if let Some(db) = fresh_postgres("presence").await {
        only_tables_where_a_person_is_present_are_listed_most_recent_first(db).await;
    }
}

/// More tables than a list holds: `more` counts the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lists_say_how_many_more_tables_there_are() {
    let mut c = config(&temp_sqlite("more"));
    c.open_tables_per_address = 0;
    let srv = start(c).await;
    for _ in 0..105 {
        let (s, v) = post_from(SPAMMER, &srv.url, "/api/tables", waiting("Many")).await;
        assert_eq!(s, 201, "{v}");
    }
    let l = lobby(&srv.url).await;
    assert_eq!(codes(&l["open"]).len(), 100);
    assert_eq!(l["more"]["open"], 5, "{}", l["more"]);
    assert_eq!(l["more"]["running"], 0, "{}", l["more"]);
    srv.stop().await;
}

async fn quick_match_at_the_same_instant_fills_tables_before_it_opens_more(db: String) {
    // With the default cap of waiting tables per address: one address asks 20 times.
    let mut c = config(&db);
    c.open_tables_per_address = 3;
    let srv = start(c).await;
    let asks: Vec<_> = (0..20)
        .map(|i| {
            let url = srv.url.clone();
            tokio::spawn(async move {
                let body = json!({"name": format!("P{i}")});
                post_from(NEWCOMER, &url, "/api/lobby/quick", body).await
            })
        })
        .collect();
    let mut seats: HashMap<String, HashSet<u64>> = HashMap::new();
    let mut opened = 0;
    for ask in asks {
        let (s, a) = ask.await.unwrap();
        assert!(s == 200 || s == 201, "{s}: {a}");
        if a["opened"] == true {
            opened += 1;
        }
        let seat = a["seat"].as_u64().unwrap();
        assert!(
            seats
                .entry(a["code"].as_str().unwrap().to_string())
                .or_default()
                .insert(seat),
            "one seat given twice: {a}"
        );
    }
    // ceil(20 / 3) tables of three seats.
    assert_eq!(opened, 7, "{seats:?}");
    assert_eq!(seats.len(), 7, "{seats:?}");
    assert_eq!(seats.values().filter(|s| s.len() == 3).count(), 6, "{seats:?}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_quick_match_at_the_same_instant_fills_tables_before_it_opens_more() {
    quick_match_at_the_same_instant_fills_tables_before_it_opens_more(temp_sqlite("quick-at-once")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_quick_match_at_the_same_instant_fills_tables_before_it_opens_more() {
    if let Some(db) = fresh_postgres("quick_once").await {
        quick_match_at_the_same_instant_fills_tables_before_it_opens_more(db).await;
    }
}

async fn health_tables(url: &str) -> u64 {
    let a = http(url, "GET", "/health", None).await.unwrap();
    a.json().unwrap()["tables"].as_u64().unwrap()
}

/// The stored status of a table, read from the SQLite file (so that nothing asks the
/// server for the table, which would load it).
async fn stored_status(database: &str, code: &str) -> String {
    sqlx::any::install_default_drivers();
    let url = match binokel_server::store::sqlite_path(database) {
        Some(p) => format!("sqlite://{p}"),
        None => database.to_string(),
    };
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let s: String = sqlx::query_scalar("SELECT status FROM tables WHERE code = $1")
        .bind(code)
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    s
}

/// A waiting table whose creator left is unloaded as idle before its bots are due; when
/// they are due the server loads it (as after a restart) and the bots take the seats.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_due_fill_loads_a_table_unloaded_as_idle() {
    let mut c = config(&temp_sqlite("idle-fill"));
    c.idle_unload = Duration::from_millis(800);
    let srv = start(c).await;
    let t0 = Instant::now();
    let (s, a) = post_from(
        PERSON,
        &srv.url,
        "/api/lobby/quick",
        json!({"name": "Uta", "bot": "easy", "fill_after_secs": 3}),
    )
    .await;
    assert_eq!(s, 201, "{a}");
    let code = a["code"].as_str().unwrap().to_string();
    while health_tables(&srv.url).await > 0 {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        t0.elapsed() < Duration::from_secs(3),
        "unloaded before the bots are due: {:?}",
        t0.elapsed()
    );
    assert_eq!(stored_status(&srv.database, &code).await, "waiting");
    while stored_status(&srv.database, &code).await != "playing" {
        assert!(
            t0.elapsed() < Duration::from_secs(12),
            "the bots never came to the idle table"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Uta comes back to a match begun with the bots.
    let (mut sock, seat) = connect(&srv.ws(), &code, a["token"].as_str()).await;
    assert_eq!(seat, Some(0));
    loop {
        if let ServerMsg::State { status, seats, .. } = sock.recv(WAIT).await.unwrap() {
            assert_eq!(status, Status::Playing);
            assert!(
                seats[1..]
                    .iter()
                    .all(|s| s.kind == SeatKind::Bot && s.bot.as_deref() == Some("easy")),
                "{seats:?}"
            );
            break;
        }
    }
    srv.stop().await;
}
