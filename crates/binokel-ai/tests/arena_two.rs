//! Two players (RULES.md section 13): the heuristic and the strong bot play whole deals with
//! legal actions only, the strong bot's model of the game agrees with the engine, its samples
//! agree with the view, its exact solver agrees with minimax on the engine's own deal, and the
//! arena plays duplicate two-seat sets.

use binokel::{Action, Deal, Game, Rules, View};
use binokel_ai::arena::{play_set, summarize};
use binokel_ai::two::{info_from_view, sample, solve};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

fn rules() -> Rules {
    Rules::from_preset_name("two-player").unwrap()
}

/// Plays one seeded deal with the named bots, calling `check` before every action.
fn play(names: [&str; 2], seed: u64, mut check: impl FnMut(&Game, &View)) -> Game {
    let mut game = Game::new(rules(), Vec::new());
    game.start_seeded_deal(seed).unwrap();
    let mut bots: Vec<_> = (0..2)
        .map(|i| binokel_ai::make_bot(names[i], seed * 3 + i as u64).unwrap())
        .collect();
    while let Some(seat) = game.to_act() {
        let view = View::of(&game, Some(seat)).unwrap();
        check(&game, &view);
        let a = bots[seat].choose(&view);
        assert!(view.legal.contains(&a), "{} chose illegal {a:?}", names[seat]);
        game.play(a).unwrap();
    }
    assert!(game.current().unwrap().is_over());
    game
}

#[test]
fn both_bots_play_whole_two_player_deals_legally_and_show_melds() {
    let mut melds = 0;
    for seed in 0..4 {
        let g = play(["heuristic", "heuristic"], 100 + seed, |_, _| {});
        let d = &g.deals()[0];
        melds += d.actions.iter().filter(|a| matches!(a, Action::Meld(..))).count();
        // Card points add up to the pack and the last trick.
        let o = d.state.outcome();
        assert_eq!(o.card_points[0] + o.card_points[1], 250);
    }
    assert!(melds > 0, "the heuristic never showed a meld in four deals");
    play(["strong", "heuristic"], 7, |_, _| {});
    play(["heuristic", "easy"], 8, |_, _| {});
}

#[test]
fn the_model_has_the_engines_legal_actions_and_samples_fit_the_view() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut checked = 0;
    let mut taken_seen = 0;
    for seed in 0..3 {
        play(["heuristic", "heuristic"], 200 + seed, |game, view| {
            let me = view.seat.unwrap();
            let info = info_from_view(view).expect("a two-player view in play is readable");
            let truth: &Deal = game.current().unwrap();
            let opp = truth.hand(1 - me);
            // Every card the model says the opponent holds, it holds.
            assert!(
                opp.contains_all(info.opp_known),
                "known {} not in {}",
                info.opp_known,
                opp
            );
            // A seat that exchanged took the turned card, seen face up by both.
            let opp_exchanged = view
                .history
                .iter()
                .any(|h| h.seat != me && h.action == Some(Action::Exchange));
            if let (true, Some(t)) = (opp_exchanged, view.turned_up) {
                if opp.contains(t) && !view.history.iter().any(|h| h.action == Some(Action::Play(t))) {
                    assert!(info.opp_known.contains(t), "{t} taken in the exchange");
                    taken_seen += 1;
                }
            }
            for _ in 0..3 {
                let w = sample(&info, &mut rng).expect("a sample");
                assert_eq!(w.hand(me), truth.hand(me));
                assert_eq!(w.hand(1 - me).len(), opp.len());
                assert!(w.hand(1 - me).contains_all(info.opp_known));
                // The legal cards are the engine's; the engine's melds are among the model's
                // (the model cannot tell which card was just drawn, so it may allow more).
                let legal = w.legal();
                for a in &view.legal {
                    match a {
                        Action::Play(_) | Action::Meld(..) => {
                            assert!(legal.contains(a), "{a:?} legal in the engine, not in the model")
                        }
                        _ => {}
                    }
                }
                for a in &legal {
                    if let Action::Play(_) = a {
                        assert!(
                            view.legal.contains(a),
                            "{a:?} legal in the model, not in the engine"
                        );
                    }
                }
                if view.stock == 0 {
                    // After the stock every unseen card is in the other hand.
                    assert_eq!(w.hand(1 - me), opp);
                }
            }
            checked += 1;
        });
    }
    assert!(checked > 100);
    assert!(taken_seen > 0, "no view after an exchange by the other seat");
}

/// Card points `me` takes from here to the end with both sides playing perfectly, on the
/// engine's deal itself (plain minimax over its legal cards).
fn minimax(d: &Deal, me: usize) -> i32 {
    let Some(seat) = d.to_act() else { return 0 };
    let mut best = if seat == me { i32::MIN } else { i32::MAX };
    for c in d.legal_actions() {
        let mut next = *d;
        next.play(c).unwrap();
        let v = next.card_points()[me] as i32 - d.card_points()[me] as i32 + minimax(&next, me);
        best = if seat == me { best.max(v) } else { best.min(v) };
    }
    best
}

#[test]
fn the_exact_solver_agrees_with_minimax_on_the_engines_deal() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut solved = 0;
    for seed in 0..6 {
        play(["heuristic", "heuristic"], 300 + seed, |game, view| {
            let d = game.current().unwrap();
            let left = d.total_tricks() - d.tricks_played();
            if view.stock != 0 || !(2..=4).contains(&left) {
                return;
            }
            let me = view.seat.unwrap();
            let info = info_from_view(view).unwrap();
            let w = sample(&info, &mut rng).unwrap();
            let moves = solve(&w, me, 10_000_000).expect("small endgames fit the budget");
            let best = moves.iter().map(|m| m.1).max().unwrap();
            assert_eq!(best, minimax(d, me), "seed {seed}, {left} tricks left");
            // Each card's value is the minimax value after it.
            for (c, v) in moves {
                let mut next = *d;
                next.play(Action::Play(c)).unwrap();
                let gained = next.card_points()[me] as i32 - d.card_points()[me] as i32;
                assert_eq!(v, gained + minimax(&next, me));
            }
            solved += 1;
        });
    }
    assert!(solved >= 6, "only {solved} endgames checked");
}

#[test]
fn the_arena_plays_two_seat_duplicate_sets() {
    let bots: Vec<String> = vec!["easy".into(), "heuristic".into()];
    let set = play_set(&bots, rules(), 3, 0, Duration::from_secs(5));
    assert!(set.get("error").is_none(), "{set}");
    let plays = set["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 2);
    assert_eq!(plays[0]["seats"], serde_json::json!(["easy", "heuristic"]));
    assert_eq!(plays[1]["seats"], serde_json::json!(["heuristic", "easy"]));
    for p in plays {
        assert_eq!(p["scores"].as_array().unwrap().len(), 2);
        assert_eq!(p["log"].as_array().unwrap().len(), 0, "{}", p["log"]);
        assert!(p["soloist"].is_null());
    }
    let s = summarize(&bots, &[set]);
    assert_eq!(s["bots"][0]["seat_deals"], 2);
    assert_eq!(s["bots"][0]["contracts"], 0);
}

#[test]
fn the_omniscient_seat_plays_two_players() {
    let bots: Vec<String> = vec!["omniscient".into(), "heuristic".into()];
    let sets: Vec<_> = (0..3)
        .map(|i| play_set(&bots, rules(), 4, i, Duration::from_secs(5)))
        .collect();
    for set in &sets {
        assert!(set.get("error").is_none(), "{set}");
        for p in set["plays"].as_array().unwrap() {
            assert_eq!(p["log"].as_array().unwrap().len(), 0, "{}", p["log"]);
        }
    }
    // Knowing every card, it outscores the heuristic over three deals, each played twice.
    let s = summarize(&bots, &sets);
    assert!(s["difference"]["mean"].as_f64().unwrap() > 0.0, "{s}");
}
