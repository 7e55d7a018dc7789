//! `binokel referee [FILE]` (RECORDS.md section 2).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `binokel referee`.
#[derive(clap::Args)]
pub struct Args {
    /// The record to check; stdin when absent.
    file: Option<PathBuf>,
}

/// Prints the verdict as JSON (exit 0 legal, 1 illegal) or an error on stderr (exit 2).
pub fn run(args: Args) -> ExitCode {
    let text = match super::read_input(args.file.as_deref()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("binokel referee: cannot read the record: {e}");
            return ExitCode::from(2);
        }
    };
    let verdict = binokel::record::referee(&text);
    match verdict.to_json() {
        Some(v) => super::print_line(&v.to_string()),
        None => {
            if let binokel::record::Verdict::NotARecord(m) = &verdict {
                eprintln!("binokel referee: {m}");
            }
        }
    }
    ExitCode::from(verdict.exit_code() as u8)
}
