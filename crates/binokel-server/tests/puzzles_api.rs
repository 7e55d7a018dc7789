//! The puzzles over HTTP (docs/protocol.md, "Puzzles"): the list, a position without its
//! solution, and an answer with the solution and the values; bad input named.

mod common;

use binokel_ai::puzzle::{PuzzleSet, SHIPPED};
use binokel_server::client::http;
use common::{config, start, temp_sqlite};
use serde_json::json;

#[tokio::test]
async fn puzzles_are_listed_shown_without_the_solution_and_answered() {
    let set = PuzzleSet::parse(SHIPPED).expect("the shipped set reads");
    assert!(set.puzzles.len() >= 500, "{} puzzles shipped", set.puzzles.len());
    let server = start(config(&temp_sqlite("puzzles-api"))).await;

    let a = http(&server.url, "GET", "/api/puzzles", None).await.unwrap();
    assert_eq!(a.status, 200);
    let v = a.json().unwrap();
    assert_eq!(v["count"], set.puzzles.len());
    assert_eq!(v["puzzles"][0]["id"], set.puzzles[0].id.as_str());
    assert!(v["puzzles"][0].get("best").is_none());

    for p in [
        &set.puzzles[0],
        set.puzzles
            .iter()
            .find(|p| p.kind == binokel_ai::puzzle::Kind::PlayView)
            .unwrap(),
    ] {
        let a = http(&server.url, "GET", &format!("/api/puzzles/{}", p.id), None)
            .await
            .unwrap();
        let body = String::from_utf8_lossy(&a.body).to_string();
        assert_eq!(a.status, 200, "{body}");
        // Neither the solution nor any value is in the position.
        assert!(!body.contains("\"best\""), "{body}");
        assert!(!body.contains("\"value\""), "{body}");
        assert!(!body.contains("\"themes\""), "{body}");
        let v = a.json().unwrap();
        let mut tokens: Vec<String> = p.choices.iter().map(|c| c.choice.clone()).collect();
        tokens.sort();
        assert_eq!(v["choices"], json!(tokens));
        assert_eq!(v["seat"], p.seat);
        assert_eq!(v["view"]["seat"], p.seat);
        // All hands for an open puzzle; none but the seat's own for a view puzzle.
        let d = p.deal().unwrap();
        if p.kind == binokel_ai::puzzle::Kind::PlayOpen {
            assert_eq!(v["hands"].as_array().unwrap().len(), 3);
        } else {
            assert!(v["hands"].is_null());
            let other = (p.seat + 1) % 3;
            let hidden = d.hand(other).to_codes(binokel::Low::Nine);
            assert!(!body.contains(&hidden), "{body}");
        }

        let wrong = &p.choices[1].choice;
        let a = http(
            &server.url,
            "POST",
            &format!("/api/puzzles/{}/answer", p.id),
            Some(&json!({"choice": wrong.to_lowercase()})),
        )
        .await
        .unwrap();
        assert_eq!(a.status, 200);
        let v = a.json().unwrap();
        assert_eq!(v["correct"], false);
        assert_eq!(v["choice"], wrong.as_str());
        assert_eq!(v["best"], p.best.as_str());
        assert_eq!(v["choices"][0]["value"], p.choices[0].value);
        let a = http(
            &server.url,
            "POST",
            &format!("/api/puzzles/{}/answer", p.id),
            Some(&json!({"choice": p.best})),
        )
        .await
        .unwrap();
        assert_eq!(a.json().unwrap()["correct"], true);
    }

    let p = &set.puzzles[0];
    let a = http(&server.url, "GET", "/api/puzzles/no-such", None)
        .await
        .unwrap();
    assert_eq!(a.status, 404);
    assert_eq!(a.json().unwrap()["error"], "unknown_puzzle");
    let a = http(
        &server.url,
        "POST",
        "/api/puzzles/no-such/answer",
        Some(&json!({"choice": "AS"})),
    )
    .await
    .unwrap();
    assert_eq!(a.status, 404);
    let path = format!("/api/puzzles/{}/answer", p.id);
    let a = http(&server.url, "POST", &path, Some(&json!({"choice": "ZZ"})))
        .await
        .unwrap();
    assert_eq!(a.status, 400);
    let v = a.json().unwrap();
    assert_eq!(v["field"], "choice");
    assert!(v["message"].as_str().unwrap().contains("ZZ"), "{v}");
    // A legal-looking card that is not a choice is named as such.
    let not_choice = ["AS", "AH", "AD", "AC", "9S", "9H"]
        .into_iter()
        .find(|t| p.choices.iter().all(|c| &c.choice != t))
        .unwrap();
    let a = http(&server.url, "POST", &path, Some(&json!({"choice": not_choice})))
        .await
        .unwrap();
    assert_eq!(a.status, 400);
    assert!(a.json().unwrap()["message"]
        .as_str()
        .unwrap()
        .contains("not one of"));
    let a = http(&server.url, "POST", &path, Some(&json!({"pick": "AS"})))
        .await
        .unwrap();
    assert_eq!(a.status, 400);
    server.stop().await;
}

/// A burial puzzle over HTTP: every hand and the Tapp shown, no solution; a burial is
/// answered right and wrong (the cards in any order, without `bury`), and a burial of the
/// wrong number of cards, of a card the soloist does not hold, or not a burial at all is
/// refused naming what is wrong.
#[tokio::test]
async fn a_burial_puzzle_is_answered_and_a_wrong_burial_is_named() {
    let set = PuzzleSet::parse(SHIPPED).expect("the shipped set reads");
    let p = set
        .puzzles
        .iter()
        .find(|p| p.kind == binokel_ai::puzzle::Kind::Burial)
        .expect("a burial puzzle in the shipped set");
    let server = start(config(&temp_sqlite("puzzles-burial"))).await;
    let a = http(&server.url, "GET", &format!("/api/puzzles/{}", p.id), None)
        .await
        .unwrap();
    let body = String::from_utf8_lossy(&a.body).to_string();
    assert_eq!(a.status, 200, "{body}");
    assert!(
        !body.contains("\"best\"") && !body.contains("\"value\""),
        "{body}"
    );
    let v = a.json().unwrap();
    assert_eq!(v["kind"], "burial");
    assert_eq!(v["hands"].as_array().unwrap().len(), 3);
    let hand = v["hands"][p.seat].as_str().unwrap().to_string();
    assert_eq!(hand.split(' ').count(), 18, "{hand}");
    assert_eq!(v["view"]["phase"], "bury");
    assert!(v["view"]["tapp"].is_string(), "{}", v["view"]);

    let path = format!("/api/puzzles/{}/answer", p.id);
    let post = |choice: String| {
        let (url, path) = (server.url.clone(), path.clone());
        async move {
            http(&url, "POST", &path, Some(&json!({ "choice": choice })))
                .await
                .unwrap()
        }
    };
    // Right, typed as the cards backwards in lower case.
    let cards: Vec<&str> = p.best.split(' ').skip(1).collect();
    let typed: Vec<String> = cards.iter().rev().map(|c| c.to_lowercase()).collect();
    let a = post(typed.join(" ")).await;
    assert_eq!(a.status, 200);
    let v = a.json().unwrap();
    assert_eq!(v["correct"], true, "{v}");
    assert_eq!(v["choice"], p.best.as_str());
    assert_eq!(v["choices"].as_array().unwrap().len(), p.choices.len());
    // Wrong: the runner-up.
    let a = post(p.choices[1].choice.clone()).await;
    let v = a.json().unwrap();
    assert_eq!(v["correct"], false);
    assert_eq!(v["best"], p.best.as_str());
    // Two cards.
    let a = post(format!("bury {} {}", cards[0], cards[1])).await;
    assert_eq!(a.status, 400);
    let v = a.json().unwrap();
    assert_eq!(v["field"], "choice");
    assert!(v["message"].as_str().unwrap().contains("3 cards, not 2"), "{v}");
    // A card the soloist does not hold.
    let held = binokel::CardSet::parse_codes(&hand, binokel::Low::Nine).unwrap();
    let absent = [
        "AS", "AH", "AD", "AC", "TS", "TH", "TD", "TC", "KS", "KH", "KD", "KC",
    ]
    .into_iter()
    .find(|c| held.count(binokel::Card::parse(c).unwrap()) == 0)
    .unwrap();
    let a = post(format!("{} {} {absent}", cards[0], cards[1])).await;
    assert_eq!(a.status, 400);
    let m = a.json().unwrap()["message"].as_str().unwrap().to_string();
    assert!(m.contains("does not hold") && m.contains(absent), "{m}");
    // Not a burial.
    let a = post("trump S".into()).await;
    assert_eq!(a.status, 400);
    server.stop().await;
}
