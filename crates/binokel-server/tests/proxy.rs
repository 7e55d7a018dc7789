//! Behind a proxy (issue #35, `--trusted-proxies`): the per-address limits apply to the
//! client a trusted proxy names, and a peer that is not trusted cannot choose its address
//! with the forwarding headers.

mod common;

use binokel_server::client::http_with;
use common::*;
use serde_json::json;
use std::net::IpAddr;

fn lo(last: u8) -> Option<IpAddr> {
    Some(IpAddr::from([127, 0, 0, last]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_count_the_client_a_trusted_proxy_names() {
    let db = temp_sqlite("proxy");
    let mut cfg = config(&db);
    cfg.tables_per_minute = 1;
    cfg.trusted_proxies = binokel_server::address::parse_trusted("127.0.0.1/32").unwrap();
    let srv = start(cfg).await;
    let body = json!({});
    let create = |from: Option<IpAddr>, xff: &'static str| {
        let url = srv.url.clone();
        let body = body.clone();
        async move {
            let headers: Vec<(&str, &str)> = if xff.is_empty() {
                vec![]
            } else {
                vec![("X-Forwarded-For", xff)]
            };
            http_with(from, &url, "POST", "/api/tables", Some(&body), &headers)
                .await
                .unwrap()
                .status
        }
    };
    // Through the trusted proxy (127.0.0.1): one table a minute for each client it names.
    assert_eq!(create(lo(1), "203.0.113.1").await, 201);
    assert_eq!(create(lo(1), "203.0.113.1").await, 429, "the same client again");
    assert_eq!(
        create(lo(1), "203.0.113.2").await,
        201,
        "another client behind the proxy"
    );
    assert_eq!(
        create(lo(1), "198.51.100.9, 203.0.113.3").await,
        201,
        "the rightmost untrusted hop"
    );
    assert_eq!(
        create(lo(1), "203.0.113.7, 203.0.113.3").await,
        429,
        "a forged left part changes nothing"
    );
    // Forwarded wins over X-Forwarded-For.
    let url = srv.url.clone();
    let a = http_with(
        lo(1),
        &url,
        "POST",
        "/api/tables",
        Some(&body),
        &[
            ("X-Forwarded-For", "203.0.113.50"),
            ("Forwarded", "for=203.0.113.1"),
        ],
    )
    .await
    .unwrap();
    assert_eq!(
        a.status, 429,
        "Forwarded names 203.0.113.1, which created already"
    );
    // A peer that is not trusted (127.0.0.2) is its own address, whatever it says.
    assert_eq!(create(lo(2), "203.0.113.60").await, 201);
    assert_eq!(create(lo(2), "203.0.113.61").await, 429);
    srv.stop().await;
}
