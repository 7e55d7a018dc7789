//! `binokel perft`: counts action sequences from a position of a record (RECORDS.md section 4).

use binokel::perft::perft;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `binokel perft`.
#[derive(clap::Args)]
pub struct Args {
    /// The record; the position is its last deal after `--prefix` actions.
    file: PathBuf,
    /// How many of the last deal's actions lead to the position (default: all).
    #[arg(long)]
    prefix: Option<usize>,
    /// Count to depths 1..=DEPTH.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Print one JSON line in the shape of conformance/perft.jsonl.
    #[arg(long)]
    json: bool,
}

/// Prints the count per depth.
pub fn run(args: Args) -> ExitCode {
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("binokel perft: cannot read {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let mut v: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("binokel perft: not JSON: {e}");
            return ExitCode::from(2);
        }
    };
    if let (Some(p), Some(deals)) = (args.prefix, v["deals"].as_array_mut()) {
        if let Some(acts) = deals.last_mut().and_then(|d| d["actions"].as_array_mut()) {
            acts.truncate(p);
        }
    }
    let game = match binokel::record::read_record(&v.to_string()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("binokel perft: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(deal) = game.current() else {
        eprintln!("binokel perft: the record has no deal");
        return ExitCode::from(2);
    };
    let mut counts = serde_json::Map::new();
    for d in 1..=args.depth {
        let n = perft(deal, d);
        if !args.json {
            super::print_line(&format!("perft {d} {n}"));
        }
        counts.insert(d.to_string(), n.into());
    }
    if args.json {
        let prefix = game.deals().last().map(|l| l.actions.len()).unwrap_or(0);
        let line = serde_json::json!({"record": args.file.display().to_string(), "prefix_actions": prefix, "perft": counts});
        super::print_line(&line.to_string());
    }
    ExitCode::SUCCESS
}
