//! Per-table loading (issue #31): loading one table (its database round trips) holds up
//! nobody else. Before, the route to a table held the lock of every table across its
//! database awaits, so one slow load stalled every `hello` and `/health`.

mod common;

use binokel_server::client::http;
use common::*;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_table_load_does_not_stall_health() {
    let Some(db) = fresh_postgres_named("loading", "a_slow_table_load_does_not_stall_health").await else {
        return;
    };
    let mut cfg = config(&db);
    cfg.idle_unload = Duration::from_millis(300);
    let srv = start(cfg).await;
    // A table that is stored but not loaded: created, then unloaded as idle.
    let (code, _) = create(&srv.url, scenarios::one_person_two_bots(1500)).await;
    let loaded = |v: serde_json::Value| v["tables"].as_u64().unwrap_or(99);
    for _ in 0..100 {
        let h = http(&srv.url, "GET", "/health", None).await.unwrap();
        if loaded(h.json().unwrap()) == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let h = http(&srv.url, "GET", "/health", None).await.unwrap();
    assert_eq!(loaded(h.json().unwrap()), 0, "the idle table was unloaded");

    // A slow database for that table: another session holds its row locked.
    use sqlx::Connection;
    let mut blocker = sqlx::PgConnection::connect(&db).await.unwrap();
    sqlx::query("BEGIN").execute(&mut blocker).await.unwrap();
    sqlx::query("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE")
        .execute(&mut blocker)
        .await
        .unwrap();
    let url = srv.url.clone();
    let path = format!("/api/tables/{code}");
    let slow = tokio::spawn(async move { http(&url, "GET", &path, None).await.unwrap().status });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!slow.is_finished(), "the load waits for the database");

    // Meanwhile the server answers what needs no database.
    let health = tokio::time::timeout(Duration::from_secs(2), http(&srv.url, "GET", "/health", None))
        .await
        .expect("/health answers while a table loads")
        .unwrap();
    assert_eq!(health.status, 200);

    sqlx::query("ROLLBACK").execute(&mut blocker).await.unwrap();
    assert_eq!(
        slow.await.unwrap(),
        200,
        "the table loads once the database answers"
    );
    srv.stop().await;
}
