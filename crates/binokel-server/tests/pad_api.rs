//! The score pad's HTTP API (issue #8) against a real server on a loopback port: SQLite
//! always, PostgreSQL too when `BINOKEL_TEST_POSTGRES` is set (scripts/test.sh sets it).
//! Every figure the server answers is checked against `binokel::pad` computing the same pad.

mod common;

use binokel::pad::{Pad, PadDeal};
use binokel::{Contract, Rules, Suit};
use binokel_server::client::{http, HttpAnswer};
use common::*;
use serde_json::{json, Value};

async fn call(url: &str, method: &str, path: &str, body: Option<Value>) -> HttpAnswer {
    http(url, method, path, body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

fn deal(
    dealer: usize,
    soloist: usize,
    bid: u32,
    contract: Contract,
    melds: [u32; 3],
    cp: [Option<u32>; 3],
) -> PadDeal {
    PadDeal {
        dealer,
        soloist,
        bid,
        contract,
        melds: melds.to_vec(),
        took_trick: vec![true; 3],
        card_points: cp.to_vec(),
    }
}

/// Posts `deal` to the pad and checks it is refused with 400 naming `field`.
async fn deal_refused(url: &str, secret: &str, deal: &Value, field: &str) {
    let path = format!("/api/pads/{secret}/deals");
    refused(&call(url, "POST", &path, Some(deal.clone())).await, 400, field);
}

fn refused(a: &HttpAnswer, status: u16, field: &str) {
    let v = a.json().expect("a JSON error");
    assert_eq!(a.status, status, "{v}");
    assert_eq!(v["field"], field, "{v}");
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
}

/// The whole life of a pad on one database: create, bad input, three deals, a correction,
/// the shared view, exports, the match to its end with a settlement, a restart.
async fn a_pad_evening(database: &str) {
    let srv = start(config(database)).await;
    let url = srv.url.clone();

    // Bad creations name their field.
    refused(
        &call(&url, "POST", "/api/pads", Some(json!({"players": ["A", "B"]}))).await,
        400,
        "players",
    );
    refused(
        &call(
            &url,
            "POST",
            "/api/pads",
            Some(json!({"rules": "chess", "players": ["A", "B", "C"]})),
        )
        .await,
        400,
        "rules",
    );
    refused(
        &call(
            &url,
            "POST",
            "/api/pads",
            Some(json!({"players": ["A", "", "C"]})),
        )
        .await,
        400,
        "players[1]",
    );
    refused(
        &call(
            &url,
            "POST",
            "/api/pads",
            Some(json!({"players": ["A", "B", "C"], "stake_cents": -3})),
        )
        .await,
        400,
        "stake_cents",
    );
    let a = http(&url, "POST", "/api/pads", None).await.unwrap();
    refused(&a, 400, "body");

    let a = call(
        &url,
        "POST",
        "/api/pads",
        Some(json!({"rules": "standard", "players": ["Anna", "Ben", "Cleo"], "stake_cents": 1})),
    )
    .await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let created = a.json().unwrap();
    let secret = created["secret"].as_str().unwrap().to_string();
    let share = created["share"].as_str().unwrap().to_string();
    assert_ne!(secret, share);
    assert_eq!(created["sheet"]["status"], "playing");

    let mut local = Pad::new(
        &Rules::default(),
        vec!["Anna".into(), "Ben".into(), "Cleo".into()],
    );
    local.stake_cents = Some(1);
    let deals = [
        deal(
            0,
            1,
            200,
            Contract::Trump(Suit::Spades),
            [0, 150, 20],
            [Some(80), Some(90), None],
        ),
        deal(
            2,
            0,
            160,
            Contract::Trump(Suit::Hearts),
            [40, 0, 0],
            [Some(60), Some(100), Some(90)],
        ),
        deal(
            1,
            2,
            180,
            Contract::Surrender(Suit::Clubs),
            [20, 60, 0],
            [None, None, None],
        ),
    ];
    for (i, d) in deals.iter().enumerate() {
        let a = call(
            &url,
            "POST",
            &format!("/api/pads/{secret}/deals"),
            Some(serde_json::to_value(d).unwrap()),
        )
        .await;
        assert_eq!(a.status, 201, "deal {i}: {}", String::from_utf8_lossy(&a.body));
        local.add(d.clone()).unwrap();
    }
    let sheet = local.sheet().unwrap();
    let v = call(&url, "GET", &format!("/api/pads/{secret}"), None)
        .await
        .json()
        .unwrap();
    assert_eq!(v["sheet"]["totals"], json!(sheet.totals));
    assert_eq!(v["sheet"]["running"], json!(sheet.running));
    assert_eq!(
        v["sheet"]["card_points"][0],
        json!([80, 90, 80]),
        "the pad fills in the missing seat"
    );

    // Bad deals name their field and change nothing.
    let mut bad = serde_json::to_value(&deals[0]).unwrap();
    bad["card_points"] = json!([100, 100, 100]);
    deal_refused(&url, &secret, &bad, "card_points").await;
    bad["bid"] = json!(155);
    deal_refused(&url, &secret, &bad, "bid").await;
    bad["contract"] = json!("trump X");
    bad["bid"] = json!(150);
    deal_refused(&url, &secret, &bad, "contract").await;
    bad["contract"] = json!("bettel");
    deal_refused(&url, &secret, &bad, "contract").await;
    bad["contract"] = json!("trump S");
    bad["soloist"] = json!(3);
    deal_refused(&url, &secret, &bad, "soloist").await;
    bad["soloist"] = json!(1);
    bad["melds"] = json!([0, 15, 0]);
    refused(
        &call(
            &url,
            "POST",
            &format!("/api/pads/{secret}/deals"),
            Some(bad.clone()),
        )
        .await,
        400,
        "melds[1]",
    );
    bad["melds"] = json!([0, 0]);
    refused(
        &call(&url, "POST", &format!("/api/pads/{secret}/deals"), Some(bad)).await,
        400,
        "melds",
    );
    refused(
        &call(
            &url,
            "PUT",
            &format!("/api/pads/{secret}/deals/x"),
            Some(json!({})),
        )
        .await,
        400,
        "index",
    );
    let far = call(
        &url,
        "PUT",
        &format!("/api/pads/{secret}/deals/9"),
        Some(serde_json::to_value(&deals[0]).unwrap()),
    )
    .await;
    assert_eq!(far.status, 409);
    let v2 = call(&url, "GET", &format!("/api/pads/{secret}"), None)
        .await
        .json()
        .unwrap();
    assert_eq!(v2["pad"]["deals"].as_array().unwrap().len(), 3);
    assert_eq!(v2["version"], v["version"], "refused entries change nothing");

    // A correction of the first deal: the soloist failed after all.
    let fixed = deal(
        0,
        1,
        200,
        Contract::Trump(Suit::Spades),
        [0, 40, 20],
        [Some(80), Some(90), None],
    );
    let a = call(
        &url,
        "PUT",
        &format!("/api/pads/{secret}/deals/0"),
        Some(serde_json::to_value(&fixed).unwrap()),
    )
    .await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    local.correct(0, fixed).unwrap();
    let sheet = local.sheet().unwrap();
    assert_eq!(a.json().unwrap()["sheet"]["deals"][0][1], json!(-400));
    assert_eq!(a.json().unwrap()["sheet"]["totals"], json!(sheet.totals));

    // PUT at the end appends; the same PUT again (a page replaying its queue) is harmless.
    let fourth = deal(
        0,
        1,
        150,
        Contract::Trump(Suit::Diamonds),
        [0, 0, 0],
        [Some(50), Some(150), None],
    );
    for _ in 0..2 {
        let a = call(
            &url,
            "PUT",
            &format!("/api/pads/{secret}/deals/3"),
            Some(serde_json::to_value(&fourth).unwrap()),
        )
        .await;
        assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
        assert_eq!(a.json().unwrap()["pad"]["deals"].as_array().unwrap().len(), 4);
    }
    local.add(fourth).unwrap();

    // The shared view reads but cannot edit, and never shows the secret.
    let a = call(&url, "GET", &format!("/api/shared/{share}"), None).await;
    assert_eq!(a.status, 200);
    let shared = a.json().unwrap();
    assert!(shared.get("secret").is_none());
    assert!(!String::from_utf8_lossy(&a.body).contains(&secret));
    assert_eq!(shared["sheet"]["totals"], json!(local.sheet().unwrap().totals));
    let edit = call(
        &url,
        "POST",
        &format!("/api/pads/{share}/deals"),
        Some(serde_json::to_value(&deals[0]).unwrap()),
    )
    .await;
    assert_eq!(edit.status, 404, "the share code is no key to edit");
    assert_eq!(
        call(
            &url,
            "PUT",
            &format!("/api/shared/{share}/deals/0"),
            Some(json!({}))
        )
        .await
        .status,
        405
    );
    assert_eq!(call(&url, "GET", "/api/shared/NOSUCHPAD", None).await.status, 404);

    // Exports: the CSV and the JSON are the rules crate's.
    for base in [format!("/api/pads/{secret}"), format!("/api/shared/{share}")] {
        let csv = call(&url, "GET", &format!("{base}/csv"), None).await;
        assert_eq!(csv.status, 200);
        assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
        assert_eq!(String::from_utf8(csv.body).unwrap(), local.to_csv().unwrap());
        let j = call(&url, "GET", &format!("{base}/json"), None).await;
        let back: Pad = serde_json::from_slice(&j.body).unwrap();
        assert_eq!(back, local);
    }

    // Play on to the end: Ben, the soloist, makes big games until he passes 1500.
    let mut n = local.deals.len();
    while local.sheet().unwrap().winner.is_none() {
        let d = deal(
            n % 3,
            1,
            300,
            Contract::Trump(Suit::Hearts),
            [0, 300, 0],
            [Some(10), Some(200), None],
        );
        let a = call(
            &url,
            "PUT",
            &format!("/api/pads/{secret}/deals/{n}"),
            Some(serde_json::to_value(&d).unwrap()),
        )
        .await;
        assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
        local.add(d).unwrap();
        n += 1;
        assert!(n < 30, "the match never ended");
    }
    let sheet = local.sheet().unwrap();
    let v = call(&url, "GET", &format!("/api/shared/{share}"), None)
        .await
        .json()
        .unwrap();
    assert_eq!(v["sheet"]["status"], "won");
    assert_eq!(v["sheet"]["winner"], json!(1));
    let transfers: Vec<Value> = sheet
        .settlement
        .iter()
        .map(|(f, t, c)| json!({"from": f, "to": t, "cents": c}))
        .collect();
    assert!(!transfers.is_empty());
    assert_eq!(v["sheet"]["settlement"], json!(transfers));
    let late = call(
        &url,
        "POST",
        &format!("/api/pads/{secret}/deals"),
        Some(serde_json::to_value(&deals[0]).unwrap()),
    )
    .await;
    assert_eq!(late.status, 409, "no deal after the match is won");

    // The meld calculator.
    let m = call(
        &url,
        "POST",
        "/api/meld",
        Some(json!({"cards": "AS TS KS QS JS KS QS", "trump": "S"})),
    )
    .await
    .json()
    .unwrap();
    assert_eq!(m["total"], 190);
    assert_eq!(
        m["melds"][0],
        json!({"kind": "family", "suit": "S", "points": 150})
    );
    let m = call(
        &url,
        "POST",
        "/api/meld",
        Some(json!({"cards": ["QS", "QH", "QD", "QC", "JD"], "trump": null, "rules": "standard"})),
    )
    .await
    .json()
    .unwrap();
    assert_eq!(m["total"], 100);
    refused(
        &call(&url, "POST", "/api/meld", Some(json!({"cards": "AS XX"}))).await,
        400,
        "cards",
    );
    refused(
        &call(&url, "POST", "/api/meld", Some(json!({"cards": "AS AS AS"}))).await,
        400,
        "cards",
    );
    refused(
        &call(
            &url,
            "POST",
            "/api/meld",
            Some(json!({"cards": "AS", "trump": "Z"})),
        )
        .await,
        400,
        "trump",
    );

    // Persistence: a new process on the same database has the pad.
    srv.stop().await;
    let srv = start(config(database)).await;
    let v = call(&srv.url, "GET", &format!("/api/pads/{secret}"), None)
        .await
        .json()
        .unwrap();
    let back: Pad = serde_json::from_value(v["pad"].clone()).unwrap();
    assert_eq!(back, local);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_pad_evening() {
    a_pad_evening(&temp_sqlite("pad")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_pad_evening() {
    let Some(admin) = binokel_server::store::test_postgres_url("pad_api (PostgreSQL)") else {
        return;
    };
    let name = format!("binokel_pad_{}_{:x}", std::process::id(), rand::random::<u32>());
    let db = binokel_server::store::create_postgres_database(&admin, &name)
        .await
        .expect("a fresh database");
    a_pad_evening(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_share_a_team_score() {
    let srv = start(config(&temp_sqlite("pad4"))).await;
    let a = call(
        &srv.url,
        "POST",
        "/api/pads",
        Some(json!({"rules": "kreuz", "players": ["A", "B", "C", "D"]})),
    )
    .await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let secret = a.json().unwrap()["secret"].as_str().unwrap().to_string();
    let d = json!({"dealer": 3, "soloist": 0, "bid": 200, "contract": "trump C",
                   "melds": [100, 0, 40, 20], "took_trick": [true, true, true, false],
                   "card_points": [100, 90, 60, null]});
    // D took no trick: the pad fills in 0 for D (card points without a trick are refused).
    let v = call(
        &srv.url,
        "POST",
        &format!("/api/pads/{secret}/deals"),
        Some(d.clone()),
    )
    .await;
    assert_eq!(v.status, 201, "{}", String::from_utf8_lossy(&v.body));
    let mut local = Pad::new(
        &Rules::preset(binokel::Preset::Kreuz),
        ["A", "B", "C", "D"].map(String::from).to_vec(),
    );
    local.add(serde_json::from_value(d).unwrap()).unwrap();
    let v = v.json().unwrap();
    assert_eq!(v["sheet"]["totals"], json!(local.sheet().unwrap().totals));
    assert_eq!(v["sheet"]["partnerships"], json!(true));
    let totals = v["sheet"]["totals"].as_array().unwrap().clone();
    assert_eq!(totals[0], totals[2], "partners record the team's score");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_score_card_points_plus_melds() {
    let srv = start(config(&temp_sqlite("pad2"))).await;
    let a = call(
        &srv.url,
        "POST",
        "/api/pads",
        Some(json!({"rules": "two-player", "players": ["Anna", "Bert"]})),
    )
    .await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let secret = a.json().unwrap()["secret"].as_str().unwrap().to_string();
    let path = format!("/api/pads/{secret}/deals");
    // No auction: neither soloist, bid nor took_trick is asked for.
    let d = json!({"dealer": 1, "contract": "trump H", "melds": [150, 40], "card_points": [140, null]});
    deal_refused(
        &srv.url,
        &secret,
        &json!({"dealer": 1, "contract": "durch", "melds": [0, 0], "card_points": [140, null]}),
        "contract",
    )
    .await;
    deal_refused(
        &srv.url,
        &secret,
        &json!({"dealer": 1, "contract": "trump H", "melds": [0], "card_points": [140, null]}),
        "melds",
    )
    .await;
    deal_refused(
        &srv.url,
        &secret,
        &json!({"dealer": 1, "contract": "trump H", "melds": [0, 0], "card_points": [140, 100]}),
        "card_points",
    )
    .await;
    let mut local = Pad::new(
        &Rules::preset(binokel::Preset::TwoPlayer),
        ["Anna", "Bert"].map(String::from).to_vec(),
    );
    let mut last = Value::Null;
    for _ in 0..4 {
        let v = call(&srv.url, "POST", &path, Some(d.clone())).await;
        assert_eq!(v.status, 201, "{}", String::from_utf8_lossy(&v.body));
        local
            .add(PadDeal {
                dealer: 1,
                soloist: 0,
                bid: 0,
                contract: Contract::Trump(Suit::Hearts),
                melds: vec![150, 40],
                took_trick: Vec::new(),
                card_points: vec![Some(140), None],
            })
            .unwrap();
        last = v.json().unwrap();
    }
    let sheet = local.sheet().unwrap();
    assert_eq!(sheet.totals, vec![4 * 290, 4 * 150]);
    assert_eq!(last["sheet"]["totals"], json!(sheet.totals));
    assert_eq!(sheet.winner, Some((0, 3)), "Anna passes 1000 in the fourth deal");
    assert_ne!(last["sheet"]["status"], "playing", "{}", last["sheet"]);
    srv.stop().await;
}

/// Creates a pad from `body`; its secret and the created state.
async fn new_pad(url: &str, body: Value) -> (String, Value) {
    let a = call(url, "POST", "/api/pads", Some(body)).await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    let v = a.json().unwrap();
    (v["secret"].as_str().unwrap().to_string(), v)
}

/// The defects an outside tester found in the API (docs/pad.md): every refusal is the JSON
/// error shape, unknown fields are refused by name, the rules' checks live in the core (the
/// opening bid, the step, card points without a trick, names), Durch follows the tricks, and
/// deals after a deciding correction stay stored but do not count.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_json_named_and_checked_by_the_rules() {
    let srv = start(config(&temp_sqlite("padcheck"))).await;
    let url = srv.url.clone();
    let (secret, created) = new_pad(
        &url,
        json!({"rules": "standard", "players": [" Anna ", "Ben", "Cleo"], "stake_cents": 10}),
    )
    .await;
    assert_eq!(created["pad"]["players"][0], "Anna", "names are trimmed");
    let share = created["share"].as_str().unwrap().to_string();
    let deals = format!("/api/pads/{secret}/deals");

    // Item 7: 405 and 413 answer the JSON error shape; unknown fields are named.
    for (method, path) in [
        ("POST", format!("/api/shared/{share}")),
        ("DELETE", format!("/api/pads/{secret}")),
        ("GET", "/api/meld".to_string()),
    ] {
        let a = call(&url, method, &path, None).await;
        assert_eq!(a.status, 405, "{method} {path}");
        let v = a
            .json()
            .unwrap_or_else(|_| panic!("{method} {path}: a JSON body"));
        assert_eq!(v["error"], "method_not_allowed", "{v}");
        assert!(v["message"].as_str().unwrap().contains(method), "{v}");
    }
    let big = json!({"dealer": 0, "pad": "x".repeat(17 * 1024)});
    let a = call(&url, "POST", &deals, Some(big)).await;
    assert_eq!(a.status, 413);
    let v = a.json().expect("a JSON 413");
    assert_eq!(v["error"], "too_large", "{v}");
    assert!(v["message"].as_str().unwrap().contains("16 KiB"), "{v}");
    for (path, body, field) in [
        (
            "/api/pads".to_string(),
            json!({"players": ["A", "B", "C"], "stake": 5}),
            "stake",
        ),
        (
            deals.clone(),
            json!({"dealer": 0, "soloist": 1, "bid": 200, "contract": "trump S",
                   "melds": [0, 150, 20], "took_trick": [true, true, true],
                   "card_points": [80, 90, null], "tricks": [true, true, true]}),
            "tricks",
        ),
        (
            "/api/meld".to_string(),
            json!({"cards": "AS", "trumpf": "S"}),
            "trumpf",
        ),
    ] {
        let a = call(&url, "POST", &path, Some(body)).await;
        refused(&a, 400, field);
        let m = a.json().unwrap()["message"].as_str().unwrap().to_string();
        assert!(m.contains(&format!("`{field}`")), "{m}");
    }

    // Item 6: duplicate names (any case, after trimming) and whole numbers are refused.
    for (players, field) in [
        (json!(["A", "A", "C"]), "players[1]"),
        (json!(["A", "B", " a "]), "players[2]"),
        (json!(["A", "2", "C"]), "players[1]"),
    ] {
        let a = call(&url, "POST", "/api/pads", Some(json!({"players": players}))).await;
        refused(&a, 400, field);
    }

    // Item 3: the opening bid and the step of the preset, card points without a trick.
    let good = json!({"dealer": 0, "soloist": 1, "bid": 200, "contract": "trump S",
                      "melds": [0, 150, 20], "took_trick": [true, true, true],
                      "card_points": [80, 90, null]});
    for (key, value, field, says) in [
        ("bid", json!(140), "bid", "opening bid"),
        ("bid", json!(155), "bid", "step"),
        ("bid", json!(20000), "bid", "10000"),
        ("melds", json!([0, 10010, 0]), "melds[1]", "10000"),
        ("took_trick", json!([true, true, false]), "card_points[2]", "Cleo"),
        ("took_trick", json!([false, true, true]), "card_points[0]", "Anna"),
    ] {
        let mut bad = good.clone();
        bad[key] = value;
        let a = call(&url, "POST", &deals, Some(bad)).await;
        refused(&a, 400, field);
        let m = a.json().unwrap()["message"].as_str().unwrap().to_string();
        assert!(m.contains(says), "{m}");
    }
    let (swabian, _) = new_pad(&url, json!({"rules": "swabian", "players": ["A", "B", "C"]})).await;
    let mut low = good.clone();
    low["bid"] = json!(10);
    let a = call(&url, "POST", &format!("/api/pads/{swabian}/deals"), Some(low)).await;
    refused(&a, 400, "bid");
    assert!(a.json().unwrap()["message"].as_str().unwrap().contains("200"));

    // Item 1: a Durch whose opponent took a trick failed, whatever the soloist's entry.
    let (dutch, _) = new_pad(&url, json!({"rules": "dutch", "players": ["A", "B", "C"]})).await;
    let durch = json!({"dealer": 0, "soloist": 0, "bid": 200, "contract": "durch",
                       "melds": [0, 0, 0], "took_trick": [true, true, false],
                       "card_points": [null, null, null]});
    let a = call(&url, "POST", &format!("/api/pads/{dutch}/deals"), Some(durch)).await;
    assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    assert_eq!(a.json().unwrap()["sheet"]["deals"][0][0], -1000);

    // Item 4: a correction makes deal 0 decide the match; deals 1 and 2 stay but do not count.
    let target = json!({"rules": {"preset": "standard", "target": 500}, "players": ["A", "B", "C"],
                        "stake_cents": 10});
    let (sec, _) = new_pad(&url, target).await;
    let path = format!("/api/pads/{sec}/deals");
    let small = json!({"dealer": 0, "soloist": 0, "bid": 200, "contract": "trump S",
                       "melds": [0, 0, 0], "took_trick": [true, true, true],
                       "card_points": [100, 80, 70]});
    for _ in 0..3 {
        let a = call(&url, "POST", &path, Some(small.clone())).await;
        assert_eq!(a.status, 201, "{}", String::from_utf8_lossy(&a.body));
    }
    let mut big = small.clone();
    big["melds"] = json!([400, 0, 0]);
    let a = call(&url, "PUT", &format!("{path}/0"), Some(big)).await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    let sheet = a.json().unwrap()["sheet"].clone();
    assert_eq!(sheet["status"], "won", "{sheet}");
    assert_eq!(sheet["decided_by_deal"], 0, "{sheet}");
    assert_eq!(sheet["totals"], json!([500, 80, 70]), "{sheet}");
    assert_eq!(sheet["after_end"], json!([false, true, true]), "{sheet}");
    assert_eq!(
        sheet["settlement"],
        json!([{"from": 2, "to": 0, "cents": 4400}, {"from": 1, "to": 0, "cents": 4100}]),
        "{sheet}"
    );
    let a = call(&url, "POST", &path, Some(small.clone())).await;
    assert_eq!(a.status, 409);
    assert_eq!(a.json().unwrap()["error"], "match_over");
    let csv = call(&url, "GET", &format!("/api/pads/{sec}/csv"), None).await;
    let csv = String::from_utf8(csv.body).unwrap();
    assert_eq!(
        csv.lines().filter(|l| l.contains("after the end")).count(),
        2,
        "{csv}"
    );
    assert!(csv.contains("total,,,,,500,80,70"), "{csv}");

    // The stale answer counts its deals in words that fit ("1 deal").
    let (one, _) = new_pad(&url, json!({"players": ["A", "B", "C"]})).await;
    call(
        &url,
        "POST",
        &format!("/api/pads/{one}/deals"),
        Some(good.clone()),
    )
    .await;
    let a = call(
        &url,
        "PUT",
        &format!("/api/pads/{one}/deals/5"),
        Some(good.clone()),
    )
    .await;
    assert_eq!(a.status, 409);
    let m = a.json().unwrap()["message"].as_str().unwrap().to_string();
    assert!(m.contains("holds 1 deal") && !m.contains("1 deals"), "{m}");

    // Two players never play a Durch: the options say so.
    let (_, two) = new_pad(&url, json!({"rules": "two-player", "players": ["A", "B"]})).await;
    assert_eq!(two["rules_options"]["durch"], false);
    assert_eq!(created["rules_options"]["durch"], true);
    srv.stop().await;
}
