//! A connection's way out: the [`Outbox`] queue the table (and a hint's task) fill and the
//! WebSocket writer drains, the kick that closes a connection without waiting for room in
//! it, and the close codes and reasons the table sends.

use std::sync::Arc;
use tokio::sync::mpsc;

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
