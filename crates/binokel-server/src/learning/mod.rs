//! Learn Binokel for accounts (issue #37): puzzle ratings of accounts and of puzzles
//! ([`rating`], Glicko-2), the lesson progress kept in the account, and the setting that lets
//! an account's games be used for puzzles ([`store`]; routes in `routes.rs`). Decisions in
//! docs/puzzles.md ("Ratings of accounts", "Puzzles from server matches") and docs/learn.md
//! ("Progress").

pub mod mine;
pub mod rating;
mod routes;
pub mod store;

pub(crate) use routes::routes;
