//! The rules of Binokel, the Swabian meld-and-trick game: cards, the rules configuration,
//! dealing, the auction, the Tapp, melds, trick play, scoring, the match, per-seat views,
//! notation, game records with their referee, and perft.
//!
//! No I/O and no randomness of its own: shuffles take a caller's generator or a seed.
//!
//! ```
//! use binokel::{Action, Deal, Rules};
//! use rand::SeedableRng;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let mut deal = Deal::shuffled(Rules::default(), 0, &mut rng);
//! assert_eq!(deal.legal_actions(), vec![Action::Bid(150)]);
//! deal.play(Action::Bid(150)).unwrap();
//! assert!(deal.play(Action::Bid(170)).is_err()); // raises are exactly 10
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod action;
pub mod card;
pub mod cardset;
pub mod catalog;
pub mod deal;
pub mod error;
pub mod game;
pub mod meld;
pub mod name;
pub mod notation;
pub mod pad;
pub mod perft;
pub mod record;
pub mod rules;
mod serde_impls;
pub mod view;

pub use action::Action;
pub use card::{Card, Low, ParseError, Rank, Suit};
pub use cardset::CardSet;
pub use deal::{ChooseCard, Contract, Deal, Outcome, Phase, Seat, Setup};
pub use error::{IllegalAction, MeldRefusal, SetupError};
pub use game::{DealLog, Game, Reveal, SeriesProgress, StartError, TakeBackError, MAX_MATCH_DEALS};
pub use meld::{Meld, MeldKind, Melds};
pub use rules::{Preset, Rules, RulesError};
pub use view::View;
