//! `binokel meld [--trump X] [--rules R] [--json] CARDS...` (RECORDS.md section 3).

use binokel::meld::melds;
use binokel::{Card, CardSet, Suit};
use std::process::ExitCode;

/// Arguments of `binokel meld`.
#[derive(clap::Args)]
pub struct Args {
    /// The trump suit (S, H, D, C); without it every suit is plain and there is no Diss.
    #[arg(long)]
    trump: Option<String>,
    /// A rules preset.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// An option of the rules, name=value (repeatable).
    #[arg(long = "rule")]
    rule: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// The cards, as separate arguments or one quoted list.
    #[arg(required = true)]
    cards: Vec<String>,
}

/// Prints the melds and the total; exit 2 on a bad card or option.
pub fn run(args: Args) -> ExitCode {
    let rules = match super::rules_from_args(&args.rules, &args.rule) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("binokel meld: {e}");
            return ExitCode::from(2);
        }
    };
    let trump = match args.trump.as_deref().map(Suit::parse).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("binokel meld: --trump {e}");
            return ExitCode::from(2);
        }
    };
    let mut hand = CardSet::EMPTY;
    for tok in args.cards.iter().flat_map(|a| a.split_whitespace()) {
        // The low card is written as these rules name it: `9S` under the nines, `7S` under
        // the sevens; the other digit names no card of the pack (exit 2, RECORDS.md).
        let other_low = match rules.low {
            binokel::Low::Nine => '7',
            binokel::Low::Seven => '9',
        };
        if tok.starts_with(other_low) {
            eprintln!(
                "binokel meld: `{tok}` is not a card: these rules write the low card as {}",
                if other_low == '7' { "9 (9S)" } else { "7 (7S)" }
            );
            return ExitCode::from(2);
        }
        let card = match Card::parse(tok) {
            Ok(c) if rules.pack == binokel::rules::Pack::Full48 || c.rank() != binokel::Rank::Nine => c,
            _ => {
                eprintln!("binokel meld: `{tok}` is not a card");
                return ExitCode::from(2);
            }
        };
        if !hand.insert(card) {
            eprintln!("binokel meld: `{tok}` is a third copy (the pack has two of each card)");
            return ExitCode::from(2);
        }
    }
    let m = melds(hand, trump, &rules);
    if args.json {
        let v = serde_json::json!({"total": m.total(), "melds": m.as_slice()});
        super::print_line(&v.to_string());
    } else {
        super::print_line(&binokel_tui::pad::meld_table(&m));
    }
    ExitCode::SUCCESS
}
