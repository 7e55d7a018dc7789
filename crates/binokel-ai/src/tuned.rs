//! Tuned search bots for experiments: a search bot's name with settings after a colon,
//! `strong:deal_samples=160,pass=rollout`, accepted wherever a bot is made by name
//! ([`crate::make_bot`], so `binokel arena --bots strong:deal_samples=160,strong-v1`), so a
//! change of budget or pass value is measured with a documented command instead of an
//! experiment build. The server's tables and the lobby offer only the plain names of
//! [`crate::BOT_NAMES`].
//!
//! Settings (each at most once): the [`Budget`] fields `play_samples`, `solver_tricks`,
//! `deal_samples`, `burial_candidates`, `solver_nodes` (whole numbers); `pass` (`rollout`
//! or a number of points, [`PassValue`]); `infer` (`on` or `off`, [`crate::infer`]);
//! `surrender` (`mean` or `deal`, [`StrongBot::with_surrender_per_deal`]); `tail` (tricks
//! left at which a card-play rollout is finished by the exact solver,
//! [`StrongBot::with_tail`]); `auction_tail` (the same for the rollouts that value bids
//! and burials, [`StrongBot::with_auction_tail`]); `own` (an opponent's weight on its own
//! score in a rolled-out card's value, [`StrongBot::with_own_weight`]); `measure` (`match`
//! or `deal`: whether every decision is valued by the match measure,
//! [`StrongBot::with_match_measure`], docs/review.md section 1); `race` (the match
//! measure's temperature scale, [`StrongBot::with_race`]); `eval` (`rollout` or
//! `playout`: the card-play evaluator, [`crate::evaluator`]).

use crate::measure::RACE;
use crate::strong::{PassValue, StrongBot, OWN_WEIGHT, PASS_VALUE};
use crate::Budget;

/// A search bot's settings: its budget, its pass value and whether it infers.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Tuning {
    /// The search budget.
    pub budget: Budget,
    /// How a pass is valued in the auction.
    pub pass: PassValue,
    /// Whether sampled deals are weighted by the default inference model.
    pub infer: bool,
    /// Whether a bid's value surrenders on each sampled deal.
    pub surrender_per_deal: bool,
    /// Tricks left at which a card-play rollout is finished by the exact solver (0: never).
    pub tail: u32,
    /// The same for the rollouts that value bids and burials (0: never).
    pub auction_tail: u32,
    /// An opponent's weight on its own score in a rolled-out card's value.
    pub own_weight: f64,
    /// Whether decisions are valued by the match measure ([`StrongBot::with_match_measure`]).
    pub match_measure: bool,
    /// The match measure's temperature scale ([`StrongBot::with_race`]; the levels use
    /// [`RACE`] by default, 1 is the model as documented).
    pub race: f64,
    /// The card-play evaluator's name ([`crate::evaluator::by_name`]).
    pub eval: &'static str,
}

/// The settings of a plain search bot's name (`strong`, `hard`, `strong-v1`,
/// `strong-infer`, `strong-pass`, `medium`, `easy`), or None for another name.
pub fn base(name: &str) -> Option<Tuning> {
    let plain = |budget| Tuning {
        budget,
        pass: PassValue::Constant(PASS_VALUE),
        infer: false,
        surrender_per_deal: false,
        tail: 0,
        auction_tail: 0,
        own_weight: OWN_WEIGHT,
        match_measure: false,
        race: RACE,
        eval: "rollout",
    };
    Some(match name {
        // The levels value decisions by the match measure (issue #32); `strong-v1` and its
        // experiment variants keep the deal-score values of commit 8b0a699.
        "strong" | "hard" => Tuning {
            match_measure: true,
            ..plain(Budget::STRONG)
        },
        "strong-v1" => plain(Budget::STRONG),
        "strong-infer" => Tuning {
            infer: true,
            ..plain(Budget::STRONG)
        },
        "strong-pass" => Tuning {
            pass: PassValue::Rollout,
            ..plain(Budget::STRONG)
        },
        "medium" => Tuning {
            match_measure: true,
            ..plain(Budget::MEDIUM)
        },
        "easy" => Tuning {
            match_measure: true,
            ..plain(Budget::EASY)
        },
        _ => return None,
    })
}

/// Reads `NAME:key=value,...`: the base bot's name and its settings, or an error that names
/// the bad part. None when `spec` has no colon (a plain name).
pub fn parse(spec: &str) -> Option<Result<(String, Tuning), String>> {
    let (name, settings) = spec.split_once(':')?;
    Some(parse_settings(name, settings))
}

fn parse_settings(name: &str, settings: &str) -> Result<(String, Tuning), String> {
    let mut t = base(name).ok_or_else(|| {
        format!("`{name}` cannot be tuned: only the search bots strong, hard, strong-v1, strong-infer, strong-pass, medium and easy can")
    })?;
    let mut seen: Vec<&str> = Vec::new();
    for part in settings.split(',') {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("`{part}` in `{name}:{settings}` is not key=value"))?;
        if seen.contains(&key) {
            return Err(format!("`{key}` is set twice in `{name}:{settings}`"));
        }
        seen.push(key);
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("`{key}` wants a whole number, not `{value}`"))
        };
        let b = &mut t.budget;
        match key {
            "play_samples" => b.play_samples = number()? as usize,
            "solver_tricks" => b.solver_tricks = number()?.min(15) as u32,
            "deal_samples" => b.deal_samples = number()? as usize,
            "burial_candidates" => b.burial_candidates = number()? as usize,
            "solver_nodes" => b.solver_nodes = number()?,
            "pass" => {
                t.pass = if value == "rollout" {
                    PassValue::Rollout
                } else {
                    PassValue::Constant(value.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(
                        || format!("`pass` wants `rollout` or a number of points, not `{value}`"),
                    )?)
                }
            }
            "infer" => {
                t.infer = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(format!("`infer` wants `on` or `off`, not `{value}`")),
                }
            }
            "tail" => t.tail = number()?.min(15) as u32,
            "auction_tail" => t.auction_tail = number()?.min(15) as u32,
            "own" => {
                t.own_weight = value.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| {
                    format!("`own` wants a number (an opponent's weight on its own score), not `{value}`")
                })?
            }
            "eval" => {
                t.eval = crate::evaluator::NAMES.into_iter().find(|n| *n == value).ok_or_else(|| {
                    format!(
                        "`eval` wants one of {}, not `{value}`",
                        crate::evaluator::NAMES.join(", ")
                    )
                })?
            }
            "race" => {
                t.race = value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.1 && *v <= 10.0)
                    .ok_or_else(|| {
                        format!("`race` wants the match measure's temperature scale, a number from 0.1 to 10, not `{value}`")
                    })?
            }
            "measure" => {
                t.match_measure = match value {
                    "match" => true,
                    "deal" => false,
                    _ => return Err(format!("`measure` wants `match` or `deal`, not `{value}`")),
                }
            }
            "surrender" => {
                t.surrender_per_deal = match value {
                    "deal" => true,
                    "mean" => false,
                    _ => return Err(format!("`surrender` wants `deal` or `mean`, not `{value}`")),
                }
            }
            _ => {
                return Err(format!(
                    "unknown setting `{key}` (known: play_samples, solver_tricks, deal_samples, burial_candidates, solver_nodes, pass, infer, surrender, tail, auction_tail, own, measure, race, eval)"
                ))
            }
        }
    }
    if t.budget.play_samples == 0 || t.budget.deal_samples == 0 {
        return Err("`play_samples` and `deal_samples` must be at least 1".into());
    }
    Ok((name.to_string(), t))
}

/// The search bot named `name` (plain or tuned) with its own solver, or its worker form
/// ([`StrongBot::for_worker`]); None when `name` is no search bot.
pub fn make(name: &str, seed: u64, worker: bool) -> Option<Result<StrongBot, String>> {
    let t = match parse(name) {
        Some(Ok((_, t))) => t,
        Some(Err(e)) => return Some(Err(e)),
        None => base(name)?,
    };
    let bot = if worker {
        StrongBot::for_worker(name, t.budget, seed)
    } else {
        StrongBot::new(name, t.budget, seed)
    };
    let bot = bot
        .with_pass(t.pass)
        .with_surrender_per_deal(t.surrender_per_deal)
        .with_tail(t.tail)
        .with_auction_tail(t.auction_tail)
        .with_own_weight(t.own_weight)
        .with_match_measure(t.match_measure)
        .with_race(t.race);
    let bot = match crate::evaluator::by_name(t.eval, bot.settings()) {
        Some(e) if t.eval != "rollout" => bot.with_evaluator(e),
        _ => bot,
    };
    Some(Ok(if t.infer {
        bot.with_inference(crate::infer::Model::DEFAULT)
    } else {
        bot
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_are_their_presets() {
        assert_eq!(base("hard"), base("strong"));
        // The levels play by the match measure; strong-v1 keeps its deal-score values.
        for name in ["strong", "hard", "medium", "easy"] {
            assert!(base(name).unwrap().match_measure, "{name}");
        }
        assert!(!base("strong-v1").unwrap().match_measure);
        assert!(!parse("strong:measure=deal").unwrap().unwrap().1.match_measure);
        assert_eq!(
            parse("strong:measure=deal").unwrap().unwrap().1,
            base("strong-v1").unwrap()
        );
        assert_eq!(base("medium").unwrap().budget, Budget::MEDIUM);
        assert_eq!(base("strong-pass").unwrap().pass, PassValue::Rollout);
        assert!(base("strong-infer").unwrap().infer);
        assert_eq!(base("heuristic"), None);
        assert!(parse("strong").is_none());
    }

    #[test]
    fn settings_change_only_what_they_name() {
        let (name, t) = parse("strong:deal_samples=160,pass=70").unwrap().unwrap();
        assert_eq!(name, "strong");
        assert_eq!(
            t.budget,
            Budget {
                deal_samples: 160,
                ..Budget::STRONG
            }
        );
        assert_eq!(t.pass, PassValue::Constant(70.0));
        assert!(!t.infer);
        let (_, t) = parse("medium:pass=rollout,infer=on").unwrap().unwrap();
        assert_eq!(
            (t.budget, t.pass, t.infer),
            (Budget::MEDIUM, PassValue::Rollout, true)
        );
    }

    #[test]
    fn bad_settings_are_named() {
        let err = |s: &str| parse(s).unwrap().unwrap_err();
        assert!(err("heuristic:pass=70").contains("`heuristic` cannot be tuned"));
        assert!(err("strong:deal_samples").contains("not key=value"));
        assert!(err("strong:deal_samples=lots").contains("`deal_samples` wants a whole number"));
        assert!(err("strong:pass=soon").contains("`pass` wants `rollout` or a number"));
        assert!(err("strong:pass=NaN").contains("`pass` wants"));
        assert!(err("strong:infer=maybe").contains("`infer` wants `on` or `off`"));
        assert!(err("strong:surrender=never").contains("`surrender` wants `deal` or `mean`"));
        let (_, t) = parse("strong:surrender=deal").unwrap().unwrap();
        assert!(t.surrender_per_deal);
        let (_, t) = parse("strong:tail=6").unwrap().unwrap();
        assert_eq!((t.tail, t.budget), (6, Budget::STRONG));
        assert_eq!(base("strong").unwrap().tail, 0);
        let (_, t) = parse("strong:auction_tail=5").unwrap().unwrap();
        assert_eq!((t.tail, t.auction_tail), (0, 5));
        assert!(err("strong:tail=few").contains("`tail` wants a whole number"));
        assert!(err("strong:depth=3").contains("unknown setting `depth`"));
        let (_, t) = parse("strong:own=1").unwrap().unwrap();
        assert_eq!((t.own_weight, t.budget), (1.0, Budget::STRONG));
        assert_eq!(base("strong").unwrap().own_weight, OWN_WEIGHT);
        assert!(err("strong:own=lots").contains("`own` wants a number"));
        let (_, t) = parse("strong-v1:measure=match,race=0.7").unwrap().unwrap();
        assert_eq!((t.match_measure, t.race, t.budget), (true, 0.7, Budget::STRONG));
        for name in ["strong", "hard", "medium", "easy", "strong-v1"] {
            assert_eq!(base(name).unwrap().race, RACE, "{name}");
        }
        assert_eq!(parse("strong:race=1").unwrap().unwrap().1.race, 1.0);
        assert!(err("strong:race=0").contains("`race` wants the match measure's temperature scale"));
        assert!(err("strong:race=warm").contains("`race` wants"));
        assert!(err("strong:pass=1,pass=2").contains("set twice"));
        assert!(err("strong:play_samples=0").contains("at least 1"));
    }
}
