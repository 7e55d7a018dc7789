//! The front door: HTTP routes, the WebSocket session, and the embedded web assets.

use crate::protocol::{
    ClientMsg, CreateRequest, ErrorCode, JoinAnswer, JoinRequest, Refusal, SeatKind, ServerMsg, Status,
    MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, RATE_BURST, RATE_PER_SECOND,
};
use crate::store::{initial_status, rebuild_game, StoredSeat};
use crate::table::{Cmd, Out, Outbox, TableHandle, OUTBOX};
use crate::{Route, Shared};
use axum::body::Bytes;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use rust_embed::Embed;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};

#[derive(Embed)]
#[folder = "../../web/"]
#[allow_missing = true]
struct Assets;

pub(crate) type App = State<Arc<Shared>>;

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/health", get(health))
        .route("/api/tables", post(create))
        .route("/api/tables/{code}", get(summary))
        .route("/api/tables/{code}/join", post(join))
        .route("/api/tables/{code}/record", get(record))
        .route("/ws", get(ws))
        .merge(crate::pad::routes())
        .merge(crate::lobby::routes())
        .merge(crate::review::routes())
        .merge(crate::rules_api::routes())
        .fallback(get(asset))
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        .layer(axum::middleware::from_fn(crate::pad::json_refusals))
        .layer(axum::middleware::from_fn(security_headers))
        .with_state(shared)
}

pub(crate) fn refuse(r: Refusal) -> Response {
    let status = StatusCode::from_u16(r.error.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
    (
        status,
        Json(serde_json::json!({"error": r.error, "message": r.message})),
    )
        .into_response()
}

/// `429 too_many_tables` with `Retry-After`.
fn too_many(message: String, retry_after_secs: u64) -> Response {
    let mut r = refuse(Refusal::new(ErrorCode::TooManyTables, message));
    if let Ok(v) = header::HeaderValue::from_str(&retry_after_secs.to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    r
}

/// The security headers of every answer: scripts, styles and everything else only from this
/// server (no inline script, no inline event handler), no framing by other sites, no
/// content-type sniffing, no referrer sent to other sites.
async fn security_headers(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        h.insert(name.clone(), header::HeaderValue::from_static(value));
    }
    r
}

/// The headers [`security_headers`] sets.
pub(crate) const SECURITY_HEADERS: &[(header::HeaderName, &str)] = &[
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
         connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'",
    ),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
];

pub(crate) fn moved(base: &str, path: &str) -> Response {
    // 307 keeps the method and body, so a POST join is repeated at the owner.
    (
        StatusCode::TEMPORARY_REDIRECT,
        [(header::LOCATION, format!("{base}{path}"))],
    )
        .into_response()
}

pub(crate) fn parse<T: serde::de::DeserializeOwned + Default>(body: &Bytes) -> Result<T, Refusal> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| {
        Refusal::new(
            ErrorCode::BadRequest,
            format!("the body is not a valid request: {e}"),
        )
    })
}

async fn health(State(s): App) -> Response {
    Json(serde_json::json!({
        "status": "ok",
        "protocol": PROTOCOL_VERSION,
        "version": env!("CARGO_PKG_VERSION"),
        "node": s.node,
        "tables": s.table_count().await,
        "connections": s.connection_count(),
        "database": match s.store.backend() {
            crate::store::Backend::Sqlite => "sqlite",
            crate::store::Backend::Postgres => "postgres",
        },
    }))
    .into_response()
}

async fn create(
    State(s): App,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    body: Bytes,
) -> Response {
    if let Err(r) = check_creation(&s, peer.ip()).await {
        return r;
    }
    let made = match parse::<CreateRequest>(&body) {
        Ok(req) => {
            // A public table counts against its address's cap: one creation at a time.
            let _one = if req.public {
                Some(s.lobby.matching.lock().await)
            } else {
                None
            };
            create_from(&s, req, peer.ip()).await
        }
        Err(r) => Err(r),
    };
    match made {
        Ok(a) => (StatusCode::CREATED, Json(a)).into_response(),
        Err(r) => refuse_creation(r),
    }
}

/// The answer to a refused table creation: `too_many_tables` (the cap of waiting public
/// tables of an address) with `Retry-After` a minute, any other as [`refuse`].
pub(crate) fn refuse_creation(r: Refusal) -> Response {
    if r.error == ErrorCode::TooManyTables {
        too_many(r.message, 60)
    } else {
        refuse(r)
    }
}

/// The limits of every table creation (`POST /api/tables`, quick match): the address's
/// creations a minute and the most tables; Err with the `429` answer.
pub(crate) async fn check_creation(s: &Arc<Shared>, ip: std::net::IpAddr) -> Result<(), Response> {
    if let Err(secs) = s.allow_creation(ip) {
        return Err(too_many(
            format!(
                "this address created {} tables in the last minute, the most allowed; try again in {secs} s",
                s.config.tables_per_minute
            ),
            secs,
        ));
    }
    let max = s.config.max_tables;
    if max > 0 && s.table_count().await >= max {
        return Err(too_many(
            format!("the server holds {max} tables, the most it may; try again later"),
            60,
        ));
    }
    Ok(())
}

/// Creates the table of a create request from the client address `opener` (the creation
/// limits are checked before; the cap of waiting public tables of the address here, under
/// the lobby's matching lock, which the caller holds for a public table).
pub(crate) async fn create_from(
    s: &Arc<Shared>,
    req: CreateRequest,
    opener: std::net::IpAddr,
) -> Result<JoinAnswer, Refusal> {
    let lobby = crate::lobby::LobbyOptions::of_request(&req)?;
    let bad = |m: String| Refusal::new(ErrorCode::BadRequest, m);
    let mut rules = match &req.rules {
        None => binokel::Rules::default(),
        Some(serde_json::Value::String(name)) => {
            binokel::Rules::from_preset_name(name).map_err(|e| bad(format!("`rules`: {e}")))?
        }
        Some(v) => binokel::Rules::from_json(v).map_err(|e| bad(format!("`rules`: {e}")))?,
    };
    let max = crate::protocol::MAX_TABLE_TARGET;
    if let Some(t) = req.target {
        if !(50..=max).contains(&t) {
            return Err(bad(format!("`target` {t} is out of range (50 to {max})")));
        }
        rules.target = t;
    }
    if rules.target > max {
        return Err(bad(format!(
            "`rules`: `target` {} is above {max}, the highest a table may play to",
            rules.target
        )));
    }
    rules.validate().map_err(|e| bad(format!("`rules`: {e}")))?;
    let n = rules.players as usize;
    let wanted = req.seats.clone().unwrap_or_else(|| {
        (0..n)
            .map(|i| crate::protocol::SeatRequest {
                kind: if i == 0 { SeatKind::Human } else { SeatKind::Bot },
                bot: (i > 0).then(|| "random".to_string()),
            })
            .collect()
    });
    if wanted.len() != n {
        return Err(bad(format!(
            "`seats` lists {} seats, but these rules are played by {n}",
            wanted.len()
        )));
    }
    let mut seats = Vec::with_capacity(n);
    for (i, w) in wanted.iter().enumerate() {
        match w.kind {
            SeatKind::Bot => {
                let name = w.bot.clone().unwrap_or_else(|| "random".into());
                if !binokel_ai::BOT_NAMES.contains(&name.as_str()) {
                    return Err(bad(format!(
                        "seat {i}: unknown bot `{name}` (known: {})",
                        binokel_ai::BOT_NAMES.join(", ")
                    )));
                }
                seats.push(StoredSeat {
                    kind: SeatKind::Bot,
                    bot: Some(name),
                    name: None,
                    token: None,
                });
            }
            SeatKind::Human => {
                if w.bot.is_some() {
                    return Err(bad(format!("seat {i}: a human seat has no `bot`")));
                }
                seats.push(StoredSeat {
                    kind: SeatKind::Human,
                    bot: None,
                    name: None,
                    token: None,
                });
            }
        }
    }
    let creator = match req.seat {
        Some(i) if i >= n || seats[i].kind != SeatKind::Human => {
            return Err(bad(format!("`seat` {i} is not a human seat")))
        }
        Some(i) => Some(i),
        None => seats.iter().position(|x| x.kind == SeatKind::Human),
    };
    let mut token = None;
    if let Some(i) = creator {
        let t = crate::new_token();
        seats[i].name = Some(crate::check_name(req.name.as_deref(), i)?);
        seats[i].token = Some(t.clone());
        token = Some(t);
    }
    if lobby.public && initial_status(&seats) == Status::Waiting {
        crate::lobby::check_open_cap(s, opener).await?;
    }
    let seed: u64 = rand::random();
    let unavailable = |e: crate::store::StoreError| Refusal::new(ErrorCode::Unavailable, e.to_string());
    let mut code = crate::new_code();
    let mut tries = 0;
    while !s
        .store
        .create_table(&code, &rules, seed, &seats, (&s.node, &s.url, s.config.lease))
        .await
        .map_err(unavailable)?
    {
        tries += 1;
        if tries > 20 {
            return Err(Refusal::new(ErrorCode::Unavailable, "no free invite code"));
        }
        code = crate::new_code();
    }
    if let Err(r) = crate::lobby::created(s, &code, &lobby, opener, creator.is_some()).await {
        let _ = s.store.delete_table(&code).await;
        return Err(r);
    }
    tracing::info!(table = %code, status = ?initial_status(&seats), public = lobby.public, "table created");
    // The creating process owns the new table.
    s.route(&code).await?;
    Ok(JoinAnswer {
        code,
        seat: creator,
        token,
        protocol: PROTOCOL_VERSION,
        ws: "/ws".into(),
    })
}

pub(crate) async fn ask<T>(
    h: &TableHandle,
    make: impl FnOnce(oneshot::Sender<T>) -> Cmd,
) -> Result<T, Refusal> {
    let gone = || Refusal::new(ErrorCode::Unavailable, "the table closed meanwhile; try again");
    let (tx, rx) = oneshot::channel();
    h.tx.send(make(tx)).await.map_err(|_| gone())?;
    rx.await.map_err(|_| gone())
}

async fn join(State(s): App, Path(code): Path<String>, body: Bytes) -> Response {
    let code = crate::normal_code(&code);
    let req: JoinRequest = match parse(&body) {
        Ok(r) => r,
        Err(r) => return refuse(r),
    };
    match s.route(&code).await {
        Ok(Route::Local(h)) => match ask(&h, |reply| Cmd::Join { req, reply }).await {
            Ok(Ok(a)) => Json(a).into_response(),
            Ok(Err(r)) | Err(r) => refuse(r),
        },
        Ok(Route::Elsewhere(url)) => moved(&url, &format!("/api/tables/{code}/join")),
        Err(r) => refuse(r),
    }
}

async fn summary(State(s): App, Path(code): Path<String>) -> Response {
    let code = crate::normal_code(&code);
    match s.route(&code).await {
        Ok(Route::Local(h)) => match ask(&h, |reply| Cmd::Summary { reply }).await {
            Ok(t) => Json(t).into_response(),
            Err(r) => refuse(r),
        },
        Ok(Route::Elsewhere(url)) => moved(&url, &format!("/api/tables/{code}")),
        Err(r) => refuse(r),
    }
}

async fn record(State(s): App, Path(code): Path<String>) -> Response {
    let code = crate::normal_code(&code);
    let unavailable =
        |e: crate::store::StoreError| refuse(Refusal::new(ErrorCode::Unavailable, e.to_string()));
    let t = match s.store.load_table(&code).await {
        Ok(Some(t)) => t,
        Ok(None) => {
            return refuse(Refusal::new(
                ErrorCode::UnknownTable,
                format!("no table `{code}`"),
            ))
        }
        Err(e) => return unavailable(e),
    };
    let game = match rebuild_game(&t) {
        Ok(Some(g)) => g,
        Ok(None) => {
            return refuse(Refusal::new(
                ErrorCode::NotFinished,
                "the match has not begun; its record is available when it ends",
            ))
        }
        Err(e) => return refuse(Refusal::new(ErrorCode::TableUnavailable, e.to_string())),
    };
    if t.status != Status::Finished && !game.is_over() {
        // A record shows every hand: it is published only once the match is over.
        return refuse(Refusal::new(
            ErrorCode::NotFinished,
            "the match is still being played; its record is available when it ends",
        ));
    }
    Json(binokel::record::write_record(&game)).into_response()
}

async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    // web/test holds the JavaScript tests and their fixtures (docs/web.md), not the site.
    let file = if path.starts_with("test/") {
        None
    } else {
        Assets::get(path)
    };
    match file {
        Some(f) => (
            [(header::CONTENT_TYPE, f.metadata.mimetype().to_string())],
            f.data.into_owned(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, format!("no file `/{path}`")).into_response(),
    }
}

async fn ws(State(s): App, up: WebSocketUpgrade) -> Response {
    // Counted before the upgrade so the limit holds under a burst of connections.
    let n = s.connections.fetch_add(1, Ordering::SeqCst);
    if n >= s.config.max_connections {
        s.connections.fetch_sub(1, Ordering::SeqCst);
        return refuse(Refusal::new(
            ErrorCode::ServerFull,
            "too many connections; try again later",
        ));
    }
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
        .on_failed_upgrade({
            let s = s.clone();
            move |_| {
                s.connections.fetch_sub(1, Ordering::SeqCst);
            }
        })
        .on_upgrade(move |socket| async move {
            session(s.clone(), socket).await;
            s.connections.fetch_sub(1, Ordering::SeqCst);
        })
}

fn text(m: &ServerMsg) -> Out {
    Out::Text(m.to_text())
}

fn error(e: ErrorCode, msg: impl Into<String>, id: Option<u64>) -> Out {
    text(&ServerMsg::error(Refusal::new(e, msg), id))
}

/// Hands a request to the table task; an error to send back if the table is gone.
async fn forward(h: &TableHandle, cmd: Cmd, id: Option<u64>) -> Option<Out> {
    match h.tx.send(cmd).await {
        Ok(()) => None,
        Err(_) => Some(error(ErrorCode::Unavailable, "the table closed; reconnect", id)),
    }
}

/// The per-connection rate limit: [`RATE_BURST`] tokens, refilled at [`RATE_PER_SECOND`].
pub(crate) struct TokenBucket {
    tokens: f64,
    at: tokio::time::Instant,
}

impl TokenBucket {
    fn new() -> TokenBucket {
        TokenBucket {
            tokens: f64::from(RATE_BURST),
            at: tokio::time::Instant::now(),
        }
    }

    /// Whether a message arriving `now` may pass.
    fn take(&mut self, now: tokio::time::Instant) -> bool {
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
pub(crate) const READ_BUFFER_BYTES: usize = 4096;

/// Waits until the connection is kicked (see [`crate::table::Outbox::kick`]); never
/// completes once every outbox is gone without a kick.
async fn kicked(rx: &mut tokio::sync::watch::Receiver<Option<(u16, String)>>) -> (u16, String) {
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
const CLOSE_WAIT: Duration = Duration::from_secs(10);

/// The close frame for a read error that breaks the WebSocket itself (RFC 6455 codes):
/// invalid UTF-8 in a text message 1007, a message over the transport cap 1009, bad framing
/// 1002. None for a connection that is simply gone.
fn close_for(e: axum::Error) -> Option<(u16, String)> {
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
fn readable_id(t: &str) -> Option<u64> {
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
enum Frame {
    /// A text message, to be read as a protocol message.
    Text(Utf8Bytes),
    /// Nothing to answer (a ping, a pong, a binary frame already refused).
    Skip,
    /// The connection is over (closed, gone or broken).
    End,
}

/// A text message as read: None when it is over [`MAX_MESSAGE_BYTES`] (not parsed), else
/// the JSON parse.
type Parsed = Option<Result<ClientMsg, serde_json::Error>>;

/// The reading side of one WebSocket session: where its replies go, the table it sits at
/// after its hello, and its rate limit.
struct Session {
    shared: Arc<Shared>,
    out: Outbox,
    seated: Option<(TableHandle, u64)>,
    bucket: TokenBucket,
}

impl Session {
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
                let _ = self.out.try_send(error(
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
                let _ = self.out.try_send(error(
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
                let _ = self.out.try_send(error(
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
                let _ = self.out.try_send(error(
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
            (ClientMsg::Hello { .. }, Some(_)) => Some(error(
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
                },
                None,
            ) => return self.hello(protocol, table, token, features).await,
            (ClientMsg::Action { id, .. }, None) => Some(error(
                ErrorCode::HelloFirst,
                "send hello before anything else",
                id,
            )),
            (ClientMsg::Back | ClientMsg::Ready { .. }, None) => Some(error(
                ErrorCode::HelloFirst,
                "send hello before anything else",
                None,
            )),
            (
                ClientMsg::Hint { id }
                | ClientMsg::Undo { id }
                | ClientMsg::Rematch { id }
                | ClientMsg::Emote { id, .. },
                None,
            ) => Some(error(
                ErrorCode::HelloFirst,
                "send hello before anything else",
                id,
            )),
            (ClientMsg::Ready { deal }, Some((h, conn))) => {
                let _ = h.tx.send(Cmd::Ready { conn: *conn, deal }).await;
                None
            }
            (ClientMsg::Emote { emote, id }, Some((h, conn))) => {
                forward(
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
            (ClientMsg::Hint { id }, Some((h, conn))) => forward(h, Cmd::Hint { conn: *conn, id }, id).await,
            (ClientMsg::Undo { id }, Some((h, conn))) => forward(h, Cmd::Undo { conn: *conn, id }, id).await,
            (ClientMsg::Rematch { id }, Some((h, conn))) => {
                forward(h, Cmd::Rematch { conn: *conn, id }, id).await
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
                    Some(error(ErrorCode::Unavailable, "the table closed; reconnect", id))
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
    ) -> ControlFlow<(), Option<Out>> {
        let reply = if protocol != PROTOCOL_VERSION {
            Some(error(
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
                        reply,
                    };
                    match ask(&h, connect).await {
                        Ok(Ok((conn, _))) => {
                            self.seated = Some((h, conn));
                            None
                        }
                        Ok(Err(r)) | Err(r) => Some(text(&ServerMsg::error(r, None))),
                    }
                }
                Ok(Route::Elsewhere(url)) => {
                    let _ = self
                        .out
                        .send(text(&ServerMsg::Redirect {
                            url: crate::ws_url(&url),
                        }))
                        .await;
                    let _ = self.out.send(Out::Close(None)).await;
                    return ControlFlow::Break(());
                }
                Err(r) => Some(text(&ServerMsg::error(r, None))),
            }
        };
        ControlFlow::Continue(reply)
    }
}

/// The writer of a session: sends what is queued in its outbox until the queue ends or
/// closes, or the connection is kicked; then the close frame, if any, with a bounded wait.
async fn write(
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
async fn drain(stream: &mut SplitStream<WebSocket>) {
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

/// One WebSocket connection: a writer task drains the outbox into the socket while this
/// task reads frames ([`Session::frame`]), applies the rate limit ([`Session::admit`]),
/// reads the message ([`Session::message`]) and dispatches it ([`Session::dispatch`]).
async fn session(s: Arc<Shared>, socket: WebSocket) {
    let (sink, mut stream) = socket.split();
    let (out, rx) = crate::table::Outbox::new(OUTBOX);
    let crate::table::OutboxRx {
        rx: out_rx,
        kick: kick_rx,
    } = rx;
    let mut reader_kick = kick_rx.clone();
    let writer = tokio::spawn(write(sink, out_rx, kick_rx));
    let mut session = Session {
        shared: s,
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
                let _ = session.out.send(error(ErrorCode::HelloFirst, "no hello within 30 seconds", None)).await;
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
                session
                    .out
                    .kick(crate::table::CLOSE_TOO_SLOW, crate::table::TOO_SLOW_REASON);
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
