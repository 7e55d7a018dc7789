//! The accounts and login sessions in the database (migration `0434_accounts.sql`, the same
//! statements for SQLite and PostgreSQL).

use crate::store::{now_ms, Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

/// An account as stored, without its password hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The id: never given to another account, even after this one is deleted.
    pub id: i64,
    /// The name as its owner wrote it.
    pub name: String,
    /// The canonical form of the name ([`canonical`](super::canonical)).
    pub canonical: String,
    /// When it was made, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// Whether an operator disabled it (it cannot log in).
    pub disabled: bool,
}

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

const COLUMNS: &str = "a.id, a.name, a.canonical, a.created_ms, a.disabled";

fn account(r: &AnyRow) -> Result<Account, sqlx::Error> {
    Ok(Account {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        canonical: r.try_get("canonical")?,
        created_ms: r.try_get("created_ms")?,
        disabled: r.try_get::<i64, _>("disabled")? != 0,
    })
}

/// Stores a new account; None when its canonical name is taken.
pub(crate) async fn create(
    store: &Store,
    name: &str,
    canonical: &str,
    hash: &str,
) -> Result<Option<Account>, StoreError> {
    let created = now_ms();
    let row = sqlx::query(
        "INSERT INTO accounts (name, canonical, password, created_ms, disabled) VALUES ($1, $2, $3, $4, 0) \
         ON CONFLICT (canonical) DO NOTHING RETURNING id",
    )
    .bind(name)
    .bind(canonical)
    .bind(hash)
    .bind(created)
    .fetch_optional(store.pool())
    .await
    .map_err(err("create account"))?;
    row.map(|r| {
        Ok(Account {
            id: r.try_get("id")?,
            name: name.to_string(),
            canonical: canonical.to_string(),
            created_ms: created,
            disabled: false,
        })
    })
    .transpose()
    .map_err(err("create account"))
}

/// The account with this canonical name and its password hash.
pub(crate) async fn by_canonical(
    store: &Store,
    canonical: &str,
) -> Result<Option<(Account, String)>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS}, a.password FROM accounts a WHERE a.canonical = $1"
    ))
    .bind(canonical)
    .fetch_optional(store.pool())
    .await
    .map_err(err("read account"))?;
    row.map(|r| Ok((account(&r)?, r.try_get("password")?)))
        .transpose()
        .map_err(err("read account"))
}

/// Every account, oldest first.
pub(crate) async fn all(store: &Store) -> Result<Vec<Account>, StoreError> {
    let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM accounts a ORDER BY a.id"))
        .fetch_all(store.pool())
        .await
        .map_err(err("list accounts"))?;
    rows.iter()
        .map(account)
        .collect::<Result<_, _>>()
        .map_err(err("list accounts"))
}

/// The most login sessions one account keeps; a new login past it ends the oldest.
pub const MAX_SESSIONS: i64 = 50;

/// Stores a login session (the hash of its secret) until `expires_ms`; ends the account's
/// expired sessions, and its oldest beyond [`MAX_SESSIONS`].
pub(crate) async fn add_session(
    store: &Store,
    account: i64,
    token_hash: &str,
    expires_ms: i64,
) -> Result<(), StoreError> {
    let now = now_ms();
    sqlx::query("DELETE FROM login_sessions WHERE expires_ms <= $1")
        .bind(now)
        .execute(store.pool())
        .await
        .map_err(err("end expired sessions"))?;
    sqlx::query(
        "INSERT INTO login_sessions (token_hash, account, created_ms, expires_ms) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(account)
    .bind(now)
    .bind(expires_ms)
    .execute(store.pool())
    .await
    .map_err(err("store session"))?;
    // The new session stays; of the others the newest MAX_SESSIONS - 1 do.
    sqlx::query(
        "DELETE FROM login_sessions WHERE account = $1 AND token_hash <> $2 AND token_hash NOT IN \
         (SELECT token_hash FROM login_sessions WHERE account = $1 AND token_hash <> $2 \
          ORDER BY created_ms DESC, token_hash DESC LIMIT $3)",
    )
    .bind(account)
    .bind(token_hash)
    .bind(MAX_SESSIONS - 1)
    .execute(store.pool())
    .await
    .map_err(err("end old sessions"))?;
    Ok(())
}

/// The account of a live session (not expired, the account not disabled), and when the
/// session expires.
pub(crate) async fn session(store: &Store, token_hash: &str) -> Result<Option<(Account, i64)>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS}, s.expires_ms FROM login_sessions s JOIN accounts a ON a.id = s.account \
         WHERE s.token_hash = $1 AND s.expires_ms > $2 AND a.disabled = 0"
    ))
    .bind(token_hash)
    .bind(now_ms())
    .fetch_optional(store.pool())
    .await
    .map_err(err("read session"))?;
    row.map(|r| Ok((account(&r)?, r.try_get("expires_ms")?)))
        .transpose()
        .map_err(err("read session"))
}

/// Moves a session's expiry.
pub(crate) async fn refresh_session(
    store: &Store,
    token_hash: &str,
    expires_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE login_sessions SET expires_ms = $1 WHERE token_hash = $2")
        .bind(expires_ms)
        .bind(token_hash)
        .execute(store.pool())
        .await
        .map_err(err("refresh session"))?;
    Ok(())
}

/// Ends one session.
pub(crate) async fn end_session(store: &Store, token_hash: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM login_sessions WHERE token_hash = $1")
        .bind(token_hash)
        .execute(store.pool())
        .await
        .map_err(err("end session"))?;
    Ok(())
}

/// Ends every session of an account but `keep`; returns how many ended.
pub(crate) async fn end_sessions(store: &Store, account: i64, keep: Option<&str>) -> Result<u64, StoreError> {
    let r = sqlx::query("DELETE FROM login_sessions WHERE account = $1 AND token_hash <> $2")
        .bind(account)
        .bind(keep.unwrap_or(""))
        .execute(store.pool())
        .await
        .map_err(err("end sessions"))?;
    Ok(r.rows_affected())
}

/// Sets an account's password hash and ends its sessions but `keep`, in one transaction.
pub(crate) async fn set_password(
    store: &Store,
    account: i64,
    hash: &str,
    keep: Option<&str>,
) -> Result<(), StoreError> {
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    sqlx::query("UPDATE accounts SET password = $1 WHERE id = $2")
        .bind(hash)
        .bind(account)
        .execute(&mut *tx)
        .await
        .map_err(err("set password"))?;
    sqlx::query("DELETE FROM login_sessions WHERE account = $1 AND token_hash <> $2")
        .bind(account)
        .bind(keep.unwrap_or(""))
        .execute(&mut *tx)
        .await
        .map_err(err("end sessions"))?;
    tx.commit().await.map_err(err("commit"))
}

/// Disables or enables an account; disabling ends its sessions. False: no such account.
pub(crate) async fn set_disabled(store: &Store, account: i64, disabled: bool) -> Result<bool, StoreError> {
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    let r = sqlx::query("UPDATE accounts SET disabled = $1 WHERE id = $2")
        .bind(i64::from(disabled))
        .bind(account)
        .execute(&mut *tx)
        .await
        .map_err(err("disable account"))?;
    if disabled {
        sqlx::query("DELETE FROM login_sessions WHERE account = $1")
            .bind(account)
            .execute(&mut *tx)
            .await
            .map_err(err("end sessions"))?;
    }
    tx.commit().await.map_err(err("commit"))?;
    Ok(r.rows_affected() == 1)
}

/// Deletes an account and its sessions. Its id is never given again (the migration's
/// identity column), so what other tables store under it stays the former player's.
pub(crate) async fn delete(store: &Store, account: i64) -> Result<(), StoreError> {
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    // The person's data goes: sessions, ratings, match rows and the name at their seats
    // (which read "a former player" from now on; the seats keep the id, never given again).
    for q in [
        "DELETE FROM login_sessions WHERE account = $1",
        "DELETE FROM ratings WHERE account = $1",
        "DELETE FROM match_players WHERE account = $1",
        "DELETE FROM puzzle_players WHERE account = $1",
        "DELETE FROM puzzle_attempts WHERE account = $1",
        "DELETE FROM learn_steps WHERE account = $1",
        "UPDATE seats SET name = 'a former player' WHERE account = $1",
        "DELETE FROM accounts WHERE id = $1",
    ] {
        sqlx::query(q)
            .bind(account)
            .execute(&mut *tx)
            .await
            .map_err(err("delete account"))?;
    }
    tx.commit().await.map_err(err("commit"))
}

/// How many live login sessions an account has (for the operator and the tests).
pub(crate) async fn session_count(store: &Store, account: i64) -> Result<i64, StoreError> {
    let r = sqlx::query("SELECT COUNT(*) AS n FROM login_sessions WHERE account = $1 AND expires_ms > $2")
        .bind(account)
        .bind(now_ms())
        .fetch_one(store.pool())
        .await
        .map_err(err("count sessions"))?;
    r.try_get("n").map_err(err("count sessions"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_account_keeps_at_most_its_newest_sessions() {
        let path = std::env::temp_dir().join(format!(
            "binokel-unit-sessions-{:x}.sqlite3",
            rand::random::<u32>()
        ));
        let store = Store::open(&format!("sqlite://{}", path.display()))
            .await
            .unwrap();
        let a = create(&store, "Rosa", "rosa", "not a hash")
            .await
            .unwrap()
            .unwrap();
        let b = create(&store, "Sepp", "sepp", "not a hash")
            .await
            .unwrap()
            .unwrap();
        assert!(
            create(&store, "ROSA", "rosa", "x").await.unwrap().is_none(),
            "the canonical name is taken"
        );
        add_session(&store, b.id, "b-session", now_ms() + 60_000)
            .await
            .unwrap();
        for i in 0..MAX_SESSIONS + 2 {
            add_session(&store, a.id, &format!("a-{i:03}"), now_ms() + 60_000)
                .await
                .unwrap();
        }
        assert_eq!(session_count(&store, a.id).await.unwrap(), MAX_SESSIONS);
        assert!(
            session(&store, "a-000").await.unwrap().is_none(),
            "the oldest ended"
        );
        let last = format!("a-{:03}", MAX_SESSIONS + 1);
        assert_eq!(session(&store, &last).await.unwrap().unwrap().0, a);
        assert_eq!(
            session_count(&store, b.id).await.unwrap(),
            1,
            "another account keeps its own"
        );
        // An expired session is not a login, and the next login deletes it.
        add_session(&store, b.id, "b-expired", now_ms() - 1)
            .await
            .unwrap();
        assert!(session(&store, "b-expired").await.unwrap().is_none());
        store.close().await;
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", path.display()));
        }
    }
}
