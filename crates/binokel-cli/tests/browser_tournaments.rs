//! Tournaments in the browser (issue #38, docs/web.md "Tournaments") in headless Chromium
//! against the real `binokel serve`: an organizer signs up, creates a small tournament (one
//! round of 3 deals, random bots) on #/tournaments (linked from the start page), adds guests by name (one is dropped
//! again), and starts it. One guest opens her personal link on a phone: when the round is
//! seated her table opens by itself, she plays it to the end, and the match-over dialog
//! takes her back to the tournament. The other guests never come: the grace period hands
//! their seats to bots. The organizer's page shows the live standings once the tables are
//! done, the rounds with their tables, the deals compared, and the print sheet's rules.

mod browser_common;

use browser_common::*;
use fantoccini::Client;
use serde_json::{json, Value};

/// The tournament as the server answers it (`GET /api/tournaments/ID`), fetched by the page.
async fn tournament(c: &Client, id: &str) -> Value {
    c.execute_async(
        "const [id, done] = arguments; fetch('/api/tournaments/' + encodeURIComponent(id)).then(r => r.json()).then(done, e => done(String(e)));",
        vec![json!(id)],
    )
    .await
    .expect("fetch runs")
}

/// The names of the rows of the standings table on the page, in order.
async fn standings_on_page(c: &Client) -> Value {
    js(
        c,
        "return [...document.querySelectorAll('#tour-standings-table tbody tr')].map(tr => [tr.cells[0].textContent.trim(), tr.querySelector('th').textContent.trim()])",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organizer_runs_a_small_tournament_and_the_standings_show() {
    let _turn = BROWSERS.lock().await;
    // A guest who never comes is played by a bot after 8 s (the grace period): long enough
    // for Anna's page, which asks every 3 s, to take her to her table first.
    let server = start_server_with(300, &["--grace-secs", "8", "--ready-secs", "2"]);
    let driver = start_driver();
    let org = browser(&driver, "en", LAPTOP).await;
    let o = &org.client;

    // The organizer signs up, then opens the tournaments from the top bar.
    o.goto(&format!("{}/#/login", server.url))
        .await
        .expect("the log in page");
    wait_js(o, "document.querySelector('#signup-form')", "the sign up form").await;
    type_into(o, "#signup-name", "Organizer").await;
    type_into(o, "#signup-password", "correct horse").await;
    type_into(o, "#signup-password2", "correct horse").await;
    click(o, "#signup-button").await;
    wait_js(
        o,
        "document.querySelector('#nav-account').dataset.state === 'in'",
        "logged in",
    )
    .await;
    // The start page links to the tournaments (the top bar has no room left on a tablet).
    o.goto(&server.url).await.expect("the start page");
    click(o, "#home-tournaments").await;
    wait_js(
        o,
        "document.querySelector('#tour-create-form')",
        "the create form",
    )
    .await;
    screenshot(o, "tournaments-list-laptop").await;
    assert_eq!(
        text_of(o, "#tour-deals-note").await,
        "A multiple of 3, the players at a table: everyone deals equally often."
    );
    // Kreuzbinokel seats four: the note and the field's step follow the preset.
    select(o, "#tour-preset option[value=\"kreuz\"]", "Kreuzbinokel").await;
    assert_eq!(
        js(o, "return [document.querySelector('#tour-deals').step, document.querySelector('#tour-deals-note').textContent]").await,
        json!(["4", "A multiple of 4, the players at a table: everyone deals equally often."])
    );
    select(o, "#tour-preset option[value=\"standard\"]", "the standard game").await;
    // Duplicate is explained in one line; so is the total.
    assert!(text_of(o, "#tour-scoring-note").await.contains("average"));

    // Deals that are not a multiple of the table size: the server's refusal is shown.
    type_into(o, "#tour-name", "Thursday <b>club</b>").await;
    type_into(o, "#tour-rounds", "1").await;
    type_into(o, "#tour-deals", "4").await;
    select(o, "#tour-bot option[value=\"random\"]", "the random bot").await;
    click(o, "#tour-create").await;
    let refusal = wait_js(
        o,
        "!document.querySelector('#tour-create-error').hidden && document.querySelector('#tour-create-error').textContent",
        "the refusal of 4 deals",
    )
    .await;
    assert!(refusal.as_str().unwrap().contains("deals"), "{refusal}");
    type_into(o, "#tour-deals", "3").await;
    click(o, "#tour-create").await;
    let id = wait_js(
        o,
        "document.querySelector('#tournament-page') && document.querySelector('#tournament-page').dataset.status && document.querySelector('#tournament-page').dataset.id",
        "the new tournament's page",
    )
    .await
    .as_str()
    .expect("an id")
    .to_string();
    assert_eq!(
        text_of(o, "#tour-title").await,
        "Thursday <b>club</b>",
        "the name as text"
    );
    assert_eq!(text_of(o, "#tour-status").await, "Open for entries");

    // The organizer adds five guests; each gets a personal link. Emil is dropped again.
    let mut links = Vec::new();
    for name in ["Anna", "Ben", "Carl", "Dora", "Emil"] {
        type_into(o, "#tour-add-name", name).await;
        click(o, "#tour-add-button").await;
        let link = wait_js(
            o,
            &format!(
                "document.querySelector('#tour-added label') && document.querySelector('#tour-added label').textContent.includes('{name}') && document.querySelector('#tour-added-link').value"
            ),
            "the guest's personal link",
        )
        .await;
        links.push(link.as_str().expect("a link").to_string());
    }
    assert!(
        links[0].contains(&format!("#/tournaments/{id}?entrant=")),
        "{}",
        links[0]
    );
    wait_js(
        o,
        "document.querySelectorAll('#tour-entrants li').length === 5",
        "five entrants",
    )
    .await;
    click(o, "#tour-entrants li:nth-child(5) .tour-drop").await;
    wait_js(
        o,
        "document.querySelector('#tour-entrants li:nth-child(5)').classList.contains('dropped')",
        "Emil dropped",
    )
    .await;

    // Anna opens her personal link on a phone: she is entered (the token is kept) and waits.
    let phone = browser(&driver, "en", PHONE).await;
    let a = &phone.client;
    a.goto(&links[0]).await.expect("Anna's link");
    let you = text_of(a, "#tour-you").await;
    assert_eq!(you, "You play as Anna.");
    assert!(
        !js(a, "return location.hash")
            .await
            .as_str()
            .unwrap()
            .contains("entrant="),
        "the token leaves the address"
    );
    screenshot(a, "tournament-entering-phone").await;
    assert_fits_width(a, "the tournament page on a phone").await;

    // Start now: four players, two tables of two people and a bot.
    click(o, "#tour-start-now").await;
    wait_js(
        o,
        "document.querySelector('#tournament-page').dataset.status === 'running' && document.querySelectorAll('.tour-round tbody tr').length === 2",
        "round 1 seated at two tables",
    )
    .await;
    let t = tournament(o, &id).await;
    assert_eq!(t["status"], "running", "{t}");
    let bots = t["rounds_played"][0]["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .map(|x| {
            x["seats"]
                .as_array()
                .expect("seats")
                .iter()
                .filter(|s| !s["bot"].is_null() && s["bot"] != false)
                .count()
        })
        .collect::<Vec<_>>();
    assert_eq!(bots, vec![1, 1], "a bot at each table: {t}");

    // Anna's table opens by itself, and she plays it to the end.
    wait_js(
        a,
        "location.hash.startsWith('#/t/')",
        "Anna's table opening by itself",
    )
    .await;
    wait_js(a, "document.querySelector('#hand .card')", "Anna's hand").await;
    play_until(
        a,
        "!!document.querySelector('#match-over')",
        "the end of Anna's match",
    )
    .await;
    screenshot(a, "tournament-match-over-phone").await;
    click(a, "#over-tournament").await;
    wait_js(
        a,
        "document.querySelector('#tournament-page') && location.hash.startsWith('#/tournaments/')",
        "back at the tournament",
    )
    .await;

    // The organizer's page: finished, the standings of the four players (no bot ranked).
    wait_js(
        o,
        "document.querySelector('#tournament-page').dataset.status === 'finished' && document.querySelectorAll('#tour-standings-table tbody tr').length === 4",
        "the final standings",
    )
    .await;
    let t = tournament(o, &id).await;
    let want: Vec<Value> = t["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| json!([s["place"].to_string(), s["name"]]))
        .collect();
    assert_eq!(
        standings_on_page(o).await,
        json!(want),
        "the page shows the server's standings"
    );
    let names: Vec<&str> = t["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| s["name"].as_str().expect("a name"))
        .collect();
    for n in ["Anna", "Ben", "Carl", "Dora"] {
        assert!(names.contains(&n), "{n} ranked: {names:?}");
    }
    assert!(
        !names.contains(&"Emil"),
        "a dropped player is not seated: {names:?}"
    );
    assert_eq!(
        js(o, "return [...document.querySelectorAll('.tour-round tbody tr')].every(tr => tr.dataset.finished === '1')").await,
        json!(true),
        "both tables finished"
    );
    // Anna's page shows the same standings, her row marked.
    wait_js(
        a,
        "document.querySelector('#tour-standings-table tr.me')",
        "Anna's row",
    )
    .await;
    assert!(text_of(a, "#tour-standings-table tr.me").await.contains("Anna"));

    // The deals compared: three deals, each with the lines of both tables.
    click(o, ".tour-compare[data-round=\"1\"]").await;
    wait_js(
        o,
        "document.querySelectorAll('#tour-boards .board').length === 3",
        "three deals compared",
    )
    .await;
    assert_eq!(
        text_of(o, "#tour-boards .board h3").await,
        "Deal 1",
        "deals are numbered from 1 for people"
    );
    assert_eq!(
        js(o, "return [...document.querySelectorAll('#tour-boards .board')].map(b => b.querySelectorAll('tbody tr').length)").await,
        json!([2, 2, 2])
    );

    // Print: the sheet hides the top bar and the controls (the print stylesheet's rule).
    let print_hides = js(
        o,
        "for (const s of document.styleSheets) { let rules; try { rules = s.cssRules; } catch { continue; } \
           for (const r of rules) if (r.media && r.media.mediaText === 'print' && r.cssText.includes('.topbar') && r.cssText.includes('.no-print')) return true; } return false",
    )
    .await;
    assert_eq!(
        print_hides,
        json!(true),
        "the print stylesheet hides the top bar and the controls"
    );
    for (sel, href) in [("#tour-csv", "/export.csv"), ("#tour-records", "/records")] {
        let h = js(
            o,
            &format!("return document.querySelector('{sel}').getAttribute('href')"),
        )
        .await;
        assert_eq!(h, json!(format!("/api/tournaments/{id}{href}")));
    }
    screenshot(o, "tournament-finished-laptop").await;
    screenshot(a, "tournament-finished-phone").await;
    assert_fits_width(a, "the finished tournament on a phone").await;
    let small = small_controls(a, "#tournament-page").await;
    assert_eq!(small, json!([]), "controls smaller than a finger on the phone");

    // The list: the tournament is among the finished ones.
    o.goto(&format!("{}/#/tournaments", server.url))
        .await
        .expect("the list");
    wait_js(
        o,
        &format!("document.querySelector('.tour-group[data-status=\"finished\"] li[data-id=\"{id}\"]')"),
        "the tournament among the finished",
    )
    .await;
    assert!(
        !server.log().contains("panicked"),
        "server log:\n{}",
        server.log()
    );
    assert_no_js_errors(&org).await;
    assert_no_js_errors(&phone).await;
    let _ = phone.client.clone().close().await;
    let _ = org.client.clone().close().await;
}
