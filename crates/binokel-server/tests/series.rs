//! A fixed series of deals (`series_deals`, issue #38; docs/protocol.md, "Create a table")
//! at the real server: a table made with `"series_deals": 3` is listed with it, tells its
//! clients "deal k of 3" in every view, and ends after deal 3 with the highest total the
//! winner, over real WebSockets; a series that is no multiple of the seats is refused by
//! name.

mod common;

use binokel_server::client::http;
use common::*;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_deal_series_is_played_to_its_end_over_websocket() {
    let srv = start(config(&temp_sqlite("series"))).await;
    let (code, tok) = create(
        &srv.url,
        json!({"series_deals": 3, "name": "Anna", "public": true,
               "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    // The summary's rules and the lobby show the series.
    let summary = http(&srv.url, "GET", &format!("/api/tables/{code}"), None)
        .await
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(
        summary["rules"],
        json!({"preset": "standard", "series_deals": 3}),
        "{summary}"
    );
    let list = lobby(&srv.url).await;
    let entry = ["open", "running"]
        .iter()
        .flat_map(|k| list[k].as_array().cloned().unwrap_or_default())
        .find(|e| e["code"] == code.as_str())
        .unwrap_or_else(|| panic!("{code} is not listed: {list}"));
    assert_eq!(entry["series_deals"], 3, "{entry}");

    let (me, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let (spec, _) = connect(&srv.ws(), &code, None).await;
    let a = tokio::spawn(play(me, seat, 38, None));
    let b = tokio::spawn(play(spec, None, 0, None));
    let (la, _) = a.await.unwrap();
    let (lb, _) = b.await.unwrap();
    assert!(la.match_over && lb.match_over);
    let (rec, game) = record(&srv.url, &code).await;
    check_no_leaks(&game, &la);
    check_no_leaks(&game, &lb);
    assert_eq!(rec["rules"]["series_deals"], 3, "{}", rec["rules"]);

    // The end, computed here from the deal scores: after deal 3, at the first deal where one
    // total is highest (the standard game has no redeals).
    let mut totals = [0i32; 3];
    let mut ended_after = None;
    for (k, o) in game.outcomes().iter().enumerate() {
        assert!(ended_after.is_none(), "a deal after the end of the series");
        for (t, s) in totals.iter_mut().zip(o.scores) {
            *t += s;
        }
        let best = *totals.iter().max().unwrap();
        if k + 1 >= 3 && totals.iter().filter(|&&t| t == best).count() == 1 {
            ended_after = Some(k + 1);
        }
    }
    let deals = ended_after.expect("the series ended");
    assert_eq!(game.deals().len(), deals);
    let best = *totals.iter().max().unwrap();
    let winner = totals.iter().position(|&t| t == best).unwrap();
    assert_eq!(game.winner(), Some(winner), "{totals:?}");
    // The target (1500) did not apply: the match ended after the series, whatever the totals.
    let last = la.views.last().unwrap();
    assert_eq!(last.winner, Some(winner));
    assert_eq!(last.totals, totals.to_vec());

    // Every view said which deal of the three was played.
    for v in la.views.iter().chain(&lb.views) {
        let s = v.series.expect("a series view says where it stands");
        assert_eq!((s.deal, s.of), (v.deal + 1, 3), "{s:?} in deal {}", v.deal);
    }
    let seen: std::collections::BTreeSet<usize> = la.views.iter().map(|v| v.series.unwrap().deal).collect();
    assert!(seen.is_superset(&[1, 2, 3].into()), "{seen:?}");
    // And the JSON on the wire carries it.
    let raw = la
        .raw
        .iter()
        .rev()
        .find(|r| r.contains("\"series\""))
        .expect("series in a state");
    let v: Value = serde_json::from_str(raw).unwrap();
    assert_eq!(v["view"]["series"]["of"], 3, "{raw}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_series_that_does_not_fit_the_seats_is_refused_by_name() {
    let srv = start(config(&temp_sqlite("series-refused"))).await;
    let refused = |body: Value| {
        let url = srv.url.clone();
        async move {
            let a = http(&url, "POST", "/api/tables", Some(&body)).await.unwrap();
            let text = String::from_utf8_lossy(&a.body).to_string();
            assert_eq!(a.status, 400, "{body}: {text}");
            let v: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["error"], "bad_request", "{text}");
            v["message"].as_str().unwrap().to_string()
        }
    };
    let m = refused(json!({"series_deals": 4})).await;
    assert!(
        m.contains("series_deals") && m.contains("(4)") && m.contains("multiple of the number of seats, 3"),
        "{m}"
    );
    let m = refused(json!({"rules": "kreuz", "series_deals": 6})).await;
    assert!(m.contains("series_deals") && m.contains("seats, 4"), "{m}");
    let m = refused(json!({"series_deals": 501})).await;
    assert!(m.contains("series_deals") && m.contains("from 0 to 500"), "{m}");
    let m = refused(json!({"series_deals": -3})).await;
    assert!(m.contains("series_deals") && m.contains("-3"), "{m}");
    let m = refused(json!({"rules": {"preset": "standard", "series_deals": 4}})).await;
    assert!(m.contains("series_deals") && m.contains("(4)"), "{m}");
    // Fitting ones are taken: 0 is off, 4 at four seats, 2 at two.
    for body in [
        json!({"series_deals": 0}),
        json!({"rules": "kreuz", "series_deals": 4}),
        json!({"rules": "two-player", "series_deals": 2}),
    ] {
        let a = http(&srv.url, "POST", "/api/tables", Some(&body)).await.unwrap();
        assert_eq!(a.status, 201, "{body}: {}", String::from_utf8_lossy(&a.body));
    }
    srv.stop().await;
}

/// Quick match with `series_deals` (docs/protocol.md, "Quick match"): it opens a public table
/// of that series, seats the next caller asking for the same series there, never one asking
/// for no series (nor a series caller at a table without one), and refuses a series that
/// does not fit the seats by name. The table's summary (`GET /api/tables/{code}`) carries
/// `series_deals` (0 without a series).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_match_offers_a_series_and_matches_only_the_same_series() {
    let srv = start(config(&temp_sqlite("series-quick"))).await;
    let quick = |body: Value| {
        let url = srv.url.clone();
        async move {
            let a = call(&url, "POST", "/api/lobby/quick", Some(body.clone())).await;
            (a.status, json_of(&a))
        }
    };
    let (st, first) = quick(json!({"name": "Anna", "series_deals": 3})).await;
    assert_eq!(st, 201, "{first}");
    assert_eq!(first["opened"], true, "{first}");
    let series_code = first["code"].as_str().unwrap().to_string();
    let summary = json_of(&call(&srv.url, "GET", &format!("/api/tables/{series_code}"), None).await);
    assert_eq!(
        summary["rules"],
        json!({"preset": "standard", "series_deals": 3}),
        "{summary}"
    );
    assert_eq!(summary["series_deals"], 3, "{summary}");
    // No series asked: not seated at the series table, a table of its own.
    let (st, plain) = quick(json!({"name": "Bert"})).await;
    assert_eq!((st, &plain["opened"]), (201, &json!(true)), "{plain}");
    assert_ne!(plain["code"], series_code.as_str(), "{plain}");
    // The summary of a table without a series says 0.
    let path = format!("/api/tables/{}", plain["code"].as_str().unwrap());
    let summary = json_of(&call(&srv.url, "GET", &path, None).await);
    assert_eq!(summary["series_deals"], 0, "{summary}");
    // `series_deals: 0` is the same as none: seated with Bert.
    let (st, zero) = quick(json!({"name": "Cleo", "series_deals": 0})).await;
    assert_eq!((st, &zero["opened"]), (200, &json!(false)), "{zero}");
    assert_eq!(zero["code"], plain["code"], "{zero}");
    // The same series: seated with Anna.
    let (st, same) = quick(json!({"name": "Dora", "series_deals": 3})).await;
    assert_eq!((st, &same["opened"]), (200, &json!(false)), "{same}");
    assert_eq!(same["code"], series_code.as_str(), "{same}");
    // Another series (6): a new table.
    let (st, six) = quick(json!({"name": "Emil", "series_deals": 6})).await;
    assert_eq!((st, &six["opened"]), (201, &json!(true)), "{six}");
    // A series that does not fit the seats, or out of range: refused by name.
    for (body, part) in [
        (json!({"series_deals": 4}), "multiple of the number of seats, 3"),
        (json!({"rules": "kreuz", "series_deals": 6}), "seats, 4"),
        (json!({"series_deals": 501}), "from 0 to 500"),
        (json!({"series_deals": -3}), "-3"),
    ] {
        let (st, v) = quick(body.clone()).await;
        assert_eq!((st, &v["error"]), (400, &json!("bad_request")), "{body}: {v}");
        let m = v["message"].as_str().unwrap();
        assert!(m.contains("series_deals") && m.contains(part), "{body}: {m}");
    }
    srv.stop().await;
}
