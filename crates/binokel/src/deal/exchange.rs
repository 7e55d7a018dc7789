//! Between the auction and the play (`Phase::Bury` and `Phase::Declare`, RULES.md section 4
//! and the options of section 10): calling a card and giving one back (house rule
//! `calling`), the burial (which cards may go, every distinct burial), and the declaration
//! of the contract.

use super::{Contract, Deal, Phase, Seat};
use crate::card::Card;
use crate::cardset::{suit_mask, CardSet};

impl Deal {
    pub(super) fn bury(&mut self, set: CardSet) {
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
    pub(super) fn call_card(&mut self, c: Card) {
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

    pub(super) fn give_card(&mut self, c: Card) {
        let g = self.giver.expect("a card was called") as usize;
        self.hands[self.soloist as usize].remove(c);
        self.hands[g].insert(c);
        self.give_pending = false;
    }

    /// True while the soloist may still call a card (house rule `calling`).
    pub(super) fn may_call(&self) -> bool {
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

    pub(super) fn declare(&mut self, c: Contract) {
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
