//! The rating: Weng-Lin (a Bayesian approximation of Plackett-Luce), as the `skillratings`
//! crate has it, one rating per account and format (the preset's name). Decisions and
//! constants in docs/accounts.md, "Ratings".
//!
//! A match is ranked by its final places ([`places`]): three players free-for-all, four
//! players as two teams (seats 0 and 2 against 1 and 3), two players one against one. All
//! three are [`weng_lin_multi_team`] with the places as ranks: with two teams of one it is
//! the one-against-one update, with two teams of two the two-team update.

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// A new player's mu (the crate's default).
pub const START_MU: f64 = 25.0;
/// A new player's sigma (the crate's default, 25/3).
pub const START_SIGMA: f64 = 25.0 / 3.0;
/// Displayed ratings are mu and sigma times this: a new player shows 1500 ± 500.
pub const SCALE: f64 = 60.0;
/// A rating is provisional while its displayed deviation is above this (sigma above 10/3).
pub const PROVISIONAL_DEVIATION: f64 = 200.0;

/// A player's rating in one format.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Weng-Lin's mu.
    pub mu: f64,
    /// Weng-Lin's sigma.
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            mu: START_MU,
            sigma: START_SIGMA,
        }
    }
}

impl Rating {
    /// The rating as shown: mu × [`SCALE`], rounded.
    pub fn shown(&self) -> i64 {
        (self.mu * SCALE).round() as i64
    }

    /// The deviation as shown: sigma × [`SCALE`], rounded.
    pub fn deviation(&self) -> i64 {
        (self.sigma * SCALE).round() as i64
    }

    /// Whether the rating is still provisional (its deviation above
    /// [`PROVISIONAL_DEVIATION`]); leaderboards list only settled ratings.
    pub fn provisional(&self) -> bool {
        self.sigma * SCALE > PROVISIONAL_DEVIATION
    }
}

/// The place (1 is first) of each seat, from the match's result: the winning seat (and in a
/// four-seat game its partner) first, the others by their totals, equal totals sharing a
/// place; a seat that `forfeit`ed (gone too long, replaced by a bot) takes the last place
/// whatever its total (in a four-seat game its team does). `partners`: four seats in two
/// teams.
pub fn places(totals: &[i32], winner: Option<usize>, forfeit: &[bool], partners: bool) -> Vec<usize> {
    let n = totals.len();
    // The key a side is ranked by, higher is better: (not forfeited, won, total).
    let side = |s: usize| if partners { s % 2 } else { s };
    let sides: Vec<usize> = if partners { vec![0, 1] } else { (0..n).collect() };
    let key = |sd: usize| {
        let members: Vec<usize> = (0..n).filter(|&s| side(s) == sd).collect();
        let gone = members.iter().any(|&s| forfeit.get(s).copied().unwrap_or(false));
        let won = winner.is_some_and(|w| side(w) == sd);
        let total = members.first().map_or(0, |&s| totals[s]);
        (!gone, won, total)
    };
    let place_of_side = |sd: usize| 1 + sides.iter().filter(|&&o| key(o) > key(sd)).count();
    (0..n).map(|s| place_of_side(side(s))).collect()
}

/// The ratings after a match: `before[s]` is seat `s`'s rating, `places[s]` its place
/// ([`places`]); seats of one side (same place in a partnership) form a team.
pub fn update(before: &[Rating], places: &[usize], partners: bool) -> Vec<Rating> {
    let to = |r: &Rating| WengLinRating {
        rating: r.mu,
        uncertainty: r.sigma,
    };
    let n = before.len();
    let teams: Vec<Vec<usize>> = if partners {
        vec![vec![0, 2], vec![1, 3]]
    } else {
        (0..n).map(|s| vec![s]).collect()
    };
    let team_ratings: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|t| t.iter().map(|&s| to(&before[s])).collect())
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&team_ratings)
        .map(|(t, r)| (&r[..], MultiTeamOutcome::new(places[t[0]])))
        .collect();
    let after = weng_lin_multi_team(&input, &WengLinConfig::new());
    let mut out = before.to_vec();
    for (t, rs) in teams.iter().zip(after) {
        for (&s, r) in t.iter().zip(rs) {
            out[s] = Rating {
                mu: r.rating,
                sigma: r.uncertainty,
            };
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_follow_the_winner_then_the_totals() {
        assert_eq!(
            places(&[1510, 900, 1200], Some(0), &[false; 3], false),
            vec![1, 3, 2]
        );
        // The winner is first even with a lower total (the soloist reached the target first).
        assert_eq!(
            places(&[1500, 1520, 200], Some(0), &[false; 3], false),
            vec![1, 2, 3]
        );
        // Equal totals share a place.
        assert_eq!(
            places(&[1600, 700, 700], Some(0), &[false; 3], false),
            vec![1, 2, 2]
        );
        // A forfeit is last whatever its total.
        assert_eq!(
            places(&[1600, 1400, 700], Some(0), &[false, true, false], false),
            vec![1, 3, 2]
        );
        // Partnerships: a team's place.
        assert_eq!(
            places(&[1500, 800, 1500, 800], Some(2), &[false; 4], true),
            vec![1, 2, 1, 2]
        );
        assert_eq!(
            places(
                &[1500, 800, 1500, 800],
                Some(0),
                &[false, false, true, false],
                true
            ),
            vec![2, 1, 2, 1]
        );
        // One against one.
        assert_eq!(places(&[300, 1000], Some(1), &[false; 2], false), vec![2, 1]);
    }

    #[test]
    fn the_winner_gains_the_last_loses_and_everyone_grows_surer() {
        let before = [Rating::default(); 3];
        let after = update(&before, &[1, 3, 2], false);
        assert!(after[0].mu > START_MU, "{after:?}");
        assert!(
            after[1].mu < after[2].mu && after[2].mu < after[0].mu,
            "{after:?}"
        );
        assert!(after.iter().all(|r| r.sigma < START_SIGMA), "{after:?}");
        let teams = update(&[Rating::default(); 4], &[2, 1, 2, 1], true);
        assert_eq!(teams[0], teams[2]);
        assert!(teams[1].mu > teams[0].mu);
        let duel = update(&[Rating::default(); 2], &[1, 2], false);
        assert!(duel[0].mu > duel[1].mu);
        assert_eq!(Rating::default().shown(), 1500);
        assert_eq!(Rating::default().deviation(), 500);
        assert!(Rating::default().provisional());
    }

    #[test]
    fn a_rating_settles_after_a_documented_number_of_matches() {
        // docs/accounts.md: a player who plays three-seat matches against settled players
        // loses the provisional mark after about 15 matches (the figure the doc states).
        let field = Rating { mu: 25.0, sigma: 2.0 };
        let mut me = Rating::default();
        let mut n = 0;
        while me.provisional() {
            let after = update(
                &[me, field, field],
                &[1 + n % 3, 1 + (n + 1) % 3, 1 + (n + 2) % 3],
                false,
            );
            me = after[0];
            n += 1;
            assert!(n < 100);
        }
        assert!((10..=20).contains(&n), "settled after {n} matches");
    }
}
