//! The constants of the match measure (`binokel_ai::measure`, docs/review.md section 1):
//! plays seeded matches of a bot (default `heuristic`) per preset and prints, per preset,
//! the standard deviation of a side's deal score less the mean of the other sides' (SIGMA)
//! and the target divided by the mean number of deals a match takes (GAIN: what the leading
//! side gains in an average deal).
//!
//! `cargo run --release -p binokel-ai --example measure_constants [MATCHES] [BOT]`

use binokel::{Game, Rules, View};
use rand::{Rng, SeedableRng};

fn main() {
    let matches: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100)
        .max(1);
    let bot = std::env::args().nth(2).unwrap_or_else(|| "heuristic".into());
    println!("{bot} bots, {matches} matches per preset");
    println!("| preset | deals | SIGMA (relative score s.d.) | mean deals a match | GAIN (target / deals) |");
    println!("|---|---|---|---|---|");
    for preset in ["standard", "swabian", "dutch", "forty", "kreuz", "two-player"] {
        let rules = Rules::from_preset_name(preset).expect("a preset");
        let sides = if rules.players == 4 {
            2
        } else {
            rules.players as usize
        };
        let (mut n, mut sum, mut sq) = (0usize, 0.0, 0.0);
        let mut deals = 0usize;
        for seed in 0..matches as u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut g = Game::new(rules, Vec::new());
            let mut bots: Vec<_> = (0..g.players())
                .map(|s| binokel_ai::make_bot(&bot, seed * 8 + s as u64).expect("a bot name"))
                .collect();
            while !g.is_over() {
                let before = g.totals();
                g.start_seeded_deal(rng.gen()).expect("a deal");
                while let Some(s) = g.to_act() {
                    let view = View::of(&g, Some(s)).expect("a view");
                    let a = bots[s].choose(&view);
                    g.play(a).expect("legal");
                }
                let after = g.totals();
                let d: Vec<f64> = (0..sides).map(|s| f64::from(after[s] - before[s])).collect();
                let all: f64 = d.iter().sum();
                for x in &d {
                    let rel = x - (all - x) / (sides - 1) as f64;
                    n += 1;
                    sum += rel;
                    sq += rel * rel;
                }
            }
            deals += g.deals().len();
        }
        let mean = sum / n as f64;
        let sd = (sq / n as f64 - mean * mean).sqrt();
        let per = deals as f64 / matches as f64;
        println!(
            "| {preset} | {deals} | {sd:.0} | {per:.1} | {:.0} |",
            f64::from(rules.target) / per
        );
    }
}
