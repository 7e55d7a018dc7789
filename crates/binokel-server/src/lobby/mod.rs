//! The lobby (docs/protocol.md, "Lobby"): public tables, listed for anyone to join a free
//! seat or to watch; the live feed of that list (Server-Sent Events); quick match
//! (`quick.rs`); a table's lobby options as stored with it and the queries (`db.rs`).
//!
//! The list comes from the database, so it holds the public tables of every process and
//! survives a restart. It shows only tables where a person is present (a seat taken less
//! than [`Config::presence`](crate::Config::presence) ago, or a person's open WebSocket,
//! kept by the table in `db.rs`'s `online_ms`), and one address may keep at most
//! [`Config::open_tables_per_address`](crate::Config::open_tables_per_address) public tables
//! waiting ([`check_open_cap`]), so that a flood from one address hides nobody's table. One task per process ([`run`]) rebuilds it when a table of this
//! process says it changed (created, joined, filled with bots, finished, unloaded; debounced
//! by [`DEBOUNCE`]) and every [`REFRESH`] while somebody subscribes (other processes'
//! tables), and publishes it in a `watch` channel: a subscriber holds at most the latest
//! list, never a queue, so a slow one costs one list and skips what it missed.

mod quick;

use crate::core::TableEvent;
use crate::protocol::{ErrorCode, Refusal, SeatKind, Status};
use crate::reply::ApiError;
use crate::shared::Shared;
use crate::store::lobby as db;
use crate::store::{now_ms, seat_names};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{extract::State, Router};
use serde::Serialize;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, watch, OwnedSemaphorePermit};

/// How long a change waits for others before the list is rebuilt (changes come in bursts:
/// a join that starts a match changes seats and status at once).
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// How often the list is rebuilt while somebody subscribes, for tables of other processes.
pub const REFRESH: Duration = Duration::from_secs(2);

/// Most tables in each of the two lists (open, running).
pub const LIST_LIMIT: usize = 100;

/// One seat as the lobby shows it (never the token).
#[derive(Clone, Debug, PartialEq, Serialize)]
struct LobbySeat {
    seat: usize,
    kind: SeatKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<String>,
    name: Option<String>,
    taken: bool,
    /// The seat belongs to an account.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    account: bool,
}

/// One public table in the list.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct Entry {
    code: String,
    rules: serde_json::Value,
    preset: String,
    target: i32,
    /// A fixed series of this many deals; 0: played to `target`.
    series_deals: u32,
    players: usize,
    status: Status,
    created_ms: i64,
    free: usize,
    seats: Vec<LobbySeat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fill: Option<FillInfo>,
    /// A rated table (issue #36).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    rated: bool,
}

/// The bot fill of a waiting table.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct FillInfo {
    bot: String,
    at_ms: i64,
}

/// The two lists, and how many more tables each would have without its limit.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct Lists {
    open: Vec<Entry>,
    running: Vec<Entry>,
    more: More,
}

/// How many tables past [`LIST_LIMIT`] each list leaves out.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct More {
    open: usize,
    running: usize,
}

fn entry(t: db::Listed) -> Option<Entry> {
    let json: serde_json::Value = serde_json::from_str(&t.rules).ok()?;
    let rules = binokel::Rules::from_json(&json).ok()?;
    let names = seat_names(&t.seats);
    let seats: Vec<LobbySeat> = t
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let bot = s.kind == SeatKind::Bot;
            let taken = bot || s.token.is_some();
            LobbySeat {
                seat: i,
                kind: s.kind,
                bot: s.bot.clone(),
                name: taken.then(|| names[i].clone()),
                taken,
                account: s.account.is_some() && !s.former,
            }
        })
        .collect();
    Some(Entry {
        code: t.code,
        rules: rules.to_json(),
        preset: rules.preset.name().to_string(),
        target: rules.target,
        series_deals: rules.series_deals,
        players: rules.players as usize,
        status: t.status,
        created_ms: t.created_ms,
        free: seats.iter().filter(|s| !s.taken).count(),
        seats,
        fill: t.fill.map(|(bot, ms)| FillInfo {
            bot,
            at_ms: t.created_ms + ms,
        }),
        rated: t.rated.is_some(),
    })
}

/// Now, and since when a seat taken counts as a person present.
pub(crate) fn presence(shared: &Shared) -> db::Presence {
    let now_ms = now_ms();
    db::Presence {
        now_ms,
        taken_after_ms: now_ms.saturating_sub(shared.config.presence.as_millis() as i64),
    }
}

async fn lists(shared: &Shared) -> Result<Lists, Refusal> {
    let unavailable = |e: crate::store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
    let at = presence(shared);
    let (open, open_all) = db::listed(&shared.store, Status::Waiting, LIST_LIMIT, at)
        .await
        .map_err(unavailable)?;
    let (running, running_all) = db::listed(&shared.store, Status::Playing, LIST_LIMIT, at)
        .await
        .map_err(unavailable)?;
    Ok(Lists {
        more: More {
            open: open_all.saturating_sub(open.len()),
            running: running_all.saturating_sub(running.len()),
        },
        open: open.into_iter().filter_map(entry).collect(),
        running: running.into_iter().filter_map(entry).collect(),
    })
}

/// The list as sent: the two lists and the server's clock (so that a page with a wrong
/// clock still says how long a table has waited).
fn snapshot_text(l: &Lists) -> String {
    serde_json::json!({"now_ms": now_ms(), "open": l.open, "running": l.running, "more": l.more}).to_string()
}

/// The lobby's routes: `GET /api/lobby`, `GET /api/lobby/events`, `POST /api/lobby/quick`.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/lobby", get(list))
        .route("/api/lobby/events", get(events))
        .route("/api/lobby/quick", post(quick::quick))
}

async fn list(State(s): State<Arc<Shared>>) -> Result<Response, ApiError> {
    let l = lists(&s).await?;
    Ok((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        snapshot_text(&l),
    )
        .into_response())
}

struct Feed {
    first: Option<String>,
    rx: watch::Receiver<Arc<str>>,
    stop: watch::Receiver<bool>,
    /// A lobby subscriber counts as a connection (`--max-connections`) while it lasts.
    _permit: OwnedSemaphorePermit,
}

async fn events(State(s): State<Arc<Shared>>) -> Result<Response, ApiError> {
    let Some(permit) = s.connection() else {
        return Err(Refusal::new(ErrorCode::ServerFull, "too many connections; try again later").into());
    };
    // Subscribed before the first list is read: a change meanwhile is sent after it.
    let rx = s.lobby.feed.subscribe();
    let stop = s.lobby.stop.subscribe();
    let first = snapshot_text(&lists(&s).await?);
    let feed = Feed {
        first: Some(first),
        rx,
        stop,
        _permit: permit,
    };
    let stream = futures_util::stream::unfold(feed, |mut f| async move {
        if let Some(text) = f.first.take() {
            return Some((
                Ok::<Event, Infallible>(Event::default().event("lobby").data(text)),
                f,
            ));
        }
        if *f.stop.borrow() {
            return None;
        }
        tokio::select! {
            r = f.rx.changed() => r.ok()?,
            _ = f.stop.changed() => return None,
        }
        let text: Arc<str> = f.rx.borrow_and_update().clone();
        Some((Ok(Event::default().event("lobby").data(&*text)), f))
    });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}

/// The lobby's task: rebuilds the list on changes (a table's signal, or the end of a
/// match, [`TableEvent::MatchEnded`]) and while subscribed (see the module page), and loads
/// waiting tables whose bot fill is due that no process has loaded (after a restart), so
/// their bots take the seats.
pub(crate) async fn run(shared: Arc<Shared>) {
    let mut stop = shared.lobby.stop.subscribe();
    let mut events = shared.subscribe();
    let mut last: Option<Lists> = None;
    loop {
        if *stop.borrow() {
            return;
        }
        tokio::select! {
            _ = shared.lobby.changed.notified() => tokio::time::sleep(DEBOUNCE).await,
            e = events.recv() => match e {
                Ok(TableEvent::MatchEnded(_)) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    tokio::time::sleep(DEBOUNCE).await
                }
                // A tournament's start changes no lobby list.
                Ok(TableEvent::TournamentStarted(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = tokio::time::sleep(REFRESH) => {}
            _ = stop.changed() => return,
        }
        if shared.lobby.feed.receiver_count() > 0 {
            match lists(&shared).await {
                Ok(l) if last.as_ref() != Some(&l) => {
                    shared.lobby.feed.send_replace(Arc::from(snapshot_text(&l)));
                    last = Some(l);
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "cannot list the lobby"),
            }
        } else {
            last = None;
        }
        if shared.config.adopt_orphans {
            match db::fills_due(&shared.store, now_ms(), 20).await {
                Ok(codes) => {
                    for code in codes {
                        if let Err(e) = shared.route(&code).await {
                            tracing::warn!(table = %code, error = %e, "cannot load a table for its bots");
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot look for bot fills"),
            }
        }
    }
}
