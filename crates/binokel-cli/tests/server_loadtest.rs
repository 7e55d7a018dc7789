//! CI's small load test: `binokel loadtest` with tens of tables against an in-process server
//! on a fresh SQLite file; no errors and no acknowledged action lost.

use std::process::Command;

#[test]
fn a_small_loadtest_has_no_errors_and_loses_nothing() {
    let out = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args([
            "loadtest",
            "--tables",
            "30",
            "--think-ms",
            "200",
            "--duration-secs",
            "4",
            "--json",
        ])
        .env("RUST_LOG", "warn")
        .output()
        .expect("binokel loadtest runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let r: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "not a JSON report ({e}): {text} {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_eq!(r["errors"], 0, "{r}");
    assert_eq!(r["lost"], 0, "{r}");
    assert_eq!(r["connections"], 90);
    // 30 tables acting every 0.2 s on average for 4 s: hundreds of actions.
    assert!(r["actions"].as_u64().unwrap() > 100, "{r}");
    assert!(r["p99_ms"].as_f64().unwrap() > 0.0);
    assert!(out.status.success());
}
