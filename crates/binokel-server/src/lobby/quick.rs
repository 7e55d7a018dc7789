//! Quick match (`POST /api/lobby/quick`): a seat at the public waiting table of the same
//! preset, target and series (`series_deals`) where a person is present, the latest
//! activity first, or a new public table (with the creation limits of `POST /api/tables`)
//! whose free seats bots take after the wait the caller chose. The choice is made under the lobby's matching lock, so that
//! requests at the same instant fill a table before they open another.

use crate::accounts::Login;
use crate::address::ClientAddr;
use crate::creation;
use crate::mailbox::{ask, Cmd};
use crate::model::check_bot;
use crate::protocol::{
    BotFill, CreateRequest, ErrorCode, JoinAnswer, JoinRequest, Refusal, SeatKind, SeatRequest, MAX_FILL_SECS,
};
use crate::registry::Route;
use crate::reply::{moved, ApiError, ApiJson, Body};
use crate::shared::Shared;
use crate::store::lobby as db;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    /// A fixed series of this many deals (`series_deals`; absent or 0: play to the target),
    /// part of the rules a table must share.
    #[serde(default)]
    series_deals: Option<i64>,
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
    /// A rated table (issue #36): the caller must be logged in; only rated tables are
    /// matched with rated requests.
    #[serde(default)]
    rated: bool,
}

/// The answer: the seat taken, and whether quick match opened the table.
#[derive(Clone, Debug, Serialize)]
struct QuickAnswer {
    #[serde(flatten)]
    join: JoinAnswer,
    opened: bool,
}

impl Body for QuickRequest {}

fn bad(m: String) -> Refusal {
    Refusal::new(ErrorCode::BadRequest, m)
}

pub(crate) async fn quick(
    State(s): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    ApiJson(req): ApiJson<QuickRequest>,
) -> Result<Response, ApiError> {
    let account = Login::of(&s, &headers).await?.map(|l| l.account);
    if req.rated && account.is_none() {
        return Err(crate::table::account_required().into());
    }
    let preset = req.rules.clone().unwrap_or_else(|| "standard".into());
    let mut rules = binokel::Rules::from_preset_name(&preset).map_err(|e| bad(format!("`rules`: {e}")))?;
    if let Some(t) = req.target {
        let max = crate::protocol::MAX_TABLE_TARGET;
        if !(50..=max).contains(&t) {
            return Err(bad(format!("`target` {t} is out of range (50 to {max})")).into());
        }
        rules.target = t;
    }
    if let Some(n) = req.series_deals {
        rules
            .set("series_deals", &n.to_string())
            .and_then(|()| rules.validate())
            .map_err(|e| bad(format!("`series_deals`: {e}")))?;
    }
    rules.validate().map_err(|e| bad(format!("`rules`: {e}")))?;
    let bot = req.bot.clone().unwrap_or_else(|| "medium".into());
    check_bot("`bot`", &bot)?;
    if let Some(a) = req.fill_after_secs.filter(|a| *a > MAX_FILL_SECS) {
        return Err(bad(format!(
            "`fill_after_secs` {a} is too long (at most {MAX_FILL_SECS})"
        ))
        .into());
    }
    if account.is_none() {
        crate::ids::check_name(req.name.as_deref(), 0)?;
    }
    // One decision at a time: a request sees the seats and tables of those before it.
    let _one = s.lobby.matching.lock().await;
    // The open tables played under exactly these rules where a person is present.
    let key = rules.to_json().to_string();
    let rated = req.rated.then(|| crate::players::format_of(&rules));
    let found = db::candidates(&s.store, &key, rated.as_deref(), TRIES, super::presence(&s)).await?;
    for code in found {
        match s.route(&code).await {
            Ok(Route::Local(h)) => {
                let join = JoinRequest {
                    name: req.name.clone(),
                    seat: None,
                };
                let account = account.clone();
                match ask(&h, |reply| Cmd::Join {
                    req: join,
                    account,
                    reply,
                })
                .await
                {
                    Ok(Ok(a)) => {
                        return Ok(Json(QuickAnswer {
                            join: a,
                            opened: false,
                        })
                        .into_response())
                    }
                    // Taken meanwhile (by a person or the bots): the next one.
                    Ok(Err(r)) if r.error == ErrorCode::NoFreeSeat => continue,
                    Ok(Err(r)) => return Err(r.into()),
                    Err(_) => continue,
                }
            }
            // The process that serves that table answers the whole request.
            Ok(Route::Elsewhere(url)) => return Ok(moved(&url, "/api/lobby/quick")),
            Err(_) => continue,
        }
    }
    // None: a new public table, under the limits of every table creation.
    creation::check_limits(&s, client)?;
    let create = CreateRequest {
        rules: Some(serde_json::Value::String(preset)),
        target: req.target,
        series_deals: req.series_deals,
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
        rated: req.rated,
    };
    let a = creation::create_from(&s, create, client, account.as_ref()).await?;
    // This process owns the new table.
    s.route(&a.code).await?;
    Ok((
        StatusCode::CREATED,
        Json(QuickAnswer {
            join: a,
            opened: true,
        }),
    )
        .into_response())
}
