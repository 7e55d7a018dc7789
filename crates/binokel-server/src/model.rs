//! The server's small shared facts that are neither wire format nor storage: a table's
//! lobby options ([`LobbyOptions`]), the known bot names, the clock of stored times.

use crate::protocol::{BotFill, CreateRequest, ErrorCode, Refusal, SeatKind, MAX_FILL_SECS};
use serde::Serialize;
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the epoch: lease expiry times are compared across processes.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The clock of the tournaments' start times and round limits ([`Config::clock`](crate::Config::clock)):
/// the system's time plus an offset that only tests move ([`Clock::advance`]), so a test
/// drives a round's time limit without waiting for it.
#[derive(Clone, Debug, Default)]
pub struct Clock(std::sync::Arc<std::sync::atomic::AtomicI64>);

impl Clock {
    /// Milliseconds since the epoch, as this clock reads.
    pub fn now_ms(&self) -> i64 {
        now_ms() + self.0.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Moves this clock (and every copy of it) forward (a test hook).
    pub fn advance(&self, by: std::time::Duration) {
        self.0
            .fetch_add(by.as_millis() as i64, std::sync::atomic::Ordering::SeqCst);
    }
}

/// A table's place in the lobby, as stored with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbyOptions {
    /// Listed in the lobby.
    pub public: bool,
    /// Bots that take the free seats after a wait.
    pub fill: Option<BotFill>,
    /// When the table was created (ms since the epoch).
    pub created_ms: i64,
}

impl LobbyOptions {
    /// The options of a stored table's row (`listed`, `fill_bot`, `fill_after_ms`,
    /// `created_ms`).
    pub(crate) fn from_row(r: &sqlx::any::AnyRow) -> Result<LobbyOptions, sqlx::Error> {
        use sqlx::Row;
        let listed: i64 = r.try_get("listed")?;
        let bot: Option<String> = r.try_get("fill_bot")?;
        let after: Option<i64> = r.try_get("fill_after_ms")?;
        Ok(LobbyOptions {
            public: listed != 0,
            fill: bot.zip(after).map(|(bot, ms)| BotFill {
                bot,
                after_secs: (ms.max(0) / 1000) as u64,
            }),
            created_ms: r.try_get("created_ms")?,
        })
    }

    /// The checked options of a create request: the bot of a fill must be known and its
    /// wait at most [`MAX_FILL_SECS`].
    pub(crate) fn of_request(req: &CreateRequest) -> Result<LobbyOptions, Refusal> {
        if let Some(f) = &req.fill {
            check_bot("`fill.bot`", &f.bot)?;
            if f.after_secs > MAX_FILL_SECS {
                return Err(Refusal::new(
                    ErrorCode::BadRequest,
                    format!(
                        "`fill.after_secs` {} is too long (at most {MAX_FILL_SECS})",
                        f.after_secs
                    ),
                ));
            }
        }
        Ok(LobbyOptions {
            public: req.public,
            fill: req.fill.clone(),
            created_ms: now_ms(),
        })
    }

    /// When the bots take the free seats (ms since the epoch), if they do.
    pub fn fill_at_ms(&self) -> Option<i64> {
        self.fill
            .as_ref()
            .map(|f| self.created_ms + (f.after_secs * 1000) as i64)
    }
}

/// A bot name the server knows, or a refusal naming `field` and the known names.
pub(crate) fn check_bot(field: &str, bot: &str) -> Result<(), Refusal> {
    if binokel_ai::BOT_NAMES.contains(&bot) {
        Ok(())
    } else {
        Err(Refusal::new(
            ErrorCode::BadRequest,
            format!(
                "{field}: unknown bot `{bot}` (known: {})",
                binokel_ai::BOT_NAMES.join(", ")
            ),
        ))
    }
}

/// The result of a finished match, as stored (`match_results`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchResult {
    /// The table's invite code.
    pub code: String,
    /// The winning seat.
    pub winner: Option<usize>,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// Deals played.
    pub deals: usize,
    /// When the match ended (ms since the epoch).
    pub finished_ms: i64,
    /// The rating format when the table is rated (docs/accounts.md).
    pub rated: Option<String>,
    /// The format the match counts under in histories (the preset's name, or `custom`).
    pub format: String,
    /// The seats that belong to accounts, with what the match gave them.
    pub players: Vec<MatchPlayer>,
}

/// One seat of an account in a finished match, as the match-end seam stores it
/// (`match_players`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchPlayer {
    /// The seat.
    pub seat: usize,
    /// The account holding it.
    pub account: i64,
    /// Gone too long from a rated match: a bot played the seat to the end, last place.
    pub forfeit: bool,
    /// The seat's statistics of this match ([`crate::players::stats`]), as JSON.
    pub stats: serde_json::Value,
}

/// One seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// Person or bot.
    pub kind: SeatKind,
    /// The bot's name.
    pub bot: Option<String>,
    /// The display name.
    pub name: Option<String>,
    /// The secret (people only, once taken).
    pub token: Option<String>,
    /// The account the seat belongs to (a logged-in person's, or a bot account's at a rated
    /// table).
    pub account: Option<i64>,
    /// The seat's account was deleted: the name reads "a former player".
    pub former: bool,
    /// Gone too long from a rated match: a bot plays the seat to the end.
    pub forfeit: bool,
}
