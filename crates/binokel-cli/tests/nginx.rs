//! TLS through nginx (docs/deploy.md, "TLS through a reverse proxy"): Debian's nginx runs
//! the shipped `contrib/nginx-binokel.conf` (only its ports, upstream and certificate paths
//! replaced) with a self-signed certificate made by `openssl` at test time, in front of a
//! real `binokel serve`. A match is played over `wss://` through it, the lobby's live list
//! streams through it, plain HTTP is sent to HTTPS, and the browser smoke test plays a deal
//! through it in Chromium.
//!
//! nginx comes from `BINOKEL_NGINX` (default `/usr/sbin/nginx`; `scripts/services.sh`
//! installs Debian's package). Without it the tests say SKIPPED and pass, except under CI
//! (the variable `CI` set), where they fail: CI installs nginx.

mod browser_common;
mod server_common;

use binokel_server::protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_rustls::rustls;
use tokio_tungstenite::tungstenite::Message;

const WAIT: Duration = Duration::from_secs(20);

/// The shipped configuration, as a club installs it.
const SHIPPED: &str = include_str!("../../../contrib/nginx-binokel.conf");

/// A running nginx in front of one backend, with its own prefix in a temp directory.
struct Nginx {
    child: Child,
    dir: PathBuf,
    /// `https://localhost:PORT`.
    https: String,
    /// The HTTPS port.
    port: u16,
    /// The plain HTTP port (redirects to HTTPS).
    http_port: u16,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM to the master: it stops its workers (a SIGKILL would leave them running).
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// nginx's path, or None (SKIPPED) when it is missing outside CI; under CI a missing nginx
/// fails the test.
fn nginx_path(test: &str) -> Option<String> {
    let exe = std::env::var("BINOKEL_NGINX").unwrap_or_else(|_| "/usr/sbin/nginx".into());
    if Path::new(&exe).exists() {
        return Some(exe);
    }
    if std::env::var_os("CI").is_some() {
        panic!("nginx not found at {exe}: CI installs Debian's nginx (scripts/services.sh); set BINOKEL_NGINX if it is elsewhere");
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: nginx not found at {exe}. Install Debian's nginx (scripts/services.sh does) or set BINOKEL_NGINX."
    );
    None
}

/// `text` with `from` replaced by `to`; the shipped file must still contain `from`, so a
/// change to it is seen here instead of silently testing something else.
fn replace(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "contrib/nginx-binokel.conf no longer contains {from:?}: update tests/nginx.rs with it"
    );
    text.replace(from, to)
}

fn run_ok(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Starts nginx with the shipped configuration in front of `backend` (`127.0.0.1:PORT`).
fn start_nginx(exe: &str, backend: &str) -> Nginx {
    let b = backend.to_string();
    start_nginx_with(exe, browser_common::free_port(), &move |site| {
        replace(site, "    server 127.0.0.1:8080;", &format!("    server {b};"))
    })
}

/// Starts nginx on the HTTPS `port` with the shipped configuration changed by `edit` (which
/// puts the backends in) and the test's ports and certificate.
fn start_nginx_with(exe: &str, port: u16, edit: &dyn Fn(&str) -> String) -> Nginx {
    let dir = browser_common::scratch_dir("nginx");
    for d in ["www", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"] {
        std::fs::create_dir_all(dir.join(d)).unwrap();
    }
    let d = |n: &str| dir.join(n).display().to_string();
    std::fs::write(
        dir.join("req.cnf"),
        "[req]\ndistinguished_name = dn\nx509_extensions = ext\nprompt = no\n[dn]\nCN = localhost\n\
         [ext]\nbasicConstraints = critical,CA:FALSE\nsubjectAltName = DNS:localhost,IP:127.0.0.1\n\
         keyUsage = critical,digitalSignature,keyEncipherment\nextendedKeyUsage = serverAuth\n",
    )
    .unwrap();
    run_ok(
        Command::new("openssl")
            .args([
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
            ])
            .args([
                "-nodes",
                "-days",
                "2",
                "-keyout",
                &d("key.pem"),
                "-out",
                &d("cert.pem"),
            ])
            .args(["-config", &d("req.cnf")]),
        "openssl (a self-signed certificate)",
    );
    let http_port = browser_common::free_port();
    let mut site = edit(SHIPPED);
    site = replace(
        &site,
        "    listen 80;",
        &format!("    listen 127.0.0.1:{http_port};"),
    );
    site = replace(&site, "    listen [::]:80;\n", "");
    site = replace(
        &site,
        "    listen 443 ssl http2;",
        &format!("    listen 127.0.0.1:{port} ssl http2;"),
    );
    site = replace(&site, "    listen [::]:443 ssl http2;\n", "");
    site = replace(
        &site,
        "/etc/letsencrypt/live/binokel.example.org/fullchain.pem",
        &d("cert.pem"),
    );
    site = replace(
        &site,
        "/etc/letsencrypt/live/binokel.example.org/privkey.pem",
        &d("key.pem"),
    );
    site = replace(&site, "root /var/www/html;", &format!("root {};", d("www")));
    std::fs::write(dir.join("binokel.conf"), site).unwrap();
    // As root, nginx's workers would run as `nobody`, who cannot enter the test's temp
    // directory (scripts/test.sh makes it 0700): they run as root here.
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let main = format!(
        "{user}daemon off;\nworker_processes 1;\npid {pid};\nerror_log {log} warn;\n\
         events {{ worker_connections 512; }}\n\
         http {{\n  access_log {access};\n  client_body_temp_path {cb};\n  proxy_temp_path {px};\n  \
         fastcgi_temp_path {fc};\n  uwsgi_temp_path {uw};\n  scgi_temp_path {sc};\n  include {site};\n}}\n",
        user = if root { "user root;\n" } else { "" },
        pid = d("nginx.pid"),
        log = d("error.log"),
        access = d("access.log"),
        cb = d("client_body"),
        px = d("proxy"),
        fc = d("fastcgi"),
        uw = d("uwsgi"),
        sc = d("scgi"),
        site = d("binokel.conf"),
    );
    std::fs::write(dir.join("nginx.conf"), main).unwrap();
    let mut child = Command::new(exe)
        .args([
            "-p",
            &format!("{}/", dir.display()),
            "-c",
            &d("nginx.conf"),
            "-e",
            &d("error.log"),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {exe}: {e}"));
    let start = Instant::now();
    loop {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!(
                "nginx exited ({status}): {}",
                std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
            );
        }
        assert!(start.elapsed() < WAIT, "nginx did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    Nginx {
        child,
        https: format!("https://localhost:{port}"),
        dir,
        port,
        http_port,
    }
}

impl Nginx {
    /// A TLS client that trusts this nginx's certificate (and nothing else).
    fn tls(&self) -> tokio_rustls::TlsConnector {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::CertificateDer;
        let mut roots = rustls::RootCertStore::empty();
        for c in CertificateDer::pem_file_iter(self.dir.join("cert.pem")).expect("the certificate") {
            roots
                .add(c.expect("a PEM certificate"))
                .expect("a usable certificate");
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        tokio_rustls::TlsConnector::from(Arc::new(config))
    }

    async fn connect(&self) -> tokio_rustls::client::TlsStream<tokio::net::TcpStream> {
        let tcp = tokio::net::TcpStream::connect(("127.0.0.1", self.port))
            .await
            .expect("connect to nginx");
        let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
        self.tls()
            .connect(name, tcp)
            .await
            .expect("a TLS handshake with nginx, checked against its certificate")
    }

    /// One HTTPS request: (status, head, body).
    async fn request(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, String, String) {
        let mut s = self.connect().await;
        let body = body.map(Value::to_string).unwrap_or_default();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        );
        s.write_all(req.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        // nginx closes with a TLS close_notify; an abrupt end after the answer is fine too.
        let _ = tokio::time::timeout(WAIT, s.read_to_end(&mut raw)).await;
        split_answer(&raw)
    }
}

fn split_answer(raw: &[u8]) -> (u16, String, String) {
    let text = String::from_utf8_lossy(raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP answer: {text:?}"));
    let chunked = head.to_ascii_lowercase().contains("transfer-encoding: chunked");
    let body = if chunked { unchunk(body) } else { body.to_string() };
    (status, head.to_string(), body)
}

fn unchunk(mut b: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = b.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        b = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// Plays a seat over the WebSocket `ws` until the match is over; the acks.
async fn play_match<S>(mut ws: tokio_tungstenite::WebSocketStream<S>) -> Vec<server_common::Ack>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let mut acks = Vec::new();
    let mut acted = None;
    loop {
        let frame = tokio::time::timeout(WAIT, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no message for {WAIT:?} (after {} acks)", acks.len()));
        let text = match frame {
            Some(Ok(Message::Text(t))) => t.to_string(),
            Some(Ok(_)) => continue,
            other => panic!("the connection ended before the match: {other:?}"),
        };
        let m: ServerMsg = serde_json::from_str(&text).expect("a protocol message");
        match m {
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                if v.to_act == v.seat && !v.legal.is_empty() && acted != Some(pos) {
                    acted = Some(pos);
                    let a = v.legal[(pos.1 * 7) % v.legal.len()];
                    let msg = ClientMsg::Action {
                        action: a.token(binokel::Low::Nine),
                        id: None,
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    };
                    let t = serde_json::to_string(&msg).unwrap();
                    ws.send(Message::Text(t.into())).await.expect("send an action");
                }
            }
            ServerMsg::Ack {
                deal, index, action, ..
            } => acks.push((deal, index, action)),
            ServerMsg::Error { error, message, .. } => panic!("refused: {error}: {message}"),
            ServerMsg::MatchOver { .. } => {
                let _ = ws.close(None).await;
                return acks;
            }
            _ => {}
        }
    }
}

/// Reads the stream `s` into `seen` until `want` is in it; fails after 5 s.
async fn read_until<S: tokio::io::AsyncRead + Unpin>(s: &mut S, seen: &mut String, want: &str) {
    let mut buf = [0u8; 8192];
    let end = Instant::now() + Duration::from_secs(5);
    while !seen.contains(want) {
        let left = end.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => seen.push_str(&String::from_utf8_lossy(&buf[..n])),
            _ => panic!("{want:?} did not come through nginx within 5 s: {seen}"),
        }
    }
}

/// A person plays a whole match against two bots over `wss://` through nginx; the record
/// fetched over `https://` holds every acknowledged action; the lobby's live list streams
/// through (an event for a table created after subscribing arrives while the stream stays
/// open); plain HTTP answers with a redirect to HTTPS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_over_wss_through_the_shipped_nginx_config() {
    let Some(exe) = nginx_path("a_match_over_wss_through_the_shipped_nginx_config") else {
        return;
    };
    let database = server_common::temp_sqlite("nginx");
    let server = server_common::Proc::start(&database, "127.0.0.1:0", &[]);
    server.ready().await;
    let nginx = start_nginx(&exe, &server.addr());

    let (status, head, body) = nginx.request("GET", "/health", None).await;
    assert_eq!(status, 200, "{head}\n{body}");
    let (status, _, body) = nginx
        .request(
            "POST",
            "/api/tables",
            Some(&json!({"name": "Anna", "target": 500, "seats": [
                {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let created: Value = serde_json::from_str(&body).unwrap();
    let code = created["code"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();

    let url = format!("wss://localhost:{}/ws", nginx.port);
    let (mut ws, answer) = tokio_tungstenite::client_async(url.as_str(), nginx.connect().await)
        .await
        .expect("a WebSocket upgrade through nginx");
    assert_eq!(answer.status().as_u16(), 101);
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.clone(),
        token: Some(token),
        features: vec![],
        account: false,
    };
    ws.send(Message::Text(serde_json::to_string(&hello).unwrap().into()))
        .await
        .unwrap();
    let acks = play_match(ws).await;
    assert!(acks.len() > 10, "the person played: {} acks", acks.len());
    let (status, _, body) = nginx
        .request("GET", &format!("/api/tables/{code}/record"), None)
        .await;
    assert_eq!(status, 200, "{body}");
    let game = binokel::record::read_record(&body).expect("a legal record");
    assert!(game.is_over());
    server_common::assert_all_there(&game, &acks);

    // The lobby's live list: the first event at once, and the next one (a public table
    // created meanwhile) while the stream stays open; buffered, neither would come.
    let mut sse = nginx.connect().await;
    let req = format!(
        "GET /api/lobby/events HTTP/1.1\r\nHost: localhost:{}\r\nAccept: text/event-stream\r\n\r\n",
        nginx.port
    );
    sse.write_all(req.as_bytes()).await.unwrap();
    let mut seen = String::new();
    read_until(&mut sse, &mut seen, "event: lobby").await;
    let (status, _, body) = nginx
        .request(
            "POST",
            "/api/tables",
            Some(&json!({"name": "Lobbyist", "public": true})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let public: Value = serde_json::from_str(&body).unwrap();
    read_until(&mut sse, &mut seen, public["code"].as_str().unwrap()).await;
    drop(sse);

    // Plain HTTP is sent to HTTPS.
    let mut plain = tokio::net::TcpStream::connect(("127.0.0.1", nginx.http_port))
        .await
        .unwrap();
    plain
        .write_all(b"GET /some/page HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut raw = Vec::new();
    plain.read_to_end(&mut raw).await.unwrap();
    let (status, head, _) = split_answer(&raw);
    assert_eq!(status, 301, "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("location: https://localhost/some/page"),
        "{head}"
    );
    drop(nginx);
    drop(server);
    for s in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{s}", database.trim_start_matches("sqlite://")));
    }
}

/// The browser suite's smoke test (`browser.rs`, `start_page_then_a_full_deal_against_two_bots`)
/// through nginx: Chromium opens `https://` (the self-signed certificate accepted with
/// `--ignore-certificate-errors`), and the page's WebSocket is `wss://` through nginx.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_smoke_test_through_nginx() {
    let Some(exe) = nginx_path("the_browser_smoke_test_through_nginx") else {
        return;
    };
    let _turn = browser_common::BROWSERS.lock().await;
    let mut server = browser_common::start_server();
    let backend = server.url.trim_start_matches("http://").to_string();
    let nginx = start_nginx(&exe, &backend);
    // The page is opened at nginx's address, so every request and the WebSocket go through
    // it.
    server.url = nginx.https.clone();
    let driver = browser_common::start_driver();
    let b = browser_common::browser_with(
        &driver,
        "en",
        browser_common::DESKTOP,
        &["--ignore-certificate-errors"],
    )
    .await;
    browser_common::smoke_full_deal(&b, &server).await;
    let scheme = browser_common::js(&b.client, "return location.protocol").await;
    assert_eq!(scheme, json!("https:"), "the page came through nginx");
    let _ = b.client.close().await;
    drop(driver);
    // nginx logs a WebSocket when it closes.
    let end = Instant::now() + Duration::from_secs(10);
    let mut access = String::new();
    while Instant::now() < end {
        access = std::fs::read_to_string(nginx.dir.join("access.log")).unwrap_or_default();
        if access.contains("GET /ws HTTP/1.1\" 101") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        access.contains("GET /ws HTTP/1.1\" 101"),
        "the WebSocket went through nginx: {access}"
    );
}

/// Several processes on one PostgreSQL behind nginx, each with a path of its own on the same
/// host (`--public-url https://HOST/p1`), set up as docs/deploy.md says (its nginx snippet
/// is the one used here): a join sent to the process that does not own the table is
/// answered `307` to the owner's path, which serves it; a `hello` there is answered with a
/// `redirect` to the owner's `wss://HOST/p1/ws`, where the seat is welcomed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_processes_behind_nginx_on_paths_of_one_host() {
    let test = "several_processes_behind_nginx_on_paths_of_one_host";
    let Some(exe) = nginx_path(test) else {
        return;
    };
    let Some(admin) = binokel_server::store::test_postgres_url(test) else {
        return;
    };
    let name = format!("binokel_nginx_paths_{}", std::process::id());
    let db = binokel_server::store::create_postgres_database(&admin, &name)
        .await
        .unwrap();
    let port = browser_common::free_port();
    let base = format!("https://localhost:{port}");
    let start = |path: &str| {
        let url = format!("{base}/{path}");
        server_common::Proc::start(&db, "127.0.0.1:0", &["--public-url", &url])
    };
    let (p1, p2) = (start("p1"), start("p2"));
    p1.ready().await;
    p2.ready().await;
    let doc = include_str!("../../../docs/deploy.md");
    let snippet = doc
        .split("```nginx\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("the nginx snippet of docs/deploy.md, \"Several processes\"");
    let (upstream, p1_locations) = snippet
        .split_once("# inside the 443 server block, once per process (p2 the same with 8082):\n")
        .expect("the snippet's two parts");
    let p2_locations = p1_locations.replace("/p1", "/p2").replace("8081", "8082");
    let ports = |t: &str| {
        t.replace("127.0.0.1:8081", &p1.addr())
            .replace("127.0.0.1:8082", &p2.addr())
    };
    let upstream = ports(upstream);
    let locations = ports(&format!("{p1_locations}{p2_locations}"));
    let nginx = start_nginx_with(&exe, port, &|site| {
        let from = site.find("upstream binokel {").expect("the upstream block");
        let to = from + site[from..].find("}\n").expect("its end") + 2;
        let site = format!("{}{}{}", &site[..from], upstream, &site[to..]);
        let anchor = "    client_max_body_size 64k;\n";
        replace(&site, anchor, &format!("{anchor}{locations}"))
    });

    let (status, _, body) = nginx
        .request(
            "POST",
            "/p1/api/tables",
            Some(&json!({"name": "Anna", "seats": [
                {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let created: Value = serde_json::from_str(&body).unwrap();
    let code = created["code"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();

    // HTTP: the other process answers 307 to the owner's path, which serves the join.
    let join = format!("/api/tables/{code}/join");
    let (status, head, body) = nginx
        .request("POST", &format!("/p2{join}"), Some(&json!({"name": "Ben"})))
        .await;
    assert_eq!(status, 307, "{head}\n{body}");
    let location = format!("location: {base}/p1{join}");
    assert!(
        head.to_ascii_lowercase().contains(&location.to_ascii_lowercase()),
        "{head}"
    );
    let (status, _, body) = nginx
        .request("POST", &format!("/p1{join}"), Some(&json!({"name": "Ben"})))
        .await;
    assert_eq!(status, 200, "{body}");

    // WebSocket: hello at the other process, redirected to the owner's wss:// path.
    let hello = serde_json::to_string(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.clone(),
        token: Some(token),
        features: vec![],
        account: false,
    })
    .unwrap();
    let first = |path: &'static str| {
        let hello = hello.clone();
        let nginx = &nginx;
        async move {
            let url = format!("wss://localhost:{}{path}", nginx.port);
            let (mut ws, _) = tokio_tungstenite::client_async(url.as_str(), nginx.connect().await)
                .await
                .expect("a WebSocket upgrade through nginx");
            ws.send(Message::Text(hello.into())).await.unwrap();
            loop {
                match tokio::time::timeout(WAIT, ws.next()).await.expect("an answer") {
                    Some(Ok(Message::Text(t))) => {
                        return serde_json::from_str::<ServerMsg>(t.as_str()).expect("a message")
                    }
                    Some(Ok(_)) => continue,
                    other => panic!("no answer to hello: {other:?}"),
                }
            }
        }
    };
    match first("/p2/ws").await {
        ServerMsg::Redirect { url } => assert_eq!(url, format!("wss://localhost:{port}/p1/ws")),
        m => panic!("expected a redirect from the other process: {m:?}"),
    }
    match first("/p1/ws").await {
        ServerMsg::Welcome { .. } => {}
        m => panic!("expected the owner's welcome: {m:?}"),
    }
    drop(nginx);
}
