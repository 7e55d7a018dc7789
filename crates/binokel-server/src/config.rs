//! How a server process runs ([`Config`], the flags of `binokel serve`) and the error that
//! stops it ([`ServeError`]).

use std::time::Duration;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database URL: `sqlite://PATH` or `postgres://...`.
    pub database: String,
    /// The base URL other processes and redirected clients reach this one at
    /// (None: `http://` + the listening address).
    pub public_url: Option<String>,
    /// How long a table's lease lasts without renewal.
    pub lease: Duration,
    /// How long a person may be gone before a bot plays the seat.
    pub grace: Duration,
    /// At a rated table, how much longer than `grace` a person may be gone before the seat
    /// is forfeited: a bot plays it to the end and it takes the last place (default 5
    /// minutes; docs/accounts.md).
    pub forfeit_after: Duration,
    /// The turn clock.
    pub turn: Duration,
    /// The pause between deals (to look at the result) when no seat's client waits with
    /// `ready`.
    pub deal_pause: Duration,
    /// At a table with more than one person: how long the next deal waits for the seats
    /// whose clients opted in to `ready` before it starts anyway.
    pub ready_wait: Duration,
    /// How long a bot waits before it acts (so people can follow).
    pub bot_delay: Duration,
    /// The bot that plays for absent people.
    pub autopilot_bot: String,
    /// Most simultaneous WebSocket connections.
    pub max_connections: usize,
    /// Whether this process adopts tables whose owner died.
    pub adopt_orphans: bool,
    /// Most tables one client address may create a minute (0: no limit).
    pub tables_per_minute: u32,
    /// Most score pads one client address may create a minute (0: no limit; docs/pad.md).
    pub pads_per_minute: u32,
    /// Most tables in memory at once: creating one more is refused (0: no limit).
    pub max_tables: usize,
    /// Most reviews (`POST /api/reviews`) one client address may ask for a minute (0: no
    /// limit).
    pub reviews_per_minute: u32,
    /// A table with no action and no connection for this long is unloaded from memory (its
    /// stored actions stay; the next hello loads it again).
    pub idle_unload: Duration,
    /// Threads that run bot decisions, hints and reviews (each with its own solver table);
    /// default one fewer than the cores, at least one; with reviews on the pool has at least
    /// two ([`Config::pool_workers`]).
    pub bot_workers: usize,
    /// Reviews computed at once as jobs of the bot pool (0: reviews are off). Default 1.
    /// Never more than the pool's workers less one ([`Config::review_slots`]).
    pub reviews: usize,
    /// Reviews that may wait for a slot on the pool; past it a request is refused as `busy`.
    pub review_queue: usize,
    /// The review budget (`binokel_ai::review::ReviewBudget::scaled` of this factor).
    pub review_budget: f64,
    /// Most public tables one client address may have waiting for players at once (0: no
    /// cap); docs/protocol.md, "Limits".
    pub open_tables_per_address: usize,
    /// How long after a person took a seat the table counts as one where a person is
    /// present without an open WebSocket (60 s; docs/protocol.md, "The lists").
    pub presence: Duration,
    /// Reverse proxies whose forwarding headers name the client (`--trusted-proxies`;
    /// empty: the headers are ignored and the peer is the client).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Most password checks (logins, password changes, account deletions) one client address
    /// may ask for a minute (0: no limit; docs/accounts.md).
    pub logins_per_minute: u32,
    /// Most accounts one client address may make a minute (0: no limit).
    pub signups_per_minute: u32,
    /// The first delay after a name's failed logins; it doubles with each further failure
    /// (docs/accounts.md, "Failed attempts").
    pub login_delay: Duration,
    /// Password hashes computed at once (each takes 19 MiB and one core for tens of
    /// milliseconds); default the number of cores.
    pub password_hashes: usize,
    /// The clock of tournaments' start times and round limits (docs/tournaments.md): the
    /// system's time; a test moves it forward ([`Clock::advance`](crate::model::Clock::advance)).
    pub clock: crate::model::Clock,
    /// The deals of the deal of the day ([`crate::daily::DEALS`], 6; docs/daily.md). Tests
    /// set a smaller multiple of 3 to play a day quickly.
    pub daily_deals: u32,
    /// The bot at seats 1 and 2 of the deal of the day (`hard`; docs/daily.md). Tests set
    /// `random` to play a day quickly.
    pub daily_bot: String,
    /// A test hook: the UTC day (`YYYY-MM-DD`) the deal of the day takes as today (None: the
    /// clock's; docs/daily.md, "Test hooks").
    pub daily_today: Option<String>,
}

impl Config {
    /// The workers of the bot pool: [`Config::bot_workers`], and at least two when reviews
    /// are on, so that a review never holds the last worker the tables have.
    pub fn pool_workers(&self) -> usize {
        let min = if self.reviews > 0 { 2 } else { 1 };
        self.bot_workers.max(min)
    }

    /// Reviews at once on the pool: [`Config::reviews`], at most the pool's workers less
    /// one (at least one worker always stays free for the tables).
    pub fn review_slots(&self) -> usize {
        self.reviews.min(self.pool_workers() - 1)
    }

    /// The defaults of `binokel serve` with a database.
    pub fn new(database: &str) -> Config {
        let autopilot = ["heuristic", "random"]
            .into_iter()
            .find(|b| binokel_ai::BOT_NAMES.contains(b))
            .unwrap_or("random");
        Config {
            database: database.to_string(),
            public_url: None,
            lease: Duration::from_secs(15),
            grace: Duration::from_secs(30),
            forfeit_after: Duration::from_secs(300),
            turn: Duration::from_secs(60),
            deal_pause: Duration::from_millis(2000),
            ready_wait: Duration::from_secs(20),
            bot_delay: Duration::from_millis(400),
            autopilot_bot: autopilot.to_string(),
            max_connections: 10_000,
            adopt_orphans: true,
            tables_per_minute: 30,
            pads_per_minute: 20,
            max_tables: 10_000,
            reviews_per_minute: 6,
            idle_unload: Duration::from_secs(30 * 60),
            // One core is left to the connections: with every core searching, people's p99
            // latency at 1,000 tables with two strong bots each was 54 ms, with one fewer
            // worker 27 ms (2 cores; README, "Load test").
            bot_workers: std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)),
            reviews: 1,
            review_queue: 4,
            review_budget: 1.0,
            // A person waits at one or two tables (a second tab); three leaves room and
            // keeps one address from crowding the lists (issue #30).
            open_tables_per_address: 3,
            presence: Duration::from_secs(60),
            trusted_proxies: Vec::new(),
            // A club's evening behind one address: a few dozen people log in at once.
            logins_per_minute: 30,
            signups_per_minute: 10,
            login_delay: Duration::from_secs(1),
            password_hashes: std::thread::available_parallelism().map_or(1, |n| n.get()),
            clock: crate::model::Clock::default(),
            // The deal of the day's own constants, `daily::DEALS` and `daily::BOT` (a unit
            // test there keeps them equal; config.rs is below every module, it names none).
            daily_deals: 6,
            daily_bot: "hard".to_string(),
            daily_today: None,
        }
    }
}

/// An error that stops the server from starting or running.
#[derive(Debug)]
pub struct ServeError(pub String);

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServeError {}
