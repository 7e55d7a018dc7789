//! The seam between the search and the evaluation of a position (issue #32, section 5;
//! docs/strength.md "The evaluator"). The sampling searches (`strong` with three or four
//! seats, its two-player search, the hint and the review) fix one world per sample, every
//! card known, and ask an [`Evaluator`] what each candidate action is worth there to the
//! seat to act. Another evaluator (a learned value function, say) is swapped in by
//! implementing the trait; the arena measures it with `strong:eval=NAME` ([`by_name`]).
//!
//! The evaluators here:
//! - [`SolverRollouts`] (`eval=rollout`, the default, `strong-v1`'s): the exact double-dummy
//!   solver within reach of the end, heuristic rollouts before it (optionally finished by
//!   the solver, the `tail` setting).
//! - [`Rollouts`] (`eval=playout`): heuristic rollouts to the end only, no solver: the
//!   cheap reference an evaluator has to beat.
//! - `two::strong::TwoRollouts`: the two-player search's (rollouts while the stock lasts, its
//!   own exact solver after), on the two-player world.
//!
//! Values are in the seat's measure: the match measure ([`crate::measure`]) when the caller
//! gives one, else `strong-v1`'s deal-score utility (the soloist's score, negated for an
//! opponent plus `own` times its own).

use crate::measure::{scores_after, MatchState};
use crate::policy::{self, rollout};
use crate::solver::{Objective, Position, Solver};
use binokel::{Action, Card, Contract, Deal, Phase};

/// What an evaluation may use besides the world: the seat, the measure, a solver to borrow.
pub struct Cx<'a> {
    /// The seat whose values are asked.
    pub me: usize,
    /// The match measure of the decision, or None for `strong-v1`'s deal-score utility.
    pub measure: Option<&'a MatchState>,
    /// A solver the evaluator may use (the caller's; cleared or kept by the caller), or
    /// None (the two-player search, which has its own).
    pub solver: Option<&'a mut Solver>,
}

/// The value of actions in a fully known world `W` (a [`Deal`] with three or four seats, or
/// the two-player search's world).
pub trait Evaluator<W>: Send {
    /// The evaluator's name (`eval=NAME`).
    fn name(&self) -> &str;

    /// The value for `cx.me` of each of `actions` (legal for the seat to act in `world`),
    /// in the same order. A larger value is better for `cx.me`.
    fn values(&mut self, world: &W, actions: &[Action], cx: &mut Cx) -> Vec<f64>;
}

/// The evaluator of three and four seats named `name` (`rollout` or `playout`) with
/// `strong`'s settings; None for an unknown name.
pub fn by_name(name: &str, settings: Settings) -> Option<Box<dyn Evaluator<Deal>>> {
    match name {
        "rollout" => Some(Box::new(SolverRollouts { settings })),
        "playout" => Some(Box::new(Rollouts { own: settings.own })),
        _ => None,
    }
}

/// The names [`by_name`] knows.
pub const NAMES: [&str; 2] = ["rollout", "playout"];

/// The settings of [`SolverRollouts`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Tricks left from which the exact solver values every card (`strong`: 9).
    pub solver_tricks: u32,
    /// Search nodes a solve may take; past them the world is rolled out instead.
    pub solver_nodes: u64,
    /// Rollouts stop this many tricks before the end and the solver values the rest (0: to
    /// the end).
    pub tail: u32,
    /// `strong-v1`'s utility: an opponent's weight on its own score.
    pub own: f64,
}

/// The exact solver within [`Settings::solver_tricks`] of the end, heuristic rollouts
/// before (`strong-v1`'s card play).
pub struct SolverRollouts {
    /// Its settings.
    pub settings: Settings,
}

impl Evaluator<Deal> for SolverRollouts {
    fn name(&self) -> &str {
        "rollout"
    }

    fn values(&mut self, d: &Deal, actions: &[Action], cx: &mut Cx) -> Vec<f64> {
        let st = self.settings;
        let left = d.total_tricks() - d.tricks_played();
        let obj = objective(d);
        // The solver does not count Bettel; `strong-v1` (no measure) solved it for points
        // all the same, and keeps doing so.
        let bettel = d.contract() == Some(Contract::Bettel) && cx.measure.is_some();
        if left <= st.solver_tricks && !bettel {
            let moves = match (Position::from_deal(d, obj), cx.solver.as_deref_mut()) {
                (Some(p), Some(s)) => s.solve_moves_within(&p, st.solver_nodes),
                _ => None,
            };
            if let Some(moves) = moves {
                return actions
                    .iter()
                    .map(|a| {
                        let v = match a {
                            Action::Play(c) => moves.iter().find(|m| m.0 == *c).map_or(0, |m| m.1),
                            _ => 0,
                        };
                        solved_value(d, cx.me, v, left, cx.measure)
                    })
                    .collect();
            }
        }
        actions
            .iter()
            .map(|&a| {
                let mut dd = *d;
                dd.play_unchecked(a);
                if st.tail > 0 {
                    play_to(&mut dd, st.tail);
                    if dd.phase() == Phase::Play {
                        if let (Some(pos), Some(s)) =
                            (Position::from_deal(&dd, obj), cx.solver.as_deref_mut())
                        {
                            if let Some(v) = s.solve_within(&pos, st.solver_nodes) {
                                let gained = side_take(&dd, obj) - side_take(d, obj);
                                return solved_value(d, cx.me, v + gained, left, cx.measure);
                            }
                        }
                    }
                }
                rollout(&mut dd);
                final_value(&dd, cx.me, cx.measure, st.own)
            })
            .collect()
    }
}

/// Heuristic rollouts to the end, no solver (`eval=playout`).
pub struct Rollouts {
    /// `strong-v1`'s utility: an opponent's weight on its own score.
    pub own: f64,
}

impl Evaluator<Deal> for Rollouts {
    fn name(&self) -> &str {
        "playout"
    }

    fn values(&mut self, d: &Deal, actions: &[Action], cx: &mut Cx) -> Vec<f64> {
        actions
            .iter()
            .map(|&a| {
                let mut dd = *d;
                dd.play_unchecked(a);
                rollout(&mut dd);
                final_value(&dd, cx.me, cx.measure, self.own)
            })
            .collect()
    }
}

/// The solver's objective in `d`: tricks in Durch, else card points.
fn objective(d: &Deal) -> Objective {
    if d.contract() == Some(Contract::Durch) {
        Objective::Tricks
    } else {
        Objective::Points
    }
}

/// Plays the heuristic's cards in `d` until `tail` tricks are left (or the play is over).
pub(crate) fn play_to(d: &mut Deal, tail: u32) {
    while d.phase() == Phase::Play && d.total_tricks() - d.tricks_played() > tail {
        let c: Card = policy::choose_card(&policy::PlayCtx::from_deal(d));
        d.play_unchecked(Action::Play(c));
    }
}

/// What the soloist's side has taken so far: card points, or tricks under `Tricks`.
pub(crate) fn side_take(d: &Deal, obj: Objective) -> i32 {
    let sol = d.soloist().unwrap_or(0);
    (0..d.players())
        .filter(|&x| same_side(d, x, sol))
        .map(|x| match obj {
            Objective::Tricks => d.tricks_taken()[x] as i32,
            _ => d.card_points()[x] as i32,
        })
        .sum()
}

/// True when seats `a` and `b` play on one side (partners sit opposite with four seats).
pub(crate) fn same_side(d: &Deal, a: usize, b: usize) -> bool {
    if d.players() == 4 {
        a % 2 == b % 2
    } else {
        a == b
    }
}

/// The value for `me` of a finished deal: by the measure, or `strong-v1`'s utility (its
/// own score on the soloist's side; for an opponent the soloist's score negated plus `own`
/// times its own).
pub fn final_value(d: &Deal, me: usize, measure: Option<&MatchState>, own: f64) -> f64 {
    let sc = d.scores();
    let sol = d.soloist().unwrap_or(0);
    if let Some(st) = measure {
        return st.value(me, &sc, sol);
    }
    if same_side(d, me, sol) {
        f64::from(sc[sol])
    } else {
        -f64::from(sc[sol]) + own * f64::from(sc[me])
    }
}

/// The value for `me` when the soloist's side takes `v` more (points, or tricks in Durch)
/// from `d` on, with `left` tricks left: by the measure (the other sides sharing the rest
/// evenly, [`scores_after`]) or `strong-v1`'s utility; a hundredth of a point per point
/// taken (given up by an opponent; a tenth with `strong-v1`) breaks ties.
pub fn solved_value(d: &Deal, me: usize, v: i32, left: u32, measure: Option<&MatchState>) -> f64 {
    let sol = d.soloist().unwrap_or(0);
    if let Some(st) = measure {
        let tie = if same_side(d, me, sol) { 0.01 } else { -0.01 };
        return st.value(me, &scores_after(d, v), sol) + tie * f64::from(v);
    }
    let solo_score = if d.contract() == Some(Contract::Durch) {
        if v as u32 >= left {
            1000.0
        } else {
            -1000.0
        }
    } else {
        let side: Vec<usize> = (0..d.players()).filter(|&x| same_side(d, x, sol)).collect();
        let took = side.iter().any(|&x| d.tricks_taken()[x] > 0) || v > 0;
        let cards: u32 = side.iter().map(|&x| d.card_points()[x]).sum();
        let melds: u32 = side.iter().map(|&x| d.melds()[x]).sum();
        let total = f64::from(cards) + f64::from(v) + if took { f64::from(melds) } else { 0.0 };
        let bid = f64::from(d.bid());
        if took && total >= bid {
            total
        } else {
            -2.0 * bid
        }
    };
    if same_side(d, me, sol) {
        solo_score + 0.01 * f64::from(v)
    } else {
        -solo_score - 0.1 * f64::from(v)
    }
}
