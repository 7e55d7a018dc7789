//! `binokel serve`: the game server (HTTP + WebSocket, SQLite or PostgreSQL).

use binokel_server::Config;
use clap::Parser;
use std::process::ExitCode;
use std::time::Duration;

/// Serve online tables: WebSocket play, HTTP pages, records and health.
///
/// Every option can also be set from the environment, as `BINOKEL_` and the option's name
/// in capitals with `_` for `-` (`--lease-secs 5` is `BINOKEL_LEASE_SECS=5`); an option
/// on the command line wins over its variable (docs/deploy.md, "Configuration").
#[derive(Parser, Debug)]
pub struct Args {
    /// Address to listen on (loopback by default; port 0 picks a free port).
    #[arg(long, env = "BINOKEL_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// Serve `/metrics` (Prometheus) on this address, apart from the game (off by default;
    /// it has no login: keep it on loopback or a private network; docs/deploy.md, "Metrics").
    #[arg(long, env = "BINOKEL_METRICS_LISTEN")]
    pub metrics_listen: Option<String>,
    /// Database URL: `sqlite://PATH` or `postgres://...` (default: the variable
    /// DATABASE_URL, else the SQLite file binokel.sqlite3, created on first start).
    #[arg(long, env = "BINOKEL_DATABASE")]
    pub database: Option<String>,
    /// The URL other processes send clients to for tables this one owns
    /// (default: http://LISTEN-ADDRESS).
    #[arg(long, env = "BINOKEL_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Seconds a table's lease lasts without renewal (another process takes over after it).
    #[arg(long, env = "BINOKEL_LEASE_SECS", default_value_t = 15.0)]
    pub lease_secs: f64,
    /// Seconds a person may be disconnected before a bot plays the seat.
    #[arg(long, env = "BINOKEL_GRACE_SECS", default_value_t = 30.0)]
    pub grace_secs: f64,
    /// The turn clock in seconds; when it runs out a bot plays the seat until the person is back.
    #[arg(long, env = "BINOKEL_TURN_SECS", default_value_t = 60.0)]
    pub turn_secs: f64,
    /// Pause between deals, milliseconds (seats whose client does not wait with `ready`).
    #[arg(long, env = "BINOKEL_DEAL_PAUSE_MS", default_value_t = 2000)]
    pub deal_pause_ms: u64,
    /// At tables with more than one person: seconds the next deal waits for the people
    /// whose client says `ready` (a visible countdown) before it starts anyway.
    #[arg(long, env = "BINOKEL_READY_SECS", default_value_t = 20.0)]
    pub ready_secs: f64,
    /// How long bots wait before acting, milliseconds.
    #[arg(long, env = "BINOKEL_BOT_DELAY_MS", default_value_t = 400)]
    pub bot_delay_ms: u64,
    /// Most simultaneous WebSocket connections.
    #[arg(long, env = "BINOKEL_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// Most tables one client address may create a minute (0: no limit); beyond it
    /// `POST /api/tables` answers 429 `too_many_tables` with `Retry-After`.
    #[arg(long, env = "BINOKEL_TABLES_PER_MINUTE", default_value_t = 30)]
    pub tables_per_minute: u32,
    /// Most public tables one client address may have waiting for players at once (0: no
    /// cap); beyond it creating one more public table that waits (`POST /api/tables`, quick
    /// match opening one) answers 429 `too_many_tables`.
    #[arg(long, env = "BINOKEL_OPEN_TABLES_PER_ADDRESS", default_value_t = 3)]
    pub open_tables_per_address: usize,
    /// Most score pads one client address may create a minute (0: no limit); beyond it
    /// `POST /api/pads` answers 429 `too_many_pads` with `Retry-After` (docs/pad.md).
    #[arg(long, env = "BINOKEL_PADS_PER_MINUTE", default_value_t = 20)]
    pub pads_per_minute: u32,
    /// Most tables in memory at once; creating one more is refused with 429 (0: no limit).
    #[arg(long, env = "BINOKEL_MAX_TABLES", default_value_t = 10_000)]
    pub max_tables: usize,
    /// Seconds without an action or a connection after which a table is unloaded from
    /// memory (its stored actions stay; the next hello loads it again).
    #[arg(long, env = "BINOKEL_IDLE_UNLOAD_SECS", default_value_t = 1800.0)]
    pub idle_unload_secs: f64,
    /// Threads that run bot decisions, hints and reviews, each with its own solver table
    /// (default: one fewer than the cores, at least one; at least two while reviews are on).
    #[arg(long, env = "BINOKEL_BOT_WORKERS")]
    pub bot_workers: Option<usize>,
    /// Game reviews computed at once as jobs of the bot workers, never more than the
    /// workers less one (0: reviews are off; docs/protocol.md, "Reviews").
    #[arg(long, env = "BINOKEL_REVIEWS", default_value_t = 1)]
    pub reviews: usize,
    /// Reviews that may wait for a worker; past it `POST /api/reviews` answers 503
    /// `busy` with `Retry-After`.
    #[arg(long, env = "BINOKEL_REVIEW_QUEUE", default_value_t = 4)]
    pub review_queue: usize,
    /// Most reviews one client address may ask for a minute (0: no limit); beyond it
    /// `POST /api/reviews` answers 429 `too_many_reviews` with `Retry-After`.
    #[arg(long, env = "BINOKEL_REVIEWS_PER_MINUTE", default_value_t = 6)]
    pub reviews_per_minute: u32,
    /// Scale the review budget: 2 searches twice as many samples, 0.5 half (docs/review.md).
    #[arg(long, env = "BINOKEL_REVIEW_BUDGET", default_value_t = 1.0)]
    pub review_budget: f64,
    /// Reverse proxies whose `Forwarded`/`X-Forwarded-For` headers name the client, as CIDR
    /// blocks or addresses separated by commas (`127.0.0.1,10.0.0.0/8`; none by default: the
    /// headers are ignored). The per-address limits then count the client, not the proxy
    /// (docs/deploy.md, "Behind a proxy").
    #[arg(long, env = "BINOKEL_TRUSTED_PROXIES")]
    pub trusted_proxies: Option<String>,
    /// Most password checks (logins, password changes, account deletions) one client
    /// address may ask for a minute (0: no limit); beyond it `429 too_many_logins`
    /// (docs/accounts.md).
    #[arg(long, env = "BINOKEL_LOGINS_PER_MINUTE", default_value_t = 30)]
    pub logins_per_minute: u32,
    /// Most accounts one client address may make a minute (0: no limit); beyond it
    /// `429 too_many_signups`.
    #[arg(long, env = "BINOKEL_SIGNUPS_PER_MINUTE", default_value_t = 10)]
    pub signups_per_minute: u32,
    /// The first delay, milliseconds, of a name's login answers after its third failure in a
    /// row; it doubles with each further failure, up to 16 times (docs/accounts.md).
    #[arg(long, env = "BINOKEL_LOGIN_DELAY_MS", default_value_t = 1000)]
    pub login_delay_ms: u64,
    /// The deals of the deal of the day, a multiple of 3 (docs/daily.md). Smaller for tests.
    #[arg(long, env = "BINOKEL_DAILY_DEALS", default_value_t = binokel_server::daily::DEALS)]
    pub daily_deals: u32,
    /// The bot at seats 1 and 2 of the deal of the day (docs/daily.md). `random` for tests.
    #[arg(long, env = "BINOKEL_DAILY_BOT", default_value = binokel_server::daily::BOT)]
    pub daily_bot: String,
    /// A test hook: the UTC day (YYYY-MM-DD) the deal of the day takes as today, instead of
    /// the clock's (docs/daily.md, "Test hooks"). Not for a real server.
    #[arg(long, env = "BINOKEL_DAILY_TODAY")]
    pub daily_today: Option<String>,
    /// Log as JSON lines instead of text.
    #[arg(long, env = "BINOKEL_LOG_JSON")]
    pub log_json: bool,
}

fn secs(name: &str, s: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(s)
        .map_err(|_| format!("--{name} must be a positive number of seconds, not {s}"))
}

/// Builds the server configuration from the arguments.
pub fn config(args: &Args) -> Result<Config, String> {
    // An empty value (`BINOKEL_PUBLIC_URL=` in an environment file) counts as not given.
    let given = |v: &Option<String>| v.clone().filter(|s| !s.trim().is_empty());
    let db = given(&args.database)
        .or_else(|| std::env::var("DATABASE_URL").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "sqlite://binokel.sqlite3".into());
    let mut c = Config::new(&db);
    c.public_url = given(&args.public_url);
    c.lease = secs("lease-secs", args.lease_secs)?;
    c.grace = secs("grace-secs", args.grace_secs)?;
    c.turn = secs("turn-secs", args.turn_secs)?;
    if c.lease < Duration::from_millis(300) {
        return Err("--lease-secs must be at least 0.3".into());
    }
    c.deal_pause = Duration::from_millis(args.deal_pause_ms);
    c.ready_wait = Duration::from_secs_f64(args.ready_secs.max(0.0));
    c.bot_delay = Duration::from_millis(args.bot_delay_ms);
    c.max_connections = args.max_connections;
    c.tables_per_minute = args.tables_per_minute;
    c.pads_per_minute = args.pads_per_minute;
    c.max_tables = args.max_tables;
    c.open_tables_per_address = args.open_tables_per_address;
    c.idle_unload = secs("idle-unload-secs", args.idle_unload_secs)?;
    if let Some(n) = args.bot_workers {
        if n == 0 {
            return Err("--bot-workers must be at least 1".into());
        }
        c.bot_workers = n;
    }
    if !(args.review_budget.is_finite() && args.review_budget > 0.0 && args.review_budget <= 64.0) {
        return Err("--review-budget must be a number above 0 and at most 64".into());
    }
    c.reviews = args.reviews;
    c.review_queue = args.review_queue;
    c.reviews_per_minute = args.reviews_per_minute;
    c.review_budget = args.review_budget;
    c.logins_per_minute = args.logins_per_minute;
    c.signups_per_minute = args.signups_per_minute;
    c.login_delay = Duration::from_millis(args.login_delay_ms);
    binokel_server::daily::day_rules(args.daily_deals).map_err(|e| format!("--daily-deals: {e}"))?;
    c.daily_deals = args.daily_deals;
    if !binokel_ai::BOT_NAMES.contains(&args.daily_bot.as_str()) {
        return Err(format!(
            "--daily-bot: unknown bot `{}` (known: {})",
            args.daily_bot,
            binokel_ai::BOT_NAMES.join(", ")
        ));
    }
    c.daily_bot = args.daily_bot.clone();
    if let Some(d) = given(&args.daily_today) {
        binokel_server::daily::Day::parse(&d).map_err(|e| format!("--daily-today: {e}"))?;
        c.daily_today = Some(d);
    }
    if let Some(list) = given(&args.trusted_proxies) {
        c.trusted_proxies =
            binokel_server::address::parse_trusted(&list).map_err(|e| format!("--trusted-proxies: {e}"))?;
    }
    Ok(c)
}

/// Logs to stderr; `RUST_LOG` chooses the level (default info).
pub fn init_logs(json: bool) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let b = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if json { b.json().try_init() } else { b.try_init() };
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: Args) -> ExitCode {
    init_logs(args.log_json);
    let config = match config(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("binokel serve: {e}");
            return ExitCode::from(2);
        }
    };
    let rt = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("binokel serve: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(&args.listen).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("binokel serve: cannot listen on {}: {e}", args.listen);
                return ExitCode::FAILURE;
            }
        };
        match listener.local_addr() {
            // Scripts and tests read the address from this line.
            Ok(a) => println!("listening on http://{a}"),
            Err(e) => eprintln!("binokel serve: {e}"),
        }
        let metrics = match args
            .metrics_listen
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => None,
            Some(addr) => match tokio::net::TcpListener::bind(addr).await {
                Ok(l) => {
                    match l.local_addr() {
                        Ok(a) => println!("metrics on http://{a}/metrics"),
                        Err(e) => eprintln!("binokel serve: {e}"),
                    }
                    Some(l)
                }
                Err(e) => {
                    eprintln!("binokel serve: cannot listen on {addr} for --metrics-listen: {e}");
                    return ExitCode::FAILURE;
                }
            },
        };
        match binokel_server::run_with_metrics(listener, metrics, config, shutdown_signal()).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("binokel serve: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}
