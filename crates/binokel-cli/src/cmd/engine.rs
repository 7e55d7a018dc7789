//! `binokel engine --bot NAME`: one of our bots behind the line protocol of
//! `docs/engine-protocol.md` on stdin/stdout.

use clap::Args as ClapArgs;
use std::process::ExitCode;

/// Arguments of `binokel engine`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The bot to run: random, beginner, heuristic, strong, strong-v1, easy, medium, hard.
    #[arg(long, default_value = "strong")]
    pub bot: String,
    /// The bot's seed (bots are deterministic for a seed).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Serves the protocol until `quit` or end of input.
pub fn run(args: Args) -> ExitCode {
    let mut bot = match binokel_ai::make_bot(&args.bot, args.seed) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("binokel engine: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match binokel_ai::engine::serve(bot.as_mut(), stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("binokel engine: {e}");
            ExitCode::FAILURE
        }
    }
}
