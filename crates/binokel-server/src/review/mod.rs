//! Game reviews over HTTP (issue #21, docs/protocol.md "Reviews"): `POST /api/reviews`
//! starts the review of a finished match (a table's code, or a `binokel-record/1` sent
//! along), `GET /api/reviews/{id}` answers its progress while it runs and the
//! `binokel-review/3` document with the record once it is done. The review itself is
//! [`binokel_ai::review::review_record`]; it runs in the bounded queue of [`queue`] and is
//! stored by [`store`] under an id derived from the record's content and the budget, so a
//! second request for the same match is answered from the database at once, and the share
//! link `/#/review/{id}` opens it for anyone.

pub mod queue;
pub mod store;

use crate::address::ClientAddr;
use crate::protocol::{ErrorCode, Refusal, Status};
use crate::reply::{ApiError, ApiJson, Body};
use crate::shared::Shared;
use crate::store::rebuild_game;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use binokel::record::{read_record, referee, write_record, Verdict};
use binokel_ai::review::ReviewBudget;
use queue::JobState;
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::sync::Arc;

pub use crate::protocol::MAX_REVIEW_BODY;

pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route(
            "/api/reviews",
            post(start).layer(DefaultBodyLimit::max(MAX_REVIEW_BODY)),
        )
        .route("/api/reviews/{id}", get(progress))
}

/// An answer `{"error", "message"}` with the status.
fn fail(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(status, code, message)
}

/// What `POST /api/reviews` takes: exactly one of the two.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewRequest {
    /// The invite code of a table whose match is finished.
    table: Option<String>,
    /// A `binokel-record/1` document.
    record: Option<Value>,
}

/// A record accepted for review: its canonical text and its id.
struct Accepted {
    id: String,
    record: String,
}

/// The id of a review: SHA-256 of the canonical record and the budget, first 128 bits in hex.
pub fn review_id(canonical_record: &str, budget: &ReviewBudget) -> String {
    let mut h = Sha256::new();
    h.update(crate::review::FORMAT_SALT.as_bytes());
    h.update(format!("{budget:?}").as_bytes());
    h.update(b"\n");
    h.update(canonical_record.as_bytes());
    h.finalize()[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// Mixed into every id, so a later review format never answers with an old document.
const FORMAT_SALT: &str = "binokel-review/3 all seats, hindsight\n";

/// Checks a record with the referee (off the async threads) and reads it back in its
/// canonical form; the error answer for a record that is not one, an illegal one (HTTP 422
/// with the referee's verdict) or one without a complete deal.
fn accept(text: &str, budget: &ReviewBudget) -> Result<Accepted, ApiError> {
    let verdict = referee(text);
    match &verdict {
        Verdict::Legal(_) => {}
        Verdict::NotARecord(m) => {
            return Err(fail(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("`record`: {m}"),
            ))
        }
        Verdict::Illegal { deal, action, reason } => {
            // The sentence of `binokel review`, and the verdict of `binokel referee`.
            let message = binokel_ai::review::ReviewError::Illegal {
                deal: *deal,
                action: *action,
                reason: reason.clone(),
            }
            .to_string();
            return Err(fail(StatusCode::UNPROCESSABLE_ENTITY, "illegal_record", message)
                .with("verdict", json!(verdict.to_json())));
        }
    }
    let game = read_record(text)
        .map_err(|m| fail(StatusCode::BAD_REQUEST, "bad_request", format!("`record`: {m}")))?;
    // The seat names follow the rule of names at tables (binokel::name): a posted record is
    // shown to anyone with its share link. An empty name is no name (the pages number it).
    for (i, name) in game.seats().iter().enumerate() {
        if name.trim().is_empty() {
            continue;
        }
        if let Err(e) = binokel::name::check(name) {
            return Err(fail(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("`record`: seats[{i}]: {e}"),
            ));
        }
    }
    if !game.deals().iter().any(|d| d.state.is_over()) {
        return Err(fail(
            StatusCode::CONFLICT,
            "not_finished",
            "the record has no finished deal: a review covers finished deals only",
        ));
    }
    let record = write_record(&game).to_string();
    Ok(Accepted {
        id: review_id(&record, budget),
        record,
    })
}

/// The record of a table's finished match, as text; the error answer otherwise.
async fn table_record(s: &Shared, code: &str) -> Result<String, ApiError> {
    let code = crate::ids::normal_code(code);
    let t = match s.store.load_table(&code).await {
        Ok(Some(t)) => t,
        Ok(None) => {
            return Err(fail(
                StatusCode::NOT_FOUND,
                "unknown_table",
                format!("no table `{code}`"),
            ))
        }
        Err(e) => {
            return Err(fail(
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                e.to_string(),
            ))
        }
    };
    let not_finished = || {
        fail(
            StatusCode::CONFLICT,
            "not_finished",
            format!(
                "the match at table {code} is still being played; it can be reviewed when it ends \
                 (a review shows every hand)"
            ),
        )
    };
    let game = match rebuild_game(&t) {
        Ok(Some(g)) => g,
        Ok(None) => return Err(not_finished()),
        Err(e) => {
            return Err(fail(
                StatusCode::INTERNAL_SERVER_ERROR,
                "table_unavailable",
                e.to_string(),
            ))
        }
    };
    if t.status != Status::Finished && !game.is_over() {
        return Err(not_finished());
    }
    Ok(write_record(&game).to_string())
}

/// The answer for a review in memory.
fn job_answer(id: &str, job: &queue::Job) -> Response {
    let (state, done, total) = job.progress();
    let status = match &state {
        JobState::Queued => "queued",
        JobState::Running => "running",
        JobState::Failed(m) => {
            return fail(StatusCode::INTERNAL_SERVER_ERROR, "review_failed", m.clone()).into_response();
        }
    };
    (
        StatusCode::ACCEPTED,
        Json(json!({"id": id, "status": status, "done": done, "total": total,
                    "url": format!("/api/reviews/{id}"), "share": share(id)})),
    )
        .into_response()
}

fn share(id: &str) -> String {
    format!("/#/review/{id}")
}

/// The answer for a stored review: the stored texts are put into the answer as they are,
/// never parsed into a JSON tree (a tree of a long match's review takes about twenty times
/// its text, and anyone may ask for it; docs/review.md, "Memory"). Each text is checked to
/// be JSON first (without a tree); one that is not is answered as `null`.
fn done_answer(id: &str, r: &store::StoredReview) -> Response {
    let raw = |t: &str| {
        if serde_json::from_str::<serde::de::IgnoredAny>(t).is_ok() {
            t.to_string()
        } else {
            "null".to_string()
        }
    };
    let head = json!({"id": id, "status": "done", "url": format!("/api/reviews/{id}"), "share": share(id)})
        .to_string();
    let body = format!(
        "{},\"review\":{},\"record\":{}}}",
        head.trim_end_matches('}'),
        raw(&r.review),
        raw(&r.record)
    );
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `429 too_many_reviews` with `Retry-After` when `ip` asked for more reviews in the last
/// minute than [`crate::Config::reviews_per_minute`].
fn check_rate(s: &Shared, ip: std::net::IpAddr) -> Result<(), ApiError> {
    let Err(secs) = s.allow_review(ip) else {
        return Ok(());
    };
    Err(ApiError::from(Refusal::new(
        ErrorCode::TooManyReviews,
        format!(
            "this address asked for {} reviews in the last minute, the most allowed; try again in {secs} s",
            s.config.reviews_per_minute
        ),
    ))
    .retry_after(secs))
}

impl Body for ReviewRequest {
    const EMPTY_IS_DEFAULT: bool = false;
    const WHAT: &'static str = "a review request (`{\"table\": CODE}` or `{\"record\": RECORD}`)";
}

async fn start(
    State(s): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    body: Result<ApiJson<ReviewRequest>, ApiError>,
) -> Result<Response, ApiError> {
    // The limit first: a request that is refused for its body still counts.
    check_rate(&s, client)?;
    let ApiJson(req) = body?;
    let text = match (req.table, req.record) {
        (Some(code), None) => table_record(&s, &code).await?,
        (None, Some(record)) => record.to_string(),
        _ => {
            return Err(fail(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "give exactly one of `table` (a table's invite code) and `record` (a binokel-record/1)",
            ))
        }
    };
    let budget = s.reviews.budget;
    let accepted = tokio::task::spawn_blocking(move || accept(&text, &budget))
        .await
        .map_err(|e| {
            fail(
                StatusCode::INTERNAL_SERVER_ERROR,
                "review_failed",
                format!("the referee failed: {e}"),
            )
        })??;
    let id = accepted.id;
    if let Some(job) = s.reviews.job(&id) {
        if !matches!(job.progress().0, JobState::Failed(_)) {
            return Ok(job_answer(&id, &job));
        }
    }
    if let Some(r) = s.store.load_review(&id).await? {
        return Ok(done_answer(&id, &r));
    }
    match s.reviews.submit(&id, accepted.record) {
        Ok(job) => Ok(job_answer(&id, &job)),
        Err(b) => Err(fail(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!(
                "the server is busy with {} reviews, the most it runs and queues; try again in {} s",
                b.pending, b.retry_after
            ),
        )
        .retry_after(b.retry_after)),
    }
}

async fn progress(State(s): State<Arc<Shared>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = id.trim().to_ascii_lowercase();
    let unknown = || {
        fail(
            StatusCode::NOT_FOUND,
            "unknown_review",
            format!("no review `{id}`"),
        )
    };
    if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(unknown());
    }
    if let Some(job) = s.reviews.job(&id) {
        return Ok(job_answer(&id, &job));
    }
    match s.store.load_review(&id).await? {
        Some(r) => Ok(done_answer(&id, &r)),
        None => Err(unknown()),
    }
}
