//! The games of finished tables, rebuilt once per process: a finished table's actions never
//! change, and a tournament's standings page (docs/tournaments.md) reads every table of
//! every round on each request. Without this, each request loaded and replayed them all
//! (measured: about 77 ms for 100 tables of 3 deals, growing with every deal played;
//! docs/tournaments.md, "Measured"). The deal of the day's ranking reads its finished tries
//! through it too.

use crate::store::{rebuild_game, Store, StoreError};
use binokel::Game;
use std::collections::HashMap;
use std::sync::Mutex;

/// At most this many games are kept; when full, the cache starts again empty (a club
/// evening of 300 players, 3 rounds of 12 deals, is 300 tables).
pub const CAPACITY: usize = 4096;

/// The games of finished tables by code (see the module page).
#[derive(Debug, Default)]
pub struct FinishedGames(Mutex<HashMap<String, Game>>);

impl FinishedGames {
    /// The game of table `code` as stored: from the cache when the table had finished when
    /// it was last read, else loaded and replayed (and kept if it is over). None for a table
    /// that does not exist or has not begun; a table whose actions fail to replay is logged
    /// and left out, as the registry sets it aside.
    pub async fn game(&self, store: &Store, code: &str) -> Result<Option<Game>, StoreError> {
        if let Some(g) = self.lock().get(code) {
            return Ok(Some(g.clone()));
        }
        let Some(t) = store.load_table(code).await? else {
            return Ok(None);
        };
        // Replaying is CPU work: off the async threads, as the deal of the day did it.
        let rebuilt = tokio::task::spawn_blocking(move || rebuild_game(&t))
            .await
            .map_err(|e| StoreError(format!("rebuilding table {code}: {e}")))?;
        match rebuilt {
            Ok(Some(g)) => {
                if g.is_over() {
                    let mut cache = self.lock();
                    if cache.len() >= CAPACITY {
                        cache.clear();
                    }
                    cache.insert(code.to_string(), g.clone());
                }
                Ok(Some(g))
            }
            Ok(None) => Ok(None),
            Err(e) => {
                tracing::warn!(table = %code, error = %e, "a table does not replay");
                Ok(None)
            }
        }
    }

    /// Forgets every game (an account was deleted: its name must not be shown from here).
    pub fn clear(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Game>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
