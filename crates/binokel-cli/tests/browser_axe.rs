//! Accessibility (issue #33, point 9): axe-core scans every page of the browser table, at a
//! laptop's size (1366 x 800) and a phone's (390 x 844): the start page, My games, the
//! lobby, the rules, the log in and account pages, the table in each phase (auction, burial,
//! declaration, play, the result), the replay, the review, the score pad and the meld
//! calculator. No critical or serious violation is allowed, nor the two the issue named (a
//! page without an h1, an empty table header). The rule that a control's name contains its visible text
//! (`label-content-name-mismatch`, experimental in axe-core and so off by default) is on.
//!
//! axe-core is not part of the project: it is installed at a pinned version from the npm
//! registry at test time, into the target directory (`CARGO_TARGET_TMPDIR`), never into
//! web/, and injected into each page with WebDriver's executeScript. Without npm or the
//! registry the test is skipped with a message, except under CI (`CI` set), where it fails.

mod browser_common;

use binokel_server::client::http;
use browser_common::*;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// The axe-core release the scans use.
const AXE_VERSION: &str = "4.10.2";

/// The source of axe-core (`axe.min.js`), installed with npm on first use; an error says
/// why it cannot be had.
fn axe_source() -> Result<String, String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("axe-core-{AXE_VERSION}"));
    let file = dir.join("node_modules/axe-core/axe.min.js");
    if !file.exists() {
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let out = Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--no-package-lock",
                "--prefix",
            ])
            .arg(&dir)
            .arg(format!("axe-core@{AXE_VERSION}"))
            .output()
            .map_err(|e| format!("cannot run npm: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "npm install axe-core@{AXE_VERSION} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))
}

/// Runs axe-core on the page as it is now (injecting it first when the page lacks it);
/// answers the violations as "impact rule: target, target… (help)" lines, and every
/// violation's rule id with its impact.
async fn scan(c: &fantoccini::Client, axe: &str, page: &str) -> Vec<(String, String, String)> {
    let has = js(c, "return typeof window.axe === 'object'").await;
    if has != Value::Bool(true) {
        c.execute(axe, vec![]).await.expect("axe-core loads");
    }
    // Motion (cards flying in, panels fading) ends before a scan: colours are measured.
    tokio::time::sleep(Duration::from_millis(450)).await;
    // With BINOKEL_SCREENSHOTS set, each scanned page is saved, to look at both sizes.
    let width = js(c, "return window.innerWidth").await;
    screenshot(c, &format!("axe-{}-{width}", page.replace([' ', '(', ')'], ""))).await;
    let v = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             axe.run(document, {resultTypes: ['violations'], rules: {'label-content-name-mismatch': {enabled: true}}}).then(r => done(r.violations.map(v => \
               [v.id, v.impact || '', v.help + ': ' + v.nodes.slice(0, 4).map(n => n.target.join(' ') \
                 + (n.any[0] && n.any[0].message ? ' [' + n.any[0].message + ']' : '')).join(' | ')]))) \
               .catch(e => done([['axe-error', 'critical', String(e)]]));",
            vec![],
        )
        .await
        .expect("axe runs");
    let list: Vec<(String, String, String)> = serde_json::from_value(v).expect("violations");
    for (id, impact, what) in &list {
        eprintln!("{page}: {impact} {id}: {what}");
    }
    list
}

/// The violations that fail the test: critical and serious ones, a page without an h1 and
/// an empty table header.
fn failing(list: &[(String, String, String)]) -> Vec<String> {
    list.iter()
        .filter(|(id, impact, _)| {
            impact == "critical"
                || impact == "serious"
                || id == "page-has-heading-one"
                || id == "empty-table-header"
        })
        .map(|(id, impact, what)| format!("{impact} {id}: {what}"))
        .collect()
}

async fn call(server: &Server, method: &str, path: &str, body: Option<Value>) -> Value {
    let a = http(&server.url, method, path, body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    a.json().unwrap_or(Value::Null)
}

/// A finished match of three bots, and its review: (table code, review id).
async fn finished_match(server: &Server) -> (String, String) {
    let v = call(
        server,
        "POST",
        "/api/tables",
        Some(json!({"target": 300, "seats": [{"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})),
    )
    .await;
    let code = v["code"].as_str().expect("a code").to_string();
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let s = call(server, "GET", &format!("/api/tables/{code}"), None).await;
        if s["status"] == "finished" {
            break;
        }
        assert!(Instant::now() < until, "the bots did not finish: {s}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let r = call(server, "POST", "/api/reviews", Some(json!({"table": code}))).await;
    let id = r["id"]
        .as_str()
        .unwrap_or_else(|| panic!("a review id: {r}"))
        .to_string();
    (code, id)
}

/// Visits every page at one size and scans it; answers the failing violations per page.
async fn scan_every_page(
    driver: &Driver,
    server: &Server,
    axe: &str,
    size: (u32, u32),
    code: &str,
    review: &str,
) -> Vec<String> {
    let b = browser(driver, "en", size).await;
    let c = &b.client;
    let mut bad = Vec::new();
    let mut check = |page: &str, list: Vec<(String, String, String)>| {
        for f in failing(&list) {
            bad.push(format!("{page} at {}x{}: {f}", size.0, size.1));
        }
    };
    // The table in every phase, against bots: auction, burial, declaration, play, result.
    start_bot_game(c, server, "Anna").await;
    wait_js(c, MY_TURN, "our first turn").await;
    check("table (auction)", scan(c, axe, "auction").await);
    let v = bid_until_soloist(c).await;
    if v["phase"] == "bury" {
        check("table (burial)", scan(c, axe, "burial").await);
        bury_first_offered(c, &v).await;
        wait_js(c, MY_TURN, "the declaration").await;
    }
    check("table (declaration)", scan(c, axe, "declaration").await);
    click(c, "button[data-act^=\"trump \"]").await;
    wait_js(c, "window.binokel.state.view.phase === 'play'", "the play").await;
    check("table (play)", scan(c, axe, "play").await);
    play_until(c, "window.binokel.state.view.phase === 'done'", "the deal's end").await;
    wait_js(c, "document.querySelector('#result')", "the result panel").await;
    check("table (result)", scan(c, axe, "result").await);
    for (page, hash, ready) in [
        ("start", "#/", "#create-form"),
        ("my games", "#/games", "#record-file"),
        ("lobby", "#/lobby", "#qm-name"),
        ("rules", "#/rules/standard", "[data-option]"),
    ] {
        c.goto(&format!("{}/{hash}", server.url)).await.expect(page);
        wait_js(c, &format!("document.querySelector('{ready}')"), page).await;
        check(page, scan(c, axe, page).await);
    }
    // The log in page, then the account page of an account signed up there (issue #36).
    c.goto(&format!("{}/#/login", server.url)).await.expect("log in");
    wait_js(c, "document.querySelector('#signup-form')", "the log in page").await;
    check("log in", scan(c, axe, "log in").await);
    type_into(c, "#signup-name", &format!("Axe {}", size.0)).await;
    type_into(c, "#signup-password", "a long phrase").await;
    type_into(c, "#signup-password2", "a long phrase").await;
    click(c, "#signup-button").await;
    wait_js(
        c,
        "document.querySelector('#nav-account').dataset.state === 'in'",
        "logged in",
    )
    .await;
    c.goto(&format!("{}/#/account", server.url))
        .await
        .expect("account");
    wait_js(c, "document.querySelector('#account-name')", "the account page").await;
    check("account", scan(c, axe, "account").await);
    c.goto(&format!("{}/#/replay/{code}", server.url))
        .await
        .expect("replay");
    wait_js(c, "document.querySelector('#replay-slider')", "the replay").await;
    check("replay", scan(c, axe, "replay").await);
    c.goto(&format!("{}/#/review/{review}", server.url))
        .await
        .expect("review");
    wait_js(c, "document.querySelector('#review-summary')", "the review").await;
    check("review", scan(c, axe, "review").await);
    c.goto(&format!("{}/pad.html", server.url)).await.expect("pad");
    wait_js(c, "document.querySelector('#new-create')", "the pad").await;
    check("pad", scan(c, axe, "pad").await);
    c.goto(&format!("{}/meld.html", server.url)).await.expect("meld");
    wait_js(c, "document.body.dataset.ready === '1'", "the calculator").await;
    type_into(c, "#meld-text", "AS 10S KS QS JS").await;
    wait_js(c, "document.querySelector('#meld-list li')", "the melds").await;
    check("meld", scan(c, axe, "meld").await);
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
    bad
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_critical_or_serious_violation_on_any_page() {
    let axe = match axe_source() {
        Ok(a) => a,
        Err(e) if std::env::var_os("CI").is_some() => panic!("axe-core is needed under CI: {e}"),
        Err(e) => {
            eprintln!("SKIPPED no_critical_or_serious_violation_on_any_page: {e}");
            return;
        }
    };
    let _turn = BROWSERS.lock().await;
    let server = start_server_with(0, &["--tables-per-minute", "0", "--review-budget", "0.05"]);
    let (code, review) = finished_match(&server).await;
    let driver = start_driver();
    let mut bad = scan_every_page(&driver, &server, &axe, LAPTOP, &code, &review).await;
    bad.extend(scan_every_page(&driver, &server, &axe, PHONE, &code, &review).await);
    assert!(
        bad.is_empty(),
        "axe-core {AXE_VERSION} found:\n{}",
        bad.join("\n")
    );
}
