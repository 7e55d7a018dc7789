//! The operator's queries (`binokel admin`, docs/deploy.md "Operator commands"): the tables
//! with where they stand, and an operator's request to close one. The request is stored
//! twice: on the table (`close_reason`, read by any process that loads it later) and on its
//! lease (`closing`, read by the process that holds the table now when it renews the lease,
//! within a third of `--lease-secs`). A table nobody holds is closed here at once.

use super::{seat_from_row, Backend, Store, StoreError, SEAT_COLUMNS};
use crate::model::now_ms;
use crate::protocol::{SeatKind, Status};
use binokel::{Preset, Rules};
use sqlx::Row;

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

/// One table as `binokel admin tables` lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TableInfo {
    /// The invite code.
    pub code: String,
    /// `waiting`, `playing`, `finished` or `closed`.
    pub status: String,
    /// The preset its rules are (or `custom`), and the number of seats.
    pub rules: String,
    /// The seats: a person's name, `bot:KIND`, or `(free)`.
    pub seats: Vec<String>,
    /// Deals begun.
    pub deals: u64,
    /// Actions stored.
    pub actions: u64,
    /// When it was created (milliseconds since 1970).
    pub created_ms: i64,
    /// The URL of the process that holds its lease (serves it now), if any.
    pub served_by: Option<String>,
    /// An operator's request to close it, not carried out yet or carried out.
    pub close_reason: Option<String>,
}

/// What `binokel admin close` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloseRequest {
    /// No table has that code.
    Unknown,
    /// The match is already over (or the table closed); nothing was changed.
    AlreadyOver(Status),
    /// Nobody served it: it is closed now.
    Closed,
    /// The process at this URL serves it and closes it when it renews the lease.
    Asked(String),
}

/// The name of the preset `rules` are, or `custom`.
fn rules_name(rules: &str) -> String {
    let parsed = serde_json::from_str(rules)
        .ok()
        .and_then(|v| Rules::from_json(&v).ok());
    match parsed {
        Some(r) => {
            let name = Preset::ALL
                .into_iter()
                .find(|p| Rules::preset(*p) == r)
                .map_or("custom", |p| p.name());
            format!("{name}, {} seats", r.players)
        }
        None => "unreadable rules".to_string(),
    }
}

impl Store {
    /// Tables, most recently created first, at most `limit`; only those of `status` when it
    /// is given. `server_running`: whether a server uses this database now (for SQLite, whose
    /// leases do not run out, a lease row only says a table is served while one runs).
    pub async fn admin_tables(
        &self,
        status: Option<Status>,
        limit: usize,
        server_running: bool,
    ) -> Result<Vec<TableInfo>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.code AS code, t.status AS status, t.rules AS rules, t.created_ms AS created_ms, \
             t.close_reason AS close_reason, l.url AS url, l.expires_ms AS expires_ms, \
             (SELECT COUNT(*) FROM actions a WHERE a.code = t.code) AS actions, \
             (SELECT COALESCE(MAX(a.deal) + 1, 0) FROM actions a WHERE a.code = t.code) AS deals \
             FROM tables t LEFT JOIN leases l ON l.code = t.code \
             WHERE ($1 = '' OR t.status = $1) ORDER BY t.created_ms DESC, t.code LIMIT $2",
        )
        .bind(status.map_or("", Status::as_str))
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(err("list tables"))?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let code: String = r.try_get("code").map_err(err("code"))?;
            let seats = sqlx::query(&format!(
                "SELECT {SEAT_COLUMNS} WHERE s.code = $1 ORDER BY s.seat"
            ))
            .bind(&code)
            .fetch_all(&self.pool)
            .await
            .map_err(err("seats"))?
            .iter()
            .map(|row| {
                let s = seat_from_row(row)?;
                Ok(match (s.kind, s.bot, s.name) {
                    (SeatKind::Bot, Some(b), _) => format!("bot:{b}"),
                    (_, _, Some(n)) => n,
                    _ => "(free)".to_string(),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
            let url: Option<String> = r.try_get("url").map_err(err("url"))?;
            let expires: Option<i64> = r.try_get("expires_ms").map_err(err("expires"))?;
            let live = expires.is_some_and(|e| self.lease_live(e, server_running));
            out.push(TableInfo {
                status: r.try_get("status").map_err(err("status"))?,
                rules: rules_name(&r.try_get::<String, _>("rules").map_err(err("rules"))?),
                seats,
                deals: r.try_get::<i64, _>("deals").map_err(err("deals"))?.max(0) as u64,
                actions: r.try_get::<i64, _>("actions").map_err(err("actions"))?.max(0) as u64,
                created_ms: r.try_get("created_ms").map_err(err("created"))?,
                served_by: url.filter(|_| live),
                close_reason: r.try_get("close_reason").map_err(err("close_reason"))?,
                code,
            });
        }
        Ok(out)
    }

    /// An operator's request to close the table `code` with `reason` (see the module page),
    /// in one transaction. `server_running` as in [`Store::admin_tables`].
    pub async fn request_close(
        &self,
        code: &str,
        reason: &str,
        server_running: bool,
    ) -> Result<CloseRequest, StoreError> {
        let mut tx = self.pool.begin().await.map_err(err("begin"))?;
        let Some(row) = sqlx::query("SELECT status FROM tables WHERE code = $1")
            .bind(code)
            .fetch_optional(&mut *tx)
            .await
            .map_err(err("read table"))?
        else {
            return Ok(CloseRequest::Unknown);
        };
        let status: String = row.try_get("status").map_err(err("status"))?;
        match status.as_str() {
            "finished" => return Ok(CloseRequest::AlreadyOver(Status::Finished)),
            "closed" => return Ok(CloseRequest::AlreadyOver(Status::Closed)),
            _ => {}
        }
        sqlx::query("UPDATE tables SET close_reason = $2 WHERE code = $1")
            .bind(code)
            .bind(reason)
            .execute(&mut *tx)
            .await
            .map_err(err("store the request"))?;
        let lease = sqlx::query("UPDATE leases SET closing = $2 WHERE code = $1 RETURNING url, expires_ms")
            .bind(code)
            .bind(reason)
            .fetch_optional(&mut *tx)
            .await
            .map_err(err("tell the lease"))?;
        let holder = match lease {
            Some(l) => {
                let url: String = l.try_get("url").map_err(err("url"))?;
                let expires: i64 = l.try_get("expires_ms").map_err(err("expires"))?;
                self.lease_live(expires, server_running).then_some(url)
            }
            None => None,
        };
        let answer = match holder {
            Some(url) => CloseRequest::Asked(url),
            None => {
                close_in(&mut tx, code).await?;
                CloseRequest::Closed
            }
        };
        tx.commit().await.map_err(err("commit"))?;
        Ok(answer)
    }

    /// Whether a lease row that runs out at `expires` (ms) names a process serving the table
    /// now: with PostgreSQL until it runs out; with SQLite, whose one server never lets its
    /// leases run out, while that server runs.
    fn lease_live(&self, expires: i64, server_running: bool) -> bool {
        match self.backend {
            Backend::Sqlite => server_running,
            Backend::Postgres => expires >= now_ms(),
        }
    }

    /// Stores the status `closed` of a table being played or waiting (the operator's request
    /// carried out); false if it was not one.
    pub async fn close_table(&self, code: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await.map_err(err("begin"))?;
        let closed = close_in(&mut tx, code).await?;
        tx.commit().await.map_err(err("commit"))?;
        Ok(closed)
    }

    /// The status of a table, or None if there is none (the operator's wait for a close).
    pub async fn table_status(&self, code: &str) -> Result<Option<String>, StoreError> {
        sqlx::query("SELECT status FROM tables WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await
            .map_err(err("read table"))?
            .map(|r| r.try_get("status").map_err(err("status")))
            .transpose()
    }
}

async fn close_in(tx: &mut sqlx::Transaction<'_, sqlx::Any>, code: &str) -> Result<bool, StoreError> {
    let r = sqlx::query(
        "UPDATE tables SET status = 'closed' WHERE code = $1 AND status IN ('waiting', 'playing')",
    )
    .bind(code)
    .execute(&mut **tx)
    .await
    .map_err(err("close the table"))?;
    Ok(r.rows_affected() == 1)
}
