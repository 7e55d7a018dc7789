//! The sampler only produces deals consistent with the seat's view (property test over
//! random seeded deals, stopped at a random point and looked at from a random seat).

use binokel::{Game, Rules, View};
use binokel_ai::info::Info;
use binokel_ai::sample::{consistent, Sampler};
use proptest::prelude::*;
use rand::SeedableRng;

fn game_at(seed: u64, steps: usize, bots: [&str; 3]) -> Game {
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(seed).unwrap();
    let mut bots: Vec<_> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| binokel_ai::make_bot(b, seed + i as u64).unwrap())
        .collect();
    for _ in 0..steps {
        let Some(seat) = game.to_act() else { break };
        let view = View::of(&game, Some(seat)).unwrap();
        let a = bots[seat].choose(&view);
        game.play(a).unwrap();
    }
    game
}

proptest! {
    // A fixed seed keeps CI deterministic (a random seed once found the view of
    // sampler_regression.rs, which rejection sampling could not fill).
    #![proptest_config(ProptestConfig {
        cases: 128,
        rng_seed: proptest::test_runner::RngSeed::Fixed(2026),
        ..ProptestConfig::default()
    })]
    #[test]
    fn samples_agree_with_the_view(seed in 0u64..1_000_000, steps in 0usize..60, seat in 0usize..3, random in any::<bool>()) {
        let game = game_at(seed, steps, if random { ["random"; 3] } else { ["heuristic"; 3] });
        prop_assume!(!game.current().unwrap().is_over());
        let view = View::of(&game, Some(seat)).unwrap();
        let info = Info::from_view(&view).unwrap();
        let sampler = Sampler::new(&info).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let truth = game.current().unwrap();
        prop_assert!(consistent(&info, truth), "the true deal must be consistent");
        // Every view of a real deal has a consistent sample (the true deal is one), and
        // every sample is consistent, from random placement and from the search alone.
        let mut only_search = sampler.clone();
        only_search.max_attempts = 0;
        for i in 0..6 {
            let s = if i % 2 == 0 { &sampler } else { &only_search };
            let d = s.sample(&mut rng);
            prop_assert!(d.is_some(), "no sample found (search only: {})", i % 2 == 1);
            let d = d.unwrap();
            prop_assert!(consistent(&info, &d));
            // The seat's own cards and the public cards never change between samples.
            prop_assert_eq!(d.hand(seat), truth.hand(seat));
            prop_assert_eq!(d.played(), truth.played());
            prop_assert_eq!(d.to_act(), truth.to_act());
        }
    }
}

#[test]
fn samples_vary_the_hidden_cards() {
    let game = game_at(5, 30, ["heuristic"; 3]);
    let seat = game.to_act().unwrap();
    let info = Info::from_view(&View::of(&game, Some(seat)).unwrap()).unwrap();
    let sampler = Sampler::new(&info).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let other = (seat + 1) % 3;
    let hands: std::collections::HashSet<_> = (0..20)
        .map(|_| sampler.sample(&mut rng).unwrap().hand(other))
        .collect();
    assert!(hands.len() > 1, "twenty samples gave the same hidden hand");
}
