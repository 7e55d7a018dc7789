//! The Origin check of state-changing requests (docs/accounts.md, "The Origin rule"): a
//! request other than GET, HEAD or OPTIONS that carries the login cookie, or that goes to
//! the account routes (`/api/accounts...`, `/api/session...`), must come from this site.
//!
//! - `Origin` present: it must be this site: the origin of `--public-url`, or the origin
//!   whose host and port are the request's `Host` (with an https public URL, over https).
//!   `null`, another site, or a value that is no origin is refused: `403 bad_origin`.
//! - `Origin` absent: browsers send it with every such request, so its absence means a
//!   client that is no browser (curl, a script), which a forged page cannot drive; it is
//!   let through, unless `Sec-Fetch-Site` says the request comes from another site.

use super::session::cookie_name;
use crate::reply::ApiError;
use crate::shared::Shared;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The layer: refuses a forged Origin before the route runs.
pub async fn check(State(shared): State<Arc<Shared>>, req: Request, next: Next) -> Response {
    if needs_check(&req, shared.accounts.secure) {
        if let Err(e) = same_site(req.headers(), shared.config.public_url.as_deref()) {
            return e.into_response();
        }
    }
    next.run(req).await
}

fn needs_check(req: &Request, secure: bool) -> bool {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    let path = req.uri().path();
    let account_route = path.starts_with("/api/accounts") || path.starts_with("/api/session");
    let name = cookie_name(secure);
    let cookie = req
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(';').any(|p| p.trim().split('=').next() == Some(name)));
    account_route || cookie
}

fn forged(message: String) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "bad_origin", message)
}

/// (scheme, host, port) of an origin or URL, the host in lower case, the port filled in.
fn parts(s: &str) -> Option<(String, String, u16)> {
    let u: Uri = s.trim().parse().ok()?;
    let scheme = u.scheme_str()?.to_ascii_lowercase();
    let default = match scheme.as_str() {
        "https" => 443,
        "http" => 80,
        _ => return None,
    };
    let host = u.host()?.to_ascii_lowercase();
    Some((scheme, host, u.port_u16().unwrap_or(default)))
}

/// Ok when the request's Origin is this site, or it has none and `Sec-Fetch-Site` does not
/// say another site sent it (see the module page).
pub fn same_site(headers: &HeaderMap, public_url: Option<&str>) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        let fetch_site = headers
            .get("sec-fetch-site")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        return match fetch_site {
            "cross-site" | "same-site" => Err(forged(format!(
                "the request came from another site (Sec-Fetch-Site: {fetch_site}) without an Origin; \
                 this route takes requests from this site only"
            ))),
            _ => Ok(()),
        };
    };
    let text = origin.to_str().unwrap_or("");
    let Some(o) = parts(text) else {
        return Err(forged(format!(
            "the Origin `{}` is not this site; this route takes requests from this site only",
            text.chars().take(100).collect::<String>()
        )));
    };
    let public = public_url.and_then(parts);
    if public.as_ref() == Some(&o) {
        return Ok(());
    }
    let https_only = public.as_ref().is_some_and(|p| p.0 == "https");
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| parts(&format!("{}://{h}", o.0)));
    if host.as_ref() == Some(&o) && !(https_only && o.0 != "https") {
        return Ok(());
    }
    Err(forged(format!(
        "the Origin `{text}` is not this site; this route takes requests from this site only"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn h(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut m = HeaderMap::new();
        for (k, v) in pairs {
            m.append(*k, HeaderValue::from_static(v));
        }
        m
    }

    #[test]
    fn the_host_or_the_public_url_is_this_site() {
        let ok = |hs: &[(&'static str, &'static str)], p| same_site(&h(hs), p).is_ok();
        assert!(ok(
            &[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:8080")],
            None
        ));
        assert!(ok(
            &[("host", "Club.Example"), ("origin", "https://club.example:443")],
            None
        ));
        assert!(!ok(
            &[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:9999")],
            None
        ));
        assert!(!ok(
            &[("host", "club.example"), ("origin", "https://evil.example")],
            None
        ));
        assert!(!ok(&[("host", "club.example"), ("origin", "null")], None));
        // Behind a proxy that rewrites Host, the public URL names the site.
        let p = Some("https://club.example/p1");
        assert!(ok(
            &[("host", "127.0.0.1:8081"), ("origin", "https://club.example")],
            p
        ));
        // With an https public URL, a plain-http page on the same host is not this site.
        assert!(!ok(
            &[("host", "club.example"), ("origin", "http://club.example")],
            p
        ));
        // No Origin: a client that is no browser, unless Sec-Fetch-Site says otherwise.
        assert!(ok(&[("host", "club.example")], None));
        assert!(ok(&[("sec-fetch-site", "same-origin")], None));
        assert!(!ok(&[("sec-fetch-site", "cross-site")], None));
    }
}
