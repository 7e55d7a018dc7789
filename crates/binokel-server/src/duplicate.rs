//! Duplicate scoring: a seat's deal score compared with the scores of the seats that held the
//! same cards at other tables (tournaments, the deal of the day; docs/tournaments.md,
//! "Duplicate scoring"). The formula is the plain difference to the average of those other
//! seats: points are what win a Binokel match, a player reads "+40" at once, and the swing of
//! a failed contract (twice the bid) is a real part of the game that an IMP-like scale would
//! hide. A hand that nobody else held is not compared (0, and not counted as compared).
//!
//! Pure functions over finished games; no I/O.

use binokel::{Game, Seat};
use std::collections::HashMap;

/// One seat's part in one complete deal: what it held and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatDeal {
    /// The deal's index at its table (0-based, redeals included).
    pub deal: usize,
    /// The seat.
    pub seat: Seat,
    /// What identifies "the same cards": the deal's shuffle seed, the dealer and this seat's
    /// hand as dealt, in card notation. Seats with equal keys held the same cards in the same
    /// deal.
    pub key: String,
    /// The seat's deal score, rounding applied.
    pub score: i32,
    /// This seat won the auction.
    pub soloist: bool,
    /// The contract's bid (every seat of the deal carries it).
    pub bid: Option<u32>,
    /// The soloist's deal score (every seat of the deal carries it).
    pub soloist_score: Option<i32>,
}

/// Every seat's part in every complete deal of `game` (redeals left out: nobody played them).
pub fn seat_deals(game: &Game) -> Vec<SeatDeal> {
    let mut out = Vec::new();
    for (i, log) in game.deals().iter().enumerate() {
        let o = log.state.outcome();
        if !o.complete || o.redeal {
            continue;
        }
        for seat in 0..game.players() {
            let seat = seat as Seat;
            out.push(SeatDeal {
                deal: i,
                seat,
                key: format!(
                    "{}/{}/{}",
                    log.seed.map_or_else(|| "-".to_string(), |s| s.to_string()),
                    log.start.dealer(),
                    log.start.hand(seat)
                ),
                score: o.scores[seat as usize],
                soloist: o.soloist == Some(seat),
                bid: o.bid,
                soloist_score: o.soloist.map(|s| o.scores[s]),
            });
        }
    }
    out
}

/// A seat's duplicate result: the sum over its deals of its score less the average of the
/// other seats that held the same cards.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Duplicate {
    /// The sum of the differences, in deal-score points.
    pub score: f64,
    /// Deals that had at least one other seat to compare with.
    pub compared: u32,
}

/// Duplicate results of every entry `(who, deals)`: `who` is any key (a player, a seat of a
/// table); entries of the same `who` add up. Each deal is compared with the deals of equal
/// [`SeatDeal::key`] of the other entries.
pub fn duplicate<K: Clone + Eq + std::hash::Hash>(entries: &[(K, Vec<SeatDeal>)]) -> HashMap<K, Duplicate> {
    // key -> (sum, count) over every entry's deals
    let mut boards: HashMap<&str, (i64, u32)> = HashMap::new();
    for (_, deals) in entries {
        for d in deals {
            let b = boards.entry(d.key.as_str()).or_default();
            b.0 += i64::from(d.score);
            b.1 += 1;
        }
    }
    let mut out: HashMap<K, Duplicate> = HashMap::new();
    for (who, deals) in entries {
        let r = out.entry(who.clone()).or_default();
        for d in deals {
            let (sum, n) = boards[d.key.as_str()];
            if n < 2 {
                continue;
            }
            let others = (sum - i64::from(d.score)) as f64 / f64::from(n - 1);
            r.score += f64::from(d.score) - others;
            r.compared += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(key: &str, score: i32) -> SeatDeal {
        SeatDeal {
            deal: 0,
            seat: 0,
            key: key.to_string(),
            score,
            soloist: false,
            bid: None,
            soloist_score: None,
        }
    }

    #[test]
    fn the_difference_is_to_the_average_of_the_others() {
        let e = vec![
            ("a", vec![d("x", 300), d("y", 0)]),
            ("b", vec![d("x", 100), d("y", 60)]),
            ("c", vec![d("x", -200), d("z", 90)]),
        ];
        let r = duplicate(&e);
        // x: a 300 vs avg(100, -200) = -50 -> +350; b 100 vs 50 -> +50; c -200 vs 200 -> -400
        // y: a 0 vs 60 -> -60; b 60 vs 0 -> +60; z: alone, not compared
        assert_eq!(r["a"].score, 290.0);
        assert_eq!(r["b"].score, 110.0);
        assert_eq!(r["c"].score, -400.0);
        assert_eq!((r["a"].compared, r["c"].compared), (2, 1));
        let sum: f64 = r.values().map(|x| x.score).sum();
        assert_eq!(
            sum, 0.0,
            "a board's differences add up to zero when all are compared"
        );
    }

    #[test]
    fn equal_seeds_give_equal_keys_and_scores_add_per_seat() {
        let mut a = Game::new(
            binokel::Rules::default(),
            vec!["a".into(), "b".into(), "c".into()],
        );
        let mut b = a.clone();
        a.start_seeded_deal(7).unwrap();
        b.start_seeded_deal(7).unwrap();
        for g in [&mut a, &mut b] {
            while let Some(act) = g.current().and_then(|d| d.legal_actions().first().copied()) {
                if g.is_over() || g.current().is_some_and(|d| d.is_over()) {
                    break;
                }
                g.play(act).unwrap();
            }
        }
        let (da, db) = (seat_deals(&a), seat_deals(&b));
        assert_eq!(da.len(), 3);
        assert_eq!(da, db, "the same seed and the same play give the same seat deals");
        let r = duplicate(&[("a", da), ("b", db)]);
        assert_eq!(
            r["a"],
            Duplicate {
                score: 0.0,
                compared: 3
            }
        );
    }
}
