//! The deal of the day in the browser (issue #38, docs/daily.md) in headless Chromium against
//! the real `binokel serve` (3 deals against random bots, the day fixed by the test hook
//! `--daily-today`): a guest is sent to log in or to yesterday's deals; a logged-in player
//! plays the day's deals from the page to the end of the match; the page then shows the
//! result, the ranking and how each deal was played, with the review button; at the phone's
//! and the laptop's size (the phone in German), without a horizontal scroll bar or an error on the page.

mod browser_common;

use browser_common::*;
use fantoccini::Client;
use serde_json::Value;

/// Signs up from the page (the answer's cookie is the page's login).
async fn sign_up(c: &Client, name: &str) {
    let status = c
        .execute_async(
            "const [name, done] = [arguments[0], arguments[arguments.length - 1]];
             fetch('/api/accounts', {method: 'POST', headers: {'content-type': 'application/json'},
               body: JSON.stringify({name, password: 'correct horse'})}).then(r => done(r.status), () => done(0));",
            vec![Value::String(name.into())],
        )
        .await
        .expect("fetch runs");
    assert_eq!(status, 201, "sign up {name}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_the_day_from_the_page_then_see_the_ranking_and_the_deals() {
    let _turn = BROWSERS.lock().await;
    let server = start_server_with(
        0,
        &[
            "--daily-deals",
            "3",
            "--daily-bot",
            "random",
            "--daily-today",
            "2026-12-05",
        ],
    );
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;

    // A guest: log in for today, or yesterday's deals.
    c.goto(&format!("{}/#/daily", server.url))
        .await
        .expect("the daily page");
    wait_js(c, "document.querySelector('#daily-login')", "the guest's note").await;
    assert_eq!(text_of(c, "#daily-day").await, "2026-12-05");
    let past = js(
        c,
        "return document.querySelector('#daily-guest-past').getAttribute('href')",
    )
    .await;
    assert_eq!(past, "#/daily/2026-12-04");
    screenshot(c, "daily-guest-laptop").await;
    click(c, "#daily-guest-past").await;
    wait_js(
        c,
        "document.querySelector('#daily-play-past')",
        "a past day's play button",
    )
    .await;
    wait_js(
        c,
        "document.querySelector('#daily-ranking-empty')",
        "the past day's empty ranking",
    )
    .await;

    // Logged in: play the ranked try from the page, to the end.
    sign_up(c, "Anna").await;
    c.goto(&format!("{}/#/daily", server.url))
        .await
        .expect("the daily page");
    c.refresh().await.expect("reload with the login");
    click(c, "#daily-play").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    let code = text_of(c, "#table-code").await;
    play_until(
        c,
        "document.querySelector('#match-over')",
        "the end of the day's match",
    )
    .await;

    // The page: the result, the ranking (Anna alone: nothing compared), the deals.
    c.goto(&format!("{}/#/daily", server.url))
        .await
        .expect("the daily page");
    wait_js(c, "document.querySelector('#daily-result')", "the result").await;
    let result = text_of(c, "#daily-result").await;
    assert!(result.contains("place 1"), "{result}");
    let row = text_of(c, "#daily-ranking tbody tr").await;
    assert!(row.contains("Anna"), "{row}");
    wait_js(
        c,
        "document.querySelectorAll('.daily-deal').length === 3",
        "the three deals",
    )
    .await;
    // Each deal shows Anna's play of it with its replay, or says nobody's try played it (a
    // deal everyone passed is thrown in, and not compared).
    let each = js(
        c,
        &format!(
            "return [...document.querySelectorAll('.daily-deal')].every(d => \
               d.querySelector('li[data-code=\"{code}\"] a[href=\"#/replay/{code}\"]') || \
               (d.querySelector('p.muted') && !d.querySelector('li')))"
        ),
    )
    .await;
    assert_eq!(each, Value::Bool(true), "{}", text_of(c, "#daily-deals").await);
    wait_js(
        c,
        "document.querySelector('#daily-review') && document.querySelector('#daily-unranked')",
        "review and unranked play",
    )
    .await;
    assert_fits_width(c, "the daily page at 1366 x 800").await;
    assert_no_js_errors(&b).await;
    screenshot(c, "daily-laptop").await;

    // At the phone's size, in German.
    let p = browser(&driver, "de", PHONE).await;
    let pc = &p.client;
    pc.goto(&format!("{}/#/daily/2026-12-05", server.url))
        .await
        .expect("the daily page");
    wait_js(
        pc,
        "document.querySelector('#daily-ranking tbody tr')",
        "the ranking on the phone",
    )
    .await;
    assert_eq!(text_of(pc, "#daily-ranking-panel h2").await, "Wertung");
    assert_fits_width(pc, "the daily page at 390 x 844").await;
    let fits = js(
        pc,
        "const p = document.querySelector('#daily-ranking-panel'); return p.scrollWidth <= p.clientWidth + 1",
    )
    .await;
    assert_eq!(
        fits,
        Value::Bool(true),
        "the ranking is wider than its panel on the phone"
    );
    assert_no_js_errors(&p).await;
    screenshot(pc, "daily-phone").await;

    // Play again, unranked: a new table.
    click(c, "#daily-unranked").await;
    wait_js(c, "document.querySelector('#hand .card')", "the unranked table").await;
    assert_ne!(text_of(c, "#table-code").await, code);
}
