//! End-to-end tests of the score pad and the meld calculator (issue #8): the real
//! `binokel serve`, chromedriver and headless Chromium (see tests/browser.rs for the paths),
//! driven by clicks and typing. Every figure the page shows is checked against the rules
//! crate computing the same pad (`binokel::pad`) or hand (`binokel::meld`).

mod browser_common;

use binokel::pad::{Pad, PadDeal, Sheet};
use binokel::{CardSet, Contract, Rules, Suit};
use browser_common::*;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};

/// Picks an option of a select the way a person does.
async fn choose(c: &Client, select: &str, value: &str) {
    click(c, &format!("{select} option[value=\"{value}\"]")).await;
}

/// What one deal looks like in the form: empty strings are left empty.
struct Entry {
    dealer: usize,
    soloist: usize,
    bid: u32,
    contract: &'static str,
    melds: [&'static str; 3],
    card_points: [&'static str; 3],
}

async fn enter(c: &Client, e: &Entry) {
    choose(c, "#deal-dealer", &e.dealer.to_string()).await;
    choose(c, "#deal-soloist", &e.soloist.to_string()).await;
    type_into(c, "#deal-bid", &e.bid.to_string()).await;
    choose(c, "#deal-contract", e.contract).await;
    for s in 0..3 {
        if !e.melds[s].is_empty() {
            type_into(c, &format!("#meld-{s}"), e.melds[s]).await;
        }
        if !e.contract.starts_with("surrender") {
            let el = c
                .find(Locator::Css(&format!("#cp-{s}")))
                .await
                .expect("card points");
            el.clear().await.expect("clear");
            if !e.card_points[s].is_empty() {
                el.send_keys(e.card_points[s]).await.expect("type");
            }
        }
    }
}

fn pad_deal(e: &Entry) -> PadDeal {
    let contract: Contract = serde_json::from_value(json!(e.contract)).expect("contract");
    PadDeal {
        dealer: e.dealer,
        soloist: e.soloist,
        bid: e.bid,
        contract,
        melds: e.melds.iter().map(|m| m.parse().unwrap_or(0)).collect(),
        took_trick: vec![true; 3],
        card_points: if e.contract.starts_with("surrender") {
            vec![None; 3]
        } else {
            e.card_points.iter().map(|p| p.parse().ok()).collect()
        },
    }
}

/// Waits until the page holds `n` saved deals and nothing waits to be sent.
async fn wait_saved(c: &Client, n: usize) {
    wait_js(
        c,
        &format!(
            "window.binokelPad && window.binokelPad.state && window.binokelPad.state.pad.deals.length === {n} \
             && window.binokelPad.queue().length === 0 \
             && document.querySelector('#pad-sync').dataset.state === 'saved'"
        ),
        &format!("{n} saved deals"),
    )
    .await;
}

/// The page's running totals equal the rules crate's sheet.
async fn assert_totals(c: &Client, sheet: &Sheet) {
    let v = js(
        c,
        "return [...document.querySelectorAll('#pad-totals td[data-seat]')].map(e => Number(e.textContent))",
    )
    .await;
    let shown: Vec<i64> = v
        .as_array()
        .expect("totals")
        .iter()
        .map(|x| x.as_i64().expect("a number"))
        .collect();
    let want: Vec<i64> = sheet.totals.iter().map(|&t| i64::from(t)).collect();
    assert_eq!(shown, want, "the page's totals");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_deals_a_correction_and_the_winner_on_a_phone() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", BIG_PHONE).await;
    let c = &b.client;

    // From the start page's link to a new pad.
    c.goto(&server.url).await.expect("open the start page");
    // On a phone the page links are behind the top bar's menu button.
    click(c, "#menu-toggle").await;
    click(c, "#nav-pad").await;
    wait_js(
        c,
        "document.body.dataset.ready === '1' && !document.querySelector('#pad-new').hidden",
        "the new pad form",
    )
    .await;
    // Three players: no fourth name box on the screen (`hidden` beat by a class before).
    assert_eq!(
        c.execute(
            "return getComputedStyle(document.getElementById('new-name-3-row')).display",
            vec![]
        )
        .await
        .expect("a style")
        .as_str(),
        Some("none"),
        "the fourth player's box shows with three players"
    );
    for (i, name) in ["Anna", "Ben", "Cleo"].iter().enumerate() {
        type_into(c, &format!("#new-name-{i}"), name).await;
    }
    type_into(c, "#new-target", "500").await;
    type_into(c, "#new-stake", "0.05").await;
    click(c, "#new-create").await;
    wait_js(
        c,
        "document.body.dataset.mode === 'edit' && window.binokelPad.state",
        "the pad",
    )
    .await;

    let rules = Rules {
        target: 500,
        ..Rules::default()
    };
    let mut local = Pad::new(&rules, vec!["Anna".into(), "Ben".into(), "Cleo".into()]);
    local.stake_cents = Some(5);

    // Deal 1: Ben plays spades at 200 with a family; Cleo's card points are filled in.
    let d1 = Entry {
        dealer: 0,
        soloist: 1,
        bid: 200,
        contract: "trump S",
        melds: ["", "150", "20"],
        card_points: ["80", "90", ""],
    };
    enter(c, &d1).await;
    let hint = text_of(c, "#cp-hint").await;
    assert!(hint.contains("80"), "the pad says what it fills in: {hint}");
    click(c, "#deal-save").await;
    wait_saved(c, 1).await;
    local.add(pad_deal(&d1)).unwrap();

    // Deal 2: Anna's melds come from the cards of her hand (a plain family: 100).
    let d2 = Entry {
        dealer: 1,
        soloist: 0,
        bid: 160,
        contract: "trump H",
        melds: ["", "", ""],
        card_points: ["60", "100", "90"],
    };
    enter(c, &d2).await;
    click(c, "#meld-cards-0").await;
    for card in ["AS", "TS", "KS", "QS", "JS"] {
        click(c, &format!("#picker-0 .pick[data-card=\"{card}\"]")).await;
    }
    let hand: CardSet = "AS TS KS QS JS".parse().unwrap();
    let expected = binokel::meld::melds(hand, Some(Suit::Hearts), &rules).total();
    assert_eq!(expected, 100);
    wait_js(
        c,
        &format!("document.querySelector('#meld-0').value === '{expected}'"),
        "the calculated melds",
    )
    .await;
    // The card picker closes again with its button (a regression: it stayed open).
    click(c, "#meld-cards-0").await;
    wait_js(
        c,
        "getComputedStyle(document.getElementById('picker-0')).display === 'none'",
        "the card picker closed",
    )
    .await;
    click(c, "#deal-save").await;
    wait_saved(c, 2).await;
    let mut e2 = pad_deal(&d2);
    e2.melds[0] = expected;
    local.add(e2).unwrap();

    // A bad entry is refused in the page, with nothing saved.
    enter(
        c,
        &Entry {
            dealer: 2,
            soloist: 2,
            bid: 150,
            contract: "trump D",
            melds: ["", "", ""],
            card_points: ["100", "100", "100"],
        },
    )
    .await;
    click(c, "#deal-save").await;
    wait_js(
        c,
        "document.querySelector('#deal-error').textContent.includes('300')",
        "the refusal",
    )
    .await;

    // Deal 3: Cleo gives up in clubs.
    let d3 = Entry {
        dealer: 2,
        soloist: 2,
        bid: 180,
        contract: "surrender C",
        melds: ["20", "60", ""],
        card_points: ["", "", ""],
    };
    enter(c, &d3).await;
    click(c, "#deal-save").await;
    wait_saved(c, 3).await;
    local.add(pad_deal(&d3)).unwrap();
    let sheet = local.sheet().unwrap();
    assert_totals(c, &sheet).await;

    // Correct deal 1: Ben had only a pair, so he went down.
    click(c, ".pad-edit[data-deal=\"0\"]").await;
    wait_js(
        c,
        "document.querySelector('#deal-heading').textContent.includes('1')",
        "the correction form",
    )
    .await;
    assert_eq!(
        js(c, "return document.querySelector('#meld-1').value").await,
        json!("150"),
        "the form holds the deal being corrected"
    );
    type_into(c, "#meld-1", "40").await;
    click(c, "#deal-save").await;
    wait_js(
        c,
        "window.binokelPad.state.pad.deals[0].melds[1] === 40 && window.binokelPad.queue().length === 0",
        "the correction saved",
    )
    .await;
    let mut fixed = pad_deal(&d1);
    fixed.melds[1] = 40;
    local.correct(0, fixed).unwrap();
    let sheet = local.sheet().unwrap();
    assert_eq!(sheet.deals[0][1], -400);
    assert_totals(c, &sheet).await;
    assert_eq!(text_of(c, "#pad-status").await, "Playing to 500.");

    // Deal 4: Anna passes 500 as soloist and wins; the stake is settled.
    let d4 = Entry {
        dealer: 0,
        soloist: 0,
        bid: 200,
        contract: "trump D",
        melds: ["200", "", ""],
        card_points: ["150", "50", ""],
    };
    enter(c, &d4).await;
    click(c, "#deal-save").await;
    wait_saved(c, 4).await;
    local.add(pad_deal(&d4)).unwrap();
    let sheet = local.sheet().unwrap();
    let (winner, decided) = sheet.winner.expect("a winner");
    assert_totals(c, &sheet).await;
    let status = wait_js(c, "document.querySelector('#pad-status').dataset.status === 'won' && document.querySelector('#pad-status').textContent", "the winner").await;
    assert_eq!(
        status,
        json!(format!(
            "{} wins the match (deal {}).",
            local.players[winner],
            decided + 1
        ))
    );
    let shown: Value = js(
        c,
        "return [...document.querySelectorAll('#pad-settlement li')].map(e => [Number(e.dataset.from), Number(e.dataset.to), Number(e.dataset.cents)])",
    )
    .await;
    let expected: Vec<Value> = sheet
        .settlement
        .iter()
        .map(|(f, t, x)| json!([f, t, x]))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(shown, json!(expected));

    // The CSV link serves the rules crate's CSV.
    let href = js(c, "return document.querySelector('#pad-csv').href").await;
    let path = href.as_str().unwrap().trim_start_matches(&server.url).to_string();
    let csv = binokel_server::client::http(&server.url, "GET", &path, None)
        .await
        .unwrap();
    assert_eq!(String::from_utf8(csv.body).unwrap(), local.to_csv().unwrap());

    // The share link: the same sheet, nothing to edit, and it follows new entries.
    let link = text_of(c, "#pad-share-link").await;
    let secret = js(c, "return location.hash.split('=')[1]")
        .await
        .as_str()
        .unwrap()
        .to_string();
    c.goto(&link).await.expect("open the share link");
    wait_js(
        c,
        "document.body.dataset.mode === 'view' && window.binokelPad.state",
        "the shared sheet",
    )
    .await;
    assert_totals(c, &sheet).await;
    assert_eq!(
        js(c, "return document.querySelector('#deal-panel').hidden").await,
        json!(true)
    );
    assert_eq!(
        js(c, "return document.querySelectorAll('.pad-edit').length").await,
        json!(0)
    );
    let html = js(c, "return document.documentElement.outerHTML").await;
    assert!(
        !html.as_str().unwrap().contains(&secret),
        "the read-only page never sees the secret"
    );
    // A correction made elsewhere shows up without reloading.
    let mut d = serde_json::to_value(pad_deal(&d4)).unwrap();
    d["melds"] = json!([100, 0, 0]);
    let a = binokel_server::client::http(
        &server.url,
        "PUT",
        &format!("/api/pads/{secret}/deals/3"),
        Some(&d),
    )
    .await
    .unwrap();
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    let mut again = pad_deal(&d4);
    again.melds[0] = 100;
    local.correct(3, again).unwrap();
    let want = local.sheet().unwrap().totals[0];
    wait_js(
        c,
        &format!("Number(document.querySelector('#pad-totals td[data-seat=\"0\"]').textContent) === {want}"),
        "the live update",
    )
    .await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn meld_calculator_in_german() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "de-DE", BIG_PHONE).await;
    let c = &b.client;
    c.goto(&format!("{}/meld.html", server.url))
        .await
        .expect("open the calculator");
    wait_js(c, "document.body.dataset.ready === '1'", "the calculator").await;
    assert_eq!(text_of(c, "h1").await, "Meldungsrechner");
    // The pad's and the calculator's shared stylesheet: the card picker is six columns wide.
    let columns = js(
        c,
        "return getComputedStyle(document.querySelector('.picker-row')).gridTemplateColumns.split(' ').length",
    )
    .await;
    assert_eq!(columns, json!(6), "companion.css lays out the card picker");
    // The rules drop-down reads "Standard (3 Spieler)" whole (it was cut off at 412 px).
    assert_eq!(clipped_selects(c).await, json!([]), "drop-downs cut off");
    choose(c, "#meld-trump", "S").await;
    // German cards (the default in German) are typed in German letters: Grün is the
    // record's S, Schellen its D (issue #33).
    type_into(c, "#meld-text", "AG 10g KG OG UG KG OG us").await;
    let hand: CardSet = "AS TS KS QS JS KS QS JD".parse().unwrap();
    let m = binokel::meld::melds(hand, Some(Suit::Spades), &Rules::default());
    assert_eq!(m.total(), 230, "family 150, pair 40, Binokel 40");
    wait_js(
        c,
        &format!(
            "document.querySelector('#meld-total').dataset.total === '{}'",
            m.total()
        ),
        "the total",
    )
    .await;
    let kinds = js(
        c,
        "return [...document.querySelectorAll('#meld-list li')].map(e => e.dataset.kind)",
    )
    .await;
    let want: Vec<&str> = m.as_slice().iter().map(|x| x.kind.name()).collect();
    assert_eq!(kinds, json!(want));
    assert!(
        text_of(c, "#meld-list").await.contains("Familie"),
        "meld names in German"
    );
    // Tapping a card adds a copy: with both Q♠ and both J♦ the Binokel becomes a double one.
    click(c, ".pick[data-card=\"JD\"]").await;
    let hand2: CardSet = "AS TS KS QS JS KS QS JD JD".parse().unwrap();
    let m2 = binokel::meld::melds(hand2, Some(Suit::Spades), &Rules::default());
    wait_js(
        c,
        &format!(
            "document.querySelector('#meld-total').dataset.total === '{}'",
            m2.total()
        ),
        "the total after a tap",
    )
    .await;
    assert_eq!(
        js(c, "return document.querySelector('#meld-text').value").await,
        json!("AG 10G KG KG OG OG UG US US")
    );
    // A third copy is named.
    type_into(c, "#meld-text", "AG AG AG").await;
    wait_js(
        c,
        "document.querySelector('#meld-error').textContent.includes('AG')",
        "the refusal",
    )
    .await;
    // Under the error the old total and melds are gone: they were of another hand.
    assert_eq!(text_of(c, "#meld-total").await, "–");
    assert_eq!(
        js(c, "return document.querySelectorAll('#meld-list li').length").await,
        json!(0),
        "no melds listed under an error"
    );
    // Mended, the hand is worked out again.
    type_into(c, "#meld-text", "AG AG").await;
    wait_js(
        c,
        "document.querySelector('#meld-total').dataset.total === '0' && document.querySelector('#meld-error').textContent === ''",
        "the total after the mend",
    )
    .await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_share_link_says_so_in_words_and_offers_a_new_pad() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "de-DE", PHONE).await;
    let c = &b.client;
    c.goto(&format!("{}/pad.html#view=nosuchsharecode", server.url))
        .await
        .expect("open a bad share link");
    wait_js(c, "document.body.dataset.ready === '1'", "the pad page").await;
    let error = text_of(c, "#pad-error").await;
    assert!(
        error.contains("Punkteblock"),
        "the refusal is the page's own German sentence, not the server's text: {error}"
    );
    assert!(!error.contains("no such pad"), "{error}");
    assert_eq!(
        js(c, "return document.body.dataset.mode").await,
        json!("new"),
        "the page offers a new pad instead of an empty sheet"
    );
    assert_eq!(
        js(c, "return document.querySelector('#pad-main').hidden").await,
        json!(true)
    );
    // The same for a bad edit link.
    c.goto(&format!("{}/pad.html#edit=nosuchsecret", server.url))
        .await
        .expect("open a bad edit link");
    wait_js(
        c,
        "document.querySelector('#pad-error').textContent.includes('Punkteblock')",
        "the edit link's refusal",
    )
    .await;
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_entered_while_the_server_is_down_is_saved_when_it_returns() {
    let _turn = BROWSERS.lock().await;
    let mut server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", BIG_PHONE).await;
    let c = &b.client;
    let a = binokel_server::client::http(
        &server.url,
        "POST",
        "/api/pads",
        Some(&json!({"players": ["Anna", "Ben", "Cleo"]})),
    )
    .await
    .unwrap();
    assert_eq!(a.status, 201);
    let secret = a.json().unwrap()["secret"].as_str().unwrap().to_string();
    c.goto(&format!("{}/pad.html#edit={secret}", server.url))
        .await
        .expect("open the pad");
    wait_js(
        c,
        "document.body.dataset.mode === 'edit' && window.binokelPad.state",
        "the pad",
    )
    .await;

    server.stop();
    let d = Entry {
        dealer: 0,
        soloist: 1,
        bid: 150,
        contract: "trump H",
        melds: ["", "40", ""],
        card_points: ["70", "", "60"],
    };
    enter(c, &d).await;
    click(c, "#deal-save").await;
    wait_js(
        c,
        "document.querySelector('#pad-sync').dataset.state === 'pending' && document.querySelector('#pad-sheet tr.pending')",
        "the not-yet-saved state",
    )
    .await;
    let kept = js(c, "return window.binokelPad.queue()").await;
    assert_eq!(kept.as_array().map(Vec::len), Some(1), "kept in the page: {kept}");

    server.start();
    wait_saved(c, 1).await;
    let mut local = Pad::new(
        &Rules::default(),
        vec!["Anna".into(), "Ben".into(), "Cleo".into()],
    );
    local.add(pad_deal(&d)).unwrap();
    assert_totals(c, &local.sheet().unwrap()).await;
    let stored = binokel_server::client::http(&server.url, "GET", &format!("/api/pads/{secret}/json"), None)
        .await
        .unwrap();
    let back: Pad = serde_json::from_slice(&stored.body).unwrap();
    assert_eq!(back, local, "the server holds the deal entered offline");
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// Two players: no auction fields, only trump games, melds shown and card points; the
/// totals and the winner are those of `binokel::pad`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_pad_to_the_winner() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/pad.html", server.url))
        .await
        .expect("the pad page");
    wait_js(
        c,
        "document.body.dataset.ready === '1' && !document.querySelector('#pad-new').hidden",
        "the new pad form",
    )
    .await;
    choose(c, "#new-preset", "two-player").await;
    wait_js(
        c,
        "document.querySelector('#new-name-2-row').hidden",
        "two names asked for",
    )
    .await;
    type_into(c, "#new-name-0", "Anna").await;
    type_into(c, "#new-name-1", "Bert").await;
    click(c, "#new-create").await;
    wait_js(
        c,
        "document.body.dataset.mode === 'edit' && window.binokelPad.state",
        "the pad",
    )
    .await;
    // The form asks for no auction: no soloist, no bid, no took-a-trick, only trump games.
    let form = js(
        c,
        "return [document.querySelector('#deal-soloist-row').hidden, document.querySelector('#deal-bid-row').hidden, \
         document.querySelector('#took-0').parentElement.hidden, \
         [...document.querySelectorAll('#deal-contract option')].map(o => o.value)]",
    )
    .await;
    assert_eq!(
        form,
        json!([true, true, true, ["trump S", "trump H", "trump D", "trump C"]])
    );
    let mut local = Pad::new(
        &Rules::preset(binokel::Preset::TwoPlayer),
        vec!["Anna".into(), "Bert".into()],
    );
    let deals = [
        (0, "trump H", ["150", "40"], ["140", ""]),
        (1, "trump S", ["300", ""], ["150", "100"]),
        (0, "trump C", ["240", "20"], ["", "90"]),
    ];
    for (i, (dealer, contract, melds, cp)) in deals.iter().enumerate() {
        choose(c, "#deal-dealer", &dealer.to_string()).await;
        choose(c, "#deal-contract", contract).await;
        for s in 0..2 {
            type_into(c, &format!("#meld-{s}"), melds[s]).await;
            type_into(c, &format!("#cp-{s}"), cp[s]).await;
        }
        click(c, "#deal-save").await;
        wait_saved(c, i + 1).await;
        local
            .add(PadDeal {
                dealer: *dealer,
                soloist: 0,
                bid: 0,
                contract: serde_json::from_value(json!(contract)).unwrap(),
                melds: melds.iter().map(|m| m.parse().unwrap_or(0)).collect(),
                took_trick: Vec::new(),
                card_points: cp.iter().map(|p| p.parse().ok()).collect(),
            })
            .unwrap();
    }
    let sheet = local.sheet().unwrap();
    assert_eq!(sheet.winner, Some((0, 2)), "Anna passes 1000 in the third deal");
    assert_totals(c, &sheet).await;
    let status = text_of(c, "#pad-status").await;
    assert!(status.contains("Anna"), "{status}");
    let what = text_of(c, "#pad-sheet tbody tr[data-deal=\"0\"] .what").await;
    assert!(
        !what.contains('?') && !what.contains('0'),
        "no soloist or bid: {what}"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// Switches the browser's network off or on (Chromium's network emulation through
/// chromedriver): the page sees a real failed fetch, as on a phone without signal.
async fn network(b: &Browser, online: bool) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let sid = b
        .client
        .session_id()
        .await
        .expect("session id")
        .expect("a session");
    let addr = b.driver_url.trim_start_matches("http://").to_string();
    let body = json!({"network_conditions": {"offline": !online, "latency": 0,
        "download_throughput": 1_000_000, "upload_throughput": 1_000_000}})
    .to_string();
    let request = format!(
        "POST /session/{sid}/chromium/network_conditions HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect to chromedriver");
    stream.write_all(request.as_bytes()).await.expect("send");
    // chromedriver keeps the connection open: read the head and Content-Length bytes.
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(WAIT, stream.read(&mut buf))
            .await
            .expect("chromedriver answers")
            .expect("read");
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer);
        let whole = text.find("\r\n\r\n").is_some_and(|head| {
            let len = text[..head]
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse::<usize>().ok())?
                })
                .unwrap_or(0);
            answer.len() >= head + 4 + len
        });
        if whole || n == 0 {
            break;
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "network conditions: {answer}");
}

/// A message of the German catalogue with `{n}` filled in.
fn german(key: &str, n: usize) -> String {
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/i18n/de.json");
    let de: Value = serde_json::from_str(&std::fs::read_to_string(web).expect("de.json")).expect("JSON");
    de[key]
        .as_str()
        .expect("a message")
        .replace("{n}", &n.to_string())
}

/// Issue #30, part 4: the page sends the version every entry was made on. A deal queued
/// offline that another phone saved first is refused `409 stale`: the page keeps it (also
/// across a reload), says so, and saves it again as the next deal when the person checks
/// it; a deal saved online after another phone's is kept in the form the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_another_phone_saved_first_is_kept_and_saved_again() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "de", BIG_PHONE).await;
    let c = &b.client;
    let api = |method: &'static str, path: String, body: Option<Value>| {
        let url = server.url.clone();
        async move {
            binokel_server::client::http(&url, method, &path, body.as_ref())
                .await
                .unwrap()
        }
    };
    let a = api(
        "POST",
        "/api/pads".into(),
        Some(json!({"players": ["Anna", "Ben", "Cleo"]})),
    )
    .await;
    assert_eq!(a.status, 201);
    let secret = a.json().unwrap()["secret"].as_str().unwrap().to_string();
    let open = format!("{}/pad.html#edit={secret}", server.url);
    c.goto(&open).await.expect("open the pad");
    wait_js(
        c,
        "document.body.dataset.mode === 'edit' && window.binokelPad.state",
        "the pad",
    )
    .await;

    // This phone loses its connection and enters deal 1: it waits, made on version 1.
    network(&b, false).await;
    let mine = Entry {
        dealer: 0,
        soloist: 1,
        bid: 150,
        contract: "trump H",
        melds: ["", "40", ""],
        card_points: ["70", "", "60"],
    };
    enter(c, &mine).await;
    click(c, "#deal-save").await;
    wait_js(
        c,
        "document.querySelector('#pad-sync').dataset.state === 'pending'",
        "the not-yet-saved state",
    )
    .await;
    let q = js(c, "return window.binokelPad.queue()").await;
    assert_eq!(q[0]["version"], json!(1), "the entry names its version: {q}");

    // Another phone saves deal 1 first.
    let theirs = json!({"dealer": 0, "soloist": 2, "bid": 200, "contract": "trump S",
                        "melds": [20, 0, 0], "took_trick": [true, true, true],
                        "card_points": [50, 60, null], "version": 1});
    let r = api("PUT", format!("/api/pads/{secret}/deals/0"), Some(theirs.clone())).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let their_deal: PadDeal = serde_json::from_value({
        let mut d = theirs.clone();
        d.as_object_mut().unwrap().remove("version");
        d
    })
    .unwrap();

    // Back online: the queued entry is refused as stale, kept and shown with the reason.
    network(&b, true).await;
    let conflict = german("pad.conflict", 1);
    wait_js(
        c,
        &format!(
            "window.binokelPad.kept().length === 1 && window.binokelPad.state.pad.deals.length === 1 \
             && !document.querySelector('#pad-kept').hidden \
             && document.querySelector('#pad-kept-list').textContent.includes({})",
            json!(conflict)
        ),
        "the kept entry and the conflict",
    )
    .await;
    let stored = api("GET", format!("/api/pads/{secret}/json"), None).await;
    let back: Pad = serde_json::from_slice(&stored.body).unwrap();
    assert_eq!(
        back.deals,
        vec![their_deal.clone()],
        "the other phone's deal stays"
    );

    // A reload keeps it: it lives on the device until the person decides.
    c.refresh().await.expect("reload");
    wait_js(
        c,
        "document.body.dataset.ready === '1' && window.binokelPad.state && window.binokelPad.kept().length === 1 \
         && !document.querySelector('#pad-kept').hidden",
        "the kept entry after a reload",
    )
    .await;

    // Check and save: the form holds the entry, which becomes deal 2.
    click(c, ".kept-check").await;
    let form = js(
        c,
        "return [document.querySelector('#meld-1').value, document.querySelector('#cp-0').value, document.querySelector('#deal-heading').textContent]",
    )
    .await;
    assert_eq!(
        form,
        json!(["40", "70", "Spiel 2"]),
        "the person's entry is in the form"
    );
    click(c, "#deal-save").await;
    wait_saved(c, 2).await;
    wait_js(
        c,
        "window.binokelPad.kept().length === 0 && document.querySelector('#pad-kept').hidden",
        "no kept entry",
    )
    .await;
    let stored = api("GET", format!("/api/pads/{secret}/json"), None).await;
    let back: Pad = serde_json::from_slice(&stored.body).unwrap();
    assert_eq!(back.deals, vec![their_deal, pad_deal(&mine)]);

    // Online: the other phone saves deal 3 while this one fills the form; saving says so
    // and keeps the entry in the form; saving again adds it as deal 4.
    let next = Entry {
        dealer: 2,
        soloist: 0,
        bid: 160,
        contract: "trump D",
        melds: ["60", "", ""],
        card_points: ["120", "50", ""],
    };
    enter(c, &next).await;
    let mut theirs = theirs;
    theirs["dealer"] = json!(2);
    theirs["version"] = json!(3);
    let r = api("PUT", format!("/api/pads/{secret}/deals/2"), Some(theirs)).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    click(c, "#deal-save").await;
    let conflict = german("pad.conflict", 3);
    wait_js(
        c,
        &format!(
            "document.querySelector('#deal-error').textContent === {} && window.binokelPad.kept().length === 1 \
             && window.binokelPad.state.pad.deals.length === 3",
            json!(conflict)
        ),
        "the conflict of a deal saved online",
    )
    .await;
    let form = js(
        c,
        "return [document.querySelector('#meld-0').value, document.querySelector('#cp-1').value, document.querySelector('#deal-heading').textContent]",
    )
    .await;
    assert_eq!(
        form,
        json!(["60", "50", "Spiel 4"]),
        "the entry stays in the form"
    );
    click(c, "#deal-save").await;
    wait_saved(c, 4).await;
    let stored = api("GET", format!("/api/pads/{secret}/json"), None).await;
    let back: Pad = serde_json::from_slice(&stored.body).unwrap();
    assert_eq!(back.deals[3], pad_deal(&next));
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

/// The new pad form offers a fixed series (issue #38, docs/pad.md): "Fixed number of deals"
/// follows the players of the preset, and a pad started with 3 is stored with
/// `series_deals` 3 in its rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pad_is_started_with_a_series() {
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/pad.html", server.url))
        .await
        .expect("open the pad page");
    wait_js(
        c,
        "document.body.dataset.ready === '1' && document.querySelector('#new-series')",
        "the new pad form's series",
    )
    .await;
    let steps = || {
        js(
            c,
            "const s = document.querySelector('#new-series'); return [s.step, s.max, s.placeholder]",
        )
    };
    assert_eq!(steps().await, json!(["3", "498", "off"]), "three players");
    choose(c, "#new-preset", "kreuz").await;
    assert_eq!(steps().await, json!(["4", "500", "off"]), "four players");
    choose(c, "#new-preset", "standard").await;
    for (i, name) in ["Anna", "Ben", "Cleo"].iter().enumerate() {
        type_into(c, &format!("#new-name-{i}"), name).await;
    }
    type_into(c, "#new-series", "3").await;
    click(c, "#new-create").await;
    wait_js(c, "location.hash.startsWith('#edit=')", "the new pad").await;
    let hash = js(c, "return location.hash").await;
    let secret = hash.as_str().unwrap().trim_start_matches("#edit=").to_string();
    let a = binokel_server::client::http(&server.url, "GET", &format!("/api/pads/{secret}"), None)
        .await
        .unwrap();
    let v = a.json().unwrap();
    assert_eq!(
        v["pad"]["rules"],
        json!({"preset": "standard", "series_deals": 3}),
        "{v}"
    );
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}
