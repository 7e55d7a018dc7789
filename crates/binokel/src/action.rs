//! Actions and their record tokens (RECORDS.md section 1).

use crate::card::{Card, Low, ParseError, Suit};
use crate::cardset::CardSet;
use crate::meld::MeldKind;
use std::fmt;

/// Everything a seat can do. The record never names the actor: the rules say who acts.
///
/// The derived order is the order of `legal_actions`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Pass in the auction (final).
    Pass,
    /// Bid this value.
    Bid(u32),
    /// Call a card from the opponents (house rule `calling`).
    Call(Card),
    /// Give a card back to the opponent that gave the called card.
    Give(Card),
    /// Bury these cards (as many as the Tapp held).
    Bury(CardSet),
    /// Name a trump suit and play.
    Trump(Suit),
    /// No trump, promise every trick.
    Durch,
    /// No trump, promise to take no trick (house rule `bettel`).
    Bettel,
    /// Name trump and give up at once.
    Surrender(Suit),
    /// Play a card to the trick.
    Play(Card),
    /// Two players: show a meld after winning a trick.
    Meld(MeldKind, Option<Suit>),
    /// Two players: exchange the trump 9 for the turned card.
    Exchange,
}

impl Action {
    /// The words that begin a record token other than a card (`bid 160`, `pass`), as
    /// [`Action::parse`] reads them.
    pub const WORDS: [&'static str; 11] = [
        "pass",
        "bid",
        "call",
        "give",
        "bury",
        "trump",
        "durch",
        "bettel",
        "surrender",
        "meld",
        "exchange",
    ];

    /// The record token under a naming of the low card.
    ///
    /// ```
    /// use binokel::{Action, Card, Low, Suit};
    /// assert_eq!(Action::Bid(160).token(Low::Nine), "bid 160");
    /// assert_eq!(Action::Play(Card::parse("9h").unwrap()).token(Low::Seven), "7H");
    /// assert_eq!(Action::Surrender(Suit::Clubs).token(Low::Nine), "surrender C");
    /// ```
    pub fn token(&self, low: Low) -> String {
        match *self {
            Action::Pass => "pass".into(),
            Action::Bid(n) => format!("bid {n}"),
            Action::Call(c) => format!("call {}", c.code(low)),
            Action::Give(c) => format!("give {}", c.code(low)),
            Action::Bury(s) => format!("bury {}", s.to_codes(low)),
            Action::Trump(s) => format!("trump {s}"),
            Action::Durch => "durch".into(),
            Action::Bettel => "bettel".into(),
            Action::Surrender(s) => format!("surrender {s}"),
            Action::Play(c) => c.code(low),
            Action::Meld(k, Some(s)) => format!("meld {} {s}", k.name()),
            Action::Meld(k, None) => format!("meld {}", k.name()),
            Action::Exchange => "exchange".into(),
        }
    }

    /// Reads a record token strictly (as `token` writes it).
    pub fn parse(token: &str, low: Low) -> Result<Action, ParseError> {
        let bad = |why: &str| ParseError::new(token, why);
        let mut words = token.split(' ');
        let head = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let one = |what: &str| -> Result<&str, ParseError> {
            match rest.as_slice() {
                [x] => Ok(*x),
                _ => Err(bad(&format!("needs exactly one {what}"))),
            }
        };
        let suit =
            |s: &str| Suit::parse(s).map_err(|_| bad(&format!("names no suit: `{s}` is not S, H, D or C")));
        let action = match head {
            "pass" if rest.is_empty() => Action::Pass,
            "bid" => {
                let n = one("number")?;
                let v: u32 = n
                    .parse()
                    .ok()
                    .filter(|_| n.chars().all(|c| c.is_ascii_digit()))
                    .ok_or_else(|| bad(&format!("is not a bid: `{n}` is not a number")))?;
                Action::Bid(v)
            }
            "call" => Action::Call(Card::parse_code(one("card")?, low)?),
            "give" => Action::Give(Card::parse_code(one("card")?, low)?),
            "bury" => {
                if rest.is_empty() {
                    return Err(bad("names no cards to bury"));
                }
                let mut set = CardSet::EMPTY;
                for c in &rest {
                    let card = Card::parse_code(c, low)?;
                    if !set.insert(card) {
                        return Err(ParseError::new(c, "is a third copy (the pack has two)"));
                    }
                }
                Action::Bury(set)
            }
            "trump" => Action::Trump(suit(one("suit")?)?),
            "surrender" => Action::Surrender(suit(one("suit")?)?),
            "durch" if rest.is_empty() => Action::Durch,
            "bettel" if rest.is_empty() => Action::Bettel,
            "exchange" if rest.is_empty() => Action::Exchange,
            "meld" => {
                let (k, s) = match rest.as_slice() {
                    [k] => (*k, None),
                    [k, s] => (*k, Some(suit(s)?)),
                    _ => return Err(bad("needs a meld kind and maybe a suit")),
                };
                let kind = MeldKind::from_name(k).ok_or_else(|| bad(&format!("names no meld: `{k}`")))?;
                if kind.has_suit() != s.is_some() {
                    return Err(bad("has a suit where the meld has none, or lacks one"));
                }
                Action::Meld(kind, s)
            }
            _ if rest.is_empty() && head.len() == 2 => Action::Play(Card::parse_code(head, low)?),
            _ => return Err(bad("is not an action")),
        };
        Ok(action)
    }

    /// Reads an action as a person types it: any case, `10H`, extra spaces, a bare number for
    /// a bid.
    pub fn parse_lenient(input: &str, low: Low) -> Result<Action, ParseError> {
        let words: Vec<String> = input.split_whitespace().map(|w| w.to_string()).collect();
        if words.is_empty() {
            return Err(ParseError::new(input, "is empty"));
        }
        let head = words[0].to_ascii_lowercase();
        let norm_card = |w: &str| {
            Card::parse(w)
                .map(|c| c.code(low))
                .unwrap_or_else(|_| w.to_string())
        };
        let token = match head.as_str() {
            "pass" | "bid" | "trump" | "surrender" | "durch" | "bettel" | "exchange" | "meld" => {
                let mut t = head.clone();
                for w in &words[1..] {
                    t.push(' ');
                    if head == "meld" {
                        t.push_str(&w.to_ascii_lowercase());
                    } else {
                        t.push_str(&w.to_ascii_uppercase());
                    }
                }
                if head == "meld" && words.len() == 3 {
                    // The suit letter stays upper case.
                    let mut parts: Vec<String> = t.split(' ').map(String::from).collect();
                    parts[2] = parts[2].to_ascii_uppercase();
                    t = parts.join(" ");
                }
                t
            }
            "call" | "give" | "bury" => {
                let mut t = head.clone();
                for w in &words[1..] {
                    t.push(' ');
                    t.push_str(&norm_card(w));
                }
                t
            }
            _ if words.len() == 1 && head.chars().all(|c| c.is_ascii_digit()) => format!("bid {head}"),
            _ if words.len() == 1 => norm_card(&words[0]),
            _ => input.to_string(),
        };
        Action::parse(&token, low).map_err(|e| ParseError::new(input, e.why))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token(crate::notation::low()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        let tokens = [
            "pass",
            "bid 150",
            "call QS",
            "give 9H",
            "bury 9H 9C JC",
            "trump S",
            "durch",
            "bettel",
            "surrender D",
            "AH",
            "meld family H",
            "meld four_aces",
            "exchange",
        ];
        for t in tokens {
            let a = Action::parse(t, Low::Nine).unwrap();
            let back = a.token(Low::Nine);
            // Burials are written in card order; compare as actions.
            assert_eq!(Action::parse(&back, Low::Nine).unwrap(), a, "{t}");
        }
    }

    #[test]
    fn bad_tokens_say_what_is_wrong() {
        for t in [
            "",
            "bid",
            "bid 15x",
            "bid -10",
            "trump X",
            "XS",
            "pass now",
            "meld family",
            "hello",
        ] {
            let e = Action::parse(t, Low::Nine).unwrap_err();
            assert!(!e.to_string().is_empty());
        }
        assert_eq!(
            Action::parse("XS", Low::Nine).unwrap_err().to_string(),
            "`XS` is not a card"
        );
    }

    #[test]
    fn lenient_input() {
        assert_eq!(
            Action::parse_lenient("10h", Low::Nine).unwrap(),
            Action::Play(Card::parse("TH").unwrap())
        );
        assert_eq!(Action::parse_lenient("160", Low::Nine).unwrap(), Action::Bid(160));
        assert_eq!(
            Action::parse_lenient("Trump s", Low::Nine).unwrap(),
            Action::Trump(Suit::Spades)
        );
        assert_eq!(
            Action::parse_lenient("bury 9h 10c jc", Low::Nine).unwrap(),
            Action::Bury("9H TC JC".parse().unwrap())
        );
    }
}
