//! What goes out to the connections: each seat's state after every change
//! ([`Table::broadcast`]), single messages, and dropping a connection that does not read
//! them.

use super::Table;
use crate::metrics::Via;
use crate::outbox::{Out, CLOSE_TOO_SLOW, TOO_SLOW_REASON};
use crate::protocol::{Clock, Refusal, SeatInfo, SeatKind, ServerMsg};
use crate::store::seat_names;
use binokel::{Seat, View};
use std::collections::HashMap;
use tokio::time::Instant;

impl Table {
    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        let stored: Vec<_> = self.seats.iter().map(|s| s.stored.clone()).collect();
        let names = seat_names(&stored);
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let bot = s.stored.kind == SeatKind::Bot;
                SeatInfo {
                    seat: i,
                    kind: s.stored.kind,
                    bot: s.stored.bot.clone(),
                    level: s
                        .stored
                        .bot
                        .as_deref()
                        .map(|b| binokel_ai::persona(b).1.to_string()),
                    name: if bot {
                        Some(names[i].clone())
                    } else {
                        s.stored.name.clone()
                    },
                    taken: bot || s.stored.token.is_some(),
                    connected: bot || s.conns > 0,
                    autopilot: s.autopilot,
                    account: s.stored.account.is_some() && !s.stored.former,
                    former: s.stored.former,
                }
            })
            .collect()
    }

    pub(super) fn send(&mut self, conn: u64, msg: &ServerMsg) {
        let full = match self.conns.get(&conn) {
            Some(c) => c.out.try_send(Out::Text(msg.to_text())).is_err(),
            None => false,
        };
        if full {
            self.drop_slow(conn);
        }
    }

    /// Counts the table in `binokel_tables_live` while it has a connection.
    pub(super) fn mark_live(&mut self) {
        match (self.conns.is_empty(), self.live.is_some()) {
            (false, false) => self.live = Some(self.core.metrics.live_table()),
            (true, true) => self.live = None,
            _ => {}
        }
    }

    /// Sends a refusal to one connection, counted in `binokel_refusals_total{via="ws"}`.
    pub(super) fn refuse(&mut self, conn: u64, r: Refusal, id: Option<u64>) {
        self.core.metrics.refused(Via::Ws, &r.error.name());
        self.send(conn, &ServerMsg::error(r, id));
    }

    pub(super) fn send_all(&mut self, text: &str) {
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
    pub(super) fn drop_slow(&mut self, conn: u64) {
        if let Some(c) = self.conns.get(&conn) {
            tracing::warn!(table = %self.code, conn, "connection too slow: closed");
            c.out.kick(CLOSE_TOO_SLOW, TOO_SLOW_REASON);
        }
        self.drop_conn(conn);
    }

    /// Sends every connection the state of its own seat (spectators: the public view).
    pub(super) fn broadcast(&mut self) {
        self.update_turn();
        let seats = self.seat_infos();
        let status = self.status();
        let clock = self.turn.map(|(_, seat, t)| Clock {
            seat,
            remaining_ms: t.saturating_duration_since(Instant::now()).as_millis() as u64,
        });
        let ready = self.readiness();
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
                    ready: ready.clone(),
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
