//! `binokel admin`: the operator's commands on a server's database (docs/deploy.md,
//! "Operator commands"). They work on the database itself, beside running servers: `tables`
//! lists the tables, `close` closes one. A table a process serves is closed by that process
//! (the owner of its lease) when it renews the lease: its players are told why, the match
//! ends without a winner and unrated. A table nobody serves is closed at once. The
//! commands on accounts (`accounts`, `disable`, `enable`, `reset-password`) are in
//! [`admin_accounts`](super::admin_accounts).

use super::admin_accounts as accounts;
use super::backup::{beside, block_on, sqlite_file};
use binokel_server::protocol::Status;
use binokel_server::store::admin::{CloseRequest, TableInfo};
use binokel_server::store::{sqlite_path, Store};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The operator's commands on a server's database.
#[derive(Parser, Debug)]
pub struct Args {
    /// The database: `sqlite://PATH` or `postgres://...` (default: the variable
    /// DATABASE_URL, else sqlite://binokel.sqlite3, as `binokel serve`).
    #[arg(long, global = true, env = "BINOKEL_DATABASE")]
    pub database: Option<String>,
    /// What to do.
    #[command(subcommand)]
    pub what: What,
}

/// An operator's command.
#[derive(Subcommand, Debug)]
pub enum What {
    /// List the tables, the most recently created first.
    Tables {
        /// Only tables of this status: waiting, playing, finished or closed.
        #[arg(long)]
        status: Option<String>,
        /// At most this many tables.
        #[arg(long, default_value_t = 50)]
        limit: usize,
        /// Print a JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Close a table before its match ends: its players are told, the match ends without a
    /// winner and unrated.
    Close {
        /// The table's invite code.
        code: String,
        /// What the players are told.
        #[arg(long, default_value = "closed by the server's operator")]
        reason: String,
        /// How long to wait for the process that serves the table to close it (it does when
        /// it renews the table's lease, within a third of its --lease-secs).
        #[arg(long, default_value_t = 30.0)]
        wait_secs: f64,
    },
    /// The commands on accounts (`accounts`, `disable`, `enable`, `reset-password`).
    #[command(flatten)]
    Account(accounts::Command),
}

/// Runs `binokel admin`: 0 done, 1 refused or failed (the message says why), 3 a close
/// asked of a serving process that has not confirmed it within `--wait-secs`.
pub fn run(args: Args) -> ExitCode {
    let database = args
        .database
        .clone()
        .filter(|s| !s.trim().is_empty())
        .or_else(|| std::env::var("DATABASE_URL").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "sqlite://binokel.sqlite3".into());
    let r = match args.what {
        What::Tables { status, limit, json } => block_on(tables(&database, status.as_deref(), limit, json)),
        What::Close {
            code,
            reason,
            wait_secs,
        } => block_on(close(&database, &code, &reason, wait_secs)),
        What::Account(c) => block_on(async {
            let (store, _) = open(&database).await?;
            let r = accounts::run(&store, c).await;
            store.close().await;
            r
        }),
    };
    match r {
        Ok((report, code)) => {
            super::print_line(&report);
            ExitCode::from(code)
        }
        Err(e) => {
            eprintln!("binokel admin: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Opens the database of a server; a SQLite file must exist (an operator's typo must not
/// make an empty database). Also says whether a server uses a SQLite file now (it holds the
/// lock `PATH.lock` while it runs); PostgreSQL's leases say it for themselves.
async fn open(database: &str) -> Result<(Store, bool), String> {
    let running = match sqlite_path(database) {
        None => false,
        Some(_) => {
            let path = sqlite_file(database, "")?;
            if !path.is_file() {
                return Err(format!("there is no database at {}", path.display()));
            }
            sqlite_in_use(&beside(&path, ".lock"))?
        }
    };
    let store = Store::open(database).await.map_err(|e| e.to_string())?;
    Ok((store, running))
}

/// Whether a `binokel serve` holds the lock file `lock` (it does while it runs).
fn sqlite_in_use(lock: &std::path::Path) -> Result<bool, String> {
    use fs4::fs_std::FileExt;
    let f = match std::fs::OpenOptions::new().write(true).open(lock) {
        Ok(f) => f,
        // No lock file: no server has run on this database since it was restored or made.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(format!("cannot open the lock file {}: {e}", lock.display())),
    };
    match FileExt::try_lock_exclusive(&f) {
        // Ours for a moment: no server runs. Dropping the file lets it go.
        Ok(true) => Ok(false),
        Ok(false) => Ok(true),
        Err(e) => Err(format!("cannot test the lock file {}: {e}", lock.display())),
    }
}

fn parse_status(s: &str) -> Result<Status, String> {
    match s {
        "waiting" => Ok(Status::Waiting),
        "playing" => Ok(Status::Playing),
        "finished" => Ok(Status::Finished),
        "closed" => Ok(Status::Closed),
        _ => Err(format!(
            "--status {s:?} is not a status: give waiting, playing, finished or closed"
        )),
    }
}

async fn tables(
    database: &str,
    status: Option<&str>,
    limit: usize,
    json: bool,
) -> Result<(String, u8), String> {
    let status = status.map(parse_status).transpose()?;
    let (store, running) = open(database).await?;
    let list = store
        .admin_tables(status, limit, running)
        .await
        .map_err(|e| e.to_string())?;
    store.close().await;
    if json {
        let text = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?;
        return Ok((text, 0));
    }
    Ok((table_text(&list), 0))
}

/// The tables as text that fits 80 columns: one line a table, its seats on the next.
fn table_text(list: &[TableInfo]) -> String {
    if list.is_empty() {
        return "no tables".to_string();
    }
    let mut out = format!(
        "{:<7} {:<9} {:<22} {:>5} {:>7}  {}\n",
        "CODE", "STATUS", "RULES", "DEALS", "ACTIONS", "SERVED BY"
    );
    for t in list {
        let served = t.served_by.as_deref().unwrap_or("-");
        out.push_str(&format!(
            "{:<7} {:<9} {:<22} {:>5} {:>7}  {}\n",
            t.code, t.status, t.rules, t.deals, t.actions, served
        ));
        out.push_str(&format!("        seats: {}\n", t.seats.join(", ")));
        if let Some(r) = &t.close_reason {
            out.push_str(&format!("        close asked: {r}\n"));
        }
    }
    out.trim_end().to_string()
}

async fn close(database: &str, code: &str, reason: &str, wait_secs: f64) -> Result<(String, u8), String> {
    let reason = reason.trim();
    if reason.is_empty() || reason.chars().count() > 200 {
        return Err("--reason must say something, in at most 200 characters".into());
    }
    let wait = Duration::try_from_secs_f64(wait_secs)
        .map_err(|_| format!("--wait-secs must be a number of seconds, not {wait_secs}"))?;
    let code = binokel_server::normal_code(code);
    let (store, running) = open(database).await?;
    let asked = store
        .request_close(&code, reason, running)
        .await
        .map_err(|e| e.to_string())?;
    let answer = match asked {
        CloseRequest::Unknown => Err(format!("there is no table {code}")),
        CloseRequest::AlreadyOver(s) => Err(format!(
            "table {code} is already {}: nothing was changed",
            s.as_str()
        )),
        CloseRequest::Closed => Ok((
            format!("closed table {code}: no process served it; the match ends without a winner, unrated"),
            0,
        )),
        CloseRequest::Asked(url) => {
            let start = Instant::now();
            loop {
                let status = store.table_status(&code).await.map_err(|e| e.to_string())?;
                if status.as_deref() == Some("closed") {
                    break Ok((
                        format!("closed table {code}: the process at {url} told its players and ended the match, unrated"),
                        0,
                    ));
                }
                if start.elapsed() >= wait {
                    break Ok((
                        format!(
                            "asked the process at {url} to close table {code}; it has not done so within {wait_secs} s. \
                             The request is stored: that process closes the table when it renews its lease, and any \
                             process that loads the table later closes it"
                        ),
                        3,
                    ));
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    };
    store.close().await;
    answer
}
