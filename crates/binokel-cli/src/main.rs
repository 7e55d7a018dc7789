//! `binokel`: one binary, thin subcommands over the library crates.
//!
//! Each subcommand lives in `cmd/<name>.rs` with an `Args` struct (clap) and a
//! `run(args) -> ExitCode` function; this file only lists them.

#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd;

/// Binokel: the Swabian meld-and-trick card game.
#[derive(Parser)]
#[command(name = "binokel", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check every action of a game record and report the scores (JSON on stdout).
    Referee(cmd::referee::Args),
    /// Duplicate deal sets between bots: mean score per deal with 95% intervals.
    Arena(cmd::arena::Args),
    /// Run a bot behind the line protocol of docs/engine-protocol.md on stdin/stdout.
    Engine(cmd::engine::Args),
    /// The melds of a hand and their total.
    Meld(cmd::meld::Args),
    /// The score pad for games played with real cards (docs/pad.md).
    Pad(cmd::pad::Args),
    /// Count action sequences from a position of a record (move-generator check).
    Perft(cmd::perft::Args),
    /// Play a match against computer players in the terminal (two, or as many as the preset seats).
    Play(cmd::play::Args),
    /// Watch a saved match again, action by action.
    Replay(cmd::replay::Args),
    /// Rate each decision of a finished match from the deciding seat's view (docs/review.md).
    Review(cmd::review::Args),
    /// Puzzles from bot deals: generate a set, verify it, solve them (docs/puzzles.md).
    Puzzles(cmd::puzzles::Args),
    /// Learn Binokel: the interactive course, step by step (docs/learn.md).
    Learn(cmd::learn::Args),
    /// Serve online tables over HTTP and WebSocket (docs/protocol.md).
    Serve(cmd::serve::Args),
    /// Drive N tables of scripted clients against a server and measure it.
    Loadtest(cmd::loadtest::Args),
    /// Copy a live SQLite database to a backup file (docs/deploy.md, "Backups").
    Backup(cmd::backup::Args),
    /// Put a backup in place of a SQLite database; refused while a server uses it.
    Restore(cmd::restore::Args),
    /// The operator's commands on a server's database: list tables, close one; list
    /// accounts, disable or enable one, reset a password (docs/deploy.md, "Operator commands").
    Admin(cmd::admin::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Referee(a) => cmd::referee::run(a),
        Command::Arena(a) => cmd::arena::run(a),
        Command::Engine(a) => cmd::engine::run(a),
        Command::Meld(a) => cmd::meld::run(a),
        Command::Pad(a) => cmd::pad::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Review(a) => cmd::review::run(a),
        Command::Puzzles(a) => cmd::puzzles::run(a),
        Command::Learn(a) => cmd::learn::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Loadtest(a) => cmd::loadtest::run(a),
        Command::Backup(a) => cmd::backup::run(a),
        Command::Restore(a) => cmd::restore::run(a),
        Command::Admin(a) => cmd::admin::run(a),
    }
}
