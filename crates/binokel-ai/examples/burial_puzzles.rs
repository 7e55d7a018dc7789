//! Measures `burial` puzzles (docs/puzzles.md, "Burial puzzles"): for deals 0..N of a set's
//! seed, the soloist's burial of the bot deal is proved with a node budget, and the search
//! steps, the nodes of the costliest step, all nodes, the seconds and the outcome are
//! printed, one line a deal.
//!
//! cargo run --release -p binokel-ai --example burial_puzzles -- SEED N [BUDGET] [EVERY] [FIRST]
//!
//! (deals FIRST, FIRST + EVERY, ... below N; EVERY 1 and FIRST 0 by default)

use binokel::{Deal, Game, Phase, Rules, View};
use binokel_ai::puzzle::burial::burial_measured;
use binokel_ai::puzzle::declare::Effort;
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
    let budget = args
        .get(2)
        .copied()
        .unwrap_or(binokel_ai::puzzle::burial::BURIAL_NODES);
    let every = args.get(3).copied().unwrap_or(1).max(1);
    let first = args.get(4).copied().unwrap_or(0);
    let (mut found, mut nodes, mut secs) = (0, 0u64, 0.0);
    for i in (first..n).step_by(every as usize) {
        let s = deal_seed(seed, i);
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(s).expect("a deal");
        let mut bots: Vec<_> = (0..game.players())
            .map(|seat| binokel_ai::make_bot("heuristic", s ^ (seat as u64 + 1)).expect("a bot"))
            .collect();
        let mut at = None;
        while let Some(seat) = game.to_act() {
            if game.current().map(Deal::phase) == Some(Phase::Bury) {
                at = Some(game.clone());
                break;
            }
            let view = View::of(&game, Some(seat)).expect("a view");
            let a = bots[seat].choose(&view);
            game.play(a).expect("legal");
        }
        let Some(g) = at else {
            println!("deal {i}: no burial");
            continue;
        };
        let mut e = Effort::default();
        let t = std::time::Instant::now();
        let r = burial_measured(&g, budget, &mut e);
        let el = t.elapsed().as_secs_f64();
        nodes += e.total;
        secs += el;
        let what = match &r {
            Ok(v) => {
                found += 1;
                format!(
                    "puzzle: {} choices, best {}={} margin {} (next {})",
                    v.choices.len(),
                    v.choices[0].choice,
                    v.choices[0].value,
                    v.margin,
                    v.choices
                        .iter()
                        .skip(1)
                        .take(3)
                        .map(|c| format!("{}={}{}", c.choice, if c.bound { "<=" } else { "" }, c.value))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            Err(e) => e.clone(),
        };
        println!(
            "deal {i}: steps {} max_step {} total {} {el:.1} s: {what}",
            e.steps, e.max_step, e.total
        );
    }
    println!("{found} puzzles, {nodes} nodes, {secs:.1} s");
}
