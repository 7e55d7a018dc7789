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

mod db;
mod quick;

pub(crate) use db::{fill_seats, seat_taken, set_online};

use crate::http::{refuse, App};
use crate::protocol::{BotFill, CreateRequest, ErrorCode, Refusal, SeatKind, Status, MAX_FILL_SECS};
use crate::store::{now_ms, seat_names};
use crate::Shared;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{extract::State, Router};
use serde::Serialize;
use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Mutex, Notify};

/// How long a change waits for others before the list is rebuilt (changes come in bursts:
/// a join that starts a match changes seats and status at once).
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// How often the list is rebuilt while somebody subscribes, for tables of other processes.
pub const REFRESH: Duration = Duration::from_secs(2);

/// Most tables in each of the two lists (open, running).
pub const LIST_LIMIT: usize = 100;

/// A table's place in the lobby, as stored with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbyOptions {
    /// Listed in the lobby.
    pub public: bool,
    /// Bots that take the free seats after a wait.
    pub fill: Option<BotFill>,
    /// When the table was created (ms since the epoch).
    pub created_ms: i64,
}

impl LobbyOptions {
    /// The options of a stored table's row (`listed`, `fill_bot`, `fill_after_ms`,
    /// `created_ms`).
    pub(crate) fn from_row(r: &sqlx::any::AnyRow) -> Result<LobbyOptions, sqlx::Error> {
        use sqlx::Row;
        let listed: i64 = r.try_get("listed")?;
        let bot: Option<String> = r.try_get("fill_bot")?;
        let after: Option<i64> = r.try_get("fill_after_ms")?;
        Ok(LobbyOptions {
            public: listed != 0,
            fill: bot.zip(after).map(|(bot, ms)| BotFill {
                bot,
                after_secs: (ms.max(0) / 1000) as u64,
            }),
            created_ms: r.try_get("created_ms")?,
        })
    }

    /// The checked options of a create request: the bot of a fill must be known and its
    /// wait at most [`MAX_FILL_SECS`].
    pub(crate) fn of_request(req: &CreateRequest) -> Result<LobbyOptions, Refusal> {
        if let Some(f) = &req.fill {
            check_bot("`fill.bot`", &f.bot)?;
            if f.after_secs > MAX_FILL_SECS {
                return Err(Refusal::new(
                    ErrorCode::BadRequest,
                    format!(
                        "`fill.after_secs` {} is too long (at most {MAX_FILL_SECS})",
                        f.after_secs
                    ),
                ));
            }
        }
        Ok(LobbyOptions {
            public: req.public,
            fill: req.fill.clone(),
            created_ms: now_ms(),
        })
    }

    /// When the bots take the free seats (ms since the epoch), if they do.
    pub fn fill_at_ms(&self) -> Option<i64> {
        self.fill
            .as_ref()
            .map(|f| self.created_ms + (f.after_secs * 1000) as i64)
    }
}

/// A bot name the server knows, or a refusal naming `field` and the known names.
pub(crate) fn check_bot(field: &str, bot: &str) -> Result<(), Refusal> {
    if binokel_ai::BOT_NAMES.contains(&bot) {
        Ok(())
    } else {
        Err(Refusal::new(
            ErrorCode::BadRequest,
            format!(
                "{field}: unknown bot `{bot}` (known: {})",
                binokel_ai::BOT_NAMES.join(", ")
            ),
        ))
    }
}

/// The lobby's share of [`Shared`]: the latest list for subscribers, the change signal of
/// the tables, the stop signal of a shutdown, and the lock of matching.
pub(crate) struct Lobby {
    feed: watch::Sender<Arc<str>>,
    changed: Notify,
    stop: watch::Sender<bool>,
    /// Held while a quick match decides between a seat at a waiting table and a new table,
    /// and while a public table is created (with the cap of its address): requests at the
    /// same instant see each other's seats and tables.
    pub(crate) matching: Mutex<()>,
}

impl Lobby {
    pub(crate) fn new() -> Lobby {
        Lobby {
            feed: watch::Sender::new(Arc::from("")),
            changed: Notify::new(),
            stop: watch::Sender::new(false),
            matching: Mutex::new(()),
        }
    }

    /// A public table changed: the list is rebuilt soon.
    pub(crate) fn touch(&self) {
        self.changed.notify_one();
    }

    /// The server stops: every feed ends (so that the graceful shutdown need not wait for
    /// them) and so does [`run`].
    pub(crate) fn stop(&self) {
        self.stop.send_replace(true);
    }
}

/// One seat as the lobby shows it (never the token).
#[derive(Clone, Debug, PartialEq, Serialize)]
struct LobbySeat {
    seat: usize,
    kind: SeatKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<String>,
    name: Option<String>,
    taken: bool,
}

/// One public table in the list.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct Entry {
    code: String,
    rules: serde_json::Value,
    preset: String,
    target: i32,
    players: usize,
    status: Status,
    created_ms: i64,
    free: usize,
    seats: Vec<LobbySeat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fill: Option<FillInfo>,
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
            }
        })
        .collect();
    Some(Entry {
        code: t.code,
        rules: rules.to_json(),
        preset: rules.preset.name().to_string(),
        target: rules.target,
        players: rules.players as usize,
        status: t.status,
        created_ms: t.created_ms,
        free: seats.iter().filter(|s| !s.taken).count(),
        seats,
        fill: t.fill.map(|(bot, ms)| FillInfo {
            bot,
            at_ms: t.created_ms + ms,
        }),
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

async fn list(State(s): App) -> Response {
    match lists(&s).await {
        Ok(l) => (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            snapshot_text(&l),
        )
            .into_response(),
        Err(r) => refuse(r),
    }
}

/// A lobby subscriber counts as a connection (`--max-connections`) while it lasts.
struct Counted(Arc<Shared>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

struct Feed {
    first: Option<String>,
    rx: watch::Receiver<Arc<str>>,
    stop: watch::Receiver<bool>,
    _counted: Counted,
}

async fn events(State(s): App) -> Response {
    let n = s.connections.fetch_add(1, Ordering::SeqCst);
    let counted = Counted(s.clone());
    if n >= s.config.max_connections {
        return refuse(Refusal::new(
            ErrorCode::ServerFull,
            "too many connections; try again later",
        ));
    }
    // Subscribed before the first list is read: a change meanwhile is sent after it.
    let rx = s.lobby.feed.subscribe();
    let stop = s.lobby.stop.subscribe();
    let first = match lists(&s).await {
        Ok(l) => snapshot_text(&l),
        Err(r) => return refuse(r),
    };
    let feed = Feed {
        first: Some(first),
        rx,
        stop,
        _counted: counted,
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
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

/// The lobby's task: rebuilds the list on changes and while subscribed (see the module
/// page), and loads waiting tables whose bot fill is due that no process has loaded (after a
/// restart), so their bots take the seats.
pub(crate) async fn run(shared: Arc<Shared>) {
    let mut stop = shared.lobby.stop.subscribe();
    let mut last: Option<Lists> = None;
    loop {
        if *stop.borrow() {
            return;
        }
        tokio::select! {
            _ = shared.lobby.changed.notified() => tokio::time::sleep(DEBOUNCE).await,
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

/// Before a public table that waits for players is created: refused with
/// `too_many_tables` when its address `opener` has
/// [`Config::open_tables_per_address`](crate::Config::open_tables_per_address) public tables
/// waiting already. The caller holds [`Lobby::matching`], so that requests at the same
/// instant count each other's tables.
pub(crate) async fn check_open_cap(shared: &Shared, opener: std::net::IpAddr) -> Result<(), Refusal> {
    let cap = shared.config.open_tables_per_address;
    if cap == 0 {
        return Ok(());
    }
    let n = db::waiting_of(&shared.store, &opener.to_string())
        .await
        .map_err(|e| Refusal::new(ErrorCode::Unavailable, e.to_string()))?;
    if n >= cap {
        return Err(Refusal::new(
            ErrorCode::TooManyTables,
            format!(
                "this address has {cap} public tables waiting for players, the most allowed; \
                 open another when one of them has begun, or create a private table"
            ),
        ));
    }
    Ok(())
}

/// After a public table was created (by the client address `opener`; `seated`: its creator
/// took a seat): stores its options, and the lobby hears of it.
pub(crate) async fn created(
    shared: &Shared,
    code: &str,
    o: &LobbyOptions,
    opener: std::net::IpAddr,
    seated: bool,
) -> Result<(), Refusal> {
    if !o.public && o.fill.is_none() {
        return Ok(());
    }
    let taken_ms = if seated { o.created_ms } else { 0 };
    db::set_options(&shared.store, code, o, Some(&opener.to_string()), taken_ms)
        .await
        .map_err(|e| Refusal::new(ErrorCode::Unavailable, e.to_string()))?;
    if o.public {
        shared.lobby.touch();
    }
    Ok(())
}
