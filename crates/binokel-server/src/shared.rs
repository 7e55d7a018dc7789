//! What the front door of one process shares: the [`Core`] the tables see, plus the
//! registry of tables, the review queue, the per-address limits of the HTTP routes and the
//! connection permits. [`Shared`] dereferences to its core, so that `shared.store` and
//! `shared.config` read as they do in a table.

use crate::core::Core;
use crate::limits::AddressLimiter;
use crate::protocol::Refusal;
use crate::registry::{Registry, Route};
use crate::review::queue::Reviews;
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What every route of one server process shares (see the module page).
pub struct Shared {
    /// The core the tables share.
    pub core: Arc<Core>,
    /// The tables of this process.
    pub tables: Arc<Registry>,
    /// The review queue (docs/protocol.md, "Reviews").
    pub reviews: Reviews,
    /// Pad creations per client address ([`Config::pads_per_minute`](crate::Config::pads_per_minute)).
    pub(crate) pad_creations: AddressLimiter,
    /// Review requests per client address ([`Config::reviews_per_minute`](crate::Config::reviews_per_minute)).
    pub(crate) review_requests: AddressLimiter,
    /// The accounts' hasher, delays and limits (docs/accounts.md).
    pub accounts: crate::accounts::state::Accounts,
    /// The games of finished tables, rebuilt once (tournaments' standings).
    pub finished: crate::finished::FinishedGames,
    /// One permit per WebSocket connection and lobby feed ([`Config::max_connections`](crate::Config::max_connections)).
    connections: Arc<Semaphore>,
}

impl std::ops::Deref for Shared {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

impl Shared {
    /// The shared state of a process around its core.
    pub fn new(core: Arc<Core>, tables: Arc<Registry>, reviews: Reviews) -> Shared {
        let config = &core.config;
        Shared {
            pad_creations: AddressLimiter::per_minute(config.pads_per_minute),
            review_requests: AddressLimiter::per_minute(config.reviews_per_minute),
            accounts: crate::accounts::state::Accounts::new(config),
            connections: Arc::new(Semaphore::new(config.max_connections.min(Semaphore::MAX_PERMITS))),
            finished: crate::finished::FinishedGames::default(),
            core,
            tables,
            reviews,
        }
    }

    /// The task of a table ([`Registry::route`]).
    pub async fn route(&self, code: &str) -> Result<Route, Refusal> {
        self.tables.route(&self.core, code).await
    }

    /// Tables set aside because their stored actions fail to replay.
    pub fn set_aside_count(&self) -> usize {
        self.tables.set_aside_count()
    }

    /// Counts a review request from `addr` against
    /// [`Config::reviews_per_minute`](crate::Config::reviews_per_minute); Err with the seconds
    /// until the next one is allowed.
    pub(crate) fn allow_review(&self, addr: std::net::IpAddr) -> Result<(), u64> {
        self.review_requests.check(addr)
    }

    /// A connection's permit (a WebSocket or a lobby feed), held while it lasts; None when
    /// [`Config::max_connections`](crate::Config::max_connections) are open.
    pub(crate) fn connection(&self) -> Option<OwnedSemaphorePermit> {
        self.connections.clone().try_acquire_owned().ok()
    }

    /// Open WebSocket connections and lobby feeds.
    pub fn connection_count(&self) -> usize {
        let max = self.config.max_connections.min(Semaphore::MAX_PERMITS);
        max - self.connections.available_permits()
    }

    /// Waits until every connection has closed (every permit is back).
    pub(crate) async fn connections_closed(&self) {
        let max = self.config.max_connections.min(Semaphore::MAX_PERMITS);
        if let Ok(n) = u32::try_from(max) {
            let _ = self.connections.acquire_many(n).await;
        }
    }
}
