//! The crash test: the real `binokel serve` is killed with SIGKILL in the middle of a match
//! and restarted on the same SQLite file; every acknowledged action is there and the game
//! goes on to its end.

mod server_common;

use serde_json::json;
use server_common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_game_loses_no_acknowledged_action() {
    let db = temp_sqlite("crash");
    let p = Proc::start(&db, "127.0.0.1:0", &[]);
    p.ready().await;
    let seats = json!({"target": 1500, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]});
    let (code, t0) = create(&p.url, seats).await;
    let t1 = join(&p.url, &code, "Ben").await;
    let t2 = join(&p.url, &code, "Cleo").await;
    let tokens = [t0, t1, t2];
    let mut tasks = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let Hello::Seated(s) = hello(&p.ws(), &code, t).await else {
            panic!("redirected")
        };
        tasks.push(tokio::spawn(play(*s, None, i)));
    }
    // Let the match run, then kill the process while the seats are sending actions: once a
    // spectator has seen 20 actions of the first deal (not after a fixed time, which a quick
    // match could outlast).
    let mut watcher = binokel_server::client::Socket::connect(&p.ws()).await.unwrap();
    watcher
        .send(&binokel_server::protocol::ClientMsg::Hello {
            protocol: binokel_server::protocol::PROTOCOL_VERSION,
            table: code.clone(),
            token: None,
            features: vec![],
            account: false,
        })
        .await
        .unwrap();
    loop {
        match watcher.recv(WAIT).await.unwrap() {
            binokel_server::protocol::ServerMsg::State { view: Some(v), .. } if v.history.len() >= 20 => {
                break
            }
            _ => {}
        }
    }
    let addr = p.addr();
    p.kill();
    let mut acked = Vec::new();
    for t in tasks {
        let (a, over) = t.await.unwrap();
        assert!(!over, "the match should still be running when the process dies");
        acked.extend(a);
    }
    assert!(
        acked.len() >= 5,
        "the seats played before the crash ({} acks)",
        acked.len()
    );

    // The same address: the new process knows the old lease is its own dead predecessor's.
    let p = Proc::start(&db, &addr, &[]);
    p.ready().await;
    let mut tasks = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let Hello::Seated(s) = hello(&p.ws(), &code, t).await else {
            panic!("redirected")
        };
        tasks.push(tokio::spawn(play(*s, None, i + 3)));
    }
    let mut after = Vec::new();
    for t in tasks {
        let (a, over) = t.await.unwrap();
        assert!(over, "the match went on to its end");
        after.extend(a);
    }
    let game = record(&p.url, &code).await;
    assert!(game.is_over());
    assert_all_there(&game, &acked);
    assert_all_there(&game, &after);
    let total: usize = game.deals().iter().map(|d| d.actions.len()).sum();
    eprintln!(
        "crash test: {} acks before the kill, {} deals, {total} actions",
        acked.len(),
        game.deals().len()
    );
    assert!(total >= acked.len() + after.len());
}
