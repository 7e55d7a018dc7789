//! Puzzle ratings (docs/puzzles.md, "Ratings of accounts"): Glicko-2 as the `skillratings`
//! crate has it, with its default system constant (tau = 0.5). Each counted answer is one
//! game between the account and the puzzle: right is a win for the account, wrong a win for
//! the puzzle, and both ratings move, as on lichess.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// An account's first puzzle rating (Glicko-2's usual start, and lichess's).
pub const START_RATING: f64 = 1500.0;
/// An account's first deviation: nothing is known yet.
pub const START_DEVIATION: f64 = 350.0;
/// A puzzle's first deviation: its shipped rating is a formula's estimate (docs/puzzles.md,
/// "Rating"), better than nothing, so it moves less than a newcomer's but still settles
/// with the first answers.
pub const PUZZLE_DEVIATION: f64 = 200.0;
/// The first volatility of both (Glickman's suggestion).
pub const START_VOLATILITY: f64 = 0.06;

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
}

impl Glicko {
    /// A new account's rating.
    pub fn player() -> Glicko {
        Glicko {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    /// A puzzle's rating before any account answered it: its shipped rating.
    pub fn puzzle(shipped: u32) -> Glicko {
        Glicko {
            rating: f64::from(shipped),
            deviation: PUZZLE_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    /// The rating as shown (rounded).
    pub fn shown(&self) -> i64 {
        self.rating.round() as i64
    }

    /// The deviation as shown (rounded).
    pub fn shown_deviation(&self) -> i64 {
        self.deviation.round() as i64
    }
}

/// The account's and the puzzle's ratings after one answer (`correct`: the account won).
pub fn answer(player: Glicko, puzzle: Glicko, correct: bool) -> (Glicko, Glicko) {
    let to = |g: Glicko| Glicko2Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    };
    let back = |r: Glicko2Rating| Glicko {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let outcome = if correct { Outcomes::WIN } else { Outcomes::LOSS };
    let (p, z) = glicko2(&to(player), &to(puzzle), &outcome, &Glicko2Config::new());
    (back(p), back(z))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_right_answer_raises_the_account_and_lowers_the_puzzle() {
        let (p, z) = answer(Glicko::player(), Glicko::puzzle(1500), true);
        assert!(p.rating > START_RATING && z.rating < 1500.0, "{p:?} {z:?}");
        assert!(p.deviation < START_DEVIATION && z.deviation < PUZZLE_DEVIATION);
        // The newcomer (deviation 350) moves more than the puzzle (200).
        assert!(p.rating - START_RATING > 1500.0 - z.rating);
        let (p, z) = answer(Glicko::player(), Glicko::puzzle(1500), false);
        assert!(p.rating < START_RATING && z.rating > 1500.0, "{p:?} {z:?}");
        // A hard puzzle solved is worth more than an easy one.
        let hard = answer(Glicko::player(), Glicko::puzzle(2000), true).0;
        let easy = answer(Glicko::player(), Glicko::puzzle(1000), true).0;
        assert!(hard.rating > easy.rating, "{hard:?} {easy:?}");
        assert_eq!(Glicko::player().shown(), 1500);
    }
}
