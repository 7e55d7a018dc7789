//! A bot's decision depends on the position and its seed only, never on how often it was
//! asked before (issue: a take-back followed by the same action gave other bot answers, so a
//! person could re-roll the bots).

mod common;

use binokel::Phase;
use binokel_ai::{make_bot, make_worker_bot};

#[test]
fn every_bot_answers_a_position_the_same_however_often_it_was_asked() {
    // Positions with a real choice: auction decisions and card play with several legal cards.
    let views = common::heuristic_views(0..4, |v, _| {
        (v.phase == Phase::Auction && v.legal.len() >= 2) || (v.phase == Phase::Play && v.legal.len() >= 3)
    });
    let auction = views.iter().find(|v| v.phase == Phase::Auction).unwrap();
    // A late card decision keeps the search bots quick.
    let play = views
        .iter()
        .filter(|v| v.phase == Phase::Play && v.history.len() > 30)
        .max_by_key(|v| v.legal.len())
        .unwrap();
    let others: Vec<_> = views.iter().take(6).collect();
    for name in ["random", "beginner", "heuristic", "easy"] {
        for target in [auction, play] {
            let mut bot = make_bot(name, 42).unwrap();
            let first = bot.choose(target);
            for v in &others {
                bot.choose(v);
            }
            assert_eq!(bot.choose(target), first, "{name}: asked again after other views");
            assert_eq!(bot.choose(target), first, "{name}: asked twice in a row");
            let mut fresh = make_worker_bot(name, 42).unwrap();
            assert_eq!(fresh.choose(target), first, "{name}: a fresh worker bot");
        }
    }
}

#[test]
fn the_random_bot_still_varies_with_the_position_and_the_seed() {
    let views = common::heuristic_views(0..2, |v, _| v.legal.len() >= 4);
    let picks = |seed: u64| -> Vec<_> {
        let mut bot = make_bot("random", seed).unwrap();
        views.iter().map(|v| bot.choose(v)).collect()
    };
    assert_ne!(picks(1), picks(2), "another seed, other choices");
    let first = picks(1);
    let distinct_indices: std::collections::HashSet<usize> = views
        .iter()
        .zip(&first)
        .map(|(v, a)| v.legal.iter().position(|x| x == a).unwrap())
        .collect();
    assert!(distinct_indices.len() > 1, "not always the same index");
}
