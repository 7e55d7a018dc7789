//! The most deals of one match, [`MAX_MATCH_DEALS`] (docs/rules.md, "The most deals of a
//! match"): a match that reaches it ends with the highest total winning, no deal starts
//! past it, and the referee refuses a longer record by name.

use binokel::game::cap_winner;
use binokel::record::{read_record, referee, write_record, Verdict};
use binokel::{Game, Rules, StartError, MAX_MATCH_DEALS};
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// Plays seeded deals with uniformly random legal actions until the match is over or
/// `deals` deals are complete.
fn random_match(rules: Rules, deals: usize, seed: u64) -> Game {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(rules, Vec::new());
    while !g.is_over() && g.deals().len() < deals {
        g.start_seeded_deal(rng.gen()).expect("a deal starts");
        while let Some(d) = g.current().filter(|d| !d.is_over()) {
            let legal = d.legal_actions();
            let a = legal[rng.gen_range(0..legal.len())];
            g.play(a).expect("a legal action");
        }
    }
    g
}

/// A target no match of random play reaches within the cap.
fn endless(mut rules: Rules) -> Rules {
    rules.target = binokel::rules::MAX_TARGET;
    rules
}

#[test]
fn a_match_ends_at_the_most_deals_with_the_highest_total_winning() {
    for (preset, seed) in [("standard", 1), ("two-player", 2), ("kreuz", 3)] {
        let rules = endless(Rules::from_preset_name(preset).unwrap());
        let mut g = random_match(rules, MAX_MATCH_DEALS + 10, seed);
        assert_eq!(g.deals().len(), MAX_MATCH_DEALS, "{preset}");
        assert!(g.is_over(), "{preset}: the match must end at the cap");
        let n = g.players();
        let totals = g.totals();
        let sides = if n == 4 { 2 } else { n };
        let best = (0..sides).map(|s| totals[s]).max().unwrap();
        let w = g.winner().unwrap();
        assert_eq!(totals[w], best, "{preset}: {totals:?}, winner {w}");
        assert!(best < rules.target, "{preset}: nobody reached the target");
        assert_eq!(g.start_seeded_deal(9), Err(StartError::MatchOver), "{preset}");

        // The record of the whole match is legal and reads back to the same end.
        let text = write_record(&g).to_string();
        assert!(matches!(referee(&text), Verdict::Legal(_)), "{preset}");
        let back = read_record(&text).unwrap();
        assert_eq!(back.winner(), Some(w), "{preset}");

        // Undo of the last action takes the end back; playing it again ends the match again.
        let a = g.undo().unwrap();
        assert!(!g.is_over(), "{preset}");
        g.play(a).unwrap();
        assert_eq!(g.winner(), Some(w), "{preset}");
    }
}

#[test]
fn a_record_past_the_most_deals_is_refused_by_name() {
    let rules = endless(Rules::default());
    let g = random_match(rules, MAX_MATCH_DEALS, 4);
    // One more deal, dealt by the seat whose turn it is (a deal begun, with no action yet).
    let mut next = Game::new(rules, Vec::new());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let dealer = g.next_dealer().unwrap();
    let setup = binokel::Deal::shuffled(rules, dealer, &mut rng).setup();
    next.start_deal(&setup, None).unwrap();
    let mut record = write_record(&g);
    let deals = record["deals"].as_array_mut().unwrap();
    deals.push(write_record(&next)["deals"][0].clone());
    let text = record.to_string();
    match referee(&text) {
        Verdict::Illegal { deal, action, reason } => {
            assert_eq!((deal, action), (MAX_MATCH_DEALS, None));
            assert!(
                reason.contains(&format!("{} deals", MAX_MATCH_DEALS + 1))
                    && reason.contains(&format!("at most {MAX_MATCH_DEALS}")),
                "{reason}"
            );
        }
        v => panic!(
            "a record of {} deals: exit {}, not the illegal verdict at the cap",
            MAX_MATCH_DEALS + 1,
            v.exit_code()
        ),
    }
    let e = read_record(&text).unwrap_err();
    assert!(e.contains(&format!("at most {MAX_MATCH_DEALS}")), "{e}");
    // The verdict's JSON names the deal.
    let v: Value = referee(&text).to_json().unwrap();
    assert_eq!(v["deal"], MAX_MATCH_DEALS);
}

#[test]
fn equal_highest_totals_at_the_cap_go_to_the_lowest_seat() {
    let three = Rules::default();
    assert_eq!(cap_winner(&three, &[-40, 300, 300, 0]), 1);
    assert_eq!(cap_winner(&three, &[-40, 300, 310, 0]), 2);
    assert_eq!(cap_winner(&three, &[-40, -40, -40, 0]), 0);
    let four = Rules::from_preset_name("kreuz").unwrap();
    assert_eq!(four.players, 4);
    assert_eq!(cap_winner(&four, &[100, 200, 100, 200]), 1);
    assert_eq!(cap_winner(&four, &[200, 200, 200, 200]), 0);
}
