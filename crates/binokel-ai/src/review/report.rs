//! What a review reports: each decision with its values, loss and mark, and the summaries
//! per deal and per match (points lost per phase, the three largest mistakes, accuracy).
//! Their `binokel-review/3` JSON form is [`super::json`] (docs/review.md).

use super::value::Rated;
use super::{ReviewBudget, ReviewOptions, BLUNDER, INACCURACY, MISTAKE};
use binokel::{Action, Game, Low, Phase, Seat, View};
use serde_json::Value;

/// How bad a decision was, by its loss.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// A loss of at least [`INACCURACY`] points.
    Inaccuracy,
    /// A loss of at least [`MISTAKE`] points.
    Mistake,
    /// A loss of at least [`BLUNDER`] points.
    Blunder,
}

impl Mark {
    /// The mark of a loss, if any.
    pub fn of(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The JSON name: `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The phase a decision counts in: call, give and burial are the burial; two-player melds
/// and exchanges are play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReviewPhase {
    /// Bids and passes.
    Auction,
    /// Call, give and burial.
    Burial,
    /// Trump, Durch, Bettel, surrender.
    Declaration,
    /// Cards, and two players' melds and exchanges.
    Play,
}

impl ReviewPhase {
    /// The four phases in order.
    pub const ALL: [ReviewPhase; 4] = [
        ReviewPhase::Auction,
        ReviewPhase::Burial,
        ReviewPhase::Declaration,
        ReviewPhase::Play,
    ];

    /// The phase of a decision taken in the deal's phase `p`.
    pub fn of(p: Phase) -> ReviewPhase {
        match p {
            Phase::Auction => ReviewPhase::Auction,
            Phase::Bury => ReviewPhase::Burial,
            Phase::Declare => ReviewPhase::Declaration,
            Phase::Play | Phase::Done => ReviewPhase::Play,
        }
    }

    /// The JSON name: `auction`, `burial`, `declaration`, `play`.
    pub fn name(self) -> &'static str {
        match self {
            ReviewPhase::Auction => "auction",
            ReviewPhase::Burial => "burial",
            ReviewPhase::Declaration => "declaration",
            ReviewPhase::Play => "play",
        }
    }
}

/// The hindsight line of a decision: values with every card seen.
#[derive(Clone, Debug, PartialEq)]
pub struct Hindsight {
    /// The best action with every card seen.
    pub best: Action,
    /// Its value less the played action's (never negative).
    pub loss: f64,
    /// Every legal card with its exact value, best first.
    pub values: Vec<(Action, f64)>,
}

/// One rated decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The deal, from 0.
    pub deal: usize,
    /// The action's index in the deal's `actions`, from 0.
    pub index: usize,
    /// The seat that decided.
    pub seat: Seat,
    /// The phase it counts in.
    pub phase: ReviewPhase,
    /// The action played.
    pub played: Action,
    /// Legal actions at that point.
    pub legal: usize,
    /// False when the view could not be sampled: no values, no loss.
    pub rated: bool,
    /// Sampled deals behind the values.
    pub samples: usize,
    /// The best action from the seat's view (the played one when not rated).
    pub best: Action,
    /// The best value less the played action's, in deal points (0 when not rated).
    pub loss: f64,
    /// The standard error of `loss` (paired differences on the samples; 0 with two
    /// players and when the played action is the best).
    pub loss_se: f64,
    /// Whether the decision was rated again with more samples, its loss being near a
    /// threshold ([`super::Confirm`]); `samples` is then the larger count.
    pub rerated: bool,
    /// The mark, if the loss stands above a threshold by the noise band
    /// ([`super::Confirm::mark`]).
    pub mark: Option<Mark>,
    /// The rated actions with their values, best first.
    pub values: Vec<(Action, f64)>,
    /// Pattern notes on the action played, without a loss mark: the well-known errors of
    /// [`crate::themes::NOTES`] it shows and the best action does not
    /// ([`crate::themes::notes`]).
    pub notes: Vec<crate::themes::Theme>,
    /// The hindsight line, where computed.
    pub hindsight: Option<Hindsight>,
}

/// The loss of `played` in a rating: the best value less its own (0 when it is not rated).
pub(crate) fn loss_of(r: &Rated, played: Action) -> f64 {
    match (r.values.first(), r.values.iter().find(|x| x.0 == played)) {
        (Some(b), Some(p)) => (b.1 - p.1).max(0.0),
        _ => 0.0,
    }
}

/// The pattern notes on `played` when `best` was better (from the seat's knowledge).
fn notes(view: &View, played: Action, best: Action) -> Vec<crate::themes::Theme> {
    crate::info::Info::from_view(view).map_or_else(|_| Vec::new(), |i| crate::themes::notes(&i, played, best))
}

/// A decision from its rating, marked by `confirm`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn decision(
    deal: usize,
    index: usize,
    seat: Seat,
    view: &View,
    played: Action,
    rated: Option<Rated>,
    hindsight: Option<Hindsight>,
    confirm: &super::Confirm,
    rerated: bool,
) -> Decision {
    let phase = ReviewPhase::of(view.phase);
    let legal = view.legal.len();
    match rated {
        Some(r) if r.values.iter().any(|x| x.0 == played) => {
            let (best, top) = r.values[0];
            let mine = r.values.iter().find(|x| x.0 == played).map_or(top, |x| x.1);
            let loss = (top - mine).max(0.0);
            Decision {
                deal,
                index,
                seat,
                phase,
                played,
                legal,
                rated: true,
                samples: r.samples,
                best,
                loss,
                loss_se: r.loss_se,
                rerated,
                mark: confirm.mark(loss, r.loss_se),
                notes: notes(view, played, best),
                values: r.values,
                hindsight,
            }
        }
        _ => Decision {
            deal,
            index,
            seat,
            phase,
            played,
            legal,
            rated: false,
            samples: 0,
            best: played,
            loss: 0.0,
            loss_se: 0.0,
            rerated: false,
            mark: None,
            values: Vec::new(),
            notes: Vec::new(),
            hindsight,
        },
    }
}

/// One seat's figures over some decisions.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// Rated decisions.
    pub decisions: usize,
    /// Points lost per phase, in [`ReviewPhase::ALL`] order.
    pub lost: [f64; 4],
    /// Inaccuracies, mistakes, blunders.
    pub marks: [usize; 3],
    /// Percent of rated decisions without a mark (100 when there is none).
    pub accuracy: f64,
}

impl SeatSummary {
    fn of<'a>(seat: Seat, ds: impl Iterator<Item = &'a Decision>) -> SeatSummary {
        let mut s = SeatSummary {
            seat,
            decisions: 0,
            lost: [0.0; 4],
            marks: [0; 3],
            accuracy: 100.0,
        };
        for d in ds.filter(|d| d.seat == seat && d.rated) {
            s.decisions += 1;
            let p = ReviewPhase::ALL.iter().position(|&p| p == d.phase).unwrap_or(3);
            s.lost[p] += d.loss;
            if let Some(m) = d.mark {
                s.marks[m as usize] += 1;
            }
        }
        if s.decisions > 0 {
            let clean = s.decisions - s.marks.iter().sum::<usize>();
            s.accuracy = 100.0 * clean as f64 / s.decisions as f64;
        }
        s
    }

    /// Points lost in all phases.
    pub fn total_lost(&self) -> f64 {
        self.lost.iter().sum()
    }
}

/// The summary of one deal (or, with `deal: None`, of the match).
#[derive(Clone, Debug, PartialEq)]
pub struct DealSummary {
    /// The deal, from 0 (None: the whole match).
    pub deal: Option<usize>,
    /// The deal's scores from the record (the match totals for the match).
    pub scores: Vec<i32>,
    /// Per reviewed seat.
    pub seats: Vec<SeatSummary>,
    /// Up to three marked decisions with the largest losses (indexes into
    /// [`Review::decisions`]), largest first.
    pub worst: Vec<usize>,
}

fn summary(deal: Option<usize>, scores: Vec<i32>, seats: &[Seat], all: &[Decision]) -> DealSummary {
    let mine: Vec<usize> = (0..all.len())
        .filter(|&i| deal.is_none_or(|d| all[i].deal == d))
        .collect();
    let mut worst: Vec<usize> = mine.iter().copied().filter(|&i| all[i].mark.is_some()).collect();
    worst.sort_by(|&a, &b| all[b].loss.total_cmp(&all[a].loss).then(a.cmp(&b)));
    worst.truncate(3);
    DealSummary {
        deal,
        scores,
        seats: seats
            .iter()
            .map(|&s| SeatSummary::of(s, mine.iter().map(|&i| &all[i])))
            .collect(),
        worst,
    }
}

/// A finished review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The rules of the record, as the record's `rules` field.
    pub rules: Value,
    /// The notation of the record.
    pub low: Low,
    /// Seats at the table.
    pub players: usize,
    /// The seat names of the record (possibly empty).
    pub names: Vec<String>,
    /// The seats reviewed.
    pub seats: Vec<Seat>,
    /// The budget used.
    pub budget: ReviewBudget,
    /// Whether the hindsight line was computed.
    pub hindsight: bool,
    /// Every rated decision in record order.
    pub decisions: Vec<Decision>,
    /// One summary per complete deal.
    pub deals: Vec<DealSummary>,
    /// The whole match.
    pub total: DealSummary,
}

/// Assembles the review.
pub(crate) fn build(game: &Game, seats: Vec<Seat>, opts: &ReviewOptions, decisions: Vec<Decision>) -> Review {
    let n = game.players();
    let deals = game
        .deals()
        .iter()
        .enumerate()
        .filter(|(_, l)| l.state.is_over())
        .map(|(i, l)| summary(Some(i), l.state.scores()[..n].to_vec(), &seats, &decisions))
        .collect();
    let total = summary(None, game.totals()[..n].to_vec(), &seats, &decisions);
    Review {
        rules: game.rules().to_json(),
        low: game.rules().low,
        players: n,
        names: game.seats().to_vec(),
        seats,
        budget: opts.budget,
        hindsight: opts.hindsight,
        decisions,
        deals,
        total,
    }
}
