//! The real server on port 0, real WebSockets, SQLite: complete matches with people, bots and
//! spectators, reconnects, refusals, and a barrage of bad messages; every message checked
//! for cards its receiver must not see.

mod common;

use binokel_server::client::{http, Socket};
use binokel_server::protocol::{ClientMsg, ErrorCode, ServerMsg, PROTOCOL_VERSION};
use common::*;
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

fn three_humans(target: i32) -> serde_json::Value {
    json!({"rules": "standard", "target": target, "name": "Anna",
           "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
}

/// An action message for the current position (no deal or index to check).
fn action(a: &str, id: u64) -> ClientMsg {
    ClientMsg::Action {
        action: a.into(),
        id: Some(id),
        deal: None,
        index: None,
    }
}

async fn expect_error(s: &mut Socket, code: ErrorCode) -> String {
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Error { error, message, .. } => {
                assert_eq!(error, code, "{message}");
                assert!(!message.is_empty());
                return message;
            }
            ServerMsg::State { .. } => continue,
            m => panic!("expected error {code}, got {m:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_people_and_a_spectator_play_a_match() {
    let srv = start(config(&temp_sqlite("three"))).await;
    let (code, t0) = create(&srv.url, three_humans(300)).await;
    let (s1, t1) = join(&srv.url, &code, "Ben").await;
    let (s2, t2) = join(&srv.url, &code, "Cleo").await;
    assert_eq!((s1, s2), (1, 2));
    let full = http(
        &srv.url,
        "POST",
        &format!("/api/tables/{code}/join"),
        Some(&json!({})),
    )
    .await
    .unwrap();
    assert_eq!(full.status, 409);
    assert_eq!(full.json().unwrap()["error"], "no_free_seat");
    let (spec, none) = connect(&srv.ws(), &code, None).await;
    assert_eq!(none, None);
    let mut tasks = Vec::new();
    for (i, t) in [t0.unwrap(), t1, t2].into_iter().enumerate() {
        let (s, seat) = connect(&srv.ws(), &code, Some(&t)).await;
        assert_eq!(seat, Some(i));
        tasks.push(tokio::spawn(play(s, seat, 10 + i as u64, None)));
    }
    tasks.push(tokio::spawn(play(spec, None, 0, None)));
    let mut logs = Vec::new();
    for t in tasks {
        logs.push(t.await.unwrap().0);
    }
    let (rec, game) = record(&srv.url, &code).await;
    assert!(game.is_over(), "the record is of a finished match");
    assert_eq!(rec["seats"], json!(["Anna", "Ben", "Cleo"]));
    let actions: usize = game.deals().iter().map(|d| d.actions.len()).sum();
    let acks: usize = logs.iter().map(|l| l.acks).sum();
    assert_eq!(
        acks, actions,
        "every action was played by a person and acknowledged once"
    );
    for l in &logs {
        assert!(l.match_over);
        assert!(l.errors.is_empty(), "{:?}", l.errors);
        check_no_leaks(&game, l);
    }
    let verdict = binokel::record::referee(&rec.to_string());
    assert_eq!(verdict.exit_code(), 0);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_and_two_bots_play_a_match() {
    let srv = start(config(&temp_sqlite("bots"))).await;
    let bot = binokel_ai::BOT_NAMES[0];
    let (code, tok) = create(
        &srv.url,
        json!({"target": 300, "name": "Anna", "seats": [{"kind": "bot", "bot": bot}, {"kind": "human"}, {"kind": "bot", "bot": bot}]}),
    )
    .await;
    let (me, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    assert_eq!(seat, Some(1));
    let (spec, _) = connect(&srv.ws(), &code, None).await;
    let a = tokio::spawn(play(me, seat, 3, None));
    let b = tokio::spawn(play(spec, None, 0, None));
    let (la, _) = a.await.unwrap();
    let (lb, _) = b.await.unwrap();
    let (_, game) = record(&srv.url, &code).await;
    assert!(game.is_over());
    check_no_leaks(&game, &la);
    check_no_leaks(&game, &lb);
    let actions: usize = game.deals().iter().map(|d| d.actions.len()).sum();
    assert!(la.acks > 0 && la.acks < actions, "the bots played too");
    let summary = http(&srv.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(summary["status"], "finished");
    assert_eq!(summary["seats"][0]["kind"], "bot");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_with_the_same_token_and_refuse_a_wrong_one() {
    let srv = start(config(&temp_sqlite("reconnect"))).await;
    let bot = binokel_ai::BOT_NAMES[0];
    let (code, tok) = create(
        &srv.url,
        json!({"target": 300, "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}, {"kind": "bot", "bot": bot}]}),
    )
    .await;
    let tok = tok.unwrap();
    let (s, seat) = connect(&srv.ws(), &code, Some(&tok)).await;
    let (log1, s) = play(s, seat, 5, Some(3)).await;
    s.close().await;
    // A wrong token is refused; the connection stays open for a correct hello.
    let mut bad = Socket::connect(&srv.ws()).await.unwrap();
    bad.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.clone(),
        token: Some("0".repeat(32)),
        features: vec![],
        account: false,
    })
    .await
    .unwrap();
    expect_error(&mut bad, ErrorCode::BadToken).await;
    bad.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: "ZZZZZZ".into(),
        token: Some(tok.clone()),
        features: vec![],
        account: false,
    })
    .await
    .unwrap();
    expect_error(&mut bad, ErrorCode::UnknownTable).await;
    bad.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.clone(),
        token: Some(tok.clone()),
        features: vec![],
        account: false,
    })
    .await
    .unwrap();
    assert!(matches!(
        bad.recv(WAIT).await.unwrap(),
        ServerMsg::Welcome { seat: Some(0), .. }
    ));
    let (log2, _) = play(bad, Some(0), 6, None).await;
    let first_after = &log2.views[0];
    let last_before = log1.views.last().unwrap();
    assert!(
        (first_after.deal, first_after.history.len()) >= (last_before.deal, last_before.history.len()),
        "the reconnected seat sees the game where it was"
    );
    let (_, game) = record(&srv.url, &code).await;
    check_no_leaks(&game, &log1);
    check_no_leaks(&game, &log2);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_barrage_of_bad_messages_changes_nothing() {
    let srv = start(config(&temp_sqlite("barrage"))).await;
    let (code, t0) = create(&srv.url, three_humans(300)).await;
    let (_, t1) = join(&srv.url, &code, "Ben").await;
    let (_, t2) = join(&srv.url, &code, "Cleo").await;
    let tokens = [t0.unwrap(), t1, t2];

    let mut raw = Socket::connect(&srv.ws()).await.unwrap();
    raw.send(&action("pass", 1)).await.unwrap();
    expect_error(&mut raw, ErrorCode::HelloFirst).await;
    raw.send_text(&json!({"type": "hello", "protocol": 2, "table": code}).to_string())
        .await
        .unwrap();
    expect_error(&mut raw, ErrorCode::UnsupportedProtocol).await;
    raw.close().await;

    let mut socks = Vec::new();
    for t in &tokens {
        socks.push(connect(&srv.ws(), &code, Some(t)).await);
    }
    let (mut spec, _) = connect(&srv.ws(), &code, None).await;
    // Read each seat's first state to learn who is to act.
    let mut view = None;
    for (s, _) in socks.iter_mut() {
        loop {
            if let ServerMsg::State { view: Some(v), .. } = s.recv(WAIT).await.unwrap() {
                if v.history.is_empty() {
                    view = Some(v);
                    break;
                }
            }
        }
    }
    let v = view.unwrap();
    let to_act = v.to_act.unwrap();
    let other = (to_act + 1) % 3;
    let before = http(&srv.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap()
        .json()
        .unwrap();
    {
        let (s, _) = &mut socks[to_act];
        s.send_text("{not json").await.unwrap();
        expect_error(s, ErrorCode::Malformed).await;
        s.send_text("[1,2,3]").await.unwrap();
        expect_error(s, ErrorCode::Malformed).await;
        s.send_text(r#"{"type":"teleport"}"#).await.unwrap();
        expect_error(s, ErrorCode::Malformed).await;
        s.send_text(r#"{"type":"action"}"#).await.unwrap();
        expect_error(s, ErrorCode::Malformed).await;
        s.send_raw(Message::Binary(vec![1u8, 2, 3].into())).await.unwrap();
        expect_error(s, ErrorCode::Malformed).await;
        s.send_text(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(20_000)))
            .await
            .unwrap();
        expect_error(s, ErrorCode::TooLarge).await;
        s.send_text(&json!({"type": "hello", "protocol": 1, "table": code}).to_string())
            .await
            .unwrap();
        expect_error(s, ErrorCode::HelloFirst).await;
        s.send(&action("bid 170", 9)).await.unwrap();
        let m = expect_error(s, ErrorCode::Illegal).await;
        assert!(m.contains("170"), "{m}");
        s.send(&action("pass", 10)).await.unwrap();
        expect_error(s, ErrorCode::Illegal).await;
        s.send(&action("XX", 11)).await.unwrap();
        expect_error(s, ErrorCode::BadAction).await;
        s.send(&action("xyzzy", 13)).await.unwrap();
        let m = expect_error(s, ErrorCode::BadAction).await;
        assert_eq!(m.matches("is not an action").count(), 1, "said once: {m}");
        s.send(&action("bury AS KS QQ", 14)).await.unwrap();
        let m = expect_error(s, ErrorCode::BadAction).await;
        assert!(
            m.contains("bury AS KS QQ") && m.contains("QQ"),
            "the token and its bad part: {m}"
        );
        s.send(&ClientMsg::Action {
            action: "bid 150".into(),
            id: Some(12),
            deal: Some(0),
            index: Some(7),
        })
        .await
        .unwrap();
        expect_error(s, ErrorCode::Stale).await;
        // Each of `deal` and `index` is checked on its own.
        for (deal, index) in [(Some(1), None), (None, Some(7))] {
            s.send(&ClientMsg::Action {
                action: "bid 170".into(),
                id: Some(15),
                deal,
                index,
            })
            .await
            .unwrap();
            let m = expect_error(s, ErrorCode::Stale).await;
            assert!(m.contains('?'), "the part not given is shown as unknown: {m}");
        }
        s.send(&ClientMsg::Ping { id: Some(77) }).await.unwrap();
        assert!(matches!(
            s.recv(WAIT).await.unwrap(),
            ServerMsg::Pong { id: Some(77) }
        ));
    }
    {
        let (s, _) = &mut socks[other];
        s.send(&action("bid 150", 1)).await.unwrap();
        expect_error(s, ErrorCode::NotYourTurn).await;
    }
    spec.send(&action("bid 150", 1)).await.unwrap();
    expect_error(&mut spec, ErrorCode::Spectator).await;
    let after = http(&srv.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(before, after, "the table is as it was");
    let stored = binokel_server::store::Store::open(&srv.database).await.unwrap();
    assert_eq!(stored.action_count(&code).await.unwrap(), 0, "nothing was stored");
    stored.close().await;
    // The same connections go on to finish the match.
    let mut tasks = Vec::new();
    for (i, (s, seat)) in socks.into_iter().enumerate() {
        let _ = i;
        tasks.push(tokio::spawn(async move {
            let mut s = s;
            // Ask for a fresh state: `back` changes nothing but the play loop needs a view.
            s.send(&ClientMsg::Back).await.unwrap();
            play(s, seat, 40 + seat.unwrap() as u64, None).await.0
        }));
    }
    // `back` on a seat that was not on autopilot sends nothing: nudge with a spectator join.
    let (spec2, _) = connect(&srv.ws(), &code, None).await;
    tasks.push(tokio::spawn(async move { play(spec2, None, 0, None).await.0 }));
    for t in tasks {
        let l = t.await.unwrap();
        assert!(l.match_over);
    }
    let (_, game) = record(&srv.url, &code).await;
    assert!(game.is_over());
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_refusals_are_clear_and_assets_are_served() {
    let srv = start(config(&temp_sqlite("http"))).await;
    let h = http(&srv.url, "GET", "/health", None)
        .await
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(h["status"], "ok");
    assert_eq!(h["protocol"], 1);
    assert_eq!(h["database"], "sqlite");
    for (body, needle) in [
        (json!({"rules": "nope"}), "rules"),
        (json!({"seats": [{"kind": "human"}]}), "seats"),
        (
            json!({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "gandalf"}, {"kind": "human"}]}),
            "gandalf",
        ),
        (json!({"target": -5}), "target"),
        (json!({"name": "x".repeat(40)}), "name"),
        (json!({"pubilc": true}), "pubilc"),
    ] {
        let a = http(&srv.url, "POST", "/api/tables", Some(&body)).await.unwrap();
        assert_eq!(a.status, 400, "{body}");
        let v = a.json().unwrap();
        assert_eq!(v["error"], "bad_request");
        assert!(v["message"].as_str().unwrap().contains(needle), "{v}");
    }
    let a = http(&srv.url, "GET", "/api/tables/ABCDEF", None).await.unwrap();
    assert_eq!(a.status, 404);
    let (code, _) = create(&srv.url, three_humans(300)).await;
    let a = http(&srv.url, "GET", &format!("/api/tables/{code}/record"), None)
        .await
        .unwrap();
    assert_eq!(a.status, 409, "no record while the match is unfinished");
    let v = a.json().unwrap();
    assert_eq!(v["error"], "not_finished", "{v}");
    let a = http(
        &srv.url,
        "POST",
        &format!("/api/tables/{code}/join"),
        Some(&json!({"nmae": "Anna"})),
    )
    .await
    .unwrap();
    assert_eq!(a.status, 400, "a misspelt join field is refused");
    assert!(a.json().unwrap()["message"].as_str().unwrap().contains("nmae"));
    let index = http(&srv.url, "GET", "/", None).await.unwrap();
    assert_eq!(index.status, 200);
    assert!(index.header("content-type").unwrap().starts_with("text/html"));
    let missing = http(&srv.url, "GET", "/no/such/file.js", None).await.unwrap();
    assert_eq!(missing.status, 404);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_or_slow_person_is_covered_by_a_bot_and_gets_the_seat_back() {
    let mut c = config(&temp_sqlite("clock"));
    c.grace = Duration::from_millis(300);
    c.turn = Duration::from_millis(300);
    let srv = start(c).await;
    let (code, t0) = create(&srv.url, three_humans(300)).await;
    let (_, t1) = join(&srv.url, &code, "Ben").await;
    let (_, _t2) = join(&srv.url, &code, "Cleo").await;
    // Seat 2 never connects; seats 0 and 1 connect but never act: bots play all of them.
    let (mut a, _) = connect(&srv.ws(), &code, t0.as_deref()).await;
    let (mut b, _) = connect(&srv.ws(), &code, Some(&t1)).await;
    let mut covered = [false; 3];
    let mut states = 0;
    while covered.iter().any(|c| !c) && states < 2000 {
        if let ServerMsg::State { seats, .. } = a.recv(WAIT).await.unwrap() {
            for s in &seats {
                covered[s.seat] |= s.autopilot;
            }
            states += 1;
        }
    }
    assert_eq!(covered, [true; 3], "every seat was covered by a bot");
    // Seat 0 says it is back: its autopilot ends.
    a.send(&ClientMsg::Back).await.unwrap();
    loop {
        if let ServerMsg::State { seats, .. } = a.recv(WAIT).await.unwrap() {
            if !seats[0].autopilot {
                break;
            }
        }
    }
    let _ = b.recv(WAIT).await.unwrap();
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_continues_from_the_database() {
    let db = temp_sqlite("restart");
    // Whoever stops first leaves the other waiting: a short grace lets a bot cover.
    let quick = || {
        let mut c = config(&db);
        c.grace = Duration::from_millis(200);
        c
    };
    let srv = start(quick()).await;
    let bot = binokel_ai::BOT_NAMES[0];
    let (code, tok) = create(
        &srv.url,
        json!({"target": 300, "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}, {"kind": "human"}]}),
    )
    .await;
    let (_, t2) = join(&srv.url, &code, "Cleo").await;
    let (a, sa) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let (b, sb) = connect(&srv.ws(), &code, Some(&t2)).await;
    let ta = tokio::spawn(play_and_leave(a, sa, 1, Some(4)));
    let tb = tokio::spawn(play_and_leave(b, sb, 2, Some(4)));
    let la = ta.await.unwrap();
    let lb = tb.await.unwrap();
    let acked = la.acks + lb.acks;
    srv.stop().await;
    let srv = start(quick()).await;
    let store = binokel_server::store::Store::open(&db).await.unwrap();
    assert!(store.action_count(&code).await.unwrap() >= acked);
    store.close().await;
    let (a, sa) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let (b, sb) = connect(&srv.ws(), &code, Some(&t2)).await;
    let ta = tokio::spawn(play(a, sa, 3, None));
    let tb = tokio::spawn(play(b, sb, 4, None));
    let (la2, _) = ta.await.unwrap();
    let (lb2, _) = tb.await.unwrap();
    let (_, game) = record(&srv.url, &code).await;
    assert!(game.is_over());
    for l in [&la, &lb, &la2, &lb2] {
        check_no_leaks(&game, l);
    }
    srv.stop().await;
}
