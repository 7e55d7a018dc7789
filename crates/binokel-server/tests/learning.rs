//! Learn Binokel for accounts over real HTTP against a real server (issue #37; docs/puzzles.md
//! "Ratings of accounts", docs/learn.md "Progress", docs/protocol.md "Learning"): an account's
//! answer to a puzzle moves its puzzle rating and the puzzle's once (a second answer to the
//! same puzzle counts for nothing), guests change nothing, the profile shows the rating; the
//! lesson progress kept in the account (merged, cleared, bad steps named, a forged Origin
//! refused); the puzzle-games setting, and the puzzles mined from the finished matches of
//! the accounts that allow it (and from no other). On SQLite and, where `BINOKEL_TEST_POSTGRES` is set,
//! on PostgreSQL.

#[macro_use]
mod common;

use binokel_ai::puzzle::{PuzzleSet, SHIPPED};
use binokel_server::client::Socket;
use binokel_server::protocol::{ClientMsg, PROTOCOL_VERSION};
use common::accounts::*;
use common::*;
use serde_json::{json, Value};

fn set() -> PuzzleSet {
    PuzzleSet::parse(SHIPPED).expect("the shipped set")
}

async fn answer(url: &str, cookie: Option<&str>, id: &str, choice: &str) -> Value {
    let r = Req::to(url);
    let r = match cookie {
        Some(c) => r.cookie(c),
        None => r,
    };
    let a = r
        .send(
            "POST",
            &format!("/api/puzzles/{id}/answer"),
            Some(json!({"choice": choice})),
        )
        .await;
    expect(&a, 200, "");
    json_of(&a)
}

both!(
    "learning",
    puzzle_ratings,
    sqlite_an_accounts_answer_moves_both_ratings_once,
    postgres_an_accounts_answer_moves_both_ratings_once
);
async fn puzzle_ratings(db: String) {
    let set = set();
    let (p, q) = (&set.puzzles[0], &set.puzzles[1]);
    let srv = start(cfg(&db)).await;
    let url = srv.url.as_str();
    // A guest's answer: no player, and the puzzle keeps its shipped rating.
    let g = answer(url, None, &p.id, &p.best).await;
    assert!(g.get("player").is_none(), "{g}");
    assert_eq!(g["rating"], p.rating);

    let (anna, _) = sign_up(url, "Anna", "correct horse").await;
    // The profile has no puzzle rating before the first answer.
    let prof = json_of(&Req::to(url).send("GET", "/api/players/anna", None).await);
    assert_eq!(prof["puzzles"], Value::Null, "{prof}");

    // Right: Anna goes up from 1500, the puzzle goes down.
    let a = answer(url, Some(&anna), &p.id, &p.best).await;
    let pl = &a["player"];
    assert_eq!(a["correct"], true);
    assert_eq!(pl["counted"], true, "{a}");
    assert_eq!(pl["before"], 1500);
    let after = pl["rating"].as_i64().unwrap();
    assert!(after > 1500, "{a}");
    assert!(pl["deviation"].as_i64().unwrap() < 350, "{a}");
    assert_eq!((pl["tried"].as_i64(), pl["solved"].as_i64()), (Some(1), Some(1)));
    let moved = a["rating"].as_i64().unwrap();
    assert!(moved < i64::from(p.rating), "{a}");

    // A second answer to the same puzzle, wrong this time, counts for nothing.
    let wrong = &p.choices[1].choice;
    let b = answer(url, Some(&anna), &p.id, wrong).await;
    assert_eq!(b["correct"], false);
    assert_eq!(b["player"]["counted"], false, "{b}");
    assert_eq!(b["player"]["rating"], after);
    assert_eq!(b["player"]["before"], after);
    assert_eq!(b["player"]["tried"], 1);
    assert_eq!(b["rating"], moved);

    // Another puzzle, wrong: Anna goes down, the puzzle up.
    let c = answer(url, Some(&anna), &q.id, &q.choices[1].choice).await;
    assert_eq!(c["player"]["counted"], true);
    assert!(c["player"]["rating"].as_i64().unwrap() < after, "{c}");
    assert!(c["rating"].as_i64().unwrap() > i64::from(q.rating), "{c}");
    let anna_now = c["player"]["rating"].clone();
    assert_eq!(
        (c["player"]["tried"].as_i64(), c["player"]["solved"].as_i64()),
        (Some(2), Some(1))
    );

    // The puzzle's moved rating is what the list, the position and a guest now see.
    let list = json_of(&Req::to(url).send("GET", "/api/puzzles", None).await);
    assert_eq!(list["puzzles"][0]["rating"], moved);
    let pos = json_of(
        &Req::to(url)
            .send("GET", &format!("/api/puzzles/{}", p.id), None)
            .await,
    );
    assert_eq!(pos["rating"], moved);
    assert_eq!(answer(url, None, &p.id, &p.best).await["rating"], moved);

    // The profile shows the puzzle rating.
    let prof = json_of(&Req::to(url).send("GET", "/api/players/anna", None).await);
    assert_eq!(prof["puzzles"]["rating"], anna_now, "{prof}");
    assert_eq!(prof["puzzles"]["tried"], 2);
    assert_eq!(prof["puzzles"]["solved"], 1);

    // Ben's first answer to the first puzzle counts for Ben.
    let (ben, _) = sign_up(url, "Ben", "correct horse").await;
    let d = answer(url, Some(&ben), &p.id, &p.best).await;
    assert_eq!(d["player"]["counted"], true);
    assert_eq!(d["player"]["before"], 1500);
    assert!(d["rating"].as_i64().unwrap() < moved, "{d}");

    // Another site cannot answer with Anna's cookie.
    let e = Req::to(url)
        .cookie(&anna)
        .origin(Some("https://evil.example"))
        .send(
            "POST",
            &format!("/api/puzzles/{}/answer", q.id),
            Some(json!({"choice": q.best})),
        )
        .await;
    expect(&e, 403, "bad_origin");
    srv.stop().await;
}

both!(
    "learning",
    lesson_progress,
    sqlite_the_lesson_progress_is_kept_in_the_account,
    postgres_the_lesson_progress_is_kept_in_the_account
);
async fn lesson_progress(db: String) {
    let course = binokel_ai::lessons::course().expect("the course");
    let ids: Vec<String> = course
        .iter()
        .flat_map(|l| l.steps.iter().map(|s| s.step.id.clone()))
        .collect();
    let srv = start(cfg(&db)).await;
    let url = srv.url.as_str();
    // Guests keep their progress in the browser: the server has none for them.
    expect(
        &Req::to(url).send("GET", "/api/me/learn", None).await,
        401,
        "not_logged_in",
    );
    let (anna, _) = sign_up(url, "Anna", "correct horse").await;
    let me = Req::to(url).cookie(&anna);
    let a = me.send("GET", "/api/me/learn", None).await;
    expect(&a, 200, "");
    assert_eq!(json_of(&a), json!({"steps": [], "of": ids.len()}));
    // The browser's list merged in (in any order, a step twice), then one more step.
    let a = me
        .send(
            "POST",
            "/api/me/learn",
            Some(json!({"steps": [ids[2], ids[0], ids[2]]})),
        )
        .await;
    expect(&a, 200, "");
    assert_eq!(json_of(&a)["steps"], json!([ids[0], ids[2]]));
    let a = me
        .send("POST", "/api/me/learn", Some(json!({"steps": [ids[1]]})))
        .await;
    assert_eq!(json_of(&a)["steps"], json!([ids[0], ids[1], ids[2]]));
    // From another login (another device), the same progress.
    let other = cookie_of(&log_in(url, "anna", "correct horse").await);
    let a = Req::to(url)
        .cookie(&other)
        .send("GET", "/api/me/learn", None)
        .await;
    assert_eq!(json_of(&a)["steps"], json!([ids[0], ids[1], ids[2]]));
    // A step the course does not have is named, and nothing is added.
    let a = me
        .send(
            "POST",
            "/api/me/learn",
            Some(json!({"steps": [ids[3], "no-such-step"]})),
        )
        .await;
    expect(&a, 400, "");
    let v = json_of(&a);
    assert_eq!(v["field"], "steps");
    assert!(v["message"].as_str().unwrap().contains("no-such-step"), "{v}");
    let a = me
        .send("POST", "/api/me/learn", Some(json!({"step": ids[3]})))
        .await;
    expect(&a, 400, "");
    // Another site cannot write it.
    let a = Req::to(url)
        .cookie(&anna)
        .origin(Some("https://evil.example"))
        .send("POST", "/api/me/learn", Some(json!({"steps": [ids[3]]})))
        .await;
    expect(&a, 403, "bad_origin");
    let a = Req::to(url)
        .cookie(&anna)
        .origin(Some("https://evil.example"))
        .send("DELETE", "/api/me/learn", None)
        .await;
    expect(&a, 403, "bad_origin");
    let a = me.send("GET", "/api/me/learn", None).await;
    assert_eq!(json_of(&a)["steps"], json!([ids[0], ids[1], ids[2]]));
    // Start again.
    let a = me.send("DELETE", "/api/me/learn", None).await;
    assert_eq!(json_of(&a)["steps"], json!([]));

    // The puzzle-games setting: off by default, on when asked, refused from another site.
    let a = me.send("GET", "/api/me/puzzle-games", None).await;
    assert_eq!(json_of(&a), json!({"allowed": false}));
    let a = me
        .send("PUT", "/api/me/puzzle-games", Some(json!({"allowed": true})))
        .await;
    expect(&a, 200, "");
    let a = me.send("GET", "/api/me/puzzle-games", None).await;
    assert_eq!(json_of(&a), json!({"allowed": true}));
    let a = me
        .send("PUT", "/api/me/puzzle-games", Some(json!({"allowed": "yes"})))
        .await;
    expect(&a, 400, "");
    let a = Req::to(url)
        .cookie(&anna)
        .origin(Some("https://evil.example"))
        .send("PUT", "/api/me/puzzle-games", Some(json!({"allowed": false})))
        .await;
    expect(&a, 403, "bad_origin");
    expect(
        &Req::to(url).send("GET", "/api/me/puzzle-games", None).await,
        401,
        "not_logged_in",
    );
    srv.stop().await;
}

/// An account (logged in with `cookie`) makes a standard table with two bots, takes seat 0
/// and plays it to the end of the match; the table's code.
async fn play_a_match(srv: &Server, cookie: &str, seed: u64) -> String {
    let a = Req::to(&srv.url)
        .cookie(cookie)
        .send(
            "POST",
            "/api/tables",
            Some(json!({"rules": "standard", "seats": [
                {"kind": "human"}, {"kind": "bot", "bot": "beginner"}, {"kind": "bot", "bot": "easy"}]})),
        )
        .await;
    expect(&a, 201, "");
    let code = json_of(&a)["code"].as_str().unwrap().to_string();
    let headers = [("Origin", srv.url.as_str()), ("Cookie", cookie)];
    let mut s = Socket::connect_with(&srv.ws(), &headers).await.unwrap();
    s.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.clone(),
        token: None,
        features: vec![],
        account: true,
    })
    .await
    .unwrap();
    let (log, s) = play(s, Some(0), seed, None).await;
    assert!(log.match_over, "{:?}", log.errors);
    drop(s);
    // The table is stored finished before the next step reads it.
    for _ in 0..100 {
        let t = json_of(
            &Req::to(&srv.url)
                .send("GET", &format!("/api/tables/{code}"), None)
                .await,
        );
        if t["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    code
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_mined_only_from_matches_whose_people_allow_it() {
    let db = temp_sqlite("learning-mine");
    let srv = start(cfg(&db)).await;
    let (anna, _) = sign_up(&srv.url, "Anna", "correct horse").await;
    let (ben, _) = sign_up(&srv.url, "Ben", "correct horse").await;
    let a = Req::to(&srv.url)
        .cookie(&anna)
        .send("PUT", "/api/me/puzzle-games", Some(json!({"allowed": true})))
        .await;
    expect(&a, 200, "");
    let anna_match = play_a_match(&srv, &anna, 3).await;
    let ben_match = play_a_match(&srv, &ben, 4).await;
    let store = binokel_server::store::Store::open(&db).await.unwrap();
    let codes = binokel_server::learning::store::puzzle_matches(&store)
        .await
        .unwrap();
    assert_eq!(codes, vec![anna_match.clone()], "only Anna allowed it");
    // Ben allows it too: both matches are used.
    let a = Req::to(&srv.url)
        .cookie(&ben)
        .send("PUT", "/api/me/puzzle-games", Some(json!({"allowed": true})))
        .await;
    expect(&a, 200, "");
    let set = binokel_server::learning::mine::mine(&store, |_, _| {})
        .await
        .unwrap();
    assert!(!set.puzzles.is_empty(), "two matches gave no puzzle");
    let mut solver = binokel_ai::solver::Solver::new(20);
    for p in &set.puzzles {
        assert!(
            p.id.starts_with(&format!("m{anna_match}-")) || p.id.starts_with(&format!("m{ben_match}-")),
            "{}",
            p.id
        );
        // The same solving as the generator's: verify re-solves it and agrees.
        let check = binokel_ai::puzzle::verify(p, &mut solver);
        assert!(
            matches!(check, binokel_ai::puzzle::Check::Ok),
            "{}: {check:?}",
            p.id
        );
    }
    // The set reads back as a puzzle set.
    PuzzleSet::parse(&set.to_text()).expect("the mined set reads");
    // Ben says no again: his match is no longer used.
    let a = Req::to(&srv.url)
        .cookie(&ben)
        .send("PUT", "/api/me/puzzle-games", Some(json!({"allowed": false})))
        .await;
    expect(&a, 200, "");
    let again = binokel_server::learning::mine::mine(&store, |_, _| {})
        .await
        .unwrap();
    assert!(again
        .puzzles
        .iter()
        .all(|p| p.id.starts_with(&format!("m{anna_match}-"))));
    store.close().await;
    srv.stop().await;
}
