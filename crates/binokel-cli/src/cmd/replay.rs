//! `binokel replay FILE [--review REVIEW.json]`: watch a saved match again, action by action,
//! with a game review's marks beside the actions when one is given.

use binokel_tui::replay::{self, Replay};
use binokel_tui::{CardStyle, Catalog, Lang};
use clap::Parser;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `binokel replay`.
#[derive(Parser, Debug)]
pub struct Args {
    /// The match: a binokel-record/1 file (`-` for stdin).
    #[arg(required_unless_present = "list")]
    pub file: Option<PathBuf>,
    /// List the matches saved by `binokel play` (running or finished, scores, winner).
    #[arg(long)]
    pub list: bool,
    /// Whose hand the table shows (default: the person's seat of a `binokel play` match).
    #[arg(long)]
    pub seat: Option<usize>,
    /// Language: en, de, pt, nl. Default: from LC_ALL / LC_MESSAGES / LANG.
    #[arg(long)]
    pub lang: Option<String>,
    /// Card names: french or german.
    #[arg(long, default_value = "french")]
    pub cards: String,
    /// A game review of this match (`binokel review FILE --json`, format binokel-review/3):
    /// its marks are shown beside the actions, with the better move for marked ones.
    #[arg(long, value_name = "REVIEW.json")]
    pub review: Option<PathBuf>,
    /// Print the whole match as text instead of stepping through it on the full screen.
    /// Chosen automatically when stdout is not a terminal.
    #[arg(long)]
    pub plain: bool,
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("binokel replay: {msg}");
    ExitCode::from(2)
}

/// Runs `binokel replay`.
pub fn run(args: Args) -> ExitCode {
    let lang = match args.lang.as_deref().map(Lang::parse) {
        Some(Ok(l)) => l,
        Some(Err(e)) => return fail(&e),
        None => Lang::from_environment(),
    };
    let style = match CardStyle::parse(&args.cards) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    if args.list {
        super::print_line(&super::library::list_text(&super::library::list()));
        return ExitCode::SUCCESS;
    }
    let Some(file) = args.file.as_ref() else {
        return fail("name a record file (or --list)");
    };
    let text = match super::read_input(Some(file)) {
        Ok(t) => t,
        Err(e) => return fail(&format!("cannot read {}: {e}", file.display())),
    };
    let mut rp = match Replay::from_text(&text, args.seat) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    if let Some(path) = args.review.as_ref() {
        let review = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return fail(&format!("cannot read {}: {e}", path.display())),
        };
        rp = match rp.with_review(&review) {
            Ok(r) => r,
            Err(e) => return fail(&format!("{}: {e}", path.display())),
        };
    }
    let cat = Catalog::new(lang, style, rp.game().rules().low);
    let plain = args.plain || !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal();
    let result = if plain {
        replay::print_with(&text, &cat, rp.marks(), &mut std::io::stdout().lock())
    } else {
        replay::run(&mut rp, &cat).map_err(|e| format!("terminal error: {e}"))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}
