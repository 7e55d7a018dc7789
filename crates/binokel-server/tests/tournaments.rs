//! Tournaments (issue #38; docs/tournaments.md): a small tournament played whole over
//! WebSocket (2 tables, 2 rounds of 3 deals, a random bot filling the short table, scripted
//! people), the round's time limit driven by the test's clock, the standings checked
//! against an independent computation from the records; and the refusals.

mod common;

use binokel::{Game, Seat};
use common::accounts::{body, expect, sign_up, Req};
use common::*;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

async fn get(url: &str, path: &str) -> Value {
    let a = Req::to(url).send("GET", path, None).await;
    assert_eq!(a.status, 200, "{path}: {}", body(&a));
    json_of(&a)
}

/// Waits until the tournament's JSON satisfies `done`.
async fn wait_for(url: &str, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let t = get(url, &format!("/api/tournaments/{id}")).await;
        if done(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the tournament never reached: {what}");
}

/// The seat (code, seat, token) of each entrant in the round in play, from `/me`.
async fn my_tables(url: &str, id: &str, keys: &[(String, Option<String>)]) -> Vec<(String, Seat, String)> {
    let mut out = Vec::new();
    for (cookie, token) in keys {
        let path = match token {
            Some(t) => format!("/api/tournaments/{id}/me?entrant={t}"),
            None => format!("/api/tournaments/{id}/me"),
        };
        let a = Req::to(url).cookie(cookie).send("GET", &path, None).await;
        assert_eq!(a.status, 200, "{}", body(&a));
        let v = json_of(&a);
        out.push((
            v["code"].as_str().expect("a table in the round").to_string(),
            v["seat"].as_u64().unwrap() as Seat,
            v["token"].as_str().unwrap().to_string(),
        ));
    }
    out
}

/// The independent computation: each entrant's total and duplicate score from the records
/// alone (the hands as dealt decide which seats are compared).
fn from_records(t: &Value, records: &[(u32, Vec<Option<u64>>, Game)]) -> HashMap<u64, (i64, f64)> {
    // (round, dealer, hand) -> every (entrant or none, score)
    let mut boards: HashMap<String, Vec<(Option<u64>, i32)>> = HashMap::new();
    for (round, seats, g) in records {
        for log in g.deals() {
            let o = log.state.outcome();
            if !o.complete || o.redeal {
                continue;
            }
            for (s, who) in seats.iter().enumerate() {
                let key = format!("{round}/{}/{:?}", log.start.dealer(), log.start.hand(s as Seat));
                boards.entry(key).or_default().push((*who, o.scores[s]));
            }
        }
    }
    let mut out: HashMap<u64, (i64, f64)> = HashMap::new();
    for e in t["entrants"].as_array().unwrap() {
        out.insert(e["n"].as_u64().unwrap(), (0, 0.0));
    }
    for list in boards.values() {
        let sum: i64 = list.iter().map(|(_, s)| i64::from(*s)).sum();
        for (who, score) in list {
            let Some(w) = who else { continue };
            let r = out.get_mut(w).unwrap();
            r.0 += i64::from(*score);
            if list.len() > 1 {
                r.1 += f64::from(*score) - (sum - i64::from(*score)) as f64 / (list.len() - 1) as f64;
            }
        }
    }
    out
}

async fn a_small_tournament_is_played_whole(db: String) {
    let mut c = accounts::cfg(&db);
    c.turn = Duration::from_secs(600);
    let clock = c.clock.clone();
    let server = start(c).await;
    let url = server.url.clone();
    let (org, _) = sign_up(&url, "Organa", "a fine long password").await;
    let a = Req::to(&url)
        .cookie(&org)
        .send(
            "POST",
            "/api/tournaments",
            Some(
                json!({"name": "Donnerstag", "rounds": 2, "deals": 3, "scoring": "duplicate",
                        "round_minutes": 30, "bot": "random"}),
            ),
        )
        .await;
    expect(&a, 201, "");
    let id = json_of(&a)["id"].as_str().unwrap().to_string();
    // The organizer plays too; four guests: one enters by the link, three are added.
    let mut keys: Vec<(String, Option<String>)> = Vec::new();
    let a = Req::to(&url)
        .cookie(&org)
        .send("POST", &format!("/api/tournaments/{id}/enter"), None)
        .await;
    expect(&a, 201, "");
    keys.push((org.clone(), None));
    let a = Req::to(&url)
        .send(
            "POST",
            &format!("/api/tournaments/{id}/enter"),
            Some(json!({"name": "Berta"})),
        )
        .await;
    expect(&a, 201, "");
    keys.push((String::new(), json_of(&a)["token"].as_str().map(str::to_string)));
    for name in ["Chris", "Dora", "Emil"] {
        let a = Req::to(&url)
            .cookie(&org)
            .send(
                "POST",
                &format!("/api/tournaments/{id}/entrants"),
                Some(json!({"name": name})),
            )
            .await;
        expect(&a, 201, "");
        keys.push((String::new(), json_of(&a)["token"].as_str().map(str::to_string)));
    }
    let a = Req::to(&url)
        .cookie(&org)
        .send("POST", &format!("/api/tournaments/{id}/start"), None)
        .await;
    expect(&a, 200, "");
    let t = wait_for(&url, &id, "round 1 seated", |t| t["round"] == 1).await;
    let tables = t["rounds_played"][0]["tables"].as_array().unwrap().clone();
    assert_eq!(tables.len(), 2, "five players at tables of three: two tables");
    let bots: usize = tables
        .iter()
        .map(|x| {
            x["seats"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["bot"] == true)
                .count()
        })
        .sum();
    assert_eq!(bots, 1, "one bot fills the short table");

    // Round 1: every person plays every deal.
    let seats = my_tables(&url, &id, &keys).await;
    let mut games = Vec::new();
    for (i, (code, seat, token)) in seats.iter().enumerate() {
        let (s, got) = connect(&server.ws(), code, Some(token)).await;
        assert_eq!(got, Some(*seat));
        games.push(tokio::spawn(play(s, got, i as u64 + 1, None)));
    }
    for g in games {
        let (log, _s) = g.await.unwrap();
        assert!(log.match_over, "{:?}", log.errors);
    }
    let t = wait_for(&url, &id, "round 2 seated", |t| t["round"] == 2).await;
    assert_eq!(t["status"], "running");

    // Round 2: the people play at most one action each (the dealer may not get a turn
    // before the others stop) and then wait; the round's time limit passes (the test's
    // clock), and bots finish the deals. A person's task ends after its action, or with the
    // match (its action is then refused with `time_up`, or it never had a turn).
    let seats = my_tables(&url, &id, &keys).await;
    let mut open = Vec::new();
    for (i, (code, seat, token)) in seats.iter().enumerate() {
        let (s, got) = connect(&server.ws(), code, Some(token)).await;
        assert_eq!(got, Some(*seat));
        open.push(tokio::spawn(play(s, got, 100 + i as u64, Some(1))));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = get(&url, &format!("/api/tournaments/{id}")).await;
    assert_eq!(before["status"], "running", "nobody finished round 2 yet");
    assert!(
        before["rounds_played"][1]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .all(|x| x["finished"] == false),
        "{before}"
    );
    clock.advance(Duration::from_secs(31 * 60));
    let t = wait_for(&url, &id, "finished", |t| t["status"] == "finished").await;
    for g in open {
        let (log, _s) = g.await.unwrap();
        assert!(
            log.errors.iter().all(|e| e.starts_with("time_up")),
            "{:?}",
            log.errors
        );
    }

    // Every round seated, each player once a round.
    for r in 0..2 {
        let mut seated: Vec<u64> = t["rounds_played"][r]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|x| {
                x["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|s| s["entrant"].as_u64())
            })
            .collect();
        seated.sort();
        assert_eq!(seated, vec![0, 1, 2, 3, 4], "round {}", r + 1);
    }
    // The records: the deals are identical across the tables of a round.
    let recs = get(&url, &format!("/api/tournaments/{id}/records")).await;
    let mut records: Vec<(u32, Vec<Option<u64>>, Game)> = Vec::new();
    for r in recs["records"].as_array().unwrap() {
        let g = binokel::record::read_record(&r["record"].to_string()).expect("a legal record");
        let round = r["round"].as_u64().unwrap() as u32;
        let x = &t["rounds_played"][round as usize - 1]["tables"][r["table"].as_u64().unwrap() as usize];
        assert_eq!(x["code"], r["code"]);
        let seats = x["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["entrant"].as_u64())
            .collect();
        records.push((round, seats, g));
    }
    assert_eq!(records.len(), 4);
    for round in 1..=2 {
        let of: Vec<&Game> = records.iter().filter(|r| r.0 == round).map(|r| &r.2).collect();
        let n = of.iter().map(|g| g.deals().len()).min().unwrap();
        assert!(n >= 3);
        for k in 0..n {
            let (a, b) = (&of[0].deals()[k].start, &of[1].deals()[k].start);
            assert_eq!(a.dealer(), b.dealer(), "round {round} deal {k}");
            for s in 0..3 {
                assert_eq!(
                    a.hand(s),
                    b.hand(s),
                    "round {round} deal {k} seat {s}: the same cards"
                );
            }
        }
    }
    // The standings equal the independent computation.
    let expected = from_records(&t, &records);
    for l in t["standings"].as_array().unwrap() {
        let (total, dup) = expected[&l["entrant"].as_u64().unwrap()];
        assert_eq!(l["total"].as_i64().unwrap(), total, "{l}");
        assert!(
            (l["duplicate"].as_f64().unwrap() - dup).abs() < 0.051,
            "{l}: {dup}"
        );
        assert_eq!(l["score"], l["duplicate"]);
    }
    let places: Vec<u64> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["place"].as_u64().unwrap())
        .collect();
    assert_eq!(places[0], 1);
    assert!(places.windows(2).all(|w| w[0] <= w[1]));
    // The boards: each deal of round 1 at both tables.
    let b = get(&url, &format!("/api/tournaments/{id}/boards?round=1")).await;
    let boards = b["boards"].as_array().unwrap();
    assert!(boards.len() >= 3);
    assert_eq!(boards[0]["lines"].as_array().unwrap().len(), 2);
    // The CSV lists every player.
    let a = Req::to(&url)
        .send("GET", &format!("/api/tournaments/{id}/export.csv"), None)
        .await;
    assert_eq!(a.status, 200);
    let csv = body(&a);
    assert_eq!(csv.lines().count(), 6, "{csv}");
    assert!(csv.starts_with("place,name,"));
    server.stop().await;
}

both!(
    "binokel_tourn",
    a_small_tournament_is_played_whole,
    a_small_tournament_is_played_whole_sqlite,
    a_small_tournament_is_played_whole_postgres
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_refusals_name_what_was_wrong() {
    let server = start(accounts::cfg(&temp_sqlite("tourn-refusals"))).await;
    let url = server.url.clone();
    let (org, _) = sign_up(&url, "Orga", "a fine long password").await;
    let (other, _) = sign_up(&url, "Otto", "a fine long password").await;
    let post = |cookie: String, path: String, body: Option<Value>| {
        let url = url.clone();
        async move { Req::to(&url).cookie(&cookie).send("POST", &path, body).await }
    };
    // Guests cannot organize.
    let a = post(
        String::new(),
        "/api/tournaments".into(),
        Some(json!({"name": "x"})),
    )
    .await;
    expect(&a, 401, "not_logged_in");
    // Bad settings name their field.
    for (req, field) in [
        (json!({"name": "x", "deals": 4}), "deals"),
        (json!({"name": "x", "rounds": 0}), "rounds"),
        (json!({"name": " "}), "name"),
        (json!({"name": "x", "scoring": "imps"}), "scoring"),
        (json!({"name": "x", "rules": "nope"}), "rules"),
        (json!({"name": "x", "rated": true, "bot": "random"}), "bot"),
        (json!({"name": "x", "round_minutes": 0}), "round_minutes"),
        (
            json!({"name": "x", "rules": {"preset": "standard", "rounding": "often"}}),
            "rules",
        ),
        (
            json!({"name": "x", "rated": true, "rules": {"preset": "standard", "rounding": "ten"}}),
            "rules",
        ),
    ] {
        let a = post(org.clone(), "/api/tournaments".into(), Some(req.clone())).await;
        assert_eq!(a.status, 400, "{req}: {}", body(&a));
        assert!(body(&a).contains(&format!("`{field}`")), "{req}: {}", body(&a));
    }
    let a = post(
        org.clone(),
        "/api/tournaments".into(),
        Some(json!({"name": "Abend", "deals": 3})),
    )
    .await;
    expect(&a, 201, "");
    let id = json_of(&a)["id"].as_str().unwrap().to_string();
    // Only the organizer adds, drops and starts.
    let a = post(
        other.clone(),
        format!("/api/tournaments/{id}/entrants"),
        Some(json!({"name": "Gast"})),
    )
    .await;
    expect(&a, 403, "not_organizer");
    let a = post(other.clone(), format!("/api/tournaments/{id}/start"), None).await;
    expect(&a, 403, "not_organizer");
    // Too few players to start.
    let a = post(org.clone(), format!("/api/tournaments/{id}/start"), None).await;
    expect(&a, 409, "too_few_players");
    // Names: unique in the tournament; a guest cannot take an account's name.
    let a = post(
        String::new(),
        format!("/api/tournaments/{id}/enter"),
        Some(json!({"name": "Gast"})),
    )
    .await;
    expect(&a, 201, "");
    let a = post(
        String::new(),
        format!("/api/tournaments/{id}/enter"),
        Some(json!({"name": "GAST"})),
    )
    .await;
    expect(&a, 409, "name_taken");
    let a = post(
        String::new(),
        format!("/api/tournaments/{id}/enter"),
        Some(json!({"name": "otto"})),
    )
    .await;
    expect(&a, 409, "name_is_an_account");
    let a = post(String::new(), format!("/api/tournaments/{id}/enter"), None).await;
    assert_eq!(a.status, 400, "{}", body(&a));
    // Entering twice with an account gives the same entry.
    let a = post(other.clone(), format!("/api/tournaments/{id}/enter"), None).await;
    expect(&a, 201, "");
    let n = json_of(&a)["entrant"].clone();
    let a = post(other.clone(), format!("/api/tournaments/{id}/enter"), None).await;
    assert_eq!(json_of(&a)["entrant"], n);
    // Someone who has not entered has no table; an unknown tournament is named.
    let a = Req::to(&url)
        .send("GET", &format!("/api/tournaments/{id}/me?entrant=nope"), None)
        .await;
    expect(&a, 404, "not_entered");
    let a = Req::to(&url)
        .send("GET", "/api/tournaments/t-nothere", None)
        .await;
    expect(&a, 404, "unknown_tournament");
    // Dropping an unknown player is named; after the start, entering is closed.
    let a = Req::to(&url)
        .cookie(&org)
        .send("DELETE", &format!("/api/tournaments/{id}/entrants/9"), None)
        .await;
    expect(&a, 404, "unknown_entrant");
    let a = post(org.clone(), format!("/api/tournaments/{id}/start"), None).await;
    expect(&a, 200, "");
    wait_for(&url, &id, "round 1", |t| t["round"] == 1).await;
    let a = post(
        String::new(),
        format!("/api/tournaments/{id}/enter"),
        Some(json!({"name": "Spät"})),
    )
    .await;
    expect(&a, 409, "tournament_started");
    // A rated tournament takes accounts only.
    let a = post(
        org.clone(),
        "/api/tournaments".into(),
        Some(json!({"name": "Liga", "deals": 3, "rated": true})),
    )
    .await;
    expect(&a, 201, "");
    let rid = json_of(&a)["id"].as_str().unwrap().to_string();
    let a = post(
        String::new(),
        format!("/api/tournaments/{rid}/enter"),
        Some(json!({"name": "Gast"})),
    )
    .await;
    expect(&a, 403, "account_required");
    // A club's own rules: a record's rules object; the round's tables play it as a series.
    let a = post(
        org.clone(),
        "/api/tournaments".into(),
        Some(json!({"name": "Hausregeln", "deals": 3, "bot": "random",
                    "rules": {"preset": "standard", "rounding": "ten"}})),
    )
    .await;
    expect(&a, 201, "");
    let hid = json_of(&a)["id"].as_str().unwrap().to_string();
    for name in ["Hans", "Grete"] {
        let a = post(
            org.clone(),
            format!("/api/tournaments/{hid}/entrants"),
            Some(json!({ "name": name })),
        )
        .await;
        expect(&a, 201, "");
    }
    let a = post(org.clone(), format!("/api/tournaments/{hid}/start"), None).await;
    expect(&a, 200, "");
    let t = wait_for(&url, &hid, "round 1", |t| t["round"] == 1).await;
    assert_eq!(
        t["rules"],
        json!({"preset": "standard", "rounding": "ten"}),
        "{t}"
    );
    let code = t["rounds_played"][0]["tables"][0]["code"]
        .as_str()
        .expect("a table")
        .to_string();
    let a = Req::to(&url)
        .send("GET", &format!("/api/tables/{code}"), None)
        .await;
    expect(&a, 200, "");
    assert_eq!(
        json_of(&a)["rules"],
        json!({"preset": "standard", "rounding": "ten", "series_deals": 3}),
        "{}",
        body(&a)
    );
    server.stop().await;
}
