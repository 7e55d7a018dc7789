//! Trick play (`Phase::Play`, RULES.md section 6): the melds and the first lead, one card
//! (`play_card`, the trick's rule step `TrickState::add`), the end of a trick, the legal
//! cards as 24-bit kind masks (`legal_cards`, `legal_from_masks`, `legal_response`), why a
//! card is refused, and the fast playout (`play_card_unchecked`, `play_out_unchecked`,
//! whole three-card tricks with their state in locals).
//!
//! The engine's hot path: keep the `#[inline]` attributes and the shape of the code (see
//! `docs/speed.md`).

use super::{wrap_seat, Contract, Deal, Phase};
use crate::card::{Card, Suit};
use crate::cardset::{above_mask, suit_mask, CardSet};
use crate::error::IllegalAction;
use crate::meld::meld_total;
use crate::rules::FirstLead;

/// What picks the cards of `Deal::play_out_unchecked`: any `FnMut(u32) -> Card`, or a type
/// of its own (which can mark `choose` `#[inline(always)]`, so that the compiler keeps the
/// chooser's state in registers however large it is).
pub trait ChooseCard {
    /// One of the kinds of the 24-bit mask `legal` (never empty): the card to play.
    fn choose(&mut self, legal: u32) -> Card;
}

impl<F: FnMut(u32) -> Card> ChooseCard for F {
    #[inline(always)]
    fn choose(&mut self, legal: u32) -> Card {
        self(legal)
    }
}

impl Deal {
    /// The legal cards of the seat to act as a 24-bit kind mask (0 outside trick play).
    ///
    /// Follow the led suit, beating the winning card if possible; else trump, overtrumping a
    /// winning trump if possible; else anything (RULES.md section 6).
    #[inline]
    pub fn legal_cards(&self) -> u32 {
        debug_assert_eq!(self.strict, self.phase == Phase::Play && !self.free);
        let hand = self.hands[(self.to_act & 3) as usize].kinds();
        if self.strict {
            // On a lead both masks are `ALL`: the whole hand.
            return legal_from_masks(hand, self.led_mask, self.beat_mask, self.trump_mask);
        }
        if self.phase == Phase::Play {
            // Free play while the stock lasts.
            hand
        } else {
            0
        }
    }

    pub(super) fn why_not(&self, c: Card) -> IllegalAction {
        let hand = self.hands[self.to_act as usize];
        let led = self.trick[0].suit();
        let w = self.trick[self.win_idx as usize];
        let trump = self.trump();
        let legal = self.legal_cards();
        let first_legal = Card::from_index(legal.trailing_zeros() as usize);
        if c.suit() != led && !hand.of_suit(led).is_empty() {
            return IllegalAction::MustFollow { card: c, suit: led };
        }
        if c.suit() == led && legal & suit_mask(led) != 0 && legal & (1 << c.index()) == 0 {
            return IllegalAction::MustBeat {
                card: c,
                winning: w,
                beater: first_legal,
            };
        }
        if Some(c.suit()) != trump && trump.is_some_and(|t| !hand.of_suit(t).is_empty()) {
            return IllegalAction::MustTrump { card: c };
        }
        IllegalAction::MustBeat {
            card: c,
            winning: w,
            beater: first_legal,
        }
    }

    /// Plays card `c` for the seat to act without checking it: the fastest path for search
    /// and playouts, the same as `play_unchecked(Action::Play(c))`.
    ///
    /// # Panics
    /// May panic or corrupt the deal if `c` is not among `legal_cards()` (checked in debug
    /// builds).
    #[inline]
    pub fn play_card_unchecked(&mut self, c: Card) {
        debug_assert!(self.phase == Phase::Play && self.legal_cards() & (1 << c.index()) != 0);
        self.play_card(c);
    }

    /// Plays the rest of the deal, `choose` picking each card from the legal cards of the seat
    /// to act (a 24-bit kind mask, as `legal_cards` gives it): the fastest path for random
    /// playouts. The same as `play_card_unchecked(choose(legal_cards()))` until no card is
    /// legal, and the same code plays each card; in a normal three-player game the tricks
    /// run with their state in locals, one trick per round of the loop.
    ///
    /// ```
    /// use binokel::{Action, Card, Deal, Rules, Suit};
    /// use rand::{rngs::StdRng, SeedableRng};
    /// let mut d = Deal::shuffled(Rules::default(), 0, &mut StdRng::seed_from_u64(7));
    /// for a in [Action::Bid(150), Action::Pass, Action::Pass] {
    ///     d.play(a).unwrap();
    /// }
    /// let bury = d.legal_actions()[0];
    /// d.play(bury).unwrap();
    /// d.play(Action::Trump(Suit::Hearts)).unwrap();
    /// // The lowest legal card every time.
    /// d.play_out_unchecked(|legal: u32| Card::from_index(legal.trailing_zeros() as usize));
    /// assert!(d.is_over());
    /// ```
    ///
    /// # Panics
    /// May panic or corrupt the deal if `choose` returns a card outside the mask it was given
    /// (checked in debug builds).
    #[inline]
    pub fn play_out_unchecked(&mut self, mut choose: impl ChooseCard) {
        // A trick already begun is finished card by card.
        while self.trick_len != 0 {
            let m = self.legal_cards();
            if m == 0 {
                return;
            }
            self.play_card_unchecked(choose.choose(m));
        }
        if self.strict && !self.watch && self.n == 3 && self.tricks_played < self.hand_size {
            self.play_tricks_three(&mut choose);
            return;
        }
        // Every other kind of game.
        loop {
            let m = self.legal_cards();
            if m == 0 {
                return;
            }
            self.play_card_unchecked(choose.choose(m));
        }
    }

    /// The remaining tricks of a normal three-player game from a trick's start, and the end
    /// of the deal: the cards of `play_card` with the position in the trick known, so that
    /// the compiler drops what a lead or a last card does not need, and the trick's state
    /// lives in registers.
    #[inline(always)]
    fn play_tricks_three(&mut self, choose: &mut impl ChooseCard) {
        debug_assert!(self.trick_len == 0 && self.strict && !self.watch && self.n == 3);
        debug_assert!(self.tricks_played < self.hand_size);
        let trump = self.trump_mask;
        let mut hands = self.hands;
        let mut tricks = self.tricks;
        let mut points = self.points;
        let mut leader = self.leader;
        let mut tally = |leader: u8, t: TrickState| {
            let winner = wrap_seat(leader + t.win, 3);
            let w = (winner & 3) as usize;
            tricks[w] += 1;
            points[w] += t.pts as u32;
            winner
        };
        for _ in self.tricks_played + 1..self.hand_size {
            let (t, _) = three_card_trick(&mut hands, leader, trump, choose);
            leader = tally(leader, t);
        }
        // The last trick apart: its cards stay on the table as `play_card` leaves them.
        let (t, cards) = three_card_trick(&mut hands, leader, trump, choose);
        let winner = tally(leader, t);
        self.hands = hands;
        self.tricks = tricks;
        self.points = points;
        self.trick[..3].copy_from_slice(&cards);
        self.tricks_played = self.hand_size;
        self.leader = winner;
        self.to_act = winner;
        self.after_trick(winner);
    }

    /// Melds for every seat, then the first lead (or the end, after a surrender).
    pub(super) fn start_play(&mut self) {
        let c = self.contract.expect("declared");
        let n = self.n as usize;
        match c {
            Contract::Trump(t) | Contract::Surrender(t) => {
                for s in 0..n {
                    self.melds[s] = meld_total(self.hands[s], Some(t), &self.rules);
                }
            }
            Contract::Durch | Contract::Bettel => self.melds = [0; 4],
        }
        if let Contract::Surrender(_) = c {
            self.finish();
            return;
        }
        let fh = wrap_seat(self.dealer + 1, self.n);
        let soloist_leads =
            c == Contract::Durch || (self.rules.first_lead == FirstLead::Soloist && c != Contract::Bettel);
        self.leader = if soloist_leads { self.soloist } else { fh };
        self.to_act = self.leader;
        self.phase = Phase::Play;
        self.strict = true;
        self.watch = matches!(c, Contract::Durch | Contract::Bettel);
    }

    // Always inlined: grown by the two-player hooks, it stopped being inlined into playout
    // loops, and the call cost about 10 % of a random deal.
    #[inline(always)]
    pub(super) fn play_card(&mut self, c: Card) {
        // Indices masked to their arrays' sizes so no bounds check sits on this path.
        let seat = (self.to_act & 3) as usize;
        self.hands[seat].take_unchecked(c);
        let i = self.trick_len & 3;
        self.trick[i as usize] = c;
        let mut t = TrickState {
            led: self.led_mask,
            beat: self.beat_mask,
            win: self.win_idx,
            pts: self.trick_pts,
        };
        t.add(c, i, self.trump_mask);
        self.led_mask = t.led;
        self.beat_mask = t.beat;
        self.win_idx = t.win;
        self.trick_pts = t.pts;
        self.trick_len += 1;
        if self.trick_len < self.n {
            self.to_act = self.next_seat(self.to_act);
            return;
        }
        self.complete_trick();
    }

    #[inline(always)]
    fn complete_trick(&mut self) {
        let winner = wrap_seat(self.leader + self.win_idx, self.n);
        let w = (winner & 3) as usize;
        self.tricks[w] += 1;
        self.points[w] += self.trick_pts as u32;
        self.tricks_played += 1;
        self.trick_len = 0;
        self.win_idx = 0;
        self.trick_pts = 0;
        self.led_mask = ALL;
        self.beat_mask = ALL;
        self.leader = winner;
        self.to_act = winner;
        if self.watch | (self.tricks_played == self.hand_size) {
            self.after_trick(winner);
        }
    }

    /// The rarer ends of tricks: the last trick, a draw from the stock, an early end of
    /// Durch or Bettel. Out of line: once a deal in a normal game.
    #[inline(never)]
    fn after_trick(&mut self, winner: u8) {
        if self.free {
            self.draw_after_trick(winner);
        }
        let last = self.tricks_played == self.hand_size;
        if last {
            self.points[winner as usize] += self.rules.last_trick_bonus();
        }
        let early = match self.contract {
            Some(Contract::Durch) => !self.same_side(winner, self.soloist),
            Some(Contract::Bettel) => winner == self.soloist,
            _ => false,
        };
        if last || early {
            self.finish();
        }
    }
}

/// True when `c` played after `w` takes the lead from it.
#[inline]
pub fn beats(c: Card, w: Card, trump: Option<Suit>) -> bool {
    if c.suit() == w.suit() {
        // Within a suit the index order is the rank order.
        c.index() > w.index()
    } else {
        Some(c.suit()) == trump
    }
}

/// Legal kinds (mask) for a hand of kinds `hand` answering a trick led in `led` whose winning
/// card is `w`.
#[inline]
pub fn legal_response(hand: u32, led: Suit, w: Card, trump: Option<Suit>) -> u32 {
    let trump_mask = trump.map_or(0, suit_mask);
    legal_from_masks(hand, suit_mask(led), beat_mask(w, trump_mask), trump_mask)
}

/// The kinds that would take a trick from `w`: higher cards of its suit, and every trump
/// when `w` is not a trump.
#[inline]
fn beat_mask(w: Card, trump_mask: u32) -> u32 {
    above_mask(w) | (trump_mask & !suit_mask(w.suit()))
}

/// `if c { a } else { b }` as mask arithmetic, for conditions as random as the cards (a
/// mispredicted branch costs more than both sides). `std::hint::select_unpredictable` says
/// the same but needs Rust 1.88; the workspace supports 1.85.
#[inline(always)]
fn select_unpredictable<T: Into<u32> + TryFrom<u32>>(c: bool, a: T, b: T) -> T {
    let m = (c as u32).wrapping_neg();
    let v = (a.into() & m) | (b.into() & !m);
    T::try_from(v).unwrap_or_else(|_| unreachable!("one of two values of the type"))
}

/// Every kind: `led_mask` and `beat_mask` before a trick's first card. All 32 bits, so
/// that the test "the card beats the winner" is known to be true for a lead wherever the
/// compiler sees a trick start (no kind has a bit above 23, so 24 bits would do for the rest).
pub(super) const ALL: u32 = u32::MAX;

/// The next seat of three.
const NEXT3: [usize; 4] = [1, 2, 0, 0];

/// One trick of three seats led by `leader` under the trump kinds `trump`, `choose` picking
/// each card from the legal ones: `play_card`'s steps with the position in the trick fixed.
/// Returns the trick's state after its last card, and its cards.
#[inline(always)]
fn three_card_trick(
    hands: &mut [CardSet; 4],
    leader: u8,
    trump: u32,
    choose: &mut impl ChooseCard,
) -> (TrickState, [Card; 3]) {
    let s0 = (leader & 3) as usize;
    let s1 = NEXT3[s0];
    let s2 = NEXT3[s1];
    let mut t = TrickState::START;
    // A lead: every card of the hand (`legal_from_masks` with both masks `ALL`).
    let c0 = choose.choose(hands[s0].kinds());
    debug_assert!(hands[s0].kinds() & (1 << c0.index()) != 0);
    hands[s0].take_unchecked(c0);
    t.add(c0, 0, trump);
    let m = legal_from_masks(hands[s1].kinds(), t.led, t.beat, trump);
    let c1 = choose.choose(m);
    debug_assert!(m & (1 << c1.index()) != 0);
    hands[s1].take_unchecked(c1);
    t.add(c1, 1, trump);
    let m = legal_from_masks(hands[s2].kinds(), t.led, t.beat, trump);
    let c2 = choose.choose(m);
    debug_assert!(m & (1 << c2.index()) != 0);
    hands[s2].take_unchecked(c2);
    t.add(c2, 2, trump);
    (t, [c0, c1, c2])
}

/// What the rules need of the trick on the table: the led suit's kinds, the kinds that would
/// beat the winner, the winner's position in the trick and the points so far. One card's
/// effect on it is `add`, the one place that applies RULES.md section 6's winner rule on the
/// play path (`play_card` and `play_out_unchecked` both use it).
#[derive(Copy, Clone)]
struct TrickState {
    led: u32,
    beat: u32,
    win: u8,
    pts: u8,
}

impl TrickState {
    /// Before a trick's first card.
    const START: TrickState = TrickState {
        led: ALL,
        beat: ALL,
        win: 0,
        pts: 0,
    };

    /// Card `c` played at position `i` of the trick under the trump kinds `trump_mask`.
    #[inline(always)]
    fn add(&mut self, c: Card, i: u8, trump_mask: u32) {
        self.pts += c.points() as u8;
        // The card that beats the winner becomes the winner (before the lead `beat` is
        // `ALL`: the first card always takes); written as selects because which one it is,
        // is as random as the play.
        let k = c.index() & 31;
        let leads = i == 0;
        let takes = self.beat & (1 << k) != 0;
        let beat = ABOVE[k] | (trump_mask & !SUIT_OF[k]);
        self.led = select_unpredictable(leads, SUIT_OF[k], self.led);
        self.win = select_unpredictable(takes, i, self.win);
        self.beat = select_unpredictable(takes, beat, self.beat);
    }
}

/// `SUIT_OF[k]`: the kinds of the suit of kind `k` (32 entries so that `k & 31` needs no
/// bounds check; the last 8 are never used).
const SUIT_OF: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = suit_mask(Card::from_index(k).suit());
        k += 1;
    }
    t
};

/// `ABOVE[k]`: the kinds of the same suit above kind `k` (see `SUIT_OF` for the size).
const ABOVE: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = above_mask(Card::from_index(k));
        k += 1;
    }
    t
};

/// RULES.md section 6 on 24-bit kind masks: follow the led suit, beating the winner if
/// possible; else trump, beating a winning trump if possible; else anything. `hand` is the
/// kinds held, `led_mask` the kinds of the led suit, `beat_mask` the kinds that beat the
/// trick's winning card (both all ones before a trick's first card, so a lead may play the
/// whole hand), `trump_mask` the trump kinds (0 without trump). What `Deal::legal_cards` and
/// the bots' double-dummy solver compute on the masks they keep.
#[inline]
pub fn legal_from_masks(hand: u32, led_mask: u32, beat_mask: u32, trump_mask: u32) -> u32 {
    // Three selects and no early return. Without the led suit and without trump, `beat`
    // is empty (the winner is of the led suit or a trump), so `hand` needs no exit of its own.
    let follow = hand & led_mask;
    let trumps = hand & trump_mask;
    let other = if trumps != 0 { trumps } else { hand };
    let pool = if follow != 0 { follow } else { other };
    let beat = pool & beat_mask;
    if beat != 0 {
        beat
    } else {
        pool
    }
}
