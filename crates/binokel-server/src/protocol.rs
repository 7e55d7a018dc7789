//! The wire protocol, version 1 (`docs/protocol.md`): the client -> server and
//! server -> client message enums, and the HTTP request and answer bodies.

use binokel::{Seat, View};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// Largest WebSocket message or HTTP body the server accepts, in bytes. A larger WebSocket
/// message (up to [`MAX_FRAME_BYTES`]) is read and answered with a `too_large` error.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The largest `POST /api/reviews` body: a long match's record with every hand.
pub const MAX_REVIEW_BODY: usize = 1024 * 1024;

/// The transport's hard cap: a WebSocket message over this many bytes closes the
/// connection (the server will not buffer more for one message).
pub const MAX_FRAME_BYTES: usize = 1024 * 1024;

/// The highest `target` a table may be created with (`POST /api/tables`, by `target` or in
/// `rules`). A table of bots that play at all ends well within [`binokel::MAX_MATCH_DEALS`]
/// deals (heuristic bots: a median of 29 deals to 5,000, 109 in `kreuz`; docs/rules.md);
/// records keep the rules' own limit, [`binokel::rules::MAX_TARGET`].
pub const MAX_TABLE_TARGET: i32 = 5_000;

/// Messages a connection may send in a burst (the rate limit's bucket size).
pub const RATE_BURST: u32 = 40;

/// Messages per second a connection may send on average (the bucket's refill rate).
pub const RATE_PER_SECOND: u32 = 20;

/// The optional requests this server answers, listed in `welcome.features`.
pub const FEATURES: &[&str] = &["hint", "undo", "rematch", "reasons", "personas", "ready", "emote"];

/// The opt-ins a client may name in its `hello` (`features`): `ready` (the next deal waits
/// for this seat's `ready`) and `emote` (this connection receives emotes).
pub const CLIENT_FEATURES: &[&str] = &["ready", "emote"];

/// The fixed phrases of `emote` (sent by id; there is no free text).
pub const EMOTES: &[&str] = &[
    "hello",
    "good_game",
    "well_played",
    "oops",
    "thanks",
    "hurry",
    "nice_hand",
    "bye",
];

/// Emotes a seat may send in a burst, and the seconds after which one more is allowed.
pub const EMOTE_BURST: u32 = 3;

/// Seconds per emote once the burst is spent.
pub const EMOTE_EVERY_SECS: u64 = 5;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message: take a seat (with its token) or watch (without).
    Hello {
        /// Must be [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The table's invite code.
        table: String,
        /// The seat's secret; None to watch.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The client's opt-ins ([`CLIENT_FEATURES`]); unknown names are ignored.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        features: Vec<String>,
        /// Take the seat of the account logged in on the WebSocket upgrade (its cookie);
        /// without it (and without a token) the client watches.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        account: bool,
    },
    /// Play an action for one's seat.
    Action {
        /// A record token (`bid 160`, `AS`, `trump H`).
        action: String,
        /// Echoed in the answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// The deal the client saw (optional staleness check).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deal: Option<usize>,
        /// Actions of that deal the client saw (optional staleness check).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        index: Option<usize>,
    },
    /// The person is back: the bot that covered a timed-out turn clock hands the seat back.
    Back,
    /// The strong bot's rating of every legal action of this seat's current decision.
    Hint {
        /// Echoed in the answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
    /// Take back this seat's last action of the current deal (and the bots' actions after
    /// it); only at a table where every other seat is a bot.
    Undo {
        /// Echoed in an error.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
    /// After the match: a new table with the same seats, rules and bots.
    Rematch {
        /// Echoed in an error.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
    /// Between deals: this seat is ready for the next deal (feature `ready`).
    Ready {
        /// The finished deal the seat is done with (optional; a `ready` for an older deal is
        /// ignored).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deal: Option<usize>,
    },
    /// A fixed phrase shown by the seat (feature `emote`): one of [`EMOTES`].
    Emote {
        /// The phrase's id.
        emote: String,
        /// Echoed in an error.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
    /// Liveness check.
    Ping {
        /// Echoed in the pong.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
}

/// Why something a client sent was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not a message of the protocol.
    Malformed,
    /// Over [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// `hello` with another version.
    UnsupportedProtocol,
    /// A message before `hello`, or a second `hello`.
    HelloFirst,
    /// No such table.
    UnknownTable,
    /// The token holds no seat at the table.
    BadToken,
    /// A spectator tried to act.
    Spectator,
    /// Another seat is to act, or no deal is running.
    NotYourTurn,
    /// The rules refuse the action.
    Illegal,
    /// The action string is not an action token.
    BadAction,
    /// The position the client named is not the current one.
    Stale,
    /// The match has ended.
    GameOver,
    /// A match's record (or review) was asked for before the match ended (HTTP 409).
    NotFinished,
    /// Every human seat is taken.
    NoFreeSeat,
    /// An HTTP body that cannot be used.
    BadRequest,
    /// The connection limit is reached.
    ServerFull,
    /// The database cannot be reached; nothing was played.
    Unavailable,
    /// An `undo` that cannot be granted (another person at the table, nothing to take back).
    UndoRefused,
    /// A `rematch` before the match has ended, or from a spectator.
    RematchRefused,
    /// The connection sent more messages than the rate limit allows.
    RateLimited,
    /// The table's stored actions fail to replay: it is set aside and cannot be played.
    TableUnavailable,
    /// Table creation refused: this address created too many tables a minute, or the
    /// server holds `--max-tables` tables (HTTP 429 with `Retry-After`).
    TooManyTables,
    /// `POST /api/reviews` refused: this address asked for `--reviews-per-minute` reviews in
    /// the last minute (HTTP 429 with `Retry-After`).
    TooManyReviews,
    /// An operator closed the table (`binokel admin close`): nothing more is played there
    /// (HTTP 410).
    TableClosed,
    /// A guest's name is an account's name (by its canonical form; HTTP 409).
    NameIsAnAccount,
    /// A rated table takes only logged-in people (HTTP 403).
    AccountRequired,
    /// `hello` with `"account": true` without a live login on the WebSocket upgrade (HTTP 401).
    NotLoggedIn,
    /// A `hint` at a rated table.
    NoHints,
    /// An action of a person who left a rated match for too long: a bot plays the seat to the
    /// end (HTTP 403).
    Forfeited,
    /// An action at a tournament table after its round's time limit: bots finish the deals
    /// (HTTP 403).
    TimeUp,
}

impl ErrorCode {
    /// The code as it is written in a message (`not_your_turn`).
    pub fn name(self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(s)) => s,
            _ => "bad_request".to_string(),
        }
    }
}

impl ErrorCode {
    /// The HTTP status that goes with the code.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::UnknownTable => 404,
            ErrorCode::NoFreeSeat | ErrorCode::GameOver | ErrorCode::NotFinished => 409,
            ErrorCode::TooLarge => 413,
            ErrorCode::ServerFull | ErrorCode::Unavailable => 503,
            ErrorCode::BadToken => 403,
            ErrorCode::RateLimited | ErrorCode::TooManyTables | ErrorCode::TooManyReviews => 429,
            ErrorCode::TableUnavailable => 500,
            ErrorCode::TableClosed => 410,
            ErrorCode::NameIsAnAccount => 409,
            ErrorCode::AccountRequired => 403,
            ErrorCode::NotLoggedIn => 401,
            ErrorCode::Forfeited | ErrorCode::TimeUp => 403,
            _ => 400,
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = serde_json::to_value(self).map_err(|_| fmt::Error)?;
        write!(f, "{}", v.as_str().unwrap_or("error"))
    }
}

/// A refusal with its code and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// What kind of refusal.
    pub error: ErrorCode,
    /// A clear sentence.
    pub message: String,
    /// Why, machine-readable (`{"code":"must_follow","card":"QH","suit":"S"}`), for an
    /// `illegal` action: the rules engine's [`binokel::IllegalAction::reason`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<serde_json::Value>,
}

impl Refusal {
    /// A refusal.
    pub fn new(error: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            error,
            message: message.into(),
            reason: None,
        }
    }

    /// The refusal of an action the rules engine refuses: `illegal`, the English sentence
    /// and the reason's code and arguments, in the notation `low`.
    pub fn illegal(e: &binokel::IllegalAction, low: binokel::Low) -> Refusal {
        let (code, args) = e.reason(low);
        let mut reason = serde_json::Map::new();
        reason.insert("code".into(), code.into());
        for (k, v) in args {
            reason.insert(k.into(), v.into());
        }
        Refusal {
            error: ErrorCode::Illegal,
            message: e.describe(low),
            reason: Some(serde_json::Value::Object(reason)),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.error, self.message)
    }
}

impl std::error::Error for Refusal {}

/// Where a table stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Human seats are still free.
    Waiting,
    /// The match is being played.
    Playing,
    /// The match has a winner.
    Finished,
    /// An operator closed the table before its match ended (`binokel admin close`): no
    /// winner, never rated, nothing more is played.
    Closed,
}

impl Status {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Closed => "closed",
        }
    }
}

/// Who plays a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with a token.
    Human,
    /// A server bot.
    Bot,
}

/// A seat as everybody at the table sees it (never the token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The seat index.
    pub seat: Seat,
    /// Person or bot.
    pub kind: SeatKind,
    /// The bot's name, for bot seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// The bot's strength label (`beginner`, `easy`, `medium`, `hard`, `club`, `random`,
    /// `test`), for bot seats ([`binokel_ai::persona`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Display name (None: a free seat).
    pub name: Option<String>,
    /// Whether a person holds the seat (bots always do).
    pub taken: bool,
    /// Whether the seat's player is connected now (bots always are).
    pub connected: bool,
    /// Whether a bot plays the seat for its absent person.
    pub autopilot: bool,
    /// The seat belongs to an account (the name is the account's; its profile is
    /// `/api/players/NAME`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub account: bool,
    /// The seat's account was deleted: the name reads "a former player".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub former: bool,
}

/// One seat's rating change at the end of a rated match (`match_over`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The seat.
    pub seat: Seat,
    /// The account's name.
    pub name: String,
    /// The rating before the match (as shown: 1500 for a new player).
    pub before: i64,
    /// The rating after it.
    pub after: i64,
    /// The deviation after it.
    pub deviation: i64,
    /// Whether the rating is still provisional.
    pub provisional: bool,
}

/// Who the next deal waits for (feature `ready`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readiness {
    /// The finished deal.
    pub deal: usize,
    /// The seats waited for (people whose client opted in to `ready`).
    pub waiting: Vec<Seat>,
    /// Those of them who are ready.
    pub ready: Vec<Seat>,
    /// Milliseconds until the next deal starts anyway (None: no countdown; a table
    /// without other people waits for its person).
    pub remaining_ms: Option<u64>,
}

/// The turn clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The seat whose clock runs.
    pub seat: Seat,
    /// Milliseconds left.
    pub remaining_ms: u64,
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// `hello` accepted.
    Welcome {
        /// The protocol version.
        protocol: u32,
        /// The table code.
        table: String,
        /// The seat (None: spectator).
        seat: Option<Seat>,
        /// The server process.
        node: String,
        /// The optional requests this server answers ([`FEATURES`]).
        #[serde(default)]
        features: Vec<String>,
    },
    /// The table after a change.
    State {
        /// The table code.
        table: String,
        /// Where the table stands.
        status: Status,
        /// Every seat.
        seats: Vec<SeatInfo>,
        /// This connection's view (None before the first deal).
        view: Option<Box<View>>,
        /// The turn clock, when one runs.
        clock: Option<Clock>,
        /// Between deals, while seats that opted in to `ready` are waited for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ready: Option<Readiness>,
    },
    /// The action is stored and played.
    Ack {
        /// The client's id.
        id: Option<u64>,
        /// The deal.
        deal: usize,
        /// The action's index in the deal.
        index: usize,
        /// The action token.
        action: String,
    },
    /// Something the client sent was refused.
    Error {
        /// The code.
        error: ErrorCode,
        /// A clear sentence.
        message: String,
        /// The client's id, when known.
        #[serde(default)]
        id: Option<u64>,
        /// Why, machine-readable (feature `reasons`; `illegal` refusals of the rules
        /// engine): `{"code": "must_follow", "card": "QH", "suit": "S"}`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<serde_json::Value>,
    },
    /// The match has ended.
    MatchOver {
        /// The winning seat.
        winner: Option<Seat>,
        /// Match totals.
        totals: Vec<i32>,
        /// URL path of the record.
        record: String,
        /// A rated match: each seat's rating before and after (issue #36).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        ratings: Vec<RatingChange>,
    },
    /// An operator closed the table before its match ended (`binokel admin close`): the
    /// match ends without a winner and unrated; the server closes the connection next.
    Closed {
        /// The operator's reason, for people.
        reason: String,
    },
    /// Another process owns the table: connect there.
    Redirect {
        /// The WebSocket URL of the owner.
        url: String,
    },
    /// A seat's fixed phrase (feature `emote`; only to connections that opted in).
    Emote {
        /// The seat that sent it.
        seat: Seat,
        /// The phrase's id (one of [`EMOTES`]).
        emote: String,
    },
    /// Answer to a ping.
    Pong {
        /// The ping's id.
        id: Option<u64>,
    },
    /// The strong bot's hint: every legal action with its expected value, best first.
    Hint {
        /// The request's id.
        id: Option<u64>,
        /// The deal the hint is for.
        deal: usize,
        /// The number of actions of that deal played when the hint was asked for.
        index: usize,
        /// Every legal action and its value, best first.
        hints: Vec<HintItem>,
    },
    /// The follow-up table of a finished match: sent to every connection of the table.
    Rematch {
        /// The new table's invite code.
        code: String,
        /// The seat this connection holds at the new table (None: spectator).
        seat: Option<Seat>,
        /// That seat's new secret (None: spectator, or a bot seat).
        token: Option<String>,
    },
}

/// One rated action of a hint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HintItem {
    /// The action token.
    pub action: String,
    /// The expected value of the action for the seat (the strong bot's estimate in points;
    /// higher is better).
    pub score: f64,
}

impl ServerMsg {
    /// An error message.
    pub fn error(r: Refusal, id: Option<u64>) -> ServerMsg {
        ServerMsg::Error {
            error: r.error,
            message: r.message,
            id,
            reason: r.reason,
        }
    }

    /// The JSON text of the message.
    pub fn to_text(&self) -> String {
        // Every field is a plain value or a View, whose serialization cannot fail.
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"type":"error","error":"unavailable","message":"cannot encode: {e}"}}"#)
        })
    }
}

/// One seat of a create request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// Person or bot.
    pub kind: SeatKind,
    /// The bot's name (`random`, `heuristic`, `strong`, ...), for bot seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// `POST /api/tables`. An unknown field is refused (`bad_request`), so a misspelt
/// `"pubilc": true` does not quietly make a private table.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// A preset name or a record's rules object (default `standard`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<serde_json::Value>,
    /// Overrides the rules' target score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i32>,
    /// A fixed series of this many deals (the rules option `series_deals`; 0: play to the
    /// target). Refused by name unless a multiple of the seats, from 0 to 500.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_deals: Option<i64>,
    /// The creator's display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat the creator takes (default: the first human seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// One entry per seat (default: one human, bots in the rest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<SeatRequest>>,
    /// Listed in the lobby: anyone may see the table, join a free seat or watch
    /// (default false: only those given the invite code find it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// Bots take the free seats after a wait (None: the seats wait for people).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<BotFill>,
    /// A rated table (issue #36): a preset's rules unchanged, logged-in people and bot
    /// accounts (`beginner`, `easy`, `medium`, `hard`) only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// Bots that take a waiting table's free seats after a wait (`fill` of a create request,
/// docs/protocol.md, "Lobby").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotFill {
    /// The bot that takes every free seat (a name of `binokel_ai::BOT_NAMES`).
    pub bot: String,
    /// Seconds after the table's creation (0: at once; at most [`MAX_FILL_SECS`]).
    pub after_secs: u64,
}

/// The longest wait before bots fill a table's free seats.
pub const MAX_FILL_SECS: u64 = 3600;

/// `POST /api/tables/{code}/join`. An unknown field is refused (`bad_request`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat wanted (default: the first free human seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
}

/// The answer to a create or join: the seat and its secret token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinAnswer {
    /// The invite code.
    pub code: String,
    /// The seat taken (None when a bots-only table was created).
    pub seat: Option<Seat>,
    /// The seat's secret (None when no seat was taken).
    pub token: Option<String>,
    /// The protocol version.
    pub protocol: u32,
    /// The WebSocket path.
    pub ws: String,
}

/// `GET /api/tables/{code}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSummary {
    /// The invite code.
    pub code: String,
    /// The rules as a record names them.
    pub rules: serde_json::Value,
    /// Where the table stands.
    pub status: Status,
    /// Every seat.
    pub seats: Vec<SeatInfo>,
    /// Spectators connected.
    pub spectators: usize,
    /// Deals begun so far (0 before the first).
    #[serde(default)]
    pub deals: usize,
    /// The match totals per seat (empty before the first deal).
    #[serde(default)]
    pub totals: Vec<i32>,
    /// The winning seat once the match is over.
    #[serde(default)]
    pub winner: Option<usize>,
    /// The score that ends the match.
    #[serde(default)]
    pub target: i32,
    /// A fixed series of this many deals (the rules option `series_deals`; 0: none).
    #[serde(default)]
    pub series_deals: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_read_from_the_documented_json() {
        let m: ClientMsg =
            serde_json::from_str(r#"{"type":"hello","protocol":1,"table":"K7M2QX","token":"ab"}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::Hello {
                protocol: 1,
                table: "K7M2QX".into(),
                token: Some("ab".into()),
                features: vec![],
                account: false,
            }
        );
        let m: ClientMsg = serde_json::from_str(r#"{"type":"action","action":"bid 150","id":2}"#).unwrap();
        assert!(matches!(m, ClientMsg::Action { id: Some(2), .. }));
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"fly"}"#).is_err());
    }

    #[test]
    fn server_messages_carry_their_type_tag() {
        let t = ServerMsg::error(Refusal::new(ErrorCode::NotYourTurn, "seat 1 is to act"), Some(3)).to_text();
        assert_eq!(
            t,
            r#"{"type":"error","error":"not_your_turn","message":"seat 1 is to act","id":3}"#
        );
        assert_eq!(ErrorCode::UnsupportedProtocol.to_string(), "unsupported_protocol");
    }
}
