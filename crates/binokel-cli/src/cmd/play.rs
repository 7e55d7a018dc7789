//! `binokel play`: a match against computer players in the terminal (one to three, as the
//! rules seat them).

use super::library;
use binokel_tui::plain;
use binokel_tui::session::{Config, Session};
use binokel_tui::tui::App;
use binokel_tui::{CardStyle, Catalog, Lang};
use clap::Parser;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Options of `binokel play`.
#[derive(Parser, Debug)]
pub struct Args {
    /// The opponents, one bot name per other seat (names from `binokel_ai::make_bot`).
    /// Default: `strong` at every other seat.
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Seed for a reproducible match (deals and bots). Default: from the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Your name at the table. Default: $USER.
    #[arg(long)]
    pub name: Option<String>,
    /// Language: en, de, pt, nl. Default: from LC_ALL / LC_MESSAGES / LANG.
    #[arg(long)]
    pub lang: Option<String>,
    /// Card names: french (A♠ 10♥, typed AS TH) or german (Eichel, Schippen/Grün, Herz,
    /// Schellen; Ober, Unter: typed like OG, US).
    #[arg(long, default_value = "french")]
    pub cards: String,
    /// Line-by-line mode without the full screen (screen readers, pipes, scripts). Chosen
    /// automatically when stdin or stdout is not a terminal.
    #[arg(long)]
    pub plain: bool,
    /// Continue a saved match: FILE, or --save's file, or else the latest unfinished match
    /// of the data folder (`binokel replay --list` lists them).
    #[arg(long, conflicts_with = "new", num_args = 0..=1, value_name = "FILE")]
    pub resume: Option<Option<PathBuf>>,
    /// With --save F: start a new match in F even if F holds an unfinished one (it is
    /// replaced). A finished match is never replaced.
    #[arg(long)]
    pub new: bool,
    /// Where the match is saved after every action (a binokel-record/1 file). Default: a new
    /// file per match in $XDG_DATA_HOME/binokel/matches (or ~/.local/share/binokel/matches),
    /// named by the start time.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Rules preset, with the computer players it seats: standard, swabian, dutch, forty (you
    /// and two bots), kreuz (four seats: you and the bot opposite against two bots), two-player
    /// (you against one bot).
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// A rules option, `name=value` (repeatable).
    #[arg(long = "rule")]
    pub rule: Vec<String>,
    /// A fixed series of N deals instead of a match to the target (the rules option
    /// `series_deals`): a multiple of the seats; the highest total after deal N wins, a tie
    /// plays on. The same as `--rule series_deals=N`.
    #[arg(long, value_name = "N")]
    pub deals: Option<String>,
    /// Pause after each bot move in the full-screen table, in milliseconds (any key skips it).
    #[arg(long, default_value_t = 900)]
    pub delay: u64,
}

/// True when `path` holds a readable match that has no winner yet.
fn holds_unfinished_match(path: &std::path::Path) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| binokel::record::read_record(&t).ok())
        .is_some_and(|g| !g.is_over() && !g.deals().is_empty())
}

/// True when `path` holds a finished match (kept for replay, never overwritten).
fn holds_finished_match(path: &std::path::Path) -> bool {
    library::entry(path).state == library::State::Finished
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("binokel play: {msg}");
    ExitCode::from(2)
}

/// Runs `binokel play`.
pub fn run(args: Args) -> ExitCode {
    let lang = match &args.lang {
        Some(l) => match Lang::parse(l) {
            Ok(l) => l,
            Err(e) => return fail(&e),
        },
        None => Lang::from_environment(),
    };
    let style = match CardStyle::parse(&args.cards) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let mut options = args.rule.clone();
    if let Some(n) = &args.deals {
        options.push(format!("series_deals={n}"));
    }
    let rules = match super::rules_from_args(&args.rules, &options) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let bots = if args.bots.is_empty() {
        vec!["strong".to_string(); rules.players as usize - 1]
    } else {
        args.bots.clone()
    };
    let name = match &args.name {
        Some(n) => match binokel::name::check(n) {
            Ok(n) => n,
            Err(e) => return fail(&format!("--name: {e}")),
        },
        None => std::env::var("USER")
            .ok()
            .and_then(|u| binokel::name::check(&u).ok())
            .unwrap_or_else(|| "Player".into()),
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let resume_file = args.resume.clone().map(|f| f.or_else(|| args.save.clone()));
    let save = match (&resume_file, &args.save) {
        (Some(Some(f)), _) => f.clone(),
        (Some(None), _) => match library::latest_running() {
            Some(f) => f,
            None => {
                return fail(&format!(
                    "no unfinished match to resume in {}; `binokel replay --list` lists the saved matches",
                    library::folder().display()
                ))
            }
        },
        (None, Some(f)) => f.clone(),
        // A new match's file is made only once the match has begun (below), so that a
        // refused configuration (an unknown bot, too few bots) leaves no file behind.
        (None, None) => std::path::PathBuf::new(),
    };
    let new_file = resume_file.is_none() && args.save.is_none();
    if !new_file && resume_file.is_none() && holds_finished_match(&save) {
        return fail(&format!(
            "{} holds a finished match, kept for `binokel replay`: choose another --save file \
             (or none, for a new file in {})",
            save.display(),
            library::folder().display()
        ));
    }
    let config = Config {
        rules,
        name,
        bots,
        seed,
        save: (!new_file).then(|| save.clone()),
    };
    if !new_file && resume_file.is_none() && !args.new && holds_unfinished_match(&save) {
        return fail(&format!(
            "an unfinished match is saved in {0}: continue it with `binokel play --resume {0}`, \
             or start a new one there with `--new`",
            save.display()
        ));
    }
    let session = if resume_file.is_some() {
        Session::resume(&save, &config)
    } else {
        Session::new(config)
    };
    let mut session = match session {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let save = if new_file {
        let made = library::new_file(std::time::SystemTime::now())
            .and_then(|f| session.save_as(f.clone()).map(|()| f));
        match made {
            Ok(f) => f,
            Err(e) => return fail(&e),
        }
    } else {
        save
    };
    let cat = Catalog::new(lang, style, session.game().rules().low);
    let plain_mode = args.plain || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal();
    if plain_mode {
        let mut session = session;
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut out = std::io::stdout().lock();
        match plain::run(&mut session, &cat, &mut input, &mut out) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => fail(&e.to_string()),
        }
    } else {
        let mut app = App::new(session, cat, Duration::from_millis(args.delay));
        match binokel_tui::tui::run(&mut app) {
            Ok(()) => {
                for line in app.farewell(&save) {
                    println!("{line}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&format!("terminal error: {e}")),
        }
    }
}
