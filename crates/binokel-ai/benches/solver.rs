//! Exact double-dummy solves with 8, 10, 12 and 15 tricks left, from positions of heuristic
//! self-play (a fresh transposition table for every solve).

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use binokel::{Deal, Game, Phase, Rules, View};
use binokel_ai::solver::{Objective, Position, Solver};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn positions(left: u32, count: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < count {
        seed += 1;
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(seed).unwrap();
        let mut bots: Vec<_> = (0..3)
            .map(|i| binokel_ai::make_bot("heuristic", seed + i).unwrap())
            .collect();
        loop {
            let d: Deal = *game.current().unwrap();
            if d.is_over() {
                break;
            }
            if d.phase() == Phase::Play
                && d.current_trick().is_empty()
                && d.total_tricks() - d.tricks_played() == left
            {
                if d.trump().is_some() {
                    out.push(Position::from_deal(&d, Objective::Points).unwrap());
                }
                break;
            }
            let seat = game.to_act().unwrap();
            let a = bots[seat].choose(&View::of(&game, Some(seat)).unwrap());
            game.play(a).unwrap();
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    for (left, samples) in [(8u32, 20usize), (10, 20), (12, 10), (15, 10)] {
        let ps = positions(left, 8);
        let mut i = 0;
        g.sample_size(samples);
        g.bench_function(format!("{left}_tricks"), |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % ps.len();
                    (Solver::new(20), ps[i])
                },
                |(mut s, p)| s.solve(&p),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
