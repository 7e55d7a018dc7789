//! Burials in the review (issue #32 section 3, docs/review.md section 3): each burial
//! candidate is worth the better of giving up at once and playing on after it, each
//! averaged over the samples. The fixed surrender rule it replaces (give up when the
//! heuristic's estimate falls 40 short of the bid) made a burial that destroys a meld look
//! best in a hopeless contract: the destroyed meld pushed the estimate under the rule's
//! line, so that burial gave up at minus the bid while the burials that keep the meld played
//! on and failed at minus twice the bid.

use binokel::meld::meld_total;
use binokel::{Action, CardSet, Deal, Game, Phase, Rules, Suit, View};
use binokel_ai::info::Info;
use binokel_ai::review::value::{play_on, rate_view};
use binokel_ai::review::ReviewBudget;
use binokel_ai::sample::Sampler;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The deal of `seed` (bids may jump) with the first seat to bid jumping to `bid` and the others passing:
/// the soloist's view at its burial (None when the auction does not go so).
fn burial_view(seed: u64, bid: u32) -> Option<View> {
    let mut rules = Rules::default();
    rules.set("raise", "jumps").ok()?;
    let mut game = Game::new(rules, Vec::new());
    game.start_seeded_deal(seed).ok()?;
    game.play(Action::Bid(150)).ok()?;
    game.play(Action::Bid(bid)).ok()?;
    while game.current()?.phase() == Phase::Auction {
        game.play(Action::Pass).ok()?;
    }
    let v = View::of(&game, game.to_act())?;
    (v.phase == Phase::Bury).then_some(v)
}

/// The most meld points the soloist keeps after burying `b` (under its best trump).
fn melds_kept(hand: CardSet, b: CardSet, rules: &Rules) -> u32 {
    let kept = hand.minus(b).unwrap_or(hand);
    Suit::ALL
        .iter()
        .map(|&t| meld_total(kept, Some(t), rules))
        .max()
        .unwrap_or(0)
}

/// The old valuation of the burials `cands`: each played out by the continuation policy
/// with its fixed surrender rule, averaged over the same samples the review draws.
fn old_values(view: &View, cands: &[Action], samples: usize, seed: u64) -> Vec<(Action, f64)> {
    let info = Info::from_view(view).expect("info");
    let sampler = Sampler::new(&info).expect("sampler");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deals: Vec<Deal> = (0..samples)
        .filter_map(|_| sampler.sample(&mut rng))
        .filter(|d| d.to_act() == Some(info.me))
        .collect();
    let mut out: Vec<(Action, f64)> = cands
        .iter()
        .map(|&a| {
            let sum: f64 = deals
                .iter()
                .map(|d| {
                    let mut dd = *d;
                    dd.play_unchecked(a);
                    play_on(&mut dd, &[0; 4]);
                    f64::from(dd.scores()[info.me])
                })
                .sum();
            (a, sum / deals.len() as f64)
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// What the new and the old valuation say of a burial view: whether the old one rated a
/// meld-destroying burial strictly above every burial that keeps the most melds, whether
/// the new one values a burial that keeps the most melds at least as high as that one,
/// and the loss of the best of those burials under the old and the new valuation.
fn compare(view: &View, budget: &ReviewBudget, seed: u64) -> (bool, bool, f64, f64) {
    let new = rate_view(view, None, budget, seed).expect("rated").values;
    let cands: Vec<Action> = new.iter().map(|x| x.0).collect();
    let old = old_values(view, &cands, budget.deal_samples, seed);
    let info = Info::from_view(view).expect("info");
    let (hand, rules) = (info.hand, info.rules);
    let kept = |a: Action| match a {
        Action::Bury(b) => melds_kept(hand, b, &rules),
        _ => 0,
    };
    let most = cands.iter().map(|&a| kept(a)).max().unwrap_or(0);
    let value = |list: &[(Action, f64)], a: Action| list.iter().find(|x| x.0 == a).map_or(f64::NAN, |x| x.1);
    let destroyer = old[0].0;
    let keepers: Vec<Action> = cands.iter().copied().filter(|&a| kept(a) == most).collect();
    let old_wrong = kept(destroyer) < most && keepers.iter().all(|&k| value(&old, k) < old[0].1);
    let new_right = keepers.iter().any(|&k| value(&new, k) >= value(&new, destroyer));
    let best_of = |list: &[(Action, f64)]| {
        keepers
            .iter()
            .map(|&k| value(list, k))
            .fold(f64::NEG_INFINITY, f64::max)
    };
    (
        old_wrong,
        new_right,
        old[0].1 - best_of(&old),
        new[0].1 - best_of(&new),
    )
}

/// The position found by [`find_a_hopeless_burial`]: deal seed 755, middlehand jumps to 350
/// (seed 49 at 300 before the measure took the calibrated temperature, [`binokel_ai::measure::RACE`]:
/// there a meld-destroying burial now plays on a little better than giving up).
const SEED: u64 = 755;
const BID: u32 = 350;

#[test]
fn a_meld_destroying_burial_in_a_hopeless_contract_is_no_longer_best() {
    let view = burial_view(SEED, BID).expect("the soloist buries");
    let budget = ReviewBudget::scaled(0.25);
    let (old_wrong, new_right, old_loss, new_loss) = compare(&view, &budget, 5);
    assert!(old_wrong, "the old rule rated a meld-destroying burial best");
    assert!(new_right, "a burial that keeps the melds is worth as much now");
    // Keeping the melds was marked (a loss of 20 points or more) and is no loss now.
    assert!(old_loss >= 20.0, "{old_loss}");
    assert_eq!(new_loss, 0.0);
    // Giving up is open after every burial: the burials that are worth no more than giving
    // up all share one value, the mean of giving up right after them (the same on every
    // sample whatever was buried), and none is worth less. (In the match measure, docs/
    // review.md section 2, giving up is not simply minus the bid: the opponents score too.)
    let new = rate_view(&view, None, &budget, 5).expect("rated").values;
    let floor = new.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
    let at_floor = new.iter().filter(|x| x.1 == floor).count();
    assert!(at_floor >= 2, "{new:?}");
    assert!(
        floor < -f64::from(view.bid) + 1e-9,
        "giving up costs at least the bid: {floor}"
    );
}

/// Searches seeded deals for the position of the test above (`cargo test --release -p
/// binokel-ai --test review_burial -- --ignored find --nocapture`).
#[test]
#[ignore]
fn find_a_hopeless_burial() {
    let budget = ReviewBudget::scaled(0.25);
    for seed in 0..1000u64 {
        for bid in [250, 300, 350, 400, 500] {
            let Some(view) = burial_view(seed, bid) else {
                continue;
            };
            let (old_wrong, new_right, _, _) = compare(&view, &budget, 5);
            if old_wrong && new_right {
                println!("seed {seed} bid {bid}");
                return;
            }
        }
    }
}
