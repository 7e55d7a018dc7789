//! Engine speed: complete random deals per second, and legal-card generation per call.
//!
//! `cargo bench -p binokel --bench engine` (run with `taskset -c 0` for one core).
#![allow(missing_docs)] // criterion's macros generate undocumented items

use binokel::{Action, Deal, Phase, Rules, Suit};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One complete random deal: shuffle and deal, an auction that stops at random, a random
/// burial, a random trump (no surrender, no Durch), uniformly random legal cards, melds and
/// scores. Returns the soloist's score so nothing is optimised away.
fn random_deal(rng: &mut SmallRng, dealer: usize) -> i32 {
    let rules = Rules::default();
    let mut d = Deal::shuffled(rules, dealer, rng);
    d.play_unchecked(Action::Bid(150));
    while d.phase() == Phase::Auction {
        let raise = d.bid() + 10;
        if rng.gen_bool(0.4) {
            d.play_unchecked(Action::Bid(raise));
        } else {
            d.play_unchecked(Action::Pass);
        }
    }
    // Random burial: three random cards of the 18.
    let hand = d.hand(d.to_act().unwrap());
    let mut cards = [binokel::Card::from_index(0); 18];
    for (i, c) in hand.iter().enumerate() {
        cards[i] = c;
    }
    let mut bury = binokel::CardSet::EMPTY;
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
        d.play_unchecked(Action::Play(binokel::Card::from_index(
            mm.trailing_zeros() as usize
        )));
    }
    d.scores()[d.soloist().unwrap()]
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("deal");
    g.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(1);
    let mut dealer = 0;
    g.bench_function("random_deal", |b| {
        b.iter(|| {
            dealer = (dealer + 1) % 3;
            black_box(random_deal(&mut rng, dealer))
        })
    });
    g.finish();

    // Legal cards in mid-trick positions of real deals.
    let mut positions = Vec::new();
    let mut rng = SmallRng::seed_from_u64(2);
    while positions.len() < 1024 {
        let mut d = Deal::shuffled(Rules::default(), 0, &mut rng);
        d.play_unchecked(Action::Bid(150));
        d.play_unchecked(Action::Pass);
        d.play_unchecked(Action::Pass);
        let bury = d.legal_actions()[0];
        d.play_unchecked(bury);
        d.play_unchecked(Action::Trump(Suit::Hearts));
        while !d.is_over() {
            positions.push(d);
            let m = d.legal_cards();
            d.play_unchecked(Action::Play(binokel::Card::from_index(
                m.trailing_zeros() as usize
            )));
        }
    }
    let mut i = 0;
    c.bench_function("legal_cards", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(black_box(&positions[i]).legal_cards())
        })
    });
}

fn bench_perft(c: &mut Criterion) {
    // The first lead of the conformance record trump-deal.json, depth 5 (1197 leaves).
    let text = include_str!("../tests/data/conformance/records/trump-deal.json");
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["deals"][0]["actions"].as_array_mut().unwrap().truncate(10);
    let game = binokel::record::read_record(&v.to_string()).unwrap();
    let deal = *game.current().unwrap();
    c.bench_function("perft_first_lead_5", |b| {
        b.iter(|| binokel::perft::perft(black_box(&deal), 5))
    });
}

criterion_group!(benches, bench, bench_perft);
criterion_main!(benches);
