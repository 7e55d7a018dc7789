//! `binokel review FILE [--seat N|--all] [--json] [--budget X] [--lang L]`: each decision of
//! a finished match rated from the deciding seat's view, with the better move and the
//! hindsight line (docs/review.md); the table is drawn by `binokel_tui::reviewtable` in the
//! terminal's language.

use binokel_ai::review::{review_record, ReviewBudget, ReviewError, ReviewOptions};
use binokel_tui::reviewtable::review_table;
use binokel_tui::{CardStyle, Catalog, Lang};
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
    /// Print the binokel-review/3 JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Scale the review budget: 2 searches twice as many samples, 0.5 half (docs/review.md).
    #[arg(long, default_value_t = 1.0)]
    budget: f64,
    /// Leave out the hindsight line.
    #[arg(long)]
    no_hindsight: bool,
    /// Language of the table: en, de, pt, nl. Default: from LC_ALL / LC_MESSAGES / LANG.
    /// (`--json` is the same in every language.)
    #[arg(long)]
    lang: Option<String>,
    /// Card names in the table: french or german.
    #[arg(long, default_value = "french")]
    cards: String,
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
    let lang = match args.lang.as_deref().map(Lang::parse) {
        Some(Ok(l)) => l,
        Some(Err(e)) => return fail(&e, 2),
        None => Lang::from_environment(),
    };
    let style = match CardStyle::parse(&args.cards) {
        Ok(s) => s,
        Err(e) => return fail(&e, 2),
    };
    let text = match super::read_input(Some(&args.file)) {
        Ok(t) => t,
        Err(e) => return fail(&format!("cannot read {}: {e}", args.file.display()), 2),
    };
    let opts = ReviewOptions {
        seats: args.seat.into_iter().collect(),
        budget: ReviewBudget::scaled(args.budget),
        hindsight: !args.no_hindsight,
    };
    // The bar's words in the table's language (braces escaped for the template).
    let words = Catalog::new(lang, style, binokel::Low::Nine);
    let word = |id: &str| words.t(id).replace('{', "{{").replace('}', "}}");
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{} {{bar:40}} {{pos}}/{{len}} {}  {{elapsed}} (~{{eta}})",
            word("review-progress"),
            word("review-progress-decisions")
        ))
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
            super::print_line(&r.to_json_text());
            ExitCode::SUCCESS
        }
        Ok(r) => {
            let cat = Catalog::new(lang, style, r.low);
            super::print_line(&review_table(&r, &cat));
            ExitCode::SUCCESS
        }
        Err(e @ ReviewError::Illegal { .. }) => fail(&e.to_string(), 1),
        Err(e) => fail(&e.to_string(), 2),
    }
}
