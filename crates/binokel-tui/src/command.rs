//! What a person can ask for, and how a typed line becomes one of those requests. The plain
//! mode reads whole lines; the full-screen table maps keys onto the same commands.

use crate::i18n::{Arg, CardStyle, Catalog};
use binokel::{Action, Card, MeldKind, ParseError, Suit};

/// A request from the person at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Make this move.
    Act(Action),
    /// The N-th legal action as listed (from 1).
    Choice(usize),
    /// Ask for a hint.
    Hint,
    /// Take back the last own move.
    Undo,
    /// Show the last trick.
    LastTrick,
    /// Show the score sheet.
    Scores,
    /// Show the keys.
    Help,
    /// Tell again what happened in the deal so far (plain mode: `t`, `table`).
    Table,
    /// Go on (next deal).
    Continue,
    /// Save and leave.
    Quit,
}

/// Reads a typed line. Cards follow the catalogue's card style (`AH`, or `AH`/`OG` with
/// German suits); the words of actions are the record's (`bid`, `pass`, `bury`, `trump`,
/// `durch`, `surrender`). An empty line is `Continue`.
pub fn parse_line(line: &str, cat: &Catalog) -> Result<Command, String> {
    let t = line.trim();
    let lower = t.to_lowercase();
    let cmd = match lower.as_str() {
        "" => Command::Continue,
        "h" | "hint" | "?" => Command::Hint,
        "z" | "u" | "undo" => Command::Undo,
        "l" | "last" => Command::LastTrick,
        "s" | "scores" | "score" => Command::Scores,
        "help" => Command::Help,
        "t" | "table" => Command::Table,
        "x" | "q" | "quit" | "exit" => Command::Quit,
        "n" | "next" | "continue" => Command::Continue,
        w => match command_word(w, cat) {
            Some(c) => c,
            None => {
                if let Some(num) = lower.strip_prefix('#') {
                    let n: usize = num.trim().parse().map_err(|_| {
                        cat.ta(
                            "err-parse",
                            &[("input", Arg::Str(t)), ("why", Arg::Str(&cat.t("why-choice")))],
                        )
                    })?;
                    Command::Choice(n)
                } else {
                    Command::Act(parse_action(t, cat).map_err(|e| {
                        cat.ta("err-parse", &[("input", Arg::Str(t)), ("why", Arg::Str(&e.why))])
                    })?)
                }
            }
        },
    };
    Ok(cmd)
}

/// A plain-mode command typed in this language's words (`hilfe`, `tipp`, `zurück`): the
/// catalogue's `cmd-*` lists. None for any other word.
fn command_word(typed: &str, cat: &Catalog) -> Option<Command> {
    let typed = typed.to_lowercase();
    [
        ("help", Command::Help),
        ("hint", Command::Hint),
        ("undo", Command::Undo),
        ("last", Command::LastTrick),
        ("scores", Command::Scores),
        ("table", Command::Table),
        ("quit", Command::Quit),
        ("next", Command::Continue),
    ]
    .into_iter()
    .find(|(id, _)| {
        cat.t(&format!("cmd-{id}"))
            .split_whitespace()
            .any(|x| x.to_lowercase() == typed)
    })
    .map(|(_, c)| c)
}

/// Reads an action in the catalogue's language and card style: the words of the language
/// (`reize 180`, `passe`) or the record's English words (`bid 180`, `pass`).
///
/// What the table prints for an action is read back too: the descriptions of the hint and
/// the log (`trump clubs`, `Trumpf Eichel`, `surrender, trump ♣`, `A♠`, `four aces`), in
/// the catalogue's language, and cards and suits by their printed names inside a line
/// (`bury A♠ 9♥ 9♣`, `trump ♣`).
pub fn parse_action(input: &str, cat: &Catalog) -> Result<Action, ParseError> {
    let first = parse_words(input, cat);
    if first.is_ok() {
        return first;
    }
    let typed = normal(input);
    if let Some(a) = printed_actions()
        .into_iter()
        .find(|a| normal(&cat.action(*a)) == typed || normal(&cat.action_input(*a)) == typed)
    {
        return Ok(a);
    }
    // A printed verb of several words (Dutch `leg weg A♠ …`) becomes the record's word.
    let mut line = input.to_string();
    for (word, id, arg) in [
        ("bury", "act-bury", "cards"),
        ("call", "act-call", "card"),
        ("give", "act-give", "card"),
        ("bid", "act-bid", "bid"),
    ] {
        let verb = normal(&cat.ta(id, &[(arg, Arg::Str(""))]));
        if let Some(rest) = typed.strip_prefix(&format!("{verb} ")) {
            line = format!("{word} {rest}");
            break;
        }
    }
    let words: Vec<String> = line
        .split_whitespace()
        .map(|w| printed_word(w.trim_end_matches([',', ';']), cat).unwrap_or_else(|| w.to_string()))
        .collect();
    parse_words(&words.join(" "), cat).map_err(|_| {
        first
            .err()
            .unwrap_or_else(|| ParseError::new(input, "is not an action"))
    })
}

/// Lower case, without commas, single spaces: how a printed and a typed line are compared.
fn normal(s: &str) -> String {
    s.to_lowercase()
        .replace([',', ';'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every action the table may describe in words other than the record's (burials are read
/// card by card instead).
fn printed_actions() -> Vec<Action> {
    let mut v = vec![Action::Pass, Action::Durch, Action::Bettel, Action::Exchange];
    for s in Suit::ALL {
        v.push(Action::Trump(s));
        v.push(Action::Surrender(s));
    }
    for c in Card::all() {
        v.extend([Action::Play(c), Action::Call(c), Action::Give(c)]);
    }
    for k in MeldKind::ALL {
        if k.has_suit() {
            v.extend(Suit::ALL.iter().map(|&s| Action::Meld(k, Some(s))));
        } else {
            v.push(Action::Meld(k, None));
        }
    }
    v
}

/// A printed card (`A♠`, `10♥`) or suit (`clubs`, `♣`, `Eichel`) as the code a person types.
fn printed_word(w: &str, cat: &Catalog) -> Option<String> {
    let w = w.to_lowercase();
    if let Some(c) = Card::all().find(|c| cat.card(*c).to_lowercase() == w) {
        return Some(cat.card_code(c));
    }
    Suit::ALL
        .into_iter()
        .find(|&s| {
            [cat.suit(s), cat.suit_short(s), s.symbol().to_string()]
                .iter()
                .any(|x| x.to_lowercase() == w)
        })
        .map(|s| cat.style().suit_letter(s).to_string())
}

/// The language's action word (or the record's) and record arguments.
fn parse_words(input: &str, cat: &Catalog) -> Result<Action, ParseError> {
    let mut words = input.split_whitespace();
    let normal = match words.next().and_then(|w| cat.token_word(w)) {
        Some(token_word) => std::iter::once(token_word)
            .chain(words)
            .collect::<Vec<_>>()
            .join(" "),
        None => input.to_string(),
    };
    parse_record_words(&normal, cat).map_err(|e| ParseError::new(input, e.why))
}

/// Reads an action written with the record's words, cards in the catalogue's style.
fn parse_record_words(input: &str, cat: &Catalog) -> Result<Action, ParseError> {
    let low = cat.low();
    match cat.style() {
        CardStyle::French => Action::parse_lenient(input, low),
        CardStyle::German => {
            let style = cat.style();
            let words: Vec<&str> = input.split_whitespace().collect();
            let head = words.first().map(|w| w.to_lowercase()).unwrap_or_default();
            let cards = |ws: &[&str]| -> Result<Vec<String>, ParseError> {
                ws.iter()
                    .map(|w| style.parse_card(w).map(|c| c.code(low)))
                    .collect()
            };
            let token = match head.as_str() {
                "bury" | "call" | "give" => format!("{head} {}", cards(&words[1..])?.join(" ")),
                "trump" | "surrender" if words.len() == 2 => {
                    format!("{head} {}", style.parse_suit(words[1])?.letter())
                }
                "pass" | "durch" | "bettel" | "exchange" | "bid" | "meld" => input.to_string(),
                _ if words.len() == 1 && !head.chars().all(|c| c.is_ascii_digit()) => {
                    style.parse_card(words[0])?.code(low)
                }
                _ => input.to_string(),
            };
            Action::parse_lenient(&token, low).map_err(|e| ParseError::new(input, e.why))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use binokel::{Card, CardSet, Low, Suit};

    #[test]
    fn lines_become_commands() {
        let cat = Catalog::new(Lang::En, CardStyle::French, Low::Nine);
        assert_eq!(parse_line("  160 ", &cat), Ok(Command::Act(Action::Bid(160))));
        assert_eq!(parse_line("bid 170", &cat), Ok(Command::Act(Action::Bid(170))));
        assert_eq!(parse_line("PASS", &cat), Ok(Command::Act(Action::Pass)));
        assert_eq!(
            parse_line("10h", &cat),
            Ok(Command::Act(Action::Play(Card::parse("TH").unwrap())))
        );
        assert_eq!(
            parse_line("trump h", &cat),
            Ok(Command::Act(Action::Trump(Suit::Hearts)))
        );
        assert_eq!(
            parse_line("bury as 9h 9c", &cat),
            Ok(Command::Act(Action::Bury("AS 9H 9C".parse::<CardSet>().unwrap())))
        );
        assert_eq!(parse_line("#3", &cat), Ok(Command::Choice(3)));
        assert_eq!(parse_line("h", &cat), Ok(Command::Hint));
        assert_eq!(parse_line("u", &cat), Ok(Command::Undo));
        assert_eq!(parse_line("", &cat), Ok(Command::Continue));
        assert_eq!(parse_line("Qx", &cat).unwrap_err(), "“Qx” is not a card.");
        let e = parse_line("XZ", &cat).unwrap_err();
        assert!(e.contains("XZ"), "{e}");
        assert!(parse_line("#x", &cat).unwrap_err().contains("#x"));
    }

    #[test]
    fn german_card_names_are_typed_too() {
        let cat = Catalog::new(Lang::De, CardStyle::German, Low::Nine);
        assert_eq!(
            parse_line("og", &cat),
            Ok(Command::Act(Action::Play(Card::parse("QS").unwrap())))
        );
        assert_eq!(
            parse_line("trump e", &cat),
            Ok(Command::Act(Action::Trump(Suit::Clubs)))
        );
        assert_eq!(
            parse_line("bury US 9H AE", &cat),
            Ok(Command::Act(Action::Bury("JD 9H AC".parse::<CardSet>().unwrap())))
        );
        assert_eq!(parse_line("180", &cat), Ok(Command::Act(Action::Bid(180))));
        assert!(parse_line("QS", &cat).is_err());
    }

    /// Every language accepts its own words and the record's English ones, and what the table
    /// prints as the input of an action reads back as that action (a regression: German plain
    /// mode printed `reize 180` and refused it).
    #[test]
    fn each_language_reads_its_own_words_and_the_english_ones() {
        let de = Catalog::new(Lang::De, CardStyle::German, Low::Nine);
        assert_eq!(parse_line("reize 180", &de), Ok(Command::Act(Action::Bid(180))));
        assert_eq!(parse_line("Passe", &de), Ok(Command::Act(Action::Pass)));
        assert_eq!(parse_line("bid 180", &de), Ok(Command::Act(Action::Bid(180))));
        assert_eq!(parse_line("pass", &de), Ok(Command::Act(Action::Pass)));
        assert_eq!(
            parse_line("drücke US 9H AE", &de),
            Ok(Command::Act(Action::Bury("JD 9H AC".parse::<CardSet>().unwrap())))
        );
        assert_eq!(
            parse_line("trumpf e", &de),
            Ok(Command::Act(Action::Trump(Suit::Clubs)))
        );
        assert_eq!(de.action_input(Action::Bid(180)), "reize 180");
        let mut actions = vec![
            Action::Pass,
            Action::Bid(160),
            Action::Durch,
            Action::Bettel,
            Action::Exchange,
            Action::Trump(Suit::Hearts),
            Action::Surrender(Suit::Clubs),
            Action::Call(Card::parse("AH").unwrap()),
            Action::Give(Card::parse("9S").unwrap()),
            Action::Bury("AS JD 9C".parse::<CardSet>().unwrap()),
            Action::Play(Card::parse("QS").unwrap()),
            Action::Meld(binokel::MeldKind::Pair, Some(Suit::Hearts)),
            Action::Meld(binokel::MeldKind::FourAces, None),
        ];
        actions.dedup();
        for lang in [Lang::En, Lang::De, Lang::Pt, Lang::Nl] {
            for style in [CardStyle::French, CardStyle::German] {
                let cat = Catalog::new(lang, style, Low::Nine);
                for a in &actions {
                    let typed = cat.action_input(*a);
                    assert_eq!(
                        parse_action(&typed, &cat),
                        Ok(*a),
                        "{lang:?} {style:?}: `{typed}`"
                    );
                    let english = a.token(Low::Nine);
                    if style == CardStyle::French {
                        assert_eq!(parse_action(&english, &cat), Ok(*a), "{lang:?}: `{english}`");
                    }
                }
            }
        }
    }
}
