//! The sampling bots: legal actions only, hints for every legal action, and decisions that
//! depend on the view alone (never on the hidden cards).

mod common;

use binokel::{Action, CardSet, Game, Phase, Rules, Setup, View};
use binokel_ai::{Budget, StrongBot};

#[test]
fn levels_only_play_legal_actions_and_hint_every_action() {
    for (d, names) in [
        ["easy", "medium", "heuristic"],
        ["strong", "random", "easy"],
        ["heuristic", "strong", "medium"],
    ]
    .iter()
    .enumerate()
    {
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(300 + d as u64).unwrap();
        let mut bots: Vec<_> = names
            .iter()
            .enumerate()
            .map(|(i, n)| binokel_ai::make_bot(n, i as u64).unwrap())
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            let hint = bots[seat].hint(&view);
            let mut hinted: Vec<Action> = hint.iter().map(|h| h.0).collect();
            hinted.sort();
            assert_eq!(
                hinted, view.legal,
                "{} hints must list every legal action once",
                names[seat]
            );
            assert!(hint.windows(2).all(|w| w[0].1 >= w[1].1), "hints are best first");
            assert!(hint.iter().all(|h| h.1.is_finite()));
            let a = bots[seat].choose(&view);
            assert!(view.legal.contains(&a), "{} chose illegal {a:?}", names[seat]);
            game.play(a).unwrap();
        }
        assert!(game.current().unwrap().is_over());
    }
}

fn game_with(hands: [&str; 3], tapp: &str) -> Game {
    let mut game = Game::new(Rules::default(), Vec::new());
    let setup = Setup {
        rules: Rules::default(),
        dealer: 2,
        hands: hands.iter().map(|h| h.parse::<CardSet>().unwrap()).collect(),
        tapp: tapp.parse().unwrap(),
        stock: Vec::new(),
        turned: None,
    };
    game.start_deal(&setup, None).unwrap();
    game
}

#[test]
fn decisions_depend_only_on_the_view() {
    // Seat 1 holds the same cards in both deals; seat 0, seat 2 and the Tapp differ.
    let seat1 = "TS TS KS QS JS JS 9S 9S AS TD TD KD KD QD QD";
    let mut a = game_with(
        [
            "AH TH KH QH JH AH TH KH 9H AS AD AC KS QS JD",
            seat1,
            "JD 9D 9D AD TC TC KC KC QC QC JC JC 9C 9C AC",
        ],
        "QH JH 9H",
    );
    let mut b = game_with(
        [
            "QH JH 9H AD TC TC KC KC QC QC JC JC 9C 9C AC",
            seat1,
            "JD 9D 9D AH TH KH QH JH AH TH KH 9H AS AD AC",
        ],
        "KS QS JD",
    );
    a.play(Action::Bid(150)).unwrap();
    b.play(Action::Bid(150)).unwrap();
    let va = View::of(&a, Some(1)).unwrap();
    let vb = View::of(&b, Some(1)).unwrap();
    assert_eq!(
        va, vb,
        "the two views must be equal for the test to mean anything"
    );
    for name in ["heuristic", "easy", "strong"] {
        let ha = binokel_ai::make_bot(name, 9).unwrap().hint(&va);
        let hb = binokel_ai::make_bot(name, 9).unwrap().hint(&vb);
        assert_eq!(ha, hb, "{name} saw something beyond its view");
    }
}

#[test]
fn bots_are_deterministic_for_a_seed() {
    let mut g = Game::new(Rules::default(), Vec::new());
    g.start_seeded_deal(77).unwrap();
    let v = View::of(&g, g.to_act()).unwrap();
    let mut g2 = g.clone();
    g2.play(v.legal[0]).unwrap();
    let seat = g2.to_act().unwrap();
    let v2 = View::of(&g2, Some(seat)).unwrap();
    let x = binokel_ai::make_bot("strong", 5).unwrap().hint(&v2);
    let y = binokel_ai::make_bot("strong", 5).unwrap().hint(&v2);
    assert_eq!(x, y);
}

#[test]
fn rollout_hints_value_actions_in_points() {
    // Seat 0 holds both spade families and wins the auction at 150. Declared, spades as
    // trump are worth the double family in trump (1500) and more; clubs make the same cards
    // a plain double family (1000); surrendering costs the bid and more.
    let mut game = game_with(
        [
            "AS TS KS QS JS AS TS KS QS JS 9S 9S AH AH AD",
            "TH TH KH QH JH 9H 9H AC TC TC KC KC QC QC JC",
            "AD TD TD KD KD QD QD JD JD 9D 9D JC 9C 9C AC",
        ],
        "KH QH JH",
    );
    for a in ["bid 150", "pass", "pass", "bury KH QH JH"] {
        game.play(Action::parse(a, binokel::Low::Nine).unwrap()).unwrap();
    }
    let view = View::of(&game, Some(0)).unwrap();
    assert_eq!(view.phase, binokel::Phase::Declare);
    let value = |hint: &[(Action, f64)], token: &str| {
        let a = Action::parse(token, binokel::Low::Nine).unwrap();
        hint.iter().find(|h| h.0 == a).map(|h| h.1).unwrap()
    };
    for name in ["heuristic", "random"] {
        let hint = binokel_ai::make_bot(name, 3).unwrap().hint(&view);
        let (spades, clubs, give_up) = (
            value(&hint, "trump S"),
            value(&hint, "trump C"),
            value(&hint, "surrender S"),
        );
        // In the match measure (docs/review.md section 1) giving up costs the bid and the
        // opponents' 50 each (and their melds): no more than that with no melds.
        let start = binokel_ai::measure::MatchState::of_view(&view)
            .unwrap()
            .scaled(binokel_ai::measure::RACE);
        let bare = start.value(0, &[-150, 50, 50, 0], 0);
        assert!(
            give_up <= bare + 1e-9 && bare < -150.0,
            "{name}: surrender worth {give_up}"
        );
        assert!(spades >= 1500.0, "{name}: trump spades worth {spades}");
        // A deal this big nears a won race, so its value saturates (more so at the
        // calibrated temperature, RACE): spades by 200 of the measure, clubs far behind.
        assert!(spades > clubs + 200.0, "{name}: spades {spades}, clubs {clubs}");
        assert!(clubs > give_up, "{name}: clubs {clubs}");
        assert_eq!(
            hint[0].0,
            Action::Trump(binokel::Suit::Spades),
            "{name}: best first"
        );
    }
    // In the play, the hints of the two are values in points, not a 1/0 marker.
    game.play(Action::Trump(binokel::Suit::Spades)).unwrap();
    let opp = View::of(&game, Some(game.to_act().unwrap())).unwrap();
    let hint = binokel_ai::make_bot("heuristic", 4).unwrap().hint(&opp);
    assert!(
        hint.len() > 2 && hint.iter().any(|h| h.1.abs() > 100.0),
        "{hint:?}"
    );
}

/// Card-play views with `left` tricks to go (more than one legal card), from seeded games
/// played by the heuristic.
fn play_views(seeds: std::ops::Range<u64>, left: u32) -> Vec<View> {
    common::heuristic_views(seeds, |view, d| {
        view.phase == Phase::Play && d.total_tricks() - d.tricks_played() == left && view.legal.len() > 1
    })
}

/// `tail`: a card's rollout stops `tail` tricks before the end and the exact solver values
/// the rest. With the tail at the whole deal left, every card is valued exactly, on the
/// same sampled deals: the values of the bot whose solver reaches that far.
#[test]
fn a_tail_finishes_rollouts_with_the_exact_values() {
    let views = play_views(5..8, 7);
    assert!(views.len() >= 6, "enough views: {}", views.len());
    let rollouts = Budget {
        solver_tricks: 0,
        ..Budget::STRONG
    };
    let exact = Budget {
        solver_tricks: 7,
        ..Budget::STRONG
    };
    let mut differ = 0;
    for (i, v) in views.iter().enumerate() {
        let seed = 70 + i as u64;
        let tail = StrongBot::new("strong", rollouts, seed).with_tail(7).search(v);
        let solved = StrongBot::new("strong", exact, seed).search(v);
        let plain = StrongBot::new("strong", rollouts, seed).search(v);
        assert_eq!(tail.len(), solved.len());
        for (a, b) in tail.iter().zip(&solved) {
            assert_eq!(a.0, b.0, "the same order of cards: {tail:?} / {solved:?}");
            assert!((a.1 - b.1).abs() < 1e-6, "the same values: {tail:?} / {solved:?}");
        }
        differ += usize::from(plain != tail);
    }
    // Heuristic rollouts to the end value the cards otherwise.
    assert!(differ > 0, "the tail changes the values of some view");
}

/// `auction_tail`: the rollouts behind each bid stop that many tricks before the end and
/// the solver values the rest. The bids' values change (the heuristic's endgame is not the
/// solver's), stay within what a bid can be worth, and a pass keeps its value.
#[test]
fn an_auction_tail_values_bids_with_the_solver() {
    let mut views = Vec::new();
    for seed in 20..26 {
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(seed).unwrap();
        let seat = game.to_act().unwrap();
        views.push(View::of(&game, Some(seat)).unwrap());
    }
    let mut differ = 0;
    for (i, v) in views.iter().enumerate() {
        let seed = 90 + i as u64;
        let plain = StrongBot::new("strong", Budget::STRONG, seed).search(v);
        let tail = StrongBot::new("strong", Budget::STRONG, seed)
            .with_auction_tail(6)
            .search(v);
        assert_eq!(plain.len(), tail.len());
        for &(a, value) in &tail {
            match a {
                Action::Bid(b) => assert!(
                    (-f64::from(b)..=1000.0).contains(&value),
                    "a bid of {b} worth {value}: {tail:?}"
                ),
                Action::Pass => {
                    let before = plain.iter().find(|x| x.0 == a).unwrap().1;
                    assert_eq!(value, before, "a pass keeps its value");
                }
                _ => {}
            }
        }
        differ += usize::from(plain != tail);
    }
    assert!(differ > 0, "the tail changes the bids' values of some view");
}

/// `own`: an opponent's rolled-out card is worth minus the soloist's score plus `own`
/// times its own, so on the same sampled deals its values move linearly with the weight
/// (and some move: an opponent's own points differ between its cards), while the
/// soloist's values do not move at all.
#[test]
fn the_own_weight_moves_only_an_opponents_values_linearly() {
    let views = play_views(5..9, 12);
    assert!(views.len() >= 6, "enough views: {}", views.len());
    let (mut opponents, mut moved) = (0, 0);
    for (i, v) in views.iter().enumerate() {
        let seed = 110 + i as u64;
        let at = |w: f64| {
            let mut vals = StrongBot::new("strong", Budget::STRONG, seed)
                .with_own_weight(w)
                .search(v);
            vals.sort_by_key(|(a, _)| a.to_string());
            vals
        };
        let (a, b, c) = (at(0.1), at(1.1), at(2.1));
        let soloist = v.soloist == v.seat;
        opponents += usize::from(!soloist);
        for ((x, y), z) in a.iter().zip(&b).zip(&c) {
            assert_eq!((x.0, y.0), (z.0, z.0));
            if soloist {
                assert_eq!(
                    (x.1, y.1),
                    (z.1, z.1),
                    "a soloist's value moved: {x:?} {y:?} {z:?}"
                );
            } else {
                let (d1, d2) = (y.1 - x.1, z.1 - y.1);
                assert!((d1 - d2).abs() < 1e-6, "not linear: {x:?} {y:?} {z:?}");
                assert!(
                    d1 >= 0.0,
                    "an opponent's own score is never negative: {x:?} {y:?}"
                );
                moved += usize::from(d1 > 0.0);
            }
        }
    }
    assert!(opponents > 0 && moved > 0, "opponents {opponents}, moved {moved}");
}
