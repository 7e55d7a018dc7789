//! The `strong` bot's two-player search: value every legal action over sampled worlds, by
//! heuristic rollouts while the stock lasts and by the exact solver of the open-handed end
//! ([`solve`]) after it ([`strong_hint`]; [`omniscient_hint`] on the true deal for the
//! arena's omniscient seat).

use super::heuristic::{heuristic_choose, rollout};
use super::info::{info_from_view, sample};
use super::sim::{Sim, DRAWS, TRICKS};
use crate::budget::Budget;
use crate::evaluator::{Cx, Evaluator};
use crate::measure::MatchState;
use binokel::rules::DEAL_CARD_POINTS;
use binokel::{Action, Card, CardSet, View};
use rand::Rng;
use std::collections::HashMap;

/// The exact solver of a position after the stock: both hands known, strict play. Returns,
/// per legal card of the seat to act, the card points `me` takes from here on (the last
/// trick's 10 included), or None past `nodes` search nodes.
pub fn solve(sim: &Sim, me: usize, nodes: u64) -> Option<Vec<(Card, i32)>> {
    let mut s = Solver {
        table: HashMap::new(),
        nodes: 0,
        limit: nodes,
        me,
    };
    let mut out = Vec::new();
    for c in binokel::cardset::mask_cards(sim.legal_cards()) {
        let mut next = *sim;
        let before = next.points[me];
        next.play(c);
        let gained = next.points[me] as i32 - before as i32;
        let v = s.search(&next, -1, 1000)?;
        out.push((c, gained + v));
    }
    Some(out)
}

struct Solver {
    /// Bounds of positions at the start of a trick: (lower, upper).
    table: HashMap<(u64, u64, bool), (i32, i32)>,
    nodes: u64,
    limit: u64,
    me: usize,
}

fn key(h: CardSet) -> u64 {
    u64::from(h.kinds()) | u64::from(h.doubles()) << 24
}

impl Solver {
    /// Points `me` takes from `sim` on, searched in the window (alpha, beta).
    fn search(&mut self, sim: &Sim, mut alpha: i32, mut beta: i32) -> Option<i32> {
        if sim.tricks == TRICKS {
            return Some(0);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let k = (key(sim.hands[0]), key(sim.hands[1]), sim.to_act == self.me);
        let at_start = sim.lead.is_none();
        if at_start {
            if let Some(&(lo, hi)) = self.table.get(&k) {
                if lo == hi || lo >= beta {
                    return Some(lo);
                }
                if hi <= alpha {
                    return Some(hi);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        let (a0, b0) = (alpha, beta);
        let maxing = sim.to_act == self.me;
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        let mut moves: Vec<Card> = binokel::cardset::mask_cards(sim.legal_cards()).collect();
        // High cards first: they decide tricks and cut the search soonest.
        moves.sort_by_key(|c| std::cmp::Reverse((c.suit() == sim.trump, c.rank())));
        for c in moves {
            let mut next = *sim;
            let before = next.points[self.me];
            next.play(c);
            let gained = next.points[self.me] as i32 - before as i32;
            let v = gained + self.search(&next, alpha - gained, beta - gained)?;
            if maxing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if at_start {
            let e = self.table.entry(k).or_insert((i32::MIN, i32::MAX));
            if best <= a0 {
                e.1 = e.1.min(best);
            } else if best >= b0 {
                e.0 = e.0.max(best);
            } else {
                *e = (best, best);
            }
        }
        Some(best)
    }
}

/// The value for `me` of deal totals `t` (each player's deal score): its total less the
/// opponent's (`strong-v1`), or the match measure when `st` is given.
fn worth(t: [i32; 2], me: usize, st: Option<&MatchState>) -> f64 {
    match st {
        Some(st) => st.value(me, &[t[0], t[1], 0, 0], 0),
        None => f64::from(t[me] - t[1 - me]),
    }
}

/// The two-player evaluator ([`crate::evaluator`]): a rollout while the stock lasts, the
/// exact solve after it; values are the margin (`strong-v1`) or the match measure.
pub(crate) struct TwoRollouts {
    /// The search budget (its solver's node bound).
    pub budget: Budget,
}

impl Evaluator<Sim> for TwoRollouts {
    fn name(&self) -> &str {
        "rollout"
    }

    fn values(&mut self, world: &Sim, legal: &[Action], cx: &mut Cx) -> Vec<f64> {
        let (me, st) = (cx.me, cx.measure);
        let exact: Option<HashMap<usize, i32>> = if world.stock_lasts() {
            None
        } else {
            solve(world, me, self.budget.solver_nodes)
                .map(|v| v.into_iter().map(|(c, p)| (c.index(), p)).collect())
        };
        let t = world.totals();
        // Card points still to take, the last trick's 10 included.
        let left = DEAL_CARD_POINTS as i32 - (world.points[0] + world.points[1]) as i32;
        legal
            .iter()
            .map(|&a| match (&exact, a) {
                (Some(sol), Action::Play(c)) => {
                    // Melds are over after the stock: only card points still move.
                    let mine = *sol.get(&c.index()).unwrap_or(&0);
                    let mut after = t;
                    after[me] += mine;
                    after[1 - me] += left - mine;
                    worth(after, me, st)
                }
                _ => {
                    let mut w = *world;
                    w.apply(a);
                    rollout(&mut w);
                    worth(w.totals(), me, st)
                }
            })
            .collect()
    }
}

/// Adds to `sums[i]` the value for `me` of `legal[i]` in `world` by the two-player
/// evaluator.
fn rate_world(
    world: &Sim,
    me: usize,
    legal: &[Action],
    budget: &Budget,
    st: Option<&MatchState>,
    sums: &mut [f64],
) {
    let mut eval = TwoRollouts { budget: *budget };
    let mut cx = Cx {
        me,
        measure: st,
        solver: None,
    };
    for (x, v) in sums.iter_mut().zip(eval.values(world, legal, &mut cx)) {
        *x += v;
    }
}

/// The arena's omniscient seat: the strong bot's rating on the true deal (the other hand and
/// the stock order as they are), one world instead of samples.
pub fn omniscient_hint(view: &View, truth: &binokel::Deal, budget: &Budget) -> Vec<(Action, f64)> {
    let Some(info) = info_from_view(view) else {
        return strong_hint(
            view,
            budget,
            None,
            &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0),
        );
    };
    let me = info.me;
    let mut world = info.base;
    world.hands[1 - me] = truth.hand(1 - me);
    world.hands[me] = truth.hand(me);
    let stock = truth.stock();
    for (i, &c) in stock.iter().enumerate().skip(world.drawn) {
        world.draws[i] = c;
    }
    if let Some(b) = truth.bottom() {
        world.draws[DRAWS - 1] = b;
    }
    if let Some(t) = truth.turned() {
        world.turned = t;
    }
    world.fresh = truth.fresh_card();
    let mut sums = vec![0.0; view.legal.len()];
    rate_world(&world, me, &view.legal, budget, None, &mut sums);
    let mut out: Vec<(Action, f64)> = view.legal.iter().copied().zip(sums).collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// The strong bot's rating of every legal action of a two-player view (best first): the mean
/// margin over sampled worlds, each finished by rollouts or, after the stock, exactly.
/// With `measured` (the temperature scale, [`MatchState::tau_scale`]), worlds are valued by
/// the match measure ([`crate::measure`]) instead of the deal's margin.
pub fn strong_hint<R: Rng + ?Sized>(
    view: &View,
    budget: &Budget,
    measured: Option<f64>,
    rng: &mut R,
) -> Vec<(Action, f64)> {
    let Some(info) = info_from_view(view) else {
        let a = heuristic_choose(view);
        return view
            .legal
            .iter()
            .map(|&x| (x, if x == a { 1.0 } else { 0.0 }))
            .collect();
    };
    let me = info.me;
    if view.stock == 0 && view.legal.contains(&Action::Exchange) {
        // The exchange at the last draw: the 9 for a trump the loser has just drawn and 10
        // points, never worse; the view no longer shows which card that is, so no search.
        let mut v: Vec<(Action, f64)> = view.legal.iter().map(|&a| (a, 0.0)).collect();
        v.sort_by_key(|x| x.0 != Action::Exchange);
        v[0].1 = 10.0;
        return v;
    }
    let st = measured.and_then(|scale| MatchState::of_view(view).map(|s| s.scaled(scale)));
    let samples = budget.play_samples.max(1) * 2;
    let mut sums = vec![0.0; view.legal.len()];
    let mut counted = 0usize;
    for _ in 0..samples {
        let Some(world) = sample(&info, rng) else { continue };
        counted += 1;
        rate_world(&world, me, &view.legal, budget, st.as_ref(), &mut sums);
        if !world.stock_lasts() {
            // After the stock the world is the true one: one sample decides.
            break;
        }
    }
    let n = counted.max(1) as f64;
    let mut out: Vec<(Action, f64)> = view.legal.iter().zip(sums).map(|(&a, s)| (a, s / n)).collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}
