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
        if deal["contract"].is_null() {
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
        if deal["contract"].is_null() {
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
        let verdict = text_of(c, "#replay-verdict").await;
        assert!(!verdict.is_empty(), "{what}: the verdict line");
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
    let b = browser(&driver, "en", (1280, 900)).await;
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
    let b = browser(&driver, "en", (1280, 900)).await;
    let c = &b.client;
    let mut deals = 0;
    for (path, expected) in &records {
        deals += check_record(c, &server, path, expected).await;
    }
    assert!(deals >= 30, "only {deals} deals replayed");
    let _ = b.client.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
