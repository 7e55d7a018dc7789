//! One table: a task that owns the authoritative `Game`. Sockets and HTTP handlers talk to it
//! over a channel; it checks every action with the rules engine, stores it, then tells each
//! connection what its seat may see.

use crate::protocol::{
    Clock, ErrorCode, HintItem, JoinAnswer, JoinRequest, Refusal, SeatInfo, SeatKind, ServerMsg, Status,
    TableSummary, FEATURES, PROTOCOL_VERSION,
};
use crate::store::{deal_seed, initial_status, seat_names, StoredSeat, StoredTable};
use crate::Shared;
use binokel::{Action, Game, Seat, View};
use binokel_ai::Bot;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// How many messages may wait for one slow connection before it is dropped.
pub const OUTBOX: usize = 256;

/// What a connection's writer sends.
#[derive(Debug)]
pub enum Out {
    /// A text frame.
    Text(String),
    /// Close the connection with this close frame (code and reason; None: no code) after
    /// what is queued before it.
    Close(Option<(u16, String)>),
}

/// The close code for a connection the server drops because it does not read its replies
/// (1008, policy violation): the client reconnects with its token.
pub const CLOSE_TOO_SLOW: u16 = 1008;

/// The close code when a table or the server shuts down (1001, going away).
pub const CLOSE_GOING_AWAY: u16 = 1001;

/// A connection's outgoing queue, and a way to close the connection that does not wait for
/// room in the queue.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Out>,
    kick: Arc<tokio::sync::watch::Sender<Option<(u16, String)>>>,
}

/// The writer's side of an [`Outbox`].
pub struct OutboxRx {
    /// Queued messages.
    pub rx: mpsc::Receiver<Out>,
    /// Set when the connection is to be closed at once (what is queued is dropped).
    pub kick: tokio::sync::watch::Receiver<Option<(u16, String)>>,
}

impl Outbox {
    /// A queue of `cap` messages.
    pub fn new(cap: usize) -> (Outbox, OutboxRx) {
        let (tx, rx) = mpsc::channel(cap);
        let (kick_tx, kick) = tokio::sync::watch::channel(None);
        (
            Outbox {
                tx,
                kick: Arc::new(kick_tx),
            },
            OutboxRx { rx, kick },
        )
    }

    /// Queues a message; an error when the queue is full or the writer has stopped.
    pub fn try_send(&self, o: Out) -> Result<(), Out> {
        self.tx.try_send(o).map_err(|e| e.into_inner())
    }

    /// Queues a message, waiting for room.
    pub async fn send(&self, o: Out) -> Result<(), Out> {
        self.tx.send(o).await.map_err(|e| e.0)
    }

    /// Free places in the queue.
    pub fn capacity(&self) -> usize {
        self.tx.capacity()
    }

    /// Completes when the writer has stopped.
    pub async fn closed(&self) {
        self.tx.closed().await
    }

    /// Closes the connection now: what is queued is dropped, and the client gets a close
    /// frame with `code` and `reason` (at most 123 bytes) as soon as its socket takes it.
    pub fn kick(&self, code: u16, reason: &str) {
        let mut r = reason.to_string();
        while r.len() > 123 {
            r.pop();
        }
        self.kick.send_replace(Some((code, r)));
    }

    /// Whether [`Outbox::kick`] was called.
    pub fn kicked(&self) -> bool {
        self.kick.borrow().is_some()
    }
}

/// The reason sent with [`CLOSE_TOO_SLOW`].
pub const TOO_SLOW_REASON: &str =
    "too slow: 256 messages to you were waiting unread; reconnect with your token";

/// A request to a table task.
pub enum Cmd {
    /// A connection says hello: with a token it takes that seat, without it watches.
    Connect {
        /// The seat's secret, or None for a spectator.
        token: Option<String>,
        /// Where the table sends this connection's messages.
        out: Outbox,
        /// The connection id and seat, or why not.
        reply: oneshot::Sender<Result<(u64, Option<Seat>), Refusal>>,
    },
    /// A connection went away.
    Disconnect {
        /// Its id.
        conn: u64,
    },
    /// A connection plays an action for its seat.
    Act {
        /// The connection.
        conn: u64,
        /// The action token as sent.
        action: String,
        /// The client's id.
        id: Option<u64>,
        /// The (deal, index) the client saw.
        at: Option<(usize, usize)>,
    },
    /// The person is back from a turn-clock timeout.
    Back {
        /// The connection.
        conn: u64,
    },
    /// The strong bot's hint for the connection's seat.
    Hint {
        /// The connection.
        conn: u64,
        /// The client's id.
        id: Option<u64>,
    },
    /// Take back the seat's last action (tables against bots only).
    Undo {
        /// The connection.
        conn: u64,
        /// The client's id.
        id: Option<u64>,
    },
    /// Start the follow-up match of a finished one.
    Rematch {
        /// The connection.
        conn: u64,
        /// The client's id.
        id: Option<u64>,
    },
    /// Take a free human seat.
    Join {
        /// Name and wanted seat.
        req: JoinRequest,
        /// The answer.
        reply: oneshot::Sender<Result<JoinAnswer, Refusal>>,
    },
    /// Describe the table.
    Summary {
        /// The answer.
        reply: oneshot::Sender<TableSummary>,
    },
    /// Give the table up (shutdown).
    Stop,
}

/// A handle to a running table.
#[derive(Clone)]
pub struct TableHandle {
    /// The table's command channel.
    pub tx: mpsc::Sender<Cmd>,
}

struct SeatState {
    stored: StoredSeat,
    conns: usize,
    gone_since: Option<Instant>,
    autopilot: bool,
}

struct Conn {
    seat: Option<Seat>,
    out: Outbox,
}

/// An action to apply: as a client sent it, or a bot's.
enum Played<'a> {
    Token(&'a str),
    Action(Action),
}

struct BotMove {
    seat: Seat,
    at: (usize, usize),
    result: Option<(Box<dyn Bot>, Action)>,
}

struct Table {
    code: String,
    rules: binokel::Rules,
    seed: u64,
    shared: Arc<Shared>,
    seats: Vec<SeatState>,
    game: Option<Game>,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    bots: Vec<Option<Box<dyn Bot>>>,
    bot_busy: bool,
    bot_tx: mpsc::Sender<BotMove>,
    turn: Option<((usize, usize), Seat, Instant)>,
    next_deal_at: Option<Instant>,
    renew_at: Instant,
    lost_lease: bool,
    idle_since: Option<Instant>,
    rematch: Option<String>,
    /// The last action or connection: a table without either for
    /// [`Config::idle_unload`](crate::Config::idle_unload) is unloaded.
    last_activity: Instant,
    /// Set when the table is unloaded for being idle.
    unload: bool,
}

/// How long a finished, unwatched table keeps its task.
const IDLE_CLOSE: std::time::Duration = std::time::Duration::from_secs(3);

/// Starts the task of a table loaded from the database (the caller holds its lease), with
/// its match rebuilt from the stored actions ([`rebuild_game`](crate::store::rebuild_game)).
pub fn spawn(shared: Arc<Shared>, t: StoredTable, game: Option<Game>) -> TableHandle {
    let (tx, rx) = mpsc::channel(1024);
    let (bot_tx, bot_rx) = mpsc::channel(4);
    let n = t.seats.len();
    let mut table = Table {
        code: t.code.clone(),
        rules: t.rules,
        seed: t.seed,
        renew_at: Instant::now() + shared.config.lease / 3,
        shared,
        seats: t
            .seats
            .into_iter()
            .map(|s| SeatState {
                stored: s,
                conns: 0,
                gone_since: Some(Instant::now()),
                autopilot: false,
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
        lost_lease: false,
        idle_since: None,
        rematch: None,
        last_activity: Instant::now(),
        unload: false,
    };
    if table.game.as_ref().is_some_and(|g| g.deals().is_empty()) {
        table.next_deal_at = Some(Instant::now());
    }
    for s in 0..n {
        if let Some(name) = table.seats[s].stored.bot.clone() {
            table.bots[s] = binokel_ai::make_worker_bot(&name, table.bot_seed(s)).ok();
        }
    }
    tracing::info!(table = %table.code, actions = t.actions.len(), "table opened");
    let (code, shared) = (table.code.clone(), table.shared.clone());
    tokio::spawn(async move {
        use futures_util::FutureExt;
        // A panic in a table (a rules engine bug) ends only that table's task, named in the
        // log; the next request loads the table again from its stored actions (or sets it
        // aside if they fail to replay).
        // (The task's future, with its channel, is gone after this statement, so that
        // `forget` sees the channel closed.)
        let ran = std::panic::AssertUnwindSafe(table.run(rx, bot_rx))
            .catch_unwind()
            .await;
        if let Err(p) = ran {
            tracing::error!(table = %code, panic = %crate::store::panic_text(&*p), "the table's task panicked");
            shared.forget(&code).await;
        }
    });
    TableHandle { tx }
}

/// Checks one action a seat sends against a match: the action and its record token, or the
/// refusal with its reason. The action is played on a copy of the deal being played (a
/// `Deal` is `Copy`; its outcome is computed too when it ends the deal), so an action the
/// engine refuses or fails on (even by panicking) is refused here and never stored; the
/// match itself is not changed. The table then stores the action and plays it.
pub fn try_action(
    game: Option<&Game>,
    rules: &binokel::Rules,
    seat: Seat,
    token: &str,
) -> Result<(Action, String), Refusal> {
    let action = Action::parse(token.trim(), binokel::Low::Nine)
        .or_else(|_| Action::parse_lenient(token.trim(), rules.low))
        .map_err(|e| Refusal::new(ErrorCode::BadAction, format!("`{token}` is not an action: {e}")))?;
    let Some(game) = game else {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            "the match has not begun: seats are still free",
        ));
    };
    if game.is_over() {
        return Err(Refusal::new(ErrorCode::GameOver, "the match is over"));
    }
    let Some(to_act) = game.to_act() else {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            "no deal is being played right now; the next one begins shortly",
        ));
    };
    if to_act != seat {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            format!("it is seat {to_act}'s turn, not seat {seat}'s"),
        ));
    }
    let Some(deal) = game.current() else {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            "no deal is being played right now",
        ));
    };
    let token = action.token(rules.low);
    let mut probe = *deal;
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        probe.play(action).map(|()| {
            if probe.is_over() {
                let _ = probe.outcome();
            }
        })
    }));
    match played {
        Ok(Ok(())) => Ok((action, token)),
        // The checked `play` refuses with its reason, in the rules' notation (`7H` under the
        // sevens).
        Ok(Err(e)) => Err(Refusal::new(ErrorCode::Illegal, e.describe(rules.low))),
        Err(p) => {
            let why = crate::store::panic_text(&*p);
            tracing::error!(seat, action = %token, panic = %why, "the rules engine panicked on an action; it was refused");
            Err(Refusal::new(
                ErrorCode::Illegal,
                format!("`{token}` cannot be played here (the rules engine failed on it: {why}); it was not played"),
            ))
        }
    }
}

impl Table {
    fn bot_seed(&self, seat: Seat) -> u64 {
        self.seed.rotate_left(17) ^ (seat as u64 + 1)
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>, mut bot_rx: mpsc::Receiver<BotMove>) {
        loop {
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
            tracing::info!(table = %self.code, idle = ?self.shared.config.idle_unload, "idle: unloaded from memory");
            if let Err(e) = self.shared.store.set_idle(&self.code, true).await {
                tracing::warn!(table = %self.code, error = %e, "cannot mark the table idle");
            }
        }
        if !self.lost_lease {
            if let Err(e) = self
                .shared
                .store
                .release_lease(&self.code, &self.shared.node)
                .await
            {
                tracing::warn!(table = %self.code, error = %e, "cannot release lease");
            }
        }
        // Closed before it is forgotten, so that the count of tables and the next request
        // see that this task is gone (a request still queued gets "try again").
        rx.close();
        drop(rx);
        drop(bot_rx);
        self.shared.forget(&self.code).await;
        tracing::info!(table = %self.code, "table closed");
    }

    /// A finished match nobody has watched for a while needs no task. The wait lets a
    /// request that just found the table reach it.
    fn done(&mut self) -> bool {
        if self.conns.is_empty() && Instant::now() >= self.last_activity + self.shared.config.idle_unload {
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

    fn bot_controls(&self, s: Seat) -> bool {
        self.seats[s].stored.kind == SeatKind::Bot || self.seats[s].autopilot
    }

    fn next_wake(&self) -> Instant {
        let mut w = self.renew_at;
        if let Some(t) = self.idle_since {
            w = w.min(t + IDLE_CLOSE);
        }
        if self.conns.is_empty() {
            w = w.min(self.last_activity + self.shared.config.idle_unload);
        }
        if let Some(t) = self.next_deal_at {
            w = w.min(t);
        }
        if let Some((_, _, t)) = self.turn {
            w = w.min(t);
        }
        if self.game.is_some() {
            for s in &self.seats {
                if let (Some(g), false) = (s.gone_since, s.autopilot) {
                    if s.stored.kind == SeatKind::Human {
                        w = w.min(g + self.shared.config.grace);
                    }
                }
            }
        }
        w
    }

    /// Starts deals, bots and turn clocks as the position asks.
    async fn schedule(&mut self) {
        let Some(game) = &self.game else { return };
        if game.needs_deal() {
            let at = *self
                .next_deal_at
                .get_or_insert_with(|| Instant::now() + self.shared.config.deal_pause);
            if Instant::now() >= at {
                self.next_deal_at = None;
                let Some(game) = self.game.as_mut() else { return };
                let n = game.deals().len();
                if let Err(e) = game.start_seeded_deal(deal_seed(self.seed, n)) {
                    tracing::error!(table = %self.code, error = %e, "cannot start a deal");
                    return;
                }
                self.broadcast();
            } else {
                return;
            }
            // The deal has begun: a bot that opens it acts after its bot delay, not after
            // the next timer (the lease tick, up to a third of the lease away).
            if self.game.as_ref().is_none_or(Game::needs_deal) {
                return;
            }
        }
        self.update_turn();
        let to_act = self.game.as_ref().and_then(Game::to_act);
        if let (Some(s), Some(pos)) = (to_act, self.position()) {
            if self.bot_controls(s) && !self.bot_busy {
                self.launch_bot(s, pos);
            }
        }
    }

    /// Starts the turn clock of a person who is to act (bots and autopilots have none).
    fn update_turn(&mut self) {
        let to_act = self.game.as_ref().and_then(Game::to_act);
        match (to_act, self.position()) {
            (Some(s), Some(pos)) if !self.bot_controls(s) => {
                if self.turn.is_none_or(|(p, seat, _)| p != pos || seat != s) {
                    self.turn = Some((pos, s, Instant::now() + self.shared.config.turn));
                }
            }
            _ => self.turn = None,
        }
    }

    fn launch_bot(&mut self, seat: Seat, at: (usize, usize)) {
        let Some(view) = self.game.as_ref().and_then(|g| View::of(g, Some(seat))) else {
            return;
        };
        let bot = match self.bots[seat].take() {
            Some(b) => b,
            None => match binokel_ai::make_worker_bot(&self.shared.config.autopilot_bot, self.bot_seed(seat))
                .or_else(|_| binokel_ai::make_worker_bot("random", self.bot_seed(seat)))
            {
                Ok(b) => b,
                Err(e) => {
                    tracing::error!(table = %self.code, error = %e, "no bot");
                    return;
                }
            },
        };
        self.bot_busy = true;
        let tx = self.bot_tx.clone();
        let delay = self.shared.config.bot_delay;
        let shared = self.shared.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            // Search is CPU work: it runs on the bounded bot workers, so no table waits for
            // it and memory grows with the workers, not with the bot seats.
            let result = shared
                .bots
                .run(move || {
                    let mut bot = bot;
                    let a = bot.choose(&view);
                    (bot, a)
                })
                .await;
            let _ = tx.send(BotMove { seat, at, result }).await;
        });
    }

    async fn bot_move(&mut self, m: BotMove) {
        self.bot_busy = false;
        let Some((bot, action)) = m.result else {
            // The next schedule makes a new bot for the seat (the autopilot's kind).
            tracing::error!(table = %self.code, seat = m.seat, "bot failed");
            return;
        };
        self.bots[m.seat] = Some(bot);
        let still = self.position() == Some(m.at)
            && self.game.as_ref().and_then(Game::to_act) == Some(m.seat)
            && self.bot_controls(m.seat);
        if still {
            if let Err(r) = self.apply(m.seat, Played::Action(action), None).await {
                tracing::error!(table = %self.code, seat = m.seat, error = %r, "bot action refused");
            }
        }
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        let mut changed = false;
        if now >= self.renew_at {
            self.renew_at = now + self.shared.config.lease / 3;
            match self
                .shared
                .store
                .renew_lease(&self.code, &self.shared.node, self.shared.config.lease)
                .await
            {
                Ok(true) => {}
                Ok(false) => self.lose_lease().await,
                Err(e) => tracing::warn!(table = %self.code, error = %e, "cannot renew lease"),
            }
        }
        if let Some((_, s, t)) = self.turn {
            if now >= t {
                tracing::info!(table = %self.code, seat = s, "turn clock ran out: a bot plays the seat");
                self.seats[s].autopilot = true;
                self.turn = None;
                changed = true;
            }
        }
        if self.game.is_some() {
            let grace = self.shared.config.grace;
            for (i, s) in self.seats.iter_mut().enumerate() {
                if s.stored.kind == SeatKind::Human && !s.autopilot {
                    if let Some(g) = s.gone_since {
                        if now >= g + grace {
                            tracing::info!(table = %self.code, seat = i, "seat away past the grace period: a bot plays it");
                            s.autopilot = true;
                            changed = true;
                        }
                    }
                }
            }
        }
        if changed {
            self.broadcast();
        }
    }

    async fn lose_lease(&mut self) {
        tracing::warn!(table = %self.code, "lease lost: another process owns the table now");
        self.lost_lease = true;
        if let Ok(Some(u)) = self.shared.store.lease_url(&self.code).await {
            let text = ServerMsg::Redirect {
                url: crate::ws_url(&u),
            }
            .to_text();
            for c in self.conns.values() {
                if c.out.try_send(Out::Text(text.clone())).is_err() {
                    c.out.kick(CLOSE_TOO_SLOW, TOO_SLOW_REASON);
                }
            }
        }
    }

    async fn handle(&mut self, c: Cmd) {
        match c {
            Cmd::Connect { token, out, reply } => {
                let r = self.connect(token, out);
                let _ = reply.send(r);
            }
            Cmd::Disconnect { conn } => {
                self.drop_conn(conn);
                self.broadcast();
            }
            Cmd::Act { conn, action, id, at } => {
                if let Err(r) = self.act(conn, &action, id, at).await {
                    self.send(conn, &ServerMsg::error(r, id));
                }
            }
            Cmd::Hint { conn, id } => {
                if let Err(r) = self.hint(conn, id) {
                    self.send(conn, &ServerMsg::error(r, id));
                }
            }
            Cmd::Undo { conn, id } => {
                if let Err(r) = self.undo(conn).await {
                    self.send(conn, &ServerMsg::error(r, id));
                }
            }
            Cmd::Rematch { conn, id } => {
                if let Err(r) = self.rematch(conn).await {
                    self.send(conn, &ServerMsg::error(r, id));
                }
            }
            Cmd::Back { conn } => {
                if let Some(s) = self.conns.get(&conn).and_then(|c| c.seat) {
                    if self.seats[s].autopilot {
                        self.seats[s].autopilot = false;
                        self.broadcast();
                    }
                }
            }
            Cmd::Join { req, reply } => {
                let r = self.join(req).await;
                let _ = reply.send(r);
            }
            Cmd::Summary { reply } => {
                let _ = reply.send(TableSummary {
                    code: self.code.clone(),
                    rules: self.rules.to_json(),
                    status: self.status(),
                    seats: self.seat_infos(),
                    spectators: self.conns.values().filter(|c| c.seat.is_none()).count(),
                });
            }
            Cmd::Stop => {}
        }
    }

    fn connect(&mut self, token: Option<String>, out: Outbox) -> Result<(u64, Option<Seat>), Refusal> {
        let seat = match token {
            None => None,
            Some(t) => Some(
                self.seats
                    .iter()
                    .position(|s| s.stored.token.as_deref() == Some(t.as_str()))
                    .ok_or_else(|| {
                        Refusal::new(
                            ErrorCode::BadToken,
                            format!("this token holds no seat at table {}", self.code),
                        )
                    })?,
            ),
        };
        let id = self.next_conn;
        self.next_conn += 1;
        let welcome = ServerMsg::Welcome {
            protocol: PROTOCOL_VERSION,
            table: self.code.clone(),
            seat,
            node: self.shared.node.clone(),
            features: FEATURES.iter().map(|f| f.to_string()).collect(),
        };
        let _ = out.try_send(Out::Text(welcome.to_text()));
        self.conns.insert(id, Conn { seat, out });
        self.last_activity = Instant::now();
        if let Some(s) = seat {
            let st = &mut self.seats[s];
            st.conns += 1;
            st.gone_since = None;
            // The person is back: the bot that covered the seat hands it over.
            st.autopilot = false;
        }
        tracing::debug!(table = %self.code, conn = id, seat, "connected");
        self.broadcast();
        Ok((id, seat))
    }

    /// The seat of a connection; spectators are refused with `as_spectator`.
    fn seat_of(&self, conn: u64, as_spectator: Refusal) -> Result<Seat, Refusal> {
        self.conns
            .get(&conn)
            .ok_or_else(|| Refusal::new(ErrorCode::HelloFirst, "this connection has no seat"))?
            .seat
            .ok_or(as_spectator)
    }

    /// Starts the strong bot's rating of the seat's legal actions; the answer goes straight
    /// to the connection when the search (on the blocking pool) is done, so the table plays on
    /// meanwhile.
    fn hint(&mut self, conn: u64, id: Option<u64>) -> Result<(), Refusal> {
        let seat = self.seat_of(
            conn,
            Refusal::new(ErrorCode::Spectator, "spectators get no hints"),
        )?;
        let game = self.game.as_ref().ok_or_else(|| {
            Refusal::new(
                ErrorCode::NotYourTurn,
                "the match has not begun: seats are still free",
            )
        })?;
        if game.is_over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the match is over"));
        }
        match game.to_act() {
            Some(s) if s == seat => {}
            Some(s) => {
                return Err(Refusal::new(
                    ErrorCode::NotYourTurn,
                    format!("a hint is for your own decision: it is seat {s}'s turn, not seat {seat}'s"),
                ))
            }
            None => {
                return Err(Refusal::new(
                    ErrorCode::NotYourTurn,
                    "no deal is being played right now; the next one begins shortly",
                ))
            }
        }
        let (deal, index) = self
            .position()
            .ok_or_else(|| Refusal::new(ErrorCode::NotYourTurn, "no deal is being played"))?;
        let view = View::of(game, Some(seat))
            .ok_or_else(|| Refusal::new(ErrorCode::NotYourTurn, "no deal is being played"))?;
        let low = self.rules.low;
        let seed = self.bot_seed(seat) ^ ((deal as u64) << 32) ^ index as u64;
        let out = self
            .conns
            .get(&conn)
            .map(|c| c.out.clone())
            .ok_or_else(|| Refusal::new(ErrorCode::HelloFirst, "this connection has no seat"))?;
        let shared = self.shared.clone();
        tokio::spawn(async move {
            // Hints queue for the bot workers like bots do; the table task never waits.
            let rated = shared
                .bots
                .run(move || binokel_ai::make_worker_bot("strong", seed).map(|mut b| b.hint(&view)))
                .await;
            let msg = match rated {
                Some(Ok(list)) => ServerMsg::Hint {
                    id,
                    deal,
                    index,
                    hints: list
                        .into_iter()
                        .map(|(a, v)| HintItem {
                            action: a.token(low),
                            score: if v.is_finite() { v } else { 0.0 },
                        })
                        .collect(),
                },
                Some(Err(e)) => ServerMsg::error(
                    Refusal::new(ErrorCode::Unavailable, format!("no hint bot: {e}")),
                    id,
                ),
                None => ServerMsg::error(Refusal::new(ErrorCode::Unavailable, "the hint failed"), id),
            };
            if out.try_send(Out::Text(msg.to_text())).is_err() {
                out.kick(CLOSE_TOO_SLOW, TOO_SLOW_REASON);
            }
        });
        Ok(())
    }

    /// Takes back the seat's last action of the running deal and every action after it
    /// (the bots' answers), deleting them from the database in one transaction first.
    async fn undo(&mut self, conn: u64) -> Result<(), Refusal> {
        let refuse = |m: String| Refusal::new(ErrorCode::UndoRefused, m);
        let seat = self.seat_of(
            conn,
            Refusal::new(ErrorCode::Spectator, "spectators cannot take actions back"),
        )?;
        if let Some(other) =
            (0..self.seats.len()).find(|&s| s != seat && self.seats[s].stored.kind == SeatKind::Human)
        {
            return Err(refuse(format!(
                "seat {other} is played by a person: actions are taken back only at tables where every other seat is a bot"
            )));
        }
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| refuse("the match has not begun".into()))?;
        if game.is_over() {
            return Err(refuse("the match is over".into()));
        }
        if game.to_act().is_none() {
            return Err(refuse(
                "the deal is finished; a finished deal cannot be taken back".into(),
            ));
        }
        let Some(d) = game.deals().len().checked_sub(1) else {
            return Err(refuse("no deal has been played yet".into()));
        };
        let log = &game.deals()[d];
        let mut state = log.start;
        let mut last_mine = None;
        for (i, a) in log.actions.iter().enumerate() {
            if state.to_act() == Some(seat) {
                last_mine = Some(i);
            }
            state.play_unchecked(*a);
        }
        let from = last_mine.ok_or_else(|| refuse("you have not acted in this deal yet".into()))?;
        let undone = log.actions.len() - from;
        match self
            .shared
            .store
            .truncate_actions(&self.code, d, from, &self.shared.node)
            .await
        {
            Ok(Some(_)) => {}
            Ok(None) => {
                self.lose_lease().await;
                return Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "this server no longer owns the table; reconnect",
                ));
            }
            Err(e) => {
                tracing::error!(table = %self.code, error = %e, "cannot store an undo");
                return Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "the take-back could not be stored; nothing was taken back",
                ));
            }
        }
        let Some(game) = self.game.as_mut() else {
            return Err(refuse("the match has not begun".into()));
        };
        for _ in 0..undone {
            game.undo();
        }
        self.seats[seat].autopilot = false;
        tracing::info!(table = %self.code, seat, deal = d, from, undone, "actions taken back");
        self.broadcast();
        Ok(())
    }

    /// Starts (once) the follow-up table of a finished match with the same rules and seats,
    /// and tells every connection its code (seated people also their new token).
    async fn rematch(&mut self, conn: u64) -> Result<(), Refusal> {
        self.seat_of(
            conn,
            Refusal::new(ErrorCode::RematchRefused, "spectators cannot start a rematch"),
        )?;
        if !self.game.as_ref().is_some_and(Game::is_over) {
            return Err(Refusal::new(
                ErrorCode::RematchRefused,
                "the match is still being played; a rematch starts after it ends",
            ));
        }
        let unavailable = |e: crate::store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
        let next = match &self.rematch {
            Some(c) => c.clone(),
            None => match self.shared.store.rematch(&self.code).await.map_err(unavailable)? {
                Some(c) => c,
                None => {
                    let seats: Vec<StoredSeat> = self.seats.iter().map(|s| s.stored.clone()).collect();
                    create_rematch(&self.shared, &self.code, &self.rules, &seats).await?
                }
            },
        };
        self.rematch = Some(next.clone());
        // The follow-up starts at once (every seat is taken) in this process when it can.
        if let Err(r) = self.shared.route(&next).await {
            tracing::warn!(table = %self.code, next = %next, error = %r, "cannot start the rematch here");
        }
        let t = self
            .shared
            .store
            .load_table(&next)
            .await
            .map_err(unavailable)?
            .ok_or_else(|| {
                Refusal::new(
                    ErrorCode::Unavailable,
                    format!("the rematch table {next} is gone"),
                )
            })?;
        let msgs: Vec<(u64, String)> = self
            .conns
            .iter()
            .map(|(&id, c)| {
                let token = c.seat.and_then(|s| t.seats.get(s)).and_then(|s| s.token.clone());
                let m = ServerMsg::Rematch {
                    code: next.clone(),
                    seat: c.seat,
                    token,
                };
                (id, m.to_text())
            })
            .collect();
        for (id, text) in msgs {
            if self
                .conns
                .get(&id)
                .is_some_and(|c| c.out.try_send(Out::Text(text)).is_err())
            {
                self.drop_slow(id);
            }
        }
        tracing::info!(table = %self.code, next = %next, "rematch");
        Ok(())
    }

    fn drop_conn(&mut self, conn: u64) {
        if let Some(c) = self.conns.remove(&conn) {
            self.last_activity = Instant::now();
            if let Some(s) = c.seat {
                let st = &mut self.seats[s];
                st.conns = st.conns.saturating_sub(1);
                if st.conns == 0 {
                    st.gone_since = Some(Instant::now());
                }
            }
        }
    }

    async fn act(
        &mut self,
        conn: u64,
        token: &str,
        id: Option<u64>,
        at: Option<(usize, usize)>,
    ) -> Result<(), Refusal> {
        let seat = self
            .conns
            .get(&conn)
            .ok_or_else(|| Refusal::new(ErrorCode::HelloFirst, "this connection has no seat"))?
            .seat
            .ok_or_else(|| Refusal::new(ErrorCode::Spectator, "spectators cannot play"))?;
        if self.seats[seat].autopilot {
            self.seats[seat].autopilot = false;
        }
        if let (Some(want), Some(pos)) = (at, self.position()) {
            if want != pos {
                return Err(Refusal::new(
                    ErrorCode::Stale,
                    format!(
                        "the table is at deal {} action {}, not deal {} action {}",
                        pos.0, pos.1, want.0, want.1
                    ),
                ));
            }
        }
        self.apply(seat, Played::Token(token), Some((conn, id))).await
    }

    /// Checks ([`try_action`]), stores, plays and announces one action.
    async fn apply(
        &mut self,
        seat: Seat,
        action: Played<'_>,
        from: Option<(u64, Option<u64>)>,
    ) -> Result<(), Refusal> {
        let token = match action {
            Played::Token(t) => t.to_string(),
            Played::Action(a) => a.token(self.rules.low),
        };
        let (action, token) = try_action(self.game.as_ref(), &self.rules, seat, &token)?;
        let Some((d, index)) = self.position() else {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                "no deal is being played right now",
            ));
        };
        match self
            .shared
            .store
            .append_action(&self.code, d, index, seat, &token, &self.shared.node)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                self.lose_lease().await;
                return Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "this server no longer owns the table; reconnect",
                ));
            }
            Err(e) => {
                tracing::error!(table = %self.code, error = %e, "cannot store an action");
                return Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "the action could not be stored; it was not played",
                ));
            }
        }
        let Some(game) = self.game.as_mut() else {
            return Err(Refusal::new(ErrorCode::Unavailable, "internal error; reconnect"));
        };
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.play(action)));
        if !matches!(played, Ok(Ok(()))) {
            // The copy of the deal took it, so this cannot happen; if it ever does, the
            // stored log and the match disagree: the task ends and the next request loads
            // the table from its stored actions again (or sets it aside).
            tracing::error!(table = %self.code, action = %token, "the engine refused an action its copy took");
            self.lost_lease = true;
            return Err(Refusal::new(ErrorCode::Unavailable, "internal error; reconnect"));
        }
        let over = game.is_over();
        let (winner, totals) = (game.winner(), game.totals()[..game.players()].to_vec());
        self.last_activity = Instant::now();
        if let Some((conn, id)) = from {
            self.send(
                conn,
                &ServerMsg::Ack {
                    id,
                    deal: d,
                    index,
                    action: token,
                },
            );
        }
        self.broadcast();
        if over {
            if let Err(e) = self.shared.store.set_status(&self.code, Status::Finished).await {
                tracing::warn!(table = %self.code, error = %e, "cannot mark the table finished");
            }
            let msg = ServerMsg::MatchOver {
                winner,
                totals,
                record: format!("/api/tables/{}/record", self.code),
            };
            tracing::info!(table = %self.code, winner = ?winner, "match over");
            self.send_all(&msg.to_text());
        }
        Ok(())
    }

    async fn join(&mut self, req: JoinRequest) -> Result<JoinAnswer, Refusal> {
        let seat = match req.seat {
            Some(s) if s >= self.seats.len() => {
                return Err(Refusal::new(
                    ErrorCode::BadRequest,
                    format!("seat {s} does not exist (the table has {})", self.seats.len()),
                ))
            }
            Some(s) => s,
            None => self
                .seats
                .iter()
                .position(|s| s.stored.kind == SeatKind::Human && s.stored.token.is_none())
                .ok_or_else(|| Refusal::new(ErrorCode::NoFreeSeat, "every seat is taken"))?,
        };
        let st = &self.seats[seat].stored;
        if st.kind != SeatKind::Human || st.token.is_some() {
            return Err(Refusal::new(
                ErrorCode::NoFreeSeat,
                format!("seat {seat} is not free"),
            ));
        }
        let name = crate::check_name(req.name.as_deref(), seat)?;
        let token = crate::new_token();
        let ok = self
            .shared
            .store
            .take_seat(&self.code, seat, &name, &token)
            .await
            .map_err(|e| Refusal::new(ErrorCode::Unavailable, e.to_string()))?;
        if !ok {
            return Err(Refusal::new(
                ErrorCode::NoFreeSeat,
                format!("seat {seat} is not free"),
            ));
        }
        let st = &mut self.seats[seat];
        st.stored.name = Some(name);
        st.stored.token = Some(token.clone());
        let stored: Vec<StoredSeat> = self.seats.iter().map(|s| s.stored.clone()).collect();
        if self.game.is_none() && initial_status(&stored) == Status::Playing {
            self.game = Some(Game::new(self.rules, seat_names(&stored)));
            self.next_deal_at = Some(Instant::now());
            self.shared
                .store
                .set_status(&self.code, Status::Playing)
                .await
                .map_err(|e| Refusal::new(ErrorCode::Unavailable, e.to_string()))?;
            tracing::info!(table = %self.code, "every seat taken: the match begins");
        }
        self.broadcast();
        Ok(JoinAnswer {
            code: self.code.clone(),
            seat: Some(seat),
            token: Some(token),
            protocol: PROTOCOL_VERSION,
            ws: "/ws".into(),
        })
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let bot = s.stored.kind == SeatKind::Bot;
                SeatInfo {
                    seat: i,
                    kind: s.stored.kind,
                    bot: s.stored.bot.clone(),
                    name: if bot {
                        Some(seat_names(std::slice::from_ref(&s.stored))[0].clone())
                    } else {
                        s.stored.name.clone()
                    },
                    taken: bot || s.stored.token.is_some(),
                    connected: bot || s.conns > 0,
                    autopilot: s.autopilot,
                }
            })
            .collect()
    }

    fn send(&mut self, conn: u64, msg: &ServerMsg) {
        let full = match self.conns.get(&conn) {
            Some(c) => c.out.try_send(Out::Text(msg.to_text())).is_err(),
            None => false,
        };
        if full {
            self.drop_slow(conn);
        }
    }

    fn send_all(&mut self, text: &str) {
        let dead: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.out.try_send(Out::Text(text.to_string())).is_err())
            .map(|(&id, _)| id)
            .collect();
        for id in dead {
            self.drop_slow(id);
        }
    }

    /// A client that cannot keep up with its own table is dropped rather than letting its
    /// queue grow without bound, and its connection is closed with a close frame that says
    /// why (not just forgotten: a forgotten connection that still answered pings looked
    /// alive to its client); it reconnects with its token.
    fn drop_slow(&mut self, conn: u64) {
        if let Some(c) = self.conns.get(&conn) {
            tracing::warn!(table = %self.code, conn, "connection too slow: closed");
            c.out.kick(CLOSE_TOO_SLOW, TOO_SLOW_REASON);
        }
        self.drop_conn(conn);
    }

    /// Sends every connection the state of its own seat (spectators: the public view).
    fn broadcast(&mut self) {
        self.update_turn();
        let seats = self.seat_infos();
        let status = self.status();
        let clock = self.turn.map(|(_, seat, t)| Clock {
            seat,
            remaining_ms: t.saturating_duration_since(Instant::now()).as_millis() as u64,
        });
        let mut texts: HashMap<Option<Seat>, String> = HashMap::new();
        let mut dead = Vec::new();
        for (&id, c) in &self.conns {
            let text = texts.entry(c.seat).or_insert_with(|| {
                ServerMsg::State {
                    table: self.code.clone(),
                    status,
                    seats: seats.clone(),
                    view: self.game.as_ref().and_then(|g| View::of(g, c.seat)).map(Box::new),
                    clock: clock.clone(),
                }
                .to_text()
            });
            if c.out.try_send(Out::Text(text.clone())).is_err() {
                dead.push(id);
            }
        }
        for id in dead {
            self.drop_slow(id);
        }
    }
}

/// Stores the follow-up table of `code` (same rules and seats, a new token for every person)
/// with this process's lease, and records it as the rematch; returns the recorded one.
async fn create_rematch(
    shared: &Shared,
    code: &str,
    rules: &binokel::Rules,
    seats: &[StoredSeat],
) -> Result<String, Refusal> {
    let unavailable = |e: crate::store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
    let max = shared.config.max_tables;
    if max > 0 && shared.table_count().await >= max {
        return Err(Refusal::new(
            ErrorCode::TooManyTables,
            format!("the server holds {max} tables, the most it may; try the rematch again later"),
        ));
    }
    let seats: Vec<StoredSeat> = seats
        .iter()
        .map(|s| StoredSeat {
            token: (s.kind == SeatKind::Human).then(crate::new_token),
            ..s.clone()
        })
        .collect();
    let seed: u64 = rand::random();
    let owner = (shared.node.as_str(), shared.url.as_str(), shared.config.lease);
    for _ in 0..20 {
        let next = crate::new_code();
        if shared
            .store
            .create_table(&next, rules, seed, &seats, owner)
            .await
            .map_err(unavailable)?
        {
            let kept = shared.store.set_rematch(code, &next).await.map_err(unavailable)?;
            if kept != next {
                // Another process recorded a follow-up first: that one is the rematch.
                let _ = shared.store.delete_table(&next).await;
            }
            return Ok(kept);
        }
    }
    Err(Refusal::new(ErrorCode::Unavailable, "no free invite code"))
}

#[cfg(test)]
mod tests {
    //! The action path of a table ([`try_action`]) fed arbitrary tokens in every phase of
    //! every preset: each is applied or refused with a reason, none panics, and what is
    //! refused leaves the match as it was (so nothing refused reaches the database).
    use super::*;
    use binokel::{Preset, Rules};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};

    /// A match of `preset` after `steps` random legal actions (new deals as needed).
    fn game_at(preset: Preset, seed: u64, steps: usize) -> Game {
        let rules = Rules::preset(preset);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(rules, Vec::new());
        for _ in 0..steps {
            if g.is_over() {
                break;
            }
            if g.needs_deal() {
                let n = g.deals().len() as u64;
                if g.start_seeded_deal(seed ^ n).is_err() {
                    break;
                }
                continue;
            }
            let Some(d) = g.current() else { break };
            let legal = d.legal_actions();
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.gen_range(0..legal.len())];
            g.play(a).expect("a legal action plays");
        }
        g
    }

    /// Pieces of tokens besides the record's action words (`Action::WORDS`).
    const WORDS: &[&str] = &[
        "pair",
        "four_aces",
        "four_kings",
        "diss",
        "family",
        "binokel",
        "S",
        "H",
        "D",
        "C",
        "AS",
        "TH",
        "KD",
        "QC",
        "JS",
        "9H",
        "7H",
        "10h",
        "160",
        "-5",
        "99999999999",
        "",
        " ",
        "\u{0}",
        "é",
        "AS AS",
        "bury 9H 9C JC",
        "meld pair H",
        "meld pair",
        "trump X",
    ];

    fn token() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<String>(),
            "[ -~]{0,24}",
            prop::collection::vec(
                prop::sample::select(Action::WORDS.iter().chain(WORDS).copied().collect::<Vec<_>>()),
                1..5
            )
            .prop_map(|w| w.join(" ")),
            (
                prop::sample::select(&["bid ", "surrender ", "trump ", "meld pair ", "call ", "give "][..]),
                any::<i64>()
            )
                .prop_map(|(a, n)| format!("{a}{n}")),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]
        #[test]
        fn every_action_is_applied_or_refused_with_a_reason(
            preset in prop::sample::select(&Preset::ALL[..]),
            seed in any::<u64>(),
            steps in 0usize..140,
            seat in 0usize..5,
            raw in token(),
            pick_legal in any::<bool>(),
            pick in any::<prop::sample::Index>(),
        ) {
            let g = game_at(preset, seed, steps);
            let rules = *g.rules();
            // Half the time a legal action of the seat to act, so the applied side is fed too.
            let (seat, token) = match (pick_legal, g.current().map(|d| d.legal_actions()), g.to_act()) {
                (true, Some(l), Some(s)) if !l.is_empty() => (s, pick.get(&l).token(rules.low)),
                _ => (seat, raw),
            };
            let before = g.clone();
            match try_action(Some(&g), &rules, seat, &token) {
                Ok((action, stored)) => {
                    let mut next = g.clone();
                    prop_assert!(next.play(action).is_ok(), "{token}: taken but the match refuses it");
                    let d = g.current().expect("a deal is being played");
                    prop_assert!(d.legal_actions().contains(&action), "{token}: applied but not legal");
                    prop_assert_eq!(Some(seat), g.to_act());
                    prop_assert_eq!(Action::parse(&stored, rules.low).ok(), Some(action));
                    let (a, b) = (g.deals().len(), next.deals().len());
                    prop_assert_eq!(a, b);
                    prop_assert_eq!(
                        next.deals()[b - 1].actions.len(),
                        g.deals()[a - 1].actions.len() + 1
                    );
                }
                Err(r) => {
                    prop_assert!(!r.message.trim().is_empty(), "{token}: a refusal without a reason");
                }
            }
            // The match given is never changed.
            prop_assert!(before == g, "the match given was changed");
            // Before the match begins everything is refused.
            prop_assert!(try_action(None, &rules, seat, &token).is_err());
        }
    }

    /// Under the sevens a refusal writes the low card `7`, as the record does (a regression:
    /// refusals said `9H` while the record held `7H`), and `9` is still read as that card.
    #[test]
    fn refusals_use_the_sevens_notation() {
        let mut rules = Rules::default();
        rules.set("low", "seven").unwrap();
        let mut g = Game::new(rules, Vec::new());
        g.start_seeded_deal(4).unwrap();
        let seat = g.to_act().unwrap();
        for token in ["7H", "9H"] {
            let r = try_action(Some(&g), &rules, seat, token).unwrap_err();
            assert!(r.message.contains("`7H`"), "{token}: {}", r.message);
            assert!(!r.message.contains("9H"), "{token}: {}", r.message);
        }
    }
}
