//! Dominance: the legal cards of the seat to play that another of its legal cards is
//! provably at least as good as ([`Position::dominated`]), so the search skips them. Runs of
//! a suit's kinds with no other hand's card between them keep only their top or bottom card.

use super::position::Position;
use super::tables::{two_or_more, ABOVE};
use super::Objective;

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

impl Position {
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
    pub(super) fn dominated_of_n<const N: u8>(&self, legal: u32) -> u32 {
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
    pub(super) fn keep_top_n<const N: u8>(&self, beats: bool, top: u32, led: u32) -> Option<bool> {
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
}
