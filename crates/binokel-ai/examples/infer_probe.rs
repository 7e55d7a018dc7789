//! How much closer to the truth are the inferred samples than uniform ones? Plays seeded
//! deals (seat 0 and the others the named bots), and at seat 0's decisions compares the
//! hidden cards of the other hands in `n` uniform samples and in `n` inferred ones
//! (`binokel_ai::infer::Model`) with the true hands: the share of each other seat's cards
//! placed right, averaged per phase.
//!
//! `cargo run --release -p binokel-ai --example infer_probe -- [deals] [opponents] [card_noise] [temper] [bid_noise] [oversample]`
use binokel::{Game, Phase, Rules, View};
use binokel_ai::infer::Model;
use binokel_ai::info::Info;
use binokel_ai::sample::Sampler;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let deals: u64 = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let opp = a.get(2).cloned().unwrap_or("heuristic".into());
    let mut m = Model::DEFAULT;
    if let Some(x) = a.get(3).and_then(|s| s.parse().ok()) {
        m.card_noise = x;
    }
    if let Some(x) = a.get(4).and_then(|s| s.parse().ok()) {
        m.temper = x;
    }
    if let Some(x) = a.get(5).and_then(|s| s.parse().ok()) {
        m.bid_noise = x;
    }
    if let Some(x) = a.get(6).and_then(|s| s.parse().ok()) {
        m.oversample = x;
    }
    let n = 24;
    // phase -> (uniform sum, inferred sum, count)
    let mut acc: std::collections::BTreeMap<String, (f64, f64, f64)> = Default::default();
    let t = std::time::Instant::now();
    for seed in 0..deals {
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(1000 + seed).unwrap();
        let mut bots: Vec<_> = (0..3)
            .map(|i| binokel_ai::make_bot(if i == 0 { "heuristic" } else { &opp }, seed * 3 + i).unwrap())
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            if seat == 0 && view.legal.len() > 1 {
                let truth = *game.current().unwrap();
                let info = Info::from_view(&view).unwrap();
                if let Ok(s) = Sampler::new(&info) {
                    let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + view.history.len() as u64);
                    let uni: Vec<_> = (0..n).filter_map(|_| s.sample(&mut rng)).collect();
                    let inf = m.infer_samples(&s, &info, n, &mut rng);
                    let score = |ds: &[binokel::Deal]| {
                        let mut tot = 0.0;
                        for d in ds {
                            let mut right = 0usize;
                            let mut all = 0usize;
                            for o in 1..3 {
                                let th = truth.hand(o);
                                right += d.hand(o).iter().filter(|&c| th.contains(c)).count();
                                all += th.len();
                            }
                            tot += right as f64 / all.max(1) as f64;
                        }
                        tot / ds.len().max(1) as f64
                    };
                    let key = match view.phase {
                        Phase::Play => format!("play{:02}", 15 - view.tricks.len()),
                        p => format!("{p:?}"),
                    };
                    let e = acc.entry(key).or_default();
                    e.0 += score(&uni);
                    e.1 += score(&inf);
                    e.2 += 1.0;
                }
            }
            let act = bots[seat].choose(&view);
            game.play(act).unwrap();
        }
    }
    let (mut u, mut i, mut c) = (0.0, 0.0, 0.0);
    for (k, (su, si, n)) in &acc {
        println!("{k}: n={n} uniform={:.3} inferred={:.3}", su / n, si / n);
        u += su;
        i += si;
        c += n;
    }
    println!(
        "all: n={c} uniform={:.4} inferred={:.4} gain={:+.4} ({:.1} s) {m:?}",
        u / c,
        i / c,
        (i - u) / c,
        t.elapsed().as_secs_f64()
    );
}
