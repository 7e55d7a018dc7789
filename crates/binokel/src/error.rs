//! Errors: a deal that cannot be set up, and an action that is illegal in its context.

use crate::action::Action;
use crate::card::{Card, Low, Suit};
use crate::cardset::CardSet;
use std::fmt;

/// Why a `Setup` is not a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The rules cannot be played.
    Rules(String),
    /// The dealer is not a seat.
    Dealer(usize),
    /// Not one hand per seat.
    HandCount {
        /// Seats.
        expected: usize,
        /// Hands given.
        got: usize,
    },
    /// A hand of the wrong size.
    HandSize {
        /// The seat.
        seat: usize,
        /// Cards a hand must hold.
        expected: usize,
        /// Cards it holds.
        got: usize,
    },
    /// A Tapp of the wrong size.
    TappSize {
        /// Cards the Tapp must hold.
        expected: usize,
        /// Cards it holds.
        got: usize,
    },
    /// Hands and Tapp together are not exactly the pack.
    NotThePack,
    /// Two players need the turned card.
    Turned,
    /// A stock of the wrong size (two players: 23 face down; no stock otherwise).
    StockSize {
        /// Cards the stock must hold.
        expected: usize,
        /// Cards it holds.
        got: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Rules(e) => write!(f, "{e}"),
            SetupError::Dealer(d) => write!(f, "dealer {d} is not a seat"),
            SetupError::HandCount { expected, got } => write!(f, "{got} hands given for {expected} seats"),
            SetupError::HandSize { seat, expected, got } => {
                write!(f, "the hand of seat {seat} holds {got} cards, not {expected}")
            }
            SetupError::TappSize { expected, got } => write!(f, "the Tapp holds {got} cards, not {expected}"),
            SetupError::NotThePack => write!(f, "the hands and the Tapp are not exactly the pack"),
            SetupError::Turned => write!(f, "two players need the turned card (`turned`)"),
            SetupError::StockSize { expected, got } => {
                write!(f, "the stock holds {got} cards, not {expected}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Why an action cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// The deal is over.
    DealOver,
    /// The action belongs to another phase.
    WrongPhase {
        /// The action tried.
        action: Action,
        /// What is expected now.
        expected: String,
    },
    /// Forehand must open.
    MustOpen {
        /// The opening bid.
        opening: u32,
    },
    /// A bid that is not the allowed raise.
    BidOutOfStep {
        /// The bid tried.
        bid: u32,
        /// What is allowed.
        expected: String,
    },
    /// Burying the wrong number of cards.
    BurialSize {
        /// Cards to bury.
        expected: usize,
        /// Cards named.
        got: usize,
    },
    /// A card the seat does not hold.
    NotHeld {
        /// The card.
        card: Card,
        /// The seat.
        seat: usize,
    },
    /// The led suit must be followed.
    MustFollow {
        /// The card tried.
        card: Card,
        /// The led suit.
        suit: Suit,
    },
    /// The winning card must be beaten.
    MustBeat {
        /// The card tried.
        card: Card,
        /// The card winning the trick.
        winning: Card,
        /// A card that beats it.
        beater: Card,
    },
    /// Without the led suit, a trump must be played.
    MustTrump {
        /// The card tried.
        card: Card,
    },
    /// A declaration the rules do not allow.
    OptionOff(&'static str),
    /// Calling a card the soloist holds (or that is not in the pack).
    CannotCall {
        /// The card.
        card: Card,
    },
    /// Burying a card that belongs to a meld (`bury_meld_cards = forbidden`).
    MeldCardBuried {
        /// The card.
        card: Card,
    },
    /// Two players: a meld or an exchange that is not possible now.
    CannotMeld {
        /// The `meld` or `exchange` tried.
        action: Action,
        /// Why not.
        reason: MeldRefusal,
    },
    /// Anything else this rule set does not play.
    NotInThisGame(Action),
}

/// Why a meld or the exchange of the two-player game (RULES.md section 13) cannot be made
/// now. Typed, so that front ends can say it in their own language; `Display` gives the
/// English sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeldRefusal {
    /// Melds are shown one by one only with two players.
    MeldsNeedTwoPlayers,
    /// The exchange belongs to the two-player game.
    ExchangeNeedsTwoPlayers,
    /// The winner of this trick has shown its one meld already.
    OneMeldPerTrick,
    /// Only the winner of a trick shows a meld, before it leads, while the stock lasts.
    MeldNotNow,
    /// Only the winner of a trick exchanges, before it leads, while the stock lasts.
    ExchangeNotNow,
    /// A rundgang is not shown in the two-player game.
    NoRundgang,
    /// A diss is the 9 of trump, this suit.
    DissIsTrumpNine(Suit),
    /// Each meld is shown once per deal.
    OncePerDeal,
    /// The meld needs these cards held before the draw and not already shown in a meld of
    /// its kind.
    Needs {
        /// The cards of the meld.
        cards: CardSet,
        /// The card drawn after the trick, which cannot be part of the meld.
        fresh: Option<Card>,
        /// How the rules write the low card (for the English sentence).
        low: Low,
    },
    /// The turned card has been exchanged already.
    Exchanged,
    /// The turned card is the trump 9 itself, this card.
    TurnedIsNine(Card),
    /// The exchange needs the trump 9, this card, held before the draw.
    NeedsNine(Card),
    /// Neither a meld nor the exchange.
    NotTwoPlayerAction,
}

impl fmt::Display for MeldRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldRefusal::MeldsNeedTwoPlayers => {
                write!(f, "melds are shown one by one only in the two-player game")
            }
            MeldRefusal::ExchangeNeedsTwoPlayers => {
                write!(f, "the exchange belongs to the two-player game")
            }
            MeldRefusal::OneMeldPerTrick => write!(f, "one meld per trick won has been shown already"),
            MeldRefusal::MeldNotNow => write!(
                f,
                "a meld is shown only by the winner of a trick, before it leads, while the stock lasts"
            ),
            MeldRefusal::ExchangeNotNow => write!(
                f,
                "only the winner of a trick exchanges, before it leads, while the stock lasts"
            ),
            MeldRefusal::NoRundgang => write!(f, "a rundgang is not shown in the two-player game"),
            MeldRefusal::DissIsTrumpNine(trump) => write!(f, "a diss is the 9 of trump ({trump})"),
            MeldRefusal::OncePerDeal => write!(f, "each meld is shown once per deal"),
            MeldRefusal::Needs { cards, fresh, low } => {
                write!(
                    f,
                    "it needs {} held before the draw and not already shown in a meld of its kind",
                    cards.to_codes(*low)
                )?;
                match fresh {
                    Some(c) => write!(f, " ({c} was drawn after the trick and cannot be part of it)"),
                    None => Ok(()),
                }
            }
            MeldRefusal::Exchanged => write!(f, "the turned card has been exchanged already"),
            MeldRefusal::TurnedIsNine(nine) => {
                write!(f, "the turned card is the trump 9 ({nine}) itself")
            }
            MeldRefusal::NeedsNine(nine) => {
                write!(f, "it needs the trump 9 ({nine}) held before the draw")
            }
            MeldRefusal::NotTwoPlayerAction => write!(f, "not a two-player action"),
        }
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::DealOver => write!(f, "the deal is over"),
            IllegalAction::WrongPhase { action, expected } => {
                write!(f, "`{action}` is not possible now: expected {expected}")
            }
            IllegalAction::MustOpen { opening } => {
                write!(f, "forehand cannot pass before opening: expected bid {opening}")
            }
            IllegalAction::BidOutOfStep { bid, expected } => {
                write!(f, "bid {bid} is out of step: expected {expected}")
            }
            IllegalAction::BurialSize { expected, got } => {
                write!(f, "must bury exactly {expected} cards, not {got}")
            }
            IllegalAction::NotHeld { card, seat } => write!(f, "{card} is not in the hand of seat {seat}"),
            IllegalAction::MustFollow { card, suit } => {
                write!(f, "{card} is not a legal card: must follow {}", suit_name(*suit))
            }
            IllegalAction::MustBeat {
                card,
                winning,
                beater,
            } => {
                write!(
                    f,
                    "{card} is not a legal card: must beat {winning} ({beater} beats it)"
                )
            }
            IllegalAction::MustTrump { card } => write!(f, "{card} is not a legal card: must play a trump"),
            IllegalAction::OptionOff(what) => write!(f, "{what} is not played under these rules"),
            IllegalAction::CannotCall { card } => {
                write!(
                    f,
                    "cannot call {card}: only a card of which the soloist holds no copy"
                )
            }
            IllegalAction::MeldCardBuried { card } => {
                write!(
                    f,
                    "cannot bury {card}: it belongs to a meld (burying meld cards is forbidden)"
                )
            }
            IllegalAction::CannotMeld { action, reason } => write!(f, "cannot `{action}`: {reason}"),
            IllegalAction::NotInThisGame(a) => write!(f, "`{a}` is not part of this game"),
        }
    }
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

impl IllegalAction {
    /// The English sentence with the low card written as `low` (`7H` under the sevens house
    /// rule); `Display` writes the notation in force (see [`crate::notation`]).
    pub fn describe(&self, low: Low) -> String {
        crate::notation::with_low(low, || self.to_string())
    }
}

impl IllegalAction {
    /// A stable, machine-readable code for the refusal and its arguments (card codes in the
    /// notation `low`, suit letters, numbers, action tokens), for front ends that say it in
    /// their own language: `("must_follow", [("card", "QH"), ("suit", "S")])`. A two-player
    /// meld refusal is `cannot_meld` with its [`MeldRefusal::code`] as `why` and that
    /// refusal's arguments. The codes are listed in docs/protocol.md ("Refusal reasons").
    pub fn reason(&self, low: Low) -> (&'static str, Vec<(&'static str, String)>) {
        let card = |c: &Card| c.code(low);
        let token = |a: &Action| a.token(low);
        match self {
            IllegalAction::DealOver => ("deal_over", vec![]),
            IllegalAction::WrongPhase { action, expected } => (
                "wrong_phase",
                vec![("action", token(action)), ("expected", expected.clone())],
            ),
            IllegalAction::MustOpen { opening } => ("must_open", vec![("opening", opening.to_string())]),
            IllegalAction::BidOutOfStep { bid, expected } => (
                "bid_out_of_step",
                vec![("bid", bid.to_string()), ("expected", expected.clone())],
            ),
            IllegalAction::BurialSize { expected, got } => (
                "burial_size",
                vec![("expected", expected.to_string()), ("got", got.to_string())],
            ),
            IllegalAction::NotHeld { card: c, seat } => {
                ("not_held", vec![("card", card(c)), ("seat", seat.to_string())])
            }
            IllegalAction::MustFollow { card: c, suit } => {
                ("must_follow", vec![("card", card(c)), ("suit", suit.to_string())])
            }
            IllegalAction::MustBeat {
                card: c,
                winning,
                beater,
            } => (
                "must_beat",
                vec![
                    ("card", card(c)),
                    ("winning", card(winning)),
                    ("beater", card(beater)),
                ],
            ),
            IllegalAction::MustTrump { card: c } => ("must_trump", vec![("card", card(c))]),
            IllegalAction::OptionOff(what) => {
                let option = match *what {
                    "durch" => "durch",
                    "bettel" => "bettel",
                    _ => "second_call",
                };
                ("option_off", vec![("option", option.to_string())])
            }
            IllegalAction::CannotCall { card: c } => ("cannot_call", vec![("card", card(c))]),
            IllegalAction::MeldCardBuried { card: c } => ("meld_card_buried", vec![("card", card(c))]),
            IllegalAction::CannotMeld { action, reason } => {
                let (why, mut args) = reason.reason(low);
                args.insert(0, ("why", why.to_string()));
                args.insert(0, ("action", token(action)));
                ("cannot_meld", args)
            }
            IllegalAction::NotInThisGame(a) => ("not_in_this_game", vec![("action", token(a))]),
        }
    }
}

impl MeldRefusal {
    /// A stable code for the refusal and its arguments (see [`IllegalAction::reason`]).
    pub fn reason(&self, low: Low) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            MeldRefusal::MeldsNeedTwoPlayers => ("melds_need_two_players", vec![]),
            MeldRefusal::ExchangeNeedsTwoPlayers => ("exchange_needs_two_players", vec![]),
            MeldRefusal::OneMeldPerTrick => ("one_meld_per_trick", vec![]),
            MeldRefusal::MeldNotNow => ("meld_not_now", vec![]),
            MeldRefusal::ExchangeNotNow => ("exchange_not_now", vec![]),
            MeldRefusal::NoRundgang => ("no_rundgang", vec![]),
            MeldRefusal::DissIsTrumpNine(s) => ("diss_is_trump_nine", vec![("suit", s.to_string())]),
            MeldRefusal::OncePerDeal => ("once_per_deal", vec![]),
            MeldRefusal::Needs { cards, fresh, .. } => {
                let mut args = vec![("cards", cards.to_codes(low))];
                if let Some(c) = fresh {
                    args.push(("fresh", c.code(low)));
                }
                ("needs", args)
            }
            MeldRefusal::Exchanged => ("exchanged", vec![]),
            MeldRefusal::TurnedIsNine(c) => ("turned_is_nine", vec![("card", c.code(low))]),
            MeldRefusal::NeedsNine(c) => ("needs_nine", vec![("card", c.code(low))]),
            MeldRefusal::NotTwoPlayerAction => ("not_two_player_action", vec![]),
        }
    }

    /// The code of [`MeldRefusal::reason`].
    pub fn code(&self) -> &'static str {
        self.reason(Low::Nine).0
    }
}

impl std::error::Error for IllegalAction {}

#[cfg(test)]
mod reason_tests {
    use super::*;
    use crate::card::Rank;

    #[test]
    fn reasons_name_their_arguments_in_the_rules_notation() {
        let c = Card::new(Suit::Hearts, Rank::Nine);
        let e = IllegalAction::MustFollow {
            card: c,
            suit: Suit::Spades,
        };
        assert_eq!(
            e.reason(Low::Seven),
            (
                "must_follow",
                vec![("card", "7H".to_string()), ("suit", "S".to_string())]
            )
        );
        let e = IllegalAction::CannotMeld {
            action: Action::Exchange,
            reason: MeldRefusal::NeedsNine(c),
        };
        let (code, args) = e.reason(Low::Nine);
        assert_eq!(code, "cannot_meld");
        assert_eq!(args[1], ("why", "needs_nine".to_string()));
        assert_eq!(args[2], ("card", "9H".to_string()));
        assert_eq!(
            IllegalAction::OptionOff("durch").reason(Low::Nine).1[0].1,
            "durch"
        );
        assert_eq!(
            IllegalAction::OptionOff("calling a second card")
                .reason(Low::Nine)
                .1[0]
                .1,
            "second_call"
        );
    }
}
