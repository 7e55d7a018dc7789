//! The login cookie (docs/accounts.md, "The login cookie"): a 256-bit secret from the
//! operating system's generator, sent as an `HttpOnly`, `SameSite=Lax` cookie (`Secure`, and
//! named with the `__Host-` prefix, when the public URL is https); the database keeps only
//! its SHA-256. [`Login`] is the extractor of a route that needs a logged-in person.

use super::store::{self, Account};
use crate::reply::ApiError;
use crate::shared::Shared;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use cookie::{Cookie, SameSite};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// How long a login lasts without the page asking who is logged in (`GET /api/session`
/// moves it on).
pub const SESSION_DAYS: i64 = 30;
const DAY_MS: i64 = 24 * 3600 * 1000;

/// The cookie's name: `__Host-binokel_login` when it is `Secure` (the browser then takes it
/// only from this host, over https, for the whole site), else `binokel_login`.
pub fn cookie_name(secure: bool) -> &'static str {
    if secure {
        "__Host-binokel_login"
    } else {
        "binokel_login"
    }
}

/// A fresh session secret: 32 bytes of the operating system's generator, in hex.
pub(crate) fn new_secret() -> String {
    let mut b = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// What the database keeps of a secret: its SHA-256, in hex.
pub(crate) fn digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// When a session made or refreshed now expires.
pub(crate) fn expiry_from_now() -> i64 {
    crate::store::now_ms() + SESSION_DAYS * DAY_MS
}

/// The `Set-Cookie` that logs in with `secret` (empty: the one that logs out).
pub(crate) fn set_cookie(secure: bool, secret: &str) -> HeaderValue {
    let max_age = if secret.is_empty() {
        cookie::time::Duration::ZERO
    } else {
        cookie::time::Duration::days(SESSION_DAYS)
    };
    let c = Cookie::build((cookie_name(secure), secret.to_string()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(max_age)
        .build();
    HeaderValue::from_str(&c.to_string()).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The login secret a request carries in its `Cookie` headers, if any.
pub(crate) fn secret_of(headers: &HeaderMap, secure: bool) -> Option<String> {
    let name = cookie_name(secure);
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| Cookie::split_parse(v.to_string()))
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value().to_string())
        .filter(|v| !v.is_empty())
}

/// The logged-in person of a request: a live session of an account that is not disabled.
/// A route that takes it answers `401 not_logged_in` without one.
#[derive(Clone, Debug)]
pub struct Login {
    /// The account.
    pub account: Account,
    /// The SHA-256 of the session's secret (its key in the database).
    pub(crate) token_hash: String,
    /// When the session expires.
    pub(crate) expires_ms: i64,
}

/// `401 not_logged_in`.
pub(crate) fn not_logged_in() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "not_logged_in",
        "this needs a login: no live login session came with the request (log in with POST /api/session)",
    )
}

impl Login {
    /// The login of a request's headers, if it carries a live one.
    pub(crate) async fn of(shared: &Shared, headers: &HeaderMap) -> Result<Option<Login>, ApiError> {
        let Some(secret) = secret_of(headers, shared.accounts.secure) else {
            return Ok(None);
        };
        let token_hash = digest(&secret);
        Ok(store::session(&shared.store, &token_hash)
            .await?
            .map(|(account, expires_ms)| Login {
                account,
                token_hash,
                expires_ms,
            }))
    }
}

impl FromRequestParts<Arc<Shared>> for Login {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, s: &Arc<Shared>) -> Result<Login, ApiError> {
        Login::of(s, &parts.headers).await?.ok_or_else(not_logged_in)
    }
}

/// Whether a session that expires at `expires_ms` is due to be moved on (more than a day
/// since it was last).
pub(crate) fn due_for_refresh(expires_ms: i64) -> bool {
    expires_ms < expiry_from_now() - DAY_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_only_over_https() {
        let plain = set_cookie(false, "abc");
        let p = plain.to_str().unwrap();
        assert!(p.starts_with("binokel_login=abc"), "{p}");
        for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
            assert!(p.contains(part), "{p} lacks {part}");
        }
        assert!(!p.contains("Secure"), "{p}");
        let tls = set_cookie(true, "abc");
        let t = tls.to_str().unwrap();
        assert!(
            t.starts_with("__Host-binokel_login=abc") && t.contains("Secure"),
            "{t}"
        );
        assert!(set_cookie(false, "").to_str().unwrap().contains("Max-Age=0"));
    }

    #[test]
    fn the_secret_is_read_from_any_cookie_header() {
        let mut h = HeaderMap::new();
        h.append(
            header::COOKIE,
            HeaderValue::from_static("a=1; binokel_login=s3cret"),
        );
        assert_eq!(secret_of(&h, false).as_deref(), Some("s3cret"));
        assert_eq!(secret_of(&h, true), None);
        assert_eq!(new_secret().len(), 64);
        assert_ne!(new_secret(), new_secret());
        assert_eq!(digest("x").len(), 64);
    }
}
