//! Quick timing of exact solves at several depths (the criterion bench is the measurement).
use binokel::{Game, Phase, Rules, View};
use binokel_ai::solver::{Objective, Position, Solver};
use std::time::Instant;

fn main() {
    let left: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut times = Vec::new();
    for seed in 1..=12u64 {
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(seed).unwrap();
        let mut bots: Vec<_> = (0..3)
            .map(|i| binokel_ai::make_bot("heuristic", seed + i).unwrap())
            .collect();
        while let Some(seat) = game.to_act() {
            let d = *game.current().unwrap();
            if d.phase() == Phase::Play
                && d.current_trick().is_empty()
                && d.total_tricks() - d.tricks_played() == left
            {
                if let Some(p) = Position::from_deal(&d, Objective::Points) {
                    let mut s = Solver::new(20);
                    let t = Instant::now();
                    let v = s.solve(&p);
                    let el = t.elapsed().as_secs_f64() * 1000.0;
                    println!("seed {seed}: value {v}, {} nodes, {el:.2} ms", s.nodes);
                    times.push(el);
                }
                break;
            }
            let a = bots[seat].choose(&View::of(&game, Some(seat)).unwrap());
            game.play(a).unwrap();
        }
    }
    times.sort_by(f64::total_cmp);
    println!("median {:.2} ms", times[times.len() / 2]);
}
