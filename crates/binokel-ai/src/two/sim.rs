//! [`Sim`]: a small copy of the two-player rules (RULES.md section 13) for the bots' search,
//! one possible world in the middle of play, with the trick rule and the stock's draws.

use binokel::deal::{
    meld_candidates, meld_cards_of as meld_cards, meld_group as group, meld_value, once_bit, once_per_deal,
};
use binokel::rules::LAST_TRICK_BONUS;
use binokel::{Action, Card, CardSet, MeldKind, Rank, Rules, Suit};

/// Tricks in a two-player deal (48 cards, two a trick).
pub(super) const TRICKS: u32 = 24;
/// Cards drawn in a deal: the face-down stock and the card under it.
pub(super) const DRAWS: usize = 24;
/// The winner of a trick may still show a meld.
pub(super) const MAY_MELD: u8 = 1;
/// The winner of a trick may still exchange.
pub(super) const MAY_EXCHANGE: u8 = 2;

/// Does `c` beat `w` (the card leading the trick) under `trump`? The first of two equal
/// copies wins, so an equal card does not beat.
#[inline]
pub(super) fn beats(c: Card, w: Card, trump: Suit) -> bool {
    if c.suit() == w.suit() {
        c.rank() > w.rank()
    } else {
        c.suit() == trump
    }
}

/// A two-player deal in the middle of play, as the search sees one possible world.
#[derive(Copy, Clone, Debug)]
pub struct Sim {
    pub(super) trump: Suit,
    pub(super) rules: Rules,
    /// The card turned up at the deal (an exchange is refused when it is the trump 9).
    pub(super) turned: Card,
    pub(super) hands: [CardSet; 2],
    /// Cards still to draw, in order: `draws[drawn..]`, the face-up bottom card last.
    pub(super) draws: [Card; DRAWS],
    pub(super) drawn: usize,
    pub(super) exchanged: bool,
    pub(super) leader: usize,
    pub(super) to_act: usize,
    pub(super) lead: Option<Card>,
    pub(super) window: u8,
    pub(super) fresh: Option<Card>,
    pub(super) used: [[CardSet; 4]; 2],
    pub(super) once: [u32; 2],
    pub(super) points: [u32; 2],
    pub(super) melds: [u32; 2],
    pub(super) tricks: u32,
    /// Cards played so far (public).
    pub(super) gone: CardSet,
}

impl Sim {
    /// The seat to act, or None when the deal is over.
    pub fn to_act(&self) -> Option<usize> {
        (self.tricks < TRICKS).then_some(self.to_act)
    }

    /// True while cards are left to draw (free play, melds after a won trick).
    pub fn stock_lasts(&self) -> bool {
        self.drawn < DRAWS
    }

    /// Card points taken (the last trick's 10 included) plus melds shown, per seat.
    pub fn totals(&self) -> [i32; 2] {
        [0, 1].map(|s| (self.points[s] + self.melds[s]) as i32)
    }

    /// The cards `seat` holds in this world.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat]
    }

    fn before_draw(&self, seat: usize) -> CardSet {
        let mut hand = self.hands[seat];
        if let Some(c) = self.fresh {
            hand.remove(c);
        }
        hand
    }

    /// Shown copies stay marked only while the seat holds as many (as the engine keeps them).
    fn clamp_used(&mut self, seat: usize) {
        let h = self.hands[seat];
        for u in self.used[seat].iter_mut() {
            *u = CardSet::from_masks(u.kinds() & h.kinds(), u.doubles() & h.doubles());
        }
    }

    fn pool(&self, seat: usize, g: usize) -> CardSet {
        let hand = self.before_draw(seat);
        let u = self.used[seat][g];
        let held = CardSet::from_masks(u.kinds() & hand.kinds(), u.doubles() & hand.doubles());
        hand.minus(held).unwrap_or(CardSet::EMPTY)
    }

    fn can_meld(&self, kind: MeldKind, suit: Option<Suit>) -> bool {
        if self.window & MAY_MELD == 0 {
            return false;
        }
        let seat = self.to_act;
        let Some(cards) = meld_cards(kind, suit, self.trump) else {
            return false;
        };
        if once_per_deal(kind) && self.once[seat] & once_bit(kind, suit) != 0 {
            return false;
        }
        self.pool(seat, group(kind)).contains_all(cards)
    }

    fn can_exchange(&self) -> bool {
        if self.window & MAY_EXCHANGE == 0 || self.exchanged {
            return false;
        }
        let nine = Card::new(self.trump, Rank::Nine);
        self.turned != nine && self.before_draw(self.to_act).contains(nine)
    }

    /// The legal cards of the seat to act, as a kind mask.
    pub fn legal_cards(&self) -> u32 {
        let hand = self.hands[self.to_act].kinds();
        let Some(w) = self.lead else { return hand };
        if self.stock_lasts() {
            return hand;
        }
        let led = binokel::cardset::suit_mask(w.suit());
        if hand & led != 0 {
            let above = hand & led & binokel::cardset::above_mask(w);
            return if above != 0 { above } else { hand & led };
        }
        let trumps = hand & binokel::cardset::suit_mask(self.trump);
        if trumps != 0 {
            trumps
        } else {
            hand
        }
    }

    /// Every legal action: melds and the exchange (after a won trick), then the cards.
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.window != 0 {
            for (k, s) in meld_candidates(self.trump) {
                if self.can_meld(k, s) {
                    out.push(Action::Meld(k, s));
                }
            }
            if self.can_exchange() {
                out.push(Action::Exchange);
            }
        }
        out.extend(binokel::cardset::mask_cards(self.legal_cards()).map(Action::Play));
        out
    }

    /// Applies an action (the caller keeps to legal ones).
    pub fn apply(&mut self, a: Action) {
        match a {
            Action::Play(c) => self.play(c),
            Action::Meld(k, s) => {
                let seat = self.to_act;
                let Some(cards) = meld_cards(k, s, self.trump) else {
                    return;
                };
                let g = group(k);
                self.clamp_used(seat);
                self.used[seat][g] = self.used[seat][g].union(cards).unwrap_or(self.used[seat][g]);
                if once_per_deal(k) {
                    self.once[seat] |= once_bit(k, s);
                }
                self.window &= !MAY_MELD;
                self.melds[seat] += meld_value(k, s, self.trump, &self.rules);
            }
            Action::Exchange => {
                let seat = self.to_act;
                let nine = Card::new(self.trump, Rank::Nine);
                let turned = self.turned;
                self.clamp_used(seat);
                let scores = self.before_draw(seat).count(nine) > self.used[seat][3].count(nine);
                if !scores {
                    self.used[seat][3].remove(nine);
                }
                self.hands[seat].remove(nine);
                self.hands[seat].insert(turned);
                if self.drawn == DRAWS {
                    // The loser has just drawn the turned card; the exchange gives it the 9.
                    let loser = 1 - seat;
                    self.hands[loser].remove(turned);
                    self.hands[loser].insert(nine);
                } else {
                    self.draws[DRAWS - 1] = nine;
                }
                self.exchanged = true;
                self.window &= !MAY_EXCHANGE;
                if scores {
                    self.melds[seat] += 10;
                }
            }
            _ => {}
        }
    }

    pub(super) fn play(&mut self, c: Card) {
        let seat = self.to_act;
        self.hands[seat].remove(c);
        self.gone.insert(c);
        self.window = 0;
        self.fresh = None;
        let Some(w) = self.lead else {
            self.lead = Some(c);
            self.to_act = 1 - seat;
            return;
        };
        let winner = if beats(c, w, self.trump) {
            seat
        } else {
            self.leader
        };
        self.points[winner] += c.points() + w.points();
        self.tricks += 1;
        self.lead = None;
        self.leader = winner;
        self.to_act = winner;
        if self.tricks == TRICKS {
            self.points[winner] += LAST_TRICK_BONUS;
            return;
        }
        if self.drawn < DRAWS {
            self.clamp_used(0);
            self.clamp_used(1);
            let a = self.draws[self.drawn];
            let b = self.draws[self.drawn + 1];
            self.drawn += 2;
            self.hands[winner].insert(a);
            self.hands[1 - winner].insert(b);
            self.fresh = Some(a);
            self.window = MAY_MELD | MAY_EXCHANGE;
        }
    }
}
