//! The heuristic and the strong bot play every preset of three and four seats legally, and
//! the strong bot samples four-seat views (partnerships) rather than falling back.

use binokel::{Game, Phase, Rules, View};
use binokel_ai::info::Info;
use binokel_ai::sample::{consistent, Sampler};
use rand::SeedableRng;

const PRESETS: [&str; 5] = ["standard", "swabian", "dutch", "forty", "kreuz"];

/// Plays `deals` seeded deals of `preset` with the named bots (cycled over the seats) and
/// checks every action against the view's legal list; returns the decisions checked.
fn play(preset: &str, names: &[&str], deals: u64, seed: u64) -> usize {
    let rules = Rules::from_preset_name(preset).unwrap();
    let n = rules.players as usize;
    let mut decisions = 0;
    for d in 0..deals {
        let mut game = Game::new(rules, Vec::new());
        game.start_seeded_deal(seed + d).unwrap();
        let mut bots: Vec<_> = (0..n)
            .map(|i| binokel_ai::make_bot(names[i % names.len()], seed * 7 + d * 5 + i as u64).unwrap())
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            let a = bots[seat].choose(&view);
            assert!(
                view.legal.contains(&a),
                "{preset}: {} chose illegal {a:?} in deal {d}",
                names[seat % names.len()]
            );
            game.play(a).unwrap();
            decisions += 1;
        }
        assert!(
            game.current().unwrap().is_over(),
            "{preset}: deal {d} not finished"
        );
    }
    decisions
}

#[test]
fn heuristic_plays_every_preset_legally() {
    for preset in PRESETS {
        assert!(play(preset, &["heuristic"], 6, 300) > 0);
    }
}

#[test]
fn strong_plays_every_preset_legally() {
    for preset in PRESETS {
        // One strong seat (the one that searches) against heuristics, and a deal where the
        // low level `easy` takes every seat.
        assert!(play(preset, &["strong", "heuristic", "heuristic"], 2, 400) > 0);
        assert!(play(preset, &["easy"], 1, 500) > 0);
    }
}

#[test]
fn four_seat_views_are_sampled_consistently() {
    let rules = Rules::from_preset_name("kreuz").unwrap();
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut game = Game::new(rules, Vec::new());
        game.start_seeded_deal(seed).unwrap();
        let mut bots: Vec<_> = (0..4)
            .map(|i| binokel_ai::make_bot("heuristic", seed + i).unwrap())
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            if view.phase == Phase::Play || view.phase == Phase::Auction {
                let info = Info::from_view(&view).unwrap();
                let sampler = Sampler::new(&info).unwrap();
                let deal = sampler.sample(&mut rng).expect("a four-seat sample");
                assert!(consistent(&info, &deal), "seed {seed}: inconsistent sample");
                checked += 1;
            }
            let a = bots[seat].choose(&view);
            game.play(a).unwrap();
        }
    }
    assert!(checked > 50, "only {checked} views sampled");
}
