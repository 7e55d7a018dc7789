//! The task that runs tournaments (docs/tournaments.md, "A round"): every second, and
//! whenever a table's match ends, each tournament that is not finished takes its next step:
//! round 1 is seated at its start time (with two players at least), the next round when
//! every table of the round in play has finished, and the tournament ends after its last
//! round. Tables of a round past its time limit are loaded here if nobody holds them, so
//! that their bots finish them (the table itself hands the seats over at its deadline).
//! Everything it decides is in the database first, so a restart picks it up where it was.

use super::{seating, standings, store as db, Entrant, RoundTable, Stage, Tournament};
use crate::core::TableEvent;
use crate::creation::store_new;
use crate::finished::FinishedGames;
use crate::ids::new_token;
use crate::protocol::SeatKind;
use crate::shared::Shared;
use crate::store::{Store, StoreError, StoredSeat};
use binokel::Game;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// How often the tournaments are looked at without a table event.
const TICK: Duration = Duration::from_secs(1);

/// Runs until the server stops.
pub async fn run(s: Arc<Shared>) {
    let mut events = s.subscribe();
    let mut stop = s.lobby.stop.subscribe();
    loop {
        tokio::select! {
            _ = stop.wait_for(|v| *v) => return,
            e = events.recv() => {
                if !matches!(e, Ok(TableEvent::MatchEnded(_) | TableEvent::TournamentStarted(_)) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) {
                    continue;
                }
            }
            _ = tokio::time::sleep(TICK) => {}
        }
        if let Err(e) = step_all(&s).await {
            tracing::warn!(error = %e, "tournaments: cannot take the next step; trying again");
        }
    }
}

/// One step of every tournament that is not finished.
pub async fn step_all(s: &Arc<Shared>) -> Result<(), StoreError> {
    for t in db::active(&s.store).await? {
        if let Err(e) = step(s, &t).await {
            tracing::warn!(tournament = %t.id, error = %e, "tournaments: step failed");
        }
    }
    Ok(())
}

/// The games of `tables` that have begun, by code (finished ones from `finished`).
pub async fn games(
    store: &Store,
    finished: &FinishedGames,
    tables: &[RoundTable],
) -> Result<HashMap<String, Game>, StoreError> {
    let mut out = HashMap::new();
    for x in tables {
        if let Some(g) = finished.game(store, &x.code).await? {
            out.insert(x.code.clone(), g);
        }
    }
    Ok(out)
}

async fn step(s: &Arc<Shared>, t: &Tournament) -> Result<(), StoreError> {
    let now = s.config.clock.now_ms();
    match t.status {
        Stage::Finished => Ok(()),
        Stage::Entering => {
            let due = t.start_ms.is_some_and(|at| now >= at);
            let players = db::entrants(&s.store, &t.id)
                .await?
                .iter()
                .filter(|e| !e.dropped)
                .count();
            if due && players >= 2 {
                seat(s, t, 1).await?;
            }
            Ok(())
        }
        Stage::Running => {
            let tables = db::tables(&s.store, &t.id).await?;
            let codes: Vec<String> = tables
                .iter()
                .filter(|x| x.round == t.round)
                .map(|x| x.code.clone())
                .collect();
            let open = db::unfinished(&s.store, &codes).await?;
            if open.is_empty() {
                if t.round >= t.rounds {
                    db::finish(&s.store, &t.id, now).await?;
                    tracing::info!(tournament = %t.id, "tournament finished");
                } else {
                    seat(s, t, t.round + 1).await?;
                }
            } else if t.round_started_ms.is_some_and(|r| now >= r + t.round_ms) {
                for code in open {
                    if let Err(e) = s.route(&code).await {
                        tracing::warn!(table = %code, error = %e, "tournaments: cannot load a table past its time limit");
                    }
                }
            }
            Ok(())
        }
    }
}

/// Who sits where in round `round` (a list of tables, `None` a bot's seat): round 1 at
/// random, later rounds by the standings with the fewest repeated meetings
/// (docs/tournaments.md, "Seating"). Reads the tournament's tables and their games.
pub async fn plan(
    store: &Store,
    finished: &FinishedGames,
    t: &Tournament,
    entrants: &[Entrant],
    round: u32,
) -> Result<Vec<Vec<Option<u32>>>, StoreError> {
    let active: Vec<u32> = entrants.iter().filter(|e| !e.dropped).map(|e| e.n).collect();
    let size = t.table_size();
    if round == 1 {
        return Ok(seating::random(&active, size, t.round_seed(0)));
    }
    let tables = db::tables(store, &t.id).await?;
    let games = games(store, finished, &tables).await?;
    let ranked: Vec<u32> = standings::standings(t, entrants, &tables, &games)
        .into_iter()
        .filter(|l| !l.dropped)
        .map(|l| l.entrant)
        .collect();
    let met = seating::meetings(tables.iter().map(|x| x.seats.as_slice()));
    Ok(seating::by_standing(&ranked, size, &met))
}

/// Seats round `round`: creates its tables (one seed for all), records them with the round
/// number's compare-and-set, then loads them here so that they begin.
async fn seat(s: &Arc<Shared>, t: &Tournament, round: u32) -> Result<(), StoreError> {
    let now = s.config.clock.now_ms();
    let entrants = db::entrants(&s.store, &t.id).await?;
    let plan = plan(&s.store, &s.finished, t, &entrants, round).await?;
    let rules = t.rules();
    let seed = t.round_seed(round);
    let rated = t.rated.then(|| t.preset.clone());
    let bot_account = match rated {
        Some(_) => Some(crate::players::store::bot_account(&s.store, &t.bot).await?),
        None => None,
    };
    let mut made: Vec<RoundTable> = Vec::new();
    for (i, seats) in plan.iter().enumerate() {
        let stored: Vec<StoredSeat> = seats
            .iter()
            .map(|who| match who.and_then(|n| entrants.iter().find(|e| e.n == n)) {
                Some(e) => StoredSeat {
                    kind: SeatKind::Human,
                    bot: None,
                    name: Some(e.name.clone()),
                    token: Some(new_token()),
                    account: e.account,
                    former: false,
                    forfeit: false,
                },
                None => StoredSeat {
                    kind: SeatKind::Bot,
                    bot: Some(t.bot.clone()),
                    name: None,
                    token: None,
                    account: bot_account,
                    former: false,
                    forfeit: false,
                },
            })
            .collect();
        let code = store_new(s, &rules, seed, &stored, rated.as_deref())
            .await
            .map_err(|r| StoreError(r.message))?;
        db::set_deadline(&s.store, &code, now + t.round_ms).await?;
        made.push(RoundTable {
            round,
            n: i as u32,
            code,
            seats: seats.clone(),
        });
    }
    if !db::seat_round(&s.store, &t.id, round, &made, now).await? {
        let codes: Vec<String> = made.into_iter().map(|x| x.code).collect();
        return db::close_unused(&s.store, &codes).await;
    }
    tracing::info!(tournament = %t.id, round, tables = made.len(), "round seated");
    for x in &made {
        if let Err(e) = s.route(&x.code).await {
            tracing::warn!(table = %x.code, error = %e, "tournaments: cannot load a new table");
        }
    }
    Ok(())
}
