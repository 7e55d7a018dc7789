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

/// With two strong bots per table against a `binokel serve` process of its own (the bots'
/// solver tables lent by its worker pool): no errors, nothing lost, bot moves timed.
#[test]
fn a_small_loadtest_with_bot_seats_against_a_server_process() {
    let db = std::env::temp_dir().join(format!("binokel-loadtest-bots-{}.sqlite3", std::process::id()));
    let database = format!("sqlite://{}", db.display());
    let mut server = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database", &database])
        .args([
            "--deal-pause-ms",
            "0",
            "--bot-delay-ms",
            "100",
            "--tables-per-minute",
            "0",
        ])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("binokel serve starts");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .expect("the address line")
        .to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args([
            "loadtest",
            "--tables",
            "20",
            "--bot-seats",
            "2",
            "--think-ms",
            "200",
        ])
        .args([
            "--duration-secs",
            "4",
            "--json",
            "--url",
            &url,
            "--database",
            &database,
        ])
        .env("RUST_LOG", "warn")
        .output()
        .expect("binokel loadtest runs");
    let _ = server.kill();
    let _ = server.wait();
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let r: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "not a JSON report ({e}): {text} {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_eq!(r["errors"], 0, "{r}");
    assert_eq!(r["lost"], 0, "{r}");
    assert_eq!(r["connections"], 20);
    assert_eq!(r["bot_seats"], 2);
    assert!(r["bot_moves"].as_u64().unwrap() > 20, "{r}");
    assert!(
        r["bot_lag_p50_ms"].as_f64().unwrap() >= 100.0,
        "the bot delay is in the lag: {r}"
    );
    assert!(out.status.success());
}
