//! A small client of the protocol, for the load tester, the tests and any Rust program: a
//! minimal HTTP/1.1 request over loopback and a WebSocket seat.

use crate::protocol::{ClientMsg, ServerMsg};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A client error.
#[derive(Debug)]
pub struct ClientError(pub String);

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ClientError {}

/// An HTTP answer.
#[derive(Clone, Debug)]
pub struct HttpAnswer {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl HttpAnswer {
    /// The body as JSON.
    pub fn json(&self) -> Result<serde_json::Value, ClientError> {
        serde_json::from_slice(&self.body).map_err(|e| {
            ClientError(format!(
                "HTTP {}: body is not JSON ({e}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            ))
        })
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request to `base` (`http://127.0.0.1:PORT`), with a JSON body if given.
pub async fn http(
    base: &str,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> Result<HttpAnswer, ClientError> {
    http_from(None, base, method, path, body).await
}

/// [`http`] from the local address `from` (None: the system's choice). On Linux every
/// `127.x.y.z` is the loopback, so a test can speak as several client addresses.
pub async fn http_from(
    from: Option<std::net::IpAddr>,
    base: &str,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> Result<HttpAnswer, ClientError> {
    http_with(from, base, method, path, body, &[]).await
}

/// [`http_from`] with more request headers (`X-Forwarded-For`, as a proxy sends it).
pub async fn http_with(
    from: Option<std::net::IpAddr>,
    base: &str,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
    headers: &[(&str, &str)],
) -> Result<HttpAnswer, ClientError> {
    let host = base
        .strip_prefix("http://")
        .ok_or_else(|| ClientError(format!("`{base}` is not an http:// URL")))?
        .trim_end_matches('/');
    let mut s = match from {
        None => TcpStream::connect(host)
            .await
            .map_err(|e| ClientError(format!("cannot connect to {host}: {e}")))?,
        Some(ip) => connect_from(ip, host).await?,
    };
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let extra: String = headers.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| ClientError(format!("cannot send to {host}: {e}")))?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)
        .await
        .map_err(|e| ClientError(format!("cannot read from {host}: {e}")))?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| ClientError("an HTTP answer without headers".into()))?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| ClientError(format!("a bad status line: {head}")))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
    {
        body = unchunk(&body);
    }
    Ok(HttpAnswer {
        status,
        headers,
        body,
    })
}

async fn connect_from(ip: std::net::IpAddr, host: &str) -> Result<TcpStream, ClientError> {
    let to = tokio::net::lookup_host(host)
        .await
        .map_err(|e| ClientError(format!("cannot resolve {host}: {e}")))?
        .find(|a| a.is_ipv4() == ip.is_ipv4())
        .ok_or_else(|| ClientError(format!("{host} has no address of the family of {ip}")))?;
    let socket = if ip.is_ipv4() {
        tokio::net::TcpSocket::new_v4()
    } else {
        tokio::net::TcpSocket::new_v6()
    }
    .map_err(|e| ClientError(format!("cannot open a socket: {e}")))?;
    socket
        .bind(std::net::SocketAddr::new(ip, 0))
        .map_err(|e| ClientError(format!("cannot bind to {ip}: {e}")))?;
    socket
        .connect(to)
        .await
        .map_err(|e| ClientError(format!("cannot connect to {host} from {ip}: {e}")))
}

fn unchunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(p) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..p]).trim(), 16).unwrap_or(0);
        if n == 0 || b.len() < p + 2 + n {
            break;
        }
        out.extend_from_slice(&b[p + 2..p + 2 + n]);
        b = &b[(p + 4 + n).min(b.len())..];
    }
    out
}

/// A WebSocket connection speaking the protocol.
pub struct Socket {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Connects to `ws://.../ws`.
    pub async fn connect(url: &str) -> Result<Socket, ClientError> {
        // A small read buffer (the default 128 KiB is zeroed on every read; with thousands of
        // connections in the load tester that dominated its profile).
        let config =
            tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(4096);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .map_err(|e| ClientError(format!("cannot open {url}: {e}")))?;
        Ok(Socket { ws })
    }

    /// Connects to `ws://.../ws` with extra headers on the upgrade (`Cookie`, `Origin`: a
    /// logged-in browser's).
    pub async fn connect_with(url: &str, headers: &[(&str, &str)]) -> Result<Socket, ClientError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = url
            .into_client_request()
            .map_err(|e| ClientError(format!("cannot open {url}: {e}")))?;
        for (k, v) in headers {
            let name = tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(k.as_bytes())
                .map_err(|e| ClientError(format!("header {k}: {e}")))?;
            let value = tokio_tungstenite::tungstenite::http::HeaderValue::from_str(v)
                .map_err(|e| ClientError(format!("header {k}: {e}")))?;
            req.headers_mut().insert(name, value);
        }
        let (ws, _) = tokio_tungstenite::connect_async(req)
            .await
            .map_err(|e| ClientError(format!("cannot open {url}: {e}")))?;
        Ok(Socket { ws })
    }

    /// Sends a protocol message.
    pub async fn send(&mut self, m: &ClientMsg) -> Result<(), ClientError> {
        let t = serde_json::to_string(m).map_err(|e| ClientError(e.to_string()))?;
        self.send_text(&t).await
    }

    /// Sends any text frame (the tests send malformed ones too).
    pub async fn send_text(&mut self, t: &str) -> Result<(), ClientError> {
        self.ws
            .send(Message::Text(t.into()))
            .await
            .map_err(|e| ClientError(format!("cannot send: {e}")))
    }

    /// Sends a raw frame.
    pub async fn send_raw(&mut self, m: Message) -> Result<(), ClientError> {
        self.ws
            .send(m)
            .await
            .map_err(|e| ClientError(format!("cannot send: {e}")))
    }

    /// The next server message with its raw text; None when the connection closed.
    pub async fn recv_raw(&mut self) -> Result<Option<(ServerMsg, String)>, ClientError> {
        loop {
            match self.ws.next().await {
                None | Some(Ok(Message::Close(_))) => return Ok(None),
                Some(Err(e)) => return Err(ClientError(format!("connection failed: {e}"))),
                Some(Ok(Message::Text(t))) => {
                    let m = serde_json::from_str(t.as_str()).map_err(|e| {
                        ClientError(format!(
                            "the server sent a message outside the protocol ({e}): {t}"
                        ))
                    })?;
                    return Ok(Some((m, t.to_string())));
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next text frame, decoded as any type; None when the connection closed.
    pub async fn recv_as<T: serde::de::DeserializeOwned>(&mut self) -> Result<Option<T>, ClientError> {
        loop {
            match self.ws.next().await {
                None | Some(Ok(Message::Close(_))) => return Ok(None),
                Some(Err(e)) => return Err(ClientError(format!("connection failed: {e}"))),
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str())
                        .map(Some)
                        .map_err(|e| ClientError(format!("unexpected message ({e}): {t}")))
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next server message, waiting at most `timeout`.
    pub async fn recv(&mut self, timeout: Duration) -> Result<ServerMsg, ClientError> {
        match tokio::time::timeout(timeout, self.recv_raw()).await {
            Err(_) => Err(ClientError(format!("no message within {timeout:?}"))),
            Ok(Ok(None)) => Err(ClientError("the connection closed".into())),
            Ok(Ok(Some((m, _)))) => Ok(m),
            Ok(Err(e)) => Err(e),
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
