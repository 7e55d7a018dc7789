//! Plays N complete random deals (the benchmark's deal, with a fast non-cryptographic
//! generator) and prints a checksum: for CPU-time and instruction-count measurements.
//! `cargo run --release -p binokel --example random_deals -- 100000`
//!
//! With a second argument `shuffle` it only shuffles, cuts and deals N times: the share of
//! the deal's cost that comes before the auction. With `cards` it plays the same deals one
//! `play_card_unchecked` call per card instead of `play_out_unchecked` (same checksum).

#[path = "../benches/support/random_deal.rs"]
mod random_deal;

use binokel::{Deal, Rules};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let mode = args.next();
    let shuffle_only = mode.as_deref() == Some("shuffle");
    let card_by_card = mode.as_deref() == Some("cards");
    let mut rng = SmallRng::seed_from_u64(1);
    let mut sum = 0i64;
    for i in 0..n {
        let dealer = (i % 3) as usize;
        sum += if shuffle_only {
            let d = Deal::shuffled(Rules::default(), dealer, &mut rng);
            d.hand(0).kinds() as i64
        } else if card_by_card {
            random_deal::random_deal_card_by_card(&mut rng, dealer) as i64
        } else {
            random_deal::random_deal(&mut rng, dealer) as i64
        };
    }
    println!("{n} deals, checksum {sum}");
}
