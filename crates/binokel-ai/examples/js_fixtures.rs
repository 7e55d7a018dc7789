//! Writes the fixtures of the JavaScript tests (`node --test web/test/`, docs/web.md "The
//! JavaScript copy of the rules"): `web/test/fixtures/rules.json`, the answer of
//! `GET /api/rules` (every preset, option and scoring constant), and
//! `web/test/fixtures/records.json`, bot matches under every preset with the referee's
//! verdict on each. The browser's `engine.js` and `scoring.js` replay the records and must
//! agree with the verdicts; their built-in presets must equal the rules'.
//!
//! `cargo run --release -p binokel-ai --example js_fixtures` (run it after a rules change and
//! commit the files; the test `js_fixtures_are_up_to_date` fails while they are stale).

use binokel::{Game, Rules, View};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The presets the fixtures cover, with the seeds of their matches.
const MATCHES: [(&str, u64); 12] = [
    ("standard", 1),
    ("standard", 2),
    ("swabian", 1),
    ("swabian", 2),
    ("dutch", 1),
    ("dutch", 2),
    ("forty", 1),
    ("forty", 2),
    ("kreuz", 1),
    ("kreuz", 2),
    ("two-player", 1),
    ("two-player", 2),
];

/// Deals per match (short matches: the fixtures stay small).
const DEALS: usize = 4;

/// A match of one random and otherwise heuristic bots, as a record.
fn bot_match(preset: &str, seed: u64) -> Value {
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
    while game.needs_deal() && deals < DEALS {
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

/// The fixture files: (file name, text).
pub fn fixtures() -> Vec<(&'static str, String)> {
    let records: Vec<Value> = MATCHES
        .iter()
        .map(|&(preset, seed)| {
            let record = bot_match(preset, seed);
            let verdict = binokel::record::referee(&record.to_string())
                .to_json()
                .expect("the referee's verdict");
            json!({"name": format!("{preset}-{seed}"), "record": record, "verdict": verdict})
        })
        .collect();
    let pretty = |v: &Value| serde_json::to_string_pretty(v).expect("JSON") + "\n";
    vec![
        ("rules.json", pretty(&binokel::catalog::catalog())),
        (
            "records.json",
            serde_json::to_string(&records).expect("JSON") + "\n",
        ),
    ]
}

/// Where the fixtures live: web/test/fixtures of the checkout.
pub fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/test/fixtures")
}

#[allow(dead_code)]
fn main() {
    let dir = fixture_dir();
    std::fs::create_dir_all(&dir).expect("the fixture folder");
    for (name, text) in fixtures() {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("wrote {}", path.display());
    }
}
