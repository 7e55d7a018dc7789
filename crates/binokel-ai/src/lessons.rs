//! Learn Binokel: the lessons of the interactive course (docs/learn.md).
//!
//! The lessons are data (data/lessons/lessons.json): each step gives a small position (cards,
//! a trick, bids, a score sheet line), a question kind and its texts in four languages. The
//! answer is never stored: [`course`] computes every step's answer with the rules engine
//! (card points, melds, legal cards, trick winner, auction, scoring), and [`check`] compares a
//! player's answer with it. The terminal (`binokel learn`) and the server (`GET /api/lessons`)
//! both read the course from here.

use binokel::cardset::mask_cards;
use binokel::deal::{beats, legal_response, score_sides, SideFacts};
use binokel::meld::melds;
use binokel::{Action, Card, CardSet, Contract, Deal, Low, Phase, Rules, Suit};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The shipped course.
pub const SHIPPED: &str = include_str!("../../../data/lessons/lessons.json");

/// The format tag of a course file.
pub const FORMAT: &str = "binokel-lessons";

/// The languages every text is written in; English is the fallback.
pub const LANGS: [&str; 4] = ["en", "de", "nl", "pt"];

/// A text in several languages, keyed by language code.
pub type Text = BTreeMap<String, String>;

/// The text in `lang`, else in English.
pub fn text<'a>(t: &'a Text, lang: &str) -> &'a str {
    t.get(lang).or_else(|| t.get("en")).map_or("", String::as_str)
}

/// The kind of question a step asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The card points of `cards` (a number).
    Points,
    /// The meld total of `cards` under `trump` (a number).
    Melds,
    /// Every card of `cards` that may be played to `trick` under `trump` (a set of cards).
    Legal,
    /// The card that wins `trick` under `trump` (one card).
    Winner,
    /// The one bid allowed after the auction `bids` (a number).
    NextBid,
    /// The number of cards the soloist holds after the auction `bids` (a number).
    TappHand,
    /// The trump suit under which `cards` meld the most (a suit).
    Trump,
    /// The soloist's score for the sheet line `contract`, `bid`, `points`, `melds`, `took`.
    Score,
}

/// One step of a lesson, as the course file writes it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// A unique name, also the key of the progress kept.
    pub id: String,
    /// The question kind.
    pub kind: Kind,
    /// The cards of the position (a hand, or cards to count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<String>,
    /// The cards played to the trick so far, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<String>,
    /// The trump suit, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<String>,
    /// The auction so far: bids and `pass`, forehand first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bids: Option<String>,
    /// The contract of a score step: a trump suit letter or `durch`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    /// The bid of a score step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bid: Option<i32>,
    /// The soloist's card points (tricks, last trick, burial) of a score step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// The soloist's melds of a score step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub melds: Option<i32>,
    /// Whether the soloist took a trick (score step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub took: Option<bool>,
    /// Durch: whether the soloist lost a trick (score step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_trick: Option<bool>,
    /// The question.
    pub question: Text,
    /// The explanation shown after the answer.
    pub explain: Text,
}

/// One lesson: a title and its steps.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// A unique name.
    pub id: String,
    /// The title.
    pub title: Text,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// A course file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The file's version.
    pub version: u32,
    /// The lessons, in order.
    pub lessons: Vec<Lesson>,
}

/// The answer to a step, as the engine computes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum Answer {
    /// A number.
    Number(i64),
    /// A set of distinct cards (codes, sorted by the engine's order).
    Cards(Vec<String>),
    /// One card (code).
    Card(String),
    /// A suit letter.
    Suit(String),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Cards(c) => write!(f, "{}", c.join(" ")),
            Answer::Card(c) | Answer::Suit(c) => write!(f, "{c}"),
        }
    }
}

/// A step with its computed answer, as `GET /api/lessons` serves it.
#[derive(Clone, Debug, Serialize)]
pub struct CheckedStep {
    /// The step.
    #[serde(flatten)]
    pub step: Step,
    /// The engine's answer.
    pub answer: Answer,
}

/// A lesson with its checked steps.
#[derive(Clone, Debug, Serialize)]
pub struct CheckedLesson {
    /// The lesson's name.
    pub id: String,
    /// The title.
    pub title: Text,
    /// The steps with their answers.
    pub steps: Vec<CheckedStep>,
}

/// The shipped course with every answer computed by the engine.
///
/// # Errors
/// A step the engine cannot answer (a bad card, a missing field): names the step.
pub fn course() -> Result<Vec<CheckedLesson>, String> {
    load(SHIPPED)
}

/// A course file's lessons with every answer computed by the engine.
///
/// # Errors
/// Bad JSON, a wrong format tag, a duplicate id, a missing text, or a step the engine
/// cannot answer: the message names the step.
pub fn load(json: &str) -> Result<Vec<CheckedLesson>, String> {
    let file: CourseFile = serde_json::from_str(json).map_err(|e| format!("lessons: {e}"))?;
    if file.format != FORMAT {
        return Err(format!("lessons: format is `{}`, not `{FORMAT}`", file.format));
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for lesson in file.lessons {
        let mut steps = Vec::new();
        for step in lesson.steps {
            if !seen.insert(step.id.clone()) {
                return Err(format!("lessons: step id `{}` is used twice", step.id));
            }
            for lang in LANGS {
                if !step.question.contains_key(lang) || !step.explain.contains_key(lang) {
                    return Err(format!("lessons: step `{}` has no text in `{lang}`", step.id));
                }
            }
            let answer = answer(&step).map_err(|e| format!("lessons: step `{}`: {e}", step.id))?;
            steps.push(CheckedStep { step, answer });
        }
        out.push(CheckedLesson {
            id: lesson.id,
            title: lesson.title,
            steps,
        });
    }
    Ok(out)
}

fn need<'a, T>(v: &'a Option<T>, name: &str) -> Result<&'a T, String> {
    v.as_ref().ok_or_else(|| format!("needs `{name}`"))
}

fn cards_of(s: &str) -> Result<CardSet, String> {
    CardSet::parse_lenient(s).map_err(|e| e.to_string())
}

fn trick_of(s: &str) -> Result<Vec<Card>, String> {
    let t: Vec<Card> = s
        .split_whitespace()
        .map(Card::parse)
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    if t.is_empty() {
        return Err("the trick is empty".into());
    }
    Ok(t)
}

fn trump_of(s: &Option<String>) -> Result<Option<Suit>, String> {
    s.as_deref()
        .map(Suit::parse)
        .transpose()
        .map_err(|e| e.to_string())
}

/// The card that wins a trick so far (the first copy wins ties).
fn winning(trick: &[Card], trump: Option<Suit>) -> Card {
    trick
        .iter()
        .skip(1)
        .fold(trick[0], |w, &c| if beats(c, w, trump) { c } else { w })
}

/// A deal of the standard game after the auction `bids` (the hands do not matter).
fn auction(bids: &str) -> Result<Deal, String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    let mut deal = Deal::shuffled(Rules::default(), 0, &mut rng);
    for tok in bids.split_whitespace() {
        let a = if tok.eq_ignore_ascii_case("pass") {
            Action::Pass
        } else {
            Action::Bid(
                tok.parse()
                    .map_err(|_| format!("`{tok}` is neither a bid nor pass"))?,
            )
        };
        deal.play(a).map_err(|e| format!("`{tok}`: {e}"))?;
    }
    Ok(deal)
}

/// The engine's answer to a step.
///
/// # Errors
/// A missing field or a position the engine refuses.
pub fn answer(step: &Step) -> Result<Answer, String> {
    let rules = Rules::default();
    let trump = trump_of(&step.trump)?;
    Ok(match step.kind {
        Kind::Points => Answer::Number(cards_of(need(&step.cards, "cards")?)?.points().into()),
        Kind::Melds => {
            let hand = cards_of(need(&step.cards, "cards")?)?;
            Answer::Number(melds(hand, trump, &rules).total().into())
        }
        Kind::Legal => {
            let hand = cards_of(need(&step.cards, "cards")?)?;
            let trick = trick_of(need(&step.trick, "trick")?)?;
            let w = winning(&trick, trump);
            let legal = legal_response(hand.kinds(), trick[0].suit(), w, trump);
            Answer::Cards(mask_cards(legal).map(|c| c.code(Low::Nine)).collect())
        }
        Kind::Winner => {
            let trick = trick_of(need(&step.trick, "trick")?)?;
            Answer::Card(winning(&trick, trump).code(Low::Nine))
        }
        Kind::NextBid => {
            let deal = auction(need(&step.bids, "bids")?)?;
            let bids: Vec<u32> = deal
                .legal_actions()
                .into_iter()
                .filter_map(|a| if let Action::Bid(b) = a { Some(b) } else { None })
                .collect();
            match bids.as_slice() {
                [b] => Answer::Number((*b).into()),
                _ => return Err(format!("{} bids are legal here, not one", bids.len())),
            }
        }
        Kind::TappHand => {
            let deal = auction(need(&step.bids, "bids")?)?;
            match (deal.phase(), deal.soloist()) {
                (Phase::Bury, Some(s)) => Answer::Number(deal.hand(s).len() as i64),
                _ => return Err("the auction is not over".into()),
            }
        }
        Kind::Trump => {
            let hand = cards_of(need(&step.cards, "cards")?)?;
            let mut best: Vec<(u32, Suit)> = Suit::ALL
                .iter()
                .map(|&s| (melds(hand, Some(s), &rules).total(), s))
                .collect();
            best.sort_by_key(|b| std::cmp::Reverse(b.0));
            if best[0].0 == best[1].0 {
                return Err("two suits meld the same: the best trump is not clear".into());
            }
            Answer::Suit(best[0].1.letter().to_string())
        }
        Kind::Score => {
            let c = need(&step.contract, "contract")?;
            let contract = if c.eq_ignore_ascii_case("durch") {
                Contract::Durch
            } else {
                Contract::Trump(Suit::parse(c).map_err(|e| e.to_string())?)
            };
            let facts = SideFacts {
                sides: 3,
                soloist_side: 0,
                bid: *need(&step.bid, "bid")?,
                took: [*need(&step.took, "took")?, true, true, false],
                cards: [*need(&step.points, "points")?, 0, 0, 0],
                melds: [*need(&step.melds, "melds")?, 0, 0, 0],
                special_made: !step.lost_trick.unwrap_or(false),
            };
            Answer::Number(score_sides(&rules, contract, &facts)[0].into())
        }
    })
}

/// Whether a player's typed answer equals the engine's. Cards may be typed in any order
/// and case (`10h` for `TH`); a set answer counts each card once.
///
/// # Errors
/// Input that is not a number, a card, cards or a suit as the question asks: says what was
/// expected.
pub fn check(answer: &Answer, input: &str) -> Result<bool, String> {
    let input = input.trim();
    match answer {
        Answer::Number(n) => input
            .parse::<i64>()
            .map(|x| x == *n)
            .map_err(|_| format!("`{input}` is not a number")),
        Answer::Cards(want) => {
            let got = cards_of(input).map_err(|e| format!("`{input}`: {e}"))?;
            let mut got: Vec<String> = got.distinct().map(|c| c.code(Low::Nine)).collect();
            let mut want = want.clone();
            got.sort();
            want.sort();
            Ok(got == want)
        }
        Answer::Card(want) => {
            let c = Card::parse(input).map_err(|e| format!("`{input}`: {e}"))?;
            Ok(c.code(Low::Nine) == *want)
        }
        Answer::Suit(want) => {
            let s = Suit::parse(input).map_err(|e| format!("`{input}`: {e}"))?;
            Ok(s.letter().to_string() == *want)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shipped step has an answer from the engine, and the answers are those a
    /// Binokel player expects (RULES.md): the engine and the lessons agree.
    #[test]
    fn every_step_is_answered_by_the_engine() {
        let course = course().unwrap();
        let got: Vec<(String, String)> = course
            .iter()
            .flat_map(|l| l.steps.iter())
            .map(|s| (s.step.id.clone(), s.answer.to_string()))
            .collect();
        let want = [
            ("cards-points", "30"),
            ("cards-order", "AH"),
            ("melds-family", "170"),
            ("melds-binokel", "360"),
            ("follow-beat", "AH"),
            ("follow-trump", "9S AS"),
            ("follow-trumped", "KC TC"),
            ("auction-raise", "170"),
            ("auction-tapp", "18"),
            ("declare-bury", "31"),
            ("declare-trump", "S"),
            ("scoring-made", "240"),
            ("scoring-down", "-400"),
            ("durch-trick", "TH"),
            ("durch-lost", "-1000"),
        ];
        let want: Vec<(String, String)> = want.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        assert_eq!(got, want);
        // The course has the seven lessons of issue #37.
        assert_eq!(course.len(), 7);
    }

    #[test]
    fn answers_are_checked_leniently_and_bad_input_is_named() {
        let legal = Answer::Cards(vec!["9S".into(), "AS".into()]);
        assert!(check(&legal, "as 9s").unwrap());
        assert!(!check(&legal, "AS").unwrap());
        assert!(check(&Answer::Card("TH".into()), "10h").unwrap());
        assert!(check(&Answer::Suit("S".into()), "s").unwrap());
        assert!(check(&Answer::Number(-400), " -400 ").unwrap());
        let e = check(&Answer::Number(30), "thirty").unwrap_err();
        assert!(e.contains("thirty") && e.contains("number"), "{e}");
        let e = check(&legal, "XX").unwrap_err();
        assert!(e.contains("XX"), "{e}");
    }

    #[test]
    fn a_bad_course_is_refused_with_the_step_named() {
        let bad = SHIPPED.replacen("\"AS TH KC QD JS 9H\"", "\"AS ZZ\"", 1);
        let e = load(&bad).unwrap_err();
        assert!(e.contains("cards-points"), "{e}");
        let tie = SHIPPED.replacen(
            "\"AS TS KS QS JS KH QH AD AC KC 9D JD 9H 9C JC\"",
            "\"KH QH KD QD\"",
            1,
        );
        let e = load(&tie).unwrap_err();
        assert!(e.contains("declare-trump") && e.contains("not clear"), "{e}");
    }
}
