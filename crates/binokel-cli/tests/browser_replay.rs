//! The replay viewer in headless Chromium: fed records through its file picker, it must end
//! every deal with the tricks, card points, melds, scores and running totals that the
//! referee (the rules crate) computes for the same record. The records are the shared
//! conformance records and matches played here by the project's bots under every preset
//! the viewer shows, so the viewer's own meld and score arithmetic (web/js/scoring.js) is
//! checked against the engine's on house rules too (Rundgang, family pair, rounding,
//! opponents without tricks, the failed bonus, partnerships).

mod browser_common;

use binokel::{Game, Rules, View};
use browser_common::*;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Opens `record` in the viewer and checks the end of every deal against the referee's
/// `expected` answer; answers how many deals were checked.
async fn check_record(c: &Client, server: &Server, record: &Path, expected: &Value) -> usize {
    c.goto(&format!("{}/#/games", server.url))
        .await
        .expect("games page");
    let input = c
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#record-file"))
        .await
        .expect("file picker");
    input
        .send_keys(&record.display().to_string())
        .await
        .expect("choose the file");
    wait_js(
        c,
        "document.querySelector('#replay') || document.querySelector('#replay-error')",
        "the replay",
    )
    .await;
    if let Ok(err) = c.find(Locator::Css("#replay-error")).await {
        panic!("{}: {}", record.display(), err.text().await.unwrap_or_default());
    }
    let text: Value = serde_json::from_str(&std::fs::read_to_string(record).expect("record")).expect("JSON");
    let deals = expected["deals"].as_array().expect("deals");
    let players = expected["totals"].as_array().expect("totals").len();
    let mut totals = vec![0i64; players];
    for (i, deal) in deals.iter().enumerate() {
        let what = format!("{} deal {i}", record.display());
        c.find(Locator::Css(&format!("#replay-deal option[value=\"{i}\"]")))
            .await
            .expect("deal option")
            .click()
            .await
            .expect("choose the deal");
        click(c, "#replay-last").await;
        let n = text["deals"][i]["actions"].as_array().expect("actions").len();
        wait_js(
            c,
            &format!(
                "document.querySelector('#replay-pos').textContent === 'action {n} of {n}' \
                 && document.querySelector('#replay-deal').value === '{i}'"
            ),
            "the last position of the deal",
        )
        .await;
        for seat in 0..players {
            let shown = text_of(c, &format!("#replay-seat-{seat}")).await;
            let tricks = format!("tricks: {}", deal["tricks"][seat]);
            let points = format!("points: {}", deal["card_points"][seat]);
            assert!(
                shown.contains(&tricks) && shown.contains(&points),
                "{what} seat {seat}: the viewer shows {shown:?}, the referee says {tricks}, {points}"
            );
            if deal["soloist"] == seat {
                assert!(shown.contains("soloist"), "{what}: seat {seat} is the soloist");
            }
        }
        // Every seat's melds, once a contract is declared (all zero in Durch and Bettel).
        let melds = js(
            c,
            "return [...document.querySelectorAll('.replay-melds')].map(e => Number(e.dataset.total))",
        )
        .await;
        if players == 2 {
            // Two players: the melds shown after won tricks (and the exchange's Diss).
            assert_eq!(melds, deal["melds"], "{what}: melds shown");
            let left = js(
                c,
                "return document.querySelectorAll('.replay-seat .hand .card').length",
            )
            .await;
            assert_eq!(left, json!(0), "{what}: every card drawn and played");
        } else if deal["contract"].is_null() {
            assert_eq!(melds, json!([]), "{what}: no melds before a declaration");
        } else {
            assert_eq!(melds, deal["melds"], "{what}: melds");
        }
        let result = js(
            c,
            "const t = document.querySelector('#replay-result'); if (!t) return null; \
             return [...t.querySelectorAll('tbody tr')].map(r => \
               ['.r-tricks', '.r-points', '.r-melds', '.r-score', '.r-total'] \
                 .map(k => Number(r.querySelector(k).textContent.replace('+', ''))))",
        )
        .await;
        if deal["complete"] != true {
            assert_eq!(
                result,
                Value::Null,
                "{what}: a deal that stopped early has no result"
            );
            continue;
        }
        if deal["contract"].is_null() && players != 2 {
            // Everyone passed under `all_pass = redeal`: the viewer says so, nothing scores.
            let shown = text_of(c, "#replay-result").await;
            assert!(shown.contains("deals again"), "{what}: {shown:?}");
            continue;
        }
        for (seat, total) in totals.iter_mut().enumerate() {
            *total += deal["scores"][seat].as_i64().expect("score");
        }
        let want: Vec<Value> = (0..players)
            .map(|s| {
                json!([
                    deal["tricks"][s],
                    deal["card_points"][s],
                    deal["melds"][s],
                    deal["scores"][s],
                    totals[s]
                ])
            })
            .collect();
        assert_eq!(
            result,
            json!(want),
            "{what}: tricks, points, melds, score, total per seat"
        );
        if players != 2 {
            let verdict = text_of(c, "#replay-verdict").await;
            assert!(!verdict.is_empty(), "{what}: the verdict line");
        }
    }
    // Stepping back from the end shows the position before the last action.
    if let Some(last) = deals.len().checked_sub(1) {
        let n = text["deals"][last]["actions"].as_array().expect("actions").len();
        if n > 0 {
            click(c, "#replay-prev").await;
            wait_js(
                c,
                &format!(
                    "document.querySelector('#replay-pos').textContent === 'action {} of {n}'",
                    n - 1
                ),
                "the position before the last action",
            )
            .await;
        }
    }
    deals.len()
}

fn referee(record: &Value) -> Value {
    let verdict = binokel::record::referee(&record.to_string());
    verdict.to_json().expect("a readable record")
}

/// A match played by the project's bots (one random, the others heuristic, so that
/// contracts are both made and lost), at most `max_deals` deals, as a record.
fn bot_match(preset: &str, seed: u64, max_deals: usize) -> Value {
    let rules = Rules::from_preset_name(preset).expect("preset");
    let n = usize::from(rules.players);
    let names = (1..=n).map(|s| format!("Bot {s}")).collect();
    let mut game = Game::new(rules, names);
    let mut bots: Vec<_> = (0..n)
        .map(|s| {
            let kind = if s == 0 { "random" } else { "heuristic" };
            binokel_ai::make_bot(kind, seed * 10 + s as u64).expect("bot")
        })
        .collect();
    let mut deals = 0;
    while game.needs_deal() && deals < max_deals {
        game.start_seeded_deal(seed * 1000 + deals as u64).expect("deal");
        deals += 1;
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).expect("view");
            let a = bots[seat].choose(&view);
            game.play(a).expect("a bot plays a legal action");
        }
    }
    binokel::record::write_record(&game)
}

/// Two players: at every `every`-th position of each deal, the viewer's hands (after the
/// draws and exchanges), the face-up card and the cards left to draw equal the engine's.
async fn check_two_positions(c: &Client, record: &Value, every: usize) -> usize {
    let full = binokel::record::read_record(&record.to_string()).expect("a legal record");
    let mut checked = 0;
    for (d, log) in full.deals().iter().enumerate() {
        c.find(Locator::Css(&format!("#replay-deal option[value=\"{d}\"]")))
            .await
            .expect("deal option")
            .click()
            .await
            .expect("choose the deal");
        let mut g = Game::new(*full.rules(), full.seats().to_vec());
        for earlier in &full.deals()[..d] {
            g.start_deal(&earlier.start.setup(), earlier.seed).expect("deal");
            for a in &earlier.actions {
                g.play(*a).expect("legal");
            }
        }
        g.start_deal(&log.start.setup(), log.seed).expect("deal");
        for k in 0..=log.actions.len() {
            if k > 0 {
                g.play(log.actions[k - 1]).expect("legal");
            }
            if k % every != 0 && k != log.actions.len() {
                continue;
            }
            js(
                c,
                &format!(
                    "const s = document.querySelector('#replay-slider'); s.value = {k};                      s.dispatchEvent(new Event('input'));"
                ),
            )
            .await;
            wait_js(
                c,
                &format!("document.querySelector('#replay-slider').value === '{k}'"),
                "the position",
            )
            .await;
            let v = View::of(&g, None).expect("view");
            let deal = g.current().expect("deal");
            for seat in 0..2 {
                let mut shown: Vec<String> = js(
                    c,
                    &format!(
                        "return [...document.querySelectorAll('#replay-seat-{seat} .hand .card')].map(e => e.dataset.card)"
                    ),
                )
                .await
                .as_array()
                .expect("cards")
                .iter()
                .map(|x| x.as_str().expect("code").to_string())
                .collect();
                shown.sort();
                let mut want: Vec<String> = deal
                    .hand(seat)
                    .iter()
                    .map(|c| c.code(binokel::Low::Nine))
                    .collect();
                want.sort();
                assert_eq!(shown, want, "deal {d} position {k} seat {seat}: the hand");
            }
            let stock = js(
                c,
                "return Number(document.querySelector('#replay-stock').dataset.stock)",
            )
            .await;
            assert_eq!(stock, json!(v.stock), "deal {d} position {k}: cards left to draw");
            if v.stock > 0 {
                let turned = js(c, "return document.querySelector('#replay-turned').dataset.card").await;
                let want = v.turned.expect("turned").code(binokel::Low::Nine);
                assert_eq!(turned, json!(want), "deal {d} position {k}: the face-up card");
            }
            checked += 1;
        }
    }
    checked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_viewer_plays_back_two_player_records() {
    let dir = scratch_dir("two-records");
    let mut records = Vec::new();
    for seed in 1..=3 {
        let record = bot_match("two-player", seed, 3);
        let expected = referee(&record);
        assert_eq!(expected["legal"], true, "two-player {seed}: {expected}");
        let path = dir.join(format!("two-player-{seed}.json"));
        std::fs::write(&path, record.to_string()).expect("write the record");
        records.push((path, record, expected));
    }
    // The records must hold what the viewer has to get right: melds and an exchange.
    let tokens: Vec<String> = records
        .iter()
        .flat_map(|(_, r, _)| r["deals"].as_array().expect("deals").clone())
        .flat_map(|d| d["actions"].as_array().expect("actions").clone())
        .map(|a| a.as_str().expect("token").to_string())
        .collect();
    assert!(
        tokens.iter().any(|a| a.starts_with("meld ")),
        "no meld in the records"
    );
    assert!(
        tokens.iter().any(|a| a == "exchange"),
        "no exchange in the records"
    );
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    let mut deals = 0;
    let mut positions = 0;
    for (path, record, expected) in &records {
        deals += check_record(c, &server, path, expected).await;
        positions += check_two_positions(c, record, 5).await;
    }
    assert!(deals >= 6, "only {deals} deals replayed");
    assert!(positions >= 60, "only {positions} positions compared");
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_viewer_agrees_with_the_referee_on_conformance_records() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../binokel/tests/data/conformance/records");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("conformance records")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.to_string_lossy().ends_with(".json") && !p.to_string_lossy().ends_with(".expected.json")
        })
        .collect();
    names.sort();
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    let mut checked = 0;
    for path in names {
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(path.with_extension("expected.json")).expect("expected answer"),
        )
        .expect("JSON");
        if expected["legal"] != true {
            continue;
        }
        let path = path.canonicalize().expect("absolute path");
        check_record(c, &server, &path, &expected).await;
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} records replayed");
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_viewer_agrees_with_the_referee_under_every_preset() {
    let dir = scratch_dir("records");
    let mut records = Vec::new();
    for preset in ["standard", "swabian", "dutch", "forty", "kreuz"] {
        for seed in 1..=2 {
            let record = bot_match(preset, seed, 4);
            let expected = referee(&record);
            assert_eq!(expected["legal"], true, "{preset} {seed}: {expected}");
            let path = dir.join(format!("{preset}-{seed}.json"));
            std::fs::write(&path, record.to_string()).expect("write the record");
            records.push((path, expected));
        }
    }
    let _turn = BROWSERS.lock().await;
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", DESKTOP).await;
    let c = &b.client;
    let mut deals = 0;
    for (path, expected) in &records {
        deals += check_record(c, &server, path, expected).await;
    }
    assert!(deals >= 30, "only {deals} deals replayed");
    assert_no_js_errors(&b).await;
    let _ = b.client.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
