//! Take-backs stop at hidden cards shown (docs/rules.md, "Take-backs"): `DealLog::take_back_from`
//! against an oracle built from the seat's `View` alone, under every preset, and the named
//! refusals (the Tapp turned, a card received, a card drawn).

use binokel::{Action, Game, Preset, Reveal, Rules, TakeBackError, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The oracle: the last action of `seat` in the current deal, unless a later view (from that
/// action on) showed the seat cards it did not know before: the Tapp appeared, or its hand
/// grew (other than by taking the face-up turned card that both seats saw).
fn oracle(game: &Game, seat: usize) -> Result<usize, ()> {
    let log = game.deals().last().unwrap();
    let mut replay = Game::new(*game.rules(), game.seats().to_vec());
    replay.start_deal(&log.start.setup(), None).unwrap();
    let mut views = vec![View::of(&replay, Some(seat)).unwrap()];
    let mut last = None;
    for (i, &a) in log.actions.iter().enumerate() {
        if replay.to_act() == Some(seat) {
            last = Some(i);
        }
        replay.play(a).unwrap();
        views.push(View::of(&replay, Some(seat)).unwrap());
    }
    let last = last.ok_or(())?;
    for k in last + 1..views.len() {
        let tapp_turned = views[k - 1].tapp.is_none() && views[k].tapp.is_some_and(|t| !t.is_empty());
        let (before, after) = (
            views[k - 1].hand.unwrap_or_default(),
            views[k].hand.unwrap_or_default(),
        );
        if !tapp_turned && before.contains_all(after) {
            continue;
        }
        let face_up = views[k - 1].turned.or(views[k - 1].turned_up);
        let gained_only_face_up = after
            .distinct()
            .filter(|&c| after.count(c) > before.count(c))
            .all(|c| Some(c) == face_up);
        if !tapp_turned && log.actions[k - 1] == Action::Exchange && gained_only_face_up {
            continue;
        }
        return Err(());
    }
    Ok(last)
}

#[test]
fn take_back_points_agree_with_what_each_seat_saw_under_every_preset() {
    let mut refused = [0usize; 3];
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        for seed in 0..45u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(rules, (0..rules.players).map(|i| format!("P{i}")).collect());
            game.start_seeded_deal(seed).unwrap();
            while let Some(_to) = game.to_act() {
                let legal = game.current().unwrap().legal_actions();
                game.play(legal[rng.gen_range(0..legal.len())]).unwrap();
                let log = game.deals().last().unwrap();
                for seat in 0..rules.players as usize {
                    let got = log.take_back_from(seat);
                    match (got, oracle(&game, seat)) {
                        (Ok(a), Ok(b)) => assert_eq!(a, b, "{preset:?} seed {seed} seat {seat}"),
                        (Err(TakeBackError::NotActed), Err(())) => {}
                        (Err(TakeBackError::Shown(r)), Err(())) => {
                            refused[match r {
                                Reveal::Tapp => 0,
                                Reveal::Received => 1,
                                Reveal::Drawn => 2,
                            }] += 1
                        }
                        (g, o) => panic!("{preset:?} seed {seed} seat {seat}: {g:?} but the views say {o:?}"),
                    }
                }
            }
        }
    }
    // Every kind of reveal was met and refused.
    assert!(refused.iter().all(|&n| n > 0), "{refused:?}");
}

#[test]
fn the_refusal_names_what_was_shown() {
    let e = TakeBackError::Shown(Reveal::Tapp);
    assert!(e.to_string().contains("Tapp"), "{e}");
    assert!(TakeBackError::Shown(Reveal::Drawn).to_string().contains("drawn"));
    assert!(TakeBackError::NotActed.to_string().contains("not acted"));
}
