//! Running a server process: [`run`] opens the database, builds the [`Core`] and the
//! [`Shared`] state, serves the router until the shutdown signal, then stops every table,
//! connection and review with a bounded wait. Beside the router run the adopter of orphaned
//! tables and the starter of tables a table asked for (a rematch).

use crate::config::{Config, ServeError};
use crate::core::Core;
use crate::mailbox::Cmd;
use crate::registry::{Registry, Route};
use crate::shared::Shared;
use crate::{bots, lobby, review, router, store};
use rand::Rng;
use std::future::{Future, IntoFuture};
use std::sync::Arc;
use std::time::Duration;
use store::Store;
use tokio::net::TcpListener;

/// How long the shutdown waits for tables, connections and reviews to close.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(5);

/// Runs the server on `listener` until `shutdown` completes; then stops accepting, hands
/// every table back (releasing its lease) and returns.
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    run_with_metrics(listener, None, config, shutdown).await
}

/// [`run`], and `/metrics` served on `metrics` when it is given (`--metrics-listen`;
/// docs/deploy.md, "Metrics"). The metrics listener stops with the server.
pub async fn run_with_metrics(
    listener: TcpListener,
    metrics: Option<TcpListener>,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    // One process per SQLite file: it owns every table (no leases), and a second process
    // on the same file is refused here, before it touches the database.
    let _lock = match store::sqlite_path(&config.database) {
        Some(path) if !path.is_empty() => Some(lock_sqlite(path)?),
        _ => None,
    };
    let store = Store::open(&config.database)
        .await
        .map_err(|e| ServeError(e.to_string()))?;
    let bots = bots::BotPool::new(config.pool_workers()).map_err(ServeError)?;
    let reviews = review::queue::Reviews::new(
        bots.spawner(),
        config.review_slots(),
        config.review_queue,
        binokel_ai::review::ReviewBudget::scaled(config.review_budget),
        store.clone(),
        tokio::runtime::Handle::current(),
    );
    tracing::info!(
        workers = config.pool_workers(),
        reviews = config.review_slots(),
        review_queue = config.review_queue,
        "bot pool"
    );
    let addr = listener
        .local_addr()
        .map_err(|e| ServeError(format!("cannot read the listening address: {e}")))?;
    let url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_string();
    let node = format!("{:08x}", rand::thread_rng().gen::<u32>());
    let (core, starts) = Core::new(store, config, node, url, bots);
    let shared = Arc::new(Shared::new(Arc::new(core), Registry::new(), reviews));
    tracing::info!(node = %shared.node, url = %shared.url, database = ?shared.store.backend(), "serving");
    let adopter = tokio::spawn(adopt_orphans(shared.clone()));
    let starter = tokio::spawn(start_tables(shared.clone(), starts));
    let lobby_task = tokio::spawn(lobby::run(shared.clone()));
    let tournaments_task = tokio::spawn(crate::tournaments::driver::run(shared.clone()));
    let app = router::router(shared.clone());
    let metrics_task = metrics
        .map(|l| tokio::spawn(axum::serve(l, crate::api::metrics::router(shared.clone())).into_future()));
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    });
    let stopper = shared.clone();
    let mut on_stop = stop_rx.clone();
    let graceful = async move {
        let _ = on_stop.wait_for(|s| *s).await;
        tracing::info!("shutting down");
        stopper.lobby.stop();
        stopper.reviews.stop();
        // Tables close their connections, so the server's graceful wait can end.
        for h in stopper.tables.handles().await {
            let _ = h.tx.send(Cmd::Stop).await;
        }
    };
    let serving = tokio::spawn(
        axum::serve(
            // Small frames must leave at once: Nagle's algorithm with delayed ACKs would add
            // ~40 ms to an update.
            axum::serve::ListenerExt::tap_io(listener, |tcp| {
                let _ = tcp.set_nodelay(true);
            }),
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .with_graceful_shutdown(graceful)
        .into_future(),
    );
    let mut stopped = stop_rx;
    // Either way the server stops, the wait below runs: the serving task ends on its own
    // only after the graceful shutdown (the stop signal), and under load it can finish that
    // before this task sees the signal; returning here then skipped the wait, and a
    // running review was neither cancelled nor logged (serve_review_cancel failed in CI).
    let served = tokio::select! {
        _ = stopped.wait_for(|s| *s) => None,
        r = serving => Some(r),
    };
    adopter.abort();
    starter.abort();
    lobby_task.abort();
    tournaments_task.abort();
    if let Some(t) = metrics_task {
        t.abort();
    }
    match served {
        Some(Ok(Err(e))) => return Err(ServeError(format!("server error: {e}"))),
        Some(Err(e)) => return Err(ServeError(format!("server task failed: {e}"))),
        Some(Ok(Ok(()))) | None => {}
    }
    // Connections get a bounded time to close; tables release their leases as they stop;
    // running reviews stop before their next decision (none is stored half-done).
    shared.reviews.stop();
    let closed = async {
        shared.tables.all_closed().await;
        shared.connections_closed().await;
        shared.reviews.all_stopped().await;
    };
    if tokio::time::timeout(SHUTDOWN_WAIT, closed).await.is_err() {
        tracing::warn!(
            tables = shared.table_count(),
            connections = shared.connection_count(),
            reviews = shared.reviews.running(),
            "shutdown: not everything closed in time"
        );
    }
    shared.store.close().await;
    Ok(())
}

/// Takes the lock file beside a SQLite database (`PATH.lock`) for as long as the returned
/// file is open; an error naming the file if another process holds it.
fn lock_sqlite(path: &str) -> Result<std::fs::File, ServeError> {
    use fs4::fs_std::FileExt;
    let lock_path = format!("{path}.lock");
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| ServeError(format!("cannot open the lock file {lock_path}: {e}")))?;
    match FileExt::try_lock_exclusive(&f) {
        Ok(true) => Ok(f),
        Ok(false) => Err(ServeError(format!(
            "the SQLite database {path} is in use by another binokel serve process (it holds {lock_path}); \
             one process serves a SQLite file: stop the other one, or use PostgreSQL for several processes"
        ))),
        Err(e) => Err(ServeError(format!("cannot lock {lock_path}: {e}"))),
    }
}

/// Takes over tables whose owner died (its lease ran out), replaying their stored actions;
/// with SQLite, at once every table being played (this process owns them all). A table that
/// fails to load is logged and set aside; it never stops the others.
async fn adopt_orphans(shared: Arc<Shared>) {
    if !shared.config.adopt_orphans {
        return;
    }
    let every = (shared.config.lease / 2).max(Duration::from_millis(200));
    loop {
        let limit = 100 + shared.tables.set_aside_count();
        match shared.store.orphans(limit, &shared.node).await {
            Ok(codes) => {
                for code in codes {
                    if shared.tables.set_aside_reason(&code).is_some() {
                        continue;
                    }
                    match shared.route(&code).await {
                        Ok(Route::Local(_)) => tracing::info!(table = %code, "took over an orphaned table"),
                        Ok(Route::Elsewhere(_)) => {}
                        Err(e) => tracing::warn!(table = %code, error = %e, "cannot take over"),
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot look for orphaned tables"),
        }
        tokio::time::sleep(every).await;
    }
}

/// Loads the tables that a table asked this process to start ([`Core::start`]: a rematch
/// begins at once where it was agreed).
async fn start_tables(shared: Arc<Shared>, mut starts: tokio::sync::mpsc::UnboundedReceiver<String>) {
    while let Some(code) = starts.recv().await {
        if let Err(r) = shared.route(&code).await {
            tracing::warn!(table = %code, error = %r, "cannot start the table here");
        }
    }
}
