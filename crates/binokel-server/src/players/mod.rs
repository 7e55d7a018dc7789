//! Players with accounts (issue #36): what a match adds to an account's standing (its
//! statistics and ratings), and the profiles, histories and leaderboards read from them.

pub mod stats;
