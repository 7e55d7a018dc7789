//! The players' resources over HTTP (docs/protocol.md, "Players"): profiles
//! (`GET /api/players/{name}`), histories (`GET /api/players/{name}/history`), leaderboards
//! (`GET /api/leaderboards`, `GET /api/leaderboards/{format}`), and for the logged-in
//! account My games (`GET /api/me/games`) and the export of its games (`GET /api/me/export`).

use super::ratings::Rating;
use super::store::{self as db, HistoryRow, Named};
use crate::accounts::{canonical, Login};
use crate::reply::ApiError;
use crate::shared::Shared;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

type App = State<Arc<Shared>>;

/// The most matches one page of a history holds.
pub const MAX_PAGE: usize = 100;
/// The matches a profile shows (the first page of the history).
pub const PROFILE_MATCHES: usize = 20;
/// The rows of a leaderboard.
pub const LEADERBOARD_ROWS: usize = 100;
/// The tables My games lists.
pub const MY_TABLES: usize = 200;

/// The routes.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/players/{name}/history", get(history))
        .route("/api/leaderboards", get(formats))
        .route("/api/leaderboards/{format}", get(leaderboard))
        .route("/api/me/games", get(my_games))
        .route("/api/me/export", get(export))
}

fn unknown_player(name: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "unknown_player",
        format!("no player is named `{name}` (nor anything that looks like it)"),
    )
}

fn bad_query(m: String) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "bad_request", m)
}

async fn player(s: &Shared, name: &str) -> Result<Named, ApiError> {
    db::named(&s.store, &canonical(name.trim()))
        .await?
        .ok_or_else(|| unknown_player(name))
}

fn rating_json(r: &Rating) -> Value {
    json!({"rating": r.shown(), "deviation": r.deviation(), "provisional": r.provisional()})
}

/// A history's rows with the players of each match, as JSON.
async fn history_json(s: &Shared, rows: &[HistoryRow]) -> Result<Vec<Value>, ApiError> {
    let codes: Vec<String> = rows.iter().map(|r| r.code.clone()).collect();
    let names = db::seat_names(&s.store, &codes).await?;
    Ok(rows
        .iter()
        .map(|r| {
            let players: Vec<Value> = names
                .get(&r.code)
                .map(|v| {
                    v.iter()
                        .map(|n| json!({"name": n.name, "account": n.account, "former": n.former, "bot": n.bot}))
                        .collect()
                })
                .unwrap_or_default();
            json!({
                "code": r.code,
                "finished_ms": r.finished_ms,
                "format": r.format,
                "rated": r.rated,
                "seat": r.seat,
                "place": r.place,
                "players": players,
                "totals": r.totals,
                "rating": r.change.map(|(b, a)| json!({
                    "before": b.shown(), "after": a.shown(), "deviation": a.deviation(),
                })),
                "record": format!("/api/tables/{}/record", r.code),
                "replay": format!("#/replay/{}", r.code),
            })
        })
        .collect())
}

fn cursor_of(rows: &[HistoryRow], limit: usize) -> Option<String> {
    (rows.len() == limit)
        .then(|| rows.last().map(|r| format!("{}.{}", r.finished_ms, r.code)))
        .flatten()
}

fn parse_cursor(c: &str) -> Result<(i64, String), ApiError> {
    c.split_once('.')
        .and_then(|(ms, code)| Some((ms.parse().ok()?, code.to_string())))
        .ok_or_else(|| {
            bad_query(format!(
                "`before`: `{c}` is no cursor (use the `next` of the page before)"
            ))
        })
}

async fn profile(State(s): App, Path(name): Path<String>) -> Result<Response, ApiError> {
    let p = player(&s, &name).await?;
    let ratings: Vec<Value> = db::ratings_of(&s.store, p.id)
        .await?
        .iter()
        .map(|f| {
            let mut v = rating_json(&f.rating);
            v["format"] = json!(f.format);
            v["games"] = json!(f.games);
            v
        })
        .collect();
    let stats = super::profile_json(&db::stats_of(&s.store, p.id).await?);
    let rows = db::history(&s.store, p.id, None, PROFILE_MATCHES).await?;
    // The puzzle rating (docs/puzzles.md, "Ratings of accounts"); null before the first answer.
    let puzzles = crate::learning::store::player(&s.store, p.id).await?.map(|z| {
        json!({"rating": z.rating.shown(), "deviation": z.rating.shown_deviation(),
               "tried": z.tried, "solved": z.solved})
    });
    Ok(Json(json!({
        "name": p.name,
        "created_ms": p.created_ms,
        "bot": p.bot,
        "ratings": ratings,
        "puzzles": puzzles,
        "stats": stats,
        "history": {"matches": history_json(&s, &rows).await?, "next": cursor_of(&rows, PROFILE_MATCHES)},
    }))
    .into_response())
}

/// The query of a history page.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Page {
    before: Option<String>,
    limit: Option<usize>,
}

async fn history(
    State(s): App,
    Path(name): Path<String>,
    page: Result<Query<Page>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(page) = page.map_err(|e| bad_query(format!("the query: {}", e.body_text())))?;
    let limit = page.limit.unwrap_or(PROFILE_MATCHES);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(bad_query(format!(
            "`limit` {limit} is out of range (1 to {MAX_PAGE})"
        )));
    }
    let before = page.before.as_deref().map(parse_cursor).transpose()?;
    let p = player(&s, &name).await?;
    let rows = db::history(&s.store, p.id, before, limit).await?;
    Ok(
        Json(json!({"matches": history_json(&s, &rows).await?, "next": cursor_of(&rows, limit)}))
            .into_response(),
    )
}

async fn formats(State(s): App) -> Result<Response, ApiError> {
    Ok(Json(json!({"formats": db::formats(&s.store).await?})).into_response())
}

async fn leaderboard(State(s): App, Path(format): Path<String>) -> Result<Response, ApiError> {
    if binokel::Preset::ALL.iter().all(|p| p.name() != format) {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_format",
            format!(
                "no format `{format}`: a format is a preset's name ({})",
                binokel::Preset::ALL.map(|p| p.name()).join(", ")
            ),
        ));
    }
    let rows = db::leaderboard(&s.store, &format, LEADERBOARD_ROWS).await?;
    let players: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut v = rating_json(&l.rating);
            v["rank"] = json!(i + 1);
            v["name"] = json!(l.name);
            v["bot"] = json!(l.bot);
            v["games"] = json!(l.games);
            v
        })
        .collect();
    Ok(Json(json!({"format": format, "players": players})).into_response())
}

async fn my_games(State(s): App, login: Login) -> Result<Response, ApiError> {
    let tables = db::tables_of(&s.store, login.account.id, MY_TABLES).await?;
    let codes: Vec<String> = tables.iter().map(|t| t.code.clone()).collect();
    let names = db::seat_names(&s.store, &codes).await?;
    let games: Vec<Value> = tables
        .iter()
        .map(|t| {
            let preset = serde_json::from_str::<Value>(&t.rules)
                .ok()
                .and_then(|v| v.get("preset").cloned())
                .unwrap_or(Value::Null);
            let players: Vec<Value> = names
                .get(&t.code)
                .map(|v| {
                    v.iter()
                        .map(|n| json!({"name": n.name, "account": n.account, "former": n.former, "bot": n.bot}))
                        .collect()
                })
                .unwrap_or_default();
            json!({
                "code": t.code,
                "seat": t.seat,
                "status": t.status,
                "created_ms": t.created_ms,
                "rated": t.rated.is_some(),
                "preset": preset,
                "players": players,
            })
        })
        .collect();
    Ok(Json(json!({"games": games})).into_response())
}

/// Every finished game of the logged-in account as records (RECORDS.md), one JSON record a
/// line (NDJSON), as a download.
async fn export(State(s): App, login: Login) -> Result<Response, ApiError> {
    let tables = db::tables_of(&s.store, login.account.id, usize::MAX >> 1).await?;
    let mut out = String::new();
    for t in tables
        .iter()
        .filter(|t| t.status == "finished" || t.status == "closed")
    {
        let Some(stored) = s.store.load_table(&t.code).await? else {
            continue;
        };
        if let Ok(Some(game)) = crate::store::rebuild_game(&stored) {
            out.push_str(&binokel::record::write_record(&game).to_string());
            out.push('\n');
        }
    }
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-ndjson; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"binokel-{}.ndjson\"", login.account.id),
            ),
        ],
        out,
    )
        .into_response())
}
