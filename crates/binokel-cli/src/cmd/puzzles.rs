//! `binokel puzzles generate|verify|solve`: puzzles mined from bot deals (docs/puzzles.md).
//!
//! - `generate --count N --seed S --out FILE [--jobs J]` writes a `binokel-puzzles/1` set;
//!   the same seed gives the same file whatever `--jobs`.
//! - `verify FILE [--sample N --seed S]` re-solves every puzzle (or a seeded sample) and
//!   exits 1 naming the first puzzle whose stored values or solution differ.
//! - `solve [FILE] [--id ID]` shows puzzles one by one in plain text, reads the answer and
//!   shows the values (the shipped set without FILE).
//! - `mine --database URL --out FILE` writes the puzzles of a server's finished matches whose
//!   every person allowed it ("My games may be used for puzzles").

use binokel::{Action, Card, CardSet, Low, View};
use binokel_ai::puzzle::generate::{generate, Options};
use binokel_ai::puzzle::{verify, Check, Kind, Puzzle, PuzzleSet};
use binokel_ai::solver::Solver;
use binokel_ai::themes::Theme;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `binokel puzzles`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Play seeded bot deals and write the decisions with one clearly best choice.
    Generate {
        /// Puzzles to write.
        #[arg(long)]
        count: usize,
        /// The seed (the same seed gives the same file).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
        /// Worker threads (the file does not depend on them).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// The bot at every seat.
        #[arg(long, default_value = "heuristic")]
        bot: String,
        /// Try a trump puzzle on every K-th deal (0: none).
        #[arg(long, default_value_t = binokel_ai::puzzle::generate::TRUMP_EVERY)]
        trump_every: u64,
        /// Search nodes each step of a trump puzzle's proof may take.
        #[arg(long, default_value_t = binokel_ai::puzzle::generate::TRUMP_NODES)]
        trump_nodes: u64,
        /// Try a burial puzzle on every K-th deal (0: none).
        #[arg(long, default_value_t = binokel_ai::puzzle::generate::BURIAL_EVERY)]
        burial_every: u64,
        /// Search nodes the whole proof of a burial puzzle may take.
        #[arg(long, default_value_t = binokel_ai::puzzle::generate::BURIAL_NODES)]
        burial_nodes: u64,
    },
    /// Re-solve the puzzles of a set and compare the stored values and solutions.
    Verify {
        /// The set.
        file: PathBuf,
        /// Verify this many puzzles drawn with --seed instead of all.
        #[arg(long)]
        sample: Option<usize>,
        /// The seed of the sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Write the puzzles of a server's finished matches whose every person allowed it.
    Mine {
        /// The server's database (sqlite://FILE or postgres://...).
        #[arg(long)]
        database: String,
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Solve puzzles in the terminal (plain text): the position, your answer, the values.
    Solve {
        /// The set (default: the shipped set).
        file: Option<PathBuf>,
        /// Start at this puzzle.
        #[arg(long)]
        id: Option<String>,
    },
}

fn fail(msg: &str, code: u8) -> ExitCode {
    eprintln!("binokel puzzles: {msg}");
    ExitCode::from(code)
}

/// Runs `binokel puzzles`.
pub fn run(args: Args) -> ExitCode {
    match args.command {
        Sub::Generate {
            count,
            seed,
            out,
            jobs,
            bot,
            trump_every,
            trump_nodes,
            burial_every,
            burial_nodes,
        } => {
            let mut o = Options::new(count, seed);
            o.jobs = jobs;
            o.bot = bot;
            o.trump_every = trump_every;
            o.trump_nodes = trump_nodes;
            o.burial_every = burial_every;
            o.burial_nodes = burial_nodes;
            run_generate(&o, out)
        }
        Sub::Verify { file, sample, seed } => run_verify(&file, sample, seed),
        Sub::Solve { file, id } => run_solve(file, id),
        Sub::Mine { database, out } => run_mine(&database, &out),
    }
}

fn run_mine(database: &str, out: &std::path::Path) -> ExitCode {
    let t = std::time::Instant::now();
    let set = super::backup::block_on(async {
        let store = binokel_server::store::Store::open(database)
            .await
            .map_err(|e| format!("cannot open the database {database}: {e}"))?;
        let set = binokel_server::learning::mine::mine(&store, |matches, found| {
            eprint!("\r{found} puzzles from {matches} matches");
        })
        .await
        .map_err(|e| e.to_string());
        store.close().await;
        set
    });
    let set = match set {
        Ok(s) => s,
        Err(e) => return fail(&e, 2),
    };
    eprintln!();
    if let Err(e) = std::fs::write(out, set.to_text()) {
        return fail(&format!("cannot write {}: {e}", out.display()), 2);
    }
    eprintln!(
        "wrote {} puzzles from {} deals to {} in {:.1} s",
        set.puzzles.len(),
        set.origin.deals,
        out.display(),
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

fn run_generate(o: &Options, out: PathBuf) -> ExitCode {
    let count = o.count;
    let t = std::time::Instant::now();
    let set = match generate(o, |found, deals| {
        eprint!("\r{found}/{count} puzzles from {deals} deals");
    }) {
        Ok(s) => s,
        Err(e) => return fail(&e, 2),
    };
    eprintln!();
    if let Err(e) = std::fs::write(&out, set.to_text()) {
        return fail(&format!("cannot write {}: {e}", out.display()), 2);
    }
    eprintln!(
        "wrote {} puzzles from {} deals to {} in {:.1} s",
        set.puzzles.len(),
        set.origin.deals,
        out.display(),
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

fn read_set(file: &std::path::Path) -> Result<PuzzleSet, String> {
    let text = super::read_input(Some(file)).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    PuzzleSet::parse(&text).map_err(|e| format!("{}: {e}", file.display()))
}

fn run_verify(file: &std::path::Path, sample: Option<usize>, seed: u64) -> ExitCode {
    let set = match read_set(file) {
        Ok(s) => s,
        Err(e) => return fail(&e, 2),
    };
    let mut list: Vec<&Puzzle> = set.puzzles.iter().collect();
    if let Some(n) = sample {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        list.shuffle(&mut rng);
        list.truncate(n);
    }
    let mut solver = Solver::new(20);
    let t = std::time::Instant::now();
    for p in &list {
        if let Check::Mismatch(m) = verify(p, &mut solver) {
            super::print_line(&format!("MISMATCH {}: {m}", p.id));
            return ExitCode::from(1);
        }
    }
    super::print_line(&format!(
        "{} puzzles verified in {:.1} s",
        list.len(),
        t.elapsed().as_secs_f64()
    ));
    ExitCode::SUCCESS
}

fn run_solve(file: Option<PathBuf>, id: Option<String>) -> ExitCode {
    let set = match &file {
        Some(f) => read_set(f),
        None => PuzzleSet::parse(binokel_ai::puzzle::SHIPPED),
    };
    let set = match set {
        Ok(s) => s,
        Err(e) => return fail(&e, 2),
    };
    let start = match &id {
        Some(id) => match set.puzzles.iter().position(|p| &p.id == id) {
            Some(i) => i,
            None => return fail(&format!("no puzzle `{id}` in the set"), 2),
        },
        None => 0,
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut right = 0;
    let mut tried = 0;
    for p in &set.puzzles[start..] {
        super::print_line(&describe(p));
        let answer = loop {
            super::print_line(match p.kind {
                Kind::Trump => {
                    "Your choice (trump S, trump H, trump D, trump C, durch, surrender; or q to stop):"
                }
                Kind::Burial => "Your choice (the three cards to bury, such as 9H 9C JC; or q to stop):",
                _ => "Your choice (a card code such as AS, or q to stop):",
            });
            let Some(Ok(line)) = lines.next() else {
                super::print_line(&format!("{right} of {tried} right."));
                return ExitCode::SUCCESS;
            };
            if line.trim() == "q" {
                super::print_line(&format!("{right} of {tried} right."));
                return ExitCode::SUCCESS;
            }
            match p.match_choice(&line) {
                Ok(c) => break c.choice.clone(),
                Err(e) => super::print_line(&e),
            }
        };
        tried += 1;
        if answer == p.best {
            right += 1;
            super::print_line(&format!("Right: {} is best.", p.best));
        } else {
            super::print_line(&format!("Wrong: {} is best, not {answer}.", p.best));
        }
        super::print_line(&solution(p, &answer));
    }
    super::print_line(&format!("{right} of {tried} right."));
    ExitCode::SUCCESS
}

fn cards(s: CardSet, low: Low) -> String {
    s.sorted_for_display()
        .iter()
        .map(|c| c.code(low))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The position as text: what the seat may see (every hand for an open puzzle).
fn describe(p: &Puzzle) -> String {
    let (Ok(view), Ok(deal)) = (p.view(), p.deal()) else {
        return format!("puzzle {}: the position cannot be rebuilt", p.id);
    };
    let low = deal.rules().low;
    let open = p.kind != Kind::PlayView;
    let mut out = format!(
        "\nPuzzle {} ({}, rating {}): seat {} to {}, {} tricks left.\n",
        p.id,
        if open { "all hands shown" } else { "your view only" },
        p.rating,
        p.seat,
        match p.kind {
            Kind::Trump => "declare",
            Kind::Burial => "bury",
            _ => "play",
        },
        p.tricks_left
    );
    if p.kind == Kind::Trump {
        out += &format!(
            "Seat {} buried {} ({} points, they count for the soloist).\n",
            p.seat,
            cards(deal.buried(), low),
            deal.buried().points()
        );
    }
    // Before the declaration (trump and burial puzzles) no trump is named yet; a Durch
    // has none.
    let trump = match (deal.contract(), deal.trump()) {
        (Some(binokel::Contract::Durch), _) => "Durch".to_string(),
        (_, Some(t)) => format!("trump {}", t.letter()),
        _ => "no trump named yet".to_string(),
    };
    out += &format!(
        "Soloist: seat {} at {}, {}.\n",
        deal.soloist().unwrap_or(0),
        deal.bid(),
        trump
    );
    if p.kind == Kind::Burial {
        out += &format!(
            "Seat {} took the Tapp {}; it buries {} cards, then declares (a trump, Durch or giving up).\n",
            p.seat,
            cards(deal.tapp(), low),
            deal.rules().tapp
        );
    }
    if !matches!(p.kind, Kind::Trump | Kind::Burial) {
        out += &format!(
            "Points taken so far: {:?}\n",
            &deal.trick_points()[..deal.players()]
        );
    }
    if p.kind == Kind::PlayView {
        for t in &view.tricks {
            out += &format!("  trick led by seat {}: {}\n", t.leader, codes(&t.cards, low));
        }
    }
    for s in 0..deal.players() {
        if open || s == p.seat {
            out += &format!("Seat {s}: {}\n", cards(deal.hand(s), low));
        } else {
            out += &format!("Seat {s}: {} cards\n", deal.hand(s).len());
        }
    }
    for m in view.melds.iter().filter(|m| !m.melds.is_empty()) {
        let list: Vec<String> = m
            .melds
            .iter()
            .map(|x| match x.suit {
                Some(s) => format!("{} {} ({})", x.kind.name(), s.letter(), x.points),
                None => format!("{} ({})", x.kind.name(), x.points),
            })
            .collect();
        out += &format!("Melds of seat {}: {}\n", m.seat, list.join(", "));
    }
    if !matches!(p.kind, Kind::Trump | Kind::Burial) {
        let trick = deal.current_trick();
        out += &format!(
            "On the table (led by seat {}): {}\n",
            deal.leader(),
            if trick.is_empty() {
                "nothing".to_string()
            } else {
                codes(trick, low)
            }
        );
    }
    let legal: Vec<String> = match p.kind {
        Kind::Trump => {
            let mut v: Vec<String> = p.choices.iter().map(|c| c.choice.clone()).collect();
            v.sort();
            v
        }
        // Hundreds of burials: the hand above is the choice.
        Kind::Burial => vec![format!("any {} cards of seat {}", deal.rules().tapp, p.seat)],
        _ => legal_codes(&view, low),
    };
    let sep = if p.kind == Kind::Trump { ", " } else { " " };
    out += &format!("Choices: {}", legal.join(sep));
    out
}

fn codes(c: &[Card], low: Low) -> String {
    c.iter().map(|c| c.code(low)).collect::<Vec<_>>().join(" ")
}

fn legal_codes(view: &View, low: Low) -> Vec<String> {
    let mut v: Vec<String> = view.legal.iter().map(|a: &Action| a.token(low)).collect();
    v.dedup();
    v
}

/// How many of a burial puzzle's choices the solution lists (the best first; the answer is
/// listed too when it is not among them).
const BURIALS_SHOWN: usize = 10;

/// The solution: every choice with its value (a burial puzzle: the best ten and the answer),
/// and the themes.
fn solution(p: &Puzzle, answer: &str) -> String {
    let mut out = String::from("Values (your deal score with best play after it):\n");
    let line = |c: &binokel_ai::puzzle::Choice| {
        // A bound: the solver proved the choice worth at most this (docs/puzzles.md).
        let at_most = if c.bound { "at most " } else { "" };
        format!("  {:<4} {at_most}{:>8.2}\n", c.choice, c.value)
    };
    let shown = if p.kind == Kind::Burial {
        BURIALS_SHOWN
    } else {
        usize::MAX
    };
    for c in p.choices.iter().take(shown) {
        out += &line(c);
    }
    if p.choices.len() > shown {
        if let Some((i, c)) = p
            .choices
            .iter()
            .enumerate()
            .skip(shown)
            .find(|(_, c)| c.choice == answer)
        {
            out += &format!("  ... your answer, number {} of {}:\n", i + 1, p.choices.len());
            out += &line(c);
        }
        out += &format!("  ({} burials in all)\n", p.choices.len());
    }
    for t in p.themes.iter().filter_map(|t| Theme::from_id(t)) {
        out += &format!("Theme: {}\n", t.describe("en"));
    }
    out
}
