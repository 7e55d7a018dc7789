//! Accounts (issue #36; decisions in docs/accounts.md, routes in docs/protocol.md
//! "Accounts"): a name and an argon2id-hashed password, login sessions in the database behind
//! an `HttpOnly`, `SameSite=Lax` cookie, and the checks around them (the Origin rule, the
//! per-address limits, the growing delay per name). Guests play as before; an account is
//! optional.
//!
//! The parts: [`name`] (the canonical form), [`password`] (rules and hashing), [`throttle`]
//! (the delay after failures), [`store`](mod@store) (the SQL), [`session`] (the cookie and
//! the [`Login`] extractor), [`origin`] (the layer), the routes, and below the functions an
//! operator's tool calls (`binokel admin`): [`list`], [`disable`], [`enable`],
//! [`reset_password`].

pub mod name;
pub mod origin;
pub mod password;
mod routes;
pub mod session;
pub mod state;
pub mod store;
pub mod throttle;

pub use name::canonical;
pub(crate) use routes::routes;
pub use session::Login;
pub use state::Accounts;
pub use store::Account;

use crate::store::{Store, StoreError};

/// Why an operator's command failed.
#[derive(Debug)]
pub enum AdminError {
    /// No account has this name (nor one that looks the same).
    NoSuchAccount(String),
    /// The new password breaks the rules (the sentence says how).
    BadPassword(String),
    /// The database failed.
    Store(StoreError),
}

impl std::fmt::Display for AdminError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AdminError::NoSuchAccount(n) => {
                write!(f, "no account is named `{n}` (nor anything that looks like it)")
            }
            AdminError::BadPassword(m) => write!(f, "{m}"),
            AdminError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AdminError {}

impl From<StoreError> for AdminError {
    fn from(e: StoreError) -> AdminError {
        AdminError::Store(e)
    }
}

/// Every account, oldest first.
pub async fn list(store: &Store) -> Result<Vec<Account>, StoreError> {
    store::all(store).await
}

/// The account of a name (matched on its canonical form).
pub async fn find(store: &Store, name: &str) -> Result<Option<Account>, StoreError> {
    Ok(store::by_canonical(store, &canonical(name.trim()))
        .await?
        .map(|(a, _)| a))
}

async fn found(store: &Store, name: &str) -> Result<Account, AdminError> {
    find(store, name)
        .await?
        .ok_or_else(|| AdminError::NoSuchAccount(name.to_string()))
}

/// Disables an account: it cannot log in, and its sessions end at once.
pub async fn disable(store: &Store, name: &str) -> Result<Account, AdminError> {
    let a = found(store, name).await?;
    store::set_disabled(store, a.id, true).await?;
    found(store, name).await
}

/// Enables a disabled account again.
pub async fn enable(store: &Store, name: &str) -> Result<Account, AdminError> {
    let a = found(store, name).await?;
    store::set_disabled(store, a.id, false).await?;
    found(store, name).await
}

/// Sets a new password (the same rules as the owner's) and ends every session of the
/// account. Hashes on a blocking thread.
pub async fn reset_password(store: &Store, name: &str, new_password: &str) -> Result<Account, AdminError> {
    password::check(new_password).map_err(|(_, m)| AdminError::BadPassword(m))?;
    let a = found(store, name).await?;
    let p = new_password.to_string();
    let hash = tokio::task::spawn_blocking(move || password::hash_now(&p))
        .await
        .map_err(|e| AdminError::BadPassword(format!("the hashing thread failed: {e}")))?
        .map_err(AdminError::BadPassword)?;
    store::set_password(store, a.id, &hash, None).await?;
    Ok(a)
}

/// How many live login sessions an account has.
pub async fn session_count(store: &Store, account: &Account) -> Result<i64, StoreError> {
    store::session_count(store, account.id).await
}
