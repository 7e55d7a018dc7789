//! The harness of the browser tests: `binokel serve`, chromedriver and Chromium as child
//! processes, and the moves a person makes at the table.
// Each test binary uses a part of the harness.
#![allow(dead_code)]

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Chromium instances are heavy; the machine has two cores, so browser tests take turns.
pub static BROWSERS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
static SCRATCH: AtomicUsize = AtomicUsize::new(0);

pub const WAIT: Duration = Duration::from_secs(30);

/// A phone's screen in CSS pixels (390 x 844; [`browser`] emulates a phone below 500 px).
pub const PHONE: (u32, u32) = (390, 844);
/// A larger phone (412 x 915).
pub const BIG_PHONE: (u32, u32) = (412, 915);
/// A laptop's screen (1366 x 800).
pub const LAPTOP: (u32, u32) = (1366, 800);
/// The desktop window of most tests (1280 x 900).
pub const DESKTOP: (u32, u32) = (1280, 900);

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

pub fn scratch_dir(what: &str) -> PathBuf {
    let n = SCRATCH.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("binokel-e2e-{}-{what}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

pub fn wait_for_port(port: u16, child: &mut Child, what: &str) {
    let start = Instant::now();
    while start.elapsed() < WAIT {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("{what} exited before listening on port {port}: {status}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("{what} did not listen on 127.0.0.1:{port} within {WAIT:?}");
}

/// A child process that is killed when the test ends, pass or fail.
struct Proc {
    child: Child,
    dir: PathBuf,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `binokel serve` on a free port with its own SQLite database; `restart` stops the
/// process and starts a new one on the same port and database (a server that went away).
pub struct Server {
    child: Option<Child>,
    dir: PathBuf,
    port: u16,
    deal_pause_ms: u64,
    bot_delay_ms: u64,
    extra: Vec<String>,
    /// The server's base URL.
    pub url: String,
}

pub fn start_server() -> Server {
    start_server_with_pause(300)
}

/// A server that waits `deal_pause_ms` between deals: a long pause keeps a finished deal
/// on the table for as long as a test looks at it.
pub fn start_server_with_pause(deal_pause_ms: u64) -> Server {
    start_server_with(deal_pause_ms, &[])
}

/// A server as [`start_server_with_pause`], with more `binokel serve` options
/// (`--ready-secs 30`).
pub fn start_server_with(deal_pause_ms: u64, extra: &[&str]) -> Server {
    let port = free_port();
    let mut s = Server {
        child: None,
        dir: scratch_dir("server"),
        port,
        deal_pause_ms,
        bot_delay_ms: 0,
        extra: extra.iter().map(|a| a.to_string()).collect(),
        url: format!("http://127.0.0.1:{port}"),
    };
    s.start();
    s
}

/// A server whose bots wait `bot_delay_ms` before each move (as people see them), so that a
/// test can act while it is not its turn.
pub fn start_server_with_bot_delay(bot_delay_ms: u64) -> Server {
    let port = free_port();
    let mut s = Server {
        child: None,
        dir: scratch_dir("server"),
        port,
        deal_pause_ms: 300,
        bot_delay_ms,
        extra: Vec::new(),
        url: format!("http://127.0.0.1:{port}"),
    };
    s.start();
    s
}

impl Server {
    /// Starts the process (again), on the same port and database.
    pub fn start(&mut self) {
        let db = format!("sqlite://{}", self.dir.join("binokel.sqlite3").display());
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("server.log"))
            .expect("server log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_binokel"))
            .args([
                "serve",
                "--listen",
                &format!("127.0.0.1:{}", self.port),
                "--database",
                &db,
            ])
            // Bots answer at once and deals follow each other quickly: tests, not people,
            // watch. A short lease lets a restarted process take its tables back at once.
            .args([
                "--bot-delay-ms",
                &self.bot_delay_ms.to_string(),
                "--deal-pause-ms",
                &self.deal_pause_ms.to_string(),
                "--lease-secs",
                "1",
            ])
            .args(&self.extra)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start `binokel serve`");
        wait_for_port(self.port, &mut child, "binokel serve");
        self.child = Some(child);
    }

    /// Kills the process.
    pub fn stop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// What the server wrote to stderr.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// chromedriver on a free port.
pub struct Driver {
    _proc: Proc,
    url: String,
}

pub fn chromium_path() -> String {
    std::env::var("BINOKEL_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

pub fn start_driver() -> Driver {
    let exe = std::env::var("BINOKEL_CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    assert!(
        Path::new(&exe).exists(),
        "chromedriver not found at {exe}: install Debian's chromium-driver (scripts/test.sh does) or set BINOKEL_CHROMEDRIVER"
    );
    let chromium = chromium_path();
    assert!(
        Path::new(&chromium).exists(),
        "chromium not found at {chromium}: install Debian's chromium or set BINOKEL_CHROMIUM"
    );
    let dir = scratch_dir("driver");
    let port = free_port();
    let mut child = Command::new(&exe)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {exe}: {e}"));
    wait_for_port(port, &mut child, "chromedriver");
    Driver {
        _proc: Proc { child, dir },
        url: format!("http://127.0.0.1:{port}"),
    }
}

/// One headless Chromium window with a fresh profile (its own localStorage). Tests end
/// with `let _ = client.close()`: the session may already be gone, nothing to check there.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    /// chromedriver's base URL, for the commands fantoccini has no method for (the log).
    pub driver_url: String,
    _profile: Profile,
}

/// A Chromium profile directory. When a test fails before it closes its session, killing
/// chromedriver leaves that Chromium running; the processes started with this profile (and
/// only those: the directory name is unique) are ended here.
struct Profile(PathBuf);

impl Drop for Profile {
    fn drop(&mut self) {
        let flag = format!("--user-data-dir={}", self.0.display());
        if let Ok(procs) = std::fs::read_dir("/proc") {
            for entry in procs.flatten() {
                let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                    continue;
                };
                let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
                if cmdline.split(|b| *b == 0).any(|arg| arg == flag.as_bytes()) {
                    let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
                }
            }
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub async fn browser(driver: &Driver, lang: &str, size: (u32, u32)) -> Browser {
    browser_with(driver, lang, size, &[]).await
}

/// A browser as [`browser`], with more Chromium flags (`--force-prefers-reduced-motion`).
pub async fn browser_with(driver: &Driver, lang: &str, size: (u32, u32), extra: &[&str]) -> Browser {
    let profile = scratch_dir("profile");
    let mut args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--no-first-run".into(),
        "--disable-sync".into(),
        format!("--user-data-dir={}", profile.display()),
        format!("--window-size={},{}", size.0, size.1),
        format!("--lang={lang}"),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    let mut options = json!({
        "binary": chromium_path(),
        "args": args,
        "prefs": {"intl.accept_languages": lang},
    });
    // Headless Chromium will not make a window narrower than 500 pixels; a phone's screen
    // is emulated instead (its width, height and pixel density, touch and a mobile viewport).
    if size.0 < 500 {
        options["mobileEmulation"] = json!({
            "deviceMetrics": {"width": size.0, "height": size.1, "pixelRatio": 2.0, "touch": true, "mobile": true}
        });
    }
    // The browser's console is kept, so that a test can check the page had no error.
    let caps = json!({ "goog:chromeOptions": options, "goog:loggingPrefs": {"browser": "ALL"} });
    let caps = caps.as_object().expect("object").clone();
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a Chromium session from chromedriver");
    Browser {
        client,
        driver_url: driver.url.clone(),
        _profile: Profile(profile),
    }
}

/// The JavaScript errors the page reported since the last call: uncaught exceptions,
/// unhandled promise rejections and `console.error`, from chromedriver's browser log
/// (`goog:loggingPrefs`). Network refusals ("Failed to load resource" for a 404 a test
/// asks for, a WebSocket to a server that is down) are the server's answers, not errors of
/// the page, and are left out.
pub async fn js_errors(b: &Browser) -> Vec<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let sid = b
        .client
        .session_id()
        .await
        .expect("session id")
        .expect("a session");
    let addr = b.driver_url.trim_start_matches("http://").to_string();
    let body = r#"{"type":"browser"}"#;
    let request = format!(
        "POST /session/{sid}/se/log HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect to chromedriver");
    stream.write_all(request.as_bytes()).await.expect("send");
    // The answer has a Content-Length; read until the whole body is there.
    let mut answer = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = tokio::time::timeout(WAIT, stream.read(&mut buf))
            .await
            .expect("chromedriver answers")
            .expect("read");
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer);
        if let Some(head) = text.find("\r\n\r\n") {
            let len = text[..head]
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse::<usize>().ok())?
                })
                .unwrap_or(usize::MAX);
            if answer.len() >= head + 4 + len {
                break;
            }
        }
        if n == 0 {
            break;
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    let json_at = answer.find("\r\n\r\n").map_or(0, |i| i + 4);
    let v: Value = serde_json::from_str(&answer[json_at..])
        .unwrap_or_else(|e| panic!("chromedriver's log is not JSON ({e}): {answer}"));
    v["value"]
        .as_array()
        .unwrap_or_else(|| panic!("no log entries in {v}"))
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .filter(|e| e["source"] != "network")
        .map(|e| e["message"].as_str().unwrap_or_default().to_string())
        .filter(|m| !m.contains("Failed to load resource") && !m.contains("WebSocket connection to"))
        .collect()
}

/// Fails the test if the page reported a JavaScript error (see [`js_errors`]).
pub async fn assert_no_js_errors(b: &Browser) {
    let errors = js_errors(b).await;
    assert!(
        errors.is_empty(),
        "the page reported JavaScript errors: {errors:#?}"
    );
}

/// Fails unless the page is no wider than its window (no sideways scrolling; a phone's
/// screen above all).
pub async fn assert_fits_width(c: &Client, what: &str) {
    let sizes = js(
        c,
        "return [document.documentElement.scrollWidth, window.innerWidth]",
    )
    .await;
    assert!(
        sizes[0].as_f64().expect("width") <= sizes[1].as_f64().expect("window") + 1.0,
        "{what}: the page is wider than the window ([page, window] = {sizes})"
    );
}

/// The visible controls inside `scope` (a CSS selector; "body" for the page) smaller than a
/// finger's 44 x 44 px tap target, each as "name: W x H": buttons, drop-downs, text fields
/// and links drawn as buttons.
pub async fn small_controls(c: &Client, scope: &str) -> Value {
    let scope = serde_json::to_string(scope).expect("a selector");
    js(
        c,
        &format!(
            "const root = document.querySelector({scope}); if (!root) return ['no ' + {scope}]; \
             return [...root.querySelectorAll('button, select, a.button, \
               input:not([type=\"checkbox\"]):not([type=\"radio\"]):not([type=\"range\"]):not([type=\"file\"])')] \
             .filter(e => {{ const r = e.getBoundingClientRect(); const s = getComputedStyle(e); \
               return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' \
                 && (r.width < 43.5 || r.height < 43.5); }}) \
             .map(e => `${{e.id || e.className || e.textContent}}: ${{Math.round(e.getBoundingClientRect().width)}}x${{Math.round(e.getBoundingClientRect().height)}}`)"
        ),
    )
    .await
}

/// Saves what the page shows as `NAME.png` in `$BINOKEL_SCREENSHOTS`, when that is set (to
/// look at a layout; the README's pictures).
pub async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("BINOKEL_SCREENSHOTS") {
        // (Phrases and panels fade in over 0.2 s.)
        tokio::time::sleep(Duration::from_millis(300)).await;
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::write(Path::new(&dir).join(format!("{name}.png")), png).expect("write the screenshot");
    }
}

/// The visible drop-downs of the page whose chosen option's text is cut off, each as "id:
/// text, needed and actual width". What a drop-down needs is measured on a hidden copy that
/// holds only the chosen option, at its natural width, beside the original (so that the same
/// styles apply).
pub async fn clipped_selects(c: &Client) -> Value {
    js(
        c,
        "return [...document.querySelectorAll('select')].filter(s => s.getClientRects().length > 0 \
           && getComputedStyle(s).visibility !== 'hidden' && s.selectedIndex >= 0).map(s => { \
           const o = s.options[s.selectedIndex]; const copy = s.cloneNode(false); copy.removeAttribute('id'); \
           copy.appendChild(o.cloneNode(true)); \
           copy.style.cssText += ';position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none'; \
           s.parentNode.insertBefore(copy, s); const need = copy.getBoundingClientRect().width; copy.remove(); \
           const has = s.getBoundingClientRect().width; \
           return need > has + 0.5 ? `${s.id || s.className}: \"${o.textContent}\" needs ${need.toFixed(1)} px, has ${has.toFixed(1)}` : null; \
         }).filter(x => x)",
    )
    .await
}

/// The page's text, to explain a failure.
pub async fn page_text(c: &Client) -> String {
    c.execute("return document.body ? document.body.innerText : ''", vec![])
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Waits until `script` (a JS expression) is truthy; answers its value.
pub async fn wait_js(c: &Client, script: &str, what: &str) -> Value {
    let start = Instant::now();
    let wrapped = format!("try {{ return ({script}); }} catch (e) {{ return null; }}");
    loop {
        let v = c.execute(&wrapped, vec![]).await.expect("script runs");
        let truthy = match &v {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Number(n) => n.as_f64() != Some(0.0),
            Value::String(s) => !s.is_empty(),
            _ => true,
        };
        if truthy {
            return v;
        }
        if start.elapsed() > WAIT {
            // For a look at the page: BINOKEL_FAIL_SCREENSHOT=/path/to/file.png.
            if let Some(path) = std::env::var_os("BINOKEL_FAIL_SCREENSHOT") {
                if let Ok(png) = c.screenshot().await {
                    let _ = std::fs::write(path, png);
                }
            }
            // The last toast (hidden after a few seconds, so not in the page's text).
            let toast = c
                .execute(
                    "const t = document.getElementById('toast'); return t ? t.textContent : ''",
                    vec![],
                )
                .await
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            eprintln!("the last toast: {toast:?}");
            panic!(
                "timed out waiting for {what} ({script}); the page shows:\n{}",
                page_text(c).await
            );
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
}

pub async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script runs")
}

pub async fn click(c: &Client, css: &str) {
    // A live page (the lobby's feed, a table's state) may draw the element anew between
    // finding and clicking it: a stale element is looked up again, a few times.
    for attempt in 0.. {
        let el = match c.wait().at_most(WAIT).for_element(Locator::Css(css)).await {
            Ok(el) => el,
            Err(e) => {
                if let Some(path) = std::env::var_os("BINOKEL_FAIL_SCREENSHOT") {
                    if let Ok(png) = c.screenshot().await {
                        let _ = std::fs::write(path, png);
                    }
                }
                panic!("no element {css}: {e}; the page shows:\n{}", page_text(c).await)
            }
        };
        match el.click().await {
            Ok(_) => return,
            Err(e) if attempt < 5 && e.to_string().contains("stale element") => continue,
            Err(e) => panic!("cannot click {css}: {e}"),
        }
    }
}

/// Waits until the hand holds cards and none of them moves: the deal's cards fly in one by
/// one (web/js/animate.js), and a hand measured or clicked during the flight is a pile in
/// the middle of the table.
pub async fn wait_hand_at_rest(c: &Client) {
    wait_js(
        c,
        "document.querySelectorAll('#hand .card').length > 0 \
         && [...document.querySelectorAll('#hand .card')].every(e => e.getAnimations().length === 0)",
        "the hand at rest",
    )
    .await;
}

/// Where a person puts a finger or the mouse on a card of the hand: the card's element and
/// the offsets from its centre of the middle of its visible strip (the next card of the
/// fan covers the rest), once the hand has come to rest and stayed still for 60 ms with
/// that point on this card. A layout that settles late (a scroll bar that comes or goes
/// with a toast or the result panel, a card leaving the hand) must not move a neighbour
/// under a click or tap made near the card's edge.
pub async fn card_spot(c: &Client, css: &str) -> (fantoccini::elements::Element, (f64, f64)) {
    // Cards that fly into the hand (web/js/animate.js) are clicked where they land, as a
    // person would: a click during the flight would hit the hand's background.
    wait_hand_at_rest(c).await;
    let el = c
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no card {css}: {e}"));
    let spot = format!(
        "const el = document.querySelector({sel}); if (!el) return null; \
         const r = el.getBoundingClientRect(); const n = el.nextElementSibling; \
         const right = n && n.classList.contains('card') ? Math.max(r.left + 4, Math.min(r.right, n.getBoundingClientRect().left)) : r.right; \
         const x = (r.left + right) / 2, y = r.top + Math.min(r.height / 2, 28); \
         const hit = document.elementFromPoint(x, y); \
         return [Math.round(r.left), Math.round(r.top), x - (r.left + r.width / 2), y - (r.top + r.height / 2), !!hit && hit.closest('.card') === el];",
        sel = serde_json::to_string(css).expect("a selector")
    );
    let mut last = Value::Null;
    let mut offsets = (0.0, 0.0);
    for _ in 0..40 {
        let now = js(c, &spot).await;
        if now.is_null() {
            break;
        }
        offsets = (now[2].as_f64().unwrap_or(0.0), now[3].as_f64().unwrap_or(0.0));
        // Still for 60 ms, and the point is on this card.
        if now[4] == Value::Bool(true) && last[0] == now[0] && last[1] == now[1] {
            break;
        }
        last = now;
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    (el, offsets)
}

/// Clicks a card of the hand where a person would ([`card_spot`]).
pub async fn click_card(c: &Client, css: &str) {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
    let (el, offsets) = card_spot(c, css).await;
    let mouse = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: el,
            duration: None,
            x: offsets.0,
            y: offsets.1,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(mouse)
        .await
        .unwrap_or_else(|e| panic!("cannot click card {css}: {e}"));
}

/// Opens the start page and waits for its create form.
pub async fn open_start_page(c: &Client, server: &Server) {
    c.goto(&server.url).await.expect("start page");
    wait_js(c, "document.querySelector('#create-form')", "the start page").await;
}

/// Picks an `<option>` (or clicks any element) named by `css` once it is there; `what`
/// says what it is.
pub async fn select(c: &Client, css: &str, what: &str) {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {what} ({css}): {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot select {what} ({css}): {e}"));
}

pub async fn type_into(c: &Client, css: &str, text: &str) {
    let el = c
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no element {css}: {e}"));
    el.clear().await.expect("clear");
    el.send_keys(text).await.expect("type");
}

/// The text of the element named by `css` once it is there. A live page (the table's
/// state, the lobby's feed) may draw the element anew between finding and reading it: a
/// stale element is looked up again, a few times (as `click` does).
pub async fn text_of(c: &Client, css: &str) -> String {
    for attempt in 0.. {
        let el = c
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        match el.text().await {
            Ok(text) => return text,
            Err(e) if attempt < 5 && e.to_string().contains("stale element") => continue,
            Err(e) => panic!("cannot read the text of {css}: {e}"),
        }
    }
    unreachable!("the loop returns or panics")
}

/// The last `state` message the page received (see web/js/table.js).
pub async fn state(c: &Client) -> Value {
    js(
        c,
        "return window.binokel && window.binokel.state ? window.binokel.state : null",
    )
    .await
}

/// True when the page is waiting for this seat to act and shows the controls for it.
pub const MY_TURN: &str = "(() => { const s = window.binokel.state; const v = s && s.view; \
    return !!(v && v.seat !== null && v.to_act === v.seat && v.legal.length > 0 \
      && document.querySelector('.table-page').dataset.toAct === String(v.seat)); })()";

/// Checks that the hand marks exactly the legal cards, then makes one move the way a
/// person would: bid (up to 200) or pass, pick cards to bury and press Bury, declare the
/// first trump offered, or click a highlighted card.
pub async fn take_turn(c: &Client) -> String {
    let v = state(c).await["view"].clone();
    let legal: Vec<String> = v["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .map(|a| a.as_str().expect("token").to_string())
        .collect();
    if v["phase"] == "play" {
        let marks = js(
            c,
            "return [...document.querySelectorAll('#hand .card')].map(e => [e.dataset.card, e.classList.contains('legal')])",
        )
        .await;
        for m in marks.as_array().expect("cards") {
            let card = m[0].as_str().expect("code");
            let marked = m[1].as_bool().expect("flag");
            assert_eq!(
                marked,
                legal.iter().any(|a| a == card),
                "card {card} marked legal={marked}, but the server's legal actions are {legal:?}"
            );
        }
        click_card(c, "#hand .card.legal").await;
        // On a touch screen the first tap only chooses the card (web/js/handinput.js):
        // confirm with the Play button.
        tokio::time::sleep(Duration::from_millis(60)).await;
        if js(c, "return !!document.querySelector('#hand .card.armed')").await == Value::Bool(true) {
            click(c, "#act-play").await;
        }
        return "play".into();
    }
    if let Some(burial) = legal.iter().find(|a| a.starts_with("bury ")) {
        // Pick the cards of a burial the rules allow (some presets forbid burying meld cards).
        for card in burial.split(' ').skip(1) {
            click_card(c, &format!("#hand .card[data-card=\"{card}\"]:not(.selected)")).await;
        }
        click(c, "#act-bury:not([disabled])").await;
        return "bury".into();
    }
    if legal.iter().any(|a| a.starts_with("trump ")) {
        click(c, "button[data-act^=\"trump \"]").await;
        return "declare".into();
    }
    if v["phase"] == "auction" {
        let min_bid = legal
            .iter()
            .filter_map(|a| a.strip_prefix("bid ").and_then(|n| n.parse::<u32>().ok()))
            .min();
        match min_bid {
            Some(b) if b <= 200 || !legal.iter().any(|a| a == "pass") => click(c, "#act-bid").await,
            _ => click(c, "#act-pass").await,
        }
        return "auction".into();
    }
    // Anything else the page offers as a button (calling, two-player melds...).
    click(c, "#controls button[data-act]").await;
    "other".into()
}

/// Waits for the position to change after a move (a new action, a new deal or the end).
pub async fn wait_progress(c: &Client, deal: u64, seen: u64) {
    wait_js(
        c,
        &format!(
            "(() => {{ const v = window.binokel.state && window.binokel.state.view; \
             return v && (v.deal !== {deal} || v.history.length > {seen}); }})()"
        ),
        "the server to accept the move",
    )
    .await;
}

/// Bids at each of this seat's turns in the auction (the lowest bid offered) until the
/// auction is over; the bots pass in time, so we are the soloist. Answers the view at our
/// first turn after the auction (the burial, or the declaration where the preset buries
/// later), and fails if that turn is not ours as the soloist.
pub async fn bid_until_soloist(c: &Client) -> Value {
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the auction never ended in our favour"
        );
        wait_js(c, MY_TURN, "our turn").await;
        let v = state(c).await["view"].clone();
        if v["phase"] != "auction" {
            assert_eq!(v["soloist"], v["seat"], "we should be the soloist: {v}");
            return v;
        }
        click(c, "#act-bid").await;
        wait_past(c, &v).await;
    }
}

/// Waits for the position to move on from `view` (a `view` of [`state`], taken before a
/// move): see [`wait_progress`].
pub async fn wait_past(c: &Client, view: &Value) {
    wait_progress(
        c,
        view["deal"].as_u64().expect("deal"),
        view["history"].as_array().expect("history").len() as u64,
    )
    .await;
}

/// At this seat's burial (`view`, from [`state`]): chooses the cards of the first burial the
/// rules offer and presses Bury; waits until the server has taken it.
pub async fn bury_first_offered(c: &Client, view: &Value) {
    let burial = view["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .filter_map(Value::as_str)
        .find(|a| a.starts_with("bury "))
        .unwrap_or_else(|| panic!("no burial offered: {}", view["legal"]))
        .to_string();
    for card in burial.split(' ').skip(1) {
        click_card(c, &format!("#hand .card[data-card=\"{card}\"]:not(.selected)")).await;
    }
    click(c, "#act-bury:not([disabled])").await;
    wait_past(c, view).await;
}

/// Checks the result panel (`#result`) against the finished view `v` (docs/web.md, "The
/// flow of a deal"): a seat's melds are struck out exactly where they do not count (a side
/// without a trick in a trump game, unless the rules let the soloist's opponents count
/// without one; the soloist who gave up; everyone in Durch and Bettel); the burial's cards
/// are shown to the soloist, and the others read that it stays hidden. Answers the seats
/// whose melds are struck out.
pub async fn assert_result_panel(c: &Client, v: &Value) -> Vec<usize> {
    let n = v["players"].as_u64().expect("players") as usize;
    let side = |s: usize| if n == 4 { s % 2 } else { s };
    let tricks: Vec<u64> = v["tricks_taken"]
        .as_array()
        .expect("tricks")
        .iter()
        .map(|t| t.as_u64().expect("a count"))
        .collect();
    let took = |s: usize| (0..n).any(|i| side(i) == side(s) && tricks[i] > 0);
    let preset = v["rules"]
        .as_str()
        .or(v["rules"]["preset"].as_str())
        .unwrap_or("standard");
    let need_trick = match v["rules"]["opponents_need_trick"].as_str() {
        Some(x) => x != "no",
        None => {
            binokel::Rules::preset(binokel::Preset::from_name(preset).expect("a preset")).opponents_need_trick
        }
    };
    let kind = v["contract"].as_str().and_then(|x| x.split(' ').next());
    let soloist = v["soloist"].as_u64().map(|x| x as usize);
    let shown: Vec<bool> = (0..n)
        .map(|s| {
            v["melds"]
                .as_array()
                .is_some_and(|m| m.iter().any(|x| x["seat"] == s))
        })
        .collect();
    let struck: Vec<usize> = (0..n)
        .filter(|&s| {
            let own_side = soloist.is_some_and(|x| side(x) == side(s));
            let counts = match kind {
                Some("trump") => took(s) || (!own_side && !need_trick),
                Some("surrender") => !own_side,
                _ => false,
            };
            shown[s] && !counts
        })
        .collect();
    let page = js(
        c,
        "return [...document.querySelectorAll('#result tbody tr')].map(tr => !!tr.querySelector('.melds-cell s'))",
    )
    .await;
    let want: Vec<bool> = (0..n).map(|s| struck.contains(&s)).collect();
    assert_eq!(page, json!(want), "melds struck out per seat; the view: {v}");
    let burial = js(
        c,
        "const b = document.querySelector('#result-burial'); \
         return b ? [[...b.querySelectorAll('svg')].map(s => s.getAttribute('aria-label')).sort(), b.textContent.trim()] : null",
    )
    .await;
    if let Some(cards) = v["buried"].as_str() {
        let mut cards: Vec<&str> = cards.split(' ').collect();
        cards.sort();
        assert_eq!(burial[0], json!(cards), "the soloist sees the burial");
    } else if soloist.is_some() && matches!(kind, Some("trump" | "durch" | "bettel")) {
        assert_eq!(burial[0], json!([]), "another seat's burial stays face down");
        assert!(
            !burial[1].as_str().unwrap_or_default().is_empty(),
            "the panel says the burial stays hidden"
        );
    }
    struck
}

/// Plays this seat's turns until `done` (a JS expression) holds.
pub async fn play_until(c: &Client, done: &str, what: &str) -> Vec<String> {
    let start = Instant::now();
    let mut moves = Vec::new();
    // Between deals the result panel waits for "next deal" (feature `ready`): pressed.
    let goal = format!(
        "({done}) ? 'done' : ({MY_TURN}) ? 'turn' : document.querySelector('#next-deal:not([disabled])') ? 'next' : ''"
    );
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(180),
            "no {what} after 180 s: {moves:?}"
        );
        let r = wait_js(c, &goal, what).await;
        if r == "done" {
            return moves;
        }
        if r == "next" {
            // The next deal may start on its own in between (the countdown at tables with
            // people, or the deal pause for a seat that has not said `ready` since a
            // reconnect, docs/protocol.md "Readiness between deals"): the button is then
            // gone, which is no failure; the loop looks again.
            if let Ok(el) = c.find(Locator::Css("#next-deal:not([disabled])")).await {
                let _ = el.click().await;
            }
            moves.push("next".into());
            continue;
        }
        let v = state(c).await["view"].clone();
        let (deal, seen) = (
            v["deal"].as_u64().expect("deal"),
            v["history"].as_array().expect("history").len() as u64,
        );
        moves.push(take_turn(c).await);
        wait_progress(c, deal, seen).await;
    }
}

pub async fn start_bot_game(c: &Client, server: &Server, name: &str) -> String {
    c.goto(&server.url).await.expect("open the start page");
    wait_js(c, "document.querySelector('#quick-form')", "the start page").await;
    type_into(c, "#quick-name", name).await;
    c.find(Locator::Css("#quick-bot option[value=\"beginner\"]"))
        .await
        .expect("the beginner bot")
        .click()
        .await
        .expect("select");
    click(c, "#quick-play").await;
    wait_js(c, "document.querySelector('#hand .card')", "the dealt hand").await;
    wait_hand_at_rest(c).await;
    text_of(c, "#table-code").await
}

/// The smoke test of the browser suite (`browser.rs`, also run through nginx by
/// `nginx.rs`): the start page at `server.url`, a quick game against two bots, deals played
/// by clicks until one had our card play, the score sheet, no panic in the server's log and
/// no error on the page.
pub async fn smoke_full_deal(b: &Browser, server: &Server) {
    let c = &b.client;

    c.goto(&server.url).await.expect("open the start page");
    wait_js(c, "document.querySelector('#quick-form')", "the start page").await;
    assert_eq!(text_of(c, "#quick-form h2").await, "Play against two bots");
    for id in ["#create-form", "#join-form", "#watch-code", "#create-preset"] {
        c.find(Locator::Css(id))
            .await
            .unwrap_or_else(|_| panic!("start page lacks {id}"));
    }
    // The hero shows project-drawn SVG cards.
    let svgs = js(
        c,
        "return document.querySelectorAll('.hero-cards svg.card-svg').length",
    )
    .await;
    assert_eq!(svgs, json!(5));

    let code = start_bot_game(c, server, "Anna").await;
    assert_eq!(code.len(), 6, "invite code {code:?}");
    let v = state(c).await["view"].clone();
    assert_eq!(v["names"][0], "Anna");
    assert_eq!(v["hand_sizes"], json!([15, 15, 15]));
    let shown = js(c, "return document.querySelectorAll('#hand .card').length").await;
    assert_eq!(shown, json!(15), "the hand shows 15 cards");

    // Play deals to their end until one had cards played by us (a bot may surrender at once).
    let mut deals = 0;
    loop {
        let moves = play_until(
            c,
            &format!("window.binokel.state.view.score_sheet.length > {deals}"),
            "the end of the deal",
        )
        .await;
        deals += 1;
        if moves.iter().any(|m| m == "play") {
            break;
        }
        assert!(deals < 6, "no deal with our card play in {deals} deals");
    }
    // The score sheet on the page has a line per deal.
    wait_js(
        c,
        &format!("document.querySelectorAll('#score-sheet tbody tr').length >= {deals}"),
        "the score sheet lines",
    )
    .await;
    let sheet = state(c).await["view"]["score_sheet"].clone();
    assert!(
        sheet.as_array().expect("sheet").len() >= deals,
        "{deals} deals scored: {sheet}"
    );
    let footer = text_of(c, "#score-sheet tfoot").await;
    for x in state(c).await["view"]["totals"].as_array().expect("totals") {
        assert!(
            footer.contains(&x.to_string()),
            "the footer {footer:?} shows the total {x}"
        );
    }
    assert!(
        !server.log().contains("panicked"),
        "server log:\n{}",
        server.log()
    );
    assert_no_js_errors(b).await;
}
