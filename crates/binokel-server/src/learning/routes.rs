//! The routes of learning for the logged-in account (docs/protocol.md, "Learning"): the
//! lesson progress (`GET`, `POST`, `DELETE /api/me/learn`) and the puzzle-games setting
//! (`GET`, `PUT /api/me/puzzle-games`). Writes carry the login cookie, so the Origin layer
//! checks them (docs/accounts.md, "The Origin rule").

use super::store;
use crate::accounts::Login;
use crate::reply::{ApiError, ApiJson, Body};
use crate::shared::Shared;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, LazyLock};

type App = State<Arc<Shared>>;

/// The most step ids one request may send.
pub const MAX_STEPS: usize = 200;

/// The ids of the shipped course's steps, in course order.
static STEP_IDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    binokel_ai::lessons::course()
        .map(|c| {
            c.iter()
                .flat_map(|l| l.steps.iter().map(|s| s.step.id.clone()))
                .collect()
        })
        .unwrap_or_default()
});

/// The routes, merged into the server's router.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/me/learn", get(progress).post(add).delete(clear))
        .route("/api/me/puzzle-games", get(setting).put(set_setting))
}

/// The account's solved steps in course order (a step no longer in the course is left out).
async fn progress_json(s: &Shared, account: i64) -> Result<Json<Value>, ApiError> {
    let have = store::steps(&s.store, account).await?;
    let steps: Vec<&String> = STEP_IDS.iter().filter(|id| have.contains(id)).collect();
    Ok(Json(json!({"steps": steps, "of": STEP_IDS.len()})))
}

async fn progress(State(s): App, login: Login) -> Result<Json<Value>, ApiError> {
    progress_json(&s, login.account.id).await
}

/// The body of `POST /api/me/learn`: the steps to add.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Steps {
    steps: Vec<String>,
}

impl Body for Steps {
    const WHAT: &'static str = "the solved steps {\"steps\": [ID, ...]}";
    const EMPTY_IS_DEFAULT: bool = false;
}

async fn add(State(s): App, login: Login, ApiJson(req): ApiJson<Steps>) -> Result<Json<Value>, ApiError> {
    if req.steps.len() > MAX_STEPS {
        return Err(ApiError::field(
            "steps",
            format!("{} steps sent; at most {MAX_STEPS} at once", req.steps.len()),
        ));
    }
    if let Some(bad) = req.steps.iter().find(|id| !STEP_IDS.contains(id)) {
        let shown: String = bad.chars().take(64).collect();
        return Err(ApiError::field(
            "steps",
            format!("`{shown}` is no step of the course (GET /api/lessons lists them)"),
        ));
    }
    store::add_steps(&s.store, login.account.id, &req.steps).await?;
    progress_json(&s, login.account.id).await
}

async fn clear(State(s): App, login: Login) -> Result<Json<Value>, ApiError> {
    store::clear_steps(&s.store, login.account.id).await?;
    progress_json(&s, login.account.id).await
}

async fn setting(State(s): App, login: Login) -> Result<Json<Value>, ApiError> {
    let allowed = store::puzzle_games(&s.store, login.account.id).await?;
    Ok(Json(json!({"allowed": allowed})))
}

/// The body of `PUT /api/me/puzzle-games`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Setting {
    allowed: bool,
}

impl Body for Setting {
    const WHAT: &'static str = "the setting {\"allowed\": true|false}";
    const EMPTY_IS_DEFAULT: bool = false;
}

async fn set_setting(
    State(s): App,
    login: Login,
    ApiJson(req): ApiJson<Setting>,
) -> Result<Json<Value>, ApiError> {
    store::set_puzzle_games(&s.store, login.account.id, req.allowed).await?;
    Ok(Json(json!({"allowed": req.allowed})))
}
