//! Seats that belong to accounts (issue #36; docs/accounts.md, "Seats of accounts"): a
//! logged-in person's seat is the account's, found again from any device (`hello` with
//! `"account": true`, or joining again); a guest cannot sit under an account's name; a rated
//! table seats only accounts.

use super::Table;
use crate::accounts::Account;
use crate::protocol::{ErrorCode, JoinAnswer, Refusal, PROTOCOL_VERSION};
use crate::store::StoredSeat;

impl Table {
    /// The token of the seat of `account` (`hello` with `"account": true`); Ok(None) without
    /// an account; refused when the account holds no seat here.
    pub(super) fn account_token(&self, account: Option<i64>) -> Result<Option<String>, Refusal> {
        let Some(id) = account else {
            return Ok(None);
        };
        self.seats
            .iter()
            .find(|s| s.stored.account == Some(id) && s.stored.bot.is_none())
            .and_then(|s| s.stored.token.clone())
            .map(Some)
            .ok_or_else(|| {
                Refusal::new(
                    ErrorCode::BadToken,
                    format!(
                        "your account holds no seat at table {}; take one with POST /api/tables/{}/join",
                        self.code, self.code
                    ),
                )
            })
    }

    /// A logged-in person joining a table where their account holds a seat already gets that
    /// seat again (another device).
    pub(super) fn seat_of_account(&self, account: Option<&Account>) -> Option<JoinAnswer> {
        let id = account?.id;
        let (seat, s) = self
            .seats
            .iter()
            .enumerate()
            .find(|(_, s)| s.stored.account == Some(id) && s.stored.bot.is_none())?;
        Some(JoinAnswer {
            code: self.code.clone(),
            seat: Some(seat),
            token: s.stored.token.clone(),
            protocol: PROTOCOL_VERSION,
            ws: "/ws".into(),
        })
    }

    /// The name a person joining `seat` sits under: an account's own name; a guest's name
    /// (checked as every name is) unless it is an account's, or the table is rated.
    pub(super) async fn joining_name(
        &mut self,
        wanted: Option<&str>,
        seat: usize,
        account: Option<&Account>,
    ) -> Result<String, Refusal> {
        if let Some(a) = account {
            return Ok(a.name.clone());
        }
        if self.rated.is_some() {
            return Err(account_required());
        }
        let name = crate::ids::check_name(wanted, seat)?;
        guest_name_free(&self.core.store, &name).await?;
        let stored: Vec<StoredSeat> = self.seats.iter().map(|s| s.stored.clone()).collect();
        Ok(crate::names::name_for_seat(&stored, seat, &name))
    }
}

/// `forfeited`: the person left a rated match for too long; a bot plays the seat to the end.
pub(crate) fn forfeited() -> Refusal {
    Refusal::new(
        ErrorCode::Forfeited,
        "you were away from this rated match for too long: a bot plays your seat to its end, and the seat takes the last place",
    )
}

impl Table {
    /// At a rated table: a person away for the grace period and
    /// [`Config::forfeit_after`](crate::Config::forfeit_after) more forfeits the seat (stored
    /// first); a bot plays it to the end, and it takes the last place. True when a seat was
    /// forfeited now.
    pub(super) async fn forfeit_the_long_gone(&mut self, now: tokio::time::Instant) -> bool {
        if self.rated.is_none() || self.game.as_ref().is_none_or(|g| g.is_over()) {
            return false;
        }
        let after = self.core.config.grace + self.core.config.forfeit_after;
        let due: Vec<usize> = (0..self.seats.len())
            .filter(|&i| {
                let s = &self.seats[i];
                s.stored.kind == crate::protocol::SeatKind::Human
                    && !s.stored.forfeit
                    && s.gone_since.is_some_and(|g| now >= g + after)
            })
            .collect();
        let mut any = false;
        for i in due {
            if let Err(e) = crate::players::store::set_forfeit(&self.core.store, &self.code, i).await {
                tracing::warn!(table = %self.code, seat = i, error = %e, "cannot store the forfeit; trying again");
                continue;
            }
            tracing::info!(table = %self.code, seat = i, "away from a rated match too long: the seat is forfeited");
            self.seats[i].stored.forfeit = true;
            self.seats[i].autopilot = true;
            any = true;
        }
        any
    }

    /// When the next seat of a rated table would forfeit, if any.
    pub(super) fn next_forfeit(&self) -> Option<tokio::time::Instant> {
        self.rated.as_ref()?;
        let after = self.core.config.grace + self.core.config.forfeit_after;
        self.seats
            .iter()
            .filter(|s| s.stored.kind == crate::protocol::SeatKind::Human && !s.stored.forfeit)
            .filter_map(|s| s.gone_since.map(|g| g + after))
            .min()
    }
}

/// `time_up`: a tournament round's time limit has passed; bots finish the table's deals.
pub(crate) fn time_up() -> Refusal {
    Refusal::new(
        ErrorCode::TimeUp,
        "the round's time limit has passed: bots play this table's open deals to the end, and their points count for the seats",
    )
}

impl Table {
    /// A bot plays `seat` to the end, whatever the person does: forfeited, or the round's
    /// time limit has passed (a person's seat).
    pub(super) fn handed_over(&self, seat: usize) -> bool {
        let s = &self.seats[seat].stored;
        s.forfeit || (self.time_up && s.kind == crate::protocol::SeatKind::Human)
    }

    /// A tournament table past its round's time limit hands every person's seat to a bot
    /// (docs/tournaments.md, "A round"); true when it did now.
    pub(super) fn hand_over_at_deadline(&mut self) -> bool {
        let due = self
            .deadline_ms
            .is_some_and(|d| self.core.config.clock.now_ms() >= d);
        if self.time_up || !due || self.game.as_ref().is_none_or(|g| g.is_over()) {
            return false;
        }
        tracing::info!(table = %self.code, "the round's time limit passed: bots finish the deals");
        self.time_up = true;
        for s in &mut self.seats {
            if s.stored.kind == crate::protocol::SeatKind::Human {
                s.autopilot = true;
            }
        }
        true
    }

    /// When the round's time limit passes, if it has not yet.
    pub(super) fn next_deadline(&self) -> Option<tokio::time::Instant> {
        let d = self.deadline_ms.filter(|_| !self.time_up)?;
        let left = (d - self.core.config.clock.now_ms()).max(0) as u64;
        Some(tokio::time::Instant::now() + std::time::Duration::from_millis(left))
    }
}

/// `403 account_required`: a rated table seats only logged-in people.
pub(crate) fn account_required() -> Refusal {
    Refusal::new(
        ErrorCode::AccountRequired,
        "a rated table seats only people who are logged in: log in (POST /api/session) and join again",
    )
}

/// Refuses a guest's name that is an account's (by its canonical form) with `409
/// name_is_an_account`.
pub(crate) async fn guest_name_free(store: &crate::store::Store, name: &str) -> Result<(), Refusal> {
    match crate::accounts::find(store, name).await {
        Ok(None) => Ok(()),
        Ok(Some(a)) => Err(Refusal::new(
            ErrorCode::NameIsAnAccount,
            format!(
                "`{name}` is the name of an account (`{}`); log in to sit under it, or choose another name",
                a.name
            ),
        )),
        Err(e) => Err(Refusal::new(ErrorCode::Unavailable, e.to_string())),
    }
}
