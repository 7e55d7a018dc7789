//! `GET /metrics` on the metrics listener (`--metrics-listen`; never on the public router):
//! the process's measurements ([`crate::metrics`]) in the OpenMetrics text format, which
//! Prometheus reads. docs/deploy.md, "Metrics", lists them and what to alert on.

use crate::metrics::Snapshot;
use crate::shared::Shared;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

/// The router of the metrics listener: `/metrics` only.
pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new().route("/metrics", get(metrics)).with_state(shared)
}

async fn metrics(State(s): State<Arc<Shared>>) -> impl IntoResponse {
    let now = Snapshot {
        tables_loaded: s.table_count(),
        connections: s.connection_count(),
        bot_queue: s.bots.waiting(),
        reviews_waiting: s.reviews.pending(),
        reviews_running: s.reviews.running(),
        tables_set_aside: s.set_aside_count(),
    };
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        s.metrics.encode(now),
    )
}
