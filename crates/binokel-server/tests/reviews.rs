//! Game reviews over HTTP (issue #21, docs/protocol.md "Reviews") against a real server on
//! a loopback port: SQLite always, PostgreSQL too when `BINOKEL_TEST_POSTGRES` is set. Bots
//! play short matches to their end; their reviews run in the bounded queue at a small
//! budget, are stored, answered at once the second time and read back by a new process;
//! a running match, an illegal record and a full queue are refused with clear errors.

mod common;

use binokel_server::store::Store;
use common::scenarios::one_person_two_bots;
use common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A server whose reviews are quick (a small budget), one at a time and no queue.
fn review_config(database: &str) -> binokel_server::Config {
    let mut c = config(database);
    // Small enough for seconds, large enough that a review outlasts a request.
    c.review_budget = 0.2;
    c.reviews = 1;
    c.review_queue = 0;
    c
}

/// A table of three random bots playing to 50 points, played to its end; its code.
async fn finished_table(url: &str) -> String {
    let (code, _) = create(
        url,
        json!({"rules": "standard", "target": 50, "seats": [
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let s = json_of(&call(url, "GET", &format!("/api/tables/{code}"), None).await);
        if s["status"] == "finished" {
            // The summary tells a finished match's totals and winner.
            let totals = s["totals"].as_array().expect("totals");
            assert_eq!(totals.len(), 3, "{s}");
            let w = s["winner"].as_u64().expect("a winner") as usize;
            assert!(totals[w].as_i64().unwrap() >= 50, "{s}");
            assert!(s["deals"].as_u64().unwrap() >= 1, "{s}");
            return code;
        }
        assert!(Instant::now() < until, "the bots did not finish their match: {s}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Polls a review until it is done; checks the progress answers on the way.
async fn until_done(url: &str, id: &str) -> Value {
    let until = Instant::now() + Duration::from_secs(120);
    loop {
        let a = call(url, "GET", &format!("/api/reviews/{id}"), None).await;
        let v = json_of(&a);
        match v["status"].as_str() {
            Some("done") => {
                assert_eq!(a.status, 200, "{v}");
                return v;
            }
            Some("queued" | "running") => {
                assert_eq!(a.status, 202, "{v}");
                assert!(
                    v["done"].as_u64().unwrap()
                        <= v["total"].as_u64().unwrap().max(v["done"].as_u64().unwrap())
                );
            }
            _ => panic!("unexpected review answer {}: {v}", a.status),
        }
        assert!(Instant::now() < until, "the review did not finish: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn stored_reviews(database: &str) -> usize {
    let store = Store::open(database).await.expect("the database");
    let n = store.review_count().await.expect("count");
    store.close().await;
    n
}

/// The whole story on one database.
async fn reviews_on(database: &str) {
    let srv = start(review_config(database)).await;
    let url = srv.url.clone();
    let a = finished_table(&url).await;
    let b = finished_table(&url).await;

    // Bad requests name what is wrong.
    for body in [json!({}), json!({"table": a, "record": {}}), json!({"tables": a})] {
        let r = call(&url, "POST", "/api/reviews", Some(body.clone())).await;
        assert_eq!(r.status, 400, "{body}: {}", String::from_utf8_lossy(&r.body));
        assert_eq!(json_of(&r)["error"], "bad_request");
    }
    let r = call(
        &url,
        "POST",
        "/api/reviews",
        Some(json!({"record": {"format": "chess"}})),
    )
    .await;
    assert_eq!(r.status, 400);
    assert!(
        json_of(&r)["message"].as_str().unwrap().contains("not a record"),
        "{}",
        json_of(&r)
    );
    let r = call(&url, "POST", "/api/reviews", Some(json!({"table": "ZZZZZZ"}))).await;
    assert_eq!(
        (r.status, json_of(&r)["error"].clone()),
        (404, json!("unknown_table"))
    );
    let r = call(&url, "GET", "/api/reviews/0123456789abcdef0123456789abcdef", None).await;
    assert_eq!(
        (r.status, json_of(&r)["error"].clone()),
        (404, json!("unknown_review"))
    );

    // A running match is refused: its record would show every hand.
    let (running, _) = create(&url, one_person_two_bots(1000)).await;
    let r = call(&url, "POST", "/api/reviews", Some(json!({"table": running}))).await;
    let v = json_of(&r);
    assert_eq!(
        (r.status, v["error"].clone()),
        (409, json!("not_finished")),
        "{v}"
    );
    assert!(
        v["message"].as_str().unwrap().contains("still being played"),
        "{v}"
    );
    let s = json_of(&call(&url, "GET", &format!("/api/tables/{running}"), None).await);
    assert_eq!(s["winner"], Value::Null, "{s}");

    // An illegal record gets the referee's verdict, and nothing is stored.
    let code_a = a.clone();
    let (record_a, _) = record(&url, &a).await;
    let mut bad = record_a.clone();
    let actions = bad["deals"][0]["actions"].as_array_mut().unwrap();
    let k = actions.len() - 1;
    actions[k] = json!("bid 990");
    let r = call(&url, "POST", "/api/reviews", Some(json!({"record": bad}))).await;
    let v = json_of(&r);
    assert_eq!(
        (r.status, v["error"].clone()),
        (422, json!("illegal_record")),
        "{v}"
    );
    let verdict = binokel::record::referee(&bad.to_string()).to_json().unwrap();
    assert_eq!(v["verdict"], verdict);
    assert_eq!(verdict["legal"], false);
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with(&format!("illegal record: deal 0, action {k}: ")),
        "{v}"
    );
    assert_eq!(
        stored_reviews(database).await,
        0,
        "an illegal record stores nothing"
    );

    // A finished match is reviewed in the queue; while it runs the queue is full. Both are
    // asked for at once: one runs, the other is refused.
    let (ra, rb) = tokio::join!(
        call(&url, "POST", "/api/reviews", Some(json!({"table": a}))),
        call(&url, "POST", "/api/reviews", Some(json!({"table": b}))),
    );
    let (mut r, mut busy, mut a, mut b) = (ra, rb, a, b);
    if r.status != 202 {
        std::mem::swap(&mut r, &mut busy);
        std::mem::swap(&mut a, &mut b);
    }
    let v = json_of(&r);
    assert_eq!(r.status, 202, "{v}");
    let bv = json_of(&busy);
    assert_eq!((busy.status, bv["error"].clone()), (503, json!("busy")), "{bv}");
    assert!(bv["message"].as_str().unwrap().contains("try again"), "{bv}");
    let retry: u64 = header(&busy, "retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!(retry >= 1);
    let id = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["share"], format!("/#/review/{id}"));
    let again = json_of(&call(&url, "POST", "/api/reviews", Some(json!({"table": a}))).await);
    assert_eq!(
        again["id"],
        id.as_str(),
        "the same match joins the review under way"
    );
    let record_a = if a == code_a {
        record_a
    } else {
        record(&url, &a).await.0
    };

    let done = until_done(&url, &id).await;
    let review = done["review"].clone();
    assert_eq!(review["format"], "binokel-review/3");
    assert_eq!(review["reviewed"], json!([0, 1, 2]));
    assert!(!review["decisions"].as_array().unwrap().is_empty(), "{review}");
    assert_eq!(done["record"], record_a, "the record reviewed comes along");
    assert_eq!(stored_reviews(database).await, 1);

    // A second request is answered from the database at once: the same document, by table
    // or by the record itself (the id is the record's content).
    let t = Instant::now();
    let second = call(&url, "POST", "/api/reviews", Some(json!({"table": a}))).await;
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    let sv = json_of(&second);
    assert_eq!(
        (second.status, sv["status"].clone()),
        (200, json!("done")),
        "{sv}"
    );
    assert_eq!(sv["review"], review);
    let by_record = json_of(&call(&url, "POST", "/api/reviews", Some(json!({"record": record_a}))).await);
    assert_eq!(by_record["id"], id.as_str());
    assert_eq!(by_record["review"], review);

    // The queue is free again: the other match is reviewed now.
    let r = call(&url, "POST", "/api/reviews", Some(json!({"table": b}))).await;
    assert_eq!(r.status, 202, "{}", json_of(&r));
    let id_b = json_of(&r)["id"].as_str().unwrap().to_string();
    assert_ne!(id_b, id);
    until_done(&url, &id_b).await;
    srv.stop().await;

    // The share link works for anyone, from a new process: the page and the stored review.
    let srv = start(review_config(database)).await;
    let page = call(&srv.url, "GET", "/", None).await;
    assert_eq!(page.status, 200);
    let shared = json_of(
        &call(
            &srv.url,
            "GET",
            &format!("/api/reviews/{}", id.to_uppercase()),
            None,
        )
        .await,
    );
    assert_eq!(shared["status"], "done", "{shared}");
    assert_eq!(shared["review"], review);
    assert_eq!(stored_reviews(database).await, 2);
    srv.stop().await;
}

/// The status of review `id`: (HTTP status, `status` field).
async fn review_status(url: &str, id: &str) -> (u16, String) {
    let a = call(url, "GET", &format!("/api/reviews/{id}"), None).await;
    let v = json_of(&a);
    (a.status, v["status"].as_str().unwrap_or("").to_string())
}

/// Deals begun at a table (from its summary).
async fn deals_of(url: &str, code: &str) -> u64 {
    let s = json_of(&call(url, "GET", &format!("/api/tables/{code}"), None).await);
    s["deals"].as_u64().unwrap_or(0)
}

/// Reviews run on the bot pool: with the smallest pool (`--bot-workers 1`, raised to two
/// workers while reviews are on) and `--reviews 2`, one review runs (never the last
/// worker), the second waits in the queue, a third beyond the queue gets 503 busy, and a
/// table of bots keeps getting its moves while the review runs. At shutdown the running
/// review is cancelled promptly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_share_the_bot_pool_and_leave_a_worker_for_the_tables() {
    let database = temp_sqlite("review-pool");
    let mut c = config(&database);
    c.bot_workers = 1;
    c.reviews = 2;
    c.review_queue = 1;
    // Large: a review of a whole match takes minutes at this budget.
    c.review_budget = 8.0;
    assert_eq!((c.pool_workers(), c.review_slots()), (2, 1));
    let srv = start(c).await;
    let url = srv.url.clone();
    let mut finished = Vec::new();
    for _ in 0..3 {
        finished.push(finished_table(&url).await);
    }
    let post = |code: String| {
        let url = url.clone();
        async move { call(&url, "POST", "/api/reviews", Some(json!({"table": code}))).await }
    };
    let first = post(finished[0].clone()).await;
    assert_eq!(first.status, 202, "{}", json_of(&first));
    let id_a = json_of(&first)["id"].as_str().unwrap().to_string();
    let until = Instant::now() + Duration::from_secs(20);
    while review_status(&url, &id_a).await != (202, "running".to_string()) {
        assert!(Instant::now() < until, "the first review did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The second waits: one review slot on a pool of two workers.
    let second = post(finished[1].clone()).await;
    let v = json_of(&second);
    assert_eq!(
        (second.status, v["status"].clone()),
        (202, json!("queued")),
        "{v}"
    );
    let id_b = v["id"].as_str().unwrap().to_string();
    // The third is beyond the queue.
    let third = post(finished[2].clone()).await;
    let v = json_of(&third);
    assert_eq!((third.status, v["error"].clone()), (503, json!("busy")), "{v}");
    assert!(header(&third, "retry-after").is_some());

    // A table of bots plays on the worker the review leaves free.
    let (code, _) = create(
        &url,
        json!({"rules": "standard", "target": 5000, "seats": [
            {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]}),
    )
    .await;
    let until = Instant::now() + Duration::from_secs(30);
    // Three deals begun: two played to their end by the bots.
    while deals_of(&url, &code).await < 3 {
        assert!(Instant::now() < until, "the bots got no moves while a review ran");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(review_status(&url, &id_a).await, (202, "running".to_string()));
    assert_eq!(review_status(&url, &id_b).await, (202, "queued".to_string()));

    // Shutdown cancels the running review between two decisions and drops the waiting one.
    let t = Instant::now();
    srv.stop().await;
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert_eq!(stored_reviews(&database).await, 0, "nothing half-done is stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_reviews() {
    reviews_on(&temp_sqlite("reviews")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_reviews() {
    let Some(admin) = binokel_server::store::test_postgres_url("reviews (PostgreSQL)") else {
        return;
    };
    let name = format!(
        "binokel_reviews_{}_{:x}",
        std::process::id(),
        rand::random::<u32>()
    );
    let db = binokel_server::store::create_postgres_database(&admin, &name)
        .await
        .expect("a fresh database");
    reviews_on(&db).await;
}
