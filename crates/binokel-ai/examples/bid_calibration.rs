//! How well do the strong bot's auction rollouts predict what its contracts make? Plays
//! seeded standard deals with three copies of a search bot and, when the auction ends,
//! compares the soloist's rollout estimates of its own total (card points with the burial
//! and melds) with the total the deal actually reached:
//! - `pre`: from its last auction view (the Tapp unseen), as its bids were valued: each
//!   sampled deal is won by it, buried and declared by the heuristic, played out by the
//!   heuristic;
//! - `post`: the same from its view once the Tapp is in hand.
//!
//! One line per deal: `seed bid pre post actual contract pre_share post_share pre_sd`
//! (actual `-` when the contract was surrendered; the shares are those of the sampled totals
//! at least the bid, the rollouts' chance of making it; `pre_sd` the spread of the pre
//! totals).
//!
//! `cargo run --release -p binokel-ai --example bid_calibration -- [deals] [bot] [samples] [first_seed]`
use binokel::{Action, Game, Phase, Rules, View};
use binokel_ai::info::Info;
use binokel_ai::policy;
use binokel_ai::sample::Sampler;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The heuristic rollout totals of the seat to act as soloist over `n` samples of `view`.
fn totals(view: &View, n: usize, rng: &mut ChaCha8Rng) -> Vec<f64> {
    let Ok(info) = Info::from_view(view) else {
        return Vec::new();
    };
    let Ok(s) = Sampler::new(&info) else {
        return Vec::new();
    };
    let me = info.me;
    let mut out = Vec::new();
    for _ in 0..n {
        let Some(d) = s.sample(rng) else { continue };
        let mut d = binokel_ai::strong::force_soloist(d, me);
        let (b, t, _) = policy::best_burial(d.hand(me), d.rules().tapp as usize, d.rules());
        d.play_unchecked(Action::Bury(b));
        d.play_unchecked(Action::Trump(t));
        policy::rollout(&mut d);
        out.push(f64::from(d.card_points()[me] + d.melds()[me]));
    }
    out
}

/// The mean of `v`, the share of `v` at least `bid`, and the standard deviation.
fn stats(v: &[f64], bid: f64) -> Option<(f64, f64, f64)> {
    if v.is_empty() {
        return None;
    }
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    let share = v.iter().filter(|&&t| t >= bid).count() as f64 / n;
    let sd = (v.iter().map(|t| (t - m) * (t - m)).sum::<f64>() / n).sqrt();
    Some((m, share, sd))
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
        let mut measured: Option<(usize, Vec<f64>, Vec<f64>)> = None;
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            if view.phase == Phase::Auction {
                last_auction[seat] = Some(view.clone());
            } else if measured.is_none() && view.phase == Phase::Bury {
                let pre = last_auction[seat]
                    .as_ref()
                    .map(|v| totals(v, n, &mut rng))
                    .unwrap_or_default();
                let post = totals(&view, n, &mut rng);
                if !pre.is_empty() && !post.is_empty() {
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
            let bid = f64::from(d.bid());
            let (Some((pre, pre_share, pre_sd)), Some((post, post_share, _))) =
                (stats(&pre, bid), stats(&post, bid))
            else {
                continue;
            };
            println!(
                "{seed} {bid} {pre:.1} {post:.1} {actual} {contract} {pre_share:.3} {post_share:.3} {pre_sd:.1}"
            );
        }
    }
}
