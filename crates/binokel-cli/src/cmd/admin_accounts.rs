//! `binokel admin accounts|disable|enable|reset-password`: the operator's commands on the
//! accounts (docs/deploy.md, "Operator commands"; docs/accounts.md, "What an operator does"),
//! built on `binokel_server::accounts`. They change the database itself, so a running server
//! sees them at its next request: a login session of a disabled account, or one ended by a
//! reset, is refused at once.
//!
//! A new password is read from standard input or from `--password-file`, never from the
//! command line, where `ps` shows it to every user of the machine and the shell keeps it in
//! its history.

use binokel_server::accounts::{self, Account, AdminError};
use binokel_server::store::Store;
use std::path::{Path, PathBuf};

/// An operator's command on accounts (a part of `binokel admin`'s commands).
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// List the accounts, the oldest first: name, when made, disabled or not, live logins.
    Accounts {
        /// Print a JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Disable an account: it cannot log in, and its login sessions end at once.
    Disable {
        /// The account's name (any case or look-alike spelling of it).
        name: String,
    },
    /// Enable a disabled account again.
    Enable {
        /// The account's name.
        name: String,
    },
    /// Set a new password for an account and end its login sessions. The password is read
    /// from standard input (one line), or from --password-file; never from the command line.
    ResetPassword {
        /// The account's name.
        name: String,
        /// Read the new password from this file, one line (`-`: standard input).
        #[arg(long)]
        password_file: Option<PathBuf>,
    },
}

/// Runs a command on the open database `store`.
pub async fn run(store: &Store, c: Command) -> Outcome {
    match c {
        Command::Accounts { json } => list(store, json).await,
        Command::Disable { name } => disable(store, &name).await,
        Command::Enable { name } => enable(store, &name).await,
        Command::ResetPassword { name, password_file } => {
            reset_password(store, &name, password_file.as_deref()).await
        }
    }
}

/// A command's outcome: the report and the exit status, or the refusal.
type Outcome = Result<(String, u8), String>;

/// `binokel admin accounts`: every account, oldest first, with its live login sessions.
async fn list(store: &Store, json: bool) -> Outcome {
    let rows = rows(store).await?;
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|(a, n)| {
                serde_json::json!({
                    "id": a.id, "name": a.name, "canonical": a.canonical,
                    "created_ms": a.created_ms, "disabled": a.disabled, "sessions": n,
                })
            })
            .collect();
        let text = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?;
        return Ok((text, 0));
    }
    Ok((text(&rows), 0))
}

async fn rows(store: &Store) -> Result<Vec<(Account, i64)>, String> {
    let mut rows = Vec::new();
    for a in accounts::list(store).await.map_err(|e| e.to_string())? {
        let n = accounts::session_count(store, &a)
            .await
            .map_err(|e| e.to_string())?;
        rows.push((a, n));
    }
    Ok(rows)
}

/// The accounts as text that fits 80 columns (a name has at most 24 characters).
fn text(rows: &[(Account, i64)]) -> String {
    if rows.is_empty() {
        return "no accounts".to_string();
    }
    let mut out = format!(
        "{:>6} {:<24} {:<16} {:<8} {:>8}\n",
        "ID", "NAME", "CREATED (UTC)", "STATE", "SESSIONS"
    );
    for (a, n) in rows {
        let state = if a.disabled { "disabled" } else { "active" };
        out.push_str(&format!(
            "{:>6} {:<24} {:<16} {:<8} {:>8}\n",
            a.id,
            a.name,
            created(a.created_ms),
            state,
            n
        ));
    }
    out.trim_end().to_string()
}

/// `YYYY-MM-DD HH:MM` in UTC.
fn created(ms: i64) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]");
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(&format).ok())
        .unwrap_or_else(|| ms.to_string())
}

fn refusal(e: AdminError) -> String {
    e.to_string()
}

/// The account of `name`, or the refusal that names it.
async fn found(store: &Store, name: &str) -> Result<Account, String> {
    accounts::find(store, name)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| refusal(AdminError::NoSuchAccount(name.to_string())))
}

/// `binokel admin disable NAME`: it cannot log in, its sessions end.
async fn disable(store: &Store, name: &str) -> Outcome {
    let a = found(store, name).await?;
    if a.disabled {
        return Ok((
            format!("the account {} was disabled already: nothing changed", a.name),
            0,
        ));
    }
    let n = accounts::session_count(store, &a)
        .await
        .map_err(|e| e.to_string())?;
    let a = accounts::disable(store, name).await.map_err(refusal)?;
    let sessions = if n == 1 { "session" } else { "sessions" };
    let report = format!(
        "disabled the account {}: {n} login {sessions} ended; it cannot log in until \
         `binokel admin enable`",
        a.name
    );
    Ok((report, 0))
}

/// `binokel admin enable NAME`.
async fn enable(store: &Store, name: &str) -> Outcome {
    let a = found(store, name).await?;
    if !a.disabled {
        return Ok((
            format!("the account {} is not disabled: nothing changed", a.name),
            0,
        ));
    }
    let a = accounts::enable(store, name).await.map_err(refusal)?;
    Ok((format!("enabled the account {}: it can log in again", a.name), 0))
}

/// `binokel admin reset-password NAME [--password-file PATH]`: the password from the file,
/// else from standard input (one line; its line end is not part of it).
async fn reset_password(store: &Store, name: &str, file: Option<&Path>) -> Outcome {
    // The name first: nobody types a password for an account that is not there.
    let a = found(store, name).await?;
    let from_stdin = file.is_none_or(|p| p.as_os_str() == "-");
    let terminal = from_stdin && std::io::IsTerminal::is_terminal(&std::io::stdin());
    let password = if terminal {
        // Typed at a terminal: not shown (the terminal's echo is off while it is read).
        let prompt = format!("the new password for {} (not shown): ", a.name);
        let typed =
            rpassword::prompt_password(prompt).map_err(|e| format!("cannot read the password: {e}"))?;
        one_line(&typed, "the terminal")?
    } else {
        read_password(file)?
    };
    let n = accounts::session_count(store, &a)
        .await
        .map_err(|e| e.to_string())?;
    let a = accounts::reset_password(store, name, &password)
        .await
        .map_err(refusal)?;
    let sessions = if n == 1 { "session" } else { "sessions" };
    Ok((
        format!("set a new password for {}: {n} login {sessions} ended", a.name),
        0,
    ))
}

/// Reads the new password: the one line of the file (`-` or none: standard input) without
/// its line end.
fn read_password(file: Option<&Path>) -> Result<String, String> {
    let from = match file {
        Some(p) if p.as_os_str() != "-" => format!("the password file {}", p.display()),
        _ => "standard input".to_string(),
    };
    let raw = super::read_input(file).map_err(|e| format!("cannot read {from}: {e}"))?;
    one_line(&raw, &from)
}

/// The password in `raw` without its line end. Refused: nothing, or more than one line (a
/// slip that nobody could type again at the login form).
fn one_line(raw: &str, from: &str) -> Result<String, String> {
    let line = raw
        .strip_suffix("\r\n")
        .or_else(|| raw.strip_suffix('\n'))
        .unwrap_or(raw);
    if line.is_empty() {
        return Err(format!("{from} gave no password"));
    }
    if line.contains(['\n', '\r']) {
        return Err(format!(
            "{from} has more than one line: the password must be one line"
        ));
    }
    Ok(line.to_string())
}
