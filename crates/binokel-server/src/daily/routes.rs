//! The deal of the day over HTTP (docs/protocol.md, "The deal of the day"; docs/daily.md):
//! `GET /api/daily` and `GET /api/daily/{day}` (the day, its ranking, the account's ranked
//! try), `POST /api/daily/play` and `POST /api/daily/{day}/play` (a table of the day's
//! deals), `GET /api/daily/{day}/deals/{k}` (how the others played deal k).

use super::ranking::{deal_rows, ranking};
use super::store::{self as db, Try};
use super::{day_rules, day_seed, today, Day, PRESET};
use crate::accounts::session::not_logged_in;
use crate::accounts::{Account, Login};
use crate::address::ClientAddr;
use crate::creation;
use crate::ids::{check_name, new_token};
use crate::protocol::{SeatKind, PROTOCOL_VERSION};
use crate::reply::ApiError;
use crate::shared::Shared;
use crate::store::StoredSeat;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use binokel::Game;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

type App = State<Arc<Shared>>;

/// The routes.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/daily", get(page_today))
        .route("/api/daily/play", post(play_today))
        .route("/api/daily/{day}", get(page_of))
        .route("/api/daily/{day}/play", post(play_of))
        .route("/api/daily/{day}/deals/{k}", get(deal))
}

/// A day of a path: today or a past day, and whether it is today; a future day is `404
/// future_day`, a text that is no day `400 bad_request`.
fn day_of_path(s: &Shared, text: &str) -> Result<(Day, bool), ApiError> {
    let today = today(&s.config)?;
    let day = Day::parse(text).map_err(|m| ApiError::field("day", m))?;
    if day > today {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "future_day",
            format!("the deals of {day} are not drawn yet: today is {today} (UTC)"),
        ));
    }
    Ok((day, day == today))
}

/// Every finished ranked try of a day with its game (a try whose stored actions do not
/// replay is left out, and logged).
async fn finished_games(s: &Shared, day: Day) -> Result<Vec<(Try, Game)>, ApiError> {
    let mut out = Vec::new();
    for t in db::finished_ranked(&s.store, &day.to_string()).await? {
        if let Some(g) = s.finished.game(&s.store, &t.code).await? {
            out.push((t, g));
        }
    }
    Ok(out)
}

async fn page_today(State(s): App, headers: HeaderMap) -> Result<Response, ApiError> {
    let day = today(&s.config)?;
    page(&s, day, true, &headers).await
}

async fn page_of(State(s): App, Path(day): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let (day, is_today) = day_of_path(&s, &day)?;
    page(&s, day, is_today, &headers).await
}

/// The state of an account's ranked try, as the page shows it.
fn ranked_json(t: Option<&Try>, rows: &[super::RankRow]) -> Value {
    match t {
        None => json!({"state": "not_started"}),
        Some(t) if !t.over() => json!({
            "state": "playing", "code": t.code, "seat": 0, "token": t.token,
        }),
        Some(t) => {
            let row = t.name.as_ref().and_then(|n| rows.iter().find(|r| &r.name == n));
            json!({
                "state": "finished", "code": t.code,
                "place": row.map(|r| r.place), "score": row.map(|r| r.score),
                "total": row.map(|r| r.total),
                "record": format!("/api/tables/{}/record", t.code),
                "replay": format!("#/replay/{}", t.code),
            })
        }
    }
}

async fn page(s: &Shared, day: Day, is_today: bool, headers: &HeaderMap) -> Result<Response, ApiError> {
    let n = s.config.daily_deals;
    let rules = day_rules(n).map_err(bad_config)?;
    let rows = ranking(&finished_games(s, day).await?);
    let me = match Login::of(s, headers).await? {
        None => Value::Null,
        Some(l) => {
            let t = db::ranked_try(&s.store, &day.to_string(), l.account.id).await?;
            json!({"name": l.account.name, "ranked": ranked_json(t.as_ref(), &rows)})
        }
    };
    let bot = s.config.daily_bot.as_str();
    Ok(Json(json!({
        "day": day.to_string(),
        "today": is_today,
        "previous": day.previous().map(|d| d.to_string()),
        "next_day_ms": if is_today { Some(day.next_start_ms()) } else { None },
        "deals": n,
        "preset": PRESET,
        "rules": rules.to_json(),
        "bot": bot,
        "bot_name": binokel_ai::persona::persona(bot).0,
        "ranking": rows,
        "me": me,
    }))
    .into_response())
}

fn bad_config(m: String) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "bad_config",
        format!("the deal of the day's rules: {m}"),
    )
}

/// What `POST /api/daily/play` takes (every member optional; an empty body is `{}`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    /// The ranked try (today's default) or an unranked table (a past day's only choice).
    ranked: Option<bool>,
    /// A guest's name at the table (a past day's deals; default `Seat 1`).
    name: Option<String>,
}

fn read_play(body: &Bytes) -> Result<PlayRequest, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(PlayRequest::default());
    }
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("the request body: {e}")))
}

async fn play_today(
    State(s): App,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let day = today(&s.config)?;
    play(&s, client, day, true, &headers, read_play(&body)?).await
}

async fn play_of(
    State(s): App,
    ClientAddr(client): ClientAddr,
    Path(day): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (day, is_today) = day_of_path(&s, &day)?;
    play(&s, client, day, is_today, &headers, read_play(&body)?).await
}

/// The answer of a play: the table, seat 0 and its token (like `POST /api/tables`).
fn seat_answer(status: StatusCode, code: &str, token: Option<&str>, day: Day, ranked: bool) -> Response {
    (
        status,
        Json(json!({
            "code": code, "seat": 0, "token": token, "protocol": PROTOCOL_VERSION, "ws": "/ws",
            "day": day.to_string(), "ranked": ranked,
        })),
    )
        .into_response()
}

async fn play(
    s: &Arc<Shared>,
    client: std::net::IpAddr,
    day: Day,
    is_today: bool,
    headers: &HeaderMap,
    req: PlayRequest,
) -> Result<Response, ApiError> {
    let login = Login::of(s, headers).await?.map(|l| l.account);
    let ranked = req.ranked.unwrap_or(is_today);
    if !is_today {
        if ranked {
            return Err(ApiError::field(
                "ranked",
                format!("only today's deals are ranked; {day}'s are played with \"ranked\": false"),
            ));
        }
        return open(s, client, day, login.as_ref(), req.name.as_deref(), false).await;
    }
    let Some(account) = login else {
        return Err(not_logged_in().with("previous", json!(day.previous().map(|d| d.to_string()))));
    };
    let own = db::ranked_try(&s.store, &day.to_string(), account.id).await?;
    match (ranked, own) {
        (true, Some(t)) if !t.over() => Ok(seat_answer(StatusCode::OK, &t.code, t.token.as_deref(), day, true)),
        (true, Some(t)) => Err(ApiError::new(
            StatusCode::CONFLICT,
            "ranked_try_over",
            format!(
                "your ranked try of {day} is over (table {}); play the day's deals again with \"ranked\": false",
                t.code
            ),
        )),
        (true, None) => open(s, client, day, Some(&account), None, true).await,
        (false, Some(t)) if t.over() => open(s, client, day, Some(&account), None, false).await,
        (false, _) => Err(ApiError::new(
            StatusCode::CONFLICT,
            "ranked_try_first",
            format!("unranked play of {day}'s deals opens once your ranked try of the day is over"),
        )),
    }
}

/// Opens a table of `day`'s deals with the player at seat 0 (an account's, or a guest's
/// named `name`) and stores the try; for a ranked try that another request made at the same
/// time, that try's table.
async fn open(
    s: &Arc<Shared>,
    client: std::net::IpAddr,
    day: Day,
    account: Option<&Account>,
    name: Option<&str>,
    ranked: bool,
) -> Result<Response, ApiError> {
    creation::check_limits(s, client)?;
    let rules = day_rules(s.config.daily_deals).map_err(bad_config)?;
    let seed = day_seed(&db::secret(&s.store).await?, day);
    let name = match account {
        Some(a) => {
            if name.is_some() {
                return Err(ApiError::field(
                    "name",
                    "`name` is a guest's: a logged-in player plays under the account's name",
                ));
            }
            a.name.clone()
        }
        None => {
            let n = check_name(name, 0)?;
            crate::table::guest_name_free(&s.store, &n).await?;
            n
        }
    };
    let token = new_token();
    let mut seats = vec![StoredSeat {
        kind: SeatKind::Human,
        bot: None,
        name: Some(name),
        token: Some(token.clone()),
        account: account.map(|a| a.id),
        former: false,
        forfeit: false,
    }];
    for _ in 1..rules.players {
        seats.push(StoredSeat {
            kind: SeatKind::Bot,
            bot: Some(s.config.daily_bot.clone()),
            name: None,
            token: None,
            account: None,
            former: false,
            forfeit: false,
        });
    }
    let code = creation::store_new(s, &rules, seed, &seats, None).await?;
    let day_text = day.to_string();
    if !db::insert_try(&s.store, &code, &day_text, account.map(|a| a.id), ranked).await? {
        // Another request made this account's ranked try a moment ago: that one counts.
        s.store.delete_table(&code).await?;
        let t = match account {
            Some(a) => db::ranked_try(&s.store, &day_text, a.id).await?,
            None => None,
        };
        return match t {
            Some(t) if !t.over() => Ok(seat_answer(
                StatusCode::OK,
                &t.code,
                t.token.as_deref(),
                day,
                true,
            )),
            _ => Err(ApiError::new(
                StatusCode::CONFLICT,
                "ranked_try_over",
                format!("your ranked try of {day} is over"),
            )),
        };
    }
    s.route(&code).await?;
    tracing::info!(table = %code, day = %day_text, ranked, "daily table created");
    Ok(seat_answer(StatusCode::CREATED, &code, Some(&token), day, ranked))
}

async fn deal(
    State(s): App,
    Path((day, k)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (day, is_today) = day_of_path(&s, &day)?;
    let n = s.config.daily_deals as usize;
    let k: usize = k.parse().ok().filter(|k| (1..=n).contains(k)).ok_or_else(|| {
        ApiError::field(
            "k",
            format!("`{k}` is no deal of the day: the deals are 1 to {n}"),
        )
    })?;
    let me = Login::of(&s, &headers).await?.map(|l| l.account.id);
    let own = match me {
        Some(id) => db::ranked_try(&s.store, &day.to_string(), id).await?,
        None => None,
    };
    if is_today && !own.as_ref().is_some_and(Try::over) {
        let e = ApiError::new(
            StatusCode::FORBIDDEN,
            "play_first",
            "how the others played today's deals is shown once your own ranked try of the day is over",
        );
        return Err(if me.is_none() { not_logged_in() } else { e });
    }
    let games = finished_games(&s, day).await?;
    let (hand, rows) = deal_rows(&games, k, me);
    let review = own
        .filter(Try::over)
        .map(|t| json!({"method": "POST", "path": "/api/reviews", "body": {"table": t.code}}));
    Ok(Json(json!({
        "day": day.to_string(),
        "deal": k,
        "deals": n,
        "hand": hand,
        "rows": rows,
        "review": review,
    }))
    .into_response())
}

/// The record of a try of today's deals is withheld (`403 play_first`) from anyone but an
/// account whose own ranked try of today is over: it shows every hand of the day. Tables
/// that are no try, and tries of past days, pass.
pub(crate) async fn check_record(s: &Shared, code: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(day) = db::day_of(&s.store, code).await? else {
        return Ok(());
    };
    if day != today(&s.config)?.to_string() {
        return Ok(());
    }
    let own = match Login::of(s, headers).await? {
        Some(l) => db::ranked_try(&s.store, &day, l.account.id).await?,
        None => None,
    };
    if own.as_ref().is_some_and(Try::over) {
        return Ok(());
    }
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        "play_first",
        format!(
            "this table played the deal of the day of {day}: its record is shown once the day is over, \
             or to an account whose own ranked try of the day is over"
        ),
    ))
}
