//! The calling house rule (preset `swabian`): after a call, every seat's view is sampled
//! consistently (the called card, the card given back that only the soloist and the giver
//! saw, the giver chosen by the rules), so `strong` searches these deals instead of falling
//! back to the heuristic.

use binokel::{Action, Game, Phase, Rules, View};
use binokel_ai::info::Info;
use binokel_ai::sample::{consistent, Sampler};
use rand::SeedableRng;

/// A swabian deal in which the soloist calls the first card it may and gives back the first
/// card it may; every other decision is the heuristic's. Calls `check` with the game before
/// every action from the call on.
fn play_with_a_call(seed: u64, mut check: impl FnMut(&Game)) -> bool {
    let rules = Rules::from_preset_name("swabian").unwrap();
    let mut game = Game::new(rules, Vec::new());
    game.start_seeded_deal(seed).unwrap();
    let mut bots: Vec<_> = (0..3)
        .map(|i| binokel_ai::make_bot("heuristic", seed + i).unwrap())
        .collect();
    let mut called = false;
    while let Some(seat) = game.to_act() {
        let view = View::of(&game, Some(seat)).unwrap();
        if called {
            check(&game);
        }
        let call = view.legal.iter().find(|a| matches!(a, Action::Call(_)));
        let give = view.legal.iter().find(|a| matches!(a, Action::Give(_)));
        let a = match (call, give) {
            (Some(&c), _) if !called => {
                called = true;
                c
            }
            (_, Some(&g)) => g,
            _ => bots[seat].choose(&view),
        };
        game.play(a).unwrap();
    }
    called
}

#[test]
fn every_seat_samples_a_deal_with_a_call_consistently() {
    let mut calls = 0;
    let mut views = 0;
    for seed in 0..12u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        calls += usize::from(play_with_a_call(seed, |game| {
            let truth = game.current().unwrap();
            for seat in 0..3 {
                let view = View::of(game, Some(seat)).unwrap();
                let info = Info::from_view(&view).unwrap();
                assert!(consistent(&info, truth), "seed {seed} seat {seat}: the true deal");
                let sampler = Sampler::new(&info)
                    .unwrap_or_else(|e| panic!("seed {seed} seat {seat}, {:?}: {e}", view.phase));
                for _ in 0..2 {
                    let d = sampler
                        .sample(&mut rng)
                        .unwrap_or_else(|| panic!("seed {seed} seat {seat} {:?}: no sample", view.phase));
                    assert!(
                        consistent(&info, &d),
                        "seed {seed} seat {seat}: inconsistent sample"
                    );
                    assert_eq!(d.call().map(|c| c.0), truth.call().map(|c| c.0));
                }
                views += 1;
            }
        }));
    }
    assert!(calls >= 10, "only {calls} deals with a call");
    assert!(views >= 300, "only {views} views checked");
}

#[test]
fn strong_searches_deals_with_a_call() {
    // The strong bot at one seat of a deal with a call: legal actions only, and in the
    // card play its hints are values of searched samples, not the fallback's 1 and 0.
    let mut searched = 0;
    for seed in 20..23u64 {
        let mut strong = binokel_ai::make_bot("strong", seed).unwrap();
        play_with_a_call(seed, |game| {
            let seat = game.to_act().unwrap();
            let view = View::of(game, Some(seat)).unwrap();
            if seat != (seed % 3) as usize || view.phase != Phase::Play || view.legal.len() < 2 {
                return;
            }
            let hint = strong.hint(&view);
            let mut listed: Vec<Action> = hint.iter().map(|h| h.0).collect();
            listed.sort();
            assert_eq!(listed, view.legal);
            if hint.iter().any(|h| h.1 != 0.0 && h.1 != 1.0) {
                searched += 1;
            }
        });
    }
    assert!(searched >= 3, "strong searched only {searched} decisions");
}
