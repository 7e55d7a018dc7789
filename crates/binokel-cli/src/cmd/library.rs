//! Where `binokel play` keeps its matches: one `binokel-record/1` file per match in the data
//! folder, named by the match's start time, so a finished match is never overwritten and
//! stays there for `binokel replay`.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The folder of saved matches: `$XDG_DATA_HOME/binokel/matches` (or
/// `~/.local/share/binokel/matches`; `./binokel-matches` without a home).
pub fn folder() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")));
    match base {
        Some(b) => b.join("binokel").join("matches"),
        None => PathBuf::from("binokel-matches"),
    }
}

/// The single save file of earlier versions (`binokel/match.json` beside the folder), still
/// listed and resumed.
fn legacy_file() -> Option<PathBuf> {
    folder().parent().map(|p| p.join("match.json"))
}

/// A new file for a match starting now: `2026-12-01-211530.json` (UTC), with `-2`, `-3` ...
/// when that name is taken. The name is reserved by creating the file (empty) at once, so two
/// matches started in the same second never share a file.
pub fn new_file(now: SystemTime) -> Result<PathBuf, String> {
    let dir = folder();
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let stamp = time::OffsetDateTime::from(now);
    let format = time::macros::format_description!("[year]-[month]-[day]-[hour][minute][second]");
    let base = stamp.format(&format).unwrap_or_else(|_| "match".into());
    for k in 1..10_000 {
        let path = if k == 1 {
            dir.join(format!("{base}.json"))
        } else {
            dir.join(format!("{base}-{k}.json"))
        };
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
        }
    }
    Err(format!("no free file name for a new match in {}", dir.display()))
}

/// What a saved match file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// A match still being played (or not begun).
    Running,
    /// A finished match with a winner.
    Finished,
    /// Not a readable match (the reason).
    Unreadable(String),
}

/// One saved match.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its file.
    pub path: PathBuf,
    /// Running, finished or unreadable.
    pub state: State,
    /// The seats' names.
    pub seats: Vec<String>,
    /// The match totals.
    pub totals: Vec<i32>,
    /// The winner's seat.
    pub winner: Option<usize>,
    /// Deals played (the last may be in progress).
    pub deals: usize,
    /// When the file was last written.
    pub modified: SystemTime,
}

/// Reads one file as a saved match.
pub fn entry(path: &Path) -> Entry {
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let read = std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| binokel::record::read_record(&t));
    match read {
        Ok(g) => Entry {
            path: path.to_path_buf(),
            state: if g.is_over() {
                State::Finished
            } else {
                State::Running
            },
            seats: g.seats().to_vec(),
            totals: g.totals()[..g.players()].to_vec(),
            winner: g.winner(),
            deals: g.deals().len(),
            modified,
        },
        Err(e) => Entry {
            path: path.to_path_buf(),
            state: State::Unreadable(e),
            seats: Vec::new(),
            totals: Vec::new(),
            winner: None,
            deals: 0,
            modified,
        },
    }
}

/// Every saved match, oldest first (by the time it was last written).
pub fn list() -> Vec<Entry> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(folder())
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    if let Some(l) = legacy_file().filter(|l| l.exists()) {
        paths.push(l);
    }
    // A reserved file that never got a match (left at once) is not a match.
    paths.retain(|p| std::fs::metadata(p).is_ok_and(|m| m.len() > 0));
    let mut out: Vec<Entry> = paths.iter().map(|p| entry(p)).collect();
    out.sort_by(|a, b| a.modified.cmp(&b.modified).then_with(|| a.path.cmp(&b.path)));
    out
}

/// The match `--resume` continues without a file: the latest one still running.
pub fn latest_running() -> Option<PathBuf> {
    list()
        .into_iter()
        .rev()
        .find(|e| e.state == State::Running && e.deals > 0)
        .map(|e| e.path)
}

/// The list as text, one line a match: `FILE  running  Anna 820, Gottlieb 1120, ...`.
pub fn list_text(entries: &[Entry]) -> String {
    if entries.is_empty() {
        return format!("no saved matches in {}", folder().display());
    }
    let width = entries
        .iter()
        .map(|e| e.path.display().to_string().chars().count())
        .max()
        .unwrap_or(0);
    entries
        .iter()
        .map(|e| {
            let (state, rest) = match &e.state {
                State::Unreadable(why) => ("unreadable".to_string(), why.clone()),
                s => {
                    let scores: Vec<String> = e
                        .seats
                        .iter()
                        .zip(&e.totals)
                        .map(|(n, t)| format!("{n} {t}"))
                        .collect();
                    let state = match (s, e.winner) {
                        (State::Finished, Some(w)) => {
                            format!("finished, {} won", e.seats.get(w).map_or("?", |n| n.as_str()))
                        }
                        (State::Finished, None) => "finished".to_string(),
                        _ => "running".to_string(),
                    };
                    (state, format!("deal {}: {}", e.deals, scores.join(", ")))
                }
            };
            format!("{:<width$}  {state}  {rest}", e.path.display())
        })
        .collect::<Vec<_>>()
        .join("\n")
}
