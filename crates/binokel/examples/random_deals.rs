//! Plays N complete random deals (the benchmark's deal, with a fast non-cryptographic
//! generator) and prints a checksum: for CPU-time and instruction-count measurements.
//! `cargo run --release -p binokel --example random_deals -- 100000`

#[path = "../benches/support/random_deal.rs"]
mod random_deal;

use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut sum = 0i64;
    for i in 0..n {
        sum += random_deal::random_deal(&mut rng, (i % 3) as usize) as i64;
    }
    println!("{n} deals, checksum {sum}");
}
