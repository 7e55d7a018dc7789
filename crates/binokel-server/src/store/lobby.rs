//! The lobby's queries: a table's lobby options (public, bot fill), the public tables with
//! their seats, quick match's candidates, and the bot fill of a waiting table's free seats.

use super::{seat_from_row, Store, StoreError, StoredSeat, SEAT_COLUMNS};
use crate::model::LobbyOptions;
use crate::protocol::Status;
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
    /// The rating format of a rated table.
    pub rated: Option<String>,
}

/// Stores a new table's lobby options (right after `create_table`): public, bot fill, the
/// address that opened it, and when its creator took a seat (0: nobody did).
pub(crate) async fn set_options(
    store: &Store,
    code: &str,
    o: &LobbyOptions,
    opener: Option<&str>,
    taken_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tables SET listed = $1, fill_bot = $2, fill_after_ms = $3, opener = $4, taken_ms = $5 \
         WHERE code = $6",
    )
    .bind(i64::from(o.public))
    .bind(o.fill.as_ref().map(|f| f.bot.clone()))
    .bind(o.fill.as_ref().map(|f| (f.after_secs * 1000) as i64))
    .bind(opener.map(str::to_string))
    .bind(taken_ms)
    .bind(code)
    .execute(store.pool())
    .await
    .map_err(err("store lobby options"))?;
    Ok(())
}

/// The public tables opened by `opener` that wait for players (loaded or loadable: a table
/// unloaded as idle no longer counts).
pub(crate) async fn waiting_of(store: &Store, opener: &str) -> Result<usize, StoreError> {
    let n: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM tables WHERE opener = $1 AND listed = 1 AND status = 'waiting' AND idle = 0",
    )
    .bind(opener)
    .fetch_one(store.pool())
    .await
    .map_err(err("count the address's waiting tables"))?
    .try_get("n")
    .map_err(err("n"))?;
    Ok(n.max(0) as usize)
}

/// A person took a seat of a public table at `at_ms`.
pub(crate) async fn seat_taken(store: &Store, code: &str, at_ms: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tables SET taken_ms = $1 WHERE code = $2")
        .bind(at_ms)
        .bind(code)
        .execute(store.pool())
        .await
        .map_err(err("store when a seat was taken"))?;
    Ok(())
}

/// Since when a person has had an open WebSocket at a seat of a public table (0: nobody
/// has one).
pub(crate) async fn set_online(store: &Store, code: &str, since_ms: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tables SET online_ms = $1 WHERE code = $2")
        .bind(since_ms)
        .bind(code)
        .execute(store.pool())
        .await
        .map_err(err("store whether a person is at the table"))?;
    Ok(())
}

/// When a person counts as present at a table: now, and the moment a seat taken since
/// counts as present (now less [`Config::presence`](crate::Config::presence)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Presence {
    pub now_ms: i64,
    pub taken_after_ms: i64,
}

/// The tables where a person is present, with [`Presence`] bound as the parameters
/// `$taken` and `$now`: a seat taken after `taken_after_ms`, or a person with an open
/// WebSocket at one of its seats (`online_ms`, kept by the process whose lease, joined as
/// `l`, has not run out: a process that died leaves no person present).
fn present(taken: usize, now: usize) -> String {
    format!("(t.taken_ms > ${taken} OR (t.online_ms > 0 AND l.expires_ms > ${now}))")
}

/// The latest activity of a person at a table: a seat taken, or a WebSocket opened.
const ACTIVITY: &str = "CASE WHEN t.taken_ms > t.online_ms THEN t.taken_ms ELSE t.online_ms END";

/// Up to `limit` public tables in `status` that are loaded or loadable (not unloaded as
/// idle) and where a person is present, with their seats: waiting ones by the latest
/// activity of a person, playing ones newest first; and how many such tables there are in
/// all.
pub(crate) async fn listed(
    store: &Store,
    status: Status,
    limit: usize,
    at: Presence,
) -> Result<(Vec<Listed>, usize), StoreError> {
    let order = if status == Status::Waiting {
        format!("{ACTIVITY} DESC")
    } else {
        "t.created_ms DESC".to_string()
    };
    let from = |taken, now| {
        format!(
            "FROM tables t LEFT JOIN leases l ON l.code = t.code \
             WHERE t.listed = 1 AND t.idle = 0 AND t.status = $1 AND {}",
            present(taken, now)
        )
    };
    let rows = sqlx::query(&format!(
        "SELECT t.code AS code, t.rules AS rules, t.created_ms AS created_ms, t.fill_bot AS fill_bot, \
         t.fill_after_ms AS fill_after_ms, t.rated AS rated {} ORDER BY {order}, t.code LIMIT $2",
        from(3, 4)
    ))
    .bind(status.as_str())
    .bind(limit as i64)
    .bind(at.taken_after_ms)
    .bind(at.now_ms)
    .fetch_all(store.pool())
    .await
    .map_err(err("list public tables"))?;
    let total = if rows.len() < limit {
        rows.len()
    } else {
        let n: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n {}", from(2, 3)))
            .bind(status.as_str())
            .bind(at.taken_after_ms)
            .bind(at.now_ms)
            .fetch_one(store.pool())
            .await
            .map_err(err("count public tables"))?
            .try_get("n")
            .map_err(err("n"))?;
        n.max(0) as usize
    };
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
            rated: r.try_get("rated").map_err(err("rated"))?,
        });
    }
    if out.is_empty() {
        return Ok((out, total));
    }
    let marks: Vec<String> = (1..=out.len()).map(|i| format!("${i}")).collect();
    let q = format!(
        "SELECT {SEAT_COLUMNS} WHERE s.code IN ({}) ORDER BY s.code, s.seat",
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
    Ok((out, total))
}

/// The public waiting tables played under exactly these rules (as stored: the rules' JSON
/// text) where a person is present, the latest activity of a person first, up to `limit`:
/// quick match's candidates.
pub(crate) async fn candidates(
    store: &Store,
    rules: &str,
    rated: Option<&str>,
    limit: usize,
    at: Presence,
) -> Result<Vec<String>, StoreError> {
    sqlx::query(&format!(
        "SELECT t.code AS code FROM tables t LEFT JOIN leases l ON l.code = t.code \
         WHERE t.listed = 1 AND t.idle = 0 AND t.status = 'waiting' AND t.rules = $1 AND {} \
         AND COALESCE(t.rated, '') = $5 ORDER BY {ACTIVITY} DESC, t.code LIMIT $2",
        present(3, 4)
    ))
    .bind(rules)
    .bind(limit as i64)
    .bind(at.taken_after_ms)
    .bind(at.now_ms)
    .bind(rated.unwrap_or("").to_string())
    .fetch_all(store.pool())
    .await
    .map_err(err("find quick match tables"))?
    .iter()
    .map(|r| r.try_get("code").map_err(err("code")))
    .collect()
}

/// Waiting tables whose bot fill is due, up to `limit`: tables nobody has loaded since a
/// restart and tables unloaded as idle before their fill fell due alike, so that their bots
/// still come.
pub(crate) async fn fills_due(store: &Store, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
    sqlx::query(
        "SELECT code FROM tables WHERE status = 'waiting' AND fill_after_ms IS NOT NULL \
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
pub(crate) async fn fill_seats(
    store: &Store,
    code: &str,
    bot: &str,
    account: Option<i64>,
) -> Result<u64, StoreError> {
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    let r = sqlx::query(
        "UPDATE seats SET kind = 'bot', bot = $1, account = $3 WHERE code = $2 AND kind = 'human' AND token IS NULL",
    )
    .bind(bot)
    .bind(code)
    .bind(account)
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
