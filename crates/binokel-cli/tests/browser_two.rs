//! Two players (RULES.md section 13) in headless Chromium: a table made from the start
//! page's form with the `two-player` preset seats the person and one bot, shows trump, the
//! turned card and the stock count, and after a won trick offers the meld and exchange
//! buttons; pressing one is accepted by the server and shows on the table.

mod browser_common;

use browser_common::*;
use fantoccini::Locator;

/// True when it is this seat's turn and a meld or the exchange is offered as a button.
const OFFERED: &str = "(() => { const v = window.binokel.state.view; \
    return v.to_act === v.seat && v.legal.some(a => a.startsWith('meld ') || a === 'exchange') \
      && !!document.querySelector('#controls button[data-act^=\"meld \"], #controls button[data-act=\"exchange\"]'); })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_table_shows_the_stock_and_offers_melds_after_a_won_trick() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    select(
        c,
        "#create-preset option[value=\"two-player\"]",
        "the two-player preset",
    )
    .await;
    wait_js(
        c,
        "document.querySelectorAll('.seat-kind').length === 1",
        "two seats in the form",
    )
    .await;
    c.find(Locator::Css(
        ".seat-bot[data-seat=\"1\"] option[value=\"beginner\"]",
    ))
    .await
    .expect("bot choice")
    .click()
    .await
    .expect("select");
    click(c, "#create-table").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    let v = state(c).await["view"].clone();
    assert_eq!(v["players"], 2);
    assert_eq!(
        v["rules"]["preset"].as_str().or(v["rules"].as_str()),
        Some("two-player")
    );
    assert_eq!(v["phase"], "play", "no auction with two players");
    assert_eq!(v["hand"].as_str().unwrap().split(' ').count(), 12);
    let trump = v["trump"]
        .as_str()
        .expect("trump from the turned card")
        .to_string();
    let turned = v["turned"].as_str().expect("the turned card").to_string();
    assert!(turned.ends_with(&trump), "{turned} is of the trump suit {trump}");
    // The centre shows trump, the turned card and the 24 cards left to draw.
    wait_js(
        c,
        &format!(
            "(() => {{ const s = document.querySelector('#stock-info'); return s && s.dataset.trump === '{trump}' \
             && !!s.querySelector('#turned-card[data-card=\"{turned}\"]'); }})()"
        ),
        "trump and the turned card on the table",
    )
    .await;
    let info = text_of(c, "#stock-info").await;
    assert!(info.contains("Trump"), "{info}");
    let count = text_of(c, "#stock-count").await;
    assert!(count.contains("stock:") && count.contains("to draw"), "{count}");
    // The opponent sits across the table.
    let class = js(c, "return document.querySelector('#seat-1').className").await;
    assert!(class.as_str().unwrap().contains("pos-top"), "{class}");

    // Play cards until a won trick offers a meld or the exchange.
    play_until(c, OFFERED, "a meld or exchange offered after a won trick").await;
    let v = state(c).await["view"].clone();
    let legal: Vec<String> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    // Every meld/exchange token offered has its button, and no other kind of button.
    for a in legal
        .iter()
        .filter(|a| a.starts_with("meld ") || *a == "exchange")
    {
        let n = js(
            c,
            &format!("return document.querySelectorAll('#controls button[data-act=\"{a}\"]').length"),
        )
        .await;
        assert_eq!(n, 1, "button for {a}");
    }
    let stock_before = v["stock"].as_u64().unwrap();
    assert!(stock_before < 24, "a trick was taken, both drew");
    assert_eq!(
        js(c, "return document.querySelector('#stock-info').dataset.stock").await,
        stock_before.to_string()
    );
    let (deal, seen) = (
        v["deal"].as_u64().unwrap(),
        v["history"].as_array().unwrap().len() as u64,
    );
    let me = v["seat"].as_u64().unwrap() as usize;
    let shown_before = v["melds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["seat"] == me)
        .map_or(0, |m| m["melds"].as_array().unwrap().len());
    let pick = legal
        .iter()
        .find(|a| a.starts_with("meld "))
        .cloned()
        .unwrap_or_else(|| "exchange".to_string());
    // A meld's button says what it is worth: the points the engine then records.
    let worth = js(
        c,
        &format!("const w = document.querySelector('#controls button[data-act=\"{pick}\"] .worth'); return w && w.textContent"),
    )
    .await;
    click(c, &format!("#controls button[data-act=\"{pick}\"]")).await;
    wait_progress(c, deal, seen).await;
    let after = state(c).await["view"].clone();
    let last = after["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["action"], pick.as_str());
    assert_eq!(last["seat"], me);
    if pick.starts_with("meld ") {
        let mine = after["melds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["seat"] == me)
            .expect("my melds listed")
            .clone();
        assert_eq!(
            mine["melds"].as_array().unwrap().len(),
            shown_before + 1,
            "{mine}"
        );
        let kind = pick.split(' ').nth(1).unwrap();
        let shown = mine["melds"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(shown["kind"], kind);
        assert_eq!(worth, format!("+{}", shown["points"]), "{shown}");
        // The side panel lists it, and no second meld is offered for this trick.
        wait_js(
            c,
            "document.querySelectorAll('#melds .meld-list li').length > 0",
            "the melds panel",
        )
        .await;
        assert!(!after["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a.as_str().unwrap().starts_with("meld ")));
    } else {
        assert_eq!(after["turned"].as_str().unwrap(), format!("9{trump}"));
    }
    // For a look at the table: BINOKEL_SCREENSHOTS=/a/folder.
    screenshot(c, "two-player-table").await;
    // The play goes on: the card play continues from the hand.
    assert_eq!(after["to_act"], me);
    assert!(after["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a.as_str().unwrap().len() == 2));
    play_until(
        c,
        &format!(
            "window.binokel.state.view.history.length > {} || window.binokel.state.view.deal > {deal}",
            seen + 3
        ),
        "play after the meld",
    )
    .await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
