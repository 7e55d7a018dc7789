//! End-to-end tests of the browser table: the real `binokel serve` binary on a free
//! loopback port with a fresh SQLite file, Debian's chromedriver and headless Chromium,
//! driven through fantoccini the way a person would use the page (clicks and typing).
//!
//! Paths come from `BINOKEL_CHROMEDRIVER` and `BINOKEL_CHROMIUM` (defaults
//! `/usr/bin/chromedriver`, `/usr/bin/chromium`). The `screenshots` test is ignored by
//! default: it writes the README's pictures when run on purpose (see README.md).

mod browser_common;

use browser_common::*;
use fantoccini::Locator;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_page_then_a_full_deal_against_two_bots() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    smoke_full_deal(&b, &server).await;
    let _ = b.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_at_one_table() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let anna = browser(&driver, "en", (1200, 850)).await;
    let ben = browser(&driver, "en", BIG_PHONE).await;
    let a = &anna.client;
    let b = &ben.client;

    a.goto(&server.url).await.expect("start page");
    wait_js(a, "document.querySelector('#create-form')", "the start page").await;
    type_into(a, "#quick-name", "Anna").await;
    a.find(Locator::Css(
        ".seat-kind[data-seat=\"1\"] option[value=\"human\"]",
    ))
    .await
    .expect("seat 2 kind")
    .click()
    .await
    .expect("select");
    a.find(Locator::Css(
        ".seat-bot[data-seat=\"2\"] option[value=\"beginner\"]",
    ))
    .await
    .expect("seat 3 bot")
    .click()
    .await
    .expect("select");
    click(a, "#create-table").await;
    wait_js(a, "document.querySelector('#waiting')", "the waiting table").await;
    let code = text_of(a, "#table-code").await;

    // Ben pastes the invite link on the start page.
    b.goto(&server.url).await.expect("start page");
    wait_js(b, "document.querySelector('#join-form')", "the start page").await;
    type_into(b, "#join-code", &format!("{}/#/join/{code}", server.url)).await;
    click(b, "#join-button").await;
    wait_js(b, "document.querySelector('#join-seat-form')", "the join form").await;
    type_into(b, "#join-name", "Ben").await;
    click(b, "#join-seat").await;

    for c in [a, b] {
        wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    }
    let va = state(a).await["view"].clone();
    let vb = state(b).await["view"].clone();
    assert_eq!(va["seat"], 0);
    assert_eq!(vb["seat"], 1);
    assert_eq!(va["names"], vb["names"]);
    assert_eq!(va["names"][1], "Ben");
    // Each sees the other at the table, connected, and never the other's cards.
    assert!(text_of(a, "#seat-1").await.contains("Ben"));
    assert!(text_of(b, "#seat-0").await.contains("Anna"));
    wait_js(
        a,
        "document.querySelector('#seat-1 .dot.on')",
        "Ben shown as connected",
    )
    .await;
    assert_ne!(va["hand"], vb["hand"]);

    // Both play until the first trick is complete; then both pages show the same trick.
    let done =
        "(() => { const v = window.binokel.state.view; return v.tricks.length >= 1 || v.deal > 0; })()";
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(180), "no first trick");
        let mut finished = 0;
        for c in [a, b] {
            if js(c, &format!("return {done}")).await == json!(true) {
                finished += 1;
                continue;
            }
            if js(c, &format!("return {MY_TURN}")).await == json!(true) {
                let v = state(c).await["view"].clone();
                take_turn(c).await;
                wait_past(c, &v).await;
            }
        }
        if finished == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let ta = state(a).await["view"]["tricks"][0].clone();
    let tb = state(b).await["view"]["tricks"][0].clone();
    assert_eq!(ta, tb, "both browsers show the same first trick");
    if !ta.is_null() {
        wait_js(a, "document.querySelector('#last-trick')", "the last trick panel").await;
        let shown = js(
            a,
            "return [...document.querySelectorAll('#last-trick svg')].map(s => s.getAttribute('aria-label'))",
        )
        .await;
        assert_eq!(shown, ta["cards"], "Anna's page shows the last trick");
    }

    // Ben now watches the table instead: a spectator sees the table but no hand.
    b.goto(&format!("{}/#/watch/{code}", server.url))
        .await
        .expect("watch");
    wait_js(
        b,
        "document.querySelector('.felt') && window.binokel.state && window.binokel.state.view && window.binokel.state.view.seat === null",
        "the spectator's table",
    )
    .await;
    assert!(
        b.find(Locator::Css("#hand")).await.is_err(),
        "a spectator has no hand"
    );
    assert_eq!(state(b).await["view"]["hand"], Value::Null);
    assert!(text_of(b, ".table-bar").await.contains("You are watching."));
    assert_no_js_errors(&anna).await;
    assert_no_js_errors(&ben).await;
    let _ = anna.client.close().await;
    let _ = ben.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reload_in_mid_trick_and_continue() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Cleo").await;

    // Play until it is our turn with cards already on the table.
    let mid_trick =
        "(() => { const v = window.binokel.state.view; return v.phase === 'play' && v.to_act === v.seat \
        && v.trick && v.trick.cards.length >= 1; })()";
    play_until(c, mid_trick, "our turn in mid-trick").await;
    let before = state(c).await["view"].clone();

    c.refresh().await.expect("reload");
    wait_js(
        c,
        "document.querySelector('#hand .card')",
        "the table after the reload",
    )
    .await;
    let after = state(c).await["view"].clone();
    assert_eq!(after["hand"], before["hand"], "the same hand after the reload");
    assert_eq!(after["trick"], before["trick"], "the same trick on the table");
    assert_eq!(after["history"], before["history"]);
    let on_table = js(c, "return document.querySelectorAll('#trick .card').length").await;
    assert_eq!(
        on_table.as_u64(),
        Some(before["trick"]["cards"].as_array().expect("cards").len() as u64)
    );

    // And the game goes on from there.
    wait_js(c, MY_TURN, "our turn after the reload").await;
    let seen = after["history"].as_array().expect("history").len() as u64;
    assert_eq!(take_turn(c).await, "play");
    let deal = before["deal"].as_u64().expect("deal");
    wait_progress(c, deal, seen).await;
    let later = state(c).await["view"].clone();
    assert!(
        later["deal"] != deal
            || later["hand_sizes"][later["seat"].as_u64().expect("seat") as usize].as_u64()
                < before["hand_sizes"][before["seat"].as_u64().expect("seat") as usize].as_u64(),
        "the card left the hand"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// The server goes away in mid-trick (the network drops) and comes back: the page says it
/// is reconnecting, then shows the same position and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_goes_away_and_comes_back() {
    let _turn = BROWSERS.lock().await;
    let mut server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Fritz").await;
    let mid_trick =
        "(() => { const v = window.binokel.state.view; return v.phase === 'play' && v.to_act === v.seat \
        && v.trick && v.trick.cards.length >= 1; })()";
    play_until(c, mid_trick, "our turn in mid-trick").await;
    let before = state(c).await["view"].clone();

    server.stop();
    wait_js(
        c,
        "document.querySelector('#reconnecting')",
        "the reconnecting banner",
    )
    .await;
    server.start();
    wait_js(
        c,
        "!document.querySelector('#reconnecting') && window.binokel.client.connected && document.querySelector('#hand .card')",
        "the page to reconnect",
    )
    .await;
    let after = state(c).await["view"].clone();
    assert_eq!(after["hand"], before["hand"]);
    assert_eq!(after["trick"], before["trick"]);
    assert_eq!(after["history"], before["history"]);

    wait_js(c, MY_TURN, "our turn after reconnecting").await;
    let seen = after["history"].as_array().expect("history").len() as u64;
    assert_eq!(take_turn(c).await, "play");
    wait_progress(c, after["deal"].as_u64().expect("deal"), seen).await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_in_german() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "de-DE", BIG_PHONE).await;
    let c = &b.client;

    c.goto(&server.url).await.expect("start page");
    wait_js(
        c,
        "document.documentElement.lang === 'de' && document.querySelector('#quick-form')",
        "the German start page",
    )
    .await;
    assert_eq!(text_of(c, "#quick-form h2").await, "Gegen zwei Bots spielen");
    // (On a phone the page links are behind the menu button.)
    click(c, "#menu-toggle").await;
    assert_eq!(text_of(c, "#nav-rules").await, "Regeln");
    click(c, "#menu-toggle").await;
    assert_eq!(text_of(c, "#quick-play").await, "Jetzt spielen");

    // A game in German, with German suits by default.
    type_into(c, "#quick-name", "Dora").await;
    select(c, "#quick-bot option[value=\"beginner\"]", "beginner").await;
    click(c, "#quick-play").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    wait_js(
        c,
        &format!("{MY_TURN} || document.querySelector('#turn-info')"),
        "the turn line",
    )
    .await;
    let turn = text_of(c, "#turn-info").await;
    assert!(
        turn == "Du bist dran" || turn.ends_with("ist dran"),
        "German turn line: {turn:?}"
    );
    assert_eq!(
        js(c, "return document.getElementById('style-select').value").await,
        json!("german")
    );
    let score_title = text_of(c, "#score-sheet h3").await;
    assert_eq!(score_title, "Schreibzettel");

    // The switch changes the language at once and remembers it.
    select(c, "#lang-select option[value=\"nl\"]", "nl").await;
    wait_js(c, "document.documentElement.lang === 'nl'", "Dutch").await;
    assert_eq!(text_of(c, "#score-sheet h3").await, "Scorelijst");
    select(c, "#lang-select option[value=\"pt\"]", "pt").await;
    wait_js(c, "document.documentElement.lang === 'pt'", "Portuguese").await;
    assert_eq!(text_of(c, "#score-sheet h3").await, "Folha de pontos");
    c.refresh().await.expect("reload");
    wait_js(
        c,
        "document.querySelector('#score-sheet h3')",
        "the table after the reload",
    )
    .await;
    assert_eq!(
        text_of(c, "#score-sheet h3").await,
        "Folha de pontos",
        "the choice survives a reload"
    );

    // The rules page, in German.
    select(c, "#lang-select option[value=\"de\"]", "de").await;
    c.goto(&format!("{}/#/rules/swabian", server.url))
        .await
        .expect("rules page");
    wait_js(c, "document.querySelector('#rules-page')", "the rules page").await;
    assert_eq!(
        text_of(c, "#rules-page h1").await,
        "Regeln: Schwäbische Hausregeln"
    );
    // German names melds "Meldungen" (docs/web.md, "Suit names and letters").
    assert!(text_of(c, "#rules-page").await.contains("Meldungen"));
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// A short match (target 100) played to its end: the winner is announced, the replay
/// viewer opens the server's record of it, the rematch starts a new table, and the
/// games page lists both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_match_to_the_end_then_replay_and_rematch() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    type_into(c, "#quick-name", "Emil").await;
    type_into(c, "#create-target", "100").await;
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

    play_until(c, "document.querySelector('#match-over')", "the end of the match").await;
    let end = state(c).await["view"].clone();
    let winner = end["winner"].as_u64().expect("a winner") as usize;
    let headline = text_of(c, "#match-over h2").await;
    let winner_name = end["names"][winner].as_str().expect("name");
    assert!(
        headline.contains(winner_name) || (winner == 0 && headline == "You won the match!"),
        "headline {headline:?} names seat {winner}"
    );
    // Behind the dialog the last deal's result stays on the table, with its verdict.
    let verdict = text_of(c, "#verdict").await;
    assert!(
        verdict.contains("made the bid") || verdict.contains("went down") || verdict.contains("gave up"),
        "the last deal's verdict: {verdict:?}"
    );
    let dialog = text_of(c, "#match-over").await;
    for total in end["totals"].as_array().expect("totals") {
        assert!(
            dialog.contains(&total.to_string()),
            "the dialog shows the total {total}: {dialog:?}"
        );
    }

    // The replay of the finished match comes from the server's record.
    click(c, "#replay-link").await;
    wait_js(
        c,
        "document.querySelector('#replay') || document.querySelector('#replay-error')",
        "the replay",
    )
    .await;
    assert!(
        c.find(Locator::Css("#replay-error")).await.is_err(),
        "{}",
        page_text(c).await
    );
    let deals = js(
        c,
        "return document.querySelectorAll('#replay-deal option').length",
    )
    .await;
    assert_eq!(
        deals.as_u64(),
        Some(end["score_sheet"].as_array().expect("sheet").len() as u64)
    );
    let last = deals.as_u64().expect("count") - 1;
    c.find(Locator::Css(&format!("#replay-deal option[value=\"{last}\"]")))
        .await
        .expect("last deal")
        .click()
        .await
        .expect("select");
    click(c, "#replay-last").await;
    for seat in 0..3 {
        let text = text_of(c, &format!("#replay-seat-{seat}")).await;
        let tricks = format!("tricks: {}", end["tricks_taken"][seat]);
        let points = format!("points: {}", end["card_points"][seat]);
        assert!(
            text.contains(&tricks) && text.contains(&points),
            "seat {seat}: replay shows {text:?}, the table showed {tricks}, {points}"
        );
    }

    // Rematch: a new table with the same settings.
    c.back().await.expect("back to the table");
    wait_js(c, "document.querySelector('#match-over')", "the finished table").await;
    click(c, "#rematch").await;
    wait_js(
        c,
        &format!("document.querySelector('#table-code') && document.querySelector('#table-code').textContent !== '{code}' && document.querySelector('#hand .card')"),
        "the rematch table",
    )
    .await;
    let code2 = text_of(c, "#table-code").await;
    assert_ne!(code2, code);
    // The server made the follow-up table (its `rematch` message), not a fresh create.
    let entry = js(
        c,
        &format!("return JSON.parse(localStorage.getItem('binokel.games')).find(g => g.code === '{code2}')"),
    )
    .await;
    assert_eq!(entry["rematchOf"], json!(code), "{entry}");
    assert_eq!(
        state(c).await["view"]["names"][0],
        "Emil",
        "the same person in seat 1"
    );
    c.goto(&format!("{}/#/games", server.url))
        .await
        .expect("games page");
    let listed = text_of(c, ".games-list").await;
    assert!(
        listed.contains(&code) && listed.contains(&code2),
        "games page lists {code} and {code2}: {listed:?}"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// Kreuzbinokel: four seats around the table (partners opposite), played until the
/// first trick is complete.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_table() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    select(c, "#create-preset option[value=\"kreuz\"]", "the kreuz preset").await;
    wait_js(
        c,
        "document.querySelectorAll('.seat-kind').length === 3",
        "four seats in the form",
    )
    .await;
    for seat in [1, 2, 3] {
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
    let v = state(c).await["view"].clone();
    assert_eq!(v["players"], 4);
    for (seat, pos) in [(1, "right"), (2, "top"), (3, "left")] {
        let class = js(
            c,
            &format!("return document.querySelector('#seat-{seat}').className"),
        )
        .await;
        assert!(
            class.as_str().expect("class").contains(&format!("pos-{pos}")),
            "seat {seat}: {class}"
        );
    }
    play_until(
        c,
        "(() => { const v = window.binokel.state.view; return v.tricks.length >= 1 || v.deal > 0; })()",
        "the first trick",
    )
    .await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// The Swabian house rules (opening 200, jumps, trump named before a burial that may not
/// break melds, calling) and the Dutch rules (open auction, the soloist leads): each played
/// from the create form until its first trick is complete.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swabian_and_dutch_tables() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    for preset in ["swabian", "dutch"] {
        c.goto(&format!("{}/#/", server.url)).await.expect("start page");
        wait_js(c, "document.querySelector('#create-form')", "the start page").await;
        c.find(Locator::Css(&format!(
            "#create-preset option[value=\"{preset}\"]"
        )))
        .await
        .expect("the preset")
        .click()
        .await
        .expect("select");
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
        let v = state(c).await["view"].clone();
        assert_eq!(v["rules"], preset, "{code}");
        if preset == "dutch" {
            // The Dutch rules let the soloist's opponents count their melds without a trick:
            // the result panel does not strike them out (it did: it read the option from
            // the view's `rules`, which names only the preset).
            let counts = js(
                c,
                "return import('./js/result.js').then(m => ['dutch', 'standard'].map(rules => m.meldsCount(\
                   {players: 3, contract: 'trump S', soloist: 0, tricks_taken: [15, 0, 0], rules})))",
            )
            .await;
            assert_eq!(
                counts,
                json!([[true, true, true], [true, false, false]]),
                "whose melds count, Dutch and standard rules"
            );
            // Durch and Bettel where the rules allow them: the Dutch rules offer both.
            let v = bid_until_soloist(c).await;
            if v["phase"] == "bury" {
                bury_first_offered(c, &v).await;
            }
            wait_js(
                c,
                "document.querySelector('#act-trump-S') && document.querySelector('#act-durch') && document.querySelector('#act-bettel')",
                "the declaration with Durch and Bettel",
            )
            .await;
        }
        play_until(
            c,
            "(() => { const v = window.binokel.state.view; return v.tricks.length >= 1 || v.deal > 0; })()",
            "the first trick",
        )
        .await;
    }
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// Every catalogue has every message the English one has, and every key the code asks
/// for exists (a missing one would show its key to the player).
#[test]
fn catalogues_are_complete() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let load = |lang: &str| -> serde_json::Map<String, Value> {
        let text = std::fs::read_to_string(web.join(format!("i18n/{lang}.json"))).expect("catalogue");
        serde_json::from_str::<Value>(&text)
            .expect("JSON")
            .as_object()
            .expect("object")
            .clone()
    };
    let en = load("en");
    for lang in ["de", "pt", "nl"] {
        let other = load(lang);
        let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}: missing {missing:?}, unknown {extra:?}"
        );
        for (k, v) in &other {
            assert!(
                v.as_str().is_some_and(|s| !s.trim().is_empty()),
                "{lang}: {k} is empty"
            );
        }
    }
    let mut used = Vec::new();
    for entry in std::fs::read_dir(web.join("js")).expect("web/js") {
        let path = entry.expect("entry").path();
        let src = std::fs::read_to_string(&path).expect("source");
        for (at, _) in src.match_indices("t(\"") {
            // `t(` the translation function, not `get(` or `.t(`.
            let before = src[..at].chars().next_back().unwrap_or(' ');
            if before.is_alphanumeric() || before == '_' || before == '.' {
                continue;
            }
            let key: String = src[at + 3..].chars().take_while(|ch| *ch != '"').collect();
            // Only whole literal keys: `t("rules.s" + i)` builds its key at run time.
            let after = src[at + 3 + key.len() + 1..].chars().next().unwrap_or(' ');
            let whole = after == ')' || after == ',';
            if whole
                && key
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch == '.' || ch == '_')
            {
                used.push((path.display().to_string(), key));
            }
        }
    }
    assert!(used.len() > 100, "found only {} message keys", used.len());
    for (file, key) in used {
        assert!(
            en.contains_key(&key),
            "{file} asks for `{key}`, which en.json lacks"
        );
    }
}

/// Every message of the catalogues is asked for by the page (web/js and web/*.html): a
/// message nobody asks for is dead weight that translators still keep up (the old `bot.*`
/// names, replaced by the personas). A key counts as asked for when it appears whole, or
/// when the page builds it at run time from a literal part: `"level." + id`,
/// `` `suit.${style}` ``, `kind + ".unavailable"`.
#[test]
fn no_catalogue_message_is_unused() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let text = std::fs::read_to_string(web.join("i18n/en.json")).expect("catalogue");
    let en: serde_json::Map<String, Value> = serde_json::from_str(&text).expect("JSON");
    let mut src = String::new();
    for dir in [web.join("js"), web.clone()] {
        for entry in std::fs::read_dir(&dir).expect("web directory") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "js" || e == "html") {
                src.push_str(&std::fs::read_to_string(&path).expect("source"));
                src.push('\n');
            }
        }
    }
    assert!(src.contains("t(\"table.code\")"), "the page's sources were read");
    let unused: Vec<&String> = en.keys().filter(|k| !message_asked_for(&src, k)).collect();
    assert!(
        unused.is_empty(),
        "messages no page asks for (remove them from the four web/i18n catalogues): {unused:?}"
    );
}

/// Whether the page's source `src` asks for the message `key` (see
/// `no_catalogue_message_is_unused`).
fn message_asked_for(src: &str, key: &str) -> bool {
    let in_key = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    let whole = src.match_indices(key).any(|(at, _)| {
        !in_key(src[..at].chars().next_back()) && !in_key(src[at + key.len()..].chars().next())
    });
    whole
        || (1..key.len()).filter(|&i| key.is_char_boundary(i)).any(|i| {
            let (head, tail) = key.split_at(i);
            src.contains(&format!("`{head}${{"))
                || ['"', '\''].iter().any(|q| {
                    let head_lit = format!("{q}{head}{q}");
                    let tail_lit = format!("{q}{tail}{q}");
                    src.match_indices(&head_lit)
                        .any(|(at, _)| src[at + head_lit.len()..].trim_start().starts_with('+'))
                        || (tail.starts_with('.')
                            && src
                                .match_indices(&tail_lit)
                                .any(|(at, _)| src[..at].trim_end().ends_with('+')))
                })
        })
}

/// Writes the README's screenshots: run on purpose with
/// `BINOKEL_SCREENSHOTS=docs/img cargo test -p binokel-cli --release --test browser -- --ignored screenshots`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes the README's screenshots; run on purpose"]
async fn screenshots() {
    let out = PathBuf::from(std::env::var("BINOKEL_SCREENSHOTS").unwrap_or_else(|_| "docs/img".into()));
    let out = if out.is_relative() {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(out)
    } else {
        out
    };
    std::fs::create_dir_all(&out).expect("screenshot directory");
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    for (name, lang, size) in [
        ("desktop", "en", (1280, 860)),
        ("phone", "en", (390, 844)),
        ("phone-de", "de-DE", (390, 844)),
    ] {
        let b = browser(&driver, lang, size).await;
        let c = &b.client;
        c.goto(&server.url).await.expect("start page");
        wait_js(c, "document.querySelector('#quick-form')", "the start page").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        std::fs::write(
            out.join(format!("start-{name}.png")),
            c.screenshot().await.expect("png"),
        )
        .expect("write");
        start_bot_game(c, &server, "Anna").await;
        // The burial, reached for sure: we bid until the bots pass. The hint lists the best
        // burials as chips and marks the best in the hand; two of its cards are chosen.
        let v = bid_until_soloist(c).await;
        assert_eq!(v["phase"], "bury", "the burial after the auction: {v}");
        click(c, "#hint-button").await;
        let best = wait_js(
            c,
            "(document.querySelector('#hint-panel li .chip') || null) && document.querySelector('#hint-panel li').dataset.action",
            "the burial hint",
        )
        .await;
        let best: Vec<String> = best
            .as_str()
            .expect("the best burial")
            .split(' ')
            .skip(1)
            .map(str::to_string)
            .collect();
        for (n, card) in best.iter().enumerate() {
            if n == 2 {
                tokio::time::sleep(Duration::from_millis(300)).await;
                std::fs::write(
                    out.join(format!("bury-{name}.png")),
                    c.screenshot().await.expect("png"),
                )
                .expect("write");
            }
            click_card(c, &format!("#hand .card[data-card=\"{card}\"]:not(.selected)")).await;
            wait_js(
                c,
                &format!(
                    "document.querySelectorAll('#hand .card.selected').length === {}",
                    n + 1
                ),
                "the card chosen",
            )
            .await;
        }
        wait_js(
            c,
            "document.querySelector('#act-bury:not([disabled])')",
            "Bury, with the three cards chosen",
        )
        .await;
        click(c, "#act-bury").await;
        // The burial is in before the play below looks for its next turn.
        wait_past(c, &v).await;
        let mid =
            "(() => { const v = window.binokel.state.view; return v.phase === 'play' && v.to_act === v.seat \
            && v.trick && v.trick.cards.length >= 1 && v.tricks.length >= 3; })()";
        play_until(c, mid, "a turn in mid-game").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        std::fs::write(
            out.join(format!("table-{name}.png")),
            c.screenshot().await.expect("png"),
        )
        .expect("write");
        // The result panel at the end of the deal (it stays until Next deal).
        play_until(
            c,
            "window.binokel.state.view.phase === 'done' && !!document.querySelector('#result')",
            "the deal's result panel",
        )
        .await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        std::fs::write(
            out.join(format!("result-{name}.png")),
            c.screenshot().await.expect("png"),
        )
        .expect("write");
        assert_no_js_errors(&b).await;
        let _ = b.client.close().await;
    }
    // The replay viewer at the end of a deal of a conformance record.
    let b = browser(&driver, "en", (1280, 860)).await;
    let c = &b.client;
    let record = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../binokel/tests/data/conformance/records/trump-deal.json")
        .canonicalize()
        .expect("record");
    c.goto(&format!("{}/#/games", server.url))
        .await
        .expect("games page");
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#record-file"))
        .await
        .expect("file picker")
        .send_keys(&record.display().to_string())
        .await
        .expect("choose the file");
    wait_js(c, "document.querySelector('#replay')", "the replay").await;
    click(c, "#replay-last").await;
    wait_js(c, "document.querySelector('#replay-result')", "the deal's result").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    std::fs::write(out.join("replay-desktop.png"), c.screenshot().await.expect("png")).expect("write");
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
