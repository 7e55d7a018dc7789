//! The `heuristic` bot's auction decisions on the standard game (48 cards, Tapp of 3) and on
//! the `forty` preset (40 cards, Tapp of 4: 916 burials to weigh for each sampled Tapp), from
//! views of heuristic self-play. Issue #20 asked why the second was twice as slow.
//!
//! Run on one core: `taskset -c 1 cargo bench -p binokel-ai --bench heuristic`.

#![allow(missing_docs)] // criterion_group! generates an undocumented function

use binokel::{Game, Phase, Rules, View};
use binokel_ai::{make_bot, Bot, HeuristicBot};
use criterion::{criterion_group, criterion_main, Criterion};

/// The first `n` auction views with a choice from heuristic self-play under `rules`.
fn auction_views(rules: Rules, n: usize) -> Vec<View> {
    let mut out = Vec::new();
    for seed in 0.. {
        let mut game = Game::new(rules, Vec::new());
        game.start_seeded_deal(seed).expect("a seeded deal");
        let mut bots: Vec<Box<dyn Bot>> = (0..rules.players)
            .map(|i| make_bot("heuristic", seed * 10 + u64::from(i)).expect("the heuristic bot"))
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).expect("a seat's view");
            if view.phase == Phase::Auction && view.legal.len() > 1 {
                out.push(view.clone());
                if out.len() == n {
                    return out;
                }
            }
            let a = bots[seat].choose(&view);
            game.play(a).expect("the bot plays a legal action");
        }
    }
    out
}

fn bid(c: &mut Criterion) {
    let mut g = c.benchmark_group("heuristic");
    for preset in ["standard", "forty"] {
        let views = auction_views(Rules::from_preset_name(preset).expect("a preset"), 16);
        let mut bot = HeuristicBot::new(1);
        let mut i = 0;
        // Cycling through 16 views: criterion's figure is close to the mean over them.
        g.bench_function(format!("bid_{preset}"), |b| {
            b.iter(|| {
                i = (i + 1) % views.len();
                bot.choose(&views[i])
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bid);
criterion_main!(benches);
