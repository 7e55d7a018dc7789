//! The lobby's queries: a table's lobby options (public, bot fill), the public tables with
//! their seats, quick match's candidates, and the bot fill of a waiting table's free seats.

use super::LobbyOptions;
use crate::protocol::Status;
use crate::store::{seat_from_row, Store, StoreError, StoredSeat};
use sqlx::Row;

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

/// A public table as the lobby lists it.
#[derive(Clone, Debug)]
pub(crate) struct Listed {
    pub code: String,
    pub rules: String,
    pub status: Status,
    pub created_ms: i64,
    pub fill: Option<(String, i64)>,
    pub seats: Vec<StoredSeat>,
}

/// Stores a new table's lobby options (right after `create_table`).
pub(crate) async fn set_options(store: &Store, code: &str, o: &LobbyOptions) -> Result<(), StoreError> {
    sqlx::query("UPDATE tables SET listed = $1, fill_bot = $2, fill_after_ms = $3 WHERE code = $4")
        .bind(i64::from(o.public))
        .bind(o.fill.as_ref().map(|f| f.bot.clone()))
        .bind(o.fill.as_ref().map(|f| (f.after_secs * 1000) as i64))
        .bind(code)
        .execute(store.pool())
        .await
        .map_err(err("store lobby options"))?;
    Ok(())
}

/// Up to `limit` public tables in `status` that are loaded or loadable (not unloaded as
/// idle), with their seats: waiting ones oldest first, playing ones newest first.
pub(crate) async fn listed(store: &Store, status: Status, limit: usize) -> Result<Vec<Listed>, StoreError> {
    let order = if status == Status::Waiting { "ASC" } else { "DESC" };
    let rows = sqlx::query(&format!(
        "SELECT code, rules, created_ms, fill_bot, fill_after_ms FROM tables \
         WHERE listed = 1 AND idle = 0 AND status = $1 ORDER BY created_ms {order}, code LIMIT $2"
    ))
    .bind(status.as_str())
    .bind(limit as i64)
    .fetch_all(store.pool())
    .await
    .map_err(err("list public tables"))?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let fill_bot: Option<String> = r.try_get("fill_bot").map_err(err("fill_bot"))?;
        let fill_after: Option<i64> = r.try_get("fill_after_ms").map_err(err("fill_after_ms"))?;
        out.push(Listed {
            code: r.try_get("code").map_err(err("code"))?,
            rules: r.try_get("rules").map_err(err("rules"))?,
            status,
            created_ms: r.try_get("created_ms").map_err(err("created_ms"))?,
            fill: fill_bot.zip(fill_after),
            seats: Vec::new(),
        });
    }
    if out.is_empty() {
        return Ok(out);
    }
    let marks: Vec<String> = (1..=out.len()).map(|i| format!("${i}")).collect();
    let q = format!(
        "SELECT code, kind, bot, name, token FROM seats WHERE code IN ({}) ORDER BY code, seat",
        marks.join(", ")
    );
    let mut query = sqlx::query(&q);
    for t in &out {
        query = query.bind(t.code.clone());
    }
    for r in query.fetch_all(store.pool()).await.map_err(err("list seats"))? {
        let code: String = r.try_get("code").map_err(err("code"))?;
        let seat = seat_from_row(&r)?;
        if let Some(t) = out.iter_mut().find(|t| t.code == code) {
            t.seats.push(seat);
        }
    }
    Ok(out)
}

/// The oldest public waiting tables played under exactly these rules (as stored: the
/// rules' JSON text), up to `limit`: quick match's candidates.
pub(crate) async fn candidates(store: &Store, rules: &str, limit: usize) -> Result<Vec<String>, StoreError> {
    sqlx::query(
        "SELECT code FROM tables WHERE listed = 1 AND idle = 0 AND status = 'waiting' AND rules = $1 \
         ORDER BY created_ms, code LIMIT $2",
    )
    .bind(rules)
    .bind(limit as i64)
    .fetch_all(store.pool())
    .await
    .map_err(err("find quick match tables"))?
    .iter()
    .map(|r| r.try_get("code").map_err(err("code")))
    .collect()
}

/// Waiting tables whose bot fill is due (so that a table nobody has loaded since a restart
/// still gets its bots), up to `limit`.
pub(crate) async fn fills_due(store: &Store, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
    sqlx::query(
        "SELECT code FROM tables WHERE status = 'waiting' AND idle = 0 AND fill_after_ms IS NOT NULL \
         AND created_ms + fill_after_ms <= $1 ORDER BY created_ms LIMIT $2",
    )
    .bind(now_ms)
    .bind(limit as i64)
    .fetch_all(store.pool())
    .await
    .map_err(err("find bot fills"))?
    .iter()
    .map(|r| r.try_get("code").map_err(err("code")))
    .collect()
}

/// Gives every free human seat of a waiting table to `bot` and marks the table playing, in
/// one transaction; answers how many seats the bots took.
pub(crate) async fn fill_seats(store: &Store, code: &str, bot: &str) -> Result<u64, StoreError> {
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    let r = sqlx::query(
        "UPDATE seats SET kind = 'bot', bot = $1 WHERE code = $2 AND kind = 'human' AND token IS NULL",
    )
    .bind(bot)
    .bind(code)
    .execute(&mut *tx)
    .await
    .map_err(err("fill seats with bots"))?;
    sqlx::query("UPDATE tables SET status = 'playing' WHERE code = $1 AND status = 'waiting'")
        .bind(code)
        .execute(&mut *tx)
        .await
        .map_err(err("start the filled table"))?;
    tx.commit().await.map_err(err("commit"))?;
    Ok(r.rows_affected())
}
