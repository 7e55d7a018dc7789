//! Two `binokel serve` processes on one PostgreSQL database (`BINOKEL_TEST_POSTGRES`): a
//! client that reaches the process not owning a table is sent to the owner; when the owner
//! is killed, the other takes the table over from the stored actions and the match goes on.
//!
//! Each run gets a database of its own. (The test was once ignored: on a slow machine the
//! second process adopted the new table as an orphan in the moment between its creation and
//! its creator taking the lease; the table and its lease are now stored in one transaction.)

mod server_common;

use binokel_server::client::http;
use serde_json::json;
use server_common::*;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_process_takes_over_when_the_owner_dies() {
    let Some(admin) = binokel_server::store::test_postgres_url("server_takeover") else {
        return;
    };
    let name = format!("binokel_takeover_{}_{:x}", std::process::id(), rand_suffix());
    let db = binokel_server::store::create_postgres_database(&admin, &name)
        .await
        .unwrap();
    // Long enough that a loaded machine renews in time (every third of it), short enough
    // for a quick takeover.
    let lease = ["--lease-secs", "4"];
    let a = Proc::start(&db, "127.0.0.1:0", &lease);
    let (b, b_metrics) = Proc::start_with_metrics(&db, "127.0.0.1:0", &lease);
    a.ready().await;
    b.ready().await;
    let bot = "random";
    let (code, token) = create(
        &a.url,
        json!({"target": 300, "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}, {"kind": "bot", "bot": bot}]}),
    )
    .await;

    // B routes to A while A owns the table: over WebSocket and over HTTP.
    match hello(&b.ws(), &code, &token).await {
        Hello::Redirect(url) => assert_eq!(url, a.ws()),
        Hello::Seated(_) => panic!("B played a table A owns"),
    }
    let r = http(&b.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap();
    assert_eq!(r.status, 307);
    assert_eq!(
        r.header("location").unwrap(),
        format!("{}/api/tables/{code}", a.url)
    );

    let Hello::Seated(s) = hello(&a.ws(), &code, &token).await else {
        panic!("A redirected")
    };
    let (before, over) = play(*s, Some(4), 0).await;
    // Once (a clean-clone CI rehearsal, session 16, 0.3 s into the test, not reproduced in
    // 17 runs here) this failed without saying which half: say it.
    assert!(
        !over && before.len() == 4,
        "A's first four actions: match over {over}, acknowledged {before:?} (fewer than 4 means A closed the socket)"
    );
    let a_ws = a.ws();
    a.kill();

    // B takes over once A's lease has run out (a client retries on redirect).
    let mut seated = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    while tokio::time::Instant::now() < deadline {
        match hello(&b.ws(), &code, &token).await {
            Hello::Seated(s) => {
                seated = Some(s);
                break;
            }
            Hello::Redirect(url) => {
                assert_eq!(url, a_ws, "B sends the client to A until A's lease runs out");
                tokio::time::sleep(Duration::from_millis(200)).await
            }
        }
    }
    let s = seated.expect("B took the table over");
    assert_eq!(
        metric(&b_metrics, "binokel_lease_takeovers_total").await,
        Some(1.0),
        "B counts the table it took over from A"
    );
    let (after, over) = play(*s, None, 1).await;
    assert!(over, "the match went on to its end on B");
    let game = record(&b.url, &code).await;
    assert!(game.is_over());
    assert_all_there(&game, &before);
    assert_all_there(&game, &after);
    drop(b);
}

fn rand_suffix() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0)
}
