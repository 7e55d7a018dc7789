//! The search: one alpha-beta pass with a null window ([`Solver::search`]), compiled per
//! seat count, over the transposition table, with dominated cards skipped, enhanced
//! transposition cutoffs at a trick's last card and the killer and countermove heuristics;
//! the plain search of the last two tricks; and [`minimax`], the reference without pruning.

use super::ordering::{order_moves, to_front};
use super::position::Position;
use super::{Objective, Solver};
use binokel::Card;

impl Solver {
    pub(super) fn search(&mut self, pos: &Position, alpha: i32, beta: i32) -> i32 {
        // The search compiled for the seat count, so that its seat arithmetic folds.
        match pos.n {
            3 => self.search_keyed::<3>(pos, alpha, beta, None),
            4 => self.search_keyed::<4>(pos, alpha, beta, None),
            _ => self.search_keyed::<0>(pos, alpha, beta, None),
        }
    }

    /// [`Solver::search`] given the table key and bucket of a trick boundary when the caller
    /// already has them (from its transposition cutoffs).
    fn search_keyed<const N: u8>(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        known: Option<([u64; 2], usize)>,
    ) -> i32 {
        self.nodes += 1;
        if pos.tricks_left == 0 {
            return 0;
        }
        if self.nodes > self.stop_at {
            // Out of budget: unwind without storing anything (the caller discards the result).
            self.aborted = true;
            return alpha;
        }
        let boundary = pos.trick_len == 0;
        let (alpha0, beta0) = (alpha, beta);
        if boundary && pos.tricks_left == 1 && pos.objective == Objective::Points {
            return pos.last_trick_n::<N>();
        }
        let mut key = [0u64; 2];
        let mut bucket = 0;
        let mut hint = 0u8;
        // Quick bounds of a position not in the table; a new entry starts from them, so a
        // position found in the table never needs them again.
        let (mut qlo, mut qhi) = (0i32, i32::from(i16::MAX));
        if boundary {
            (key, bucket) = known.unwrap_or_else(|| {
                let k = pos.key_n::<N>();
                (k, self.slot(&k))
            });
            let (lo, hi) = match self.find(bucket, &key) {
                Some(e) => {
                    hint = e.best;
                    (i32::from(e.lo), i32::from(e.hi))
                }
                None if pos.tricks_left == 2 => {
                    // Two tricks left: the exact value costs about what the quick bounds
                    // cost, and an exact entry always cuts later (also for the transposition
                    // cutoffs one trick up).
                    let v = self.small::<N>(pos, i32::MIN / 2, i32::MAX / 2);
                    self.insert(bucket, key, (v, v), 2);
                    return v;
                }
                None => {
                    (qlo, qhi) = pos.bounds_n::<N>();
                    if qhi <= alpha || qlo >= beta || qlo == qhi {
                        self.insert(bucket, key, (qlo, qhi), pos.tricks_left);
                    }
                    (qlo, qhi)
                }
            };
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let maxing = pos.side_of::<N>(pos.to_act as usize);
        let legal = pos.legal();
        let cand = legal & !pos.dominated_of_n::<N>(legal);
        let mut first = None;
        if pos.trick_len + 1 == pos.seats::<N>() && pos.tricks_left > 2 {
            // Enhanced transposition cutoff: every move here ends the trick, so each child
            // is a trick boundary that may be in the table with a bound that already decides
            // this node. Looking them all up first also lets their memory loads overlap. And
            // when every child is bounded on the side that matters (from the table, or by
            // all the points left for a child not in it), so is this node: on the bench's
            // positions with 10 tricks left that took 2.85 M nodes to 2.39 M and the
            // instructions by 5% (the quick bounds of every child instead: 2.20 M nodes but
            // 17% more instructions, and slower). The cards are looked up before they are
            // ordered, as three times in four this returns and the order is not needed
            // (instructions in `solve` on the bench's positions with 10 tricks left 1,257 M
            // -> 1,193 M; 1 % more nodes, as a different child's bound may come back).
            let mut worst = if maxing { i32::MIN } else { i32::MAX };
            // A child is played out only when it is not in the table. The last one looked up
            // keeps its key and bucket, for its search if it is the first move below.
            let mut m = cand;
            while m != 0 {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                let (gain, left, k) = pos.close_with_n::<N>(u32::from(c));
                let (lo, hi) = if left == 0 {
                    (0, 0)
                } else {
                    let b = self.slot(&k);
                    first = Some((c, k, b));
                    match self.find(b, &k) {
                        Some(e) => (i32::from(e.lo), i32::from(e.hi)),
                        None => {
                            let mut child = *pos;
                            child.play_n::<N>(Card::from_index(c as usize));
                            if left == 2 {
                                // Exact and cheap; the search of this child would store it
                                // anyway.
                                let v = self.small::<N>(&child, i32::MIN / 2, i32::MAX / 2);
                                self.insert(b, k, (v, v), 2);
                                (v, v)
                            } else {
                                let q = child.bounds_n::<N>();
                                self.insert(b, k, q, left);
                                q
                            }
                        }
                    }
                };
                if maxing {
                    if gain + lo >= beta {
                        return gain + lo;
                    }
                    worst = worst.max(gain + hi);
                } else {
                    if gain + hi <= alpha {
                        return gain + hi;
                    }
                    worst = worst.min(gain + lo);
                }
            }
            if maxing && worst <= alpha || !maxing && worst >= beta {
                return worst;
            }
        }
        // The soloist's opponents leading: first the table's move, then the killer, the
        // lead that last refuted the soloist at this seat and number of tricks left when the
        // lead ordered first did not. Their leads are where the static order errs most (a
        // low lead is often the refutation), and a refutation found in one line often works
        // in its neighbours. Bench positions with 10 tricks left: nodes 2.28 M -> 2.14 M,
        // the median position 105.1 K -> 95.9 K (32 positions: 4.12 M -> 3.89 M, median
        // 97.1 K -> 86.3 K); 8, 9, 11 and 12 tricks left 5-9 % fewer nodes. Updating the
        // killer at every cutoff, or the soloist's killer first too, gained less or lost at
        // 11 and 12 tricks; a killer per seat and tricks left in the middle of a
        // trick (not per lead) lost everywhere.
        //
        // Following, first the countermove: the card that last cut off for this seat with
        // as many tricks left after the same lead, when the card ordered first had not.
        // Nodes with 10 tricks left 2.14 M -> 2.04 M (64 positions 6.96 M -> 6.56 M, the
        // median 66.9 K -> 64.2 K); 8, 9 and 11 tricks left 4-8 % fewer nodes, 12 tricks 17 %.
        // Keyed by the trick's winning card instead, or without the tricks left, about as
        // good; for the opponents alone, less.
        //
        // The soloist leading: its killer goes second, after the card ordered first (or the
        // table's move): 10 tricks left 2.04 M -> 1.87 M (64 positions 6.56 M -> 6.28 M), 8,
        // 9 and 11 tricks 2-3 % fewer, 12 tricks 2 % more. First, it lost 8-17 % at 11 and
        // 12 tricks.
        let (ks, kt) = (pos.to_act as usize & 3, pos.tricks_left as usize & 15);
        let led = if boundary { 0 } else { pos.trick[0] as usize };
        let k = if boundary {
            self.killer[ks][kt]
        } else {
            self.counter[ks][kt][led & 31]
        };
        let second = boundary && maxing && hint == 0;
        let front = if second || k == hint { 0 } else { k };
        let mut moves = [0u8; 24];
        let history = &self.history[pos.to_act as usize];
        let n = order_moves::<N>(pos, cand, &mut moves, history, (hint, front));
        if second && k != 0 {
            if let Some(i) = moves[..n].iter().position(|&c| c + 1 == k) {
                to_front(&mut moves[1.min(i)..=i]);
            }
        }
        // The key of the first move's trick boundary, from the transposition cutoffs above
        // when it was the last one looked up there.
        let mut first = first.and_then(|(c, k, b)| (c == moves[0]).then_some((k, b)));
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        let mut best_card = 0u8;
        for &c in &moves[..n] {
            let mut child = *pos;
            let gain = child.play_n::<N>(Card::from_index(c as usize));
            let v = gain + self.search_keyed::<N>(&child, alpha - gain, beta - gain, first.take());
            if maxing {
                if v > best {
                    best = v;
                    best_card = c + 1;
                }
                if best > alpha {
                    alpha = best;
                }
            } else {
                if v < best {
                    best = v;
                    best_card = c + 1;
                }
                if best < beta {
                    beta = best;
                }
            }
            if alpha >= beta {
                if c != moves[0] {
                    if boundary {
                        self.killer[ks][kt] = c + 1;
                    } else {
                        self.counter[ks][kt][led & 31] = c + 1;
                    }
                }
                let h = &mut self.history[pos.to_act as usize][c as usize];
                *h = h.saturating_add(u32::from(pos.tricks_left) * u32::from(pos.tricks_left));
                break;
            }
        }
        if boundary && !self.aborted {
            let q = (qlo, qhi);
            self.record(bucket, key, q, pos.tricks_left, (alpha0, beta0), best, best_card);
        }
        best
    }

    /// The exact value (fail-soft within the window) of a position with at most two tricks
    /// left, by plain alpha-beta: no table, no move ordering, no dominance, no quick bounds.
    /// With two cards a hand there are at most eight lines of the first trick and the last
    /// one is forced, so the bookkeeping of the full search costs more than it saves here.
    fn small<const N: u8>(&mut self, pos: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        if pos.tricks_left == 0 {
            return 0;
        }
        if pos.trick_len == 0 && pos.tricks_left == 1 && pos.objective == Objective::Points {
            return pos.last_trick_n::<N>();
        }
        let maxing = pos.side_of::<N>(pos.to_act as usize);
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        let mut m = pos.legal();
        while m != 0 {
            let c = m.trailing_zeros();
            m &= m - 1;
            let mut child = *pos;
            let gain = child.play_n::<N>(Card::from_index(c as usize));
            self.nodes += 1;
            let v = gain + self.small::<N>(&child, alpha - gain, beta - gain);
            if maxing {
                best = best.max(v);
                alpha = alpha.max(best);
            } else {
                best = best.min(v);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Plain exhaustive minimax with no pruning and no table: the reference the tests compare the
/// solver against on small endgames.
pub fn minimax(pos: &Position) -> i32 {
    if pos.tricks_left == 0 {
        return 0;
    }
    let maxing = pos.side(pos.to_act as usize);
    let mut best = if maxing { i32::MIN } else { i32::MAX };
    let mut m = pos.legal();
    while m != 0 {
        let c = Card::from_index(m.trailing_zeros() as usize);
        m &= m - 1;
        let mut child = *pos;
        let v = child.play(c) + minimax(&child);
        best = if maxing { best.max(v) } else { best.min(v) };
    }
    best
}
