//! The puzzles (docs/protocol.md, "Puzzles"; docs/puzzles.md): the shipped set, served.
//!
//! - `GET /api/puzzles`: every puzzle's id, kind, rating and tricks left, in set order.
//! - `GET /api/puzzles/{id}`: the position as the solver of the puzzle may see it (the
//!   seat's view; every hand too for the kinds that show all hands) and the choices in
//!   token order. Never the solution, the values or the themes.
//! - `POST /api/puzzles/{id}/answer` `{"choice": "AS"}`: right or wrong, and the solution
//!   with every value and the themes. With the login cookie the account's first answer to
//!   the puzzle moves its puzzle rating and the puzzle's (`learning`), and the answer has a
//!   `player` member; a guest's answer changes nothing.
//!
//! A puzzle's `rating` is its rating as accounts' answers moved it (the shipped one until
//! an account answers it).

use crate::accounts::Login;
use crate::learning::store as learning;
use crate::reply::{ApiError, ApiJson, Body};
use crate::shared::Shared;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use binokel::View;
use binokel_ai::puzzle::{Kind, Puzzle, PuzzleSet, SHIPPED};
use binokel_ai::themes::Theme;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, LazyLock};

/// The shipped set, read once (a test checks that it reads).
static SET: LazyLock<PuzzleSet> = LazyLock::new(|| PuzzleSet::parse(SHIPPED).unwrap_or_else(|_| empty_set()));

/// The list's answer, built once.
static LIST: LazyLock<Value> = LazyLock::new(|| {
    let list: Vec<Value> = SET
        .puzzles
        .iter()
        .map(|p| json!({"id": p.id, "kind": p.kind, "rating": p.rating, "tricks_left": p.tricks_left}))
        .collect();
    json!({"format": SET.format, "count": list.len(), "puzzles": list})
});

fn empty_set() -> PuzzleSet {
    PuzzleSet {
        format: binokel_ai::puzzle::FORMAT.into(),
        origin: binokel_ai::puzzle::Origin {
            command: String::new(),
            seed: 0,
            bot: String::new(),
            deals: 0,
        },
        puzzles: Vec::new(),
    }
}

/// The routes of this module, merged into the server's router.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/puzzles", get(list))
        .route("/api/puzzles/{id}", get(position))
        .route("/api/puzzles/{id}/answer", post(answer))
}

async fn list(State(s): State<Arc<Shared>>) -> Result<Json<Value>, ApiError> {
    let moved = learning::puzzle_ratings(&s.store).await?;
    let mut v = LIST.clone();
    if let Some(list) = v["puzzles"].as_array_mut() {
        for p in list {
            if let Some(g) = p["id"].as_str().and_then(|id| moved.get(id)) {
                p["rating"] = json!(g.shown());
            }
        }
    }
    Ok(Json(v))
}

fn find(id: &str) -> Result<&'static Puzzle, ApiError> {
    SET.get(id).ok_or_else(|| {
        let shown: String = id.chars().take(64).collect();
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_puzzle",
            format!("no puzzle `{shown}`"),
        )
    })
}

fn broken(p: &Puzzle, e: String) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        format!("puzzle {}: {e}", p.id),
    )
}

/// The position without the solution: the seat's view, the hands for the open kinds, and
/// the choices sorted by token (the stored order is best first and would give it away).
async fn position(State(s): State<Arc<Shared>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let p = find(&id)?;
    let rating = learning::puzzle_rating(&s.store, &p.id, p.rating).await?.shown();
    let game = p.game().map_err(|e| broken(p, e))?;
    let view = View::of(&game, Some(p.seat)).ok_or_else(|| broken(p, "no view".into()))?;
    let d = game.current().ok_or_else(|| broken(p, "no deal".into()))?;
    let low = game.rules().low;
    let mut choices: Vec<&str> = p.choices.iter().map(|c| c.choice.as_str()).collect();
    choices.sort_unstable();
    let hands: Option<Vec<String>> =
        (p.kind != Kind::PlayView).then(|| (0..d.players()).map(|s| d.hand(s).to_codes(low)).collect());
    Ok(Json(json!({
        "id": p.id,
        "kind": p.kind,
        "seat": p.seat,
        "rating": rating,
        "tricks_left": p.tricks_left,
        "view": view,
        "hands": hands,
        "choices": choices,
    })))
}

/// The body of an answer: `{"choice": TOKEN}` (unknown members refused by name).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnswerRequest {
    choice: String,
}

impl Body for AnswerRequest {
    const WHAT: &'static str = "an answer {\"choice\": TOKEN}";
    const EMPTY_IS_DEFAULT: bool = false;
}

async fn answer(
    State(s): State<Arc<Shared>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<AnswerRequest>,
) -> Result<Json<Value>, ApiError> {
    let p = find(&id)?;
    let chosen = p
        .match_choice(&req.choice)
        .map_err(|e| ApiError::field("choice", e))?;
    let themes: Vec<Value> = p
        .themes
        .iter()
        .filter_map(|t| Theme::from_id(t))
        .map(|t| {
            json!({"id": t.id(), "en": t.describe("en"), "de": t.describe("de"),
                   "nl": t.describe("nl"), "pt": t.describe("pt")})
        })
        .collect();
    let correct = chosen.choice == p.best;
    // The account's first answer counts (learning::store::answer); a guest's changes nothing.
    let (rating, player) = match Login::of(&s, &headers).await? {
        Some(login) => {
            let c = learning::answer(
                &s.store,
                login.account.id,
                &p.id,
                p.rating,
                &chosen.choice,
                correct,
            )
            .await?;
            let player = json!({
                "rating": c.player.rating.shown(),
                "deviation": c.player.rating.shown_deviation(),
                "before": c.before.shown(),
                "counted": c.counted,
                "tried": c.player.tried,
                "solved": c.player.solved,
            });
            (c.puzzle.shown(), Some(player))
        }
        None => (
            learning::puzzle_rating(&s.store, &p.id, p.rating).await?.shown(),
            None,
        ),
    };
    let mut out = json!({
        "id": p.id,
        "choice": chosen.choice,
        "correct": correct,
        "best": p.best,
        "margin": p.margin,
        "choices": p.choices,
        "themes": themes,
        "rating": rating,
    });
    if let Some(player) = player {
        out["player"] = player;
    }
    Ok(Json(out))
}
