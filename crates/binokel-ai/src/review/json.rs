//! The `binokel-review/3` JSON form of a [`Review`] (docs/review.md, section 5), written
//! straight from the review: [`Review::to_json_text`] streams the text without building a
//! JSON tree first (a tree of a long match's review took about 6 KiB a decision, twenty
//! times its text; docs/review.md, "Memory"), and [`Review::to_json`] is the same document
//! as a [`Value`].

use super::report::{DealSummary, Decision, Hindsight, Mark, Review, ReviewPhase};
use super::{BLUNDER, FORMAT, INACCURACY, MISTAKE};
use binokel::{Action, Low, Seat};
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};
use serde_json::Value;

/// A value as the JSON shows it: rounded to a tenth of a point.
fn r1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Rated actions: `[[token, value], ...]`.
struct Values<'a>(&'a [(Action, f64)], Low);

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|(a, x)| (a.token(self.1), r1(*x))))
    }
}

/// Pattern notes: `["points_given_away", ...]` (theme ids).
struct Notes<'a>(&'a [crate::themes::Theme]);

impl Serialize for Notes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|t| t.id()))
    }
}

struct HindsightJson<'a>(&'a Hindsight, Low);

impl Serialize for HindsightJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (h, low) = (self.0, self.1);
        let mut st = s.serialize_struct("Hindsight", 3)?;
        st.serialize_field("best", &h.best.token(low))?;
        st.serialize_field("loss", &r1(h.loss))?;
        st.serialize_field("values", &Values(&h.values, low))?;
        st.end()
    }
}

struct DecisionJson<'a>(&'a Decision, Low);

impl Serialize for DecisionJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (d, low) = (self.0, self.1);
        let mut st = s.serialize_struct("Decision", 16)?;
        st.serialize_field("deal", &d.deal)?;
        st.serialize_field("index", &d.index)?;
        st.serialize_field("seat", &d.seat)?;
        st.serialize_field("phase", d.phase.name())?;
        st.serialize_field("played", &d.played.token(low))?;
        st.serialize_field("legal", &d.legal)?;
        st.serialize_field("rated", &d.rated)?;
        st.serialize_field("samples", &d.samples)?;
        st.serialize_field("best", &d.best.token(low))?;
        st.serialize_field("loss", &r1(d.loss))?;
        st.serialize_field("se", &r1(d.loss_se))?;
        st.serialize_field("rerated", &d.rerated)?;
        st.serialize_field("mark", &d.mark.map(Mark::name))?;
        st.serialize_field("values", &Values(&d.values, low))?;
        st.serialize_field("notes", &Notes(&d.notes))?;
        st.serialize_field("hindsight", &d.hindsight.as_ref().map(|h| HindsightJson(h, low)))?;
        st.end()
    }
}

/// Points lost per phase: `{"auction": x, "burial": x, "declaration": x, "play": x}`.
struct Lost<'a>(&'a [f64; 4]);

impl Serialize for Lost<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(4))?;
        for (p, l) in ReviewPhase::ALL.iter().zip(self.0) {
            m.serialize_entry(p.name(), &r1(*l))?;
        }
        m.end()
    }
}

struct SummaryJson<'a>(&'a DealSummary);

impl Serialize for SummaryJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let sum = self.0;
        let mut m = s.serialize_map(None)?;
        if let Some(d) = sum.deal {
            m.serialize_entry("deal", &d)?;
        }
        m.serialize_entry("scores", &sum.scores)?;
        m.serialize_entry("seats", &SeatsJson(sum))?;
        m.serialize_entry("worst", &sum.worst)?;
        m.end()
    }
}

struct SeatsJson<'a>(&'a DealSummary);

impl Serialize for SeatsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.seats.iter().map(|x| SeatJson {
            seat: x.seat,
            decisions: x.decisions,
            lost: Lost(&x.lost),
            lost_total: r1(x.total_lost()),
            inaccuracies: x.marks[0],
            mistakes: x.marks[1],
            blunders: x.marks[2],
            accuracy: r1(x.accuracy),
        }))
    }
}

#[derive(Serialize)]
struct SeatJson<'a> {
    seat: Seat,
    decisions: usize,
    lost: Lost<'a>,
    lost_total: f64,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
    accuracy: f64,
}

#[derive(Serialize)]
struct BudgetJson {
    play_samples: usize,
    deal_samples: usize,
    solver_tricks: u32,
    solver_nodes: u64,
    burial_candidates: usize,
    hindsight_tricks: u32,
    hindsight_nodes: u64,
}

#[derive(Serialize)]
struct Thresholds {
    inaccuracy: f64,
    mistake: f64,
    blunder: f64,
}

/// The whole document, borrowed from the review.
struct Document<'a>(&'a Review);

impl Serialize for Document<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let low = r.low;
        let b = &r.budget;
        let mut st = s.serialize_struct("Review", 10)?;
        st.serialize_field("format", FORMAT)?;
        st.serialize_field("rules", &r.rules)?;
        st.serialize_field("seats", &r.names)?;
        st.serialize_field("reviewed", &r.seats)?;
        st.serialize_field(
            "budget",
            &BudgetJson {
                play_samples: b.play_samples,
                deal_samples: b.deal_samples,
                solver_tricks: b.solver_tricks,
                solver_nodes: b.solver_nodes,
                burial_candidates: b.burial_candidates,
                hindsight_tricks: b.hindsight_tricks,
                hindsight_nodes: b.hindsight_nodes,
            },
        )?;
        st.serialize_field(
            "thresholds",
            &Thresholds {
                inaccuracy: INACCURACY,
                mistake: MISTAKE,
                blunder: BLUNDER,
            },
        )?;
        st.serialize_field("hindsight", &r.hindsight)?;
        st.serialize_field("decisions", &Decisions(r, low))?;
        st.serialize_field("deals", &Summaries(&r.deals))?;
        st.serialize_field("match", &SummaryJson(&r.total))?;
        st.end()
    }
}

struct Decisions<'a>(&'a Review, Low);

impl Serialize for Decisions<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.decisions.iter().map(|d| DecisionJson(d, self.1)))
    }
}

struct Summaries<'a>(&'a [DealSummary]);

impl Serialize for Summaries<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(SummaryJson))
    }
}

impl Review {
    /// The `binokel-review/3` JSON document (docs/review.md) as a tree.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(Document(self)).unwrap_or(Value::Null)
    }

    /// The `binokel-review/3` JSON document as text, written straight from the review (the
    /// same document as [`Review::to_json`], without the tree: what the server stores).
    pub fn to_json_text(&self) -> String {
        serde_json::to_string(&Document(self)).unwrap_or_default()
    }
}
