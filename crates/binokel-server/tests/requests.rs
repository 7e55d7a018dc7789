//! The optional requests over real WebSockets on SQLite: `hint` (the strong bot's rating),
//! `undo` (persisted: a restarted server shows the same position), `rematch`, each with its
//! refusals; oversized messages and the rate limit leave the connection usable.

mod common;

use binokel::{Seat, View};
use binokel_server::client::Socket;
use binokel_server::protocol::{
    ClientMsg, ErrorCode, ServerMsg, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, RATE_BURST,
};
use binokel_server::store::Store;
use common::*;
use serde_json::json;
use std::time::Duration;

/// Hints run the strong bot's search: on a slow, loaded machine that can take a while.
const HINT_WAIT: Duration = Duration::from_secs(120);

fn one_person_two_bots(target: i32) -> serde_json::Value {
    json!({"target": target, "name": "Anna",
           "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
}

/// Reads until a `state` satisfies `pred`; other messages are skipped.
async fn state_where(s: &mut Socket, pred: impl Fn(&View) -> bool) -> View {
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::State { view: Some(v), .. } if pred(&v) => return *v,
            ServerMsg::Error { error, message, .. } => panic!("unexpected error {error}: {message}"),
            _ => {}
        }
    }
}

/// Reads until an error arrives (states are skipped) and checks its code.
async fn error_of(s: &mut Socket, code: ErrorCode, id: Option<u64>) -> String {
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Error {
                error,
                message,
                id: got,
            } => {
                assert_eq!(error, code, "{message}");
                assert_eq!(got, id, "the error echoes the request's id");
                assert!(!message.is_empty());
                return message;
            }
            ServerMsg::State { .. } => {}
            m => panic!("expected error {code}, got {m:?}"),
        }
    }
}

fn my_turn(seat: Seat) -> impl Fn(&View) -> bool {
    move |v: &View| v.to_act == Some(seat) && !v.legal.is_empty()
}

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
    let db = temp_sqlite("undo");
    let srv = start(config(&db)).await;
    let (code, tok) = create(&srv.url, one_person_two_bots(1500)).await;
    let tok = tok.unwrap();
    let (mut s, seat) = connect(&srv.ws(), &code, Some(&tok)).await;
    let seat = seat.unwrap();
    let (mut spec, _) = connect(&srv.ws(), &code, None).await;

    // The first decision of the match: nothing of this seat to take back yet.
    let first = state_where(&mut s, my_turn(seat)).await;
    assert_eq!(first.deal, 0);
    s.send(&ClientMsg::Undo { id: Some(5) }).await.unwrap();
    let m = error_of(&mut s, ErrorCode::UndoRefused, Some(5)).await;
    assert!(m.contains("not acted"), "{m}");
    spec.send(&ClientMsg::Undo { id: Some(6) }).await.unwrap();
    error_of(&mut spec, ErrorCode::Spectator, Some(6)).await;

    // Act until this seat is to decide again in the same deal (a deal may end first).
    let mut v = first;
    let at = loop {
        if let Some(i) = v.history.iter().rposition(|h| h.seat == seat) {
            break i;
        }
        s.send(&ClientMsg::Action {
            action: v.legal[0].token(binokel::Low::Nine),
            id: None,
            deal: Some(v.deal),
            index: Some(v.history.len()),
        })
        .await
        .unwrap();
        let pos = (v.deal, v.history.len());
        v = state_where(&mut s, |x| my_turn(seat)(x) && (x.deal, x.history.len()) != pos).await;
    };
    let before_undo = v.clone();
    s.send(&ClientMsg::Undo { id: Some(7) }).await.unwrap();
    let after = state_where(&mut s, |x| x.deal == before_undo.deal && x.history.len() == at).await;
    assert_eq!(after.to_act, Some(seat), "the person decides again");
    assert_eq!(
        after.history[..],
        before_undo.history[..at],
        "everything before the undone action stays"
    );
    // The spectator gets the new state too.
    state_where(&mut spec, |x| x.deal == before_undo.deal && x.history.len() == at).await;
    let store = Store::open(&db).await.unwrap();
    let stored = store.actions(&code).await.unwrap();
    let in_deal = stored.iter().filter(|(d, _)| *d == after.deal).count();
    assert_eq!(in_deal, at, "the undone actions are gone from the database");
    store.close().await;

    // A restarted server on the same file shows exactly the position after the undo.
    s.close().await;
    spec.close().await;
    srv.stop().await;
    let srv = start(config(&db)).await;
    let (mut s, _) = connect(&srv.ws(), &code, Some(&tok)).await;
    let again = state_where(&mut s, |_| true).await;
    assert_eq!(again, after, "the restart replays the same state");
    srv.stop().await;
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
async fn rematch_after_the_end_moves_every_seat_to_a_new_table() {
    let srv = start(config(&temp_sqlite("rematch"))).await;
    let (code, tok) = create(&srv.url, one_person_two_bots(50)).await;
    let tok = tok.unwrap();
    let (mut s, _) = connect(&srv.ws(), &code, Some(&tok)).await;
    let (mut spec, _) = connect(&srv.ws(), &code, None).await;
    state_where(&mut s, |_| true).await;
    s.send(&ClientMsg::Rematch { id: Some(1) }).await.unwrap();
    let m = error_of(&mut s, ErrorCode::RematchRefused, Some(1)).await;
    assert!(m.contains("still being played"), "{m}");
    spec.send(&ClientMsg::Rematch { id: Some(2) }).await.unwrap();
    error_of(&mut spec, ErrorCode::RematchRefused, Some(2)).await;

    // Play to the end (a target of 50 ends the match after one or two deals) on a new
    // connection of the same seat, which starts with a fresh state.
    s.close().await;
    let (s, seat) = connect(&srv.ws(), &code, Some(&tok)).await;
    let (log, mut s) = play(s, seat, 3, None).await;
    assert!(log.match_over);
    s.send(&ClientMsg::Rematch { id: Some(3) }).await.unwrap();
    let (next, token) = loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Rematch {
                code,
                seat: got,
                token,
            } => {
                assert_eq!(got, seat);
                break (code, token.expect("a seated person gets a new token"));
            }
            ServerMsg::Error { error, message, .. } => panic!("{error}: {message}"),
            _ => {}
        }
    };
    assert_ne!(next, code);
    assert_ne!(token, tok);
    // The spectator is told the new code, without a token.
    loop {
        match spec.recv(WAIT).await.unwrap() {
            ServerMsg::Rematch { code: c, seat, token } => {
                assert_eq!((c.as_str(), seat, token), (next.as_str(), None, None));
                break;
            }
            _ => continue,
        }
    }
    // Asking again gives the same follow-up table.
    s.send(&ClientMsg::Rematch { id: Some(4) }).await.unwrap();
    loop {
        if let ServerMsg::Rematch {
            code: c, token: t, ..
        } = s.recv(WAIT).await.unwrap()
        {
            assert_eq!((c, t), (next.clone(), Some(token.clone())));
            break;
        }
    }
    // The new table is being played with the same seats; the old token holds no seat there.
    let (mut n, got) = connect(&srv.ws(), &next, Some(&token)).await;
    assert_eq!(got, seat);
    let v = state_where(&mut n, |_| true).await;
    assert_eq!(v.deal, 0);
    assert_eq!(
        v.names,
        vec!["Anna".to_string(), "random bot".into(), "random bot".into()]
    );
    let mut old = Socket::connect(&srv.ws()).await.unwrap();
    old.send(&ClientMsg::Hello {
        protocol: binokel_server::protocol::PROTOCOL_VERSION,
        table: next.clone(),
        token: Some(tok.clone()),
    })
    .await
    .unwrap();
    error_of(&mut old, ErrorCode::BadToken, None).await;
    let summary = binokel_server::client::http(&srv.url, "GET", &format!("/api/tables/{next}"), None)
        .await
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(summary["status"], "playing");
    assert_eq!(summary["rules"]["target"], 50);
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
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Pong { id: Some(4242) } => break,
            ServerMsg::Pong { .. } => pongs += 1,
            ServerMsg::Error { error, message, .. } => {
                assert_eq!(error, ErrorCode::RateLimited, "{message}");
                limited += 1;
            }
            _ => {}
        }
    }
    // The hello took one token of the burst.
    assert!(
        pongs >= u64::from(RATE_BURST - 1),
        "a burst passes: {pongs} pongs"
    );
    assert!(pongs < n, "not every ping was answered");
    assert!(limited > 0, "the flood was told it is limited ({pongs} pongs)");
    srv.stop().await;
}
