//! The seam where a match ends. The action that ends a match is stored in one transaction
//! with the table's `finished` status and the match's result ([`Table::result_after`] makes
//! the result before the action is stored; `Store::append_action` writes the three
//! together). Only after that commit does [`Table::match_ended`] publish
//! [`TableEvent::MatchEnded`] (the lobby listens; later ratings and tournaments will) and
//! tell the connections. If the store fails, the action is refused and not played: a match
//! is never over without its stored result. A table stored before results were (or whose
//! result is missing for any other reason) gets it when it is loaded
//! ([`finished_result`], used by the registry).

use super::Table;
use crate::core::TableEvent;
use crate::model::{now_ms, MatchResult, StoredSeat};
use crate::protocol::ServerMsg;
use binokel::{Action, Game};

/// The result of a match that is over, with what it gives the seats of accounts
/// (`seats`; `rated`: the table's rating format).
pub fn finished_result(
    code: &str,
    game: &Game,
    seats: &[StoredSeat],
    rated: Option<&str>,
) -> Option<MatchResult> {
    game.is_over().then(|| MatchResult {
        code: code.to_string(),
        winner: game.winner(),
        totals: game.totals()[..game.players()].to_vec(),
        deals: game.deals().len(),
        finished_ms: now_ms(),
        rated: rated.map(str::to_string),
        format: crate::players::format_of(game.rules()),
        players: crate::players::match_players(game, seats),
    })
}

impl Table {
    /// The match's result if `action` (checked legal) ends the match, else None. Only an
    /// action that ends its deal can end the match: only then is the match copied.
    pub(super) fn result_after(&self, action: Action) -> Option<MatchResult> {
        let game = self.game.as_ref()?;
        let mut deal = *game.current()?;
        if deal.play(action).is_err() || !deal.is_over() {
            return None;
        }
        let mut next = game.clone();
        next.play(action).ok()?;
        let seats: Vec<StoredSeat> = self.seats.iter().map(|s| s.stored.clone()).collect();
        finished_result(&self.code, &next, &seats, self.rated.as_deref())
    }

    /// An operator closed the table (`binokel admin close`, read when the lease is renewed):
    /// the status `closed` is stored, the connections are told why, and the task ends
    /// (closing them and giving the lease up). If the store fails, the request stays and the
    /// next renewal tries again.
    pub(super) async fn close_by_operator(&mut self, reason: &str) {
        if let Err(e) = self.core.store.close_table(&self.code).await {
            tracing::warn!(table = %self.code, error = %e, "cannot close the table; trying again at the next renewal");
            return;
        }
        tracing::info!(table = %self.code, reason, "closed by the operator");
        self.closed = true;
        let msg = ServerMsg::Closed {
            reason: reason.to_string(),
        };
        self.send_all(&msg.to_text());
        self.lobby_changed();
    }

    /// After the action that ended the match is stored and played: the lobby and every
    /// listener hear of it, the connections get the result (and at a rated table the
    /// rating changes, as the seam stored them).
    pub(super) async fn match_ended(&mut self, result: MatchResult) {
        tracing::info!(table = %self.code, winner = ?result.winner, "match over");
        let ratings = match &self.rated {
            None => Vec::new(),
            Some(_) => crate::players::store::rating_changes(&self.core.store, &self.code)
                .await
                .unwrap_or_else(|e| {
                    tracing::warn!(table = %self.code, error = %e, "cannot read the rating changes");
                    Vec::new()
                }),
        };
        let msg = ServerMsg::MatchOver {
            winner: result.winner,
            totals: result.totals.clone(),
            record: format!("/api/tables/{}/record", self.code),
            ratings,
        };
        self.core.metrics.match_ended();
        self.core.publish(TableEvent::MatchEnded(result));
        self.send_all(&msg.to_text());
    }
}
