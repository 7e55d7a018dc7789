//! The SQL of tournaments (migration `0470_tournaments`): the tournament, its entrants and
//! the tables of its rounds. Seating a round is one transaction whose first statement is a
//! compare-and-set of the round number, so that of two processes only one seats it.

use super::{Entrant, RoundTable, Scoring, Stage, Tournament};
use crate::store::{Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("tournaments: {what}: {e}"))
}

const COLUMNS: &str = "id, name, organizer, preset, rounds, deals, scoring, start_ms, round_ms, rated, \
    bot, seed, status, round, round_started_ms, created_ms, finished_ms, rules";

fn from_row(r: &AnyRow) -> Result<Tournament, StoreError> {
    let g = |c: &'static str| err(c);
    let scoring: String = r.try_get("scoring").map_err(g("scoring"))?;
    let status: String = r.try_get("status").map_err(g("status"))?;
    Ok(Tournament {
        id: r.try_get("id").map_err(g("id"))?,
        name: r.try_get("name").map_err(g("name"))?,
        organizer: r.try_get("organizer").map_err(g("organizer"))?,
        rules: match r.try_get::<Option<String>, _>("rules").map_err(g("rules"))? {
            Some(text) => {
                serde_json::from_str(&text).map_err(|e| StoreError(format!("tournaments: rules: {e}")))?
            }
            None => serde_json::Value::String(r.try_get("preset").map_err(g("preset"))?),
        },
        preset: r.try_get("preset").map_err(g("preset"))?,
        rounds: r.try_get::<i64, _>("rounds").map_err(g("rounds"))? as u32,
        deals: r.try_get::<i64, _>("deals").map_err(g("deals"))? as u32,
        scoring: Scoring::parse(&scoring).unwrap_or(Scoring::Total),
        start_ms: r.try_get("start_ms").map_err(g("start_ms"))?,
        round_ms: r.try_get("round_ms").map_err(g("round_ms"))?,
        rated: r.try_get::<i64, _>("rated").map_err(g("rated"))? != 0,
        bot: r.try_get("bot").map_err(g("bot"))?,
        seed: r.try_get::<i64, _>("seed").map_err(g("seed"))? as u64,
        status: Stage::parse(&status),
        round: r.try_get::<i64, _>("round").map_err(g("round"))? as u32,
        round_started_ms: r.try_get("round_started_ms").map_err(g("round_started_ms"))?,
        created_ms: r.try_get("created_ms").map_err(g("created_ms"))?,
        finished_ms: r.try_get("finished_ms").map_err(g("finished_ms"))?,
    })
}

/// Stores a new tournament.
pub async fn create(store: &Store, t: &Tournament) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "INSERT INTO tournaments ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
    ))
    .bind(&t.id)
    .bind(&t.name)
    .bind(t.organizer)
    .bind(&t.preset)
    .bind(i64::from(t.rounds))
    .bind(i64::from(t.deals))
    .bind(t.scoring.name())
    .bind(t.start_ms)
    .bind(t.round_ms)
    .bind(i64::from(t.rated))
    .bind(&t.bot)
    .bind(t.seed as i64)
    .bind(t.status.name())
    .bind(i64::from(t.round))
    .bind(t.round_started_ms)
    .bind(t.created_ms)
    .bind(t.finished_ms)
    .bind(t.rules.to_string())
    .execute(store.pool())
    .await
    .map_err(err("create"))?;
    Ok(())
}

/// The tournament `id`, if any.
pub async fn get(store: &Store, id: &str) -> Result<Option<Tournament>, StoreError> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
        .bind(id)
        .fetch_optional(store.pool())
        .await
        .map_err(err("read"))?
        .map(|r| from_row(&r))
        .transpose()
}

/// Tournaments entering or running, oldest first.
pub async fn active(store: &Store) -> Result<Vec<Tournament>, StoreError> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE status <> 'finished' ORDER BY created_ms"
    ))
    .fetch_all(store.pool())
    .await
    .map_err(err("list active"))?
    .iter()
    .map(from_row)
    .collect()
}

/// The last `n` finished tournaments, newest first.
pub async fn finished(store: &Store, n: usize) -> Result<Vec<Tournament>, StoreError> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE status = 'finished' ORDER BY finished_ms DESC LIMIT $1"
    ))
    .bind(n as i64)
    .fetch_all(store.pool())
    .await
    .map_err(err("list finished"))?
    .iter()
    .map(from_row)
    .collect()
}

/// Sets when round 1 is seated (the organizer's "start now").
pub async fn set_start(store: &Store, id: &str, start_ms: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET start_ms = $2 WHERE id = $1 AND status = 'entering'")
        .bind(id)
        .bind(start_ms)
        .execute(store.pool())
        .await
        .map_err(err("start"))?;
    Ok(())
}

/// The last round has ended.
pub async fn finish(store: &Store, id: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tournaments SET status = 'finished', finished_ms = $2 WHERE id = $1 AND status = 'running'",
    )
    .bind(id)
    .bind(now_ms)
    .execute(store.pool())
    .await
    .map_err(err("finish"))?;
    Ok(())
}

/// Every entrant, in order of entry.
pub async fn entrants(store: &Store, id: &str) -> Result<Vec<Entrant>, StoreError> {
    sqlx::query(
        "SELECT n, name, account, token, dropped FROM tournament_entrants WHERE tournament = $1 ORDER BY n",
    )
    .bind(id)
    .fetch_all(store.pool())
    .await
    .map_err(err("entrants"))?
    .iter()
    .map(|r| {
        Ok(Entrant {
            n: r.try_get::<i64, _>("n").map_err(err("n"))? as u32,
            name: r.try_get("name").map_err(err("name"))?,
            account: r.try_get("account").map_err(err("account"))?,
            token: r.try_get("token").map_err(err("token"))?,
            dropped: r.try_get::<i64, _>("dropped").map_err(err("dropped"))? != 0,
        })
    })
    .collect()
}

/// What entering found.
#[derive(Debug, PartialEq, Eq)]
pub enum Entered {
    /// A new entrant, numbered so.
    New(u32),
    /// The name (by its canonical form) is taken in this tournament.
    NameTaken,
    /// Round 1 has been seated.
    Started,
}

/// Enters a player, while the tournament is entering (checked in the same transaction).
pub async fn enter(
    store: &Store,
    id: &str,
    name: &str,
    canonical: &str,
    account: Option<i64>,
    token: &str,
    now_ms: i64,
) -> Result<Entered, StoreError> {
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    let status: Option<String> = sqlx::query("SELECT status FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(err("read status"))?
        .map(|r| r.try_get("status"))
        .transpose()
        .map_err(err("status"))?;
    if status.as_deref() != Some("entering") {
        return Ok(Entered::Started);
    }
    let taken = sqlx::query("SELECT n FROM tournament_entrants WHERE tournament = $1 AND canonical = $2")
        .bind(id)
        .bind(canonical)
        .fetch_optional(&mut *tx)
        .await
        .map_err(err("read name"))?;
    if taken.is_some() {
        return Ok(Entered::NameTaken);
    }
    let n: i64 =
        sqlx::query("SELECT COALESCE(MAX(n) + 1, 0) AS n FROM tournament_entrants WHERE tournament = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await
            .map_err(err("next number"))?
            .try_get("n")
            .map_err(err("n"))?;
    let inserted = sqlx::query(
        "INSERT INTO tournament_entrants (tournament, n, name, canonical, account, token, dropped, entered_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7)",
    )
    .bind(id)
    .bind(n)
    .bind(name)
    .bind(canonical)
    .bind(account)
    .bind(token)
    .bind(now_ms)
    .execute(&mut *tx)
    .await;
    if inserted.is_err() {
        // Another entry took the name or the number at the same instant.
        return Ok(Entered::NameTaken);
    }
    tx.commit().await.map_err(err("commit"))?;
    Ok(Entered::New(n as u32))
}

/// Drops an entrant (not seated in later rounds); false when there is none so numbered.
pub async fn drop_entrant(store: &Store, id: &str, n: u32) -> Result<bool, StoreError> {
    let r = sqlx::query("UPDATE tournament_entrants SET dropped = 1 WHERE tournament = $1 AND n = $2")
        .bind(id)
        .bind(i64::from(n))
        .execute(store.pool())
        .await
        .map_err(err("drop"))?;
    Ok(r.rows_affected() > 0)
}

/// The tables of every round, in order.
pub async fn tables(store: &Store, id: &str) -> Result<Vec<RoundTable>, StoreError> {
    sqlx::query("SELECT round, n, code, seats FROM tournament_tables WHERE tournament = $1 ORDER BY round, n")
        .bind(id)
        .fetch_all(store.pool())
        .await
        .map_err(err("tables"))?
        .iter()
        .map(|r| {
            let seats: String = r.try_get("seats").map_err(err("seats"))?;
            Ok(RoundTable {
                round: r.try_get::<i64, _>("round").map_err(err("round"))? as u32,
                n: r.try_get::<i64, _>("n").map_err(err("n"))? as u32,
                code: r.try_get("code").map_err(err("code"))?,
                seats: serde_json::from_str(&seats)
                    .map_err(|e| StoreError(format!("tournament {id}: seats are not JSON: {e}")))?,
            })
        })
        .collect()
}

/// Records round `round`'s tables (already created) and makes it the round in play, in one
/// transaction; false (nothing written) when the tournament is not at round `round - 1`
/// any more (another process seated it).
pub async fn seat_round(
    store: &Store,
    id: &str,
    round: u32,
    tables: &[RoundTable],
    now_ms: i64,
) -> Result<bool, StoreError> {
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    let moved = sqlx::query(
        "UPDATE tournaments SET round = $2, status = 'running', round_started_ms = $3 \
         WHERE id = $1 AND round = $4 AND status <> 'finished'",
    )
    .bind(id)
    .bind(i64::from(round))
    .bind(now_ms)
    .bind(i64::from(round) - 1)
    .execute(&mut *tx)
    .await
    .map_err(err("next round"))?;
    if moved.rows_affected() != 1 {
        return Ok(false);
    }
    for t in tables {
        sqlx::query(
            "INSERT INTO tournament_tables (tournament, round, n, code, seats) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(i64::from(t.round))
        .bind(i64::from(t.n))
        .bind(&t.code)
        .bind(serde_json::to_string(&t.seats).unwrap_or_else(|_| "[]".into()))
        .execute(&mut *tx)
        .await
        .map_err(err("table"))?;
    }
    tx.commit().await.map_err(err("commit"))?;
    Ok(true)
}

/// Sets a table's time limit (before it is loaded).
pub async fn set_deadline(store: &Store, code: &str, deadline_ms: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tables SET deadline_ms = $2 WHERE code = $1")
        .bind(code)
        .bind(deadline_ms)
        .execute(store.pool())
        .await
        .map_err(err("deadline"))?;
    Ok(())
}

/// The tables among `codes` that are not over (neither finished nor closed).
pub async fn unfinished(store: &Store, codes: &[String]) -> Result<Vec<String>, StoreError> {
    let mut out = Vec::new();
    for c in codes {
        let r = sqlx::query("SELECT status FROM tables WHERE code = $1")
            .bind(c)
            .fetch_optional(store.pool())
            .await
            .map_err(err("table status"))?;
        let status: Option<String> = r
            .map(|r| r.try_get("status"))
            .transpose()
            .map_err(err("status"))?;
        if !matches!(status.as_deref(), Some("finished") | Some("closed")) {
            out.push(c.clone());
        }
    }
    Ok(out)
}

/// Tables a failed seating created but no round holds: closed, so that nobody waits there.
pub async fn close_unused(store: &Store, codes: &[String]) -> Result<(), StoreError> {
    for c in codes {
        sqlx::query("UPDATE tables SET status = 'closed', close_reason = $2 WHERE code = $1")
            .bind(c)
            .bind("not used: the round was seated by another process")
            .execute(store.pool())
            .await
            .map_err(err("close unused"))?;
    }
    Ok(())
}

/// The organizer's account name (None once the account was deleted).
pub async fn organizer_name(store: &Store, account: i64) -> Result<Option<String>, StoreError> {
    sqlx::query_scalar("SELECT name FROM accounts WHERE id = $1")
        .bind(account)
        .fetch_optional(store.pool())
        .await
        .map_err(err("organizer"))
}
