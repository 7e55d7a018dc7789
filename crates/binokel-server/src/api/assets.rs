//! The browser's files (web/), embedded in the binary and served as they are.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "../../web/"]
#[allow_missing = true]
struct Assets;

/// One embedded file by its path (`/` is `index.html`), or a plain `404`.
pub(crate) async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    // web/test holds the JavaScript tests and their fixtures (docs/web.md), not the site.
    let file = if path.starts_with("test/") {
        None
    } else {
        Assets::get(path)
    };
    match file {
        Some(f) => (
            [(header::CONTENT_TYPE, f.metadata.mimetype().to_string())],
            f.data.into_owned(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, format!("no file `/{path}`")).into_response(),
    }
}
