//! `binokel arena`: seeded duplicate deal sets between bots, in parallel, with a progress
//! bar, a results file that lets an interrupted run continue, and a table (or JSON) per bot.

use binokel_ai::arena;
use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

/// Arguments of `binokel arena`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Seats, comma separated: bot names (random, beginner, heuristic, strong, strong-v1,
    /// easy, medium, hard), `omniscient` (the strong search shown the true deal: the upper
    /// bound) or `cmd:<command line>` (an outside engine, docs/engine-protocol.md). Three players, two
    /// names: each deal is played six times (every arrangement); three names: three
    /// rotations. Four players (partners opposite), two names: A/B/A/B and B/A/B/A; four
    /// names: four rotations (the first and third are partners). Two players, two names: the
    /// deal and again with the seats swapped. One name: one play. A search bot with
    /// settings (`strong:deal_samples=160,pass=rollout`, docs/strength.md) holds commas:
    /// give it with `--bot`.
    #[arg(long, value_delimiter = ',', default_value = "strong,heuristic")]
    pub bots: Vec<String>,
    /// One seat name, taken whole (repeat it for each name; instead of `--bots`): a
    /// `cmd:` command line or a tuned bot's settings may then contain commas.
    #[arg(long = "bot", value_name = "NAME", conflicts_with = "bots")]
    pub bot: Vec<String>,
    /// Number of duplicate deal sets (at least 1).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub deals: u64,
    /// Play this many match sets instead of deal sets (at least 1): each set is one whole
    /// match per arrangement, deal by deal from the same seeds, and the summary counts the
    /// matches each bot won against its even share (docs/strength.md, "The match arena").
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "deals")]
    pub matches: Option<u64>,
    /// Seed of the run: the same seed gives the same deals and the same bot decisions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Results file (one JSON line per deal set, written as sets finish).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the run saved in this results file (its bots and seed are used; sets already
    /// in it are not played again).
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Worker threads (0: every core).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    /// Time limit per decision for `cmd:` seats, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout_ms: u64,
    /// Print the summary as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Rules preset: standard, swabian, dutch, forty, kreuz, two-player.
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// A rules option, `name=value` (repeatable), applied over the preset.
    #[arg(long = "rule")]
    pub rule: Vec<String>,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("binokel arena: {msg}");
    ExitCode::from(2)
}

/// Runs the arena.
pub fn run(mut args: Args) -> ExitCode {
    if !args.bot.is_empty() {
        args.bots = std::mem::take(&mut args.bot);
    }
    let mut done_sets: Vec<Value> = Vec::new();
    let mut saved_rules = None;
    let path = args.resume.clone().or(args.out.clone());
    if let Some(p) = &args.resume {
        let text = match std::fs::read_to_string(p) {
            Ok(t) => t,
            Err(e) => return fail(format!("cannot read {}: {e}", p.display())),
        };
        let mut lines = text.lines();
        let header: Value = match lines.next().map(serde_json::from_str) {
            Some(Ok(h)) => h,
            _ => {
                return fail(format!(
                    "{} is not an arena results file (no header line)",
                    p.display()
                ))
            }
        };
        let (Some(bots), Some(seed)) = (header["bots"].as_array(), header["seed"].as_u64()) else {
            return fail(format!("{}: the header lacks `bots` or `seed`", p.display()));
        };
        args.bots = bots.iter().filter_map(|b| b.as_str().map(String::from)).collect();
        args.seed = seed;
        // A match run's file says so; the kind of run is the file's, not the command's.
        let file_matches = header["unit"].as_str() == Some("match");
        if file_matches != args.matches.is_some() {
            return fail(format!(
                "{} holds {} sets: resume it {} --matches",
                p.display(),
                if file_matches { "match" } else { "deal" },
                if file_matches { "with" } else { "without" }
            ));
        }
        // The rules the run was started with, a preset name or a preset with options (the
        // record format's `rules`); a results file from before options has a plain name.
        saved_rules = match header.get("rules") {
            None => Some(binokel::Rules::default()),
            Some(r) => match binokel::Rules::from_json(r) {
                Ok(r) => Some(r),
                Err(e) => return fail(format!("{}: the header's rules: {e}", p.display())),
            },
        };
        // A line cut short by an interruption is simply played again.
        done_sets.extend(
            lines
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter(|v| v["plays"].is_array() || v["matches"].is_array()),
        );
    }
    let rules = match saved_rules {
        Some(r) => {
            if !args.rule.is_empty() {
                return fail("--rule cannot change the rules of a run being resumed");
            }
            r
        }
        None => match super::rules_from_args(&args.rules, &args.rule) {
            Ok(r) => r,
            Err(e) => return fail(format!("rules: {e}")),
        },
    };
    if let Err(e) = arena::arrangements(&args.bots, usize::from(rules.players)) {
        return fail(e);
    }
    for b in &args.bots {
        if let Err(e) = arena::check_seat(b) {
            return fail(e);
        }
    }
    let have: std::collections::HashSet<u64> = done_sets.iter().filter_map(|s| s["set"].as_u64()).collect();
    let (sets_wanted, unit) = match args.matches {
        Some(m) => (m, "match"),
        None => (args.deals, "deal"),
    };
    let todo: Vec<u64> = (0..sets_wanted).filter(|i| !have.contains(i)).collect();
    let file = match &path {
        Some(p) => {
            let fresh = args.resume.is_none();
            let f = std::fs::OpenOptions::new()
                .create(true)
                .append(!fresh)
                .write(true)
                .truncate(fresh)
                .open(p);
            match f {
                Ok(mut f) => {
                    if fresh {
                        let mut header = json!({"arena": 1, "bots": args.bots, "seed": args.seed, "rules": rules.to_json()});
                        if args.matches.is_some() {
                            header["unit"] = json!("match");
                        }
                        if let Err(e) = writeln!(f, "{header}") {
                            return fail(format!("cannot write {}: {e}", p.display()));
                        }
                    }
                    Some(f)
                }
                Err(e) => return fail(format!("cannot open {}: {e}", p.display())),
            }
        }
        None => None,
    };
    let bar = ProgressBar::new(sets_wanted);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit} sets  {{elapsed}} (eta {{eta}})"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_position(sets_wanted - todo.len() as u64);
    let shared = Mutex::new((file, done_sets));
    let on_done = |set: Value| {
        let mut g = shared.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = g.0.as_mut() {
            // One line per finished set, flushed at once, so an interruption loses at most
            // the sets being played.
            let _ = writeln!(f, "{set}").and_then(|_| f.flush());
        }
        if let Some(log) = set["plays"].as_array().or(set["matches"].as_array()) {
            for p in log {
                for l in p["log"].as_array().into_iter().flatten() {
                    bar.println(l.as_str().unwrap_or_default());
                }
            }
        }
        g.1.push(set);
        bar.inc(1);
    };
    let play: arena::PlaySet = if args.matches.is_some() {
        arena::play_match_set
    } else {
        arena::play_set
    };
    if let Err(e) = arena::run_sets(
        play,
        &args.bots,
        rules,
        args.seed,
        &todo,
        Duration::from_millis(args.timeout_ms),
        args.jobs,
        &on_done,
    ) {
        return fail(e);
    }
    bar.finish_and_clear();
    let (_, mut sets) = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    sets.retain(|s| s["set"].as_u64().is_some_and(|i| i < sets_wanted));
    sets.sort_by_key(|s| s["set"].as_u64());
    let errors: Vec<&Value> = sets.iter().filter(|s| s.get("error").is_some()).collect();
    for e in &errors {
        eprintln!("binokel arena: set {} failed: {}", e["set"], e["error"]);
    }
    let mut summary = if args.matches.is_some() {
        arena::summarize_matches(&args.bots, &sets)
    } else {
        arena::summarize(&args.bots, &sets)
    };
    summary["rules"] = rules.to_json();
    summary["players"] = json!(rules.players);
    if args.json {
        println!("{summary}");
    } else if args.matches.is_some() {
        print!("{}", arena::table_matches(&summary));
    } else {
        print!("{}", arena::table(&summary));
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
