//! The stored reviews (table `reviews`, migration `0401_reviews.sql`): a finished review is
//! kept with the record it reviewed under its content-derived id, so a second request for
//! the same match and every share link read it back at once.

use crate::store::{now_ms, Store, StoreError};
use sqlx::Row;

/// A stored review: the record reviewed and the `binokel-review/3` document, as JSON text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredReview {
    /// The `binokel-record/1` reviewed.
    pub record: String,
    /// The `binokel-review/3` document.
    pub review: String,
}

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

impl Store {
    /// The stored review `id`, if there is one.
    pub async fn load_review(&self, id: &str) -> Result<Option<StoredReview>, StoreError> {
        let row = sqlx::query("SELECT record, review FROM reviews WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(err("load review"))?;
        row.map(|r| {
            Ok(StoredReview {
                record: r.try_get("record").map_err(err("review record"))?,
                review: r.try_get("review").map_err(err("review document"))?,
            })
        })
        .transpose()
    }

    /// Stores a finished review under `id` (a second store of the same id keeps the first:
    /// the same content gives the same review).
    pub async fn save_review(&self, id: &str, review: &StoredReview) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO reviews (id, record, review, created_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(review.record.clone())
        .bind(review.review.clone())
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(err("store review"))?;
        Ok(())
    }

    /// How many reviews are stored.
    pub async fn review_count(&self) -> Result<usize, StoreError> {
        let r = sqlx::query("SELECT COUNT(*) AS n FROM reviews")
            .fetch_one(self.pool())
            .await
            .map_err(err("count reviews"))?;
        let n: i64 = r.try_get("n").map_err(err("count reviews"))?;
        Ok(n as usize)
    }
}
