//! The auction (`Phase::Auction`, RULES.md sections 3 and 10): the bids allowed, a bid, a
//! pass, the next bidder in a duel or an open auction, and the end of the auction (the
//! soloist takes the Tapp).

use super::{wrap_seat, Deal, Phase, MAX_BID};
use crate::rules::BID_STEP;
use crate::rules::{AllPass, AuctionKind, Raise};

impl Deal {
    /// The inclusive range of bids the seat to act may make (lo > hi when none).
    pub(super) fn bid_range(&self) -> (u32, u32) {
        let lo = if self.bid == 0 {
            self.rules.opening
        } else {
            self.bid + BID_STEP
        };
        let hi = match self.rules.raise {
            Raise::Exact => lo,
            Raise::Jumps => MAX_BID,
        };
        (lo, hi.min(MAX_BID))
    }

    pub(super) fn expected_bids(&self, forced: bool) -> String {
        let (lo, hi) = self.bid_range();
        if forced {
            format!("bid {lo}")
        } else if lo > hi {
            format!("pass ({MAX_BID} is the highest bid)")
        } else if lo == hi && hi == MAX_BID {
            format!("pass or bid {lo} (the highest bid)")
        } else if lo == hi {
            format!("pass or bid {lo}")
        } else {
            format!("pass or a bid from {lo} to {hi} (the highest bid) in steps of {BID_STEP}")
        }
    }

    pub(super) fn raise_to(&mut self, b: u32) {
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

    pub(super) fn pass(&mut self) {
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
}
