//! Bots for a server's worker pool (`make_worker_bot`): a decision borrows the running
//! thread's solver, and must be the same whichever thread runs it and whatever ran there
//! before.

mod common;

use binokel::{Action, Phase, View};
use binokel_ai::{Budget, StrongBot};

/// Views of card play near the end (the exact solver decides there) and of the auction
/// (the Durch probe), from seeded games played by the heuristic bot.
fn views(seeds: std::ops::Range<u64>) -> Vec<View> {
    // The deal's first view (an auction view), and card play with 7 to 9 tricks left.
    common::heuristic_views(seeds, |view, d| {
        let left = d.total_tricks() - d.tricks_played();
        (view.phase == Phase::Auction && view.history.is_empty())
            || (view.phase == Phase::Play && (7..=9).contains(&left) && view.legal.len() > 1)
    })
}

/// The strong search's own values (what its decisions are made of; its hints are the
/// review's values on the review's solver, see tests/review_hint.rs).
fn decide(views: &[View], seed: u64) -> Vec<Vec<(Action, f64)>> {
    views
        .iter()
        .map(|v| StrongBot::for_worker("strong", Budget::STRONG, seed).search(v))
        .collect()
}

#[test]
fn a_worker_bots_decision_does_not_depend_on_the_worker() {
    let vs: Vec<View> = views(40..43).into_iter().take(12).collect();
    assert!(vs.len() >= 4, "enough views: {}", vs.len());
    let others = views(60..62);
    let fresh = {
        let vs = vs.clone();
        std::thread::spawn(move || decide(&vs, 7)).join().unwrap()
    };
    let used = {
        let vs = vs.clone();
        std::thread::spawn(move || {
            // Other tables' bots fill this thread's solver first.
            for (i, v) in others.iter().enumerate() {
                StrongBot::for_worker("strong", Budget::STRONG, 1000 + i as u64).search(v);
            }
            let mut rev: Vec<_> = decide(&vs.iter().rev().cloned().collect::<Vec<_>>(), 7);
            rev.reverse();
            rev
        })
        .join()
        .unwrap()
    };
    assert_eq!(
        fresh, used,
        "the same decisions from a fresh worker and a used one"
    );
    // And each is the decision of the same bot with a fresh solver of its own.
    for (v, w) in vs.iter().zip(&fresh) {
        let own = StrongBot::new("strong", Budget::STRONG, 7).search(v);
        assert_eq!(&own, w);
    }
    // A seeded worker bot's sequence of decisions is reproducible.
    let seq = |vs: &[View]| {
        let mut b = binokel_ai::make_worker_bot("strong", 9).unwrap();
        vs.iter().map(|v| b.choose(v)).collect::<Vec<_>>()
    };
    assert_eq!(seq(&vs), seq(&vs));
}
