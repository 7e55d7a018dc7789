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
    let b = browser(&driver, "en", PHONE).await;
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
    // Melds struck out where they do not count; the burial shown or said to be hidden.
    assert_result_panel(c, &v).await;
    let totals = js(
        c,
        "return [...document.querySelectorAll('#result tbody td.total')].map(td => Number(td.textContent))",
    )
    .await;
    assert_eq!(totals, v["totals"], "the running totals");
    // Phone: the panel fits the width, its button is big enough to tap.
    assert_fits_width(c, "the result panel").await;
    assert_eq!(
        small_controls(c, "#result").await,
        json!([]),
        "the result panel's buttons"
    );
    // The table of the panel fits the phone in every language, without a scroll bar that
    // hides the totals: the long headings break at their soft hyphen ("Meldun-gen",
    // "Kaart-punten", "Decla-rações"; 37, 48 and 23 px too wide before).
    for lang in ["de", "nl", "pt", "en"] {
        select(c, &format!("#lang-select option[value=\"{lang}\"]"), lang).await;
        let overflow = wait_js(
            c,
            &format!(
                "document.documentElement.lang === '{lang}' && document.querySelector('#result .result-scroll') \
                 && [document.querySelector('#result .result-scroll').scrollWidth - document.querySelector('#result .result-scroll').clientWidth]"
            ),
            "the result panel in the language",
        )
        .await;
        assert_eq!(overflow, json!([0]), "{lang}: the result table scrolls sideways");
    }
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

    // Emotes: a phrase shows by our seat; the mute switch is remembered. The button's
    // icon is drawn (SVG), not an emoji that a machine without an emoji font shows as a box.
    assert_eq!(
        js(
            c,
            "const b = document.querySelector('#emote-open'); return [!!b.querySelector('svg'), b.textContent.trim(), /[^\\u0000-\\u2FFF]/u.test(b.textContent)]"
        )
        .await,
        json!([true, "Say", false]),
        "the emote button: an SVG icon and its word"
    );
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

/// The countdown before the next deal at tables with people is 20 s unless `binokel serve`
/// is told otherwise (issue #19: "a visible countdown (default 20 s)"). No browser.
#[test]
fn the_next_deal_countdown_defaults_to_twenty_seconds() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args(["serve", "--help"])
        .output()
        .expect("binokel serve --help");
    let help = String::from_utf8_lossy(&out.stdout);
    let at = help.find("--ready-secs").expect("the option --ready-secs");
    let option = help[at..].split("\n      --").next().unwrap_or_default();
    assert!(option.contains("[default: 20]"), "{option}");
}

/// Plays this page's seat in the page itself, at once, until the deal is done: it passes
/// in the auction and otherwise makes the first legal move (the test is about what comes
/// after the deal; the moves themselves are clicked in the other tests).
const AUTOPLAY: &str = "window.autoplay = setInterval(() => { const c = window.binokel.client; \
    const v = c && c.state && c.state.view; \
    if (!v || v.phase === 'done' || v.to_act !== v.seat || !v.legal.length || c.busy) return; \
    c.act(v.legal.includes('pass') ? 'pass' : v.legal[0]); }, 40)";

/// The box of `css` on the page and the viewport's size: `[top, bottom, left, right, width, height]`.
async fn box_in_view(c: &fantoccini::Client, css: &str) -> Vec<f64> {
    let v = js(
        c,
        &format!(
            "window.scrollTo(0, 0); const r = document.querySelector('{css}').getBoundingClientRect(); \
             return [r.top, r.bottom, r.left, r.right, innerWidth, innerHeight]"
        ),
    )
    .await;
    v.as_array()
        .expect("a box")
        .iter()
        .map(|x| x.as_f64().expect("number"))
        .collect()
}

/// Two people at one friends' table (and a bot), each in a browser: Anna on a desktop,
/// Ben on a phone. At the end of the deal each page's result panel is in view without
/// scrolling (1366 x 800 and 1280 x 720), lists who is ready and counts down; when both
/// have pressed "Next deal" the next deal starts at once, long before the countdown ends.
/// An emote of Anna's shows at Ben's table, and not once Ben has muted emotes. On the
/// phone the top bar is one row; its links are behind the menu button.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_ready_for_the_next_deal_and_their_emotes() {
    let _turn = BROWSERS.lock().await;
    // A countdown of a minute: a deal that starts within seconds started because both
    // were ready.
    let server = start_server_with(300, &["--ready-secs", "60"]);
    let driver = start_driver();
    let anna = browser(&driver, "en", LAPTOP).await;
    let ben = browser(&driver, "en", PHONE).await;
    let (a, b) = (&anna.client, &ben.client);

    open_start_page(a, &server).await;
    type_into(a, "#quick-name", "Anna").await;
    select(
        a,
        ".seat-kind[data-seat=\"1\"] option[value=\"human\"]",
        "a person in seat 2",
    )
    .await;
    select(
        a,
        ".seat-bot[data-seat=\"2\"] option[value=\"beginner\"]",
        "a bot in seat 3",
    )
    .await;
    click(a, "#create-table").await;
    wait_js(a, "document.querySelector('#waiting')", "the waiting table").await;
    // The waiting list names the bot by its persona, with its level.
    let waiting = text_of(a, "#waiting").await;
    assert!(
        waiting.contains("Benno") && waiting.contains("beginner"),
        "{waiting}"
    );
    let code = text_of(a, "#table-code").await;
    b.goto(&format!("{}/#/join/{code}", server.url))
        .await
        .expect("the invite link");
    wait_js(b, "document.querySelector('#join-seat-form')", "the join form").await;
    // The phone's top bar is one row: the links are behind the menu button.
    let bar = js(
        b,
        "const bar = document.querySelector('.topbar'); const r = bar.getBoundingClientRect(); \
         const kids = [...bar.children].filter(e => e.getBoundingClientRect().height > 0); \
         return [r.height, Math.max(...kids.map(e => e.getBoundingClientRect().top)) - Math.min(...kids.map(e => e.getBoundingClientRect().top)), !!document.querySelector('#nav-games').offsetParent]",
    )
    .await;
    assert!(
        bar[0].as_f64().expect("height") <= 60.0 && bar[1].as_f64().expect("spread") < 10.0,
        "the phone's top bar on one row: {bar}"
    );
    assert_eq!(bar[2], json!(false), "the links are behind the menu");
    click(b, "#menu-toggle").await;
    wait_js(b, "document.querySelector('#nav-games').offsetParent && document.querySelector('#menu-toggle').getAttribute('aria-expanded') === 'true'", "the menu open").await;
    click(b, "#menu-toggle").await;
    wait_js(
        b,
        "!document.querySelector('#nav-games').offsetParent",
        "the menu closed",
    )
    .await;
    type_into(b, "#join-name", "Ben").await;
    click(b, "#join-seat").await;
    for c in [a, b] {
        wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    }
    // In the auction the other person's turn line says whose bid it is, not whose card
    // ("Ben to bid", never "Ben to play"). The bot bids at once; a person waits for us.
    let person = wait_js(
        a,
        "(() => { const v = window.binokel.state.view; return v.phase === 'auction' && (v.to_act === 0 || v.to_act === 1) ? String(v.to_act) : ''; })()",
        "a person's bid",
    )
    .await;
    let (watcher, bidder) = if person == "0" { (b, "Anna") } else { (a, "Ben") };
    wait_js(
        watcher,
        &format!("document.querySelector('#turn-info') && document.querySelector('#turn-info').textContent === '{bidder} to bid'"),
        "the other person's bid on the turn line",
    )
    .await;
    for c in [a, b] {
        js(c, AUTOPLAY).await;
    }

    // The deal ends: each page shows the result with the other person not yet ready and
    // the countdown.
    let done =
        "window.binokel.state.view.phase === 'done' && document.querySelector('#result #ready-countdown')";
    for c in [a, b] {
        wait_js(c, done, "the result panel with the countdown").await;
    }
    js(a, "clearInterval(window.autoplay)").await;
    js(b, "clearInterval(window.autoplay)").await;
    // Each page's panel: melds struck out where they do not count; the burial's cards for
    // its soloist, "stays hidden" for the others.
    for c in [a, b] {
        let v = state(c).await["view"].clone();
        assert_result_panel(c, &v).await;
    }
    assert_eq!(
        js(a, "return [...document.querySelectorAll('#ready-list li')].map(li => [li.dataset.seat, li.textContent])").await,
        json!([["1", "Ben: still looking"]])
    );
    assert_eq!(
        js(b, "return [...document.querySelectorAll('#ready-list li')].map(li => [li.dataset.seat, li.textContent])").await,
        json!([["0", "Anna: still looking"]])
    );
    let left = js(
        b,
        "return Number(/\\d+/.exec(document.querySelector('#ready-countdown').textContent)[0])",
    )
    .await;
    let left = left.as_f64().expect("seconds");
    assert!(left > 30.0 && left <= 60.0, "the countdown shows {left} s");
    // Over the felt, in view without scrolling, on both desktop sizes and on the phone.
    for (size, c) in [((1366, 800), a), ((1280, 720), a)] {
        c.set_window_size(size.0, size.1).await.expect("window size");
        let r = wait_js(
            c,
            &format!("innerWidth <= {} && innerHeight <= {}", size.0, size.1),
            "the window size",
        )
        .await;
        assert_eq!(r, json!(true));
        let [top, bottom, left, right, w, h] = box_in_view(c, "#result").await[..] else {
            panic!("a box")
        };
        assert!(
            top >= 0.0 && bottom <= h && left >= 0.0 && right <= w,
            "the result panel in view at {size:?}: top {top}, bottom {bottom}, left {left}, right {right} of {w} x {h}"
        );
        let [.., nb, _, _, _, h] = box_in_view(c, "#next-deal").await[..] else {
            panic!("a box")
        };
        assert!(nb <= h, "Next deal in view at {size:?}");
    }
    a.set_window_size(1366, 800).await.expect("window size");
    // The melds column's heading starts where its cells do (it stood at the column's right
    // end, over nothing, while the melds are written from the left). The names' column has
    // no heading: its head is a plain cell (issue #33, axe-core's empty-table-header).
    let melds = js(
        a,
        "const left = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect().left; }; \
         const head = [...document.querySelector('#result thead tr').children]; \
         const i = head.findIndex(th => th.textContent === 'Melds'); \
         return [...document.querySelectorAll('#result tbody tr')].map(tr => left(tr.children[i]) - left(head[i]))",
    )
    .await;
    for gap in melds.as_array().expect("rows") {
        assert!(
            gap.as_f64().expect("px").abs() < 1.0,
            "the melds heading over its cells: {melds}"
        );
    }
    let [top, _, _, _, _, h] = box_in_view(b, "#result").await[..] else {
        panic!("a box")
    };
    assert!(
        top >= 0.0 && top < h / 2.0,
        "on the phone the panel starts in the upper half: {top} of {h}"
    );
    screenshot(a, "two-countdown-desktop").await;
    screenshot(b, "two-countdown-phone").await;

    // An emote of Anna's shows at Ben's table, by Anna's seat.
    click(a, "#emote-open").await;
    click(a, "#emote-well_played").await;
    let shown = wait_js(
        b,
        "(() => { const e = document.querySelector('#seat-0 .emote-bubble'); return e ? e.textContent : ''; })()",
        "Anna's emote at Ben's table",
    )
    .await;
    assert_eq!(shown, json!("Well played"));
    screenshot(a, "two-emote-desktop").await;
    screenshot(b, "two-emote-phone").await;
    // Ben mutes emotes: Anna's next phrase shows at her own table, never at his.
    click(b, "#emote-mute").await;
    wait_js(
        b,
        "!document.querySelector('.emote-bubble')",
        "the shown phrase gone on muting",
    )
    .await;
    click(a, "#emote-open").await;
    click(a, "#emote-thanks").await;
    wait_js(
        a,
        "document.querySelector('#seat-0 .emote-bubble[data-emote=\"thanks\"]')",
        "Anna's own emote",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(
        js(b, "return document.querySelectorAll('.emote-bubble').length").await,
        json!(0),
        "a muted table shows no emote"
    );

    // Anna is ready: Ben's page says so; the deal waits for Ben.
    click(a, "#next-deal").await;
    wait_js(
        b,
        "(() => { const li = document.querySelector('#ready-list li[data-seat=\"0\"]'); return li && li.classList.contains('is-ready') && li.textContent === 'Anna: ready'; })()",
        "Anna ready at Ben's table",
    )
    .await;
    assert_eq!(text_of(a, "#next-deal").await, "Waiting for the others…");
    assert_eq!(js(a, "return window.binokel.state.view.deal").await, json!(0));
    // Ben is ready too: the next deal starts at once, not after the minute's countdown.
    let pressed = std::time::Instant::now();
    click(b, "#next-deal").await;
    for c in [a, b] {
        wait_js(
            c,
            "window.binokel.state.view.deal === 1 && !document.querySelector('#result')",
            "the next deal",
        )
        .await;
    }
    assert!(
        pressed.elapsed() < Duration::from_secs(15),
        "the next deal came {:?} after both were ready",
        pressed.elapsed()
    );
    assert_no_js_errors(&anna).await;
    assert_no_js_errors(&ben).await;
    let _ = anna.client.close().await;
    let _ = ben.client.close().await;
}
