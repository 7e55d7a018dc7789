//! Helpers of the tests that run the real `binokel serve` binary: start it, kill it, and
//! drive seats over real WebSockets.
#![allow(dead_code)]

use binokel_server::client::{http, http_with, HttpAnswer, Socket};
use binokel_server::protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub const WAIT: Duration = Duration::from_secs(20);

/// The URL of a started `binokel serve` (its stdout piped), from its first line
/// `listening on URL`.
pub fn listening_url(child: &mut Child) -> String {
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout is piped"))
        .read_line(&mut line)
        .unwrap();
    line.trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_string()
}

/// A running `binokel serve` process.
pub struct Proc {
    pub child: Child,
    pub url: String,
}

impl Proc {
    /// Starts the binary and waits for its `listening on` line.
    pub fn start(database: &str, listen: &str, extra: &[&str]) -> Proc {
        let mut child = Proc::spawn(database, listen, extra);
        let url = listening_url(&mut child);
        Proc { child, url }
    }

    /// `binokel serve` with the tests' timings and `extra`, its stdout piped.
    fn spawn(database: &str, listen: &str, extra: &[&str]) -> Child {
        Command::new(env!("CARGO_BIN_EXE_binokel"))
            .args(["serve", "--listen", listen, "--database", database])
            .args(["--deal-pause-ms", "0", "--bot-delay-ms", "0"])
            // The tests create many tables from 127.0.0.1.
            .args(["--tables-per-minute", "0"])
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("binokel serve starts")
    }

    /// [`Proc::start`] with `/metrics` on a free loopback port; also returns the metrics URL
    /// (from the second line, `metrics on URL`).
    pub fn start_with_metrics(database: &str, listen: &str, extra: &[&str]) -> (Proc, String) {
        let extra = [&["--metrics-listen", "127.0.0.1:0"], extra].concat();
        let mut child = Proc::spawn(database, listen, &extra);
        let mut out = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let mut line = |prefix: &str| {
            let mut l = String::new();
            out.read_line(&mut l).unwrap();
            l.trim()
                .strip_prefix(prefix)
                .unwrap_or_else(|| panic!("expected a line {prefix}..., got {l:?}"))
                .to_string()
        };
        let url = line("listening on ");
        let metrics = line("metrics on ");
        (Proc { child, url }, metrics)
    }

    pub fn ws(&self) -> String {
        binokel_server::ws_url(&self.url)
    }

    pub fn addr(&self) -> String {
        self.url.trim_start_matches("http://").to_string()
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Waits until /health answers.
    pub async fn ready(&self) {
        for _ in 0..200 {
            if http(&self.url, "GET", "/health", None)
                .await
                .is_ok_and(|a| a.status == 200)
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("{} did not become ready", self.url);
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn temp_sqlite(name: &str) -> String {
    let p = std::env::temp_dir().join(format!("binokel-clitest-{name}-{}.sqlite3", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", p.display()));
    }
    format!("sqlite://{}", p.display())
}

pub async fn create(url: &str, body: Value) -> (String, String) {
    let a = http(url, "POST", "/api/tables", Some(&body)).await.unwrap();
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let v = a.json().unwrap();
    (
        v["code"].as_str().unwrap().into(),
        v["token"].as_str().unwrap().into(),
    )
}

pub async fn join(url: &str, code: &str, name: &str) -> String {
    let a = http(
        url,
        "POST",
        &format!("/api/tables/{code}/join"),
        Some(&json!({"name": name})),
    )
    .await
    .unwrap();
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    a.json().unwrap()["token"].as_str().unwrap().into()
}

/// A new connection's hello with `token`, and the first answer to it.
pub async fn hello_answer(ws: &str, code: &str, token: &str) -> (Socket, ServerMsg) {
    let mut s = Socket::connect(ws).await.unwrap();
    s.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.into(),
        token: Some(token.into()),
        features: vec![],
        account: false,
    })
    .await
    .unwrap();
    let m = s.recv(WAIT).await.unwrap();
    (s, m)
}

/// What a hello got.
pub enum Hello {
    Seated(Box<Socket>),
    Redirect(String),
}

pub async fn hello(ws: &str, code: &str, token: &str) -> Hello {
    match hello_answer(ws, code, token).await {
        (s, ServerMsg::Welcome { .. }) => Hello::Seated(Box::new(s)),
        (_, ServerMsg::Redirect { url }) => Hello::Redirect(url),
        (_, m) => panic!("unexpected answer to hello: {m:?}"),
    }
}

/// One acknowledged action.
pub type Ack = (usize, usize, String);

/// Plays the seat (a simple deterministic choice among the legal actions) until the match
/// ends, the connection breaks, or `limit` acks; returns the acks received.
pub async fn play(mut s: Socket, limit: Option<usize>, salt: usize) -> (Vec<Ack>, bool) {
    let mut acks = Vec::new();
    let mut acted = None;
    loop {
        if limit.is_some_and(|n| acks.len() >= n) {
            s.close().await;
            return (acks, false);
        }
        let m = match tokio::time::timeout(WAIT, s.recv_raw()).await {
            Ok(Ok(Some((m, _)))) => m,
            // The server went away (killed): what was acknowledged is what counts.
            Ok(Ok(None)) | Ok(Err(_)) => return (acks, false),
            Err(_) => panic!("no message for {WAIT:?}"),
        };
        match m {
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                if v.to_act == v.seat && !v.legal.is_empty() && acted != Some(pos) {
                    acted = Some(pos);
                    let a = v.legal[(pos.1 * 7 + salt) % v.legal.len()];
                    let msg = ClientMsg::Action {
                        action: a.token(binokel::Low::Nine),
                        id: None,
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    };
                    if s.send(&msg).await.is_err() {
                        return (acks, false);
                    }
                }
            }
            ServerMsg::Ack {
                deal, index, action, ..
            } => acks.push((deal, index, action)),
            ServerMsg::Error { error, message, .. } => panic!("refused: {error}: {message}"),
            ServerMsg::MatchOver { .. } => return (acks, true),
            _ => {}
        }
    }
}

/// The finished match's record.
pub async fn record(url: &str, code: &str) -> binokel::Game {
    let a = http(url, "GET", &format!("/api/tables/{code}/record"), None)
        .await
        .unwrap();
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    binokel::record::read_record(&String::from_utf8_lossy(&a.body)).expect("a legal record")
}

/// Every acknowledged action is in the game at its place.
pub fn assert_all_there(game: &binokel::Game, acks: &[Ack]) {
    for (d, i, a) in acks {
        let got = game
            .deals()
            .get(*d)
            .and_then(|l| l.actions.get(*i))
            .map(|x| x.token(game.rules().low));
        assert_eq!(
            got.as_deref(),
            Some(a.as_str()),
            "acknowledged action deal {d} #{i} `{a}`"
        );
    }
}

/// The value of the sample `series` (the name with its labels, as written) in the text of
/// `/metrics` at `url`; None if it is not there.
pub async fn metric(url: &str, series: &str) -> Option<f64> {
    let (base, path) = url.split_at(url.find("/metrics").expect("a metrics URL"));
    let a = http(base, "GET", path, None).await.expect("/metrics answers");
    assert_eq!(a.status, 200);
    let text = String::from_utf8(a.body).expect("UTF-8");
    text.lines().find_map(|l| {
        let rest = l.strip_prefix(series)?.strip_prefix(' ')?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// The serve flags of the tests that sign up accounts from one address: no login slowdown
/// or limits.
pub const ACCOUNT_FLAGS: &[&str] = &[
    "--login-delay-ms",
    "0",
    "--logins-per-minute",
    "0",
    "--signups-per-minute",
    "0",
];

/// An HTTP request from the server's own page (its Origin), with the login cookie if given.
pub async fn req(
    url: &str,
    cookie: Option<&str>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> HttpAnswer {
    let mut headers = vec![("Origin", url)];
    if let Some(c) = cookie {
        headers.push(("Cookie", c));
    }
    http_with(None, url, method, path, body.as_ref(), &headers)
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// The answer's JSON body; panics with the body when it is not JSON.
pub fn json_of(a: &HttpAnswer) -> Value {
    a.json()
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&a.body)))
}
