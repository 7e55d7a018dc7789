//! The SQL of learning (migration `0490_learning.sql`, the same statements for SQLite and
//! PostgreSQL): puzzle ratings and answers, lesson progress and the puzzle-games setting.

use super::rating::{self, Glicko};
use crate::store::{now_ms, Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

/// An account's puzzle standing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzlePlayer {
    /// The rating.
    pub rating: Glicko,
    /// Puzzles answered (each once).
    pub tried: i64,
    /// Of those, answered right.
    pub solved: i64,
}

/// What an account's answer did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Counted {
    /// Whether this answer counted (the account's first to this puzzle).
    pub counted: bool,
    /// The account's rating before the answer (the same as after when it did not count).
    pub before: Glicko,
    /// The account's standing after it.
    pub player: PuzzlePlayer,
    /// The puzzle's rating after it.
    pub puzzle: Glicko,
}

fn glicko(r: &AnyRow) -> Result<Glicko, sqlx::Error> {
    Ok(Glicko {
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
    })
}

fn lock(c: &sqlx::AnyConnection) -> &'static str {
    if c.backend_name() == "PostgreSQL" {
        " FOR UPDATE"
    } else {
        ""
    }
}

/// An account's puzzle standing; `None` before its first answer.
pub async fn player(store: &Store, account: i64) -> Result<Option<PuzzlePlayer>, StoreError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, tried, solved FROM puzzle_players WHERE account = $1",
    )
    .bind(account)
    .fetch_optional(store.pool())
    .await
    .map_err(err("read puzzle rating"))?;
    row.map(|r| {
        Ok(PuzzlePlayer {
            rating: glicko(&r)?,
            tried: r.try_get("tried")?,
            solved: r.try_get("solved")?,
        })
    })
    .transpose()
    .map_err(err("read puzzle rating"))
}

/// Every puzzle's rating as answers moved it (puzzles nobody answered are not there).
pub async fn puzzle_ratings(store: &Store) -> Result<std::collections::HashMap<String, Glicko>, StoreError> {
    let rows = sqlx::query("SELECT puzzle, rating, deviation, volatility FROM puzzle_ratings")
        .fetch_all(store.pool())
        .await
        .map_err(err("read puzzle ratings"))?;
    rows.iter()
        .map(|r| Ok((r.try_get("puzzle")?, glicko(r)?)))
        .collect::<Result<_, sqlx::Error>>()
        .map_err(err("read puzzle ratings"))
}

/// One puzzle's rating (`shipped` when nobody answered it yet).
pub async fn puzzle_rating(store: &Store, puzzle: &str, shipped: u32) -> Result<Glicko, StoreError> {
    let row = sqlx::query("SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1")
        .bind(puzzle)
        .fetch_optional(store.pool())
        .await
        .map_err(err("read puzzle rating"))?;
    row.map(|r| glicko(&r))
        .transpose()
        .map_err(err("read puzzle rating"))
        .map(|g| g.unwrap_or_else(|| Glicko::puzzle(shipped)))
}

/// Records an account's answer to a puzzle and moves both ratings, in one transaction, only
/// for the account's first answer to that puzzle (the attempt's primary key decides, so two
/// answers sent at once count once). Later answers change nothing.
pub async fn answer(
    store: &Store,
    account: i64,
    puzzle: &str,
    shipped: u32,
    choice: &str,
    correct: bool,
) -> Result<Counted, StoreError> {
    let now = now_ms();
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    let first = sqlx::query(
        "INSERT INTO puzzle_attempts (account, puzzle, choice, correct, rating_before, rating_after, answered_ms) \
         VALUES ($1, $2, $3, $4, 0, 0, $5) ON CONFLICT (account, puzzle) DO NOTHING",
    )
    .bind(account)
    .bind(puzzle)
    .bind(choice)
    .bind(i64::from(correct))
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(err("record answer"))?
    .rows_affected()
        == 1;
    if !first {
        tx.rollback().await.map_err(err("rollback"))?;
        let player = self::player(store, account).await?.unwrap_or(PuzzlePlayer {
            rating: Glicko::player(),
            tried: 0,
            solved: 0,
        });
        return Ok(Counted {
            counted: false,
            before: player.rating,
            player,
            puzzle: puzzle_rating(store, puzzle, shipped).await?,
        });
    }
    let start = Glicko::player();
    sqlx::query(
        "INSERT INTO puzzle_players (account, rating, deviation, volatility, tried, solved, updated_ms) \
         VALUES ($1, $2, $3, $4, 0, 0, $5) ON CONFLICT (account) DO NOTHING",
    )
    .bind(account)
    .bind(start.rating)
    .bind(start.deviation)
    .bind(start.volatility)
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(err("start puzzle rating"))?;
    let z = Glicko::puzzle(shipped);
    sqlx::query(
        "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, plays, updated_ms) \
         VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (puzzle) DO NOTHING",
    )
    .bind(puzzle)
    .bind(z.rating)
    .bind(z.deviation)
    .bind(z.volatility)
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(err("start puzzle rating"))?;
    let l = lock(&tx);
    let p = sqlx::query(&format!(
        "SELECT rating, deviation, volatility, tried, solved FROM puzzle_players WHERE account = $1{l}"
    ))
    .bind(account)
    .fetch_one(&mut *tx)
    .await
    .map_err(err("read puzzle rating"))?;
    let before = glicko(&p).map_err(err("read puzzle rating"))?;
    let tried: i64 = p.try_get("tried").map_err(err("read puzzle rating"))?;
    let solved: i64 = p.try_get("solved").map_err(err("read puzzle rating"))?;
    let q = sqlx::query(&format!(
        "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1{l}"
    ))
    .bind(puzzle)
    .fetch_one(&mut *tx)
    .await
    .map_err(err("read puzzle rating"))?;
    let z = glicko(&q).map_err(err("read puzzle rating"))?;
    let (p, z) = rating::answer(before, z, correct);
    let player = PuzzlePlayer {
        rating: p,
        tried: tried + 1,
        solved: solved + i64::from(correct),
    };
    sqlx::query(
        "UPDATE puzzle_players SET rating = $1, deviation = $2, volatility = $3, tried = $4, solved = $5, \
         updated_ms = $6 WHERE account = $7",
    )
    .bind(p.rating)
    .bind(p.deviation)
    .bind(p.volatility)
    .bind(player.tried)
    .bind(player.solved)
    .bind(now)
    .bind(account)
    .execute(&mut *tx)
    .await
    .map_err(err("write puzzle rating"))?;
    sqlx::query(
        "UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, plays = plays + 1, \
         updated_ms = $4 WHERE puzzle = $5",
    )
    .bind(z.rating)
    .bind(z.deviation)
    .bind(z.volatility)
    .bind(now)
    .bind(puzzle)
    .execute(&mut *tx)
    .await
    .map_err(err("write puzzle rating"))?;
    sqlx::query(
        "UPDATE puzzle_attempts SET rating_before = $1, rating_after = $2 WHERE account = $3 AND puzzle = $4",
    )
    .bind(before.rating)
    .bind(p.rating)
    .bind(account)
    .bind(puzzle)
    .execute(&mut *tx)
    .await
    .map_err(err("record answer"))?;
    tx.commit().await.map_err(err("commit"))?;
    Ok(Counted {
        counted: true,
        before,
        player,
        puzzle: z,
    })
}

/// The lesson steps an account has solved, in the order they were solved.
pub async fn steps(store: &Store, account: i64) -> Result<Vec<String>, StoreError> {
    sqlx::query("SELECT step FROM learn_steps WHERE account = $1 ORDER BY solved_ms, step")
        .bind(account)
        .fetch_all(store.pool())
        .await
        .map_err(err("read lesson progress"))?
        .iter()
        .map(|r| r.try_get("step").map_err(err("read lesson progress")))
        .collect()
}

/// Adds solved steps to an account's progress (steps it has already stay as they were).
pub async fn add_steps(store: &Store, account: i64, steps: &[String]) -> Result<(), StoreError> {
    let now = now_ms();
    let mut tx = store.pool().begin().await.map_err(err("begin"))?;
    for s in steps {
        sqlx::query("INSERT INTO learn_steps (account, step, solved_ms) VALUES ($1, $2, $3) ON CONFLICT (account, step) DO NOTHING")
            .bind(account)
            .bind(s.clone())
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(err("write lesson progress"))?;
    }
    tx.commit().await.map_err(err("commit"))
}

/// Clears an account's lesson progress.
pub async fn clear_steps(store: &Store, account: i64) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM learn_steps WHERE account = $1")
        .bind(account)
        .execute(store.pool())
        .await
        .map_err(err("clear lesson progress"))?;
    Ok(())
}

/// Whether an account lets its games be used for puzzles.
pub async fn puzzle_games(store: &Store, account: i64) -> Result<bool, StoreError> {
    let r = sqlx::query("SELECT puzzle_games FROM accounts WHERE id = $1")
        .bind(account)
        .fetch_optional(store.pool())
        .await
        .map_err(err("read puzzle-games setting"))?;
    Ok(match r {
        Some(r) => {
            r.try_get::<i64, _>("puzzle_games")
                .map_err(err("read puzzle-games setting"))?
                != 0
        }
        None => false,
    })
}

/// Sets whether an account lets its games be used for puzzles.
pub async fn set_puzzle_games(store: &Store, account: i64, allowed: bool) -> Result<(), StoreError> {
    sqlx::query("UPDATE accounts SET puzzle_games = $1 WHERE id = $2")
        .bind(i64::from(allowed))
        .bind(account)
        .execute(store.pool())
        .await
        .map_err(err("write puzzle-games setting"))?;
    Ok(())
}

/// The finished matches that may be used for puzzles: every seat held by a person belongs
/// to an account that allows it (bot seats, with or without a bot account, do not count; a
/// guest's seat, or an account that does not allow it, rules the match out). Oldest first.
pub async fn puzzle_matches(store: &Store) -> Result<Vec<String>, StoreError> {
    sqlx::query(
        "SELECT t.code FROM tables t WHERE t.status IN ('finished', 'closed') \
         AND EXISTS (SELECT 1 FROM seats s JOIN accounts a ON a.id = s.account \
                     WHERE s.code = t.code AND a.bot IS NULL AND a.puzzle_games = 1) \
         AND NOT EXISTS (SELECT 1 FROM seats s LEFT JOIN accounts a ON a.id = s.account \
                         WHERE s.code = t.code AND s.kind <> 'bot' \
                         AND (a.id IS NULL OR (a.bot IS NULL AND a.puzzle_games = 0))) \
         ORDER BY t.created_ms, t.code",
    )
    .fetch_all(store.pool())
    .await
    .map_err(err("read puzzle matches"))?
    .iter()
    .map(|r| r.try_get("code").map_err(err("read puzzle matches")))
    .collect()
}
