//! The router: every route of the server in one place, and the layers that apply to all of
//! them (the body limit, the JSON shape of axum's own refusals, the security headers).

use crate::metrics::Via;
use crate::shared::Shared;
use crate::{accounts, api, connection, daily, lobby, pad, players, reply, review};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header;
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/health", get(api::tables::health))
        .route("/api/tables", post(api::tables::create))
        .route("/api/tables/{code}", get(api::tables::summary))
        .route("/api/tables/{code}/join", post(api::tables::join))
        .route("/api/tables/{code}/record", get(api::tables::record))
        .route("/ws", get(connection::upgrade))
        .merge(pad::routes())
        .merge(lobby::routes())
        .merge(review::routes())
        .merge(api::rules::routes())
        .merge(api::puzzles::routes())
        .merge(api::lessons::routes())
        .merge(accounts::routes())
        .merge(players::api::routes())
        .merge(crate::tournaments::api::routes())
        .merge(crate::learning::routes())
        .merge(daily::routes())
        .fallback(get(api::assets::asset))
        .layer(DefaultBodyLimit::max(crate::protocol::MAX_MESSAGE_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            accounts::origin::check,
        ))
        .layer(axum::middleware::from_fn(reply::json_refusals))
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            count_refusals,
        ))
        .layer(axum::middleware::from_fn(security_headers))
        .with_state(shared)
}

/// Counts every refused request in `binokel_refusals_total{via="http"}` by its error code
/// (an answer of 400 or more without one, such as a missing page, by `status_NNN`).
async fn count_refusals(
    State(s): State<Arc<Shared>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let r = next.run(req).await;
    if let Some(code) = r.extensions().get::<reply::RefusedCode>() {
        s.metrics.refused(Via::Http, &code.0);
    } else if r.status().is_client_error() || r.status().is_server_error() {
        s.metrics
            .refused(Via::Http, &format!("status_{}", r.status().as_u16()));
    }
    r
}

/// The security headers of every answer: scripts, styles and everything else only from this
/// server (no inline script, no inline event handler), no framing by other sites, no
/// content-type sniffing, no referrer sent to other sites.
async fn security_headers(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        h.insert(name.clone(), header::HeaderValue::from_static(value));
    }
    r
}

/// The headers [`security_headers`] sets.
pub(crate) const SECURITY_HEADERS: &[(header::HeaderName, &str)] = &[
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
         connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'",
    ),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
];
