//! Players with accounts over real HTTP and WebSocket against a real server (issue #36;
//! docs/accounts.md "Seats, ratings and history", docs/protocol.md "Players"): seats that
//! belong to accounts (from another device, `hello` with `"account": true` and its refusals),
//! a guest under an account's name, rated tables and their refusals, a rated match against
//! two bot accounts counted exactly once (with a fail point between the result and the
//! commit, and across a restart), profiles, histories, leaderboards, My games, the export,
//! and a deleted account read as "a former player". On SQLite and, where
//! `BINOKEL_TEST_POSTGRES` is set, on PostgreSQL.

#[macro_use]
mod common;

use binokel_server::client::{HttpAnswer, Socket};
use binokel_server::protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};
use common::accounts::*;
use common::failpoint::*;
use common::*;
use serde_json::{json, Value};
use std::time::Duration;

async fn get(url: &str, cookie: Option<&str>, path: &str) -> HttpAnswer {
    let r = Req::to(url);
    match cookie {
        Some(c) => r.cookie(c).send("GET", path, None).await,
        None => r.send("GET", path, None).await,
    }
}

/// Opens a WebSocket with the login cookie (and this site's Origin unless `origin` says
/// otherwise) and says hello with `"account": true`; the first answer.
async fn hello_account(
    server: &Server,
    code: &str,
    cookie: Option<&str>,
    origin: Option<&str>,
) -> (Socket, ServerMsg) {
    let origin = origin.unwrap_or(&server.url).to_string();
    let mut headers = vec![("Origin", origin.as_str())];
    if let Some(c) = cookie {
        headers.push(("Cookie", c));
    }
    let mut s = Socket::connect_with(&server.ws(), &headers).await.unwrap();
    s.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.to_string(),
        token: None,
        features: vec![],
        account: true,
    })
    .await
    .unwrap();
    let m = s.recv(WAIT).await.unwrap();
    (s, m)
}

/// Creates a rated standard table with the creator (logged in) at seat 0 and two bot
/// accounts; its code.
async fn rated_table(url: &str, cookie: &str) -> String {
    let a = Req::to(url)
        .cookie(cookie)
        .send(
            "POST",
            "/api/tables",
            Some(json!({"rules": "standard", "rated": true, "seats": [
                {"kind": "human"}, {"kind": "bot", "bot": "beginner"}, {"kind": "bot", "bot": "easy"}]})),
        )
        .await;
    expect(&a, 201, "");
    json_of(&a)["code"].as_str().unwrap().to_string()
}

/// Plays the seat to the end of the match; the `match_over` message's text.
async fn play_to_the_end(s: Socket, seat: usize, seed: u64) -> Value {
    let (log, mut s) = play(s, Some(seat), seed, None).await;
    assert!(log.match_over, "{:?}", log.errors);
    let mut over = log.raw.iter().find(|r| r.contains("\"match_over\"")).cloned();
    while over.is_none() {
        let (m, raw) = tokio::time::timeout(WAIT, s.recv_raw())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if matches!(m, ServerMsg::MatchOver { .. }) {
            over = Some(raw);
        }
    }
    s.close().await;
    serde_json::from_str(&over.unwrap()).unwrap()
}

both!("players", rated_match, rated_match_sqlite, rated_match_postgres);
both!(
    "players",
    seats_of_accounts,
    seats_of_accounts_sqlite,
    seats_of_accounts_postgres
);

/// A rated match against two bot accounts: refusals first, then the match played through a
/// seat taken by the account, the rating changes in `match_over`, the profile, the history,
/// the bots' profiles, the leaderboards, My games and the export.
async fn rated_match(db: String) {
    let server = start(cfg(&db)).await;
    let url = server.url.clone();
    let (anna, _) = sign_up(&url, "Anna", "correct horse").await;

    // Refusals of a rated table.
    let rated = |seats: Value, extra: Value| {
        let mut b = json!({"rules": "standard", "rated": true, "seats": seats});
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    let ok_seats =
        json!([{"kind": "human"}, {"kind": "bot", "bot": "beginner"}, {"kind": "bot", "bot": "easy"}]);
    let guest = Req::to(&url)
        .send(
            "POST",
            "/api/tables",
            Some(rated(ok_seats.clone(), json!({"name": "Gast"}))),
        )
        .await;
    expect(&guest, 403, "account_required");
    for (extra, seats, what) in [
        (json!({"target": 500}), ok_seats.clone(), "`target`"),
        (json!({"series_deals": 6}), ok_seats.clone(), "`series_deals`"),
        (
            json!({}),
            json!([{"kind": "human"}, {"kind": "bot", "bot": "strong"}, {"kind": "bot", "bot": "easy"}]),
            "strong",
        ),
        (
            json!({}),
            json!([{"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "beginner"}, {"kind": "bot", "bot": "easy"}]),
            "a seat for a person",
        ),
    ] {
        let a = Req::to(&url)
            .cookie(&anna)
            .send("POST", "/api/tables", Some(rated(seats, extra)))
            .await;
        assert_eq!(a.status, 400, "{what}: {}", body(&a));
        expect(&a, 400, "bad_request");
        assert!(body(&a).contains(what), "{what}: {}", body(&a));
    }
    let custom = Req::to(&url)
        .cookie(&anna)
        .send(
            "POST",
            "/api/tables",
            Some(json!({"rules": {"preset": "standard"}, "rated": true, "seats": ok_seats})),
        )
        .await;
    expect(&custom, 400, "bad_request");

    // The match: the account's seat from a WebSocket carrying the cookie.
    let code = rated_table(&url, &anna).await;
    let guest_join = Req::to(&url)
        .send(
            "POST",
            &format!("/api/tables/{code}/join"),
            Some(json!({"name": "Gast"})),
        )
        .await;
    expect(&guest_join, 409, "no_free_seat");
    let (s, welcome) = hello_account(&server, &code, Some(&anna), None).await;
    let ServerMsg::Welcome { seat, .. } = welcome else {
        panic!("expected welcome, got {welcome:?}");
    };
    assert_eq!(seat, Some(0));
    let over = play_to_the_end(s, 0, 7).await;
    let ratings = over["ratings"]
        .as_array()
        .unwrap_or_else(|| panic!("no ratings: {over}"));
    assert_eq!(ratings.len(), 3, "{over}");
    for r in ratings {
        assert_eq!(r["before"], 1500, "{r}");
        assert_eq!(r["provisional"], true, "{r}");
        assert!(
            r["deviation"].as_i64().unwrap() < 500,
            "every rating is surer: {r}"
        );
    }
    // The first place gains, the last loses (among three new players the middle stays).
    let totals: Vec<i64> = over["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect();
    let first = over["winner"].as_u64().unwrap() as usize;
    let last = (0..3).filter(|&s| s != first).min_by_key(|&s| totals[s]).unwrap();
    assert!(ratings[first]["after"].as_i64().unwrap() > 1500, "{over}");
    if (0..3)
        .filter(|&s| s != first && totals[s] == totals[last])
        .count()
        == 1
    {
        assert!(ratings[last]["after"].as_i64().unwrap() < 1500, "{over}");
    }
    let names: Vec<&str> = ratings.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Anna", "Benno", "Frieda"]);
    let winner = over["winner"].as_u64().unwrap() as usize;
    let me = ratings[0]["after"].as_i64().unwrap();
    assert_eq!(winner == 0, me > 1500, "the winner gains: {over}");

    // The profile: the rating, the statistics, the history with links.
    let p = json_of(&get(&url, None, "/api/players/anna").await);
    assert_eq!(p["name"], "Anna");
    assert_eq!(p["bot"], Value::Null);
    assert_eq!(p["ratings"][0]["format"], "standard", "{p}");
    assert_eq!(p["ratings"][0]["games"], 1, "{p}");
    assert_eq!(p["ratings"][0]["rating"], me, "{p}");
    assert_eq!(p["ratings"][0]["provisional"], true, "{p}");
    assert_eq!(p["stats"]["matches"], 1, "{p}");
    assert_eq!(p["stats"]["wins"], u64::from(winner == 0), "{p}");
    assert!(p["stats"]["deals"].as_u64().unwrap() > 0, "{p}");
    let m = &p["history"]["matches"][0];
    assert_eq!(m["code"], code.as_str(), "{p}");
    assert_eq!(m["rated"], true);
    assert_eq!(m["seat"], 0);
    assert_eq!(m["place"].as_u64().unwrap() == 1, winner == 0, "{m}");
    assert_eq!(m["rating"]["before"], 1500);
    assert_eq!(m["rating"]["after"], me);
    assert_eq!(m["players"][1]["name"], "Benno");
    assert_eq!(m["players"][1]["account"], true);
    assert_eq!(m["players"][1]["bot"], "beginner");
    let record = get(&url, None, m["record"].as_str().unwrap()).await;
    assert_eq!(record.status, 200);
    assert_eq!(p["history"]["next"], Value::Null);
    // The bots' accounts have ratings of their own.
    let benno = json_of(&get(&url, None, "/api/players/Benno").await);
    assert_eq!(benno["bot"], "beginner", "{benno}");
    assert_eq!(benno["ratings"][0]["rating"], ratings[1]["after"], "{benno}");
    // Leaderboards: the format is listed; nobody is settled after one match.
    assert_eq!(
        json_of(&get(&url, None, "/api/leaderboards").await)["formats"],
        json!(["standard"])
    );
    let board = json_of(&get(&url, None, "/api/leaderboards/standard").await);
    assert_eq!(board["players"], json!([]), "{board}");
    expect(
        &get(&url, None, "/api/leaderboards/chess").await,
        404,
        "unknown_format",
    );
    expect(
        &get(&url, None, "/api/players/Nobody").await,
        404,
        "unknown_player",
    );
    expect(
        &get(&url, None, "/api/players/anna/history?limit=0").await,
        400,
        "bad_request",
    );
    expect(
        &get(&url, None, "/api/players/anna/history?before=x").await,
        400,
        "bad_request",
    );
    // My games and the export need the login, and show only the account's own.
    expect(&get(&url, None, "/api/me/games").await, 401, "not_logged_in");
    let mine = json_of(&get(&url, Some(&anna), "/api/me/games").await);
    assert_eq!(mine["games"].as_array().unwrap().len(), 1, "{mine}");
    assert_eq!(mine["games"][0]["status"], "finished");
    assert_eq!(mine["games"][0]["rated"], true);
    let (bob, _) = sign_up(&url, "Bob", "battery staple").await;
    assert_eq!(
        json_of(&get(&url, Some(&bob), "/api/me/games").await)["games"],
        json!([])
    );
    assert_eq!(body(&get(&url, Some(&bob), "/api/me/export").await), "");
    let export = get(&url, Some(&anna), "/api/me/export").await;
    assert_eq!(export.status, 200);
    let lines: Vec<&str> = std::str::from_utf8(&export.body).unwrap().lines().collect();
    assert_eq!(lines.len(), 1);
    binokel::record::read_record(lines[0]).unwrap_or_else(|e| panic!("the export is no record: {e}"));

    // A restart counts nothing again.
    server.stop().await;
    let server = start(cfg(&db)).await;
    let summary = get(&server.url, None, &format!("/api/tables/{code}")).await;
    assert_eq!(summary.status, 200);
    let p = json_of(&get(&server.url, None, "/api/players/Anna").await);
    assert_eq!(p["ratings"][0]["games"], 1, "{p}");
    server.stop().await;
}

/// Seats of accounts: the seat found again from another device (joining again, `hello` with
/// `"account": true`), its refusals (no login, another site's page, no seat at the table),
/// a guest under an account's name, the mark on the name, and a deleted account read as "a
/// former player".
async fn seats_of_accounts(db: String) {
    let server = start(cfg(&db)).await;
    let url = server.url.clone();
    let (anna, _) = sign_up(&url, "Anna", "correct horse").await;
    let (code, _) = create(
        &url,
        json!({"name": "Gast", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    // A guest cannot sit under an account's name (also one that only looks like it).
    for name in ["anna", "ANNA", "Аnna"] {
        let a = Req::to(&url)
            .send(
                "POST",
                &format!("/api/tables/{code}/join"),
                Some(json!({"name": name})),
            )
            .await;
        expect(&a, 409, "name_is_an_account");
        assert!(body(&a).contains("Anna"), "{}", body(&a));
    }
    let a = Req::to(&url)
        .send("POST", "/api/tables", Some(json!({"name": "Anna"})))
        .await;
    expect(&a, 409, "name_is_an_account");
    // The account joins: the seat is the account's, under its own name.
    let first = Req::to(&url)
        .cookie(&anna)
        .send("POST", &format!("/api/tables/{code}/join"), Some(json!({})))
        .await;
    expect(&first, 200, "");
    let first = json_of(&first);
    assert_eq!(first["seat"], 1);
    // From a second device: log in again; joining again gives the same seat.
    let other = cookie_of(&log_in(&url, "anna", "correct horse").await);
    assert_ne!(other, anna);
    let again = json_of(
        &Req::to(&url)
            .cookie(&other)
            .send("POST", &format!("/api/tables/{code}/join"), Some(json!({})))
            .await,
    );
    assert_eq!(again["seat"], 1);
    assert_eq!(again["token"], first["token"]);
    let (mut s, m) = hello_account(&server, &code, Some(&other), None).await;
    let ServerMsg::Welcome { seat, .. } = m else {
        panic!("expected welcome, got {m:?}");
    };
    assert_eq!(seat, Some(1));
    // The name carries the account's mark.
    let state = loop {
        if let ServerMsg::State { seats, .. } = s.recv(WAIT).await.unwrap() {
            break seats;
        }
    };
    assert!(
        state[1].account && state[1].name.as_deref() == Some("Anna"),
        "{state:?}"
    );
    assert!(!state[0].account, "{state:?}");
    s.close().await;
    // Refusals: no login, a login from another site's page, an account without a seat here.
    let (_, m) = hello_account(&server, &code, None, None).await;
    assert!(
        matches!(&m, ServerMsg::Error { error, .. } if error.to_string() == "not_logged_in"),
        "{m:?}"
    );
    let (_, m) = hello_account(&server, &code, Some(&anna), Some("https://evil.example")).await;
    match &m {
        ServerMsg::Error { error, message, .. } => {
            assert_eq!(error.to_string(), "not_logged_in");
            assert!(message.contains("evil.example"), "{message}");
        }
        m => panic!("expected a refusal, got {m:?}"),
    }
    let (bob, _) = sign_up(&url, "Bob", "battery staple").await;
    let (_, m) = hello_account(&server, &code, Some(&bob), None).await;
    assert!(
        matches!(&m, ServerMsg::Error { error, .. } if error.to_string() == "bad_token"),
        "{m:?}"
    );
    // Deleted: the seat reads "a former player", and the name is free again.
    let gone = Req::to(&url)
        .cookie(&anna)
        .send(
            "DELETE",
            "/api/accounts/Anna",
            Some(json!({"password": "correct horse"})),
        )
        .await;
    expect(&gone, 204, "");
    server.stop().await;
    let server = start(cfg(&db)).await;
    let summary = json_of(&get(&server.url, None, &format!("/api/tables/{code}")).await);
    let text = summary.to_string();
    assert!(
        text.contains("a former player") && !text.contains("Anna"),
        "{summary}"
    );
    expect(
        &get(&server.url, None, "/api/players/Anna").await,
        404,
        "unknown_player",
    );
    server.stop().await;
}

/// The fail point between storing the result and the commit (SQLite): a trigger makes the
/// rows of the match's players fail, so the transaction that ends the match fails whole: the
/// last action is not played, no result, no rating; once the trigger is gone, the action is
/// played again and the match counts exactly once (three rows, three rated games).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_rating_write_ends_nothing_and_counts_once_after() {
    let db = temp_sqlite("rating_fail_point");
    let server = start(cfg(&db)).await;
    let url = server.url.clone();
    let (anna, _) = sign_up(&url, "Anna", "correct horse").await;
    let code = rated_table(&url, &anna).await;
    sql(
        &db,
        "CREATE TRIGGER fail_point BEFORE INSERT ON match_players BEGIN SELECT RAISE(ABORT, 'fail point'); END",
    )
    .await;
    let (mut s, _) = hello_account(&server, &code, Some(&anna), None).await;
    let d = db.clone();
    let ended = play_through(&mut s, 0, move || async move {
        // Stuck at the last action: nothing of the match's end is stored.
        assert_eq!(scalar(&d, "SELECT COUNT(*) FROM match_results").await, 0);
        assert_eq!(
            scalar(&d, "SELECT COUNT(*) FROM ratings WHERE games > 0").await,
            0
        );
        assert_eq!(scalar(&d, "SELECT COUNT(*) FROM match_players").await, 0);
        sql(&d, "DROP TRIGGER fail_point").await;
    })
    .await;
    assert!(ended.winner.is_some());
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM match_results").await, 1);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM match_players").await, 3);
    assert_eq!(scalar(&db, "SELECT SUM(games) FROM ratings").await, 3);
    s.close().await;
    server.stop().await;
}

async fn scalar(db: &str, q: &str) -> i64 {
    use sqlx::Connection;
    let mut c = sqlx::SqliteConnection::connect(db).await.unwrap();
    let v: Option<i64> = sqlx::query_scalar(q).fetch_one(&mut c).await.unwrap();
    c.close().await.unwrap();
    v.unwrap_or(0)
}

/// A server whose grace period and forfeit wait are `grace_ms` and `forfeit_ms` (and bots
/// that wait `bot_delay_ms`, when given): Anna signs up, creates a rated table against two
/// bot accounts, says hello and leaves at once. The server, its database, her cookie and the
/// table's code.
async fn left_a_rated_table(
    name: &str,
    grace_ms: u64,
    forfeit_ms: u64,
    bot_delay_ms: Option<u64>,
) -> (Server, String, String, String) {
    let db = temp_sqlite(name);
    let mut c = cfg(&db);
    c.grace = Duration::from_millis(grace_ms);
    c.forfeit_after = Duration::from_millis(forfeit_ms);
    if let Some(ms) = bot_delay_ms {
        c.bot_delay = Duration::from_millis(ms);
    }
    let server = start(c).await;
    let (anna, _) = sign_up(&server.url, "Anna", "correct horse").await;
    let code = rated_table(&server.url, &anna).await;
    let (s, _) = hello_account(&server, &code, Some(&anna), None).await;
    s.close().await;
    (server, db, anna, code)
}

/// The absent-player rule: a person gone from a rated match for the grace period plus
/// `forfeit_after` forfeits the seat: a bot plays it to the end, the person's actions are
/// refused (`forfeited`) when they come back, and the seat takes the last place in the
/// rating whatever its total.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_gone_too_long_from_a_rated_match_forfeits_and_is_last() {
    let (server, db, _, _) = left_a_rated_table("rated_forfeit", 200, 300, None).await;
    let url = server.url.clone();
    // The bots play the match to its end without her.
    let mut waited = 0;
    while scalar(&db, "SELECT COUNT(*) FROM match_results").await == 0 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        waited += 1;
        assert!(waited < 240, "the match did not end without the person");
    }
    assert_eq!(scalar(&db, "SELECT forfeit FROM seats WHERE seat = 0").await, 1);
    assert_eq!(
        scalar(&db, "SELECT place FROM match_players WHERE seat = 0").await,
        3
    );
    let p = json_of(&get(&url, None, "/api/players/Anna").await);
    assert_eq!(p["history"]["matches"][0]["place"], 3, "{p}");
    assert!(p["ratings"][0]["rating"].as_i64().unwrap() < 1500, "{p}");
    server.stop().await;
}

/// Back at a forfeited seat of a match still being played: the bot keeps it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forfeited_seat_stays_with_the_bot() {
    // Slow bots, so that the match is still being played when she comes back.
    let (server, db, anna, code) = left_a_rated_table("rated_forfeit_back", 100, 100, Some(300)).await;
    let mut waited = 0;
    while scalar(&db, "SELECT forfeit FROM seats WHERE seat = 0").await == 0 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
        assert!(waited < 100, "the seat was not forfeited");
    }
    let (mut s, m) = hello_account(&server, &code, Some(&anna), None).await;
    assert!(matches!(m, ServerMsg::Welcome { seat: Some(0), .. }), "{m:?}");
    s.send(&ClientMsg::Action {
        action: "pass".into(),
        id: Some(1),
        deal: None,
        index: None,
    })
    .await
    .unwrap();
    loop {
        match s.recv(WAIT).await.unwrap() {
            ServerMsg::Error {
                error,
                message,
                id: Some(1),
                ..
            } => {
                assert_eq!(error.to_string(), "forfeited", "{message}");
                break;
            }
            ServerMsg::MatchOver { .. } => panic!("the match ended before the refusal"),
            _ => {}
        }
    }
    s.close().await;
    server.stop().await;
}
