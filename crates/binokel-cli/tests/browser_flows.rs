//! Paths through the browser table beyond a plain deal, in headless Chromium against the
//! real `binokel serve`: the declaration buttons and a surrender, the rules page of each
//! preset, the French/German card style switch, the page on a phone-sized screen, the
//! soloist's burial hint and declaration on a phone, and the texts of the forms and the
//! rules page in words.

mod browser_common;

use browser_common::*;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::Duration;

/// We bid whenever we may (so we end up the soloist), bury the first burial offered, and
/// give up naming hearts with the button for it: the deal ends at once, the page says so,
/// and the score sheet books minus the bid for us and 50 plus melds for each bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn surrender_from_the_declaration_buttons() {
    let _turn = BROWSERS.lock().await;
    // A long pause between deals keeps the finished deal on the table while we read it.
    let server = start_server_with_pause(120_000);
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    start_bot_game(c, &server, "Gerd").await;

    let v = bid_until_soloist(c).await;
    bury_first_offered(c, &v).await;
    wait_js(
        c,
        "(() => { const v = window.binokel.state.view; \
         return v.to_act === v.seat && v.legal.some(a => a.startsWith('surrender ')); })()",
        "our declaration",
    )
    .await;
    // Every declaration the standard game offers has its button: the four trumps and Durch
    // at once, giving up behind its own button, which then asks for the trump.
    for id in ["trump-S", "trump-H", "trump-D", "trump-C", "durch", "give-up"] {
        c.find(Locator::Css(&format!("#act-{id}")))
            .await
            .unwrap_or_else(|_| panic!("no button #act-{id}"));
    }
    let before = state(c).await["view"].clone();
    let bid = before["bid"].as_i64().expect("bid");
    assert_eq!(before["soloist"], before["seat"]);
    click(c, "#act-give-up").await;
    for id in ["surrender-S", "surrender-H", "surrender-D", "surrender-C"] {
        c.find(Locator::Css(&format!("#act-{id}")))
            .await
            .unwrap_or_else(|_| panic!("no button #act-{id}"));
    }
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
    // The result panel: our burial's cards, and our melds struck out (they do not count for
    // the soloist who gave up), the others' counted.
    wait_js(c, "document.querySelector('#result')", "the result panel").await;
    assert_eq!(assert_result_panel(c, &v).await, [0], "only our melds struck out");
    assert_no_js_errors(&b).await;
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
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// The rules page reached from the create form shows the chosen preset: its heading, the
/// options it changes in bold, and the course of a deal with its own numbers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_page_of_the_chosen_preset() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    select(c, "#create-preset option[value=\"dutch\"]", "the preset").await;
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
        "return [...document.querySelectorAll('#rules-page tr.changed')].map(r => r.dataset.option + '=' + r.dataset.value)",
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
    select(c, "#rules-preset option[value=\"forty\"]", "the preset").await;
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
    select(c, "#rules-preset option[value=\"kreuz\"]", "the preset").await;
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
    assert_no_js_errors(&b).await;
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
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    c.goto(&server.url).await.expect("start page");
    wait_js(c, "document.querySelector('.hero-cards svg')", "the start page").await;
    assert_eq!(
        js(c, "return document.getElementById('style-select').value").await,
        json!("french")
    );
    assert_eq!(queen_of_spades(c, ".hero-cards").await, ("Q".to_string(), false));
    // The court cards carry a figure (a double-ended bust, web/js/courts.js) in both card
    // styles, the other cards none; every card keeps its large corner index.
    let faces = js(
        c,
        "return import('./js/cards.js').then(m => ['french', 'german'].flatMap(style => \
           ['KS', 'QH', 'JD', 'KC', 'AS', 'TH', '9D'].map(code => { const s = m.cardSvg(code, style).markup; \
             return [style, code, (s.match(/#f6d2ad/g) || []).length >= 4, \
               Math.min(...[...s.matchAll(/<text [^>]*font-size=\"(\\d+)\"/g)].map(x => Number(x[1]))) >= 26]; })))",
    )
    .await;
    for f in faces.as_array().expect("faces") {
        let court = "KQJ".contains(&f[1].as_str().expect("code")[..1]);
        assert_eq!(
            (f[2].as_bool(), f[3].as_bool()),
            (Some(court), Some(true)),
            "a figure on court cards only, large indexes: {f}"
        );
    }
    select(c, "#style-select option[value=\"german\"]", "the card style").await;
    wait_js(
        c,
        "document.querySelector('.hero-cards svg[aria-label=\"QS\"] text').textContent === 'O'",
        "German cards on the start page",
    )
    .await;
    assert_eq!(queen_of_spades(c, ".hero-cards").await, ("O".to_string(), true));

    start_bot_game(c, &server, "Ida").await;
    let german = "[...document.querySelectorAll('#hand svg.card-svg')].every(s => { \
        const r = s.closest('[data-card]').dataset.card[0]; const t = s.querySelector('text').textContent; \
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
    select(c, "#style-select option[value=\"french\"]", "the card style").await;
    wait_js(
        c,
        "[...document.querySelectorAll('#hand svg.card-svg text')].every(t => t.textContent !== 'O' && t.textContent !== 'U') \
         && document.querySelectorAll('#hand .card').length > 0",
        "French cards in the hand",
    )
    .await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// On a phone (390 x 844) no page is wider than the screen, the hand fits in one row, and
/// a card's corner is large enough to read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_fits_a_phone() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", PHONE).await;
    let c = &b.client;
    c.goto(&server.url).await.expect("start page");
    assert_eq!(
        js(c, "return window.innerWidth").await,
        json!(390),
        "a phone-wide viewport"
    );
    c.goto(&server.url).await.expect("start page");
    wait_js(c, "document.querySelector('#quick-form')", "the start page").await;
    assert_fits_width(c, "start page").await;
    // The friends' form shows its rules and bots whole ("Standard (3 pla…", "Gottlieb · m…"
    // before): a persona goes under the seat's kind when both do not fit one row.
    assert_eq!(
        clipped_selects(c).await,
        json!([]),
        "start page: drop-downs cut off"
    );
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
    assert_fits_width(c, "table").await;
    for page in ["#/rules/swabian", "#/games"] {
        c.goto(&format!("{}/{page}", server.url)).await.expect("page");
        wait_js(c, "document.querySelector('main h1')", page).await;
        assert_fits_width(c, page).await;
    }
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// The classes and filters of the hand's cards: none is dimmed (no `illegal`, no darkening
/// filter) while the player must read the whole hand.
async fn assert_hand_not_dimmed(c: &Client, when: &str) {
    let dimmed = js(
        c,
        "return [...document.querySelectorAll('#hand .card')].filter(e => e.classList.contains('illegal') \
           || getComputedStyle(e.querySelector('svg')).filter.includes('brightness')).map(e => e.dataset.card)",
    )
    .await;
    assert_eq!(dimmed, json!([]), "{when}: dimmed cards in the hand");
}

/// As the soloist on a phone (390 x 844): the hand is never dimmed in the auction, the burial
/// and the declaration; the burial hint marks its best burial in the hand and lists only the
/// best five as card chips ("and N more"); chosen cards stand clearly above the others; the
/// declaration is one choice of trump with each suit's meld value (as the referee counts
/// them), Durch beside it, and giving up apart with its cost; the turn line names the bid,
/// not the play; the log's numbers of 10 and up are whole; no JavaScript error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn soloist_on_a_phone_burial_hint_and_declaration() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", PHONE).await;
    let c = &b.client;
    start_bot_game(c, &server, "Gerd").await;

    // The auction: the hand is whole and the turn line names the bid; we bid whenever we
    // may, so we become the soloist.
    wait_js(c, MY_TURN, "our first turn").await;
    assert_eq!(state(c).await["view"]["phase"], "auction");
    assert_hand_not_dimmed(c, "auction").await;
    assert_eq!(text_of(c, "#turn-info").await, "Your bid", "the turn line");
    let v = bid_until_soloist(c).await;
    assert_eq!(v["phase"], "bury", "the burial after the auction: {v}");
    assert_hand_not_dimmed(c, "burial").await;
    assert_eq!(text_of(c, "#turn-info").await, "Your burial");
    let hand_top = "document.querySelector('#hand').getBoundingClientRect().top + window.scrollY";
    let top_before = js(c, &format!("return {hand_top}")).await.as_f64().expect("top");

    // The hint: the best five burials as chips of three cards, the rest behind "and N more".
    click(c, "#hint-button").await;
    wait_js(c, "document.querySelector('#hint-panel li')", "the hint").await;
    let hint = js(
        c,
        "const li = [...document.querySelectorAll('#hint-panel li')]; \
         return {all: li.length, shown: li.filter(e => e.offsetParent !== null).length, \
           chips: li.filter(e => e.offsetParent !== null).map(e => e.querySelectorAll('.chip').length), \
           best: li[0].dataset.action, more: (document.querySelector('#hint-more') || {}).textContent || '', \
           hinted: [...document.querySelectorAll('#hand .card.hinted')].map(e => e.dataset.card).sort()}",
    )
    .await;
    let all = hint["all"].as_u64().expect("all");
    assert!(all > 5, "a burial has many choices: {hint}");
    assert_eq!(hint["shown"], json!(5), "{hint}");
    assert_eq!(hint["chips"], json!([3, 3, 3, 3, 3]), "{hint}");
    assert_eq!(hint["more"], json!(format!("and {} more…", all - 5)), "{hint}");
    let best = hint["best"].as_str().expect("best").to_string();
    let mut best_cards: Vec<&str> = best.split(' ').skip(1).collect();
    best_cards.sort();
    assert_eq!(
        hint["hinted"],
        json!(best_cards),
        "the best burial is marked in the hand"
    );
    let top_after = js(c, &format!("return {hand_top}")).await.as_f64().expect("top");
    assert!(
        top_after - top_before < 260.0,
        "the hint pushes the hand {} px down",
        top_after - top_before
    );
    assert_fits_width(c, "the burial with its hint").await;

    // The chosen cards stand a third of a card above the others.
    for i in 0..best_cards.len() {
        click_card(c, "#hand .card.hinted:not(.selected)").await;
        wait_js(
            c,
            &format!(
                "document.querySelectorAll('#hand .card.selected').length === {}",
                i + 1
            ),
            "the card chosen",
        )
        .await;
    }
    tokio::time::sleep(Duration::from_millis(150)).await;
    let lift = js(
        c,
        "const top = (e) => e.getBoundingClientRect().top; \
         const sel = [...document.querySelectorAll('#hand .card.selected')]; \
         const other = document.querySelector('#hand .card:not(.selected)'); \
         return {lift: Math.min(...sel.map(e => top(other) - top(e))), height: other.getBoundingClientRect().height}",
    )
    .await;
    assert!(
        lift["lift"].as_f64().expect("lift") >= 0.25 * lift["height"].as_f64().expect("height"),
        "chosen cards are raised clearly: {lift}"
    );
    let v = state(c).await["view"].clone();
    click(c, "#act-bury:not([disabled])").await;
    wait_past(c, &v).await;

    // The declaration.
    wait_js(
        c,
        "window.binokel.state.view.phase === 'declare' && document.querySelector('#act-trump-S')",
        "the declaration",
    )
    .await;
    assert_hand_not_dimmed(c, "declaration").await;
    assert_eq!(text_of(c, "#turn-info").await, "Your declaration");
    let v = state(c).await["view"].clone();
    let hand: binokel::CardSet = v["hand"]
        .as_str()
        .expect("hand")
        .split(' ')
        .map(|x| x.parse::<binokel::Card>().expect("card"))
        .collect();
    let rules = binokel::Rules::preset(binokel::Preset::Standard);
    let shown = js(
        c,
        "return [...document.querySelectorAll('#declaration .trump-choice')].map(e => [e.dataset.act, Number(e.dataset.melds), e.textContent])",
    )
    .await;
    let shown = shown.as_array().expect("buttons").clone();
    assert_eq!(shown.len(), 4, "one choice among four suits: {shown:?}");
    for s in &shown {
        let suit: binokel::Suit = s[0].as_str().expect("act")[6..].parse().expect("suit");
        let want = binokel::meld::meld_total(hand, Some(suit), &rules);
        assert_eq!(s[1], json!(want), "melds under {suit:?}: {s}");
        assert!(
            s[2].as_str().expect("text").contains(&format!("melds {want}")),
            "{s}"
        );
    }
    let bid = v["bid"].as_i64().expect("bid");
    let buttons = js(
        c,
        "return [...document.querySelectorAll('#controls button')].map(e => e.id)",
    )
    .await;
    let mut buttons: Vec<String> = serde_json::from_value(buttons).expect("ids");
    buttons.sort();
    assert_eq!(
        buttons,
        [
            "act-durch",
            "act-give-up",
            "act-trump-C",
            "act-trump-D",
            "act-trump-H",
            "act-trump-S",
            "hint-button",
            "undo-button"
        ],
        "the declaration's buttons: four trumps, Durch, give up (and hint, take back)"
    );
    let give_up = js(
        c,
        "const b = document.querySelector('#act-give-up'); return [b.textContent, b.className]",
    )
    .await;
    assert_eq!(give_up, json!([format!("Give up… (−{bid})"), "danger"]));
    // Each suit's name fits inside its quarter of the row ("diamonds" ran 8 px over).
    let names = js(
        c,
        "return [...document.querySelectorAll('#declaration .trump-choice')].map(b => { \
           const r = document.createRange(); r.selectNodeContents(b.querySelector('.suit-name')); \
           const s = getComputedStyle(b); \
           return [b.dataset.act, r.getBoundingClientRect().width <= b.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) + 0.5]; })",
    )
    .await;
    assert_eq!(
        names,
        json!([
            ["trump S", true],
            ["trump H", true],
            ["trump D", true],
            ["trump C", true]
        ]),
        "suit names within their buttons"
    );
    assert_fits_width(c, "the declaration").await;
    // Giving up asks for the trump, and can be taken back.
    click(c, "#act-give-up").await;
    wait_js(
        c,
        "document.querySelectorAll('#declaration button.danger[data-act^=\"surrender \"]').length === 4",
        "the give-up step",
    )
    .await;
    assert!(text_of(c, "#give-up-prompt").await.contains(&format!("−{bid}")));
    assert_fits_width(c, "the give-up step").await;
    click(c, "#act-give-up-cancel").await;
    wait_js(
        c,
        "document.querySelector('#act-trump-S') && !document.querySelector('#act-surrender-S')",
        "the trumps again",
    )
    .await;
    click(c, "#act-trump-S").await;
    wait_past(c, &v).await;

    // The play: the log's numbers of 10 and up are whole.
    play_until(
        c,
        "window.binokel.state.view.history.length >= 12 && document.querySelectorAll('.log li').length >= 12",
        "a dozen moves in the log",
    )
    .await;
    let log = js(
        c,
        "const ol = document.querySelector('.log').getBoundingClientRect(); \
         const n = document.querySelectorAll('.log .log-n')[10]; const r = n.getBoundingClientRect(); \
         return {text: n.textContent, inside: r.left >= ol.left - 0.5 && n.scrollWidth <= n.clientWidth + 1}",
    )
    .await;
    assert_eq!(
        log,
        json!({"text": "11.", "inside": true}),
        "the log's move numbers"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// The texts: the friends' form has its own name field, the rules page names its options
/// in words (no identifiers such as `dealer_plays`), and the rank letters of the rules page
/// are those the cards print, in Dutch too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friends_form_name_and_the_rules_page_in_words() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    open_start_page(c, &server).await;
    type_into(c, "#create-name", "Rosa").await;
    click(c, "#create-table").await;
    wait_js(
        c,
        "window.binokel.state && window.binokel.state.view",
        "the table",
    )
    .await;
    assert_eq!(state(c).await["view"]["names"][0], "Rosa");

    c.goto(&format!("{}/#/rules/dutch", server.url))
        .await
        .expect("rules");
    wait_js(
        c,
        "document.querySelector('#rules-page tr[data-option]')",
        "the rules page",
    )
    .await;
    let rows = js(
        c,
        "return [...document.querySelectorAll('#rules-page tr[data-option]')].map(r => [r.dataset.option, r.cells[0].textContent, r.cells[1].textContent, r.querySelectorAll('code').length])",
    )
    .await;
    for r in rows.as_array().expect("rows") {
        let (words, value) = (
            r[1].as_str().unwrap_or_default(),
            r[2].as_str().unwrap_or_default(),
        );
        assert_eq!(r[3], json!(0), "{r}");
        assert!(
            !words.contains('_') && !words.is_empty(),
            "option named by its identifier: {r}"
        );
        assert!(
            !value.contains('_') && !value.is_empty(),
            "value given by its identifier: {r}"
        );
    }
    let all_pass = js(
        c,
        "return document.querySelector('#rules-page tr[data-option=\"all_pass\"]').cells[1].textContent",
    )
    .await;
    assert_eq!(all_pass, json!("the dealer plays at the opening bid"));

    // The rank letters in the text are those on the cards, in each language and style.
    for (lang, style) in [
        ("nl", "french"),
        ("de", "german"),
        ("pt", "french"),
        ("en", "german"),
    ] {
        select(
            c,
            &format!("#lang-select option[value=\"{lang}\"]"),
            "the language",
        )
        .await;
        select(
            c,
            &format!("#style-select option[value=\"{style}\"]"),
            "the card style",
        )
        .await;
        c.goto(&format!("{}/#/rules/standard", server.url))
            .await
            .expect("rules");
        let r = wait_js(
            c,
            &format!(
                "document.documentElement.lang === '{lang}' && document.querySelector('#rules-ranks') && \
                 [document.querySelector('#rules-ranks').textContent, \
                  [...document.querySelectorAll('#rules-page .mini-trick svg text')].map(t => t.textContent).filter((x, i, a) => a.indexOf(x) === i).join(' ')]"
            ),
            "the ranks line",
        )
        .await;
        let (text, letters) = (r[0].as_str().expect("text"), r[1].as_str().expect("letters"));
        assert!(
            text.contains(letters),
            "{lang}/{style}: {text:?} should name the ranks {letters:?}"
        );
    }
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
