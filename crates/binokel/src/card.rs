//! Cards, suits and ranks, and their notation (RULES.md section 1).

pub use crate::notation::Low;
use std::fmt;

/// One of the four suits. The letter is the record notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Spades, Schippen (Laub, Grün). Letter `S`.
    Spades = 0,
    /// Hearts, Herz. Letter `H`.
    Hearts = 1,
    /// Diamonds, Schellen. Letter `D`.
    Diamonds = 2,
    /// Clubs, Eichel (Kreuz). Letter `C`.
    Clubs = 3,
}

impl Suit {
    /// All suits in notation order `S H D C`.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with this index (0..4).
    ///
    /// # Panics
    /// If `i >= 4`.
    #[inline]
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// The suit's index 0..4.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The record letter: `S`, `H`, `D` or `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit for a letter, either case.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The French symbol, for display.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// Parses a suit letter such as `S` (either case).
    ///
    /// ```
    /// use binokel::Suit;
    /// assert_eq!("h".parse::<Suit>().unwrap(), Suit::Hearts);
    /// assert!("X".parse::<Suit>().is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Suit, ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => {
                Suit::from_letter(c).ok_or_else(|| ParseError::new(s, "is not a suit (S, H, D, C)"))
            }
            _ => Err(ParseError::new(s, "is not a suit (S, H, D, C)")),
        }
    }
}

impl std::str::FromStr for Suit {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Suit::parse(s)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank, in ascending trick order: 9 J Q K 10 A.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// The lowest card, written `9` (or `7` under the sevens house rule). 0 points.
    Nine = 0,
    /// Unter, `J`. 2 points.
    Jack = 1,
    /// Ober, `Q`. 3 points.
    Queen = 2,
    /// `K`. 4 points.
    King = 3,
    /// `T` (also typed `10`). 10 points.
    Ten = 4,
    /// `A`. 11 points.
    Ace = 5,
}

impl Rank {
    /// All ranks, lowest first.
    pub const ALL: [Rank; 6] = [
        Rank::Nine,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ten,
        Rank::Ace,
    ];

    /// The rank's index 0..6 (trick order, lowest first).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0.
    #[inline]
    pub const fn points(self) -> u32 {
        match self {
            Rank::Nine => 0,
            Rank::Jack => 2,
            Rank::Queen => 3,
            Rank::King => 4,
            Rank::Ten => 10,
            Rank::Ace => 11,
        }
    }

    /// The record letter; the low card is `9` or `7` depending on `low`.
    pub const fn letter(self, low: Low) -> char {
        match self {
            Rank::Nine => match low {
                Low::Nine => '9',
                Low::Seven => '7',
            },
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ten => 'T',
            Rank::Ace => 'A',
        }
    }
}

/// A card kind: one of the 24 (suit, rank) pairs. The pack holds two copies of each.
///
/// ```
/// use binokel::{Card, Rank, Suit};
/// let c = Card::parse("TH").unwrap();
/// assert_eq!(c, Card::new(Suit::Hearts, Rank::Ten));
/// assert_eq!(c.to_string(), "TH");
/// assert_eq!(Card::parse("10h").unwrap(), c);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of a suit and rank.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) * 6 + rank as u8)
    }

    /// The card with this index (0..24): `suit * 6 + rank`.
    ///
    /// # Panics
    /// In debug builds, if `i >= 24` (release builds make a card that is no card).
    #[inline]
    pub const fn from_index(i: usize) -> Card {
        debug_assert!(i < 24, "card index out of range");
        Card(i as u8)
    }

    /// The index 0..24 (`suit * 6 + rank`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        const S: [Suit; 24] = {
            let mut t = [Suit::Spades; 24];
            let mut i = 0;
            while i < 24 {
                t[i] = Suit::ALL[i / 6];
                i += 1;
            }
            t
        };
        S[self.0 as usize]
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 % 6) as usize]
    }

    /// Card points of this card.
    #[inline]
    pub const fn points(self) -> u32 {
        // Indexed by kind rather than by `index % 6`: this runs for every card played. 32
        // entries read with `& 31` leave no bounds check on that path.
        const POINTS: [u8; 32] = {
            let by_rank = [0, 2, 3, 4, 10, 11];
            let mut t = [0u8; 32];
            let mut i = 0;
            while i < 24 {
                t[i] = by_rank[i % 6];
                i += 1;
            }
            t
        };
        POINTS[(self.0 & 31) as usize] as u32
    }

    /// All 24 card kinds, by suit then rank.
    pub fn all() -> impl Iterator<Item = Card> + Clone {
        (0..24u8).map(Card)
    }

    /// The record code under a naming of the low card.
    pub fn code(self, low: Low) -> String {
        let mut s = String::with_capacity(2);
        s.push(self.rank().letter(low));
        s.push(self.suit().letter());
        s
    }

    /// A display form with a symbol: `A♠`, `10♥`.
    pub fn pretty(self, low: Low) -> String {
        let r = match self.rank() {
            Rank::Ten => "10".to_string(),
            r => r.letter(low).to_string(),
        };
        format!("{r}{}", self.suit().symbol())
    }

    /// Parses a record code strictly (`AS`, `TH`, `9C`), upper case only, with the standard
    /// low card `9`.
    pub fn parse_code(s: &str, low: Low) -> Result<Card, ParseError> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(ParseError::new(s, "is not a card"));
        }
        let rank = match b[0] {
            b'A' => Rank::Ace,
            b'T' => Rank::Ten,
            b'K' => Rank::King,
            b'Q' => Rank::Queen,
            b'J' => Rank::Jack,
            b'9' if low == Low::Nine => Rank::Nine,
            b'7' if low == Low::Seven => Rank::Nine,
            _ => return Err(ParseError::new(s, "is not a card")),
        };
        let suit = match b[1] {
            b'S' => Suit::Spades,
            b'H' => Suit::Hearts,
            b'D' => Suit::Diamonds,
            b'C' => Suit::Clubs,
            _ => return Err(ParseError::new(s, "is not a card")),
        };
        Ok(Card::new(suit, rank))
    }

    /// Parses a card as people type it: any case, `10` for the ten, `9` or `7` for the low card.
    pub fn parse(s: &str) -> Result<Card, ParseError> {
        let up = s.trim().to_ascii_uppercase();
        let norm = if let Some(rest) = up.strip_prefix("10") {
            format!("T{rest}")
        } else if let Some(rest) = up.strip_prefix('7') {
            format!("9{rest}")
        } else {
            up
        };
        Card::parse_code(&norm, Low::Nine).map_err(|_| ParseError::new(s, "is not a card"))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.rank().letter(crate::notation::low()),
            self.suit().letter()
        )
    }
}

impl std::str::FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Card::parse(s)
    }
}

/// A token that could not be read: the token and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The rejected input.
    pub token: String,
    /// Why, as the end of a sentence ("is not a card").
    pub why: String,
}

impl ParseError {
    /// A new error for `token`.
    #[inline]
    pub fn new(token: &str, why: impl Into<String>) -> ParseError {
        ParseError {
            token: token.to_string(),
            why: why.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` {}", self.token, self.why)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_code_round_trips() {
        for c in Card::all() {
            assert_eq!(Card::parse_code(&c.code(Low::Nine), Low::Nine).unwrap(), c);
            assert_eq!(Card::parse_code(&c.code(Low::Seven), Low::Seven).unwrap(), c);
            let typed = c
                .pretty(Low::Nine)
                .replace(c.suit().symbol(), &c.suit().letter().to_string());
            assert_eq!(Card::parse(&typed.to_lowercase()).unwrap(), c);
        }
    }

    #[test]
    fn card_points_total_120_per_copy() {
        assert_eq!(Card::all().map(Card::points).sum::<u32>(), 120);
    }

    #[test]
    fn strict_codes_reject_lower_case_and_the_wrong_low_card() {
        assert!(Card::parse_code("as", Low::Nine).is_err());
        assert!(Card::parse_code("7S", Low::Nine).is_err());
        assert!(Card::parse_code("9S", Low::Seven).is_err());
        assert!(Card::parse_code("XS", Low::Nine).is_err());
        assert!(Card::parse_code("ASS", Low::Nine).is_err());
        assert_eq!(Card::parse("xs").unwrap_err().to_string(), "`xs` is not a card");
    }

    #[test]
    fn people_may_type_ten_and_lower_case() {
        assert_eq!(Card::parse("10s").unwrap(), Card::new(Suit::Spades, Rank::Ten));
        assert_eq!(Card::parse("7d").unwrap(), Card::new(Suit::Diamonds, Rank::Nine));
        assert_eq!(Card::parse(" qs ").unwrap(), Card::new(Suit::Spades, Rank::Queen));
    }
}
