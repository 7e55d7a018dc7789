//! The review and `hint` report the same value (docs/review.md section 1): for the same
//! views, with the seed the review fixes for each decision and the same budget, the values
//! of the review's decisions and of a search bot's `hint` are equal, exactly (the tolerance
//! is zero: both call `binokel_ai::review::value::rate_view`), for bids, burials,
//! declarations and cards with three players, and with two. The hint still lists every
//! legal action, best first, and asking for a hint changes nothing in the bot's own play.

use binokel::record::write_record;
use binokel::{Action, Game, Rules, View};
use binokel_ai::review::{
    hint_seed, review_record, review_record_with, value, Confirm, Mark, ReviewBudget, ReviewOptions,
    ReviewPhase,
};
use binokel_ai::{make_bot, Bot, Budget};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

/// One deal of `rules` played by the heuristic bot at every seat.
fn heuristic_deal(rules: Rules, seed: u64) -> Game {
    let n = rules.players as usize;
    let mut game = Game::new(rules, Vec::new());
    game.start_seeded_deal(seed).expect("deal");
    let mut bots: Vec<Box<dyn Bot>> = (0..n as u64)
        .map(|s| make_bot("heuristic", seed * 7 + s).expect("bot"))
        .collect();
    while let Some(s) = game.to_act() {
        let view = View::of(&game, Some(s)).expect("view");
        let a = bots[s].choose(&view);
        game.play(a).expect("legal");
    }
    game
}

/// The view of `seat` before action `index` of deal `deal`.
fn view_at(game: &Game, deal: usize, index: usize, seat: usize) -> View {
    let mut g = Game::new(*game.rules(), game.seats().to_vec());
    for (i, log) in game.deals().iter().enumerate().take(deal + 1) {
        g.start_deal(&log.start.setup(), log.seed).expect("deal");
        let upto = if i == deal { index } else { log.actions.len() };
        for a in &log.actions[..upto] {
            g.play(*a).expect("legal");
        }
    }
    View::of(&g, Some(seat)).expect("view")
}

/// Reviews the record of `game` at the budget of `level` and checks every rated decision
/// (at most `limit`) against that level's hint of the same view; returns the phases seen.
fn agree(game: &Game, level: &str, budget: Budget, limit: usize) -> BTreeSet<&'static str> {
    let text = write_record(game).to_string();
    let opts = ReviewOptions {
        seats: Vec::new(),
        budget: ReviewBudget::of_play(budget),
        hindsight: false,
    };
    let r = review_record(&text, &opts, &|_, _| {}).expect("review");
    let mut phases = BTreeSet::new();
    // Both kinds are compared: decisions rated once, and decisions rated again.
    assert!(r.decisions.iter().any(|d| d.rated && !d.rerated));
    for d in r.decisions.iter().filter(|d| d.rated).take(limit) {
        let view = view_at(game, d.deal, d.index, d.seat);
        // The review's seed for this decision is the hint's seed for a bot seeded 0.
        assert_eq!(
            hint_seed(0, &view),
            binokel_ai::review::decision_seed(d.deal, d.index)
        );
        // A decision whose loss was near a threshold was rated again with more samples
        // (docs/review.md section 1): its values are a hint's at that larger budget.
        let hint = if d.rerated {
            value::hint(&view, &Confirm::DEFAULT.budget(&opts.budget), hint_seed(0, &view))
        } else {
            make_bot(level, 0).expect("bot").hint(&view)
        };
        let mut listed: Vec<Action> = hint.iter().map(|h| h.0).collect();
        listed.sort();
        assert_eq!(listed, view.legal, "the hint lists every legal action once");
        assert!(hint.windows(2).all(|w| w[0].1 >= w[1].1), "best first: {hint:?}");
        // The review also plays out the burial that was played when the heuristic's
        // pruning left it out; a hint has no played action, so that one is not compared.
        let extra = d.phase == ReviewPhase::Burial && d.values.len() > opts.budget.burial_candidates;
        let review: Vec<(Action, f64)> = d
            .values
            .iter()
            .copied()
            .filter(|x| !(extra && x.0 == d.played))
            .collect();
        assert_eq!(
            &hint[..review.len()],
            &review[..],
            "deal {} action {} ({:?}): the hint's values are the review's",
            d.deal,
            d.index,
            d.phase
        );
        phases.insert(d.phase.name());
    }
    phases
}

#[test]
fn hint_and_review_agree_on_bids_burials_declarations_and_cards() {
    let game = heuristic_deal(Rules::default(), 3);
    let phases = agree(&game, "medium", Budget::MEDIUM, usize::MAX);
    assert_eq!(
        phases.into_iter().collect::<Vec<_>>(),
        ["auction", "burial", "declaration", "play"],
        "every kind of decision compared"
    );
}

#[test]
fn hint_and_review_agree_with_two_players() {
    let rules = Rules::from_preset_name("two-player").expect("preset");
    let game = heuristic_deal(rules, 5);
    let phases = agree(&game, "easy", Budget::EASY, 16);
    assert!(phases.contains("play"), "{phases:?}");
}

#[test]
fn a_pass_is_valued_by_playing_the_deal_on_not_a_constant() {
    // strong-v1's search values every pass at a typical opponent's 45 points; the hint
    // values it by playing the deal on (in points of the match measure), so it depends on
    // the hand.
    let mut passes = BTreeSet::new();
    for seed in 0..4 {
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(100 + seed).expect("deal");
        game.play(Action::Bid(150)).expect("forehand opens");
        let view = View::of(&game, game.to_act()).expect("view");
        let hint = make_bot("easy", 1).expect("bot").hint(&view);
        let pass = hint
            .iter()
            .find(|h| h.0 == Action::Pass)
            .expect("a pass is legal")
            .1;
        passes.insert((pass * 10.0).round() as i64);
    }
    assert!(!passes.contains(&450), "{passes:?}");
    assert!(
        passes.len() > 1,
        "a pass is worth what the hand is worth: {passes:?}"
    );
}

#[test]
fn asking_for_hints_changes_nothing_in_the_bots_play() {
    // Two `easy` bots with one seed play the same deal from every seat's view; one is asked
    // for a hint before each decision: the decisions are the same.
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(41).expect("deal");
    let mut quiet = make_bot("easy", 8).expect("bot");
    let mut asked = make_bot("easy", 8).expect("bot");
    let mut decisions = 0;
    while let Some(s) = game.to_act() {
        let view = View::of(&game, Some(s)).expect("view");
        let _ = asked.hint(&view);
        let a = quiet.choose(&view);
        assert_eq!(asked.choose(&view), a, "a hint changed a decision");
        game.play(a).expect("legal");
        decisions += 1;
    }
    assert!(decisions > 30);
}

#[test]
fn a_loss_near_a_threshold_is_rated_again_with_the_first_samples_reused() {
    // A deal of the heuristic bot at a small budget, with a wide band (four standard
    // errors, twice the samples) so that some decisions are rated again. Their values are
    // those of a rating at the larger budget from the start (the first samples reused), and
    // every mark is the threshold that the loss less four standard errors reaches.
    let game = heuristic_deal(Rules::default(), 3);
    let text = write_record(&game).to_string();
    let opts = ReviewOptions {
        seats: Vec::new(),
        budget: ReviewBudget::scaled(0.25),
        hindsight: false,
    };
    let rule = Confirm { z: 4.0, factor: 2 };
    let r = review_record_with(&text, &opts, &rule, &|_, _| {}, &AtomicBool::new(false)).expect("review");
    let again: Vec<_> = r.decisions.iter().filter(|d| d.rerated).collect();
    assert!(!again.is_empty(), "no decision rated again");
    for d in &again {
        let view = view_at(&game, d.deal, d.index, d.seat);
        let big = rule.budget(&opts.budget);
        let direct = value::rate(&view, d.played, &big, hint_seed(0, &view)).expect("rated");
        assert_eq!(direct.values, d.values, "deal {} action {}", d.deal, d.index);
        assert!(d.samples > opts.budget.play_samples.min(opts.budget.deal_samples));
    }
    for d in r.decisions.iter().filter(|d| d.rated) {
        assert_eq!(d.mark, Mark::of(d.loss - 4.0 * d.loss_se), "{d:?}");
        if d.mark.is_some() {
            assert!(d.loss - 4.0 * d.loss_se >= 20.0);
        }
    }
}
