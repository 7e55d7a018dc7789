//! One table: a task that owns the authoritative `Game`. Sockets and HTTP handlers talk to it
//! over a channel; it checks every action with the rules engine, stores it, then tells each
//! connection what its seat may see.

use crate::protocol::{
    Clock, ErrorCode, HintItem, JoinAnswer, JoinRequest, Refusal, SeatInfo, SeatKind, ServerMsg, Status,
    TableSummary, FEATURES, PROTOCOL_VERSION,
};
use crate::store::{deal_seed, initial_status, rebuild_game, seat_names, StoredSeat, StoredTable};
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
    /// Close the connection.
    Close,
}

/// A connection's outgoing queue.
pub type Outbox = mpsc::Sender<Out>;

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
}

/// How long a finished, unwatched table keeps its task.
const IDLE_CLOSE: std::time::Duration = std::time::Duration::from_secs(3);

/// Starts the task of a table loaded from the database (the caller holds its lease).
pub fn spawn(shared: Arc<Shared>, t: StoredTable) -> Result<TableHandle, crate::store::StoreError> {
    let game = rebuild_game(&t)?;
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
    };
    if table.game.as_ref().is_some_and(|g| g.deals().is_empty()) {
        table.next_deal_at = Some(Instant::now());
    }
    for s in 0..n {
        if let Some(name) = table.seats[s].stored.bot.clone() {
            table.bots[s] = binokel_ai::make_bot(&name, table.bot_seed(s)).ok();
        }
    }
    tracing::info!(table = %table.code, actions = t.actions.len(), "table opened");
    tokio::spawn(table.run(rx, bot_rx));
    Ok(TableHandle { tx })
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
            let _ = c.out.try_send(Out::Close);
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
        self.shared.forget(&self.code).await;
        tracing::info!(table = %self.code, "table closed");
    }

    /// A finished match nobody has watched for a while needs no task. The wait lets a
    /// request that just found the table reach it.
    fn done(&mut self) -> bool {
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
                let game = self.game.as_mut().expect("checked above");
                let n = game.deals().len();
                if let Err(e) = game.start_seeded_deal(deal_seed(self.seed, n)) {
                    tracing::error!(table = %self.code, error = %e, "cannot start a deal");
                    return;
                }
                self.broadcast();
            }
            return;
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
            None => match binokel_ai::make_bot(&self.shared.config.autopilot_bot, self.bot_seed(seat))
                .or_else(|_| binokel_ai::make_bot("random", self.bot_seed(seat)))
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
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            // Search is CPU work: it runs on the blocking pool so no table waits for it.
            let result = tokio::task::spawn_blocking(move || {
                let mut bot = bot;
                let a = bot.choose(&view);
                (bot, a)
            })
            .await
            .ok();
            let _ = tx.send(BotMove { seat, at, result }).await;
        });
    }

    async fn bot_move(&mut self, m: BotMove) {
        self.bot_busy = false;
        let Some((bot, action)) = m.result else {
            tracing::error!(table = %self.code, seat = m.seat, "bot failed");
            return;
        };
        self.bots[m.seat] = Some(bot);
        let still = self.position() == Some(m.at)
            && self.game.as_ref().and_then(Game::to_act) == Some(m.seat)
            && self.bot_controls(m.seat);
        if still {
            if let Err(r) = self.apply(m.seat, action, None).await {
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
                let _ = c.out.try_send(Out::Text(text.clone()));
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
        let (deal, index) = self.position().expect("a seat is to act");
        let view = View::of(game, Some(seat))
            .ok_or_else(|| Refusal::new(ErrorCode::NotYourTurn, "no deal is being played"))?;
        let low = self.rules.low;
        let seed = self.bot_seed(seat) ^ ((deal as u64) << 32) ^ index as u64;
        let out = self
            .conns
            .get(&conn)
            .map(|c| c.out.clone())
            .expect("seat_of found it");
        let gate = self.shared.hints.clone();
        tokio::spawn(async move {
            // Hints queue for the CPU like bots do; the table task never waits for them.
            let Ok(_permit) = gate.acquire_owned().await else {
                return;
            };
            let rated = tokio::task::spawn_blocking(move || {
                binokel_ai::make_bot("strong", seed).map(|mut b| b.hint(&view))
            })
            .await;
            let msg = match rated {
                Ok(Ok(list)) => ServerMsg::Hint {
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
                Ok(Err(e)) => ServerMsg::error(
                    Refusal::new(ErrorCode::Unavailable, format!("no hint bot: {e}")),
                    id,
                ),
                Err(e) => ServerMsg::error(
                    Refusal::new(ErrorCode::Unavailable, format!("the hint failed: {e}")),
                    id,
                ),
            };
            let _ = out.try_send(Out::Text(msg.to_text()));
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
        let d = game.deals().len() - 1;
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
        let game = self.game.as_mut().expect("checked above");
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
            if let Some(c) = self.conns.get(&id) {
                let _ = c.out.try_send(Out::Text(text));
            }
        }
        tracing::info!(table = %self.code, next = %next, "rematch");
        Ok(())
    }

    fn drop_conn(&mut self, conn: u64) {
        if let Some(c) = self.conns.remove(&conn) {
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
        let action = Action::parse(token.trim(), binokel::Low::Nine)
            .or_else(|_| Action::parse_lenient(token.trim(), self.rules.low))
            .map_err(|e| Refusal::new(ErrorCode::BadAction, format!("`{token}` is not an action: {e}")))?;
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
        self.apply(seat, action, Some((conn, id))).await
    }

    /// Checks, stores, plays and announces one action.
    async fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        from: Option<(u64, Option<u64>)>,
    ) -> Result<(), Refusal> {
        let Some(game) = &self.game else {
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
        let deal = game.current().expect("a seat is to act");
        deal.check(action)
            .map_err(|e| Refusal::new(ErrorCode::Illegal, e.to_string()))?;
        let (d, index) = self.position().expect("a deal is running");
        let token = action.token(self.rules.low);
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
        let game = self.game.as_mut().expect("checked above");
        if let Err(e) = game.play(action) {
            // check() passed, so the engine cannot refuse; if it ever does, the stored log
            // and the game disagree and the table must be reloaded from the log.
            tracing::error!(table = %self.code, error = %e, "engine refused a checked action");
            self.lost_lease = true;
            return Err(Refusal::new(ErrorCode::Unavailable, "internal error; reconnect"));
        }
        let over = game.is_over();
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
            let g = self.game.as_ref().expect("checked above");
            let msg = ServerMsg::MatchOver {
                winner: g.winner(),
                totals: g.totals()[..g.players()].to_vec(),
                record: format!("/api/tables/{}/record", self.code),
            };
            tracing::info!(table = %self.code, winner = ?g.winner(), "match over");
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
            self.drop_conn(conn);
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
            self.drop_conn(id);
        }
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
            // A client that cannot keep up with its own table is dropped rather than
            // letting its queue grow without bound; it reconnects with its token.
            if c.out.try_send(Out::Text(text.clone())).is_err() {
                dead.push(id);
            }
        }
        for id in dead {
            tracing::warn!(table = %self.code, conn = id, "connection too slow: dropped");
            if let Some(c) = self.conns.get(&id) {
                let _ = c.out.try_send(Out::Close);
            }
            self.drop_conn(id);
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
