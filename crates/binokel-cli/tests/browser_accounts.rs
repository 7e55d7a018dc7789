//! Accounts in the browser (issue #36, docs/web.md "Accounts") in headless Chromium against
//! the real `binokel serve`: sign up, the top bar's entry, log out, log in, the password
//! changed, log out everywhere and the deletion, seen from two browsers (two profiles, two
//! cookie jars); and, once the server's rated tables exist, a rated match against two bot
//! accounts with the rating change, the profile and the history.

mod browser_common;

use browser_common::*;
use fantoccini::{Client, Locator};
use serde_json::json;

/// Waits until the top bar's account entry is in `state` ("in" or "out": the server has
/// answered who is logged in) and answers its text.
async fn header(c: &Client, state: &str) -> String {
    wait_js(
        c,
        &format!("document.querySelector('#nav-account').dataset.state === '{state}'"),
        &format!("the top bar's entry logged {state}"),
    )
    .await;
    // Its text even where the phone's menu hides it.
    js(c, "return document.querySelector('#nav-account').textContent")
        .await
        .as_str()
        .expect("text")
        .to_string()
}

/// What `GET /api/session` answers this page: its HTTP status.
async fn session_status(c: &Client) -> u64 {
    c.execute_async(
        "const done = arguments[arguments.length - 1]; fetch('/api/session').then(r => done(r.status), () => done(0));",
        vec![],
    )
    .await
    .expect("fetch runs")
    .as_u64()
    .expect("a status")
}

/// Logs in on the page #/login.
async fn log_in(c: &Client, server: &Server, name: &str, password: &str) {
    c.goto(&format!("{}/#/login", server.url))
        .await
        .expect("the log in page");
    wait_js(c, "document.querySelector('#login-form')", "the log in form").await;
    type_into(c, "#login-name", name).await;
    type_into(c, "#login-password", password).await;
    click(c, "#login-button").await;
}

/// The text of a page's error line once it shows.
async fn error_of(c: &Client, css: &str) -> String {
    wait_js(
        c,
        &format!("!document.querySelector('{css}').hidden && document.querySelector('{css}').textContent"),
        css,
    )
    .await
    .as_str()
    .expect("text")
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_log_out_log_in_change_the_password_and_log_out_everywhere() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let first = browser(&driver, "en", LAPTOP).await;
    let c = &first.client;

    // A guest: the top bar offers to log in; the rated box is off and says why.
    open_start_page(c, &server).await;
    assert_eq!(header(c, "out").await, "Log in");
    wait_js(
        c,
        "document.querySelector('#create-rated-note a[href=\"#/login\"]')",
        "the rated box's note for guests",
    )
    .await;
    assert_eq!(
        js(c, "return document.querySelector('#create-rated').disabled").await,
        json!(true),
        "a guest cannot create a rated table"
    );
    assert!(text_of(c, "#create-rated-note").await.contains("account"));

    // Sign up from the top bar: two different passwords are caught on the page, then the
    // account is made and the person is logged in where they came from.
    click(c, "#nav-account").await;
    wait_js(c, "document.querySelector('#signup-form')", "the sign up form").await;
    type_into(c, "#signup-name", "Anna <b>").await;
    type_into(c, "#signup-password", "correct horse").await;
    type_into(c, "#signup-password2", "correct hose").await;
    click(c, "#signup-button").await;
    assert_eq!(error_of(c, "#signup-error").await, "The two passwords differ.");
    type_into(c, "#signup-password2", "correct horse").await;
    click(c, "#signup-button").await;
    assert_eq!(header(c, "in").await, "Anna <b>", "the name, as text");
    wait_js(c, "location.hash === '#/'", "back on the start page").await;
    // Logged in: the rated box is on offer and the name fields hold the account's name.
    wait_js(
        c,
        "document.querySelector('#create-rated') && !document.querySelector('#create-rated').disabled",
        "the rated box enabled",
    )
    .await;
    assert_eq!(
        js(
            c,
            "const n = document.querySelector('#create-name'); return [n.value, n.readOnly]"
        )
        .await,
        json!(["Anna <b>", true])
    );

    // Logged in, a game against bots plays as before (`hello` carries "account": true
    // beside the seat's token); My games lists it (from the browser's own list while the
    // server has no list of the account's games).
    click(c, "#quick-play").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    let code = text_of(c, "#table-code").await;
    c.goto(&format!("{}/#/games", server.url))
        .await
        .expect("my games");
    wait_js(
        c,
        &format!("document.querySelector('li[data-code=\"{code}\"]')"),
        "the table in My games",
    )
    .await;
    // A profile nobody holds says so.
    c.goto(&format!("{}/#/players/Nobody%20here", server.url))
        .await
        .expect("a profile");
    assert_eq!(
        text_of(c, "#profile-error").await,
        "There is no player named \u{201c}Nobody here\u{201d}."
    );

    // The lobby's quick match offers a rated table too; ticked, the target and the series
    // are the preset's.
    c.goto(&format!("{}/#/lobby", server.url))
        .await
        .expect("the lobby");
    wait_js(
        c,
        "document.querySelector('#qm-rated') && !document.querySelector('#qm-rated').disabled",
        "the quick match's rated box enabled",
    )
    .await;
    type_into(c, "#qm-target", "500").await;
    click(c, "#qm-rated").await;
    assert_eq!(
        js(c, "const t = document.querySelector('#qm-target'); const n = document.querySelector('#qm-name'); return [t.disabled, t.value, n.value, n.readOnly]").await,
        json!([true, "", "Anna <b>", true])
    );

    // The account page: the name, since when; a wrong current password is refused.
    click(c, "#nav-account").await;
    wait_js(c, "document.querySelector('#account-name')", "the account page").await;
    assert_eq!(text_of(c, "#account-name").await, "Anna <b>");
    assert!(text_of(c, "#account-since").await.starts_with("Member since"));
    assert_eq!(
        js(
            c,
            "return document.querySelector('#account-profile').getAttribute('href')"
        )
        .await,
        json!("#/players/Anna%20%3Cb%3E")
    );
    type_into(c, "#password-old", "not my password").await;
    type_into(c, "#password-new", "battery staple").await;
    click(c, "#password-button").await;
    assert_eq!(error_of(c, "#password-error").await, "The password is wrong.");

    // Log out; a wrong password at login is refused without saying which part is wrong.
    click(c, "#logout-button").await;
    assert_eq!(header(c, "out").await, "Log in");
    assert_eq!(session_status(c).await, 401, "logged out at the server");
    log_in(c, &server, "anna <b>", "wrong password").await;
    assert_eq!(
        error_of(c, "#login-error").await,
        "The name or the password is wrong."
    );
    // The right password (the name's case does not matter).
    type_into(c, "#login-password", "correct horse").await;
    click(c, "#login-button").await;
    assert_eq!(header(c, "in").await, "Anna <b>");

    // A second browser logs in too.
    let second = browser(&driver, "en", LAPTOP).await;
    let c2 = &second.client;
    log_in(c2, &server, "Anna <b>", "correct horse").await;
    assert_eq!(header(c2, "in").await, "Anna <b>");

    // The first changes the password: the second's login ends, the first's stays.
    c.goto(&format!("{}/#/account", server.url))
        .await
        .expect("the account page");
    wait_js(c, "document.querySelector('#password-form')", "the password form").await;
    type_into(c, "#password-old", "correct horse").await;
    type_into(c, "#password-new", "battery staple").await;
    click(c, "#password-button").await;
    wait_js(
        c,
        "!document.querySelector('#password-done').hidden",
        "the password changed",
    )
    .await;
    assert_eq!(session_status(c).await, 200, "this login stays");
    c2.refresh().await.expect("reload");
    assert_eq!(header(c2, "out").await, "Log in", "the other login ended");
    // The old password no longer works, the new one does.
    log_in(c2, &server, "Anna <b>", "correct horse").await;
    assert_eq!(
        error_of(c2, "#login-error").await,
        "The name or the password is wrong."
    );
    type_into(c2, "#login-password", "battery staple").await;
    click(c2, "#login-button").await;
    assert_eq!(header(c2, "in").await, "Anna <b>");

    // Log out everywhere from the first: the second is logged out after a reload.
    c.goto(&format!("{}/#/account", server.url))
        .await
        .expect("the account page");
    click(c, "#logout-all-button").await;
    assert_eq!(header(c, "out").await, "Log in");
    c2.refresh().await.expect("reload");
    assert_eq!(header(c2, "out").await, "Log in", "logged out everywhere");
    assert_eq!(session_status(c2).await, 401);

    // Delete the account: the password is asked again; then the name cannot log in.
    log_in(c2, &server, "Anna <b>", "battery staple").await;
    assert_eq!(header(c2, "in").await, "Anna <b>");
    c2.goto(&format!("{}/#/account", server.url))
        .await
        .expect("the account page");
    wait_js(c2, "document.querySelector('#delete-form')", "the delete form").await;
    type_into(c2, "#delete-password", "correct horse").await;
    click(c2, "#delete-button").await;
    assert_eq!(error_of(c2, "#delete-error").await, "The password is wrong.");
    type_into(c2, "#delete-password", "battery staple").await;
    click(c2, "#delete-button").await;
    assert_eq!(header(c2, "out").await, "Log in");
    log_in(c2, &server, "Anna <b>", "battery staple").await;
    assert_eq!(
        error_of(c2, "#login-error").await,
        "The name or the password is wrong."
    );

    // On a phone the log in page and the account page fit the screen, every control
    // big enough for a finger.
    let phone = browser(&driver, "en", PHONE).await;
    let p = &phone.client;
    log_in(p, &server, "Cleo", "whatever it is").await;
    assert_eq!(
        error_of(p, "#login-error").await,
        "The name or the password is wrong."
    );
    assert_fits_width(p, "the log in page on a phone").await;
    assert_eq!(small_controls(p, "#app").await, json!([]), "small controls");
    click(p, "#menu-toggle").await;
    assert_eq!(text_of(p, "#nav-account").await, "Log in");
    type_into(p, "#signup-name", "Cleo").await;
    type_into(p, "#signup-password", "a long phrase").await;
    type_into(p, "#signup-password2", "a long phrase").await;
    click(p, "#signup-button").await;
    assert_eq!(header(p, "in").await, "Cleo");
    p.goto(&format!("{}/#/account", server.url))
        .await
        .expect("the account page");
    wait_js(p, "document.querySelector('#account-name')", "the account page").await;
    assert_fits_width(p, "the account page on a phone").await;
    assert_eq!(small_controls(p, "#app").await, json!([]), "small controls");
    assert_no_js_errors(&phone).await;
    let _ = phone.client.close().await;

    // No name became markup anywhere, and neither page had an error.
    for b in [c, c2] {
        assert_eq!(
            js(b, "return document.querySelectorAll('#topbar b, #app b').length").await,
            json!(0)
        );
    }
    assert_no_js_errors(&first).await;
    assert_no_js_errors(&second).await;
    assert!(!server.log().contains("panicked"), "{}", server.log());
    let _ = second.client.close().await;
    let _ = first.client.close().await;
}

/// Plays this seat's turns, deal after deal, until the match is over (each deal within
/// [`play_until`]'s time).
async fn play_match(c: &Client) {
    for _ in 0..40 {
        let deal = state(c).await["view"]["deal"].as_u64().unwrap_or(0);
        let done = format!(
            "document.querySelector('#match-over') || (window.binokel.state && window.binokel.state.view && window.binokel.state.view.deal > {deal})"
        );
        play_until(c, &done, "the next deal or the end of the match").await;
        if js(c, "return !!document.querySelector('#match-over')").await == json!(true) {
            return;
        }
    }
    panic!("the match did not end in 40 deals");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_match_against_two_bot_accounts_moves_the_rating_and_fills_the_profile() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/login", server.url))
        .await
        .expect("the log in page");
    wait_js(c, "document.querySelector('#signup-form')", "the sign up form").await;
    type_into(c, "#signup-name", "Berta").await;
    type_into(c, "#signup-password", "a long phrase").await;
    type_into(c, "#signup-password2", "a long phrase").await;
    click(c, "#signup-button").await;
    assert_eq!(header(c, "in").await, "Berta");

    // A rated table against two bots (the beginner level: bot accounts with ratings).
    open_start_page(c, &server).await;
    wait_js(
        c,
        "!document.querySelector('#create-rated').disabled",
        "the rated box enabled",
    )
    .await;
    click(c, "#create-rated").await;
    assert_eq!(
        js(c, "return [document.querySelector('#create-target').disabled, document.querySelector('#create-series').disabled]").await,
        json!([true, true]),
        "a rated table plays its preset's target"
    );
    for seat in [1, 2] {
        c.find(Locator::Css(&format!(
            ".seat-bot[data-seat=\"{seat}\"] option[value=\"beginner\"]"
        )))
        .await
        .expect("bot choice")
        .click()
        .await
        .expect("select");
    }
    click(c, "#create-table").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    let code = text_of(c, "#table-code").await;
    // Our seat carries the account mark and links to the profile.
    assert_eq!(
        js(
            c,
            "const a = document.querySelector('#seat-0 .account-name'); return a && a.getAttribute('href')"
        )
        .await,
        json!("#/players/Berta")
    );

    play_match(c).await;
    // The match-over panel shows each account's rating change, ours marked.
    wait_js(
        c,
        "document.querySelector('#rating-changes')",
        "the rating changes",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#rating-changes tbody tr').length"
        )
        .await,
        json!(3),
        "three rated seats: Berta and two bot accounts"
    );
    let mine = text_of(c, "#rating-changes tr.mine").await;
    assert!(mine.contains("Berta"), "{mine}");

    // The profile: the rating of the format (provisional after one match), the
    // statistics and the history with this match and its links.
    c.goto(&format!("{}/#/players/Berta", server.url))
        .await
        .expect("the profile");
    wait_js(c, "document.querySelector('#profile-ratings')", "the ratings").await;
    assert!(text_of(c, "#profile-ratings tr[data-format=\"standard\"]")
        .await
        .contains('?'));
    assert_eq!(
        text_of(c, "#profile-stats tr[data-stat=\"matches\"] td").await,
        "1"
    );
    let row = format!("#profile-history li[data-code=\"{code}\"]");
    wait_js(
        c,
        &format!("document.querySelector('{row}')"),
        "the match in the history",
    )
    .await;
    assert_eq!(
        js(
            c,
            &format!("return [document.querySelector('{row} .history-replay').getAttribute('href'), document.querySelector('{row} .history-record').getAttribute('href')]")
        )
        .await,
        json!([format!("#/replay/{code}"), format!("/api/tables/{code}/record")])
    );
    // My games comes from the server for an account.
    c.goto(&format!("{}/#/games", server.url))
        .await
        .expect("my games");
    wait_js(
        c,
        &format!("document.querySelector('#server-games li[data-code=\"{code}\"]')"),
        "the match in My games",
    )
    .await;
    // The leaderboards page draws (a provisional rating is not listed yet).
    c.goto(&format!("{}/#/leaderboards", server.url))
        .await
        .expect("the leaderboards");
    wait_js(c, "document.querySelector('#leaderboards')", "the leaderboards").await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
