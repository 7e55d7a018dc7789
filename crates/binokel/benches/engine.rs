//! Engine speed: complete random deals per second, and legal-card generation per call.
//!
//! `cargo bench -p binokel --bench engine` (run with `taskset -c 0` for one core).
#![allow(missing_docs)] // criterion's macros generate undocumented items

use binokel::{Action, Deal, Rules, Suit};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::SeedableRng;

#[path = "support/random_deal.rs"]
mod random_deal;
use random_deal::{random_deal, random_deal_card_by_card};

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
    // The same deals with one engine call per card (`legal_cards`, `play_card_unchecked`).
    g.bench_function("random_deal_card_by_card", |b| {
        b.iter(|| {
            dealer = (dealer + 1) % 3;
            black_box(random_deal_card_by_card(&mut rng, dealer))
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
    // A fixed-size array indexed `& 1023` needs no bounds check, and criterion's `iter` already
    // passes each result through `black_box`: what is timed beyond `legal_cards` itself is
    // the loop, the index and the load of the seat to act (the positions, 1024 deals of
    // 320 bytes, stay in the L2 cache).
    positions.truncate(1024);
    let positions: Box<[Deal; 1024]> = positions.into_boxed_slice().try_into().expect("1024 positions");
    let mut i = 0;
    c.bench_function("legal_cards", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            positions[i].legal_cards()
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
