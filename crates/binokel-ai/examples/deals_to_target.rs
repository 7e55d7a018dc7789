//! How many deals a match of bots (default `random`, the slowest scorers at a server table)
//! needs to reach a target, per preset (docs/rules.md, "The most deals of a match"): how long
//! a server table can run at the highest target it takes.
//!
//! `cargo run --release -p binokel-ai --example deals_to_target [MATCHES] [BOT]` (default 40
//! seeded matches per line) prints a Markdown table: median, 90th percentile and most deals,
//! and how many matches the cap of `binokel::MAX_MATCH_DEALS` ended.

use binokel::{Game, Rules, View, MAX_MATCH_DEALS};
use rand::{Rng, SeedableRng};

fn main() {
    let matches: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40)
        .max(1);
    let bot = std::env::args().nth(2).unwrap_or_else(|| "random".into());
    println!("{bot} bots");
    println!("| preset | target | median | 90th percentile | most | ended by the cap |");
    println!("|---|---|---|---|---|---|");
    for preset in ["standard", "two-player", "kreuz", "swabian"] {
        for target in [1500, 3000, 5000] {
            let mut rules = Rules::from_preset_name(preset).expect("a preset");
            rules.target = target;
            let mut lens: Vec<usize> = Vec::new();
            let mut capped = 0;
            for seed in 0..matches as u64 {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut g = Game::new(rules, Vec::new());
                let mut bots: Vec<_> = (0..g.players())
                    .map(|s| binokel_ai::make_bot(&bot, seed * 8 + s as u64).expect("a bot name"))
                    .collect();
                while !g.is_over() {
                    g.start_seeded_deal(rng.gen()).expect("a deal");
                    while let Some(s) = g.to_act() {
                        let view = View::of(&g, Some(s)).expect("a view");
                        let a = bots[s].choose(&view);
                        g.play(a).expect("legal");
                    }
                }
                let w = g.winner().expect("over");
                if g.deals().len() == MAX_MATCH_DEALS && g.totals()[w] < target {
                    capped += 1;
                }
                lens.push(g.deals().len());
            }
            lens.sort_unstable();
            let at = |q: f64| lens[((lens.len() - 1) as f64 * q).round() as usize];
            println!(
                "| {preset} | {target} | {} | {} | {} | {capped} of {matches} |",
                at(0.5),
                at(0.9),
                lens[lens.len() - 1]
            );
        }
    }
}
