//! Request scenarios shared by the SQLite and the PostgreSQL tests.

use super::*;
use binokel::{Seat, View};
use binokel_server::client::Socket;
use binokel_server::protocol::{ClientMsg, ErrorCode, ServerMsg};
use binokel_server::store::Store;
use serde_json::json;

pub fn one_person_two_bots(target: i32) -> serde_json::Value {
    json!({"target": target, "name": "Anna",
           "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
}

/// Reads until a `state` satisfies `pred`; other messages are skipped.
pub async fn state_where(s: &mut Socket, pred: impl Fn(&View) -> bool) -> View {
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::State { view: Some(v), .. } if pred(&v) => return *v,
            ServerMsg::Error { error, message, .. } => panic!("unexpected error {error}: {message}"),
            _ => {}
        }
    }
}

/// Reads until an error arrives (states are skipped) and checks its code.
pub async fn error_of(s: &mut Socket, code: ErrorCode, id: Option<u64>) -> String {
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Error {
                error,
                message,
                id: got,
                ..
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

pub fn my_turn(seat: Seat) -> impl Fn(&View) -> bool {
    move |v: &View| v.to_act == Some(seat) && !v.legal.is_empty()
}

/// A person takes an action back; the database and a restarted server agree.
pub async fn undo_scenario(db: &str) {
    let srv = start(config(db)).await;
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

    // Act until this seat is to play a card again after a card of its own in the same deal
    // (a deal may end first). On the way: once the Tapp is turned after this seat's last
    // action of the auction, a take-back is refused (it would re-bid having seen the Tapp).
    let mut v = first;
    let mut refused_past_tapp = false;
    let at = loop {
        let last = v.history.iter().rposition(|h| h.seat == seat);
        if let Some(i) = last {
            let mine = v.history[i].action;
            if v.tapp.is_some() && matches!(mine, Some(binokel::Action::Pass | binokel::Action::Bid(_))) {
                s.send(&ClientMsg::Undo { id: Some(8) }).await.unwrap();
                let m = error_of(&mut s, ErrorCode::UndoRefused, Some(8)).await;
                assert!(m.contains("Tapp"), "{m}");
                refused_past_tapp = true;
            }
            if matches!(mine, Some(binokel::Action::Play(_))) {
                break i;
            }
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
    assert!(
        refused_past_tapp || v.soloist == Some(seat),
        "a take-back past the turned Tapp was tried"
    );
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
    let store = Store::open(db).await.unwrap();
    let stored = store.actions(&code).await.unwrap();
    let in_deal = stored.iter().filter(|(d, _)| *d == after.deal).count();
    assert_eq!(in_deal, at, "the undone actions are gone from the database");
    store.close().await;

    // A restarted server on the same file shows exactly the position after the undo.
    s.close().await;
    spec.close().await;
    srv.stop().await;
    let srv = start(config(db)).await;
    let (mut s, _) = connect(&srv.ws(), &code, Some(&tok)).await;
    let again = state_where(&mut s, |_| true).await;
    assert_eq!(again, after, "the restart replays the same state");
    srv.stop().await;
}

/// Refused during the match; after it, every connection learns the new table.
pub async fn rematch_scenario(db: &str) {
    let srv = start(config(db)).await;
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
    // Two random bots: two personas (issue #33), as at the first table.
    assert_eq!(v.names, vec!["Anna".to_string(), "Zufall".into(), "Zora".into()]);
    let mut old = Socket::connect(&srv.ws()).await.unwrap();
    old.send(&ClientMsg::Hello {
        protocol: binokel_server::protocol::PROTOCOL_VERSION,
        table: next.clone(),
        token: Some(tok.clone()),
        features: vec![],
        account: false,
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
