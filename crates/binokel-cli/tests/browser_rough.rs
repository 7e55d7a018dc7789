//! The browser table's rough edges (issue #33), each point with the test that shows it, in
//! headless Chromium against the real `binokel serve`: German card codes in the meld
//! calculator, a distinct name for every seat, the keyboard focus after each decision, the
//! forced opening explained, unique ids for the card backs, and the review's wording.

mod browser_common;

use binokel::{CardSet, Rules, Suit};
use binokel_server::client::http;
use browser_common::*;
use fantoccini::Client;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

async fn choose(c: &Client, select: &str, value: &str) {
    click(c, &format!("{select} option[value=\"{value}\"]")).await;
}

/// Presses a key on the element that has the focus (`\u{E007}` is Enter).
async fn press(c: &Client, key: &str) {
    c.active_element()
        .await
        .expect("an element in focus")
        .send_keys(key)
        .await
        .expect("a key press");
}

/// The element in focus, as `#id` or `tag.class [data-card]`.
async fn focused(c: &Client) -> String {
    js(
        c,
        "const e = document.activeElement; if (!e || e === document.body) return 'body'; \
         return e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + [...e.classList].join('.') \
           + (e.dataset.card ? ' ' + e.dataset.card : '') + (e.closest('#hand') ? ' in hand' : '');",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

const ENTER: &str = "\u{E007}";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_meld_calculator_reads_german_codes_and_an_error_never_becomes_a_total() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "de-DE", BIG_PHONE).await;
    let c = &b.client;
    c.goto(&format!("{}/meld.html", server.url))
        .await
        .expect("the calculator");
    wait_js(c, "document.body.dataset.ready === '1'", "the calculator").await;
    // German cards (the default in German): Grün is the record's S.
    choose(c, "#meld-trump", "S").await;
    type_into(c, "#meld-text", "AG 10G KG OG UG").await;
    let hand: CardSet = "AS TS KS QS JS".parse().unwrap();
    let want = binokel::meld::melds(hand, Some(Suit::Spades), &Rules::default()).total();
    assert_eq!(want, 150);
    wait_js(
        c,
        &format!("document.querySelector('#meld-total').dataset.total === '{want}'"),
        "the total of German codes",
    )
    .await;
    assert_eq!(text_of(c, "#meld-error").await, "", "no error for German codes");
    // A tap on the picker writes the code in the same style.
    click(c, ".pick[data-card=\"QS\"]").await;
    wait_js(
        c,
        "document.querySelector('#meld-text').value.split(' ').filter(x => x === 'OG').length === 2",
        "the picker's code in German letters",
    )
    .await;
    // An error stays an error when the trump changes: no "0 · Keine Meldungen".
    type_into(c, "#meld-text", "AG 10G XX").await;
    wait_js(
        c,
        "document.querySelector('#meld-error').textContent.includes('XX')",
        "the refusal",
    )
    .await;
    choose(c, "#meld-trump", "H").await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert!(
        text_of(c, "#meld-error").await.contains("XX"),
        "the error is kept after a change of trump"
    );
    assert_eq!(text_of(c, "#meld-total").await, "–", "no total under an error");
    assert_eq!(
        js(c, "return document.querySelectorAll('#meld-list li').length").await,
        json!(0),
        "no melds listed under an error"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

/// No default name of a language is a word of any catalogue (a role such as the soloist,
/// "Spieler" in German, above all).
#[test]
fn no_default_name_is_a_word_of_the_page() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/i18n");
    let mut catalogues = Vec::new();
    for lang in ["en", "de", "pt", "nl"] {
        let text = std::fs::read_to_string(dir.join(format!("{lang}.json"))).expect("a catalogue");
        let v: Value = serde_json::from_str(&text).expect("JSON");
        catalogues.push((lang, v));
    }
    for (lang, cat) in &catalogues {
        let name = cat["start.default_name"]
            .as_str()
            .expect("a default name")
            .to_lowercase();
        for (other, cat2) in &catalogues {
            for (key, value) in cat2.as_object().expect("an object") {
                if key == "start.default_name" {
                    continue;
                }
                assert_ne!(
                    value.as_str().map(str::to_lowercase).as_deref(),
                    Some(name.as_str()),
                    "the {lang} default name is the {other} text of {key}"
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_play_without_a_name_gives_every_seat_its_own_name() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "de-DE", DESKTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    type_into(c, "#quick-name", "").await;
    choose(c, "#quick-bot", "medium").await;
    click(c, "#quick-play").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    let names = wait_js(
        c,
        "(() => { const n = [0, 1, 2].map(s => document.querySelector(`#seat-${s} .name`)); \
           return n.every(e => e) ? n.map(e => e.textContent.trim()) : null; })()",
        "three seat names",
    )
    .await;
    let names: Vec<String> = serde_json::from_value(names).expect("names");
    assert_ne!(names[1], names[2], "two bots of one level: two personas");
    assert!(
        names.iter().all(|n| !n.contains('(')),
        "no seat told apart by a number: {names:?}"
    );
    assert_ne!(names[0], "Spieler", "the default name is not the soloist's tag");
    assert_eq!(
        state(c).await["view"]["names"][1].as_str(),
        Some(names[1].as_str()),
        "the page names the bots as the server (and so the record) does"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_focus_moves_to_the_next_decision() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Anna").await;
    let start = Instant::now();
    let mut bids = 0;
    // The auction by keyboard: Enter on the bid button; at our next turn the focus is on it
    // again, and at the burial it is in the hand.
    let view = loop {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the auction never ended in our favour"
        );
        wait_js(c, MY_TURN, "our turn").await;
        let v = state(c).await["view"].clone();
        if v["phase"] != "auction" {
            break v;
        }
        if bids == 0 {
            // Point 10: the hand's melds under each trump, shown during the auction.
            assert_eq!(
                js(
                    c,
                    "return document.querySelectorAll('#melds-by-trump .by-trump[data-melds]').length"
                )
                .await,
                json!(4),
                "the melds by trump in the auction"
            );
            js(c, "document.querySelector('#act-bid').focus()").await;
        } else {
            assert_eq!(
                focused(c).await,
                "#act-bid",
                "our next bid: the focus is on the bid button"
            );
        }
        press(c, ENTER).await;
        bids += 1;
        wait_past(c, &v).await;
    };
    assert_eq!(view["soloist"], view["seat"], "we are the soloist");
    if view["phase"] == "bury" {
        assert!(
            focused(c).await.ends_with("in hand"),
            "the burial: the focus is in the hand, not {}",
            focused(c).await
        );
        let burial = view["legal"]
            .as_array()
            .expect("legal")
            .iter()
            .filter_map(Value::as_str)
            .find(|a| a.starts_with("bury "))
            .expect("a burial")
            .to_string();
        for card in burial.split(' ').skip(1) {
            js(
                c,
                &format!("document.querySelector('#hand .card[data-card=\"{card}\"]:not([aria-pressed=\"true\"])').focus()"),
            )
            .await;
            press(c, ENTER).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(
            focused(c).await,
            "#act-bury",
            "three cards chosen: the focus is on Bury"
        );
        press(c, ENTER).await;
        wait_past(c, &view).await;
        wait_js(c, MY_TURN, "the declaration").await;
    }
    let f = focused(c).await;
    assert!(
        f.starts_with("#act-trump-"),
        "the declaration: the focus is on the first trump, not {f}"
    );
    press(c, ENTER).await;
    wait_js(c, "window.binokel.state.view.phase === 'play'", "the play").await;
    wait_js(c, MY_TURN, "our first card").await;
    let f = focused(c).await;
    assert!(
        f.ends_with("in hand") && f.contains("legal"),
        "the play: the focus is on a legal card, not {f}"
    );
    // Point 10: the soloist reads the points still needed for the bid.
    let needed = js(
        c,
        "const e = document.querySelector('#still-needed'); return e ? Number(e.dataset.needed) : null",
    )
    .await;
    let bid = state(c).await["view"]["bid"].as_f64().expect("the bid");
    assert!(
        needed.as_f64().is_some_and(|n| n > 0.0 && n <= bid),
        "the points still needed: {needed} of {bid}"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_forced_opening_says_why_there_is_no_pass() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Anna").await;
    play_until(
        c,
        &format!(
            "({MY_TURN}) && window.binokel.state.view.phase === 'auction' && !window.binokel.state.view.legal.includes('pass')"
        ),
        "our forced opening",
    )
    .await;
    assert_eq!(
        js(c, "return document.querySelectorAll('#act-pass').length").await,
        json!(0)
    );
    let why = text_of(c, "#forced-why").await;
    assert!(why.contains("150"), "the page says why there is no Pass: {why:?}");
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kreuzbinokel_on_a_phone_has_unique_ids() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", PHONE).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    type_into(c, "#create-name", "Anna").await;
    choose(c, "#create-preset", "kreuz").await;
    click(c, "#create-table").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    wait_hand_at_rest(c).await;
    let backs = js(c, "return document.querySelectorAll('.seat-backs svg').length").await;
    assert!(
        backs.as_u64().unwrap_or(0) > 0,
        "the others' card backs are drawn"
    );
    let dup = js(
        c,
        "const seen = new Map(); for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) || 0) + 1); \
         return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} x${n}`);",
    )
    .await;
    assert_eq!(dup, json!([]), "ids used more than once");
    // Every back's pattern is one that exists in the same drawing.
    let blank = js(
        c,
        "return [...document.querySelectorAll('.seat-backs svg')].filter(s => { \
           const r = s.querySelector('rect[fill^=\"url(\"]'); if (!r) return true; \
           const id = r.getAttribute('fill').slice(4, -1); return !s.querySelector(id); }).length",
    )
    .await;
    assert_eq!(blank, json!(0), "backs whose pattern is not in their own drawing");
    screenshot(c, "kreuz-phone").await;
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

/// A finished match of three bots and its review id.
async fn reviewed_match(server: &Server) -> String {
    let post = |path: &str, body: Value| {
        let path = path.to_string();
        async move {
            http(&server.url, "POST", &path, Some(&body))
                .await
                .expect("a call")
                .json()
                .unwrap_or(Value::Null)
        }
    };
    // Random bots on a random table may give up every deal of a short match, and then
    // there is no card play to review: play another match until one has cards played (a
    // record action of two characters is a card).
    let mut code = String::new();
    for _ in 0..20 {
        let v = post(
            "/api/tables",
            json!({"target": 300, "seats": [{"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
        )
        .await;
        code = v["code"].as_str().expect("a code").to_string();
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            let s = http(&server.url, "GET", &format!("/api/tables/{code}"), None)
                .await
                .expect("a summary")
                .json()
                .unwrap_or(Value::Null);
            if s["status"] == "finished" {
                break;
            }
            assert!(Instant::now() < until, "the bots did not finish");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let record = http(&server.url, "GET", &format!("/api/tables/{code}/record"), None)
            .await
            .expect("the record")
            .json()
            .unwrap_or(Value::Null);
        let cards_played = record["deals"].as_array().into_iter().flatten().any(|d| {
            d["actions"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|a| a.as_str().is_some_and(|a| a.len() == 2))
        });
        if cards_played {
            break;
        }
    }
    let r = post("/api/reviews", json!({"table": code})).await;
    r["id"].as_str().expect("a review id").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_counts_by_trick_and_writes_numbers_in_the_language() {
    let _turn = BROWSERS.lock().await;
    let server = start_server_with(0, &["--tables-per-minute", "0", "--review-budget", "0.05"]);
    let id = reviewed_match(&server).await;
    let driver = start_driver();
    let b = browser(&driver, "de-DE", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/review/{id}", server.url))
        .await
        .expect("the review");
    wait_js(c, "document.querySelector('#review-summary')", "the review").await;
    // The largest mistakes are listed (random bots make some).
    let at = wait_js(
        c,
        "(() => { const b = [...document.querySelectorAll('.review-worst [data-deal]')]; return b.length ? true : null; })()",
        "the largest mistakes",
    )
    .await;
    assert_eq!(at, json!(true));
    let summary = text_of(c, "#review-summary").await;
    assert!(
        summary.contains(" %") && summary.contains(','),
        "German accuracy: {summary}"
    );
    assert!(
        !regex_like_english_decimal(&summary),
        "German numbers with a decimal comma: {summary}"
    );
    assert!(
        js(c, "return !!document.querySelector('#review-accuracy-note')").await == json!(true),
        "the accuracy is explained"
    );
    // Go to a decision of the card play (from the stored review): its deal, then its position.
    // Asked again until the stored review answers with its decisions (the answer names
    // what it had when it does not).
    let until = Instant::now() + Duration::from_secs(60);
    let stored = loop {
        let a = http(&server.url, "GET", &format!("/api/reviews/{id}"), None)
            .await
            .expect("the review");
        let v = a.json().unwrap_or(Value::Null);
        if v["review"]["decisions"].is_array() {
            break v;
        }
        assert!(
            Instant::now() < until,
            "the stored review has no decisions: {} {}",
            a.status,
            String::from_utf8_lossy(&a.body)
                .chars()
                .take(300)
                .collect::<String>()
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let d = stored["review"]["decisions"]
        .as_array()
        .expect("decisions")
        .iter()
        .find(|d| d["phase"] == "play")
        .unwrap_or_else(|| panic!("no decision of the play in the review"))
        .clone();
    let panel = js(
        c,
        &format!(
            "const d = document.querySelector('#replay-deal'); d.value = '{deal}'; d.dispatchEvent(new Event('change')); \
             const s = document.querySelector('#replay-slider'); s.value = '{index}'; s.dispatchEvent(new Event('input')); \
             const p = document.querySelector('#review-decision'); return p ? [p.dataset.phase || '', p.textContent] : null;",
            deal = d["deal"],
            index = d["index"]
        ),
    )
    .await;
    assert_eq!(
        panel[0],
        json!("play"),
        "the panel of a decision of the play: {panel}"
    );
    let panel = panel[1].clone();
    let panel = panel.as_str().unwrap_or_default().to_string();
    assert!(panel.contains("Stich"), "a card is named by its trick: {panel}");
    assert!(!regex_like_english_decimal(&panel), "German numbers: {panel}");
    // "Zug" is also the German word for a move ("Der beste Zug wurde gespielt." when the
    // card played was the best): a move number is "Zug" followed by a number.
    assert!(
        !panel
            .match_indices("Zug ")
            .any(|(i, m)| panel[i + m.len()..].starts_with(|c: char| c.is_ascii_digit())),
        "no move number by action index: {panel}"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

/// True when `text` holds a number with an English decimal point and one decimal ("62.0");
/// a German thousands point ("1.014,1") is not one.
fn regex_like_english_decimal(text: &str) -> bool {
    let b = text.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| {
        b[i] == b'.'
            && b[i - 1].is_ascii_digit()
            && b[i + 1].is_ascii_digit()
            && b.get(i + 2).is_none_or(|c| !c.is_ascii_digit())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_over_dialog_offers_the_review() {
    let _turn = BROWSERS.lock().await;
    let server = start_server_with(0, &["--tables-per-minute", "0", "--review-budget", "0.05"]);
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    type_into(c, "#create-name", "Anna").await;
    type_into(c, "#create-target", "100").await;
    for seat in [1, 2] {
        choose(c, &format!(".seat-bot[data-seat=\"{seat}\"]"), "beginner").await;
    }
    click(c, "#create-table").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    play_until(c, "document.querySelector('#match-over')", "the match's end").await;
    click(c, "#over-review").await;
    wait_js(c, "location.hash.startsWith('#/review/')", "the review page").await;
    wait_js(c, "document.querySelector('#review-summary')", "the review").await;
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_chosen_ahead_is_played_at_ones_turn_and_the_only_card_by_itself() {
    let _turn = BROWSERS.lock().await;
    // Bots that take their time, as people see them: there is a moment between our turns.
    let server = start_server_with_bot_delay(600);
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Anna").await;
    // A table of bots alone offers no invite link (point 10).
    assert_eq!(
        js(c, "return document.querySelectorAll('#copy-link').length").await,
        json!(0)
    );
    play_until(
        c,
        &format!("({MY_TURN}) && window.binokel.state.view.phase === 'play'"),
        "our first card",
    )
    .await;
    let v = state(c).await["view"].clone();
    take_turn(c).await;
    wait_past(c, &v).await;
    // Our card may have won the trick: play on until another seat is to play.
    loop {
        let r = wait_js(
            c,
            &format!(
                "({MY_TURN}) ? 'mine' : (() => {{ const v = window.binokel.state.view; return v.phase === 'play' && v.to_act !== v.seat ? 'others' : ''; }})()"
            ),
            "the others' turn",
        )
        .await;
        if r == "others" {
            break;
        }
        let v = state(c).await["view"].clone();
        take_turn(c).await;
        wait_past(c, &v).await;
    }
    // A click now chooses the card ahead; a second click cancels, a third chooses again.
    let me = v["seat"].as_u64().expect("seat");
    let card = js(
        c,
        "const e = document.querySelector('#hand .card'); e.click(); return e.dataset.card",
    )
    .await;
    let card = card.as_str().expect("a card").to_string();
    wait_js(
        c,
        "document.querySelector('#hand .card.premove') && document.querySelector('#premove-info')",
        "the card chosen ahead",
    )
    .await;
    js(c, "document.querySelector('#hand .card.premove').click()").await;
    wait_js(
        c,
        "!document.querySelector('#hand .card.premove')",
        "the choice cancelled",
    )
    .await;
    let seen = state(c).await["view"]["history"]
        .as_array()
        .expect("history")
        .len();
    js(
        c,
        &format!("document.querySelector('#hand .card[data-card=\"{card}\"]').click()"),
    )
    .await;
    wait_js(
        c,
        "document.querySelector('#hand .card.premove')",
        "the card chosen again",
    )
    .await;
    // At our turn the page plays it (if it is legal then) or says it may not be played.
    let outcome = wait_js(
        c,
        &format!(
            "(() => {{ const v = window.binokel.state.view; \
               if (v.history.some((h, k) => k >= {seen} && h.seat === {me} && h.action === '{card}')) return 'played'; \
               const t = document.getElementById('toast'); \
               return t && !t.hidden && t.textContent.includes('may not be played now') ? 'dropped' : null; }})()"
        ),
        "the card chosen ahead played at our turn",
    )
    .await;
    eprintln!("the card chosen ahead: {outcome}");
    // The only legal card by itself: switched on, the page plays it without a click.
    click(c, "#autoplay").await;
    assert_eq!(
        js(c, "return localStorage.getItem('binokel.autoplay')").await,
        json!("on")
    );
    let start = Instant::now();
    let mut clicks = 0;
    loop {
        assert!(start.elapsed() < Duration::from_secs(150), "the deal did not end");
        let r = wait_js(
            c,
            &format!("window.binokel.state.view.phase === 'done' ? 'done' : ({MY_TURN}) ? 'turn' : ''"),
            "our turn or the deal's end",
        )
        .await;
        if r == "done" {
            break;
        }
        let v = state(c).await["view"].clone();
        // The page may have played the only card (and ended the deal) between the wait and
        // this read: then there is nothing to wait for here; the loop looks again.
        if v["phase"] == json!("done") || v["to_act"] != v["seat"] {
            continue;
        }
        if v["legal"].as_array().expect("legal").len() > 1 {
            take_turn(c).await;
            clicks += 1;
        }
        // One legal card: no click, the page plays it.
        wait_past(c, &v).await;
    }
    let v = state(c).await["view"].clone();
    let mine = v["history"]
        .as_array()
        .expect("history")
        .iter()
        .filter(|h| h["seat"] == json!(me) && h["action"].as_str().is_some_and(|a| a.len() == 2))
        .count();
    // Ours: the first card, the card chosen ahead (when it was legal), the cards clicked
    // after the switch, and at least one the page played itself (the last card at least).
    let ahead = usize::from(outcome == json!("played"));
    assert!(
        mine > 1 + ahead + clicks,
        "no card played by the page itself: {mine} cards of ours, {clicks} clicked after the switch"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_badges_on_a_phone_cover_none_of_each_other() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", PHONE).await;
    let c = &b.client;
    start_bot_game(c, &server, "Anna").await;
    play_until(
        c,
        &format!(
            "({MY_TURN}) && window.binokel.state.view.phase === 'play' && window.binokel.state.view.legal.length > 3"
        ),
        "a turn in the play with a choice",
    )
    .await;
    click(c, "#hint-button").await;
    wait_js(
        c,
        "document.querySelectorAll('#hand .hint-badge').length > 3",
        "the badges",
    )
    .await;
    wait_hand_at_rest(c).await;
    let covered = js(
        c,
        "const b = [...document.querySelectorAll('#hand .hint-badge')]; const bad = []; \
         b.forEach(x => { x.style.pointerEvents = 'auto'; }); \
         b.forEach((x, i) => { const r = x.getBoundingClientRect(); \
           const hit = document.elementFromPoint(r.right - 2, (r.top + r.bottom) / 2); \
           if (!hit || !x.contains(hit) && hit !== x) bad.push(x.textContent + ' is covered at its end'); \
           b.forEach((y, j) => { if (j > i) { const q = y.getBoundingClientRect(); \
             if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) \
               bad.push(x.textContent + ' overlaps ' + y.textContent); } }); }); return bad;",
    )
    .await;
    screenshot(c, "hint-badges-phone").await;
    assert_eq!(covered, json!([]), "hint badges in the way of each other");
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smaller_things_cards_in_words_two_player_verdict_and_compact_headers() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", PHONE).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    let words = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             Promise.all([import('/js/text.js'), import('/js/result.js')]).then(([text, result]) => done([ \
               text.cardPlain('TS', 'french'), \
               result.verdictText({players: 2, scores: [180, 120], contract: null, soloist: null, melds: [], card_points: [0, 0]}, s => ['Anna', 'Ben'][s])]));",
            vec![],
        )
        .await
        .expect("the page's modules");
    assert_eq!(words[0], json!("10 of spades"));
    let verdict = words[1].as_str().unwrap_or_default();
    assert!(
        verdict.contains("Anna") && verdict.contains("180"),
        "the two-player verdict: {verdict}"
    );
    // The score pad's and the calculator's header leave the phone's screen to the page.
    for (page, ready) in [
        ("meld.html", "document.body.dataset.ready === '1'"),
        ("pad.html", "document.querySelector('#new-create')"),
    ] {
        c.goto(&format!("{}/{page}", server.url)).await.expect(page);
        wait_js(c, ready, page).await;
        let top = js(
            c,
            "return [...document.querySelectorAll('main .panel')].find(e => e.offsetParent).getBoundingClientRect().top",
        )
        .await;
        screenshot(c, &format!("header-{}", page.trim_end_matches(".html"))).await;
        assert!(
            top.as_f64().expect("top") <= 200.0,
            "{page}: the first panel starts at {top} px of 844"
        );
    }
    // German cards: suit names without French symbols in the trump choice.
    c.goto(&format!("{}/meld.html", server.url)).await.expect("meld");
    wait_js(c, "document.body.dataset.ready === '1'", "the calculator").await;
    js(c, "localStorage.setItem('binokel.style', 'german')").await;
    c.refresh().await.expect("reload");
    wait_js(c, "document.body.dataset.ready === '1'", "the calculator").await;
    let trumps = text_of(c, "#meld-trump").await;
    assert!(!trumps.contains('♠') && trumps.contains("Grün"), "{trumps}");
    assert_no_js_errors(&b).await;
    let _ = b.client.clone().close().await;
}
