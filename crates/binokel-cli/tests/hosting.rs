//! Hosting (docs/deploy.md): `binokel serve` configured from the environment alone, and
//! `binokel backup` / `binokel restore` with real processes: a backup taken while a load
//! test plays, restored, and a restored server that plays those tables on.

mod server_common;

use binokel_server::client::{http, Socket};
use binokel_server::protocol::{ClientMsg, ServerMsg};
use serde_json::json;
use server_common::*;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn binokel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args(args)
        .env("RUST_LOG", "warn")
        .env_remove("BINOKEL_DATABASE")
        .output()
        .expect("binokel runs")
}

fn text(o: &Output) -> String {
    format!(
        "exit {:?}\nstdout: {}\nstderr: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn file_of(database: &str) -> String {
    database.trim_start_matches("sqlite://").to_string()
}

fn remove_database(database: &str) {
    let f = file_of(database);
    for s in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{f}{s}"));
    }
}

/// Every option in `binokel serve --help` names its `BINOKEL_` variable, so an option added
/// later cannot forget it.
#[test]
fn every_serve_option_has_its_variable() {
    let o = binokel(&["serve", "--help"]);
    assert!(o.status.success(), "{}", text(&o));
    let help = String::from_utf8_lossy(&o.stdout).to_string();
    let mut blocks: Vec<(String, String)> = Vec::new();
    for line in help.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("--") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            blocks.push((name, line.to_string()));
        } else if let Some(b) = blocks.last_mut() {
            b.1.push(' ');
            b.1.push_str(t);
        }
    }
    let options: Vec<&(String, String)> = blocks.iter().filter(|(n, _)| n != "help").collect();
    assert!(options.len() >= 20, "options found in the help: {blocks:?}");
    for (name, block) in options {
        let var = format!("[env: BINOKEL_{}=", name.to_uppercase().replace('-', "_"));
        assert!(block.contains(&var), "--{name} has no {var}...]: {block}");
    }
}

/// `binokel serve` with no argument at all: the listening address, the database and a
/// limit come from `BINOKEL_LISTEN`, `BINOKEL_DATABASE` and `BINOKEL_TABLES_PER_MINUTE`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_takes_its_settings_from_the_environment() {
    let database = temp_sqlite("env");
    let mut child = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .arg("serve")
        .env_remove("DATABASE_URL")
        .env("BINOKEL_LISTEN", "127.0.0.1:0")
        .env("BINOKEL_DATABASE", &database)
        .env("BINOKEL_TABLES_PER_MINUTE", "1")
        .env("BINOKEL_METRICS_LISTEN", "127.0.0.1:0")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("binokel serve starts");
    let mut out = std::io::BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut lines = [String::new(), String::new()];
    for l in &mut lines {
        std::io::BufRead::read_line(&mut out, l).unwrap();
    }
    let url = lines[0]
        .trim()
        .strip_prefix("listening on ")
        .expect("listening on URL")
        .to_string();
    let metrics = lines[1]
        .trim()
        .strip_prefix("metrics on ")
        .unwrap_or_else(|| panic!("BINOKEL_METRICS_LISTEN serves /metrics: {:?}", lines[1]))
        .to_string();
    let server = Proc { child, url };
    server.ready().await;
    assert!(
        std::path::Path::new(&file_of(&database)).is_file(),
        "the database of BINOKEL_DATABASE was created"
    );
    let health = http(&server.url, "GET", "/health", None).await.unwrap();
    assert_eq!(health.json().unwrap()["database"], "sqlite");
    let first = http(&server.url, "POST", "/api/tables", Some(&json!({"name": "A"})))
        .await
        .unwrap();
    assert_eq!(first.status, 201);
    let second = http(&server.url, "POST", "/api/tables", Some(&json!({"name": "A"})))
        .await
        .unwrap();
    assert_eq!(
        second.status,
        429,
        "BINOKEL_TABLES_PER_MINUTE=1 allows one table a minute: {}",
        String::from_utf8_lossy(&second.body)
    );
    assert_eq!(
        metric(
            &metrics,
            r#"binokel_refusals_total{via="http",reason="too_many_tables"}"#
        )
        .await,
        Some(1.0),
        "the refusal is counted by its code"
    );
    drop(server);
    remove_database(&database);
}

/// An empty variable (`BINOKEL_PUBLIC_URL=` in an environment file) counts as not set: the
/// public URL is then the listening address, not an empty string (which would send
/// redirected clients nowhere), and an empty `BINOKEL_DATABASE` falls back to `DATABASE_URL`.
#[test]
fn an_empty_variable_counts_as_not_set() {
    use std::io::BufRead;
    let database = temp_sqlite("empty-env");
    let mut child = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("BINOKEL_PUBLIC_URL", "")
        .env("BINOKEL_DATABASE", "")
        .env("DATABASE_URL", &database)
        .env("BINOKEL_LOG_JSON", "true")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binokel serve starts");
    let url = listening_url(&mut child);
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let server = Proc { child, url };
    let mut serving = None;
    for line in stderr.lines() {
        let line = line.unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if v["fields"]["message"] == "serving" {
            serving = Some(v);
            break;
        }
    }
    let serving = serving.expect("the `serving` log line");
    assert_eq!(serving["fields"]["url"], server.url.as_str(), "{serving}");
    assert!(
        std::path::Path::new(&file_of(&database)).is_file(),
        "DATABASE_URL was used"
    );
    drop(server);
    remove_database(&database);
}

/// An acknowledged action with the instant its `ack` arrived.
type TimedAck = (Instant, Ack);

/// Plays a seat as [`play`] does until `stop` is set or the match ends; every ack with the
/// instant it arrived.
async fn play_until_stopped(s: Socket, stop: Arc<AtomicBool>, salt: usize) -> Vec<TimedAck> {
    play_counted(s, stop, salt, Arc::new(AtomicUsize::new(0))).await
}

/// [`play_until_stopped`], counting the acks in `count` as they come.
async fn play_counted(
    mut s: Socket,
    stop: Arc<AtomicBool>,
    salt: usize,
    count: Arc<AtomicUsize>,
) -> Vec<TimedAck> {
    let mut acks = Vec::new();
    let mut acted = None;
    while !stop.load(Ordering::Relaxed) {
        let m = match tokio::time::timeout(Duration::from_millis(200), s.recv_raw()).await {
            Ok(Ok(Some((m, _)))) => m,
            Ok(Ok(None)) | Ok(Err(_)) => return acks,
            Err(_) => continue,
        };
        match m {
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                if v.to_act == v.seat && !v.legal.is_empty() && acted != Some(pos) {
                    acted = Some(pos);
                    // A little think time, so that the match lasts through the backup.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    let a = v.legal[(pos.1 * 7 + salt) % v.legal.len()];
                    let msg = ClientMsg::Action {
                        action: a.token(binokel::Low::Nine),
                        id: None,
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    };
                    if s.send(&msg).await.is_err() {
                        return acks;
                    }
                }
            }
            ServerMsg::Ack {
                deal, index, action, ..
            } => {
                acks.push((Instant::now(), (deal, index, action)));
                count.fetch_add(1, Ordering::Relaxed);
            }
            ServerMsg::Error { error, message, .. } => panic!("refused: {error}: {message}"),
            ServerMsg::MatchOver { .. } => return acks,
            _ => {}
        }
    }
    s.close().await;
    acks
}

/// Lets the seats of `players` play until each has `n` acks more (or 20 s pass), then stops
/// them; their acks.
async fn play_on(
    players: Vec<(Arc<AtomicUsize>, tokio::task::JoinHandle<Vec<TimedAck>>)>,
    stop: Arc<AtomicBool>,
    n: usize,
) -> Vec<Vec<Ack>> {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline && players.iter().any(|(c, _)| c.load(Ordering::Relaxed) < n) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let mut out = Vec::new();
    for (_, p) in players {
        out.push(p.await.unwrap().into_iter().map(|(_, a)| a).collect());
    }
    out
}

fn seated(h: Hello) -> Socket {
    match h {
        Hello::Seated(s) => *s,
        Hello::Redirect(u) => panic!("redirected to {u}"),
    }
}

/// The stored actions of a table, as (deal, index) -> token.
async fn stored(database: &str, code: &str) -> std::collections::HashMap<(usize, usize), String> {
    let store = binokel_server::store::Store::open(database).await.unwrap();
    let mut out = std::collections::HashMap::new();
    let mut last = None;
    let mut index = 0;
    for (deal, token) in store.actions(code).await.unwrap() {
        if last != Some(deal) {
            last = Some(deal);
            index = 0;
        }
        out.insert((deal, index), token);
        index += 1;
    }
    store.close().await;
    out
}

/// A backup taken while a load test and two tables of the test play holds every action
/// acknowledged before it began; restored in place of the database (whose server was
/// killed, leaving its write-ahead log), it is exactly that: nothing acknowledged after the
/// backup ended is in it. The restored server plays those tables on: the people reconnect
/// and play, and a newcomer joins the free seat of a table that waited for one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_during_a_load_test_restores_every_acknowledged_action() {
    let database = temp_sqlite("backup-load");
    let dir = std::env::temp_dir();
    let out = dir.join(format!("binokel-clitest-backup-{}.sqlite3", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let server = Proc::start(&database, "127.0.0.1:0", &["--lease-secs", "1"]);
    server.ready().await;

    // A table of three people, every seat taken; a table with a free seat.
    let (code, t0) = create(
        &server.url,
        json!({"name": "A", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    let t1 = join(&server.url, &code, "B").await;
    let t2 = join(&server.url, &code, "C").await;
    let tokens = [t0, t1, t2];
    let (waiting, w0) = create(
        &server.url,
        json!({"name": "W", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;

    // The load test runs for 5 s against the same server and database.
    let load = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args(["loadtest", "--tables", "10", "--think-ms", "100"])
        .args(["--duration-secs", "5", "--json", "--url", &server.url])
        .args(["--database", &database])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("binokel loadtest starts");

    let stop = Arc::new(AtomicBool::new(false));
    let mut players = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let s = seated(hello(&server.ws(), &code, token).await);
        players.push(tokio::spawn(play_until_stopped(s, stop.clone(), seat)));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let began = Instant::now();
    let backup = tokio::task::spawn_blocking({
        let database = database.clone();
        let out = out.display().to_string();
        move || binokel(&["backup", "--database", &database, "--out", &out])
    })
    .await
    .unwrap();
    let ended = Instant::now();
    assert!(backup.status.success(), "{}", text(&backup));
    let report = String::from_utf8_lossy(&backup.stdout);
    assert!(
        report.contains("backup of") && report.contains("actions"),
        "{report}"
    );
    // Play goes on after the backup, so that the database moves past it.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    stop.store(true, Ordering::Relaxed);
    let mut acks = Vec::new();
    for p in players {
        acks.extend(p.await.unwrap());
    }
    let load = tokio::task::spawn_blocking(move || load.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    let r: serde_json::Value = serde_json::from_slice(&load.stdout).unwrap_or_else(|e| {
        panic!(
            "not a JSON report ({e}): {}",
            String::from_utf8_lossy(&load.stdout)
        )
    });
    assert_eq!(r["errors"], 0, "the load test ran through the backup: {r}");
    assert_eq!(r["lost"], 0, "{r}");
    assert!(r["actions"].as_u64().unwrap() > 50, "{r}");
    let before: Vec<&Ack> = acks.iter().filter(|(t, _)| *t < began).map(|(_, a)| a).collect();
    let after: Vec<&Ack> = acks.iter().filter(|(t, _)| *t > ended).map(|(_, a)| a).collect();
    assert!(before.len() >= 10, "acks before the backup: {}", before.len());
    assert!(!after.is_empty(), "acks after the backup: none");

    // The restore is refused while the server runs (it holds the lock).
    let refused = binokel(&[
        "restore",
        "--from",
        &out.display().to_string(),
        "--database",
        &database,
    ]);
    assert!(!refused.status.success(), "{}", text(&refused));
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(why.contains("in use") && why.contains(".lock"), "{why}");

    // Killed: its write-ahead log stays beside the database, with the later actions.
    server.kill();
    assert!(
        std::path::Path::new(&format!("{}-wal", file_of(&database))).exists(),
        "a killed server leaves its -wal"
    );
    let restored = binokel(&[
        "restore",
        "--from",
        &out.display().to_string(),
        "--database",
        &database,
    ]);
    assert!(restored.status.success(), "{}", text(&restored));
    let now = stored(&database, &code).await;
    for (d, i, a) in &before {
        assert_eq!(
            now.get(&(*d, *i)),
            Some(a),
            "acknowledged before the backup: deal {d} #{i} `{a}`"
        );
    }
    for (d, i, a) in &after {
        assert_ne!(
            now.get(&(*d, *i)),
            Some(a),
            "acknowledged after the backup ended, yet restored: deal {d} #{i} `{a}`"
        );
    }

    // The restored server plays on: the three reconnect, a newcomer joins the free seat.
    let server = Proc::start(&database, "127.0.0.1:0", &["--lease-secs", "1"]);
    server.ready().await;
    let w1 = join(&server.url, &waiting, "Newcomer").await;
    let stop = Arc::new(AtomicBool::new(false));
    let mut games = Vec::new();
    let mut spawn = |s: Socket, seat: usize| {
        let c = Arc::new(AtomicUsize::new(0));
        games.push((c.clone(), tokio::spawn(play_counted(s, stop.clone(), seat, c))));
    };
    for (seat, token) in tokens.iter().enumerate() {
        spawn(seated(hello(&server.ws(), &code, token).await), seat);
    }
    for (seat, token) in [w0, w1].iter().enumerate() {
        spawn(seated(hello(&server.ws(), &waiting, token).await), seat);
    }
    let played = play_on(games, stop.clone(), 2).await;
    for a in &played {
        assert!(a.len() >= 2, "every seat played on after the restore: {played:?}");
    }
    // The new actions follow the restored ones at the next places.
    let later = stored(&database, &code).await;
    assert!(later.len() > now.len(), "{} > {}", later.len(), now.len());
    for a in played.iter().take(3).flatten() {
        assert_eq!(later.get(&(a.0, a.1)), Some(&a.2));
    }
    drop(server);
    remove_database(&database);
    let _ = std::fs::remove_file(&out);
}

/// What is wrong is named: a backup never overwrites, PostgreSQL points to pg_dump and
/// pg_restore, a file that is not a SQLite database or not a binokel one is not restored,
/// and a missing database is not created by a backup.
#[test]
fn backup_and_restore_name_what_is_wrong() {
    let dir = std::env::temp_dir().join(format!("binokel-clitest-backup-errors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let d = |n: &str| dir.join(n).display().to_string();
    let db = format!("sqlite://{}", d("db.sqlite3"));

    let o = binokel(&["backup", "--database", &db, "--out", &d("b.sqlite3")]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("there is no SQLite database at"),
        "{}",
        text(&o)
    );
    assert!(!dir.join("db.sqlite3").exists(), "a backup creates no database");

    let o = binokel(&["backup", "--database", "postgres://u@h/db", "--out", &d("b")]);
    assert!(!o.status.success());
    assert!(text(&o).contains("pg_dump"), "{}", text(&o));
    let o = binokel(&["restore", "--from", &d("b"), "--database", "postgres://u@h/db"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("pg_restore"), "{}", text(&o));

    std::fs::write(dir.join("notes.txt"), "not a database").unwrap();
    let o = binokel(&["restore", "--from", &d("notes.txt"), "--database", &db]);
    assert!(!o.status.success());
    assert!(text(&o).contains("is not a SQLite database"), "{}", text(&o));
    assert!(!dir.join("db.sqlite3").exists());

    // A SQLite file of something else: the restore says it is not a binokel database.
    let other = dir.join("other.sqlite3");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        use sqlx::Connection;
        let mut c =
            sqlx::sqlite::SqliteConnection::connect(&format!("sqlite://{}?mode=rwc", other.display()))
                .await
                .unwrap();
        sqlx::query("CREATE TABLE t (x INTEGER)")
            .execute(&mut c)
            .await
            .unwrap();
        c.close().await.unwrap();
    });
    let o = binokel(&["restore", "--from", &d("other.sqlite3"), "--database", &db]);
    assert!(!o.status.success());
    assert!(text(&o).contains("is not a binokel database"), "{}", text(&o));
    assert!(!dir.join("db.sqlite3").exists(), "nothing restored");

    // A backup never overwrites a file.
    let o = binokel(&[
        "backup",
        "--database",
        &format!("sqlite://{}", other.display()),
        "--out",
        &d("notes.txt"),
    ]);
    assert!(!o.status.success());
    assert!(text(&o).contains("exists already"), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "not a database"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PostgreSQL tool: the newest Debian one (`/usr/lib/postgresql/V/bin`), else on PATH.
fn pg_tool(name: &str) -> String {
    let mut found: Vec<std::path::PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| d.flatten().map(|e| e.path().join("bin").join(name)).collect())
        .unwrap_or_default();
    found.retain(|p| p.exists());
    found.sort_by_key(|p| {
        p.components()
            .nth(4)
            .and_then(|c| c.as_os_str().to_str()?.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.last().map_or(name.to_string(), |p| p.display().to_string())
}

/// PostgreSQL's own tools, as docs/deploy.md says: `pg_dump --format=custom` of a live
/// database, `pg_restore --no-owner` into a new one, and a server on the restored database
/// continues the table with every action acknowledged before the dump (after the dead
/// process's lease ran out).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pg_dump_and_pg_restore_keep_every_acknowledged_action() {
    let test = "pg_dump_and_pg_restore_keep_every_acknowledged_action";
    let Some(admin) = binokel_server::store::test_postgres_url(test) else {
        return;
    };
    let pid = std::process::id();
    let src = binokel_server::store::create_postgres_database(&admin, &format!("binokel_bk_src_{pid}"))
        .await
        .unwrap();
    let dst = binokel_server::store::create_postgres_database(&admin, &format!("binokel_bk_dst_{pid}"))
        .await
        .unwrap();
    let server = Proc::start(&src, "127.0.0.1:0", &["--lease-secs", "1"]);
    server.ready().await;
    let (code, t0) = create(
        &server.url,
        json!({"name": "A", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    let tokens = [
        t0,
        join(&server.url, &code, "B").await,
        join(&server.url, &code, "C").await,
    ];
    let stop = Arc::new(AtomicBool::new(false));
    let mut players = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let s = seated(hello(&server.ws(), &code, token).await);
        players.push(tokio::spawn(play_until_stopped(s, stop.clone(), seat)));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, Ordering::Relaxed);
    let mut acks = Vec::new();
    for p in players {
        acks.extend(p.await.unwrap().into_iter().map(|(_, a)| a));
    }
    assert!(acks.len() >= 10, "acks: {}", acks.len());

    // The dump is taken from the live database; then its server dies.
    let dump = std::env::temp_dir().join(format!("binokel-clitest-{pid}.dump"));
    let o = Command::new(pg_tool("pg_dump"))
        .args(["--format=custom", "--file"])
        .arg(&dump)
        .arg(&src)
        .output()
        .expect("pg_dump runs");
    assert!(o.status.success(), "pg_dump: {}", text(&o));
    server.kill();
    let o = Command::new(pg_tool("pg_restore"))
        .args(["--no-owner", "--dbname", &dst])
        .arg(&dump)
        .output()
        .expect("pg_restore runs");
    assert!(o.status.success(), "pg_restore: {}", text(&o));
    let _ = std::fs::remove_file(&dump);
    let now = stored(&dst, &code).await;
    for (d, i, a) in &acks {
        assert_eq!(
            now.get(&(*d, *i)),
            Some(a),
            "deal {d} #{i} `{a}` after pg_restore"
        );
    }

    // A server on the restored database: redirected to the dead owner until its lease
    // runs out, then seated; the three play on.
    let server = Proc::start(&dst, "127.0.0.1:0", &["--lease-secs", "1"]);
    server.ready().await;
    let stop = Arc::new(AtomicBool::new(false));
    let mut players = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let deadline = Instant::now() + Duration::from_secs(10);
        let s = loop {
            match hello(&server.ws(), &code, token).await {
                Hello::Seated(s) => break *s,
                Hello::Redirect(u) => {
                    assert!(Instant::now() < deadline, "still redirected to {u}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        };
        let c = Arc::new(AtomicUsize::new(0));
        players.push((c.clone(), tokio::spawn(play_counted(s, stop.clone(), seat, c))));
    }
    let played = play_on(players, stop, 2).await;
    for a in &played {
        assert!(a.len() >= 2, "every seat played on after pg_restore: {played:?}");
    }
    let later = stored(&dst, &code).await;
    assert!(later.len() > now.len(), "{} > {}", later.len(), now.len());
}

#[test]
fn a_bad_trusted_proxy_list_is_refused_by_name() {
    let o = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--database",
            "sqlite://unused.sqlite3",
        ])
        .env("BINOKEL_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/33")
        .output()
        .expect("binokel runs");
    assert!(!o.status.success());
    let t = text(&o);
    assert!(
        t.contains("--trusted-proxies") && t.contains("`10.0.0.0/33`"),
        "{t}"
    );
}
