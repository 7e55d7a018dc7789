//! `binokel pad`: the score pad for games played with real cards (docs/pad.md), as a
//! line-oriented prompt on stdin/stdout plus a full-screen sheet.

use binokel_tui::pad::{load_pad, new_pad, save_pad, sheet_text, show_sheet, PadSession};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `binokel pad`.
#[derive(clap::Args)]
pub struct Args {
    /// The pad file: loaded when it exists, saved after every change (resume an evening).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Start a new pad with these players (comma-separated, in seat order).
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// The rules preset of a new pad.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// An option of the rules of a new pad, name=value (repeatable).
    #[arg(long = "rule")]
    rule: Vec<String>,
    /// The stake per point of a new pad (e.g. 0.05).
    #[arg(long)]
    stake: Option<String>,
    /// Print the sheet of `--file` and exit.
    #[arg(long)]
    print: bool,
    /// Show the sheet of `--file` full-screen and exit (needs a terminal).
    #[arg(long)]
    sheet: bool,
}

/// Runs the pad; exit 1 when a command of the session failed, 2 on bad arguments.
pub fn run(args: Args) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("binokel pad: {msg}");
        ExitCode::from(2)
    };
    let mut session = PadSession::default();
    if let Some(f) = &args.file {
        if f.exists() {
            match load_pad(f) {
                Ok(p) => session.pad = Some(p),
                Err(e) => return fail(e),
            }
        }
        session.file = Some(f.clone());
    }
    if !args.players.is_empty() {
        if session.pad.is_some() {
            return fail("--players starts a new pad, but --file already holds one".into());
        }
        match new_pad(
            &args.rules,
            &args.rule,
            args.players.clone(),
            args.stake.as_deref(),
        ) {
            Ok(p) => {
                if let Some(f) = &session.file {
                    if let Err(e) = save_pad(&p, f) {
                        return fail(e);
                    }
                }
                session.pad = Some(p);
            }
            Err(e) => return fail(e),
        }
    }
    if args.print || args.sheet {
        let Some(pad) = &session.pad else {
            return fail("--print and --sheet need --file with a saved pad".into());
        };
        if args.sheet {
            if !std::io::stdout().is_terminal() {
                return fail("--sheet needs a terminal; use --print".into());
            }
            return match show_sheet(pad) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(e.to_string()),
            };
        }
        return match sheet_text(pad) {
            Ok(t) => {
                super::print_line(t.trim_end());
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        };
    }
    if std::io::stdin().is_terminal() {
        println!("Binokel score pad. Type help for the commands.");
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    match session.run(&mut input, &mut out) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A closed stdout (`binokel pad | head`) ends the session quietly.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(e.to_string()),
    }
}
