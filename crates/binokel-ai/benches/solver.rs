//! Exact double-dummy solves with 8, 10, 12 and 15 tricks left, from positions of heuristic
//! self-play (a cleared transposition table for every solve), and the `strong` bot's decisions
//! at its default budget: a card to play, a bid, a burial.
//!
//! Run on one core: `taskset -c 1 cargo bench -p binokel-ai --bench solver -- <filter>`.
//! The median over the 16 positions of `solve_10_tricks/pos_NN` (each position's criterion
//! median) is the figure of the 10 ms goal.

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use binokel::Phase;
use binokel_ai::solver::Solver;
use binokel_ai::{Bot, Budget, StrongBot};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

#[path = "support/positions.rs"]
mod positions;
use positions::{positions, views};

fn solve(c: &mut Criterion) {
    // One table of 2^18 entries (8 MiB, the strong bot's size), cleared (in constant time)
    // before every solve, so each solve starts from nothing, as with a fresh solver, without
    // timing the allocation. 2^20 entries (32 MiB) visit 2.8 % fewer nodes on the 16
    // positions with 10 tricks left (the median position 0.2 % fewer) but were 12-15 %
    // slower at the median, their lookups missing the caches more often (example
    // `table_size`, which times the sizes in turn in one process).
    let mut solver = Solver::new(18);
    // The goal is the median over positions with 10 tricks left: one bench per
    // position (the first 16 of the list, none left out), so that criterion gives each
    // position's time and the median over positions can be read from them.
    let mut g = c.benchmark_group("solve_10_tricks");
    g.sample_size(10);
    for (i, p) in positions(10, 16).iter().enumerate() {
        g.bench_function(format!("pos_{i:02}"), |b| {
            b.iter(|| {
                solver.clear();
                solver.solve(p)
            })
        });
    }
    g.finish();
    // Cycling through 8 positions: criterion's figure is close to the mean over them.
    let mut g = c.benchmark_group("solve");
    for (left, samples) in [(8u32, 20usize), (12, 10), (15, 10)] {
        let ps = positions(left, 8);
        let mut i = 0;
        g.sample_size(samples);
        g.bench_function(format!("{left}_tricks"), |b| {
            b.iter(|| {
                i = (i + 1) % ps.len();
                solver.clear();
                solver.solve(&ps[i])
            })
        });
    }
    g.finish();
}

fn decide(c: &mut Criterion) {
    let mut g = c.benchmark_group("strong");
    g.sample_size(10);
    // Card play from the middle of the deal (rollouts) and from the exact solver's reach (the
    // first exact decision is at 9 tricks left).
    for (name, phase, left) in [
        ("play_12_left", Phase::Play, 12),
        ("play_9_left", Phase::Play, 9),
        ("play_8_left", Phase::Play, 8),
        ("bid", Phase::Auction, 0),
        ("bury", Phase::Bury, 0),
    ] {
        let vs = views(phase, left, 6);
        let mut i = 0;
        g.bench_function(name, |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % vs.len();
                    (StrongBot::new("strong", Budget::STRONG, i as u64), vs[i].clone())
                },
                |(mut bot, v)| bot.choose(&v),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, solve, decide);
criterion_main!(benches);
