//! The socket's side of a WebSocket connection: the writer task that drains a
//! connection's outbox ([`write`]), the drain after a kick, the per-connection rate limit
//! ([`TokenBucket`]), the close codes of broken frames, and small message builders.

use crate::mailbox::{Cmd, TableHandle};
use crate::metrics::{Metrics, Via};
use crate::outbox::Out;
use crate::protocol::{
    ClientMsg, ErrorCode, Refusal, ServerMsg, MAX_FRAME_BYTES, RATE_BURST, RATE_PER_SECOND,
};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

pub(super) fn text(m: &ServerMsg) -> Out {
    Out::Text(m.to_text())
}

/// The error message of a refusal, counted in `binokel_refusals_total{via="ws"}`.
pub(super) fn refusal(metrics: &Metrics, r: Refusal, id: Option<u64>) -> Out {
    metrics.refused(Via::Ws, &r.error.name());
    text(&ServerMsg::error(r, id))
}

/// Hands a request to the table task; an error to send back if the table is gone.
pub(super) async fn forward(metrics: &Metrics, h: &TableHandle, cmd: Cmd, id: Option<u64>) -> Option<Out> {
    match h.tx.send(cmd).await {
        Ok(()) => None,
        Err(_) => Some(refusal(
            metrics,
            Refusal::new(ErrorCode::Unavailable, "the table closed; reconnect"),
            id,
        )),
    }
}

/// The per-connection rate limit: [`RATE_BURST`] tokens, refilled at [`RATE_PER_SECOND`].
pub(super) struct TokenBucket {
    tokens: f64,
    at: tokio::time::Instant,
}

impl TokenBucket {
    pub(super) fn new() -> TokenBucket {
        TokenBucket {
            tokens: f64::from(RATE_BURST),
            at: tokio::time::Instant::now(),
        }
    }

    /// Whether a message arriving `now` may pass.
    pub(super) fn take(&mut self, now: tokio::time::Instant) -> bool {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * f64::from(RATE_PER_SECOND)).min(f64::from(RATE_BURST));
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The per-connection WebSocket read buffer: protocol messages are a few hundred bytes.
pub(super) const READ_BUFFER_BYTES: usize = 4096;

/// Waits until the connection is kicked (see [`crate::outbox::Outbox::kick`]); never
/// completes once every outbox is gone without a kick.
pub(super) async fn kicked(rx: &mut tokio::sync::watch::Receiver<Option<(u16, String)>>) -> (u16, String) {
    loop {
        if let Some(k) = rx.borrow_and_update().clone() {
            return k;
        }
        if rx.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

fn close_frame(code: u16, reason: String) -> Message {
    Message::Close(Some(axum::extract::ws::CloseFrame {
        code,
        reason: reason.into(),
    }))
}

/// How long a close frame may wait for a client that does not read before the TCP
/// connection is dropped.
pub(super) const CLOSE_WAIT: Duration = Duration::from_secs(10);

/// The close frame for a read error that breaks the WebSocket itself (RFC 6455 codes):
/// invalid UTF-8 in a text message 1007, a message over the transport cap 1009, bad framing
/// 1002. None for a connection that is simply gone.
pub(super) fn close_for(e: axum::Error) -> Option<(u16, String)> {
    use tokio_tungstenite::tungstenite::error::CapacityError;
    use tokio_tungstenite::tungstenite::Error as WsError;
    let inner = e.into_inner();
    match inner.downcast_ref::<WsError>()? {
        WsError::Utf8(_) => Some((1007, "a text message that is not valid UTF-8".into())),
        // Past the frame cap tungstenite reports the frame's own limit (a little above the
        // message cap); the client is told the one limit that is documented.
        WsError::Capacity(CapacityError::MessageTooLong { size, .. }) => Some((
            1009,
            format!("a message of {size} bytes is over the limit of {MAX_FRAME_BYTES} bytes"),
        )),
        WsError::Capacity(c) => Some((1009, format!("too large: {c}"))),
        WsError::Protocol(p) => Some((1002, format!("WebSocket protocol error: {p}"))),
        _ => None,
    }
}

/// The `id` of a message that is otherwise not a protocol message, when it can be read: the
/// `id` of a JSON object, or in text that is not JSON (cut off, a stray character after the
/// id) the first `"id":` followed by digits.
pub(super) fn readable_id(t: &str) -> Option<u64> {
    match serde_json::from_str::<serde_json::Value>(t) {
        Ok(v) => v.get("id")?.as_u64(),
        Err(_) => {
            let at = t.find("\"id\"")? + 4;
            let rest = t[at..].trim_start().strip_prefix(':')?.trim_start();
            let digits: &str = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
            digits.parse().ok()
        }
    }
}

/// What the reader makes of one frame read from the socket.
pub(super) enum Frame {
    /// A text message, to be read as a protocol message.
    Text(Utf8Bytes),
    /// Nothing to answer (a ping, a pong, a binary frame already refused).
    Skip,
    /// The connection is over (closed, gone or broken).
    End,
}

/// A text message as read: None when it is over [`MAX_MESSAGE_BYTES`] (not parsed), else
/// the JSON parse.
pub(super) type Parsed = Option<Result<ClientMsg, serde_json::Error>>;

/// The writer of a session: sends what is queued in its outbox until the queue ends or
/// closes, or the connection is kicked; then the close frame, if any, with a bounded wait.
pub(super) async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut out_rx: mpsc::Receiver<Out>,
    mut kick_rx: watch::Receiver<Option<(u16, String)>>,
) {
    let mut close = None;
    loop {
        let o = tokio::select! {
            biased;
            k = kicked(&mut kick_rx) => { close = Some(k); break; }
            o = out_rx.recv() => o,
        };
        let m = match o {
            None => {
                // The session is over. Closing the sink sends a close frame, or, when the
                // client closed first, flushes the answer to its close frame (RFC 6455
                // 5.5.1), which the reader alone never sends: without it a browser sees
                // 1006, an abnormal closure.
                let _ = tokio::time::timeout(CLOSE_WAIT, sink.close()).await;
                return;
            }
            Some(Out::Text(t)) => Message::Text(t.into()),
            Some(Out::Close(None)) => {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
            Some(Out::Close(frame)) => {
                close = frame;
                break;
            }
        };
        tokio::select! {
            biased;
            k = kicked(&mut kick_rx) => { close = Some(k); break; }
            r = sink.send(m) => if r.is_err() {
                // Refused, e.g. a state queued after the client's close frame arrived: the
                // answer to that close is still owed, and closing the sink flushes it.
                let _ = tokio::time::timeout(CLOSE_WAIT, sink.close()).await;
                return;
            },
        }
    }
    if let Some((code, reason)) = close {
        // A client that does not read gets a bounded wait, then the TCP connection goes.
        let _ = tokio::time::timeout(CLOSE_WAIT, sink.send(close_frame(code, reason))).await;
    }
}

/// After a kick, what the client still sends is read and dropped until it answers the close
/// frame (or the wait runs out): a socket closed with unread input is reset by the kernel,
/// and the reset can destroy the close frame before the client has read it.
pub(super) async fn drain(stream: &mut SplitStream<WebSocket>) {
    let until = tokio::time::Instant::now() + CLOSE_WAIT;
    for _ in 0..1_000_000 {
        match tokio::time::timeout_at(until, stream.next()).await {
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Err(_) => break,
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(e))) => {
                if close_for(e).is_none() {
                    break;
                }
            }
        }
    }
}
