//! `binokel review FILE [--seat N|--all] [--json] [--budget X]`: each decision of a finished
//! match rated from the deciding seat's view, with the better move and the hindsight line
//! (docs/review.md).

use binokel_ai::review::{review_record, Review, ReviewBudget, ReviewError, ReviewOptions, ReviewPhase};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `binokel review`.
#[derive(clap::Args)]
pub struct Args {
    /// The match or deal: a binokel-record/1 file (`-` for stdin).
    file: PathBuf,
    /// Review this seat only (from 0).
    #[arg(long, conflicts_with = "all")]
    seat: Option<usize>,
    /// Review every seat (the default).
    #[arg(long)]
    all: bool,
    /// Print the binokel-review/1 JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Scale the review budget: 2 searches twice as many samples, 0.5 half (docs/review.md).
    #[arg(long, default_value_t = 1.0)]
    budget: f64,
    /// Leave out the hindsight line.
    #[arg(long)]
    no_hindsight: bool,
}

fn fail(msg: &str, code: u8) -> ExitCode {
    eprintln!("binokel review: {msg}");
    ExitCode::from(code)
}

/// Runs `binokel review`: exit 0 with the review, 1 for an illegal record (the referee's
/// verdict), 2 when the input is not a record or an option is wrong.
pub fn run(args: Args) -> ExitCode {
    if !(args.budget.is_finite() && args.budget > 0.0 && args.budget <= 64.0) {
        return fail("--budget must be a number above 0 and at most 64", 2);
    }
    let text = match super::read_input(Some(&args.file)) {
        Ok(t) => t,
        Err(e) => return fail(&format!("cannot read {}: {e}", args.file.display()), 2),
    };
    let opts = ReviewOptions {
        seats: args.seat.into_iter().collect(),
        budget: ReviewBudget::scaled(args.budget),
        hindsight: !args.no_hindsight,
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("reviewing {bar:40} {pos}/{len} decisions  {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let result = review_record(&text, &opts, &progress);
    bar.finish_and_clear();
    match result {
        Ok(r) if args.json => {
            super::print_line(&r.to_json().to_string());
            ExitCode::SUCCESS
        }
        Ok(r) => {
            super::print_line(&table(&r));
            ExitCode::SUCCESS
        }
        Err(e @ ReviewError::Illegal { .. }) => fail(&e.to_string(), 1),
        Err(e) => fail(&e.to_string(), 2),
    }
}

/// The readable form: one line per decision (and a hindsight line where it differs), then
/// the summaries.
pub fn table(r: &Review) -> String {
    use std::fmt::Write;
    let low = r.low;
    let name = |s: usize| match r.names.get(s) {
        Some(n) if !n.is_empty() => format!("{s} {n}"),
        _ => format!("{s}"),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4} {:>4} {:<10} {:<16} {:<16} {:>7}  mark",
        "deal", "move", "seat", "played", "best", "loss"
    );
    for d in &r.decisions {
        let best = if d.rated {
            d.best.token(low)
        } else {
            "(not rated)".into()
        };
        let _ = writeln!(
            out,
            "{:>4} {:>4} {:<10} {:<16} {:<16} {:>7.1}  {}",
            d.deal + 1,
            d.index + 1,
            name(d.seat),
            d.played.token(low),
            best,
            d.loss,
            d.mark.map_or("", |m| m.name())
        );
        if let Some(h) = &d.hindsight {
            let _ = writeln!(
                out,
                "{:>4} {:>4} {:<10} {:<16} {:<16} {:>7.1}  (hindsight: all cards seen)",
                "",
                "",
                "",
                "",
                h.best.token(low),
                h.loss
            );
        }
    }
    let summary = |out: &mut String, title: String, s: &binokel_ai::review::DealSummary| {
        let _ = writeln!(out, "\n{title}  scores {:?}", s.scores);
        for x in &s.seats {
            let lost: Vec<String> = ReviewPhase::ALL
                .iter()
                .zip(x.lost)
                .map(|(p, l)| format!("{} {l:.1}", p.name()))
                .collect();
            let _ = writeln!(
                out,
                "  seat {:<10} decisions {:>3}  lost {:>7.1} ({})  inaccuracies {} mistakes {} blunders {}  accuracy {:.1}%",
                name(x.seat),
                x.decisions,
                x.total_lost(),
                lost.join(", "),
                x.marks[0],
                x.marks[1],
                x.marks[2],
                x.accuracy
            );
        }
        for &i in &s.worst {
            let d = &r.decisions[i];
            let _ = writeln!(
                out,
                "  worst: deal {} move {} seat {}: {} (best {}) lost {:.1}, {}",
                d.deal + 1,
                d.index + 1,
                name(d.seat),
                d.played.token(low),
                d.best.token(low),
                d.loss,
                d.mark.map_or("", |m| m.name())
            );
        }
    };
    for s in &r.deals {
        summary(&mut out, format!("deal {}", s.deal.map_or(0, |d| d + 1)), s);
    }
    summary(&mut out, "match".into(), &r.total);
    out.trim_end().to_string()
}
