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

use binokel::cardset::suit_mask;
use binokel::deal::legal_response;
use binokel::{Card, Contract, Deal, Phase, Suit};

/// What the soloist counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Card points of won tricks plus 10 for the last trick.
    Points,
    /// Tricks won; the play stops at the first trick the soloist loses (Durch).
    Tricks,
}

const POINTS: [i32; 6] = [0, 2, 3, 4, 10, 11];

#[inline]
fn pts(c: u8) -> i32 {
    POINTS[(c % 6) as usize]
}

/// The card-play state the solver needs, small and `Copy`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    one: [u32; 4],
    two: [u32; 4],
    /// Seats: 3, or 4 in two partnerships (seats 0+2 and 1+3).
    n: u8,
    trump: Option<Suit>,
    soloist: u8,
    leader: u8,
    to_act: u8,
    trick: [u8; 4],
    trick_len: u8,
    win: u8,
    tricks_left: u8,
    objective: Objective,
}

impl Position {
    /// The play position of a three- or four-seat deal in trick play (None otherwise). With
    /// four seats the soloist's partner plays on the soloist's side.
    pub fn from_deal(d: &Deal, objective: Objective) -> Option<Position> {
        let n = d.players();
        if d.phase() != Phase::Play || !(3..=4).contains(&n) {
            return None;
        }
        let mut p = Position {
            one: [0; 4],
            two: [0; 4],
            n: n as u8,
            trump: d.trump(),
            soloist: d.soloist()? as u8,
            leader: d.leader() as u8,
            to_act: d.to_act()? as u8,
            trick: [0; 4],
            trick_len: 0,
            win: 0,
            tricks_left: (d.total_tricks() - d.tricks_played()) as u8,
            objective,
        };
        for s in 0..n {
            p.one[s] = d.hand(s).kinds();
            p.two[s] = d.hand(s).doubles();
        }
        for &c in d.current_trick() {
            let i = p.trick_len as usize;
            p.trick[i] = c.index() as u8;
            if i > 0 && p.beats(p.trick[i], p.trick[p.win as usize]) {
                p.win = i as u8;
            }
            p.trick_len += 1;
        }
        if d.contract() == Some(Contract::Durch) && objective == Objective::Points {
            // Points make no sense in Durch; the caller wants tricks.
            p.objective = Objective::Tricks;
        }
        Some(p)
    }

    /// The seat to play.
    pub fn to_act(&self) -> usize {
        self.to_act as usize
    }

    /// The soloist.
    pub fn soloist(&self) -> usize {
        self.soloist as usize
    }

    /// True when the seat to play is on the soloist's side (it maximises).
    pub fn maximising(&self) -> bool {
        self.solo_side(self.to_act as usize)
    }

    /// True when `seat` plays on the soloist's side (the soloist, or its partner with four
    /// seats).
    #[inline]
    pub fn solo_side(&self, seat: usize) -> bool {
        if self.n == 4 {
            seat % 2 == self.soloist as usize % 2
        } else {
            seat == self.soloist as usize
        }
    }

    /// Tricks not yet complete (the current one included).
    pub fn tricks_left(&self) -> u32 {
        u32::from(self.tricks_left)
    }

    /// True when every trick is done.
    pub fn is_over(&self) -> bool {
        self.tricks_left == 0
    }

    #[inline]
    fn beats(&self, c: u8, w: u8) -> bool {
        if c / 6 == w / 6 {
            c > w
        } else {
            self.trump.is_some_and(|t| (c / 6) as usize == t.index())
        }
    }

    /// Legal cards of the seat to play, as a kind mask.
    #[inline]
    pub fn legal(&self) -> u32 {
        let hand = self.one[self.to_act as usize];
        if self.trick_len == 0 {
            return hand;
        }
        let led = Suit::from_index((self.trick[0] / 6) as usize);
        let w = Card::from_index(self.trick[self.win as usize] as usize);
        legal_response(hand, led, w, self.trump)
    }

    /// Plays a card (must be legal); returns the soloist's gain from a completed trick.
    #[inline]
    pub fn play(&mut self, c: Card) -> i32 {
        let c = c.index() as u8;
        let s = self.to_act as usize;
        let b = 1u32 << c;
        if self.two[s] & b != 0 {
            self.two[s] &= !b;
        } else {
            self.one[s] &= !b;
        }
        let i = self.trick_len as usize;
        self.trick[i] = c;
        if i > 0 && self.beats(c, self.trick[self.win as usize]) {
            self.win = i as u8;
        }
        self.trick_len += 1;
        if self.trick_len < self.n {
            self.to_act = (self.to_act + 1) % self.n;
            return 0;
        }
        let winner = (self.leader + self.win) % self.n;
        let ours = self.solo_side(winner as usize);
        let mut gain = 0;
        match self.objective {
            Objective::Points => {
                if ours {
                    gain = self.trick[..self.n as usize].iter().map(|&c| pts(c)).sum::<i32>();
                    if self.tricks_left == 1 {
                        gain += 10;
                    }
                }
                self.tricks_left -= 1;
            }
            Objective::Tricks => {
                if ours {
                    gain = 1;
                    self.tricks_left -= 1;
                } else {
                    self.tricks_left = 0;
                }
            }
        }
        self.leader = winner;
        self.to_act = winner;
        self.trick_len = 0;
        self.win = 0;
        gain
    }

    /// The most the soloist could still gain (all remaining points, or all tricks).
    fn upper(&self) -> i32 {
        match self.objective {
            Objective::Tricks => i32::from(self.tricks_left),
            Objective::Points => {
                let mut p = 0;
                for s in 0..self.n as usize {
                    p += binokel::CardSet::from_masks(self.one[s], self.two[s]).points() as i32;
                }
                p + self.trick[..self.trick_len as usize]
                    .iter()
                    .map(|&c| pts(c))
                    .sum::<i32>()
                    + 10
            }
        }
    }

    /// Bounds `(lo, hi)` on what the soloist still takes, without search. At a trick
    /// boundary, a trump higher than every trump of the other side wins its trick whenever it
    /// is played, so its points are sure for its side (a duplicate on the other side could
    /// tie and, played first, win, so only kinds strictly above count). Mid-trick: 0 and all
    /// points left.
    pub fn bounds(&self) -> (i32, i32) {
        let up = self.upper();
        let (Some(t), Objective::Points, 0) = (self.trump, self.objective, self.trick_len) else {
            return (0, up);
        };
        let tm = suit_mask(t);
        let n = self.n as usize;
        let (mut ours, mut theirs) = ([0usize; 2], [0usize; 3]);
        let (mut no, mut nt) = (0, 0);
        let (mut solo, mut opp) = (0u32, 0u32);
        for s in 0..n {
            if self.solo_side(s) {
                ours[no] = s;
                no += 1;
                solo |= self.one[s] & tm;
            } else {
                theirs[nt] = s;
                nt += 1;
                opp |= self.one[s] & tm;
            }
        }
        let top = |m: u32| if m == 0 { 0 } else { 32 - m.leading_zeros() };
        // Kinds strictly above the other side's best trump.
        let above = |m: u32| if m == 0 { u32::MAX } else { !((1u32 << top(m)) - 1) };
        let sure = |mine: u32, other: u32, seats: &[usize]| {
            let mut p = 0;
            let mut k = mine & above(other);
            while k != 0 {
                let c = k.trailing_zeros() as u8;
                k &= k - 1;
                let copies: i32 = seats
                    .iter()
                    .map(|&x| i32::from(self.one[x] >> c & 1 == 1) + i32::from(self.two[x] >> c & 1 == 1))
                    .sum();
                p += pts(c) * copies;
            }
            p
        };
        let lo = sure(solo, opp, &ours[..no]);
        let lost = sure(opp, solo, &theirs[..nt]);
        (lo, up - lost)
    }

    /// The table key of a trick boundary: the hands, the leader and what is counted.
    fn key(&self) -> [u64; 4] {
        let tag = u64::from(self.leader)
            | u64::from(self.soloist) << 2
            | (self.trump.map_or(4, |t| t.index() as u64)) << 4
            | u64::from(self.objective == Objective::Tricks) << 7
            | u64::from(self.n) << 8;
        let w = |s: usize| u64::from(self.one[s]) | u64::from(self.two[s]) << 24;
        [w(0) | tag << 48, w(1), w(2), w(3)]
    }
}

#[derive(Copy, Clone, Default)]
struct Entry {
    key: [u64; 4],
    lo: i16,
    hi: i16,
    used: bool,
    /// The card that was best or cut off last time, tried first (0: none, else index + 1).
    best: u8,
}

/// The solver, with its transposition table (kept across solves).
pub struct Solver {
    tt: Vec<Entry>,
    mask: usize,
    /// Nodes visited since creation (for benchmarks and budgets).
    pub nodes: u64,
    stop_at: u64,
    aborted: bool,
    /// Cutoffs per seat and card (the history heuristic), a tiebreak in move ordering.
    history: [[u32; 24]; 4],
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(18)
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Solver {
    /// A solver whose table holds `2^bits` entries (40 bytes each).
    pub fn new(bits: u32) -> Solver {
        Solver {
            tt: vec![Entry::default(); 1 << bits],
            mask: (1 << bits) - 1,
            nodes: 0,
            stop_at: u64::MAX,
            aborted: false,
            history: [[0; 24]; 4],
        }
    }

    fn slot(&self, k: &[u64; 4]) -> usize {
        (mix(k[0] ^ mix(k[1] ^ mix(k[2] ^ mix(k[3])))) as usize) & self.mask
    }

    /// The exact value: what the soloist still takes with best play on both sides.
    pub fn solve(&mut self, pos: &Position) -> i32 {
        if pos.tricks_left == 0 {
            return 0;
        }
        let (mut lo, mut hi) = pos.bounds();
        // MTD(f) from above: null-window probes at the upper bound. A probe that fails low
        // costs little (the opponents need one refutation per soloist move) and its fail-soft
        // value is the next upper bound; the one expensive probe is the last, which proves
        // the value. On 20 positions with 10 tricks left this visited a quarter fewer nodes
        // than bisecting [lo, hi].
        while lo < hi {
            let g = self.search(pos, hi - 1, hi);
            if g < hi {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
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

    fn search(&mut self, pos: &Position, mut alpha: i32, mut beta: i32) -> i32 {
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
            // The last trick is forced: every seat holds one card.
            let mut p = *pos;
            let mut gain = 0;
            for _ in 0..p.n {
                let h = p.one[p.to_act as usize];
                gain += p.play(Card::from_index(h.trailing_zeros() as usize));
            }
            return gain;
        }
        if boundary {
            let (lo, up) = pos.bounds();
            if up <= alpha {
                return up;
            }
            if lo >= beta {
                return lo;
            }
        }
        let mut key = [0u64; 4];
        let mut slot = 0;
        let mut hint = 0u8;
        if boundary {
            key = pos.key();
            slot = self.slot(&key);
        }
        let e = self.tt[slot];
        if boundary && e.used && e.key == key {
            hint = e.best;
            let (lo, hi) = (i32::from(e.lo), i32::from(e.hi));
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
        let maxing = pos.solo_side(pos.to_act as usize);
        let mut moves = [0u8; 24];
        let n = order_moves(pos, &mut moves, &self.history[pos.to_act as usize]);
        if hint != 0 {
            if let Some(i) = moves[..n].iter().position(|&c| c + 1 == hint) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        let mut best_card = 0u8;
        for &c in &moves[..n] {
            let mut child = *pos;
            let gain = child.play(Card::from_index(c as usize));
            let v = gain + self.search(&child, alpha - gain, beta - gain);
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
                let h = &mut self.history[pos.to_act as usize][c as usize];
                *h = h.saturating_add(u32::from(pos.tricks_left) * u32::from(pos.tricks_left));
                break;
            }
        }
        if boundary && !self.aborted {
            let e = &mut self.tt[slot];
            let fresh = !(e.used && e.key == key);
            if fresh {
                *e = Entry {
                    key,
                    lo: 0,
                    hi: i16::MAX,
                    used: true,
                    best: 0,
                };
            }
            e.best = best_card;
            if best <= alpha0 {
                e.hi = e.hi.min(best as i16);
            } else if best >= beta0 {
                e.lo = e.lo.max(best as i16);
            } else {
                e.lo = best as i16;
                e.hi = best as i16;
            }
        }
        best
    }
}

/// Orders the legal cards, most promising first; returns how many.
fn order_moves(pos: &Position, out: &mut [u8; 24], history: &[u32; 24]) -> usize {
    let legal = pos.legal();
    let mut scored = [(0i32, 0u8); 24];
    let mut n = 0;
    let me = pos.to_act;
    let solo_side = |s: u8| pos.solo_side(s as usize);
    let trump_mask = pos.trump.map_or(0, suit_mask);
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        let p = pts(c);
        let is_trump = trump_mask & (1 << c) != 0;
        let score = if pos.trick_len == 0 {
            // Leading: high cards first (they tend to win), trumps a little later.
            (c % 6) as i32 * 4 + p - if is_trump { 6 } else { 0 }
        } else {
            let w = pos.trick[pos.win as usize];
            let wseat = (pos.leader + pos.win) % pos.n;
            let mine_wins = solo_side(wseat) == solo_side(me);
            if pos.beats(c, w) {
                // Winning: the cheapest winner when others follow, the richest when last.
                if pos.trick_len == pos.n - 1 {
                    100 + p
                } else {
                    100 - p
                }
            } else if mine_wins {
                50 + p
            } else {
                -p - if is_trump { 20 } else { 0 }
            }
        };
        // The rule score decides; cutoffs seen so far break ties.
        scored[n] = ((score << 21) + history[c as usize].min((1 << 20) - 1) as i32, c);
        n += 1;
    }
    let s = &mut scored[..n];
    s.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
    for (i, &(_, c)) in s.iter().enumerate() {
        out[i] = c;
    }
    n
}

/// Plain exhaustive minimax with no pruning and no table: the reference the tests compare the
/// solver against on small endgames.
pub fn minimax(pos: &Position) -> i32 {
    if pos.tricks_left == 0 {
        return 0;
    }
    let maxing = pos.solo_side(pos.to_act as usize);
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
