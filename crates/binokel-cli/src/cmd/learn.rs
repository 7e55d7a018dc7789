//! `binokel learn [--lang L] [--lesson ID]`: the interactive course in the terminal
//! (docs/learn.md). Plain lines of at most 80 columns; each answer is read from stdin and
//! checked with the rules engine. End of input or `q` stops.

use binokel::{Card, CardSet, Low};
use binokel_ai::lessons::{self, text, Answer, CheckedStep, Kind, LANGS};
use std::io::BufRead;
use std::process::ExitCode;

/// Arguments of `binokel learn`.
#[derive(clap::Args)]
pub struct Args {
    /// The language of the texts: en, de, nl or pt.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Start at this lesson (cards, melds, follow, auction, declare, scoring, durch).
    #[arg(long)]
    lesson: Option<String>,
}

/// The words of the command itself, per language: right, wrong, the answer, bad input,
/// the prompt hint per answer type, the summary.
struct Words {
    right: &'static str,
    wrong: &'static str,
    answer: &'static str,
    again: &'static str,
    cards_hint: &'static str,
    card_hint: &'static str,
    number_hint: &'static str,
    suit_hint: &'static str,
    done: &'static str,
}

fn words(lang: &str) -> Words {
    match lang {
        "de" => Words {
            right: "Richtig!",
            wrong: "Nicht ganz.",
            answer: "Die Antwort:",
            again: "Noch ein Versuch.",
            cards_hint: "Karten, z. B. AS TH",
            card_hint: "eine Karte, z. B. AS",
            number_hint: "eine Zahl",
            suit_hint: "S, H, D oder C",
            done: "Fertig. Beim ersten Versuch richtig:",
        },
        "nl" => Words {
            right: "Goed!",
            wrong: "Niet helemaal.",
            answer: "Het antwoord:",
            again: "Probeer het nog eens.",
            cards_hint: "kaarten, bv. AS TH",
            card_hint: "een kaart, bv. AS",
            number_hint: "een getal",
            suit_hint: "S, H, D of C",
            done: "Klaar. In één keer goed:",
        },
        "pt" => Words {
            right: "Certo!",
            wrong: "Não é bem isso.",
            answer: "A resposta:",
            again: "Tente outra vez.",
            cards_hint: "cartas, p. ex. AS TH",
            card_hint: "uma carta, p. ex. AS",
            number_hint: "um número",
            suit_hint: "S, H, D ou C",
            done: "Terminado. Certas à primeira:",
        },
        _ => Words {
            right: "Right!",
            wrong: "Not quite.",
            answer: "The answer:",
            again: "Try once more.",
            cards_hint: "cards, e.g. AS TH",
            card_hint: "one card, e.g. AS",
            number_hint: "a number",
            suit_hint: "S, H, D or C",
            done: "Done. Right at the first try:",
        },
    }
}

/// Prints `s` wrapped at 80 columns.
fn wrapped(s: &str) {
    let mut line = String::new();
    for w in s.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > 80 {
            super::print_line(&line);
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        super::print_line(&line);
    }
}

fn pretty_cards(codes: &str) -> String {
    match CardSet::parse_lenient(codes) {
        Ok(_) => codes
            .split_whitespace()
            .filter_map(|c| Card::parse(c).ok())
            .map(|c| format!("{} ({})", c.pretty(Low::Nine), c.code(Low::Nine)))
            .collect::<Vec<_>>()
            .join("  "),
        Err(_) => codes.to_string(),
    }
}

/// Shows the position of a step.
fn show_position(s: &CheckedStep) {
    let st = &s.step;
    if let Some(t) = &st.trick {
        wrapped(&format!("  trick: {}", pretty_cards(t)));
    }
    if let Some(c) = &st.cards {
        let label = if st.kind == Kind::Points && st.trick.is_none() {
            "cards"
        } else {
            "hand"
        };
        wrapped(&format!("  {label}: {}", pretty_cards(c)));
    }
    if let Some(t) = &st.trump {
        super::print_line(&format!("  trump: {t}"));
    }
    if let Some(b) = &st.bids {
        super::print_line(&format!("  auction: {b}"));
    }
}

fn hint(w: &Words, a: &Answer) -> &'static str {
    match a {
        Answer::Number(_) => w.number_hint,
        Answer::Cards(_) => w.cards_hint,
        Answer::Card(_) => w.card_hint,
        Answer::Suit(_) => w.suit_hint,
    }
}

/// Runs the course on stdin; exit 2 on a bad option.
pub fn run(args: Args) -> ExitCode {
    if !LANGS.contains(&args.lang.as_str()) {
        eprintln!(
            "binokel learn: --lang `{}` is not one of {}",
            args.lang,
            LANGS.join(", ")
        );
        return ExitCode::from(2);
    }
    let course = match lessons::course() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("binokel learn: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = match &args.lesson {
        None => 0,
        Some(id) => match course.iter().position(|l| &l.id == id) {
            Some(i) => i,
            None => {
                let ids: Vec<&str> = course.iter().map(|l| l.id.as_str()).collect();
                eprintln!("binokel learn: no lesson `{id}`; the lessons: {}", ids.join(", "));
                return ExitCode::from(2);
            }
        },
    };
    let lang = args.lang.as_str();
    let w = words(lang);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let (mut asked, mut first) = (0, 0);
    for (li, lesson) in course.iter().enumerate().skip(start) {
        super::print_line("");
        super::print_line(&format!("== {}. {} ==", li + 1, text(&lesson.title, lang)));
        for step in &lesson.steps {
            super::print_line("");
            wrapped(text(&step.step.question, lang));
            show_position(step);
            asked += 1;
            let mut tries = 0;
            loop {
                super::print_line(&format!("({})>", hint(&w, &step.answer)));
                let Some(Ok(line)) = lines.next() else {
                    super::print_line(&format!("{} {first}/{asked}", w.done));
                    return ExitCode::SUCCESS;
                };
                if line.trim().eq_ignore_ascii_case("q") {
                    super::print_line(&format!("{} {first}/{asked}", w.done));
                    return ExitCode::SUCCESS;
                }
                match lessons::check(&step.answer, &line) {
                    Err(e) => super::print_line(&e),
                    Ok(true) => {
                        if tries == 0 {
                            first += 1;
                        }
                        super::print_line(w.right);
                        wrapped(text(&step.step.explain, lang));
                        break;
                    }
                    Ok(false) if tries == 0 => {
                        tries += 1;
                        super::print_line(&format!("{} {}", w.wrong, w.again));
                    }
                    Ok(false) => {
                        super::print_line(&format!("{} {} {}", w.wrong, w.answer, step.answer));
                        wrapped(text(&step.step.explain, lang));
                        break;
                    }
                }
            }
        }
    }
    super::print_line("");
    super::print_line(&format!("{} {first}/{asked}", w.done));
    ExitCode::SUCCESS
}
