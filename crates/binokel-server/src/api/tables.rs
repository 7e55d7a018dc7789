//! Tables over HTTP: `POST /api/tables` (create), `GET /api/tables/{code}` (summary),
//! `POST /api/tables/{code}/join`, `GET /api/tables/{code}/record`, and `GET /health`.

use crate::accounts::Login;
use crate::address::ClientAddr;
use crate::creation;
use crate::mailbox::{ask, Cmd};
use crate::protocol::{CreateRequest, ErrorCode, JoinRequest, Refusal, Status, PROTOCOL_VERSION};
use crate::registry::Route;
use crate::reply::{moved, ApiError, ApiJson, Body};
use crate::shared::Shared;
use crate::store::rebuild_game;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::sync::Arc;

type App = State<Arc<Shared>>;

impl Body for CreateRequest {}
impl Body for JoinRequest {}

pub(crate) async fn health(State(s): App) -> Response {
    Json(serde_json::json!({
        "status": "ok",
        "protocol": PROTOCOL_VERSION,
        "version": env!("CARGO_PKG_VERSION"),
        "node": s.node,
        "tables": s.table_count(),
        "connections": s.connection_count(),
        "database": match s.store.backend() {
            crate::store::Backend::Sqlite => "sqlite",
            crate::store::Backend::Postgres => "postgres",
        },
    }))
    .into_response()
}

pub(crate) async fn create(
    State(s): App,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    body: Result<ApiJson<CreateRequest>, ApiError>,
) -> Result<Response, ApiError> {
    // The limits first: a request that is refused for its body still counts.
    creation::check_limits(&s, client)?;
    let ApiJson(req) = body?;
    let account = Login::of(&s, &headers).await?.map(|l| l.account);
    let answer = {
        // A public table counts against its address's cap: one creation at a time.
        let _one = if req.public {
            Some(s.lobby.matching.lock().await)
        } else {
            None
        };
        creation::create_from(&s, req, client, account.as_ref()).await?
    };
    // The creating process owns the new table.
    s.route(&answer.code).await?;
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

pub(crate) async fn join(
    State(s): App,
    Path(code): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<JoinRequest>,
) -> Result<Response, ApiError> {
    let code = crate::ids::normal_code(&code);
    match s.route(&code).await? {
        Route::Local(h) => {
            let account = Login::of(&s, &headers).await?.map(|l| l.account);
            Ok(Json(ask(&h, |reply| Cmd::Join { req, account, reply }).await??).into_response())
        }
        Route::Elsewhere(url) => Ok(moved(&url, &format!("/api/tables/{code}/join"))),
    }
}

pub(crate) async fn summary(State(s): App, Path(code): Path<String>) -> Result<Response, ApiError> {
    let code = crate::ids::normal_code(&code);
    match s.route(&code).await? {
        Route::Local(h) => Ok(Json(ask(&h, |reply| Cmd::Summary { reply }).await?).into_response()),
        Route::Elsewhere(url) => Ok(moved(&url, &format!("/api/tables/{code}"))),
    }
}

pub(crate) async fn record(
    State(s): App,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let code = crate::ids::normal_code(&code);
    // A try of today's deal of the day shows the day's hands (docs/daily.md, "No peeking").
    crate::daily::check_record(&s, &code, &headers).await?;
    let t = s
        .store
        .load_table(&code)
        .await?
        .ok_or_else(|| Refusal::new(ErrorCode::UnknownTable, format!("no table `{code}`")))?;
    let game = rebuild_game(&t)
        .map_err(|e| Refusal::new(ErrorCode::TableUnavailable, e.to_string()))?
        .ok_or_else(|| {
            Refusal::new(
                ErrorCode::NotFinished,
                "the match has not begun; its record is available when it ends",
            )
        })?;
    if !matches!(t.status, Status::Finished | Status::Closed) && !game.is_over() {
        // A record shows every hand: it is published only once the match is over (or an
        // operator closed the table: the record stops where the match stopped).
        return Err(Refusal::new(
            ErrorCode::NotFinished,
            "the match is still being played; its record is available when it ends",
        )
        .into());
    }
    Ok(Json(binokel::record::write_record(&game)).into_response())
}
