//! The Binokel game server: every online table is a task owning the authoritative
//! [`binokel::Game`]; clients speak the versioned protocol of [`protocol`] (documented in
//! `docs/protocol.md`) over WebSocket, and plain HTTP for tables, records and health.
//! Every accepted action is stored (SQLite or PostgreSQL, [`store`]) before it is
//! acknowledged; a lease per table lets several processes share one database.
//!
//! The crate's map, from the bottom up (docs/architecture.md draws it): the wire format
//! ([`protocol`]), names and ids, the store, the [`core::Core`] every table shares, the
//! table tasks ([`table`]), the [`registry`] of the tables of this process, the services
//! above it (table creation, the lobby, reviews, the pad), and the front door (`router.rs`,
//! `api/`, `connection/`). No module uses a module that uses it back.
//!
//! ```no_run
//! # async fn example() -> Result<(), Box<dyn std::error::Error>> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let config = binokel_server::Config::new("sqlite://binokel.sqlite3");
//! binokel_server::run(listener, config, std::future::pending()).await?;
//! # Ok(()) }
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod accounts;
pub mod address;
mod api;
pub mod bots;
pub mod client;
mod config;
mod connection;
pub mod core;
mod creation;
pub mod daily;
pub mod duplicate;
pub mod finished;
mod ids;
pub mod learning;
pub mod limits;
pub mod loadtest;
pub mod lobby;
pub mod mailbox;
pub mod metrics;
pub mod model;
mod names;
pub mod outbox;
mod pad;
pub mod players;
pub mod protocol;
pub mod registry;
mod reply;
pub mod review;
mod router;
mod serve;
mod shared;
pub mod store;
pub mod table;
pub mod tournaments;

pub use config::{Config, ServeError};
pub use ids::{check_name, new_code, new_token, normal_code, ws_url, CODE_ALPHABET};
pub use registry::Route;
pub use serve::{run, run_with_metrics};
pub use shared::Shared;
