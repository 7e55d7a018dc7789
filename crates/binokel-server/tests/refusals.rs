//! Every API refusal in the documented JSON shape, and one rule for names (issue: the
//! hardening's second round): a method a route does not take answers `405` with `error` and
//! `message` on every route (a regression: `GET /api/tables` and `GET /api/lobby/quick`
//! answered an empty body), and names made only of invisible characters are refused at
//! table creation, joining and quick match.

mod common;

use binokel_server::client::http;
use common::*;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_method_a_route_does_not_take_answers_405_in_json_everywhere() {
    let srv = start(config(&temp_sqlite("refusals-405"))).await;
    for (method, path) in [
        ("GET", "/api/tables"),
        ("GET", "/api/lobby/quick"),
        ("DELETE", "/api/tables/ABCDEF"),
        ("PUT", "/api/reviews"),
        ("POST", "/health"),
        ("DELETE", "/api/pads"),
    ] {
        let a = http(&srv.url, method, path, None).await.unwrap();
        assert_eq!(a.status, 405, "{method} {path}");
        let body: Value = a
            .json()
            .unwrap_or_else(|_| panic!("{method} {path}: not JSON: {:?}", a.body));
        assert_eq!(body["error"], "method_not_allowed", "{method} {path}");
        let m = body["message"].as_str().unwrap();
        assert!(m.contains(method), "{method} {path}: {m}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_without_a_visible_character_are_refused_everywhere_a_name_is_entered() {
    let srv = start(config(&temp_sqlite("refusals-names"))).await;
    for name in ["\u{200B}", "\u{200D}\u{2060}", "\u{FEFF}", "\u{3164}"] {
        let a = http(&srv.url, "POST", "/api/tables", Some(&json!({"name": name})))
            .await
            .unwrap();
        assert_eq!(a.status, 400, "{name:?}: {:?}", a.body);
        let body: Value = a.json().unwrap();
        assert!(
            body["message"].as_str().unwrap().contains("no visible character"),
            "{body}"
        );

        let q = http(&srv.url, "POST", "/api/lobby/quick", Some(&json!({"name": name})))
            .await
            .unwrap();
        assert_eq!(q.status, 400, "quick match {name:?}: {:?}", q.body);
    }
    // Joining a free seat with such a name.
    let made = http(
        &srv.url,
        "POST",
        "/api/tables",
        Some(&json!({"name": "Anna", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})),
    )
    .await
    .unwrap();
    assert_eq!(made.status, 201, "{:?}", made.body);
    let code = made.json().unwrap()["code"].as_str().unwrap().to_string();
    let j = http(
        &srv.url,
        "POST",
        &format!("/api/tables/{code}/join"),
        Some(&json!({"name": "\u{200B}\u{200B}"})),
    )
    .await
    .unwrap();
    assert_eq!(j.status, 400, "{:?}", j.body);
    // A name with a visible character among invisible ones is a name.
    let ok = http(
        &srv.url,
        "POST",
        &format!("/api/tables/{code}/join"),
        Some(&json!({"name": "\u{200B}Bo"})),
    )
    .await
    .unwrap();
    assert_eq!(ok.status, 200, "{:?}", ok.body);
    srv.stop().await;
}
