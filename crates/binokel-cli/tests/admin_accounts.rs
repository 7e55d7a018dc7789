//! `binokel admin accounts|disable|enable|reset-password` (docs/deploy.md, "Operator
//! commands"; docs/accounts.md, "What an operator does") against a real `binokel serve`
//! over HTTP: the accounts listed (text and JSON) with their live sessions; a disabled
//! account loses its session and cannot log in, an enabled one can again; a reset password
//! (from stdin and from a file) works, the old one does not, and every session ends; and
//! the refusals (an unknown name, a short password, a password file that is not there, a
//! password given on the command line), each with exit status 1 or a usage error, and
//! nothing changed.

mod server_common;

use binokel_server::client::{http_with, HttpAnswer};
use serde_json::{json, Value};
use server_common::*;
use std::io::Write;
use std::process::{Output, Stdio};

/// Runs `binokel admin ARGS --database DB` with `stdin` as its standard input (off the
/// async threads).
async fn admin_in(database: &str, args: &[&str], stdin: &str) -> Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_binokel"));
    cmd.arg("admin").args(args).args(["--database", database]);
    cmd.env_remove("BINOKEL_DATABASE").env_remove("DATABASE_URL");
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let input = stdin.to_string();
    tokio::task::spawn_blocking(move || {
        let mut child = cmd.spawn().expect("binokel admin runs");
        let mut pipe = child.stdin.take().unwrap();
        // A command that reads nothing may have exited already: a broken pipe is fine.
        let _ = pipe.write_all(input.as_bytes());
        drop(pipe);
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

async fn admin(database: &str, args: &[&str]) -> Output {
    admin_in(database, args, "").await
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

async fn send(url: &str, method: &str, path: &str, body: Option<Value>, cookie: Option<&str>) -> HttpAnswer {
    let headers: Vec<(&str, &str)> = cookie.map(|c| ("Cookie", c)).into_iter().collect();
    http_with(None, url, method, path, body.as_ref(), &headers)
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

fn error_of(a: &HttpAnswer) -> String {
    a.json()
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The `name=value` of the login cookie an answer sets.
fn cookie_of(a: &HttpAnswer) -> String {
    let set = a
        .header("set-cookie")
        .unwrap_or_else(|| panic!("no Set-Cookie: {}", String::from_utf8_lossy(&a.body)));
    set.split(';').next().unwrap().trim().to_string()
}

async fn log_in(url: &str, name: &str, password: &str) -> HttpAnswer {
    send(
        url,
        "POST",
        "/api/session",
        Some(json!({"name": name, "password": password})),
        None,
    )
    .await
}

/// Whether the session of `cookie` is a login (`GET /api/session` answers 200).
async fn logged_in(url: &str, cookie: &str) -> bool {
    let a = send(url, "GET", "/api/session", None, Some(cookie)).await;
    match a.status {
        200 => true,
        401 => {
            assert_eq!(error_of(&a), "not_logged_in");
            false
        }
        s => panic!("GET /api/session answered {s}"),
    }
}

/// The line of the account `name` in `binokel admin accounts`.
async fn listed(db: &str, name: &str) -> String {
    let o = admin(db, &["accounts"]).await;
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.lines().all(|l| l.chars().count() <= 80),
        "fits 80 columns:\n{text}"
    );
    text.lines()
        .find(|l| l.split_whitespace().nth(1) == Some(name))
        .unwrap_or_else(|| panic!("{name} listed:\n{text}"))
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_operator_disables_enables_and_resets_an_account_of_a_running_server() {
    let db = temp_sqlite("admin-accounts");
    let p = Proc::start(&db, "127.0.0.1:0", &[]);
    p.ready().await;
    let o = admin(&db, &["accounts"]).await;
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o).trim(), "no accounts");

    let a = send(
        &p.url,
        "POST",
        "/api/accounts",
        Some(json!({"name": "Hans", "password": "hans password"})),
        None,
    )
    .await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let hans = cookie_of(&a);
    let a = send(
        &p.url,
        "POST",
        "/api/accounts",
        Some(json!({"name": "Grete", "password": "grete password"})),
        None,
    )
    .await;
    let grete = cookie_of(&a);
    assert!(logged_in(&p.url, &hans).await);

    // The list: text and JSON, with the live sessions.
    let line = listed(&db, "Hans").await;
    assert!(line.contains("active") && line.ends_with(" 1"), "{line}");
    let o = admin(&db, &["accounts", "--json"]).await;
    let list: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Hans", "Grete"], "oldest first");
    assert_eq!(list[0]["canonical"], "hans");
    assert_eq!(list[0]["disabled"], false);
    assert_eq!(list[0]["sessions"], 1);
    assert!(list[0]["created_ms"].as_i64().unwrap() > 0);

    // Disabled (the name in any case): its session ends at once, it cannot log in; Grete
    // keeps hers.
    let o = admin(&db, &["disable", "HANS"]).await;
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        out(&o).contains("disabled the account Hans: 1 login session ended"),
        "{}",
        out(&o)
    );
    assert!(
        !logged_in(&p.url, &hans).await,
        "the disabled account's session ended"
    );
    assert!(
        logged_in(&p.url, &grete).await,
        "another account keeps its session"
    );
    let a = log_in(&p.url, "Hans", "hans password").await;
    assert_eq!((a.status, error_of(&a).as_str()), (403, "account_disabled"));
    assert!(listed(&db, "Hans").await.contains("disabled"));
    let o = admin(&db, &["disable", "Hans"]).await;
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("was disabled already"), "{}", out(&o));

    // Enabled: it logs in again.
    let o = admin(&db, &["enable", "hans"]).await;
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("enabled the account Hans"), "{}", out(&o));
    let a = log_in(&p.url, "Hans", "hans password").await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    let hans = cookie_of(&a);

    // A reset from stdin: the session ends, the old password is wrong, the new one works.
    let o = admin_in(&db, &["reset-password", "Hans"], "reset by the club\n").await;
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("set a new password for Hans"), "{}", out(&o));
    assert!(!logged_in(&p.url, &hans).await, "a reset ends every session");
    let a = log_in(&p.url, "Hans", "hans password").await;
    assert_eq!((a.status, error_of(&a).as_str()), (401, "wrong_login"));
    let a = log_in(&p.url, "Hans", "reset by the club").await;
    assert_eq!(a.status, 200, "the new password, without the line's end, works");

    // A reset from a file (CRLF line end).
    let file = std::env::temp_dir().join(format!("binokel-admin-pw-{}", std::process::id()));
    std::fs::write(&file, "from a file, this one\r\n").unwrap();
    let o = admin(
        &db,
        &[
            "reset-password",
            "Hans",
            "--password-file",
            file.to_str().unwrap(),
        ],
    )
    .await;
    assert!(o.status.success(), "{}", err(&o));
    let _ = std::fs::remove_file(&file);
    assert_eq!(log_in(&p.url, "Hans", "reset by the club").await.status, 401);
    assert_eq!(log_in(&p.url, "Hans", "from a file, this one").await.status, 200);
    assert!(logged_in(&p.url, &grete).await, "Grete was never touched");
    p.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_accounts_names_what_is_wrong() {
    let db = temp_sqlite("admin-accounts-refusals");
    let p = Proc::start(&db, "127.0.0.1:0", &[]);
    p.ready().await;
    let a = send(
        &p.url,
        "POST",
        "/api/accounts",
        Some(json!({"name": "Ida", "password": "ida password"})),
        None,
    )
    .await;
    assert_eq!(a.status, 201);

    for args in [
        &["disable", "Nobody"][..],
        &["enable", "Nobody"],
        &["reset-password", "Nobody"],
    ] {
        let o = admin_in(&db, args, "long enough password\n").await;
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            err(&o).contains("no account is named `Nobody`"),
            "{args:?}: {}",
            err(&o)
        );
    }
    let o = admin_in(&db, &["reset-password", "Ida"], "short\n").await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("fewer than 8"), "{}", err(&o));
    let o = admin_in(&db, &["reset-password", "Ida"], "").await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("no password"), "{}", err(&o));
    let o = admin_in(&db, &["reset-password", "Ida"], "two\nlines of it\n").await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("one line"), "{}", err(&o));
    let o = admin(
        &db,
        &["reset-password", "Ida", "--password-file", "/nonexistent/pw"],
    )
    .await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("/nonexistent/pw"), "{}", err(&o));
    // Never on the command line (where `ps` and the shell's history show it).
    let o = admin_in(&db, &["reset-password", "Ida", "a new password"], "").await;
    assert!(!o.status.success());
    assert!(err(&o).contains("unexpected argument"), "{}", err(&o));

    // Nothing changed: the old password still works.
    assert_eq!(log_in(&p.url, "Ida", "ida password").await.status, 200);
    p.kill();
}
