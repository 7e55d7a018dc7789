//! The persistence tests against a real PostgreSQL (`BINOKEL_TEST_POSTGRES`, which
//! `scripts/test.sh` sets after starting one on loopback), each on a fresh database.

mod common;

use binokel_server::store::{create_postgres_database, Store};
use common::*;
use serde_json::json;
use std::time::Duration;

async fn fresh(name: &str) -> Option<String> {
    let admin = binokel_server::store::test_postgres_url("postgres")?;
    let db = format!(
        "binokel_{name}_{}_{:x}",
        std::process::id(),
        rand::random::<u32>()
    );
    Some(
        create_postgres_database(&admin, &db)
            .await
            .expect("a fresh database"),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_three_people_play_and_the_record_matches_the_database() {
    let Some(db) = fresh("match").await else { return };
    let srv = start(config(&db)).await;
    let h = binokel_server::client::http(&srv.url, "GET", "/health", None)
        .await
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(h["database"], "postgres");
    let (code, t0) = create(
        &srv.url,
        json!({"target": 300, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    let (_, t1) = join(&srv.url, &code, "Ben").await;
    let (_, t2) = join(&srv.url, &code, "Cleo").await;
    let (spec, _) = connect(&srv.ws(), &code, None).await;
    let mut tasks = vec![tokio::spawn(play(spec, None, 0, None))];
    for (i, t) in [t0.unwrap(), t1, t2].into_iter().enumerate() {
        let (s, seat) = connect(&srv.ws(), &code, Some(&t)).await;
        tasks.push(tokio::spawn(play(s, seat, 20 + i as u64, None)));
    }
    let mut logs = Vec::new();
    for t in tasks {
        logs.push(t.await.unwrap().0);
    }
    let (_, game) = record(&srv.url, &code).await;
    assert!(game.is_over());
    for l in &logs {
        check_no_leaks(&game, l);
    }
    let store = Store::open(&db).await.unwrap();
    let stored = store.actions(&code).await.unwrap();
    let played: Vec<(usize, String)> = game
        .deals()
        .iter()
        .enumerate()
        .flat_map(|(d, l)| l.actions.iter().map(move |a| (d, a.token(binokel::Low::Nine))))
        .collect();
    assert_eq!(
        stored, played,
        "the database holds exactly the actions of the record"
    );
    store.close().await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_restarted_server_continues_from_the_database() {
    let Some(db) = fresh("restart").await else { return };
    let quick = || {
        let mut c = config(&db);
        c.grace = Duration::from_millis(200);
        c
    };
    let srv = start(quick()).await;
    let bot = binokel_ai::BOT_NAMES[0];
    let (code, tok) = create(
        &srv.url,
        json!({"target": 300, "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}, {"kind": "human"}]}),
    )
    .await;
    let (_, t2) = join(&srv.url, &code, "Cleo").await;
    let (a, sa) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let (b, sb) = connect(&srv.ws(), &code, Some(&t2)).await;
    let ta = tokio::spawn(play_and_leave(a, sa, 1, Some(4)));
    let tb = tokio::spawn(play_and_leave(b, sb, 2, Some(4)));
    let la = ta.await.unwrap();
    let lb = tb.await.unwrap();
    srv.stop().await;
    let srv = start(quick()).await;
    let (a, sa) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let (b, sb) = connect(&srv.ws(), &code, Some(&t2)).await;
    let ta = tokio::spawn(play(a, sa, 3, None));
    let tb = tokio::spawn(play(b, sb, 4, None));
    let (la2, _) = ta.await.unwrap();
    let (lb2, _) = tb.await.unwrap();
    let (_, game) = record(&srv.url, &code).await;
    assert!(game.is_over());
    for l in [&la, &lb, &la2, &lb2] {
        check_no_leaks(&game, l);
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_undo_is_stored_and_replayed_after_a_restart() {
    let Some(db) = fresh("undo").await else { return };
    common::scenarios::undo_scenario(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_rematch_moves_every_seat_to_a_new_table() {
    let Some(db) = fresh("rematch").await else { return };
    common::scenarios::rematch_scenario(&db).await;
}
