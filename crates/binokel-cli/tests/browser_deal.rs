//! The flow of a deal in headless Chromium against the real `binokel serve` (issue #19):
//! the create form's bot levels with their personas, the persona names at the table, a
//! refused card that says why in English and German, the result panel that stays until
//! "next deal", and the emotes with their remembered mute, on a phone-sized screen.

mod browser_common;

use browser_common::*;
use serde_json::json;
use std::time::Duration;

/// Our turn in the play with a card in hand that may not be played because the led suit
/// must be followed (we hold the led suit and another suit).
const MUST_FOLLOW: &str = "(() => { const v = window.binokel.state && window.binokel.state.view; \
    if (!v || v.phase !== 'play' || v.to_act !== v.seat || !v.trick || !v.trick.cards.length) return false; \
    const led = v.trick.cards[0][1]; const hand = v.hand.split(' '); \
    return hand.some(c => c[1] === led) && hand.some(c => c[1] !== led); })()";

const TOAST: &str =
    "(() => { const t = document.getElementById('toast'); return t && !t.hidden ? t.textContent : ''; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_flows_from_the_levels_to_the_result_panel_and_the_next_deal() {
    let _turn = BROWSERS.lock().await;
    // The default pause of two seconds: the result must outlast it.
    let server = start_server_with_pause(2000);
    let driver = start_driver();
    let b = browser(&driver, "en", (390, 844)).await;
    let c = &b.client;

    // The create form and quick play offer the four levels, each with its persona.
    open_start_page(c, &server).await;
    let offered = js(
        c,
        "return [...document.querySelectorAll('#quick-bot option')].map(o => [o.value, o.textContent])",
    )
    .await;
    assert_eq!(
        offered,
        json!([
            ["beginner", "Benno · beginner"],
            ["easy", "Frieda · easy"],
            ["medium", "Gottlieb · medium"],
            ["hard", "Karle · hard"]
        ])
    );
    let seat_bots = js(
        c,
        "return [...document.querySelectorAll('.seat-bot[data-seat=\"1\"] option')].map(o => o.value)",
    )
    .await;
    assert_eq!(seat_bots, json!(["beginner", "easy", "medium", "hard"]));
    // The personas of the page and of the server are one table.
    let page = js(
        c,
        "return import('./js/personas.js').then(m => Object.entries(m.PERSONAS).map(([id, p]) => [id, p.name, p.level]))",
    )
    .await;
    let server_side: Vec<_> = binokel_ai::persona::PERSONAS
        .iter()
        .map(|(id, name, level)| json!([id, name, level]))
        .collect();
    assert_eq!(page, json!(server_side), "personas_agree_with_the_server");

    start_bot_game(c, &server, "Ada").await;
    // The bots sit there by persona, with their level.
    let seat1 = text_of(c, "#seat-1 .name").await;
    assert!(seat1.starts_with("Benno"), "{seat1}");
    let roles = text_of(c, "#seat-1").await;
    assert!(roles.contains("beginner"), "{roles}");

    // A refused card says why, in English, then in German.
    play_until(c, MUST_FOLLOW, "a card that must follow").await;
    let bad = js(
        c,
        "const v = window.binokel.state.view; const led = v.trick.cards[0][1]; \
         return v.hand.split(' ').find(c => c[1] !== led)",
    )
    .await;
    let bad = bad.as_str().expect("a card").to_string();
    click_card(c, &format!("#hand .card[data-card=\"{bad}\"]")).await;
    let said = wait_js(c, TOAST, "the refusal").await;
    let said = said.as_str().unwrap_or_default().to_string();
    assert!(said.contains("must follow"), "{said}");
    let led = js(c, "return window.binokel.state.view.trick.cards[0][1]").await;
    let suit = ["spades", "hearts", "diamonds", "clubs"]["SHDC".find(led.as_str().unwrap()).unwrap()];
    assert!(said.contains(suit), "{said} names {suit}");
    select(c, "#lang-select option[value=\"de\"]", "German").await;
    wait_js(
        c,
        "document.documentElement.lang === 'de' && document.querySelector('#hand .card')",
        "German",
    )
    .await;
    click_card(c, &format!("#hand .card[data-card=\"{bad}\"]")).await;
    let said = wait_js(
        c,
        &format!("(() => {{ const t = {TOAST}; return t.includes('bedient') ? t : ''; }})()"),
        "the German refusal",
    )
    .await;
    assert!(
        said.as_str().unwrap_or_default().contains("muss bedient werden"),
        "{said}"
    );
    select(c, "#lang-select option[value=\"en\"]", "English").await;

    // The deal is played out: the result panel stays beyond the deal pause.
    play_until(
        c,
        "window.binokel.state.view.phase === 'done' && document.querySelector('#result')",
        "the end of the deal",
    )
    .await;
    let v = state(c).await["view"].clone();
    let verdict = text_of(c, "#result-verdict").await;
    let soloist = v["soloist"].as_u64();
    if let Some(s) = soloist {
        let score = v["scores"][s as usize].as_i64().expect("score");
        let contract = v["contract"].as_str().unwrap_or("");
        if contract.starts_with("trump") && score > 0 {
            assert!(verdict.contains("made it") && verdict.contains('≥'), "{verdict}");
        } else if contract.starts_with("trump") {
            assert!(
                verdict.contains("went down") || verdict.contains("no trick"),
                "{verdict}"
            );
            assert!(verdict.contains(&format!("→ {score}")), "{verdict}");
        }
    }
    let rows = js(c, "return document.querySelectorAll('#result tbody tr').length").await;
    assert_eq!(rows, json!(3));
    let totals = js(
        c,
        "return [...document.querySelectorAll('#result tbody td.total')].map(td => Number(td.textContent))",
    )
    .await;
    assert_eq!(totals, v["totals"], "the running totals");
    // Phone: the panel fits the width, the button is big enough to tap.
    let fits = js(
        c,
        "const b = document.querySelector('#next-deal').getBoundingClientRect(); \
         return [document.documentElement.scrollWidth <= window.innerWidth, b.height >= 44]",
    )
    .await;
    assert_eq!(fits, json!([true, true]));
    tokio::time::sleep(Duration::from_millis(3000)).await;
    assert_eq!(
        js(c, "return window.binokel.state.view.phase").await,
        json!("done"),
        "against bots the next deal waits for the player"
    );
    assert!(
        c.find(fantoccini::Locator::Css("#result")).await.is_ok(),
        "the panel stays"
    );
    click(c, "#next-deal").await;
    wait_js(c, "window.binokel.state.view.deal === 1", "the next deal").await;

    // Emotes: a phrase shows by our seat; the mute switch is remembered.
    click(c, "#emote-open").await;
    click(c, "#emote-good_game").await;
    let bubble = wait_js(
        c,
        "(() => { const e = document.querySelector('#seat-0 .emote-bubble'); return e ? e.textContent : ''; })()",
        "the emote",
    )
    .await;
    assert_eq!(bubble, json!("Good game"));
    click(c, "#emote-mute").await;
    assert_eq!(
        js(c, "return localStorage.getItem('binokel.emotes_muted')").await,
        json!("1")
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
