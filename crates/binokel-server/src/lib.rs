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

pub mod client;
mod http;
pub mod loadtest;
mod pad;
pub mod protocol;
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
    /// The pause between deals (to look at the result).
    pub deal_pause: Duration,
    /// How long a bot waits before it acts (so people can follow).
    pub bot_delay: Duration,
    /// The bot that plays for absent people.
    pub autopilot_bot: String,
    /// Most simultaneous WebSocket connections.
    pub max_connections: usize,
    /// Whether this process adopts tables whose owner died.
    pub adopt_orphans: bool,
}

impl Config {
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
            bot_delay: Duration::from_millis(400),
            autopilot_bot: autopilot.to_string(),
            max_connections: 10_000,
            adopt_orphans: true,
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
    /// Hints computed at once (one per core): more wait their turn.
    hints: Arc<tokio::sync::Semaphore>,
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
        let unavailable = |e: store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
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
        let h = table::spawn(self.clone(), t).map_err(unavailable)?;
        tables.insert(code.to_string(), h.clone());
        Ok(Route::Local(h))
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
    let store = Store::open(&config.database)
        .await
        .map_err(|e| ServeError(e.to_string()))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ServeError(format!("cannot read the listening address: {e}")))?;
    let url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_string();
    let shared = Arc::new(Shared {
        store,
        node: format!("{:08x}", rand::thread_rng().gen::<u32>()),
        url,
        config,
        tables: Mutex::new(HashMap::new()),
        connections: AtomicUsize::new(0),
        hints: Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        )),
    });
    tracing::info!(node = %shared.node, url = %shared.url, database = ?shared.store.backend(), "serving");
    let adopter = tokio::spawn(adopt_orphans(shared.clone()));
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
            app,
        )
        .with_graceful_shutdown(graceful)
        .into_future(),
    );
    let mut stopped = stop_rx;
    tokio::select! {
        _ = stopped.wait_for(|s| *s) => {}
        r = serving => {
            adopter.abort();
            return match r {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(ServeError(format!("server error: {e}"))),
                Err(e) => Err(ServeError(format!("server task failed: {e}"))),
            };
        }
    }
    adopter.abort();
    // Connections get a bounded time to close; tables release their leases as they stop.
    for _ in 0..50 {
        if shared.table_count().await == 0 && shared.connection_count() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    shared.store.close().await;
    Ok(())
}

/// Takes over tables whose owner died (its lease ran out), replaying their stored actions.
async fn adopt_orphans(shared: Arc<Shared>) {
    if !shared.config.adopt_orphans {
        return;
    }
    let every = (shared.config.lease / 2).max(Duration::from_millis(200));
    loop {
        match shared.store.orphans(100).await {
            Ok(codes) => {
                for code in codes {
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

fn valid_code(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// A fresh seat token: 128 random bits in hex.
pub fn new_token() -> String {
    let mut r = rand::thread_rng();
    format!("{:032x}", r.gen::<u128>())
}

/// A display name: trimmed, 1 to 24 characters, no control characters; default `Seat N`.
pub fn check_name(name: Option<&str>, seat: usize) -> Result<String, Refusal> {
    let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(format!("Seat {}", seat + 1));
    };
    if n.chars().count() > 24 {
        return Err(Refusal::new(
            ErrorCode::BadRequest,
            "`name` is longer than 24 characters",
        ));
    }
    if n.chars().any(char::is_control) {
        return Err(Refusal::new(
            ErrorCode::BadRequest,
            "`name` contains control characters",
        ));
    }
    Ok(n.to_string())
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
