//! A case the sampler property test once found: random bots, ten actions in, seat 0. The
//! melds shown rule out almost every random split of the hidden cards, so rejection sampling
//! gave up; the backtracking fallback finds consistent deals.

use binokel::{Game, Rules, View};
use binokel_ai::info::Info;
use binokel_ai::sample::{consistent, Sampler};
use rand::SeedableRng;

#[test]
fn sampler_regression_seed_950462() {
    let seed = 950462;
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(seed).unwrap();
    let mut bots: Vec<_> = (0..3)
        .map(|i| binokel_ai::make_bot("random", seed + i as u64).unwrap())
        .collect();
    for _ in 0..10 {
        let Some(seat) = game.to_act() else { break };
        let view = View::of(&game, Some(seat)).unwrap();
        let a = bots[seat].choose(&view);
        game.play(a).unwrap();
    }
    let view = View::of(&game, Some(0)).unwrap();
    let info = Info::from_view(&view).unwrap();
    let sampler = Sampler::new(&info).unwrap();
    let truth = game.current().unwrap();
    assert!(consistent(&info, truth));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..4 {
        let d = sampler.sample(&mut rng).expect("no sample found");
        assert!(consistent(&info, &d), "an inconsistent sample");
    }
    // The backtracking search alone finds them too.
    let mut only_search = sampler.clone();
    only_search.max_attempts = 0;
    for _ in 0..4 {
        let d = only_search
            .sample(&mut rng)
            .expect("no sample found by the search");
        assert!(consistent(&info, &d), "an inconsistent sample from the search");
    }
}
