//! `GET /api/rules`: every preset and every option the server plays, with the scoring
//! constants, from the rules crate's one declaration ([`binokel::catalog::catalog`]). The
//! browser reads its presets and option defaults from it (docs/protocol.md, "The rules").

use crate::shared::Shared;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::sync::{Arc, LazyLock};

/// The answer, built once: the rules do not change while the server runs.
static CATALOG: LazyLock<String> = LazyLock::new(|| binokel::catalog::catalog().to_string());

/// The route of this module, merged into the server's router.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new().route("/api/rules", get(rules))
}

async fn rules() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], CATALOG.as_str())
}
