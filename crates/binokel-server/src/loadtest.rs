//! The load tester behind `binokel loadtest`: N tables of scripted people (three, or fewer
//! beside bot seats) over real WebSockets, each acting after a think time; it measures
//! actions per second, the latency from an action to the state update that shows it, the
//! bots' move lag, errors, and (against the database) acknowledged actions that were lost.

use crate::client::{http, ClientError, Socket};
use crate::protocol::{ClientMsg, ErrorCode, PROTOCOL_VERSION};
use crate::store::Store;
use rand::{Rng, SeedableRng};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::time::Instant;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The server's base URL (`http://127.0.0.1:PORT`).
    pub url: String,
    /// Tables (three connections each).
    pub tables: usize,
    /// Mean think time before each action (uniform between 0 and twice this).
    pub think: Duration,
    /// How long actions are sent once every table is open.
    pub duration: Duration,
    /// Time over which tables are opened.
    pub ramp: Duration,
    /// Seed of the scripted players' choices.
    pub seed: u64,
    /// Seats of each table played by the server's bots (0 to 2; the last seats).
    pub bot_seats: usize,
    /// The bots' name (`strong`, ...).
    pub bot: String,
}

/// One acknowledged action: (table, deal, index, token).
pub type Acked = (String, usize, usize, String);

/// The measured result.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LoadReport {
    /// Tables opened.
    pub tables: usize,
    /// WebSocket connections opened.
    pub connections: usize,
    /// Actions acknowledged.
    pub actions: usize,
    /// Seconds of the measuring window.
    pub seconds: f64,
    /// Acknowledged actions per second.
    pub actions_per_second: f64,
    /// Median latency from sending an action to the state update that shows it, ms.
    pub p50_ms: f64,
    /// 99th percentile of that latency, ms.
    pub p99_ms: f64,
    /// Largest latency, ms.
    pub max_ms: f64,
    /// Error replies, failed connections and failed requests.
    pub errors: usize,
    /// The first few errors, as text.
    pub error_samples: Vec<String>,
    /// Acknowledged actions missing from the database (None: not checked).
    pub lost: Option<usize>,
    /// Bot seats per table.
    pub bot_seats: usize,
    /// Bot moves timed (seen by the first person of each table).
    pub bot_moves: usize,
    /// Median time from the state where a bot is to act to the state that shows its move
    /// (the server's bot delay included), ms.
    pub bot_lag_p50_ms: f64,
    /// 99th percentile of the bots' move lag, ms.
    pub bot_lag_p99_ms: f64,
    /// Largest bot move lag, ms.
    pub bot_lag_max_ms: f64,
}

#[derive(Default)]
struct ClientStats {
    latencies_us: Vec<u64>,
    bot_lag_us: Vec<u64>,
    acked: Vec<Acked>,
    errors: Vec<String>,
}

/// Opens the tables, plays for the configured time, and reports (without the database
/// check; see [`check_lost`]).
pub async fn drive(cfg: &LoadConfig) -> (LoadReport, Vec<Acked>) {
    let start = Instant::now();
    let open_gate = Arc::new(Semaphore::new(32));
    let spacing = if cfg.tables > 0 {
        cfg.ramp / cfg.tables as u32
    } else {
        Duration::ZERO
    };
    let end = start + cfg.ramp + cfg.duration;
    let mut tasks = Vec::new();
    for t in 0..cfg.tables {
        let cfg = cfg.clone();
        let gate = open_gate.clone();
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(spacing * t as u32).await;
            let seats = {
                let _permit = gate.acquire().await;
                open_table(&cfg.url, cfg.bot_seats, &cfg.bot).await
            };
            let (code, tokens) = match seats {
                Ok(x) => x,
                Err(e) => {
                    return vec![ClientStats {
                        errors: vec![format!("table {t}: {e}")],
                        ..Default::default()
                    }]
                }
            };
            let mut players = Vec::new();
            for (seat, token) in tokens.into_iter().enumerate() {
                let url = crate::ws_url(&cfg.url);
                let code = code.clone();
                let seed = cfg.seed ^ ((t as u64) << 8) ^ seat as u64;
                let think = cfg.think;
                let bots_from = 3 - cfg.bot_seats.min(2);
                players.push(tokio::spawn(async move {
                    play(&url, &code, &token, seed, think, end, bots_from).await
                }));
            }
            let mut out = Vec::new();
            for p in players {
                out.push(p.await.unwrap_or_else(|e| ClientStats {
                    errors: vec![format!("client task failed: {e}")],
                    ..Default::default()
                }));
            }
            out
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        match t.await {
            Ok(v) => all.extend(v),
            Err(e) => all.push(ClientStats {
                errors: vec![format!("table task failed: {e}")],
                ..Default::default()
            }),
        }
    }
    let mut lat: Vec<u64> = all.iter().flat_map(|c| c.latencies_us.iter().copied()).collect();
    lat.sort_unstable();
    let mut bot_lat: Vec<u64> = all.iter().flat_map(|c| c.bot_lag_us.iter().copied()).collect();
    bot_lat.sort_unstable();
    let pct_of = |lat: &[u64], p: f64| -> f64 {
        if lat.is_empty() {
            return 0.0;
        }
        let i = ((lat.len() as f64 * p).ceil() as usize).clamp(1, lat.len()) - 1;
        lat[i] as f64 / 1000.0
    };
    let pct = |p: f64| pct_of(&lat, p);
    let errors: Vec<String> = all.iter().flat_map(|c| c.errors.iter().cloned()).collect();
    let acked: Vec<Acked> = all.iter().flat_map(|c| c.acked.iter().cloned()).collect();
    let seconds = (cfg.ramp + cfg.duration).as_secs_f64();
    let report = LoadReport {
        tables: cfg.tables,
        connections: cfg.tables * (3 - cfg.bot_seats.min(2)),
        actions: acked.len(),
        seconds,
        actions_per_second: acked.len() as f64 / seconds.max(1e-9),
        p50_ms: pct(0.50),
        p99_ms: pct(0.99),
        max_ms: lat.last().map_or(0.0, |&x| x as f64 / 1000.0),
        errors: errors.len(),
        error_samples: errors.into_iter().take(10).collect(),
        lost: None,
        bot_seats: cfg.bot_seats.min(2),
        bot_moves: bot_lat.len(),
        bot_lag_p50_ms: pct_of(&bot_lat, 0.50),
        bot_lag_p99_ms: pct_of(&bot_lat, 0.99),
        bot_lag_max_ms: bot_lat.last().map_or(0.0, |&x| x as f64 / 1000.0),
    };
    (report, acked)
}

/// Acknowledged actions that the database does not hold.
pub async fn check_lost(store: &Store, acked: &[Acked]) -> Result<usize, String> {
    let mut by_table: HashMap<&str, Vec<(usize, usize, &str)>> = HashMap::new();
    for (code, d, i, a) in acked {
        by_table.entry(code).or_default().push((*d, *i, a));
    }
    let mut lost = 0;
    for (code, list) in by_table {
        let stored = store.actions(code).await.map_err(|e| e.to_string())?;
        let mut at: HashMap<(usize, usize), &str> = HashMap::new();
        let mut counts: HashMap<usize, usize> = HashMap::new();
        for (d, a) in &stored {
            let c = counts.entry(*d).or_default();
            at.insert((*d, *c), a.as_str());
            *c += 1;
        }
        lost += list
            .iter()
            .filter(|(d, i, a)| at.get(&(*d, *i)) != Some(a))
            .count();
    }
    Ok(lost)
}

async fn open_table(url: &str, bot_seats: usize, bot: &str) -> Result<(String, Vec<String>), ClientError> {
    let humans = 3 - bot_seats.min(2);
    let seats: Vec<serde_json::Value> = (0..3)
        .map(|i| {
            if i < humans {
                serde_json::json!({"kind": "human"})
            } else {
                serde_json::json!({"kind": "bot", "bot": bot})
            }
        })
        .collect();
    let body = serde_json::json!({
        "rules": "standard",
        "name": "load 1",
        "seats": seats,
    });
    let a = http(url, "POST", "/api/tables", Some(&body)).await?;
    if a.status != 201 {
        return Err(ClientError(format!(
            "create: HTTP {}: {}",
            a.status,
            String::from_utf8_lossy(&a.body)
        )));
    }
    let v = a.json()?;
    let code = v["code"].as_str().unwrap_or_default().to_string();
    let mut tokens = vec![v["token"].as_str().unwrap_or_default().to_string()];
    for s in 1..humans {
        let body = serde_json::json!({"name": format!("load {}", s + 1)});
        let a = http(url, "POST", &format!("/api/tables/{code}/join"), Some(&body)).await?;
        if a.status != 200 {
            return Err(ClientError(format!(
                "join: HTTP {}: {}",
                a.status,
                String::from_utf8_lossy(&a.body)
            )));
        }
        tokens.push(a.json()?["token"].as_str().unwrap_or_default().to_string());
    }
    Ok((code, tokens))
}

/// One scripted person: waits a think time, plays a random legal action, measures. Seats
/// from `bots_from` on are bots: the first person times their moves.
async fn play(
    url: &str,
    code: &str,
    token: &str,
    seed: u64,
    think: Duration,
    end: Instant,
    bots_from: usize,
) -> ClientStats {
    let mut st = ClientStats::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut sock = match Socket::connect(url).await {
        Ok(s) => s,
        Err(e) => {
            st.errors.push(e.to_string());
            return st;
        }
    };
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.to_string(),
        token: Some(token.to_string()),
        features: vec![],
        account: false,
    };
    if let Err(e) = sock.send(&hello).await {
        st.errors.push(e.to_string());
        return st;
    }
    let mut next: Option<(Instant, String)> = None;
    // (id, sent at, acknowledged)
    let mut inflight: Option<(u64, Instant, bool)> = None;
    let mut last_acted: Option<(usize, usize)> = None;
    let mut id = 0u64;
    let linger = end + Duration::from_secs(5);
    // The position where a bot is to act and when that state arrived.
    let mut bot_wait: Option<((usize, usize), Instant)> = None;
    loop {
        if Instant::now() >= end && inflight.is_none() {
            break;
        }
        let wake = next.as_ref().map_or(linger, |(t, _)| *t).min(linger);
        tokio::select! {
            m = sock.recv_as::<Light>() => {
                let m = match m {
                    Ok(Some(m)) => m,
                    Ok(None) => { st.errors.push(format!("{code}: connection closed by the server")); break }
                    Err(e) => { st.errors.push(format!("{code}: {e}")); break }
                };
                match m {
                    Light::Ack { id: Some(i), deal, index, action } => {
                        if let Some((want, _, acked)) = inflight.as_mut() {
                            if *want == i { *acked = true; }
                        }
                        st.acked.push((code.to_string(), deal, index, action));
                    }
                    Light::State { view: Some(view) } => {
                        if let Some((_, sent, true)) = inflight {
                            st.latencies_us.push(sent.elapsed().as_micros() as u64);
                            inflight = None;
                        }
                        let pos = (view.deal, view.history.len());
                        if view.seat == Some(0) {
                            if let Some((p, t)) = bot_wait {
                                if p != pos {
                                    st.bot_lag_us.push(t.elapsed().as_micros() as u64);
                                    bot_wait = None;
                                }
                            }
                            if bot_wait.is_none() && view.to_act.is_some_and(|s| s >= bots_from) {
                                bot_wait = Some((pos, Instant::now()));
                            }
                        }
                        let mine = view.seat.is_some() && view.to_act == view.seat && !view.legal.is_empty();
                        if mine && inflight.is_none() && next.is_none() && last_acted != Some(pos) && Instant::now() < end {
                            let a = view.legal[rng.gen_range(0..view.legal.len())].clone();
                            let wait = think.mul_f64(rng.gen_range(0.0..2.0));
                            next = Some((Instant::now() + wait, a));
                            last_acted = Some(pos);
                        }
                    }
                    Light::Error { error, message } => {
                        st.errors.push(format!("{code}: {error}: {message}"));
                        inflight = None;
                    }
                    Light::MatchOver => break,
                    _ => {}
                }
            }
            _ = tokio::time::sleep_until(wake) => {
                if Instant::now() >= linger {
                    if inflight.is_some() { st.errors.push(format!("{code}: no answer to an action")); }
                    break;
                }
                if let Some((t, a)) = next.take() {
                    if Instant::now() >= t {
                        id += 1;
                        let msg = ClientMsg::Action { action: a, id: Some(id), deal: None, index: None };
                        if let Err(e) = sock.send(&msg).await { st.errors.push(e.to_string()); break; }
                        inflight = Some((id, Instant::now(), false));
                    } else {
                        next = Some((t, a));
                    }
                }
            }
        }
    }
    sock.close().await;
    st
}

/// The few fields a scripted player reads: parsing whole views on 3,000 connections would
/// cost the measuring side more CPU than the server spends.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Light {
    State {
        view: Option<LightView>,
    },
    Ack {
        id: Option<u64>,
        deal: usize,
        index: usize,
        action: String,
    },
    Error {
        error: ErrorCode,
        message: String,
    },
    MatchOver,
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
struct LightView {
    seat: Option<usize>,
    to_act: Option<usize>,
    deal: usize,
    history: Vec<IgnoredAny>,
    legal: Vec<String>,
}
