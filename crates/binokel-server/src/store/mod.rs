//! Persistence with sqlx: SQLite (a file, created on first start) or PostgreSQL, each with
//! its own migrations. Tables, seats, every accepted action, and leases.

pub mod admin;
mod daily;
pub mod lobby;
pub mod players;

use crate::model::MatchResult;
use crate::protocol::{SeatKind, Status};
use binokel::{Action, Game, Rules};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// A database error, with what was being done.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

fn err(what: &str) -> impl Fn(sqlx::Error) -> StoreError + '_ {
    move |e| StoreError(format!("{what}: {e}"))
}

/// Which database.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

pub use crate::model::StoredSeat;
pub use crate::names::seat_names;

/// A table as stored: enough to rebuild it.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// The invite code.
    pub code: String,
    /// The rules.
    pub rules: Rules,
    /// The seed every deal's shuffle derives from.
    pub seed: u64,
    /// Where it stands.
    pub status: Status,
    /// The seats.
    pub seats: Vec<StoredSeat>,
    /// Every action, as (deal, action token), in order.
    pub actions: Vec<(usize, String)>,
    /// Whether the lobby lists it, its bot fill, when it was created.
    pub lobby: crate::model::LobbyOptions,
    /// An operator asked to close it (`binokel admin close`), with this reason.
    pub close_reason: Option<String>,
    /// The rating format of a rated table (issue #36).
    pub rated: Option<String>,
    /// A tournament round's time limit: after it bots play every person's seat to the end.
    pub deadline_ms: Option<i64>,
    /// No hints, no take-backs: a ranked try of the deal of the day (docs/daily.md).
    pub own_play: bool,
}

/// What renewing a lease found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Renewed {
    /// The lease is this process's for another term.
    Held,
    /// Another process holds it now.
    Lost,
    /// Held, and an operator asked to close the table, with this reason.
    Close(String),
}

/// What happened when a lease was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lease {
    /// This process owns the table now; `took_over`: the lease was another live-looking
    /// process's until it ran out (PostgreSQL; counted in `binokel_lease_takeovers_total`).
    Acquired {
        /// Another process held the lease before it ran out.
        took_over: bool,
    },
    /// Another live process owns it, reachable at this URL.
    HeldBy(String),
}

pub use crate::model::now_ms;

/// The seed of deal `n` of a table (the record keeps it, so every deal can be replayed).
pub fn deal_seed(table_seed: u64, n: usize) -> u64 {
    table_seed ^ (n as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The file path of a SQLite database URL (`sqlite://PATH`, `sqlite:PATH` or a plain path);
/// None for PostgreSQL.
pub fn sqlite_path(url: &str) -> Option<&str> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return None;
    }
    let path = url.strip_prefix("sqlite://").unwrap_or(url);
    let path = path.strip_prefix("sqlite:").unwrap_or(path);
    Some(path.split('?').next().unwrap_or(path))
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    writer: Option<tokio::sync::mpsc::UnboundedSender<Pending>>,
}

/// An action waiting for the group commit.
#[derive(Debug)]
struct Pending {
    code: String,
    deal: usize,
    index: usize,
    seat: usize,
    token: String,
    owner: String,
    /// The match ends with this action: its result is stored with it.
    finish: Option<MatchResult>,
    reply: tokio::sync::oneshot::Sender<Result<bool, StoreError>>,
}

const INSERT_ACTION: &str = "INSERT INTO actions (code, deal, idx, seat, action) \
     SELECT CAST($1 AS TEXT), CAST($2 AS BIGINT), CAST($3 AS BIGINT), CAST($4 AS BIGINT), CAST($5 AS TEXT) \
     WHERE EXISTS (SELECT 1 FROM leases WHERE code = $1 AND owner = $6)";

/// Writes one pending action (only while its owner holds the lease) and, when it ends the
/// match, the table's finished status and the match's result, all on the connection `c`
/// (the caller's transaction). Ok(false): the lease is gone and nothing was written.
async fn insert_action(c: &mut sqlx::AnyConnection, p: &Pending) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(INSERT_ACTION)
        .bind(p.code.clone())
        .bind(p.deal as i64)
        .bind(p.index as i64)
        .bind(p.seat as i64)
        .bind(p.token.clone())
        .bind(p.owner.clone())
        .execute(&mut *c)
        .await?;
    if r.rows_affected() != 1 {
        return Ok(false);
    }
    if let Some(result) = &p.finish {
        finish_match(c, result).await?;
    }
    Ok(true)
}

/// Marks a table finished and stores its result (once: a result already stored stays).
async fn finish_match(c: &mut sqlx::AnyConnection, r: &MatchResult) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE tables SET status = 'finished' WHERE code = $1")
        .bind(r.code.clone())
        .execute(&mut *c)
        .await?;
    let inserted = sqlx::query(
        "INSERT INTO match_results (code, winner, totals, deals, finished_ms) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (code) DO NOTHING",
    )
    .bind(r.code.clone())
    .bind(r.winner.map(|w| w as i64))
    .bind(serde_json::to_string(&r.totals).unwrap_or_else(|_| "[]".into()))
    .bind(r.deals as i64)
    .bind(r.finished_ms)
    .execute(&mut *c)
    .await?;
    if inserted.rows_affected() == 1 {
        players::record_match(c, r).await?;
    }
    Ok(())
}

/// One pending action in a transaction of its own.
async fn insert_alone(pool: &AnyPool, p: &Pending) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let ok = insert_action(&mut tx, p).await?;
    tx.commit().await?;
    Ok(ok)
}

/// SQLite commits one writer at a time: actions that arrive together are written in one
/// transaction (a group commit), and each is acknowledged only after that commit.
async fn group_writer(pool: AnyPool, mut rx: tokio::sync::mpsc::UnboundedReceiver<Pending>) {
    while let Some(first) = rx.recv().await {
        let mut batch = vec![first];
        while batch.len() < 512 {
            match rx.try_recv() {
                Ok(p) => batch.push(p),
                Err(_) => break,
            }
        }
        let together = async {
            let mut tx = pool.begin().await?;
            let mut oks = Vec::with_capacity(batch.len());
            for p in &batch {
                oks.push(insert_action(&mut tx, p).await?);
            }
            tx.commit().await?;
            Ok::<_, sqlx::Error>(oks)
        }
        .await;
        match together {
            Ok(oks) => {
                for (p, ok) in batch.into_iter().zip(oks) {
                    let _ = p.reply.send(Ok(ok));
                }
            }
            // One bad row (a place already filled) must not fail the others: one by one.
            Err(_) => {
                for p in batch {
                    let r = insert_alone(&pool, &p).await.map_err(err("store action"));
                    let _ = p.reply.send(r);
                }
            }
        }
    }
}

impl Store {
    /// Connects (creating a SQLite file if needed) and runs the migrations.
    /// `url`: `sqlite://PATH` (or a plain path) or `postgres://...`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (url, backend) = match sqlite_path(url) {
            None => (url.to_string(), Backend::Postgres),
            Some("") => return Err(StoreError("the SQLite path is empty".into())),
            Some(path) => (format!("sqlite://{path}?mode=rwc"), Backend::Sqlite),
        };
        let pool = match backend {
            // SQLite takes one writer at a time: one connection queues writers fairly in the
            // pool instead of in SQLite's sleeping busy handler, which keeps latency flat.
            Backend::Sqlite => AnyPoolOptions::new().max_connections(1).after_connect(|conn, _| {
                Box::pin(async move {
                    // WAL with synchronous=NORMAL survives a killed process (not a power
                    // cut): every committed action is in the WAL file before the ack.
                    sqlx::query("PRAGMA journal_mode=WAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA synchronous=NORMAL")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query("PRAGMA busy_timeout=10000")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query("PRAGMA foreign_keys=ON").execute(&mut *conn).await?;
                    Ok(())
                })
            }),
            Backend::Postgres => AnyPoolOptions::new().max_connections(16),
        }
        .acquire_timeout(Duration::from_secs(10))
        .connect(&url)
        .await
        .map_err(|e| StoreError(format!("cannot open the database {}: {e}", redact(&url))))?;
        let migrator = match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
        };
        migrator
            .run(&pool)
            .await
            .map_err(|e| StoreError(format!("migrations failed: {e}")))?;
        let writer = (backend == Backend::Sqlite).then(|| {
            let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
            tokio::spawn(group_writer(pool.clone(), rx));
            tx
        });
        Ok(Store {
            pool,
            backend,
            writer,
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The connection pool, for the score pad's queries (`pad.rs`).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes the pool.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Stores a new table, with its lease for `owner` (at `url`, for `lease`) in the same
    /// transaction: a table being played is never without an owner, so no other process
    /// can adopt it as an orphan before its creator has it. False if the code is taken.
    pub async fn create_table(
        &self,
        code: &str,
        rules: &Rules,
        seed: u64,
        seats: &[StoredSeat],
        rated: Option<&str>,
        owner: (&str, &str, Duration),
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await.map_err(err("begin"))?;
        let taken = sqlx::query("SELECT code FROM tables WHERE code = $1")
            .bind(code)
            .fetch_optional(&mut *tx)
            .await
            .map_err(err("create table"))?;
        if taken.is_some() {
            return Ok(false);
        }
        sqlx::query("INSERT INTO tables (code, rules, seed, status, created_ms, rated) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(code)
            .bind(rules.to_json().to_string())
            .bind(seed as i64)
            .bind(initial_status(seats).as_str())
            .bind(now_ms())
            .bind(rated.map(str::to_string))
            .execute(&mut *tx)
            .await
            .map_err(err("create table"))?;
        for (i, s) in seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (code, seat, kind, bot, name, token, account) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(code)
            .bind(i as i64)
            .bind(kind_name(s.kind))
            .bind(s.bot.clone())
            .bind(s.name.clone())
            .bind(s.token.clone())
            .bind(s.account)
            .execute(&mut *tx)
            .await
            .map_err(err("create seat"))?;
        }
        let (node, url, lease) = owner;
        sqlx::query("INSERT INTO leases (code, owner, url, expires_ms) VALUES ($1, $2, $3, $4)")
            .bind(code)
            .bind(node)
            .bind(url)
            .bind(now_ms() + lease.as_millis() as i64)
            .execute(&mut *tx)
            .await
            .map_err(err("create lease"))?;
        tx.commit().await.map_err(err("commit"))?;
        Ok(true)
    }

    /// Deletes the actions of deal `deal` from index `from` on (an undo), in one statement
    /// and only while `owner` holds the lease. Returns how many were deleted; None when the
    /// lease is gone.
    pub async fn truncate_actions(
        &self,
        code: &str,
        deal: usize,
        from: usize,
        owner: &str,
    ) -> Result<Option<u64>, StoreError> {
        let mut tx = self.pool.begin().await.map_err(err("begin"))?;
        let held = sqlx::query("SELECT owner FROM leases WHERE code = $1 AND owner = $2")
            .bind(code)
            .bind(owner)
            .fetch_optional(&mut *tx)
            .await
            .map_err(err("check lease"))?;
        if held.is_none() {
            return Ok(None);
        }
        let r = sqlx::query("DELETE FROM actions WHERE code = $1 AND deal = $2 AND idx >= $3")
            .bind(code)
            .bind(deal as i64)
            .bind(from as i64)
            .execute(&mut *tx)
            .await
            .map_err(err("undo actions"))?;
        tx.commit().await.map_err(err("commit"))?;
        Ok(Some(r.rows_affected()))
    }

    /// Records the follow-up table of a finished match, unless one is recorded already;
    /// returns the follow-up's code (the one recorded first).
    pub async fn set_rematch(&self, code: &str, next: &str) -> Result<String, StoreError> {
        sqlx::query("UPDATE tables SET rematch = $1 WHERE code = $2 AND rematch IS NULL")
            .bind(next)
            .bind(code)
            .execute(&self.pool)
            .await
            .map_err(err("set rematch"))?;
        self.rematch(code)
            .await?
            .ok_or_else(|| StoreError(format!("table {code} has no rematch after setting it")))
    }

    /// The follow-up table of a finished match, if one was started.
    pub async fn rematch(&self, code: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT rematch FROM tables WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await
            .map_err(err("read rematch"))?;
        Ok(row
            .map(|r| r.try_get::<Option<String>, _>("rematch"))
            .transpose()
            .map_err(err("rematch"))?
            .flatten())
    }

    /// Deletes a table nobody can reach (a follow-up table that lost the race to be
    /// recorded as the rematch).
    pub async fn delete_table(&self, code: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await.map_err(err("begin"))?;
        for q in [
            "DELETE FROM actions WHERE code = $1",
            "DELETE FROM leases WHERE code = $1",
            "DELETE FROM seats WHERE code = $1",
            "DELETE FROM tables WHERE code = $1",
        ] {
            sqlx::query(q)
                .bind(code)
                .execute(&mut *tx)
                .await
                .map_err(err("delete table"))?;
        }
        tx.commit().await.map_err(err("commit"))?;
        Ok(())
    }

    /// Gives a free human seat a name and token (and the account of a logged-in person);
    /// false if it was taken meanwhile.
    pub async fn take_seat(
        &self,
        code: &str,
        seat: usize,
        name: &str,
        token: &str,
        account: Option<i64>,
    ) -> Result<bool, StoreError> {
        let r = sqlx::query(
            "UPDATE seats SET name = $1, token = $2, account = $5 WHERE code = $3 AND seat = $4 AND kind = 'human' AND token IS NULL",
        )
        .bind(name)
        .bind(token)
        .bind(code)
        .bind(seat as i64)
        .bind(account)
        .execute(&self.pool)
        .await
        .map_err(err("take seat"))?;
        Ok(r.rows_affected() == 1)
    }

    /// Marks a table unloaded from memory for being idle (not an orphan to take over), or
    /// loaded again.
    pub async fn set_idle(&self, code: &str, idle: bool) -> Result<(), StoreError> {
        sqlx::query("UPDATE tables SET idle = $1 WHERE code = $2 AND idle <> $1")
            .bind(i64::from(idle))
            .bind(code)
            .execute(&self.pool)
            .await
            .map_err(err("set idle"))?;
        Ok(())
    }

    /// Records where a table stands.
    pub async fn set_status(&self, code: &str, status: Status) -> Result<(), StoreError> {
        sqlx::query("UPDATE tables SET status = $1 WHERE code = $2")
            .bind(status.as_str())
            .bind(code)
            .execute(&self.pool)
            .await
            .map_err(err("set status"))?;
        Ok(())
    }

    /// Stores one accepted action, only while `owner` holds the table's lease (so a
    /// process that lost its table can never write to it). Ok(false): the lease is gone.
    /// An error also comes when that place of the deal is already filled. With `finish`
    /// (the action ends the match) the table is marked finished and the result stored in
    /// the same transaction: the seam where a match ends (docs/architecture.md).
    #[allow(clippy::too_many_arguments)]
    pub async fn append_action(
        &self,
        code: &str,
        deal: usize,
        index: usize,
        seat: usize,
        token: &str,
        owner: &str,
        finish: Option<MatchResult>,
    ) -> Result<bool, StoreError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let p = Pending {
            code: code.to_string(),
            deal,
            index,
            seat,
            token: token.to_string(),
            owner: owner.to_string(),
            finish,
            reply,
        };
        match &self.writer {
            Some(w) => {
                w.send(p)
                    .map_err(|_| StoreError("the database writer has stopped".into()))?;
                answer
                    .await
                    .map_err(|_| StoreError("the database writer has stopped".into()))?
            }
            None => insert_alone(&self.pool, &p).await.map_err(err("store action")),
        }
    }

    /// Marks a table whose match is over finished and stores its result, if that was not
    /// done yet (a table stored before the result was, or by an older version): in one
    /// transaction. True when this call stored the result.
    pub async fn finish(&self, r: &MatchResult) -> Result<bool, StoreError> {
        let go = async {
            let mut tx = self.pool.begin().await?;
            let had = sqlx::query("SELECT 1 AS one FROM match_results WHERE code = $1")
                .bind(r.code.clone())
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            finish_match(&mut tx, r).await?;
            tx.commit().await?;
            Ok::<bool, sqlx::Error>(!had)
        };
        go.await.map_err(err("store the result"))
    }

    /// The stored result of a table's match, if it ended.
    pub async fn result(&self, code: &str) -> Result<Option<MatchResult>, StoreError> {
        let Some(row) =
            sqlx::query("SELECT winner, totals, deals, finished_ms FROM match_results WHERE code = $1")
                .bind(code)
                .fetch_optional(&self.pool)
                .await
                .map_err(err("read the result"))?
        else {
            return Ok(None);
        };
        let winner: Option<i64> = row.try_get("winner").map_err(err("winner"))?;
        let totals: String = row.try_get("totals").map_err(err("totals"))?;
        let deals: i64 = row.try_get("deals").map_err(err("deals"))?;
        Ok(Some(MatchResult {
            code: code.to_string(),
            winner: winner.map(|w| w as usize),
            totals: serde_json::from_str(&totals)
                .map_err(|e| StoreError(format!("table {code}: stored totals are not JSON: {e}")))?,
            deals: deals as usize,
            finished_ms: row.try_get("finished_ms").map_err(err("finished_ms"))?,
            rated: None,
            format: String::new(),
            players: Vec::new(),
        }))
    }

    /// The URL of the process holding a table's lease, if any.
    pub async fn lease_url(&self, code: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT url FROM leases WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await
            .map_err(err("read lease"))?;
        row.map(|r| r.try_get("url").map_err(err("url"))).transpose()
    }

    /// A table with its seats and actions, or None.
    pub async fn load_table(&self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT rules, seed, status, listed, fill_bot, fill_after_ms, created_ms, close_reason, rated, deadline_ms FROM tables WHERE code = $1",
        )
            .bind(code)
            .fetch_optional(&self.pool)
            .await
            .map_err(err("load table"))?
        else {
            return Ok(None);
        };
        let rules_text: String = row.try_get("rules").map_err(err("rules"))?;
        let rules_json: serde_json::Value = serde_json::from_str(&rules_text)
            .map_err(|e| StoreError(format!("table {code}: stored rules are not JSON: {e}")))?;
        let rules = Rules::from_json(&rules_json)
            .map_err(|e| StoreError(format!("table {code}: stored rules: {e}")))?;
        let seed: i64 = row.try_get("seed").map_err(err("seed"))?;
        let status: String = row.try_get("status").map_err(err("status"))?;
        let seats = sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} WHERE s.code = $1 ORDER BY s.seat"
        ))
        .bind(code)
        .fetch_all(&self.pool)
        .await
        .map_err(err("load seats"))?
        .iter()
        .map(seat_from_row)
        .collect::<Result<Vec<_>, _>>()?;
        let actions = self.actions(code).await?;
        Ok(Some(StoredTable {
            code: code.to_string(),
            rules,
            seed: seed as u64,
            status: match status.as_str() {
                "waiting" => Status::Waiting,
                "finished" => Status::Finished,
                "closed" => Status::Closed,
                _ => Status::Playing,
            },
            seats,
            actions,
            close_reason: row.try_get("close_reason").map_err(err("close_reason"))?,
            rated: row.try_get("rated").map_err(err("rated"))?,
            deadline_ms: row.try_get("deadline_ms").map_err(err("deadline_ms"))?,
            own_play: daily::own_play(&self.pool, code).await?,
            lobby: crate::model::LobbyOptions::from_row(&row).map_err(err("lobby options"))?,
        }))
    }

    /// Every stored action of a table as (deal, token), in order.
    pub async fn actions(&self, code: &str) -> Result<Vec<(usize, String)>, StoreError> {
        sqlx::query("SELECT deal, action FROM actions WHERE code = $1 ORDER BY deal, idx")
            .bind(code)
            .fetch_all(&self.pool)
            .await
            .map_err(err("load actions"))?
            .iter()
            .map(|r| {
                let d: i64 = r.try_get("deal").map_err(err("deal"))?;
                let a: String = r.try_get("action").map_err(err("action"))?;
                Ok((d as usize, a))
            })
            .collect()
    }

    /// Number of stored actions per table.
    pub async fn action_count(&self, code: &str) -> Result<usize, StoreError> {
        let r = sqlx::query("SELECT COUNT(*) AS n FROM actions WHERE code = $1")
            .bind(code)
            .fetch_one(&self.pool)
            .await
            .map_err(err("count actions"))?;
        let n: i64 = r.try_get("n").map_err(err("count"))?;
        Ok(n as usize)
    }

    /// Takes or renews the lease of a table for `owner` until `now + lease`. A lease held by
    /// another owner is taken only when it has run out, or when it names this very URL (a
    /// previous run of this process at the same address, which cannot be alive).
    pub async fn acquire_lease(
        &self,
        code: &str,
        owner: &str,
        url: &str,
        lease: Duration,
    ) -> Result<Lease, StoreError> {
        let now = now_ms();
        let expires = now + lease.as_millis() as i64;
        // A SQLite file has one serving process (a lock file keeps a second one out): it
        // owns every table at once, whatever a previous run left in the lease rows.
        let now = if self.backend == Backend::Sqlite {
            i64::MAX
        } else {
            now
        };
        // Whose lease it was, for the count of takeovers only (a race with another taker
        // can only miscount, never change who gets the lease).
        let before: Option<String> = if self.backend == Backend::Postgres {
            sqlx::query("SELECT owner FROM leases WHERE code = $1")
                .bind(code)
                .fetch_optional(&self.pool)
                .await
                .map_err(err("read lease"))?
                .map(|r| r.try_get("owner"))
                .transpose()
                .map_err(err("owner"))?
        } else {
            None
        };
        let r = sqlx::query(
            "INSERT INTO leases (code, owner, url, expires_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, url = excluded.url, \
             expires_ms = excluded.expires_ms \
             WHERE leases.owner = $2 OR leases.url = $3 OR leases.expires_ms < $5",
        )
        .bind(code)
        .bind(owner)
        .bind(url)
        .bind(expires)
        .bind(now)
        .execute(&self.pool)
        .await
        .map_err(err("acquire lease"))?;
        if r.rows_affected() == 1 {
            return Ok(Lease::Acquired {
                took_over: before.is_some_and(|o| o != owner),
            });
        }
        let row = sqlx::query("SELECT url FROM leases WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await
            .map_err(err("read lease"))?;
        match row {
            Some(r) => Ok(Lease::HeldBy(r.try_get("url").map_err(err("url"))?)),
            // Released between the two statements: try once more on the next request.
            None => Ok(Lease::HeldBy(url.to_string())),
        }
    }

    /// Renews a lease this owner holds ([`Renewed::Lost`] if another process took it),
    /// and reads an operator's request to close the table ([`Renewed::Close`]).
    pub async fn renew_lease(&self, code: &str, owner: &str, lease: Duration) -> Result<Renewed, StoreError> {
        let row =
            sqlx::query("UPDATE leases SET expires_ms = $1 WHERE code = $2 AND owner = $3 RETURNING closing")
                .bind(now_ms() + lease.as_millis() as i64)
                .bind(code)
                .bind(owner)
                .fetch_optional(&self.pool)
                .await
                .map_err(err("renew lease"))?;
        match row {
            None => Ok(Renewed::Lost),
            Some(r) => Ok(
                match r
                    .try_get::<Option<String>, _>("closing")
                    .map_err(err("closing"))?
                {
                    Some(reason) => Renewed::Close(reason),
                    None => Renewed::Held,
                },
            ),
        }
    }

    /// Gives a lease up so another process may take the table at once.
    pub async fn release_lease(&self, code: &str, owner: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM leases WHERE code = $1 AND owner = $2")
            .bind(code)
            .bind(owner)
            .execute(&self.pool)
            .await
            .map_err(err("release lease"))?;
        Ok(())
    }

    /// Tables being played whose lease has run out or was given up: orphans to take over.
    /// With SQLite (one process) every table being played that `owner` does not hold yet.
    pub async fn orphans(&self, limit: usize, owner: &str) -> Result<Vec<String>, StoreError> {
        let now = if self.backend == Backend::Sqlite {
            i64::MIN
        } else {
            now_ms()
        };
        sqlx::query(
            "SELECT t.code AS code FROM tables t LEFT JOIN leases l ON l.code = t.code \
             WHERE t.status = 'playing' AND t.idle = 0 AND (l.code IS NULL OR l.expires_ms < $1 OR \
             ($4 = 1 AND l.owner <> $3)) LIMIT $2",
        )
        .bind(now)
        .bind(limit as i64)
        .bind(owner.to_string())
        .bind(i64::from(self.backend == Backend::Sqlite))
        .fetch_all(&self.pool)
        .await
        .map_err(err("find orphans"))?
        .iter()
        .map(|r| r.try_get("code").map_err(err("code")))
        .collect()
    }
}

/// The PostgreSQL server the tests use (`BINOKEL_TEST_POSTGRES`). When it is not set, says so
/// loudly on the process's standard error (written past the test harness's capture, so a
/// plain `cargo test` shows it) and answers None: the caller skips its PostgreSQL test.
pub fn test_postgres_url(test: &str) -> Option<String> {
    match std::env::var("BINOKEL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {test}: PostgreSQL is not tested because BINOKEL_TEST_POSTGRES is not set. \
                 Run `bash scripts/test.sh` (it starts PostgreSQL), or set \
                 BINOKEL_TEST_POSTGRES=postgres://USER@HOST:PORT/DB for `cargo test`."
            );
            None
        }
    }
}

/// Creates an empty PostgreSQL database named `name` on the server of `admin_url` and
/// returns its URL: tests and load tests get a database of their own.
pub async fn create_postgres_database(admin_url: &str, name: &str) -> Result<String, StoreError> {
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        return Err(StoreError(format!("`{name}` is not a plain database name")));
    }
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut c = sqlx::AnyConnection::connect(admin_url)
        .await
        .map_err(|e| StoreError(format!("cannot connect to {}: {e}", redact(admin_url))))?;
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut c)
        .await
        .map_err(err("create database"))?;
    let _ = c.close().await;
    let (base, query) = match admin_url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin_url, String::new()),
    };
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let root = match base[after_scheme..].find('/') {
        Some(i) => &base[..after_scheme + i],
        None => base,
    };
    Ok(format!("{root}/{name}{query}"))
}

fn redact(url: &str) -> String {
    // Keep passwords out of error messages and logs.
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://...{}", &url[..s], &url[at..]),
        _ => url.to_string(),
    }
}

fn kind_name(k: SeatKind) -> &'static str {
    match k {
        SeatKind::Human => "human",
        SeatKind::Bot => "bot",
    }
}

/// One `seats` row as a [`StoredSeat`] (also read by the lobby's listing).
/// The columns [`seat_from_row`] reads, with the `FROM` of the seats (`s`) and their
/// accounts (`a`): a seat's name is resolved at read time, an account's as it is now.
pub(crate) const SEAT_COLUMNS: &str = "s.code, s.kind, s.bot, s.name, s.token, s.account, s.forfeit, \
     a.name AS account_name FROM seats s LEFT JOIN accounts a ON a.id = s.account";

/// A seat from a row of [`SEAT_COLUMNS`]. The seat of an account deleted since reads
/// "a former player".
pub(crate) fn seat_from_row(r: &AnyRow) -> Result<StoredSeat, StoreError> {
    let kind: String = r.try_get("kind").map_err(err("kind"))?;
    let account: Option<i64> = r.try_get("account").map_err(err("account"))?;
    let account_name: Option<String> = r.try_get("account_name").map_err(err("account name"))?;
    let former = account.is_some() && account_name.is_none();
    let name: Option<String> = r.try_get("name").map_err(err("name"))?;
    Ok(StoredSeat {
        kind: if kind == "bot" {
            SeatKind::Bot
        } else {
            SeatKind::Human
        },
        bot: r.try_get("bot").map_err(err("bot"))?,
        name: if former {
            Some(players::FORMER_PLAYER.to_string())
        } else if kind == "bot" {
            name
        } else {
            account_name.or(name)
        },
        token: r.try_get("token").map_err(err("token"))?,
        account,
        former,
        forfeit: r.try_get::<i64, _>("forfeit").map_err(err("forfeit"))? != 0,
    })
}

/// Waiting while a human seat is free, else playing.
pub fn initial_status(seats: &[StoredSeat]) -> Status {
    if seats
        .iter()
        .any(|s| s.kind == SeatKind::Human && s.token.is_none())
    {
        Status::Waiting
    } else {
        Status::Playing
    }
}

/// Why the stored actions of a table fail to replay: the table is set aside (never
/// served) until somebody repairs its stored actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The table's invite code.
    pub code: String,
    /// The deal of the action that fails (0-based).
    pub deal: usize,
    /// The action's place in that deal (0-based).
    pub index: usize,
    /// The stored action token, if the failure is one action's.
    pub action: Option<String>,
    /// The rules engine's reason (or what else is wrong).
    pub reason: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.action {
            Some(a) => write!(
                f,
                "table {}: stored action {} of deal {} (`{a}`) fails to replay: {}",
                self.code, self.index, self.deal, self.reason
            ),
            None => write!(
                f,
                "table {}: the stored actions fail to replay at deal {}, action {}: {}",
                self.code, self.deal, self.index, self.reason
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The text of a caught panic.
pub(crate) fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// Rebuilds the match of a stored table: the same deals (seeded) and every stored action,
/// each through the checked [`Game::play`]. A stored action that does not replay (not an
/// action, illegal there, or one the engine fails on, even by panicking) is an error naming
/// the table, the deal, the action's index and the engine's reason; nothing stored can make
/// this panic. None while human seats are free (the match has not begun).
pub fn rebuild_game(t: &StoredTable) -> Result<Option<Game>, ReplayError> {
    if initial_status(&t.seats) == Status::Waiting {
        return Ok(None);
    }
    let replay = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| replay_actions(t)));
    match replay {
        Ok(r) => r.map(Some),
        Err(p) => Err(ReplayError {
            code: t.code.clone(),
            deal: 0,
            index: 0,
            action: None,
            reason: format!("the rules engine panicked: {}", panic_text(&*p)),
        }),
    }
}

fn replay_actions(t: &StoredTable) -> Result<Game, ReplayError> {
    let mut game = Game::new(t.rules, seat_names(&t.seats));
    let mut index = 0;
    let mut last_deal = None;
    for (deal, token) in &t.actions {
        if last_deal != Some(*deal) {
            index = 0;
            last_deal = Some(*deal);
        }
        let bad = |reason: String| ReplayError {
            code: t.code.clone(),
            deal: *deal,
            index,
            action: Some(token.clone()),
            reason,
        };
        while game.deals().len() <= *deal {
            if !game.needs_deal() {
                return Err(bad(format!(
                    "deal {deal} has stored actions before its deal could begin"
                )));
            }
            let n = game.deals().len();
            game.start_seeded_deal(deal_seed(t.seed, n))
                .map_err(|e| bad(format!("deal {n} cannot be dealt: {e}")))?;
        }
        if game.deals().len() != deal + 1 {
            return Err(bad(format!("deal {deal} is stored after a later deal")));
        }
        let a = Action::parse(token, t.rules.low).map_err(|e| bad(format!("not an action: {e}")))?;
        let step = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.play(a)));
        match step {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => return Err(bad(e.to_string())),
            Err(p) => return Err(bad(format!("the rules engine panicked: {}", panic_text(&*p)))),
        }
        index += 1;
    }
    Ok(game)
}
