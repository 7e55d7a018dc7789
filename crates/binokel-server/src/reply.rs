//! What an HTTP route answers when it does not answer its resource: one error type,
//! [`ApiError`], for every route (a table, the lobby, a pad, a review), the JSON body
//! extractor [`ApiJson`], the redirect to the process that owns a table ([`moved`]), and
//! the layer that gives axum's own refusals (405, 413) the same JSON shape
//! ([`json_refusals`]). The shape is documented in docs/protocol.md: `{"error": CODE,
//! "message": SENTENCE}`, with `field` when one field is at fault and other members where a
//! route documents them (a pad's `state`, a record's `verdict`), and `Retry-After` on a
//! `429`.

use crate::protocol::{ErrorCode, Refusal, MAX_MESSAGE_BYTES, MAX_REVIEW_BODY};
use crate::store::StoreError;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

/// A refused HTTP request: the status, the error code, a sentence naming what was wrong,
/// and the documented extras (see the module page).
#[derive(Debug)]
pub struct ApiError(Box<Refused>);

/// What an [`ApiError`] holds (boxed: an error travels in many `Result`s).
#[derive(Debug)]
struct Refused {
    status: StatusCode,
    error: Cow<'static, str>,
    message: String,
    extra: Map<String, Value>,
    retry_after: Option<u64>,
    allow: Option<HeaderValue>,
}

impl ApiError {
    /// A refusal with its status, code and sentence.
    pub fn new(
        status: StatusCode,
        error: impl Into<Cow<'static, str>>,
        message: impl Into<String>,
    ) -> ApiError {
        ApiError(Box::new(Refused {
            status,
            error: error.into(),
            message: message.into(),
            extra: Map::new(),
            retry_after: None,
            allow: None,
        }))
    }

    /// `400 bad_request` naming the field at fault.
    pub fn field(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message).with("field", json!(field.into()))
    }

    /// `400 bad_request`.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// The same refusal with one more member in its body.
    pub fn with(mut self, key: &str, value: Value) -> ApiError {
        self.0.extra.insert(key.to_string(), value);
        self
    }

    /// The same refusal with a `Retry-After` of `secs` seconds.
    pub fn retry_after(mut self, secs: u64) -> ApiError {
        self.0.retry_after = Some(secs);
        self
    }
}

/// A protocol refusal over HTTP: the status of [`ErrorCode::http_status`]; a table
/// creation refused by a cap (`429 too_many_tables`) says to retry in a minute unless the
/// caller gives the time.
impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        let status = StatusCode::from_u16(r.error.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
        let e = ApiError::new(status, r.error.name(), r.message);
        if r.error == ErrorCode::TooManyTables {
            e.retry_after(60)
        } else {
            e
        }
    }
}

/// The database failed: `503 unavailable`.
impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let this = *self.0;
        let code = RefusedCode(this.error.clone());
        let mut body = Map::new();
        body.insert("error".into(), json!(this.error));
        body.insert("message".into(), json!(this.message));
        body.extend(this.extra);
        let mut r = (this.status, Json(Value::Object(body))).into_response();
        if let Some(secs) = this.retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if let Some(a) = this.allow {
            r.headers_mut().insert(header::ALLOW, a);
        }
        r.extensions_mut().insert(code);
        r
    }
}

/// The error code of a refused request, kept on its response for the count of refusals
/// (`binokel_refusals_total`, router.rs).
#[derive(Clone, Debug)]
pub struct RefusedCode(pub Cow<'static, str>);

/// What a JSON request body is, for the sentence of its refusal.
pub trait Body: DeserializeOwned + Default {
    /// "the body is not WHAT: ...".
    const WHAT: &'static str = "a valid request";
    /// Whether an empty body (or only white space) is the default request; if not, it is
    /// refused like any body that is not JSON.
    const EMPTY_IS_DEFAULT: bool = true;
}

/// A JSON request body: an empty body (or only white space) is the request's default, a
/// body that is not one is `400 bad_request` saying what it should be.
pub struct ApiJson<T>(pub T);

impl<T: Body, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = axum::body::Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too_large",
                    format!(
                        "the body is more than {} KiB, the most this route takes",
                        MAX_MESSAGE_BYTES / 1024
                    ),
                )
            } else {
                ApiError::new(e.status(), "bad_request", e.body_text())
            }
        })?;
        if T::EMPTY_IS_DEFAULT && bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(ApiJson(T::default()));
        }
        serde_json::from_slice(&bytes)
            .map(ApiJson)
            .map_err(|e| ApiError::bad_request(format!("the body is not {}: {e}", T::WHAT)))
    }
}

/// `307` to the same path at the process `base` that owns the table (307 keeps the method
/// and body, so a POST join is repeated at the owner).
pub fn moved(base: &str, path: &str) -> Response {
    (
        StatusCode::TEMPORARY_REDIRECT,
        [(header::LOCATION, format!("{base}{path}"))],
    )
        .into_response()
}

/// Answers the refusals that axum makes before a handler runs, or for a handler's body
/// extractor, in the API's JSON shape (a layer of the whole router, so every route answers
/// so): `405` (with its `Allow` header kept) and `413` (a body over the server's limit).
pub async fn json_refusals(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let limit = if req.uri().path() == "/api/reviews" {
        MAX_REVIEW_BODY
    } else {
        MAX_MESSAGE_BYTES
    };
    let r = next.run(req).await;
    let json = r
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if json {
        return r;
    }
    match r.status() {
        StatusCode::METHOD_NOT_ALLOWED => {
            let allow = r.headers().get(header::ALLOW).cloned();
            let takes = allow
                .as_ref()
                .and_then(|a| a.to_str().ok())
                .map(|a| format!("; it takes {a}"))
                .unwrap_or_default();
            let mut e = ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                format!("{method} is not allowed on this route{takes}"),
            );
            e.0.allow = allow;
            e.into_response()
        }
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!(
                "the body is more than {} KiB, the most this route takes",
                limit / 1024
            ),
        )
        .into_response(),
        _ => r,
    }
}
