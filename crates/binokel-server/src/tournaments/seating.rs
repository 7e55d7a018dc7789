//! Who sits where (docs/tournaments.md, "Seating"): round 1 at random, later rounds by
//! standing avoiding repeated opponents; the missing seats are bots, at most one a table
//! while possible. Pure: the caller gives the players, their order and who met whom.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::HashMap;

/// How many seats of each table are bots, for `players` at tables of `size`: as few tables
/// as hold everyone, the bots spread one a table first.
pub fn table_bots(players: usize, size: usize) -> Vec<usize> {
    if players == 0 || size == 0 {
        return Vec::new();
    }
    let tables = players.div_ceil(size);
    let bots = tables * size - players;
    (0..tables)
        .map(|i| bots / tables + usize::from(i >= tables - bots % tables))
        .collect()
}

/// Round 1: the players shuffled with a ChaCha stream of `seed`, then seated table by table
/// (each table's people first, its bots last). Each table is a list of seats, None a bot.
pub fn random(players: &[u32], size: usize, seed: u64) -> Vec<Vec<Option<u32>>> {
    let mut order = players.to_vec();
    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    fill(&order, size, |_, _| 0)
}

/// A later round: `ranked` is the players best first. Each table is filled from the best
/// unseated player, then by the following players who met the table's players least often
/// before (`met[(a, b)]`, either order), ties to the better standing.
pub fn by_standing(ranked: &[u32], size: usize, met: &HashMap<(u32, u32), u32>) -> Vec<Vec<Option<u32>>> {
    let meetings = |a: u32, b: u32| met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0);
    fill(ranked, size, |p, table| {
        table.iter().map(|&q| meetings(p, q)).sum()
    })
}

fn fill(order: &[u32], size: usize, cost: impl Fn(u32, &[u32]) -> u32) -> Vec<Vec<Option<u32>>> {
    let mut left: Vec<u32> = order.to_vec();
    let mut out = Vec::new();
    for bots in table_bots(order.len(), size) {
        let people = size - bots;
        let mut table: Vec<u32> = Vec::with_capacity(size);
        while table.len() < people && !left.is_empty() {
            let pick = if table.is_empty() {
                0
            } else {
                // The least met among the next players; `min_by_key` keeps the first of equals.
                (0..left.len())
                    .min_by_key(|&i| cost(left[i], &table))
                    .unwrap_or(0)
            };
            table.push(left.remove(pick));
        }
        let mut seats: Vec<Option<u32>> = table.into_iter().map(Some).collect();
        seats.resize(size, None);
        out.push(seats);
    }
    out
}

/// Who met whom in `tables` (people only), each pair once a table, as `(low, high)`.
pub fn meetings<'a>(tables: impl IntoIterator<Item = &'a [Option<u32>]>) -> HashMap<(u32, u32), u32> {
    let mut met = HashMap::new();
    for t in tables {
        let people: Vec<u32> = t.iter().flatten().copied().collect();
        for (i, &a) in people.iter().enumerate() {
            for &b in &people[i + 1..] {
                *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            }
        }
    }
    met
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_are_spread_one_a_table_first() {
        assert_eq!(table_bots(7, 3), vec![0, 1, 1]);
        assert_eq!(table_bots(6, 3), vec![0, 0]);
        assert_eq!(table_bots(4, 3), vec![1, 1]);
        assert_eq!(table_bots(1, 3), vec![2]);
        assert_eq!(table_bots(5, 4), vec![1, 2]);
        assert_eq!(table_bots(0, 3), Vec::<usize>::new());
    }

    #[test]
    fn everyone_is_seated_once() {
        let players: Vec<u32> = (0..11).collect();
        let tables = random(&players, 3, 9);
        let mut seated: Vec<u32> = tables.iter().flatten().flatten().copied().collect();
        seated.sort();
        assert_eq!(seated, players);
        assert_eq!(tables.len(), 4);
        assert_eq!(random(&players, 3, 9), tables, "the same seed seats the same");
    }

    #[test]
    fn a_later_round_avoids_repeated_opponents() {
        // Round 1: {0,1,2} {3,4,5}. By standing 0..6, the naive seating repeats both tables.
        let met = meetings([&[Some(0), Some(1), Some(2)][..], &[Some(3), Some(4), Some(5)][..]]);
        let tables = by_standing(&[0, 1, 2, 3, 4, 5], 3, &met);
        // 0 first; 3 is new to 0; then 1 and 4 and 5 each repeat one pair: the better standing.
        assert_eq!(tables[0], vec![Some(0), Some(3), Some(1)]);
        assert_eq!(tables[1], vec![Some(2), Some(4), Some(5)]);
        let again = meetings(tables.iter().map(Vec::as_slice));
        let repeats: u32 = again
            .iter()
            .filter(|(k, _)| met.contains_key(k))
            .map(|(_, v)| v)
            .sum();
        // Each table takes three players from two groups of three: one pair repeats at each,
        // the fewest possible; seated by standing alone, all six pairs would repeat.
        assert_eq!(repeats, 2);
    }
}
