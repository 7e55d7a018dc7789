//! Quick match (`POST /api/lobby/quick`): a seat at the public waiting table of the same
//! preset and target where a person is present, the latest activity first, or a new public
//! table (with the creation limits of `POST /api/tables`) whose free seats bots take after
//! the wait the caller chose. The choice is made under the lobby's matching lock, so that
//! requests at the same instant fill a table before they open another.

use super::{check_bot, db};
use crate::http::{ask, check_creation, create_from, moved, parse, refuse, refuse_creation, App};
use crate::protocol::{
    BotFill, CreateRequest, ErrorCode, JoinAnswer, JoinRequest, Refusal, SeatKind, SeatRequest, MAX_FILL_SECS,
};
use crate::table::Cmd;
use crate::Route;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

/// How many open tables quick match tries before it opens one (a table may fill up between
/// the list and the join).
const TRIES: usize = 5;

/// The body of `POST /api/lobby/quick`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct QuickRequest {
    /// A preset name (default `standard`).
    #[serde(default)]
    rules: Option<String>,
    /// The target score (default: the preset's).
    #[serde(default)]
    target: Option<i32>,
    /// The display name.
    #[serde(default)]
    name: Option<String>,
    /// The bot that takes the free seats of a table quick match opens (default `medium`).
    #[serde(default)]
    bot: Option<String>,
    /// Seconds until bots take the free seats of a table quick match opens (0: at once;
    /// absent or null: never).
    #[serde(default)]
    fill_after_secs: Option<u64>,
}

/// The answer: the seat taken, and whether quick match opened the table.
#[derive(Clone, Debug, Serialize)]
struct QuickAnswer {
    #[serde(flatten)]
    join: JoinAnswer,
    opened: bool,
}

fn bad(m: String) -> Refusal {
    Refusal::new(ErrorCode::BadRequest, m)
}

pub(crate) async fn quick(
    State(s): App,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    body: Bytes,
) -> Response {
    let req: QuickRequest = match parse(&body) {
        Ok(r) => r,
        Err(r) => return refuse(r),
    };
    let preset = req.rules.clone().unwrap_or_else(|| "standard".into());
    let mut rules = match binokel::Rules::from_preset_name(&preset) {
        Ok(r) => r,
        Err(e) => return refuse(bad(format!("`rules`: {e}"))),
    };
    if let Some(t) = req.target {
        let max = crate::protocol::MAX_TABLE_TARGET;
        if !(50..=max).contains(&t) {
            return refuse(bad(format!("`target` {t} is out of range (50 to {max})")));
        }
        rules.target = t;
    }
    if let Err(e) = rules.validate() {
        return refuse(bad(format!("`rules`: {e}")));
    }
    let bot = req.bot.clone().unwrap_or_else(|| "medium".into());
    if let Err(r) = check_bot("`bot`", &bot) {
        return refuse(r);
    }
    if let Some(a) = req.fill_after_secs.filter(|a| *a > MAX_FILL_SECS) {
        return refuse(bad(format!(
            "`fill_after_secs` {a} is too long (at most {MAX_FILL_SECS})"
        )));
    }
    if let Err(r) = crate::check_name(req.name.as_deref(), 0) {
        return refuse(r);
    }
    // One decision at a time: a request sees the seats and tables of those before it.
    let _one = s.lobby.matching.lock().await;
    // The open tables played under exactly these rules where a person is present.
    let key = rules.to_json().to_string();
    let found = match db::candidates(&s.store, &key, TRIES, super::presence(&s)).await {
        Ok(c) => c,
        Err(e) => return refuse(Refusal::new(ErrorCode::Unavailable, e.to_string())),
    };
    for code in found {
        match s.route(&code).await {
            Ok(Route::Local(h)) => {
                let join = JoinRequest {
                    name: req.name.clone(),
                    seat: None,
                };
                match ask(&h, |reply| Cmd::Join { req: join, reply }).await {
                    Ok(Ok(a)) => {
                        return Json(QuickAnswer {
                            join: a,
                            opened: false,
                        })
                        .into_response()
                    }
                    // Taken meanwhile (by a person or the bots): the next one.
                    Ok(Err(r)) if r.error == ErrorCode::NoFreeSeat => continue,
                    Ok(Err(r)) => return refuse(r),
                    Err(_) => continue,
                }
            }
            // The process that serves that table answers the whole request.
            Ok(Route::Elsewhere(url)) => return moved(&url, "/api/lobby/quick"),
            Err(_) => continue,
        }
    }
    // None: a new public table, under the limits of every table creation.
    if let Err(r) = check_creation(&s, peer.ip()).await {
        return r;
    }
    let create = CreateRequest {
        rules: Some(serde_json::Value::String(preset)),
        target: req.target,
        name: req.name,
        seat: None,
        seats: Some(
            (0..rules.players)
                .map(|_| SeatRequest {
                    kind: SeatKind::Human,
                    bot: None,
                })
                .collect(),
        ),
        public: true,
        fill: req.fill_after_secs.map(|after_secs| BotFill { bot, after_secs }),
    };
    match create_from(&s, create, peer.ip()).await {
        Ok(a) => (
            StatusCode::CREATED,
            Json(QuickAnswer {
                join: a,
                opened: true,
            }),
        )
            .into_response(),
        Err(r) => refuse_creation(r),
    }
}
