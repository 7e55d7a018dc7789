//! The SQL of players (migration `0460_players.sql`, the same statements for SQLite and
//! PostgreSQL): what the match-end seam writes ([`record_match`], inside the transaction
//! that stores the result), the bot accounts, and the reads behind profiles, histories,
//! leaderboards and My games.

use super::ratings::Rating;
use crate::store::{now_ms, Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

fn err(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{what}: {e}"))
}

pub use crate::store::players::FORMER_PLAYER;

/// The account of a bot at rated tables (`beginner`, `easy`, `medium`, `hard`), made the first
/// time it is needed: named as the bot's persona (`Benno`, ...), or `Benno-bot` when a person
/// holds that name already; its password is no argon2 hash, so nobody can log in as it.
pub async fn bot_account(store: &Store, bot: &str) -> Result<i64, StoreError> {
    let find = || async {
        sqlx::query("SELECT id FROM accounts WHERE bot = $1 ORDER BY id LIMIT 1")
            .bind(bot)
            .fetch_optional(store.pool())
            .await
            .map_err(err("find bot account"))
    };
    if let Some(r) = find().await? {
        return r.try_get("id").map_err(err("bot account id"));
    }
    let persona = binokel_ai::persona::persona(bot).0.to_string();
    for name in [
        persona.clone(),
        format!("{persona}-bot"),
        format!("{persona}-{bot}-bot"),
    ] {
        let canonical = crate::accounts::name::canonical(&name);
        let r = sqlx::query(
            "INSERT INTO accounts (name, canonical, password, created_ms, disabled, bot) \
             VALUES ($1, $2, '!bot', $3, 0, $4) ON CONFLICT (canonical) DO NOTHING",
        )
        .bind(name.clone())
        .bind(canonical)
        .bind(now_ms())
        .bind(bot)
        .execute(store.pool())
        .await
        .map_err(err("create bot account"))?;
        if r.rows_affected() == 1 {
            tracing::info!(bot, name, "bot account made");
            break;
        }
    }
    // Two processes may make it at once: the oldest one is the bot's account.
    match find().await? {
        Some(r) => r.try_get("id").map_err(err("bot account id")),
        None => Err(StoreError(format!("cannot make the account of the bot `{bot}`"))),
    }
}

/// A player as a profile, a history or a leaderboard names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The account's id.
    pub id: i64,
    /// The name.
    pub name: String,
    /// When the account was made.
    pub created_ms: i64,
    /// The bot id of a bot account.
    pub bot: Option<String>,
}

/// The account of a canonical name, people and bots alike.
pub async fn named(store: &Store, canonical: &str) -> Result<Option<Named>, StoreError> {
    let row = sqlx::query("SELECT id, name, created_ms, bot FROM accounts WHERE canonical = $1")
        .bind(canonical)
        .fetch_optional(store.pool())
        .await
        .map_err(err("find player"))?;
    row.map(|r| {
        Ok(Named {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            created_ms: r.try_get("created_ms")?,
            bot: r.try_get("bot")?,
        })
    })
    .transpose()
    .map_err(err("find player"))
}

/// One rating of an account.
#[derive(Clone, Debug, PartialEq)]
pub struct FormatRating {
    /// The format (a preset's name).
    pub format: String,
    /// The rating.
    pub rating: Rating,
    /// Rated matches played in it.
    pub games: i64,
}

/// Every rating of an account, by format.
pub async fn ratings_of(store: &Store, account: i64) -> Result<Vec<FormatRating>, StoreError> {
    sqlx::query(
        "SELECT format, mu, sigma, games FROM ratings WHERE account = $1 AND games > 0 ORDER BY format",
    )
    .bind(account)
    .fetch_all(store.pool())
    .await
    .map_err(err("read ratings"))?
    .iter()
    .map(|r| {
        Ok(FormatRating {
            format: r.try_get("format")?,
            rating: Rating {
                mu: r.try_get("mu")?,
                sigma: r.try_get("sigma")?,
            },
            games: r.try_get("games")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()
    .map_err(err("read ratings"))
}

/// The statistics of every match of an account, as stored (JSON objects).
pub async fn stats_of(store: &Store, account: i64) -> Result<Vec<serde_json::Value>, StoreError> {
    let rows = sqlx::query("SELECT stats FROM match_players WHERE account = $1")
        .bind(account)
        .fetch_all(store.pool())
        .await
        .map_err(err("read statistics"))?;
    rows.iter()
        .map(|r| {
            let s: String = r.try_get("stats").map_err(err("stats"))?;
            serde_json::from_str(&s).map_err(|e| StoreError(format!("stored statistics are not JSON: {e}")))
        })
        .collect()
}

/// One match of an account's history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    /// The table's invite code.
    pub code: String,
    /// The account's seat.
    pub seat: usize,
    /// When the match ended.
    pub finished_ms: i64,
    /// The format.
    pub format: String,
    /// Whether it was rated.
    pub rated: bool,
    /// The seat's place (1 is first).
    pub place: usize,
    /// The rating before and after, for a rated match.
    pub change: Option<(Rating, Rating)>,
    /// Each seat's total.
    pub totals: Vec<i32>,
}

fn history_row(r: &AnyRow) -> Result<HistoryRow, sqlx::Error> {
    let rating = |mu: &str, sigma: &str| -> Result<Option<Rating>, sqlx::Error> {
        let mu: Option<f64> = r.try_get(mu)?;
        let sigma: Option<f64> = r.try_get(sigma)?;
        Ok(mu.zip(sigma).map(|(mu, sigma)| Rating { mu, sigma }))
    };
    let totals: String = r.try_get("totals")?;
    Ok(HistoryRow {
        code: r.try_get("code")?,
        seat: r.try_get::<i64, _>("seat")? as usize,
        finished_ms: r.try_get("finished_ms")?,
        format: r.try_get("format")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        place: r.try_get::<i64, _>("place")? as usize,
        change: rating("mu_before", "sigma_before")?.zip(rating("mu_after", "sigma_after")?),
        totals: serde_json::from_str(&totals).unwrap_or_default(),
    })
}

/// An account's finished matches, newest first, at most `limit`, ending before the cursor
/// `(finished_ms, code)` when one is given.
pub async fn history(
    store: &Store,
    account: i64,
    before: Option<(i64, String)>,
    limit: usize,
) -> Result<Vec<HistoryRow>, StoreError> {
    let (ms, code) = before.unwrap_or((i64::MAX, String::new()));
    let rows = sqlx::query(
        "SELECT p.code, p.seat, p.finished_ms, p.format, p.rated, p.place, p.mu_before, p.sigma_before, \
         p.mu_after, p.sigma_after, m.totals FROM match_players p JOIN match_results m ON m.code = p.code \
         WHERE p.account = $1 AND (p.finished_ms < $2 OR (p.finished_ms = $2 AND p.code < $3)) \
         ORDER BY p.finished_ms DESC, p.code DESC LIMIT $4",
    )
    .bind(account)
    .bind(ms)
    .bind(if code.is_empty() {
        "\u{10FFFF}".to_string()
    } else {
        code
    })
    .bind(limit as i64)
    .fetch_all(store.pool())
    .await
    .map_err(err("read history"))?;
    rows.iter()
        .map(history_row)
        .collect::<Result<_, _>>()
        .map_err(err("read history"))
}

/// A seat as the lists of players show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatName {
    /// The name (an account's as it is now; "a former player" for a deleted account).
    pub name: Option<String>,
    /// The seat belongs to an account.
    pub account: bool,
    /// The account was deleted.
    pub former: bool,
    /// The bot's id, for bot seats.
    pub bot: Option<String>,
}

/// The seats of some tables, by table: names resolved at read time.
pub async fn seat_names(
    store: &Store,
    codes: &[String],
) -> Result<std::collections::HashMap<String, Vec<SeatName>>, StoreError> {
    let mut out: std::collections::HashMap<String, Vec<SeatName>> = Default::default();
    if codes.is_empty() {
        return Ok(out);
    }
    let marks: Vec<String> = (1..=codes.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT s.code, s.bot, s.name, s.account, a.name AS account_name FROM seats s \
         LEFT JOIN accounts a ON a.id = s.account WHERE s.code IN ({}) ORDER BY s.code, s.seat",
        marks.join(", ")
    );
    let mut q = sqlx::query(&sql);
    for c in codes {
        q = q.bind(c.clone());
    }
    for r in q.fetch_all(store.pool()).await.map_err(err("read seats"))? {
        let code: String = r.try_get("code").map_err(err("code"))?;
        let account: Option<i64> = r.try_get("account").map_err(err("account"))?;
        let account_name: Option<String> = r.try_get("account_name").map_err(err("account name"))?;
        let former = account.is_some() && account_name.is_none();
        out.entry(code).or_default().push(SeatName {
            name: if former {
                Some(FORMER_PLAYER.to_string())
            } else {
                account_name.or(r.try_get("name").map_err(err("name"))?)
            },
            account: account.is_some() && !former,
            former,
            bot: r.try_get("bot").map_err(err("bot"))?,
        });
    }
    Ok(out)
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Leader {
    /// The name.
    pub name: String,
    /// The bot id of a bot account.
    pub bot: Option<String>,
    /// The rating.
    pub rating: Rating,
    /// Rated matches played.
    pub games: i64,
}

/// The formats anyone has a rating in.
pub async fn formats(store: &Store) -> Result<Vec<String>, StoreError> {
    sqlx::query("SELECT DISTINCT format FROM ratings WHERE games > 0 ORDER BY format")
        .fetch_all(store.pool())
        .await
        .map_err(err("read formats"))?
        .iter()
        .map(|r| r.try_get("format").map_err(err("format")))
        .collect()
}

/// The settled ratings of a format (deviation at most the provisional bound), best first, at
/// most `limit`.
pub async fn leaderboard(store: &Store, format: &str, limit: usize) -> Result<Vec<Leader>, StoreError> {
    let bound = super::ratings::PROVISIONAL_DEVIATION / super::ratings::SCALE;
    sqlx::query(
        "SELECT a.name, a.bot, r.mu, r.sigma, r.games FROM ratings r JOIN accounts a ON a.id = r.account \
         WHERE r.format = $1 AND r.games > 0 AND r.sigma <= $2 ORDER BY r.mu DESC, a.name LIMIT $3",
    )
    .bind(format)
    .bind(bound)
    .bind(limit as i64)
    .fetch_all(store.pool())
    .await
    .map_err(err("read leaderboard"))?
    .iter()
    .map(|r| {
        Ok(Leader {
            name: r.try_get("name")?,
            bot: r.try_get("bot")?,
            rating: Rating {
                mu: r.try_get("mu")?,
                sigma: r.try_get("sigma")?,
            },
            games: r.try_get("games")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()
    .map_err(err("read leaderboard"))
}

/// One table of an account (My games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyTable {
    /// The invite code.
    pub code: String,
    /// The account's seat.
    pub seat: usize,
    /// `waiting`, `playing`, `finished` or `closed`.
    pub status: String,
    /// When it was made.
    pub created_ms: i64,
    /// The rating format of a rated table.
    pub rated: Option<String>,
    /// The rules as stored (JSON).
    pub rules: String,
}

/// The tables where an account holds a seat, newest first, at most `limit`.
pub async fn tables_of(store: &Store, account: i64, limit: usize) -> Result<Vec<MyTable>, StoreError> {
    sqlx::query(
        "SELECT t.code, s.seat, t.status, t.created_ms, t.rated, t.rules FROM seats s JOIN tables t ON t.code = s.code \
         WHERE s.account = $1 ORDER BY t.created_ms DESC, t.code LIMIT $2",
    )
    .bind(account)
    .bind(limit as i64)
    .fetch_all(store.pool())
    .await
    .map_err(err("read my tables"))?
    .iter()
    .map(|r| {
        Ok(MyTable {
            code: r.try_get("code")?,
            seat: r.try_get::<i64, _>("seat")? as usize,
            status: r.try_get("status")?,
            created_ms: r.try_get("created_ms")?,
            rated: r.try_get("rated")?,
            rules: r.try_get("rules")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()
    .map_err(err("read my tables"))
}

/// Marks a seat forfeited (a rated match's person gone too long).
pub async fn set_forfeit(store: &Store, code: &str, seat: usize) -> Result<(), StoreError> {
    sqlx::query("UPDATE seats SET forfeit = 1 WHERE code = $1 AND seat = $2")
        .bind(code)
        .bind(seat as i64)
        .execute(store.pool())
        .await
        .map_err(err("forfeit seat"))?;
    Ok(())
}

/// The rating changes a rated match stored, by seat (`match_over`).
pub async fn rating_changes(
    store: &Store,
    code: &str,
) -> Result<Vec<crate::protocol::RatingChange>, StoreError> {
    let rows = sqlx::query(
        "SELECT p.seat, a.name, p.mu_before, p.sigma_before, p.mu_after, p.sigma_after FROM match_players p \
         LEFT JOIN accounts a ON a.id = p.account WHERE p.code = $1 AND p.rated = 1 ORDER BY p.seat",
    )
    .bind(code)
    .fetch_all(store.pool())
    .await
    .map_err(err("read rating changes"))?;
    rows.iter()
        .map(|r| {
            let before = Rating {
                mu: r
                    .try_get::<Option<f64>, _>("mu_before")?
                    .unwrap_or(super::ratings::START_MU),
                sigma: r
                    .try_get::<Option<f64>, _>("sigma_before")?
                    .unwrap_or(super::ratings::START_SIGMA),
            };
            let after = Rating {
                mu: r.try_get::<Option<f64>, _>("mu_after")?.unwrap_or(before.mu),
                sigma: r
                    .try_get::<Option<f64>, _>("sigma_after")?
                    .unwrap_or(before.sigma),
            };
            Ok(crate::protocol::RatingChange {
                seat: r.try_get::<i64, _>("seat")? as usize,
                name: r
                    .try_get::<Option<String>, _>("name")?
                    .unwrap_or_else(|| FORMER_PLAYER.to_string()),
                before: before.shown(),
                after: after.shown(),
                deviation: after.deviation(),
                provisional: after.provisional(),
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(err("read rating changes"))
}
