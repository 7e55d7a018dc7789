//! The match arena (`binokel arena --matches`): whole matches per arrangement, played to
//! their end by the rules, reproducible from the seed, and a summary that counts matches
//! won against each bot's even share.

use binokel::{Preset, Rules};
use binokel_ai::arena::{play_match_set, summarize_matches, table_matches};
use serde_json::{json, Value};
use std::time::Duration;

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A match set without the times (which differ run to run).
fn untimed(set: &Value) -> Value {
    let mut set = set.clone();
    for m in set["matches"].as_array_mut().unwrap() {
        m.as_object_mut().unwrap().remove("ms");
    }
    set
}

#[test]
fn every_match_of_a_set_is_played_to_its_winner() {
    let rules = Rules::default();
    let bots = names(&["heuristic", "random"]);
    let set = play_match_set(&bots, rules, 9, 0, Duration::from_secs(10));
    let matches = set["matches"].as_array().expect("a match set");
    assert_eq!(matches.len(), 6, "every arrangement of two bots in three seats");
    for m in matches {
        let w = m["winner"].as_u64().expect("a winner") as usize;
        let totals: Vec<i64> = m["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_i64().unwrap())
            .collect();
        assert_eq!(totals.len(), 3);
        // Standard rules: the match ends when a seat reaches the target.
        assert!(totals[w] >= i64::from(rules.target), "{m}");
        let deals = m["deals"].as_u64().unwrap();
        // The sheet adds up to the totals.
        let sheet = m["sheet"].as_array().unwrap();
        assert_eq!(sheet.len() as u64, deals);
        assert_eq!(m["soloists"].as_array().unwrap().len() as u64, deals);
        for (seat, t) in totals.iter().enumerate() {
            let sum: i64 = sheet.iter().map(|d| d[seat].as_i64().unwrap()).sum();
            assert_eq!(sum, *t, "{m}");
        }
        assert!(deals >= 2, "nobody reaches 1500 in one deal: {m}");
        let contracts: u64 = m["contracts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        assert!(contracts <= deals, "{m}");
        let decisions: u64 = m["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        let given_up: u64 = m["surrenders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        assert!(
            decisions >= (deals - given_up) * 45,
            "the tricks' cards of every deal played out: {m}"
        );
    }
    // The same seed and set: the same matches, decision for decision.
    let again = play_match_set(&bots, rules, 9, 0, Duration::from_secs(10));
    assert_eq!(untimed(&set), untimed(&again));
    // Another set: other deals.
    let other = play_match_set(&bots, rules, 9, 1, Duration::from_secs(10));
    assert_ne!(set["seed"], other["seed"]);
}

#[test]
fn partners_share_a_total_and_a_win_with_four_seats() {
    let rules = Rules::preset(Preset::Kreuz);
    let bots = names(&["heuristic", "easy"]);
    let set = play_match_set(&bots, rules, 4, 2, Duration::from_secs(10));
    let matches = set["matches"].as_array().expect("a match set");
    assert_eq!(matches.len(), 2, "A/B/A/B and B/A/B/A");
    for m in matches {
        let t = m["totals"].as_array().unwrap();
        assert_eq!(t[0], t[2], "{m}");
        assert_eq!(t[1], t[3], "{m}");
        let w = m["winner"].as_u64().unwrap();
        assert!(w < 2, "the winning side's lower seat: {m}");
        assert!(t[w as usize].as_i64().unwrap() >= i64::from(rules.target), "{m}");
    }
    let s = summarize_matches(&bots, &[set]);
    let won: u64 = s["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["won"].as_u64().unwrap())
        .sum();
    assert_eq!(won, 2, "one side wins each match: {s}");
    for b in s["bots"].as_array().unwrap() {
        assert_eq!(b["matches"], 2);
        assert_eq!(b["even_share"], 0.5);
    }
}

/// The summary by hand: three seats, two bots. In A/B/B seat 0 (A) wins: A's even share of
/// that match is a third. In B/A/A seat 2 (A) wins: A's even share is two thirds. So A won
/// 2 of 2 against an even 1, an excess of half a match a match; B the opposite.
#[test]
fn wins_are_counted_against_the_even_share_of_the_seats_held() {
    let bots = names(&["a", "b"]);
    let m = |index: [usize; 3], winner: usize| {
        json!({"bot_index": index, "winner": winner, "totals": [0, 0, 0], "deals": 4,
               "contracts": [1, 1, 1], "made": [1, 0, 1], "surrenders": [0, 0, 0],
               "ms": [1.0, 1.0, 1.0], "decisions": [10, 10, 10], "log": []})
    };
    let sets = vec![json!({"set": 0, "matches": [m([0, 1, 1], 0), m([1, 0, 0], 2)]})];
    let s = summarize_matches(&bots, &sets);
    let a = &s["bots"][0];
    assert_eq!(a["matches"], 2);
    assert_eq!(a["won"], 2);
    assert_eq!(a["share"], 1.0);
    assert_eq!(a["even_share"], 0.5);
    assert_eq!(a["excess"], 0.5);
    assert_eq!(a["contracts"], 3, "seat 0 once, seats 1 and 2 once");
    assert_eq!(a["made"], 2);
    let b = &s["bots"][1];
    assert_eq!(b["won"], 0);
    assert_eq!(b["excess"], -0.5);
    assert_eq!(s["difference"]["excess"], 0.5);
    assert_eq!(s["deals"], 8);
    let table = table_matches(&s);
    assert!(
        table.contains("a - b: +0.500 of a match won above an even share"),
        "{table}"
    );
    // A set line without matches (a deal set, an error) is not counted.
    let s2 = summarize_matches(&bots, &[sets[0].clone(), json!({"set": 1, "error": "x"})]);
    assert_eq!(s2["sets"], 1);
    assert_eq!(s2["bots"][0]["won"], 2);
}
