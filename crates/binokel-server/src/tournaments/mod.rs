//! Tournaments (issue #38; docs/tournaments.md): rounds of a fixed number of deals at tables
//! of the preset's size, players reseated between rounds, scored by total points or
//! duplicate. `store.rs` the SQL (migration `0470_tournaments`); `seating.rs` who sits where
//! (pure); `standings.rs` the standings and the duplicate boards from the tables' games
//! (pure); `driver.rs` the task that starts rounds, seats the next one when a round's tables
//! have finished, and makes sure the tables of a round past its time limit run; `api.rs` the
//! routes. A service layer: it creates tables through `creation.rs` and loads them through
//! the registry; nothing below uses it.

pub mod api;
pub mod driver;
pub mod seating;
pub mod standings;
pub mod store;

use serde::Serialize;

/// How a tournament ranks its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// The sum of a player's points over the rounds.
    Total,
    /// The sum of the differences to the seats that held the same cards elsewhere
    /// ([`crate::duplicate`]).
    Duplicate,
}

impl Scoring {
    /// The stored and written name.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Total => "total",
            Scoring::Duplicate => "duplicate",
        }
    }

    /// The scoring named `s`.
    pub fn parse(s: &str) -> Option<Scoring> {
        match s {
            "total" => Some(Scoring::Total),
            "duplicate" => Some(Scoring::Duplicate),
            _ => None,
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Players enter; round 1 is not seated yet.
    Entering,
    /// A round is in play.
    Running,
    /// Every round has been played.
    Finished,
}

impl Stage {
    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Entering => "entering",
            Stage::Running => "running",
            Stage::Finished => "finished",
        }
    }

    fn parse(s: &str) -> Stage {
        match s {
            "running" => Stage::Running,
            "finished" => Stage::Finished,
            _ => Stage::Entering,
        }
    }
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tournament {
    /// Its id (`t-` and six letters or digits).
    pub id: String,
    /// Its name.
    pub name: String,
    /// The organizer's account.
    #[serde(skip)]
    pub organizer: i64,
    /// The preset played.
    pub preset: String,
    /// The rules as a record writes them (`Rules::to_json`): the preset's name, or an object
    /// with the options that differ from it. The round's length is set apart (`deals`).
    pub rules: serde_json::Value,
    /// Rounds.
    pub rounds: u32,
    /// Deals per round.
    pub deals: u32,
    /// How players are ranked.
    pub scoring: Scoring,
    /// When round 1 is seated (ms since the epoch), if set.
    pub start_ms: Option<i64>,
    /// A round's time limit in milliseconds.
    pub round_ms: i64,
    /// Accounts only, and every table counts for ratings.
    pub rated: bool,
    /// The bot of short tables.
    pub bot: String,
    /// The seed of every round's deals.
    #[serde(skip)]
    pub seed: u64,
    /// Where it stands.
    pub status: Stage,
    /// The round in play (0 before round 1).
    pub round: u32,
    /// When the round in play was seated.
    pub round_started_ms: Option<i64>,
    /// When it was created.
    pub created_ms: i64,
    /// When its last round ended.
    pub finished_ms: Option<i64>,
}

impl Tournament {
    /// The tournament's rules with the round's length (`series_deals`).
    pub fn rules(&self) -> binokel::Rules {
        let mut r = binokel::Rules::from_json(&self.rules)
            .or_else(|_| binokel::Rules::from_preset_name(&self.preset))
            .unwrap_or_default();
        r.series_deals = self.deals;
        r
    }

    /// The seed of round `round`'s deals: every table of the round shares it.
    pub fn round_seed(&self, round: u32) -> u64 {
        let mut z = self.seed ^ u64::from(round).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The seats of a table.
    pub fn table_size(&self) -> usize {
        self.rules().players as usize
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Numbered from 0 in the order of entry.
    pub n: u32,
    /// The name.
    pub name: String,
    /// The account, when the player entered logged in (the organizer adds guests only).
    pub account: Option<i64>,
    /// The guest's key to their tables.
    pub token: String,
    /// Dropped by the organizer: not seated in later rounds.
    pub dropped: bool,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundTable {
    /// The round (from 1).
    pub round: u32,
    /// The table's number in the round (from 0).
    pub n: u32,
    /// The table's invite code.
    pub code: String,
    /// Each seat's entrant, None for a bot.
    pub seats: Vec<Option<u32>>,
}
