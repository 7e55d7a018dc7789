//! The requests of connections and HTTP handlers ([`Cmd`]) as the table task takes them:
//! connecting and disconnecting, joining a free seat, hints, undo and the rematch. Actions
//! are handed on to [`action`](super::action).

use super::{Conn, Table};
use crate::accounts::Account;
use crate::core::Core;
use crate::creation;
use crate::mailbox::Cmd;
use crate::outbox::{Out, Outbox, CLOSE_TOO_SLOW, TOO_SLOW_REASON};
use crate::protocol::{
    ErrorCode, HintItem, JoinAnswer, JoinRequest, Refusal, SeatKind, ServerMsg, Status, TableSummary, EMOTES,
    EMOTE_BURST, EMOTE_EVERY_SECS, FEATURES, PROTOCOL_VERSION,
};
use crate::store::{initial_status, seat_names, StoredSeat};
use binokel::{Game, Seat, View};
use tokio::time::Instant;

impl Table {
    pub(super) async fn handle(&mut self, c: Cmd) {
        match c {
            Cmd::Connect {
                token,
                out,
                features,
                account,
                reply,
            } => {
                let r = match self.account_token(account) {
                    Ok(t) => self.connect(t.or(token), out, &features),
                    Err(r) => Err(r),
                };
                let _ = reply.send(r);
            }
            Cmd::Disconnect { conn } => {
                self.drop_conn(conn);
                self.broadcast();
            }
            Cmd::Act { conn, action, id, at } => {
                if let Err(r) = self.act(conn, &action, id, at).await {
                    self.refuse(conn, r, id);
                }
            }
            Cmd::Ready { conn, deal } => {
                if let Err(r) = self.ready(conn, deal) {
                    self.refuse(conn, r, None);
                }
            }
            Cmd::Emote { conn, emote, id } => {
                if let Err(r) = self.emote(conn, &emote) {
                    self.refuse(conn, r, id);
                }
            }
            Cmd::Hint { conn, id } => {
                if let Err(r) = self.hint(conn, id) {
                    self.refuse(conn, r, id);
                }
            }
            Cmd::Undo { conn, id } => {
                if let Err(r) = self.undo(conn).await {
                    self.refuse(conn, r, id);
                }
            }
            Cmd::Rematch { conn, id } => {
                if let Err(r) = self.rematch(conn).await {
                    self.refuse(conn, r, id);
                }
            }
            Cmd::Back { conn } => {
                if let Some(s) = self.conns.get(&conn).and_then(|c| c.seat) {
                    if self.seats[s].autopilot && !self.handed_over(s) {
                        self.seats[s].autopilot = false;
                        self.broadcast();
                    }
                }
            }
            Cmd::Join { req, account, reply } => {
                let r = self.join(req, account).await;
                let _ = reply.send(r);
            }
            Cmd::Summary { reply } => {
                let _ = reply.send(TableSummary {
                    code: self.code.clone(),
                    rules: self.rules.to_json(),
                    status: self.status(),
                    seats: self.seat_infos(),
                    spectators: self.conns.values().filter(|c| c.seat.is_none()).count(),
                    deals: self.game.as_ref().map_or(0, |g| g.deals().len()),
                    totals: self
                        .game
                        .as_ref()
                        .map_or_else(Vec::new, |g| g.totals()[..self.rules.players as usize].to_vec()),
                    winner: self.game.as_ref().and_then(|g| g.winner()),
                    target: self.rules.target,
                    series_deals: self.rules.series_deals,
                });
            }
            Cmd::Stop => {}
        }
    }

    fn connect(
        &mut self,
        token: Option<String>,
        out: Outbox,
        features: &[String],
    ) -> Result<(u64, Option<Seat>), Refusal> {
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
            node: self.core.node.clone(),
            features: FEATURES.iter().map(|f| f.to_string()).collect(),
        };
        let _ = out.try_send(Out::Text(welcome.to_text()));
        let wants = |f: &str| features.iter().any(|x| x == f);
        self.conns.insert(
            id,
            Conn {
                seat,
                out,
                emotes: wants("emote"),
            },
        );
        self.last_activity = Instant::now();
        self.mark_live();
        if let Some(s) = seat {
            let st = &mut self.seats[s];
            st.conns += 1;
            st.gone_since = None;
            // The person is back: the bot that covered the seat hands it over (not at a rated
            // table the person left for too long: the bot plays on to the end).
            st.autopilot = st.stored.forfeit || self.time_up;
            // The seat's latest client decides whether the next deal waits for it (a v1
            // client after a ready-aware one is not waited for).
            st.wants_ready = wants("ready");
        }
        tracing::debug!(table = %self.code, conn = id, seat, "connected");
        self.broadcast();
        Ok((id, seat))
    }

    /// `ready`: the connection's seat is done with the finished deal. Between deals it
    /// counts (the next deal starts when every waited seat is ready); at any other time,
    /// or for an older deal, it is ignored (the deal it was meant for may have started on
    /// its countdown already).
    fn ready(&mut self, conn: u64, deal: Option<usize>) -> Result<(), Refusal> {
        let seat = self.seat_of(
            conn,
            Refusal::new(ErrorCode::Spectator, "spectators are not waited for"),
        )?;
        let Some(g) = self.game.as_ref() else {
            return Ok(());
        };
        let finished = g.deals().len().checked_sub(1);
        if !g.needs_deal() || g.is_over() || finished.is_none() || deal.is_some_and(|d| Some(d) != finished) {
            return Ok(());
        }
        let st = &mut self.seats[seat];
        if !st.ready {
            st.ready = true;
            // A client that says `ready` is waited for from now on, even if its hello
            // did not name the feature.
            st.wants_ready = true;
            self.broadcast();
        }
        Ok(())
    }

    /// `emote`: a fixed phrase from a seat to every connection that opted in to emotes,
    /// rate-limited per seat ([`EMOTE_BURST`], then one every [`EMOTE_EVERY_SECS`]).
    fn emote(&mut self, conn: u64, emote: &str) -> Result<(), Refusal> {
        let seat = self.seat_of(
            conn,
            Refusal::new(ErrorCode::Spectator, "spectators do not send emotes"),
        )?;
        if !EMOTES.contains(&emote) {
            return Err(Refusal::new(
                ErrorCode::BadRequest,
                format!("`{emote}` is not an emote (known: {})", EMOTES.join(", ")),
            ));
        }
        let now = Instant::now();
        let (tokens, at) = self.seats[seat].emotes;
        let refill = now.duration_since(at).as_secs_f64() / EMOTE_EVERY_SECS as f64;
        let tokens = (tokens + refill).min(f64::from(EMOTE_BURST));
        if tokens < 1.0 {
            self.seats[seat].emotes = (tokens, now);
            return Err(Refusal::new(
                ErrorCode::RateLimited,
                format!("at most {EMOTE_BURST} emotes at once, then one every {EMOTE_EVERY_SECS} seconds"),
            ));
        }
        self.seats[seat].emotes = (tokens - 1.0, now);
        let text = ServerMsg::Emote {
            seat,
            emote: emote.to_string(),
        }
        .to_text();
        let dead: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.emotes && c.out.try_send(Out::Text(text.clone())).is_err())
            .map(|(&id, _)| id)
            .collect();
        for id in dead {
            self.drop_slow(id);
        }
        Ok(())
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
        if self.rated.is_some() {
            return Err(Refusal::new(
                ErrorCode::NoHints,
                "a rated table gives no hints: the match is rated on your own play",
            ));
        }
        if self.own_play {
            return Err(Refusal::new(
                ErrorCode::NoHints,
                "a ranked try of the deal of the day gives no hints: it is ranked on your own play",
            ));
        }
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
        let core = self.core.clone();
        tokio::spawn(async move {
            // Hints queue for the bot workers like bots do; the table task never waits.
            let rated = core
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
        if self.rated.is_some() {
            return Err(refuse("actions are not taken back at a rated table".into()));
        }
        if self.own_play {
            return Err(refuse(
                "actions are not taken back in a ranked try of the deal of the day".into(),
            ));
        }
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
        let from = log.take_back_from(seat).map_err(|e| {
            let mut r = refuse(e.to_string());
            if let binokel::TakeBackError::Shown(shown) = e {
                let shown = match shown {
                    binokel::Reveal::Tapp => "tapp",
                    binokel::Reveal::Received => "received",
                    binokel::Reveal::Drawn => "drawn",
                };
                r.reason = Some(serde_json::json!({"code": "take_back_shown", "shown": shown}));
            }
            r
        })?;
        let undone = log.actions.len() - from;
        match self
            .core
            .store
            .truncate_actions(&self.code, d, from, &self.core.node)
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
            None => match self.core.store.rematch(&self.code).await.map_err(unavailable)? {
                Some(c) => c,
                None => {
                    let seats: Vec<StoredSeat> = self.seats.iter().map(|s| s.stored.clone()).collect();
                    create_rematch(&self.core, &self.code, &self.rules, &seats, self.rated.as_deref()).await?
                }
            },
        };
        self.rematch = Some(next.clone());
        // The follow-up starts at once (every seat is taken) in this process when it can:
        // the registry loads it (and logs why not).
        self.core.start(&next);
        let t = self
            .core
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

    pub(super) fn drop_conn(&mut self, conn: u64) {
        if let Some(c) = self.conns.remove(&conn) {
            self.last_activity = Instant::now();
            self.mark_live();
            if let Some(s) = c.seat {
                let st = &mut self.seats[s];
                st.conns = st.conns.saturating_sub(1);
                if st.conns == 0 {
                    st.gone_since = Some(Instant::now());
                }
            }
        }
    }
    async fn join(&mut self, req: JoinRequest, account: Option<Account>) -> Result<JoinAnswer, Refusal> {
        if let Some(again) = self.seat_of_account(account.as_ref()) {
            return Ok(again);
        }
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
        let name = self
            .joining_name(req.name.as_deref(), seat, account.as_ref())
            .await?;
        let token = crate::ids::new_token();
        let id = account.as_ref().map(|a| a.id);
        let ok = self
            .core
            .store
            .take_seat(&self.code, seat, &name, &token, id)
            .await
            .map_err(|e| Refusal::new(ErrorCode::Unavailable, e.to_string()))?;
        if !ok {
            return Err(Refusal::new(
                ErrorCode::NoFreeSeat,
                format!("seat {seat} is not free"),
            ));
        }
        self.seat_taken().await;
        let st = &mut self.seats[seat];
        st.stored.name = Some(name);
        st.stored.token = Some(token.clone());
        st.stored.account = id;
        let stored: Vec<StoredSeat> = self.seats.iter().map(|s| s.stored.clone()).collect();
        if self.game.is_none() && initial_status(&stored) == Status::Playing {
            self.game = Some(Game::new(self.rules, seat_names(&stored)));
            self.next_deal_at = Some(Instant::now());
            self.core
                .store
                .set_status(&self.code, Status::Playing)
                .await
                .map_err(|e| Refusal::new(ErrorCode::Unavailable, e.to_string()))?;
            tracing::info!(table = %self.code, "every seat taken: the match begins");
        }
        self.broadcast();
        self.lobby_changed();
        Ok(JoinAnswer {
            code: self.code.clone(),
            seat: Some(seat),
            token: Some(token),
            protocol: PROTOCOL_VERSION,
            ws: "/ws".into(),
        })
    }
}

/// Stores the follow-up table of `code` (same rules and seats, a new token for every person)
/// with this process's lease through the creation service, and records it as the rematch;
/// returns the recorded one.
async fn create_rematch(
    core: &Core,
    code: &str,
    rules: &binokel::Rules,
    seats: &[StoredSeat],
    rated: Option<&str>,
) -> Result<String, Refusal> {
    let unavailable = |e: crate::store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
    creation::check_room(core, "try the rematch again later")?;
    let seats = creation::rematch_seats(seats);
    let next = creation::store_new(core, rules, rand::random(), &seats, rated).await?;
    let kept = core.store.set_rematch(code, &next).await.map_err(unavailable)?;
    if kept != next {
        // Another process recorded a follow-up first: that one is the rematch.
        let _ = core.store.delete_table(&next).await;
    }
    Ok(kept)
}
