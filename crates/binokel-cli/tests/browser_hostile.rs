//! Hostile names in headless Chromium (issue #30): people named like markup
//! (`<img src=x onerror=a()>`, `<a href=//evil>x</a>`, `&lt;b&gt;`, `"'><svg/onload=1>`) go
//! through every page that shows a name: the join page, the lobby (an open table and a
//! running one), the table, the result panel and the match-over dialog, the spectator's
//! table, My games, the replay (every position of the first deal), the review and the score
//! pad (the form, the sheet, the winner, the settlement and the list of pads). On each the DOM holds every name as text (the element's `textContent` holds the
//! literal string), and no element made of a name ever exists: a MutationObserver put into
//! the page watches every drawing, not only the moments the test looks
//! (web/js/html.js, docs/web.md "Markup and escaping").

mod browser_common;

use binokel_server::client::http;
use browser_common::*;
use fantoccini::Client;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Four names, each at most 24 characters (the server's limit) and each markup if a page
/// wrote it as HTML: an image with a handler, a link off the site, an escaped tag that
/// would turn into a real one if unescaped once more, and a break out of a quoted attribute.
const NAMES: [&str; 4] = [
    "<img src=x onerror=a()>",
    "<a href=//evil>x</a>",
    "&lt;b&gt;",
    "\"'><svg/onload=1>",
];

/// What a name would make if it were written as markup (`&lt;b&gt;` unescaped once more
/// would lose its text, which [`assert_names`] looks for).
const MADE_OF_A_NAME: &str = "img[src=\"x\"], a[href*=\"evil\"], svg[onload], [onerror], [onload]";

/// Puts a watcher into the page (again after a page load): every element made of a name
/// that ever appears is kept in `window.__hostile`.
async fn watch(c: &Client) {
    js(
        c,
        &format!(
            "if (!window.__hostile) {{ const found = window.__hostile = []; \
               const look = () => {{ for (const el of document.querySelectorAll({sel})) \
                 found.push(el.outerHTML.slice(0, 160)); }}; \
               new MutationObserver(look).observe(document.documentElement, \
                 {{subtree: true, childList: true, attributes: true}}); look(); }}",
            sel = serde_json::to_string(MADE_OF_A_NAME).expect("a selector"),
        ),
    )
    .await;
}

/// Fails if an element made of a name appeared on the page since [`watch`].
async fn assert_clean(c: &Client, page: &str) {
    let found = js(c, "return window.__hostile || null").await;
    assert_eq!(
        found,
        json!([]),
        "{page}: elements made of a player's name (or no watcher in the page)"
    );
}

/// Waits until the element `css` holds each of `names` as text, then checks that the page
/// made no element of a name.
async fn assert_names(c: &Client, css: &str, names: &[&str], page: &str) {
    let script = format!(
        "(() => {{ const el = document.querySelector({sel}); \
           return !!el && {names}.every(n => el.textContent.includes(n)); }})()",
        sel = serde_json::to_string(css).expect("a selector"),
        names = serde_json::to_string(names).expect("names"),
    );
    wait_js(c, &script, &format!("{page}: the names as text in {css}")).await;
    assert_clean(c, page).await;
}

/// A call of the server's HTTP API: the status and the JSON answer.
async fn call(server: &Server, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let a = http(&server.url, method, path, body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    (a.status, a.json().unwrap_or(Value::Null))
}

/// Creates a table; its code.
async fn create(server: &Server, body: Value) -> String {
    let (status, v) = call(server, "POST", "/api/tables", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    v["code"].as_str().expect("code").to_string()
}

/// Waits until table `code` has `status`.
async fn wait_status(server: &Server, code: &str, status: &str) {
    let until = Instant::now() + Duration::from_secs(90);
    loop {
        let (_, s) = call(server, "GET", &format!("/api/tables/{code}"), None).await;
        if s["status"] == status {
            return;
        }
        assert!(Instant::now() < until, "table {code} never {status}: {s}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_names_stay_text_on_every_page() {
    let _turn = BROWSERS.lock().await;
    // People who are away are played by a bot at once (short grace and turn clock), so a
    // table of four people plays itself to its end; the result panel waits 2 s.
    let server = start_server_with(
        0,
        &[
            "--tables-per-minute",
            "0",
            "--grace-secs",
            "0.3",
            "--turn-secs",
            "0.5",
            "--ready-secs",
            "2",
            "--review-budget",
            "0.05",
        ],
    );
    // A public match of one person and two bots: it waits for that person, who never comes,
    // so it stays in the lobby's running list.
    create(
        &server,
        json!({"public": true, "name": NAMES[1], "seats": [{"kind": "human"},
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    // A public table of four people (Kreuz) to 100: three seats taken here, the fourth by
    // the browser from the lobby.
    let code = create(
        &server,
        json!({"rules": "kreuz", "target": 100, "public": true, "name": NAMES[0],
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    for name in &NAMES[1..3] {
        let (status, v) = call(
            &server,
            "POST",
            &format!("/api/tables/{code}/join"),
            Some(json!({ "name": name })),
        )
        .await;
        assert_eq!(status, 200, "{v}");
    }

    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/join/{code}", server.url))
        .await
        .expect("the join page");
    watch(c).await;
    assert_names(c, "#join-info", &NAMES[..3], "the join page").await;

    // The lobby: the open table with three names, the running match with one.
    c.goto(&format!("{}/#/lobby", server.url))
        .await
        .expect("the lobby");
    assert_names(c, "#lobby-open", &NAMES[..3], "the lobby's open tables").await;
    assert_names(c, "#lobby-running", &NAMES[1..2], "the lobby's running matches").await;
    type_into(c, "#qm-name", NAMES[3]).await;
    click(c, &format!(".lobby-join[data-code=\"{code}\"]")).await;

    // The table: every name in the seats, the scores and the log; the result panel and the
    // match-over dialog when the bots playing for everyone have finished.
    wait_js(c, "document.querySelector('.table-page .felt')", "the table").await;
    assert_names(c, ".table-page", &NAMES, "the table").await;
    assert_names(c, "#score-sheet", &NAMES, "the table's score sheet").await;
    assert_names(c, "#result", &NAMES, "the result panel").await;
    wait_status(&server, &code, "finished").await;
    assert_names(c, "#match-over", &NAMES, "the match-over dialog").await;
    screenshot(c, "hostile-table").await;

    // The spectator's table of the same match.
    c.goto(&format!("{}/#/watch/{code}", server.url))
        .await
        .expect("the spectator's page");
    assert_names(c, "#score-sheet", &NAMES, "the spectator's table").await;
    assert_names(c, ".felt", &NAMES, "the spectator's seats").await;

    // My games: the finished match names its winner.
    c.goto(&format!("{}/#/games", server.url))
        .await
        .expect("My games");
    let winner = wait_js(
        c,
        &format!(
            "(() => {{ const el = document.querySelector('.games-list li[data-code=\"{code}\"] .game-state[data-state=\"finished\"]'); \
               return el && {names}.find(n => el.textContent.includes(n)); }})()",
            names = serde_json::to_string(&NAMES).expect("names"),
        ),
        "My games: the winner's name as text",
    )
    .await;
    assert!(winner.is_string(), "{winner}");
    assert_clean(c, "My games").await;

    // The replay: every position of the first deal (the auction's "Bid N: name" included).
    c.goto(&format!("{}/#/replay/{code}", server.url))
        .await
        .expect("the replay");
    assert_names(c, ".replay-seats", &NAMES, "the replay").await;
    let bids = js(
        c,
        &format!(
            "const names = {names}; const slider = () => document.querySelector('#replay-slider'); \
             const max = Number(slider().max); let bids = 0; const missing = []; \
             for (let i = 0; i <= max; i++) {{ const s = slider(); s.value = String(i); s.dispatchEvent(new Event('input')); \
               const text = document.querySelector('#replay-action').textContent; \
               if (/Bid \\d+/.test(text)) {{ bids++; if (!names.some(n => text.includes(n))) missing.push(text); }} \
               if (!names.every(n => document.querySelector('#replay').textContent.includes(n))) missing.push('step ' + i); }} \
             return [bids, missing];",
            names = serde_json::to_string(&NAMES).expect("names"),
        ),
    )
    .await;
    assert!(
        bids[0].as_u64().expect("a count") > 0,
        "no bid in the replay: {bids}"
    );
    assert_eq!(bids[1], json!([]), "replay positions without the names as text");
    assert_clean(c, "the replay").await;
    assert_names(c, "#replay-result", &NAMES, "the replay's result").await;

    // The review of the match, from My games' button.
    c.goto(&format!("{}/#/games", server.url))
        .await
        .expect("My games");
    click(c, &format!(".games-list li[data-code=\"{code}\"] .games-review")).await;
    assert_names(c, "#review-summary", &NAMES, "the review's summary").await;
    assert_names(c, ".replay-seats", &NAMES, "the review's seats").await;
    screenshot(c, "hostile-review").await;

    // The score pad: three of the names, one deal with a stake, the sheet and the settlement.
    c.goto(&format!("{}/pad.html", server.url))
        .await
        .expect("the pad");
    wait_js(
        c,
        "document.body.dataset.ready === '1' && !document.querySelector('#pad-new').hidden",
        "the new pad form",
    )
    .await;
    watch(c).await;
    let players = [NAMES[0], NAMES[1], NAMES[3]];
    for (i, name) in players.iter().enumerate() {
        type_into(c, &format!("#new-name-{i}"), name).await;
    }
    // To 100: the one deal below decides the match, so the settlement is drawn.
    type_into(c, "#new-target", "100").await;
    type_into(c, "#new-stake", "0.05").await;
    click(c, "#new-create").await;
    wait_js(
        c,
        "document.body.dataset.mode === 'edit' && window.binokelPad.state",
        "the pad",
    )
    .await;
    assert_names(c, "#deal-seats", &players, "the pad's deal form").await;
    assert_names(c, "#deal-soloist", &players, "the pad's soloist choice").await;
    click(c, "#deal-soloist option[value=\"1\"]").await;
    type_into(c, "#deal-bid", "200").await;
    click(c, "#deal-contract option[value=\"trump S\"]").await;
    type_into(c, "#meld-1", "150").await;
    type_into(c, "#cp-0", "80").await;
    type_into(c, "#cp-1", "90").await;
    click(c, "#deal-save").await;
    wait_js(
        c,
        "document.querySelectorAll('#pad-sheet tbody tr:not(.pending)').length === 1",
        "the saved deal",
    )
    .await;
    assert_names(c, "#pad-sheet", &players, "the pad's sheet").await;
    assert_names(c, "#pad-sheet tbody", &players[1..2], "the pad's deal row").await;
    assert_names(c, "#pad-status", &players[1..2], "the pad's winner").await;
    assert_names(c, "#pad-settlement", &players[1..2], "the pad's settlement").await;
    screenshot(c, "hostile-pad").await;
    // The list of one's pads on the new pad page.
    c.goto(&format!("{}/pad.html#new", server.url))
        .await
        .expect("the pad list");
    c.refresh().await.expect("reload");
    watch(c).await;
    assert_names(c, "#pad-list", &players, "the list of pads").await;

    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
