//! One deal as a state machine: auction, Tapp and burial, declaration, melds, tricks, scores.
//!
//! `Deal` is small and `Copy`, so search can clone it freely; it keeps no history (the
//! `Game` in `game.rs` does). Exactly one seat is to act until the deal is over.

use crate::action::Action;
use crate::card::{Card, Rank, Suit};
use crate::cardset::{above_mask, suit_mask, CardSet};
use crate::error::{IllegalAction, SetupError};
use crate::meld::meld_total;
use crate::rules::{AllPass, AuctionKind, FirstLead, Raise, Rounding, Rules};
use rand::Rng;

pub use crate::rules::MAX_BID;

/// A seat index in playing order (0..players).
pub type Seat = usize;

/// Where a deal stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Bidding.
    Auction,
    /// The soloist has taken the Tapp and buries.
    Bury,
    /// The soloist declares trump, Durch, Bettel or surrender.
    Declare,
    /// Trick play.
    Play,
    /// The deal is over.
    Done,
}

/// What the soloist declared.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contract {
    /// A normal game with this trump.
    Trump(Suit),
    /// No trump, every trick promised.
    Durch,
    /// No trump, no trick promised.
    Bettel,
    /// Trump named and the game given up at once.
    Surrender(Suit),
}

impl Contract {
    /// The trump suit, if the contract has one.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Contract::Trump(s) | Contract::Surrender(s) => Some(s),
            Contract::Durch | Contract::Bettel => None,
        }
    }

    /// The name the referee prints: `trump`, `durch`, `bettel`, `surrender`.
    pub const fn name(self) -> &'static str {
        match self {
            Contract::Trump(_) => "trump",
            Contract::Durch => "durch",
            Contract::Bettel => "bettel",
            Contract::Surrender(_) => "surrender",
        }
    }
}

#[path = "stock.rs"]
mod stock;
pub use stock::{
    distribute_two, meld_candidates, meld_cards_of, meld_group, meld_value, once_bit, once_per_deal,
};

/// The cards as dealt: one hand per seat and the Tapp (with two players, the turned card and
/// the stock). Public fields, possibly inconsistent; `Deal::new` checks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// The dealer's seat.
    pub dealer: Seat,
    /// The hands in seat order.
    pub hands: Vec<CardSet>,
    /// The Tapp.
    pub tapp: CardSet,
    /// Two players: the face-down stock, top card first (empty otherwise).
    pub stock: Vec<Card>,
    /// Two players: the card turned up under the stock (None otherwise).
    pub turned: Option<Card>,
}

impl Setup {
    /// A setup without a stock (three and four players).
    pub fn new(rules: Rules, dealer: Seat, hands: Vec<CardSet>, tapp: CardSet) -> Setup {
        Setup {
            rules,
            dealer,
            hands,
            tapp,
            stock: Vec::new(),
            turned: None,
        }
    }
}

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

/// The result of a finished (or the state of an unfinished) deal, in the referee's terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The deal is over.
    pub complete: bool,
    /// The soloist, once the auction ended.
    pub soloist: Option<Seat>,
    /// The contract's bid, once the auction ended.
    pub bid: Option<u32>,
    /// The declaration, once made.
    pub contract: Option<Contract>,
    /// Each seat's melds under the contract's trump, once declared (0 in Durch and Bettel).
    pub melds: Option<[u32; 4]>,
    /// Tricks taken.
    pub tricks: [u32; 4],
    /// Card points in tricks, the last trick's 10, and the soloist's buried cards.
    pub card_points: [u32; 4],
    /// The deal's score per seat (0 until complete), rounding applied.
    pub scores: [i32; 4],
    /// True when the deal was thrown in because every seat passed (`all_pass = redeal`).
    pub redeal: bool,
    /// The trump suit once known (from the declaration, or the turned card with two players).
    pub trump: Option<Suit>,
}

/// One deal's complete state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
// Declared order, hot fields first: what `legal_cards` and the card play read sits in the
// first two cache lines, whatever the rest (auction, two-player stock) grows to.
#[repr(C)]
pub struct Deal {
    // Play.
    hands: [CardSet; 4],
    /// The led suit's cards while a trick is on the table; every card (`ALL`) before its
    /// lead, so that a lead needs no test of its own in `legal_cards`.
    led_mask: u32,
    /// The kinds that would take the trick from its current winner; `ALL` before the lead
    /// (the first card always takes).
    beat_mask: u32,
    /// The trump suit's cards as a kind mask (0 without trump).
    trump_mask: u32,
    points: [u32; 4],
    phase: Phase,
    /// Trick play under the follow rules (three or four seats, or two once the stock is
    /// gone): the one test `legal_cards` makes on its fast path.
    strict: bool,
    /// Ends of tricks that need more than counting: free play (drawing from the stock),
    /// Durch and Bettel (the deal may end early).
    watch: bool,
    to_act: u8,
    trick_len: u8,
    /// Two players while the stock lasts: any card may be played.
    free: bool,
    n: u8,
    win_idx: u8,
    /// Card points in the current trick so far (summed as cards fall).
    trick_pts: u8,
    leader: u8,
    tricks_played: u8,
    trick: [Card; 4],
    tricks: [u8; 4],
    hand_size: u8,
    dealer: u8,
    rules: Rules,
    dealt: [CardSet; 4],
    tapp: CardSet,
    // Auction.
    bid: u32,
    holder: u8,
    duel: [u8; 2],
    next_challenger: u8,
    passed: u8,
    soloist: u8,
    redeal: bool,
    give_pending: bool,
    // Exchange and declaration.
    buried: CardSet,
    /// Calling (house rule): the called card, and the seat that gave it, until the soloist
    /// has given a card back; `called` stays set afterwards (one call per deal).
    called: Option<Card>,
    giver: Option<u8>,
    contract: Option<Contract>,
    trump: Option<Suit>,
    melds: [u32; 4],
    scores: [i32; 4],
    /// Two players: the stock, the melds shown and the exchange.
    two: stock::Two,
}

impl Deal {
    /// A deal from dealt cards, checked: the right number of hands and cards, exactly the pack.
    pub fn new(setup: &Setup) -> Result<Deal, SetupError> {
        let rules = setup.rules;
        rules.validate().map_err(|e| SetupError::Rules(e.0))?;
        let n = rules.players as usize;
        if setup.dealer >= n {
            return Err(SetupError::Dealer(setup.dealer));
        }
        if setup.hands.len() != n {
            return Err(SetupError::HandCount {
                expected: n,
                got: setup.hands.len(),
            });
        }
        let hs = rules.hand_size();
        let mut all = CardSet::EMPTY;
        let mut dealt = [CardSet::EMPTY; 4];
        for (i, h) in setup.hands.iter().enumerate() {
            if h.len() != hs {
                return Err(SetupError::HandSize {
                    seat: i,
                    expected: hs,
                    got: h.len(),
                });
            }
            dealt[i] = *h;
            all = all.union(*h).ok_or(SetupError::NotThePack)?;
        }
        if setup.tapp.len() != rules.tapp as usize {
            return Err(SetupError::TappSize {
                expected: rules.tapp as usize,
                got: setup.tapp.len(),
            });
        }
        all = all.union(setup.tapp).ok_or(SetupError::NotThePack)?;
        if n == 2 {
            let turned = setup.turned.ok_or(SetupError::Turned)?;
            if setup.stock.len() != stock::STOCK {
                return Err(SetupError::StockSize {
                    expected: stock::STOCK,
                    got: setup.stock.len(),
                });
            }
            for &c in setup.stock.iter().chain([&turned]) {
                let mut one = CardSet::EMPTY;
                one.insert(c);
                all = all.union(one).ok_or(SetupError::NotThePack)?;
            }
        } else if setup.turned.is_some() || !setup.stock.is_empty() {
            return Err(SetupError::StockSize {
                expected: 0,
                got: setup.stock.len() + usize::from(setup.turned.is_some()),
            });
        }
        if all != pack(&rules) {
            return Err(SetupError::NotThePack);
        }
        if n == 2 {
            let mut stock = [Card::from_index(0); stock::STOCK];
            stock.copy_from_slice(&setup.stock);
            let turned = setup.turned.ok_or(SetupError::Turned)?;
            return Ok(Deal::from_two_unchecked(
                rules,
                setup.dealer,
                dealt,
                stock,
                turned,
            ));
        }
        Ok(Deal::from_parts_unchecked(rules, setup.dealer, dealt, setup.tapp))
    }

    fn from_parts_unchecked(rules: Rules, dealer: Seat, dealt: [CardSet; 4], tapp: CardSet) -> Deal {
        let n = rules.players;
        let fh = wrap_seat(dealer as u8 + 1, n);
        let mh = wrap_seat(dealer as u8 + 2, n);
        let mut d = Deal {
            rules,
            n,
            // Tricks in the deal: the hand, and with two players the stock's 12 rounds too.
            hand_size: if n == 2 { 24 } else { rules.hand_size() as u8 },
            dealer: dealer as u8,
            dealt,
            tapp,
            hands: dealt,
            phase: Phase::Auction,
            to_act: fh,
            bid: 0,
            holder: fh,
            duel: [fh, mh],
            next_challenger: 2,
            passed: 0,
            soloist: 0,
            redeal: false,
            buried: CardSet::EMPTY,
            called: None,
            giver: None,
            give_pending: false,
            contract: None,
            trump: None,
            melds: [0; 4],
            leader: fh,
            trick: [Card::from_index(0); 4],
            trick_len: 0,
            win_idx: 0,
            trick_pts: 0,
            trump_mask: 0,
            strict: false,
            watch: false,
            led_mask: ALL,
            beat_mask: ALL,
            tricks_played: 0,
            tricks: [0; 4],
            points: [0; 4],
            scores: [0; 4],
            free: false,
            two: stock::Two::NONE,
        };
        if rules.auction == AuctionKind::Open {
            d.next_challenger = n;
        }
        d
    }

    /// Shuffles with `rng`, lets middlehand cut, and deals (RULES.md section 2).
    // Always inlined, as `deal_cards`: the generator's state stays in the caller's registers.
    #[inline(always)]
    pub fn shuffled<R: Rng + ?Sized>(rules: Rules, dealer: Seat, rng: &mut R) -> Deal {
        if rules.players == 2 {
            return Deal::shuffled_two(rules, dealer, rng);
        }
        let (hands, tapp) = deal_cards(&rules, dealer, rng);
        Deal::from_parts_unchecked(rules, dealer, hands, tapp)
    }

    /// The setup this deal started from.
    pub fn setup(&self) -> Setup {
        Setup {
            rules: self.rules,
            dealer: self.dealer as Seat,
            hands: self.dealt[..self.n as usize].to_vec(),
            tapp: self.tapp,
            stock: self.stock(),
            turned: self.turned(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer as Seat
    }

    /// Forehand: the seat after the dealer.
    pub fn forehand(&self) -> Seat {
        (self.dealer as Seat + 1) % self.players()
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// True when the deal is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The seat to act, None when the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Done).then_some(self.to_act as Seat)
    }

    /// The cards a seat holds now (the soloist's 18 between taking the Tapp and burying).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The cards dealt to a seat.
    pub fn dealt_hand(&self, seat: Seat) -> CardSet {
        self.dealt[seat]
    }

    /// The Tapp as dealt.
    pub fn tapp(&self) -> CardSet {
        self.tapp
    }

    /// True once the Tapp has been turned up (the auction is over).
    pub fn tapp_shown(&self) -> bool {
        self.phase != Phase::Auction && !self.redeal && self.n != 2
    }

    /// The current highest bid (0 before the opening bid).
    pub fn bid(&self) -> u32 {
        self.bid
    }

    /// The seat holding the current bid.
    pub fn high_bidder(&self) -> Option<Seat> {
        (self.bid > 0).then_some(self.holder as Seat)
    }

    /// Seats that have passed, as a bit mask.
    pub fn passed_mask(&self) -> u8 {
        self.passed
    }

    /// The soloist, once the auction is over.
    pub fn soloist(&self) -> Option<Seat> {
        (self.phase != Phase::Auction && !self.redeal && self.n != 2).then_some(self.soloist as Seat)
    }

    /// The buried cards (hidden from everybody but the soloist).
    pub fn buried(&self) -> CardSet {
        self.buried
    }

    /// The declaration, once made.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The trump suit, if any.
    #[inline]
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// Each seat's meld value under the contract (after the declaration).
    pub fn melds(&self) -> [u32; 4] {
        self.melds
    }

    /// The cards on the table in the current trick, in the order played.
    pub fn current_trick(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// The seat that led the current trick (or leads the next one).
    pub fn leader(&self) -> Seat {
        self.leader as Seat
    }

    /// The seat currently winning the trick on the table.
    pub fn trick_winner(&self) -> Option<Seat> {
        (self.trick_len > 0).then_some((self.leader as Seat + self.win_idx as Seat) % self.players())
    }

    /// Tricks completed.
    pub fn tricks_played(&self) -> u32 {
        self.tricks_played as u32
    }

    /// Tricks taken per seat.
    pub fn tricks_taken(&self) -> [u32; 4] {
        self.tricks.map(u32::from)
    }

    /// Card points in each seat's tricks (last trick's 10 included; burial not included).
    pub fn trick_points(&self) -> [u32; 4] {
        self.points
    }

    /// Every card played so far, the current trick included.
    ///
    /// Worked out from where the other cards are (the pack less the hands, the burial, the
    /// Tapp while nobody has taken it, and the stock not yet drawn): keeping it as cards fall
    /// cost the play path a read and two writes per card.
    pub fn played(&self) -> CardSet {
        let mut away = self.buried;
        for h in &self.hands[..self.n as usize] {
            away = away.union(*h).unwrap_or(away);
        }
        if self.phase == Phase::Auction || self.redeal {
            away = away.union(self.tapp).unwrap_or(away);
        }
        if self.n == 2 {
            away = away.union(self.undrawn()).unwrap_or(away);
        }
        // Every card is in exactly one place, so `away` is part of the pack.
        pack(&self.rules).minus(away).unwrap_or(CardSet::EMPTY)
    }

    /// Tricks in a whole deal.
    pub fn total_tricks(&self) -> u32 {
        self.hand_size as u32
    }

    // ----- legal actions -----

    /// The legal actions, sorted.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::with_capacity(16);
        self.for_each_legal(|a| v.push(a));
        v
    }

    /// Calls `f` with every legal action, in sorted order.
    pub fn for_each_legal(&self, mut f: impl FnMut(Action)) {
        match self.phase {
            Phase::Auction => {
                if self.bid == 0 && self.rules.auction == AuctionKind::Duel {
                    f(Action::Bid(self.rules.opening));
                    return;
                }
                f(Action::Pass);
                let (lo, hi) = self.bid_range();
                let mut b = lo;
                while b <= hi {
                    f(Action::Bid(b));
                    b += 10;
                }
            }
            Phase::Bury => {
                let hand = self.hands[self.soloist as usize];
                if self.give_pending {
                    hand.distinct().for_each(|c| f(Action::Give(c)));
                    return;
                }
                let mut all = Vec::new();
                if self.may_call() {
                    for c in
                        crate::cardset::mask_cards(!hand.kinds() & crate::deal::pack(&self.rules).kinds())
                    {
                        all.push(Action::Call(c));
                    }
                }
                for_each_burial(self.buriable(), self.rules.tapp as usize, |s| {
                    all.push(Action::Bury(s))
                });
                all.sort_unstable();
                all.into_iter().for_each(f);
            }
            Phase::Declare => {
                for s in Suit::ALL {
                    f(Action::Trump(s));
                }
                if self.rules.durch {
                    f(Action::Durch);
                }
                if self.rules.bettel {
                    f(Action::Bettel);
                }
                for s in Suit::ALL {
                    f(Action::Surrender(s));
                }
            }
            Phase::Play => {
                let mut m = self.legal_cards();
                while m != 0 {
                    let i = m.trailing_zeros();
                    m &= m - 1;
                    f(Action::Play(Card::from_index(i as usize)));
                }
                if self.n == 2 {
                    self.for_each_two_extra(&mut f);
                }
            }
            Phase::Done => {}
        }
    }

    /// The inclusive range of bids the seat to act may make (lo > hi when none).
    fn bid_range(&self) -> (u32, u32) {
        let lo = if self.bid == 0 {
            self.rules.opening
        } else {
            self.bid + 10
        };
        let hi = match self.rules.raise {
            Raise::Exact => lo,
            Raise::Jumps => MAX_BID,
        };
        (lo, hi.min(MAX_BID))
    }

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

    /// True when `a` is legal now.
    pub fn is_legal(&self, a: Action) -> bool {
        self.check(a).is_ok()
    }

    /// Checks an action without playing it, saying why it is illegal.
    pub fn check(&self, a: Action) -> Result<(), IllegalAction> {
        let seat = self.to_act as Seat;
        match (self.phase, a) {
            (Phase::Done, _) => Err(IllegalAction::DealOver),
            (Phase::Auction, Action::Pass) => {
                if self.bid == 0 && self.rules.auction == AuctionKind::Duel {
                    Err(IllegalAction::MustOpen {
                        opening: self.rules.opening,
                    })
                } else {
                    Ok(())
                }
            }
            (Phase::Auction, Action::Bid(b)) => {
                let (lo, hi) = self.bid_range();
                let forced = self.bid == 0 && self.rules.auction == AuctionKind::Duel;
                let ok = if forced {
                    b == self.rules.opening
                } else {
                    b >= lo && b <= hi && b % 10 == 0
                };
                if ok {
                    Ok(())
                } else {
                    Err(IllegalAction::BidOutOfStep {
                        bid: b,
                        expected: self.expected_bids(forced),
                    })
                }
            }
            (Phase::Auction, _) => {
                let forced = self.bid == 0 && self.rules.auction == AuctionKind::Duel;
                Err(IllegalAction::WrongPhase {
                    action: a,
                    expected: self.expected_bids(forced),
                })
            }
            (Phase::Bury, _) if self.give_pending => match a {
                Action::Give(c) if self.hands[seat].contains(c) => Ok(()),
                Action::Give(c) => Err(IllegalAction::NotHeld { card: c, seat }),
                _ => Err(IllegalAction::WrongPhase {
                    action: a,
                    expected: "the soloist to give one card to the seat that gave the called card".into(),
                }),
            },
            (Phase::Bury, Action::Call(c)) => {
                if !self.may_call() {
                    Err(IllegalAction::OptionOff("calling a second card"))
                } else if self.hands[seat].contains(c) || !pack(&self.rules).contains(c) {
                    Err(IllegalAction::CannotCall { card: c })
                } else {
                    Ok(())
                }
            }
            (Phase::Bury, Action::Bury(set)) => {
                let k = self.rules.tapp as usize;
                if set.len() != k {
                    return Err(IllegalAction::BurialSize {
                        expected: k,
                        got: set.len(),
                    });
                }
                if !self.hands[seat].contains_all(set) {
                    let missing = set.iter().find(|c| set.count(*c) > self.hands[seat].count(*c));
                    return Err(IllegalAction::NotHeld {
                        card: missing.unwrap_or(Card::from_index(0)),
                        seat,
                    });
                }
                let free = self.buriable();
                if !free.contains_all(set) {
                    let card = set
                        .iter()
                        .find(|c| set.count(*c) > free.count(*c))
                        .unwrap_or(Card::from_index(0));
                    return Err(IllegalAction::MeldCardBuried { card });
                }
                Ok(())
            }
            (Phase::Bury, _) => Err(IllegalAction::WrongPhase {
                action: a,
                expected: format!("the soloist to bury {} cards", self.rules.tapp),
            }),
            (Phase::Declare, Action::Trump(_) | Action::Surrender(_)) => Ok(()),
            (Phase::Declare, Action::Durch) => {
                if self.rules.durch {
                    Ok(())
                } else {
                    Err(IllegalAction::OptionOff("durch"))
                }
            }
            (Phase::Declare, Action::Bettel) => {
                if self.rules.bettel {
                    Ok(())
                } else {
                    Err(IllegalAction::OptionOff("bettel"))
                }
            }
            (Phase::Declare, _) => Err(IllegalAction::WrongPhase {
                action: a,
                expected: "a declaration: trump X, surrender X or durch".into(),
            }),
            (Phase::Play, Action::Play(c)) => {
                if !self.hands[seat].contains(c) {
                    return Err(IllegalAction::NotHeld { card: c, seat });
                }
                if self.legal_cards() & (1 << c.index()) != 0 {
                    Ok(())
                } else {
                    Err(self.why_not(c))
                }
            }
            (Phase::Play, Action::Meld(..) | Action::Exchange) => self.check_two_extra(a),
            (Phase::Play, _) => Err(IllegalAction::WrongPhase {
                action: a,
                expected: "a card".into(),
            }),
        }
    }

    fn expected_bids(&self, forced: bool) -> String {
        let (lo, hi) = self.bid_range();
        if forced {
            format!("bid {lo}")
        } else if lo == hi {
            format!("pass or bid {lo}")
        } else {
            format!("pass or a bid from {lo} in steps of 10")
        }
    }

    fn why_not(&self, c: Card) -> IllegalAction {
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

    // ----- playing -----

    /// Plays `a` for the seat to act after checking it; on error the deal is untouched.
    pub fn play(&mut self, a: Action) -> Result<(), IllegalAction> {
        self.check(a)?;
        self.play_unchecked(a);
        Ok(())
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

    /// Plays `a` without checking it, for search.
    ///
    /// # Panics
    /// May panic or corrupt the deal if `a` is not legal (checked in debug builds).
    // Each action a call of its own. Always inlined, the dispatch would disappear where the
    // action is known (about 5 mispredicted indirect jumps and 130 instructions fewer per
    // random deal), but perft took about a tenth longer with the whole dispatch in its loop.
    #[inline]
    pub fn play_unchecked(&mut self, a: Action) {
        debug_assert!(self.is_legal(a), "illegal action {a} in play_unchecked");
        match a {
            Action::Pass => self.pass(),
            Action::Bid(b) => self.raise_to(b),
            Action::Bury(set) => self.bury(set),
            Action::Call(c) => self.call_card(c),
            Action::Give(c) => self.give_card(c),
            Action::Trump(t) => self.declare(Contract::Trump(t)),
            Action::Durch => self.declare(Contract::Durch),
            Action::Bettel => self.declare(Contract::Bettel),
            Action::Surrender(t) => self.declare(Contract::Surrender(t)),
            Action::Play(c) => self.play_card(c),
            Action::Meld(k, s) => self.show_meld(k, s),
            Action::Exchange => self.exchange(),
        }
    }

    fn raise_to(&mut self, b: u32) {
        self.bid = b;
        self.holder = self.to_act;
        // Open auction: a bid by the last seat still in ends it (RULES.md section 10: all
        // but one have passed and that one has bid).
        let others = ((1u8 << self.n) - 1) & !(1 << self.to_act);
        if self.rules.auction == AuctionKind::Open && self.passed & others == others {
            self.end_auction(self.to_act);
        } else {
            self.advance_bidder();
        }
    }

    fn bury(&mut self, set: CardSet) {
        let s = self.soloist as usize;
        self.hands[s] = self.hands[s].minus(set).expect("burial held");
        self.buried = set;
        if self.contract.is_some() {
            // Trump was named before burying (`bury_meld_cards = forbidden`).
            self.start_play();
        } else {
            self.phase = Phase::Declare;
        }
    }

    /// The opponent holding the called card gives one copy (RULES.md section 10): the first
    /// opponent in playing order after the soloist who holds one. The partner never gives. If
    /// no opponent holds a copy (four seats, the partner holding both), the call is void:
    /// nothing is given and nothing is given back.
    fn call_card(&mut self, c: Card) {
        self.called = Some(c);
        let mut g = self.next_seat(self.soloist);
        while g != self.soloist {
            if !self.same_side(g, self.soloist) && self.hands[g as usize].contains(c) {
                self.hands[g as usize].remove(c);
                self.hands[self.soloist as usize].insert(c);
                self.giver = Some(g);
                self.give_pending = true;
                return;
            }
            g = self.next_seat(g);
        }
    }

    fn give_card(&mut self, c: Card) {
        let g = self.giver.expect("a card was called") as usize;
        self.hands[self.soloist as usize].remove(c);
        self.hands[g].insert(c);
        self.give_pending = false;
    }

    #[inline]
    fn next_seat(&self, s: u8) -> u8 {
        // A compare instead of `%`: division by a runtime value is slow on the hot path.
        if s + 1 == self.n {
            0
        } else {
            s + 1
        }
    }

    fn advance_bidder(&mut self) {
        match self.rules.auction {
            AuctionKind::Duel => {
                self.to_act = if self.to_act == self.duel[0] {
                    self.duel[1]
                } else {
                    self.duel[0]
                };
            }
            AuctionKind::Open => {
                let mut s = self.next_seat(self.to_act);
                while self.passed & (1 << s) != 0 {
                    s = self.next_seat(s);
                }
                self.to_act = s;
            }
        }
    }

    fn pass(&mut self) {
        let me = self.to_act;
        self.passed |= 1 << me;
        match self.rules.auction {
            AuctionKind::Duel => {
                let survivor = if me == self.duel[0] {
                    self.duel[1]
                } else {
                    self.duel[0]
                };
                if self.next_challenger < self.n {
                    let challenger = wrap_seat(self.dealer + 1 + self.next_challenger, self.n);
                    self.next_challenger += 1;
                    self.duel = [survivor, challenger];
                    self.to_act = challenger;
                } else {
                    self.end_auction(survivor);
                }
            }
            AuctionKind::Open => {
                let active = (0..self.n).filter(|s| self.passed & (1 << s) == 0).count();
                if active == 0 {
                    match self.rules.all_pass {
                        AllPass::DealerPlays => {
                            self.bid = self.rules.opening;
                            self.end_auction(self.dealer);
                        }
                        AllPass::Redeal => {
                            self.redeal = true;
                            self.phase = Phase::Done;
                        }
                    }
                } else if active == 1 && self.bid > 0 && self.passed & (1 << self.holder) == 0 {
                    self.end_auction(self.holder);
                } else {
                    self.advance_bidder();
                }
            }
        }
    }

    fn end_auction(&mut self, soloist: u8) {
        self.soloist = soloist;
        self.holder = soloist;
        let s = soloist as usize;
        self.hands[s] = self.hands[s].union(self.tapp).expect("tapp fits");
        self.to_act = soloist;
        self.phase = if self.rules.tapp == 0 || !self.rules.bury_meld_cards {
            Phase::Declare
        } else {
            Phase::Bury
        };
    }

    /// True while the soloist may still call a card (house rule `calling`).
    fn may_call(&self) -> bool {
        self.rules.calling && self.called.is_none() && self.rules.tapp > 0
    }

    /// The called card and the seat that gave it, once a call was answered. None before a
    /// call and after a void call (no opponent held a copy); see [`Deal::called`].
    pub fn call(&self) -> Option<(Card, Seat)> {
        self.called.zip(self.giver.map(|g| g as Seat))
    }

    /// The called card, once called, whether an opponent gave it or the call was void.
    pub fn called(&self) -> Option<Card> {
        self.called
    }

    /// The cards the soloist may bury now: all its cards, or with `bury_meld_cards =
    /// forbidden` those outside every meld of its hand under the named trump (all of them
    /// again when fewer than a whole burial remain).
    pub fn buriable(&self) -> CardSet {
        let hand = self.hands[self.soloist as usize];
        if self.rules.bury_meld_cards {
            return hand;
        }
        let Some(t) = self.trump else { return hand };
        let used = crate::meld::meld_cards(hand, Some(t), &self.rules);
        let free = hand.minus(used).unwrap_or(hand);
        if free.len() < self.rules.tapp as usize {
            hand
        } else {
            free
        }
    }

    fn declare(&mut self, c: Contract) {
        self.contract = Some(c);
        self.trump = c.trump();
        self.trump_mask = self.trump.map_or(0, suit_mask);
        if !matches!(c, Contract::Surrender(_))
            && self.phase == Phase::Declare
            && self.must_bury_after_declaring()
        {
            self.phase = Phase::Bury;
            return;
        }
        self.start_play();
    }

    /// With `bury_meld_cards = forbidden` the declaration comes first and the burial after.
    fn must_bury_after_declaring(&self) -> bool {
        !self.rules.bury_meld_cards && self.rules.tapp > 0 && self.buried.is_empty()
    }

    /// Melds for every seat, then the first lead (or the end, after a surrender).
    fn start_play(&mut self) {
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
    fn play_card(&mut self, c: Card) {
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
            self.points[winner as usize] += 10;
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

    /// Card points as the referee reports them: tricks, last trick, and the soloist's burial.
    pub fn card_points(&self) -> [u32; 4] {
        let mut cp = self.points;
        if self.phase != Phase::Auction && !self.redeal {
            cp[self.soloist as usize] += self.buried.points();
        }
        cp
    }

    /// The seats that play together with `seat`: partners sit opposite with four players.
    pub fn team_of(&self, seat: Seat) -> [Option<Seat>; 2] {
        if self.n == 4 {
            [Some(seat % 2), Some(seat % 2 + 2)]
        } else {
            [Some(seat), None]
        }
    }

    fn same_side(&self, a: u8, b: u8) -> bool {
        if self.n == 4 {
            a % 2 == b % 2
        } else {
            a == b
        }
    }

    #[inline(never)]
    fn finish(&mut self) {
        self.strict = false;
        if self.n == 2 {
            self.finish_two();
            return;
        }
        self.phase = Phase::Done;
        let n = self.n as usize;
        let sol = self.soloist as usize;
        let cp = self.card_points();
        // Sides: each seat alone, or the two partnerships with four players. A side's
        // numbers are the sums over its seats; every seat records its side's score.
        // (Fixed arrays: this runs once per deal in random playouts.)
        let teams = n == 4;
        let side_of = |s: usize| if teams { s % 2 } else { s };
        let mut facts = SideFacts {
            sides: if teams { 2 } else { n },
            soloist_side: side_of(sol),
            bid: self.bid as i32,
            took: [false; 4],
            cards: [0; 4],
            melds: [0; 4],
            special_made: false,
        };
        let mut taken_by_soloist_side = 0;
        for (s, &points) in cp.iter().enumerate().take(n) {
            let i = side_of(s);
            facts.took[i] |= self.tricks[s] > 0;
            facts.cards[i] += points as i32;
            facts.melds[i] += self.melds[s] as i32;
            if i == facts.soloist_side {
                taken_by_soloist_side += self.tricks[s] as u32;
            }
        }
        facts.special_made = match self.contract {
            Some(Contract::Durch) => taken_by_soloist_side == self.total_tricks(),
            Some(Contract::Bettel) => self.tricks[sol] == 0,
            _ => false,
        };
        let side = match self.contract {
            Some(c) => score_sides(&self.rules, c, &facts),
            None => [0; 4],
        };
        let mut sc = [0i32; 4];
        for (s, x) in sc.iter_mut().enumerate().take(n) {
            *x = side[side_of(s)];
        }
        self.scores = sc;
    }

    /// The deal's result so far (scores only once complete).
    pub fn outcome(&self) -> Outcome {
        let after_auction = self.phase != Phase::Auction && !self.redeal && self.n != 2;
        Outcome {
            complete: self.phase == Phase::Done,
            soloist: after_auction.then_some(self.soloist as Seat),
            bid: after_auction.then_some(self.bid),
            contract: self.contract,
            // Melds are decided once they are laid down at the start of play: right after the
            // declaration, or with `bury_meld_cards = forbidden` only after the burial.
            melds: (self.n == 2
                || (self.contract.is_some() && matches!(self.phase, Phase::Play | Phase::Done)))
            .then_some(self.melds),
            tricks: self.tricks_taken(),
            card_points: self.card_points(),
            scores: self.scores,
            redeal: self.redeal,
            trump: self.trump,
        }
    }

    /// The scores of a complete deal (zeros before).
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }
}

/// What a deal's sides achieved, as a score sheet holds it: the input of `score_sides`.
///
/// A side is one seat, or a partnership with four players; its numbers are the sums over
/// its seats.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SideFacts {
    /// How many sides there are (players, or 2 with four players).
    pub sides: usize,
    /// The soloist's side.
    pub soloist_side: usize,
    /// The contract's bid.
    pub bid: i32,
    /// Whether each side took at least one trick.
    pub took: [bool; 4],
    /// Each side's card points (tricks, last trick, and the soloist's burial).
    pub cards: [i32; 4],
    /// Each side's melds.
    pub melds: [i32; 4],
    /// Durch: the soloist's side took every trick. Bettel: the soloist took none.
    pub special_made: bool,
}

/// Each side's score for a deal under `contract` (RULES.md sections 7, 8 and the options of
/// section 10: surrender, Durch, Bettel, the opponents' melds, the bonus, rounding). The one
/// scoring rule of the project: the engine and the score pad both use it.
pub fn score_sides(rules: &Rules, contract: Contract, f: &SideFacts) -> [i32; 4] {
    let sol = f.soloist_side;
    let bid = f.bid;
    let mut side = [0i32; 4];
    let mut failed = false;
    match contract {
        Contract::Trump(_) => {
            for (i, score) in side.iter_mut().enumerate().take(f.sides) {
                let melds_count = f.took[i] || (i != sol && !rules.opponents_need_trick);
                let total = f.cards[i] + if melds_count { f.melds[i] } else { 0 };
                *score = if i == sol {
                    if f.took[i] && total >= bid {
                        total
                    } else {
                        failed = true;
                        -2 * bid
                    }
                } else if melds_count {
                    total
                } else {
                    0
                };
            }
        }
        Contract::Surrender(_) => {
            failed = true;
            // The opponents' 50 (100 for a partnership of four players).
            let bonus = if rules.players == 4 { 100 } else { 50 };
            for (i, score) in side.iter_mut().enumerate().take(f.sides) {
                *score = if i == sol { -bid } else { bonus + f.melds[i] };
            }
        }
        Contract::Durch => side[sol] = if f.special_made { 1000 } else { -1000 },
        Contract::Bettel => side[sol] = if f.special_made { 500 } else { -500 },
    }
    if failed && rules.failed_bonus > 0 {
        for (i, x) in side.iter_mut().enumerate().take(f.sides) {
            if i != sol {
                *x += rules.failed_bonus as i32;
            }
        }
    }
    if rules.rounding == Rounding::Ten {
        for x in side.iter_mut() {
            *x = round_ten(*x);
        }
    }
    side
}

/// `x mod n` for `x < 2n`: seats count on from another by less than a round, and a division
/// by the runtime seat count costs more than the whole comparison.
#[inline]
const fn wrap_seat(x: u8, n: u8) -> u8 {
    if x >= n {
        x - n
    } else {
        x
    }
}

/// Rounds to the nearest 10, halves towards plus infinity (165 -> 170, -345 -> -340).
pub fn round_ten(x: i32) -> i32 {
    (x + 5).div_euclid(10) * 10
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
const ALL: u32 = u32::MAX;

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

/// The pack of these rules.
pub fn pack(rules: &Rules) -> CardSet {
    match rules.pack {
        crate::rules::Pack::Full48 => CardSet::PACK,
        crate::rules::Pack::Short40 => {
            let nines = crate::cardset::rank_mask(Rank::Nine);
            CardSet::from_masks(0xFF_FFFF & !nines, 0xFF_FFFF & !nines)
        }
    }
}

/// The pack as a list of cards, top first, in a fixed order before shuffling.
pub fn pack_cards(rules: &Rules) -> Vec<Card> {
    pack(rules).iter().collect()
}

/// Shuffles, cuts and deals (RULES.md section 2): returns the hands and the Tapp.
///
/// Packets of 3 to each seat starting with forehand, then the whole Tapp, then rounds of 3
/// until the hands are full.
// Always inlined: as a call, the caller's generator state goes through memory on each of
// the 24 draws; written out for 48 cards, the function is past what LLVM inlines on its own
// once a program calls it from two places.
#[inline(always)]
pub fn deal_cards<R: Rng + ?Sized>(rules: &Rules, dealer: Seat, rng: &mut R) -> ([CardSet; 4], CardSet) {
    // The pack as copy numbers: kind `k`'s copies are `k` and `k + 24`, so that a
    // destination's cards are one 48-bit mask (one OR per card) whose two halves are the
    // copies. 64 entries and indices masked with 63: no bounds checks in the loop below.
    let mut cards = [0u8; 64];
    let mut len = 0;
    let skip_nines = rules.pack == crate::rules::Pack::Short40;
    for i in 0..24 {
        if skip_nines && Card::from_index(i).rank() == Rank::Nine {
            continue;
        }
        cards[len] = i as u8;
        cards[len + 1] = i as u8 + 24;
        len += 2;
    }
    // Middlehand's cut (each part keeps at least 3 cards) is drawn first so that shuffling,
    // cutting and dealing can be one pass: after Fisher-Yates step i the card at position i
    // is final, and the cut moves it to position (i - cut) mod len, whose destination is
    // `twice[i + len - cut]` in the pattern written out twice (no modulo, no wrap test).
    let cut = rng.gen_range(3..=len - 3);
    let other;
    let twice = if rules.players == 3 && rules.tapp == 3 && rules.pack == crate::rules::Pack::Full48 {
        &STANDARD_TWICE
    } else {
        other = doubled(dealing_pattern(rules).0, len);
        &other
    };
    let off = len - cut;
    let mut dest = [0u64; 8];
    if len == 48 {
        let tw: &[u8; 48] = twice[off..][..48].try_into().expect("48 positions");
        shuffle_and_place_48(&mut cards, tw, &mut dest, rng);
        return split_copies(rules, dealer, &dest);
    }
    let mut place = |i: usize, c: u8| {
        dest[(twice[(i + off) & 127] & 7) as usize] |= 1u64 << (c & 63);
    };
    // Fisher-Yates; each 64-bit draw serves two steps (Lemire's exact bounded method on
    // each 32-bit half, with rejection), which halves the generator calls on this hot path.
    // Position i is final after its step and never read again, so only position j is
    // written.
    let mut i = len - 1;
    while i >= 1 {
        let v = rng.next_u64();
        let j = bounded(v as u32, i as u32 + 1, rng) & 63;
        let c = cards[j];
        cards[j] = cards[i & 63];
        place(i, c);
        i -= 1;
        if i >= 1 {
            let j = bounded((v >> 32) as u32, i as u32 + 1, rng) & 63;
            let c = cards[j];
            cards[j] = cards[i & 63];
            place(i, c);
            i -= 1;
        }
    }
    place(0, cards[0]);
    split_copies(rules, dealer, &dest)
}

/// `deal_cards`' loop for a pack of 48 written out step by step (the same draws in the same
/// order): every position is a constant, so each step is the draw, the swap and the OR
/// without loop counting or index arithmetic. `tw[i]` is the destination of position `i`
/// after the cut.
#[inline(always)]
fn shuffle_and_place_48<R: Rng + ?Sized>(
    cards: &mut [u8; 64],
    tw: &[u8; 48],
    dest: &mut [u64; 8],
    rng: &mut R,
) {
    #[inline(always)]
    fn step<R: Rng + ?Sized>(
        i: usize,
        x: u32,
        cards: &mut [u8; 64],
        tw: &[u8; 48],
        dest: &mut [u64; 8],
        rng: &mut R,
    ) {
        let j = bounded(x, i as u32 + 1, rng) & 63;
        let c = cards[j];
        cards[j] = cards[i];
        dest[(tw[i] & 7) as usize] |= 1u64 << (c & 63);
    }
    macro_rules! two_steps {
        ($($i:literal)*) => {$(
            let v = rng.next_u64();
            step($i, v as u32, cards, tw, dest, rng);
            step($i - 1, (v >> 32) as u32, cards, tw, dest, rng);
        )*};
    }
    two_steps!(47 45 43 41 39 37 35 33 31 29 27 25 23 21 19 17 15 13 11 9 7 5 3);
    let v = rng.next_u64();
    step(1, v as u32, cards, tw, dest, rng);
    dest[(tw[0] & 7) as usize] |= 1u64 << (cards[0] & 63);
}

/// The hands and the Tapp from each destination's 48-bit copy mask.
#[inline(always)]
fn split_copies(rules: &Rules, dealer: Seat, dest: &[u64; 8]) -> ([CardSet; 4], CardSet) {
    // A kind held once has one of its two bits; held twice, both.
    let mut one = [0u32; 5];
    let mut two = [0u32; 5];
    for t in 0..5 {
        let lo = dest[t] as u32 & 0xFF_FFFF;
        let hi = (dest[t] >> 24) as u32;
        one[t] = lo | hi;
        two[t] = lo & hi;
    }
    collect_hands(rules, dealer, &one, &two)
}

/// The dealing pattern over the whole pack (`len` positions) written out twice, for reading
/// it from any starting point without wrapping (positions beyond are 0 and never read).
const fn doubled(p: [u8; 48], len: usize) -> [u8; 128] {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 2 * len {
        t[i] = p[i % len];
        i += 1;
    }
    t
}

/// `doubled` for the standard game, whose deals need no copy of the pattern.
const STANDARD_TWICE: [u8; 128] = doubled(pattern_of(3, 15, 3).0, 48);

/// A uniform integer in `0..s` from 32 random bits `x`, drawing more only when `x` falls in
/// the rejection zone (Lemire, "Fast random integer generation in an interval", 2019).
#[inline]
fn bounded<R: Rng + ?Sized>(mut x: u32, s: u32, rng: &mut R) -> usize {
    let mut m = x as u64 * s as u64;
    if (m as u32) < s {
        let threshold = s.wrapping_neg() % s;
        while (m as u32) < threshold {
            x = rng.next_u32();
            m = x as u64 * s as u64;
        }
    }
    (m >> 32) as usize
}

/// Where each position of the pack (top first) goes when dealing: a seat offset from
/// forehand (0..players), or 4 for the Tapp; and how many positions there are.
///
/// Packets of 3 to each seat starting with forehand, then the whole Tapp, then rounds of 3
/// (fewer where a hand needs fewer) until the hands are full.
fn dealing_pattern(rules: &Rules) -> ([u8; 48], usize) {
    const STANDARD: ([u8; 48], usize) = pattern_of(3, 15, 3);
    if rules.players == 3 && rules.tapp == 3 && rules.pack == crate::rules::Pack::Full48 {
        return STANDARD;
    }
    pattern_of(rules.players as usize, rules.hand_size(), rules.tapp as usize)
}

const fn pattern_of(n: usize, hs: usize, tapp: usize) -> ([u8; 48], usize) {
    let mut counts = [0usize; 4];
    let mut dest = [0u8; 48];
    let mut next = 0;
    let mut round = 0;
    // Packets of 3; where the hand size is not a multiple of 3, the last rounds use packets
    // of 2 (10 = 3+3+2+2, 11 = 3+3+3+2).
    let rounds = hs.div_ceil(3);
    let twos = rounds * 3 - hs;
    while counts[0] < hs {
        let mut off = 0;
        let size = if round >= rounds - twos { 2 } else { 3 };
        while off < n {
            let k = if hs - counts[off] < size {
                hs - counts[off]
            } else {
                size
            };
            let mut j = 0;
            while j < k {
                dest[next] = off as u8;
                next += 1;
                j += 1;
            }
            counts[off] += k;
            off += 1;
        }
        if round == 0 {
            let mut j = 0;
            while j < tapp {
                dest[next] = 4;
                next += 1;
                j += 1;
            }
        }
        round += 1;
    }
    (dest, next)
}

fn collect_hands(rules: &Rules, dealer: Seat, one: &[u32; 5], two: &[u32; 5]) -> ([CardSet; 4], CardSet) {
    let n = rules.players as usize;
    let fh = wrap_seat((dealer + 1) as u8, n as u8) as usize;
    let mut hands = [CardSet::EMPTY; 4];
    for off in 0..n {
        hands[wrap_seat((fh + off) as u8, n as u8) as usize & 3] = CardSet::from_masks(one[off], two[off]);
    }
    (hands, CardSet::from_masks(one[4], two[4]))
}

/// Deals an ordered pack (top first) by the dealing procedure of RULES.md section 2.
pub fn distribute(rules: &Rules, dealer: Seat, cards: &[Card]) -> ([CardSet; 4], CardSet) {
    let (pattern, len) = dealing_pattern(rules);
    let mut one = [0u32; 5];
    let mut two = [0u32; 5];
    for (c, &t) in cards.iter().zip(&pattern[..len]) {
        let b = 1u32 << c.index();
        two[t as usize] |= one[t as usize] & b;
        one[t as usize] |= b;
    }
    collect_hands(rules, dealer, &one, &two)
}

/// Calls `f` once for every distinct multiset of `k` cards from `hand`.
pub fn for_each_burial(hand: CardSet, k: usize, mut f: impl FnMut(CardSet)) {
    let kinds: Vec<(Card, u32)> = hand.distinct().map(|c| (c, hand.count(c))).collect();
    fn rec(kinds: &[(Card, u32)], k: usize, acc: CardSet, f: &mut dyn FnMut(CardSet)) {
        if k == 0 {
            f(acc);
            return;
        }
        let Some((&(c, cnt), rest)) = kinds.split_first() else {
            return;
        };
        // Take 0, 1 or 2 copies of the first kind.
        rec(rest, k, acc, f);
        let mut a = acc;
        for _ in 0..cnt.min(k as u32) {
            a.insert(c);
            let used = a.count(c) as usize;
            rec(rest, k - used, a, f);
        }
    }
    rec(&kinds, k, CardSet::EMPTY, &mut f);
}
