//! The score pad's arithmetic, for games played with real cards: what the players enter per
//! deal, the deal scores by the rules, the running totals, the winner, and who pays whom.
//!
//! The pad uses the same scoring as the engine (`Deal`); a test checks that they agree on
//! every randomly played deal.

use crate::deal::{score_sides, Contract, Seat, SideFacts};
use crate::game::match_winner;
use crate::meld::meld_total;
use crate::rules::Rules;
use crate::CardSet;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One deal as the players enter it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PadDeal {
    /// Who dealt.
    pub dealer: Seat,
    /// Who won the auction.
    pub soloist: Seat,
    /// At what bid.
    pub bid: u32,
    /// The declaration.
    pub contract: Contract,
    /// Each seat's melds (ignored for Durch and Bettel).
    pub melds: Vec<u32>,
    /// Whether each seat took at least one trick (for Durch: did the soloist's side take all).
    pub took_trick: Vec<bool>,
    /// Each seat's card points: tricks, last trick, the soloist's burial. `None` for the one
    /// seat the pad fills in (250 minus the others); ignored for surrender, Durch and Bettel.
    pub card_points: Vec<Option<u32>>,
}

/// The largest bid or meld total the pad takes (no real deal comes near it).
pub const MAX_ENTRY: u32 = 100_000;

/// Why an entry cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PadError(pub String);

impl fmt::Display for PadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PadError {}

/// A meld value worked out from the cards of a hand (the meld calculator).
pub fn melds_of_hand(hand: CardSet, trump: Contract, rules: &Rules) -> u32 {
    match trump {
        Contract::Trump(t) | Contract::Surrender(t) => meld_total(hand, Some(t), rules),
        Contract::Durch | Contract::Bettel => 0,
    }
}

impl PadDeal {
    /// Melds and card points within bounds no real deal comes near, so that no entry can
    /// overflow the arithmetic.
    fn check_sizes(&self) -> Result<(), PadError> {
        if let Some((s, m)) = self.melds.iter().enumerate().find(|(_, &m)| m > MAX_ENTRY) {
            return Err(PadError(format!(
                "the melds of seat {s}, {m}, are more than {MAX_ENTRY}"
            )));
        }
        if let Some((s, p)) =
            (self.card_points.iter().enumerate()).find_map(|(s, p)| p.filter(|&p| p > 250).map(|p| (s, p)))
        {
            return Err(PadError(format!(
                "the card points of seat {s}, {p}, are more than the 250 of a deal"
            )));
        }
        Ok(())
    }

    /// Two players: card points plus melds shown, per player.
    fn two_player_scores(&self) -> Result<Vec<i32>, PadError> {
        if self.dealer >= 2 {
            return Err(PadError("seats are numbered 0 to 1".into()));
        }
        if self.melds.len() != 2 {
            return Err(PadError("melds are needed for both players".into()));
        }
        if !matches!(self.contract, Contract::Trump(_)) {
            return Err(PadError(
                "two players always play a trump game (the turned card's suit): `trump X`".into(),
            ));
        }
        self.check_sizes()?;
        let cp = self.filled_card_points(2)?;
        Ok((0..2).map(|s| cp[s] as i32 + self.melds[s] as i32).collect())
    }

    /// The card points with the missing one filled in, checked to add up to 250.
    pub fn filled_card_points(&self, n: usize) -> Result<Vec<u32>, PadError> {
        if self.card_points.len() != n {
            return Err(PadError(format!(
                "card points for {} seats, not {n}",
                self.card_points.len()
            )));
        }
        let missing: Vec<usize> = (0..n).filter(|&s| self.card_points[s].is_none()).collect();
        let known: u64 = self.card_points.iter().flatten().map(|&p| u64::from(p)).sum();
        match missing.as_slice() {
            [] if known == 250 => Ok(self.card_points.iter().map(|x| x.unwrap_or(0)).collect()),
            [] => Err(PadError(format!("the card points add up to {known}, not 250"))),
            [m] if known <= 250 => {
                let mut v: Vec<u32> = self.card_points.iter().map(|x| x.unwrap_or(0)).collect();
                v[*m] = 250 - known as u32;
                Ok(v)
            }
            [_] => Err(PadError(format!(
                "the card points given add up to {known}, more than 250"
            ))),
            _ => Err(PadError("leave at most one seat's card points empty".into())),
        }
    }

    /// The deal's scores per seat by `rules` (partners share one score with four players).
    /// Two players (RULES.md section 13) have no auction: `soloist`, `bid` and `took_trick`
    /// are not read, `contract` is `trump X` (the turned card's suit), and each player scores
    /// its card points plus the melds it showed (an exchange that scored counts as its Diss).
    pub fn scores(&self, rules: &Rules) -> Result<Vec<i32>, PadError> {
        let n = rules.players as usize;
        if n == 2 {
            return self.two_player_scores();
        }
        if self.dealer >= n || self.soloist >= n {
            return Err(PadError(format!("seats are numbered 0 to {}", n - 1)));
        }
        if self.melds.len() != n || self.took_trick.len() != n {
            return Err(PadError(format!("melds and tricks are needed for all {n} seats")));
        }
        if self.bid == 0 || self.bid % 10 != 0 {
            return Err(PadError(format!(
                "the bid {} is not a positive multiple of 10",
                self.bid
            )));
        }
        // Bounds far above any real game, so that no entry can overflow the arithmetic.
        if self.bid > MAX_ENTRY {
            return Err(PadError(format!("the bid {} is more than {MAX_ENTRY}", self.bid)));
        }
        self.check_sizes()?;
        if matches!(self.contract, Contract::Durch) && !rules.durch {
            return Err(PadError("Durch is not played under these rules".into()));
        }
        if matches!(self.contract, Contract::Bettel) && !rules.bettel {
            return Err(PadError("Bettel is not played under these rules".into()));
        }
        let sides: Vec<Vec<usize>> = if n == 4 {
            vec![vec![0, 2], vec![1, 3]]
        } else {
            (0..n).map(|s| vec![s]).collect()
        };
        let sol_side = sides.iter().position(|v| v.contains(&self.soloist)).unwrap_or(0);
        // Card points are entered for trump games only; the other contracts ignore them.
        let cp = match self.contract {
            Contract::Trump(_) => self.filled_card_points(n)?,
            _ => vec![0; n],
        };
        let mut facts = SideFacts {
            sides: sides.len(),
            soloist_side: sol_side,
            bid: self.bid as i32,
            // For Durch, `took_trick[soloist]` means "took every trick"; for Bettel, "took
            // a trick".
            special_made: match self.contract {
                Contract::Bettel => !self.took_trick[self.soloist],
                _ => self.took_trick[self.soloist],
            },
            ..SideFacts::default()
        };
        for (i, seats) in sides.iter().enumerate() {
            facts.took[i] = seats.iter().any(|&s| self.took_trick[s]);
            facts.cards[i] = seats.iter().map(|&s| cp[s] as i32).sum();
            facts.melds[i] = seats.iter().map(|&s| self.melds[s] as i32).sum();
        }
        let side = score_sides(rules, self.contract, &facts);
        let mut out = vec![0; n];
        for (i, seats) in sides.iter().enumerate() {
            for &s in seats {
                out[s] = side[i];
            }
        }
        Ok(out)
    }
}

/// A score pad: the rules, the players, the deals entered so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pad {
    /// The rules, as a record names them.
    pub rules: serde_json::Value,
    /// The players' names in seat order.
    pub players: Vec<String>,
    /// The deals, in order.
    pub deals: Vec<PadDeal>,
    /// An optional stake per point, in cents.
    pub stake_cents: Option<u32>,
}

/// The sheet a pad shows: each deal's scores, running totals, the winner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sheet {
    /// Each deal's scores.
    pub deals: Vec<Vec<i32>>,
    /// The totals after each deal.
    pub running: Vec<Vec<i32>>,
    /// The totals now.
    pub totals: Vec<i32>,
    /// The match winner, once there is one (index of the deal that decided it too).
    pub winner: Option<(Seat, usize)>,
    /// When the match is over and a stake is set: (payer, payee, cents) transfers.
    pub settlement: Vec<(Seat, Seat, i64)>,
}

impl Pad {
    /// A new pad.
    pub fn new(rules: &Rules, players: Vec<String>) -> Pad {
        Pad {
            rules: rules.to_json(),
            players,
            deals: Vec::new(),
            stake_cents: None,
        }
    }

    /// The rules.
    pub fn rules(&self) -> Result<Rules, PadError> {
        let r = Rules::from_json(&self.rules).map_err(|e| PadError(e.to_string()))?;
        if r.players as usize != self.players.len() {
            return Err(PadError(format!(
                "{} names for {} players",
                self.players.len(),
                r.players
            )));
        }
        Ok(r)
    }

    /// Adds a deal after checking that it can be scored; nothing changes on error.
    pub fn add(&mut self, d: PadDeal) -> Result<(), PadError> {
        d.scores(&self.rules()?)?;
        self.deals.push(d);
        Ok(())
    }

    /// Replaces deal `i` (a correction); nothing changes on error.
    pub fn correct(&mut self, i: usize, d: PadDeal) -> Result<(), PadError> {
        if i >= self.deals.len() {
            return Err(PadError(format!("there is no deal {}", i + 1)));
        }
        d.scores(&self.rules()?)?;
        self.deals[i] = d;
        Ok(())
    }

    /// The sheet: scores, running totals and the winner by the match rules.
    pub fn sheet(&self) -> Result<Sheet, PadError> {
        let rules = self.rules()?;
        let n = rules.players as usize;
        let mut totals = [0i32; 4];
        let mut sheet = Sheet {
            deals: vec![],
            running: vec![],
            totals: vec![],
            winner: None,
            settlement: vec![],
        };
        for (i, d) in self.deals.iter().enumerate() {
            let sc = d.scores(&rules)?;
            for s in 0..n {
                totals[s] += sc[s];
            }
            sheet.deals.push(sc);
            sheet.running.push(totals[..n].to_vec());
            if sheet.winner.is_none() {
                sheet.winner = match_winner(&rules, &totals, d.soloist).map(|w| (w, i));
            }
        }
        sheet.totals = totals[..n].to_vec();
        if let (Some(_), Some(stake)) = (sheet.winner, self.stake_cents) {
            sheet.settlement = settle(&sheet.totals, stake as i64);
        }
        Ok(sheet)
    }

    /// The sheet as CSV: a header of names, one line per deal, a totals line.
    pub fn to_csv(&self) -> Result<String, PadError> {
        let sheet = self.sheet()?;
        let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
        let mut out = String::from("deal,dealer,soloist,bid,contract");
        for p in &self.players {
            out.push(',');
            out.push_str(&quote(p));
        }
        out.push('\n');
        let two = self.players.len() == 2;
        for (i, (d, sc)) in self.deals.iter().zip(&sheet.deals).enumerate() {
            // Two players have no soloist and no bid.
            let (soloist, bid) = if two {
                (String::new(), String::new())
            } else {
                (d.soloist.to_string(), d.bid.to_string())
            };
            out.push_str(&format!(
                "{},{},{soloist},{bid},{}",
                i + 1,
                d.dealer,
                d.contract.token()
            ));
            for x in sc {
                out.push_str(&format!(",{x}"));
            }
            out.push('\n');
        }
        out.push_str("total,,,,");
        for x in &sheet.totals {
            out.push_str(&format!(",{x}"));
        }
        out.push('\n');
        Ok(out)
    }
}

/// Who pays whom at the end: everybody settles with everybody at `stake` per point of
/// difference, netted per player, then paid from the biggest debtors to the biggest creditors.
pub fn settle(totals: &[i32], stake: i64) -> Vec<(Seat, Seat, i64)> {
    let n = totals.len();
    let mut net: Vec<i64> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (totals[i] as i64 - totals[j] as i64) * stake)
                .sum()
        })
        .collect();
    let mut out = Vec::new();
    loop {
        let (debtor, &d) = net.iter().enumerate().min_by_key(|(_, v)| **v).expect("players");
        let (creditor, &c) = net.iter().enumerate().max_by_key(|(_, v)| **v).expect("players");
        if d >= 0 || c <= 0 {
            break;
        }
        let amount = (-d).min(c);
        out.push((debtor, creditor, amount));
        net[debtor] += amount;
        net[creditor] -= amount;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Suit;

    fn entry(
        contract: Contract,
        bid: u32,
        cp: [Option<u32>; 3],
        melds: [u32; 3],
        took: [bool; 3],
    ) -> PadDeal {
        PadDeal {
            dealer: 0,
            soloist: 1,
            bid,
            contract,
            melds: melds.to_vec(),
            took_trick: took.to_vec(),
            card_points: cp.to_vec(),
        }
    }

    #[test]
    fn seed_example_made_and_failed() {
        let r = Rules::default();
        let made = entry(
            Contract::Trump(Suit::Spades),
            200,
            [Some(80), Some(90), None],
            [0, 150, 0],
            [true; 3],
        );
        assert_eq!(made.scores(&r).unwrap(), vec![80, 240, 80]);
        let failed = entry(
            Contract::Trump(Suit::Spades),
            200,
            [Some(80), Some(40), None],
            [0, 150, 0],
            [true; 3],
        );
        assert_eq!(failed.scores(&r).unwrap()[1], -400);
    }

    #[test]
    fn card_points_must_add_up_or_one_is_filled_in() {
        let r = Rules::default();
        let bad = entry(
            Contract::Trump(Suit::Spades),
            150,
            [Some(80), Some(90), Some(70)],
            [0; 3],
            [true; 3],
        );
        assert!(bad.scores(&r).unwrap_err().0.contains("240"));
        let two_missing = entry(
            Contract::Trump(Suit::Spades),
            150,
            [Some(80), None, None],
            [0; 3],
            [true; 3],
        );
        assert!(two_missing.scores(&r).is_err());
    }

    #[test]
    fn stakes_settle_to_zero_sum() {
        let t = settle(&[1600, 900, -200], 1);
        let mut net = [0i64; 3];
        for (p, q, a) in &t {
            net[*p] -= a;
            net[*q] += a;
        }
        assert_eq!(net.iter().sum::<i64>(), 0);
        assert_eq!(
            net,
            [
                (1600 - 900) + (1600 + 200),
                (900 - 1600) + (900 + 200),
                (-200 - 1600) + (-200 - 900)
            ]
        );
    }
}
