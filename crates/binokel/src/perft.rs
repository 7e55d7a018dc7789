//! Counting action sequences (RECORDS.md section 4), the strongest test of move generation.

use crate::deal::Deal;

/// The number of distinct action sequences of length `depth` from `deal`; a sequence that
/// ends the deal early counts as one leaf. Identical copies of a card are one action, and a
/// burial is one action per distinct multiset.
///
/// ```
/// use binokel::{perft::perft, Deal, Rules};
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let d = Deal::shuffled(Rules::default(), 0, &mut rng);
/// assert_eq!(perft(&d, 1), 1); // forehand must open at 150
/// assert_eq!(perft(&d, 3), 4);
/// ```
pub fn perft(deal: &Deal, depth: u32) -> u64 {
    if depth == 0 || deal.is_over() {
        return 1;
    }
    let mut n = 0;
    deal.for_each_legal(|a| {
        if depth == 1 {
            n += 1;
        } else {
            let mut d = *deal;
            d.play_unchecked(a);
            n += perft(&d, depth - 1);
        }
    });
    n
}
