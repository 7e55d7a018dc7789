//! Two players (RULES.md section 13): the stock, drawing after each trick, one meld shown by
//! the winner of a trick, the exchange of a trump 9 for the turned card, free play while the
//! stock lasts, and the scoring of card points plus melds shown.
//!
//! A child module of `deal` (it extends `Deal` with the two-player steps); the decisions the
//! rules text leaves open are in `docs/rules.md`.

use super::{pack_cards, round_ten, Deal, Phase, Seat};
use crate::action::Action;
use crate::card::{Card, Rank, Suit};
use crate::cardset::{suit_mask, CardSet};
use crate::error::{IllegalAction, MeldRefusal};
use crate::meld::MeldKind;
use crate::rules::{Rounding, Rules};
use rand::Rng;

/// Cards face down in the stock at the start (the turned card lies under them).
pub(super) const STOCK: usize = 23;
/// Cards drawn in a whole deal: the face-down stock and the turned card.
const DRAWS: u8 = STOCK as u8 + 1;
/// Reuse groups (RULES.md section 5): families and pairs, fours and eights, Binokel; the Diss
/// is a group of its own (each trump 9 counts once).
const GROUPS: usize = 4;
/// Window bits: the winner of the trick may still show a meld.
const MAY_MELD: u8 = 1;
/// Window bits: the winner of the trick may still exchange (if the rest allows it).
const MAY_EXCHANGE: u8 = 2;

/// The two-player part of a deal (unused with three and four players).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Two {
    /// The face-down stock as dealt, top card first.
    stock: [Card; STOCK],
    /// The card turned up after dealing (its suit is trump).
    turned: Card,
    /// The card under the stock now: the turned card, or the trump 9 exchanged for it.
    bottom: Card,
    /// Cards drawn so far (the bottom card is the last).
    drawn: u8,
    /// `MAY_MELD | MAY_EXCHANGE` left to the winner of trick number `window_at` until it
    /// leads (kept apart from the play path: a lead or a later trick closes it).
    window: u8,
    /// The number of tricks played when the window opened.
    window_at: u8,
    /// The card the winner drew after that trick: it came after the chance to meld.
    fresh: Option<Card>,
    /// True once the turned card has been exchanged (once per deal).
    exchanged: bool,
    /// Per seat and reuse group: shown cards, kept no larger than the hand at each draw
    /// and exchange (a card counts once per group).
    used: [[CardSet; GROUPS]; 2],
    /// Per seat: the (kind, suit) pairs shown that the table allows once per deal.
    once: [u32; 2],
}

impl Two {
    /// The value of a deal that is not a two-player deal.
    pub(super) const NONE: Two = Two {
        stock: [Card::from_index(0); STOCK],
        turned: Card::from_index(0),
        bottom: Card::from_index(0),
        drawn: DRAWS,
        window: 0,
        window_at: 0,
        fresh: None,
        exchanged: false,
        used: [[CardSet::EMPTY; GROUPS]; 2],
        once: [0; 2],
    };

    /// A fresh two-player deal's stock.
    pub(super) fn new(stock: [Card; STOCK], turned: Card) -> Two {
        Two {
            stock,
            turned,
            bottom: turned,
            drawn: 0,
            ..Two::NONE
        }
    }
}

/// The reuse group of a meld kind (RULES.md section 5): 0 families and pairs, 1 fours and
/// eights, 2 Binokel, 3 the Diss on its own.
pub fn meld_group(kind: MeldKind) -> usize {
    match kind {
        MeldKind::Family | MeldKind::DoubleFamily | MeldKind::Pair | MeldKind::Rundgang => 0,
        MeldKind::Binokel | MeldKind::DoubleBinokel => 2,
        MeldKind::Diss => 3,
        _ => 1,
    }
}

/// True for the kinds that may be shown once per deal and suit; a pair may be shown once per
/// K-Q couple and a Diss once per trump 9 (RULES.md section 5's table), which the cards limit.
pub fn once_per_deal(kind: MeldKind) -> bool {
    !matches!(kind, MeldKind::Pair | MeldKind::Diss)
}

/// The bit of a once-per-deal meld: families and double families per suit (0..8), then one
/// bit per kind without a suit (fours, eights, Binokel, double Binokel: 8..18).
pub fn once_bit(kind: MeldKind, suit: Option<Suit>) -> u32 {
    match (kind, suit) {
        (MeldKind::Family, Some(s)) => 1 << s.index(),
        (MeldKind::DoubleFamily, Some(s)) => 1 << (4 + s.index()),
        (k, _) => 1 << (8 + (k as u32).saturating_sub(MeldKind::FourAces as u32).min(23)),
    }
}

/// The cards one meld of `kind` (in `suit` where it has one) is made of, or None for a kind
/// that cannot be shown one at a time (`rundgang`) or a suit that does not fit.
pub fn meld_cards_of(kind: MeldKind, suit: Option<Suit>, trump: Suit) -> Option<CardSet> {
    let mut set = CardSet::EMPTY;
    let mut add = |s: Suit, r: Rank, copies: u32| {
        for _ in 0..copies {
            set.insert(Card::new(s, r));
        }
    };
    const FAMILY: [Rank; 5] = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack];
    let fours = |r: Rank, copies: u32, add: &mut dyn FnMut(Suit, Rank, u32)| {
        for s in Suit::ALL {
            add(s, r, copies);
        }
    };
    match (kind, suit) {
        (MeldKind::Family, Some(s)) => FAMILY.iter().for_each(|&r| add(s, r, 1)),
        (MeldKind::DoubleFamily, Some(s)) => FAMILY.iter().for_each(|&r| add(s, r, 2)),
        (MeldKind::Pair, Some(s)) => {
            add(s, Rank::King, 1);
            add(s, Rank::Queen, 1);
        }
        (MeldKind::Diss, Some(s)) if s == trump => add(s, Rank::Nine, 1),
        (MeldKind::FourAces, None) => fours(Rank::Ace, 1, &mut add),
        (MeldKind::FourKings, None) => fours(Rank::King, 1, &mut add),
        (MeldKind::FourQueens, None) => fours(Rank::Queen, 1, &mut add),
        (MeldKind::FourJacks, None) => fours(Rank::Jack, 1, &mut add),
        (MeldKind::EightAces, None) => fours(Rank::Ace, 2, &mut add),
        (MeldKind::EightKings, None) => fours(Rank::King, 2, &mut add),
        (MeldKind::EightQueens, None) => fours(Rank::Queen, 2, &mut add),
        (MeldKind::EightJacks, None) => fours(Rank::Jack, 2, &mut add),
        (MeldKind::Binokel, None) => {
            add(Suit::Spades, Rank::Queen, 1);
            add(Suit::Diamonds, Rank::Jack, 1);
        }
        (MeldKind::DoubleBinokel, None) => {
            add(Suit::Spades, Rank::Queen, 2);
            add(Suit::Diamonds, Rank::Jack, 2);
        }
        _ => return None,
    }
    Some(set)
}

/// The points of one meld shown under `trump` (RULES.md section 5's table; with
/// `family_pair = included` a family also scores its own K-Q).
pub fn meld_value(kind: MeldKind, suit: Option<Suit>, trump: Suit, rules: &Rules) -> u32 {
    let t = suit == Some(trump);
    let pair = if t { 40 } else { 20 };
    let included = u32::from(rules.family_pair_included);
    match kind {
        MeldKind::Family => (if t { 150 } else { 100 }) + included * pair,
        MeldKind::DoubleFamily => (if t { 1500 } else { 1000 }) + 2 * included * pair,
        MeldKind::Pair => pair,
        MeldKind::FourAces => 100,
        MeldKind::FourKings => 80,
        MeldKind::FourQueens => 60,
        MeldKind::FourJacks => 40,
        MeldKind::EightAces | MeldKind::EightKings | MeldKind::EightQueens | MeldKind::EightJacks => 1000,
        MeldKind::Binokel => 40,
        MeldKind::DoubleBinokel => 300,
        MeldKind::Diss => 10,
        MeldKind::Rundgang => 240,
    }
}

/// Every (kind, suit) that might be shown one at a time under `trump`, in `Action` order
/// (Rundgang excepted).
pub fn meld_candidates(trump: Suit) -> impl Iterator<Item = (MeldKind, Option<Suit>)> {
    MeldKind::ALL.into_iter().flat_map(move |k| {
        let suits: Vec<Option<Suit>> = match k {
            MeldKind::Rundgang => Vec::new(),
            MeldKind::Diss => vec![Some(trump)],
            k if k.has_suit() => Suit::ALL.into_iter().map(Some).collect(),
            _ => vec![None],
        };
        suits.into_iter().map(move |s| (k, s))
    })
}

impl Deal {
    /// Deals two players (RULES.md section 13): shuffle, the non-dealer cuts, 12 cards each
    /// in packets of 4 starting with the non-dealer, the next card turned up, the rest the
    /// stock (top card first).
    #[cold]
    #[inline(never)]
    pub(super) fn shuffled_two<R: Rng + ?Sized>(rules: Rules, dealer: Seat, rng: &mut R) -> Deal {
        use rand::seq::SliceRandom;
        let mut cards = pack_cards(&rules);
        cards.shuffle(rng);
        let cut = rng.gen_range(3..=cards.len() - 3);
        cards.rotate_left(cut);
        let (hands, stock, turned) = distribute_two(dealer, &cards);
        Deal::from_two_unchecked(rules, dealer, hands, stock, turned)
    }

    pub(super) fn from_two_unchecked(
        rules: Rules,
        dealer: Seat,
        hands: [CardSet; 4],
        stock: [Card; STOCK],
        turned: Card,
    ) -> Deal {
        let mut d = Deal::from_parts_unchecked(rules, dealer, hands, CardSet::EMPTY);
        d.two = Two::new(stock, turned);
        d.trump = Some(turned.suit());
        d.trump_mask = suit_mask(turned.suit());
        d.free = true;
        d.watch = true;
        d.phase = Phase::Play;
        d
    }

    /// Two players: the card turned up after dealing (its suit is trump).
    pub fn turned(&self) -> Option<Card> {
        (self.n == 2).then_some(self.two.turned)
    }

    /// Two players: the face-down stock as dealt, top card first (the turned card lies under
    /// it). Empty for other games.
    pub fn stock(&self) -> Vec<Card> {
        if self.n == 2 {
            self.two.stock.to_vec()
        } else {
            Vec::new()
        }
    }

    /// Two players: cards still to be drawn (the card under the stock included).
    pub fn stock_left(&self) -> usize {
        (DRAWS - self.two.drawn) as usize
    }

    /// Two players: the cards not yet drawn (the face-up one included).
    pub fn undrawn(&self) -> CardSet {
        let mut set = CardSet::EMPTY;
        if self.n == 2 {
            for &c in self.two.stock.iter().skip(self.two.drawn as usize) {
                set.insert(c);
            }
            if self.two.drawn < DRAWS {
                set.insert(self.two.bottom);
            }
        }
        set
    }

    /// Two players while the stock lasts: any card may be played to a trick.
    pub fn free_play(&self) -> bool {
        self.free
    }

    /// Two players: the face-up card under the stock while it is there (the turned card, or
    /// the trump 9 exchanged for it).
    pub fn bottom(&self) -> Option<Card> {
        (self.n == 2 && self.two.drawn < DRAWS).then_some(self.two.bottom)
    }

    /// Two players: true once the turned card has been exchanged for a trump 9.
    pub fn exchanged(&self) -> bool {
        self.two.exchanged
    }

    /// Two players: the card the winner of the last trick just drew (not usable in a meld
    /// shown before it leads).
    pub fn fresh_card(&self) -> Option<Card> {
        self.two.fresh.filter(|_| self.window() != 0)
    }

    /// What the winner of the last trick may still do before it leads (0: nothing).
    fn window(&self) -> u8 {
        if self.n == 2 && self.trick_len == 0 && self.two.window_at == self.tricks_played {
            self.two.window
        } else {
            0
        }
    }

    /// Forgets shown copies the seat no longer holds (before it gains a card, so that a copy
    /// drawn later is a fresh one): a shown card stays marked while the seat holds as many
    /// copies as were shown.
    fn clamp_used(&mut self, seat: usize) {
        let h = self.hands[seat];
        for u in self.two.used[seat].iter_mut() {
            *u = CardSet::from_masks(u.kinds() & h.kinds(), u.doubles() & h.doubles());
        }
    }

    /// The cards `seat` held before the draw after the last trick (its hand without the card
    /// just drawn): what a meld or the exchange may use.
    fn held_before_draw(&self, seat: usize) -> CardSet {
        let mut hand = self.hands[seat];
        if let Some(c) = self.fresh_card() {
            hand.remove(c);
        }
        hand
    }

    /// The cards of `seat` that may still make a meld of `group` now: held before the draw
    /// and not yet shown in that group.
    fn meld_pool(&self, seat: usize, group: usize) -> CardSet {
        let hand = self.held_before_draw(seat);
        let u = self.two.used[seat][group];
        let held = CardSet::from_masks(u.kinds() & hand.kinds(), u.doubles() & hand.doubles());
        hand.minus(held).unwrap_or(CardSet::EMPTY)
    }

    /// Why `meld kind suit` cannot be shown now (None: it can).
    fn meld_refusal(&self, kind: MeldKind, suit: Option<Suit>) -> Option<MeldRefusal> {
        let seat = self.to_act as usize;
        if self.n != 2 {
            return Some(MeldRefusal::MeldsNeedTwoPlayers);
        }
        // Two players always have trump; were it missing, the meld is refused, never passed.
        let Some(trump) = self.trump else {
            return Some(MeldRefusal::MeldNotNow);
        };
        if self.window() & MAY_MELD == 0 {
            return Some(if self.window() != 0 {
                MeldRefusal::OneMeldPerTrick
            } else {
                MeldRefusal::MeldNotNow
            });
        }
        let Some(cards) = meld_cards_of(kind, suit, trump) else {
            return Some(match kind {
                MeldKind::Rundgang => MeldRefusal::NoRundgang,
                _ => MeldRefusal::DissIsTrumpNine(trump),
            });
        };
        if once_per_deal(kind) && self.two.once[seat] & once_bit(kind, suit) != 0 {
            return Some(MeldRefusal::OncePerDeal);
        }
        let pool = self.meld_pool(seat, meld_group(kind));
        if !pool.contains_all(cards) {
            return Some(MeldRefusal::Needs {
                cards,
                fresh: self.two.fresh,
                low: self.rules.low,
            });
        }
        None
    }

    /// Why `exchange` is not possible now (None: it is).
    fn exchange_refusal(&self) -> Option<MeldRefusal> {
        let seat = self.to_act as usize;
        if self.n != 2 {
            return Some(MeldRefusal::ExchangeNeedsTwoPlayers);
        }
        if self.window() & MAY_EXCHANGE == 0 {
            return Some(MeldRefusal::ExchangeNotNow);
        }
        if self.two.exchanged {
            return Some(MeldRefusal::Exchanged);
        }
        let Some(trump) = self.trump else {
            return Some(MeldRefusal::ExchangeNotNow);
        };
        let nine = Card::new(trump, Rank::Nine);
        if self.two.turned == nine {
            return Some(MeldRefusal::TurnedIsNine(nine));
        }
        if !self.held_before_draw(seat).contains(nine) {
            return Some(MeldRefusal::NeedsNine(nine));
        }
        None
    }

    /// The two-player actions besides cards open to the seat to act, in `Action` order.
    pub(super) fn for_each_two_extra(&self, f: &mut impl FnMut(Action)) {
        if self.window() == 0 {
            return;
        }
        let Some(trump) = self.trump else { return };
        for (k, s) in meld_candidates(trump) {
            if self.meld_refusal(k, s).is_none() {
                f(Action::Meld(k, s));
            }
        }
        if self.exchange_refusal().is_none() {
            f(Action::Exchange);
        }
    }

    /// Checks `meld` and `exchange`.
    pub(super) fn check_two_extra(&self, a: Action) -> Result<(), IllegalAction> {
        let why = match a {
            Action::Meld(k, s) => self.meld_refusal(k, s),
            Action::Exchange => self.exchange_refusal(),
            _ => Some(MeldRefusal::NotTwoPlayerAction),
        };
        match why {
            None => Ok(()),
            Some(reason) => Err(IllegalAction::CannotMeld { action: a, reason }),
        }
    }

    pub(super) fn show_meld(&mut self, kind: MeldKind, suit: Option<Suit>) {
        let seat = self.to_act as usize;
        let trump = self.trump.expect("two players have trump");
        let cards = meld_cards_of(kind, suit, trump).expect("checked meld");
        let g = meld_group(kind);
        self.clamp_used(seat);
        self.two.used[seat][g] = self.two.used[seat][g].union(cards).expect("checked meld");
        if once_per_deal(kind) {
            self.two.once[seat] |= once_bit(kind, suit);
        }
        self.two.window &= !MAY_MELD;
        self.melds[seat] += meld_value(kind, suit, trump, &self.rules);
    }

    pub(super) fn exchange(&mut self) {
        let seat = self.to_act as usize;
        let trump = self.trump.expect("two players have trump");
        let nine = Card::new(trump, Rank::Nine);
        let turned = self.two.turned;
        // A 9 not shown as a Diss scores its 10 now; if both held 9s were shown, the shown one
        // goes and scores nothing more.
        self.clamp_used(seat);
        let scores = self.held_before_draw(seat).count(nine) > self.two.used[seat][3].count(nine);
        if !scores {
            self.two.used[seat][3].remove(nine);
        }
        self.hands[seat].remove(nine);
        self.hands[seat].insert(turned);
        if self.two.drawn == DRAWS {
            // The turned card was drawn just now by the loser of the trick; in the real order
            // (exchange, then draw) the loser gets the 9 instead.
            let loser = 1 - seat;
            self.hands[loser].remove(turned);
            self.hands[loser].insert(nine);
        } else {
            self.two.bottom = nine;
        }
        self.two.exchanged = true;
        self.two.window &= !MAY_EXCHANGE;
        if scores {
            self.melds[seat] += meld_value(MeldKind::Diss, Some(trump), trump, &self.rules);
        }
    }

    /// After a trick while the stock lasts: the winner draws, then the loser; the winner may
    /// show a meld and exchange before it leads.
    #[cold]
    #[inline(never)]
    pub(super) fn draw_after_trick(&mut self, winner: u8) {
        let w = winner as usize;
        let next = |t: &mut Two| {
            let c = if (t.drawn as usize) < STOCK {
                t.stock[t.drawn as usize]
            } else {
                t.bottom
            };
            t.drawn += 1;
            c
        };
        self.clamp_used(0);
        self.clamp_used(1);
        let a = next(&mut self.two);
        let b = next(&mut self.two);
        self.hands[w].insert(a);
        self.hands[1 - w].insert(b);
        self.two.fresh = Some(a);
        self.two.window = MAY_MELD | MAY_EXCHANGE;
        self.two.window_at = self.tricks_played;
        if self.two.drawn == DRAWS {
            self.free = false;
            self.strict = true;
            self.watch = false;
        }
    }

    /// Two players' scores: card points (the last trick's 10 included) plus melds shown.
    pub(super) fn finish_two(&mut self) {
        self.phase = Phase::Done;
        for s in 0..2 {
            let total = (self.points[s] + self.melds[s]) as i32;
            self.scores[s] = if self.rules.rounding == Rounding::Ten {
                round_ten(total)
            } else {
                total
            };
        }
    }
}

/// Deals an ordered pack (top first) to two players: packets of 4 from the non-dealer, 12
/// each; the next card is turned up; the rest is the stock, top card first.
pub fn distribute_two(dealer: Seat, cards: &[Card]) -> ([CardSet; 4], [Card; STOCK], Card) {
    let mut hands = [CardSet::EMPTY; 4];
    let first = (dealer + 1) % 2;
    for (i, &c) in cards[..24].iter().enumerate() {
        let seat = if (i / 4) % 2 == 0 { first } else { 1 - first };
        hands[seat].insert(c);
    }
    let turned = cards[24];
    let mut stock = [Card::from_index(0); STOCK];
    stock.copy_from_slice(&cards[25..48]);
    (hands, stock, turned)
}
