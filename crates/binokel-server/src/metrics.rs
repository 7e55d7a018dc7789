//! The process's measurements, served as `/metrics` in the Prometheus text format on a
//! listen address of its own (`--metrics-listen`, off by default; docs/deploy.md,
//! "Metrics"). Counters and histograms are updated where things happen (a table's action
//! path, a bot's move, a lease, a refusal); the gauges that describe the moment (tables,
//! connections, queues) are read when `/metrics` is asked for ([`Metrics::encode`]).
//!
//! Every name starts with `binokel_`. Labels take values from closed sets only (an error
//! code, who acted), so a client cannot grow the number of series.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::time::Duration;

/// Who played an action (the label `by`: `person`, `bot`).
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Actor {
    /// A person, over a connection.
    Person,
    /// A bot seat, or the autopilot of a person who is away or out of time.
    Bot,
}

/// Where a request was refused (the label `via`: `http`, `ws`).
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Via {
    /// An HTTP route (`{"error": CODE}`).
    Http,
    /// A WebSocket message (`{"type": "error", "error": CODE}`).
    Ws,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ActorLabel {
    by: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RefusalLabels {
    via: &'static str,
    reason: String,
}

/// What is true at the moment `/metrics` is asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snapshot {
    /// Table tasks in this process.
    pub tables_loaded: usize,
    /// Open WebSocket connections and lobby feeds.
    pub connections: usize,
    /// Bot decisions and hints queued or running on the bot workers.
    pub bot_queue: usize,
    /// Reviews waiting for a worker.
    pub reviews_waiting: usize,
    /// Reviews running.
    pub reviews_running: usize,
    /// Tables set aside because their stored actions do not replay.
    pub tables_set_aside: usize,
}

/// The measurements of one process (see the module page).
pub struct Metrics {
    registry: Registry,
    tables_loaded: Gauge,
    tables_live: Gauge,
    tables_set_aside: Gauge,
    connections: Gauge,
    bot_queue: Gauge,
    reviews_waiting: Gauge,
    reviews_running: Gauge,
    actions: Family<ActorLabel, Counter>,
    action_seconds: Histogram,
    bot_lag_seconds: Histogram,
    db_write_seconds: Histogram,
    takeovers: Counter,
    leases_lost: Counter,
    refusals: Family<RefusalLabels, Counter>,
    matches_ended: Counter,
}

/// Buckets from 0.5 ms to about 16 s (doubling): an action is a few milliseconds, a slow
/// database or a queued bot is seconds.
fn seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// Every measurement at zero, registered under its name.
    pub fn new() -> Metrics {
        let mut m = Metrics {
            registry: Registry::with_prefix("binokel"),
            tables_loaded: Gauge::default(),
            tables_live: Gauge::default(),
            tables_set_aside: Gauge::default(),
            connections: Gauge::default(),
            bot_queue: Gauge::default(),
            reviews_waiting: Gauge::default(),
            reviews_running: Gauge::default(),
            actions: Family::default(),
            action_seconds: seconds(),
            bot_lag_seconds: seconds(),
            db_write_seconds: seconds(),
            takeovers: Counter::default(),
            leases_lost: Counter::default(),
            refusals: Family::default(),
            matches_ended: Counter::default(),
        };
        let r = &mut m.registry;
        r.register(
            "tables_loaded",
            "Table tasks in this process",
            m.tables_loaded.clone(),
        );
        r.register(
            "tables_live",
            "Tables of this process with at least one person or spectator connected",
            m.tables_live.clone(),
        );
        r.register(
            "tables_set_aside",
            "Tables set aside because their stored actions do not replay",
            m.tables_set_aside.clone(),
        );
        r.register(
            "connections",
            "Open WebSocket connections and lobby feeds",
            m.connections.clone(),
        );
        r.register(
            "bot_queue",
            "Bot decisions and hints queued or running on the bot workers",
            m.bot_queue.clone(),
        );
        r.register(
            "reviews_waiting",
            "Reviews waiting for a worker",
            m.reviews_waiting.clone(),
        );
        r.register("reviews_running", "Reviews running", m.reviews_running.clone());
        r.register(
            "actions",
            "Actions stored and played, by who played them",
            m.actions.clone(),
        );
        r.register(
            "action_seconds",
            "From a table taking an action to its ack and new state sent (check, store, play, announce)",
            m.action_seconds.clone(),
        );
        r.register(
            "bot_lag_seconds",
            "From a bot's move being due (after --bot-delay-ms) to it being played: the queue for a worker plus the search",
            m.bot_lag_seconds.clone(),
        );
        r.register(
            "db_write_seconds",
            "Storing one action in the database (with the match's result when it ends the match)",
            m.db_write_seconds.clone(),
        );
        r.register(
            "lease_takeovers",
            "Tables taken over from a process whose lease ran out",
            m.takeovers.clone(),
        );
        r.register(
            "leases_lost",
            "Tables this process stopped serving because another process took their lease",
            m.leases_lost.clone(),
        );
        r.register(
            "refusals",
            "Requests refused, by where (http, ws) and the error code",
            m.refusals.clone(),
        );
        r.register(
            "matches_ended",
            "Matches that ended at this process's tables",
            m.matches_ended.clone(),
        );
        m
    }

    /// An action was stored, played and announced; `took` is the time since the table took it.
    pub fn action(&self, by: Actor, took: Duration) {
        let by = match by {
            Actor::Person => "person",
            Actor::Bot => "bot",
        };
        self.actions.get_or_create(&ActorLabel { by }).inc();
        self.action_seconds.observe(took.as_secs_f64());
    }

    /// A bot's move was played `lag` after it was due.
    pub fn bot_lag(&self, lag: Duration) {
        self.bot_lag_seconds.observe(lag.as_secs_f64());
    }

    /// An action's database write took `took`.
    pub fn db_write(&self, took: Duration) {
        self.db_write_seconds.observe(took.as_secs_f64());
    }

    /// A table was taken over from a process whose lease ran out.
    pub fn takeover(&self) {
        self.takeovers.inc();
    }

    /// A table's lease was lost to another process.
    pub fn lease_lost(&self) {
        self.leases_lost.inc();
    }

    /// A match ended.
    pub fn match_ended(&self) {
        self.matches_ended.inc();
    }

    /// A request was refused with the error code `reason`.
    pub fn refused(&self, via: Via, reason: &str) {
        self.refusals
            .get_or_create(&RefusalLabels {
                via: match via {
                    Via::Http => "http",
                    Via::Ws => "ws",
                },
                reason: reason.to_string(),
            })
            .inc();
    }

    /// A mark held while a table has connections: counts it in `tables_live` until dropped.
    pub fn live_table(&self) -> LiveTable {
        self.tables_live.inc();
        LiveTable(self.tables_live.clone())
    }

    /// The text of `/metrics` (OpenMetrics text, which Prometheus reads), with the gauges of
    /// the moment from `now`.
    pub fn encode(&self, now: Snapshot) -> String {
        let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.tables_loaded.set(as_i64(now.tables_loaded));
        self.tables_set_aside.set(as_i64(now.tables_set_aside));
        self.connections.set(as_i64(now.connections));
        self.bot_queue.set(as_i64(now.bot_queue));
        self.reviews_waiting.set(as_i64(now.reviews_waiting));
        self.reviews_running.set(as_i64(now.reviews_running));
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// Counts one table in `binokel_tables_live` while it is held ([`Metrics::live_table`]).
pub struct LiveTable(Gauge);

impl Drop for LiveTable {
    fn drop(&mut self) {
        self.0.dec();
    }
}

impl std::fmt::Debug for LiveTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LiveTable")
    }
}
