//! The account routes (docs/protocol.md, "Accounts"): sign up, log in, who am I, log out,
//! log out everywhere, change the password, delete the account.

use super::name::{canonical, check as check_name};
use super::password;
use super::session::{self, Login};
use super::store::{self, Account};
use crate::address::ClientAddr;
use crate::reply::{ApiError, ApiJson, Body};
use crate::shared::Shared;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::net::IpAddr;
use std::sync::Arc;

type App = State<Arc<Shared>>;

pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/accounts", post(sign_up))
        .route("/api/accounts/{name}", delete(delete_account))
        .route("/api/accounts/{name}/password", put(change_password))
        .route("/api/session", post(log_in).get(who_am_i).delete(log_out))
        .route("/api/sessions", delete(log_out_everywhere))
}

/// `{"name", "password"}`: a sign-up or a login.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: Option<String>,
    password: Option<String>,
}

impl Body for Credentials {
    const EMPTY_IS_DEFAULT: bool = false;
    const WHAT: &'static str = "`{\"name\": NAME, \"password\": PASSWORD}`";
}

/// `{"password"}` (deleting the account) or `{"password", "new_password"}` (changing it).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PasswordBody {
    password: Option<String>,
    new_password: Option<String>,
}

impl Body for PasswordBody {
    const EMPTY_IS_DEFAULT: bool = false;
    const WHAT: &'static str = "`{\"password\": PASSWORD}` (and `\"new_password\"` to change it)";
}

fn required(value: Option<String>, field: &str) -> Result<String, ApiError> {
    value.ok_or_else(|| ApiError::field(field, format!("`{field}` is missing")))
}

fn password_rule(p: &str, field: &str) -> Result<(), ApiError> {
    password::check(p).map_err(|(code, message)| {
        ApiError::new(StatusCode::BAD_REQUEST, code, format!("`{field}`: {message}"))
            .with("field", json!(field))
    })
}

fn busy() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "the server is checking too many passwords at once; try again in a few seconds",
    )
    .retry_after(5)
}

/// The JSON of an account, as its owner sees it.
fn account_json(a: &Account) -> serde_json::Value {
    json!({"id": a.id, "name": a.name, "created_ms": a.created_ms})
}

/// Starts a login session for `account`: the answer with its cookie.
async fn start_session(s: &Shared, account: &Account, status: StatusCode) -> Result<Response, ApiError> {
    let secret = session::new_secret();
    store::add_session(
        &s.store,
        account.id,
        &session::digest(&secret),
        session::expiry_from_now(),
    )
    .await?;
    let mut r = (status, Json(account_json(account))).into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        session::set_cookie(s.accounts.secure, &secret),
    );
    Ok(r)
}

/// `204` that clears the login cookie.
fn logged_out(s: &Shared) -> Response {
    let mut r = StatusCode::NO_CONTENT.into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, session::set_cookie(s.accounts.secure, ""));
    r
}

/// Checks a password for the name whose canonical form is `canon` (its hash `phc`, None for
/// a name nobody holds): counted against the client's login limit, answered after the
/// name's delay, hashed in a bounded slot. Ok(true) only for the right password.
async fn check_password(
    s: &Shared,
    client: IpAddr,
    canon: &str,
    password: &str,
    phc: Option<String>,
) -> Result<bool, ApiError> {
    s.accounts.logins.check(client).map_err(|wait| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_logins",
            format!(
                "this address tried {} passwords in the last minute, the most it may; try again in {wait} s",
                s.accounts.logins.limit()
            ),
        )
        .retry_after(wait)
    })?;
    let delay = s.accounts.throttle.delay(canon);
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let ok = s.accounts.hasher.verify(password, phc).await.ok_or_else(busy)?;
    if ok {
        s.accounts.throttle.succeeded(canon);
    } else {
        s.accounts.throttle.failed(canon);
    }
    Ok(ok)
}

/// `POST /api/accounts`.
async fn sign_up(
    State(s): App,
    ClientAddr(client): ClientAddr,
    ApiJson(b): ApiJson<Credentials>,
) -> Result<Response, ApiError> {
    let name = required(b.name, "name")?;
    let name = check_name(&name).map_err(|m| ApiError::field("name", format!("`name`: {m}")))?;
    let pw = required(b.password, "password")?;
    password_rule(&pw, "password")?;
    s.accounts.signups.check(client).map_err(|wait| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_signups",
            format!(
                "this address made {} accounts in the last minute, the most it may; try again in {wait} s",
                s.accounts.signups.limit()
            ),
        )
        .retry_after(wait)
    })?;
    let canon = canonical(&name);
    let taken = || {
        ApiError::new(
            StatusCode::CONFLICT,
            "name_taken",
            format!("the name `{name}` is taken: an account has it or a name that looks the same"),
        )
        .with("field", json!("name"))
    };
    if store::by_canonical(&s.store, &canon).await?.is_some() {
        return Err(taken());
    }
    let hash = s
        .accounts
        .hasher
        .hash(&pw)
        .await
        .ok_or_else(busy)?
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e))?;
    let account = store::create(&s.store, &name, &canon, &hash)
        .await?
        .ok_or_else(taken)?;
    tracing::info!(account = account.id, "account created");
    start_session(&s, &account, StatusCode::CREATED).await
}

/// `POST /api/session`: the same `401 wrong_login` for an unknown name and a wrong password.
async fn log_in(
    State(s): App,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    ApiJson(b): ApiJson<Credentials>,
) -> Result<Response, ApiError> {
    let name = required(b.name, "name")?;
    let name = check_name(&name).map_err(|m| ApiError::field("name", format!("`name`: {m}")))?;
    let pw = required(b.password, "password")?;
    if pw.len() > password::MAX_PASSWORD_BYTES {
        password_rule(&pw, "password")?;
    }
    let canon = canonical(&name);
    let found = store::by_canonical(&s.store, &canon).await?;
    let (account, phc) = match found {
        Some((a, h)) => (Some(a), Some(h)),
        None => (None, None),
    };
    let ok = check_password(&s, client, &canon, &pw, phc).await?;
    let account = match account {
        Some(a) if ok => a,
        _ => {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "wrong_login",
                "the name or the password is wrong",
            ))
        }
    };
    if account.disabled {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "account_disabled",
            "this account is disabled by the server's operator",
        ));
    }
    // A login from a browser that was logged in already replaces that session.
    if let Some(old) = session::secret_of(&headers, s.accounts.secure) {
        store::end_session(&s.store, &session::digest(&old)).await?;
    }
    start_session(&s, &account, StatusCode::OK).await
}

/// `GET /api/session`: the logged-in account; moves the session's expiry on (at most once
/// a day).
async fn who_am_i(State(s): App, headers: HeaderMap, login: Login) -> Result<Response, ApiError> {
    let mut r = Json(account_json(&login.account)).into_response();
    if session::due_for_refresh(login.expires_ms) {
        store::refresh_session(&s.store, &login.token_hash, session::expiry_from_now()).await?;
        if let Some(secret) = session::secret_of(&headers, s.accounts.secure) {
            r.headers_mut().insert(
                header::SET_COOKIE,
                session::set_cookie(s.accounts.secure, &secret),
            );
        }
    }
    Ok(r)
}

/// `DELETE /api/session`: ends this session (if any) and clears the cookie.
async fn log_out(State(s): App, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(secret) = session::secret_of(&headers, s.accounts.secure) {
        store::end_session(&s.store, &session::digest(&secret)).await?;
    }
    Ok(logged_out(&s))
}

/// `DELETE /api/sessions`: ends every session of the account, this one too.
async fn log_out_everywhere(State(s): App, login: Login) -> Result<Response, ApiError> {
    let n = store::end_sessions(&s.store, login.account.id, None).await?;
    tracing::info!(account = login.account.id, sessions = n, "logged out everywhere");
    Ok(logged_out(&s))
}

/// The account of the path, which must be the logged-in one (`403 not_yours`).
fn own(login: &Login, name: &str) -> Result<(), ApiError> {
    if canonical(name.trim()) == login.account.canonical {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_yours",
            format!("`{name}` is not the account you are logged in as"),
        ))
    }
}

fn wrong_password() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "wrong_password",
        "the password is wrong",
    )
    .with("field", json!("password"))
}

/// Checks the logged-in account's password (the body's `password`).
async fn confirm(s: &Shared, client: IpAddr, login: &Login, pw: &str) -> Result<(), ApiError> {
    if pw.len() > password::MAX_PASSWORD_BYTES {
        return Err(wrong_password());
    }
    let phc = store::by_canonical(&s.store, &login.account.canonical)
        .await?
        .map(|(_, h)| h);
    if check_password(s, client, &login.account.canonical, pw, phc).await? {
        Ok(())
    } else {
        Err(wrong_password())
    }
}

/// `PUT /api/accounts/{name}/password`: needs the old password; every other session ends.
async fn change_password(
    State(s): App,
    ClientAddr(client): ClientAddr,
    Path(name): Path<String>,
    login: Login,
    ApiJson(b): ApiJson<PasswordBody>,
) -> Result<Response, ApiError> {
    own(&login, &name)?;
    let old = required(b.password, "password")?;
    let new = required(b.new_password, "new_password")?;
    password_rule(&new, "new_password")?;
    confirm(&s, client, &login, &old).await?;
    let hash = s
        .accounts
        .hasher
        .hash(&new)
        .await
        .ok_or_else(busy)?
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e))?;
    store::set_password(&s.store, login.account.id, &hash, Some(&login.token_hash)).await?;
    tracing::info!(account = login.account.id, "password changed");
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `DELETE /api/accounts/{name}`: needs the password; the account and its sessions go.
async fn delete_account(
    State(s): App,
    ClientAddr(client): ClientAddr,
    Path(name): Path<String>,
    login: Login,
    ApiJson(b): ApiJson<PasswordBody>,
) -> Result<Response, ApiError> {
    own(&login, &name)?;
    let pw = required(b.password, "password")?;
    confirm(&s, client, &login, &pw).await?;
    store::delete(&s.store, login.account.id).await?;
    // Finished games kept in memory hold the seats' names as they were read.
    s.finished.clear();
    tracing::info!(account = login.account.id, "account deleted");
    Ok(logged_out(&s))
}
