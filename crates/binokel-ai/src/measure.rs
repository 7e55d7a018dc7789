//! The match measure (issue #32, docs/review.md section 1): one value of a deal's outcome for
//! a seat, the same in `strong`'s search, the hint and the review.
//!
//! A match is a race between sides (seats, or partnerships with four players) to the
//! target, or over a fixed series. What a deal's scores are worth is the change they make to
//! each side's chance of winning that race, in points:
//!
//! - The chance of winning from totals `T` is modelled as `P_i = exp(T_i / tau) / sum_j
//!   exp(T_j / tau)`, where `tau = s * SIGMA * sqrt(m)`, `m` is the deals the race still
//!   lasts (in a series the deals left, else `(target - the highest total) / GAIN`, at least
//!   one) and `s` the temperature scale ([`MatchState::tau_scale`]; the bots, the hint and
//!   the review use [`RACE`]). Once a deal ends the match ([`binokel::game::deal_winner`]) the winner's chance is
//!   1 and everybody else's 0.
//! - A side's value of a deal with scores `s` is `K * (P_i(T + s) - P_i(T))`, with `K =
//!   k^2 tau_0 / (k - 1)` for `k` sides and `tau_0` the `tau` at the start of the match.
//!   So at the start of a match and for scores that are small against `tau_0`, the value is
//!   the side's deal score less the mean of the other sides' (the first-order term of the
//!   model): a point taken from a rival is worth as much as half a point won with three
//!   sides, and a point lost by a rival to a third seat counts for nothing. Near the target
//!   the same points move the chances more, and a deal that ends the match is worth the
//!   whole race.
//!
//! `SIGMA` and `GAIN` are measured per number of seats ([`constants`]).

use binokel::deal::{score_sides, SideFacts};
use binokel::game::deal_winner;
use binokel::{Contract, Deal, Rules, Seat, View};

/// The model's constants per number of seats (2, 3, 4): `SIGMA`, the spread of a side's
/// deal score less the mean of the other sides' (standard deviation per deal, points), and
/// `GAIN`, what the leading side gains in an average deal (the target over the deals a match
/// takes). Measured with heuristic bots over 100 matches a preset (docs/review.md section 1:
/// `cargo run --release -p binokel-ai --example measure_constants -- 100`): standard 256 and
/// 174, swabian 261 and 164, dutch 274 and 192, forty 309 and 127, kreuz 476 and 91,
/// two-player 108 and 234; the three-seat figures are the standard game's, rounded.
pub fn constants(players: u8) -> (f64, f64) {
    match players {
        2 => (110.0, 230.0),
        4 => (480.0, 90.0),
        _ => (260.0, 170.0),
    }
}

/// The temperature scale the levels (`strong`, `hard`, `medium`, `easy`), the hint and the
/// review use ([`MatchState::tau_scale`]): the model's chances are too unsure, and 0.7 times
/// its temperature fits who won 2,700 whole matches best (log-loss, standard and kreuz:
/// `cargo run --release -p binokel-ai --example measure_calibration -- FILE`,
/// docs/strength.md "The match arena").
pub const RACE: f64 = 0.7;

/// Where a match stands before a deal: what the measure needs.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchState {
    /// The rules (target, match end, series, seats).
    pub rules: Rules,
    /// Match totals per seat before this deal (partners share one with four players).
    pub totals: [i32; 4],
    /// Complete deals that counted so far (redeals excluded).
    pub counted: usize,
    /// The scale of the model's temperature `tau` (1: the model as documented; the tuned
    /// setting `race=S` of a search bot). `K` scales with it, so the first-order value at a
    /// match's start stays the side's score less the mean of the others'; a smaller scale
    /// makes the chances surer and the value more curved.
    pub tau_scale: f64,
}

impl MatchState {
    /// The state at the start of a match under `rules`.
    pub fn start(rules: Rules) -> MatchState {
        MatchState {
            rules,
            totals: [0; 4],
            counted: 0,
            tau_scale: 1.0,
        }
    }

    /// The state a view shows: its totals and the deals played (None when the view's rules
    /// cannot be read).
    pub fn of_view(view: &View) -> Option<MatchState> {
        let rules = Rules::from_json(&view.rules).ok()?;
        let mut totals = [0; 4];
        for (t, v) in totals.iter_mut().zip(&view.totals) {
            *t = *v;
        }
        let counted = match view.series {
            Some(s) => s.deal.saturating_sub(1),
            None => view.score_sheet.len(),
        };
        Some(MatchState {
            rules,
            totals,
            counted,
            tau_scale: 1.0,
        })
    }

    /// This state with the temperature scale `scale` ([`MatchState::tau_scale`]).
    pub fn scaled(self, scale: f64) -> MatchState {
        MatchState {
            tau_scale: scale,
            ..self
        }
    }

    /// The number of sides: the seats, or two partnerships with four players.
    pub fn sides(&self) -> usize {
        if self.rules.players == 4 {
            2
        } else {
            self.rules.players as usize
        }
    }

    /// The side of seat `s`.
    pub fn side_of(&self, s: Seat) -> usize {
        if self.rules.players == 4 {
            s % 2
        } else {
            s
        }
    }

    /// The model's temperature with totals `t` after `counted` deals.
    fn tau(&self, t: &[i32; 4], counted: usize) -> f64 {
        let k = self.sides();
        let (sigma, gain) = constants(self.rules.players);
        let m = if self.rules.series_deals > 0 {
            (self.rules.series_deals as usize).saturating_sub(counted) as f64
        } else {
            let top = (0..k).map(|s| t[s]).max().unwrap_or(0);
            (f64::from(self.rules.target) - f64::from(top)) / gain
        };
        sigma * m.max(1.0).sqrt() * self.tau_scale
    }

    /// The model's chances of winning the match, per side (indexed by side: seat, or
    /// partnership 0 and 1 with four players), from this state before its next deal (to
    /// check the model against match outcomes: `--example measure_calibration`).
    pub fn win_chances(&self) -> [f64; 4] {
        self.chances(&self.totals, self.counted)
    }

    /// The chances of each side with totals `t` after `counted` deals (the model above).
    fn chances(&self, t: &[i32; 4], counted: usize) -> [f64; 4] {
        let k = self.sides();
        let tau = self.tau(t, counted);
        let top = (0..k).map(|s| f64::from(t[s])).fold(f64::NEG_INFINITY, f64::max);
        let mut p = [0.0; 4];
        for (s, x) in p.iter_mut().enumerate().take(k) {
            *x = ((f64::from(t[s]) - top) / tau).exp();
        }
        let sum: f64 = p.iter().sum();
        p.iter_mut().for_each(|x| *x /= sum);
        p
    }

    /// The scale `K`: the first-order term at the start of the match is the side's score
    /// less the mean of the others'.
    fn scale(&self) -> f64 {
        let k = self.sides() as f64;
        k * k * self.tau(&[0; 4], 0) / (k - 1.0)
    }

    /// The value for seat `me` of a complete deal whose scores per seat are `scores` and
    /// whose soloist was `soloist` (any seat for two players): in points, see the module
    /// documentation. A redeal (all scores 0, `counted` false) is worth 0.
    pub fn value(&self, me: Seat, scores: &[i32; 4], soloist: Seat) -> f64 {
        let k = self.sides();
        let mut after = self.totals;
        for s in 0..k {
            after[s] += scores[s];
        }
        let i = self.side_of(me);
        let before = self.chances(&self.totals, self.counted);
        let now = match deal_winner(&self.rules, &after, soloist, self.counted + 1) {
            Some(w) => {
                let mut p = [0.0; 4];
                p[self.side_of(w)] = 1.0;
                p
            }
            None => self.chances(&after, self.counted + 1),
        };
        self.scale() * (now[i] - before[i])
    }
}

/// What the sides of `d` (three or four seats, after the auction) have achieved so far, as
/// the rules' scoring function reads it: the same sums as the engine's at the deal's end.
pub fn facts(d: &Deal) -> SideFacts {
    let n = d.players();
    let teams = n == 4;
    let side_of = |s: usize| if teams { s % 2 } else { s };
    let sol = d.soloist().unwrap_or(0);
    let mut f = SideFacts {
        sides: if teams { 2 } else { n },
        soloist_side: side_of(sol),
        bid: d.bid() as i32,
        ..SideFacts::default()
    };
    let (cp, tricks, melds) = (d.card_points(), d.tricks_taken(), d.melds());
    let mut solo_tricks = 0;
    for s in 0..n {
        let i = side_of(s);
        f.took[i] |= tricks[s] > 0;
        f.cards[i] += cp[s] as i32;
        f.melds[i] += melds[s] as i32;
        if i == f.soloist_side {
            solo_tricks += tricks[s];
        }
    }
    f.special_made = match d.contract() {
        Some(Contract::Durch) => solo_tricks == d.total_tricks(),
        Some(Contract::Bettel) => tricks[sol] == 0,
        _ => false,
    };
    f
}

/// Every seat's deal score from the sides' facts (partners share their side's).
fn seat_scores(d: &Deal, f: &SideFacts) -> [i32; 4] {
    match d.contract() {
        Some(c) => scores_under(d, c, f),
        None => [0; 4],
    }
}

/// Every seat's deal score under the contract `c` from the sides' facts.
fn scores_under(d: &Deal, c: Contract, f: &SideFacts) -> [i32; 4] {
    let side = score_sides(d.rules(), c, f);
    let mut out = [0; 4];
    for (s, x) in out.iter_mut().enumerate().take(d.players()) {
        *x = side[if d.players() == 4 { s % 2 } else { s }];
    }
    out
}

/// Every seat's deal score of the finished deal `d` had the contract's bid been `bid` (the
/// soloist's made-or-failed and the opponents' bonus follow the bid; nothing else does).
pub fn scores_at_bid(d: &Deal, bid: u32) -> [i32; 4] {
    let mut f = facts(d);
    f.bid = bid as i32;
    seat_scores(d, &f)
}

/// Every seat's deal score had the soloist of `d` (after its burial) given up at the bid
/// `bid`: minus the bid, the opponents' 50 (100 for a partnership) with the melds `d` holds.
pub fn scores_surrendered(d: &Deal, bid: u32) -> [i32; 4] {
    let mut f = facts(d);
    f.bid = bid as i32;
    let t = d.trump().unwrap_or(binokel::Suit::Spades);
    scores_under(d, Contract::Surrender(t), &f)
}

/// Every seat's deal score when the soloist's side of `d` (in card play) takes `v` more from
/// here (card points with the last trick, or tricks in Durch, as the exact solver counts)
/// and the other sides share the card points left evenly (the solver plays them as one
/// side and does not say how they split). A side that gets points is counted as taking a
/// trick.
pub fn scores_after(d: &Deal, v: i32) -> [i32; 4] {
    let mut f = facts(d);
    let sol = f.soloist_side;
    let left = d.total_tricks() - d.tricks_played();
    if d.contract() == Some(Contract::Durch) {
        // Every trick so far is the soloist's (an opponent's first trick ends a Durch).
        f.special_made = v >= 0 && v as u32 >= left;
        return seat_scores(d, &f);
    }
    let all = d.rules().deal_card_points() as i32;
    let rest = (all - f.cards[..f.sides].iter().sum::<i32>() - v).max(0);
    f.cards[sol] += v;
    f.took[sol] |= v > 0;
    let others: Vec<usize> = (0..f.sides).filter(|&i| i != sol).collect();
    let k = others.len().max(1) as i32;
    for (j, &i) in others.iter().enumerate() {
        let share = rest / k + i32::from((j as i32) < rest % k);
        f.cards[i] += share;
        f.took[i] |= share > 0;
    }
    seat_scores(d, &f)
}

/// The review's metric (docs/review.md section 1, the deal score): the soloist's deal score `solo` seen by `me` (itself on the soloist's side,
/// negated for an opponent).
pub(crate) fn seat_value(d: &Deal, me: usize, solo: f64) -> f64 {
    match d.soloist() {
        Some(s) if !same_side(d, me, s) => -solo,
        _ => solo,
    }
}

/// The soloist's deal score when its side takes `v` more from `d` on (card points of the
/// tricks and the last trick, or tricks in Durch), by the rules' one scoring function.
pub(crate) fn soloist_score_after(d: &Deal, v: i32) -> f64 {
    let Some(sol) = d.soloist() else { return 0.0 };
    let left = d.total_tricks() - d.tricks_played();
    let n = d.players();
    let side_of = |s: usize| if n == 4 { s % 2 } else { s };
    let side: Vec<usize> = (0..n).filter(|&x| same_side(d, x, sol)).collect();
    let contract = d.contract().unwrap_or(Contract::Trump(binokel::Suit::Spades));
    let mut f = SideFacts {
        sides: if n == 4 { 2 } else { n },
        soloist_side: side_of(sol),
        bid: d.bid() as i32,
        ..SideFacts::default()
    };
    let i = side_of(sol);
    let durch = contract == Contract::Durch;
    f.took[i] = side.iter().any(|&x| d.tricks_taken()[x] > 0) || v > 0;
    f.cards[i] = side.iter().map(|&x| d.card_points()[x] as i32).sum::<i32>() + if durch { 0 } else { v };
    f.melds[i] = side.iter().map(|&x| d.melds()[x] as i32).sum();
    f.special_made = durch && v as u32 >= left;
    f64::from(score_sides(d.rules(), contract, &f)[i])
}

/// True when seats `a` and `b` play on one side (partners sit opposite with four seats).
fn same_side(d: &Deal, a: usize, b: usize) -> bool {
    if d.players() == 4 {
        a % 2 == b % 2
    } else {
        a == b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use binokel::Preset;

    fn state(preset: Preset, totals: [i32; 4]) -> MatchState {
        MatchState {
            rules: Rules::preset(preset),
            totals,
            counted: 3,
            tau_scale: 1.0,
        }
    }

    #[test]
    fn at_the_start_small_scores_are_worth_the_lead_over_the_mean_of_the_others() {
        let m = MatchState::start(Rules::preset(Preset::Standard));
        let v = m.value(0, &[30, 10, -20, 0], 0);
        // 30 - (10 - 20) / 2 = 35, to first order.
        assert!((v - 35.0).abs() < 1.0, "{v}");
        let v1 = m.value(1, &[30, 10, -20, 0], 0);
        assert!((v1 - (10.0 - 5.0)).abs() < 1.0, "{v1}");
        // Zero-sum to first order.
        let v2 = m.value(2, &[30, 10, -20, 0], 0);
        assert!((v + v1 + v2).abs() < 1.0);
    }

    /// `tau_scale` keeps the first-order value at the start and makes the chances surer: a
    /// lead is closer to a won match, so a big deal's value saturates sooner.
    #[test]
    fn a_smaller_temperature_keeps_the_first_order_and_curves_more() {
        let m = MatchState::start(Rules::preset(Preset::Kreuz));
        let sure = MatchState {
            tau_scale: 0.7,
            ..m.clone()
        };
        let small = [20, -10, 20, -10];
        assert!((m.value(0, &small, 0) - 30.0).abs() < 1.0);
        assert!((sure.value(0, &small, 0) - 30.0).abs() < 1.0);
        let chances = sure.win_chances();
        assert!((chances[0] - 0.5).abs() < 1e-9 && (chances[1] - 0.5).abs() < 1e-9);
        let lead = |st: &MatchState| {
            MatchState {
                totals: [300, 0, 300, 0],
                counted: 1,
                ..st.clone()
            }
            .win_chances()[0]
        };
        assert!(lead(&sure) > lead(&m) + 0.02, "{} {}", lead(&sure), lead(&m));
        // A made contract of 400 against 100: worth less than with the model's chances
        // (saturated), but still more than its first-order 300.
        let big = [400, 100, 400, 100];
        let (v, v_sure) = (m.value(0, &big, 0), sure.value(0, &big, 0));
        assert!(v_sure < v && v_sure > 300.0, "{v} {v_sure}");
    }

    #[test]
    fn a_deal_that_ends_the_match_is_worth_the_whole_race() {
        let m = state(Preset::Standard, [1400, 1300, 900, 0]);
        let win = m.value(0, &[120, 30, 20, 0], 0);
        let short = m.value(0, &[90, 30, 20, 0], 0);
        // 120 reaches 1500 and wins: far more than 30 points more.
        assert!(win - short > 200.0, "{win} {short}");
        // The seat that would have won loses everything it had at stake.
        let other = m.value(1, &[120, 30, 20, 0], 0);
        assert!(other < -200.0, "{other}");
    }

    #[test]
    fn the_value_grows_with_the_own_score_and_falls_with_a_rivals() {
        for t in [[0, 0, 0, 0], [1000, 400, 1200, 0], [1450, 1450, 1450, 0]] {
            let m = state(Preset::Standard, t);
            let mut last = f64::NEG_INFINITY;
            for own in (-600..=400).step_by(50) {
                let v = m.value(1, &[20, own, 0, 0], 2);
                assert!(v >= last, "{t:?} {own}");
                last = v;
            }
            assert!(m.value(1, &[200, 0, 0, 0], 0) < m.value(1, &[0, 0, 0, 0], 0));
        }
    }

    #[test]
    fn partners_share_a_value_and_two_players_are_zero_sum() {
        let m = MatchState::start(Rules::preset(Preset::Kreuz));
        let a = m.value(0, &[10, -4, 10, -4], 0);
        assert_eq!(a, m.value(2, &[10, -4, 10, -4], 0));
        assert!((a - 14.0).abs() < 0.5, "{a}");
        let two = MatchState::start(Rules::preset(Preset::TwoPlayer));
        let x = two.value(0, &[18, 10, 0, 0], 0);
        assert!((x - 8.0).abs() < 0.5, "{x}");
        assert!((x + two.value(1, &[18, 10, 0, 0], 0)).abs() < 1e-9);
    }

    #[test]
    fn a_series_counts_its_deals_left() {
        let mut r = Rules::preset(Preset::Standard);
        r.series_deals = 6;
        let last = MatchState {
            rules: r,
            totals: [300, 310, 0, 0],
            counted: 5,
            tau_scale: 1.0,
        };
        // The sixth deal decides: 20 points more than seat 1 win the series.
        let win = last.value(0, &[30, 0, 0, 0], 1);
        let lose = last.value(0, &[0, 0, 0, 0], 1);
        assert!(win - lose > 500.0, "{win} {lose}");
    }
}
