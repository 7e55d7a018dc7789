//! What loading a table reads of the deal of the day (migration `0480_daily.sql`; the rest
//! of its SQL is in `daily/store.rs`, above the tables).

use super::{err, StoreError};
use sqlx::AnyPool;

/// Whether the table is a ranked try of the deal of the day: no hints, no take-backs.
pub(super) async fn own_play(pool: &AnyPool, code: &str) -> Result<bool, StoreError> {
    Ok(
        sqlx::query("SELECT ranked FROM daily_tries WHERE code = $1 AND ranked = 1")
            .bind(code)
            .fetch_optional(pool)
            .await
            .map_err(err("load the table's daily try"))?
            .is_some(),
    )
}
