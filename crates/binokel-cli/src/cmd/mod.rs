//! One module per subcommand.

pub mod admin;
pub mod admin_accounts;
pub mod arena;
pub mod backup;
pub mod engine;
pub mod learn;
pub mod library;
pub mod loadtest;
pub mod meld;
pub mod pad;
pub mod perft;
pub mod play;
pub mod puzzles;
pub mod referee;
pub mod replay;
pub mod restore;
pub mod review;
pub mod serve;

use binokel::Rules;

/// Reads `--rules NAME` and `--rule name=value` options into a rules value.
pub fn rules_from_args(preset: &str, options: &[String]) -> Result<Rules, String> {
    let mut r = Rules::from_preset_name(preset).map_err(|e| e.to_string())?;
    for o in options {
        r.set_pair(o).map_err(|e| e.to_string())?;
    }
    r.validate().map_err(|e| e.to_string())?;
    Ok(r)
}

/// Reads a file, or stdin when the path is None or `-`.
pub fn read_input(path: Option<&std::path::Path>) -> std::io::Result<String> {
    use std::io::Read;
    match path {
        Some(p) if p.as_os_str() != "-" => std::fs::read_to_string(p),
        _ => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s)?;
            Ok(s)
        }
    }
}

/// Prints a line on stdout; a closed pipe (`binokel referee x | head`) is not an error worth a
/// panic, so write errors are ignored.
pub fn print_line(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}
