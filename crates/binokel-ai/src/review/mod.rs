//! Game review: every decision of a finished match rated from the deciding seat's own view.
//!
//! [`review_record`] reads a `binokel-record/1` (the referee's verdict is the error for an
//! illegal one), walks every complete deal and, for each decision of the seats asked for
//! that had a choice, rates every legal action in expected points of that seat's deal
//! score ([`value`]), from what the seat knew then: its [`View`], and deals sampled
//! consistently with it ([`crate::sample::Sampler`]), never the hidden cards. The loss of
//! the played action is the value of the best one less its own, marked at
//! [`INACCURACY`], [`MISTAKE`] and [`BLUNDER`] points. Beside it, in card play with at most
//! [`ReviewBudget::hindsight_tricks`] tricks left, the hindsight line ([`hindsight`]): the
//! exact solver on the true deal of the record, which a seat could not know. [`report`]
//! adds the summaries per deal and per match and writes the `binokel-review/3` JSON
//! (docs/review.md).
//!
//! How the pieces fit:
//! - `mod.rs` (this file): the options, the walk over the record and the parallel run
//!   (each decision has its own seed, derived from its deal and action index, and starts
//!   with a cleared solver, so the same record gives the same review on any thread).
//! - [`value`]: the value of each action on sampled deals: the metric per role, the
//!   continuation policy (heuristic rollouts, the exact solver near the end), two players
//!   through the strong bot's two-player search.
//! - [`hindsight`]: the exact solver on the true deal.
//! - [`report`]: decisions, marks, summaries, accuracy and the JSON form.
//!
//! Values are deal points, not the strong bot's internal values: see docs/review.md for
//! the definition per role and contract.

pub mod hindsight;
pub mod json;
pub mod report;
pub mod value;

pub use report::{DealSummary, Decision, Hindsight, Mark, Review, ReviewPhase, SeatSummary};

use crate::solver::Solver;
use binokel::record::{read_record, referee, Verdict};
use binokel::{Action, Deal, Game, Seat, View};
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The format tag of a review. Version 2: a mark stands above the sampling noise (the
/// decision's `se`, re-rated near a threshold: [`Confirm`]), so the marks of a stored
/// version-1 review mean something else.
pub const FORMAT: &str = "binokel-review/3";

/// The most bytes each deal of a record adds to the peak memory of its review (the review
/// and its JSON text, as the server makes it), measured by `tests/review_memory.rs`; with
/// [`binokel::MAX_MATCH_DEALS`] it bounds a review's memory (docs/review.md, "Memory").
pub const REVIEW_BYTES_PER_DEAL: usize = 64 * 1024;

/// A loss of at least this many points is an inaccuracy.
pub const INACCURACY: f64 = 20.0;
/// A loss of at least this many points is a mistake.
pub const MISTAKE: f64 = 50.0;
/// A loss of at least this many points is a blunder.
pub const BLUNDER: f64 = 120.0;

/// How a mark is made to stand above the sampling noise (docs/review.md section 1, "Marks
/// above the noise"). The loss of a decision is the mean of paired differences on the same
/// samples, with a standard error `se`; a mark needs `loss - z * se` to reach its
/// threshold. A decision whose loss reaches a threshold that `loss - z * se` does not is
/// rated again with `factor` times the samples (the first ones the same: common random
/// numbers) before it is marked.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Confirm {
    /// The noise band below a loss, in standard errors.
    pub z: f64,
    /// A decision in the band is rated again with this many times the samples (1: never).
    pub factor: usize,
}

impl Confirm {
    /// The review's rule: two standard errors, four times the samples.
    pub const DEFAULT: Confirm = Confirm { z: 2.0, factor: 4 };
    /// The marks of `binokel-review/1`: the loss alone, no second rating.
    pub const OFF: Confirm = Confirm { z: 0.0, factor: 1 };

    /// The mark of a loss with standard error `se`: the threshold reached by `loss - z * se`.
    pub fn mark(&self, loss: f64, se: f64) -> Option<report::Mark> {
        report::Mark::of(loss - self.z * se)
    }

    /// Whether a decision is rated again: its loss reaches a threshold that the lower
    /// bound `loss - z * se` does not.
    pub fn near(&self, loss: f64, se: f64) -> bool {
        self.factor > 1 && report::Mark::of(loss) != self.mark(loss, se)
    }

    /// The budget of the second rating: `factor` times the samples, the rest as `b` (the
    /// same candidates and solver), so that its samples begin with the first rating's.
    pub fn budget(&self, b: &ReviewBudget) -> ReviewBudget {
        ReviewBudget {
            play_samples: b.play_samples * self.factor.max(1),
            deal_samples: b.deal_samples * self.factor.max(1),
            ..*b
        }
    }
}

impl Default for Confirm {
    fn default() -> Confirm {
        Confirm::DEFAULT
    }
}

/// The review's search budget: counts, never time, so a review is deterministic. The
/// default is larger than the strong bot's play budget ([`crate::Budget::STRONG`]: 24
/// samples in card play, 40 elsewhere, 16 burials played out).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReviewBudget {
    /// Sampled deals per card-play decision.
    pub play_samples: usize,
    /// Sampled deals per auction, burial and declaration decision.
    pub deal_samples: usize,
    /// Card play from this many tricks left is valued by the exact solver on each sample
    /// (heuristic rollouts before).
    pub solver_tricks: u32,
    /// Search nodes per solve of a sample; past it that sample is played out by rollouts.
    pub solver_nodes: u64,
    /// Burials rated by playing them out: the best by the heuristic's estimate, and the
    /// one played.
    pub burial_candidates: usize,
    /// The hindsight line is computed from this many tricks left (card play).
    pub hindsight_tricks: u32,
    /// Search nodes for one hindsight solve; past it the decision has no hindsight line.
    pub hindsight_nodes: u64,
}

impl Default for ReviewBudget {
    fn default() -> ReviewBudget {
        ReviewBudget::DEFAULT
    }
}

impl ReviewBudget {
    /// The default review budget (`--budget 1`).
    pub const DEFAULT: ReviewBudget = ReviewBudget {
        play_samples: 96,
        deal_samples: 128,
        solver_tricks: 9,
        solver_nodes: 1_000_000,
        burial_candidates: 48,
        hindsight_tricks: 10,
        hindsight_nodes: 20_000_000,
    };

    /// The review budget with the search counts of a play budget (a level's
    /// [`crate::Budget`]: samples, solver reach and nodes, burial candidates) and the default
    /// hindsight fields: the budget at which a bot's `hint` values its actions, so that a
    /// review at this budget and the hint agree.
    pub const fn of_play(b: crate::Budget) -> ReviewBudget {
        ReviewBudget {
            play_samples: b.play_samples,
            deal_samples: b.deal_samples,
            solver_tricks: b.solver_tricks,
            solver_nodes: b.solver_nodes,
            burial_candidates: b.burial_candidates,
            hindsight_tricks: ReviewBudget::DEFAULT.hindsight_tricks,
            hindsight_nodes: ReviewBudget::DEFAULT.hindsight_nodes,
        }
    }

    /// The search counts of this budget as a play budget (the hindsight fields dropped).
    pub const fn to_play(&self) -> crate::Budget {
        crate::Budget {
            play_samples: self.play_samples,
            solver_tricks: self.solver_tricks,
            deal_samples: self.deal_samples,
            burial_candidates: self.burial_candidates,
            solver_nodes: self.solver_nodes,
        }
    }

    /// The default scaled by `x` (`--budget X`): samples, burial candidates and node
    /// budgets times `x` (at least one sample or candidate); the solver's reach in tricks
    /// grows by one per doubling above 1 and shrinks by one per halving below it (never
    /// past the hindsight's 10 tricks, never below 4).
    pub fn scaled(x: f64) -> ReviewBudget {
        let d = ReviewBudget::DEFAULT;
        let x = if x.is_finite() && x > 0.0 { x } else { 1.0 };
        let count = |v: usize| ((v as f64 * x).round() as usize).max(1);
        let nodes = |v: u64| ((v as f64 * x).round() as u64).max(1_000);
        let step = x.log2().floor() as i64;
        ReviewBudget {
            play_samples: count(d.play_samples),
            deal_samples: count(d.deal_samples),
            solver_tricks: (i64::from(d.solver_tricks) + step).clamp(4, 10) as u32,
            solver_nodes: nodes(d.solver_nodes),
            burial_candidates: count(d.burial_candidates),
            hindsight_tricks: d.hindsight_tricks,
            hindsight_nodes: nodes(d.hindsight_nodes),
        }
    }
}

/// What to review. The default: every seat, the default budget, with the hindsight line.
#[derive(Clone, Debug)]
pub struct ReviewOptions {
    /// The seats whose decisions are reviewed; empty: every seat.
    pub seats: Vec<Seat>,
    /// The search budget.
    pub budget: ReviewBudget,
    /// Compute the hindsight line.
    pub hindsight: bool,
}

/// Why a record cannot be reviewed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewError {
    /// Not a record at all (the referee's message).
    NotARecord(String),
    /// An illegal record: the referee's verdict.
    Illegal {
        /// The deal, from 0.
        deal: usize,
        /// The action within the deal, from 0 (None: the deal's own fields are wrong).
        action: Option<usize>,
        /// The referee's reason.
        reason: String,
    },
    /// A seat asked for that the match does not have.
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// Seats at the table.
        players: usize,
    },
    /// The review was cancelled ([`review_record_cancellable`]) before it finished.
    Cancelled,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            seats: Vec::new(),
            budget: ReviewBudget::DEFAULT,
            hindsight: true,
        }
    }
}

impl std::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReviewError::NotARecord(m) => f.write_str(m),
            ReviewError::Illegal {
                deal,
                action: Some(a),
                reason,
            } => {
                write!(f, "illegal record: deal {deal}, action {a}: {reason}")
            }
            ReviewError::Illegal {
                deal,
                action: None,
                reason,
            } => {
                write!(f, "illegal record: deal {deal}: {reason}")
            }
            ReviewError::Cancelled => f.write_str("the review was cancelled"),
            ReviewError::NoSuchSeat { seat, players } => {
                write!(
                    f,
                    "there is no seat {seat}: the match has seats 0 to {}",
                    players - 1
                )
            }
        }
    }
}

impl std::error::Error for ReviewError {}

/// One decision to rate: the seat's view at that point and the true deal.
struct Task {
    deal: usize,
    index: usize,
    seat: Seat,
    played: Action,
    view: View,
    truth: Deal,
}

thread_local! {
    /// The solver of a thread that rates decisions, cleared before each one.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's solver, cleared first (a decision never depends on what the
/// thread solved before).
pub(crate) fn with_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        let solver = s.get_or_insert_with(|| Solver::new(20));
        solver.clear();
        f(solver)
    })
}

/// The fixed seed of the decision at action `index` of deal `deal` (SplitMix64 of its
/// position in the record).
pub fn decision_seed(deal: usize, index: usize) -> u64 {
    crate::splitmix64(0x0B14_0CE1_u64 ^ ((deal as u64) << 32) ^ index as u64)
}

/// The seed of a hint for `view` from a bot seeded `bot_seed`: the review's
/// [`decision_seed`] of the view's position (its deal and the number of actions played in
/// it) mixed with the bot's seed. A bot seeded 0 hints with exactly the review's seed, so
/// its hint and the review of that decision at the same budget report the same values.
pub fn hint_seed(bot_seed: u64, view: &View) -> u64 {
    decision_seed(view.deal, view.history.len()) ^ bot_seed
}

/// Reviews a record for the seats of `opts` (see the module docs). `progress(done, total)`
/// is called after each decision (from the worker threads, in any order).
pub fn review_record(
    text: &str,
    opts: &ReviewOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Review, ReviewError> {
    review_record_cancellable(text, opts, progress, &AtomicBool::new(false))
}

/// [`review_record`] that stops early when `cancel` is set: each decision checks the flag
/// before it is rated, so a review stops within one decision of it (the decisions under
/// way on other threads finish first) and answers [`ReviewError::Cancelled`], with no
/// partial review.
pub fn review_record_cancellable(
    text: &str,
    opts: &ReviewOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Review, ReviewError> {
    review_record_with(text, opts, &Confirm::DEFAULT, progress, cancel)
}

/// [`review_record_cancellable`] with another rule for the marks than [`Confirm::DEFAULT`]
/// (the measurements of docs/review.md compare them).
pub fn review_record_with(
    text: &str,
    opts: &ReviewOptions,
    confirm: &Confirm,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Review, ReviewError> {
    match referee(text) {
        Verdict::Legal(_) => {}
        Verdict::NotARecord(m) => return Err(ReviewError::NotARecord(m)),
        Verdict::Illegal { deal, action, reason } => {
            return Err(ReviewError::Illegal { deal, action, reason })
        }
    }
    let game = read_record(text).map_err(ReviewError::NotARecord)?;
    let n = game.players();
    if let Some(&seat) = opts.seats.iter().find(|&&s| s >= n) {
        return Err(ReviewError::NoSuchSeat { seat, players: n });
    }
    let seats: Vec<Seat> = if opts.seats.is_empty() {
        (0..n).collect()
    } else {
        let mut s = opts.seats.clone();
        s.sort_unstable();
        s.dedup();
        s
    };
    let total = count_tasks(&game, &seats);
    progress(0, total);
    let done = AtomicUsize::new(0);
    let mut decisions: Vec<Decision> = Vec::with_capacity(total);
    // One deal at a time: only that deal's decisions (their views) are in memory while they
    // are rated, and of each rated decision only what the report needs stays (docs/review.md,
    // "Memory").
    let mut walk = Walk::new(&game);
    for di in 0..game.deals().len() {
        let Some(tasks) = walk.deal_tasks(&game, di, &seats) else {
            break;
        };
        let rated: Option<Vec<Decision>> = tasks
            .par_iter()
            .map(|t| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let d = rate_task(t, opts, confirm);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Some(d)
            })
            .collect();
        match rated {
            Some(d) => decisions.extend(d),
            None => return Err(ReviewError::Cancelled),
        }
    }
    if cancel.load(Ordering::Relaxed) {
        return Err(ReviewError::Cancelled);
    }
    Ok(report::build(&game, seats, opts, decisions))
}

/// Whether the decision before `action` of a complete deal is one to rate: a chosen seat's,
/// with two legal actions or more (what [`Walk::deal_tasks`] makes a task of).
fn counts(d: &Deal, seats: &[Seat]) -> bool {
    d.to_act().is_some_and(|s| seats.contains(&s)) && d.legal_actions().len() >= 2
}

/// How many decisions the review rates (the progress's total), without building a view.
fn count_tasks(game: &Game, seats: &[Seat]) -> usize {
    let mut n = 0;
    for log in game.deals().iter().filter(|l| l.state.is_over()) {
        let mut d = log.start;
        for &a in &log.actions {
            n += usize::from(counts(&d, seats));
            d.play_unchecked(a);
        }
    }
    n
}

/// The walk over a record's deals: the match replayed deal by deal, so that each view is the
/// seat's view in the whole match.
struct Walk {
    game: Game,
}

impl Walk {
    fn new(record: &Game) -> Walk {
        Walk {
            game: Game::new(*record.rules(), record.seats().to_vec()),
        }
    }

    /// The decisions to rate of deal `di` (the next one), in record order, with the deal
    /// replayed into the walk; None when the replay stops (it never does for a record the
    /// referee passed). Every decision of the chosen seats in a complete deal with a choice.
    /// A view is kept without its score sheet: nothing rates by it, and a sheet per
    /// decision would grow with the match's length (the memory of a review grew with the
    /// square of it, docs/review.md "Memory").
    fn deal_tasks(&mut self, record: &Game, di: usize, seats: &[Seat]) -> Option<Vec<Task>> {
        let g = &mut self.game;
        let log = &record.deals()[di];
        g.start_deal(&log.start.setup(), log.seed).ok()?;
        let complete = log.state.is_over();
        let mut out = Vec::new();
        for (ai, &a) in log.actions.iter().enumerate() {
            let truth = g.current().copied()?;
            if complete && counts(&truth, seats) {
                let seat = truth.to_act()?;
                if let Some(mut view) = View::of(g, Some(seat)) {
                    view.score_sheet = Vec::new();
                    out.push(Task {
                        deal: di,
                        index: ai,
                        seat,
                        played: a,
                        view,
                        truth,
                    });
                }
            }
            g.play(a).ok()?;
        }
        Some(out)
    }
}

/// Rates one decision: the values from the seat's view (again with more samples when its
/// loss is near a threshold), then the hindsight line.
fn rate_task(t: &Task, opts: &ReviewOptions, confirm: &Confirm) -> Decision {
    let seed = decision_seed(t.deal, t.index);
    let (rated, rerated) = rate_confirmed(&t.view, t.played, &opts.budget, seed, confirm);
    let hind = if opts.hindsight {
        hindsight::line(&t.view, &t.truth, t.played, &opts.budget, rated.as_ref())
    } else {
        None
    };
    report::decision(
        t.deal, t.index, t.seat, &t.view, t.played, rated, hind, confirm, rerated,
    )
}

/// One decision as the review rates it (without the hindsight line): `played` from `view`,
/// action `index` of deal `deal` (its seed is [`decision_seed`] of that place), at
/// `budget`, marked by `confirm`. A review of a record with `played` at that place gives
/// this decision: its rating depends only on the view before it and its place.
pub fn rate_decision(
    view: &View,
    deal: usize,
    index: usize,
    played: Action,
    budget: &ReviewBudget,
    confirm: &Confirm,
) -> Decision {
    let seed = decision_seed(deal, index);
    let (rated, rerated) = rate_confirmed(view, played, budget, seed, confirm);
    let seat = view.seat.unwrap_or(0);
    report::decision(deal, index, seat, view, played, rated, None, confirm, rerated)
}

/// The review's rating of one decision: [`value::rate`] at `budget`, and when the loss of
/// `played` is near a threshold ([`Confirm::near`]) the same decision with more samples,
/// the first ones reused ([`Confirm::budget`]: the values are those of [`value::rate`] at
/// that budget). The second value tells whether it was rated again.
pub fn rate_confirmed(
    view: &View,
    played: Action,
    budget: &ReviewBudget,
    seed: u64,
    confirm: &Confirm,
) -> (Option<value::Rated>, bool) {
    if view.players == 2 {
        return (value::rate(view, played, budget, seed), false);
    }
    let Some(mut rows) = value::Rows::new(view, Some(played), budget) else {
        return (None, false);
    };
    rows.extend(view, budget, seed);
    let first = rows.finish(Some(played));
    let near = first.as_ref().is_some_and(|r| {
        let loss = report::loss_of(r, played);
        confirm.near(loss, r.loss_se)
    });
    if !near {
        return (first, false);
    }
    rows.extend(view, &confirm.budget(budget), seed);
    (rows.finish(Some(played)), true)
}
