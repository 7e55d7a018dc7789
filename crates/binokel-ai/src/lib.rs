//! Computer players for Binokel.
//!
//! Every bot implements [`Bot`]: it is given only the [`View`] of its own seat (never the
//! hidden cards of others) and returns a legal action. Bots are deterministic for a given
//! seed; their budgets are counts (samples, nodes), never wall-clock time.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod arena;
pub mod beginner;
pub mod budget;
pub mod engine;
pub mod evaluator;
pub mod heuristic;
pub mod infer;
pub mod info;
pub mod lessons;
pub mod measure;
pub mod persona;
pub mod policy;
pub mod puzzle;
pub mod review;
pub mod rollout;
pub mod sample;
pub mod solver;
pub mod strong;
pub mod themes;
pub mod tuned;
pub mod two;

pub use budget::Budget;
pub use heuristic::HeuristicBot;
pub use info::Info;
pub use persona::persona;
pub use rollout::rollout_hint;
pub use strong::StrongBot;

use binokel::{Action, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A computer player.
pub trait Bot: Send {
    /// The bot's name as the arena and the tables show it (`random`, `strong`, ...).
    fn name(&self) -> &str;

    /// Chooses one of `view.legal` (never empty when the bot is asked).
    fn choose(&mut self, view: &View) -> Action;

    /// Every legal action with its value for this seat in points of the match measure as the
    /// review defines it (docs/review.md section 1; higher is better), best first: the
    /// review's own function ([`review::value::hint`]) on deals sampled from the view.
    /// `strong` and its levels rate at their search budget (exact solver near the end),
    /// `random`, `heuristic` and `beginner` at the small rollout budget
    /// ([`rollout::rollout_hint`]). The default (for bots that cannot value actions) rates
    /// the chosen action 1, the others 0.
    fn hint(&mut self, view: &View) -> Vec<(Action, f64)> {
        let best = self.choose(view);
        let mut v: Vec<(Action, f64)> = view
            .legal
            .iter()
            .map(|&a| (a, if a == best { 1.0 } else { 0.0 }))
            .collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1));
        v
    }
}

/// Uniformly random among the legal actions.
pub struct RandomBot {
    seed: u64,
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with a seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &View) -> Action {
        self.rng = decision_rng(self.seed, view);
        view.legal[self.rng.gen_range(0..view.legal.len())]
    }

    /// The same rollout values as `heuristic` ([`rollout::rollout_hint`]): a player who
    /// asks the random bot for advice still gets the value of each action in points.
    fn hint(&mut self, view: &View) -> Vec<(Action, f64)> {
        self.rng = decision_rng(self.seed, view);
        rollout::rollout_hint(view, self.rng.gen())
    }
}

/// The random stream of one decision of a bot seeded `seed`: its seed mixed with the view's
/// [`View::fingerprint`]. Every bot draws each decision's randomness from it, so a decision
/// depends on the position and the seed only, never on how often the bot was asked before
/// (a take-back followed by the same action gets the same answers; docs/strength.md).
pub fn decision_rng(seed: u64, view: &View) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(splitmix64(seed ^ view.fingerprint()))
}

/// One SplitMix64 step: nearby inputs give unrelated outputs (the bots' and the review's
/// decision seeds).
pub(crate) fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The names `make_bot` knows.
pub const BOT_NAMES: &[&str] = &[
    "random",
    "beginner",
    "heuristic",
    "strong",
    "strong-v1",
    "strong-infer",
    "strong-pass",
    "easy",
    "medium",
    "hard",
];

/// A bot by name, seeded: `random`, `beginner` (the heuristic with a learner's slips,
/// [`beginner`]), `heuristic`, `strong` (the default opponent), `strong-v1` (the strong bot
/// of commit 8b0a699, kept for measuring: `strong` with the deal-score values instead of
/// the match measure, docs/strength.md), `strong-infer` (the
/// strong bot with its sampled deals weighted by [`infer`]; not yet better than `strong-v1`,
/// so not the default), `strong-pass` (a pass valued by rollouts) and the levels for people
/// `easy`, `medium`, `hard` (`hard` is `strong`), which differ in search budget. A search
/// bot can also be named with settings, `strong:deal_samples=160,pass=rollout`
/// ([`tuned`]), for experiments.
pub fn make_bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    if let Some(bot) = tuned::make(name, seed, false) {
        return bot.map(|b| Box::new(b) as Box<dyn Bot>);
    }
    match name {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "beginner" => Ok(Box::new(beginner::BeginnerBot::new(seed))),
        "heuristic" => Ok(Box::new(HeuristicBot::new(seed))),
        _ => Err(format!(
            "unknown bot `{name}` (known: {}; a search bot also as NAME:setting=value,..., docs/strength.md)",
            BOT_NAMES.join(", ")
        )),
    }
}

/// Like [`make_bot`], for a pool of worker threads that run one decision at a time each
/// (the server's): the search levels (`strong`, `hard`, `medium`, `easy`) hold no solver of
/// their own but borrow the running thread's, cleared for each decision
/// ([`StrongBot::for_worker`]), so memory grows with the worker threads, not with the bots.
/// A decision is the same whichever worker runs it; for the same seed, views and order of
/// decisions it is the same as a [`make_bot`] bot's first decision with a fresh solver.
pub fn make_worker_bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    match tuned::make(name, seed, true) {
        Some(bot) => bot.map(|b| Box::new(b) as Box<dyn Bot>),
        None => make_bot(name, seed),
    }
}
