//! `binokel backup`: a consistent copy of a live SQLite database while tables play
//! (docs/deploy.md, "Backups"), and the SQLite helpers `binokel restore` shares.
//!
//! A backup is SQLite's `VACUUM INTO` on a connection of its own: one read transaction, so
//! the copy is the database as it stood at one instant (every action acknowledged before it
//! began is in it), and the server's writers go on meanwhile (WAL mode).

use binokel_server::store::sqlite_path;
use clap::Parser;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{Connection, Row};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Copy a live SQLite database to a file (consistent, while tables play).
#[derive(Parser, Debug)]
pub struct Args {
    /// The database to copy: `sqlite://PATH`. PostgreSQL is backed up with `pg_dump`
    /// (docs/deploy.md, "Backups").
    #[arg(long, env = "BINOKEL_DATABASE")]
    pub database: String,
    /// The backup file to write. It must not exist yet: a backup never overwrites.
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs `binokel backup`.
pub fn run(args: Args) -> ExitCode {
    finish("backup", block_on(backup(&args.database, &args.out)))
}

pub(crate) fn finish(what: &str, r: Result<String, String>) -> ExitCode {
    match r {
        Ok(report) => {
            super::print_line(&report);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("binokel {what}: {e}");
            ExitCode::FAILURE
        }
    }
}

pub(crate) fn block_on<T>(f: impl std::future::Future<Output = Result<T, String>>) -> Result<T, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?
        .block_on(f)
}

/// The file of a `sqlite://` database URL; for PostgreSQL an error that names the tool to
/// use instead.
pub(crate) fn sqlite_file(database: &str, postgres_tool: &str) -> Result<PathBuf, String> {
    match sqlite_path(database) {
        None => Err(format!(
            "{database:?} is a PostgreSQL database: back it up and restore it with {postgres_tool} (docs/deploy.md, \"Backups\")"
        )),
        Some("") => Err("the SQLite path is empty (give --database sqlite://PATH)".into()),
        Some(p) => Ok(PathBuf::from(p)),
    }
}

/// A file name beside `path` with `suffix` appended (`PATH.lock`, `PATH-wal`).
pub(crate) fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

pub(crate) async fn connect(path: &Path, read_only: bool) -> Result<SqliteConnection, String> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(false)
        .read_only(read_only)
        .busy_timeout(Duration::from_secs(10));
    SqliteConnection::connect_with(&options)
        .await
        .map_err(|e| format!("cannot open {}: {e}", path.display()))
}

/// Tables and actions in a binokel database; an error naming the file when it is not one.
pub(crate) async fn contents(c: &mut SqliteConnection, path: &Path) -> Result<(i64, i64), String> {
    let not_ours = |e: sqlx::Error| format!("{} is not a binokel database: {e}", path.display());
    let tables: i64 = sqlx::query("SELECT COUNT(*) AS n FROM tables")
        .fetch_one(&mut *c)
        .await
        .and_then(|r| r.try_get("n"))
        .map_err(not_ours)?;
    let actions: i64 = sqlx::query("SELECT COUNT(*) AS n FROM actions")
        .fetch_one(&mut *c)
        .await
        .and_then(|r| r.try_get("n"))
        .map_err(not_ours)?;
    Ok((tables, actions))
}

/// `PRAGMA integrity_check`: Ok when SQLite finds nothing wrong.
pub(crate) async fn check_integrity(c: &mut SqliteConnection, path: &Path) -> Result<(), String> {
    let rows = sqlx::query("PRAGMA integrity_check")
        .fetch_all(&mut *c)
        .await
        .map_err(|e| format!("cannot check {}: {e}", path.display()))?;
    let found: Vec<String> = rows
        .iter()
        .filter_map(|r| r.try_get::<String, _>(0).ok())
        .collect();
    if found.len() == 1 && found[0] == "ok" {
        Ok(())
    } else {
        Err(format!(
            "{} is damaged (SQLite's integrity check: {})",
            path.display(),
            found.join("; ")
        ))
    }
}

/// Writes `file` to disk, and the directory entry of `path` (a rename or a new file).
pub(crate) fn sync(file: &Path) -> Result<(), String> {
    std::fs::File::open(file)
        .and_then(|f| f.sync_all())
        .map_err(|e| format!("cannot write {} to disk: {e}", file.display()))?;
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // A directory can be opened and synced on Unix; elsewhere this is best effort.
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

pub(crate) fn remove_if_there(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot remove {}: {e}", path.display())),
    }
}

/// `VACUUM INTO`: the database of `c` as one consistent snapshot, written to `to` as a
/// single file (rollback journal mode: no `-wal` beside it).
pub(crate) async fn vacuum_into(c: &mut SqliteConnection, from: &Path, to: &Path) -> Result<(), String> {
    let target = to
        .to_str()
        .ok_or_else(|| format!("{} is not a UTF-8 path", to.display()))?;
    sqlx::query("VACUUM INTO $1")
        .bind(target)
        .execute(&mut *c)
        .await
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))?;
    let mut copy = connect(to, false).await?;
    sqlx::query("PRAGMA journal_mode=DELETE")
        .execute(&mut copy)
        .await
        .map_err(|e| format!("cannot set the journal mode of {}: {e}", to.display()))?;
    let _ = copy.close().await;
    Ok(())
}

/// Makes a backup of `database` at `out`; the report line.
pub async fn backup(database: &str, out: &Path) -> Result<String, String> {
    let started = Instant::now();
    let path = sqlite_file(database, "pg_dump")?;
    if !path.is_file() {
        return Err(format!("there is no SQLite database at {}", path.display()));
    }
    if out.exists() {
        return Err(format!(
            "{} exists already: a backup never overwrites a file; give a new name",
            out.display()
        ));
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            return Err(format!("the directory {} does not exist", dir.display()));
        }
    }
    // Written under a name of its own and renamed at the end: a backup that fails halfway
    // (a full disk) never leaves a file under the name asked for.
    let partial = beside(out, ".partial");
    remove_if_there(&partial)?;
    let mut source = connect(&path, false).await?;
    contents(&mut source, &path).await?;
    let copied = vacuum_into(&mut source, &path, &partial).await;
    let _ = source.close().await;
    if let Err(e) = copied {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    let mut copy = connect(&partial, true).await?;
    let checked = check_integrity(&mut copy, &partial).await;
    let counted = contents(&mut copy, &partial).await;
    let _ = copy.close().await;
    let (tables, actions) = match checked.and(counted) {
        Ok(n) => n,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    sync(&partial)?;
    std::fs::rename(&partial, out)
        .map_err(|e| format!("cannot rename {} to {}: {e}", partial.display(), out.display()))?;
    sync(out)?;
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    Ok(format!(
        "backup of {} written to {}: {tables} tables, {actions} actions, {bytes} bytes, in {:.1} s",
        path.display(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}
