//! The table's clock: when it wakes up next, starting deals after their pause, bots and
//! autopilots (each move searched on the [`BotPool`](crate::bots::BotPool) workers and
//! handed back as a [`BotMove`]), the turn clock of a person, the away grace period and the
//! lease renewal.

use super::action::Played;
use super::{Table, IDLE_CLOSE};
use crate::protocol::{Readiness, SeatKind};
use crate::store::deal_seed;
use crate::store::Renewed;
use binokel::{Action, Game, Seat, View};
use binokel_ai::Bot;
use tokio::time::Instant;

/// A bot's move for `seat` at position `at`, back from the bot workers (None: the bot failed).
pub(super) struct BotMove {
    seat: Seat,
    at: (usize, usize),
    result: Option<(Box<dyn Bot>, Action)>,
    /// When the move was due (after the bot delay): its lag is measured from here.
    due: std::time::Instant,
}

impl Table {
    pub(super) fn next_wake(&self) -> Instant {
        let mut w = self.renew_at;
        if let Some(t) = self.idle_since {
            w = w.min(t + IDLE_CLOSE);
        }
        if self.conns.is_empty() {
            w = w.min(self.last_activity + self.core.config.idle_unload);
        }
        if let Some(t) = self.next_deal_at {
            w = w.min(t);
        }
        if let (None, Some((_, t))) = (&self.game, &self.fill) {
            w = w.min(*t);
        }
        if let Some(t) = self.ready_deadline {
            w = w.min(t);
        }
        if let Some((_, _, t)) = self.turn {
            w = w.min(t);
        }
        if let (Some(t), Some(_)) = (self.next_forfeit(), &self.game) {
            w = w.min(t);
        }
        if let (Some(t), Some(_)) = (self.next_deadline(), &self.game) {
            w = w.min(t);
        }
        if self.game.is_some() && self.with_people() {
            for s in &self.seats {
                if let (Some(g), false) = (s.gone_since, s.autopilot) {
                    if s.stored.kind == SeatKind::Human {
                        w = w.min(g + self.core.config.grace);
                    }
                }
            }
        }
        w
    }

    /// Starts deals, bots and turn clocks as the position asks.
    pub(super) async fn schedule(&mut self) {
        self.fill_when_due().await;
        let Some(game) = &self.game else { return };
        if game.needs_deal() {
            let counting = self.ready_deadline.is_some();
            let go = self.deal_may_start();
            if !go && !counting && self.ready_deadline.is_some() {
                // The countdown has begun: everybody sees it.
                self.broadcast();
            }
            if go {
                self.next_deal_at = None;
                self.ready_deadline = None;
                for s in &mut self.seats {
                    s.ready = false;
                }
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

    /// The seats the next deal waits for: people whose client opted in to `ready` and
    /// whom no bot covers.
    fn waited(&self) -> Vec<Seat> {
        (0..self.seats.len())
            .filter(|&i| {
                let s = &self.seats[i];
                s.stored.kind == SeatKind::Human && s.wants_ready && !s.autopilot
            })
            .collect()
    }

    /// Between deals: whether the next deal may start now (setting the timers it waits
    /// for). The first deal starts at once; after a deal, when no seat opted in to `ready`,
    /// after the deal pause; otherwise when every waited seat is ready, or at a table with
    /// other people after the ready countdown.
    fn deal_may_start(&mut self) -> bool {
        let now = Instant::now();
        let after_a_deal = self.game.as_ref().is_some_and(|g| !g.deals().is_empty());
        let waited = self.waited();
        if !after_a_deal || waited.is_empty() {
            self.ready_deadline = None;
            let at = *self
                .next_deal_at
                .get_or_insert_with(|| now + self.core.config.deal_pause);
            return now >= at;
        }
        self.next_deal_at = None;
        if waited.iter().all(|&s| self.seats[s].ready) {
            return true;
        }
        if !self.with_people() {
            self.ready_deadline = None;
            return false;
        }
        let at = *self
            .ready_deadline
            .get_or_insert_with(|| now + self.core.config.ready_wait);
        now >= at
    }

    /// Who the next deal waits for, for the state (None while a deal is played, or when
    /// nobody is waited for).
    pub(super) fn readiness(&self) -> Option<Readiness> {
        let g = self.game.as_ref()?;
        if !g.needs_deal() || g.is_over() || g.deals().is_empty() {
            return None;
        }
        let waiting = self.waited();
        if waiting.is_empty() {
            return None;
        }
        Some(Readiness {
            deal: g.deals().len() - 1,
            ready: waiting.iter().copied().filter(|&s| self.seats[s].ready).collect(),
            waiting,
            remaining_ms: self
                .ready_deadline
                .map(|t| t.saturating_duration_since(Instant::now()).as_millis() as u64),
        })
    }

    /// Starts the turn clock of a person who is to act (bots and autopilots have none; at
    /// a table without other people there is no clock at all).
    pub(super) fn update_turn(&mut self) {
        let to_act = self.game.as_ref().and_then(Game::to_act);
        match (to_act, self.position()) {
            (Some(s), Some(pos)) if !self.bot_controls(s) && self.with_people() => {
                if self.turn.is_none_or(|(p, seat, _)| p != pos || seat != s) {
                    self.turn = Some((pos, s, Instant::now() + self.core.config.turn));
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
            None => match binokel_ai::make_worker_bot(&self.core.config.autopilot_bot, self.bot_seed(seat))
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
        let delay = self.core.config.bot_delay;
        let core = self.core.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let due = std::time::Instant::now();
            // Search is CPU work: it runs on the bounded bot workers, so no table waits for
            // it and memory grows with the workers, not with the bot seats.
            let result = core
                .bots
                .run(move || {
                    let mut bot = bot;
                    let a = bot.choose(&view);
                    (bot, a)
                })
                .await;
            let _ = tx
                .send(BotMove {
                    seat,
                    at,
                    result,
                    due,
                })
                .await;
        });
    }

    pub(super) async fn bot_move(&mut self, m: BotMove) {
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
            match self.apply(m.seat, Played::Action(action), None).await {
                Ok(()) => self.core.metrics.bot_lag(m.due.elapsed()),
                Err(r) => {
                    tracing::error!(table = %self.code, seat = m.seat, error = %r, "bot action refused")
                }
            }
        }
    }

    pub(super) async fn on_timer(&mut self) {
        let now = Instant::now();
        let mut changed = false;
        if now >= self.renew_at {
            self.renew_at = now + self.core.config.lease / 3;
            match self
                .core
                .store
                .renew_lease(&self.code, &self.core.node, self.core.config.lease)
                .await
            {
                Ok(Renewed::Held) => {}
                Ok(Renewed::Lost) => self.lose_lease().await,
                Ok(Renewed::Close(reason)) => self.close_by_operator(&reason).await,
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
        if self.game.is_some() && self.with_people() {
            let grace = self.core.config.grace;
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
        if self.forfeit_the_long_gone(now).await {
            changed = true;
        }
        if self.hand_over_at_deadline() {
            changed = true;
        }
        if changed {
            self.broadcast();
        }
    }
}
