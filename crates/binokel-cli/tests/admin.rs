//! `binokel admin` (docs/deploy.md, "Operator commands") against real `binokel serve`
//! processes: the tables listed with where they stand and who serves them; a table closed
//! while a person plays at it (the serving process tells them why, ends the match unrated
//! and closes the connection; the table then refuses everyone with `table_closed`, its
//! record stays); a table nobody serves closed at once and refused when a server loads it;
//! with PostgreSQL the process that holds the lease closes the table; and the refusals
//! (unknown table, a table already over, a status that is not one, a database that is not
//! there, which is not created).

mod server_common;

use binokel_server::client::{http, Socket};
use binokel_server::protocol::{ClientMsg, ServerMsg};
use serde_json::{json, Value};
use server_common::*;
use std::process::Output;
use std::time::Duration;

/// Runs `binokel admin ARGS --database DB` (off the async threads).
async fn admin(database: &str, args: &[&str]) -> Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_binokel"));
    cmd.arg("admin").args(args).args(["--database", database]);
    cmd.env_remove("BINOKEL_DATABASE").env_remove("DATABASE_URL");
    tokio::task::spawn_blocking(move || cmd.output().expect("binokel admin runs"))
        .await
        .unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A person's seat at a new table with two bots, seated, after `actions` of their actions
/// were acknowledged; the socket stays open.
async fn seated_after(p: &Proc, actions: usize) -> (String, String, Socket) {
    let (code, token) = create(
        &p.url,
        json!({"name": "Anna", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let Hello::Seated(s) = hello(&p.ws(), &code, &token).await else {
        panic!("redirected")
    };
    let mut s = *s;
    let mut acks = 0;
    let mut acted = None;
    while acks < actions {
        match s.recv(WAIT).await.expect("the table answers") {
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                if v.to_act == v.seat && !v.legal.is_empty() && acted != Some(pos) {
                    acted = Some(pos);
                    let msg = ClientMsg::Action {
                        action: v.legal[0].token(binokel::Low::Nine),
                        id: None,
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    };
                    s.send(&msg).await.unwrap();
                }
            }
            ServerMsg::Ack { .. } => acks += 1,
            ServerMsg::Error { error, message, .. } => panic!("refused: {error}: {message}"),
            _ => {}
        }
    }
    (code, token, s)
}

/// A hello at a closed table: the `table_closed` refusal, with the operator's reason.
async fn refused_as_closed(ws: &str, code: &str, token: &str, reason: &str) {
    match hello_answer(ws, code, token).await.1 {
        ServerMsg::Error {
            error,
            message,
            reason: why,
            ..
        } => {
            assert_eq!(error.to_string(), "table_closed", "{message}");
            assert!(
                message.contains(reason),
                "the refusal names the reason: {message}"
            );
            assert_eq!(why.unwrap()["text"], reason);
        }
        m => panic!("a hello at a closed table got {m:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_operator_lists_tables_and_closes_one_while_a_person_plays() {
    let db = temp_sqlite("admin-close");
    // A short lease: the table reads the request when it renews (every third of it).
    let p = Proc::start(&db, "127.0.0.1:0", &["--lease-secs", "1.5"]);
    p.ready().await;
    let (code, token, mut s) = seated_after(&p, 2).await;
    let (waiting, _) = create(&p.url, json!({"name": "Ben", "public": true, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})).await;

    // The list: both tables, newest first, the served one with its process.
    let o = admin(&db, &["tables"]).await;
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.lines().all(|l| l.chars().count() <= 80),
        "fits 80 columns:\n{text}"
    );
    let line = text
        .lines()
        .find(|l| l.starts_with(&code))
        .unwrap_or_else(|| panic!("{code} listed:\n{text}"));
    assert!(
        line.contains("playing") && line.contains("standard, 3 seats"),
        "{line}"
    );
    assert!(line.contains(&p.url), "served by this process: {line}");
    assert!(text.contains("seats: Anna, bot:random, bot:random"), "{text}");
    let o = admin(&db, &["tables", "--json", "--status", "waiting"]).await;
    let list: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let codes: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [waiting.as_str()],
        "--status waiting lists the waiting table only"
    );

    // Closed while Anna plays: she is told why, then the connection closes.
    let reason = "The club evening is over";
    let o = admin(&db, &["close", &code.to_lowercase(), "--reason", reason]).await;
    assert!(o.status.success(), "{}{}", out(&o), err(&o));
    assert!(
        out(&o).contains(&format!("the process at {} told its players", p.url)),
        "{}",
        out(&o)
    );
    let mut told = false;
    loop {
        match tokio::time::timeout(WAIT, s.recv_raw())
            .await
            .expect("the table closes the connection")
        {
            Ok(Some((ServerMsg::Closed { reason: r }, _))) => {
                assert_eq!(r, reason);
                told = true;
            }
            Ok(Some((ServerMsg::Ack { .. }, _))) => panic!("nothing is played after the close"),
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => break,
        }
    }
    assert!(told, "the person was told before the connection closed");

    // The table refuses everyone from now on; its record stays, without a winner.
    refused_as_closed(&p.ws(), &code, &token, reason).await;
    let a = http(&p.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap();
    assert_eq!(a.status, 410, "{}", String::from_utf8_lossy(&a.body));
    assert_eq!(a.json().unwrap()["error"], "table_closed");
    let game = record(&p.url, &code).await;
    assert!(!game.is_over(), "a closed match has no winner");
    assert!(!game.deals().is_empty());

    // Listed as closed; closing it again changes nothing.
    let o = admin(&db, &["tables", "--status", "closed"]).await;
    assert!(out(&o).contains(&code) && out(&o).contains(reason), "{}", out(&o));
    let o = admin(&db, &["close", &code]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("already closed"), "{}", err(&o));

    // The waiting public table: closed too, and the lobby no longer lists it.
    let listed = |body: Vec<u8>| String::from_utf8_lossy(&body).contains(&waiting);
    let lobby = http(&p.url, "GET", "/api/lobby", None).await.unwrap();
    assert!(listed(lobby.body), "listed while it waits");
    let o = admin(&db, &["close", &waiting]).await;
    assert!(o.status.success(), "{}", err(&o));
    let deadline = tokio::time::Instant::now() + WAIT;
    while listed(http(&p.url, "GET", "/api/lobby", None).await.unwrap().body) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the lobby still lists the closed table"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    p.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_closed_while_no_server_runs_is_refused_when_one_starts() {
    let db = temp_sqlite("admin-offline");
    let p = Proc::start(&db, "127.0.0.1:0", &[]);
    p.ready().await;
    let (code, token, s) = seated_after(&p, 1).await;
    s.close().await;
    p.kill();

    let o = admin(&db, &["close", &code, "--reason", "Cheating"]).await;
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("no process served it"), "{}", out(&o));

    let p = Proc::start(&db, "127.0.0.1:0", &[]);
    p.ready().await;
    refused_as_closed(&p.ws(), &code, &token, "Cheating").await;
    p.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_names_what_is_wrong() {
    let db = temp_sqlite("admin-refusals");
    let p = Proc::start(&db, "127.0.0.1:0", &[]);
    p.ready().await;
    let (code, _) = create(&p.url, json!({"name": "Ben"})).await;
    p.kill();

    let o = admin(&db, &["close", "NOSUCH"]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("there is no table NOSUCH"), "{}", err(&o));
    let o = admin(&db, &["tables", "--status", "over"]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("--status \"over\" is not a status"),
        "{}",
        err(&o)
    );
    let o = admin(&db, &["close", &code, "--reason", "  "]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("--reason must say something"), "{}", err(&o));

    let missing = std::env::temp_dir().join(format!("binokel-admin-missing-{}.sqlite3", std::process::id()));
    let o = admin(&format!("sqlite://{}", missing.display()), &["tables"]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("there is no database at"), "{}", err(&o));
    assert!(!missing.exists(), "a mistyped path makes no database");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_postgres_the_process_holding_the_lease_closes_the_table() {
    let Some(root) = binokel_server::store::test_postgres_url("admin_postgres") else {
        return;
    };
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!("binokel_admin_{}_{nanos:x}", std::process::id());
    let db = binokel_server::store::create_postgres_database(&root, &name)
        .await
        .unwrap();
    let lease = ["--lease-secs", "1.5"];
    let a = Proc::start(&db, "127.0.0.1:0", &lease);
    let b = Proc::start(&db, "127.0.0.1:0", &lease);
    a.ready().await;
    b.ready().await;
    let (code, token, mut s) = seated_after(&a, 2).await;

    let o = admin(&db, &["tables"]).await;
    let line = out(&o).lines().find(|l| l.starts_with(&code)).map(str::to_string);
    assert!(
        line.is_some_and(|l| l.contains(&a.url)),
        "served by A:\n{}",
        out(&o)
    );

    let o = admin(&db, &["close", &code, "--reason", "Server maintenance"]).await;
    assert!(o.status.success(), "{}{}", out(&o), err(&o));
    assert!(
        out(&o).contains(&a.url),
        "A, which holds the lease, closed it: {}",
        out(&o)
    );
    let closed = loop {
        match tokio::time::timeout(WAIT, s.recv_raw())
            .await
            .expect("A closes the connection")
        {
            Ok(Some((ServerMsg::Closed { reason }, _))) => break reason,
            Ok(Some(_)) => {}
            other => panic!("the connection ended without the reason: {other:?}"),
        }
    };
    assert_eq!(closed, "Server maintenance");
    // B does not take the table over: it is closed.
    tokio::time::sleep(Duration::from_secs(2)).await;
    refused_as_closed(&b.ws(), &code, &token, "Server maintenance").await;
    refused_as_closed(&a.ws(), &code, &token, "Server maintenance").await;
}
