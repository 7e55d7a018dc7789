//! The seam where a match ends (issue #31): the action that ends a match is stored in one
//! transaction with the table's `finished` status and the match's result; when that
//! transaction fails, the action is not played and the match is not over (before, the
//! status was written afterwards and a failure was only logged); a table whose match is
//! over without a stored result gets it when it is loaded.

mod common;

use binokel_server::client::Socket;
use binokel_server::protocol::{ClientMsg, ErrorCode, ServerMsg, Status};
use binokel_server::store::Store;
use common::scenarios::one_person_two_bots;
use common::*;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// A raw connection to the server's SQLite file, beside the server (a fail point).
async fn sql(db: &str, statement: &str) {
    use sqlx::Connection;
    let mut c = sqlx::SqliteConnection::connect(db).await.unwrap();
    sqlx::query(statement).execute(&mut c).await.unwrap();
    c.close().await.unwrap();
}

/// What the person's loop saw at the end.
struct Ended {
    winner: Option<usize>,
    totals: Vec<i32>,
    refused_once: bool,
}

/// Plays the person's seat at random until the match is over. When nothing arrives for a
/// while (the last action could not be stored), `stuck` runs once (it checks the database
/// and removes the fail point); an action of the person's refused as `unavailable` is sent
/// again after that.
async fn play_through<F: std::future::Future<Output = ()>>(
    s: &mut Socket,
    seat: usize,
    stuck: impl FnOnce() -> F,
) -> Ended {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let mut stuck = Some(stuck);
    let mut last: Option<ClientMsg> = None;
    let mut acted_at = None;
    let mut refused_once = false;
    let mut id = 0;
    loop {
        let m = match s.recv(Duration::from_secs(3)).await {
            Ok(m) => m,
            Err(_) => {
                let f = stuck
                    .take()
                    .expect("the match is stuck twice: the fail point was removed");
                f().await;
                if refused_once {
                    s.send(last.as_ref().expect("a refused action")).await.unwrap();
                }
                continue;
            }
        };
        match m {
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                if v.to_act == Some(seat) && !v.legal.is_empty() && acted_at != Some(pos) {
                    acted_at = Some(pos);
                    id += 1;
                    let a = v.legal[rng.gen_range(0..v.legal.len())];
                    let msg = ClientMsg::Action {
                        action: a.token(binokel::Low::Nine),
                        id: Some(id),
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    };
                    s.send(&msg).await.unwrap();
                    last = Some(msg);
                }
            }
            ServerMsg::Error { error, message, .. } => {
                assert_eq!(error, ErrorCode::Unavailable, "{message}");
                assert!(message.contains("not played"), "{message}");
                refused_once = true;
            }
            ServerMsg::MatchOver { winner, totals, .. } => {
                assert!(
                    stuck.is_none(),
                    "the match ended while its result could not be stored"
                );
                return Ended {
                    winner,
                    totals,
                    refused_once,
                };
            }
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_action_is_stored_with_the_result_or_not_played() {
    let db = temp_sqlite("match-end");
    let srv = start(config(&db)).await;
    // The fail point: storing a result fails, as a full disk or a lost connection would.
    sql(
        &db,
        "CREATE TRIGGER fail_point BEFORE INSERT ON match_results BEGIN SELECT RAISE(ABORT, 'fail point'); END",
    )
    .await;
    let (code, tok) = create(&srv.url, one_person_two_bots(50)).await;
    let (mut s, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let store = Store::open(&db).await.unwrap();
    let (st, c, d) = (store.clone(), code.clone(), db.clone());
    let ended = play_through(&mut s, seat.unwrap(), move || async move {
        // Stuck at the last action: the table is not finished, no result is stored, and the
        // match as stored is not over.
        let t = st.load_table(&c).await.unwrap().unwrap();
        assert_eq!(t.status, Status::Playing);
        assert_eq!(st.result(&c).await.unwrap(), None);
        let g = binokel_server::store::rebuild_game(&t).unwrap().unwrap();
        assert!(
            !g.is_over(),
            "the action that would end the match was stored without its result"
        );
        sql(&d, "DROP TRIGGER fail_point").await;
    })
    .await;
    // Then the match ends, once, with its result stored beside the finished status.
    let t = store.load_table(&code).await.unwrap().unwrap();
    assert_eq!(t.status, Status::Finished);
    let r = store.result(&code).await.unwrap().expect("the result is stored");
    assert_eq!((r.winner, r.totals.clone()), (ended.winner, ended.totals.clone()));
    let (_, game) = record(&srv.url, &code).await;
    assert_eq!(r.deals, game.deals().len());
    assert_eq!(r.totals, game.totals()[..3].to_vec());
    eprintln!("the person's own last action was refused: {}", ended.refused_once);
    s.close().await;
    srv.stop().await;

    // A table finished by an older version (status written later, or not at all) gets its
    // result when it is loaded again.
    sql(&db, &format!("DELETE FROM match_results WHERE code = '{code}'")).await;
    sql(
        &db,
        &format!("UPDATE tables SET status = 'playing' WHERE code = '{code}'"),
    )
    .await;
    let srv = start(config(&db)).await;
    let a = binokel_server::client::http(&srv.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap();
    assert_eq!(a.status, 200);
    let again = store.result(&code).await.unwrap().expect("stored again on load");
    assert_eq!((again.winner, again.totals), (r.winner, r.totals));
    assert_eq!(
        store.load_table(&code).await.unwrap().unwrap().status,
        Status::Finished
    );
    srv.stop().await;
}
