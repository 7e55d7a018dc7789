//! Bad input never panics: the referee, the record reader, the rules reader and the card
//! notation answer every mangled input with a verdict or an error (RECORDS.md section 2:
//! exit 1 with the place, or exit 2), never with a panic. The inputs are the conformance
//! records and whole generated records (every preset, two players included), mangled at the
//! byte level and at the JSON level.

use binokel::record::{referee, write_record};
use binokel::{Action, CardSet, Game, Low, Rules};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::path::PathBuf;

/// The conformance records plus one played match per preset.
fn corpus() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance/records");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .expect("conformance records")
        .map(|e| e.unwrap().path())
        .filter(|p| !p.to_string_lossy().ends_with(".expected.json"))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    for (i, preset) in ["standard", "swabian", "dutch", "forty", "kreuz", "two-player"]
        .into_iter()
        .enumerate()
    {
        let mut rules = Rules::from_preset_name(preset).unwrap();
        rules.target = 400;
        let mut game = Game::new(rules, Vec::new());
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        // Two deals, the second stopped part-way, so records hold a deal in progress too.
        for deal in 0..2 {
            if !game.needs_deal() {
                break;
            }
            game.start_seeded_deal(rng.gen()).unwrap();
            let stop = if deal == 1 {
                rng.gen_range(0..40)
            } else {
                usize::MAX
            };
            let mut played = 0;
            while let Some(d) = game.current().filter(|d| !d.is_over()) {
                if played == stop {
                    break;
                }
                let legal = d.legal_actions();
                let a = legal[rng.gen_range(0..legal.len())];
                game.play(a).unwrap();
                played += 1;
            }
        }
        out.push(write_record(&game).to_string());
    }
    assert!(out.len() > 20, "conformance records found: {}", out.len());
    out
}

/// A value of a JSON type chosen by `k`, meant to be wrong where it lands.
fn odd_value(k: u8, rng: &mut ChaCha8Rng) -> Value {
    match k % 14 {
        0 => Value::Null,
        1 => json!(-1),
        2 => json!(u64::MAX),
        3 => json!(1e300),
        4 => json!(""),
        5 => json!("XX"),
        6 => json!([]),
        7 => json!({}),
        8 => json!(true),
        9 => json!("AS AS AS"),
        10 => json!(rng.gen_range(0..600)),
        11 => json!("bid 99999999999999999999"),
        12 => json!("10H 7S QQ"),
        _ => json!(["pass", "bid 150", "trump S", "AH"]),
    }
}

/// Replaces one randomly chosen value anywhere in `v` (objects and arrays included).
fn mangle(v: &mut Value, rng: &mut ChaCha8Rng, depth: u32) {
    let here = depth > 0 && rng.gen_ratio(1, 4);
    match v {
        Value::Object(m) if !m.is_empty() && !here => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = &keys[rng.gen_range(0..keys.len())];
            if rng.gen_ratio(1, 8) {
                m.remove(k);
            } else {
                mangle(m.get_mut(k).unwrap(), rng, depth + 1);
            }
        }
        Value::Array(a) if !a.is_empty() && !here => {
            let i = rng.gen_range(0..a.len());
            match rng.gen_range(0..8) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let x = a[i].clone();
                    a.insert(i, x);
                }
                _ => mangle(&mut a[i], rng, depth + 1),
            }
        }
        Value::String(s) if !s.is_empty() && rng.gen_ratio(1, 2) => {
            // Change one token of a card list or an action.
            let mut toks: Vec<String> = s.split(' ').map(String::from).collect();
            let i = rng.gen_range(0..toks.len());
            toks[i] = [
                "AS",
                "TS",
                "9H",
                "7H",
                "ZZ",
                "",
                "bid",
                "trump X",
                "meld pair Q",
                "bury AS",
            ][rng.gen_range(0..10)]
            .to_string();
            *s = toks.join(" ");
        }
        _ => *v = odd_value(rng.gen(), rng),
    }
}

/// The referee's exit code, which must come without a panic, with output of the right shape.
fn check(text: &str) -> usize {
    let v = std::panic::catch_unwind(|| referee(text))
        .unwrap_or_else(|_| panic!("the referee panicked on:\n{text}"));
    match v.exit_code() {
        0 | 1 => assert!(v.to_json().is_some()),
        2 => assert!(v.to_json().is_none()),
        c => panic!("exit code {c}"),
    }
    v.exit_code() as usize
}

/// Runs `mangled` on `cases` seeds and checks that all three verdicts occur, so the mangling
/// reaches the deals and actions, not only the header.
fn every_verdict(cases: u64, mangled: impl Fn(&str, &mut ChaCha8Rng) -> String) {
    let corpus = corpus_cached();
    let mut seen = [0usize; 3];
    for seed in 0..cases {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let text = &corpus[rng.gen_range(0..corpus.len())];
        seen[check(&mangled(text, &mut rng))] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "verdicts 0/1/2: {seen:?}");
}

/// Values replaced, removed or repeated anywhere in a record.
#[test]
fn mangled_json_records_get_a_verdict_not_a_panic() {
    every_verdict(3000, |text, rng| {
        let mut v: Value = serde_json::from_str(text).unwrap();
        for _ in 0..rng.gen_range(1..4) {
            mangle(&mut v, rng, 0);
        }
        v.to_string()
    });
}

/// Bytes cut, repeated or replaced in the text of a record.
#[test]
fn mangled_record_text_gets_a_verdict_not_a_panic() {
    every_verdict(3000, |text, rng| {
        let text = text.as_bytes();
        let at = rng.gen_range(0..text.len());
        let end = (at + rng.gen_range(0..40)).min(text.len());
        let mut b = text[..at].to_vec();
        match rng.gen_range(0..3) {
            0 => b.extend_from_slice(&text[end..]),
            1 => {
                b.extend_from_slice(&text[at..end]);
                b.extend_from_slice(&text[at..]);
            }
            _ => {
                b.push(rng.gen());
                b.extend_from_slice(&text[(at + 1).min(text.len())..]);
            }
        }
        String::from_utf8_lossy(&b).into_owned()
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// Any string as a card list, a card or an action: an error that names it, or a value.
    #[test]
    fn card_and_action_notation_never_panics(s in "\\PC{0,24}", low in any::<bool>()) {
        let low = if low { Low::Seven } else { Low::Nine };
        let _ = CardSet::parse_codes(&s, low);
        if let Err(e) = Action::parse(&s, low) {
            prop_assert!(!e.to_string().is_empty());
        }
        let _ = Action::parse_lenient(&s, low);
    }

    /// Rules objects with any option set to an odd value: read or refused, then validated.
    #[test]
    fn rules_objects_never_panic(key in 0usize..40, k in any::<u8>(), seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut v = Rules::from_preset_name(["standard", "kreuz", "two-player"][key % 3]).unwrap().to_json();
        if let Value::Object(m) = &mut v {
            let keys: Vec<String> = m.keys().cloned().collect();
            let name = keys[key % keys.len()].clone();
            m.insert(name, odd_value(k, &mut rng));
        }
        if let Ok(r) = Rules::from_json(&v) {
            if r.validate().is_ok() {
                // Rules that pass validation play a whole deal.
                let mut game = Game::new(r, Vec::new());
                game.start_seeded_deal(seed).unwrap();
                while let Some(d) = game.current().filter(|d| !d.is_over()) {
                    let legal = d.legal_actions();
                    prop_assert!(!legal.is_empty());
                    game.play(legal[rng.gen_range(0..legal.len())]).unwrap();
                }
            }
        }
    }
}

fn corpus_cached() -> &'static [String] {
    static CORPUS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(corpus)
}
