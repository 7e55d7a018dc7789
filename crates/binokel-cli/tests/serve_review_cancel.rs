//! The real `binokel serve` binary stops a running game review at shutdown (SIGTERM): the
//! review is cancelled between two decisions, the process exits within seconds, nothing
//! half-done is stored, and a restarted server on the same database runs the review again
//! when asked (docs/protocol.md, "Reviews", "The queue").

mod server_common;

use binokel_server::client::http;
use binokel_server::store::Store;
use serde_json::{json, Value};
use server_common::{listening_url, temp_sqlite};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A finished one-deal match (binokel-ai's known-blunder record).
const RECORD: &str = include_str!("../../binokel-ai/tests/fixtures/ace_blunder.json");

/// Starts `binokel serve` with a large review budget and the smallest pool, its log (info)
/// written to `log`; the child and its URL.
fn serve(database: &str, log: &std::path::Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database", database])
        .args(["--bot-workers", "1", "--review-budget", "4"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).expect("log file"))
        .spawn()
        .expect("binokel serve starts");
    let url = listening_url(&mut child);
    (child, url)
}

/// SIGTERM, then the seconds until the process has exited (at most `limit`).
fn terminate(child: &mut Child, limit: Duration) -> Duration {
    let t = Instant::now();
    let ok = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(ok.success());
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "binokel serve exited with {status}");
            return t.elapsed();
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("binokel serve did not exit within {limit:?} of SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

async fn post_review(url: &str) -> (u16, Value) {
    let body = json!({"record": serde_json::from_str::<Value>(RECORD).unwrap()});
    let a = http(url, "POST", "/api/reviews", Some(&body))
        .await
        .expect("POST");
    (a.status, a.json().expect("JSON"))
}

/// Polls until the review has rated at least one decision and is still running.
async fn until_under_way(url: &str, id: &str) {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let v = http(url, "GET", &format!("/api/reviews/{id}"), None)
            .await
            .expect("GET")
            .json()
            .expect("JSON");
        assert_ne!(v["status"], "done", "the review should take longer: {v}");
        if v["status"] == "running" && v["done"].as_u64().unwrap_or(0) >= 1 {
            return;
        }
        assert!(Instant::now() < until, "the review did not start: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn stored(database: &str) -> usize {
    let store = Store::open(database).await.expect("the database");
    let n = store.review_count().await.expect("count");
    store.close().await;
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_cancels_a_running_review_and_a_restart_runs_it_again() {
    let database = temp_sqlite("review-cancel");
    let log = std::env::temp_dir().join(format!("binokel-review-cancel-{}.log", std::process::id()));
    let (mut child, url) = serve(&database, &log);
    let (status, v) = post_review(&url).await;
    assert_eq!(status, 202, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    until_under_way(&url, &id).await;

    let took = terminate(&mut child, Duration::from_secs(15));
    assert!(took < Duration::from_secs(8), "exit took {took:?}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains("review cancelled") && text.contains(&id),
        "the log does not say the review was cancelled:\n{text}"
    );
    assert!(!text.contains("review stored"), "{text}");
    assert_eq!(stored(&database).await, 0, "nothing half-done is stored");

    // A restarted server runs the same review again (the same id, computed anew).
    let (mut child, url) = serve(&database, &log);
    let (status, v) = post_review(&url).await;
    assert_eq!(status, 202, "{v}");
    assert_eq!(v["id"], id.as_str());
    until_under_way(&url, &id).await;
    terminate(&mut child, Duration::from_secs(15));
    assert_eq!(stored(&database).await, 0);
    std::fs::remove_file(&log).ok();
}
