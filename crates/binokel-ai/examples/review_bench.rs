//! The review's marks measured (issue #32, docs/review.md section 1, "Marks above the noise").
//!
//! ```text
//! cargo run --release -p binokel-ai --example review_bench -- marks  [--deals N] [--seed S] [--compare] [--list] [--z Z] [--factor F] [--bot B]
//! cargo run --release -p binokel-ai --example review_bench -- plants [--plants N] [--seed S] [--z Z] [--factor F] [--bot B]
//! ```
//! - `marks`: plays N fresh deals of `strong` against itself (the standard game, three
//!   seats, deal seeds from S), reviews each deal's record for every seat at the default
//!   budget with the hindsight line (what `binokel review` does) and reports the marks per
//!   deal on strong's own play, the mistakes and blunders per deal, the decisions rated
//!   again, and the review's CPU per deal (user + system time of this process while it
//!   reviews, from /proc/self/stat; the bots' play is not counted). `--compare` also
//!   reviews each record with the marks of `binokel-review/1` (the loss alone, no second
//!   rating) and reports the same figures for it. `--list` prints every mark.
//! - `plants`: the planted mistakes. In fresh deals of `strong` against itself it picks
//!   decisions at random (every phase), rates each at `--budget 8` and, where an action
//!   loses at least 120 points there, plants the one of those that loses least (the
//!   hardest clear mistake) in place of strong's action. The planted decision is then
//!   rated as the default review rates it (its place's seed, the default budget, the
//!   mark's confirmation): a review's rating of a decision depends only on the seat's view
//!   before it and its place in the record, so what the copy of the deal does after it
//!   does not change it. Reports the recall (the share of plants with a mark), the share
//!   marked a mistake or blunder, per phase.
//!
//! `--z` and `--factor` set the [`Confirm`] rule (default: the review's). `--bot` plays the
//! deals with another bot at every seat (default `strong`), e.g. `strong-v1`.

use binokel::record::write_record;
use binokel::{Action, Game, Phase, Rules, View};
use binokel_ai::review::{
    decision_seed, rate_decision, review_record_with, value, Confirm, Mark, Review, ReviewBudget,
    ReviewOptions,
};
use binokel_ai::{make_bot, Bot};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// The CPU time of this process so far in seconds (user + system, all threads), from
/// /proc/self/stat at 100 clock ticks a second; None where there is no /proc.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses and may hold spaces).
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// One fresh deal of `strong` against itself: the game with the deal played out.
fn strong_deal(bot: &str, seed: u64) -> Game {
    let mut rules = Rules::default();
    rules.set("target", "100000").expect("target");
    let mut game = Game::new(rules, Vec::new());
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|s| make_bot(bot, seed * 3 + s).expect("bot"))
        .collect();
    game.start_seeded_deal(seed).expect("deal");
    while let Some(s) = game.to_act() {
        let view = View::of(&game, Some(s)).expect("view");
        let a = bots[s].choose(&view);
        game.play(a).expect("strong plays legally");
    }
    game
}

/// Command-line options.
struct Args {
    mode: String,
    n: usize,
    seed: u64,
    compare: bool,
    list: bool,
    confirm: Confirm,
    /// The bot at every seat (`--bot`, default `strong`).
    bot: String,
}

fn args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let mode = it.next().ok_or("a mode: marks or plants")?;
    if mode != "marks" && mode != "plants" {
        return Err(format!("unknown mode `{mode}`: marks or plants"));
    }
    let mut a = Args {
        n: if mode == "marks" { 100 } else { 200 },
        mode,
        seed: 1_000,
        compare: false,
        list: false,
        confirm: Confirm::DEFAULT,
        bot: "strong".into(),
    };
    while let Some(k) = it.next() {
        let mut val = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match k.as_str() {
            "--deals" | "--plants" => a.n = val(&k)?.parse().map_err(|e| format!("{k}: {e}"))?,
            "--seed" => a.seed = val(&k)?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--z" => a.confirm.z = val(&k)?.parse().map_err(|e| format!("--z: {e}"))?,
            "--factor" => a.confirm.factor = val(&k)?.parse().map_err(|e| format!("--factor: {e}"))?,
            "--compare" => a.compare = true,
            "--list" => a.list = true,
            "--bot" => a.bot = val(&k)?,
            _ => return Err(format!("unknown option `{k}`")),
        }
    }
    Ok(a)
}

/// Figures of the reviews of some deals under one rule.
#[derive(Default)]
struct Tally {
    decisions: usize,
    marks: [usize; 3],
    auction_marks: usize,
    rerated: usize,
    cpu: f64,
}

impl Tally {
    fn add(&mut self, r: &Review, cpu: f64) {
        self.cpu += cpu;
        for d in r.decisions.iter().filter(|d| d.rated) {
            self.decisions += 1;
            self.rerated += usize::from(d.rerated);
            if let Some(m) = d.mark {
                self.marks[m as usize] += 1;
                self.auction_marks += usize::from(d.phase == binokel_ai::review::ReviewPhase::Auction);
            }
        }
    }

    fn print(&self, name: &str, deals: usize) {
        let n = deals as f64;
        let all: usize = self.marks.iter().sum();
        println!(
            "{name}: {deals} deals, {} decisions, {} rated again ({:.1}%); marks {all} ({:.2} per deal: {} inaccuracies, {} mistakes, {} blunders; {} in the auction); mistakes or blunders {:.3} per deal; review CPU {:.2} s per deal",
            self.decisions,
            self.rerated,
            100.0 * self.rerated as f64 / self.decisions.max(1) as f64,
            all as f64 / n,
            self.marks[0],
            self.marks[1],
            self.marks[2],
            self.auction_marks,
            (self.marks[1] + self.marks[2]) as f64 / n,
            self.cpu / n
        );
    }
}

fn review(text: &str, confirm: &Confirm) -> (Review, f64) {
    let opts = ReviewOptions::default();
    let t0 = cpu_seconds().unwrap_or(0.0);
    let r = review_record_with(text, &opts, confirm, &|_, _| {}, &AtomicBool::new(false))
        .expect("a legal record");
    (r, cpu_seconds().unwrap_or(0.0) - t0)
}

fn marks(a: &Args) {
    let (mut new, mut old) = (Tally::default(), Tally::default());
    for i in 0..a.n {
        let game = strong_deal(&a.bot, a.seed + i as u64);
        let text = write_record(&game).to_string();
        let (r, cpu) = review(&text, &a.confirm);
        new.add(&r, cpu);
        if a.list {
            for d in r.decisions.iter().filter(|d| d.mark.is_some()) {
                println!(
                    "  deal seed {} action {} seat {} {}: {} (best {}) loss {:.1} se {:.1} samples {}{}",
                    a.seed + i as u64,
                    d.index,
                    d.seat,
                    d.phase.name(),
                    d.played.token(binokel::Low::Nine),
                    d.best.token(binokel::Low::Nine),
                    d.loss,
                    d.loss_se,
                    d.samples,
                    if d.rerated { ", rated again" } else { "" }
                );
            }
        }
        if a.compare {
            let (r, cpu) = review(&text, &Confirm::OFF);
            old.add(&r, cpu);
        }
        if (i + 1) % 10 == 0 || i + 1 == a.n {
            new.print(&format!("z {} factor {}", a.confirm.z, a.confirm.factor), i + 1);
            if a.compare {
                old.print("binokel-review/1 marks", i + 1);
            }
        }
    }
}

/// Every decision of a played deal: the view before it and the action played.
fn decisions(game: &Game) -> Vec<(usize, View, Action)> {
    let log = &game.deals()[0];
    let mut g = Game::new(*game.rules(), game.seats().to_vec());
    g.start_deal(&log.start.setup(), log.seed).expect("deal");
    let mut out = Vec::new();
    for (i, &a) in log.actions.iter().enumerate() {
        if let Some(s) = g.to_act() {
            let v = View::of(&g, Some(s)).expect("view");
            if v.legal.len() >= 2 {
                out.push((i, v, a));
            }
        }
        g.play(a).expect("legal");
    }
    out
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Auction => "auction",
        Phase::Bury => "burial",
        Phase::Declare => "declaration",
        _ => "play",
    }
}

fn plants(a: &Args) {
    let eight = ReviewBudget::scaled(8.0);
    let default = ReviewBudget::DEFAULT;
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    // Per phase: plants, marked, marked a mistake or blunder.
    let mut per: std::collections::BTreeMap<&str, [usize; 3]> = Default::default();
    let (mut planted, mut tried, mut deal) = (0usize, 0usize, 0u64);
    let t0 = std::time::Instant::now();
    while planted < a.n {
        let game = strong_deal(&a.bot, a.seed + 500_000 + deal);
        deal += 1;
        let mut ds = decisions(&game);
        ds.shuffle(&mut rng);
        // At most two plants a deal, each in its own copy of it.
        let mut here = 0;
        for (index, view, played) in ds.into_iter().take(6) {
            if here == 2 || planted == a.n {
                break;
            }
            tried += 1;
            let Some(r) = value::rate(&view, played, &eight, decision_seed(0, index)) else {
                continue;
            };
            let top = r.values[0].1;
            let Some(&(plant, v8)) = r
                .values
                .iter()
                .filter(|x| top - x.1 >= 120.0)
                .min_by(|x, y| (top - x.1).total_cmp(&(top - y.1)))
            else {
                continue;
            };
            let d = rate_decision(&view, 0, index, plant, &default, &a.confirm);
            let e = per.entry(phase_name(view.phase)).or_default();
            e[0] += 1;
            e[1] += usize::from(d.mark.is_some());
            e[2] += usize::from(matches!(d.mark, Some(Mark::Mistake | Mark::Blunder)));
            planted += 1;
            here += 1;
            if planted % 10 == 0 {
                let m: usize = per.values().map(|x| x[1]).sum();
                println!(
                    "{planted} plants in {deal} deals: {m} marked ({:.3})",
                    m as f64 / planted as f64
                );
            }
            if d.mark.is_none() {
                println!(
                    "missed: deal seed {} action {index} ({}): {} loses {:.1} at budget 8, {:.1} (se {:.1}) at the default",
                    a.seed + 500_000 + deal - 1,
                    phase_name(view.phase),
                    plant.token(binokel::Low::Nine),
                    top - v8,
                    d.loss,
                    d.loss_se
                );
            }
        }
    }
    let (mut n, mut m, mut mb) = (0, 0, 0);
    for (p, x) in &per {
        println!(
            "{p}: {} plants, {} marked ({:.3}), {} mistakes or blunders",
            x[0],
            x[1],
            x[1] as f64 / x[0] as f64,
            x[2]
        );
        n += x[0];
        m += x[1];
        mb += x[2];
    }
    println!(
        "all: {n} plants in {deal} deals ({tried} decisions tried), recall {:.3} ({m} marked), {:.3} marked a mistake or blunder; {:.0} s",
        m as f64 / n.max(1) as f64,
        mb as f64 / n.max(1) as f64,
        t0.elapsed().as_secs_f64()
    );
}

fn main() {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("review_bench: {e}");
            std::process::exit(2);
        }
    };
    if a.mode == "marks" {
        marks(&a);
    } else {
        plants(&a);
    }
}
