//! Writers of one score pad (issue #30, part 4) against a real server on SQLite (and on
//! PostgreSQL when `BINOKEL_TEST_POSTGRES` is set): optimistic concurrency with `version`
//! (two writers of the same deal at once: one 200, one `409 stale` with the state; an
//! offline phone's queued next deal that arrives after another phone added it: `409
//! stale`, not a replacement), forty writers at once without a `409 busy`, the per-address
//! limit of pad creation, and the CSV export that keeps spreadsheets from reading names as
//! formulas (docs/pad.md).

mod common;

use binokel_server::client::{http, HttpAnswer};
use common::*;
use serde_json::{json, Value};

async fn call(url: &str, method: &str, path: &str, body: Option<Value>) -> HttpAnswer {
    http(url, method, path, body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// Creates a pad from `body`; its secret and the created state.
async fn new_pad(url: &str, body: Value) -> (String, Value) {
    let a = call(url, "POST", "/api/pads", Some(body)).await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let v = a.json().unwrap();
    (v["secret"].as_str().unwrap().to_string(), v)
}

/// A valid three-player deal whose scores stay small (so that forty of them do not end a
/// match to 1,000,000); `n` makes deals tell apart (the soloist's melds).
fn deal(n: u32, version: Option<i64>) -> Value {
    let mut d = json!({"dealer": (n % 3), "soloist": ((n + 1) % 3), "bid": 150,
                       "contract": "trump S", "melds": [0, 0, 0],
                       "took_trick": [true, true, true], "card_points": [80, 90, null]});
    d["melds"][((n + 1) % 3) as usize] = json!(10 * (n % 50));
    if let Some(v) = version {
        d["version"] = json!(v);
    }
    d
}

fn stored_deal(state: &Value, i: usize) -> Value {
    state["pad"]["deals"][i].clone()
}

fn same_deal(stored: &Value, sent: &Value) -> bool {
    [
        "dealer",
        "soloist",
        "bid",
        "contract",
        "melds",
        "took_trick",
        "card_points",
    ]
    .iter()
    .all(|k| stored[k] == sent[k])
}

async fn two_writers_race(database: &str) {
    let srv = start(config(database)).await;
    let url = srv.url.clone();
    let (secret, created) = new_pad(
        &url,
        json!({"rules": {"preset": "standard", "target": 1_000_000}, "players": ["Anna", "Ben", "Cleo"]}),
    )
    .await;
    let mut version = created["version"].as_i64().expect("every state has a version");
    assert_eq!(version, 1, "a new pad is at version 1");
    for round in 0..4u32 {
        // Two phones enter the next deal on the same version, at the same instant.
        let path = format!("/api/pads/{secret}/deals/{round}");
        let (a, b) = (
            deal(2 * round + 1, Some(version)),
            deal(2 * round + 2, Some(version)),
        );
        let (ra, rb) = tokio::join!(
            call(&url, "PUT", &path, Some(a.clone())),
            call(&url, "PUT", &path, Some(b.clone())),
        );
        let mut statuses = [ra.status, rb.status];
        statuses.sort();
        assert_eq!(
            statuses,
            [200, 409],
            "round {round}: {} / {}",
            String::from_utf8_lossy(&ra.body),
            String::from_utf8_lossy(&rb.body)
        );
        let (won, lost, winner) = if ra.status == 200 {
            (ra, rb, a)
        } else {
            (rb, ra, b)
        };
        let won = won.json().unwrap();
        let lost = lost.json().unwrap();
        assert_eq!(lost["error"], "stale", "{lost}");
        assert!(
            lost["message"].as_str().is_some_and(|m| m.contains("version")),
            "{lost}"
        );
        // The refusal carries the pad as it is now: the other phone's deal, the new version.
        assert_eq!(lost["state"]["version"], json!(version + 1), "{lost}");
        assert_eq!(lost["state"]["pad"], won["pad"], "{lost}");
        assert_eq!(lost["state"]["secret"], json!(secret));
        assert!(same_deal(&stored_deal(&won, round as usize), &winner));
        version += 1;
        assert_eq!(won["version"], json!(version));
    }
    let now = call(&url, "GET", &format!("/api/pads/{secret}"), None)
        .await
        .json()
        .unwrap();
    assert_eq!(
        now["pad"]["deals"].as_array().unwrap().len(),
        4,
        "no deal lost, none doubled"
    );
    assert_eq!(now["version"], json!(version));
    srv.stop().await;
}

/// Two writers of the next deal at the same instant, both on the same version: exactly one
/// is saved (200) and the other is refused `409 stale` with the state, in four rounds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_two_writers_of_one_deal_get_one_200_and_one_409_stale() {
    two_writers_race(&temp_sqlite("padrace")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_two_writers_of_one_deal_get_one_200_and_one_409_stale() {
    let Some(admin) = binokel_server::store::test_postgres_url("pad_writes (PostgreSQL)") else {
        return;
    };
    let name = format!("binokel_padw_{}_{:x}", std::process::id(), rand::random::<u32>());
    let db = binokel_server::store::create_postgres_database(&admin, &name)
        .await
        .expect("a fresh database");
    two_writers_race(&db).await;
}

/// An offline phone queued "deal 1" on version 1; meanwhile another phone added deal 1.
/// The queued entry arrives: `409 stale`, and the other phone's deal stays. A replay of
/// what is stored (a lost answer) is 200 without a change; without `version` a `PUT` of an
/// existing index is the v1 correction; a `POST` names a version too; a bad one is named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_next_deal_arriving_after_another_phone_added_it_is_stale() {
    let srv = start(config(&temp_sqlite("padqueue"))).await;
    let url = srv.url.clone();
    let (secret, created) = new_pad(&url, json!({"players": ["Anna", "Ben", "Cleo"]})).await;
    let v1 = created["version"].as_i64().unwrap();
    let path = format!("/api/pads/{secret}/deals/0");

    // Phone B adds deal 1 (index 0).
    let b = deal(7, Some(v1));
    let rb = call(&url, "PUT", &path, Some(b.clone())).await;
    assert_eq!(rb.status, 200, "{}", String::from_utf8_lossy(&rb.body));
    // Phone A's queued "next deal", entered on version 1, arrives late.
    let a = deal(4, Some(v1));
    let ra = call(&url, "PUT", &path, Some(a)).await;
    let body = ra.json().unwrap();
    assert_eq!(ra.status, 409, "{body}");
    assert_eq!(body["error"], "stale", "{body}");
    assert!(same_deal(&stored_deal(&body["state"], 0), &b), "{body}");
    let now = call(&url, "GET", &format!("/api/pads/{secret}"), None)
        .await
        .json()
        .unwrap();
    assert!(same_deal(&stored_deal(&now, 0), &b), "B's deal stays: {now}");
    assert_eq!(now["version"], json!(v1 + 1));

    // B's answer was lost and B replays: nothing changes, 200.
    let replay = call(&url, "PUT", &path, Some(b.clone())).await;
    assert_eq!(replay.status, 200, "{}", String::from_utf8_lossy(&replay.body));
    assert_eq!(replay.json().unwrap()["version"], json!(v1 + 1));

    // A POST on a stale version is refused too; on the current one it appends.
    let deals = format!("/api/pads/{secret}/deals");
    let r = call(&url, "POST", &deals, Some(deal(5, Some(v1)))).await;
    assert_eq!(r.status, 409, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json().unwrap()["error"], "stale");
    let r = call(&url, "POST", &deals, Some(deal(5, Some(v1 + 1)))).await;
    assert_eq!(r.status, 201, "{}", String::from_utf8_lossy(&r.body));

    // A correction on the current version is taken.
    let fix = deal(9, Some(v1 + 2));
    let r = call(&url, "PUT", &path, Some(fix.clone())).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert!(same_deal(&stored_deal(&r.json().unwrap(), 0), &fix));

    // Without `version`: the v1 correction, whatever happened meanwhile.
    let v1_fix = deal(11, None);
    let r = call(&url, "PUT", &path, Some(v1_fix.clone())).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert!(same_deal(&stored_deal(&r.json().unwrap(), 0), &v1_fix));

    // A version that is no version is named.
    for bad in [json!(0), json!("3"), json!(1.5)] {
        let mut d = deal(3, None);
        d["version"] = bad.clone();
        let r = call(&url, "PUT", &path, Some(d)).await;
        let v = r.json().unwrap();
        assert_eq!(r.status, 400, "{bad}: {v}");
        assert_eq!(v["field"], "version", "{bad}: {v}");
    }
    // An index past the end is stale, with the state.
    let r = call(
        &url,
        "PUT",
        &format!("/api/pads/{secret}/deals/9"),
        Some(deal(1, None)),
    )
    .await;
    let v = r.json().unwrap();
    assert_eq!((r.status, v["error"].as_str()), (409, Some("stale")), "{v}");
    assert_eq!(v["state"]["pad"]["deals"].as_array().unwrap().len(), 2, "{v}");
    srv.stop().await;
}

/// Forty writers append at once without `version`: every one is saved (201), no `409
/// busy`; forty on the same version: exactly one is saved, thirty-nine are `409 stale`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_writers_at_once_take_turns_without_busy() {
    let srv = start(config(&temp_sqlite("padforty"))).await;
    let url = srv.url.clone();
    let (secret, _) = new_pad(
        &url,
        json!({"rules": {"preset": "standard", "target": 1_000_000}, "players": ["Anna", "Ben", "Cleo"]}),
    )
    .await;
    let deals = format!("/api/pads/{secret}/deals");
    let writers = (0..40u32).map(|n| {
        let (url, deals) = (url.clone(), deals.clone());
        tokio::spawn(async move { call(&url, "POST", &deals, Some(deal(n, None))).await })
    });
    let answers = futures_util::future::join_all(writers).await;
    let mut versions = Vec::new();
    for a in answers {
        let a = a.unwrap();
        assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
        versions.push(a.json().unwrap()["version"].as_i64().unwrap());
    }
    versions.sort();
    assert_eq!(
        versions,
        (2..42).collect::<Vec<i64>>(),
        "each writer saw the one before it"
    );

    let writers = (0..40u32).map(|n| {
        let (url, deals) = (url.clone(), deals.clone());
        tokio::spawn(async move { call(&url, "POST", &deals, Some(deal(n, Some(41)))).await })
    });
    let mut statuses: Vec<u16> = futures_util::future::join_all(writers)
        .await
        .into_iter()
        .map(|a| a.unwrap().status)
        .collect();
    statuses.sort();
    assert_eq!(statuses[0], 201, "{statuses:?}");
    assert!(statuses[1..].iter().all(|s| *s == 409), "{statuses:?}");
    let now = call(&url, "GET", &format!("/api/pads/{secret}"), None)
        .await
        .json()
        .unwrap();
    assert_eq!(now["pad"]["deals"].as_array().unwrap().len(), 41);
    srv.stop().await;
}

/// One address may create `pads_per_minute` pads a minute (20 by default); the next is `429
/// too_many_pads` with `Retry-After`, in the API's JSON error shape.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pad_creation_is_limited_per_address() {
    let srv = start(config(&temp_sqlite("padlimit"))).await;
    let body = json!({"players": ["Anna", "Ben", "Cleo"]});
    for _ in 0..20 {
        new_pad(&srv.url, body.clone()).await;
    }
    let a = call(&srv.url, "POST", "/api/pads", Some(body)).await;
    let v = a.json().expect("a JSON refusal");
    assert_eq!(a.status, 429, "{v}");
    assert_eq!(v["error"], "too_many_pads", "{v}");
    assert!(
        v["message"].as_str().is_some_and(|m| m.contains("20 pads")),
        "{v}"
    );
    let wait: u64 = a.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    srv.stop().await;
}

/// The CSV export prefixes names that a spreadsheet would read as a formula (`=`, `+`,
/// `-`, `@`) with `'`; scores, negative ones included, stay plain numbers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn csv_names_never_start_a_formula_and_scores_stay_numbers() {
    let srv = start(config(&temp_sqlite("padcsv"))).await;
    let url = srv.url.clone();
    let (secret, _) = new_pad(
        &url,
        json!({"players": ["=HYPERLINK(\"http://x\")", "-Ben", "@Cleo"]}),
    )
    .await;
    // Ben (seat 1) bids 300 and fails: a negative score.
    let d = json!({"dealer": 0, "soloist": 1, "bid": 300, "contract": "trump H",
                   "melds": [0, 40, 0], "took_trick": [true, true, true],
                   "card_points": [100, 60, null]});
    let r = call(&url, "POST", &format!("/api/pads/{secret}/deals"), Some(d)).await;
    assert_eq!(r.status, 201, "{}", String::from_utf8_lossy(&r.body));
    let csv = call(&url, "GET", &format!("/api/pads/{secret}/csv"), None).await;
    let csv = String::from_utf8(csv.body).unwrap();
    let head = csv.lines().next().unwrap();
    assert_eq!(
        head, "deal,dealer,soloist,bid,contract,\"'=HYPERLINK(\"\"http://x\"\")\",\"'-Ben\",\"'@Cleo\",note",
        "{csv}"
    );
    let row = csv.lines().nth(1).unwrap();
    assert!(row.starts_with("1,0,1,300,trump H,100,-600,90,"), "{csv}");
    srv.stop().await;
}
