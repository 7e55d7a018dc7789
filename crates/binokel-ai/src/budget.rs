//! The search budgets of the `strong` bot's levels ([`Budget`]) and of the rollout hints:
//! counts (samples, candidates, solver depth and nodes), never time, so a bot is
//! deterministic for its seed. Read by the strong bot, its two-player search and the hints.

/// Search budgets of a level. All are counts, so a bot is deterministic for its seed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Sampled deals per card-play decision.
    pub play_samples: usize,
    /// The exact solver decides card play from this many tricks left (rollouts before).
    pub solver_tricks: u32,
    /// Sampled deals per auction, burial and declaration decision.
    pub deal_samples: usize,
    /// Burials kept after pruning the 816 by the heuristic, each then played out.
    pub burial_candidates: usize,
    /// Search nodes the exact solver may spend on one sample; past it that sample is
    /// played out by rollouts instead (keeps every decision bounded).
    pub solver_nodes: u64,
}

impl Budget {
    /// `easy`: few samples, a short exact endgame.
    pub const EASY: Budget = Budget {
        play_samples: 3,
        solver_tricks: 4,
        deal_samples: 4,
        burial_candidates: 2,
        solver_nodes: 50_000,
    };
    /// `medium`.
    pub const MEDIUM: Budget = Budget {
        play_samples: 8,
        solver_tricks: 6,
        deal_samples: 12,
        burial_candidates: 6,
        solver_nodes: 200_000,
    };
    /// `hard` = `strong`, the default opponent.
    pub const STRONG: Budget = Budget {
        play_samples: 24,
        solver_tricks: 9,
        deal_samples: 40,
        burial_candidates: 16,
        solver_nodes: 400_000,
    };
}

impl Budget {
    /// The rollout hints of `heuristic` and `random`: a few sampled deals, every legal
    /// action played out by the heuristic on each (no exact solver in card play; the Durch
    /// probe gets a small node budget).
    pub const HINT: Budget = Budget {
        play_samples: 8,
        solver_tricks: 0,
        deal_samples: 8,
        burial_candidates: 4,
        solver_nodes: 20_000,
    };
}
