//! The Binokel game server: every online table is a task owning the authoritative
//! [`binokel::Game`]; clients speak the versioned protocol of [`protocol`] (documented in
//! `docs/protocol.md`) over WebSocket, and plain HTTP for tables, records and health.
//! Every accepted action is stored (SQLite or PostgreSQL, [`store`]) before it is
//! acknowledged; a lease per table lets several processes share one database.
//!
//! ```no_run
//! # async fn example() -> Result<(), Box<dyn std::error::Error>> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let config = binokel_server::Config::new("sqlite://binokel.sqlite3");
//! binokel_server::run(listener, config, std::future::pending()).await?;
//! # Ok(()) }
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod bots;
pub mod client;
mod http;
pub mod limits;
pub mod loadtest;
pub mod lobby;
mod pad;
pub mod protocol;
pub mod review;
mod rules_api;
pub mod store;
pub mod table;

use protocol::{ErrorCode, Refusal};
use rand::Rng;
use std::collections::HashMap;
use std::future::{Future, IntoFuture};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use store::{Lease, Store};
use table::TableHandle;
use tokio::net::TcpListener;
use tokio::sync::Mutex;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database URL: `sqlite://PATH` or `postgres://...`.
    pub database: String,
    /// The base URL other processes and redirected clients reach this one at
    /// (None: `http://` + the listening address).
    pub public_url: Option<String>,
    /// How long a table's lease lasts without renewal.
    pub lease: Duration,
    /// How long a person may be gone before a bot plays the seat.
    pub grace: Duration,
    /// The turn clock.
    pub turn: Duration,
    /// The pause between deals (to look at the result) when no seat's client waits with
    /// `ready`.
    pub deal_pause: Duration,
    /// At a table with more than one person: how long the next deal waits for the seats
    /// whose clients opted in to `ready` before it starts anyway.
    pub ready_wait: Duration,
    /// How long a bot waits before it acts (so people can follow).
    pub bot_delay: Duration,
    /// The bot that plays for absent people.
    pub autopilot_bot: String,
    /// Most simultaneous WebSocket connections.
    pub max_connections: usize,
    /// Whether this process adopts tables whose owner died.
    pub adopt_orphans: bool,
    /// Most tables one client address may create a minute (0: no limit).
    pub tables_per_minute: u32,
    /// Most score pads one client address may create a minute (0: no limit; docs/pad.md).
    pub pads_per_minute: u32,
    /// Most tables in memory at once: creating one more is refused (0: no limit).
    pub max_tables: usize,
    /// Most reviews (`POST /api/reviews`) one client address may ask for a minute (0: no
    /// limit).
    pub reviews_per_minute: u32,
    /// A table with no action and no connection for this long is unloaded from memory (its
    /// stored actions stay; the next hello loads it again).
    pub idle_unload: Duration,
    /// Threads that run bot decisions, hints and reviews (each with its own solver table);
    /// default one fewer than the cores, at least one; with reviews on the pool has at least
    /// two ([`Config::pool_workers`]).
    pub bot_workers: usize,
    /// Reviews computed at once as jobs of the bot pool (0: reviews are off). Default 1.
    /// Never more than the pool's workers less one ([`Config::review_slots`]).
    pub reviews: usize,
    /// Reviews that may wait for a slot on the pool; past it a request is refused as `busy`.
    pub review_queue: usize,
    /// The review budget (`binokel_ai::review::ReviewBudget::scaled` of this factor).
    pub review_budget: f64,
    /// Most public tables one client address may have waiting for players at once (0: no
    /// cap); docs/protocol.md, "Limits".
    pub open_tables_per_address: usize,
    /// How long after a person took a seat the table counts as one where a person is
    /// present without an open WebSocket (60 s; docs/protocol.md, "The lists").
    pub presence: Duration,
}

impl Config {
    /// The workers of the bot pool: [`Config::bot_workers`], and at least two when reviews
    /// are on, so that a review never holds the last worker the tables have.
    pub fn pool_workers(&self) -> usize {
        let min = if self.reviews > 0 { 2 } else { 1 };
        self.bot_workers.max(min)
    }

    /// Reviews at once on the pool: [`Config::reviews`], at most the pool's workers less
    /// one (at least one worker always stays free for the tables).
    pub fn review_slots(&self) -> usize {
        self.reviews.min(self.pool_workers() - 1)
    }

    /// The defaults of `binokel serve` with a database.
    pub fn new(database: &str) -> Config {
        let autopilot = ["heuristic", "random"]
            .into_iter()
            .find(|b| binokel_ai::BOT_NAMES.contains(b))
            .unwrap_or("random");
        Config {
            database: database.to_string(),
            public_url: None,
            lease: Duration::from_secs(15),
            grace: Duration::from_secs(30),
            turn: Duration::from_secs(60),
            deal_pause: Duration::from_millis(2000),
            ready_wait: Duration::from_secs(20),
            bot_delay: Duration::from_millis(400),
            autopilot_bot: autopilot.to_string(),
            max_connections: 10_000,
            adopt_orphans: true,
            tables_per_minute: 30,
            pads_per_minute: 20,
            max_tables: 10_000,
            reviews_per_minute: 6,
            idle_unload: Duration::from_secs(30 * 60),
            // One core is left to the connections: with every core searching, people's p99
            // latency at 1,000 tables with two strong bots each was 54 ms, with one fewer
            // worker 27 ms (2 cores; README, "Load test").
            bot_workers: std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)),
            reviews: 1,
            review_queue: 4,
            review_budget: 1.0,
            // A person waits at one or two tables (a second tab); three leaves room and
            // keeps one address from crowding the lists (issue #30).
            open_tables_per_address: 3,
            presence: Duration::from_secs(60),
        }
    }
}

/// An error that stops the server from starting or running.
#[derive(Debug)]
pub struct ServeError(pub String);

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServeError {}

/// What every part of one server process shares.
pub struct Shared {
    /// The database.
    pub store: Store,
    /// The configuration.
    pub config: Config,
    /// This process's id in leases.
    pub node: String,
    /// This process's base URL.
    pub url: String,
    tables: Mutex<HashMap<String, TableHandle>>,
    connections: AtomicUsize,
    /// The bot workers: every bot decision and hint runs there.
    pub bots: bots::BotPool,
    /// The review queue (docs/protocol.md, "Reviews").
    pub reviews: review::queue::Reviews,
    /// Tables whose stored actions fail to replay, set aside with the reason.
    poisoned: std::sync::Mutex<HashMap<String, String>>,
    /// Table creations per client address ([`Config::tables_per_minute`]).
    pub(crate) creations: limits::AddressLimiter,
    /// Pad creations per client address ([`Config::pads_per_minute`]).
    pub(crate) pad_creations: limits::AddressLimiter,
    /// Review requests per client address ([`Config::reviews_per_minute`]).
    pub(crate) review_requests: limits::AddressLimiter,
    /// The lobby's list of public tables and its subscribers.
    pub(crate) lobby: lobby::Lobby,
}

/// Where a request for a table goes.
pub enum Route {
    /// A table task of this process.
    Local(TableHandle),
    /// Another process owns it (its base URL).
    Elsewhere(String),
}

impl Shared {
    /// The task of a table: running here, loaded here after taking its lease, or the URL of
    /// the live process that owns it.
    pub async fn route(self: &Arc<Self>, code: &str) -> Result<Route, Refusal> {
        let code = normal_code(code);
        let code = code.as_str();
        let unavailable = |e: store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
        if let Some(why) = self.set_aside_reason(code) {
            return Err(Refusal::new(ErrorCode::TableUnavailable, why));
        }
        let mut tables = self.tables.lock().await;
        if let Some(h) = tables.get(code) {
            if !h.tx.is_closed() {
                return Ok(Route::Local(h.clone()));
            }
            tables.remove(code);
        }
        let unknown = || Refusal::new(ErrorCode::UnknownTable, format!("no table `{code}`"));
        if !valid_code(code) || self.store.load_table(code).await.map_err(unavailable)?.is_none() {
            return Err(unknown());
        }
        match self
            .store
            .acquire_lease(code, &self.node, &self.url, self.config.lease)
            .await
            .map_err(unavailable)?
        {
            Lease::HeldBy(url) => return Ok(Route::Elsewhere(url)),
            Lease::Acquired => {}
        }
        // Loaded again under the lease: the previous owner may have played on meanwhile.
        let t = self
            .store
            .load_table(code)
            .await
            .map_err(unavailable)?
            .ok_or_else(unknown)?;
        let game = match store::rebuild_game(&t) {
            Ok(g) => g,
            Err(e) => {
                drop(tables);
                return Err(self.set_aside(e).await);
            }
        };
        self.store.set_idle(code, false).await.map_err(unavailable)?;
        let h = table::spawn(self.clone(), t, game);
        tables.insert(code.to_string(), h.clone());
        Ok(Route::Local(h))
    }

    /// Why a table is set aside, if it is.
    fn set_aside_reason(&self, code: &str) -> Option<String> {
        self.poisoned.lock().ok()?.get(code).cloned()
    }

    /// Sets a table whose stored actions fail to replay aside: it is logged with the deal,
    /// the action's index and the engine's reason, never served (its players get
    /// `table_unavailable`), and its lease is given up; other tables go on as before.
    async fn set_aside(&self, e: store::ReplayError) -> Refusal {
        tracing::error!(
            table = %e.code,
            deal = e.deal,
            index = e.index,
            action = e.action.as_deref().unwrap_or(""),
            reason = %e.reason,
            "stored actions fail to replay: the table is set aside"
        );
        let why = format!(
            "table {} cannot be played: its stored actions fail to replay (deal {}, action {}{}: {}); it is set aside",
            e.code,
            e.deal,
            e.index,
            e.action.as_deref().map(|a| format!(", `{a}`")).unwrap_or_default(),
            e.reason
        );
        if let Ok(mut p) = self.poisoned.lock() {
            p.insert(e.code.clone(), why.clone());
        }
        if let Err(err) = self.store.release_lease(&e.code, &self.node).await {
            tracing::warn!(table = %e.code, error = %err, "cannot release the lease of a set-aside table");
        }
        Refusal::new(ErrorCode::TableUnavailable, why)
    }

    /// Tables set aside because their stored actions fail to replay.
    pub fn set_aside_count(&self) -> usize {
        self.poisoned.lock().map_or(0, |p| p.len())
    }

    /// Counts a table creation from `addr` against [`Config::tables_per_minute`]; Err with
    /// the seconds until the next one is allowed.
    pub(crate) fn allow_creation(&self, addr: std::net::IpAddr) -> Result<(), u64> {
        self.creations.check(addr)
    }

    /// Counts a review request from `addr` against [`Config::reviews_per_minute`]; Err with
    /// the seconds until the next one is allowed.
    pub(crate) fn allow_review(&self, addr: std::net::IpAddr) -> Result<(), u64> {
        self.review_requests.check(addr)
    }

    async fn forget(&self, code: &str) {
        let mut tables = self.tables.lock().await;
        if tables.get(code).is_some_and(|h| h.tx.is_closed()) {
            tables.remove(code);
        }
    }

    /// Tables with a task in this process.
    pub async fn table_count(&self) -> usize {
        self.tables.lock().await.len()
    }

    /// Open WebSocket connections.
    pub fn connection_count(&self) -> usize {
        self.connections.load(Ordering::Relaxed)
    }
}

/// Runs the server on `listener` until `shutdown` completes; then stops accepting, hands
/// every table back (releasing its lease) and returns.
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    // One process per SQLite file: it owns every table (no leases), and a second process
    // on the same file is refused here, before it touches the database.
    let _lock = match store::sqlite_path(&config.database) {
        Some(path) if !path.is_empty() => Some(lock_sqlite(path)?),
        _ => None,
    };
    let store = Store::open(&config.database)
        .await
        .map_err(|e| ServeError(e.to_string()))?;
    let bots = bots::BotPool::new(config.pool_workers()).map_err(ServeError)?;
    let reviews = review::queue::Reviews::new(
        bots.spawner(),
        config.review_slots(),
        config.review_queue,
        binokel_ai::review::ReviewBudget::scaled(config.review_budget),
        store.clone(),
        tokio::runtime::Handle::current(),
    );
    tracing::info!(
        workers = config.pool_workers(),
        reviews = config.review_slots(),
        review_queue = config.review_queue,
        "bot pool"
    );
    let addr = listener
        .local_addr()
        .map_err(|e| ServeError(format!("cannot read the listening address: {e}")))?;
    let url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_string();
    let creations = limits::AddressLimiter::per_minute(config.tables_per_minute);
    let pad_creations = limits::AddressLimiter::per_minute(config.pads_per_minute);
    let review_requests = limits::AddressLimiter::per_minute(config.reviews_per_minute);
    let shared = Arc::new(Shared {
        store,
        node: format!("{:08x}", rand::thread_rng().gen::<u32>()),
        url,
        config,
        tables: Mutex::new(HashMap::new()),
        connections: AtomicUsize::new(0),
        bots,
        reviews,
        poisoned: std::sync::Mutex::new(HashMap::new()),
        creations,
        pad_creations,
        review_requests,
        lobby: lobby::Lobby::new(),
    });
    tracing::info!(node = %shared.node, url = %shared.url, database = ?shared.store.backend(), "serving");
    let adopter = tokio::spawn(adopt_orphans(shared.clone()));
    let lobby_task = tokio::spawn(lobby::run(shared.clone()));
    let app = http::router(shared.clone());
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    });
    let stopper = shared.clone();
    let mut on_stop = stop_rx.clone();
    let graceful = async move {
        let _ = on_stop.wait_for(|s| *s).await;
        tracing::info!("shutting down");
        stopper.lobby.stop();
        stopper.reviews.stop();
        // Tables close their connections, so the server's graceful wait can end.
        let handles: Vec<TableHandle> = stopper.tables.lock().await.values().cloned().collect();
        for h in handles {
            let _ = h.tx.send(table::Cmd::Stop).await;
        }
    };
    let serving = tokio::spawn(
        axum::serve(
            // Small frames must leave at once: Nagle's algorithm with delayed ACKs would add
            // ~40 ms to an update.
            axum::serve::ListenerExt::tap_io(listener, |tcp| {
                let _ = tcp.set_nodelay(true);
            }),
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .with_graceful_shutdown(graceful)
        .into_future(),
    );
    let mut stopped = stop_rx;
    // Either way the server stops, the wait below runs: the serving task ends on its own
    // only after the graceful shutdown (the stop signal), and under load it can finish that
    // before this task sees the signal; returning here then skipped the wait, and a
    // running review was neither cancelled nor logged (serve_review_cancel failed in CI).
    let served = tokio::select! {
        _ = stopped.wait_for(|s| *s) => None,
        r = serving => Some(r),
    };
    adopter.abort();
    lobby_task.abort();
    match served {
        Some(Ok(Err(e))) => return Err(ServeError(format!("server error: {e}"))),
        Some(Err(e)) => return Err(ServeError(format!("server task failed: {e}"))),
        Some(Ok(Ok(()))) | None => {}
    }
    // Connections get a bounded time to close; tables release their leases as they stop;
    // running reviews stop before their next decision (none is stored half-done).
    shared.reviews.stop();
    for _ in 0..50 {
        if shared.table_count().await == 0 && shared.connection_count() == 0 && shared.reviews.running() == 0
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    shared.store.close().await;
    Ok(())
}

/// Takes the lock file beside a SQLite database (`PATH.lock`) for as long as the returned
/// file is open; an error naming the file if another process holds it.
fn lock_sqlite(path: &str) -> Result<std::fs::File, ServeError> {
    use fs4::fs_std::FileExt;
    let lock_path = format!("{path}.lock");
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| ServeError(format!("cannot open the lock file {lock_path}: {e}")))?;
    match FileExt::try_lock_exclusive(&f) {
        Ok(true) => Ok(f),
        Ok(false) => Err(ServeError(format!(
            "the SQLite database {path} is in use by another binokel serve process (it holds {lock_path}); \
             one process serves a SQLite file: stop the other one, or use PostgreSQL for several processes"
        ))),
        Err(e) => Err(ServeError(format!("cannot lock {lock_path}: {e}"))),
    }
}

/// Takes over tables whose owner died (its lease ran out), replaying their stored actions;
/// with SQLite, at once every table being played (this process owns them all). A table that
/// fails to load is logged and set aside; it never stops the others.
async fn adopt_orphans(shared: Arc<Shared>) {
    if !shared.config.adopt_orphans {
        return;
    }
    let every = (shared.config.lease / 2).max(Duration::from_millis(200));
    loop {
        let limit = 100 + shared.set_aside_count();
        match shared.store.orphans(limit, &shared.node).await {
            Ok(codes) => {
                for code in codes {
                    if shared.set_aside_reason(&code).is_some() {
                        continue;
                    }
                    match shared.route(&code).await {
                        Ok(Route::Local(_)) => tracing::info!(table = %code, "took over an orphaned table"),
                        Ok(Route::Elsewhere(_)) => {}
                        Err(e) => tracing::warn!(table = %code, error = %e, "cannot take over"),
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot look for orphaned tables"),
        }
        tokio::time::sleep(every).await;
    }
}

/// The alphabet of invite codes: no 0/O, 1/I to misread.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// A fresh invite code.
pub fn new_code() -> String {
    let mut r = rand::thread_rng();
    (0..6)
        .map(|_| CODE_ALPHABET[r.gen_range(0..CODE_ALPHABET.len())] as char)
        .collect()
}

/// An invite code as typed: surrounding space trimmed, letters in upper case (`k7m2qx` is
/// `K7M2QX`).
pub fn normal_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

fn valid_code(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// A fresh seat token: 128 random bits in hex.
pub fn new_token() -> String {
    let mut r = rand::thread_rng();
    format!("{:032x}", r.gen::<u128>())
}

/// A display name: [`binokel::name::check`] (trimmed, 1 to 24 characters, no control
/// character, a visible character); none or only white space is the default `Seat N`.
pub fn check_name(name: Option<&str>, seat: usize) -> Result<String, Refusal> {
    let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(format!("Seat {}", seat + 1));
    };
    binokel::name::check(n).map_err(|e| Refusal::new(ErrorCode::BadRequest, format!("`name`: {e}")))
}

/// The WebSocket URL of a server's base URL.
pub fn ws_url(base: &str) -> String {
    let b = base.trim_end_matches('/');
    let b = if let Some(r) = b.strip_prefix("https://") {
        format!("wss://{r}")
    } else if let Some(r) = b.strip_prefix("http://") {
        format!("ws://{r}")
    } else {
        b.to_string()
    };
    format!("{b}/ws")
}
