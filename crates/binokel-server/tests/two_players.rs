//! Two players (RULES.md section 13) at the real server: tables made with `rules:
//! "two-player"` (by name and as a preset with options) seat two, a bot fills the empty
//! seat, and the stock game is played to the end over real WebSockets with every view
//! checked against what the seat may see.

mod common;

use binokel::{Action, Phase};
use binokel_server::client::http;
use common::*;
use serde_json::json;

/// Checks the two-player fields of every view a connection received.
fn check_two_player_views(log: &Log) {
    let first = log.views.first().expect("a state was received");
    assert_eq!(first.players, 2);
    for v in &log.views {
        assert_eq!(v.hand_sizes.len(), 2);
        assert_eq!(v.contract, None, "no declaration with two players");
        assert_eq!(v.soloist, None);
        let trump = v.trump.expect("trump is the turned card's suit from the deal on");
        if v.stock > 0 {
            // The face-up card under the stock: the turned card, or the trump 9 given for it.
            assert_eq!(v.turned.map(|c| c.suit()), Some(trump), "{v:?}");
            assert!(v.stock <= 24);
        }
        if v.history.is_empty() && v.phase == Phase::Play {
            assert_eq!(v.stock, 24, "23 face down and the turned card");
            assert!(v.hand_sizes.iter().all(|&n| n == 12));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_table_seats_two_and_a_bot_fills_the_empty_seat() {
    let srv = start(config(&temp_sqlite("two-bot"))).await;
    let (code, tok) = create(
        &srv.url,
        json!({"rules": "two-player", "target": 300, "name": "Anna"}),
    )
    .await;
    let summary = http(&srv.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(summary["rules"]["preset"], "two-player", "{summary}");
    let seats = summary["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2, "{summary}");
    assert_eq!(seats[1]["kind"], "bot", "{summary}");
    let (me, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    assert_eq!(seat, Some(0));
    let (spec, _) = connect(&srv.ws(), &code, None).await;
    let a = tokio::spawn(play(me, seat, 21, None));
    let b = tokio::spawn(play(spec, None, 0, None));
    let (la, _) = a.await.unwrap();
    let (lb, _) = b.await.unwrap();
    let (rec, game) = record(&srv.url, &code).await;
    assert!(game.is_over());
    assert_eq!(game.players(), 2);
    assert!(rec["deals"][0]["turned"].is_string(), "{rec}");
    check_no_leaks(&game, &la);
    check_no_leaks(&game, &lb);
    check_two_player_views(&la);
    check_two_player_views(&lb);
    assert!(la.errors.is_empty(), "{:?}", la.errors);
    assert!(la.match_over && lb.match_over);
    let actions: usize = game.deals().iter().map(|d| d.actions.len()).sum();
    assert!(la.acks > 0 && la.acks < actions, "the bot played too");
    assert_eq!(binokel::record::referee(&rec.to_string()).exit_code(), 0);
    // Too many seats for two players is refused, naming the count.
    let bad = http(
        &srv.url,
        "POST",
        "/api/tables",
        Some(&json!({"rules": "two-player",
                     "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]})),
    )
    .await
    .unwrap();
    assert_eq!(bad.status, 400);
    let msg = bad.json().unwrap()["message"].as_str().unwrap().to_string();
    assert!(msg.contains("played by 2"), "{msg}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_the_stock_game_with_melds_and_options() {
    let srv = start(config(&temp_sqlite("two-people"))).await;
    let (code, t0) = create(
        &srv.url,
        json!({"rules": {"preset": "two-player", "family_pair": "included"}, "target": 300,
               "name": "Anna", "seats": [{"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    let (s1, t1) = join(&srv.url, &code, "Ben").await;
    assert_eq!(s1, 1);
    let (spec, _) = connect(&srv.ws(), &code, None).await;
    let mut tasks = Vec::new();
    for (i, t) in [t0.unwrap(), t1].into_iter().enumerate() {
        let (s, seat) = connect(&srv.ws(), &code, Some(&t)).await;
        assert_eq!(seat, Some(i));
        tasks.push(tokio::spawn(play(s, seat, 40 + i as u64, None)));
    }
    tasks.push(tokio::spawn(play(spec, None, 0, None)));
    let mut logs = Vec::new();
    for t in tasks {
        logs.push(t.await.unwrap().0);
    }
    let (rec, game) = record(&srv.url, &code).await;
    assert!(game.is_over());
    assert!(game.rules().family_pair_included);
    assert_eq!(rec["rules"]["preset"], "two-player", "{rec}");
    let actions: usize = game.deals().iter().map(|d| d.actions.len()).sum();
    let acks: usize = logs.iter().map(|l| l.acks).sum();
    assert_eq!(acks, actions, "every action was a person's, acknowledged once");
    for l in &logs {
        assert!(l.errors.is_empty(), "{:?}", l.errors);
        check_no_leaks(&game, l);
        check_two_player_views(l);
    }
    // Melds and the exchange were offered after won tricks and travel as their tokens.
    let offered = logs
        .iter()
        .flat_map(|l| &l.views)
        .flat_map(|v| &v.legal)
        .any(|a| matches!(a, Action::Meld(..) | Action::Exchange));
    assert!(offered, "no meld or exchange was ever offered");
    let raw_meld = logs
        .iter()
        .flat_map(|l| &l.raw)
        .any(|r| r.contains("\"meld ") || r.contains("\"exchange\""));
    assert!(raw_meld, "meld/exchange tokens on the wire");
    assert_eq!(binokel::record::referee(&rec.to_string()).exit_code(), 0);
    srv.stop().await;
}
