//! The deal of the day over real HTTP and WebSocket against a real server (issue #38;
//! docs/daily.md, docs/protocol.md "The deal of the day"): two players' ranked tries deal
//! the same cards; one ranked try per account; unranked play refused before it; guests
//! refused today and allowed on a past day; nothing of the seed or the cards in the day's
//! page; the ranking equal to an independent computation from the records; the per-deal
//! comparison and the records of today's tries refused before the own try. The day is the
//! test hook `Config::daily_today`. On SQLite and, where `BINOKEL_TEST_POSTGRES` is set,
//! on PostgreSQL.

#[macro_use]
mod common;

use binokel::Game;
use binokel_server::client::HttpAnswer;
use binokel_server::protocol::{ClientMsg, ErrorCode, ServerMsg};
use common::accounts::*;
use common::*;
use serde_json::{json, Value};

const DAY: &str = "2026-12-05";
const YESTERDAY: &str = "2026-12-04";

fn daily_cfg(db: &str) -> binokel_server::Config {
    let mut c = cfg(db);
    c.daily_deals = 3;
    c.daily_bot = "random".into();
    c.daily_today = Some(DAY.into());
    c
}

async fn send(url: &str, cookie: Option<&str>, method: &str, path: &str, body: Option<Value>) -> HttpAnswer {
    let r = Req::to(url);
    match cookie {
        Some(c) => r.cookie(c).send(method, path, body).await,
        None => r.send(method, path, body).await,
    }
}

/// Plays seat 0 of a table (random legal actions) to the end of the match.
async fn play_out(server: &Server, answer: &Value) {
    let code = answer["code"].as_str().unwrap();
    let token = answer["token"].as_str().unwrap();
    let (s, seat) = connect(&server.ws(), code, Some(token)).await;
    assert_eq!(seat, Some(0));
    let log = play_and_leave(s, seat, 7, None).await;
    assert!(log.match_over, "{:?}", log.errors);
}

/// Seat 0's deals of a record: (deal seed, dealer, hand) and the deal score, complete
/// deals only, written here from the record without the server's duplicate module.
fn seat0(g: &Game) -> Vec<(String, i32)> {
    g.deals()
        .iter()
        .filter(|d| d.state.outcome().complete && !d.state.outcome().redeal)
        .map(|d| {
            (
                format!("{:?}/{}/{}", d.seed, d.start.dealer(), d.start.hand(0)),
                d.state.outcome().scores[0],
            )
        })
        .collect()
}

/// The error answering request `id` (None: a hint came, or nothing within 5 s).
async fn refused(s: &mut binokel_server::client::Socket, id: u64) -> Option<ErrorCode> {
    let wait = async {
        loop {
            match s.recv(WAIT).await.unwrap() {
                ServerMsg::Error {
                    error, id: Some(i), ..
                } if i == id => return Some(error),
                ServerMsg::Hint { .. } => return None,
                _ => {}
            }
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(5), wait)
        .await
        .ok()
        .flatten()
}

/// A ranked try is played on one's own: no hint, no take-back (like a rated table).
async fn no_help_at(server: &Server, answer: &Value) {
    let code = answer["code"].as_str().unwrap();
    let (mut s, _) = connect(&server.ws(), code, answer["token"].as_str()).await;
    let v = loop {
        if let ServerMsg::State { view: Some(v), .. } = s.recv(WAIT).await.unwrap() {
            if v.to_act == Some(0) && !v.legal.is_empty() {
                break v;
            }
        }
    };
    s.send(&ClientMsg::Hint { id: Some(1) }).await.unwrap();
    assert_eq!(
        refused(&mut s, 1).await,
        Some(ErrorCode::NoHints),
        "a ranked try gave a hint"
    );
    s.send(&ClientMsg::Action {
        action: v.legal[0].token(binokel::Low::Nine),
        id: Some(2),
        deal: Some(v.deal),
        index: Some(v.history.len()),
    })
    .await
    .unwrap();
    s.send(&ClientMsg::Undo { id: Some(3) }).await.unwrap();
    assert_eq!(
        refused(&mut s, 3).await,
        Some(ErrorCode::UndoRefused),
        "a ranked try took an action back"
    );
    s.close().await;
}

both!("daily", day_flow, day_flow_sqlite, day_flow_postgres);

async fn day_flow(db: String) {
    let server = start(daily_cfg(&db)).await;
    let url = server.url.clone();
    let (anna, _) = sign_up(&url, "Anna", "correct horse").await;
    let (bert, _) = sign_up(&url, "Bert", "correct horse").await;

    // The page, for anyone.
    let page = send(&url, None, "GET", "/api/daily", None).await;
    expect(&page, 200, "");
    let p = json_of(&page);
    assert_eq!(p["day"], DAY);
    assert_eq!(p["deals"], 3);
    assert_eq!(p["today"], true);
    assert_eq!(p["me"], Value::Null);
    assert_eq!(p["ranking"], json!([]));
    let past = send(&url, None, "GET", &format!("/api/daily/{YESTERDAY}"), None).await;
    expect(&past, 200, "");
    assert_eq!(json_of(&past)["today"], false);
    expect(
        &send(&url, None, "GET", "/api/daily/2026-12-06", None).await,
        404,
        "future_day",
    );
    expect(
        &send(&url, None, "GET", "/api/daily/2026-02-30", None).await,
        400,
        "bad_request",
    );

    // Guests: never today's deals, a past day's unranked.
    expect(
        &send(&url, None, "POST", "/api/daily/play", None).await,
        401,
        "not_logged_in",
    );
    expect(
        &send(&url, None, "POST", &format!("/api/daily/{DAY}/play"), None).await,
        401,
        "not_logged_in",
    );
    let a = send(
        &url,
        None,
        "POST",
        &format!("/api/daily/{YESTERDAY}/play"),
        Some(json!({"ranked": true})),
    )
    .await;
    expect(&a, 400, "bad_request");
    let guest = send(
        &url,
        None,
        "POST",
        &format!("/api/daily/{YESTERDAY}/play"),
        Some(json!({"name": "Gast"})),
    )
    .await;
    expect(&guest, 201, "");
    assert_eq!(json_of(&guest)["ranked"], false);
    expect(
        &send(&url, None, "POST", "/api/daily/2026-12-06/play", None).await,
        404,
        "future_day",
    );

    // Unranked before the ranked try: refused.
    let a = send(
        &url,
        Some(&anna),
        "POST",
        "/api/daily/play",
        Some(json!({"ranked": false})),
    )
    .await;
    expect(&a, 409, "ranked_try_first");
    // The comparison and the ranking's details before the own try: refused.
    expect(
        &send(
            &url,
            Some(&anna),
            "GET",
            &format!("/api/daily/{DAY}/deals/1"),
            None,
        )
        .await,
        403,
        "play_first",
    );
    expect(
        &send(&url, None, "GET", &format!("/api/daily/{DAY}/deals/1"), None).await,
        401,
        "not_logged_in",
    );

    // Anna's one ranked try: asking again gives the same table.
    let first = send(&url, Some(&anna), "POST", "/api/daily/play", None).await;
    expect(&first, 201, "");
    let first = json_of(&first);
    assert_eq!(first["ranked"], true);
    let again = send(&url, Some(&anna), "POST", "/api/daily/play", Some(json!({}))).await;
    expect(&again, 200, "");
    assert_eq!(json_of(&again)["code"], first["code"]);
    assert_eq!(json_of(&again)["token"], first["token"]);
    let mine = json_of(&send(&url, Some(&anna), "GET", "/api/daily", None).await);
    assert_eq!(mine["me"]["ranked"]["state"], "playing");
    assert_eq!(mine["me"]["ranked"]["code"], first["code"]);
    assert_eq!(mine["me"]["ranked"]["token"], first["token"]);
    no_help_at(&server, &first).await;
    play_out(&server, &first).await;
    let anna_code = first["code"].as_str().unwrap().to_string();

    // After it: no second ranked try, unranked play opens.
    let a = send(&url, Some(&anna), "POST", "/api/daily/play", None).await;
    expect(&a, 409, "ranked_try_over");
    let unranked = send(
        &url,
        Some(&anna),
        "POST",
        "/api/daily/play",
        Some(json!({"ranked": false})),
    )
    .await;
    expect(&unranked, 201, "");
    assert_ne!(json_of(&unranked)["code"], first["code"]);
    assert_eq!(json_of(&unranked)["ranked"], false);

    // Today's record is Anna's now, and nobody else's.
    let rec = format!("/api/tables/{anna_code}/record");
    expect(&send(&url, None, "GET", &rec, None).await, 403, "play_first");
    expect(
        &send(&url, Some(&bert), "GET", &rec, None).await,
        403,
        "play_first",
    );
    let anna_record = send(&url, Some(&anna), "GET", &rec, None).await;
    expect(&anna_record, 200, "");
    let anna_game = binokel::record::read_record(&common::accounts::body(&anna_record)).unwrap();
    expect(
        &send(
            &url,
            Some(&bert),
            "GET",
            &format!("/api/daily/{DAY}/deals/1"),
            None,
        )
        .await,
        403,
        "play_first",
    );

    // Nothing of the day's seed or cards in the page, for a guest or for Bert before playing.
    for cookie in [None, Some(bert.as_str())] {
        let text = common::accounts::body(&send(&url, cookie, "GET", "/api/daily", None).await);
        // The table's seed, the day's: deal n's seed is it XOR (n + 1) * 0x9E37_79B9_7F4A_7C15.
        let table_seed = anna_game.deals()[0].seed.unwrap() ^ 0x9E37_79B9_7F4A_7C15u64;
        assert!(
            !text.contains(&table_seed.to_string()),
            "the page shows the day's seed: {text}"
        );
        assert!(!text.contains(&(table_seed as i64).to_string()), "{text}");
        for d in anna_game.deals() {
            let seed = d.seed.unwrap();
            assert!(
                !text.contains(&seed.to_string()),
                "the page shows a deal's seed: {text}"
            );
            for seat in 0..3 {
                let hand = d.start.hand(seat).to_string();
                assert!(!text.contains(&hand), "the page shows a hand: {text}");
            }
        }
        assert!(!text.contains(&anna_code), "the page names Anna's table: {text}");
    }

    // Bert plays his ranked try: the same deals.
    let b = send(&url, Some(&bert), "POST", &format!("/api/daily/{DAY}/play"), None).await;
    expect(&b, 201, "");
    let b = json_of(&b);
    play_out(&server, &b).await;
    let bert_code = b["code"].as_str().unwrap().to_string();
    let (_, bert_game) = {
        let a = send(
            &url,
            Some(&bert),
            "GET",
            &format!("/api/tables/{bert_code}/record"),
            None,
        )
        .await;
        expect(&a, 200, "");
        let v = json_of(&a);
        (v.clone(), binokel::record::read_record(&v.to_string()).unwrap())
    };
    let n = anna_game.deals().len().min(bert_game.deals().len());
    assert!(n >= 3);
    for i in 0..n {
        let (x, y) = (&anna_game.deals()[i], &bert_game.deals()[i]);
        assert_eq!(x.seed, y.seed, "deal {i}");
        for seat in 0..3 {
            assert_eq!(x.start.hand(seat), y.start.hand(seat), "deal {i} seat {seat}");
        }
    }

    // The ranking equals the computation from the two records.
    let (ka, kb) = (seat0(&anna_game), seat0(&bert_game));
    let diff = |me: &[(String, i32)], other: &[(String, i32)]| -> (f64, u32) {
        let mut sum = 0.0;
        let mut n = 0;
        for (key, score) in me {
            let others: Vec<i32> = other.iter().filter(|o| &o.0 == key).map(|o| o.1).collect();
            if !others.is_empty() {
                sum += *score as f64 - others.iter().sum::<i32>() as f64 / others.len() as f64;
                n += 1;
            }
        }
        (sum, n)
    };
    let (sa, na) = diff(&ka, &kb);
    let (sb, nb) = diff(&kb, &ka);
    let page = json_of(&send(&url, Some(&bert), "GET", "/api/daily", None).await);
    let rows = page["ranking"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{page}");
    for (name, score, compared, game) in [("Anna", sa, na, &anna_game), ("Bert", sb, nb, &bert_game)] {
        let r = rows.iter().find(|r| r["name"] == name).unwrap();
        assert_eq!(r["score"].as_f64().unwrap(), score, "{r}");
        assert_eq!(r["compared"], compared);
        assert_eq!(r["total"], game.totals()[0]);
    }
    let best = if sa > sb || (sa == sb && anna_game.totals()[0] >= bert_game.totals()[0]) {
        "Anna"
    } else {
        "Bert"
    };
    assert_eq!(rows[0]["name"], best);
    assert_eq!(rows[0]["place"], 1);
    assert_eq!(page["me"]["ranked"]["state"], "finished");
    assert_eq!(page["me"]["ranked"]["code"], bert_code);

    // The comparison, after the own try: both tries of deal 1, with the records' numbers.
    let c = send(
        &url,
        Some(&bert),
        "GET",
        &format!("/api/daily/{DAY}/deals/1"),
        None,
    )
    .await;
    expect(&c, 200, "");
    let c = json_of(&c);
    let rows = c["rows"].as_array().unwrap();
    let first_complete = |g: &Game| g.deals()[0].state.outcome();
    if first_complete(&anna_game).complete && !first_complete(&anna_game).redeal {
        assert_eq!(rows.len(), 2, "{c}");
        assert_eq!(c["hand"], anna_game.deals()[0].start.hand(0).to_string());
        for (code, g) in [(&anna_code, &anna_game), (&bert_code, &bert_game)] {
            let r = rows.iter().find(|r| r["code"] == **code).unwrap();
            let o = g.deals()[0].state.outcome();
            assert_eq!(r["score"], o.scores[0]);
            assert_eq!(r["bid"], json!(o.bid));
            assert_eq!(r["soloist"], o.soloist == Some(0));
            assert_eq!(r["mine"], *code == bert_code);
        }
    }
    assert_eq!(c["review"]["body"]["table"], bert_code);
    expect(
        &send(
            &url,
            Some(&bert),
            "GET",
            &format!("/api/daily/{DAY}/deals/4"),
            None,
        )
        .await,
        400,
        "bad_request",
    );
    // A past day's comparison is anyone's.
    expect(
        &send(
            &url,
            None,
            "GET",
            &format!("/api/daily/{YESTERDAY}/deals/1"),
            None,
        )
        .await,
        200,
        "",
    );

    server.stop().await;
}

both!("daily", racing_tries, racing_tries_sqlite, racing_tries_postgres);

/// Two ranked-play requests of one account at the same instant make one try.
async fn racing_tries(db: String) {
    let server = start(daily_cfg(&db)).await;
    let url = server.url.clone();
    let (anna, _) = sign_up(&url, "Anna", "correct horse").await;
    let (x, y) = tokio::join!(
        send(&url, Some(&anna), "POST", "/api/daily/play", None),
        send(&url, Some(&anna), "POST", "/api/daily/play", None)
    );
    assert!(
        x.status == 201 || x.status == 200,
        "{}",
        common::accounts::body(&x)
    );
    assert!(
        y.status == 201 || y.status == 200,
        "{}",
        common::accounts::body(&y)
    );
    assert_eq!(json_of(&x)["code"], json_of(&y)["code"]);
    // A forged Origin is refused like at the other account routes.
    let forged = Req::to(&url)
        .cookie(&anna)
        .origin(Some("https://evil.example"))
        .send("POST", "/api/daily/play", None)
        .await;
    expect(&forged, 403, "bad_origin");
    server.stop().await;
}
