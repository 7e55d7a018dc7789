//! The deal of the day (issue #38; docs/daily.md): the same [`DEALS`] deals for everyone each
//! UTC day, the standard preset, the player at seat 0 against two [`BOT`] bots. The deals
//! come from the day's seed, HMAC-SHA256 of the day (`YYYY-MM-DD`) under the server's
//! secret (32 random bytes made on first use and kept in the database, never served); a
//! table created with that seed and `series_deals` = the deals plays them, since a table's
//! deals depend only on its seed (`store::deal_seed`).
//!
//! `store.rs`: the secret and the tries; `ranking.rs`: the ranking by duplicate score and the
//! per-deal comparison, from the finished tries' games; `routes.rs`: `GET /api/daily`,
//! playing, the comparison (docs/protocol.md, "The deal of the day"). This module is a
//! service and its front door: it uses the store, table creation, the registry (through
//! `Shared`), the accounts' login and `duplicate`; nothing below uses it.

mod ranking;
mod routes;
mod store;

pub use ranking::{DealRow, RankRow};
pub(crate) use routes::{check_record, routes};

use crate::reply::ApiError;
use axum::http::StatusCode;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The deals of a day: a multiple of 3, so that every seat deals equally often. Six deals
/// take about twenty minutes against the bots.
pub const DEALS: u32 = 6;
/// The bot at seats 1 and 2: the strongest level people are offered (`hard`, Karle), so that
/// a day's score measures the player, not the bots' mistakes.
pub const BOT: &str = "hard";
/// The preset a day is played with.
pub const PRESET: &str = "standard";

/// A UTC day, `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(time::Date);

impl Day {
    /// Reads `YYYY-MM-DD` (a real calendar day from the year 2000 on); the error names what
    /// is wrong.
    pub fn parse(s: &str) -> Result<Day, String> {
        let bad = || format!("`{s}` is no day: write it YYYY-MM-DD, for example 2026-12-05");
        let b = s.as_bytes();
        if b.len() != 10
            || b[4] != b'-'
            || b[7] != b'-'
            || !b
                .iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        {
            return Err(bad());
        }
        let y: i32 = s[0..4].parse().map_err(|_| bad())?;
        let m: u8 = s[5..7].parse().map_err(|_| bad())?;
        let d: u8 = s[8..10].parse().map_err(|_| bad())?;
        if y < 2000 {
            return Err(format!("`{s}`: the deal of the day begins in the year 2000"));
        }
        let month = time::Month::try_from(m).map_err(|_| format!("`{s}`: there is no month {m}"))?;
        time::Date::from_calendar_date(y, month, d)
            .map(Day)
            .map_err(|_| format!("`{s}`: that month has no day {d}"))
    }

    /// Today in UTC.
    pub fn today_utc() -> Day {
        Day(time::OffsetDateTime::now_utc().date())
    }

    /// The day before.
    pub fn previous(self) -> Option<Day> {
        self.0.previous_day().map(Day)
    }

    /// The start of the next day, in milliseconds since the Unix epoch.
    pub fn next_start_ms(self) -> i64 {
        self.0
            .next_day()
            .map_or(i64::MAX, |d| d.midnight().assume_utc().unix_timestamp() * 1000)
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}",
            self.0.year(),
            u8::from(self.0.month()),
            self.0.day()
        )
    }
}

/// Today for a server: the test hook [`Config::daily_today`](crate::Config::daily_today) when
/// set, else the clock's UTC day.
pub(crate) fn today(config: &crate::Config) -> Result<Day, ApiError> {
    match &config.daily_today {
        Some(d) => Day::parse(d).map_err(|m| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "bad_config",
                format!("the configured day of the deal of the day: {m}"),
            )
        }),
        None => Ok(Day::today_utc()),
    }
}

/// The seed of a day's table: the first 8 bytes (little-endian) of HMAC-SHA256 of the day's
/// text under the server's secret.
pub fn day_seed(secret: &[u8; 32], day: Day) -> u64 {
    // An HMAC takes a key of any length: this never fails.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret).unwrap_or_else(|_| unreachable!());
    mac.update(day.to_string().as_bytes());
    let out = mac.finalize().into_bytes();
    let mut b = [0u8; 8];
    b.copy_from_slice(&out[..8]);
    u64::from_le_bytes(b)
}

/// The rules of a day's table: the preset with `series_deals` = `deals`.
pub fn day_rules(deals: u32) -> Result<binokel::Rules, String> {
    let mut rules = binokel::Rules::from_preset_name(PRESET).map_err(|e| e.to_string())?;
    rules
        .set("series_deals", &deals.to_string())
        .and_then(|()| rules.validate())
        .map_err(|e| e.to_string())?;
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_defaults_are_this_modules_constants() {
        let c = crate::Config::new("sqlite://x");
        assert_eq!(c.daily_deals, DEALS);
        assert_eq!(c.daily_bot, BOT);
        assert_eq!(DEALS % 3, 0);
        assert!(day_rules(DEALS).is_ok());
    }

    #[test]
    fn days_read_and_write() {
        let d = Day::parse("2026-02-28").unwrap();
        assert_eq!(d.to_string(), "2026-02-28");
        assert!(Day::parse("2026-02-29").unwrap_err().contains("no day 29"));
        assert!(Day::parse("2026-13-01").unwrap_err().contains("no month 13"));
        assert!(Day::parse("26-1-1").unwrap_err().contains("YYYY-MM-DD"));
        assert!(Day::parse("1999-12-31").is_err());
        assert_eq!(d.previous().unwrap().to_string(), "2026-02-27");
    }

    #[test]
    fn seeds_differ_by_day_and_secret() {
        let d = Day::parse("2026-12-05").unwrap();
        let e = Day::parse("2026-12-06").unwrap();
        assert_ne!(day_seed(&[0; 32], d), day_seed(&[0; 32], e));
        assert_ne!(day_seed(&[0; 32], d), day_seed(&[1; 32], d));
        assert_eq!(day_seed(&[7; 32], d), day_seed(&[7; 32], d));
    }
}
