//! The lobby page in headless Chromium against the real `binokel serve`: a scripted client
//! opens a public table, the lobby shows it live (no reload) and a click takes its free
//! seat; on a phone (in German) the running table is listed to watch, every control is
//! tappable and quick match opens a table whose bots come at once.

mod browser_common;

use binokel_server::client::http;
use browser_common::*;
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_table_appears_live_in_the_lobby_and_a_click_joins_it() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/lobby", server.url))
        .await
        .expect("the lobby");
    wait_js(
        c,
        "document.querySelector('#lobby-live').textContent === '● live' && !document.querySelector('#lobby-open-none').hidden",
        "the live, empty lobby",
    )
    .await;
    assert_eq!(text_of(c, "#lobby-page h1").await, "Lobby: public tables");
    // Quick match offers the four levels, each with its persona, as the start page does.
    assert_eq!(
        js(
            c,
            "return [...document.querySelectorAll('#qm-bot option')].map(o => [o.value, o.textContent])"
        )
        .await,
        json!([
            ["beginner", "Benno · beginner"],
            ["easy", "Frieda · easy"],
            ["medium", "Gottlieb · medium"],
            ["hard", "Karle · hard"]
        ]),
        "quick match's bot levels"
    );
    // Every drop-down shows its chosen text whole ("Standard (3 p" in the quick match form).
    assert_eq!(clipped_selects(c).await, json!([]), "drop-downs cut off");

    // Another player (a scripted client) opens a public table; a private one stays unseen.
    let private = json!({"name": "Pia", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    http(&server.url, "POST", "/api/tables", Some(&private))
        .await
        .expect("create");
    let public = json!({"name": "Anna", "public": true, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    let a = http(&server.url, "POST", "/api/tables", Some(&public))
        .await
        .expect("create");
    assert_eq!(a.status, 201);
    let code = a.json().expect("json")["code"]
        .as_str()
        .expect("code")
        .to_string();
    let shown = Instant::now();
    let row = format!(".lobby-table[data-code=\"{code}\"]");
    wait_js(
        c,
        &format!("document.querySelector('{row} .lobby-join')"),
        "the new table in the lobby",
    )
    .await;
    let took = shown.elapsed();
    assert!(
        took < Duration::from_secs(3),
        "live: the table showed after {took:?}"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#lobby-open .lobby-table').length"
        )
        .await,
        json!(1),
        "only the public table is listed"
    );
    let text = text_of(c, &row).await;
    for want in [
        "Standard (3 players) · to 1500",
        "Anna",
        "free seat",
        "Zufall",
        "waiting 0:0",
    ] {
        assert!(text.contains(want), "{want:?} in {text:?}");
    }
    screenshot(c, "lobby-desktop").await;

    // A click takes the free seat with the typed name; the match begins at once.
    type_into(c, "#qm-name", "Bea").await;
    click(c, &format!("{row} .lobby-join")).await;
    wait_js(c, &format!("location.hash === '#/t/{code}'"), "the table").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    let st = state(c).await;
    assert_eq!(st["seats"][1]["name"], "Bea");
    assert_eq!(st["status"], "playing");

    // The friends' form opens a public table: it is listed in the lobby at once.
    open_start_page(c, &server).await;
    type_into(c, "#create-name", "Dora").await;
    select(
        c,
        ".seat-kind[data-seat=\"1\"] option[value=\"human\"]",
        "a friend's seat",
    )
    .await;
    click(c, "#create-public").await;
    wait_js(
        c,
        "!document.querySelector('#create-fill-box').hidden",
        "the bot fill choice",
    )
    .await;
    click(c, "#create-table").await;
    let hash = wait_js(
        c,
        "location.hash.startsWith('#/t/') && document.querySelector('#waiting') && location.hash",
        "the waiting table",
    )
    .await;
    let made = hash
        .as_str()
        .expect("hash")
        .trim_start_matches("#/t/")
        .to_string();
    let l = http(&server.url, "GET", "/api/lobby", None)
        .await
        .expect("lobby")
        .json()
        .expect("json");
    let open: Vec<&str> = l["open"]
        .as_array()
        .expect("open")
        .iter()
        .map(|e| e["code"].as_str().expect("code"))
        .collect();
    assert_eq!(
        open,
        vec![made.as_str()],
        "the public table from the form is listed: {l}"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;

    // A phone, in German: the running table is listed to watch; every control is tappable
    // and nothing is wider than the screen.
    let p = browser(&driver, "de", PHONE).await;
    let c = &p.client;
    c.goto(&format!("{}/#/lobby", server.url))
        .await
        .expect("the lobby");
    wait_js(
        c,
        &format!("document.querySelector('#lobby-running .lobby-table[data-code=\"{code}\"] .lobby-watch')"),
        "the running table",
    )
    .await;
    assert_eq!(text_of(c, "#lobby-page h1").await, "Lobby: offene Tische");
    screenshot(c, "lobby-phone").await;
    // The top bar's card style reads "Grün Herz" whole (it read "Grün Her"), the language
    // by its code; the form's drop-downs are whole too.
    assert_eq!(clipped_selects(c).await, json!([]), "drop-downs cut off");
    assert_eq!(
        js(c, "const s = document.querySelector('#lang-select'); return [s.options[s.selectedIndex].textContent, s.options[s.selectedIndex].title]").await,
        json!(["DE", "Deutsch"]),
        "the phone's language drop-down"
    );
    assert_fits_width(c, "the lobby on a phone").await;
    assert_eq!(
        small_controls(c, "#lobby-page").await,
        json!([]),
        "controls under 44 px"
    );
    // Quick match with bots at once: no open table of the two-player game, so it opens one
    // and the bot takes the other seat.
    type_into(c, "#qm-name", "Carl").await;
    select(
        c,
        "#qm-preset option[value=\"two-player\"]",
        "the two-player preset",
    )
    .await;
    select(c, "#qm-bot option[value=\"beginner\"]", "the beginner level").await;
    select(c, "#qm-wait option[value=\"0\"]", "bots at once").await;
    click(c, "#qm-go").await;
    wait_js(
        c,
        "location.hash.startsWith('#/t/') && document.querySelector('#hand .card')",
        "the quick match's hand",
    )
    .await;
    let st = state(c).await;
    assert_eq!(st["seats"][0]["name"], "Carl");
    assert_eq!(st["seats"][1]["bot"], "beginner");
    assert_no_js_errors(&p).await;
    let _ = p.client.close().await;
}

/// A fixed series (issue #38): the create form's "Fixed number of deals" follows the seats
/// of the preset, makes a table of 3 deals whose bar says "Deal 1 of 3", and the lobby
/// lists it as a series instead of a target.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_series_table_is_created_from_the_form_and_says_which_deal() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    assert_eq!(
        text_of(c, "label[for=\"create-series\"]").await,
        "Fixed number of deals"
    );
    let steps = || {
        js(
            c,
            "const s = document.querySelector('#create-series'); return [s.step, s.max, s.placeholder]",
        )
    };
    assert_eq!(steps().await, json!(["3", "498", "off"]), "three seats");
    select(c, "#create-preset option[value=\"kreuz\"]", "the kreuz preset").await;
    assert_eq!(steps().await, json!(["4", "500", "off"]), "four seats");
    select(
        c,
        "#create-preset option[value=\"standard\"]",
        "the standard preset",
    )
    .await;
    type_into(c, "#create-name", "Dora").await;
    type_into(c, "#create-series", "3").await;
    click(c, "#create-public").await;
    click(c, "#create-table").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    wait_js(
        c,
        "document.querySelector('#series-info') && document.querySelector('#series-info').textContent === 'Deal 1 of 3'",
        "Deal 1 of 3 in the table's bar",
    )
    .await;
    let st = state(c).await;
    assert_eq!(st["view"]["series"], json!({"deal": 1, "of": 3}), "{st}");
    assert_eq!(
        st["view"]["rules"],
        json!({"preset": "standard", "series_deals": 3})
    );
    let code = text_of(c, "#table-code").await;

    c.goto(&format!("{}/#/lobby", server.url))
        .await
        .expect("the lobby");
    let row = format!(".lobby-table[data-code=\"{code}\"]");
    wait_js(
        c,
        &format!("document.querySelector('{row}')"),
        "the series table in the lobby",
    )
    .await;
    let text = text_of(c, &row).await;
    assert!(text.contains("Standard (3 players) · 3 deals"), "{text:?}");
    assert!(!text.contains("to 1500"), "{text:?}");
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// Quick match offers a fixed series (issue #38): the lobby's "Fixed number of deals" follows
/// the seats of the preset, and quick match with a series of 2 in the two-player game opens a
/// table of that series whose bar says "Deal 1 of 2".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_from_the_lobby_plays_a_series() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/lobby", server.url))
        .await
        .expect("the lobby");
    wait_js(
        c,
        "document.querySelector('#qm-series')",
        "the quick match's series",
    )
    .await;
    assert_eq!(
        text_of(c, "label[for=\"qm-series\"]").await,
        "Fixed number of deals"
    );
    let steps = || {
        js(
            c,
            "const s = document.querySelector('#qm-series'); return [s.step, s.max, s.placeholder]",
        )
    };
    assert_eq!(steps().await, json!(["3", "498", "off"]), "three seats");
    select(
        c,
        "#qm-preset option[value=\"two-player\"]",
        "the two-player preset",
    )
    .await;
    assert_eq!(steps().await, json!(["2", "500", "off"]), "two seats");
    type_into(c, "#qm-name", "Ella").await;
    type_into(c, "#qm-series", "2").await;
    select(c, "#qm-wait option[value=\"0\"]", "bots at once").await;
    click(c, "#qm-go").await;
    wait_js(
        c,
        "document.querySelector('#series-info') && document.querySelector('#series-info').textContent === 'Deal 1 of 2'",
        "Deal 1 of 2 in the table's bar",
    )
    .await;
    let st = state(c).await;
    assert_eq!(st["seats"][0]["name"], "Ella");
    assert_eq!(st["view"]["series"], json!({"deal": 1, "of": 2}), "{st}");
    assert_eq!(
        st["view"]["rules"],
        json!({"preset": "two-player", "series_deals": 2})
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
