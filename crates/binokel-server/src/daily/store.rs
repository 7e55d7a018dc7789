//! The SQL of the deal of the day (migration `0480_daily.sql`, the same statements for SQLite
//! and PostgreSQL): the server's secret, and the tries (which table is whose try of which day).

use crate::store::{now_ms, Store, StoreError};
use rand::RngCore;
use sqlx::Row;

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

/// The server's secret: made (32 bytes of the operating system's generator) by the first
/// process that asks, then read by every process of the database.
pub(crate) async fn secret(store: &Store) -> Result<[u8; 32], StoreError> {
    let read = || async {
        sqlx::query("SELECT secret FROM daily_secret WHERE id = 1")
            .fetch_optional(store.pool())
            .await
            .map_err(err("read the daily secret"))?
            .map(|r| r.try_get::<String, _>("secret"))
            .transpose()
            .map_err(err("read the daily secret"))
    };
    let text = match read().await? {
        Some(t) => t,
        None => {
            let mut b = [0u8; 32];
            rand::rngs::OsRng.fill_bytes(&mut b);
            let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
            // Two processes may make one at once: the first stored is everyone's.
            sqlx::query(
                "INSERT INTO daily_secret (id, secret, created_ms) VALUES (1, $1, $2) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(hex)
            .bind(now_ms())
            .execute(store.pool())
            .await
            .map_err(err("store the daily secret"))?;
            read()
                .await?
                .ok_or_else(|| StoreError("the daily secret was not stored".into()))?
        }
    };
    let mut out = [0u8; 32];
    if text.len() != 64 {
        return Err(StoreError(
            "the stored daily secret is not 32 bytes in hex".into(),
        ));
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&text[2 * i..2 * i + 2], 16)
            .map_err(|_| StoreError("the stored daily secret is not hex".into()))?;
    }
    Ok(out)
}

/// One try of a day, as stored with its table's status.
#[derive(Clone, Debug)]
pub(crate) struct Try {
    /// The table's invite code.
    pub code: String,
    /// The account (None: a guest).
    pub account: Option<i64>,
    /// The account's name now (None: a guest, or a deleted account).
    pub name: Option<String>,
    /// The table's status (`waiting`, `playing`, `finished`, `closed`).
    pub status: String,
    /// The token of seat 0 (the player's).
    pub token: Option<String>,
}

impl Try {
    /// The try is over: its match ended, or an operator closed its table.
    pub fn over(&self) -> bool {
        self.status == "finished" || self.status == "closed"
    }
}

const SELECT: &str = "SELECT d.code, d.account, a.name, t.status, s.token FROM daily_tries d \
     JOIN tables t ON t.code = d.code \
     LEFT JOIN seats s ON s.code = d.code AND s.seat = 0 \
     LEFT JOIN accounts a ON a.id = d.account";

fn try_of(r: &sqlx::any::AnyRow) -> Result<Try, sqlx::Error> {
    Ok(Try {
        code: r.try_get("code")?,
        account: r.try_get("account")?,
        name: r.try_get("name")?,
        status: r.try_get("status")?,
        token: r.try_get("token")?,
    })
}

/// The ranked try of an account on a day, if it made one.
pub(crate) async fn ranked_try(store: &Store, day: &str, account: i64) -> Result<Option<Try>, StoreError> {
    sqlx::query(&format!(
        "{SELECT} WHERE d.day = $1 AND d.account = $2 AND d.ranked = 1"
    ))
    .bind(day)
    .bind(account)
    .fetch_optional(store.pool())
    .await
    .map_err(err("read a ranked try"))?
    .as_ref()
    .map(try_of)
    .transpose()
    .map_err(err("read a ranked try"))
}

/// Every ranked try of a day whose table's match is over, in the order they were made.
pub(crate) async fn finished_ranked(store: &Store, day: &str) -> Result<Vec<Try>, StoreError> {
    sqlx::query(&format!(
        "{SELECT} WHERE d.day = $1 AND d.ranked = 1 AND t.status IN ('finished', 'closed') \
         ORDER BY d.created_ms, d.code"
    ))
    .bind(day)
    .fetch_all(store.pool())
    .await
    .map_err(err("read the ranked tries"))?
    .iter()
    .map(try_of)
    .collect::<Result<_, _>>()
    .map_err(err("read the ranked tries"))
}

/// Stores a new try; false when it is a second ranked try of the account that day (another
/// request made the first).
pub(crate) async fn insert_try(
    store: &Store,
    code: &str,
    day: &str,
    account: Option<i64>,
    ranked: bool,
) -> Result<bool, StoreError> {
    let r = sqlx::query(
        "INSERT INTO daily_tries (code, day, account, ranked, created_ms) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT DO NOTHING",
    )
    .bind(code)
    .bind(day)
    .bind(account)
    .bind(ranked as i64)
    .bind(now_ms())
    .execute(store.pool())
    .await
    .map_err(err("store a try"))?;
    Ok(r.rows_affected() == 1)
}

/// The day of a table, if it is a try of a day's deals.
pub(crate) async fn day_of(store: &Store, code: &str) -> Result<Option<String>, StoreError> {
    sqlx::query("SELECT day FROM daily_tries WHERE code = $1")
        .bind(code)
        .fetch_optional(store.pool())
        .await
        .map_err(err("read a try's day"))?
        .map(|r| r.try_get::<String, _>("day"))
        .transpose()
        .map_err(err("read a try's day"))
}
