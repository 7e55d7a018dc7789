//! Measures `trump` puzzles (docs/puzzles.md, "Trump puzzles"): for deals 0..N of a set's
//! seed, the declaration of the bot deal is proved with a large node bound, and the nodes of
//! its costliest step, all its steps and the outcome are printed, one line a deal.
//!
//! cargo run --release -p binokel-ai --example trump_puzzles -- SEED N [BOUND] [EVERY]
//!
//! (deals 0, EVERY, 2 EVERY, ... below N; EVERY 1 by default)

use binokel::{Deal, Game, Phase, Rules, View};
use binokel_ai::puzzle::declare::{declaration_measured, Effort};
use binokel_ai::puzzle::generate::deal_seed;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let (seed, n) = (
        args.first().copied().unwrap_or(1),
        args.get(1).copied().unwrap_or(8),
    );
    let bound = args.get(2).copied().unwrap_or(400_000_000);
    let every = args.get(3).copied().unwrap_or(1).max(1);
    for i in (0..n).step_by(every as usize) {
        let s = deal_seed(seed, i);
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(s).expect("a deal");
        let mut bots: Vec<_> = (0..game.players())
            .map(|seat| binokel_ai::make_bot("heuristic", s ^ (seat as u64 + 1)).expect("a bot"))
            .collect();
        let mut at = None;
        while let Some(seat) = game.to_act() {
            if game.current().map(Deal::phase) == Some(Phase::Declare) {
                at = Some(game.clone());
                break;
            }
            let view = View::of(&game, Some(seat)).expect("a view");
            let a = bots[seat].choose(&view);
            game.play(a).expect("legal");
        }
        let Some(g) = at else {
            println!("deal {i}: no declaration");
            continue;
        };
        let mut e = Effort::default();
        let t = std::time::Instant::now();
        let r = declaration_measured(&g, bound, &mut e);
        let what = match &r {
            Ok(v) => format!(
                "puzzle: best {} margin {} ({})",
                v.choices[0].choice,
                v.margin,
                v.choices
                    .iter()
                    .map(|c| format!("{}={}{}", c.choice, if c.bound { "<=" } else { "" }, c.value))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Err(e) => e.clone(),
        };
        println!(
            "deal {i}: steps {} max_step {} total {} {:.1} s: {what}",
            e.steps,
            e.max_step,
            e.total,
            t.elapsed().as_secs_f64()
        );
    }
}
