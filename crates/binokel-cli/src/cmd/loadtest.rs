//! `binokel loadtest`: N tables of scripted people against a server, measured.

use binokel_server::loadtest::{check_lost, drive, LoadConfig};
use binokel_server::store::Store;
use clap::Parser;
use std::process::ExitCode;
use std::time::Duration;

/// Drive N tables of three scripted clients over loopback WebSockets and report actions per
/// second, latency (action to the update that shows it), errors and lost actions.
#[derive(Parser, Debug)]
pub struct Args {
    /// Number of tables (three connections each).
    #[arg(long, default_value_t = 100)]
    pub tables: usize,
    /// Mean think time before each action, milliseconds (uniform between 0 and twice it).
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// Seconds of play once the tables are open.
    #[arg(long, default_value_t = 60.0)]
    pub duration_secs: f64,
    /// Seconds over which the tables are opened (default: tables / 100).
    #[arg(long)]
    pub ramp_secs: Option<f64>,
    /// A running server's base URL (http://127.0.0.1:PORT). Without it, a server is started
    /// in this process on a fresh SQLite file.
    #[arg(long)]
    pub url: Option<String>,
    /// The database the server uses, to check for lost actions (with --url), or the one to
    /// start the in-process server on.
    #[arg(long)]
    pub database: Option<String>,
    /// Seed of the scripted choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seats of each table played by the server's bots (0 to 2, the last seats); their
    /// move lag is reported.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub bot_seats: u8,
    /// The bots of those seats.
    #[arg(long, default_value = "strong")]
    pub bot: String,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Exit 1 unless there were no errors, no lost actions, and p99 was at most this (ms).
    #[arg(long)]
    pub max_p99_ms: Option<f64>,
}

/// Runs the load test.
pub fn run(args: Args) -> ExitCode {
    super::serve::init_logs(false);
    let rt = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("binokel loadtest: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(main(args))
}

async fn main(args: Args) -> ExitCode {
    let fail = |m: String| {
        eprintln!("binokel loadtest: {m}");
        ExitCode::FAILURE
    };
    let Ok(duration) = Duration::try_from_secs_f64(args.duration_secs) else {
        return fail(format!(
            "--duration-secs must be positive, not {}",
            args.duration_secs
        ));
    };
    let ramp_secs = args.ramp_secs.unwrap_or(args.tables as f64 / 100.0);
    let Ok(ramp) = Duration::try_from_secs_f64(ramp_secs) else {
        return fail(format!("--ramp-secs must be positive, not {ramp_secs}"));
    };
    let mut temp = None;
    let database = match (&args.url, &args.database) {
        (_, Some(d)) => Some(d.clone()),
        (Some(_), None) => None,
        (None, None) => {
            let p = std::env::temp_dir().join(format!("binokel-loadtest-{}.sqlite3", std::process::id()));
            temp = Some(p.clone());
            Some(format!("sqlite://{}", p.display()))
        }
    };
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let mut server = None;
    let url = match &args.url {
        Some(u) => u.trim_end_matches('/').to_string(),
        None => {
            let listener = match tokio::net::TcpListener::bind("127.0.0.1:0").await {
                Ok(l) => l,
                Err(e) => return fail(format!("cannot listen: {e}")),
            };
            let addr = match listener.local_addr() {
                Ok(a) => a,
                Err(e) => return fail(e.to_string()),
            };
            let mut c = binokel_server::Config::new(database.as_deref().unwrap_or_default());
            c.bot_delay = Duration::ZERO;
            c.deal_pause = Duration::ZERO;
            c.max_connections = args.tables * 3 + 100;
            // Every table is created from this one address, and all of them live at once.
            c.tables_per_minute = 0;
            c.max_tables = 0;
            server = Some(tokio::spawn(binokel_server::run(listener, c, async {
                let _ = stop_rx.await;
            })));
            let url = format!("http://{addr}");
            // Wait until it answers (migrations run first).
            let mut up = false;
            for _ in 0..100 {
                if binokel_server::client::http(&url, "GET", "/health", None)
                    .await
                    .is_ok_and(|a| a.status == 200)
                {
                    up = true;
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            if !up {
                return fail("the in-process server did not start".into());
            }
            url
        }
    };
    eprintln!(
        "binokel loadtest: {} tables ({} bot seats each), think {} ms, ramp {:.1} s, {:.1} s of play against {url}",
        args.tables, args.bot_seats, args.think_ms, ramp_secs, args.duration_secs
    );
    let cfg = LoadConfig {
        url,
        tables: args.tables,
        think: Duration::from_millis(args.think_ms),
        duration,
        ramp,
        seed: args.seed,
        bot_seats: args.bot_seats as usize,
        bot: args.bot.clone(),
    };
    let (mut report, acked) = drive(&cfg).await;
    let _ = stop_tx.send(());
    if let Some(s) = server {
        let _ = s.await;
    }
    if let Some(db) = &database {
        match Store::open(db).await {
            Ok(store) => {
                match check_lost(&store, &acked).await {
                    Ok(n) => report.lost = Some(n),
                    Err(e) => return fail(format!("cannot check the database: {e}")),
                }
                store.close().await;
            }
            Err(e) => return fail(format!("cannot open the database to check it: {e}")),
        }
    }
    if let Some(p) = temp {
        for suffix in ["", "-wal", "-shm", ".lock"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
    } else {
        println!(
            "tables {}  connections {}  actions {}  in {:.1} s  = {:.1} actions/s\nlatency p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms\nerrors {}  lost {}",
            report.tables,
            report.connections,
            report.actions,
            report.seconds,
            report.actions_per_second,
            report.p50_ms,
            report.p99_ms,
            report.max_ms,
            report.errors,
            report.lost.map_or("not checked (no --database)".to_string(), |n| n.to_string()),
        );
        if report.bot_seats > 0 {
            println!(
                "bot moves {}  lag p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms (state to the bot's move, bot delay included)",
                report.bot_moves, report.bot_lag_p50_ms, report.bot_lag_p99_ms, report.bot_lag_max_ms
            );
        }
        for e in &report.error_samples {
            println!("  error: {e}");
        }
    }
    let ok = report.errors == 0
        && report.lost.unwrap_or(0) == 0
        && args.max_p99_ms.is_none_or(|m| report.p99_ms <= m);
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
