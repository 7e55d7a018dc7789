//! The HTTP resources of the front door that are not a service's own: tables
//! (`/api/tables`, `/health`), the rules (`/api/rules`), the puzzles (`/api/puzzles`), the embedded web assets, and `/metrics` (served on a listener of its own). The lobby, the pad and reviews
//! bring their own routes; `router.rs` puts them all together.

pub(crate) mod assets;
pub(crate) mod lessons;
pub(crate) mod metrics;
pub(crate) mod puzzles;
pub(crate) mod rules;
pub(crate) mod tables;
