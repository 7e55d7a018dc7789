//! `kill -9` around a rated match's end (issue #36, docs/accounts.md "Seats, ratings and
//! history"): the real `binokel serve` plays a rated table of an account against two bot
//! accounts on a SQLite file (and on PostgreSQL where `BINOKEL_TEST_POSTGRES` is set); the
//! process is killed with SIGKILL right after the person sends the last card of each deal
//! (so also right after the last person action of the match, before its ack), and again
//! right after `match_over` arrives; each time it is started again on the same database and
//! the match goes on. At the end the match is rated exactly once: one result, three rows of
//! `match_players`, one rated game for each of the three accounts, and the profile's
//! rating is the one `match_over` (and the history) announced.

mod server_common;

use binokel::deal::Phase;
use binokel_server::client::Socket;
use binokel_server::protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};
use serde_json::{json, Value};
use server_common::*;

/// Signs up; the login cookie (`name=value`).
async fn sign_up(url: &str, name: &str) -> String {
    let a = req(
        url,
        None,
        "POST",
        "/api/accounts",
        Some(json!({"name": name, "password": "correct horse"})),
    )
    .await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let set = a
        .headers
        .iter()
        .find(|(n, _)| n == "set-cookie")
        .map(|(_, v)| v.clone())
        .expect("a login cookie");
    set.split(';').next().unwrap().trim().to_string()
}

/// The account's seat at the table over a WebSocket carrying the cookie (`"account": true`).
async fn seat_of_account(p: &Proc, code: &str, cookie: &str) -> Socket {
    let headers = [("Origin", p.url.as_str()), ("Cookie", cookie)];
    let mut s = Socket::connect_with(&p.ws(), &headers).await.unwrap();
    s.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.to_string(),
        token: None,
        features: vec![],
        account: true,
    })
    .await
    .unwrap();
    match s.recv(WAIT).await.unwrap() {
        ServerMsg::Welcome { seat, .. } => assert_eq!(seat, Some(0)),
        m => panic!("expected welcome, got {m:?}"),
    }
    s
}

/// How a stretch of play ended.
enum Stop {
    /// The person sent the last card of a deal (at this place): kill now, before any answer.
    LastCardSent((usize, usize)),
    /// `match_over` arrived (its text).
    Over(Value),
    /// The connection broke.
    Broken,
}

/// Plays seat 0 until it sends the last card of a deal or the match ends; the last card at
/// `again` (sent before, then killed before it was stored) does not stop it a second time.
async fn play_on(s: &mut Socket, salt: usize, again: Option<(usize, usize)>) -> Stop {
    let mut acted = None;
    loop {
        let (m, raw) = match tokio::time::timeout(WAIT, s.recv_raw()).await {
            Ok(Ok(Some(x))) => x,
            Ok(Ok(None)) | Ok(Err(_)) => return Stop::Broken,
            Err(_) => panic!("no message for {WAIT:?}"),
        };
        match m {
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                if v.to_act == v.seat && !v.legal.is_empty() && acted != Some(pos) {
                    acted = Some(pos);
                    let last_card = v.phase == Phase::Play && v.hand_sizes.first() == Some(&1);
                    let a = v.legal[(pos.1 * 7 + salt) % v.legal.len()];
                    let msg = ClientMsg::Action {
                        action: a.token(binokel::Low::Nine),
                        id: None,
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    };
                    if s.send(&msg).await.is_err() {
                        return Stop::Broken;
                    }
                    if last_card && again != Some(pos) {
                        return Stop::LastCardSent(pos);
                    }
                }
            }
            ServerMsg::Error { error, message, .. } => panic!("refused: {error}: {message}"),
            ServerMsg::MatchOver { .. } => return Stop::Over(serde_json::from_str(&raw).unwrap()),
            _ => {}
        }
    }
}

/// One number from the SQLite file.
async fn scalar(db: &str, q: &str) -> i64 {
    use sqlx::Connection;
    let mut c = sqlx::SqliteConnection::connect(db).await.unwrap();
    let v: Option<i64> = sqlx::query_scalar(q).fetch_one(&mut c).await.unwrap();
    c.close().await.unwrap();
    v.unwrap_or(0)
}

/// The table's status, as its summary over HTTP gives it.
async fn table_status(url: &str, code: &str) -> String {
    let a = req(url, None, "GET", &format!("/api/tables/{code}"), None).await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    json_of(&a)["status"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_around_a_rated_matchs_end_rates_it_exactly_once() {
    crash_flow(temp_sqlite("ratings_crash")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_around_a_rated_matchs_end_rates_it_exactly_once_postgres() {
    let test = "sigkill_around_a_rated_matchs_end_rates_it_exactly_once_postgres";
    let Some(admin) = binokel_server::store::test_postgres_url(test) else {
        return;
    };
    let name = format!("binokel_ratings_crash_{}", std::process::id());
    let db = binokel_server::store::create_postgres_database(&admin, &name)
        .await
        .expect("a fresh PostgreSQL database");
    crash_flow(db).await;
}

/// The flow on the database `db` (a SQLite file or a PostgreSQL URL).
async fn crash_flow(db: String) {
    let db = db.as_str();
    let mut p = Proc::start(db, "127.0.0.1:0", ACCOUNT_FLAGS);
    p.ready().await;
    let addr = p.addr();
    let anna = sign_up(&p.url, "Anna").await;
    let a = req(
        &p.url,
        Some(&anna),
        "POST",
        "/api/tables",
        Some(json!({"rules": "standard", "rated": true, "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "beginner"}, {"kind": "bot", "bot": "easy"}]})),
    )
    .await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let code = json_of(&a)["code"].as_str().unwrap().to_string();

    let mut kills = 0;
    let mut over = None;
    let mut again = None;
    let mut s = seat_of_account(&p, &code, &anna).await;
    loop {
        match play_on(&mut s, 0, again).await {
            Stop::LastCardSent(pos) => again = Some(pos),
            Stop::Broken => panic!("the connection broke while the server ran"),
            Stop::Over(v) => over = Some(v),
        }
        // SIGKILL right now: after the last card of a deal is sent, or right after
        // `match_over` arrived.
        p.kill();
        kills += 1;
        p = Proc::start(db, &addr, ACCOUNT_FLAGS);
        p.ready().await;
        if over.is_some() || table_status(&p.url, &code).await == "finished" {
            break;
        }
        s = seat_of_account(&p, &code, &anna).await;
    }
    // Once more after the end: a restart on a finished match counts nothing again.
    p.kill();
    let p = Proc::start(db, &addr, ACCOUNT_FLAGS);
    p.ready().await;
    // The account comes back to the table: the finished match is loaded from the database
    // (the registry's path that stores a missing result) and counts nothing again.
    let mut s = seat_of_account(&p, &code, &anna).await;
    loop {
        if let ServerMsg::State { .. } = s.recv(WAIT).await.unwrap() {
            break;
        }
    }
    s.close().await;

    if !db.starts_with("postgres") {
        assert_eq!(scalar(db, "SELECT COUNT(*) FROM match_results").await, 1);
        assert_eq!(scalar(db, "SELECT COUNT(*) FROM match_players").await, 3);
        assert_eq!(
            scalar(db, "SELECT COUNT(*) FROM ratings WHERE games = 1").await,
            3,
            "each of the three accounts has exactly one rated game"
        );
        assert_eq!(scalar(db, "SELECT SUM(games) FROM ratings").await, 3);
    }
    // The same over HTTP (on both databases): each account has one rated game and one match
    // in its history.
    for name in ["Anna", "Benno", "Frieda"] {
        let p = json_of(&req(&p.url, None, "GET", &format!("/api/players/{name}"), None).await);
        assert_eq!(p["ratings"][0]["games"], 1, "{p}");
        assert_eq!(p["history"]["matches"].as_array().unwrap().len(), 1, "{p}");
    }
    let profile = json_of(&req(&p.url, None, "GET", "/api/players/Anna", None).await);
    assert_eq!(profile["ratings"][0]["games"], 1, "{profile}");
    let rating = &profile["ratings"][0]["rating"];
    let m = &profile["history"]["matches"][0];
    assert_eq!(m["code"], code.as_str(), "{profile}");
    assert_eq!(&m["rating"]["after"], rating, "{profile}");
    assert_eq!(profile["history"]["matches"].as_array().unwrap().len(), 1);
    if let Some(over) = &over {
        assert_eq!(&over["ratings"][0]["after"], rating, "{over} vs {profile}");
        for (i, bot) in ["Benno", "Frieda"].iter().enumerate() {
            let b = json_of(&req(&p.url, None, "GET", &format!("/api/players/{bot}"), None).await);
            assert_eq!(b["ratings"][0]["games"], 1, "{b}");
            assert_eq!(b["ratings"][0]["rating"], over["ratings"][i + 1]["after"], "{b}");
        }
    }
    eprintln!(
        "ratings crash test: {kills} kills, match_over {}",
        if over.is_some() {
            "received before a kill"
        } else {
            "lost to a kill"
        }
    );
}
