//! The value of each legal action of one seat's view, in expected points of that seat's deal
//! score (docs/review.md, "Values"), on deals sampled from the view.
//!
//! - The metric ([`seat_value`]): on the soloist's side, the soloist's deal score (its
//!   total, minus twice the bid when failed, minus the bid on surrender, Durch +-1000,
//!   Bettel +-500, the options of the rules applied); for an opponent the soloist's deal
//!   score negated; in the auction, before the roles exist, the seat's own deal score.
//! - The continuation after the rated action ([`play_on`]): every seat by the heuristic
//!   (bids up to its hand's estimate less 10, the heuristic's burial, trump or surrender,
//!   its card play); in card play from [`ReviewBudget::solver_tricks`] tricks left the exact
//!   solver instead, best play on both sides. A Durch declaration is valued by the solver's
//!   all-tricks probe on each sample.
//! - Two players: the strong bot's two-player search at the review budget, whose value is
//!   the seat's score less the other's.

use super::ReviewBudget;
use crate::evaluator::{Cx, Evaluator, Settings, SolverRollouts};
use crate::info::Info;
use crate::measure::{scores_after, MatchState, RACE};
use crate::policy::{best_burial, best_trump, burial_candidates, choose_card, PlayCtx};
use crate::sample::Sampler;
use crate::solver::{Objective, Position, Solver};
use binokel::{Action, Card, CardSet, Contract, Deal, Phase, View};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The rated actions of a decision.
#[derive(Clone, Debug)]
pub struct Rated {
    /// Each rated action with its value, best first (ties in action order).
    pub values: Vec<(Action, f64)>,
    /// Sampled deals the values are the mean over.
    pub samples: usize,
    /// The standard error of the best action's value less the played one's, from their
    /// paired differences on the same samples (0 without a played action, when the played
    /// action is the best, with fewer than two samples, and with two players, whose search
    /// reports no spread).
    pub loss_se: f64,
}

/// Rates the legal actions of `view` (every one; of the burials the best
/// [`ReviewBudget::burial_candidates`] by the heuristic and `played`). None when the view
/// cannot be sampled. The review's call of [`rate_view`].
pub fn rate(view: &View, played: Action, budget: &ReviewBudget, seed: u64) -> Option<Rated> {
    rate_view(view, Some(played), budget, seed)
}

/// The one function behind the review and every hint: the value of each legal action of
/// `view` in expected points of the seat's deal score (docs/review.md section 1), on the
/// deals sampled with `seed` at `budget`, best first. Every legal action is rated except
/// burials: of those the best [`ReviewBudget::burial_candidates`] by the heuristic's
/// estimate, and `also` when it is one. None when the view cannot be sampled. Runs on this
/// thread's review solver, cleared first, so the values depend only on the view, the
/// budget and the seed.
pub fn rate_view(view: &View, also: Option<Action>, budget: &ReviewBudget, seed: u64) -> Option<Rated> {
    if view.players == 2 {
        return rate_two(view, budget, seed);
    }
    let mut rows = Rows::new(view, also, budget)?;
    rows.extend(view, budget, seed);
    rows.finish(also)
}

/// The values of every candidate on every sample so far (three and four players): the
/// samples of a larger budget drawn with the same seed begin with those of a smaller one,
/// so a decision is rated again at a larger budget by adding samples (common random
/// numbers), with the same result as rating it at that budget from the start.
pub(crate) struct Rows {
    /// The seat that decides.
    me: usize,
    /// Where the match stands: the measure's input.
    state: MatchState,
    /// The actions rated.
    cands: Vec<Action>,
    /// Per sampled deal, the value of each candidate (None: not legal on that sample).
    rows: Vec<Vec<Option<f64>>>,
    /// Per sampled deal, for a burial candidate, the value of giving up right after it
    /// (None for the other candidates, or where surrender is not allowed).
    alts: Vec<Vec<Option<f64>>>,
}

impl Rows {
    /// No samples yet; None when the view cannot be sampled.
    pub(crate) fn new(view: &View, also: Option<Action>, budget: &ReviewBudget) -> Option<Rows> {
        let info = Info::from_view(view).ok()?;
        Some(Rows {
            me: info.me,
            state: MatchState::of_view(view)?.scaled(RACE),
            cands: candidates(view, &info, also, budget),
            rows: Vec::new(),
            alts: Vec::new(),
        })
    }

    /// Rates the candidates on the samples of `budget` drawn with `seed` that are not yet
    /// rated (all of them the first time).
    pub(crate) fn extend(&mut self, view: &View, budget: &ReviewBudget, seed: u64) {
        let Ok(info) = Info::from_view(view) else { return };
        let Ok(sampler) = Sampler::new(&info) else { return };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = if view.phase == Phase::Play {
            budget.play_samples
        } else {
            budget.deal_samples
        };
        let deals: Vec<Deal> = (0..n)
            .filter_map(|_| sampler.sample(&mut rng))
            .filter(|d| d.to_act() == Some(info.me))
            .collect();
        let done = self.rows.len();
        super::with_solver(|solver| {
            for d in deals.iter().skip(done) {
                let mut row = vec![None; self.cands.len()];
                let mut alt = vec![None; self.cands.len()];
                rate_sample(
                    d,
                    self.me,
                    &self.state,
                    &self.cands,
                    budget,
                    solver,
                    &mut row,
                    &mut alt,
                );
                self.rows.push(row);
                self.alts.push(alt);
            }
        });
    }

    /// The mean of each candidate's values in `rows` and how many there are.
    fn means(&self, rows: &[Vec<Option<f64>>]) -> (Vec<f64>, Vec<usize>) {
        let k = self.cands.len();
        let mut sums = vec![0.0; k];
        let mut counts = vec![0usize; k];
        for row in rows {
            for (i, v) in row.iter().enumerate() {
                if let Some(v) = v {
                    sums[i] += v;
                    counts[i] += 1;
                }
            }
        }
        (sums, counts)
    }

    /// The values: each candidate's mean over its samples, best first; None without a
    /// sample. A burial is worth the better of playing on after it and giving up at once,
    /// each averaged over the samples (the soloist chooses knowing only its own cards).
    pub(crate) fn finish(&self, also: Option<Action>) -> Option<Rated> {
        if self.rows.is_empty() {
            return None;
        }
        let (mut sums, mut counts) = self.means(&self.rows);
        let (alt_sums, alt_counts) = self.means(&self.alts);
        // Whether candidate i is valued by giving up after it.
        let give_up: Vec<bool> = (0..self.cands.len())
            .map(|i| {
                alt_counts[i] > 0
                    && alt_counts[i] == counts[i]
                    && alt_sums[i] / alt_counts[i] as f64 > sums[i] / counts[i] as f64
            })
            .collect();
        for (i, &g) in give_up.iter().enumerate() {
            if g {
                sums[i] = alt_sums[i];
                counts[i] = alt_counts[i];
            }
        }
        let mut values: Vec<(Action, f64)> = self
            .cands
            .iter()
            .zip(sums.iter().zip(&counts))
            .filter(|(_, (_, &c))| c > 0)
            .map(|(&a, (&s, &c))| (a, s / c as f64))
            .collect();
        values.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let pos = |a: Action| self.cands.iter().position(|&c| c == a);
        let loss_se = match (values.first().and_then(|b| pos(b.0)), also.and_then(pos)) {
            (Some(b), Some(p)) if b != p => self.paired_se(b, p, &give_up),
            _ => 0.0,
        };
        Some(Rated {
            values,
            samples: self.rows.len(),
            loss_se,
        })
    }

    /// The standard error of the mean of candidate `b`'s value less candidate `p`'s over
    /// the samples where both were rated (0 with fewer than two).
    fn paired_se(&self, b: usize, p: usize, give_up: &[bool]) -> f64 {
        let diffs: Vec<f64> = self
            .rows
            .iter()
            .zip(&self.alts)
            .filter_map(|(r, a)| {
                let v = |i: usize| if give_up[i] { a[i] } else { r[i] };
                Some(v(b)? - v(p)?)
            })
            .collect();
        let m = diffs.len();
        if m < 2 {
            return 0.0;
        }
        let mean = diffs.iter().sum::<f64>() / m as f64;
        let var = diffs.iter().map(|d| (d - mean) * (d - mean)).sum::<f64>() / (m - 1) as f64;
        (var / m as f64).sqrt()
    }
}

/// The actions to rate: every legal one, but of the burials only the best by the
/// heuristic's estimate and the one played.
fn candidates(view: &View, info: &Info, also: Option<Action>, budget: &ReviewBudget) -> Vec<Action> {
    let mut out: Vec<Action> = view
        .legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Bury(_)))
        .collect();
    if view.legal.iter().any(|a| matches!(a, Action::Bury(_))) {
        let mut all = burial_candidates(info.hand, info.rules.tapp as usize, &info.rules);
        all.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
        let mut buries: Vec<Action> = Vec::new();
        for (b, _, _) in all {
            let a = Action::Bury(b);
            if buries.len() >= budget.burial_candidates {
                break;
            }
            if view.legal.contains(&a) && !buries.contains(&a) {
                buries.push(a);
            }
        }
        if let Some(a @ Action::Bury(_)) = also {
            if view.legal.contains(&a) && !buries.contains(&a) {
                buries.push(a);
            }
        }
        out.extend(buries);
    }
    out
}

/// The value of each candidate on one sampled deal, into `row` (None: not legal there);
/// for a burial, the value of giving up right after it into `alt`.
#[allow(clippy::too_many_arguments)]
fn rate_sample(
    d: &Deal,
    me: usize,
    st: &MatchState,
    cands: &[Action],
    budget: &ReviewBudget,
    solver: &mut Solver,
    row: &mut [Option<f64>],
    alt: &mut [Option<f64>],
) {
    // Card play: the evaluator (the exact solver within the review's reach, heuristic
    // rollouts before), as `strong` values its cards.
    if d.phase() == Phase::Play && cands.iter().all(|a| matches!(a, Action::Play(_))) {
        let legal: Vec<usize> = (0..cands.len()).filter(|&i| d.is_legal(cands[i])).collect();
        let actions: Vec<Action> = legal.iter().map(|&i| cands[i]).collect();
        let mut eval = SolverRollouts {
            settings: Settings {
                solver_tricks: budget.solver_tricks,
                solver_nodes: budget.solver_nodes,
                tail: 0,
                own: 0.0,
            },
        };
        let mut cx = Cx {
            me,
            measure: Some(st),
            solver: Some(solver),
        };
        for (i, v) in legal.into_iter().zip(eval.values(d, &actions, &mut cx)) {
            row[i] = Some(v);
        }
        return;
    }
    let auction = d.phase() == Phase::Auction;
    let limits = if auction { bid_limits(d) } else { [0; 4] };
    for (i, &a) in cands.iter().enumerate() {
        if !d.is_legal(a) {
            continue;
        }
        let mut dd = *d;
        dd.play_unchecked(a);
        if matches!(a, Action::Bury(_)) {
            let (on, off) = after_burial(st, &dd, me, &limits);
            row[i] = Some(on);
            alt[i] = off;
            continue;
        }
        let v = if a == Action::Durch {
            durch_value(st, &dd, me, budget.solver_nodes, solver).unwrap_or_else(|| {
                play_on(&mut dd, &limits);
                measured(st, &dd, me)
            })
        } else {
            play_on(&mut dd, &limits);
            measured(st, &dd, me)
        };
        row[i] = Some(v);
    }
}

/// The exact value of each legal card of the seat to play in `d` (what the soloist's side
/// takes from here: card points, or tricks in Durch), None past `nodes`.
pub(crate) fn solve_moves(d: &Deal, nodes: u64, solver: &mut Solver) -> Option<Vec<(Card, i32)>> {
    let obj = if d.contract() == Some(Contract::Durch) {
        Objective::Tricks
    } else {
        Objective::Points
    };
    let pos = Position::from_deal(d, obj)?;
    solver.solve_moves_within(&pos, nodes)
}

/// `me`'s value of Durch just declared in `d`: the soloist's +1000 when the solver proves
/// every trick, -1000 when it refutes it, by the match measure; None past the node budget.
fn durch_value(st: &MatchState, d: &Deal, me: usize, nodes: u64, solver: &mut Solver) -> Option<f64> {
    let p = Position::from_deal(d, Objective::Tricks)?;
    let all = p.tricks_left() as i32;
    let ok = solver.reaches_within(&p, all, nodes)?;
    let v = if ok { all } else { 0 };
    Some(st.value(me, &scores_after(d, v), d.soloist().unwrap_or(0)))
}

/// `me`'s value of the finished deal `d` by the match measure (0 after a redeal: nobody
/// scores).
pub(crate) fn measured(st: &MatchState, d: &Deal, me: usize) -> f64 {
    match d.soloist() {
        Some(s) if d.phase() == Phase::Done => st.value(me, &d.scores(), s),
        _ => 0.0,
    }
}

/// The soloist `me` just buried in `d`: the value of playing on (the heuristic's best trump
/// named, then the continuation policy) and of giving up at once (None where surrender is
/// not allowed). Where the soloist does not declare next, the policy plays on (None).
fn after_burial(st: &MatchState, d: &Deal, me: usize, limits: &[u32; 4]) -> (f64, Option<f64>) {
    let mut on = *d;
    if d.phase() != Phase::Declare || d.to_act() != Some(me) {
        play_on(&mut on, limits);
        return (measured(st, &on, me), None);
    }
    let (t, _) = best_trump(d.hand(me), d.buried(), d.rules());
    if on.is_legal(Action::Trump(t)) {
        on.play_unchecked(Action::Trump(t));
    }
    play_on(&mut on, limits);
    let off = Action::Surrender(t);
    let give_up = d.is_legal(off).then(|| {
        let mut x = *d;
        x.play_unchecked(off);
        play_on(&mut x, limits);
        measured(st, &x, me)
    });
    (measured(st, &on, me), give_up)
}

/// Each seat's highest bid in a sampled deal: the heuristic's estimate of its hand with the
/// Tapp of the sample, less 10 (the heuristic bot's margin).
fn bid_limits(d: &Deal) -> [u32; 4] {
    let mut out = [0u32; 4];
    let k = d.rules().tapp as usize;
    for (s, x) in out.iter_mut().enumerate().take(d.players()) {
        let hand = d.hand(s).union(d.tapp()).unwrap_or(d.hand(s));
        *x = best_burial(hand, k, d.rules()).2.saturating_sub(10);
    }
    out
}

/// Plays `d` to its end by the continuation policy: bids up to `limits` (the lowest legal
/// raise, or pass), the heuristic's burial (a called card answered by giving the lowest
/// card of the shortest suit), trump or surrender when the estimate falls 40 short of the
/// bid, the heuristic's card play.
pub fn play_on(d: &mut Deal, limits: &[u32; 4]) {
    loop {
        let Some(s) = d.to_act() else { return };
        let a = match d.phase() {
            Phase::Auction => {
                let legal = d.legal_actions();
                let low = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Bid(b) => Some(*b),
                        _ => None,
                    })
                    .min();
                match low {
                    Some(b) if !legal.contains(&Action::Pass) || b <= limits[s] => Action::Bid(b),
                    _ if legal.contains(&Action::Pass) => Action::Pass,
                    _ => legal[0],
                }
            }
            Phase::Bury => {
                let hand = d.hand(s);
                let (b, _, _) = best_burial(hand, d.rules().tapp as usize, d.rules());
                let give = give_choice(hand);
                if d.is_legal(Action::Bury(b)) {
                    Action::Bury(b)
                } else if d.is_legal(give) {
                    give
                } else {
                    // Meld cards may not be buried: the best burial the rules allow.
                    burial_candidates(hand, d.rules().tapp as usize, d.rules())
                        .into_iter()
                        .filter(|x| d.is_legal(Action::Bury(x.0)))
                        .max_by_key(|x| (x.2, std::cmp::Reverse(x.0)))
                        .map_or_else(|| d.legal_actions()[0], |x| Action::Bury(x.0))
                }
            }
            Phase::Declare => {
                let (t, v) = best_trump(d.hand(s), d.buried(), d.rules());
                let surrender = Action::Surrender(t);
                if i64::from(v) < i64::from(d.bid()) - 40 && d.is_legal(surrender) {
                    surrender
                } else if d.is_legal(Action::Trump(t)) {
                    Action::Trump(t)
                } else {
                    d.legal_actions()[0]
                }
            }
            Phase::Play => Action::Play(choose_card(&PlayCtx::from_deal(d))),
            Phase::Done => return,
        };
        d.play_unchecked(a);
    }
}

/// The card the policy gives after a call: the lowest card of the suit it holds fewest of.
fn give_choice(hand: CardSet) -> Action {
    let best = hand
        .distinct()
        .min_by_key(|c| (hand.of_suit(c.suit()).len(), c.rank() as u8, *c));
    best.map_or(Action::Pass, Action::Give)
}

/// Two players: the strong bot's two-player search at the review budget (values: the
/// seat's score less the other's), seeded with `seed`.
fn rate_two(view: &View, budget: &ReviewBudget, seed: u64) -> Option<Rated> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let values = crate::two::strong_hint(view, &budget.to_play(), Some(RACE), &mut rng);
    if values.is_empty() {
        return None;
    }
    // The two-player search samples twice its play budget (one world once the stock is
    // empty: everything is known then).
    let samples = if view.stock == 0 {
        1
    } else {
        budget.play_samples * 2
    };
    Some(Rated {
        values,
        samples,
        loss_se: 0.0,
    })
}

/// A hint: every legal action of `view` with its value from [`rate_view`] (deal points, as
/// the review reports them), best first. The burials [`rate_view`] does not play out (past
/// [`ReviewBudget::burial_candidates`]) follow the rated ones, in the heuristic's order,
/// each at the value of the worst burial played out: the hint does not claim they are
/// better. A view that cannot be sampled gets the heuristic's choice at 1 and every other
/// action at 0.
pub fn hint(view: &View, budget: &ReviewBudget, seed: u64) -> Vec<(Action, f64)> {
    if view.legal.is_empty() {
        return Vec::new();
    }
    let Some(rated) = rate_view(view, None, budget, seed) else {
        return fallback(view);
    };
    let mut out = rated.values;
    if out.len() < view.legal.len() {
        let floor = out.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
        let floor = if floor.is_finite() { floor } else { 0.0 };
        let mut rest: Vec<Action> = view
            .legal
            .iter()
            .copied()
            .filter(|a| !out.iter().any(|x| x.0 == *a))
            .collect();
        if let Ok(info) = Info::from_view(view) {
            let mut order = burial_candidates(info.hand, info.rules.tapp as usize, &info.rules);
            order.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
            let rank = |a: &Action| match a {
                Action::Bury(b) => order.iter().position(|x| x.0 == *b).unwrap_or(usize::MAX),
                _ => usize::MAX,
            };
            rest.sort_by_key(|a| (rank(a), *a));
        }
        out.extend(rest.into_iter().map(|a| (a, floor)));
    }
    out
}

/// The heuristic's choice at 1, every other legal action at 0 (a view that cannot be
/// sampled: other rule sets).
fn fallback(view: &View) -> Vec<(Action, f64)> {
    let best = crate::policy::choose(
        view,
        &mut ChaCha8Rng::seed_from_u64(0),
        crate::policy::TAPP_SAMPLES,
    );
    let mut v: Vec<(Action, f64)> = view
        .legal
        .iter()
        .map(|&a| (a, if a == best { 1.0 } else { 0.0 }))
        .collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}
