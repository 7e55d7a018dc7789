//! `GET /api/lessons`: the course of Learn Binokel with every step's answer computed by the
//! rules engine ([`binokel_ai::lessons::course`]); the browser checks answers against it
//! and keeps the progress in localStorage (docs/learn.md).

use crate::shared::Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::{Arc, LazyLock};

/// The answer, built once: the shipped course does not change while the server runs.
static COURSE: LazyLock<Result<String, String>> = LazyLock::new(|| {
    binokel_ai::lessons::course().map(|lessons| serde_json::json!({ "lessons": lessons }).to_string())
});

/// The route of this module, merged into the server's router.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new().route("/api/lessons", get(lessons))
}

async fn lessons() -> Response {
    match &*COURSE {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body.clone()).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.clone()).into_response(),
    }
}
