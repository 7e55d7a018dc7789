//! `binokel puzzles generate`: puzzles mined from seeded bot deals (docs/puzzles.md,
//! "Generation").
//!
//! Deal `i` of a set with seed `S` is shuffled from its own seed (`S` and `i` mixed) and
//! played to the end by the bot at every seat. Its card-play decisions are walked from the
//! first with at most 10 tricks left: the first with one clearly best choice with all hands
//! seen becomes a `play_open` puzzle, and the first of the soloist's with at most 5 tricks
//! left whose best choice over every layout consistent with its view is clearly best becomes
//! a `play_view` puzzle. On every [`Options::trump_every`]-th deal the soloist's declaration
//! becomes a `trump` puzzle when one choice is clearly best and proved within
//! [`Options::trump_nodes`] per search ([`super::declare`]). Deals are worked on in parallel
//! (rayon), each on its own cleared solver, and the puzzles are put in deal order and cut at
//! the count: the same seed gives the same set whatever the number of jobs.

use super::declare;
use super::solve::{self, Values};
use super::{position_record, Choice, Kind, Origin, Puzzle, PuzzleSet, FORMAT, MARGIN};
use crate::info::Info;
use crate::solver::Solver;
use crate::themes;
use binokel::record::read_record;
use binokel::{Action, Deal, Game, Phase, Rules, View};
use rayon::prelude::*;
use std::cell::RefCell;

/// Deals worked on at once (the batch the puzzles are put in order over).
const BATCH: u64 = 16;

/// The default of [`Options::trump_every`]: a trump puzzle is tried on every 16th deal.
pub const TRUMP_EVERY: u64 = 16;

/// The default of [`Options::trump_nodes`].
pub use super::declare::TRUMP_NODES;

/// The default of [`Options::burial_every`]: a burial puzzle is tried on every 2nd deal.
pub const BURIAL_EVERY: u64 = 2;

/// The default of [`Options::burial_nodes`].
pub use super::burial::BURIAL_NODES;

/// Options of a generation.
#[derive(Clone, Debug)]
pub struct Options {
    /// Puzzles wanted.
    pub count: usize,
    /// The seed of the set.
    pub seed: u64,
    /// Worker threads (1 or more).
    pub jobs: usize,
    /// The bot at every seat (a name [`crate::make_bot`] knows).
    pub bot: String,
    /// Give up after this many deals.
    pub max_deals: u64,
    /// A `trump` puzzle is tried on deal `i` when `i` is a multiple of this (0: never).
    pub trump_every: u64,
    /// Search nodes each step of a trump puzzle's proof may take (docs/puzzles.md, "Trump
    /// puzzles"); a declaration with a step past it is no puzzle.
    pub trump_nodes: u64,
    /// A `burial` puzzle is tried on deal `i` when `i` is a multiple of this (0: never).
    pub burial_every: u64,
    /// Search nodes the whole proof of a burial puzzle may take (docs/puzzles.md, "Burial
    /// puzzles"); a burial past it is no puzzle.
    pub burial_nodes: u64,
}

impl Options {
    /// The defaults for `count` puzzles from `seed`: one job, the heuristic bot, at most 100
    /// deals per puzzle wanted.
    pub fn new(count: usize, seed: u64) -> Options {
        Options {
            count,
            seed,
            jobs: 1,
            bot: "heuristic".into(),
            max_deals: (count as u64).saturating_mul(100).max(100),
            trump_every: TRUMP_EVERY,
            trump_nodes: TRUMP_NODES,
            burial_every: BURIAL_EVERY,
            burial_nodes: BURIAL_NODES,
        }
    }
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new(20));
}

/// The seed of deal `i` of a set seeded `seed`.
pub fn deal_seed(seed: u64, i: u64) -> u64 {
    crate::splitmix64(seed ^ crate::splitmix64(i.wrapping_add(1)))
}

/// Generates a set. `progress` is called with the number of puzzles found so far after
/// each batch of deals. Err for bad options or when `max_deals` deals did not give `count`
/// puzzles.
pub fn generate(opts: &Options, progress: impl Fn(usize, u64)) -> Result<PuzzleSet, String> {
    if opts.count == 0 {
        return Err("--count must be at least 1".into());
    }
    if opts.jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    crate::make_bot(&opts.bot, 0)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs)
        .build()
        .map_err(|e| format!("cannot start {} jobs: {e}", opts.jobs))?;
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut next = 0u64;
    while puzzles.len() < opts.count {
        if next >= opts.max_deals {
            return Err(format!(
                "{} deals gave only {} of {} puzzles",
                next,
                puzzles.len(),
                opts.count
            ));
        }
        let batch: Vec<u64> = (next..(next + BATCH).min(opts.max_deals)).collect();
        next += batch.len() as u64;
        let found: Vec<Vec<Puzzle>> =
            pool.install(|| batch.par_iter().map(|&i| deal_puzzles(opts, i)).collect());
        puzzles.extend(found.into_iter().flatten());
        progress(puzzles.len().min(opts.count), next);
    }
    puzzles.truncate(opts.count);
    Ok(PuzzleSet {
        format: FORMAT.into(),
        origin: Origin {
            command: command(opts),
            seed: opts.seed,
            bot: opts.bot.clone(),
            deals: next,
        },
        puzzles,
    })
}

/// The command that writes the set `opts` describes (the trump and burial options only when
/// not the defaults).
fn command(opts: &Options) -> String {
    let mut c = format!(
        "binokel puzzles generate --count {} --seed {}",
        opts.count, opts.seed
    );
    if opts.trump_every != TRUMP_EVERY {
        c += &format!(" --trump-every {}", opts.trump_every);
    }
    if opts.trump_nodes != TRUMP_NODES {
        c += &format!(" --trump-nodes {}", opts.trump_nodes);
    }
    if opts.burial_every != BURIAL_EVERY {
        c += &format!(" --burial-every {}", opts.burial_every);
    }
    if opts.burial_nodes != BURIAL_NODES {
        c += &format!(" --burial-nodes {}", opts.burial_nodes);
    }
    c
}

/// Plays deal `i` of the set `opts` describes and returns its puzzles (at most one
/// `play_open`, one `play_view`, one `trump` and one `burial`, in that order).
pub fn deal_puzzles(opts: &Options, i: u64) -> Vec<Puzzle> {
    let (seed, bot) = (opts.seed, opts.bot.as_str());
    let s = deal_seed(seed, i);
    let rules = Rules::default();
    let mut game = Game::new(rules, Vec::new());
    if game.start_seeded_deal(s).is_err() {
        return Vec::new();
    }
    let n = game.players();
    let mut bots: Vec<_> = (0..n)
        .filter_map(|seat| crate::make_bot(bot, s ^ (seat as u64 + 1)).ok())
        .collect();
    if bots.len() != n {
        return Vec::new();
    }
    // The card-play decisions with a choice and at most 10 tricks left, before each.
    let mut spots: Vec<Game> = Vec::new();
    let mut declaration: Option<Game> = None;
    let mut burial: Option<Game> = None;
    while let Some(seat) = game.to_act() {
        let Some(view) = View::of(&game, Some(seat)) else {
            break;
        };
        if spot(&game, &view) {
            spots.push(game.clone());
        }
        match game.current().map(Deal::phase) {
            Some(Phase::Declare) => declaration = Some(game.clone()),
            Some(Phase::Bury) => burial = Some(game.clone()),
            _ => {}
        }
        let a = bots[seat].choose(&view);
        if game.play(a).is_err() {
            return Vec::new();
        }
    }
    let played = &game.deals()[0].actions;
    let prefix = format!("s{seed}-d{i}");
    let mut out = select(&spots, played, &prefix);
    if opts.trump_every > 0 && i % opts.trump_every == 0 {
        if let Some(g) = declaration {
            out.extend(trump_puzzle(&g, played, &prefix, opts.trump_nodes));
        }
    }
    if opts.burial_every > 0 && i % opts.burial_every == 0 {
        if let Some(g) = burial {
            out.extend(burial_puzzle(&g, played, &prefix, opts.burial_nodes));
        }
    }
    out
}

/// The `burial` puzzle of the burial in `g` (the deal's actions were `played`) when one
/// burial is clearly best and the whole proof stays within `nodes` search nodes.
pub fn burial_puzzle(g: &Game, played: &[Action], prefix: &str, nodes: u64) -> Option<Puzzle> {
    let vals = super::burial::burial(g, nodes).ok()?;
    make(g, Kind::Burial, vals, played, prefix)
}

/// The `trump` puzzle of the declaration in `g` (the deal's actions were `played`) when one
/// choice is clearly best and every step of the proof stays within `nodes` search nodes.
pub fn trump_puzzle(g: &Game, played: &[Action], prefix: &str, nodes: u64) -> Option<Puzzle> {
    let vals = declare::declaration(g, nodes).ok()?;
    make(g, Kind::Trump, vals, played, prefix)
}

/// Whether the decision in `g` is a card play that may become a puzzle: the solver covers
/// the deal, at most 10 tricks are left, and there are at least two choices.
fn spot(g: &Game, view: &View) -> bool {
    let Some(d) = g.current() else { return false };
    solve::playable(d) && d.total_tricks() - d.tricks_played() <= 10 && view.legal.len() >= 2
}

/// The puzzles of a deal that was played to its end somewhere else (a server match:
/// `binokel puzzles mine`, docs/puzzles.md "Puzzles from server matches"): the deal as
/// dealt (`start`, shuffled with `seed`) under `rules`, and every action of it. The same
/// walk and the same solving as [`deal_puzzles`]; ids start with `prefix`. Only the
/// standard rules (the solver's); anything else gives none.
pub fn played_puzzles(
    rules: &Rules,
    start: &Deal,
    seed: Option<u64>,
    actions: &[Action],
    prefix: &str,
) -> Vec<Puzzle> {
    if *rules != Rules::default() {
        return Vec::new();
    }
    let Ok(mut game) = read_record(&position_record(rules, start, &[], seed).to_string()) else {
        return Vec::new();
    };
    let mut spots: Vec<Game> = Vec::new();
    for &a in actions {
        let Some(seat) = game.to_act() else {
            break;
        };
        let Some(view) = View::of(&game, Some(seat)) else {
            break;
        };
        if spot(&game, &view) {
            spots.push(game.clone());
        }
        if game.play(a).is_err() {
            return Vec::new();
        }
    }
    select(&spots, actions, prefix)
}

/// Of the decisions `spots` (in play order) of a deal whose actions were `played`: the
/// first clearly best with all hands seen as a `play_open` puzzle, then the first of the
/// soloist's with at most 5 tricks left (three seats) clearly best over its view as a
/// `play_view` puzzle.
fn select(spots: &[Game], played: &[Action], prefix: &str) -> Vec<Puzzle> {
    let mut out = Vec::new();
    SOLVER.with(|cell| {
        let solver = &mut cell.borrow_mut();
        if let Some(p) = spots.iter().find_map(|g| {
            let vals = solve::open(g, solver).ok()?;
            make(g, Kind::PlayOpen, vals, played, prefix)
        }) {
            out.push(p);
        }
        let view_spots = spots.iter().filter(|g| {
            let d = g.current().expect("a deal is in progress");
            d.players() == 3 && d.to_act() == d.soloist() && d.total_tricks() - d.tricks_played() <= 5
        });
        for g in view_spots {
            let Ok(vals) = solve::view(g, solver) else {
                continue;
            };
            if let Some(p) = make(g, Kind::PlayView, vals, played, prefix) {
                out.push(p);
                break;
            }
        }
    });
    out
}

/// The puzzle of the decision in `g` when its best choice is clearly best.
fn make(g: &Game, kind: Kind, vals: Values, played: &[Action], prefix: &str) -> Option<Puzzle> {
    if vals.choices.len() < 2 || vals.margin < MARGIN {
        return None;
    }
    let log = g.deals().last()?;
    let d = g.current()?;
    let seat = d.to_act()?;
    let at = log.actions.len();
    let low = g.rules().low;
    let best = vals.choices[0].choice.clone();
    let best_action = Action::parse(&best, low).ok()?;
    let tricks_left = d.total_tricks() - d.tricks_played();
    // The bot found it: the same action (any surrender for the surrender choice).
    let bot_found = played.get(at).is_some_and(|&a| {
        a == best_action || matches!((a, best_action), (Action::Surrender(_), Action::Surrender(_)))
    });
    let themes = match kind {
        // No detector of the list reads a declaration (docs/puzzles.md, "Trump puzzles").
        Kind::Trump => Vec::new(),
        _ => {
            let view = View::of(g, Some(seat))?;
            let info = Info::from_view(&view).ok()?;
            themes::tags(&info, best_action)
                .into_iter()
                .map(|t| t.id().to_string())
                .collect()
        }
    };
    let rating = rating(kind, tricks_left, &vals.choices, vals.margin, bot_found);
    Some(Puzzle {
        id: format!(
            "{prefix}-a{at}-{}",
            match kind {
                Kind::PlayOpen => "o",
                Kind::PlayView => "v",
                Kind::Trump => "t",
                Kind::Burial => "b",
            }
        ),
        kind,
        position: position_record(g.rules(), &log.start, &log.actions, log.seed),
        seat,
        tricks_left,
        best,
        margin: vals.margin,
        choices: vals.choices,
        themes,
        rating,
        layouts: vals.layouts,
    })
}

/// The puzzle's rating (docs/puzzles.md, "Rating"): 800, plus 80 per trick left, plus 60 per
/// choice beyond two, plus 150 for a view puzzle, plus 200 when the bot that played the deal
/// missed the best choice, less 100 when the margin is at least 100; within 600..=2400.
///
/// A `trump` or `burial` puzzle starts at 1300 instead (its 15 tricks are the same in every
/// such puzzle and its hundreds of burials say nothing of difficulty; the play after it is
/// for the solver, not the player, to see through), with the same bonus and malus.
pub fn rating(kind: Kind, tricks_left: u32, choices: &[Choice], margin: f64, bot_found: bool) -> u32 {
    let mut r = 800 + 80 * tricks_left as i64 + 60 * (choices.len() as i64 - 2).max(0);
    if matches!(kind, Kind::Trump | Kind::Burial) {
        r = 1300;
    }
    if kind == Kind::PlayView {
        r += 150;
    }
    if !bot_found {
        r += 200;
    }
    if margin >= 100.0 {
        r -= 100;
    }
    r.clamp(600, 2400) as u32
}
