//! The pad's checks of an entry against the rules: seats, the bid (the preset's opening bid
//! and bidding step), melds, card points (at most 250, adding up, none for a seat without a
//! trick), the contracts the rules play, the players' names and the stake. Each refusal
//! names the field, the seat or number, and the rule.

use super::{PadDeal, PadError, Who, MAX_ENTRY, MAX_NAME_CHARS, MAX_STAKE_CENTS};
use crate::deal::Contract;
use crate::rules::{Rules, BID_STEP, DEAL_CARD_POINTS};

/// Checks a bid against the rules: at most [`MAX_ENTRY`], at least the opening bid
/// (`rules.opening`), and on the bidding step ([`BID_STEP`] from the opening bid). Takes a
/// `u64` so that a number typed too large is named as it was typed.
pub fn check_bid(rules: &Rules, bid: u64) -> Result<(), PadError> {
    let opening = u64::from(rules.opening);
    let step = u64::from(BID_STEP);
    let m = if bid > u64::from(MAX_ENTRY) {
        format!("the bid {bid} is more than {MAX_ENTRY}, the most the pad takes")
    } else if bid < opening {
        format!("the bid {bid} is below the opening bid of these rules, {opening}")
    } else if (bid - opening) % step != 0 {
        format!(
            "the bid {bid} is not on the bidding step: bids go up from the opening bid {opening} in a step of {step}"
        )
    } else {
        return Ok(());
    };
    Err(PadError::entry("bid", m))
}

/// Checks the melds of seat `seat` (named `who` in the message): a multiple of 10 (as every
/// meld is) and at most [`MAX_ENTRY`].
pub fn check_meld(seat: usize, who: &str, melds: u64) -> Result<(), PadError> {
    let m = if melds > u64::from(MAX_ENTRY) {
        format!("the melds of {who}, {melds}, are more than {MAX_ENTRY}, the most the pad takes")
    } else if melds % 10 != 0 {
        format!("the melds of {who}, {melds}, are not a multiple of 10 (every meld is)")
    } else {
        return Ok(());
    };
    Err(PadError::entry(format!("melds[{seat}]"), m))
}

/// Checks the card points of seat `seat` (named `who`): at most the 250 of a deal.
pub fn check_card_points(seat: usize, who: &str, points: u64) -> Result<(), PadError> {
    if points > u64::from(DEAL_CARD_POINTS) {
        return Err(PadError::entry(
            format!("card_points[{seat}]"),
            format!("the card points of {who}, {points}, are more than the {DEAL_CARD_POINTS} of a deal"),
        ));
    }
    Ok(())
}

/// Checks a stake per point in cents: at most [`MAX_STAKE_CENTS`].
pub fn check_stake(cents: u64) -> Result<u32, PadError> {
    if cents > u64::from(MAX_STAKE_CENTS) {
        return Err(PadError::entry(
            "stake_cents",
            format!(
                "the stake of {cents} cents a point is more than {MAX_STAKE_CENTS}, the most the pad takes"
            ),
        ));
    }
    Ok(cents as u32)
}

/// The players' names, trimmed, after checking each: not empty, at most [`MAX_NAME_CHARS`]
/// characters, no control characters, a visible character ([`crate::name::check`]), not a whole number (the terminal takes numbers for
/// seats), and no two alike once trimmed, in any case.
pub fn check_names(names: &[String]) -> Result<Vec<String>, PadError> {
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for (i, raw) in names.iter().enumerate() {
        let name = raw.trim();
        let bad = |m: String| Err(PadError::entry(format!("players[{i}]"), m));
        match crate::name::check(name) {
            Ok(_) => {}
            Err(crate::name::NameError::Empty) => {
                return bad(format!("the name of player {} is empty", i + 1))
            }
            Err(crate::name::NameError::Control(_)) => {
                return bad(format!(
                    "the name `{}` holds a control character",
                    name.escape_debug()
                ))
            }
            Err(crate::name::NameError::TooLong(_)) => {
                return bad(format!(
                    "the name `{name}` is longer than {MAX_NAME_CHARS} characters"
                ))
            }
            Err(e @ crate::name::NameError::Invisible) => {
                return bad(format!("`{}`: {e}", name.escape_unicode()))
            }
        }
        if name.parse::<i128>().is_ok() || name.chars().all(|c| c.is_ascii_digit()) {
            return bad(format!(
                "the name `{name}` is a number; seats are numbered, so a name needs a letter"
            ));
        }
        let key = name.to_lowercase();
        if let Some(j) = out.iter().position(|o| o.to_lowercase() == key) {
            return bad(format!(
                "the name `{name}` is that of player {} (`{}`) already; names must differ",
                j + 1,
                out[j]
            ));
        }
        out.push(name.to_string());
    }
    Ok(out)
}

/// Whether the pad takes `contract` under `rules`: two players always play a trump game (the
/// turned card's suit, RULES.md section 13), whatever the `durch` option says; Durch and
/// Bettel where the rules play them.
pub fn offers(rules: &Rules, contract: Contract) -> bool {
    match contract {
        Contract::Trump(_) => true,
        _ if rules.players == 2 => false,
        Contract::Surrender(_) => true,
        Contract::Durch => rules.durch,
        Contract::Bettel => rules.bettel,
    }
}

impl PadDeal {
    /// The checks of the entry against `rules`, before any arithmetic. `strict` (a new entry
    /// or a correction) adds the checks of the rules that a deal entered before them may
    /// fail (the opening bid and step, melds a multiple of 10, card points of a seat without
    /// a trick): a stored pad is still read and scored as entered; the bounds that keep the
    /// arithmetic safe are always checked.
    pub(crate) fn check(&self, rules: &Rules, who: Who, strict: bool) -> Result<(), PadError> {
        let n = rules.players as usize;
        let two = n == 2;
        let seat = |field: &str, s: usize| {
            if s < n {
                Ok(())
            } else {
                Err(PadError::entry(
                    field,
                    format!("seat {s} does not exist; seats are numbered 0 to {}", n - 1),
                ))
            }
        };
        seat("dealer", self.dealer)?;
        if !two {
            seat("soloist", self.soloist)?;
        }
        let len = |field: &str, l: usize| {
            if l == n {
                Ok(())
            } else {
                Err(PadError::entry(
                    field,
                    format!("`{field}` lists {l} seats, not {n}"),
                ))
            }
        };
        len("melds", self.melds.len())?;
        len("card_points", self.card_points.len())?;
        if !two {
            len("took_trick", self.took_trick.len())?;
            if strict || self.bid > MAX_ENTRY {
                check_bid(rules, u64::from(self.bid))?;
            }
        }
        for (s, &m) in self.melds.iter().enumerate() {
            if strict || m > MAX_ENTRY {
                check_meld(s, &who.name(s), u64::from(m))?;
            }
        }
        for (s, p) in self.card_points.iter().enumerate() {
            if let Some(p) = *p {
                check_card_points(s, &who.name(s), u64::from(p))?;
            }
        }
        if !offers(rules, self.contract) {
            let m = match self.contract {
                _ if two => "two players always play a trump game (the turned card's suit): `trump X`",
                Contract::Durch => "Durch is not played under these rules",
                _ => "Bettel is not played under these rules",
            };
            return Err(PadError::entry("contract", m));
        }
        if two || !strict || !matches!(self.contract, Contract::Trump(_)) {
            return Ok(());
        }
        // A trump game is played out: someone takes tricks, and a seat without one has no
        // card points (the soloist's burial counts for it even so).
        if self.took_trick.iter().all(|t| !t) {
            return Err(PadError::entry(
                "took_trick",
                "nobody took a trick, but a trump game is played out: someone takes every trick",
            ));
        }
        let cp = self.filled_card_points(n)?;
        let without = (0..n).find(|&s| s != self.soloist && !self.took_trick[s] && cp[s] > 0);
        if let Some(s) = without {
            let how = if self.card_points[s].is_none() {
                format!(" (filled in as {DEAL_CARD_POINTS} minus the others)")
            } else {
                String::new()
            };
            return Err(PadError::entry(
                format!("card_points[{s}]"),
                format!(
                    "{} took no trick, so has no card points, but {} are entered{how}",
                    who.name(s),
                    cp[s]
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_refused_by_name() {
        let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(check_names(&v(&[" A", "B ", "C"])).unwrap(), v(&["A", "B", "C"]));
        for (names, field, says) in [
            (v(&["A", "a ", "C"]), "players[1]", "`a`"),
            (v(&["Ängel", "B", "ängel"]), "players[2]", "Ängel"),
            (v(&["A", "12", "C"]), "players[1]", "number"),
            (v(&["A", "B", "-1"]), "players[2]", "number"),
            (v(&["A", " ", "C"]), "players[1]", "empty"),
            (v(&["A", "B", &"x".repeat(25)]), "players[2]", "24"),
        ] {
            let e = check_names(&names).unwrap_err();
            assert_eq!(e.field.as_deref(), Some(field), "{e}");
            assert!(e.message.contains(says), "{e}");
        }
        assert!(check_names(&v(&["A1", "2B", "C"])).is_ok());
    }

    #[test]
    fn two_players_are_offered_trump_games_only() {
        let two = Rules::preset(crate::Preset::TwoPlayer);
        assert!(two.durch, "the option is on, but has no effect with two players");
        assert!(!offers(&two, Contract::Durch));
        assert!(offers(&two, Contract::Trump(crate::Suit::Hearts)));
        assert!(offers(&Rules::default(), Contract::Durch));
        assert!(!offers(&Rules::default(), Contract::Bettel));
    }
}
