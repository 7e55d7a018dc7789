//! Help at a table against bots, in headless Chromium against the real `binokel serve`:
//! the strong bot's hint (every legal action rated, the best marked) and taking back the
//! last action (docs/protocol.md: `hint`, `undo`).

mod browser_common;

use browser_common::*;
use serde_json::json;

/// The legal actions of the current view, sorted.
async fn legal(c: &fantoccini::Client) -> Vec<String> {
    let mut l: Vec<String> = serde_json::from_value(state(c).await["view"]["legal"].clone()).expect("legal");
    l.sort();
    l
}

/// Asks for a hint on the page and checks it: one line per legal action, best first and
/// marked, values in falling order; in play the best card is marked in the hand.
async fn check_hint(c: &fantoccini::Client, what: &str) {
    let want = legal(c).await;
    click(c, "#hint-button").await;
    wait_js(c, "document.querySelector('#hint-panel li')", "the hint").await;
    let rows = js(
        c,
        "return [...document.querySelectorAll('#hint-panel li')].map(li => \
           [li.dataset.action, Number(li.dataset.score), li.classList.contains('best')])",
    )
    .await;
    let rows = rows.as_array().expect("rows").clone();
    let mut actions: Vec<String> = rows
        .iter()
        .map(|r| r[0].as_str().expect("action").to_string())
        .collect();
    let best = actions[0].clone();
    actions.sort();
    assert_eq!(actions, want, "{what}: every legal action is rated, nothing else");
    let scores: Vec<f64> = rows.iter().map(|r| r[1].as_f64().expect("score")).collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "{what}: best first: {scores:?}"
    );
    // A long hint shows its best five, the rest behind "and N more…".
    let shown = js(
        c,
        "return [...document.querySelectorAll('#hint-panel li')].filter(e => e.offsetParent !== null).length",
    )
    .await;
    assert_eq!(shown, json!(rows.len().min(5)), "{what}: the lines shown");
    if rows.len() > 5 {
        assert_eq!(
            text_of(c, "#hint-more").await,
            format!("and {} more…", rows.len() - 5),
            "{what}"
        );
    }
    let marked: Vec<bool> = rows.iter().map(|r| r[2].as_bool().expect("flag")).collect();
    assert!(
        marked[0] && marked.iter().skip(1).all(|m| !m),
        "{what}: only the first line is marked best: {marked:?}"
    );
    if state(c).await["view"]["phase"] == "play" {
        let hinted = js(
            c,
            "return [...new Set([...document.querySelectorAll('#hand .card.hinted')].map(e => e.dataset.card))]",
        )
        .await;
        assert_eq!(
            hinted,
            json!([best]),
            "{what}: the best card is marked in the hand"
        );
        let bare = js(
            c,
            "return document.querySelectorAll('#hand .card.legal:not(:has(.hint-badge))').length",
        )
        .await;
        assert_eq!(bare, json!(0), "{what}: every legal card shows its value");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_rates_every_legal_action() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Kai").await;
    wait_js(c, MY_TURN, "our first turn").await;
    check_hint(c, "first decision").await;
    // And in the play of the cards, where the hand shows it too.
    let our_play = "(() => { const v = window.binokel.state.view; \
        return v.phase === 'play' && v.to_act === v.seat && v.legal.length > 1; })()";
    play_until(c, our_play, "a choice of cards to play").await;
    check_hint(c, "a card to play").await;
    // Following the hint plays the marked card.
    let v = state(c).await["view"].clone();
    let best = js(
        c,
        "return document.querySelector('#hand .card.hinted').dataset.card",
    )
    .await;
    click_card(c, "#hand .card.hinted").await;
    wait_past(c, &v).await;
    let after = state(c).await["view"].clone();
    if after["deal"] == v["deal"] {
        let mine = &after["history"][v["history"].as_array().expect("history").len()];
        assert_eq!(mine["action"], best, "the hinted card was played");
    }
    assert!(!server.log().contains("panicked"), "{}", server.log());
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_back_restores_the_hand() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Lena").await;
    // Early in the play of a trump game, so that our card cannot end the deal (a Durch
    // ends at the first trick the soloist loses).
    let early = "(() => { const v = window.binokel.state.view; return v.phase === 'play' \
        && /^trump /.test(v.contract || '') \
        && v.to_act === v.seat && v.hand_sizes[v.seat] >= 6; })()";
    play_until(c, early, "an early turn in the play").await;
    let before = state(c).await["view"].clone();
    let seen = before["history"].as_array().expect("history").len();
    assert_eq!(take_turn(c).await, "play");
    wait_progress(c, before["deal"].as_u64().expect("deal"), seen as u64).await;
    let played = state(c).await["view"]["history"][seen]["action"].clone();
    let card = played.as_str().expect("card").to_string();

    click(c, "#undo-button").await;
    wait_js(
        c,
        &format!(
            "(() => {{ const v = window.binokel.state.view; return v.deal === {} && v.history.length === {seen} \
             && v.to_act === v.seat; }})()",
            before["deal"]
        ),
        "the position before our card",
    )
    .await;
    let after = state(c).await["view"].clone();
    assert_eq!(after["hand"], before["hand"], "the hand is whole again");
    assert_eq!(after["trick"], before["trick"]);
    assert_eq!(after["legal"], before["legal"]);
    let shown = js(
        c,
        &format!("return document.querySelectorAll('#hand .card[data-card=\"{card}\"]').length"),
    )
    .await;
    assert!(
        shown.as_u64().unwrap_or(0) >= 1,
        "{card} is back in the hand on the page"
    );
    // The game goes on from there.
    wait_js(c, MY_TURN, "our turn again").await;
    assert_eq!(take_turn(c).await, "play");
    wait_progress(c, before["deal"].as_u64().expect("deal"), seen as u64).await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// Issue #33, point 7: a burial hint whose every choice is rated as giving up (the rating
/// assumes the soloist gives up at the declaration, so the burial does not matter) says so
/// under the list; a hint with different values says nothing of it. The hint message is the
/// server's documented `hint` (docs/protocol.md), handed to the page's own message handler
/// with the values such a position gets: the page's reading of it is what is tested.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burial_hint_of_equal_surrender_values_says_it_assumes_giving_up() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", PHONE).await;
    let c = &b.client;
    start_bot_game(c, &server, "Kai").await;
    bid_until_soloist(c).await;
    let burial = "(() => { const v = window.binokel.state.view; \
        return v.to_act === v.seat && v.legal.some(a => a.startsWith('bury ')); })()";
    wait_js(c, burial, "our burial").await;
    let send = |scores: &'static str| {
        format!(
            "const v = window.binokel.state.view; const sc = {scores}; \
             const hints = v.legal.filter(a => a.startsWith('bury ')).slice(0, 4) \
               .map((a, i) => ({{ action: a, score: sc(v, i) }})); \
             window.binokel.client.onMessage({{ type: 'hint', id: null, deal: v.deal, index: v.history.length, hints }}); \
             return hints.length;"
        )
    };
    let n = js(c, &send("(v, i) => -v.bid")).await;
    assert!(n.as_u64().expect("count") > 1, "several burials: {n}");
    wait_js(
        c,
        "document.querySelector('#hint-note')",
        "the note under the burial hint",
    )
    .await;
    let note = text_of(c, "#hint-note").await;
    assert!(note.contains("give up"), "{note}");
    let bid = state(c).await["view"]["bid"].as_i64().expect("bid");
    assert!(
        note.contains(&format!("-{bid}")) || note.contains(&format!("−{bid}")),
        "{note}"
    );
    screenshot(c, "burial-hint-gives-up-phone").await;
    // Different values: a plain list, no note.
    js(c, &send("(v, i) => 40 - 10 * i")).await;
    wait_js(
        c,
        "document.querySelector('#hint-panel li') && !document.querySelector('#hint-note')",
        "the list without the note",
    )
    .await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
