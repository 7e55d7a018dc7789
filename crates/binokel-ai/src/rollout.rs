//! Hints by rollouts, for the bots that do not search (`heuristic`, `random`): the review's
//! values ([`crate::review::value::hint`]) at the small [`Budget::HINT`], a few sampled
//! deals with every legal action played out by the review's continuation (heuristic play,
//! no exact solver in card play).

use crate::budget::Budget;
use crate::review::{hint_seed, value, ReviewBudget};
use binokel::{Action, View};

/// Every legal action of `view` with its expected value in points of the seat's deal score
/// (docs/review.md section 1), best first: the mean over a few sampled deals of the action
/// followed by heuristic play to the end of the deal. The hints of `heuristic` and
/// `random`, seeded (mixed with the view's position by [`hint_seed`]), so deterministic.
pub fn rollout_hint(view: &View, seed: u64) -> Vec<(Action, f64)> {
    value::hint(view, &ReviewBudget::of_play(Budget::HINT), hint_seed(seed, view))
}
