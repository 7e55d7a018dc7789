//! `kill -9` in the middle of a tournament's round (issue #38, docs/tournaments.md "A
//! round"): the real `binokel serve` on a SQLite file seats round 1 of a tournament of five
//! players (two tables, a bot at one), the people play a few actions, the process is killed
//! with SIGKILL and started again on the same file; the people come back with the same
//! seats, every acknowledged action is in the tables' records, round 2 is seated from the
//! database's state, and the tournament ends with every player seated in both rounds.

mod server_common;

use serde_json::{json, Value};
use server_common::*;

async fn tournament(url: &str, id: &str) -> Value {
    json_of(&req(url, None, "GET", &format!("/api/tournaments/{id}"), None).await)
}

async fn wait_round(url: &str, id: &str, round: u64) -> Value {
    for _ in 0..600 {
        let t = tournament(url, id).await;
        if t["round"] == round || t["status"] == "finished" {
            return t;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("round {round} was never seated");
}

/// Each guest's (code, token) in the round in play.
async fn seats(url: &str, id: &str, keys: &[String]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for k in keys {
        let v = json_of(
            &req(
                url,
                None,
                "GET",
                &format!("/api/tournaments/{id}/me?entrant={k}"),
                None,
            )
            .await,
        );
        out.push((
            v["code"]
                .as_str()
                .unwrap_or_else(|| panic!("no table: {v}"))
                .to_string(),
            v["token"].as_str().unwrap().to_string(),
        ));
    }
    out
}

type Task = tokio::task::JoinHandle<(String, Vec<Ack>)>;

/// Every seat plays up to `limit` acks (None: to the end) in a task of its own.
async fn spawn_all(p: &Proc, seats: &[(String, String)], limit: Option<usize>) -> Vec<Task> {
    let mut tasks = Vec::new();
    for (i, (code, token)) in seats.iter().enumerate() {
        let Hello::Seated(s) = hello(&p.ws(), code, token).await else {
            panic!("one process holds every table of a SQLite file");
        };
        let code = code.clone();
        tasks.push(tokio::spawn(async move { (code, play(*s, limit, i).await.0) }));
    }
    tasks
}

/// The acks per table code, when every task has ended.
async fn join(tasks: Vec<Task>) -> Vec<(String, Vec<Ack>)> {
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_in_a_round_loses_nothing_of_the_tournament() {
    let db = temp_sqlite("tournament_crash");
    let p = Proc::start(&db, "127.0.0.1:0", ACCOUNT_FLAGS);
    p.ready().await;
    let addr = p.addr();
    let a = req(
        &p.url,
        None,
        "POST",
        "/api/accounts",
        Some(json!({"name": "Orga", "password": "correct horse"})),
    )
    .await;
    assert_eq!(a.status, 201);
    let cookie = a
        .headers
        .iter()
        .find(|(n, _)| n == "set-cookie")
        .map(|(_, v)| v.split(';').next().unwrap().trim().to_string())
        .unwrap();
    let a = req(
        &p.url,
        Some(&cookie),
        "POST",
        "/api/tournaments",
        Some(json!({"name": "Crash", "rounds": 2, "deals": 3, "bot": "random"})),
    )
    .await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let id = json_of(&a)["id"].as_str().unwrap().to_string();
    let mut keys = Vec::new();
    for name in ["Anna", "Bert", "Cleo", "Dirk", "Elli"] {
        let a = req(
            &p.url,
            Some(&cookie),
            "POST",
            &format!("/api/tournaments/{id}/entrants"),
            Some(json!({"name": name})),
        )
        .await;
        assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
        keys.push(json_of(&a)["token"].as_str().unwrap().to_string());
    }
    let a = req(
        &p.url,
        Some(&cookie),
        "POST",
        &format!("/api/tournaments/{id}/start"),
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    wait_round(&p.url, &id, 1).await;

    // Round 1: a few actions each, then SIGKILL.
    let round1 = seats(&p.url, &id, &keys).await;
    // (A seat may wait for its turn while the others bid: the kill ends every task.)
    let tasks = spawn_all(&p, &round1, Some(4)).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    p.kill();
    let before = join(tasks).await;
    assert!(
        before.iter().map(|(_, a)| a.len()).sum::<usize>() >= 4,
        "{before:?}"
    );
    let p = Proc::start(&db, &addr, ACCOUNT_FLAGS);
    p.ready().await;
    let t = tournament(&p.url, &id).await;
    assert_eq!(t["round"], 1, "the round in play survives the kill: {t}");
    assert_eq!(
        seats(&p.url, &id, &keys).await,
        round1,
        "the same seats after the restart"
    );
    // The people come back and finish round 1.
    join(spawn_all(&p, &round1, None).await).await;
    for (code, acks) in &before {
        assert_all_there(&record(&p.url, code).await, acks);
    }
    // Round 2 is seated from the database's state and played to the end.
    let t = wait_round(&p.url, &id, 2).await;
    assert_eq!(t["round"], 2, "{t}");
    let round2 = seats(&p.url, &id, &keys).await;
    join(spawn_all(&p, &round2, None).await).await;
    let mut t = tournament(&p.url, &id).await;
    for _ in 0..300 {
        if t["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        t = tournament(&p.url, &id).await;
    }
    assert_eq!(t["status"], "finished", "{t}");
    for l in t["standings"].as_array().unwrap() {
        assert_eq!(l["rounds"], 2, "{l}");
        assert!(l["deals"].as_u64().unwrap() >= 6, "{l}");
    }
    let recs = json_of(
        &req(
            &p.url,
            None,
            "GET",
            &format!("/api/tournaments/{id}/records"),
            None,
        )
        .await,
    );
    assert_eq!(recs["records"].as_array().unwrap().len(), 4);
    p.kill();
}
