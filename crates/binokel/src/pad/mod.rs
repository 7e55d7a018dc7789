//! The score pad's arithmetic, for games played with real cards: what the players enter per
//! deal, the deal scores by the rules, the running totals, the winner, and who pays whom.
//!
//! Every check of an entry against the rules lives here (the opening bid and the bidding
//! step, melds, card points that add up and belong to a seat that took a trick, the names,
//! the most deals a pad holds), so that the terminal, the HTTP API and pad files agree.
//!
//! The pad uses the same scoring as the engine (`Deal`); a test checks that they agree on
//! every randomly played deal.

use crate::deal::{score_sides, Contract, Seat, SideFacts};
use crate::meld::meld_total;
use crate::rules::{Rules, DEAL_CARD_POINTS};
use crate::CardSet;
use serde::{Deserialize, Serialize};
use std::fmt;

mod check;
mod sheet;

pub use check::{check_bid, check_card_points, check_meld, check_names, check_stake, offers};
pub use sheet::{settle, Sheet};

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
    /// Whether each seat took at least one trick. A Durch is made when the soloist's side
    /// took tricks and no other seat did; a Bettel when the soloist took none.
    pub took_trick: Vec<bool>,
    /// Each seat's card points: tricks, last trick, the soloist's burial. `None` for the one
    /// seat the pad fills in (250 minus the others); ignored for surrender, Durch and Bettel.
    pub card_points: Vec<Option<u32>>,
}

/// The largest bid or meld total the pad takes, in the terminal, the API and files alike (no
/// real deal comes near it).
pub const MAX_ENTRY: u32 = 10_000;

/// The most deals a pad holds (an evening has a few dozen). With [`MAX_ENTRY`] it bounds
/// every total far inside `i32`, so no total can overflow (checked at compile time below).
pub const MAX_DEALS: usize = 1000;

/// The highest stake per point, in cents (1000 a point).
pub const MAX_STAKE_CENTS: u32 = 100_000;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = crate::name::MAX_NAME_CHARS;

/// The largest score one side can make in a deal: the melds of two partners at the limit,
/// all card points, the largest failed bonus, and a rounding step; a failed contract loses
/// at most twice the bid.
const MAX_DEAL_SCORE: i64 =
    2 * MAX_ENTRY as i64 + DEAL_CARD_POINTS as i64 + crate::rules::MAX_FAILED_BONUS as i64 + 100 + 10;

const _: () = assert!(MAX_DEALS as i64 * MAX_DEAL_SCORE < i32::MAX as i64);

/// What kind of refusal a [`PadError`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PadErrorKind {
    /// An entry the rules do not allow; `field` names it.
    Entry,
    /// A deal added after the match was decided.
    MatchOver,
    /// A deal added to a pad that holds [`MAX_DEALS`].
    Full,
}

/// Why an entry cannot be scored: its kind, the field at fault as the HTTP API names it
/// (`bid`, `melds[2]`, `card_points`, `players[1]`...), and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PadError {
    /// The kind of refusal.
    pub kind: PadErrorKind,
    /// The field at fault, if one is.
    pub field: Option<String>,
    /// What is wrong, naming the seat or number and the rule.
    pub message: String,
}

impl PadError {
    /// An entry refused, naming its field.
    pub fn entry(field: impl Into<String>, message: impl Into<String>) -> PadError {
        PadError {
            kind: PadErrorKind::Entry,
            field: Some(field.into()),
            message: message.into(),
        }
    }

    fn other(kind: PadErrorKind, message: impl Into<String>) -> PadError {
        PadError {
            kind,
            field: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for PadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
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

/// How messages name a seat: by the players' names when the pad is known, else `seat N`
/// (from 0, as the API numbers seats).
#[derive(Copy, Clone)]
pub(crate) struct Who<'a>(pub(crate) Option<&'a [String]>);

impl Who<'_> {
    pub(crate) fn name(&self, s: Seat) -> String {
        match self.0.and_then(|n| n.get(s)) {
            Some(name) => name.clone(),
            None => format!("seat {s}"),
        }
    }
}

impl PadDeal {
    /// The card points with the missing one filled in, checked to add up to the deal's 250
    /// ([`DEAL_CARD_POINTS`]).
    pub fn filled_card_points(&self, n: usize) -> Result<Vec<u32>, PadError> {
        if self.card_points.len() != n {
            return Err(PadError::entry(
                "card_points",
                format!("card points for {} seats, not {n}", self.card_points.len()),
            ));
        }
        let missing: Vec<usize> = (0..n).filter(|&s| self.card_points[s].is_none()).collect();
        let known: u64 = self.card_points.iter().flatten().map(|&p| u64::from(p)).sum();
        let err = |m: String| Err(PadError::entry("card_points", m));
        let all = DEAL_CARD_POINTS;
        match missing.as_slice() {
            [] if known == u64::from(all) => Ok(self.card_points.iter().map(|x| x.unwrap_or(0)).collect()),
            [] => err(format!("the card points add up to {known}, not {all}")),
            [m] if known <= u64::from(all) => {
                let mut v: Vec<u32> = self.card_points.iter().map(|x| x.unwrap_or(0)).collect();
                v[*m] = all - known as u32;
                Ok(v)
            }
            [_] => err(format!(
                "the card points given add up to {known}, more than {all}"
            )),
            _ => err("leave at most one seat's card points empty".into()),
        }
    }

    /// The deal's scores per seat by `rules` (partners share one score with four players).
    /// Two players (RULES.md section 13) have no auction: `soloist`, `bid` and `took_trick`
    /// are not read, `contract` is `trump X` (the turned card's suit), and each player scores
    /// its card points plus the melds it showed (an exchange that scored counts as its Diss).
    /// Refusals name seats as `seat N`; [`Pad::add`] names them by the players' names.
    pub fn scores(&self, rules: &Rules) -> Result<Vec<i32>, PadError> {
        self.checked_scores(rules, Who(None), true)
    }

    /// Whether the soloist made the contract, as the entry says: for a trump game its total
    /// against the bid, for a Durch or Bettel the tricks; a surrender never is. `None` with
    /// two players (no soloist). Refused like [`PadDeal::scores`].
    pub fn soloist_made(&self, rules: &Rules) -> Result<Option<bool>, PadError> {
        self.scores(rules)?;
        if rules.players == 2 {
            return Ok(None);
        }
        let f = self.facts(rules)?;
        let sol = f.soloist_side;
        Ok(Some(match self.contract {
            Contract::Trump(_) => f.took[sol] && f.cards[sol] + f.melds[sol] >= f.bid,
            Contract::Surrender(_) => false,
            Contract::Durch | Contract::Bettel => f.special_made,
        }))
    }

    /// The seats of each side: one seat each, or the partnerships of four players.
    fn sides(n: usize) -> Vec<Vec<Seat>> {
        if n == 4 {
            vec![vec![0, 2], vec![1, 3]]
        } else {
            (0..n).map(|s| vec![s]).collect()
        }
    }

    /// What each side achieved, as [`score_sides`] reads it (the entry already checked).
    fn facts(&self, rules: &Rules) -> Result<SideFacts, PadError> {
        let n = rules.players as usize;
        let sides = PadDeal::sides(n);
        let sol_side = sides.iter().position(|v| v.contains(&self.soloist)).unwrap_or(0);
        // Card points are entered for trump games only; the other contracts ignore them.
        let cp = match self.contract {
            Contract::Trump(_) => self.filled_card_points(n)?,
            _ => vec![0; n],
        };
        let side_took = |i: usize| sides[i].iter().any(|&s| self.took_trick[s]);
        let others_took = (0..sides.len()).any(|i| i != sol_side && side_took(i));
        let mut facts = SideFacts {
            sides: sides.len(),
            soloist_side: sol_side,
            bid: self.bid as i32,
            special_made: match self.contract {
                // The soloist's side took tricks and no other seat took one.
                Contract::Durch => side_took(sol_side) && !others_took,
                Contract::Bettel => !self.took_trick[self.soloist],
                _ => false,
            },
            ..SideFacts::default()
        };
        for (i, seats) in sides.iter().enumerate() {
            facts.took[i] = side_took(i);
            facts.cards[i] = seats.iter().map(|&s| cp[s] as i32).sum();
            facts.melds[i] = seats.iter().map(|&s| self.melds[s] as i32).sum();
        }
        Ok(facts)
    }

    /// The scores after the checks (all of them when `strict`: see `check`), seats named by
    /// `who`.
    pub(crate) fn checked_scores(&self, rules: &Rules, who: Who, strict: bool) -> Result<Vec<i32>, PadError> {
        let n = rules.players as usize;
        self.check(rules, who, strict)?;
        if n == 2 {
            let cp = self.filled_card_points(2)?;
            return Ok((0..2).map(|s| cp[s] as i32 + self.melds[s] as i32).collect());
        }
        let side = score_sides(rules, self.contract, &self.facts(rules)?);
        let sides = PadDeal::sides(n);
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

impl Pad {
    /// A new pad, as given (see [`Pad::create`] for one whose names are checked).
    pub fn new(rules: &Rules, players: Vec<String>) -> Pad {
        Pad {
            rules: rules.to_json(),
            players,
            deals: Vec::new(),
            stake_cents: None,
        }
    }

    /// A new pad after checking the players against the rules and the names (trimmed, not
    /// empty, no two alike in any case, no whole numbers): see [`check_names`].
    pub fn create(rules: &Rules, players: &[String]) -> Result<Pad, PadError> {
        let n = rules.players as usize;
        if players.len() != n {
            return Err(PadError::entry(
                "players",
                format!("{} names given; these rules are played by {n}", players.len()),
            ));
        }
        Ok(Pad::new(rules, check_names(players)?))
    }

    /// A pad read from a file, checked as a new one would be: the rules, the names (trimmed,
    /// no two alike, no numbers), the stake, at most [`MAX_DEALS`] deals, and every deal as
    /// the sheet reads it (deals entered before the checks of the rules are scored as
    /// entered; `fix N` corrects them).
    pub fn checked(mut self) -> Result<Pad, PadError> {
        let rules = self.rules()?;
        rules
            .validate()
            .map_err(|e| PadError::entry("rules", e.to_string()))?;
        self.players = check_names(&self.players)?;
        if let Some(c) = self.stake_cents {
            check_stake(u64::from(c))?;
        }
        self.sheet()?;
        Ok(self)
    }

    /// The rules.
    pub fn rules(&self) -> Result<Rules, PadError> {
        let r = Rules::from_json(&self.rules).map_err(|e| PadError::entry("rules", e.to_string()))?;
        if r.players as usize != self.players.len() {
            return Err(PadError::entry(
                "players",
                format!("{} names for {} players", self.players.len(), r.players),
            ));
        }
        Ok(r)
    }

    /// The scores of `d` under this pad's rules, seats named by the players' names.
    pub fn scores_of(&self, d: &PadDeal) -> Result<Vec<i32>, PadError> {
        d.checked_scores(&self.rules()?, Who(Some(&self.players)), true)
    }

    /// Adds a deal after checking that it can be scored, that the match is not yet decided
    /// and that the pad has room ([`MAX_DEALS`]); nothing changes on error.
    pub fn add(&mut self, d: PadDeal) -> Result<(), PadError> {
        self.can_add()?;
        self.scores_of(&d)?;
        self.deals.push(d);
        Ok(())
    }

    /// Whether a deal may be added: not after the match is decided ([`PadErrorKind::MatchOver`]),
    /// not past [`MAX_DEALS`] ([`PadErrorKind::Full`]).
    pub fn can_add(&self) -> Result<(), PadError> {
        if self.deals.len() >= MAX_DEALS {
            return Err(PadError::other(
                PadErrorKind::Full,
                format!("the pad holds {MAX_DEALS} deals, the most it may; start a new pad"),
            ));
        }
        if let Some((_, i)) = self.sheet()?.winner {
            return Err(PadError::other(
                PadErrorKind::MatchOver,
                format!(
                    "the match is over (deal {} decided it); earlier deals can still be corrected",
                    i + 1
                ),
            ));
        }
        Ok(())
    }

    /// Replaces deal `i` (a correction); nothing changes on error. A correction may decide
    /// the match at an earlier deal: the deals after it stay but no longer count.
    pub fn correct(&mut self, i: usize, d: PadDeal) -> Result<(), PadError> {
        if i >= self.deals.len() {
            return Err(PadError::entry("index", format!("there is no deal {}", i + 1)));
        }
        self.scores_of(&d)?;
        self.deals[i] = d;
        Ok(())
    }
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
        assert_eq!(made.soloist_made(&r).unwrap(), Some(true));
        let failed = entry(
            Contract::Trump(Suit::Spades),
            200,
            [Some(80), Some(40), None],
            [0, 150, 0],
            [true; 3],
        );
        assert_eq!(failed.scores(&r).unwrap()[1], -400);
        assert_eq!(failed.soloist_made(&r).unwrap(), Some(false));
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
        let e = bad.scores(&r).unwrap_err();
        assert!(e.message.contains("240"));
        assert_eq!(e.field.as_deref(), Some("card_points"));
        let two_missing = entry(
            Contract::Trump(Suit::Spades),
            150,
            [Some(80), None, None],
            [0; 3],
            [true; 3],
        );
        assert!(two_missing.scores(&r).is_err());
    }
}
