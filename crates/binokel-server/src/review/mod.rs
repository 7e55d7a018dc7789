//! Game reviews over HTTP (issue #21, docs/protocol.md "Reviews"): `POST /api/reviews`
//! starts the review of a finished match (a table's code, or a `binokel-record/1` sent
//! along), `GET /api/reviews/{id}` answers its progress while it runs and the
//! `binokel-review/1` document with the record once it is done. The review itself is
//! [`binokel_ai::review::review_record`]; it runs in the bounded queue of [`queue`] and is
//! stored by [`store`] under an id derived from the record's content and the budget, so a
//! second request for the same match is answered from the database at once, and the share
//! link `/#/review/{id}` opens it for anyone.

pub mod queue;
pub mod store;

use crate::protocol::{ErrorCode, Refusal, Status};
use crate::store::rebuild_game;
use crate::Shared;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
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

/// The largest `POST /api/reviews` body: a long match's record with every hand.
pub const MAX_REVIEW_BODY: usize = 1024 * 1024;

pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route(
            "/api/reviews",
            post(start).layer(DefaultBodyLimit::max(MAX_REVIEW_BODY)),
        )
        .route("/api/reviews/{id}", get(progress))
}

/// An answer `{"error", "message"}` with the status.
fn fail(status: StatusCode, code: &str, message: impl Into<String>) -> Response {
    (status, Json(json!({"error": code, "message": message.into()}))).into_response()
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
const FORMAT_SALT: &str = "binokel-review/1 all seats, hindsight\n";

/// Checks a record with the referee (off the async threads) and reads it back in its
/// canonical form; the error answer for a record that is not one, an illegal one (HTTP 422
/// with the referee's verdict) or one without a complete deal.
fn accept(text: &str, budget: &ReviewBudget) -> Result<Accepted, Box<Response>> {
    let verdict = referee(text);
    match &verdict {
        Verdict::Legal(_) => {}
        Verdict::NotARecord(m) => {
            return Err(Box::new(fail(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("`record`: {m}"),
            )))
        }
        Verdict::Illegal { deal, action, reason } => {
            // The sentence of `binokel review`, and the verdict of `binokel referee`.
            let message = binokel_ai::review::ReviewError::Illegal {
                deal: *deal,
                action: *action,
                reason: reason.clone(),
            }
            .to_string();
            return Err(Box::new(
                (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    Json(
                        json!({"error": "illegal_record", "message": message, "verdict": verdict.to_json()}),
                    ),
                )
                    .into_response(),
            ));
        }
    }
    let game = read_record(text).map_err(|m| {
        Box::new(fail(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!("`record`: {m}"),
        ))
    })?;
    // The seat names follow the rule of names at tables (binokel::name): a posted record is
    // shown to anyone with its share link. An empty name is no name (the pages number it).
    for (i, name) in game.seats().iter().enumerate() {
        if name.trim().is_empty() {
            continue;
        }
        if let Err(e) = binokel::name::check(name) {
            return Err(Box::new(fail(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("`record`: seats[{i}]: {e}"),
            )));
        }
    }
    if !game.deals().iter().any(|d| d.state.is_over()) {
        return Err(Box::new(fail(
            StatusCode::CONFLICT,
            "not_finished",
            "the record has no finished deal: a review covers finished deals only",
        )));
    }
    let record = write_record(&game).to_string();
    Ok(Accepted {
        id: review_id(&record, budget),
        record,
    })
}

/// The record of a table's finished match, as text; the error answer otherwise.
async fn table_record(s: &Shared, code: &str) -> Result<String, Response> {
    let code = crate::normal_code(code);
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
            return fail(StatusCode::INTERNAL_SERVER_ERROR, "review_failed", m.clone());
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
/// minute than [`crate::Config::reviews_per_minute`]; None when the request may go on.
fn refuse_rate(s: &Shared, ip: std::net::IpAddr) -> Option<Response> {
    let secs = s.allow_review(ip).err()?;
    let mut r = crate::http::refuse(Refusal::new(
        ErrorCode::TooManyReviews,
        format!(
            "this address asked for {} reviews in the last minute, the most allowed; try again in {secs} s",
            s.config.reviews_per_minute
        ),
    ));
    if let Ok(v) = header::HeaderValue::from_str(&secs.to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    Some(r)
}

async fn start(
    State(s): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    body: Bytes,
) -> Response {
    if let Some(r) = refuse_rate(&s, peer.ip()) {
        return r;
    }
    let req: ReviewRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return fail(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!(
                "the body is not a review request (`{{\"table\": CODE}}` or `{{\"record\": RECORD}}`): {e}"
            ),
            )
        }
    };
    let text = match (req.table, req.record) {
        (Some(code), None) => match table_record(&s, &code).await {
            Ok(t) => t,
            Err(r) => return r,
        },
        (None, Some(record)) => record.to_string(),
        _ => {
            return fail(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "give exactly one of `table` (a table's invite code) and `record` (a binokel-record/1)",
            )
        }
    };
    let budget = s.reviews.budget;
    let accepted = match tokio::task::spawn_blocking(move || accept(&text, &budget)).await {
        Ok(Ok(a)) => a,
        Ok(Err(r)) => return *r,
        Err(e) => {
            return fail(
                StatusCode::INTERNAL_SERVER_ERROR,
                "review_failed",
                format!("the referee failed: {e}"),
            )
        }
    };
    let id = accepted.id;
    if let Some(job) = s.reviews.job(&id) {
        if !matches!(job.progress().0, JobState::Failed(_)) {
            return job_answer(&id, &job);
        }
    }
    match s.store.load_review(&id).await {
        Ok(Some(r)) => return done_answer(&id, &r),
        Ok(None) => {}
        Err(e) => return fail(StatusCode::SERVICE_UNAVAILABLE, "unavailable", e.to_string()),
    }
    match s.reviews.submit(&id, accepted.record) {
        Ok(job) => job_answer(&id, &job),
        Err(b) => {
            let mut r = fail(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!(
                    "the server is busy with {} reviews, the most it runs and queues; try again in {} s",
                    b.pending, b.retry_after
                ),
            );
            if let Ok(v) = header::HeaderValue::from_str(&b.retry_after.to_string()) {
                r.headers_mut().insert(header::RETRY_AFTER, v);
            }
            r
        }
    }
}

async fn progress(State(s): State<Arc<Shared>>, Path(id): Path<String>) -> Response {
    let id = id.trim().to_ascii_lowercase();
    let unknown = || {
        fail(
            StatusCode::NOT_FOUND,
            "unknown_review",
            format!("no review `{id}`"),
        )
    };
    if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return unknown();
    }
    if let Some(job) = s.reviews.job(&id) {
        return job_answer(&id, &job);
    }
    match s.store.load_review(&id).await {
        Ok(Some(r)) => done_answer(&id, &r),
        Ok(None) => unknown(),
        Err(e) => fail(StatusCode::SERVICE_UNAVAILABLE, "unavailable", e.to_string()),
    }
}
