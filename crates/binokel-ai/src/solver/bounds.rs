//! Quick bounds on what the soloist still takes, without search ([`Position::bounds`]): the
//! tricks the leading side surely cashes from the top, and the trumps above every trump of
//! the other side. A position not yet in the transposition table starts from them.

use super::position::Position;
use super::tables::{pop_suit, rank_count, HI6, LAST_TRICK, OVER6, POINTS, POP6, PTS};
use super::Objective;
use binokel::cardset::SUIT_POINTS;

impl Position {
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

    /// The most the soloist could still gain (all remaining points, or all tricks).
    pub(super) fn upper(&self) -> i32 {
        match self.objective {
            Objective::Tricks => i32::from(self.tricks_left),
            Objective::Points => i32::from(self.rest) + i32::from(self.tpts) + LAST_TRICK,
        }
    }

    /// [`Position::bounds`] with the seat count `N` known (see [`Position::seats`]).
    pub(super) fn bounds_n<const N: u8>(&self) -> (i32, i32) {
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
    pub(super) fn cash_n<const N: u8>(&self, leader: usize) -> (i32, u32) {
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
            pts += LAST_TRICK;
        }
        (pts, tricks)
    }

    /// The seats of the soloist's side (`solo`) or of the other side, always two: a
    /// three-seat side of one seat gets the empty seat 3 as its second.
    #[inline]
    pub(super) fn pair_n<const N: u8>(&self, solo: bool) -> (usize, usize) {
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
    pub(super) fn sure_trumps_n<const N: u8>(&self, up: i32) -> (i32, i32) {
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
    pub(super) fn cheapest(&self, s: usize, mut m: u32) -> i32 {
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
}
