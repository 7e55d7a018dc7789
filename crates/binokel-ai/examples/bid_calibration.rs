//! How well do the strong bot's auction rollouts predict what its contracts make? Plays
//! seeded standard deals with three copies of a search bot and, when the auction ends,
//! compares the soloist's rollout estimates of its own total (card points with the burial
//! and melds) with the total the deal actually reached:
//! - `pre`: from its last auction view (the Tapp unseen), as its bids were valued: each
//!   sampled deal is won by it, buried and declared by the heuristic, played out by the
//!   heuristic;
//! - `post`: the same from its view once the Tapp is in hand.
//!
//! One line per deal: `seed bid pre post actual contract` (actual only when the contract
//! was played, not surrendered).
//!
//! `cargo run --release -p binokel-ai --example bid_calibration -- [deals] [bot] [samples] [first_seed]`
use binokel::{Action, Game, Phase, Rules, View};
use binokel_ai::info::Info;
use binokel_ai::policy;
use binokel_ai::sample::Sampler;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The mean heuristic rollout total of the seat `me` as soloist over `n` samples of `view`.
fn estimate(view: &View, n: usize, rng: &mut ChaCha8Rng) -> Option<f64> {
    let info = Info::from_view(view).ok()?;
    let s = Sampler::new(&info).ok()?;
    let me = info.me;
    let mut sum = 0.0;
    let mut k = 0usize;
    for _ in 0..n {
        let Some(mut d) = s.sample(rng) else { continue };
        while d.phase() == Phase::Auction {
            let legal = d.legal_actions();
            let bid = legal.iter().copied().find(|a| matches!(a, Action::Bid(_)));
            let a = if d.to_act() == Some(me) || !legal.contains(&Action::Pass) {
                bid.unwrap_or(Action::Pass)
            } else {
                Action::Pass
            };
            d.play_unchecked(a);
        }
        let (b, t, _) = policy::best_burial(d.hand(me), d.rules().tapp as usize, d.rules());
        d.play_unchecked(Action::Bury(b));
        d.play_unchecked(Action::Trump(t));
        policy::rollout(&mut d);
        sum += f64::from(d.card_points()[me] + d.melds()[me]);
        k += 1;
    }
    (k > 0).then(|| sum / k as f64)
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let deals: u64 = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let bot = a.get(2).cloned().unwrap_or("strong-v1".into());
    let n: usize = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(160);
    let first: u64 = a.get(4).and_then(|s| s.parse().ok()).unwrap_or(5000);
    let mut rng = ChaCha8Rng::seed_from_u64(first);
    for seed in first..first + deals {
        let rules = Rules::default();
        let mut game = Game::new(rules, Vec::new());
        game.start_seeded_deal(seed).unwrap();
        let mut bots: Vec<_> = (0..3)
            .map(|i| binokel_ai::make_bot(&bot, seed * 3 + i).unwrap())
            .collect();
        let mut last_auction: Vec<Option<View>> = vec![None; 3];
        let mut measured: Option<(usize, f64, f64)> = None;
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            if view.phase == Phase::Auction {
                last_auction[seat] = Some(view.clone());
            } else if measured.is_none() && view.phase == Phase::Bury {
                let pre = last_auction[seat].as_ref().and_then(|v| estimate(v, n, &mut rng));
                let post = estimate(&view, n, &mut rng);
                if let (Some(pre), Some(post)) = (pre, post) {
                    measured = Some((seat, pre, post));
                }
            }
            let act = bots[seat].choose(&view);
            game.play(act).unwrap();
        }
        let d = game.current().unwrap();
        if let Some((s, pre, post)) = measured {
            let contract = d.contract().map(|c| c.name()).unwrap_or("none");
            let actual = if contract == "surrender" {
                "-".to_string()
            } else {
                (d.card_points()[s] + d.melds()[s]).to_string()
            };
            println!("{seed} {} {pre:.1} {post:.1} {actual} {contract}", d.bid());
        }
    }
}
