//! What the match-end seam writes for players (migration `0460_players.sql`): called only
//! inside the transaction that stores a match's result for the first time, so a match
//! counts exactly once (docs/accounts.md, "Ratings").

use crate::model::MatchResult;
use crate::players::ratings::{places, update, Rating};
use sqlx::Row;

/// What the name of a seat of an account deleted since reads.
pub const FORMER_PLAYER: &str = "a former player";

/// Writes what a finished match gives the seats of accounts: for a rated match the new
/// ratings, and for every seat of an account its row of `match_players` (place, statistics,
/// rating before and after). Called by the store only in the transaction that stored the
/// match's result for the first time, so a match counts exactly once.
pub(crate) async fn record_match(c: &mut sqlx::AnyConnection, r: &MatchResult) -> Result<(), sqlx::Error> {
    if r.players.is_empty() {
        return Ok(());
    }
    let n = r.totals.len();
    let partners = n == 4;
    let mut forfeit = vec![false; n];
    for p in &r.players {
        if p.seat < n {
            forfeit[p.seat] = p.forfeit;
        }
    }
    let place = places(&r.totals, r.winner, &forfeit, partners);
    let mut before: Vec<Option<Rating>> = vec![None; n];
    let mut after: Vec<Option<Rating>> = vec![None; n];
    if let Some(format) = &r.rated {
        // Every seat of a rated match is an account's (people and bot accounts).
        let lock = if c.backend_name() == "PostgreSQL" {
            " FOR UPDATE"
        } else {
            ""
        };
        let mut current = vec![Rating::default(); n];
        for p in r.players.iter().filter(|p| p.seat < n) {
            sqlx::query(
                "INSERT INTO ratings (account, format, mu, sigma, games, updated_ms) VALUES ($1, $2, $3, $4, 0, $5) \
                 ON CONFLICT (account, format) DO NOTHING",
            )
            .bind(p.account)
            .bind(format.clone())
            .bind(Rating::default().mu)
            .bind(Rating::default().sigma)
            .bind(r.finished_ms)
            .execute(&mut *c)
            .await?;
            let row = sqlx::query(&format!(
                "SELECT mu, sigma FROM ratings WHERE account = $1 AND format = $2{lock}"
            ))
            .bind(p.account)
            .bind(format.clone())
            .fetch_one(&mut *c)
            .await?;
            current[p.seat] = Rating {
                mu: row.try_get("mu")?,
                sigma: row.try_get("sigma")?,
            };
        }
        let new = update(&current, &place, partners);
        for p in r.players.iter().filter(|p| p.seat < n) {
            sqlx::query(
                "UPDATE ratings SET mu = $1, sigma = $2, games = games + 1, updated_ms = $3 \
                 WHERE account = $4 AND format = $5",
            )
            .bind(new[p.seat].mu)
            .bind(new[p.seat].sigma)
            .bind(r.finished_ms)
            .bind(p.account)
            .bind(format.clone())
            .execute(&mut *c)
            .await?;
            before[p.seat] = Some(current[p.seat]);
            after[p.seat] = Some(new[p.seat]);
        }
    }
    for p in r.players.iter().filter(|p| p.seat < n) {
        sqlx::query(
            "INSERT INTO match_players (code, seat, account, finished_ms, format, rated, place, stats, \
             mu_before, sigma_before, mu_after, sigma_after) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (code, seat) DO NOTHING",
        )
        .bind(r.code.clone())
        .bind(p.seat as i64)
        .bind(p.account)
        .bind(r.finished_ms)
        .bind(r.format.clone())
        .bind(i64::from(r.rated.is_some()))
        .bind(place[p.seat] as i64)
        .bind(p.stats.to_string())
        .bind(before[p.seat].map(|x| x.mu))
        .bind(before[p.seat].map(|x| x.sigma))
        .bind(after[p.seat].map(|x| x.mu))
        .bind(after[p.seat].map(|x| x.sigma))
        .execute(&mut *c)
        .await?;
    }
    Ok(())
}
