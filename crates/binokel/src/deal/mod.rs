//! One deal as a state machine: auction, Tapp and burial, declaration, melds, tricks, scores.
//!
//! `Deal` is small and `Copy`, so search can clone it freely; it keeps no history (the
//! `Game` in `game.rs` does). Exactly one seat is to act until the deal is over.
//!
//! # How the pieces fit
//!
//! This file holds the types (`Deal`, `Phase`, `Contract`, `Seat`), the accessors and the
//! one entrance for every action: `check` / `play` (checked) and `play_unchecked` (search)
//! dispatch each action to the phase that handles it, and `legal_actions` /
//! `for_each_legal` list what the phase allows. A deal runs through these phases, each in
//! a file of its own:
//!
//! 1. `dealing.rs`: the pack, shuffle, cut and deal (`Deal::shuffled`, `deal_cards`,
//!    `distribute`), and `Deal::new`, which checks a given `Setup`.
//! 2. `auction.rs` (`Phase::Auction`): bids and passes, duel or open auction, the end of
//!    the auction (the soloist takes the Tapp).
//! 3. `exchange.rs` (`Phase::Bury` and `Phase::Declare`): calling and giving a card (house
//!    rule), the burial, and the declaration of the contract.
//! 4. `play.rs` (`Phase::Play`): the melds and the first lead, trick play, the legal-card
//!    masks (`legal_cards`, `legal_from_masks`, `TrickState`) and the fast playout
//!    (`play_card_unchecked`, `play_out_unchecked`). The engine's hot path lives here.
//! 5. `score.rs` (`Phase::Done`): the end of the deal, the scores (`score_sides`, the one
//!    scoring rule, shared with the score pad) and `Outcome`.
//!
//! `stock.rs` is the two-player game (RULES.md section 13): its deal starts in the play
//! phase, and it adds the stock, drawing after tricks, melds shown one at a time and the
//! exchange of the trump 9. It hooks into the others at a few named places
//! (`for_each_two_extra`, `check_two_extra`, `draw_after_trick`, `finish_two`).
//!
//! Each file adds its steps to `Deal` in an `impl Deal` block of its own; the fields stay
//! private to this module and its children.

use crate::action::Action;
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::error::IllegalAction;
use crate::rules::{AuctionKind, Rules};

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

mod auction;
mod dealing;
mod exchange;
mod play;
mod score;
mod stock;

pub use dealing::{deal_cards, distribute, pack, pack_cards, Setup};
pub use exchange::for_each_burial;
pub use play::{beats, legal_from_masks, legal_response, ChooseCard};
pub use score::{round_ten, score_sides, Outcome, SideFacts};
pub use stock::{
    distribute_two, meld_candidates, meld_cards_of, meld_group, meld_value, once_bit, once_per_deal,
};

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
                    b += crate::rules::BID_STEP;
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
                    b >= lo && b <= hi && b % crate::rules::BID_STEP == 0
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

    // ----- playing -----

    /// Plays `a` for the seat to act after checking it; on error the deal is untouched.
    pub fn play(&mut self, a: Action) -> Result<(), IllegalAction> {
        self.check(a)?;
        self.play_unchecked(a);
        Ok(())
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

    #[inline]
    fn next_seat(&self, s: u8) -> u8 {
        // A compare instead of `%`: division by a runtime value is slow on the hot path.
        if s + 1 == self.n {
            0
        } else {
            s + 1
        }
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
