//! The card-play state the solver searches ([`Position`]) and playing a card in it: the
//! seats numbered from the soloist, which side a seat plays on, the trick's winner and beat
//! mask kept as cards fall, and the forced last trick.

use super::tables::{pts, sm_of, ABOVE, ALL, LAST_TRICK};
use super::Objective;
use binokel::cardset::suit_mask;
use binokel::deal::legal_from_masks;
use binokel::{Card, Contract, Deal, Phase, Suit};

/// The card-play state the solver needs, small and `Copy`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Per inner seat, the kinds it holds (at least one copy). With three seats, seat 3 is
    /// always empty: the bounds, the dominance and the move order read it as a seat that
    /// holds nothing instead of looping over the seats.
    pub(super) one: [u32; 4],
    /// Per inner seat, the kinds it holds both copies of.
    pub(super) two: [u32; 4],
    /// Seats: 3, or 4 in two partnerships (seats 0+2 and 1+3).
    pub(super) n: u8,
    pub(super) trump: Option<Suit>,
    /// The trump kinds (0 without trump).
    pub(super) tmask: u32,
    /// The kinds of the led suit ([`ALL`] before the trick's first card).
    pub(super) led: u32,
    /// The kinds that beat the trick's winning card ([`ALL`] before the first card).
    pub(super) beat: u32,
    /// The soloist's seat in the deal. Inside, seats are numbered from the soloist (seat 0):
    /// the value depends on a seat only through its side and its place in the playing
    /// order, and the table key then needs no rotation.
    pub(super) soloist: u8,
    pub(super) leader: u8,
    pub(super) to_act: u8,
    pub(super) trick: [u8; 4],
    pub(super) trick_len: u8,
    pub(super) win: u8,
    pub(super) tricks_left: u8,
    pub(super) objective: Objective,
    /// Points of the cards still in the hands, kept as cards fall.
    pub(super) rest: i16,
    /// Points of the cards in the current trick.
    pub(super) tpts: i16,
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
    pub(super) fn side(&self, inner: usize) -> bool {
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
    pub(super) fn beats_winner(&self, c: u32) -> bool {
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

    /// The soloist's gain from the last trick, which is forced (every seat holds one card;
    /// called at its start), as [`Position::play`] would count it card by card.
    pub(super) fn last_trick_n<const N: u8>(&self) -> i32 {
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
            points + LAST_TRICK
        } else {
            0
        }
    }

    /// [`Position::play`] with the seat count `N` known (see [`Position::seats`]).
    #[inline(always)]
    pub(super) fn play_n<const N: u8>(&mut self, c: Card) -> i32 {
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
                        gain += LAST_TRICK;
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

    /// The seat count: `N` when the caller knows it (3 or 4; the solver's search is
    /// compiled once for each), else read from the position (`N` 0).
    #[inline(always)]
    pub(super) fn seats<const N: u8>(&self) -> u8 {
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
    pub(super) fn side_of<const N: u8>(&self, inner: usize) -> bool {
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
}
