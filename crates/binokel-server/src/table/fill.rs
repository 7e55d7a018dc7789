//! A waiting table's bot fill (docs/protocol.md, "Lobby"): when the wait its creator chose
//! is over, bots take every free seat (stored first, in one transaction with the table's
//! new status) and the match begins; the lobby hears of a public table's changes, and the
//! database learns whether a person is at it (a seat taken, an open WebSocket).

use super::Table;
use crate::model::LobbyOptions;
use crate::protocol::SeatKind;
use crate::store::{now_ms, seat_names, StoredSeat};
use binokel::Game;
use std::time::Duration;
use tokio::time::Instant;

/// How long a bot fill that could not be stored waits before it is tried again.
const RETRY: Duration = Duration::from_secs(5);

/// When the bots of a waiting table take its free seats, as an instant of this process
/// (a wait that ran out while nobody had the table loaded is due at once).
pub(super) fn due(o: &LobbyOptions) -> Option<(String, Instant)> {
    let at = o.fill_at_ms()?;
    let bot = o.fill.as_ref()?.bot.clone();
    let wait = u64::try_from(at - now_ms()).unwrap_or(0);
    Some((bot, Instant::now() + Duration::from_millis(wait)))
}

impl Table {
    /// A public table's list entry changed (seats, status, unloaded): the lobby is told.
    pub(super) fn lobby_changed(&self) {
        if self.public {
            self.core.lobby.touch();
        }
    }

    /// A person took a seat of a public table: stored before the join is answered, so that
    /// the next quick match sees the table as one where a person is present.
    pub(super) async fn seat_taken(&mut self) {
        if !self.public {
            return;
        }
        if let Err(e) = crate::store::lobby::seat_taken(&self.core.store, &self.code, now_ms()).await {
            tracing::warn!(table = %self.code, error = %e, "cannot store when a seat was taken");
        }
    }

    /// A public table: stores whether a person has an open WebSocket at a seat, and since
    /// when, whenever that changes (and once after loading, over what a previous owner left);
    /// a table whose task ends (`closing`) has nobody at it.
    pub(super) async fn sync_presence(&mut self, closing: bool) {
        if !self.public {
            return;
        }
        let online = !closing
            && self
                .seats
                .iter()
                .any(|s| s.stored.kind == SeatKind::Human && s.conns > 0);
        if self.online_stored == Some(online) {
            return;
        }
        let since = if online { now_ms() } else { 0 };
        match crate::store::lobby::set_online(&self.core.store, &self.code, since).await {
            Ok(()) => {
                self.online_stored = Some(online);
                self.lobby_changed();
            }
            Err(e) => {
                tracing::warn!(table = %self.code, error = %e, "cannot store whether a person is at the table")
            }
        }
    }

    /// Gives the free seats to the bots once their wait is over, and begins the match.
    pub(super) async fn fill_when_due(&mut self) {
        let Some((bot, at)) = self.fill.take() else {
            return;
        };
        if self.game.is_some() {
            return;
        }
        if Instant::now() < at {
            self.fill = Some((bot, at));
            return;
        }
        // At a rated table the bots sit as their bot accounts.
        let account = match &self.rated {
            Some(_) => match crate::players::store::bot_account(&self.core.store, &bot).await {
                Ok(id) => Some(id),
                Err(e) => {
                    tracing::warn!(table = %self.code, error = %e, "cannot find the bot's account; trying again");
                    self.fill = Some((bot, Instant::now() + RETRY));
                    return;
                }
            },
            None => None,
        };
        if let Err(e) = crate::store::lobby::fill_seats(&self.core.store, &self.code, &bot, account).await {
            tracing::warn!(table = %self.code, error = %e, "cannot store the bot fill; trying again");
            self.fill = Some((bot, Instant::now() + RETRY));
            return;
        }
        for s in 0..self.seats.len() {
            let st = &mut self.seats[s].stored;
            if st.kind == SeatKind::Human && st.token.is_none() {
                st.kind = SeatKind::Bot;
                st.bot = Some(bot.clone());
                st.account = account;
                self.bots[s] = binokel_ai::make_worker_bot(&bot, self.bot_seed(s)).ok();
            }
        }
        let stored: Vec<StoredSeat> = self.seats.iter().map(|s| s.stored.clone()).collect();
        self.game = Some(Game::new(self.rules, seat_names(&stored)));
        self.next_deal_at = Some(Instant::now());
        tracing::info!(table = %self.code, bot = %bot, "bots took the free seats: the match begins");
        self.broadcast();
        self.lobby_changed();
    }
}
