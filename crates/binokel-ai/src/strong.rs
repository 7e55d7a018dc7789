//! The `strong` bot: determinization. It samples full deals that agree with its view, values
//! every legal action on each sample and plays the best average. Card play uses the exact
//! double-dummy solver near the end and heuristic rollouts before; the auction, burial and
//! declaration value candidate actions by playing the sampled deals out. Levels differ only
//! in their budgets, which are counts (samples, candidates, solver depth), never time
//! ([`Budget`], from `budget.rs`). Rollouts play the heuristic's policy (`policy.rs`); with two
//! players the search is the one in `two/strong.rs`. Its hints are not its own search's values
//! but the review's ([`crate::review::value::hint`], deal points) at its budget; the
//! search's own values stay available as [`StrongBot::search`].

use crate::evaluator::{play_to, same_side, side_take, Cx, Evaluator, Settings, SolverRollouts};
use crate::info::Info;
use crate::measure::{scores_at_bid, scores_surrendered, MatchState, RACE};
use crate::policy::{self, TAPP_SAMPLES};
use crate::sample::Sampler;
use crate::solver::{Objective, Position, Solver};
use crate::Bot;
use binokel::{Action, Deal, Phase, View};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use crate::budget::Budget;
pub use crate::policy::rollout;

/// What an opponent expects to score when it passes (a typical opponent's deal score).
pub const PASS_VALUE: f64 = 45.0;

/// The sampling bot.
pub struct StrongBot {
    name: String,
    budget: Budget,
    /// The seed it was made with (its hints mix it into the review's seed of the view).
    seed: u64,
    rng: ChaCha8Rng,
    /// Its own solver (kept across decisions), or None: it borrows the solver of the thread
    /// that runs the decision ([`StrongBot::for_worker`]).
    solver: Option<Solver>,
    /// The inference model that weights sampled deals, or None (uniform samples, the
    /// behaviour of `strong-v1`).
    inference: Option<crate::infer::Model>,
    /// How a pass is valued in the auction.
    pass: PassValue,
    /// Whether a bid's value lets the soloist surrender on each sampled deal where playing
    /// on loses more (it sees the Tapp before it must choose), instead of once over the mean.
    surrender_per_deal: bool,
    /// Card play before the solver's reach: a sampled card's heuristic rollout stops this
    /// many tricks before the end and the exact solver values the rest (0: rolled out to the
    /// end, `strong-v1`).
    tail: u32,
    /// The same for the rollouts that value bids and burials (0: to the end, `strong-v1`).
    auction_tail: u32,
    /// An opponent's weight on its own score in a played-out card's value, beside minus
    /// the soloist's score ([`OWN_WEIGHT`] for `strong-v1`).
    own_weight: f64,
    /// Whether decisions are valued by the match measure ([`crate::measure`]) instead of
    /// `strong-v1`'s deal-score values (a pass at a constant, an opponent by minus the
    /// soloist's score plus `own_weight` of its own).
    match_measure: bool,
    /// The match measure's temperature scale ([`MatchState::tau_scale`], `race=S`).
    race: f64,
    /// The match state of the decision being made (set from its view when `match_measure`).
    state: Option<MatchState>,
    /// What a card is worth on a sampled deal ([`crate::evaluator`]): one swapped in by
    /// [`StrongBot::with_evaluator`], or None for `strong-v1`'s [`SolverRollouts`] with this
    /// bot's budget, tail and own weight ([`StrongBot::settings`]).
    eval: Option<Box<dyn Evaluator<Deal>>>,
}

/// An opponent's weight on its own deal score when it values a card by a rollout (the
/// soloist's score counts at minus one): `strong-v1`'s tenth, so a lost cause still
/// gathers points.
pub const OWN_WEIGHT: f64 = 0.1;

/// How the strong bot values a pass in the auction, against its bids' expected soloist
/// scores.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum PassValue {
    /// A constant (`strong-v1`: [`PASS_VALUE`], a typical opponent's 45).
    Constant(f64),
    /// The seat's own mean deal score as an opponent over the sampled deals played out
    /// ([`StrongBot::with_pass_rollout`]).
    Rollout,
}

thread_local! {
    /// The solver of a bot worker thread, lent to every [`StrongBot::for_worker`] decision
    /// that runs on the thread (made on the first one).
    static WORKER_SOLVER: std::cell::RefCell<Option<Solver>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with the bot's own solver, or with the thread's worker solver.
fn with_solver<R>(own: &mut Option<Solver>, f: impl FnOnce(&mut Solver) -> R) -> R {
    match own {
        Some(s) => f(s),
        None => WORKER_SOLVER.with(|w| f(w.borrow_mut().get_or_insert_with(|| Solver::new(18)))),
    }
}

impl StrongBot {
    /// A bot with a name, a budget and a seed, with a solver of its own (an 8 MiB
    /// transposition table, kept across its decisions).
    pub fn new(name: &str, budget: Budget, seed: u64) -> StrongBot {
        StrongBot {
            name: name.to_string(),
            budget,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            solver: Some(Solver::new(18)),
            inference: None,
            pass: PassValue::Constant(PASS_VALUE),
            surrender_per_deal: false,
            tail: 0,
            auction_tail: 0,
            own_weight: OWN_WEIGHT,
            match_measure: false,
            race: RACE,
            state: None,
            eval: None,
        }
    }

    /// A bot that holds no solver: each decision borrows the solver of the thread it runs
    /// on and clears it first, so memory grows with the threads that run bots (a server's
    /// bounded worker pool), not with the bots, and a decision depends only on the seed, the
    /// decisions before it and the view, never on which thread ran it or what ran there
    /// before. Each decision is what the same bot with a fresh solver of its own decides.
    pub fn for_worker(name: &str, budget: Budget, seed: u64) -> StrongBot {
        StrongBot {
            name: name.to_string(),
            budget,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            solver: None,
            inference: None,
            pass: PassValue::Constant(PASS_VALUE),
            surrender_per_deal: false,
            tail: 0,
            auction_tail: 0,
            own_weight: OWN_WEIGHT,
            match_measure: false,
            race: RACE,
            state: None,
            eval: None,
        }
    }

    /// The same bot valuing a pass by what the seat scores as an opponent: on each sampled
    /// deal the strongest other hand (by the heuristic's value of its 15 cards) is made the
    /// soloist and the deal is played out by the heuristic; the pass is worth the mean of
    /// the seat's own deal score there (the scale a bid's value is on), instead of the
    /// constant 45 of `strong-v1`.
    pub fn with_pass_rollout(self) -> StrongBot {
        self.with_pass(PassValue::Rollout)
    }

    /// The same bot valuing a bid with a surrender chosen on each sampled deal (`true`:
    /// the soloist loses at most the bid on a deal it would go down on) or once over the
    /// mean of the deals (`false`, `strong-v1`).
    pub fn with_surrender_per_deal(mut self, per_deal: bool) -> StrongBot {
        self.surrender_per_deal = per_deal;
        self
    }

    /// The same bot finishing each card-play rollout (before the solver's reach) with the
    /// exact solver once `tail` tricks are left (0: heuristic play to the end, `strong-v1`).
    /// A solve past the node budget is rolled out instead.
    pub fn with_tail(mut self, tail: u32) -> StrongBot {
        self.tail = tail;
        self
    }

    /// The same bot finishing the rollouts that value its bids and burials with the exact
    /// solver once `tail` tricks are left (0: heuristic play to the end, `strong-v1`).
    pub fn with_auction_tail(mut self, tail: u32) -> StrongBot {
        self.auction_tail = tail;
        self
    }

    /// The same bot valuing every decision by the match measure ([`crate::measure`],
    /// docs/review.md section 1): each seat's value of a deal's scores is the change they make
    /// to its chance of winning the match, in points; at the start of a match, its score less
    /// the mean of the other sides'. Bids and a pass, burials, declarations and cards are all
    /// valued so; `own_weight` and the pass setting are then not used.
    pub fn with_match_measure(mut self, on: bool) -> StrongBot {
        self.match_measure = on;
        self
    }

    /// The same bot with the match measure's temperature scaled by `scale`
    /// ([`MatchState::tau_scale`]; [`RACE`] unless set, 1 is the model as documented): the
    /// tuned setting `race=S`, to measure a model whose chances are surer (below 1) or less
    /// sure.
    pub fn with_race(mut self, scale: f64) -> StrongBot {
        self.race = scale;
        self
    }

    /// The same bot with `w` as an opponent's weight on its own score in a rolled-out
    /// card's value (the soloist's score at minus one; [`OWN_WEIGHT`] for `strong-v1`).
    /// A weight of 1 values a defender's own points, its melds (they count only once it
    /// has taken a trick) among them, as much as the soloist's.
    pub fn with_own_weight(mut self, w: f64) -> StrongBot {
        self.own_weight = w;
        self
    }

    /// The same bot valuing cards on its sampled deals by `eval` instead of
    /// [`SolverRollouts`] (the evaluator seam, [`crate::evaluator`]).
    pub fn with_evaluator(mut self, eval: Box<dyn Evaluator<Deal>>) -> StrongBot {
        self.eval = Some(eval);
        self
    }

    /// The evaluator settings of this bot's budget, tail and own weight.
    pub fn settings(&self) -> Settings {
        settings(&self.budget, self.tail, self.own_weight)
    }

    /// The same bot valuing a pass as `pass` says.
    pub fn with_pass(mut self, pass: PassValue) -> StrongBot {
        self.pass = pass;
        self
    }

    /// The same bot with its sampled deals weighted by `model` ([`crate::infer`]): the
    /// other seats' bids, declaration and cards make some deals likelier than others.
    pub fn with_inference(mut self, model: crate::infer::Model) -> StrongBot {
        self.inference = Some(model);
        self
    }

    /// Every legal action with its mean value over `deals` (best first). The arena's
    /// omniscient seat passes the true deal here; everybody else gets samples of its view.
    ///
    /// Values are points of the deal score for the seat to act: in the auction the expected
    /// soloist score of a bid (a pass counts as a typical opponent's 45); a burial or trump
    /// the soloist's expected score (a failed contract at minus twice the bid); a surrender
    /// minus the bid; Durch +1000 only when the all-tricks probe holds on every sample;
    /// a card the expected final score of the soloist, negated for an opponent (plus a tenth
    /// of that opponent's own score, so a lost cause still gathers points).
    pub fn evaluate_with_deals(&mut self, view: &View, info: &Info, deals: &[Deal]) -> Vec<(Action, f64)> {
        self.state = if self.match_measure {
            MatchState::of_view(view).map(|s| s.scaled(self.race))
        } else {
            None
        };
        let mut v = match view.phase {
            Phase::Auction => self.auction(view, info, deals),
            Phase::Bury => self.bury(info, deals),
            Phase::Declare => self.declare(view, info, deals),
            Phase::Play => self.play(view, info, deals),
            Phase::Done => Vec::new(),
        };
        // Actions a phase did not value (house-rule actions) get the worst value seen.
        let floor = v.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
        let floor = if floor.is_finite() { floor - 1.0 } else { 0.0 };
        for &a in &view.legal {
            if !v.iter().any(|x| x.0 == a) {
                v.push((a, floor));
            }
        }
        v.retain(|x| view.legal.contains(&x.0));
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }

    fn samples(&mut self, info: &Info, n: usize) -> Vec<Deal> {
        let Ok(s) = Sampler::new(info) else {
            return Vec::new();
        };
        if let Some(m) = self.inference.filter(|_| crate::infer::informative(info)) {
            return m.infer_samples(&s, info, n, &mut self.rng);
        }
        (0..n).filter_map(|_| s.sample(&mut self.rng)).collect()
    }

    fn auction(&mut self, view: &View, info: &Info, deals: &[Deal]) -> Vec<(Action, f64)> {
        if let Some(st) = self.state.clone() {
            return auction_measured(&st, view, info, deals);
        }
        let totals: Vec<f64> = deals
            .iter()
            .map(|d| {
                let d = soloist_buried(*d, info.me, &info.rules);
                self.soloist_total_played(d)
            })
            .collect();
        let pass = match self.pass {
            PassValue::Rollout if !deals.is_empty() => {
                deals.iter().map(|d| opponent_score(*d, info.me)).sum::<f64>() / deals.len() as f64
            }
            PassValue::Rollout => PASS_VALUE,
            PassValue::Constant(v) => v,
        };
        view.legal
            .iter()
            .map(|&a| {
                let v = match a {
                    Action::Bid(b) => bid_value(&totals, b, self.surrender_per_deal),
                    _ => pass,
                };
                (a, v)
            })
            .collect()
    }

    fn bury(&mut self, info: &Info, deals: &[Deal]) -> Vec<(Action, f64)> {
        let bid = info.bid;
        // Prune: the heuristic value of every burial under its best trump.
        let mut all = policy::burial_candidates(info.hand, info.rules.tapp as usize, &info.rules);
        all.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
        let made = |total: f64| {
            if total >= f64::from(bid) {
                total
            } else {
                -2.0 * f64::from(bid)
            }
        };
        let mut out: Vec<(Action, f64)> = Vec::with_capacity(all.len());
        for (i, &(b, t, v)) in all.iter().enumerate() {
            let a = Action::Bury(b);
            if i < self.budget.burial_candidates && !deals.is_empty() {
                let mean = deals
                    .iter()
                    .map(|d| {
                        let mut d = *d;
                        if !d.is_legal(a) {
                            return made(f64::from(v));
                        }
                        d.play_unchecked(a);
                        if !d.is_legal(Action::Trump(t)) {
                            return made(f64::from(v));
                        }
                        d.play_unchecked(Action::Trump(t));
                        match self.state.clone() {
                            Some(st) => {
                                let surrendered = st.value(info.me, &scores_surrendered(&d, bid), info.me);
                                rollout(&mut d);
                                st.value(info.me, &d.scores(), info.me).max(surrendered)
                            }
                            None => made(self.soloist_total_played(d)),
                        }
                    })
                    .sum::<f64>()
                    / deals.len() as f64;
                // A played-out candidate is worth at least surrendering it.
                let floor = if self.state.is_some() {
                    f64::NEG_INFINITY
                } else {
                    -f64::from(bid)
                };
                out.push((a, mean.max(floor) + 0.5));
            } else {
                out.push((a, made(f64::from(v)).max(-f64::from(bid)) - 1000.0));
            }
        }
        out
    }

    fn declare(&mut self, view: &View, info: &Info, deals: &[Deal]) -> Vec<(Action, f64)> {
        let bid = f64::from(info.bid);
        let mut out = Vec::new();
        for &a in &view.legal {
            let v = match a {
                Action::Surrender(_) => match &self.state {
                    Some(st) => {
                        let sum: f64 = deals
                            .iter()
                            .map(|d| {
                                let mut d = *d;
                                d.play_unchecked(a);
                                st.value(info.me, &d.scores(), info.me)
                            })
                            .sum();
                        sum / deals.len().max(1) as f64
                    }
                    None => -bid,
                },
                Action::Trump(_) => {
                    let mut sum = 0.0;
                    for d in deals {
                        let mut d = *d;
                        d.play_unchecked(a);
                        rollout(&mut d);
                        let sol = d.soloist().unwrap_or(info.me);
                        sum += match &self.state {
                            Some(st) => st.value(info.me, &d.scores(), sol),
                            None => f64::from(d.scores()[sol]),
                        };
                    }
                    sum / deals.len().max(1) as f64
                }
                Action::Durch => {
                    // The all-tricks probe: the exact solver on every sample.
                    let mut wins = 0usize;
                    for d in deals {
                        let mut d = *d;
                        d.play_unchecked(a);
                        if let Some(p) = Position::from_deal(&d, Objective::Tricks) {
                            // Out of budget counts as not proven: Durch only when sure.
                            let all = p.tricks_left() as i32;
                            let nodes = self.budget.solver_nodes;
                            if with_solver(&mut self.solver, |s| s.reaches_within(&p, all, nodes))
                                == Some(true)
                            {
                                wins += 1;
                            }
                        }
                    }
                    // Durch is only worth it when it holds in every sample.
                    let made = wins == deals.len() && !deals.is_empty();
                    let solo = if made { 1000.0 } else { -1000.0 };
                    match &self.state {
                        Some(st) => {
                            let mut sc = [0; 4];
                            sc[info.me] = solo as i32;
                            if info.n == 4 {
                                sc[(info.me + 2) % 4] = solo as i32;
                            }
                            st.value(info.me, &sc, info.me)
                        }
                        None => solo,
                    }
                }
                _ => continue,
            };
            out.push((a, v));
        }
        out
    }

    fn play(&mut self, view: &View, info: &Info, deals: &[Deal]) -> Vec<(Action, f64)> {
        let legal = policy::legal_mask(view);
        let actions: Vec<Action> = binokel::cardset::mask_cards(legal).map(Action::Play).collect();
        let mut sums = vec![0.0; actions.len()];
        let mut counted = 0usize;
        let mut default = SolverRollouts {
            settings: self.settings(),
        };
        let StrongBot {
            solver, eval, state, ..
        } = self;
        let eval: &mut dyn Evaluator<Deal> = match eval {
            Some(e) => e.as_mut(),
            None => &mut default,
        };
        for d in deals {
            if d.to_act() != Some(info.me) {
                continue;
            }
            counted += 1;
            let v = with_solver(solver, |s| {
                let mut cx = Cx {
                    me: info.me,
                    measure: state.as_ref(),
                    solver: Some(s),
                };
                eval.values(d, &actions, &mut cx)
            });
            for (x, v) in sums.iter_mut().zip(v) {
                *x += v;
            }
        }
        let n = counted.max(1) as f64;
        actions.into_iter().zip(sums).map(|(a, s)| (a, s / n)).collect()
    }
}

impl StrongBot {
    /// The soloist side's total (card points with the burial, and melds) of the deal `d`
    /// (in card play) played on by the heuristic: to the end, or with
    /// [`StrongBot::with_auction_tail`] until that many tricks are left and then solved
    /// exactly (the side's melds count once it has taken a trick; a solve past the node
    /// budget is played out instead).
    fn soloist_total_played(&mut self, mut d: Deal) -> f64 {
        if self.auction_tail > 0 {
            play_to(&mut d, self.auction_tail);
            if d.phase() == Phase::Play {
                if let Some(pos) = Position::from_deal(&d, Objective::Points) {
                    let nodes = self.budget.solver_nodes;
                    if let Some(v) = with_solver(&mut self.solver, |s| s.solve_within(&pos, nodes)) {
                        let sol = d.soloist().unwrap_or(0);
                        let side: Vec<usize> = (0..d.players()).filter(|&x| same_side(&d, x, sol)).collect();
                        let took = side.iter().any(|&x| d.tricks_taken()[x] > 0) || v > 0;
                        let melds: u32 = if took {
                            side.iter().map(|&x| d.melds()[x]).sum()
                        } else {
                            0
                        };
                        return f64::from(side_take(&d, Objective::Points) + v) + f64::from(melds);
                    }
                }
            }
        }
        rollout(&mut d);
        soloist_total(&d) as f64
    }
}

/// The auction by the match measure: a bid `b` is worth the mean over the samples of `me`'s
/// value of the deal played out with `me` as the soloist (the heuristic's burial, trump and
/// cards) had the contract been `b`, or of giving up at `b` when that mean is better; a pass
/// the mean value of the deal where the strongest other hand plays ([`opponent_deal`]).
fn auction_measured(st: &MatchState, view: &View, info: &Info, deals: &[Deal]) -> Vec<(Action, f64)> {
    let me = info.me;
    // Only the samples where `me` does become the soloist value a bid (the raise may not
    // be open to it: the highest bid reached, or a house rule).
    let played: Vec<Deal> = deals
        .iter()
        .map(|d| {
            let mut d = soloist_buried(*d, me, &info.rules);
            rollout(&mut d);
            d
        })
        .filter(|d| d.soloist() == Some(me))
        .collect();
    let n = deals.len().max(1) as f64;
    let pass = deals
        .iter()
        .map(|d| {
            let (dd, sol) = opponent_deal(*d, me);
            st.value(me, &dd.scores(), sol)
        })
        .sum::<f64>()
        / n;
    let k = played.len().max(1) as f64;
    let mean = |f: &dyn Fn(&Deal) -> f64| played.iter().map(f).sum::<f64>() / k;
    view.legal
        .iter()
        .map(|&a| {
            let v = match a {
                Action::Bid(b) if !played.is_empty() => {
                    let on = mean(&|d| st.value(me, &scores_at_bid(d, b), me));
                    let off = mean(&|d| st.value(me, &scores_surrendered(d, b), me));
                    on.max(off)
                }
                _ => pass,
            };
            (a, v)
        })
        .collect()
}

/// The sampled deal `d` with the auction played on so that `me` becomes the soloist
/// ([`force_soloist`]) and its burial and trump the heuristic's best for its cards, each
/// played only where the rules then ask `me` for it (trump may come first, a house rule may
/// call a card, the raise may not be open to `me`): what is left, the policy's rollout
/// plays.
fn soloist_buried(d: Deal, me: usize, rules: &binokel::Rules) -> Deal {
    let mut d = force_soloist(d, me);
    let (b, t, _) = policy::best_burial(d.hand(me), rules.tapp as usize, rules);
    for a in [Action::Bury(b), Action::Trump(t), Action::Bury(b)] {
        if d.to_act() == Some(me) && d.is_legal(a) {
            d.play_unchecked(a);
        }
    }
    d
}

/// The evaluator settings of a budget, a tail and an opponent's own weight.
fn settings(b: &Budget, tail: u32, own: f64) -> Settings {
    Settings {
        solver_tricks: b.solver_tricks,
        solver_nodes: b.solver_nodes,
        tail,
        own,
    }
}

/// Plays the auction on so that `me` becomes the soloist: it raises, everybody else passes
/// (or opens when they must). How the strong bot values a bid on a sampled deal.
pub fn force_soloist(mut d: Deal, me: usize) -> Deal {
    while d.phase() == Phase::Auction {
        let legal = d.legal_actions();
        let bid = legal.iter().copied().find(|a| matches!(a, Action::Bid(_)));
        let a = if d.to_act() == Some(me) || !legal.contains(&Action::Pass) {
            bid.unwrap_or(Action::Pass)
        } else {
            Action::Pass
        };
        d.play_unchecked(a);
    }
    d
}

/// `me`'s deal score when it passes and the strongest other hand of the sampled deal `d`
/// (by the heuristic's value of its dealt cards under its best trump) wins the auction,
/// and everybody plays on by the heuristic (its burial, its trump, its cards).
fn opponent_score(d: Deal, me: usize) -> f64 {
    let (d, _) = opponent_deal(d, me);
    if d.phase() != Phase::Done {
        return PASS_VALUE;
    }
    f64::from(d.scores()[me])
}

/// The sampled deal `d` played out after `me` passes: the strongest other hand (by the
/// heuristic's value of its dealt cards under its best trump) wins the auction and
/// everybody plays on by the heuristic. Returns the finished deal and its soloist (the deal
/// unplayed and `me` when there is no other seat).
fn opponent_deal(d: Deal, me: usize) -> (Deal, usize) {
    let rules = *d.rules();
    let value = |s: usize| {
        let tricks = policy::trick_estimates(d.hand(s));
        let melds = binokel::meld::meld_totals(d.hand(s), &rules);
        (0..4).map(|t| tricks[t] + melds[t]).max().unwrap_or(0)
    };
    let Some(soloist) = (0..d.players())
        .filter(|&s| s != me)
        .max_by_key(|&s| (value(s), std::cmp::Reverse(s)))
    else {
        return (d, me);
    };
    let mut d = force_soloist(d, soloist);
    rollout(&mut d);
    (d, soloist)
}

/// The soloist side's total of a finished (or fully rolled out) deal: card points with the
/// burial and the side's melds.
fn soloist_total(d: &Deal) -> i64 {
    let s = d.soloist().unwrap_or(0);
    let (cp, m) = (d.card_points(), d.melds());
    (0..d.players())
        .filter(|&x| same_side(d, x, s))
        .map(|x| i64::from(cp[x]) + i64::from(m[x]))
        .sum()
}

/// The expected score of bidding `b` given sampled soloist totals: a deal below the bid
/// costs twice the bid; surrendering caps a loss at the bid itself, chosen once over the
/// mean (`per_deal` false) or on each deal (`per_deal` true: the soloist has seen the Tapp
/// when it chooses, and its hand decides most of the outcome).
fn bid_value(totals: &[f64], b: u32, per_deal: bool) -> f64 {
    if totals.is_empty() {
        return -f64::from(b);
    }
    let b = f64::from(b);
    let lost = if per_deal { -b } else { -2.0 * b };
    let mean = totals.iter().map(|&t| if t >= b { t } else { lost }).sum::<f64>() / totals.len() as f64;
    mean.max(-b)
}

impl StrongBot {
    /// The bot's own search: every legal action with the value it plays by, best first.
    /// These are the search's internal values, not deal points throughout (a pass is a
    /// typical opponent's 45, burial candidates are shifted, an opponent's card adds a tenth
    /// of its own score); [`Bot::hint`] reports the review's values instead. With a borrowed
    /// solver, the thread's solver is cleared first.
    pub fn search(&mut self, view: &View) -> Vec<(Action, f64)> {
        self.rng = crate::decision_rng(self.seed, view);
        if self.solver.is_none() {
            // A borrowed solver starts every decision empty (constant time): what an earlier
            // decision of any bot on this thread left in it changes nothing.
            WORKER_SOLVER.with(|w| {
                if let Some(s) = w.borrow_mut().as_mut() {
                    s.clear();
                }
            });
        }
        if view.legal.len() <= 1 && view.phase == Phase::Play {
            return view.legal.iter().map(|&a| (a, 0.0)).collect();
        }
        if view.players == 2 {
            let race = self.match_measure.then_some(self.race);
            return crate::two::strong_hint(view, &self.budget, race, &mut self.rng);
        }
        let Ok(info) = Info::from_view(view) else {
            return fallback_hint(view);
        };
        let n = if view.phase == Phase::Play {
            self.budget.play_samples
        } else {
            self.budget.deal_samples
        };
        let deals = self.samples(&info, n);
        if deals.is_empty() {
            return fallback_hint(view);
        }
        self.evaluate_with_deals(view, &info, &deals)
    }
}

impl Bot for StrongBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &View) -> Action {
        self.search(view).first().map(|x| x.0).unwrap_or(view.legal[0])
    }

    /// The review's values (docs/review.md section 1: points of the seat's deal score per
    /// role) of every legal action, at this bot's budget, seeded by
    /// [`crate::review::hint_seed`] from the bot's seed and the view's position: the same
    /// function ([`crate::review::value::hint`]) that rates a decision in a review. A hint
    /// leaves the bot's own search untouched (its random stream, its solver), so asking
    /// for one changes none of its decisions.
    fn hint(&mut self, view: &View) -> Vec<(Action, f64)> {
        let budget = crate::review::ReviewBudget::of_play(self.budget);
        crate::review::value::hint(view, &budget, crate::review::hint_seed(self.seed, view))
    }
}

/// When a view cannot be sampled (other rule sets): the heuristic's choice first.
fn fallback_hint(view: &View) -> Vec<(Action, f64)> {
    let best = policy::choose(view, &mut ChaCha8Rng::seed_from_u64(0), TAPP_SAMPLES);
    let mut v: Vec<(Action, f64)> = view
        .legal
        .iter()
        .map(|&a| (a, if a == best { 1.0 } else { 0.0 }))
        .collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v
}
