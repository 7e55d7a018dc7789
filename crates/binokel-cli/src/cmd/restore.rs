//! `binokel restore`: a backup made by `binokel backup` put in place of a SQLite database
//! (docs/deploy.md, "Backups").
//!
//! It refuses while a `binokel serve` uses the database: the server holds an exclusive lock
//! on the file `PATH.lock` for as long as it runs, and the restore takes the same lock (and
//! keeps it until it is done, so no server starts halfway). It writes the new database beside
//! the old one, removes the old one's `-wal` and `-shm` files (a stale write-ahead log would
//! be replayed into the new file), and renames the new file into place.

use super::backup::{
    beside, block_on, check_integrity, connect, contents, finish, remove_if_there, sqlite_file, sync,
    vacuum_into,
};
use clap::Parser;
use sqlx::Connection;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Put a backup made by `binokel backup` in place of a SQLite database (the server must be
/// stopped).
#[derive(Parser, Debug)]
pub struct Args {
    /// The backup file.
    #[arg(long)]
    pub from: PathBuf,
    /// The database to replace: `sqlite://PATH` (created if it does not exist). PostgreSQL
    /// is restored with `pg_restore` (docs/deploy.md, "Backups").
    #[arg(long, env = "BINOKEL_DATABASE")]
    pub database: String,
}

/// Runs `binokel restore`.
pub fn run(args: Args) -> ExitCode {
    finish("restore", block_on(restore(&args.from, &args.database)))
}

/// Takes the lock a running `binokel serve` holds on a SQLite database (`PATH.lock`); an
/// error naming the server when it is taken.
fn lock_database(path: &Path) -> Result<std::fs::File, String> {
    use fs4::fs_std::FileExt;
    let lock_path = beside(path, ".lock");
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| format!("cannot open the lock file {}: {e}", lock_path.display()))?;
    match FileExt::try_lock_exclusive(&f) {
        Ok(true) => Ok(f),
        Ok(false) => Err(format!(
            "the database {} is in use: a running binokel serve holds its lock file {}; \
             stop the server (systemctl stop binokel) and run the restore again",
            path.display(),
            lock_path.display()
        )),
        Err(e) => Err(format!("cannot lock {}: {e}", lock_path.display())),
    }
}

/// Puts the backup `from` in place of `database`; the report line.
pub async fn restore(from: &Path, database: &str) -> Result<String, String> {
    let started = Instant::now();
    let path = sqlite_file(database, "pg_restore")?;
    let header = std::fs::read(from)
        .map(|b| b.get(..16).map(<[u8]>::to_vec).unwrap_or_default())
        .map_err(|e| format!("cannot read the backup {}: {e}", from.display()))?;
    if header != b"SQLite format 3\0" {
        return Err(format!(
            "{} is not a SQLite database (it does not begin with SQLite's header); give a file made by binokel backup",
            from.display()
        ));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            return Err(format!("the directory {} does not exist", dir.display()));
        }
    }
    // Held until the end: a server that starts meanwhile is refused by the same lock.
    let _lock = lock_database(&path)?;
    let mut backup = connect(from, true).await?;
    let checked = check_integrity(&mut backup, from).await;
    let counted = contents(&mut backup, from).await;
    let (tables, actions) = match checked.and(counted) {
        Ok(n) => n,
        Err(e) => {
            let _ = backup.close().await;
            return Err(e);
        }
    };
    let fresh = beside(&path, ".restoring");
    remove_if_there(&fresh)?;
    let copied = vacuum_into(&mut backup, from, &fresh).await;
    let _ = backup.close().await;
    if let Err(e) = copied {
        let _ = std::fs::remove_file(&fresh);
        return Err(e);
    }
    sync(&fresh)?;
    // The old database's write-ahead log and its index go first: SQLite would replay a
    // stale `-wal` into the new file (it does not know the log belongs to another file).
    remove_if_there(&beside(&path, "-shm"))?;
    remove_if_there(&beside(&path, "-wal"))?;
    std::fs::rename(&fresh, &path)
        .map_err(|e| format!("cannot rename {} to {}: {e}", fresh.display(), path.display()))?;
    sync(&path)?;
    Ok(format!(
        "restored {} from {}: {tables} tables, {actions} actions, in {:.1} s; start the server again",
        path.display(),
        from.display(),
        started.elapsed().as_secs_f64()
    ))
}
