//! Prints a `binokel-record/1` of DEALS complete deals (default and at most
//! `binokel::MAX_MATCH_DEALS`) of uniformly random legal play, seeded by SEED, under the
//! standard rules with the highest target a record takes: the longest match a record may
//! hold, as random bots play it (docs/review.md, "Memory": the server's memory with its
//! review queue full of them).
//!
//! `cargo run --release -p binokel --example long_record -- [DEALS] [SEED] > record.json`

use binokel::record::write_record;
use binokel::{Game, Rules, MAX_MATCH_DEALS};
use rand::{Rng, SeedableRng};

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(MAX_MATCH_DEALS)
        .clamp(1, MAX_MATCH_DEALS);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rules = Rules::default();
    rules.target = binokel::rules::MAX_TARGET;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(rules, vec!["Anna".into(), "Ben".into(), "Cleo".into()]);
    while g.deals().len() < deals && !g.is_over() {
        g.start_seeded_deal(rng.gen()).expect("a deal");
        while let Some(d) = g.current().filter(|d| !d.is_over()) {
            let legal = d.legal_actions();
            g.play(legal[rng.gen_range(0..legal.len())]).expect("legal");
        }
    }
    println!("{}", write_record(&g));
}
