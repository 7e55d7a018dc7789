//! How everybody talks to a table task: the requests it takes ([`Cmd`]) on its
//! [`TableHandle`], and [`ask`], a request with an answer.

use crate::outbox::Outbox;
use crate::protocol::{ErrorCode, JoinAnswer, JoinRequest, Refusal, TableSummary};
use binokel::Seat;
use tokio::sync::{mpsc, oneshot};

/// A request to a table task.
pub enum Cmd {
    /// A connection says hello: with a token it takes that seat, without it watches.
    Connect {
        /// The seat's secret, or None for a spectator.
        token: Option<String>,
        /// Where the table sends this connection's messages.
        out: Outbox,
        /// The client's opt-ins from its `hello` (`ready`, `emote`).
        features: Vec<String>,
        /// `hello` with `"account": true`: the seat of this account (the id of the login
        /// on the WebSocket upgrade), instead of the token's.
        account: Option<i64>,
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
        /// The deal and the index the client saw, each optional: each one given is checked.
        at: (Option<usize>, Option<usize>),
    },
    /// The person is back from a turn-clock timeout.
    Back {
        /// The connection.
        conn: u64,
    },
    /// Between deals: the connection's seat is ready for the next deal.
    Ready {
        /// The connection.
        conn: u64,
        /// The finished deal the client means (None: the last one).
        deal: Option<usize>,
    },
    /// A fixed phrase from the connection's seat.
    Emote {
        /// The connection.
        conn: u64,
        /// The phrase's id.
        emote: String,
        /// The client's id.
        id: Option<u64>,
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
        /// The logged-in account of the request (its seat belongs to it).
        account: Option<crate::accounts::Account>,
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

/// Sends a request that carries its answer's channel to a table and waits for the answer;
/// `unavailable` when the table closed meanwhile.
pub async fn ask<T>(h: &TableHandle, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Result<T, Refusal> {
    let gone = || Refusal::new(ErrorCode::Unavailable, "the table closed meanwhile; try again");
    let (tx, rx) = oneshot::channel();
    h.tx.send(make(tx)).await.map_err(|_| gone())?;
    rx.await.map_err(|_| gone())
}
