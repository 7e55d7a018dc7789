//! Every example of the shared conformance set (copied under tests/data/conformance).

use binokel::meld::melds;
use binokel::record::{read_record, referee, Verdict};
use binokel::{perft::perft, CardSet, Low, Rules, Suit};
use serde_json::Value;
use std::path::PathBuf;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance")
}

#[test]
fn meld_examples() {
    let text = std::fs::read_to_string(data().join("melds.jsonl")).unwrap();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let hand = CardSet::parse_codes(v["hand"].as_str().unwrap(), Low::Nine).unwrap();
        let trump = v["trump"].as_str().map(|s| Suit::parse(s).unwrap());
        let m = melds(hand, trump, &Rules::default());
        assert_eq!(m.total() as u64, v["total"].as_u64().unwrap(), "{line}");
        let mut got: Vec<Value> = m
            .as_slice()
            .iter()
            .map(|x| serde_json::to_value(x).unwrap())
            .collect();
        let mut want: Vec<Value> = v["melds"].as_array().unwrap().clone();
        let key = |x: &Value| x.to_string();
        got.sort_by_key(key);
        want.sort_by_key(key);
        assert_eq!(got, want, "{line}");
        n += 1;
    }
    assert!(n >= 50);
}

fn check_record(name: &str) {
    let dir = data().join("records");
    let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
    let want: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.expected.json"))).unwrap())
            .unwrap();
    let verdict = referee(&text);
    let got = verdict
        .to_json()
        .unwrap_or_else(|| panic!("{name}: not a record: {verdict:?}"));
    assert_eq!(got["legal"], want["legal"], "{name}: {got}");
    if want["legal"] == Value::Bool(false) {
        assert_eq!(verdict.exit_code(), 1);
        assert_eq!(got["deal"], want["deal"], "{name}: {got}");
        assert_eq!(got["action"], want["action"], "{name}: {got}");
        assert!(got["reason"].as_str().unwrap().len() > 5);
        return;
    }
    assert_eq!(verdict.exit_code(), 0);
    assert_eq!(got["totals"], want["totals"], "{name}");
    assert_eq!(got["winner"], want["winner"], "{name}");
    let gd = got["deals"].as_array().unwrap();
    let wd = want["deals"].as_array().unwrap();
    assert_eq!(gd.len(), wd.len(), "{name}");
    for (i, (g, w)) in gd.iter().zip(wd).enumerate() {
        assert_eq!(g["complete"], w["complete"], "{name} deal {i}");
        assert_eq!(g["scores"], w["scores"], "{name} deal {i}");
        if w["complete"] == Value::Bool(false) {
            continue;
        }
        for k in ["soloist", "bid", "contract", "trump"] {
            assert_eq!(g[k], w[k], "{name} deal {i} {k}");
        }
        match w["contract"].as_str() {
            Some("surrender") => {
                let sol = w["soloist"].as_u64().unwrap() as usize;
                for s in 0..3 {
                    if s != sol {
                        assert_eq!(g["melds"][s], w["melds"][s], "{name} deal {i} melds");
                    }
                }
            }
            Some("trump") => {
                for k in ["melds", "tricks", "card_points"] {
                    assert_eq!(g[k], w[k], "{name} deal {i} {k}");
                }
            }
            _ => {}
        }
    }
}

macro_rules! record_tests {
    ($($f:ident => $n:expr),* $(,)?) => { $( #[test] fn $f() { check_record($n); } )* };
}

record_tests! {
    record_card_not_held => "card-not-held",
    record_deal_after_the_end => "deal-after-the-end",
    record_durch_lost => "durch-lost",
    record_durch_made => "durch-made",
    record_exactly_the_bid => "exactly-the-bid",
    record_illegal_bid => "illegal-bid",
    record_illegal_card => "illegal-card",
    record_match_both_opponents => "match-both-opponents",
    record_match_in_progress => "match-in-progress",
    record_match_soloist_priority => "match-soloist-priority",
    record_match_to_the_end => "match-to-the-end",
    record_opponent_no_trick => "opponent-no-trick",
    record_soloist_no_trick => "soloist-no-trick",
    record_surrender => "surrender",
    record_ten_short => "ten-short",
    record_trump_deal => "trump-deal",
    record_wrong_dealer => "wrong-dealer",
}

#[test]
fn every_record_in_the_folder_is_covered() {
    let mut names: Vec<String> = std::fs::read_dir(data().join("records"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json") && !n.ends_with(".expected.json"))
        .collect();
    names.sort();
    for n in names {
        check_record(n.trim_end_matches(".json"));
    }
}

#[test]
fn inputs_that_are_not_records_exit_2() {
    for input in [
        "",
        "{",
        "[]",
        r#"{"format":"nope"}"#,
        r#"{"format":"binokel-record/1","deals":"x"}"#,
        r#"{"format":"binokel-record/1","rules":"no-such-preset","deals":[]}"#,
        r#"{"format":"binokel-record/1","rules":"standard","seats":["a"],"deals":[]}"#,
        r#"{"format":"binokel-record/1","rules":"standard","deals":"x"}"#,
        "null",
        "42",
    ] {
        let v = referee(input);
        assert_eq!(v.exit_code(), 2, "{input}");
        assert!(v.to_json().is_none());
        match v {
            Verdict::NotARecord(m) => assert!(m.starts_with("not a record"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn perft_matches_the_golden_counts() {
    let text = std::fs::read_to_string(data().join("perft.jsonl")).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let rec = std::fs::read_to_string(data().join(v["record"].as_str().unwrap())).unwrap();
        let mut full: Value = serde_json::from_str(&rec).unwrap();
        let prefix = v["prefix_actions"].as_u64().unwrap() as usize;
        let acts = full["deals"][0]["actions"].as_array_mut().unwrap();
        acts.truncate(prefix);
        let game = read_record(&full.to_string()).unwrap();
        let deal = game.current().unwrap();
        for (d, count) in v["perft"].as_object().unwrap() {
            let d: u32 = d.parse().unwrap();
            if d > 6 && cfg!(debug_assertions) && prefix == 0 {
                continue;
            }
            assert_eq!(
                perft(deal, d),
                count.as_u64().unwrap(),
                "{} depth {d}",
                v["position"]
            );
        }
    }
}

#[test]
fn golden_perft() {
    // Generated by scripts/golden-perft.sh with `binokel perft --json`.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("crates/binokel/tests/data/golden/perft.jsonl")).unwrap();
    let mut lines = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let mut rec: Value =
            serde_json::from_str(&std::fs::read_to_string(root.join(v["record"].as_str().unwrap())).unwrap())
                .unwrap();
        let prefix = v["prefix_actions"].as_u64().unwrap() as usize;
        rec["deals"].as_array_mut().unwrap().last_mut().unwrap()["actions"]
            .as_array_mut()
            .unwrap()
            .truncate(prefix);
        let game = read_record(&rec.to_string()).unwrap();
        let deal = game.current().unwrap();
        for (d, count) in v["perft"].as_object().unwrap() {
            assert_eq!(perft(deal, d.parse().unwrap()), count.as_u64().unwrap(), "{line}");
        }
        lines += 1;
    }
    assert!(lines >= 10);
}
