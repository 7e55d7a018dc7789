//! The `heuristic` bot: no search, sound rules of thumb for every decision of the standard
//! game. The rules are the heuristic's policy ([`crate::policy`], re-exported here), which
//! also drives the `strong` bot's rollouts; with two players it plays the two-player policy
//! ([`crate::two::policy`]). Its hints are rollout values ([`crate::rollout::rollout_hint`]).

use crate::info::Info;
use crate::policy::{self, TAPP_SAMPLES};
use crate::rollout::rollout_hint;
use crate::Bot;
use binokel::{Action, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use crate::policy::{
    best_burial, best_trump, bid_decision, burial_candidates, choose_card, declare_decision, durch_is_safe,
    hand_value, keep_value, legal_mask, trick_estimate, PlayCtx,
};

/// The heuristic bot.
pub struct HeuristicBot {
    seed: u64,
    rng: ChaCha8Rng,
    tapp_samples: usize,
}

impl HeuristicBot {
    /// A heuristic bot with a seed (used to sample possible Tapps when bidding).
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            tapp_samples: TAPP_SAMPLES,
        }
    }

    /// The mean over sampled Tapps of the best burial and trump value of `hand`: what this
    /// hand is worth as soloist, by the heuristic.
    pub fn hand_value(&mut self, info: &Info) -> f64 {
        hand_value(info, self.tapp_samples, &mut self.rng)
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    /// Rollout values ([`rollout_hint`]): what each action is worth when
    /// everybody plays on like this bot. They can rank an action above the one this bot
    /// plays, which looks no further than its rules.
    fn hint(&mut self, view: &View) -> Vec<(Action, f64)> {
        self.rng = crate::decision_rng(self.seed, view);
        rollout_hint(view, self.rng.gen())
    }

    fn choose(&mut self, view: &View) -> Action {
        self.rng = crate::decision_rng(self.seed, view);
        policy::choose(view, &mut self.rng, self.tapp_samples)
    }
}
