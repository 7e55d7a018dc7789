//! Two players (RULES.md section 13): the heuristic's play and the strong bot's search for the
//! stock game.
//!
//! The search runs on [`Sim`], a small copy of the two-player rules kept here rather than on
//! the engine's `Deal`: a sampled world must start from the middle of a deal (the opponent's
//! hand and the stock order drawn at random), which the engine builds only from a dealt
//! start and a replayed history, and a seat does not see enough of the history (which card
//! it drew when) to replay it. The bots' answers are always picked from the view's legal
//! actions, so a difference between this model and the engine could cost strength, never
//! legality.
//!
//! - `heuristic` ([`policy`]): exchange the trump 9, show the best meld a won trick allows,
//!   play low non-trumps while the stock lasts unless the trick is worth more than the cards
//!   it spends, and after the stock win tricks cheaply and cash masters.
//! - `strong` ([`strong_hint`]): sample the opponent's hand and the stock order consistently
//!   with the view (cards the opponent showed in melds and still holds are known), value
//!   every legal action by heuristic rollouts while the stock lasts; once it is empty every
//!   unseen card is in the other hand, and [`solve`] (exact alpha-beta with a transposition
//!   table) decides.
//!
//! The files, below the bots (the `heuristic` and `strong` bots hand two-player views here):
//! `sim.rs` holds [`Sim`], the model of the rules; `info.rs` reads a view ([`TwoInfo`],
//! [`info_from_view`]) and fills in a world at random ([`sample`]); `heuristic.rs` is the
//! heuristic ([`policy`], [`rollout`], [`heuristic_choose`]); `strong.rs` the search
//! ([`solve`], [`strong_hint`], [`omniscient_hint`]), which plays on by the heuristic while
//! the stock lasts.

mod heuristic;
mod info;
mod sim;
mod strong;

pub use heuristic::{heuristic_choose, policy, rollout};
pub use info::{info_from_view, sample, TwoInfo};
pub use sim::Sim;
pub use strong::{omniscient_hint, solve, strong_hint};
