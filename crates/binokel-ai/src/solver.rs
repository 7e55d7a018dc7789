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

use binokel::cardset::{suit_mask, SUIT_POINTS};
use binokel::deal::legal_from_masks;
use binokel::{Card, Contract, Deal, Phase, Suit};
use bytemuck::{Pod, Zeroable};
use memmap2::{MmapMut, MmapOptions};

/// What the soloist counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Card points of won tricks plus 10 for the last trick.
    Points,
    /// Tricks won; the play stops at the first trick the soloist loses (Durch).
    Tricks,
}

const POINTS: [i32; 6] = [0, 2, 3, 4, 10, 11];

/// `SUIT_OF[k]`: the kinds of the suit of kind `k` (a load instead of a division by 6).
const SUIT_OF: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = 63u32 << (6 * (k / 6));
        k += 1;
    }
    t
};

/// The kinds of the suit of kind `k`.
#[inline]
fn sm_of(k: u32) -> u32 {
    SUIT_OF[(k & 31) as usize]
}

/// `PTS[k]`: the points of kind `k` (32 entries so that `k & 31` needs no bounds check).
const PTS: [i8; 32] = {
    let mut t = [0i8; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = POINTS[k % 6] as i8;
        k += 1;
    }
    t
};

#[inline]
fn pts(c: u8) -> i32 {
    i32::from(PTS[(c & 31) as usize])
}

/// Every kind: the led-suit and beat masks before a trick's first card.
const ALL: u32 = 0xFF_FFFF;

/// `ABOVE[k]`: the kinds of the suit of `k` above it.
const ABOVE: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = (63u32 << (6 * (k / 6))) & !((2u32 << k) - 1);
        k += 1;
    }
    t
};

// The default x86-64 target has no popcount instruction (`count_ones` is a dozen
// instructions there), so the bounds count the cards of one suit (6 bits) from tables.

/// `POP6[m]`: the number of kinds in a 6-bit suit pattern.
const POP6: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// `HI6[m]`: the highest kind in a 6-bit suit pattern, -1 for none (any card is at least
/// as high as the best of nothing).
const HI6: [i8; 64] = {
    let mut t = [-1i8; 64];
    let mut m = 1;
    while m < 64 {
        t[m] = 31 - (m as u32).leading_zeros() as i8;
        m += 1;
    }
    t
};

/// `OVER6[m]`: the kinds of a suit strictly above the highest kind of the 6-bit pattern `m`
/// (all six for none).
const OVER6: [u8; 64] = {
    let mut t = [63u8; 64];
    let mut m = 1;
    while m < 64 {
        t[m] = (63 & !((2u32 << (31 - (m as u32).leading_zeros())) - 1)) as u8;
        m += 1;
    }
    t
};

/// The number of kinds in the 6-bit pattern of suit `x` of the kind mask `m`.
#[inline]
fn pop_suit(m: u32, x: usize) -> u32 {
    u32::from(POP6[((m >> (6 * x)) & 63) as usize])
}

/// True when the kind mask has at least two kinds.
#[inline]
fn two_or_more(m: u32) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// How many of the four kinds of rank `r` (one per suit) the mask holds.
#[inline]
fn rank_count(m: u32, r: usize) -> u32 {
    // The four bits sit 6 apart; one multiplication adds them up in bits 18-20 (each
    // partial sum is at most 4, so nothing carries between the 6-bit fields).
    let y = u64::from((m >> r) & 0x41041);
    ((y * 0x41041) >> 18) as u32 & 7
}

/// `RUNS[c | o << 6]`, for the kinds `c` of one suit (6 bits) a seat may play and the kinds
/// `o` of that suit the other seats hold: the runs of `c`, maximal sets of its kinds with no
/// kind of `o` between two of them, as the kinds that are not the top of their run and those
/// that are not the bottom (both 0 for a run of one kind).
const RUNS: [(u8, u8); 4096] = {
    let mut t = [(0u8, 0u8); 4096];
    let mut i = 0;
    while i < 4096 {
        let (c, o) = (i & 63, i >> 6);
        let (mut not_top, mut not_bottom) = (0u8, 0u8);
        // From the top down: `prev` is the last kind of `c` seen (6 for none), and whether
        // a kind of `o` came since.
        let mut prev = 6usize;
        let mut gap = false;
        let mut k = 6;
        while k > 0 {
            k -= 1;
            if o & (1 << k) != 0 {
                gap = true;
            } else if c & (1 << k) != 0 {
                if prev < 6 && !gap {
                    not_top |= 1 << k;
                    not_bottom |= 1 << prev;
                }
                prev = k;
                gap = false;
            }
        }
        t[i] = (not_top, not_bottom);
        i += 1;
    }
    t
};

/// The card-play state the solver needs, small and `Copy`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Per inner seat, the kinds it holds (at least one copy). With three seats, seat 3 is
    /// always empty: the bounds, the dominance and the move order read it as a seat that
    /// holds nothing instead of looping over the seats.
    one: [u32; 4],
    /// Per inner seat, the kinds it holds both copies of.
    two: [u32; 4],
    /// Seats: 3, or 4 in two partnerships (seats 0+2 and 1+3).
    n: u8,
    trump: Option<Suit>,
    /// The trump kinds (0 without trump).
    tmask: u32,
    /// The kinds of the led suit ([`ALL`] before the trick's first card).
    led: u32,
    /// The kinds that beat the trick's winning card ([`ALL`] before the first card).
    beat: u32,
    /// The soloist's seat in the deal. Inside, seats are numbered from the soloist (seat 0):
    /// the value depends on a seat only through its side and its place in the playing
    /// order, and the table key then needs no rotation.
    soloist: u8,
    leader: u8,
    to_act: u8,
    trick: [u8; 4],
    trick_len: u8,
    win: u8,
    tricks_left: u8,
    objective: Objective,
    /// Points of the cards still in the hands, kept as cards fall.
    rest: i16,
    /// Points of the cards in the current trick.
    tpts: i16,
}

impl Position {
    /// The play position of a three- or four-seat deal in trick play (None otherwise). With
    /// four seats the soloist's partner plays on the soloist's side.
    pub fn from_deal(d: &Deal, objective: Objective) -> Option<Position> {
        let n = d.players();
        if d.phase() != Phase::Play || !(3..=4).contains(&n) {
            return None;
        }
        let sol = d.soloist()?;
        let inner = |seat: usize| ((seat + n - sol) % n) as u8;
        let mut p = Position {
            one: [0; 4],
            two: [0; 4],
            n: n as u8,
            trump: d.trump(),
            tmask: d.trump().map_or(0, suit_mask),
            led: ALL,
            beat: ALL,
            soloist: sol as u8,
            leader: inner(d.leader()),
            to_act: inner(d.to_act()?),
            trick: [0; 4],
            trick_len: 0,
            win: 0,
            tricks_left: (d.total_tricks() - d.tricks_played()) as u8,
            objective,
            rest: 0,
            tpts: 0,
        };
        for s in 0..n {
            let i = inner(s) as usize;
            p.one[i] = d.hand(s).kinds();
            p.two[i] = d.hand(s).doubles();
            p.rest += d.hand(s).points() as i16;
        }
        for &c in d.current_trick() {
            p.add_to_trick(c.index() as u8);
        }
        if d.contract() == Some(Contract::Durch) && objective == Objective::Points {
            // Points make no sense in Durch; the caller wants tricks.
            p.objective = Objective::Tricks;
        }
        Some(p)
    }

    /// The seat to play.
    pub fn to_act(&self) -> usize {
        (self.to_act as usize + self.soloist as usize) % self.n as usize
    }

    /// The soloist.
    pub fn soloist(&self) -> usize {
        self.soloist as usize
    }

    /// True when the seat to play is on the soloist's side (it maximises).
    pub fn maximising(&self) -> bool {
        self.side(self.to_act as usize)
    }

    /// True when `seat` plays on the soloist's side (the soloist, or its partner with four
    /// seats).
    pub fn solo_side(&self, seat: usize) -> bool {
        let n = self.n as usize;
        self.side((seat + n - self.soloist as usize % n) % n)
    }

    /// [`Position::solo_side`] of an inner seat (numbered from the soloist).
    #[inline]
    fn side(&self, inner: usize) -> bool {
        self.side_of::<0>(inner)
    }

    /// Tricks not yet complete (the current one included).
    pub fn tricks_left(&self) -> u32 {
        u32::from(self.tricks_left)
    }

    /// True when every trick is done.
    pub fn is_over(&self) -> bool {
        self.tricks_left == 0
    }

    /// True when kind `c` beats the trick's winning card (always before the first card).
    #[inline]
    fn beats_winner(&self, c: u32) -> bool {
        self.beat & (1 << c) != 0
    }

    /// Puts kind `c` into the current trick: points, winner, led suit and beat mask.
    #[inline]
    fn add_to_trick(&mut self, c: u8) {
        let i = self.trick_len;
        self.trick[i as usize] = c;
        self.tpts += pts(c) as i16;
        let b = 1u32 << c;
        if self.beat & b != 0 {
            self.win = i;
            let suit = sm_of(u32::from(c));
            self.beat = ABOVE[(c & 31) as usize] | (self.tmask & !suit);
        }
        if i == 0 {
            self.led = sm_of(u32::from(c));
        }
        self.trick_len = i + 1;
    }

    /// Legal cards of the seat to play, as a kind mask.
    #[inline]
    pub fn legal(&self) -> u32 {
        legal_from_masks(self.one[self.to_act as usize], self.led, self.beat, self.tmask)
    }

    /// The legal kinds that another legal kind of the seat to play is provably at least as
    /// good as, for that seat's side (the search skips them; the value is unchanged).
    ///
    /// Why it is exact: let X > Y be two legal kinds of one suit in the seat's hand, and let
    /// no other hand hold a card of that suit from Y up to X (and the trick's winning card
    /// not lie between them either). Then every card of another hand beats X exactly when it
    /// beats Y, and X beats the trick's card exactly when Y does. Call A the game after
    /// playing X and B the game after Y: the seat's hands differ in one card (A holds a Y
    /// where B holds an X), the same moves are legal for everybody else, and the seat can
    /// copy in either game any strategy of the other, playing its X or Y exactly when the
    /// other game plays its Y or X (and the same card otherwise), with every trick won by the
    /// same seat. Two such lines differ only in which of the two cards falls in the current
    /// trick `t` and which in the later trick `u`: the soloist's difference A - B is
    /// `(p(X) - p(Y)) * (S(t) - S(u))`, with `S` 1 when the soloist's side wins the trick.
    /// When the side that wins `t` is already fixed (no later seat of this trick on the other
    /// side can legally play a card that beats the winning card), that difference has one
    /// sign in every line, so the seat, copying its best strategy of the worse game in the
    /// better one, does at least as well there: with `t` the soloist's, X (more points) is
    /// at least as good for the soloist and Y for the opponents; with `t` the opponents',
    /// the other way round. Counting only tricks, X and Y are worth the same whoever wins
    /// `t`. A run of such kinds therefore keeps only its top or its bottom card.
    pub fn dominated(&self) -> u32 {
        self.dominated_of_n::<0>(self.legal())
    }

    /// [`Position::dominated`] given the legal kinds.
    #[inline(always)]
    fn dominated_of_n<const N: u8>(&self, legal: u32) -> u32 {
        if !two_or_more(legal) {
            return 0;
        }
        let h = self.to_act as usize;
        // With three seats seat 3 is empty, so the three slots other than `h` hold exactly
        // the other seats' cards.
        let others = self.one[(h + 1) & 3] | self.one[(h + 2) & 3] | self.one[(h + 3) & 3];
        let cand = legal & !others;
        if !two_or_more(cand) {
            return 0;
        }
        self.dominated_runs_n::<N>(cand, others)
    }

    /// [`Position::dominated_of_n`] once two legal kinds `cand` are held by no other seat
    /// (`others`): the runs among them, per suit from the table [`RUNS`]. The kinds that
    /// beat the trick's winning card lie above those that do not (or are all of the suit),
    /// so the two groups are looked up apart and no run mixes them. The runs that do not
    /// beat all leave the same card winning, so one decision serves them all; a run that
    /// beats it wins with its top card, which the later seats may or may not beat, so that
    /// decision is per suit (and nothing is dropped in the rare suit with two such runs of
    /// two or more kinds). Inlined since it is table lookups now (1.2 % fewer instructions
    /// in the bench's solves than a call).
    #[inline]
    fn dominated_runs_n<const N: u8>(&self, cand: u32, others: u32) -> u32 {
        let tricks = self.objective == Objective::Tricks;
        let mut drop = 0u32;
        // Not beating: the suits' runs first, one decision after.
        let low = cand & !self.beat;
        if two_or_more(low) {
            let (mut not_top, mut not_bottom) = (0u32, 0u32);
            for x in 0..4 {
                let sh = 6 * x;
                let c = (low >> sh) & 63;
                if two_or_more(c) {
                    let (a, b) = RUNS[(c | ((others >> sh) & 63) << 6) as usize];
                    not_top |= u32::from(a) << sh;
                    not_bottom |= u32::from(b) << sh;
                }
            }
            if not_top != 0 {
                drop |= if tricks {
                    not_top
                } else {
                    match self.keep_top_n::<N>(false, 0, self.led) {
                        Some(true) => not_top,
                        Some(false) => not_bottom,
                        None => 0,
                    }
                };
            }
        }
        // Beating: per suit.
        let high = cand & self.beat;
        if two_or_more(high) {
            for x in 0..4 {
                let sh = 6 * x;
                let c = (high >> sh) & 63;
                if !two_or_more(c) {
                    continue;
                }
                let (a, b) = RUNS[(c | ((others >> sh) & 63) << 6) as usize];
                if a == 0 {
                    continue;
                }
                if tricks {
                    drop |= u32::from(a) << sh;
                    continue;
                }
                // The tops of the runs of two or more kinds.
                let tops = u32::from(b & !a);
                if two_or_more(tops) {
                    continue;
                }
                let top = sh as u32 + tops.trailing_zeros();
                let sm = 63u32 << sh;
                let led = if self.trick_len == 0 { sm } else { self.led };
                drop |= match self.keep_top_n::<N>(true, top, led) {
                    Some(true) => u32::from(a) << sh,
                    Some(false) => u32::from(b) << sh,
                    None => 0,
                };
            }
        }
        drop
    }

    /// For a run (see [`Position::dominated_of_n`]) whose cards beat the trick's winning card
    /// (`beats`, then `top` is its highest kind) or do not: `Some(true)` when the seat to
    /// play keeps the run's top card, `Some(false)` its bottom card, `None` when the side
    /// that wins the trick is not fixed (a later seat of the other side may beat it) and
    /// the run keeps all its cards. `led`: the suit the later seats must follow.
    #[inline]
    fn keep_top_n<const N: u8>(&self, beats: bool, top: u32, led: u32) -> Option<bool> {
        let h = self.to_act as usize;
        let n = self.seats::<N>() as usize;
        // The side that wins the current trick, if no later seat can change it.
        let (wc, wseat) = if self.trick_len > 0 && !beats {
            let mut s = (self.leader + self.win) as usize;
            if s >= n {
                s -= n;
            }
            (u32::from(self.trick[self.win as usize]), s)
        } else {
            (top, h)
        };
        let side = self.side_of::<N>(wseat);
        let trump_mask = self.tmask;
        let beat_w = ABOVE[(wc & 31) as usize]
            | if trump_mask & (1 << wc) == 0 {
                trump_mask
            } else {
                0
            };
        // A later seat holding the led suit must follow it.
        for j in usize::from(self.trick_len) + 1..n {
            let mut s = self.leader as usize + j;
            if s >= n {
                s -= n;
            }
            let hand = self.one[s];
            let can = if hand & led != 0 { hand & led } else { hand };
            if self.side_of::<N>(s) != side && can & beat_w != 0 {
                return None;
            }
        }
        Some(side == self.side_of::<N>(h))
    }

    /// The soloist's gain from the last trick, which is forced (every seat holds one card;
    /// called at its start), as [`Position::play`] would count it card by card.
    fn last_trick_n<const N: u8>(&self) -> i32 {
        let n = self.seats::<N>();
        let mut s = self.to_act;
        let (mut beat, mut win, mut points) = (ALL, s, 0);
        for _ in 0..n {
            let c = self.one[s as usize].trailing_zeros();
            points += pts(c as u8);
            if beat & (1 << c) != 0 {
                win = s;
                beat = ABOVE[(c & 31) as usize] | (self.tmask & !sm_of(c));
            }
            s = if s + 1 == n { 0 } else { s + 1 };
        }
        if self.side_of::<N>(win as usize) {
            points + 10
        } else {
            0
        }
    }

    /// [`Position::play`] with the seat count `N` known (see [`Position::seats`]).
    #[inline(always)]
    fn play_n<const N: u8>(&mut self, c: Card) -> i32 {
        let c = c.index() as u8;
        let s = self.to_act as usize;
        let b = 1u32 << c;
        if self.two[s] & b != 0 {
            self.two[s] &= !b;
        } else {
            self.one[s] &= !b;
        }
        self.rest -= pts(c) as i16;
        self.add_to_trick(c);
        if self.trick_len < self.seats::<N>() {
            self.to_act = if self.to_act + 1 == self.seats::<N>() {
                0
            } else {
                self.to_act + 1
            };
            return 0;
        }
        let mut winner = self.leader + self.win;
        if winner >= self.seats::<N>() {
            winner -= self.seats::<N>();
        }
        let ours = self.side_of::<N>(winner as usize);
        let mut gain = 0;
        match self.objective {
            Objective::Points => {
                if ours {
                    gain = i32::from(self.tpts);
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
        self.tpts = 0;
        self.led = ALL;
        self.beat = ALL;
        gain
    }

    /// The most the soloist could still gain (all remaining points, or all tricks).
    fn upper(&self) -> i32 {
        match self.objective {
            Objective::Tricks => i32::from(self.tricks_left),
            Objective::Points => i32::from(self.rest) + i32::from(self.tpts) + 10,
        }
    }

    /// [`Position::bounds`] with the seat count `N` known (see [`Position::seats`]).
    fn bounds_n<const N: u8>(&self) -> (i32, i32) {
        let up = self.upper();
        if self.trick_len != 0 || self.tricks_left < 2 {
            return (0, up);
        }
        let leader = self.leader as usize;
        let (cash_pts, cash_tricks) = self.cash_n::<N>(leader);
        let solo_leads = self.side_of::<N>(leader);
        let (mut lo, mut hi) = (0, up);
        match self.objective {
            Objective::Tricks => {
                if solo_leads {
                    lo = cash_tricks as i32;
                } else if cash_tricks > 0 {
                    hi = 0;
                }
                return (lo, hi);
            }
            Objective::Points if solo_leads => lo = cash_pts,
            Objective::Points => hi = up - cash_pts,
        }
        let (slo, shi) = self.sure_trumps_n::<N>(up);
        (lo.max(slo), hi.min(shi))
    }

    /// What the side of `leader` surely takes by leading winners from its hand before the
    /// other side can win a trick: points and tricks. Trumps first, each at least as high
    /// as every trump the other side still holds (the leader's copy, played first, beats an
    /// equal one); then, per plain suit, cards at least as high as every card of the suit
    /// the other side still holds, for as many rounds as every other seat with a trump left
    /// still has to follow. The other side is assumed to follow with its cheapest cards
    /// (which also keeps its highest ones longest) and to give nothing when it cannot follow,
    /// so whatever it really plays, the leader's side takes at least this much.
    fn cash_n<const N: u8>(&self, leader: usize) -> (i32, u32) {
        let (p, q) = self.pair_n::<N>(!self.side_of::<N>(leader));
        let union = self.one[p] | self.one[q];
        // A suit cashes nothing unless the leader's best card of it is at least the other
        // side's best, which most suits fail: decide that for all four first.
        let lead = self.one[leader];
        let mut can = 0u32;
        for x in 0..4 {
            let la = (lead >> (6 * x)) & 63;
            if la != 0 && (union >> (6 * x)) & u32::from(OVER6[la as usize]) == 0 {
                can |= 1 << x;
            }
        }
        let (mut pts, mut tricks) = (0i32, 0u32);
        if can != 0 {
            let count = |s: usize, x: usize| pop_suit(self.one[s], x) + pop_suit(self.two[s], x);
            // Which of the two others still hold a trump after the trump rounds.
            let (mut ruff_p, mut ruff_q) = (false, false);
            if let Some(t) = self.trump {
                let t = t.index();
                let rounds = if can & (1 << t) != 0 {
                    self.cash_suit(leader, (p, q), t, u32::MAX, &mut pts)
                } else {
                    0
                };
                tricks += rounds;
                ruff_p = count(p, t) > rounds;
                ruff_q = count(q, t) > rounds;
                can &= !(1 << t);
            }
            while can != 0 {
                let x = can.trailing_zeros() as usize;
                can &= can - 1;
                // Rounds the others must follow before one with a trump left could ruff.
                let mut limit = u32::MAX;
                if ruff_p {
                    limit = count(p, x);
                }
                if ruff_q {
                    limit = limit.min(count(q, x));
                }
                tricks += self.cash_suit(leader, (p, q), x, limit, &mut pts);
            }
        }
        if self.objective == Objective::Points && tricks >= u32::from(self.tricks_left) {
            pts += 10;
        }
        (pts, tricks)
    }

    /// The seats of the soloist's side (`solo`) or of the other side, always two: a
    /// three-seat side of one seat gets the empty seat 3 as its second.
    #[inline]
    fn pair_n<const N: u8>(&self, solo: bool) -> (usize, usize) {
        let four = self.seats::<N>() == 4;
        match (solo, four) {
            (true, true) => (0, 2),
            (true, false) => (0, 3),
            (false, true) => (1, 3),
            (false, false) => (1, 2),
        }
    }

    /// [`Position::cash_n`] in suit `x` against the seats `(p, q)` for at most `limit` rounds:
    /// the rounds won, their points added to `pts`.
    #[inline]
    fn cash_suit(&self, leader: usize, (p, q): (usize, usize), x: usize, limit: u32, pts: &mut i32) -> u32 {
        let sh = 6 * x;
        let suit = |s: usize| ((self.one[s] >> sh) & 63, (self.two[s] >> sh) & 63);
        let (mut a, mut b) = suit(leader);
        let (mut pa, mut pb) = suit(p);
        let (mut qa, mut qb) = suit(q);
        // One copy of the lowest kind of `(a, b)` leaves it; returns the kind.
        let follow = |a: &mut u32, b: &mut u32| {
            let low = a.trailing_zeros();
            if *b & (1 << low) != 0 {
                *b &= !(1 << low);
            } else {
                *a &= !(1 << low);
            }
            low
        };
        let mut rounds = 0u32;
        // The leader's cards of the suit from the top, one copy at a time.
        while a != 0 && rounds < limit {
            let top = HI6[a as usize];
            if b & (1 << top) != 0 {
                b &= !(1 << top);
            } else {
                a &= !(1 << top);
            }
            // The others' best card of the suit (they follow low, keeping it).
            if top < HI6[pa as usize].max(HI6[qa as usize]) {
                break;
            }
            rounds += 1;
            *pts += i32::from(PTS[(top & 31) as usize]);
            // Each follows with its cheapest card of the suit, if it has one.
            if pa != 0 {
                *pts += i32::from(PTS[(follow(&mut pa, &mut pb) & 31) as usize]);
            }
            if qa != 0 {
                *pts += i32::from(PTS[(follow(&mut qa, &mut qb) & 31) as usize]);
            }
        }
        rounds
    }

    /// The sure-trump bounds: a seat's trumps above every trump of the other side.
    fn sure_trumps_n<const N: u8>(&self, up: i32) -> (i32, i32) {
        let Some(t) = self.trump else {
            return (0, up);
        };
        let sh = 6 * t.index();
        let ((s0, s1), (o0, o1)) = (self.pair_n::<N>(true), self.pair_n::<N>(false));
        let tr = |s: usize| (self.one[s] >> sh) & 63;
        let (solo, opp) = (tr(s0) | tr(s1), tr(o0) | tr(o1));
        // Kinds strictly above the other side's best trump. At most one side has any: when
        // both hold trumps, the other side's best is at least as high.
        let (sure_solo, sure_opp) = (
            solo & u32::from(OVER6[opp as usize]),
            opp & u32::from(OVER6[solo as usize]),
        );
        let (k, (w0, w1), (l0, l1)) = if sure_solo != 0 {
            (sure_solo, (s0, s1), (o0, o1))
        } else if sure_opp != 0 {
            (sure_opp, (o0, o1), (s0, s1))
        } else {
            return (0, up);
        };
        // The sure trumps' points, and the most one seat holds (the tricks they win).
        let sure = |s: usize| {
            let (a, b) = ((self.one[s] >> sh) & k, (self.two[s] >> sh) & k);
            (
                i32::from(SUIT_POINTS[a as usize]) + i32::from(SUIT_POINTS[b as usize]),
                u32::from(POP6[a as usize] + POP6[b as usize]),
            )
        };
        let ((p0, m0), (p1, m1)) = (sure(w0), sure(w1));
        let m = m0.max(m1);
        let mut won = p0 + p1;
        for s in [l0, l1] {
            if self.one[s] != 0 {
                won += self.cheapest(s, m);
            }
        }
        if sure_solo != 0 {
            (won, up)
        } else {
            (0, up - won)
        }
    }

    /// The points of the `m` cheapest cards of seat `s`.
    #[inline]
    fn cheapest(&self, s: usize, mut m: u32) -> i32 {
        let mut p = 0;
        let (one, two) = (self.one[s], self.two[s]);
        // Ranks ascending: 9 J Q K 10 A, each rank four bits apart by suit.
        let mut r = 0;
        while m > 0 && r < 6 {
            let k = rank_count(one, r) + rank_count(two, r);
            let take = k.min(m);
            p += take as i32 * POINTS[r];
            m -= take;
            r += 1;
        }
        p
    }

    /// The table key of a trick boundary, exact in 128 bits: with the seats numbered from the
    /// soloist, per kind the key holds whether each seat has a copy plus whether
    /// some seat has both. Both copies are never split between more than two holders, so a
    /// seat with both is the only one with a copy: the counts per seat can be read back.
    /// Everything else the value depends on (tricks and points left) follows from the hands.
    ///
    /// `N`: the seat count when the caller knows it (see [`Position::seats`]).
    #[inline]
    fn key_n<const N: u8>(&self) -> [u64; 2] {
        let o = self.one.map(u64::from);
        let both = self.two[0] | self.two[1] | self.two[2] | self.two[3];
        let tag = u64::from(self.leader)
            | (self.trump.map_or(4, |t| t.index() as u64)) << 2
            | u64::from(self.objective == Objective::Tricks) << 5
            | u64::from(self.seats::<N>() == 4) << 6;
        [
            o[0] | o[1] << 24 | (o[2] & 0xffff) << 48,
            o[2] >> 16 | o[3] << 8 | u64::from(both) << 32 | tag << 56,
        ]
    }

    /// What playing kind `c` (legal, the trick's last card) gives, as [`Position::play`]
    /// would: the soloist's gain, the tricks left after it, and the table key of the trick
    /// boundary it leads to, without the rest of the play's bookkeeping.
    #[inline]
    fn close_with_n<const N: u8>(&self, c: u32) -> (i32, u8, [u64; 2]) {
        let h = self.to_act as usize;
        let b = 1u32 << c;
        let w = if self.beat & b != 0 {
            self.trick_len
        } else {
            self.win
        };
        let mut winner = self.leader + w;
        if winner >= self.seats::<N>() {
            winner -= self.seats::<N>();
        }
        let ours = self.side_of::<N>(winner as usize);
        let left = self.tricks_left;
        let (gain, left) = match self.objective {
            Objective::Points => {
                let mut g = 0;
                if ours {
                    g = i32::from(self.tpts) + pts(c as u8);
                    if left == 1 {
                        g += 10;
                    }
                }
                (g, left - 1)
            }
            Objective::Tricks if ours => (1, left - 1),
            Objective::Tricks => (0, 0),
        };
        // This position's key (see `key`: seat `s`'s kinds from bit `24 s` of the 128, the
        // kinds held twice from bit 96, the leader at bit 120) without the card played: a
        // seat holding both copies keeps one, so the kind leaves the kinds held twice.
        let [mut k0, mut k1] = self.key_n::<N>();
        let gone = if self.two[h] & b != 0 {
            96 + c
        } else {
            24 * h as u32 + c
        };
        if gone < 64 {
            k0 &= !(1u64 << gone);
        } else {
            k1 &= !(1u64 << (gone - 64));
        }
        k1 = k1 & !(3u64 << 56) | u64::from(winner) << 56;
        (gain, left, [k0, k1])
    }
}

impl Position {
    /// The seat count: `N` when the caller knows it (3 or 4; the solver's search is
    /// compiled once for each), else read from the position (`N` 0).
    #[inline(always)]
    fn seats<const N: u8>(&self) -> u8 {
        if N == 0 {
            self.n
        } else {
            N
        }
    }

    /// [`Position::side`] with the seat count `N` known (see [`Position::seats`]): with
    /// three seats only the soloist (seat 0), with four the soloist and its partner (seats 0
    /// and 2). The one place that says which seats are the soloist's side.
    #[inline(always)]
    fn side_of<const N: u8>(&self, inner: usize) -> bool {
        if self.seats::<N>() == 4 {
            inner & 1 == 0
        } else {
            inner == 0
        }
    }

    /// Plays a card (must be legal); returns the soloist's gain from a completed trick.
    #[inline(always)]
    pub fn play(&mut self, c: Card) -> i32 {
        self.play_n::<0>(c)
    }

    /// Bounds `(lo, hi)` on what the soloist still takes, without search. At a trick
    /// boundary, a trump higher than every trump of the other side wins its trick whenever it
    /// is played, so its points are sure for its side (a duplicate on the other side could
    /// tie and, played first, win, so only kinds strictly above count). A seat holding `m`
    /// such trumps wins `m` different tricks with them, and each seat of the other side
    /// gives one card to each of those tricks: at least its `m` cheapest cards go along.
    /// Mid-trick: 0 and all points left.
    pub fn bounds(&self) -> (i32, i32) {
        self.bounds_n::<0>()
    }

    /// [`Position::key_n`] for any seat count.
    #[cfg(test)]
    fn key(&self) -> [u64; 2] {
        self.key_n::<0>()
    }
}

/// A table entry: 32 bytes, two to a cache line.
#[derive(Copy, Clone, Default, Pod, Zeroable)]
#[repr(C)]
struct Entry {
    key: [u64; 2],
    lo: i16,
    hi: i16,
    /// The table generation that wrote the entry (0: empty); older ones count as empty.
    gen: u8,
    /// Tricks left at the entry: deeper entries saved more work and are kept longer.
    depth: u8,
    /// The card that was best or cut off last time, tried first (0: none, else index + 1).
    best: u8,
    /// Unused (the entry's size spelt out, so that the table's memory can be read as entries).
    _pad: [u8; 9],
}

/// Two entries in one cache line: a lookup costs one memory access.
#[derive(Copy, Clone, Default, Pod, Zeroable)]
#[repr(C, align(64))]
struct Bucket([Entry; 2]);

impl Entry {
    /// A new entry of generation `gen` with bounds `(lo, hi)` and no first move.
    #[inline]
    fn new(key: [u64; 2], (lo, hi): (i32, i32), gen: u8, depth: u8) -> Entry {
        Entry {
            key,
            lo: lo as i16,
            hi: hi as i16,
            gen,
            depth,
            best: 0,
            _pad: [0; 9],
        }
    }
}

/// The slot of bucket `b` holding key `k` of generation `gen`, if any.
#[inline]
fn slot_of(b: &[Entry; 2], gen: u8, k: &[u64; 2]) -> Option<usize> {
    (0..2).find(|&i| b[i].gen == gen && b[i].key == *k)
}

/// The slot of bucket `b` to overwrite: an empty or stale one, else the shallower.
#[inline]
fn victim(b: &[Entry; 2], gen: u8) -> usize {
    if b[0].gen != gen {
        0
    } else if b[1].gen != gen || b[1].depth <= b[0].depth {
        1
    } else {
        0
    }
}

/// The table's memory: an anonymous mapping, zero (every entry empty) when made, that asks
/// the kernel for transparent huge pages (2 MiB) on Linux. The solver's lookups land all over
/// the table, and with 4 KiB pages nearly every one of them also misses the address
/// translation cache, which costs a page walk (two-level on a virtual machine): on the
/// bench's positions with 10 tricks left the solves took about 9 % less time with huge pages
/// (docs/strength.md). Where the kernel does not grant them, the table works as well, only
/// slower.
struct Table(MmapMut);

impl Table {
    fn new(buckets: usize) -> Table {
        let map = MmapOptions::new()
            .len(buckets * std::mem::size_of::<Bucket>())
            .map_anon()
            .expect("memory for the solver's transposition table");
        // A hint only: a kernel without transparent huge pages refuses it, and nothing else
        // changes.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Table(map)
    }
}

impl std::ops::Deref for Table {
    type Target = [Bucket];
    #[inline]
    fn deref(&self) -> &[Bucket] {
        bytemuck::cast_slice(&self.0)
    }
}

impl std::ops::DerefMut for Table {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Bucket] {
        bytemuck::cast_slice_mut(&mut self.0)
    }
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

    /// The bucket where `k` may be stored: the top bits of a multiplicative hash (one
    /// multiplication a half; the same nodes as a full 64-bit mixer on the bench's positions,
    /// with 1.3% fewer instructions).
    #[inline]
    fn slot(&self, k: &[u64; 2]) -> usize {
        let h = (k[0] ^ k[1].wrapping_mul(0xc2b2_ae3d_27d4_eb4f)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> self.shift) as usize
    }

    /// The entry for `k` in its bucket, if any.
    #[inline]
    fn find(&self, bucket: usize, k: &[u64; 2]) -> Option<Entry> {
        let b = &self.tt[bucket].0;
        slot_of(b, self.gen, k).map(|i| b[i])
    }

    /// Stores a new entry with bounds `(lo, hi)` in the bucket's victim slot.
    #[inline]
    fn insert(&mut self, bucket: usize, key: [u64; 2], q: (i32, i32), depth: u8) {
        let gen = self.gen;
        let b = &mut self.tt[bucket].0;
        b[victim(b, gen)] = Entry::new(key, q, gen, depth);
    }

    /// Records what a search of the boundary `key` found: `best` (fail-soft, from the
    /// window `(alpha0, beta0)`) narrows the entry's bounds, and `best_card` becomes its
    /// first move to try. A position not in the table (any more) gets a new entry from the
    /// quick bounds `q` first.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn record(
        &mut self,
        bucket: usize,
        key: [u64; 2],
        q: (i32, i32),
        depth: u8,
        (alpha0, beta0): (i32, i32),
        best: i32,
        best_card: u8,
    ) {
        let gen = self.gen;
        let b = &mut self.tt[bucket].0;
        let i = match slot_of(b, gen, &key) {
            Some(i) => i,
            None => {
                let i = victim(b, gen);
                b[i] = Entry::new(key, q, gen, depth);
                i
            }
        };
        let e = &mut b[i];
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

    fn search(&mut self, pos: &Position, alpha: i32, beta: i32) -> i32 {
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
}

/// Moves the last card of `m` to its front, the others one place back (what
/// `rotate_right(1)` does, without its general-purpose code: 13 M of the 1,193 M instructions
/// of the bench's solves went there).
#[inline]
fn to_front(m: &mut [u8]) {
    if let Some(&last) = m.last() {
        for j in (1..m.len()).rev() {
            m[j] = m[j - 1];
        }
        m[0] = last;
    }
}

impl Solver {
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

/// `RANK_PTS[k]`: four times the rank of kind `k` plus its points, the leader's score of a
/// card before the penalties for trumps and for suits the other side is void in.
const RANK_PTS: [i32; 32] = {
    let mut t = [0i32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = (k % 6) as i32 * 4 + POINTS[k % 6];
        k += 1;
    }
    t
};

/// Orders the cards to try (`legal`: the legal kinds less the dominated ones), most promising
/// first; returns how many.
///
/// The rules, and what each saved on the 16 bench positions with 10 tricks left (nodes in all
/// and at the median position, each step on top of the ones before; 3.87 M and 152 K before):
/// - The soloist's opponents leading: a trump above every trump the soloist holds goes in
///   among the plain cards that top their suits (score 50 plus its rank; those score 40 to
///   71), not after every plain card. On the bench's positions such a lead cut off in 18 % of
///   the times it was tried, a plain card that tops its suit in 23 %, any other plain card of
///   a suit the soloist holds in 13 %, one of a suit it is void in in 6 %, another trump in
///   4 %. Nodes: 10 tricks left 2.34 M -> 2.28 M (32 positions 4.25 M -> 4.12 M, the median
///   position 96.4 K -> 97.1 K), 8 tricks 342 K -> 328 K, 12 tricks (4 positions) 3.36 M ->
///   3.04 M, 9 tricks (32) 1.352 M -> 1.346 M.
/// - Leading: plain cards before trumps, high cards first, suits the other side must follow
///   before suits it may ruff or discard on; and, among the plain cards and among the trumps,
///   first a card at least as high as every card of its suit the other side holds (it wins
///   the trick unless ruffed): 2.93 M and 110.7 K against 2.93 M and 114.3 K without that for
///   plain cards; for trumps too, 2.63 M -> 2.58 M and 107.4 K -> 103.0 K (9 tricks left:
///   813 K -> 793 K and 42.6 K -> 38.2 K).
/// - The last seat winning the trick: the richest plain winner first, trumps after the plain
///   winners and the cheapest trump first (a high trump is worth more later than its points
///   now): 3.87 M -> 2.97 M, and 152 K -> 133 K. With the richest winner first whatever its
///   suit, the last seat often spent its best trump on a trick any trump took.
/// - An earlier seat winning the trick: the cheapest winner that no later seat of the other
///   side can beat first, then the cheapest winner: 2.75 M -> 2.63 M.
/// - The own side winning the trick: the richest plain card first if no later seat of the
///   other side can take the trick, trumps (lowest first) after them; if it can, as if the
///   other side were winning (the cheapest card first): 2.93 M -> 2.75 M and 110.7 K ->
///   107.4 K.
/// - The other side winning, with the own side's last seat still to play and able to take
///   the trick: the richest plain card first (it may fall to the partner), trumps last, the
///   lowest first: 2.58 M -> 2.33 M, the median position 103.0 K -> 104.3 K (9 tricks left
///   793 K -> 709 K and 38.2 K -> 35.7 K; 8 tricks left 361 K -> 342 K on 24 positions).
/// - The other side winning otherwise: the cheapest card first, trumps after plain cards.
///
/// Measured with example `solver_ab` (`10 16`); 9, 8 and 12 tricks left gained alike (978 K
/// -> 709 K; 465 K -> 342 K on 24 positions; 5.2 M -> 3.2 M on 4 positions).
///
/// `first` and then `front` (a kind plus one, 0 for none) go before every other card when
/// they are among `legal` (the table's move, the killer or countermove); their sort keys say
/// so, which costs less than finding and moving them after the sort.
fn order_moves<const N: u8>(
    pos: &Position,
    legal: u32,
    out: &mut [u8; 24],
    history: &[u32; 24],
    (first, front): (u8, u8),
) -> usize {
    if !two_or_more(legal) {
        // One card (most nodes after the dominance cut) or none: nothing to order.
        out[0] = legal.trailing_zeros() as u8;
        return usize::from(legal != 0);
    }
    let me = pos.to_act as usize;
    let seats = pos.seats::<N>() as usize;
    let trump_mask = pos.tmask;
    let maxing_me = pos.side_of::<N>(me);
    let lead = pos.trick_len == 0;
    // Leading: with trumps only a little later (6 points behind) the 24 bench positions with
    // 10 tricks left took 7.11 M nodes, with every trump after every plain card 5.21 M (8 and
    // 9 tricks left: 134 K -> 127 K, 779 K -> 594 K), with the void suits later too 4.86 M (8,
    // 9 and 12 tricks left: 110 K, 585 K, 25.1 M against 127 K, 594 K, 28.0 M).
    // The other side's hands `a` and `b` (for its voids) and all its cards; a three-seat
    // soloist is one seat, and the stand-in for the empty seat holds every kind so that it is
    // never void.
    let (a, b, theirs) = if lead {
        let (p, q) = pos.pair_n::<N>(!maxing_me);
        let b = if pos.seats::<N>() == 3 && q == 3 {
            ALL
        } else {
            pos.one[q]
        };
        (pos.one[p], b, pos.one[p] | pos.one[q])
    } else {
        (0, 0, 0)
    };
    let pen = if maxing_me { 30 } else { 60 };
    // Following: whether this seat is the last, whether its side wins the trick so far, and
    // whether the seats of the other side still to play can take it.
    let last = pos.trick_len + 1 == pos.seats::<N>();
    let mut mine_wins = false;
    // The cards the seats of the other side still to play in this trick may play (the led
    // suit if they hold it, else any).
    let mut later = [0u32; 3];
    let mut n_later = 0;
    // Is the seat after this one the last of the trick, on this side, and able to take the
    // trick from its winning card?
    let mut partner_last_beats = false;
    if !lead {
        let mut wseat = pos.leader + pos.win;
        if wseat >= pos.seats::<N>() {
            wseat -= pos.seats::<N>();
        }
        mine_wins = pos.side_of::<N>(wseat as usize) == maxing_me;
        for j in usize::from(pos.trick_len) + 1..seats {
            // A subtraction, not `%`: the seat count is not known at compile time, and a
            // division takes tens of cycles.
            let mut s = pos.leader as usize + j;
            if s >= seats {
                s -= seats;
            }
            let h = pos.one[s];
            let may = if h & pos.led != 0 { h & pos.led } else { h };
            if pos.side_of::<N>(s) != maxing_me {
                later[n_later] = may;
                n_later += 1;
            } else if j + 1 == seats && j == usize::from(pos.trick_len) + 1 {
                partner_last_beats = may & pos.beat != 0;
            }
        }
    }
    let later = &later[..n_later];
    // Can one of them still take the trick from its winning card?
    let contested = later.iter().any(|&l| l & pos.beat != 0);
    // The sort key of a card, most promising highest: the rule score, then the history
    // (cutoffs seen so far), then 31 - card. All keys differ, and equal scores keep the
    // cards in ascending order, as the stable sort of (score, card) pairs in ascending
    // card order that this replaces did.
    let key = |c: u32| {
        if c + 1 == u32::from(first) {
            return (1 << 60) | i64::from(31 - c);
        }
        if c + 1 == u32::from(front) {
            return (1 << 59) | i64::from(31 - c);
        }
        let is_trump = trump_mask & (1 << c) != 0;
        let score = if pos.trick_len == 0 {
            let sm = sm_of(c);
            let held = theirs & sm;
            // First a card that wins the trick unless ruffed.
            let top = if held != 0 && c >= 31 - held.leading_zeros() {
                40
            } else {
                0
            };
            let base = RANK_PTS[(c & 31) as usize] + top;
            if is_trump && !maxing_me && top != 0 {
                // The soloist's opponents leading a trump above all of the soloist's: among
                // the plain cards that top their suits (40 up).
                50 + (c % 6) as i32
            } else if is_trump {
                base - 100
            } else {
                base - pen * (i32::from(a & sm == 0) + i32::from(b & sm == 0))
            }
        } else {
            let p = pts(c as u8);
            let rank = (c % 6) as i32;
            if pos.beats_winner(c) {
                if last {
                    if is_trump {
                        90 - p - rank
                    } else {
                        100 + p
                    }
                } else {
                    let beat_after = ABOVE[(c & 31) as usize] | (trump_mask & !sm_of(c));
                    if later.iter().all(|&l| l & beat_after == 0) {
                        120 - p
                    } else {
                        100 - p
                    }
                }
            } else if mine_wins && !contested {
                if is_trump {
                    30 - rank
                } else {
                    50 + p
                }
            } else if partner_last_beats && !is_trump {
                20 + p
            } else {
                -p - if is_trump { 20 } else { 0 }
            }
        };
        (i64::from((score << 21) + history[c as usize].min((1 << 20) - 1) as i32) << 8) | i64::from(31 - c)
    };
    let rest = legal & (legal - 1);
    if !two_or_more(rest) {
        // Two cards, the most frequent case after one.
        let (c0, c1) = (legal.trailing_zeros(), rest.trailing_zeros());
        let (hi, lo) = if key(c0) > key(c1) { (c0, c1) } else { (c1, c0) };
        out[0] = hi as u8;
        out[1] = lo as u8;
        return 2;
    }
    let mut keys = [0i64; 24];
    let mut n = 0;
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros();
        m &= m - 1;
        let k = key(c);
        let mut j = n;
        while j > 0 && keys[j - 1] < k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
        n += 1;
    }
    for (o, &k) in out.iter_mut().zip(&keys[..n]) {
        *o = 31 - (k & 0xff) as u8;
    }
    n
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls the method compiled for the position's seat count, as the search does.
    macro_rules! by_seats {
        ($p:expr, $m:ident $(, $a:expr)*) => {
            match $p.n {
                3 => $p.$m::<3>($($a),*),
                4 => $p.$m::<4>($($a),*),
                _ => $p.$m::<0>($($a),*),
            }
        };
    }
    use rand::{Rng, SeedableRng};
    use std::collections::HashMap;

    /// The bounds' parts as they were written first (per-seat loops, every suit walked): the
    /// oracle the faster [`Position::cash_n`] and [`Position::sure_trumps_n`] must equal exactly.
    mod old {
        use super::super::*;

        /// The dominated kinds as first written: every run walked card by card, each with its
        /// own decision.
        pub fn dominated(p: &Position) -> u32 {
            let legal = p.legal();
            if !two_or_more(legal) {
                return 0;
            }
            let h = p.to_act as usize;
            let others = p.one[(h + 1) & 3] | p.one[(h + 2) & 3] | p.one[(h + 3) & 3];
            let cand = legal & !others;
            let mut drop = 0u32;
            let mut rest = cand;
            while two_or_more(rest) {
                let sm = sm_of(31 - rest.leading_zeros());
                let mut g = rest & sm;
                rest &= !sm;
                while two_or_more(g) {
                    let top = 31 - g.leading_zeros();
                    let beats_top = p.beats_winner(top);
                    let mut run = 1u32 << top;
                    let mut low = top;
                    g &= !(1 << top);
                    while g != 0 {
                        let k = 31 - g.leading_zeros();
                        let between = ((1u32 << low) - 1) & !((2u32 << k) - 1);
                        if others & between != 0 || p.beats_winner(k) != beats_top {
                            break;
                        }
                        run |= 1 << k;
                        low = k;
                        g &= !(1 << k);
                    }
                    if two_or_more(run) {
                        drop |= in_run(p, run, top, low, beats_top, sm);
                    }
                }
            }
            drop
        }

        fn in_run(p: &Position, run: u32, top: u32, low: u32, beats_top: bool, sm: u32) -> u32 {
            if p.objective == Objective::Tricks {
                return run & !(1 << top);
            }
            let led = if p.trick_len == 0 { sm } else { p.led };
            match by_seats!(p, keep_top_n, beats_top, top, led) {
                Some(true) => run & !(1 << top),
                Some(false) => run & !(1 << low),
                None => 0,
            }
        }

        /// The points of a kind mask (one copy of each kind set).
        pub fn mask_points(m: u32) -> i32 {
            (0..4)
                .map(|x| i32::from(SUIT_POINTS[((m >> (6 * x)) & 63) as usize]))
                .sum()
        }

        pub fn cash(p: &Position, leader: usize) -> (i32, u32) {
            let n = p.n as usize;
            let side = p.side(leader);
            let mut others = [0usize; 3];
            let mut no = 0;
            for s in 0..n {
                if p.side(s) != side {
                    others[no] = s;
                    no += 1;
                }
            }
            let others = &others[..no];
            let suit_of = |s: usize, x: usize| ((p.one[s] >> (6 * x)) & 63, (p.two[s] >> (6 * x)) & 63);
            let count = |(a, b): (u32, u32)| u32::from(POP6[a as usize] + POP6[b as usize]);
            let mut trumps_left = [0u32; 4];
            let trump = p.trump.map(|t| t.index());
            let mut order = [0usize, 1, 2, 3];
            if let Some(t) = trump {
                order.swap(0, t);
            }
            let (mut pts, mut tricks) = (0i32, 0u32);
            for &x in &order {
                let is_trump = trump == Some(x);
                let (ma, mb) = suit_of(leader, x);
                if ma == 0 {
                    if is_trump {
                        for &o in others {
                            trumps_left[o] = count(suit_of(o, x));
                        }
                    }
                    continue;
                }
                // Rounds the others must follow before one with a trump left could ruff.
                let mut limit = u32::MAX;
                if !is_trump && trump.is_some() {
                    for &o in others {
                        if trumps_left[o] > 0 {
                            limit = limit.min(count(suit_of(o, x)));
                        }
                    }
                }
                let mut held = [(0u32, 0u32); 3];
                for (i, &o) in others.iter().enumerate() {
                    held[i] = suit_of(o, x);
                }
                // The leader's cards of the suit from the top, one copy at a time.
                let (mut a, mut b) = (ma, mb);
                let mut rounds = 0u32;
                loop {
                    if a == 0 {
                        break;
                    }
                    let top = 31 - a.leading_zeros();
                    if b & (1 << top) != 0 {
                        b &= !(1 << top);
                    } else {
                        a &= !(1 << top);
                    }
                    if rounds + 1 > limit {
                        break;
                    }
                    // The others' best card of the suit (they follow low, keeping it).
                    let best = held[..no]
                        .iter()
                        .map(|&(a, _)| if a == 0 { -1 } else { 31 - a.leading_zeros() as i32 })
                        .max()
                        .unwrap_or(-1);
                    if (top as i32) < best {
                        break;
                    }
                    rounds += 1;
                    tricks += 1;
                    pts += POINTS[top as usize];
                    for h in held[..no].iter_mut() {
                        // Each follows with its cheapest card of the suit, if it has one.
                        if h.0 != 0 {
                            let low = h.0.trailing_zeros();
                            pts += POINTS[low as usize];
                            if h.1 & (1 << low) != 0 {
                                h.1 &= !(1 << low);
                            } else {
                                h.0 &= !(1 << low);
                            }
                        }
                    }
                }
                if is_trump {
                    for &o in others {
                        trumps_left[o] = count(suit_of(o, x)).saturating_sub(rounds);
                    }
                }
            }
            if p.objective == Objective::Points && tricks >= u32::from(p.tricks_left) {
                pts += 10;
            }
            (pts, tricks)
        }

        pub fn sure_trumps(p: &Position, up: i32) -> (i32, i32) {
            let Some(t) = p.trump else {
                return (0, up);
            };
            let tm = suit_mask(t);
            let n = p.n as usize;
            let (mut solo, mut opp) = (0u32, 0u32);
            for s in 0..n {
                if p.side(s) {
                    solo |= p.one[s] & tm;
                } else {
                    opp |= p.one[s] & tm;
                }
            }
            // Kinds strictly above the other side's best trump.
            let above = |m: u32| {
                if m == 0 {
                    u32::MAX
                } else {
                    !((2u32 << (31 - m.leading_zeros())) - 1)
                }
            };
            let (sure_solo, sure_opp) = (solo & above(opp), opp & above(solo));
            let (mut lo, mut lost) = (0, 0);
            let (mut m_solo, mut m_opp) = (0u32, 0u32);
            for s in 0..n {
                let ours = p.side(s);
                let k = if ours { sure_solo } else { sure_opp };
                let (a, b) = (p.one[s] & k, p.two[s] & k);
                if a == 0 {
                    continue;
                }
                let p = mask_points(a) + mask_points(b);
                let m = pop_suit(a, t.index()) + pop_suit(b, t.index());
                if ours {
                    lo += p;
                    m_solo = m_solo.max(m);
                } else {
                    lost += p;
                    m_opp = m_opp.max(m);
                }
            }
            for s in 0..n {
                if p.side(s) {
                    lost += p.cheapest(s, m_opp);
                } else {
                    lo += p.cheapest(s, m_solo);
                }
            }
            (lo, up - lost)
        }
    }

    /// A random trick boundary: each copy of the first `kinds` kinds is gone or in a hand.
    fn random_boundary(rng: &mut rand_chacha::ChaCha8Rng, kinds: usize) -> Position {
        let n = if rng.gen_bool(0.5) { 3 } else { 4 };
        let mut p = Position {
            one: [0; 4],
            two: [0; 4],
            n: n as u8,
            trump: [None, Some(Suit::from_index(rng.gen_range(0..4)))][rng.gen_range(0..2)],
            tmask: 0,
            led: ALL,
            beat: ALL,
            soloist: rng.gen_range(0..n) as u8,
            leader: rng.gen_range(0..n) as u8,
            to_act: 0,
            trick: [0; 4],
            trick_len: 0,
            win: 0,
            tricks_left: 1,
            objective: [Objective::Points, Objective::Tricks][rng.gen_range(0..2)],
            rest: 0,
            tpts: 0,
        };
        p.to_act = p.leader;
        p.tmask = p.trump.map_or(0, suit_mask);
        for k in 0..kinds {
            for _ in 0..2 {
                let s = rng.gen_range(0..=n);
                if s < n {
                    let b = 1u32 << k;
                    if p.one[s] & b != 0 {
                        p.two[s] |= b;
                    } else {
                        p.one[s] |= b;
                    }
                }
            }
        }
        p
    }

    #[test]
    fn suit_tables_count_like_count_ones() {
        // The table and multiplication counts that stand in for `count_ones` in the bounds.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..100_000 {
            let m: u32 = rng.gen_range(0..1 << 24);
            let points: i32 = (0..24).filter(|k| m & (1 << k) != 0).map(|k| POINTS[k % 6]).sum();
            assert_eq!(old::mask_points(m), points, "points of {m:#x}");
            for r in 0..6 {
                assert_eq!(
                    rank_count(m, r),
                    (m & (0x41041 << r)).count_ones(),
                    "{m:#x} rank {r}"
                );
            }
            for x in 0..4 {
                assert_eq!(
                    pop_suit(m, x),
                    ((m >> (6 * x)) & 63).count_ones(),
                    "{m:#x} suit {x}"
                );
            }
            assert_eq!(two_or_more(m), m.count_ones() >= 2, "{m:#x}");
            let x = (m & 63) as usize;
            let over = (0..6).filter(|&k| (k as i8) > HI6[x]).fold(0, |a, k| a | 1 << k);
            assert_eq!(u32::from(OVER6[x]), over, "{x:#b}");
            let hi = (0..6)
                .filter(|&k| x & (1 << k) != 0)
                .max()
                .map_or(-1, |k| k as i8);
            assert_eq!(HI6[x], hi, "{x:#b}");
        }
    }

    #[test]
    fn bounds_equal_the_first_formula() {
        // Every trick boundary shape: all 24 kinds dealt or gone, any leader, trump or none,
        // three or four seats, both objectives, tricks left from 2 up.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut cashed = 0;
        for i in 0..200_000 {
            let mut p = random_boundary(&mut rng, if i % 2 == 0 { 24 } else { 12 });
            p.tricks_left = rng.gen_range(2..=15);
            p.rest = (0..4)
                .map(|s| {
                    (0..4)
                        .map(|x| {
                            i16::from(SUIT_POINTS[((p.one[s] >> (6 * x)) & 63) as usize])
                                + i16::from(SUIT_POINTS[((p.two[s] >> (6 * x)) & 63) as usize])
                        })
                        .sum::<i16>()
                })
                .sum();
            let leader = p.leader as usize;
            // `bounds` combines these two the same way as before.
            assert_eq!(
                by_seats!(p, cash_n, leader),
                old::cash(&p, leader),
                "cash of {p:?}"
            );
            if p.objective == Objective::Points {
                let up = p.upper();
                assert_eq!(by_seats!(p, sure_trumps_n, up), old::sure_trumps(&p, up), "{p:?}");
            }
            cashed += usize::from(by_seats!(p, cash_n, leader).1 > 0);
        }
        assert!(cashed > 20_000, "only {cashed} positions cash a trick");
    }

    #[test]
    fn runs_from_the_table_drop_what_walking_the_runs_drops() {
        // The table-driven dominance against the card-by-card walk, anywhere in a trick: it
        // may only keep more (a suit with two runs that beat the trick), never drop more.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let (mut dropped, mut same) = (0, 0);
        for _ in 0..100_000 {
            let mut p = random_boundary(&mut rng, 24);
            p.tricks_left = 15;
            if rng.gen_bool(0.5) {
                p.objective = Objective::Tricks;
            }
            for _ in 0..rng.gen_range(0..p.n) {
                let m = p.legal();
                if m == 0 {
                    break;
                }
                let mut pick = rng.gen_range(0..m.count_ones());
                let mut c = m;
                while pick > 0 {
                    c &= c - 1;
                    pick -= 1;
                }
                p.play(Card::from_index(c.trailing_zeros() as usize));
            }
            if p.trick_len == 0 && p.tricks_left < 15 {
                continue;
            }
            let (new, old) = (p.dominated(), old::dominated(&p));
            assert_eq!(new & !old, 0, "{p:?}: drops {new:#x}, the walk {old:#x}");
            dropped += usize::from(old != 0);
            same += usize::from(old != 0 && new == old);
        }
        assert!(dropped > 10_000, "only {dropped} positions drop a card");
        assert!(same * 100 >= dropped * 99, "{same} of {dropped} alike");
    }

    #[test]
    fn closing_a_trick_without_playing_matches_play() {
        // The last card of a trick: gain, tricks left and the next boundary's key as the
        // transposition cutoffs compute them must be what playing the card gives.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut checked = 0;
        for _ in 0..50_000 {
            let mut p = random_boundary(&mut rng, 24);
            p.tricks_left = rng.gen_range(1..=15);
            // Every seat but the last plays a random legal card.
            let mut ok = true;
            for _ in 1..p.n {
                let m = p.legal();
                if m == 0 {
                    ok = false;
                    break;
                }
                let mut mm = m;
                for _ in 0..rng.gen_range(0..m.count_ones()) {
                    mm &= mm - 1;
                }
                p.play(Card::from_index(mm.trailing_zeros() as usize));
            }
            if !ok || p.trick_len + 1 != p.n {
                continue;
            }
            let mut m = p.legal();
            while m != 0 {
                let c = m.trailing_zeros();
                m &= m - 1;
                let mut child = p;
                let gain = child.play(Card::from_index(c as usize));
                assert_eq!(
                    by_seats!(p, close_with_n, c),
                    (gain, child.tricks_left, child.key()),
                    "{p:?} card {c}"
                );
                checked += 1;
            }
        }
        assert!(checked > 50_000, "only {checked} cards checked");
    }

    #[test]
    fn the_forced_last_trick_is_what_playing_it_gives() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut won = 0;
        for _ in 0..20_000 {
            let mut p = random_boundary(&mut rng, 0);
            p.objective = Objective::Points;
            p.tricks_left = 1;
            for s in 0..p.n as usize {
                p.one[s] = 1 << rng.gen_range(0..24);
            }
            let v = by_seats!(p, last_trick_n);
            assert_eq!(v, minimax(&p), "{p:?}");
            won += usize::from(v > 0);
        }
        assert!(won > 2_000, "the soloist's side won {won} last tricks");
    }

    #[test]
    fn the_table_key_tells_every_boundary_apart() {
        // Few kinds so that many positions differ in one card only; every key must stand for
        // one position (hands, leader, trump, objective, seats), so the table is exact.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut seen: HashMap<[u64; 2], Position> = HashMap::new();
        let mut same = 0;
        for _ in 0..200_000 {
            let p = random_boundary(&mut rng, 4);
            let what = |q: &Position| (q.one, q.two, q.n, q.trump, q.leader, q.objective);
            match seen.get(&p.key()) {
                Some(q) => {
                    assert_eq!(what(q), what(&p), "two positions share a key");
                    same += 1;
                }
                None => {
                    seen.insert(p.key(), p);
                }
            }
        }
        assert!(
            seen.len() > 10_000 && same > 10_000,
            "{} keys, {same} repeats",
            seen.len()
        );
    }
}
