//! How cards are named: French suits or German suits, on screen and as typed.

use binokel::{Card, Low, ParseError, Rank, Suit};

/// How cards are named on screen and typed: French suits (`A♠`, typed `AS`) or German suits
/// (Eichel, Grün, Herz, Schellen; Ober, Unter).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CardStyle {
    /// ♠ ♥ ♦ ♣ with A 10 K Q J 9; typed as the record codes (`AS`, `10H`).
    #[default]
    French,
    /// Suits E (Eichel = ♣), G (Grün = ♠), H (Herz), S (Schellen = ♦); ranks A 10 K
    /// O (Ober = Q) U (Unter = J) 9. Typed the same way (`OG` is the Grün-Ober).
    German,
}

impl CardStyle {
    /// Reads `french` or `german`.
    pub fn parse(s: &str) -> Result<CardStyle, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "french" | "fr" => Ok(CardStyle::French),
            "german" | "de" => Ok(CardStyle::German),
            _ => Err(format!("unknown card style `{s}` (known: french, german)")),
        }
    }

    /// The short on-screen name of a card: `A♠`, `10♥` or `OG`, `10H`.
    pub fn short(self, c: Card, low: Low) -> String {
        match self {
            CardStyle::French => c.pretty(low),
            CardStyle::German => format!("{}{}", german_rank(c.rank(), low), german_suit_letter(c.suit())),
        }
    }

    /// The name a person types for a card in this style (`AS` / `AG`).
    pub fn code(self, c: Card, low: Low) -> String {
        match self {
            CardStyle::French => c.code(low),
            CardStyle::German => self.short(c, low),
        }
    }

    /// The letter used for a suit in this style.
    pub fn suit_letter(self, s: Suit) -> char {
        match self {
            CardStyle::French => s.letter(),
            CardStyle::German => german_suit_letter(s),
        }
    }

    /// Reads a card as a person types it in this style (any case, `10` or `T` for the ten).
    pub fn parse_card(self, input: &str) -> Result<Card, ParseError> {
        match self {
            CardStyle::French => Card::parse(input),
            CardStyle::German => {
                let up = input.trim().to_uppercase();
                let (rank_part, suit_part) = if let Some(rest) = up.strip_prefix("10") {
                    ("10", rest)
                } else {
                    up.split_at(up.chars().next().map_or(0, char::len_utf8))
                };
                let rank = match rank_part {
                    "A" => Rank::Ace,
                    "10" | "T" => Rank::Ten,
                    "K" => Rank::King,
                    "O" => Rank::Queen,
                    "U" => Rank::Jack,
                    "9" | "7" => Rank::Nine,
                    _ => {
                        return Err(ParseError::new(
                            input,
                            "is not a card (German names: A 10 K O U 9 with E G H S)",
                        ))
                    }
                };
                let suit = self.parse_suit(suit_part).map_err(|_| {
                    ParseError::new(input, "is not a card (German names: A 10 K O U 9 with E G H S)")
                })?;
                Ok(Card::new(suit, rank))
            }
        }
    }

    /// Reads a suit letter as typed in this style.
    pub fn parse_suit(self, input: &str) -> Result<Suit, ParseError> {
        match self {
            CardStyle::French => Suit::parse(&input.trim().to_ascii_uppercase()),
            CardStyle::German => match input.trim().to_uppercase().as_str() {
                "E" => Ok(Suit::Clubs),
                "G" => Ok(Suit::Spades),
                "H" => Ok(Suit::Hearts),
                "S" => Ok(Suit::Diamonds),
                _ => Err(ParseError::new(input, "is not a suit (E, G, H, S)")),
            },
        }
    }
}

fn german_rank(r: Rank, low: Low) -> &'static str {
    match r {
        Rank::Ace => "A",
        Rank::Ten => "10",
        Rank::King => "K",
        Rank::Queen => "O",
        Rank::Jack => "U",
        Rank::Nine => match low {
            Low::Nine => "9",
            Low::Seven => "7",
        },
    }
}

fn german_suit_letter(s: Suit) -> char {
    match s {
        Suit::Clubs => 'E',
        Suit::Spades => 'G',
        Suit::Hearts => 'H',
        Suit::Diamonds => 'S',
    }
}
