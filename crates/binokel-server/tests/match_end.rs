//! The seam where a match ends (issue #31): the action that ends a match is stored in one
//! transaction with the table's `finished` status and the match's result; when that
//! transaction fails, the action is not played and the match is not over (before, the
//! status was written afterwards and a failure was only logged); a table whose match is
//! over without a stored result gets it when it is loaded.

mod common;

use binokel_server::protocol::Status;
use binokel_server::store::Store;
use common::failpoint::*;
use common::scenarios::one_person_two_bots;
use common::*;

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
