//! An exact double-dummy solver for the card play of one deal with all hands open.
//!
//! The value of a position is what the soloist still takes: card points of the tricks it
//! wins, plus 10 for the last trick ([`Objective::Points`]), or the number of tricks it wins
//! with a Durch ending at the first trick lost ([`Objective::Tricks`]). The soloist maximises,
//! the two opponents minimise as one side (with four seats: the soloist and its partner
//! against the other partnership). Alpha-beta with null windows (MTD(f)) over a
//! transposition table of bounds stored at trick boundaries, where the value depends only on
//! the cards left and the leader, so the table stays valid across solves and samples. Two
//! copies of a card are one move (legal moves come as a kind mask).
//!
//! # How the pieces fit
//!
//! The public API is here: [`Solver`] (the table and the search's memory, kept across
//! solves: [`Solver::solve`], [`Solver::solve_moves`], [`Solver::reaches`] and their
//! node-bounded forms), [`Position`] (the card-play state, small and `Copy`, made with
//! [`Position::from_deal`]) and [`Objective`] (points or tricks); [`minimax`] is the plain
//! reference the tests compare against. The rest is private to the solver, one concept a
//! file:
//!
//! - `position.rs`: [`Position`] and playing a card ([`Position::play`]), the seats numbered
//!   from the soloist, which side a seat is on, the forced last trick.
//! - `search.rs`: the alpha-beta search of one null window (`Solver::search`), compiled once
//!   per seat count (`N` 3 or 4, 0 for "read it from the position"), with the enhanced
//!   transposition cutoffs at a trick's last card, the killer and countermove heuristics,
//!   and the plain search of the last two tricks (`Solver::small`). [`Solver::solve`] runs
//!   it as MTD(f) probes from the upper bound.
//! - `bounds.rs`: quick bounds without search ([`Position::bounds`]): the tricks the leader's
//!   side surely cashes and the sure trumps. A position not in the table starts from them.
//! - `dominance.rs`: the legal cards another card of the same run is provably at least as
//!   good as ([`Position::dominated`]); the search never tries them.
//! - `ordering.rs`: the order the search tries the remaining cards in (rules per situation,
//!   then the history heuristic), with the table's move, the killer or the countermove first.
//! - `tt.rs`: the transposition table: the exact 128-bit key of a trick boundary, what
//!   closing a trick gives without playing it (for the cutoffs), the entries (two to a cache
//!   line), their memory (huge pages) and the lookups and stores.
//! - `tables.rs`: the constant tables and bit tricks on kind masks (24 kinds, `suit * 6 +
//!   rank`) that every part reads: points, suits, the cards above a card, per-suit counts.
//!
//! The search (`search.rs`) calls all the others; `bounds`, `dominance`, `ordering` and `tt`
//! read a [`Position`] and the tables, never each other (the move order borrows only the
//! pairing of seats into sides from `bounds`).

mod bounds;
mod dominance;
mod ordering;
mod position;
mod search;
mod tables;
#[cfg(test)]
mod tests;
mod tt;

pub use position::Position;
pub use search::minimax;

use binokel::Card;
use tt::{Bucket, Table};

/// What the soloist counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Card points of won tricks plus 10 for the last trick.
    Points,
    /// Tricks won; the play stops at the first trick the soloist loses (Durch).
    Tricks,
}

/// The solver, with its transposition table (kept across solves).
pub struct Solver {
    tt: Table,
    /// 64 less the bits of a bucket's index: a key's bucket is the top bits of its hash.
    shift: u32,
    gen: u8,
    /// Nodes visited since creation (for benchmarks and budgets).
    pub nodes: u64,
    /// Null-window probes of [`Solver::solve`] since creation (for measurements).
    pub probes: u64,
    /// Nodes of the last probe of the last [`Solver::solve`]: the one that proved the value,
    /// unless the value is the quick lower bound (every probe before it lowered the upper
    /// bound).
    pub last_probe_nodes: u64,
    stop_at: u64,
    aborted: bool,
    /// Cutoffs per seat and card (the history heuristic), a tiebreak in move ordering.
    history: [[u32; 24]; 4],
    /// Per inner seat and tricks left, the lead that last cut off after another lead had
    /// been tried first (the killer heuristic), plus one; 0 for none.
    killer: [[u8; 16]; 4],
    /// Per inner seat, tricks left and kind led, the card that last cut off in the middle
    /// of a trick after the card ordered first had failed (a countermove to the lead), plus
    /// one; 0 for none.
    counter: [[[u8; 32]; 16]; 4],
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(18)
    }
}

impl Solver {
    /// A solver whose table holds `2^bits` entries (32 bytes each, at least 4 entries).
    pub fn new(bits: u32) -> Solver {
        let buckets = 1usize << (bits.clamp(2, 40) - 1);
        Solver {
            tt: Table::new(buckets),
            shift: 64 - buckets.trailing_zeros(),
            gen: 1,
            nodes: 0,
            probes: 0,
            last_probe_nodes: 0,
            stop_at: u64::MAX,
            aborted: false,
            history: [[0; 24]; 4],
            killer: [[0; 16]; 4],
            counter: [[[0; 32]; 16]; 4],
        }
    }

    /// Forgets everything learnt (the table and the move history) in constant time, so a
    /// solve after it costs what a solve with a fresh solver costs.
    pub fn clear(&mut self) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.tt.fill(Bucket::default());
            self.gen = 1;
        }
        self.history = [[0; 24]; 4];
        self.killer = [[0; 16]; 4];
        self.counter = [[[0; 32]; 16]; 4];
    }

    /// The exact value: what the soloist still takes with best play on both sides.
    pub fn solve(&mut self, pos: &Position) -> i32 {
        if pos.tricks_left == 0 {
            return 0;
        }
        // MTD(f) from above: null-window probes at the upper bound. A probe that fails low
        // costs little (the opponents need one refutation per soloist move) and its fail-soft
        // value is the next upper bound; the one expensive probe is the last, which proves
        // the value. On 20 positions with 10 tricks left this visited a quarter fewer nodes
        // than bisecting [lo, hi]. On the bench's 8 positions with 10 tricks left (dominated
        // cards skipped): 4.7 M nodes against 5.9 M for bisection and 5.2 M for steps
        // doubling downwards; with transposition cutoffs, 2.85 M against 3.6-3.8 M for
        // probes with windows 8 to 64 wide. A better first guess is worth little here: from
        // the exact value as the guess (`solve_from`, example `probe_cost`) the median of the
        // first 16 bench positions needs 145 K nodes against 162 K from above, and guesses
        // a few points low cost more than starting from above.
        self.solve_from(pos, pos.bounds().1)
    }

    /// The exact value by MTD(f) from a first guess: null-window probes at the guess, then
    /// one above the best lower bound or at the best upper bound found so far.
    pub fn solve_from(&mut self, pos: &Position, guess: i32) -> i32 {
        if pos.tricks_left == 0 {
            return 0;
        }
        let (mut lo, mut hi) = pos.bounds();
        let mut t = guess.clamp(lo + 1, hi.max(lo + 1));
        while lo < hi {
            let before = self.nodes;
            let g = self.search(pos, t - 1, t);
            self.probes += 1;
            self.last_probe_nodes = self.nodes - before;
            if g < t {
                hi = g;
                t = hi;
            } else {
                lo = g;
                t = lo + 1;
            }
        }
        lo
    }

    /// One null-window search at threshold `t`, fail-soft: a result of at least `t` is a
    /// lower bound on the value, a result below `t` an upper bound.
    pub fn probe(&mut self, pos: &Position, t: i32) -> i32 {
        if pos.tricks_left == 0 {
            return 0;
        }
        self.search(pos, t - 1, t)
    }

    /// True when the soloist takes at least `t` from here with best play on both sides.
    pub fn reaches(&mut self, pos: &Position, t: i32) -> bool {
        if t <= 0 {
            return true;
        }
        self.search(pos, t - 1, t) >= t
    }

    /// Like [`Solver::solve_moves`], but gives up (None) after `nodes` search nodes, so a
    /// bot's decision stays bounded by a count. The table keeps what was learnt.
    pub fn solve_moves_within(&mut self, pos: &Position, nodes: u64) -> Option<Vec<(Card, i32)>> {
        self.stop_at = self.nodes.saturating_add(nodes);
        self.aborted = false;
        let r = self.solve_moves(pos);
        self.stop_at = u64::MAX;
        (!std::mem::take(&mut self.aborted)).then_some(r)
    }

    /// Like [`Solver::solve`], but gives up (None) after `nodes` search nodes.
    pub fn solve_within(&mut self, pos: &Position, nodes: u64) -> Option<i32> {
        self.stop_at = self.nodes.saturating_add(nodes);
        self.aborted = false;
        let r = self.solve(pos);
        self.stop_at = u64::MAX;
        (!std::mem::take(&mut self.aborted)).then_some(r)
    }

    /// Like [`Solver::reaches`], but gives up (None) after `nodes` search nodes.
    pub fn reaches_within(&mut self, pos: &Position, t: i32, nodes: u64) -> Option<bool> {
        self.stop_at = self.nodes.saturating_add(nodes);
        self.aborted = false;
        let r = self.reaches(pos, t);
        self.stop_at = u64::MAX;
        (!std::mem::take(&mut self.aborted)).then_some(r)
    }

    /// The exact value of each legal card of the seat to play (after playing it, including
    /// the gain of the trick it completes).
    pub fn solve_moves(&mut self, pos: &Position) -> Vec<(Card, i32)> {
        let mut out = Vec::new();
        let mut m = pos.legal();
        while m != 0 {
            let c = Card::from_index(m.trailing_zeros() as usize);
            m &= m - 1;
            let mut child = *pos;
            let gain = child.play(c);
            out.push((c, gain + self.solve(&child)));
        }
        out
    }
}
