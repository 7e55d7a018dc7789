//! Puzzles mined from bot deals (issue #37; the format and every decision: docs/puzzles.md).
//!
//! - [`PuzzleSet`] and [`Puzzle`]: the `binokel-puzzles/1` document. A puzzle's position is
//!   a record prefix (`binokel-record/1` with one deal: the dealt cards and the actions so
//!   far), so the engine rebuilds it ([`Puzzle::deal`]).
//! - [`solve`]: the values of a puzzle's choices, by the exact solver: all hands seen
//!   (`play_open`), or every layout consistent with the seat's view (`play_view`).
//! - [`generate`]: plays seeded bot deals, walks their decisions and keeps those with one
//!   clearly best choice; the same seed gives the same set whatever the number of jobs.
//! - [`verify`]: re-solves puzzles and compares the stored choices, values and solution.

pub mod burial;
pub mod declare;
pub mod generate;
pub mod solve;

use binokel::record::read_record;
use binokel::{Action, Deal, Game, Rules, View};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The shipped set (data/puzzles/standard.json; how it was made: docs/puzzles.md).
pub const SHIPPED: &str = include_str!("../../../../data/puzzles/standard.json");

/// The format tag of a puzzle set.
pub const FORMAT: &str = "binokel-puzzles/1";

/// A clear best choice is at least this many points (of the seat's deal score) better than
/// the second best (docs/puzzles.md, "Margin").
pub const MARGIN: f64 = 20.0;

/// Two stored values agree when they differ by at most this much (values are written
/// rounded to hundredths).
pub const TOLERANCE: f64 = 0.011;

/// The kind of a puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Card play with all hands shown, at most 10 tricks left.
    PlayOpen,
    /// Card play from the seat's view, at most 5 tricks left: the expectation over every
    /// layout consistent with the view.
    PlayView,
    /// A burial, all hands shown.
    Burial,
    /// A choice of trump, all hands shown.
    Trump,
}

impl Kind {
    /// The kind's name in the format.
    pub fn name(self) -> &'static str {
        match self {
            Kind::PlayOpen => "play_open",
            Kind::PlayView => "play_view",
            Kind::Burial => "burial",
            Kind::Trump => "trump",
        }
    }
}

/// One choice of a puzzle and its value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// The action as a record token (`AS`, `bury 9H 9C JC`, `trump S`).
    pub choice: String,
    /// Its value: the deciding seat's deal score (docs/puzzles.md, "Values") with best play
    /// after it; for `play_view` the mean over the layouts.
    pub value: f64,
    /// `trump` and `burial` puzzles: true when `value` is an upper bound, proved by the
    /// solver, not the exact value (a choice shown worse than the best by the margin;
    /// docs/puzzles.md, "Trump puzzles" and "Burial puzzles"). Absent (false) for an exact
    /// value.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bound: bool,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// A stable id: letters, digits and dashes.
    pub id: String,
    /// The kind.
    pub kind: Kind,
    /// The position: a `binokel-record/1` with one deal whose actions stop at the decision.
    pub position: Value,
    /// The seat to act.
    pub seat: usize,
    /// Tricks left (the current one included).
    pub tricks_left: u32,
    /// Every choice with its value, best first.
    pub choices: Vec<Choice>,
    /// The best choice (the first of `choices`).
    pub best: String,
    /// The best value less the second best.
    pub margin: f64,
    /// Theme ids ([`crate::themes`]) of the best choice.
    pub themes: Vec<String>,
    /// The puzzle's rating (docs/puzzles.md, "Rating").
    pub rating: u32,
    /// `play_view` only: the layouts consistent with the view that were solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layouts: Option<u64>,
}

/// How a set was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Origin {
    /// The command that wrote the set.
    pub command: String,
    /// The seed.
    pub seed: u64,
    /// The bot that played the deals.
    pub bot: String,
    /// Deals played to find the puzzles.
    pub deals: u64,
}

/// A puzzle set: the `binokel-puzzles/1` document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// Always [`FORMAT`].
    pub format: String,
    /// How the set was made.
    pub origin: Origin,
    /// The puzzles, in generation order.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// Reads a set; the error names what is wrong (not JSON, another format, a puzzle that
    /// does not rebuild).
    pub fn parse(text: &str) -> Result<PuzzleSet, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        match v.get("format").and_then(Value::as_str) {
            Some(FORMAT) => {}
            Some(f) => return Err(format!("format `{f}` is not {FORMAT}")),
            None => return Err(format!("no `format` field (expected {FORMAT})")),
        }
        let set: PuzzleSet = serde_json::from_value(v).map_err(|e| format!("not a puzzle set: {e}"))?;
        for p in &set.puzzles {
            p.deal().map_err(|e| format!("puzzle {}: {e}", p.id))?;
        }
        Ok(set)
    }

    /// The set as JSON with one puzzle per line (what the generator writes: small, and a
    /// diff shows the puzzles that changed).
    pub fn to_text(&self) -> String {
        let head = json!({"format": self.format, "origin": self.origin});
        let head = head.to_string();
        let mut out = String::with_capacity(self.puzzles.len() * 1200);
        out.push_str(&head[..head.len() - 1]);
        out.push_str(",\"puzzles\":[\n");
        for (i, p) in self.puzzles.iter().enumerate() {
            out.push_str(&serde_json::to_string(p).expect("a puzzle serialises"));
            out.push_str(if i + 1 < self.puzzles.len() { ",\n" } else { "\n" });
        }
        out.push_str("]}\n");
        out
    }

    /// The puzzle with `id`.
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id == id)
    }
}

impl Puzzle {
    /// The game rebuilt from the position (the deal in progress at the decision).
    pub fn game(&self) -> Result<Game, String> {
        let text = self.position.to_string();
        let game = read_record(&text).map_err(|e| format!("position: {e}"))?;
        let d = game.current().ok_or("position: no deal")?;
        if d.to_act() != Some(self.seat) {
            return Err(format!("position: seat {} is not the seat to act", self.seat));
        }
        Ok(game)
    }

    /// The deal at the decision.
    pub fn deal(&self) -> Result<Deal, String> {
        Ok(*self.game()?.current().ok_or("position: no deal")?)
    }

    /// The seat's view at the decision.
    pub fn view(&self) -> Result<View, String> {
        View::of(&self.game()?, Some(self.seat)).ok_or_else(|| "position: no view".to_string())
    }

    /// The rules of the position.
    pub fn rules(&self) -> Result<Rules, String> {
        Ok(*self.game()?.rules())
    }

    /// Reads a choice typed by a player (a card code, `trump S`, a burial) into the stored
    /// token of one of the choices: Err names the input when it is none of them.
    ///
    /// A burial may be typed as its cards alone (`9H 9C JC`, or with `bury` before them);
    /// a burial of the wrong number of cards, or of cards the soloist does not hold, is
    /// refused naming what is wrong.
    pub fn match_choice(&self, input: &str) -> Result<&Choice, String> {
        let rules = self.rules()?;
        let input = input.trim();
        let typed = match self.kind {
            // Cards alone: the first word is a card.
            Kind::Burial
                if input
                    .split_whitespace()
                    .next()
                    .is_some_and(|w| binokel::Card::parse(w).is_ok()) =>
            {
                format!("bury {input}")
            }
            _ => input.to_string(),
        };
        let a = Action::parse_lenient(&typed, rules.low).map_err(|e| e.to_string())?;
        if let (Kind::Burial, Action::Bury(set)) = (self.kind, a) {
            let want = usize::from(rules.tapp);
            if set.len() != want {
                return Err(format!(
                    "a burial is {want} cards, not {}: `{}`",
                    set.len(),
                    set.to_codes(rules.low)
                ));
            }
            let hand = self.deal()?.hand(self.seat);
            let missing: Vec<String> = set
                .distinct()
                .filter(|&c| hand.count(c) < set.count(c))
                .map(|c| c.code(rules.low))
                .collect();
            if !missing.is_empty() {
                return Err(format!(
                    "the soloist does not hold {} (of the burial `{}`)",
                    missing.join(" "),
                    set.to_codes(rules.low)
                ));
            }
        }
        let token = a.token(rules.low);
        // The surrenders are one choice (the soloist scores minus the bid whatever suit it
        // names), stored with one suit: any surrender is that choice.
        let same = |x: Action| x == a || matches!((x, a), (Action::Surrender(_), Action::Surrender(_)));
        self.choices
            .iter()
            .find(|c| Action::parse(&c.choice, rules.low).map(same).unwrap_or(false))
            .ok_or_else(|| format!("`{token}` is not one of this puzzle's choices"))
    }
}

/// The record prefix of `start` with `actions` (one deal): the position of a puzzle.
pub fn position_record(rules: &Rules, start: &Deal, actions: &[Action], seed: Option<u64>) -> Value {
    let low = rules.low;
    let s = start.setup();
    let mut deal = json!({
        "dealer": s.dealer,
        "hands": s.hands.iter().map(|h| h.to_codes(low)).collect::<Vec<_>>(),
        "tapp": s.tapp.to_codes(low),
        "actions": actions.iter().map(|a| a.token(low)).collect::<Vec<_>>(),
    });
    if let Some(seed) = seed {
        deal["seed"] = json!(seed);
    }
    json!({
        "format": "binokel-record/1",
        "rules": rules.to_json(),
        "deals": [deal],
    })
}

/// Rounds a value to hundredths (as stored).
pub fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// The solved choices of a decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    /// Every choice with its value (rounded to hundredths), best first; ties in token order.
    pub choices: Vec<Choice>,
    /// The best value less the second best (0 with one choice).
    pub margin: f64,
    /// `play_view`: the layouts solved.
    pub layouts: Option<u64>,
}

/// The result of re-solving one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// Values, solution and margin agree.
    Ok,
    /// What differs.
    Mismatch(String),
}

fn exactness(bound: bool) -> &'static str {
    if bound {
        "an upper bound"
    } else {
        "an exact value"
    }
}

/// Re-solves `p` and compares every stored value, the best choice and the margin.
pub fn verify(p: &Puzzle, solver: &mut crate::solver::Solver) -> Check {
    let fresh = match solve::values(p, solver) {
        Ok(v) => v,
        Err(e) => return Check::Mismatch(e),
    };
    if fresh.choices.len() != p.choices.len() {
        return Check::Mismatch(format!(
            "{} choices stored, {} found",
            p.choices.len(),
            fresh.choices.len()
        ));
    }
    for c in &p.choices {
        match fresh.choices.iter().find(|f| f.choice == c.choice) {
            Some(f) if f.bound != c.bound => {
                return Check::Mismatch(format!(
                    "choice {}: stored as {} but the solver gives {}",
                    c.choice,
                    exactness(c.bound),
                    exactness(f.bound)
                ))
            }
            Some(f) if (f.value - c.value).abs() <= TOLERANCE => {}
            Some(f) => {
                return Check::Mismatch(format!(
                    "choice {}: stored value {} but the solver gives {}",
                    c.choice, c.value, f.value
                ))
            }
            None => return Check::Mismatch(format!("choice {} is not legal", c.choice)),
        }
    }
    if fresh.choices[0].choice != p.best || p.choices.first().map(|c| &c.choice) != Some(&p.best) {
        return Check::Mismatch(format!(
            "stored solution {} but the best is {}",
            p.best, fresh.choices[0].choice
        ));
    }
    if (fresh.margin - p.margin).abs() > TOLERANCE || p.margin < MARGIN {
        return Check::Mismatch(format!(
            "stored margin {} but the solver gives {}",
            p.margin, fresh.margin
        ));
    }
    Check::Ok
}
