//! The values of a burial: `burial` puzzles (docs/puzzles.md, "Burial puzzles").
//!
//! The position is the soloist's burial in a three-seat deal: 18 cards after the Tapp, all
//! hands seen. The choices are every distinct burial (two copies of a card are one card, so
//! a burial is a multiset of Tapp-many cards of the hand). A burial's value is the value of
//! the declaration right after it: the best of each trump, Durch when the rules offer it,
//! and surrender (minus the bid), each the soloist's deal score with best play over all 15
//! tricks, exactly as a trump puzzle values a declaration ([`super::declare`]).
//!
//! - The heuristic's best burial ([`best_burial`]) is solved exactly first: the exact value
//!   `V` of its best declaration.
//! - Every other burial only needs to be shown worth at most `V` less [`MARGIN`]: each of its
//!   declarations is shown worth at most that. Surrender is a constant. A trump first gets
//!   the **static bound**, no search: every card point still to take (less what the
//!   opponents surely cash) through the scoring function with the melds kept under that
//!   trump and the buried points; only when that bound is too high does one null-window
//!   search prove that the soloist cannot take the least points that would lift its score
//!   above `V` less the margin. Durch: its one probe.
//! - The other burials are tried in an order that puts the likely rivals first (the same
//!   melds kept under the heuristic's trump, then the closest heuristic estimate), so that a
//!   decision that is no puzzle usually ends after a few proofs.
//! - A burial that cannot be shown worse is solved exactly: better than `V`, it becomes the
//!   candidate and the proofs start again (each burial at most once as the candidate);
//!   otherwise it is within the margin and the decision is no puzzle.
//!
//! Stored values: the best burial's exact value; every other burial's proved upper bound (the
//! greatest of its declarations' values or bounds), `bound: true` unless the greatest is an
//! exact value (surrender, a lost contract, Durch).
//!
//! The whole proof may take at most a number of search nodes (a count, never time, so the
//! outcome is deterministic); past it the decision is no puzzle. The values do not depend on
//! the bound, so [`verify`](super::verify) uses a larger one ([`BURIAL_VERIFY_NODES`]).

use super::declare::{self, at_most, with_solver, Declared, Effort, Limits, Mode, Worth};
use super::{Values, MARGIN};
use crate::policy::{best_burial, burial_candidates};
use binokel::deal::for_each_burial;
use binokel::meld::meld_total;
use binokel::{Action, CardSet, Deal, Game, Phase, Suit};

/// The generator's default node budget for a whole burial proof
/// ([`super::generate::Options::burial_nodes`]; docs/puzzles.md, "Burial puzzles").
pub const BURIAL_NODES: u64 = 50_000_000;

/// The node budget of a burial proof when a puzzle is verified: four times the generator's
/// default, so a puzzle the generator proved always verifies.
pub const BURIAL_VERIFY_NODES: u64 = 4 * BURIAL_NODES;

/// One burial: the cards, the deal after it, the heuristic's estimate.
struct Burial {
    cards: CardSet,
    after: Deal,
    /// The declarations after it, the heuristic's trump first.
    opts: Vec<Declared>,
}

/// The values of the burial the game is at: every distinct burial, the best exact. Err
/// names why it is no puzzle: past `nodes` search nodes for the whole proof, no clearly best
/// burial, not a position the puzzles cover.
///
/// Runs on this thread's declaration solver, cleared before each search, so the outcome
/// depends only on the position and `nodes`.
pub fn burial(game: &Game, nodes: u64) -> Result<Values, String> {
    burial_measured(game, nodes, &mut Effort::default())
}

/// [`burial`], adding what it cost to `effort`.
pub fn burial_measured(game: &Game, nodes: u64, effort: &mut Effort) -> Result<Values, String> {
    let d = game.current().ok_or("no deal in progress")?;
    let limits = Limits {
        step: u64::MAX,
        total: nodes,
    };
    let worths = with_solver(|solver| prove(d, solver, limits, effort))?;
    Ok(declare::values(worths, game.rules().low))
}

/// The distinct burials of the soloist's hand in `d`, in the order the proof tries them:
/// the heuristic's best first, then the likely rivals.
fn burials(d: &Deal) -> Result<Vec<Burial>, String> {
    let me = d.to_act().ok_or("nobody is to act")?;
    if d.phase() != Phase::Bury || d.players() != 3 || d.soloist() != Some(me) {
        return Err("burial puzzles are the soloist's burial in a three-seat deal".into());
    }
    let rules = d.rules();
    let hand = d.hand(me);
    let k = usize::from(rules.tapp);
    let estimates = burial_candidates(hand, k, rules);
    let (best, trump, _) = best_burial(hand, k, rules);
    let best_value = estimates.iter().find(|e| e.0 == best).map_or(0, |e| e.2);
    let melds_of = |b: CardSet| meld_total(hand.minus(b).unwrap_or(hand), Some(trump), rules);
    let best_melds = melds_of(best);
    let mut out: Vec<(u8, u32, String, Burial)> = Vec::new();
    let mut err = None;
    for_each_burial(hand, k, |b| {
        if err.is_some() {
            return;
        }
        let mut after = *d;
        if let Err(e) = after.play(Action::Bury(b)) {
            err = Some(format!("bury {}: {e}", b.to_codes(rules.low)));
            return;
        }
        if after.phase() != Phase::Declare || after.to_act() != Some(me) {
            err = Some("the soloist does not declare after its burial".to_string());
            return;
        }
        let mut opts = match declare::options(&after) {
            Ok(o) => o,
            Err(e) => {
                err = Some(e);
                return;
            }
        };
        let (estimate, t) = estimates
            .iter()
            .find(|e| e.0 == b)
            .map_or((0, Suit::Spades), |e| (e.2, e.1));
        // The declaration most likely to be worth the most is tried first: when one of them
        // cannot be shown worse, the others need no proof.
        opts.sort_by_key(|o| o.action != Action::Trump(t));
        let key = if b == best {
            (0, 0)
        } else {
            (
                1 + u8::from(melds_of(b) != best_melds),
                estimate.abs_diff(best_value),
            )
        };
        out.push((
            key.0,
            key.1,
            Action::Bury(b).token(rules.low),
            Burial {
                cards: b,
                after,
                opts,
            },
        ));
    });
    if let Some(e) = err {
        return Err(e);
    }
    out.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
    Ok(out.into_iter().map(|x| x.3).collect())
}

fn prove(
    d: &Deal,
    solver: &mut crate::solver::Solver,
    limits: Limits,
    effort: &mut Effort,
) -> Result<Vec<(Action, Worth)>, String> {
    let me = d.to_act().ok_or("nobody is to act")?;
    let all = burials(d)?;
    // Cleared once: the searches of the decision share the table (`Mode::Burial`).
    solver.clear();
    let past = || format!("the proof took more than {} search nodes", limits.total);
    // The exact value of a burial: its best declaration's, exactly.
    let mut exact: Vec<Option<f64>> = vec![None; all.len()];
    let mut solve =
        |i: usize, solver: &mut crate::solver::Solver, effort: &mut Effort| {
            if let Some(v) = exact[i] {
                return Ok(v);
            }
            let w = declare::prove(&all[i].after, solver, limits, effort, 0.0, Mode::Burial)
                .map_err(|e| if e.contains("search nodes") { past() } else { e })?;
            let v = w[0].1.value;
            exact[i] = Some(v);
            Ok::<f64, String>(v)
        };
    let mut cand = 0;
    let mut tried = vec![false; all.len()];
    'candidates: loop {
        tried[cand] = true;
        let best = solve(cand, solver, effort)?;
        let most = best - MARGIN;
        let mut worths = vec![(
            Action::Bury(all[cand].cards),
            Worth {
                value: best,
                bound: false,
            },
        )];
        for (i, b) in all.iter().enumerate() {
            if i == cand {
                continue;
            }
            // The greatest of its declarations' values, each shown at most `most`.
            let mut top: Option<Worth> = None;
            let mut shown = true;
            for o in &b.opts {
                let w = effort
                    .step(solver, limits, |s, n| at_most(o, me, most, s, n, Mode::Burial))
                    .ok_or_else(past)??;
                let Some(w) = w else {
                    shown = false;
                    break;
                };
                top = Some(match top {
                    None => w,
                    Some(t) if w.value > t.value => w,
                    // Equal: exact wins (the true value is then exactly it).
                    Some(t) if w.value == t.value => Worth {
                        value: t.value,
                        bound: t.bound && w.bound,
                    },
                    Some(t) => t,
                });
            }
            match (shown, top) {
                (true, Some(w)) => worths.push((Action::Bury(b.cards), w)),
                (true, None) => return Err("a burial has no declaration".into()),
                (false, _) => {
                    // Within the margin, unless it is better than the candidate: shown at
                    // most `best` by the same proofs (cheaper than its exact value), it is.
                    let within = || Err("no burial is clearly best".to_string());
                    if tried[i] {
                        return within();
                    }
                    for o in &b.opts {
                        let w = effort
                            .step(solver, limits, |s, n| at_most(o, me, best, s, n, Mode::Burial))
                            .ok_or_else(past)??;
                        if w.is_none() {
                            // Better: the new candidate, solved exactly.
                            cand = i;
                            continue 'candidates;
                        }
                    }
                    return within();
                }
            }
        }
        return Ok(worths);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{seat_value, soloist_score_after};
    use crate::puzzle::generate::deal_seed;
    use crate::solver::{Objective, Position, Solver};
    use binokel::{Contract, Rules, View};

    /// The game of deal `i` of a set seeded `seed` at the soloist's burial, the bots having
    /// played up to it (as the generator plays it).
    fn at_burial(seed: u64, i: u64) -> Game {
        let s = deal_seed(seed, i);
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(s).expect("a deal");
        let mut bots: Vec<_> = (0..game.players())
            .map(|seat| crate::make_bot("heuristic", s ^ (seat as u64 + 1)).expect("a bot"))
            .collect();
        while let Some(seat) = game.to_act() {
            if game.current().map(Deal::phase) == Some(Phase::Bury) {
                return game;
            }
            let view = View::of(&game, Some(seat)).expect("a view");
            let a = bots[seat].choose(&view);
            game.play(a).expect("legal");
        }
        panic!("deal {i} of seed {seed} has no burial");
    }

    /// A burial's value by brute force, independent of the proofs: every declaration after
    /// it solved exactly on a fresh solver (each trump's whole play, Durch's all-tricks
    /// search, surrender's score), the greatest taken.
    fn brute(g: &Game, token: &str) -> f64 {
        let d = g.current().expect("a deal");
        let me = d.to_act().expect("the soloist");
        let mut after = *d;
        after
            .play(Action::parse(token, g.rules().low).expect("a burial"))
            .expect("legal");
        let mut best = f64::MIN;
        for a in after.legal_actions() {
            let mut x = after;
            x.play(a).expect("legal");
            let v = match x.contract() {
                Some(Contract::Surrender(_)) => f64::from(x.scores()[me]),
                Some(Contract::Durch) => {
                    let p = Position::from_deal(&x, Objective::Tricks).expect("Durch");
                    let all = p.tricks_left() as i32;
                    let made = Solver::new(22).reaches(&p, all);
                    soloist_score_after(&x, if made { all } else { 0 })
                }
                Some(Contract::Trump(_)) => {
                    let p = Position::from_deal(&x, Objective::Points).expect("a trump game");
                    soloist_score_after(&x, Solver::new(22).solve(&p))
                }
                other => panic!("{other:?} after a declaration"),
            };
            best = best.max(seat_value(&x, me, v));
        }
        best
    }

    /// Deal 24 of seed 1 (found by `examples/burial_puzzles.rs`): the heuristic's burial of
    /// the ace and king of hearts with a nine is best by 20, proved with 28 M nodes. The
    /// best's value and the two runners-up are checked by brute force: the best exactly,
    /// the others at most their stored bounds and at least the margin below the best.
    #[test]
    fn a_clearly_best_burial_agrees_with_a_brute_force_over_the_declarations() {
        let g = at_burial(1, 24);
        let mut e = Effort::default();
        let v = burial_measured(&g, BURIAL_NODES, &mut e).expect("a burial puzzle");
        assert_eq!(v.choices[0].choice, "bury 9H KH AH");
        assert!(!v.choices[0].bound);
        assert!(v.margin >= MARGIN, "{}", v.margin);
        // Every distinct burial is a choice, once.
        let hand = g.current().unwrap().hand(g.current().unwrap().to_act().unwrap());
        let mut n = 0;
        for_each_burial(hand, 3, |_| n += 1);
        assert_eq!(v.choices.len(), n);
        let mut tokens: Vec<&str> = v.choices.iter().map(|c| c.choice.as_str()).collect();
        tokens.sort_unstable();
        tokens.dedup();
        assert_eq!(tokens.len(), n);
        let best = brute(&g, &v.choices[0].choice);
        assert!(
            (best - v.choices[0].value).abs() < 0.011,
            "{best} {:?}",
            v.choices[0]
        );
        for c in &v.choices[1..3] {
            let x = brute(&g, &c.choice);
            assert!(
                x <= c.value + 0.011,
                "{} is worth {x}, stored {}",
                c.choice,
                c.value
            );
            assert!(x <= best - MARGIN, "{} is worth {x}", c.choice);
            assert!(
                c.bound || (x - c.value).abs() < 0.011,
                "{c:?} exact but worth {x}"
            );
        }
        // Determinism: the same proof again costs the same nodes and gives the same values.
        let mut e2 = Effort::default();
        assert_eq!(burial_measured(&g, BURIAL_NODES, &mut e2), Ok(v));
        assert_eq!(e, e2);
        // Past the budget it is no puzzle, and says so.
        let err = burial(&g, e.total / 2).unwrap_err();
        assert!(err.contains("search nodes"), "{err}");
    }

    #[test]
    fn only_the_soloists_burial_is_a_burial_puzzle() {
        let mut g = at_burial(1, 24);
        let d = *g.current().unwrap();
        let (b, _, _) = best_burial(d.hand(d.to_act().unwrap()), 3, d.rules());
        g.play(Action::Bury(b)).unwrap();
        assert!(burial(&g, BURIAL_NODES).unwrap_err().contains("burial"));
    }
}
