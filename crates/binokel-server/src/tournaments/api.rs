//! The tournaments' routes (docs/tournaments.md): creating one, entering, the organizer's
//! additions, drops and start, the tournament with its live standings, a player's table,
//! the duplicate boards, and the exports (CSV and records).

use super::driver::games;
use super::standings::{boards, standings};
use super::{store as db, Entrant, Scoring, Stage, Tournament};
use crate::accounts::{canonical, Login};
use crate::ids::{new_code, new_token};
use crate::reply::{ApiError, ApiJson, Body};
use crate::shared::Shared;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

type App = State<Arc<Shared>>;

/// The most rounds a tournament has.
pub const MAX_ROUNDS: u32 = 20;
/// The most deals a round has.
pub const MAX_DEALS: u32 = 60;
/// The longest round time limit, in minutes.
pub const MAX_ROUND_MINUTES: u32 = 600;
/// The most players a tournament takes.
pub const MAX_ENTRANTS: usize = 1000;
/// The finished tournaments the list shows.
const LIST_FINISHED: usize = 20;

/// The routes.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/tournaments", post(create).get(list))
        .route("/api/tournaments/{id}", get(show))
        .route("/api/tournaments/{id}/enter", post(enter))
        .route("/api/tournaments/{id}/entrants", post(add))
        .route("/api/tournaments/{id}/entrants/{n}", delete(drop_entrant))
        .route("/api/tournaments/{id}/start", post(start))
        .route("/api/tournaments/{id}/me", get(me))
        .route("/api/tournaments/{id}/boards", get(show_boards))
        .route("/api/tournaments/{id}/export.csv", get(csv))
        .route("/api/tournaments/{id}/records", get(records))
}

/// `POST /api/tournaments`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// The name.
    pub name: Option<String>,
    /// A preset's name or a record's rules object (default `standard`).
    pub rules: Option<Value>,
    /// Rounds.
    pub rounds: Option<u32>,
    /// Deals per round.
    pub deals: Option<u32>,
    /// `total` or `duplicate`.
    pub scoring: Option<String>,
    /// When round 1 is seated (ms since the epoch).
    pub start_ms: Option<i64>,
    /// A round's time limit in minutes.
    pub round_minutes: Option<u32>,
    /// Accounts only; the tables count for ratings.
    #[serde(default)]
    pub rated: bool,
    /// The bot of short tables.
    pub bot: Option<String>,
}

impl Body for CreateTournament {
    const WHAT: &'static str = "a tournament (docs/tournaments.md)";
    const EMPTY_IS_DEFAULT: bool = false;
}

/// `POST /api/tournaments/{id}/enter` and `/entrants`: a guest's name.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnterRequest {
    /// The guest's name (ignored for an account entering itself).
    pub name: Option<String>,
}

impl Body for EnterRequest {}

fn bad(field: &str, m: impl std::fmt::Display) -> ApiError {
    ApiError::field(field, format!("`{field}`: {m}"))
}

fn unknown(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "unknown_tournament",
        format!("no tournament `{id}`"),
    )
}

fn not_organizer() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "not_organizer",
        "only the tournament's organizer may do this (log in as the organizer)",
    )
}

async fn tournament(s: &Shared, id: &str) -> Result<Tournament, ApiError> {
    db::get(&s.store, id).await?.ok_or_else(|| unknown(id))
}

/// A tournament's name: 1 to 60 characters, no control character, a visible one.
fn check_title(name: Option<&str>) -> Result<String, ApiError> {
    let n = name.map(str::trim).unwrap_or("");
    if n.is_empty() || !n.chars().any(|c| !c.is_whitespace()) {
        return Err(bad("name", "a tournament needs a name"));
    }
    if n.chars().count() > 60 {
        return Err(bad("name", "is longer than 60 characters"));
    }
    if n.chars().any(char::is_control) {
        return Err(bad("name", "has a control character"));
    }
    Ok(n.to_string())
}

async fn create(
    State(s): App,
    login: Login,
    body: Result<ApiJson<CreateTournament>, ApiError>,
) -> Result<Response, ApiError> {
    let ApiJson(req) = body?;
    let name = check_title(req.name.as_deref())?;
    let rules = match &req.rules {
        None | Some(Value::Null) => binokel::Rules::default(),
        Some(Value::String(name)) => binokel::Rules::from_preset_name(name).map_err(|e| bad("rules", e))?,
        Some(v) if req.rated => {
            return Err(bad(
                "rules",
                format!(
                    "a rated tournament plays a preset's rules unchanged: give the preset's name, not {v}"
                ),
            ))
        }
        Some(v) => binokel::Rules::from_json(v).map_err(|e| bad("rules", e))?,
    };
    // The round's length is `deals`; a target does not apply to a series.
    let mut rules = rules;
    rules.series_deals = 0;
    rules.validate().map_err(|e| bad("rules", e))?;
    let size = u32::from(rules.players);
    let rounds = req.rounds.unwrap_or(3);
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(bad(
            "rounds",
            format!("{rounds} is out of range (1 to {MAX_ROUNDS})"),
        ));
    }
    let deals = req.deals.unwrap_or(4 * size);
    if !(1..=MAX_DEALS).contains(&deals) || deals % size != 0 {
        return Err(bad(
            "deals",
            format!("{deals} must be 1 to {MAX_DEALS} and a multiple of the {size} seats of a table (each seat deals equally often)"),
        ));
    }
    let scoring = match req.scoring.as_deref() {
        None => Scoring::Duplicate,
        Some(x) => Scoring::parse(x)
            .ok_or_else(|| bad("scoring", format!("`{x}` is neither `total` nor `duplicate`")))?,
    };
    let minutes = req.round_minutes.unwrap_or(120);
    if !(1..=MAX_ROUND_MINUTES).contains(&minutes) {
        return Err(bad(
            "round_minutes",
            format!("{minutes} is out of range (1 to {MAX_ROUND_MINUTES})"),
        ));
    }
    let bot = req.bot.clone().unwrap_or_else(|| "medium".into());
    crate::model::check_bot("`bot`", &bot)?;
    let levels = binokel_ai::persona::LEVELS;
    if req.rated && !levels.contains(&bot.as_str()) {
        return Err(bad(
            "bot",
            format!(
                "`{bot}` has no rating; a rated tournament takes the bots {}",
                levels.join(", ")
            ),
        ));
    }
    let now = s.config.clock.now_ms();
    let t = Tournament {
        id: format!("t-{}", new_code().to_ascii_lowercase()),
        name,
        organizer: login.account.id,
        preset: rules.preset.name().to_string(),
        rules: rules.to_json(),
        rounds,
        deals,
        scoring,
        start_ms: req.start_ms,
        round_ms: i64::from(minutes) * 60_000,
        rated: req.rated,
        bot,
        seed: rand::random::<u64>() >> 1,
        status: Stage::Entering,
        round: 0,
        round_started_ms: None,
        created_ms: now,
        finished_ms: None,
    };
    db::create(&s.store, &t).await?;
    tracing::info!(tournament = %t.id, organizer = login.account.id, "tournament created");
    let link = format!("/#/tournaments/{}", t.id);
    Ok((StatusCode::CREATED, Json(json!({"id": t.id, "link": link}))).into_response())
}

async fn list(State(s): App) -> Result<Response, ApiError> {
    let mut all = db::active(&s.store).await?;
    all.extend(db::finished(&s.store, LIST_FINISHED).await?);
    Ok(Json(json!({ "tournaments": all })).into_response())
}

/// The entry a request speaks for: the login's, or the guest's `?entrant=TOKEN`.
fn my_entry<'a>(entrants: &'a [Entrant], login: Option<&Login>, token: Option<&str>) -> Option<&'a Entrant> {
    entrants.iter().find(|e| {
        login.is_some_and(|l| e.account == Some(l.account.id))
            || token.is_some_and(|t| !t.is_empty() && e.token == t)
    })
}

async fn show(State(s): App, Path(id): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let t = tournament(&s, &id).await?;
    let login = Login::of(&s, &headers).await?;
    let entrants = db::entrants(&s.store, &t.id).await?;
    let tables = db::tables(&s.store, &t.id).await?;
    let games = games(&s.store, &s.finished, &tables).await?;
    let lines = standings(&t, &entrants, &tables, &games);
    let rounds: Vec<Value> = (1..=t.round)
        .map(|r| {
            // A table's totals only once every table of the round has finished: before, they
            // would tell players still at it how the same cards went elsewhere.
            let done = tables
                .iter()
                .filter(|x| x.round == r)
                .all(|x| games.get(&x.code).is_some_and(binokel::Game::is_over));
            let of_round: Vec<Value> = tables
                .iter()
                .filter(|x| x.round == r)
                .map(|x| {
                    let g = games.get(&x.code);
                    json!({
                        "code": x.code,
                        "n": x.n,
                        "finished": g.is_some_and(binokel::Game::is_over),
                        "totals": g.filter(|_| done).map(|g| g.totals()[..x.seats.len()].to_vec()),
                        "seats": x.seats.iter().enumerate().map(|(i, who)| json!({
                            "entrant": who,
                            "bot": who.is_none(),
                            "name": g.and_then(|g| g.seats().get(i).cloned()),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({"round": r, "tables": of_round})
        })
        .collect();
    let mut v = serde_json::to_value(&t).unwrap_or_default();
    v["entrants"] = json!(entrants
        .iter()
        .map(|e| json!({"n": e.n, "name": e.name, "account": e.account.is_some(), "dropped": e.dropped}))
        .collect::<Vec<_>>());
    v["rounds_played"] = json!(rounds);
    v["standings"] = json!(lines);
    v["organizer"] = json!(db::organizer_name(&s.store, t.organizer).await?);
    v["you_organize"] = json!(login.as_ref().is_some_and(|l| l.account.id == t.organizer));
    Ok(Json(v).into_response())
}

async fn enter(
    State(s): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<ApiJson<EnterRequest>, ApiError>,
) -> Result<Response, ApiError> {
    let ApiJson(req) = body?;
    let t = tournament(&s, &id).await?;
    let login = Login::of(&s, &headers).await?;
    match login {
        Some(l) => add_entrant(&s, &t, &l.account.name, Some(l.account.id)).await,
        None if t.rated => Err(crate::table::account_required().into()),
        None => add_guest(&s, &t, req.name.as_deref()).await,
    }
}

async fn add_guest(s: &Shared, t: &Tournament, name: Option<&str>) -> Result<Response, ApiError> {
    let name = name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| bad("name", "a guest enters with a name"))?;
    let name = binokel::name::check(name).map_err(|e| bad("name", e))?;
    crate::table::guest_name_free(&s.store, &name).await?;
    add_entrant(s, t, &name, None).await
}

async fn add_entrant(
    s: &Shared,
    t: &Tournament,
    name: &str,
    account: Option<i64>,
) -> Result<Response, ApiError> {
    let entrants = db::entrants(&s.store, &t.id).await?;
    if let Some(e) = entrants
        .iter()
        .find(|e| account.is_some() && e.account == account)
    {
        return Ok(Json(json!({"entrant": e.n, "token": e.token})).into_response());
    }
    if entrants.len() >= MAX_ENTRANTS {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "tournament_full",
            format!("the tournament has {MAX_ENTRANTS} players, the most it takes"),
        ));
    }
    let token = new_token();
    let now = s.config.clock.now_ms();
    match db::enter(&s.store, &t.id, name, &canonical(name), account, &token, now).await? {
        db::Entered::New(n) => {
            Ok((StatusCode::CREATED, Json(json!({"entrant": n, "token": token}))).into_response())
        }
        db::Entered::NameTaken => Err(ApiError::new(
            StatusCode::CONFLICT,
            "name_taken",
            format!("a player of this tournament is named `{name}` already (or a name that looks like it)"),
        )),
        db::Entered::Started => Err(ApiError::new(
            StatusCode::CONFLICT,
            "tournament_started",
            "the tournament has begun: entering closed when round 1 was seated",
        )),
    }
}

async fn organizer(s: &Shared, id: &str, login: &Login) -> Result<Tournament, ApiError> {
    let t = tournament(s, id).await?;
    if t.organizer != login.account.id {
        return Err(not_organizer());
    }
    Ok(t)
}

async fn add(
    State(s): App,
    Path(id): Path<String>,
    login: Login,
    body: Result<ApiJson<EnterRequest>, ApiError>,
) -> Result<Response, ApiError> {
    let ApiJson(req) = body?;
    let t = organizer(&s, &id, &login).await?;
    if t.rated {
        return Err(bad(
            "name",
            "a rated tournament takes only accounts; they enter themselves",
        ));
    }
    add_guest(&s, &t, req.name.as_deref()).await
}

async fn drop_entrant(
    State(s): App,
    Path((id, n)): Path<(String, u32)>,
    login: Login,
) -> Result<Response, ApiError> {
    let t = organizer(&s, &id, &login).await?;
    if !db::drop_entrant(&s.store, &t.id, n).await? {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_entrant",
            format!("tournament `{id}` has no player numbered {n}"),
        ));
    }
    Ok(Json(json!({"dropped": n})).into_response())
}

async fn start(State(s): App, Path(id): Path<String>, login: Login) -> Result<Response, ApiError> {
    let t = organizer(&s, &id, &login).await?;
    if t.status != Stage::Entering {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "tournament_started",
            "the tournament has begun already",
        ));
    }
    let players = db::entrants(&s.store, &t.id)
        .await?
        .iter()
        .filter(|e| !e.dropped)
        .count();
    if players < 2 {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "too_few_players",
            format!("a tournament starts with 2 players at least; {players} entered"),
        ));
    }
    // The driver seats round 1 (one place decides, so two requests or two processes never
    // seat it twice): told now, or at its next tick (a second) in another process.
    db::set_start(&s.store, &t.id, s.config.clock.now_ms()).await?;
    s.publish(crate::core::TableEvent::TournamentStarted(t.id.clone()));
    Ok(Json(json!({"started": true})).into_response())
}

/// `?entrant=TOKEN` of a guest.
#[derive(Debug, Deserialize)]
struct EntrantQuery {
    entrant: Option<String>,
}

async fn me(
    State(s): App,
    Path(id): Path<String>,
    Query(q): Query<EntrantQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let t = tournament(&s, &id).await?;
    let login = Login::of(&s, &headers).await?;
    let entrants = db::entrants(&s.store, &t.id).await?;
    let Some(e) = my_entry(&entrants, login.as_ref(), q.entrant.as_deref()) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "not_entered",
            "you have not entered this tournament (log in, or give your entry's `?entrant=` key)",
        ));
    };
    let mut v =
        json!({"entrant": e.n, "name": e.name, "dropped": e.dropped, "round": t.round, "status": t.status});
    let tables = db::tables(&s.store, &t.id).await?;
    if let Some(x) = tables
        .iter()
        .find(|x| x.round == t.round && x.seats.contains(&Some(e.n)))
    {
        let seat = x.seats.iter().position(|w| *w == Some(e.n)).unwrap_or(0);
        let stored = s.store.load_table(&x.code).await?;
        v["code"] = json!(x.code);
        v["seat"] = json!(seat);
        v["token"] = json!(stored.and_then(|st| st.seats.get(seat).and_then(|x| x.token.clone())));
    }
    Ok(Json(v).into_response())
}

#[derive(Debug, Deserialize)]
struct RoundQuery {
    round: Option<u32>,
}

async fn show_boards(
    State(s): App,
    Path(id): Path<String>,
    Query(q): Query<RoundQuery>,
) -> Result<Response, ApiError> {
    let t = tournament(&s, &id).await?;
    let round = q.round.unwrap_or(t.round.max(1));
    if round == 0 || round > t.round {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!(
                "`round` {round}: the tournament has played rounds 1 to {}",
                t.round
            ),
        ));
    }
    let tables = db::tables(&s.store, &t.id).await?;
    let games = games(&s.store, &s.finished, &tables).await?;
    Ok(Json(json!({"round": round, "boards": boards(&t, &tables, &games, round)})).into_response())
}

/// A CSV field: quoted when it holds a comma, a quote or a line break; a leading `=`, `+`,
/// `-` or `@` is prefixed with `'` so that a spreadsheet does not run it as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

async fn csv(State(s): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let t = tournament(&s, &id).await?;
    let entrants = db::entrants(&s.store, &t.id).await?;
    let tables = db::tables(&s.store, &t.id).await?;
    let games = games(&s.store, &s.finished, &tables).await?;
    let mut out = String::from("place,name,account,score,total,duplicate,deals,compared,rounds,dropped\n");
    for l in standings(&t, &entrants, &tables, &games) {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{}\n",
            l.place,
            csv_field(&l.name),
            l.account,
            l.score,
            l.total,
            l.duplicate,
            l.deals,
            l.compared,
            l.rounds,
            l.dropped
        ));
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-standings.csv\"", t.id),
            ),
        ],
        out,
    )
        .into_response())
}

async fn records(State(s): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let t = tournament(&s, &id).await?;
    let tables = db::tables(&s.store, &t.id).await?;
    let games = games(&s.store, &s.finished, &tables).await?;
    // A record shows every hand: only finished tables' records are given.
    let list: Vec<Value> = tables
        .iter()
        .filter_map(|x| {
            let g = games.get(&x.code).filter(|g| g.is_over())?;
            Some(json!({"round": x.round, "table": x.n, "code": x.code, "record": binokel::record::write_record(g)}))
        })
        .collect();
    Ok(Json(json!({"tournament": t.id, "records": list})).into_response())
}
