//! One table: a task that owns the authoritative `Game`. Sockets and HTTP handlers talk to it
//! over a channel; it checks every action with the rules engine, stores it, then tells each
//! connection what its seat may see.
//!
//! # How the pieces fit
//!
//! [`open`] makes the task of a table loaded from the database and returns its
//! [`TableHandle`] (the registry of tables runs the task); everybody else talks to the task
//! by sending it a [`Cmd`](crate::mailbox::Cmd) on that handle.
//! The task (`Table::run`, here) is one loop that waits for the first of three things:
//!
//! - a request ([`Cmd`]) from a WebSocket session or an HTTP handler, taken in
//!   `requests.rs`: connect and disconnect, join a free seat, hint, undo, rematch, the
//!   table's summary; an action is handed on to `action.rs`;
//! - a bot's move back from the bot workers (`schedule.rs`'s `BotMove`), played through the
//!   same action path as a person's;
//! - its next timer (`schedule.rs`): the lease to renew, a deal to start after its pause, a
//!   person's turn clock or away grace period running out (a bot, the autopilot, then plays
//!   the seat), an idle table to unload.
//!
//! Before each wait `schedule.rs` starts what the position asks for (a new deal, a bot's
//! search on the [`BotPool`](crate::bots::BotPool), the turn clock). Every action, a
//! person's or a bot's, goes through `action.rs`: [`try_action`] checks it on a copy of the
//! deal, then it is stored (losing the lease there ends the task), played and announced.
//! After every change `broadcast.rs` sends each connection the state of its own seat; a
//! connection whose [`Outbox`](crate::outbox::Outbox) is full is dropped with a close frame
//! that says why ([`CLOSE_TOO_SLOW`](crate::outbox::CLOSE_TOO_SLOW)). A match ends in
//! `finish.rs`, the one place that stores the result and publishes the event. When the task
//! ends (shutdown, lost lease, idle, finished and unwatched) it closes its connections and
//! gives up its lease; the registry then forgets it.
//!
//! The table knows the [`Core`] of its process and nothing above it: it never reaches the
//! registry, the front door or the lobby (a rematch asks the core to start the follow-up).

pub(crate) mod accounts;
mod action;
mod broadcast;
mod fill;
mod finish;
mod requests;
mod schedule;

pub(crate) use accounts::{account_required, guest_name_free};
pub use action::try_action;
pub use finish::finished_result;

use crate::core::Core;
use crate::mailbox::{Cmd, TableHandle};
use crate::outbox::{Out, Outbox, CLOSE_GOING_AWAY, CLOSE_TOO_SLOW, TOO_SLOW_REASON};
use crate::protocol::{SeatKind, ServerMsg, Status};
use crate::store::{StoredSeat, StoredTable};
use binokel::{Game, Seat};
use binokel_ai::Bot;
use schedule::BotMove;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::time::Instant;

struct SeatState {
    stored: StoredSeat,
    conns: usize,
    gone_since: Option<Instant>,
    autopilot: bool,
    /// The seat's latest `hello` opted in to `ready`: the next deal waits for it.
    wants_ready: bool,
    /// The seat said `ready` since the last deal ended.
    ready: bool,
    /// The emote rate limit: tokens left and when they were counted.
    emotes: (f64, Instant),
}

struct Conn {
    seat: Option<Seat>,
    out: Outbox,
    /// The client opted in to `emote` (it receives them).
    emotes: bool,
}

struct Table {
    code: String,
    rules: binokel::Rules,
    seed: u64,
    core: Arc<Core>,
    seats: Vec<SeatState>,
    game: Option<Game>,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    bots: Vec<Option<Box<dyn Bot>>>,
    bot_busy: bool,
    bot_tx: mpsc::Sender<BotMove>,
    turn: Option<((usize, usize), Seat, Instant)>,
    next_deal_at: Option<Instant>,
    /// Between deals at a table with people: the deal starts at this time even if not
    /// every seat that opted in is ready.
    ready_deadline: Option<Instant>,
    renew_at: Instant,
    lost_lease: bool,
    idle_since: Option<Instant>,
    rematch: Option<String>,
    /// The last action or connection: a table without either for
    /// [`Config::idle_unload`](crate::Config::idle_unload) is unloaded.
    last_activity: Instant,
    /// Set when the table is unloaded for being idle.
    unload: bool,
    /// Listed in the lobby (changes are announced there).
    public: bool,
    /// While seats wait: the bot that takes them, and when.
    fill: Option<(String, Instant)>,
    /// A public table: whether the database says a person has an open WebSocket at a seat
    /// (None: not written since the table was loaded).
    online_stored: Option<bool>,
    /// Held while a connection is open: the table counts in `binokel_tables_live`.
    live: Option<crate::metrics::LiveTable>,
    /// An operator closed the table: the task ends.
    closed: bool,
    /// The rating format of a rated table (issue #36).
    rated: Option<String>,
    /// A tournament round's time limit (ms on [`Config::clock`](crate::Config::clock)).
    deadline_ms: Option<i64>,
    /// The time limit has passed: bots play every person's seat to the end.
    time_up: bool,
    /// No hints and no take-backs (a ranked try of the deal of the day; a rated table has
    /// neither either).
    own_play: bool,
}

/// How long a finished, unwatched table keeps its task.
const IDLE_CLOSE: std::time::Duration = std::time::Duration::from_secs(3);

/// The task of a table loaded from the database (the caller holds its lease), with its
/// match rebuilt from the stored actions ([`rebuild_game`](crate::store::rebuild_game)): the
/// handle to talk to it, and the task to run. The task ends when the table closes; a panic
/// in it (a rules engine bug) ends only that task, named in the log, and the next request
/// loads the table again from its stored actions (or sets it aside).
pub fn open(
    core: Arc<Core>,
    t: StoredTable,
    game: Option<Game>,
) -> (TableHandle, impl Future<Output = ()> + Send) {
    let (tx, rx) = mpsc::channel(1024);
    let (bot_tx, bot_rx) = mpsc::channel(4);
    let n = t.seats.len();
    let mut table = Table {
        code: t.code.clone(),
        rules: t.rules,
        seed: t.seed,
        renew_at: Instant::now() + core.config.lease / 3,
        core,
        seats: t
            .seats
            .into_iter()
            .map(|s| SeatState {
                stored: s,
                conns: 0,
                gone_since: Some(Instant::now()),
                autopilot: false,
                wants_ready: false,
                ready: false,
                emotes: (f64::from(crate::protocol::EMOTE_BURST), Instant::now()),
            })
            .collect(),
        game,
        conns: HashMap::new(),
        next_conn: 0,
        bots: (0..n).map(|_| None).collect(),
        bot_busy: false,
        bot_tx,
        turn: None,
        next_deal_at: None,
        ready_deadline: None,
        lost_lease: false,
        live: None,
        closed: false,
        rated: t.rated.clone(),
        deadline_ms: t.deadline_ms,
        time_up: false,
        own_play: t.own_play,
        idle_since: None,
        rematch: None,
        last_activity: Instant::now(),
        unload: false,
        public: t.lobby.public,
        fill: None,
        online_stored: None,
    };
    if table.game.is_none() {
        table.fill = fill::due(&t.lobby);
    }
    if table.game.as_ref().is_some_and(|g| g.deals().is_empty()) {
        table.next_deal_at = Some(Instant::now());
    }
    for s in 0..n {
        if let Some(name) = table.seats[s].stored.bot.clone() {
            table.bots[s] = binokel_ai::make_worker_bot(&name, table.bot_seed(s)).ok();
        }
    }
    tracing::info!(table = %table.code, actions = t.actions.len(), "table opened");
    let code = table.code.clone();
    let task = async move {
        use futures_util::FutureExt;
        let ran = std::panic::AssertUnwindSafe(table.run(rx, bot_rx))
            .catch_unwind()
            .await;
        if let Err(p) = ran {
            tracing::error!(table = %code, panic = %crate::store::panic_text(&*p), "the table's task panicked");
        }
    };
    (TableHandle { tx }, task)
}

impl Table {
    fn bot_seed(&self, seat: Seat) -> u64 {
        self.seed.rotate_left(17) ^ (seat as u64 + 1)
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>, mut bot_rx: mpsc::Receiver<BotMove>) {
        loop {
            self.sync_presence(false).await;
            self.schedule().await;
            if self.lost_lease || self.done() {
                break;
            }
            let wake = self.next_wake();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    None | Some(Cmd::Stop) => break,
                    Some(c) => self.handle(c).await,
                },
                Some(m) = bot_rx.recv() => self.bot_move(m).await,
                _ = tokio::time::sleep_until(wake) => self.on_timer().await,
            }
        }
        for c in self.conns.values() {
            if c.out
                .try_send(Out::Close(Some((CLOSE_GOING_AWAY, "the table closed".into()))))
                .is_err()
            {
                c.out.kick(CLOSE_GOING_AWAY, "the table closed");
            }
        }
        if self.unload {
            // Not an orphan for anybody to take over: the next hello loads it again.
            tracing::info!(table = %self.code, idle = ?self.core.config.idle_unload, "idle: unloaded from memory");
            if let Err(e) = self.core.store.set_idle(&self.code, true).await {
                tracing::warn!(table = %self.code, error = %e, "cannot mark the table idle");
            }
            self.lobby_changed();
        }
        if !self.lost_lease {
            // Its connections are closed: nobody is at the table now.
            self.sync_presence(true).await;
            if let Err(e) = self.core.store.release_lease(&self.code, &self.core.node).await {
                tracing::warn!(table = %self.code, error = %e, "cannot release lease");
            }
        }
        // Closed before the registry forgets it, so that the next request sees that this
        // task is gone (a request still queued gets "try again").
        rx.close();
        drop(rx);
        drop(bot_rx);
        tracing::info!(table = %self.code, "table closed");
    }

    /// A finished match nobody has watched for a while needs no task. The wait lets a
    /// request that just found the table reach it.
    fn done(&mut self) -> bool {
        if self.closed {
            return true;
        }
        if self.conns.is_empty() && Instant::now() >= self.last_activity + self.core.config.idle_unload {
            self.unload = true;
            return true;
        }
        let idle = self.conns.is_empty() && self.game.as_ref().is_some_and(Game::is_over);
        if !idle {
            self.idle_since = None;
            return false;
        }
        let since = *self.idle_since.get_or_insert_with(Instant::now);
        Instant::now() >= since + IDLE_CLOSE
    }

    fn position(&self) -> Option<(usize, usize)> {
        let g = self.game.as_ref()?;
        let d = g.deals().len().checked_sub(1)?;
        Some((d, g.deals()[d].actions.len()))
    }

    fn status(&self) -> Status {
        match &self.game {
            None => Status::Waiting,
            Some(g) if g.is_over() => Status::Finished,
            Some(_) => Status::Playing,
        }
    }

    /// Whether more than one seat is a person's. At a table of one person and bots
    /// nothing hurries the person: no turn clock, no bot playing for them while they are
    /// away, no countdown between deals.
    fn with_people(&self) -> bool {
        self.seats
            .iter()
            .filter(|s| s.stored.kind == SeatKind::Human)
            .count()
            > 1
    }

    fn bot_controls(&self, s: Seat) -> bool {
        self.seats[s].stored.kind == SeatKind::Bot || self.seats[s].autopilot
    }
    async fn lose_lease(&mut self) {
        tracing::warn!(table = %self.code, "lease lost: another process owns the table now");
        self.lost_lease = true;
        self.core.metrics.lease_lost();
        if let Ok(Some(u)) = self.core.store.lease_url(&self.code).await {
            let text = ServerMsg::Redirect {
                url: crate::ids::ws_url(&u),
            }
            .to_text();
            for c in self.conns.values() {
                if c.out.try_send(Out::Text(text.clone())).is_err() {
                    c.out.kick(CLOSE_TOO_SLOW, TOO_SLOW_REASON);
                }
            }
        }
    }
}
