//! The values of a declaration: `trump` puzzles (docs/puzzles.md, "Trump puzzles").
//!
//! The choices are the declarations the rules offer the soloist after its burial: each trump
//! suit, Durch when the rules have it, and surrender (one choice: the soloist scores minus
//! the bid whichever suit it names). Every value is the soloist's deal score with best play
//! by all hands seen to the end of the deal (15 tricks), proved by the exact solver:
//!
//! - the **best** choice gets its exact value (a trump: one exact solve of the whole play;
//!   Durch: whether the soloist takes every trick; surrender: minus the bid);
//! - every **other** choice only needs to be shown worse than the best by the margin, so it
//!   gets one null-window search: the least card points `t` that would lift its deal score
//!   above the best's less [`MARGIN`] is found from the scoring function (the score only
//!   grows with the points taken), and the solver proves that the soloist cannot reach `t`.
//!   Its stored value is then the score at `t - 1`, an upper bound (`bound: true`). Durch
//!   and surrender always get exact values (one probe, or none).
//!
//! Which choice is best is not known beforehand: the heuristic's trump is tried first; when
//! another choice cannot be shown worse by the margin, it is solved exactly and becomes the
//! candidate if it is better, and the proofs start again (each choice at most once as a
//! candidate); when the two are within the margin the decision is no puzzle.
//!
//! Every search step starts on a cleared solver and may take at most a node bound (a count,
//! never time, so the outcome is deterministic). A step past it makes the decision no
//! puzzle. The values do not depend on the bound: a step that finishes gives the game's
//! true value or a true bound, so [`verify`](super::verify) may use a larger bound than the
//! generator did.

use super::{round2, Choice, Values, MARGIN};
use crate::measure::{seat_value, soloist_score_after};
use crate::policy::best_trump;
use crate::solver::{Objective, Position, Solver};
use binokel::{Action, Contract, Deal, Game, Low, Phase};
use std::cell::RefCell;

/// Search nodes each search of a declaration may take when a puzzle is verified (an exact
/// solve of the best trump, or one null-window search of another choice): four times the
/// generator's default bound ([`TRUMP_NODES`]), so that a puzzle the generator proved
/// always verifies.
pub const DECLARE_NODES: u64 = 4 * TRUMP_NODES;

/// The generator's default bound per search of a declaration
/// ([`super::generate::Options::trump_nodes`]; docs/puzzles.md, "Trump puzzles": how many
/// declarations pass at which bound).
pub const TRUMP_NODES: u64 = 10_000_000;

/// The transposition table of the declaration's solver: 2^22 entries (128 MB a thread). On
/// deal 0 of seed 1 the exact solve of the best trump took 38 M nodes with it against 59 M
/// with the card-play puzzles' 2^20.
pub const DECLARE_TABLE_BITS: u32 = 22;

thread_local! {
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// One choice of the declaration and the deal right after it.
#[derive(Clone)]
pub(super) struct Declared {
    pub(super) action: Action,
    pub(super) after: Deal,
}

/// The value of one choice: exact, or proved at most this (`bound`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Worth {
    pub(super) value: f64,
    pub(super) bound: bool,
}

/// How a proof runs: for a trump puzzle's stored values, or as a part of a burial's proof.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// A trump puzzle: a lost contract is settled exactly (one more search), and every
    /// search starts on a cleared solver.
    Declaration,
    /// A burial: the static bound first and no search spent on exactness, and the solver's
    /// table kept from one search to the next within the decision (the caller clears it
    /// once): a table entry is a bound on what the soloist takes from a trick boundary,
    /// keyed by the cards left, the leader and the trump, whatever was buried, so the proofs
    /// of one burial's declarations and of the next burial's share what they learnt. The
    /// searches run in a fixed order from a cleared table, so the node counts stay
    /// deterministic.
    Burial,
}

impl Mode {
    fn clear(self, solver: &mut Solver) {
        if self == Mode::Declaration {
            solver.clear();
        }
    }
}

/// Node limits of a proof: each search step at most `step` nodes, all the steps of the
/// proof together at most `total`.
#[derive(Copy, Clone, Debug)]
pub(super) struct Limits {
    pub(super) step: u64,
    pub(super) total: u64,
}

/// The choices of the declaration in `d`: every legal declaration, the surrenders as one
/// (the first suit's). Err when the rules offer one the solver does not cover (Bettel) or
/// the deal is not at its declaration.
pub(super) fn options(d: &Deal) -> Result<Vec<Declared>, String> {
    if d.phase() != Phase::Declare || !(3..=4).contains(&d.players()) {
        return Err("trump puzzles are the declaration of a three- or four-seat deal".into());
    }
    let mut out: Vec<Declared> = Vec::new();
    for a in d.legal_actions() {
        match a {
            Action::Surrender(_) if out.iter().any(|o| matches!(o.action, Action::Surrender(_))) => continue,
            Action::Trump(_) | Action::Durch | Action::Surrender(_) => {}
            other => return Err(format!("the declaration {other:?} is not covered by the solver")),
        }
        let mut after = *d;
        after.play(a).map_err(|e| e.to_string())?;
        out.push(Declared { action: a, after });
    }
    Ok(out)
}

/// The soloist's value of the deal `after` when its side takes `v` more (card points, or
/// tricks in Durch).
pub(super) fn score(after: &Deal, me: usize, v: i32) -> f64 {
    seat_value(after, me, soloist_score_after(after, v))
}

/// The exact value of a choice; None past `nodes`.
pub(super) fn exact(
    o: &Declared,
    me: usize,
    solver: &mut Solver,
    nodes: u64,
    mode: Mode,
) -> Option<Result<f64, String>> {
    let d = &o.after;
    match d.contract() {
        Some(Contract::Surrender(_)) => Some(Ok(seat_value(d, me, f64::from(d.scores()[me])))),
        Some(Contract::Durch) => {
            let Some(p) = Position::from_deal(d, Objective::Tricks) else {
                return Some(Err("Durch cannot be solved here".into()));
            };
            let all = p.tricks_left() as i32;
            mode.clear(solver);
            let made = solver.reaches_within(&p, all, nodes)?;
            Some(Ok(score(d, me, if made { all } else { 0 })))
        }
        Some(Contract::Trump(_)) => {
            let Some(p) = Position::from_deal(d, Objective::Points) else {
                return Some(Err("the trump game cannot be solved here".into()));
            };
            mode.clear(solver);
            let v = solver.solve_within(&p, nodes)?;
            Some(Ok(score(d, me, v)))
        }
        _ => Some(Err("no contract after the declaration".into())),
    }
}

/// Proves that a choice is worth at most `most`: Some(Some(worth)) with the exact value or
/// an upper bound at most `most`, Some(None) when it is worth more, None past `nodes`.
///
/// [`Mode::Declaration`]: a trump whose contract is lost gets its exact value (one more search, what a
/// trump puzzle stores). [`Mode::Burial`] (burials: hundreds of declarations to dismiss) the static
/// bound comes first and no search is spent on exactness: a trump is exact only when the
/// bound proved is already the score of a lost contract.
pub(super) fn at_most(
    o: &Declared,
    me: usize,
    most: f64,
    solver: &mut Solver,
    nodes: u64,
    mode: Mode,
) -> Option<Result<Option<Worth>, String>> {
    let d = &o.after;
    if !matches!(d.contract(), Some(Contract::Trump(_))) {
        return exact(o, me, solver, nodes, mode).map(|r| {
            r.map(|v| {
                (v <= most).then_some(Worth {
                    value: v,
                    bound: false,
                })
            })
        });
    }
    let Some(p) = Position::from_deal(d, Objective::Points) else {
        return Some(Err("the trump game cannot be solved here".into()));
    };
    let top = p.bounds().1.max(0);
    let lost = score(d, me, 0);
    if mode == Mode::Burial {
        // The static bound: every point still to take (less what the opponents surely
        // cash) through the scoring function, no search.
        if score(d, me, top) <= most {
            let value = score(d, me, top);
            return Some(Ok(Some(Worth {
                value,
                bound: value > lost,
            })));
        }
        let Some(t) = (0..=top).find(|&v| score(d, me, v) > most) else {
            unreachable!("the score at the top is above `most`");
        };
        if t == 0 {
            return Some(Ok(None));
        }
        mode.clear(solver);
        let reached = solver.reaches_within(&p, t, nodes)?;
        let value = score(d, me, t - 1);
        return Some(Ok((!reached).then_some(Worth {
            value,
            bound: value > lost,
        })));
    }
    // First whether the contract is lost whatever: below the first points that lift the
    // score at all, the value is the score of no points, exact.
    if score(d, me, 0) <= most {
        if let Some(up) = (1..=top).find(|&v| score(d, me, v) > score(d, me, 0)) {
            mode.clear(solver);
            if !solver.reaches_within(&p, up, nodes)? {
                return Some(Ok(Some(Worth {
                    value: score(d, me, 0),
                    bound: false,
                })));
            }
        }
    }
    // The least points that would lift the score above `most` (the score never falls as
    // the points grow).
    let Some(t) = (0..=top).find(|&v| score(d, me, v) > most) else {
        // Not even every point left lifts it: no search needed.
        return Some(Ok(Some(Worth {
            value: score(d, me, top),
            bound: true,
        })));
    };
    if t == 0 {
        return Some(Ok(None));
    }
    mode.clear(solver);
    let reached = solver.reaches_within(&p, t, nodes)?;
    Some(Ok((!reached).then_some(Worth {
        value: score(d, me, t - 1),
        bound: true,
    })))
}

/// The values of the declaration the game is at, with every search step bounded by `nodes`.
/// Err names why it is no puzzle: past the bound, no clearly best choice, not a declaration
/// the solver covers.
///
/// Runs on this thread's declaration solver ([`DECLARE_TABLE_BITS`]), cleared before each
/// search, so the node counts depend only on the position.
pub fn declaration(game: &Game, nodes: u64) -> Result<Values, String> {
    declaration_measured(game, nodes, &mut Effort::default())
}

/// What proving a declaration cost (for the measurements in docs/puzzles.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Search steps run (exact solves and null-window proofs).
    pub steps: u32,
    /// Nodes of the costliest step: the least bound at which every step that ran finishes.
    pub max_step: u64,
    /// Nodes of all steps.
    pub total: u64,
}

impl Effort {
    /// Runs one search step with the nodes `limits` leave it (None from `f` past them).
    pub(super) fn step<T>(
        &mut self,
        solver: &mut Solver,
        limits: Limits,
        f: impl FnOnce(&mut Solver, u64) -> Option<T>,
    ) -> Option<T> {
        let nodes = limits.step.min(limits.total.saturating_sub(self.total));
        if nodes == 0 {
            return None;
        }
        let before = solver.nodes;
        let r = f(solver, nodes);
        let n = solver.nodes - before;
        self.steps += 1;
        self.max_step = self.max_step.max(n);
        self.total += n;
        r
    }
}

/// [`declaration`], adding what it cost to `effort`.
pub fn declaration_measured(game: &Game, nodes: u64, effort: &mut Effort) -> Result<Values, String> {
    let d = game.current().ok_or("no deal in progress")?;
    let limits = Limits {
        step: nodes,
        total: u64::MAX,
    };
    let worths = with_solver(|solver| prove(d, solver, limits, effort, MARGIN, Mode::Declaration))?;
    Ok(values(worths, game.rules().low))
}

/// Runs `f` on this thread's declaration solver ([`DECLARE_TABLE_BITS`]).
pub(super) fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(|| Solver::new(DECLARE_TABLE_BITS));
        f(solver)
    })
}

/// The choices with their values as a puzzle's: best first, ties in token order, rounded.
pub(super) fn values(worths: Vec<(Action, Worth)>, low: Low) -> Values {
    let mut choices: Vec<Choice> = worths
        .into_iter()
        .map(|(a, w)| Choice {
            choice: a.token(low),
            value: round2(w.value),
            bound: w.bound,
        })
        .collect();
    choices.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.choice.cmp(&b.choice)));
    let margin = match choices.as_slice() {
        [a, b, ..] => round2(a.value - b.value),
        _ => 0.0,
    };
    Values {
        choices,
        margin,
        layouts: None,
    }
}

/// The value of every declaration of `d` (the best first, exact; the others exact or
/// proved at most the best less `margin`). Err when two are within `margin` or a step is
/// past `limits`. With `margin` 0 it never finds two "within" it: it is the exact value of
/// the best declaration, what a burial is worth ([`super::burial`]).
pub(super) fn prove(
    d: &Deal,
    solver: &mut Solver,
    limits: Limits,
    effort: &mut Effort,
    margin: f64,
    mode: Mode,
) -> Result<Vec<(Action, Worth)>, String> {
    let me = d.to_act().ok_or("nobody is to act")?;
    let opts = options(d)?;
    let past = || match limits.total {
        u64::MAX => format!("a step took more than {} search nodes", limits.step),
        total => format!("the proof took more than {total} search nodes"),
    };
    // The heuristic's trump first, then the choices in the rules' order.
    let (t, _) = best_trump(d.hand(me), d.buried(), d.rules());
    let mut cand = opts
        .iter()
        .position(|o| o.action == Action::Trump(t))
        .unwrap_or(0);
    let mut tried = vec![false; opts.len()];
    'candidates: loop {
        tried[cand] = true;
        let best = effort
            .step(solver, limits, |s, n| exact(&opts[cand], me, s, n, mode))
            .ok_or_else(past)??;
        let mut worths: Vec<(Action, Worth)> = vec![(
            opts[cand].action,
            Worth {
                value: best,
                bound: false,
            },
        )];
        for (i, o) in opts.iter().enumerate() {
            if i == cand {
                continue;
            }
            let shown = effort.step(solver, limits, |s, n| at_most(o, me, best - margin, s, n, mode));
            match shown.ok_or_else(past)?? {
                Some(w) => worths.push((o.action, w)),
                None if tried[i] => return Err("no declaration is clearly best".into()),
                None => {
                    let v = effort
                        .step(solver, limits, |s, n| exact(o, me, s, n, mode))
                        .ok_or_else(past)??;
                    if v <= best {
                        return Err("no declaration is clearly best".into());
                    }
                    cand = i;
                    continue 'candidates;
                }
            }
        }
        return Ok(worths);
    }
}
