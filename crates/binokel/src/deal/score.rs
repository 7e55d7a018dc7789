//! The end of a deal and its scores (RULES.md sections 7, 8 and 10): card points, the
//! sides' facts, `score_sides` (the one scoring rule, shared with the score pad), rounding,
//! and the `Outcome` the referee reports.

use super::{Contract, Deal, Phase, Seat};
use crate::card::Suit;
use crate::rules::{Rounding, Rules};

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

impl Deal {
    /// Card points as the referee reports them: tricks, last trick, and the soloist's burial.
    pub fn card_points(&self) -> [u32; 4] {
        let mut cp = self.points;
        if self.phase != Phase::Auction && !self.redeal {
            cp[self.soloist as usize] += self.buried.points();
        }
        cp
    }

    #[inline(never)]
    pub(super) fn finish(&mut self) {
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

/// Rounds to the nearest 10, halves towards plus infinity (165 -> 170, -345 -> -340).
pub fn round_ten(x: i32) -> i32 {
    (x + 5).div_euclid(10) * 10
}
