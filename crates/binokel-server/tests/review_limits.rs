//! The limits that bound a review (issue #30; docs/protocol.md "Reviews" and "Limits",
//! docs/review.md "Memory"), against a real server on a loopback port with SQLite: reviews
//! per client address (`429 too_many_reviews` with `Retry-After`), a record longer than
//! [`binokel::MAX_MATCH_DEALS`] refused by the referee, and a table's `target` above
//! [`binokel_server::protocol::MAX_TABLE_TARGET`] refused.

mod common;

use binokel::record::write_record;
use binokel::{Game, Rules, MAX_MATCH_DEALS};
use binokel_server::protocol::MAX_TABLE_TARGET;
use common::*;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

#[tokio::test]
async fn reviews_past_the_limit_of_an_address_get_429_with_retry_after() {
    let mut c = config(&temp_sqlite("review-rate"));
    c.reviews_per_minute = 2;
    c.review_budget = 0.05;
    let srv = start(c).await;
    let url = srv.url.clone();
    // Two requests pass the limit (these are refused for what they hold: no table).
    for _ in 0..2 {
        let r = call(&url, "POST", "/api/reviews", Some(json!({"table": "ZZZZZZ"}))).await;
        assert_eq!(r.status, 404, "{}", String::from_utf8_lossy(&r.body));
    }
    // The third in the same minute is refused before anything else is looked at.
    let r = call(&url, "POST", "/api/reviews", Some(json!({"table": "ZZZZZZ"}))).await;
    let v = json_of(&r);
    assert_eq!(
        (r.status, v["error"].clone()),
        (429, json!("too_many_reviews")),
        "{v}"
    );
    let message = v["message"].as_str().unwrap();
    assert!(
        message.contains("2 reviews in the last minute") && message.contains("try again"),
        "{v}"
    );
    let retry: u64 = header(&r, "retry-after")
        .expect("Retry-After")
        .parse()
        .expect("whole seconds");
    assert!((1..=30).contains(&retry), "Retry-After {retry}");
    // Reading a review is not limited, and other routes are not either.
    let r = call(&url, "GET", "/api/reviews/0123456789abcdef0123456789abcdef", None).await;
    assert_eq!(r.status, 404);
    let r = call(&url, "GET", "/health", None).await;
    assert_eq!(r.status, 200);
    srv.stop().await;
}

/// A record of `deals` deals of uniformly random legal play under `rules` whose target no
/// such match reaches.
fn long_record(deals: usize) -> Value {
    let mut rules = Rules::default();
    rules.target = binokel::rules::MAX_TARGET;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(30);
    let mut g = Game::new(rules, Vec::new());
    while g.deals().len() < deals.min(MAX_MATCH_DEALS) {
        g.start_seeded_deal(rng.gen()).expect("a deal");
        while let Some(d) = g.current().filter(|d| !d.is_over()) {
            let legal = d.legal_actions();
            g.play(legal[rng.gen_range(0..legal.len())]).expect("legal");
        }
    }
    let mut record = write_record(&g);
    if deals > MAX_MATCH_DEALS {
        // One more deal, begun by the seat whose turn it is to deal.
        let dealer = g.next_dealer().expect("a dealer");
        let setup = binokel::Deal::shuffled(rules, dealer, &mut rng).setup();
        let mut next = Game::new(rules, Vec::new());
        next.start_deal(&setup, None).expect("a deal");
        let extra = write_record(&next)["deals"][0].clone();
        record["deals"].as_array_mut().unwrap().push(extra);
    }
    record
}

#[tokio::test]
async fn a_record_past_the_most_deals_and_a_target_past_the_table_limit_are_refused() {
    let mut c = config(&temp_sqlite("review-long"));
    c.review_budget = 0.05;
    let srv = start(c).await;
    let url = srv.url.clone();

    let record = long_record(MAX_MATCH_DEALS + 1);
    assert!(
        record.to_string().len() < binokel_server::review::MAX_REVIEW_BODY,
        "the record fits the body limit: the refusal is the referee's"
    );
    let r = call(&url, "POST", "/api/reviews", Some(json!({"record": record}))).await;
    let v = json_of(&r);
    assert_eq!(
        (r.status, v["error"].clone()),
        (422, json!("illegal_record")),
        "{v}"
    );
    assert_eq!(v["verdict"]["deal"], MAX_MATCH_DEALS, "{v}");
    let message = v["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("a match has at most {MAX_MATCH_DEALS}")),
        "{v}"
    );

    // A table's target: at the limit it is created, past it (as `target` or in `rules`)
    // refused with the range.
    let (code, _) = create(&url, json!({"rules": "standard", "target": MAX_TABLE_TARGET})).await;
    assert_eq!(code.len(), 6);
    let past = MAX_TABLE_TARGET + 1;
    for body in [
        json!({"rules": "standard", "target": past}),
        json!({"rules": {"preset": "standard", "target": past}}),
        json!({"rules": "standard", "target": 100_000}),
    ] {
        let r = call(&url, "POST", "/api/tables", Some(body.clone())).await;
        let v = json_of(&r);
        assert_eq!(
            (r.status, v["error"].clone()),
            (400, json!("bad_request")),
            "{body}: {v}"
        );
        let m = v["message"].as_str().unwrap();
        assert!(
            m.contains(&MAX_TABLE_TARGET.to_string()) && m.contains("`target`"),
            "{body}: {v}"
        );
    }
    let r = call(
        &url,
        "POST",
        "/api/lobby/quick",
        Some(json!({"rules": "standard", "target": past})),
    )
    .await;
    let v = json_of(&r);
    assert_eq!(r.status, 400, "{v}");
    assert!(v["message"].as_str().unwrap().contains("out of range"), "{v}");
    srv.stop().await;
}

/// Names in a posted record follow the rule of names at tables (a regression: a record could
/// carry names of any length, and its share link showed them to everyone): too long, or
/// without a visible character, is refused naming the seat.
#[tokio::test]
async fn names_in_a_posted_record_follow_the_rule_of_names_at_tables() {
    let mut c = config(&temp_sqlite("review-names"));
    c.review_budget = 0.05;
    let srv = start(c).await;
    let mut record = long_record(1);
    for (name, why) in [
        ("x".repeat(300), "more than 24"),
        ("\u{200B}\u{3164}".to_string(), "no visible character"),
    ] {
        record["seats"] = json!(["Anna", name, "Bo"]);
        let r = call(
            &srv.url,
            "POST",
            "/api/reviews",
            Some(json!({"record": record.clone()})),
        )
        .await;
        let v = json_of(&r);
        assert_eq!((r.status, v["error"].clone()), (400, json!("bad_request")), "{v}");
        let m = v["message"].as_str().unwrap();
        assert!(m.contains("seats[1]") && m.contains(why), "{m}");
    }
    record["seats"] = json!(["Anna", "<b>Bert</b>", "Bo"]);
    let r = call(&srv.url, "POST", "/api/reviews", Some(json!({"record": record}))).await;
    assert!(r.status == 202 || r.status == 200, "{}", json_of(&r));
    srv.stop().await;
}
