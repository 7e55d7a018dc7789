//! `/metrics` (docs/deploy.md, "Metrics"): served on its own listener only, in the
//! OpenMetrics text format, and its numbers follow what happened: a match played by a
//! person against two bots (actions by who played them, latencies, the bots' lag, the
//! match's end), connections and live tables while a person is connected, and refusals by
//! their error code over HTTP and WebSocket.

mod common;

use binokel_server::client::http;
use binokel_server::protocol::{ClientMsg, ErrorCode};
use common::scenarios::{error_of, one_person_two_bots};
use common::*;
use std::time::Duration;

/// The text of `/metrics`.
async fn scrape(url: &str) -> String {
    let (base, path) = url.split_at(url.find("/metrics").expect("a metrics URL"));
    let a = http(base, "GET", path, None).await.expect("/metrics answers");
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    assert!(
        a.header("content-type")
            .is_some_and(|t| t.starts_with("application/openmetrics-text")),
        "content type {:?}",
        a.header("content-type")
    );
    let text = String::from_utf8(a.body).expect("UTF-8");
    assert!(text.ends_with("# EOF\n"), "OpenMetrics text ends with # EOF");
    text
}

/// The value of the sample `series` (the name with its labels, as written), or None.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|l| {
        let rest = l.strip_prefix(series)?.strip_prefix(' ')?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

fn value(text: &str, series: &str) -> f64 {
    sample(text, series).unwrap_or_else(|| panic!("no sample {series} in:\n{text}"))
}

/// Scrapes until `series` has the value `want` (a table updates its counts after it
/// answered), or fails naming what it saw.
async fn wait_for(url: &str, series: &str, want: f64) -> String {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let text = scrape(url).await;
        if sample(&text, series) == Some(want) {
            return text;
        }
        if tokio::time::Instant::now() > deadline {
            panic!("{series} never became {want}; the last scrape:\n{text}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_a_match_its_connections_and_refusals() {
    let (srv, metrics) = start_with_metrics(config(&temp_sqlite("metrics"))).await;

    // Before anything: every measurement is there, at zero.
    let t = scrape(&metrics).await;
    for series in [
        "binokel_tables_loaded",
        "binokel_tables_live",
        "binokel_tables_set_aside",
        "binokel_connections",
        "binokel_bot_queue",
        "binokel_reviews_waiting",
        "binokel_reviews_running",
        "binokel_action_seconds_count",
        "binokel_bot_lag_seconds_count",
        "binokel_db_write_seconds_count",
        "binokel_lease_takeovers_total",
        "binokel_leases_lost_total",
        "binokel_matches_ended_total",
    ] {
        assert_eq!(value(&t, series), 0.0, "{series} at start");
    }

    // Not on the public router: the game's port does not tell its numbers.
    let public = http(&srv.url, "GET", "/metrics", None).await.unwrap();
    assert_ne!(public.status, 200, "/metrics is not served on the game's address");

    // Refusals over HTTP, by code: an unknown table, a method a route does not take.
    let a = call(&srv.url, "GET", "/api/tables/ZZZZZZ", None).await;
    assert_eq!(a.status, 404);
    let a = call(&srv.url, "DELETE", "/api/tables", None).await;
    assert_eq!(a.status, 405);
    let t = scrape(&metrics).await;
    assert_eq!(
        value(&t, r#"binokel_refusals_total{via="http",reason="unknown_table"}"#),
        1.0
    );
    assert_eq!(
        value(
            &t,
            r#"binokel_refusals_total{via="http",reason="method_not_allowed"}"#
        ),
        1.0
    );

    // A person at a table with two bots, and a spectator: two connections, one live table.
    let (code, token) = create(&srv.url, one_person_two_bots(300)).await;
    let (s, seat) = connect(&srv.ws(), &code, token.as_deref()).await;
    let (mut watcher, _) = connect(&srv.ws(), &code, None).await;
    wait_for(&metrics, "binokel_tables_live", 1.0).await;
    let t = scrape(&metrics).await;
    assert_eq!(value(&t, "binokel_connections"), 2.0);
    assert_eq!(value(&t, "binokel_tables_loaded"), 1.0);

    // Refusals over WebSocket, by code: a spectator's action, a message that is not part
    // of the protocol.
    watcher
        .send(&ClientMsg::Action {
            action: "pass".into(),
            id: Some(900),
            deal: None,
            index: None,
        })
        .await
        .unwrap();
    error_of(&mut watcher, ErrorCode::Spectator, Some(900)).await;
    watcher.send_text(r#"{"type":"no_such_message"}"#).await.unwrap();
    error_of(&mut watcher, ErrorCode::Malformed, None).await;
    let t = scrape(&metrics).await;
    assert_eq!(
        value(&t, r#"binokel_refusals_total{via="ws",reason="spectator"}"#),
        1.0
    );
    assert_eq!(
        value(&t, r#"binokel_refusals_total{via="ws",reason="malformed"}"#),
        1.0
    );
    watcher.close().await;
    wait_for(&metrics, "binokel_connections", 1.0).await;

    // The match, played to its end.
    let (log, s) = play(s, seat, 7, None).await;
    assert!(log.match_over);
    let t = wait_for(&metrics, "binokel_matches_ended_total", 1.0).await;
    let (_, game) = record(&srv.url, &code).await;
    let stored: usize = game.deals().iter().map(|d| d.actions.len()).sum();
    let person = value(&t, r#"binokel_actions_total{by="person"}"#);
    let bot = value(&t, r#"binokel_actions_total{by="bot"}"#);
    assert_eq!(
        person as usize, log.acks,
        "the person's actions are the acks they got"
    );
    assert_eq!(person + bot, stored as f64, "every stored action is counted once");
    assert_eq!(value(&t, "binokel_action_seconds_count"), person + bot);
    assert_eq!(value(&t, "binokel_db_write_seconds_count"), person + bot);
    assert_eq!(value(&t, "binokel_bot_lag_seconds_count"), bot);
    assert!(value(&t, "binokel_action_seconds_sum") > 0.0);

    // The person leaves: no connection, no live table.
    s.close().await;
    let t = wait_for(&metrics, "binokel_tables_live", 0.0).await;
    assert_eq!(value(&t, "binokel_connections"), 0.0);
    srv.stop().await;
}
