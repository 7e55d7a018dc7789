//! The optional requests over real WebSockets on SQLite: `hint` (the strong bot's rating),
//! `undo` (persisted: a restarted server shows the same position), `rematch`, each with its
//! refusals; oversized messages and the rate limit leave the connection usable.

mod common;

use binokel_server::protocol::{
    ClientMsg, ErrorCode, ServerMsg, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, RATE_BURST,
};
use binokel_server::store::Store;
use common::scenarios::*;
use common::*;
use serde_json::json;
use std::time::Duration;

/// Hints run the strong bot's search: on a slow, loaded machine that can take a while.
const HINT_WAIT: Duration = Duration::from_secs(120);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_rates_every_legal_action_for_the_seat_to_act_only() {
    let srv = start(config(&temp_sqlite("hint"))).await;
    let (code, t0) = create(
        &srv.url,
        json!({"target": 300, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    let (_, t1) = join(&srv.url, &code, "Ben").await;
    let (_, t2) = join(&srv.url, &code, "Cleo").await;
    let mut socks = Vec::new();
    for t in [t0.unwrap(), t1, t2] {
        let (s, seat) = connect(&srv.ws(), &code, Some(&t)).await;
        socks.push((s, seat.unwrap()));
    }
    let (mut spec, _) = connect(&srv.ws(), &code, None).await;
    // Everybody's first view says who is to act.
    let mut views = Vec::new();
    for (s, _) in socks.iter_mut() {
        views.push(state_where(s, |v| v.to_act.is_some()).await);
    }
    let to_act = views[0].to_act.unwrap();
    let other = (to_act + 1) % 3;

    spec.send(&ClientMsg::Hint { id: Some(1) }).await.unwrap();
    error_of(&mut spec, ErrorCode::Spectator, Some(1)).await;
    let (s, _) = &mut socks[other];
    s.send(&ClientMsg::Hint { id: Some(2) }).await.unwrap();
    let m = error_of(s, ErrorCode::NotYourTurn, Some(2)).await;
    assert!(m.contains(&format!("seat {to_act}")), "{m}");

    let (s, seat) = &mut socks[to_act];
    s.send(&ClientMsg::Hint { id: Some(3) }).await.unwrap();
    let got = loop {
        match s.recv(HINT_WAIT).await.unwrap() {
            ServerMsg::Hint {
                id,
                deal,
                index,
                hints,
            } => break (id, deal, index, hints),
            ServerMsg::State { .. } => {}
            m => panic!("expected a hint, got {m:?}"),
        }
    };
    let (id, deal, index, hints) = got;
    assert_eq!((id, deal, index), (Some(3), 0, 0));
    assert_eq!(*seat, to_act);
    // Every legal action of the opening decision, once, best first.
    let mut rated: Vec<String> = hints.iter().map(|h| h.action.clone()).collect();
    rated.sort();
    let mut want: Vec<String> = views[to_act]
        .legal
        .iter()
        .map(|a| a.token(binokel::Low::Nine))
        .collect();
    want.sort();
    assert!(!want.is_empty());
    assert_eq!(rated, want, "the hint rates exactly the legal actions");
    let store = Store::open(&srv.database).await.unwrap();
    assert_eq!(
        store.action_count(&code).await.unwrap(),
        0,
        "a hint plays nothing"
    );
    store.close().await;
    assert!(
        hints.windows(2).all(|w| w[0].score >= w[1].score),
        "best first: {hints:?}"
    );
    assert!(hints.iter().all(|h| h.score.is_finite()));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_the_persons_last_action_and_survives_a_restart() {
    undo_scenario(&temp_sqlite("undo")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_after_the_end_moves_every_seat_to_a_new_table() {
    rematch_scenario(&temp_sqlite("rematch")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_is_refused_at_a_table_with_another_person() {
    let srv = start(config(&temp_sqlite("undo-people"))).await;
    let (code, t0) = create(
        &srv.url,
        json!({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}]}),
    )
    .await;
    let (_, t2) = join(&srv.url, &code, "Cleo").await;
    let (mut a, _) = connect(&srv.ws(), &code, t0.as_deref()).await;
    let (_b, _) = connect(&srv.ws(), &code, Some(&t2)).await;
    a.send(&ClientMsg::Undo { id: Some(1) }).await.unwrap();
    let m = error_of(&mut a, ErrorCode::UndoRefused, Some(1)).await;
    assert!(m.contains("seat 2 is played by a person"), "{m}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_message_gets_an_error_and_the_connection_stays_usable() {
    let srv = start(config(&temp_sqlite("oversized"))).await;
    let (code, tok) = create(&srv.url, one_person_two_bots(1500)).await;
    let (mut s, _) = connect(&srv.ws(), &code, tok.as_deref()).await;
    for size in [MAX_MESSAGE_BYTES + 1, 100 * 1024, MAX_FRAME_BYTES - 1024] {
        s.send_text(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(size)))
            .await
            .unwrap();
        let m = error_of(&mut s, ErrorCode::TooLarge, None).await;
        assert!(
            m.contains(&MAX_MESSAGE_BYTES.to_string()),
            "the limit is named: {m}"
        );
        s.send(&ClientMsg::Ping {
            id: Some(size as u64),
        })
        .await
        .unwrap();
        loop {
            match s.recv(WAIT).await.unwrap() {
                ServerMsg::Pong { id } => {
                    assert_eq!(id, Some(size as u64));
                    break;
                }
                ServerMsg::State { .. } => {}
                m => panic!("expected pong, got {m:?}"),
            }
        }
    }
    // Past the transport cap the connection is closed (documented); the table plays on.
    let _ = s
        .send_text(&format!(
            r#"{{"type":"ping","pad":"{}"}}"#,
            "x".repeat(MAX_FRAME_BYTES + 1)
        ))
        .await;
    loop {
        match tokio::time::timeout(WAIT, s.recv_raw()).await {
            Ok(Ok(Some(_))) => continue,
            Ok(Ok(None)) | Ok(Err(_)) => break,
            Err(_) => panic!("the connection stayed open past the transport cap"),
        }
    }
    let (s, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let (log, _) = play(s, seat, 1, Some(3)).await;
    assert!(log.errors.is_empty(), "{:?}", log.errors);
    srv.stop().await;
}

// `ready` is the play's own flow, like `action`: not counted by the rate limit (it goes
// through the table's bounded queue). A program that asks a hint before each move at a
// table of fast bots passed 20 messages a second, and its dropped `ready` left the table
// waiting for it for ever (found by a client written from docs/protocol.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ready_is_not_counted_by_the_rate_limit() {
    let srv = start(config(&temp_sqlite("readyflood"))).await;
    let (code, tok) = create(&srv.url, one_person_two_bots(1500)).await;
    let (mut s, _) = connect(&srv.ws(), &code, tok.as_deref()).await;
    // More than the bucket holds; for a deal that is not over, so each is ignored.
    for _ in 0..200 {
        s.send(&ClientMsg::Ready { deal: Some(99) }).await.unwrap();
    }
    // The burst (less the hello's token) is all there: every ping is answered.
    for i in 0..u64::from(RATE_BURST - 2) {
        s.send(&ClientMsg::Ping { id: Some(i) }).await.unwrap();
    }
    let mut pongs = 0;
    while pongs < RATE_BURST - 2 {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Pong { .. } => pongs += 1,
            ServerMsg::Error { error, message, .. } => panic!("{error:?}: {message}"),
            _ => {}
        }
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_rate_limited_without_a_disconnect() {
    let srv = start(config(&temp_sqlite("flood"))).await;
    let (code, tok) = create(&srv.url, one_person_two_bots(1500)).await;
    let (mut s, _) = connect(&srv.ws(), &code, tok.as_deref()).await;
    // Far more than the bucket holds plus what it refills while they are sent.
    let n = 1000u64;
    for i in 0..n {
        s.send(&ClientMsg::Ping { id: Some(i) }).await.unwrap();
    }
    // Replies that do not fit the connection's queue are dropped, so the count of answers
    // is not known: after a pause (the bucket refills) one more ping marks the end.
    tokio::time::sleep(Duration::from_secs(3)).await;
    s.send(&ClientMsg::Ping { id: Some(4242) }).await.unwrap();
    let (mut pongs, mut limited) = (0u64, 0u64);
    let (mut answered, mut refused) = (Vec::new(), Vec::new());
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Pong { id: Some(4242) } => break,
            ServerMsg::Pong { id } => {
                pongs += 1;
                answered.extend(id);
            }
            ServerMsg::Error {
                error, message, id, ..
            } => {
                assert_eq!(error, ErrorCode::RateLimited, "{message}");
                // The refusal names the message it refused by its id.
                refused.push(id.expect("a rate_limited error echoes the message's id"));
                limited += 1;
            }
            _ => {}
        }
    }
    assert!(
        refused.iter().all(|i| !answered.contains(i)),
        "a ping both answered and refused"
    );
    // The hello took one token of the burst.
    assert!(
        pongs >= u64::from(RATE_BURST - 1),
        "a burst passes: {pongs} pongs"
    );
    assert!(pongs < n, "not every ping was answered");
    assert!(limited > 0, "the flood was told it is limited ({pongs} pongs)");
    srv.stop().await;
}
