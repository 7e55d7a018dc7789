//! Hints by rollouts, for the bots that do not search (`heuristic`, `random`): the `strong`
//! bot's evaluation with the small [`Budget::HINT`], a few sampled deals with every legal
//! action played out by the heuristic's policy ([`crate::policy::rollout`]; no exact solver
//! in card play).

use crate::budget::Budget;
use crate::strong::StrongBot;
use crate::Bot;
use binokel::{Action, View};

/// Every legal action of `view` with its expected value in points for the seat to act,
/// best first: the mean over a few sampled deals of the action followed by heuristic play to
/// the end of the deal (see [`StrongBot::evaluate_with_deals`] for what is counted in each
/// phase). The hints of `heuristic` and `random`, seeded, so deterministic.
pub fn rollout_hint(view: &View, seed: u64) -> Vec<(Action, f64)> {
    StrongBot::new("hint", Budget::HINT, seed).hint(view)
}
