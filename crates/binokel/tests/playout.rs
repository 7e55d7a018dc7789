//! The shared random-playout test: thousands of seeded deals and whole matches, checking
//! invariants after every action.

mod common;

use binokel::deal::legal_response;
use binokel::record::{read_record, referee, report, write_record, Verdict};
use binokel::{Action, Card, CardSet, Contract, Deal, Game, MeldKind, Phase, Preset, Rules, Suit, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// Every card of the deal is somewhere: hands, Tapp (until taken), burial, or played.
fn assert_cards_conserved(d: &Deal) {
    let n = d.players();
    let pack = binokel::deal::pack(d.rules());
    let mut all = d.played().union(d.buried()).expect("played and buried overlap");
    for s in 0..n {
        all = all.union(d.hand(s)).expect("a card is in two places");
    }
    if d.soloist().is_none() {
        all = all.union(d.tapp()).expect("tapp overlaps");
    }
    // Two players: the stock not yet drawn.
    all = all.union(d.undrawn()).expect("the stock overlaps");
    // A redeal (or a deal in the auction) still has the Tapp apart.
    assert_eq!(all, pack, "cards not conserved");
}

/// Actions that are not in the legal list must be refused, leaving the deal untouched.
fn assert_others_refused(d: &Deal, legal: &[Action], rng: &mut ChaCha8Rng) {
    let mut candidates: Vec<Action> = Vec::new();
    for c in Card::all() {
        candidates.push(Action::Play(c));
    }
    for b in [
        0, 5, 100, 140, 150, 155, 160, 170, 180, 190, 200, 300, 990, 1000, 1010, 5000, 6000,
    ] {
        candidates.push(Action::Bid(b));
        candidates.push(Action::Bid(d.bid() + b));
    }
    candidates.extend([Action::Pass, Action::Durch, Action::Bettel, Action::Exchange]);
    for s in Suit::ALL {
        candidates.push(Action::Trump(s));
        candidates.push(Action::Surrender(s));
    }
    // Random burials of 1 to 4 cards, mostly not held.
    for _ in 0..6 {
        let mut set = CardSet::EMPTY;
        for _ in 0..rng.gen_range(1..=4) {
            set.insert(Card::from_index(rng.gen_range(0..24)));
        }
        candidates.push(Action::Bury(set));
    }
    candidates.push(Action::Call(Card::from_index(3)));
    // Every call and give, and every two-player meld and the exchange, in every phase and
    // with any number of seats: a meld token in a three-player Durch once passed the check.
    for c in Card::all() {
        candidates.push(Action::Call(c));
        candidates.push(Action::Give(c));
    }
    for k in MeldKind::ALL {
        candidates.push(Action::Meld(k, None));
        for s in Suit::ALL {
            candidates.push(Action::Meld(k, Some(s)));
        }
    }
    for a in candidates {
        if legal.contains(&a) {
            continue;
        }
        let mut copy = *d;
        let err = copy.play(a);
        assert!(
            err.is_err(),
            "{a} accepted but not listed (phase {:?})",
            d.phase()
        );
        assert!(!err.unwrap_err().to_string().is_empty());
        assert_eq!(copy, *d, "a refused action changed the deal");
    }
}

/// A view shows no card that its seat cannot know.
fn assert_view_does_not_leak(game: &Game, seat: Option<usize>) {
    let v = View::of(game, seat).unwrap();
    let d = game.current().unwrap();
    let mut allowed = d.played();
    if let Some(s) = seat {
        assert_eq!(v.hand, Some(d.hand(s)));
        allowed = allowed.union(d.hand(s)).unwrap();
        if d.soloist() == Some(s) && d.phase() != Phase::Auction {
            allowed = allowed.union(d.buried()).unwrap_or(allowed);
        }
    } else {
        assert_eq!(v.hand, None);
        assert!(v.legal.is_empty());
    }
    if d.soloist() != seat || seat.is_none() {
        assert_eq!(v.buried, None, "burial shown to seat {seat:?}");
    }
    if let Some((called, giver)) = d.call() {
        // A called card is named aloud; the card given back is known to both parties.
        let mut extra = 1u32 << called.index();
        if seat == d.soloist() || seat == Some(giver) {
            let log = game.deals().last().unwrap();
            for a in &log.actions {
                if let Action::Give(g) = a {
                    extra |= 1 << g.index();
                }
            }
        }
        allowed = CardSet::from_masks(allowed.kinds() | extra, allowed.doubles());
    }
    if let Some(t) = d.turned() {
        // Two players: the turned card is face up, and after an exchange the trump 9 under
        // the stock too (a seat knows it gave it; the other saw it).
        let mut extra = 1u32 << t.index();
        if let Some(b) = d.bottom() {
            extra |= 1 << b.index();
        }
        if d.exchanged() {
            extra |= 1 << Card::new(t.suit(), binokel::Rank::Nine).index();
        }
        allowed = CardSet::from_masks(allowed.kinds() | extra, allowed.doubles() | extra);
    }
    if d.phase() != Phase::Auction {
        // The Tapp was shown to everybody (the soloist's hand may still hold it).
        allowed = CardSet::from_masks(
            allowed.kinds() | d.tapp().kinds(),
            allowed.doubles() | d.tapp().kinds(),
        );
    } else {
        assert_eq!(v.tapp, None, "Tapp shown during the auction");
    }
    // Every card code anywhere in the JSON must be one the seat may see.
    let json = serde_json::to_value(&v).unwrap();
    let mut seen = Vec::new();
    collect_codes(&json, &mut seen);
    for c in seen {
        assert!(
            allowed.contains(c),
            "view of {seat:?} shows {c}, which it cannot know: {json}"
        );
    }
}

fn collect_codes(v: &Value, out: &mut Vec<Card>) {
    match v {
        // A call names a card the seat does not hold: that is an option, not knowledge.
        Value::String(s) if s.starts_with("call ") => {}
        Value::String(s) => {
            for w in s.split(' ') {
                if let Ok(c) = Card::parse_code(w, binokel::Low::Nine) {
                    out.push(c);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_codes(x, out)),
        Value::Object(m) => m
            .iter()
            .filter(|(k, _)| k.as_str() != "rules")
            .for_each(|(_, x)| collect_codes(x, out)),
        _ => {}
    }
}

/// Chooses a random legal action, avoiding Durch and surrender most of the time so that most
/// deals are played to the end.
fn pick(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    loop {
        let a = legal[rng.gen_range(0..legal.len())];
        let rare = matches!(a, Action::Durch | Action::Surrender(_));
        if !rare || rng.gen_bool(0.15) || legal.len() == 1 {
            return a;
        }
    }
}

/// `played()` is worked out from where the other cards are; the deal's log says which cards
/// were played, independently of that.
fn assert_played_matches_the_log(game: &Game) {
    let d = game.current().unwrap();
    let mut from_log = CardSet::EMPTY;
    for a in &game.deals().last().unwrap().actions {
        if let Action::Play(c) = a {
            assert!(from_log.insert(*c), "{c} played three times");
        }
    }
    assert_eq!(d.played(), from_log, "played() disagrees with the log");
}

fn check_step(game: &Game, rng: &mut ChaCha8Rng, deep: bool) {
    let d = game.current().unwrap();
    assert_cards_conserved(d);
    assert_played_matches_the_log(game);
    let legal = d.legal_actions();
    let mut sorted = legal.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(legal, sorted, "legal actions must be sorted and distinct");
    if d.is_over() {
        assert!(legal.is_empty());
        assert_eq!(d.to_act(), None);
        return;
    }
    assert!(!legal.is_empty(), "a seat is to act but has no legal action");
    assert!(d.to_act().is_some());
    for a in &legal {
        assert!(d.is_legal(*a), "{a} listed but not legal");
    }
    let trick = d.current_trick();
    if d.phase() == Phase::Play && (trick.is_empty() || d.free_play()) {
        // A lead, or free play while the stock lasts: any card held.
        assert_eq!(d.legal_cards(), d.hand(d.to_act().unwrap()).kinds());
    }
    if d.phase() != Phase::Play {
        assert_eq!(d.legal_cards(), 0, "legal cards outside trick play");
    }
    if d.phase() == Phase::Play && !trick.is_empty() && !d.free_play() {
        // The incrementally kept masks agree with the rule written out from scratch.
        let winner = trick[(d.trick_winner().unwrap() + d.players() - d.leader()) % d.players()];
        let hand = d.hand(d.to_act().unwrap()).kinds();
        assert_eq!(
            d.legal_cards(),
            legal_response(hand, trick[0].suit(), winner, d.trump())
        );
    }
    if deep {
        assert_others_refused(d, &legal, rng);
        for s in 0..d.players() {
            assert_view_does_not_leak(game, Some(s));
        }
        assert_view_does_not_leak(game, None);
    }
}

/// Plays `count` seeded deals under `rules` with random legal actions, checking every
/// invariant after every action (deeply for the first `deep` deals). Returns how many deals
/// were normal trump deals played to the end.
fn run_deals(rules: Rules, count: u64, deep: u64, rng: &mut ChaCha8Rng) -> u32 {
    let mut played_to_end = 0;
    for deal_no in 0..count {
        let mut game = Game::new(rules, vec![]);
        game.start_seeded_deal(deal_no).unwrap();
        loop {
            check_step(&game, rng, deal_no < deep);
            let d = game.current().unwrap();
            if d.is_over() {
                break;
            }
            let a = pick(&d.legal_actions(), rng);
            game.play(a).unwrap();
        }
        let d = game.current().unwrap();
        let o = d.outcome();
        assert!(o.complete);
        let two_players = d.players() == 2;
        if matches!(o.contract, Some(Contract::Trump(_))) || two_players {
            played_to_end += 1;
            assert_eq!(
                o.card_points.iter().sum::<u32>(),
                250,
                "a normal deal holds 250 points"
            );
            assert_eq!(o.tricks.iter().sum::<u32>(), d.total_tricks());
        }
        if d.players() == 4 {
            assert_eq!(o.scores[0], o.scores[2], "partners record one score");
            assert_eq!(o.scores[1], o.scores[3], "partners record one score");
        }
        // Record round trip: write, read back, same game; the referee agrees.
        let rec = write_record(&game);
        let back = read_record(&rec.to_string()).unwrap();
        assert_eq!(back.deals()[0].actions, game.deals()[0].actions);
        assert_eq!(back.current(), game.current());
        match referee(&rec.to_string()) {
            Verdict::Legal(v) => assert_eq!(v, report(&game)),
            other => panic!("referee refused a played game: {other:?}"),
        }
    }
    played_to_end
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let played_to_end = run_deals(Rules::default(), 3000, 300, &mut rng);
    assert!(played_to_end > 2000, "only {played_to_end} normal deals");
}

#[test]
fn random_playouts_under_every_preset() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for p in Preset::ALL {
        let rules = Rules::preset(p);
        rules.validate().unwrap();
        let normal = run_deals(rules, 300, 30, &mut rng);
        assert!(normal > 100, "{p:?}: only {normal} normal deals");
    }
}

#[test]
fn random_playouts_under_random_option_combinations() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut tried = 0;
    while tried < 150 {
        let r = common::rules_with(|n| rng.gen_range(0..n));
        if r.validate().is_err() {
            continue;
        }
        tried += 1;
        run_deals(r, 4, 2, &mut rng);
    }
}

#[test]
fn random_matches_end_by_the_rules() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for m in 0..40u64 {
        let mut game = Game::new(Rules::default(), vec!["A".into(), "B".into(), "C".into()]);
        let mut deals = 0;
        while game.needs_deal() && deals < 200 {
            game.start_seeded_deal(m * 1000 + deals).unwrap();
            deals += 1;
            while let Some(_seat) = game.to_act() {
                let legal = game.current().unwrap().legal_actions();
                game.play(pick(&legal, &mut rng)).unwrap();
            }
        }
        let w = game.winner().expect("a match ends");
        assert!(game.totals()[w] >= 1500);
        // The totals are the sums of the deal scores.
        let mut sums = [0i32; 4];
        for o in game.outcomes() {
            for (s, x) in o.scores.iter().enumerate() {
                sums[s] += x;
            }
        }
        assert_eq!(sums, game.totals());
        // Dealer rotation: each deal's dealer is the previous forehand.
        for pair in game.deals().windows(2) {
            assert_eq!(pair[1].start.dealer(), pair[0].start.forehand());
        }
        // No deal may follow the end.
        assert!(game.start_seeded_deal(1).is_err());
        let rec = write_record(&game).to_string();
        match referee(&rec) {
            Verdict::Legal(v) => assert_eq!(v["winner"], serde_json::json!(w)),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn undo_restores_the_previous_state() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for seed in 0..200 {
        let mut game = Game::new(Rules::default(), vec![]);
        game.start_seeded_deal(seed).unwrap();
        let mut states = vec![game.clone()];
        while let Some(_s) = game.to_act() {
            let legal = game.current().unwrap().legal_actions();
            game.play(pick(&legal, &mut rng)).unwrap();
            states.push(game.clone());
        }
        while game.undo().is_some() {
            states.pop();
            assert_eq!(&game, states.last().unwrap());
        }
    }
}
