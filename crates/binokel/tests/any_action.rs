//! No action, however absurd for the moment, can get past the checks: in every phase, under
//! every preset and random option combinations, an action is either legal (listed by
//! `legal_actions`) and applied, or refused with a reason and the state untouched. The same
//! actions and arbitrary tokens go through the referee, which answers with a verdict and never
//! panics.

mod common;

use binokel::record::{referee, write_record, Verdict};
use binokel::{Action, Card, CardSet, Game, Low, MeldKind, Phase, Preset, Rules, Suit};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// Every action of the kind the engine knows, with arbitrary contents.
fn any_action() -> impl Strategy<Value = Action> {
    let card = (0usize..24).prop_map(Card::from_index);
    let suit = prop::sample::select(Suit::ALL.to_vec());
    let kind = prop::sample::select(MeldKind::ALL.to_vec());
    prop_oneof![
        Just(Action::Pass),
        (0u32..6000).prop_map(Action::Bid),
        card.clone().prop_map(Action::Call),
        card.clone().prop_map(Action::Give),
        prop::collection::vec(0usize..24, 0..10).prop_map(|v| {
            let mut s = CardSet::EMPTY;
            for i in v {
                s.insert(Card::from_index(i));
            }
            Action::Bury(s)
        }),
        suit.clone().prop_map(Action::Trump),
        Just(Action::Durch),
        Just(Action::Bettel),
        suit.clone().prop_map(Action::Surrender),
        card.prop_map(Action::Play),
        (kind, prop::option::of(suit)).prop_map(|(k, s)| Action::Meld(k, s)),
        Just(Action::Exchange),
    ]
}

/// Token-like strings: the record's words with cards, suits, numbers and noise.
fn any_token() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        prop::sample::select(Action::WORDS.to_vec()).prop_map(String::from),
        Just("pair".to_string()),
        "[ATKQJ97][SHDC]",
        "[SHDC]",
        "[0-9]{1,5}",
        "[a-z_]{1,12}",
        "\\PC{0,4}",
    ];
    prop::collection::vec(word, 1..6).prop_map(|w| w.join(" "))
}

/// Rules: a preset or a random combination of options that validates.
fn any_rules() -> impl Strategy<Value = Rules> {
    let preset = prop::sample::select(Preset::ALL.to_vec()).prop_map(Rules::preset);
    let mixed = prop::collection::vec(0usize..6, common::OPTION_CHOICES.len()).prop_map(|picks| {
        let mut picks = picks.into_iter();
        let r = common::rules_with(|_| picks.next().unwrap_or(0));
        if r.validate().is_err() {
            Rules::default()
        } else {
            r
        }
    });
    prop_oneof![preset, mixed]
}

/// A game under `rules` after `steps` random legal actions (Durch and Bettel chosen often, so
/// that deals without trump are well covered).
fn position(rules: Rules, seed: u64, steps: usize) -> Game {
    let mut game = Game::new(rules, Vec::new());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    game.start_seeded_deal(rng.gen()).unwrap();
    for _ in 0..steps {
        let Some(d) = game.current().filter(|d| !d.is_over()) else {
            break;
        };
        let legal = d.legal_actions();
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::Durch | Action::Bettel) && rng.gen_bool(0.5))
            .copied()
            .unwrap_or_else(|| legal[rng.gen_range(0..legal.len())]);
        game.play(pick).unwrap();
    }
    game
}

/// The engine's answer to `a`: applied exactly when listed, refused with a reason otherwise,
/// the deal untouched on refusal.
fn assert_applied_or_refused(game: &Game, a: Action) {
    let d = *game.current().unwrap();
    let listed = d.legal_actions().contains(&a);
    assert_eq!(
        d.check(a).is_ok(),
        listed,
        "check({a}) disagrees with legal_actions"
    );
    let mut copy = d;
    match copy.play(a) {
        Ok(()) => assert!(listed, "{a} applied but not legal (phase {:?})", d.phase()),
        Err(e) => {
            assert!(!listed, "{a} is listed but refused: {e}");
            assert!(!e.to_string().is_empty());
            assert_eq!(copy, d, "a refused {a} changed the deal");
        }
    }
    let mut g = game.clone();
    let before = g.deals().last().unwrap().actions.len();
    match g.play(a) {
        Ok(_) => assert!(listed),
        Err(_) => assert_eq!(g.deals().last().unwrap().actions.len(), before),
    }
}

/// The record of `game` with `token` appended to its last deal goes through the referee.
fn referee_with(game: &Game, token: &str) -> Verdict {
    let mut rec = write_record(game);
    if let Some(Value::Array(acts)) = rec["deals"]
        .as_array_mut()
        .and_then(|d| d.last_mut())
        .map(|d| &mut d["actions"])
    {
        acts.push(Value::String(token.to_string()));
    }
    referee(&rec.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn any_action_in_any_phase_is_applied_or_refused(
        rules in any_rules(),
        seed in any::<u64>(),
        steps in 0usize..60,
        actions in prop::collection::vec(any_action(), 1..12),
    ) {
        let game = position(rules, seed, steps);
        if game.current().is_some_and(|d| !d.is_over()) {
            for a in actions {
                assert_applied_or_refused(&game, a);
                // The referee agrees: the same action as the record's next token.
                let listed = game.current().unwrap().legal_actions().contains(&a);
                let v = referee_with(&game, &a.token(rules.low));
                prop_assert_eq!(matches!(v, Verdict::Legal(_)), listed, "referee on {}", a);
            }
        }
    }

    #[test]
    fn any_token_in_any_phase_is_parsed_and_checked_or_refused(
        rules in any_rules(),
        seed in any::<u64>(),
        steps in 0usize..60,
        tokens in prop::collection::vec(any_token(), 1..8),
    ) {
        let game = position(rules, seed, steps);
        for t in tokens {
            for low in [Low::Nine, Low::Seven] {
                if let Ok(a) = Action::parse(&t, low) {
                    if game.current().is_some_and(|d| !d.is_over()) {
                        assert_applied_or_refused(&game, a);
                    }
                }
                if let Ok(a) = Action::parse_lenient(&t, low) {
                    if game.current().is_some_and(|d| !d.is_over()) {
                        assert_applied_or_refused(&game, a);
                    }
                }
            }
            // Whatever the token, the referee gives a verdict.
            let v = referee_with(&game, &t);
            prop_assert!(v.exit_code() <= 2);
        }
    }
}

/// The defect that poisoned live tables: a two-player meld token in a three-player Durch was
/// accepted, and the meld then panicked ("two players have trump").
#[test]
fn a_meld_token_in_a_durch_is_refused() {
    for preset in [Preset::Standard, Preset::Kreuz] {
        let rules = Rules::preset(preset);
        let mut seed = 0;
        loop {
            seed += 1;
            let mut game = Game::new(rules, Vec::new());
            game.start_seeded_deal(seed).unwrap();
            while let Some(d) = game
                .current()
                .filter(|d| d.phase() != Phase::Play && !d.is_over())
            {
                let legal = d.legal_actions();
                let a = legal
                    .iter()
                    .copied()
                    .find(|a| *a == Action::Durch)
                    .unwrap_or(legal[0]);
                game.play(a).unwrap();
            }
            let d = *game.current().unwrap();
            if d.phase() != Phase::Play || d.trump().is_some() {
                continue;
            }
            for t in ["meld pair H", "meld four_aces", "meld diss H", "exchange"] {
                let a = Action::parse(t, Low::Nine).unwrap();
                let err = game.play(a).expect_err(t);
                assert!(err.to_string().contains("two-player"), "{t}: {err}");
                assert_eq!(*game.current().unwrap(), d);
                match referee_with(&game, t) {
                    Verdict::Illegal { .. } => {}
                    other => panic!("{t}: the referee said {other:?}"),
                }
            }
            break;
        }
    }
}
