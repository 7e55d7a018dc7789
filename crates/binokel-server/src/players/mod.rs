//! Players with accounts (issue #36): what a match adds to an account's standing (its
//! statistics and ratings), and the profiles, histories and leaderboards read from them.
//! Decisions in docs/accounts.md, "Seats, ratings and history".

pub mod api;
pub mod ratings;
pub mod stats;
pub mod store;

use crate::model::{MatchPlayer, StoredSeat};
use binokel::{Game, Rules};

/// The format a match counts under: its preset's name when the rules are exactly the
/// preset's, else `custom` (never rated).
pub fn format_of(rules: &Rules) -> String {
    if *rules == Rules::preset(rules.preset) {
        rules.preset.name().to_string()
    } else {
        "custom".to_string()
    }
}

/// The seats of accounts in a finished match, with their statistics.
pub fn match_players(game: &Game, seats: &[StoredSeat]) -> Vec<MatchPlayer> {
    seats
        .iter()
        .enumerate()
        .filter_map(|(seat, s)| {
            Some(MatchPlayer {
                seat,
                account: s.account?,
                forfeit: s.forfeit,
                stats: stats::seat_stats_json(game, seat),
            })
        })
        .collect()
}

/// The statistics a profile shows: the sums over every match of the account (`rows`, as the
/// seam stored them) with their averages. A row that is no statistics counts as nothing.
pub fn profile_json(rows: &[serde_json::Value]) -> serde_json::Value {
    let mut sum = stats::MatchStats::default();
    for r in rows {
        if let Ok(m) = serde_json::from_value::<stats::MatchStats>(r.clone()) {
            sum.add(&m);
        }
    }
    sum.to_json()
}
