//! What the tables of a process share, below everything that serves them: the database, the
//! configuration, this process's name in leases, the bot workers, the lobby's change signal,
//! and the events a table publishes (its match ended). A table task holds an `Arc<Core>` and
//! nothing above it: the registry of tables (`registry.rs`), the front door and the lobby
//! all sit above and use the core, never the other way round.

use crate::bots::BotPool;
use crate::config::Config;
use crate::limits::AddressLimiter;
use crate::metrics::Metrics;
use crate::model::MatchResult;
use crate::store::Store;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc, watch, Mutex, Notify};

/// The shared core of one server process (see the module page).
pub struct Core {
    /// The database.
    pub store: Store,
    /// The configuration.
    pub config: Config,
    /// This process's id in leases.
    pub node: String,
    /// This process's base URL.
    pub url: String,
    /// The bot workers: every bot decision and hint runs there.
    pub bots: BotPool,
    /// The measurements served at `/metrics` (docs/deploy.md, "Metrics").
    pub metrics: Metrics,
    /// The lobby's signals: tables say that they changed, the lobby's task listens.
    pub(crate) lobby: LobbySignal,
    /// Table creations per client address ([`Config::tables_per_minute`]).
    pub(crate) creations: AddressLimiter,
    events: broadcast::Sender<TableEvent>,
    loaded: AtomicUsize,
    starts: mpsc::UnboundedSender<String>,
}

/// Something that happened at a table that others (the lobby; later ratings and
/// tournaments) act on. Published after it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEvent {
    /// A match ended; its result is stored with the table's finished status, in the same
    /// transaction as the action that ended it.
    MatchEnded(MatchResult),
    /// A tournament's organizer started it (`POST /api/tournaments/{id}/start`): the
    /// tournaments' task seats its first round now, not at its next tick.
    TournamentStarted(String),
}

impl Core {
    /// The core of a process; the receiver takes the codes of tables that a table asked to
    /// start in this process ([`Core::start`]), for the registry to load.
    pub fn new(
        store: Store,
        config: Config,
        node: String,
        url: String,
        bots: BotPool,
    ) -> (Core, mpsc::UnboundedReceiver<String>) {
        let (starts, rx) = mpsc::unbounded_channel();
        let creations = AddressLimiter::per_minute(config.tables_per_minute);
        let core = Core {
            store,
            config,
            node,
            url,
            bots,
            metrics: Metrics::new(),
            lobby: LobbySignal::new(),
            creations,
            events: broadcast::channel(256).0,
            loaded: AtomicUsize::new(0),
            starts,
        };
        (core, rx)
    }

    /// Tables with a task in this process.
    pub fn table_count(&self) -> usize {
        self.loaded.load(Ordering::SeqCst)
    }

    /// A table task began (`true`) or ended (`false`) in this process.
    pub(crate) fn count_table(&self, began: bool) {
        if began {
            self.loaded.fetch_add(1, Ordering::SeqCst);
        } else {
            self.loaded.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Asks this process to load the table `code` now (a rematch starts at once); the
    /// registry does it, and a failure is logged there.
    pub(crate) fn start(&self, code: &str) {
        let _ = self.starts.send(code.to_string());
    }

    /// Publishes an event (after it is stored); nobody listening is fine.
    pub(crate) fn publish(&self, e: TableEvent) {
        let _ = self.events.send(e);
    }

    /// The events of this process's tables from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<TableEvent> {
        self.events.subscribe()
    }
}

/// The lobby's signals (docs/protocol.md, "Lobby"): the latest list for subscribers, the
/// change signal of the tables, the stop signal of a shutdown, and the lock of matching.
pub(crate) struct LobbySignal {
    /// The latest list, as sent.
    pub(crate) feed: watch::Sender<Arc<str>>,
    /// A public table changed.
    pub(crate) changed: Notify,
    /// The server stops.
    pub(crate) stop: watch::Sender<bool>,
    /// Held while a quick match decides between a seat at a waiting table and a new table,
    /// and while a public table is created (with the cap of its address): requests at the
    /// same instant see each other's seats and tables.
    pub(crate) matching: Mutex<()>,
}

impl LobbySignal {
    fn new() -> LobbySignal {
        LobbySignal {
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
    /// them) and so does the lobby's task.
    pub(crate) fn stop(&self) {
        self.stop.send_replace(true);
    }
}
