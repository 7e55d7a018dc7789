//! One WebSocket connection (`GET /ws`): the upgrade, with a permit of
//! [`Config::max_connections`](crate::Config::max_connections) held while it lasts, and the
//! reading loop of its session: frames are read ([`Session::frame`]), rate-limited
//! ([`Session::admit`]), parsed ([`Session::message`]) and dispatched
//! ([`Session::dispatch`]): a hello seats the session at its table (found through the
//! registry), everything else goes to that table as a [`Cmd`]. The writing side is
//! `frames.rs`.

mod frames;

use crate::mailbox::{ask, Cmd, TableHandle};
use crate::outbox::{Out, Outbox, OutboxRx, CLOSE_TOO_SLOW, OUTBOX, TOO_SLOW_REASON};
use crate::protocol::{
    ClientMsg, ErrorCode, Refusal, ServerMsg, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, PROTOCOL_VERSION,
    RATE_BURST, RATE_PER_SECOND,
};
use crate::registry::Route;
use crate::reply::ApiError;
use crate::shared::Shared;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use frames::{
    close_for, drain, forward, kicked, readable_id, refusal, text, write, Frame, Parsed, TokenBucket,
    CLOSE_WAIT, READ_BUFFER_BYTES,
};
use futures_util::StreamExt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

/// `GET /ws`: the upgrade to a WebSocket session, or `503 server_full` when
/// [`Config::max_connections`](crate::Config::max_connections) are open.
pub(crate) async fn upgrade(
    State(s): State<Arc<Shared>>,
    headers: HeaderMap,
    up: WebSocketUpgrade,
) -> Response {
    // A permit taken before the upgrade, so the limit holds under a burst of connections;
    // it goes back when the session ends (or the upgrade fails and the callback is dropped).
    let Some(permit) = s.connection() else {
        return ApiError::from(crate::protocol::Refusal::new(
            ErrorCode::ServerFull,
            "too many connections; try again later",
        ))
        .into_response();
    };
    // Messages up to the transport cap are read so that an oversized message gets an
    // error reply instead of a dropped connection; past the cap the connection closes.
    // A small read buffer: the default (128 KiB) is zeroed on every read, which the profile
    // of a 3,000-connection load test showed as the largest single cost (memset).
    // A frame may be a little larger than the message cap, so that a message just over
    // it is read whole and refused with 1009 (past the frame size the rest of the frame is
    // left unread, and the connection then is drained before it closes).
    up.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES + 64 * 1024)
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| async move {
            let login = login_of(&s, &headers).await;
            session(s, socket, login).await;
            drop(permit);
        })
}

/// The account logged in on a WebSocket upgrade (its cookie), or why there is none to use.
type WsLogin = Result<i64, String>;

/// The login of an upgrade: the cookie's live session, used only when the upgrade came from
/// this site's page (its `Origin` checked as for state-changing requests: another site's
/// page must not sit at its visitor's seats).
async fn login_of(s: &Shared, headers: &HeaderMap) -> WsLogin {
    let none =
        || "no live login came with the WebSocket upgrade: log in (POST /api/session) first".to_string();
    match crate::accounts::Login::of(s, headers).await {
        Ok(Some(l)) => match crate::accounts::origin::same_site(headers, s.config.public_url.as_deref()) {
            Ok(()) => Ok(l.account.id),
            Err(_) => Err(format!(
                "the login came from a page of another site (Origin {}); open the table from this site",
                headers
                    .get(axum::http::header::ORIGIN)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("?")
            )),
        },
        Ok(None) => Err(none()),
        Err(_) => Err("the login could not be read (the database failed); try again".to_string()),
    }
}

/// The reading side of one WebSocket session: where its replies go, the table it sits at
/// after its hello, and its rate limit.
struct Session {
    shared: Arc<Shared>,
    /// The account logged in on the upgrade (`hello` with `"account": true`).
    login: WsLogin,
    out: Outbox,
    seated: Option<(TableHandle, u64)>,
    bucket: TokenBucket,
}

impl Session {
    /// A refusal to send back, counted in `binokel_refusals_total{via="ws"}`.
    fn error(&self, e: ErrorCode, msg: impl Into<String>, id: Option<u64>) -> Out {
        self.refusal(Refusal::new(e, msg), id)
    }

    /// The error message of a refusal, counted.
    fn refusal(&self, r: Refusal, id: Option<u64>) -> Out {
        refusal(&self.shared.metrics, r, id)
    }

    /// Frame decoding: a text frame is read on, a binary one refused, pings and pongs
    /// skipped; a close, the end of the stream or a read error ends the session (an error
    /// that broke the WebSocket kicks the connection with its close code).
    fn frame(&self, msg: Option<Result<Message, axum::Error>>) -> Frame {
        let msg = match msg {
            None => return Frame::End,
            Some(Ok(m)) => m,
            Some(Err(e)) => {
                if let Some((code, reason)) = close_for(e) {
                    tracing::debug!(code, reason = %reason, "closing a broken WebSocket");
                    self.out.kick(code, &reason);
                }
                return Frame::End;
            }
        };
        match msg {
            Message::Text(t) => Frame::Text(t),
            Message::Binary(_) => {
                let _ = self.out.try_send(self.error(
                    ErrorCode::Malformed,
                    "binary frames are not part of the protocol; send JSON text",
                    None,
                ));
                Frame::Skip
            }
            Message::Close(_) => Frame::End,
            Message::Ping(_) | Message::Pong(_) => Frame::Skip,
        }
    }

    /// The rate limit: whether a message passes. Actions and `ready` (the play's own flow)
    /// are not counted: they are held back by the table's bounded queue and a fast program
    /// may legitimately act hundreds of times a second at its own table.
    /// The refusal echoes the message's `id` when it can be read (`t` is the message's text).
    fn admit(&mut self, t: &str, parsed: &Parsed) -> bool {
        let counted = !matches!(
            parsed,
            Some(Ok(ClientMsg::Action { .. } | ClientMsg::Ready { .. }))
        );
        if counted && !self.bucket.take(tokio::time::Instant::now()) {
            // Dropped, not queued: a flood must not grow the table's queue. The notice is
            // skipped while the outbox is half full, so it never crowds out real replies.
            if self.out.capacity() > OUTBOX / 2 {
                let _ = self.out.try_send(self.error(
                    ErrorCode::RateLimited,
                    format!(
                        "too many messages: at most {RATE_PER_SECOND} a second on average (bursts of {RATE_BURST}) besides actions; this one was ignored"
                    ),
                    readable_id(t),
                ));
            }
            return false;
        }
        true
    }

    /// The protocol message in text `t`, or None after telling the client why it is not
    /// one (too large, not a protocol message).
    fn message(&self, t: &str, parsed: Parsed) -> Option<ClientMsg> {
        match parsed {
            None => {
                let _ = self.out.try_send(self.error(
                    ErrorCode::TooLarge,
                    format!(
                        "a message may hold at most {MAX_MESSAGE_BYTES} bytes; this one held {}",
                        t.len()
                    ),
                    readable_id(t),
                ));
                None
            }
            Some(Ok(m)) => Some(m),
            Some(Err(e)) => {
                let _ = self.out.try_send(self.error(
                    ErrorCode::Malformed,
                    format!("not a protocol message: {e}"),
                    readable_id(t),
                ));
                None
            }
        }
    }

    /// The dispatch of a client message: a ping is answered here, a hello seats the session
    /// at its table, everything else goes to that table. Continue with the reply to send
    /// (if any), or Break when the session is over (a redirect to another process).
    async fn dispatch(&mut self, m: ClientMsg) -> ControlFlow<(), Option<Out>> {
        let reply = match (m, &self.seated) {
            (ClientMsg::Ping { id }, _) => Some(text(&ServerMsg::Pong { id })),
            (ClientMsg::Hello { .. }, Some(_)) => Some(self.error(
                ErrorCode::HelloFirst,
                "hello was already sent on this connection",
                None,
            )),
            (
                ClientMsg::Hello {
                    protocol,
                    table,
                    token,
                    features,
                    account,
                },
                None,
            ) => {
                let account = match (account, &self.login) {
                    (false, _) => None,
                    (true, Ok(id)) => Some(*id),
                    (true, Err(why)) => {
                        let why = why.clone();
                        return ControlFlow::Continue(Some(self.error(ErrorCode::NotLoggedIn, why, None)));
                    }
                };
                return self.hello(protocol, table, token, features, account).await;
            }
            (ClientMsg::Action { id, .. }, None) => {
                Some(self.error(ErrorCode::HelloFirst, "send hello before anything else", id))
            }
            (ClientMsg::Back | ClientMsg::Ready { .. }, None) => {
                Some(self.error(ErrorCode::HelloFirst, "send hello before anything else", None))
            }
            (
                ClientMsg::Hint { id }
                | ClientMsg::Undo { id }
                | ClientMsg::Rematch { id }
                | ClientMsg::Emote { id, .. },
                None,
            ) => Some(self.error(ErrorCode::HelloFirst, "send hello before anything else", id)),
            (ClientMsg::Ready { deal }, Some((h, conn))) => {
                let _ = h.tx.send(Cmd::Ready { conn: *conn, deal }).await;
                None
            }
            (ClientMsg::Emote { emote, id }, Some((h, conn))) => {
                forward(
                    &self.shared.metrics,
                    h,
                    Cmd::Emote {
                        conn: *conn,
                        emote,
                        id,
                    },
                    id,
                )
                .await
            }
            (ClientMsg::Hint { id }, Some((h, conn))) => {
                forward(&self.shared.metrics, h, Cmd::Hint { conn: *conn, id }, id).await
            }
            (ClientMsg::Undo { id }, Some((h, conn))) => {
                forward(&self.shared.metrics, h, Cmd::Undo { conn: *conn, id }, id).await
            }
            (ClientMsg::Rematch { id }, Some((h, conn))) => {
                forward(&self.shared.metrics, h, Cmd::Rematch { conn: *conn, id }, id).await
            }
            (
                ClientMsg::Action {
                    action,
                    id,
                    deal,
                    index,
                },
                Some((h, conn)),
            ) => {
                let at = (deal, index);
                if h.tx
                    .send(Cmd::Act {
                        conn: *conn,
                        action,
                        id,
                        at,
                    })
                    .await
                    .is_err()
                {
                    Some(self.error(ErrorCode::Unavailable, "the table closed; reconnect", id))
                } else {
                    None
                }
            }
            (ClientMsg::Back, Some((h, conn))) => {
                let _ = h.tx.send(Cmd::Back { conn: *conn }).await;
                None
            }
        };
        ControlFlow::Continue(reply)
    }

    /// The first hello: checks the protocol version and connects to the table where it is
    /// served here, or sends the client to the process that serves it (and ends the session).
    async fn hello(
        &mut self,
        protocol: u32,
        table: String,
        token: Option<String>,
        features: Vec<String>,
        account: Option<i64>,
    ) -> ControlFlow<(), Option<Out>> {
        let reply = if protocol != PROTOCOL_VERSION {
            Some(self.error(
                ErrorCode::UnsupportedProtocol,
                format!("protocol {protocol} is not spoken here; this server speaks {PROTOCOL_VERSION}"),
                None,
            ))
        } else {
            match self.shared.route(&table).await {
                Ok(Route::Local(h)) => {
                    let o = self.out.clone();
                    let connect = |reply| Cmd::Connect {
                        token,
                        out: o,
                        features,
                        account,
                        reply,
                    };
                    match ask(&h, connect).await {
                        Ok(Ok((conn, _))) => {
                            self.seated = Some((h, conn));
                            None
                        }
                        Ok(Err(r)) | Err(r) => Some(self.refusal(r, None)),
                    }
                }
                Ok(Route::Elsewhere(url)) => {
                    let _ = self
                        .out
                        .send(text(&ServerMsg::Redirect {
                            url: crate::ids::ws_url(&url),
                        }))
                        .await;
                    let _ = self.out.send(Out::Close(None)).await;
                    return ControlFlow::Break(());
                }
                Err(r) => Some(self.refusal(r, None)),
            }
        };
        ControlFlow::Continue(reply)
    }
}

/// One WebSocket connection: a writer task drains the outbox into the socket while this
/// task reads frames ([`Session::frame`]), applies the rate limit ([`Session::admit`]),
/// reads the message ([`Session::message`]) and dispatches it ([`Session::dispatch`]).
async fn session(s: Arc<Shared>, socket: WebSocket, login: WsLogin) {
    let (sink, mut stream) = socket.split();
    let (out, rx) = Outbox::new(OUTBOX);
    let OutboxRx {
        rx: out_rx,
        kick: kick_rx,
    } = rx;
    let mut reader_kick = kick_rx.clone();
    let writer = tokio::spawn(write(sink, out_rx, kick_rx));
    let mut session = Session {
        shared: s,
        login,
        out,
        seated: None,
        bucket: TokenBucket::new(),
    };
    let hello_deadline = tokio::time::sleep(Duration::from_secs(30));
    tokio::pin!(hello_deadline);
    loop {
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = &mut hello_deadline, if session.seated.is_none() => {
                let _ = session.out.send(session.error(ErrorCode::HelloFirst, "no hello within 30 seconds", None)).await;
                let _ = session.out.send(Out::Close(Some((1008, "no hello within 30 seconds".into())))).await;
                break;
            }
            _ = kicked(&mut reader_kick) => break,
            _ = session.out.closed() => break,
        };
        let t = match session.frame(msg) {
            Frame::Text(t) => t,
            Frame::Skip => continue,
            Frame::End => break,
        };
        let parsed: Parsed =
            (t.len() <= MAX_MESSAGE_BYTES).then(|| serde_json::from_str::<ClientMsg>(t.as_str()));
        if !session.admit(t.as_str(), &parsed) {
            continue;
        }
        let Some(m) = session.message(t.as_str(), parsed) else {
            continue;
        };
        let reply = match session.dispatch(m).await {
            ControlFlow::Continue(reply) => reply,
            ControlFlow::Break(()) => break,
        };
        if let Some(r) = reply {
            if session.out.try_send(r).is_err() {
                session.out.kick(CLOSE_TOO_SLOW, TOO_SLOW_REASON);
                break;
            }
        }
    }
    let Session { out, seated, .. } = session;
    if let Some((h, conn)) = seated {
        let _ = h.tx.send(Cmd::Disconnect { conn }).await;
    }
    if out.kicked() {
        drain(&mut stream).await;
    }
    drop(out);
    // Let queued messages (a final error, a redirect) reach the client, then stop.
    let mut writer = writer;
    if tokio::time::timeout(CLOSE_WAIT + Duration::from_secs(1), &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}
