//! Decision times of a bot by phase over seeded deals (seat 0 = the bot, others heuristic).
//!
//! `cargo run --release -p binokel-ai --example decision_timing -- BOT [DEALS] [PRESET]`
//! (PRESET: a rules preset name such as `forty`; default the standard game).
use binokel::{Game, Phase, Rules, View};
use std::time::Instant;

fn main() {
    let name = std::env::args().nth(1).unwrap_or("strong".into());
    let deals: u64 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let rules = match std::env::args().nth(3) {
        Some(p) => Rules::from_preset_name(&p).expect("a preset name"),
        None => Rules::default(),
    };
    let mut times: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for seed in 0..deals {
        let mut game = Game::new(rules, Vec::new());
        game.start_seeded_deal(seed).unwrap();
        let mut bots: Vec<_> = (0..u64::from(rules.players))
            .map(|i| binokel_ai::make_bot(if i == 0 { &name } else { "heuristic" }, seed + i).unwrap())
            .collect();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            let t = Instant::now();
            let a = bots[seat].choose(&view);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if seat == 0 && view.legal.len() > 1 {
                let key = match view.phase {
                    Phase::Play => format!("play{:02}", 15 - view.tricks.len()),
                    p => format!("{p:?}"),
                };
                times.entry(key).or_default().push(ms);
            }
            game.play(a).unwrap();
        }
        println!("deal {seed}: {:?}", game.current().unwrap().scores());
    }
    // Every card-play decision together: the goal is p50 < 100 ms and p95 < 1 s.
    let mut play: Vec<f64> = times
        .iter()
        .filter(|(k, _)| k.starts_with("play"))
        .flat_map(|(_, v)| v.iter().copied())
        .collect();
    play.sort_by(f64::total_cmp);
    if !play.is_empty() {
        let q = |p: f64| play[((play.len() - 1) as f64 * p).round() as usize];
        println!(
            "card play, all tricks: n={} p50={:.1} p95={:.1} max={:.1} ms",
            play.len(),
            q(0.5),
            q(0.95),
            play[play.len() - 1]
        );
    }
    for (k, mut v) in times {
        v.sort_by(f64::total_cmp);
        println!(
            "{k}: n={} p50={:.1} max={:.1} ms",
            v.len(),
            v[v.len() / 2],
            v[v.len() - 1]
        );
    }
}
