//! A day's ranking and its per-deal comparison, computed from the finished ranked tries'
//! games (rebuilt from the store): the player's seat (0) of every try is one entry of
//! `duplicate::duplicate`, so a deal is compared with the same deal at the other tables.
//! Pure functions; no I/O.

use super::store::Try;
use crate::duplicate::{duplicate, seat_deals, SeatDeal};
use binokel::Game;
use serde::Serialize;
use std::collections::HashMap;

/// The name a row shows for a try whose account is gone (or a guest's, which is never ranked).
const FORMER: &str = crate::store::players::FORMER_PLAYER;

/// One line of a day's ranking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankRow {
    /// The place (1 first; equal duplicate and total points share a place).
    pub place: usize,
    /// The account's name.
    pub name: String,
    /// The name is an account's (always, unless the account was deleted since).
    pub account: bool,
    /// The duplicate score: the sum over the deals of the player's score less the average
    /// of the other players who held the same cards.
    pub score: f64,
    /// The match total of the player's seat.
    pub total: i32,
    /// The deals that had another player's same deal to compare with.
    pub compared: u32,
}

/// The player's deals of a game (seat 0).
fn mine(game: &Game) -> Vec<SeatDeal> {
    seat_deals(game).into_iter().filter(|d| d.seat == 0).collect()
}

/// The ranking of the finished tries `(try, game)` (only those whose match is over count).
/// Sorted by duplicate score, then total, then name.
pub(crate) fn ranking(tries: &[(Try, Game)]) -> Vec<RankRow> {
    let done: Vec<&(Try, Game)> = tries.iter().filter(|(_, g)| g.is_over()).collect();
    let entries: Vec<(String, Vec<SeatDeal>)> = done.iter().map(|(t, g)| (t.code.clone(), mine(g))).collect();
    let dup = duplicate(&entries);
    let mut rows: Vec<RankRow> = done
        .iter()
        .map(|(t, g)| {
            let d = dup.get(&t.code).copied().unwrap_or_default();
            RankRow {
                place: 0,
                name: t.name.clone().unwrap_or_else(|| FORMER.to_string()),
                account: t.name.is_some(),
                score: (d.score * 10.0).round() / 10.0,
                total: g.totals()[0],
                compared: d.compared,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.total.cmp(&a.total))
            .then(a.name.cmp(&b.name))
    });
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && rows[i - 1].score == rows[i].score && rows[i - 1].total == rows[i].total {
            rows[i - 1].place
        } else {
            i + 1
        };
    }
    rows
}

/// How one finished try played one deal of the day.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealRow {
    /// The player's name.
    pub name: String,
    /// The name is an account's.
    pub account: bool,
    /// This is the asking account's own try.
    pub mine: bool,
    /// The table's invite code.
    pub code: String,
    /// The winning bid (None: everyone passed).
    pub bid: Option<u32>,
    /// The contract's record token (`trump H`, `durch`, `bettel`, `surrender S`).
    pub contract: Option<String>,
    /// The player won the auction.
    pub soloist: bool,
    /// The soloist's deal score ("made").
    pub made: Option<i32>,
    /// The player's deal score.
    pub score: i32,
    /// The player held the cards most players of this deal held (false: a redeal before it
    /// moved the deal to another dealer, so the hand differs).
    pub same_cards: bool,
    /// `GET` the record here.
    pub record: String,
    /// The replay page.
    pub replay: String,
}

/// Deal `k` (1-based: the table's deal `k - 1`) of every finished try, with the hand most
/// of them held (seat 0's, in card notation); `me`: the asking account.
pub(crate) fn deal_rows(tries: &[(Try, Game)], k: usize, me: Option<i64>) -> (Option<String>, Vec<DealRow>) {
    let mut found = Vec::new();
    for (t, g) in tries {
        let Some(log) = g.deals().get(k - 1) else { continue };
        let o = log.state.outcome();
        if !o.complete || o.redeal {
            continue;
        }
        let key = mine(g).into_iter().find(|d| d.deal == k - 1).map(|d| d.key);
        found.push((t, log, o, key, log.start.hand(0).to_string()));
    }
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for f in &found {
        if let Some(k) = &f.3 {
            *counts.entry(k.as_str()).or_default() += 1;
        }
    }
    let common = counts
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(k, _)| k.to_string());
    let hand = found.iter().find(|f| f.3 == common).map(|f| f.4.clone());
    let rows = found
        .iter()
        .map(|(t, _, o, key, _)| DealRow {
            name: t.name.clone().unwrap_or_else(|| FORMER.to_string()),
            account: t.name.is_some(),
            mine: me.is_some() && t.account == me,
            code: t.code.clone(),
            bid: o.bid,
            contract: o.contract.map(|c| c.token()),
            soloist: o.soloist == Some(0),
            made: o.soloist.map(|s| o.scores[s]),
            score: o.scores[0],
            same_cards: *key == common,
            record: format!("/api/tables/{}/record", t.code),
            replay: format!("#/replay/{}", t.code),
        })
        .collect();
    (hand, rows)
}
