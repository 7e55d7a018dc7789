//! Plays N complete random deals with a fast non-cryptographic generator (the benchmark's deal) and prints a checksum.
//! `cargo run --release -p binokel --example random_deals -- 100000`

use binokel::{Action, Card, CardSet, Deal, Phase, Rules, Suit};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut sum = 0i64;
    for i in 0..n {
        let mut d = Deal::shuffled(Rules::default(), (i % 3) as usize, &mut rng);
        d.play_unchecked(Action::Bid(150));
        while d.phase() == Phase::Auction {
            let raise = d.bid() + 10;
            d.play_unchecked(if rng.gen_bool(0.4) {
                Action::Bid(raise)
            } else {
                Action::Pass
            });
        }
        let hand = d.hand(d.to_act().unwrap());
        let mut cards = [Card::from_index(0); 18];
        for (i, c) in hand.iter().enumerate() {
            cards[i] = c;
        }
        let mut bury = CardSet::EMPTY;
        for k in 0..3 {
            let j = rng.gen_range(k..18);
            cards.swap(k, j);
            bury.insert(cards[k]);
        }
        d.play_unchecked(Action::Bury(bury));
        d.play_unchecked(Action::Trump(Suit::from_index(rng.gen_range(0..4))));
        while !d.is_over() {
            let m = d.legal_cards();
            // Multiply-shift maps 32 random bits onto 0..count (bias below 1e-8).
            let mut k = ((rng.gen::<u32>() as u64 * m.count_ones() as u64) >> 32) as u32;
            let mut mm = m;
            while k > 0 {
                mm &= mm - 1;
                k -= 1;
            }
            d.play_unchecked(Action::Play(Card::from_index(mm.trailing_zeros() as usize)));
        }
        sum += d.scores()[d.soloist().unwrap()] as i64;
    }
    println!("{n} deals, checksum {sum}");
}
