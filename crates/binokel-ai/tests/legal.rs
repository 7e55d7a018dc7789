//! Every bot returns only legal actions over many seeded deals, and the heuristic never bids
//! beyond what its hand could reach even with the best Tapp.

use binokel::meld::meld_total;
use binokel::{Action, Card, CardSet, Game, Rules, Suit, View};

fn play_deals(names: [&str; 3], deals: u64, seed: u64, mut check: impl FnMut(&Game, &View, Action)) {
    for d in 0..deals {
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(seed + d).unwrap();
        let mut bots: Vec<_> = names
            .iter()
            .enumerate()
            .map(|(i, n)| binokel_ai::make_bot(n, seed * 31 + d * 3 + i as u64).unwrap())
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            let a = bots[seat].choose(&view);
            assert!(
                view.legal.contains(&a),
                "{} chose illegal {a:?} in deal {d}",
                names[seat]
            );
            check(&game, &view, a);
            game.play(a).unwrap();
        }
    }
}

#[test]
fn random_and_heuristic_only_play_legal_actions() {
    play_deals(["heuristic", "random", "heuristic"], 40, 1000, |_, _, _| {});
    play_deals(["random", "heuristic", "heuristic"], 40, 2000, |_, _, _| {});
}

/// The most a 15-card hand can meld with the best possible 3-card Tapp, over every trump.
fn best_melds_with_any_tapp(hand: CardSet) -> u32 {
    let rest: Vec<Card> = binokel::CardSet::PACK.minus(hand).unwrap().distinct().collect();
    let mut best = 0;
    for i in 0..rest.len() {
        for j in i..rest.len() {
            for k in j..rest.len() {
                let mut full = hand;
                if !(full.insert(rest[i]) && full.insert(rest[j]) && full.insert(rest[k])) {
                    continue;
                }
                for t in Suit::ALL {
                    best = best.max(meld_total(full, Some(t), &Rules::default()));
                }
            }
        }
    }
    best
}

#[test]
fn heuristic_never_bids_beyond_reach() {
    let mut checked = 0;
    play_deals(["heuristic", "heuristic", "heuristic"], 60, 7, |_, view, a| {
        if let Action::Bid(b) = a {
            if b > 150 {
                let hand = view.hand.unwrap();
                // 250 card points exist in all; a soloist with a good Tapp rarely takes more
                // than 200. A bid above melds + 200 would be absurd.
                let reach = best_melds_with_any_tapp(hand) + 200;
                assert!(b <= reach, "bid {b} with {hand} (reach {reach})");
                checked += 1;
            }
        }
    });
    assert!(checked > 0, "no raise was tested");
}

fn declare_after_winning_at_150(hands: [&str; 3], tapp: &str) -> Action {
    let mut game = Game::new(Rules::default(), Vec::new());
    let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
    let setup = binokel::Setup {
        rules: Rules::default(),
        dealer: 2,
        hands,
        tapp: tapp.parse().unwrap(),
        stock: Vec::new(),
        turned: None,
    };
    game.start_deal(&setup, None).unwrap();
    let mut bot = binokel_ai::make_bot("heuristic", 1).unwrap();
    game.play(Action::Bid(150)).unwrap();
    game.play(Action::Pass).unwrap();
    game.play(Action::Pass).unwrap();
    let view = View::of(&game, Some(0)).unwrap();
    let bury = bot.choose(&view);
    game.play(bury).unwrap();
    let view = View::of(&game, Some(0)).unwrap();
    bot.choose(&view)
}

#[test]
fn heuristic_declares_durch_only_when_it_cannot_lose() {
    // Twelve hearts and three lone aces (the first copy led wins): Durch cannot be lost.
    let safe = declare_after_winning_at_150(
        [
            "AH TH KH QH JH AH TH KH 9H AS AD AC KS QS JD",
            "TS TS KS QS JS JS 9S 9S AS TD TD KD KD QD QD",
            "JD 9D 9D AD TC TC KC KC QC QC JC JC 9C 9C AC",
        ],
        "QH JH 9H",
    );
    assert_eq!(safe, Action::Durch);
    // The same hand without the second QH, JH and 9H: a heart family, but Durch could fail.
    let trump = declare_after_winning_at_150(
        [
            "AH TH KH QH JH AH TH KH 9H AS AD AC KS QS JD",
            "TS TS KS QS JS JS 9S 9S AS TD TD KD KD QD QD",
            "QH JH 9H AD TC TC KC KC QC QC JC JC 9C 9C AC",
        ],
        "JD 9D 9D",
    );
    assert_eq!(trump, Action::Trump(Suit::Hearts));
}
