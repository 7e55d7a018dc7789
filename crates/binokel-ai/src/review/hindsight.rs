//! The hindsight line: what the played card was worth with every card seen (the true deal
//! of the record), by the exact solver with best play on both sides from there on. Only in
//! card play with at most [`ReviewBudget::hindsight_tricks`] tricks left, and only when the
//! solve ends within [`ReviewBudget::hindsight_nodes`]; no seat could have known it, so it
//! never sets a mark.
//!
//! Three and four seats solve the true deal; two players have no hidden card once the
//! stock is empty, so there the review's own values (one world, solved exactly) are the
//! hindsight line.

use super::report::Hindsight;
use super::value::{solve_moves, Rated};
use super::ReviewBudget;
use crate::evaluator::solved_value;
use crate::measure::{MatchState, RACE};
use binokel::{Action, Contract, Deal, Phase, View};

/// The hindsight line of a decision, or None (not card play, too many tricks left, the
/// solve ran out of nodes, or Bettel, which the solver does not count).
pub fn line(
    view: &View,
    truth: &Deal,
    played: Action,
    budget: &ReviewBudget,
    rated: Option<&Rated>,
) -> Option<Hindsight> {
    if view.phase != Phase::Play {
        return None;
    }
    let left = truth.total_tricks() - truth.tricks_played();
    if left > budget.hindsight_tricks {
        return None;
    }
    let values: Vec<(Action, f64)> = if view.players == 2 {
        if view.stock != 0 {
            return None;
        }
        rated?.values.clone()
    } else {
        if truth.contract() == Some(Contract::Bettel) {
            return None;
        }
        let me = view.seat?;
        let st = MatchState::of_view(view)?.scaled(RACE);
        let moves = super::with_solver(|s| solve_moves(truth, budget.hindsight_nodes, s))?;
        let mut v: Vec<(Action, f64)> = moves
            .into_iter()
            .map(|(c, x)| (Action::Play(c), solved_value(truth, me, x, left, Some(&st))))
            .collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    };
    let (best, top) = *values.first()?;
    let mine = values.iter().find(|x| x.0 == played)?.1;
    Some(Hindsight {
        best,
        loss: (top - mine).max(0.0),
        values,
    })
}
