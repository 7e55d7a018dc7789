//! Paths through the browser table beyond a plain deal, in headless Chromium against the
//! real `binokel serve`: the declaration buttons and a surrender, the rules page of each
//! preset, the French/German card style switch, and the page on a phone-sized screen.

mod browser_common;

use browser_common::*;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

async fn select(c: &Client, css: &str) {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no option {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot select {css}: {e}"));
}

/// We bid whenever we may (so we end up the soloist), bury the first burial offered, and
/// give up naming hearts with the button for it: the deal ends at once, the page says so,
/// and the score sheet books minus the bid for us and 50 plus melds for each bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn surrender_from_the_declaration_buttons() {
    let _turn = BROWSERS.lock().await;
    // A long pause between deals keeps the finished deal on the table while we read it.
    let server = start_server_with_pause(120_000);
    let driver = start_driver();
    let b = browser(&driver, "en", (1280, 900)).await;
    let c = &b.client;
    start_bot_game(c, &server, "Gerd").await;

    let declare = "(() => { const v = window.binokel.state.view; \
        return v.to_act === v.seat && v.legal.some(a => a.startsWith('surrender ')); })()";
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(180),
            "never our declaration"
        );
        let r = wait_js(
            c,
            &format!("({declare}) ? 'declare' : ({MY_TURN}) ? 'turn' : ''"),
            "our turn",
        )
        .await;
        if r == "declare" {
            break;
        }
        let v = state(c).await["view"].clone();
        assert!(v["phase"] != "play", "we should be the soloist: {v}");
        let legal: Vec<String> = serde_json::from_value(v["legal"].clone()).expect("legal");
        if v["phase"] == "auction" {
            click(c, "#act-bid").await;
        } else if let Some(burial) = legal.iter().find(|a| a.starts_with("bury ")) {
            for card in burial.split(' ').skip(1) {
                click_card(c, &format!("#hand .card[data-card=\"{card}\"]:not(.selected)")).await;
            }
            click(c, "#act-bury:not([disabled])").await;
        } else {
            panic!("unexpected decision {legal:?}");
        }
        wait_progress(
            c,
            v["deal"].as_u64().expect("deal"),
            v["history"].as_array().expect("history").len() as u64,
        )
        .await;
    }
    // Every declaration the standard game offers has its button.
    for id in [
        "trump-S",
        "trump-H",
        "trump-D",
        "trump-C",
        "durch",
        "surrender-S",
        "surrender-H",
        "surrender-D",
        "surrender-C",
    ] {
        c.find(Locator::Css(&format!("#act-{id}")))
            .await
            .unwrap_or_else(|_| panic!("no button #act-{id}"));
    }
    let before = state(c).await["view"].clone();
    let bid = before["bid"].as_i64().expect("bid");
    assert_eq!(before["soloist"], before["seat"]);
    click(c, "#act-surrender-H").await;
    wait_js(
        c,
        "window.binokel.state.view.phase === 'done' && document.querySelector('#verdict')",
        "the end of the deal",
    )
    .await;
    let v = state(c).await["view"].clone();
    assert_eq!(v["contract"], "surrender H");
    let verdict = text_of(c, "#verdict").await;
    assert_eq!(verdict, format!("Gerd gave up at {bid}."));
    let scores = v["scores"].as_array().expect("scores").clone();
    assert_eq!(scores[0], json!(-bid), "the soloist loses the bid once");
    for (seat, score) in scores.iter().enumerate().skip(1) {
        let melds = v["melds"]
            .as_array()
            .expect("melds")
            .iter()
            .find(|m| m["seat"] == seat)
            .map_or(0, |m| m["total"].as_i64().expect("total"));
        assert_eq!(score, &json!(50 + melds), "seat {seat}: 50 plus melds");
    }
    let sheet = js(
        c,
        "return [...document.querySelectorAll('#score-sheet tbody tr:first-child td')].map(td => td.textContent)",
    )
    .await;
    let want: Vec<String> = std::iter::once("1".to_string())
        .chain(scores.iter().map(Value::to_string))
        .collect();
    assert_eq!(sheet, json!(want), "the score sheet's first line");
    let _ = b.client.close().await;
}

/// The rules page reached from the create form shows the chosen preset: its heading, the
/// options it changes in bold, and the course of a deal with its own numbers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_page_of_the_chosen_preset() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", (1280, 900)).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    select(c, "#create-preset option[value=\"dutch\"]").await;
    click(c, "#create-rules-link").await;
    wait_js(
        c,
        "location.hash === '#/rules/dutch' && document.querySelector('#rules-page')",
        "the Dutch rules page",
    )
    .await;
    assert_eq!(text_of(c, "#rules-page h1").await, "Rules: Dutch rules");
    let changed = js(
        c,
        "return [...document.querySelectorAll('#rules-page tr.changed')].map(r => r.cells[0].textContent + '=' + r.cells[1].textContent)",
    )
    .await;
    let want = [
        "low=seven",
        "auction=open",
        "family_pair=included",
        "first_lead=soloist",
        "bettel=on",
        "opponents_need_trick=no",
        "failed_bonus=30",
        "rounding=ten",
        "target=1000",
        "match_end=highest",
    ];
    let changed: Vec<String> = serde_json::from_value(changed).expect("strings");
    for w in want {
        assert!(changed.iter().any(|x| x == w), "{w} not marked in {changed:?}");
    }
    assert!(
        !changed.iter().any(|x| x.starts_with("pack=")),
        "the Dutch game keeps 48 cards: {changed:?}"
    );

    // The preset switch on the page: 40 cards deal 12 each and a Tapp of 4.
    select(c, "#rules-preset option[value=\"forty\"]").await;
    wait_js(
        c,
        "location.hash === '#/rules/forty' && document.querySelector('#rules-page h1').textContent === 'Rules: 40 cards'",
        "the rules of the 40-card game",
    )
    .await;
    let course = text_of(c, "#rules-page ol").await;
    assert!(
        course.contains("Each player gets 12 cards; 4 go face down to the Tapp."),
        "{course}"
    );
    select(c, "#rules-preset option[value=\"kreuz\"]").await;
    wait_js(c, "location.hash === '#/rules/kreuz'", "the Kreuzbinokel rules").await;
    assert!(
        text_of(c, "#rules-page")
            .await
            .contains("seats 1 and 3 against 2 and 4"),
        "partnerships explained"
    );
    // The table's bar links the rules of the game being played.
    start_bot_game(c, &server, "Hanna").await;
    click(c, ".table-bar a[href=\"#/rules/standard\"]").await;
    wait_js(
        c,
        "document.querySelector('#rules-page h1') && document.querySelector('#rules-page h1').textContent === 'Rules: Standard (3 players)'",
        "the standard rules from the table",
    )
    .await;
    let _ = b.client.close().await;
}

/// The Q♠ as drawn: the corner text ("Q" or the German "O" for Ober) and whether the
/// German green leaf is painted.
async fn queen_of_spades(c: &Client, css: &str) -> (String, bool) {
    let v = js(
        c,
        &format!(
            "const s = document.querySelector('{css} svg[aria-label=\"QS\"]'); \
             return s ? [s.querySelector('text').textContent, s.innerHTML.includes('#3f9a3a')] : null"
        ),
    )
    .await;
    (
        v[0].as_str()
            .unwrap_or_else(|| panic!("no QS under {css}"))
            .to_string(),
        v[1].as_bool().expect("flag"),
    )
}

/// French cards by default in English; the switch redraws the start page and the table at
/// once with German suits (Ober, leaves), and the choice survives a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn french_and_german_card_styles() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", (1280, 900)).await;
    let c = &b.client;
    c.goto(&server.url).await.expect("start page");
    wait_js(c, "document.querySelector('.hero-cards svg')", "the start page").await;
    assert_eq!(
        js(c, "return document.getElementById('style-select').value").await,
        json!("french")
    );
    assert_eq!(queen_of_spades(c, ".hero-cards").await, ("Q".to_string(), false));
    select(c, "#style-select option[value=\"german\"]").await;
    wait_js(
        c,
        "document.querySelector('.hero-cards svg[aria-label=\"QS\"] text').textContent === 'O'",
        "German cards on the start page",
    )
    .await;
    assert_eq!(queen_of_spades(c, ".hero-cards").await, ("O".to_string(), true));

    start_bot_game(c, &server, "Ida").await;
    let german = "[...document.querySelectorAll('#hand svg.card-svg')].every(s => { \
        const r = s.getAttribute('aria-label')[0]; const t = s.querySelector('text').textContent; \
        return r === 'Q' ? t === 'O' : r === 'J' ? t === 'U' : true; })";
    assert_eq!(js(c, &format!("return {german}")).await, json!(true));
    c.refresh().await.expect("reload");
    wait_js(
        c,
        "document.querySelector('#hand .card')",
        "the table after the reload",
    )
    .await;
    assert_eq!(js(c, &format!("return {german}")).await, json!(true));
    assert_eq!(
        js(c, "return document.getElementById('style-select').value").await,
        json!("german")
    );
    // Back to French in the middle of the game: the hand is redrawn at once.
    select(c, "#style-select option[value=\"french\"]").await;
    wait_js(
        c,
        "[...document.querySelectorAll('#hand svg.card-svg text')].every(t => t.textContent !== 'O' && t.textContent !== 'U') \
         && document.querySelectorAll('#hand .card').length > 0",
        "French cards in the hand",
    )
    .await;
    let _ = b.client.close().await;
}

/// On a phone (390 x 844) no page is wider than the screen, the hand fits in one row, and
/// a card's corner is large enough to read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_fits_a_phone() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", (390, 844)).await;
    let c = &b.client;
    let fits = "document.documentElement.scrollWidth <= window.innerWidth + 1";
    c.goto(&server.url).await.expect("start page");
    assert_eq!(
        js(c, "return window.innerWidth").await,
        json!(390),
        "a phone-wide viewport"
    );
    c.goto(&server.url).await.expect("start page");
    wait_js(c, "document.querySelector('#quick-form')", "the start page").await;
    assert_eq!(js(c, &format!("return {fits}")).await, json!(true), "start page");
    start_bot_game(c, &server, "Jo").await;
    let hand = js(
        c,
        "const cs = [...document.querySelectorAll('#hand .card')].map(e => e.getBoundingClientRect()); \
         return {left: Math.min(...cs.map(r => r.left)), right: Math.max(...cs.map(r => r.right)), \
                 width: cs[0].width, inner: window.innerWidth}",
    )
    .await;
    assert!(hand["left"].as_f64().expect("left") >= -1.0, "hand {hand}");
    assert!(
        hand["right"].as_f64().expect("right") <= hand["inner"].as_f64().expect("inner") + 1.0,
        "hand {hand}"
    );
    assert!(
        hand["width"].as_f64().expect("width") >= 40.0,
        "cards too small: {hand}"
    );
    assert_eq!(js(c, &format!("return {fits}")).await, json!(true), "table");
    for page in ["#/rules/swabian", "#/games"] {
        c.goto(&format!("{}/{page}", server.url)).await.expect("page");
        wait_js(c, "document.querySelector('main h1')", page).await;
        assert_eq!(js(c, &format!("return {fits}")).await, json!(true), "{page}");
    }
    let _ = b.client.close().await;
}
