//! A game review's marks in the replay (`binokel replay FILE --review REVIEW.json`): reading
//! a `binokel-review/3` document (docs/review.md section 5), checking that it belongs to the
//! record being replayed (the same rules, seat names, deal scores and, at every reviewed
//! decision, the same seat and action), and the lines shown beside a marked action: its
//! mark, the points lost and the better move, and the hindsight line for a card.

use crate::i18n::{Arg, Catalog};
use binokel::{Action, Game, Seat};
use binokel_ai::review::Mark;
use serde_json::Value;
use std::collections::HashMap;

/// One reviewed decision, as the replay shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// The seat that decided.
    pub seat: Seat,
    /// The action played.
    pub played: Action,
    /// The best action from the seat's view.
    pub best: Action,
    /// Points lost against the best action.
    pub loss: f64,
    /// The mark, if the loss reached a threshold.
    pub mark: Option<Mark>,
    /// The hindsight line (best card and loss with every card seen), when there is one.
    pub hindsight: Option<(Action, f64)>,
}

/// The reviewed decisions of a record, by deal and action index (both from 0).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    by_position: HashMap<(usize, usize), Reviewed>,
}

fn field<'a>(v: &'a Value, key: &str, at: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| format!("the review lacks `{key}` {at}"))
}

fn index(v: &Value, key: &str, at: &str) -> Result<usize, String> {
    field(v, key, at)?
        .as_u64()
        .map(|x| x as usize)
        .ok_or_else(|| format!("the review's `{key}` {at} is not a number"))
}

fn text<'a>(v: &'a Value, key: &str, at: &str) -> Result<&'a str, String> {
    field(v, key, at)?
        .as_str()
        .ok_or_else(|| format!("the review's `{key}` {at} is not a string"))
}

impl Marks {
    /// Reads a `binokel-review/3` document and checks it against `game`, the record it
    /// claims to review. Errors name the first mismatch (rules, seat names, a deal's
    /// scores, or the seat and action at a decision).
    pub fn from_text(review: &str, game: &Game) -> Result<Marks, String> {
        let v: Value = serde_json::from_str(review).map_err(|e| format!("the review is not JSON: {e}"))?;
        let format = v.get("format").and_then(Value::as_str).unwrap_or("");
        if format != binokel_ai::review::FORMAT {
            return Err(format!(
                "not a {} document (its format is `{format}`)",
                binokel_ai::review::FORMAT
            ));
        }
        let low = game.rules().low;
        let rules = game.rules().to_json();
        let theirs = field(&v, "rules", "")?;
        if *theirs != rules {
            return Err(format!(
                "the review does not belong to this record: it reviews the rules {theirs}, the record is played under {rules}"
            ));
        }
        let names: Vec<&str> = field(&v, "seats", "")?
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let ours: Vec<&str> = game.seats().iter().map(String::as_str).collect();
        if names != ours {
            return Err(format!(
                "the review does not belong to this record: it names the seats [{}], the record [{}]",
                names.join(", "),
                ours.join(", ")
            ));
        }
        let n = game.players();
        for s in field(&v, "deals", "")?.as_array().into_iter().flatten() {
            let d = index(s, "deal", "of a deal summary")?;
            let Some(log) = game.deals().get(d) else {
                return Err(format!(
                    "the review does not belong to this record: it reviews deal {d} (from 0), the record has {} deals",
                    game.deals().len()
                ));
            };
            let want: Vec<i64> = log.state.scores()[..n].iter().map(|&x| i64::from(x)).collect();
            let got: Vec<i64> = field(s, "scores", "of a deal summary")?
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_i64).collect())
                .unwrap_or_default();
            if !log.state.is_over() || got != want {
                return Err(format!(
                    "the review does not belong to this record: deal {d} (from 0) scored {got:?} in the review, {want:?} in the record"
                ));
            }
        }
        let mut by_position = HashMap::new();
        for (i, x) in field(&v, "decisions", "")?
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let at = format!("in decision {i}");
            let (deal, ix, seat) = (
                index(x, "deal", &at)?,
                index(x, "index", &at)?,
                index(x, "seat", &at)?,
            );
            let played = text(x, "played", &at)?;
            let mismatch = |what: String| {
                format!(
                    "the review does not belong to this record: deal {deal}, action {ix} (from 0): {what}"
                )
            };
            let Some(log) = game.deals().get(deal) else {
                return Err(mismatch(format!("the record has {} deals", game.deals().len())));
            };
            let Some(&action) = log.actions.get(ix) else {
                return Err(mismatch(format!(
                    "that deal has {} actions in the record",
                    log.actions.len()
                )));
            };
            let actor = log.actors()[ix];
            let token = action.token(low);
            if token != played || actor != seat {
                return Err(mismatch(format!(
                    "the review has `{played}` by seat {seat}, the record `{token}` by seat {actor}"
                )));
            }
            let parse =
                |t: &str| Action::parse(t, low).map_err(|e| format!("the review's action `{t}` {at}: {e}"));
            let best = parse(text(x, "best", &at)?)?;
            let loss = field(x, "loss", &at)?.as_f64().unwrap_or(0.0);
            let mark = match x.get("mark").and_then(Value::as_str) {
                None => None,
                Some("inaccuracy") => Some(Mark::Inaccuracy),
                Some("mistake") => Some(Mark::Mistake),
                Some("blunder") => Some(Mark::Blunder),
                Some(m) => {
                    return Err(format!(
                        "the review's mark `{m}` {at} is not one of inaccuracy, mistake, blunder"
                    ))
                }
            };
            let hindsight = match x.get("hindsight").filter(|h| !h.is_null()) {
                None => None,
                Some(h) => Some((
                    parse(text(h, "best", &at)?)?,
                    field(h, "loss", &at)?.as_f64().unwrap_or(0.0),
                )),
            };
            by_position.insert(
                (deal, ix),
                Reviewed {
                    seat,
                    played: action,
                    best,
                    loss,
                    mark,
                    hindsight,
                },
            );
        }
        Ok(Marks { by_position })
    }

    /// The reviewed decision at action `index` of deal `deal`, if there is one.
    pub fn at(&self, deal: usize, index: usize) -> Option<&Reviewed> {
        self.by_position.get(&(deal, index))
    }

    /// How many decisions the review holds.
    pub fn len(&self) -> usize {
        self.by_position.len()
    }

    /// True when the review holds no decision.
    pub fn is_empty(&self) -> bool {
        self.by_position.is_empty()
    }

    /// The lines beside a marked action (none for an unmarked or unreviewed one): the mark
    /// with its sign (`?!`, `?`, `??`), the points lost and the better move; then, for a card
    /// with a hindsight line, the best card and the loss with every card seen.
    pub fn lines(&self, cat: &Catalog, deal: usize, index: usize) -> Vec<String> {
        let Some(r) = self.at(deal, index) else {
            return Vec::new();
        };
        let Some(mark) = r.mark else {
            return Vec::new();
        };
        let (sign, id) = match mark {
            Mark::Inaccuracy => ("?!", "review-inaccuracy"),
            Mark::Mistake => ("?", "review-mistake"),
            Mark::Blunder => ("??", "review-blunder"),
        };
        let mut out = vec![cat.ta(
            "review-mark",
            &[
                ("sign", Arg::Str(sign)),
                ("mark", Arg::Str(&cat.t(id))),
                ("loss", Arg::Str(&format!("{:.0}", r.loss))),
                ("best", Arg::Str(&cat.action(r.best))),
            ],
        )];
        if let Some((best, loss)) = r.hindsight {
            out.push(cat.ta(
                "review-hindsight",
                &[
                    ("best", Arg::Str(&cat.action(best))),
                    ("loss", Arg::Str(&format!("{loss:.0}"))),
                ],
            ));
        }
        out
    }

    /// The status shown in the full-screen replay after action `index` of deal `deal`, at
    /// most `width` characters when it can: the mark line, with the hindsight line after it
    /// when both fit; or that the review found nothing wrong with a reviewed action.
    pub fn status(&self, cat: &Catalog, deal: usize, index: usize, width: usize) -> Option<String> {
        let r = self.at(deal, index)?;
        let lines = self.lines(cat, deal, index);
        Some(match lines.as_slice() {
            [] => cat.ta("review-no-mark", &[("action", Arg::Str(&cat.action(r.played)))]),
            [one] => one.clone(),
            [first, ..] => {
                let all = lines.join("; ");
                if all.chars().count() <= width {
                    all
                } else {
                    first.clone()
                }
            }
        })
    }
}
