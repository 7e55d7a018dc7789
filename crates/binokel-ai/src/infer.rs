//! Inference: how likely is a sampled deal, given what the other seats did?
//!
//! The sampler ([`crate::sample`]) draws deals uniformly from every deal that fits the hard
//! facts of a view. But the other seats' choices say more: a seat that bid 300 holds a strong
//! hand, a seat that passed at 150 does not, a soloist who named spades holds spades, and a
//! seat that led a low card while the heuristic would have cashed an ace probably lacks it.
//! This module rates a sampled deal by the probability that the other seats, holding the
//! sampled cards, would have made every choice the view records, under a *softened heuristic
//! policy* ([`Model`]):
//!
//! - **Auction.** Each seat is given a latent hand value: the heuristic's bidding value
//!   ([`crate::policy::hand_value`], the mean best burial over sampled Tapps) predicted
//!   from the sampled hand by a cheap linear fit of `max over trumps of keep_value` (fitted
//!   once per rules on hands dealt from a fixed seed, see [`Calibration`]), plus Gaussian
//!   noise. The heuristic bids `b` while `b <= value - 10`, so a bid of `b` says
//!   `value >= b + 10` and a pass at a minimum raise `r` says `value < r + 10`; the likelihood
//!   is the probability of the whole interval (one latent value per seat). A forced opening
//!   says nothing.
//! - **Declaration.** The soloist's trump: a softmax over the four suits of
//!   [`crate::policy::keep_value`] of the hand it kept; a surrender: a logistic in how far
//!   the best trump's value falls below `bid - 40` (the heuristic's rule). Durch and Bettel
//!   are not rated.
//! - **Card play.** Each card another seat played: the heuristic's card
//!   ([`crate::policy::choose_card`] on that seat's sampled hand at that moment) with
//!   probability `1 - noise`, else any legal card uniformly (so a card played from a single
//!   legal card says nothing, and a card the heuristic would not play costs a factor).
//! - Not rated: a burial hidden from this seat, and everything from a call (house rule
//!   `calling`) on.
//!
//! Every factor has a floor, so no sampled deal gets weight zero. [`Model::infer_samples`]
//! draws `oversample * n` candidate deals with the sampler, weights each by its likelihood
//! raised to [`Model::temper`] (a tempering that keeps the chosen deals diverse when many
//! small mismatches add up) and picks `n` of them by systematic resampling. Everything is
//! driven by the caller's rng, so a bot stays deterministic for its seed.

use crate::info::Info;
use crate::policy::{self, PlayCtx};
use crate::sample::Sampler;
use binokel::{Action, CardSet, Deal, Phase, Rules, Seat, Suit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The parameters of the softened heuristic policy that rates sampled deals.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Model {
    /// Candidate deals drawn per deal kept (`oversample * n` candidates for `n` samples).
    pub oversample: usize,
    /// The exponent applied to each deal's likelihood before resampling (1 = exact
    /// importance weights, smaller = flatter weights, more diverse samples).
    pub temper: f64,
    /// Extra spread (points) of a seat's latent bidding value beyond the fit's residual:
    /// the other seats need not bid like the heuristic.
    pub bid_noise: f64,
    /// The smallest probability an auction interval may get.
    pub bid_floor: f64,
    /// The softmax temperature (points of `keep_value`) of the trump choice.
    pub trump_temperature: f64,
    /// The spread (points) of the surrender decision around `bid - 40`.
    pub surrender_spread: f64,
    /// The probability that a seat plays a uniformly random legal card instead of the
    /// heuristic's.
    pub card_noise: f64,
}

impl Model {
    /// The model `strong` uses.
    pub const DEFAULT: Model = Model {
        oversample: 3,
        temper: 0.5,
        bid_noise: 20.0,
        bid_floor: 0.02,
        trump_temperature: 15.0,
        surrender_spread: 15.0,
        card_noise: 0.5,
    };

    /// `n` deals that agree with `info`, chosen by likelihood among `oversample * n`
    /// candidates from `sampler` (fewer when the sampler fails). Deterministic for the rng.
    pub fn infer_samples<R: Rng + ?Sized>(
        &self,
        sampler: &Sampler,
        info: &Info,
        n: usize,
        rng: &mut R,
    ) -> Vec<Deal> {
        let k = self.oversample.max(1);
        let candidates: Vec<Deal> = (0..n * k).filter_map(|_| sampler.sample(rng)).collect();
        if k == 1 || candidates.len() <= 1 {
            return candidates;
        }
        let logw = self.log_weights(info, &candidates);
        resample(&candidates, &logw, n.min(candidates.len()), rng)
    }

    /// The tempered log likelihood of each deal (see the module docs).
    pub fn log_weights(&self, info: &Info, deals: &[Deal]) -> Vec<f64> {
        let cal = calibration(info);
        deals
            .iter()
            .map(|d| self.temper * self.log_likelihood(info, &cal, d))
            .collect()
    }

    /// The log probability that the other seats of `deal` made the choices `info` records,
    /// under this model.
    pub fn log_likelihood(&self, info: &Info, cal: &Calibration, deal: &Deal) -> f64 {
        let Ok(mut r) = Deal::new(&deal.setup()) else {
            return 0.0;
        };
        let n = info.n;
        // Per seat: the latent value lies in [lo, hi).
        let mut lo = [f64::NEG_INFINITY; 4];
        let mut hi = [f64::INFINITY; 4];
        let mut ll = 0.0;
        for &(seat, a) in &info.history {
            let a = match a {
                Some(Action::Call(_) | Action::Give(_)) => break,
                Some(a) => a,
                None if r.phase() == Phase::Bury => Action::Bury(deal.buried()),
                None => break,
            };
            if seat != info.me && seat < n {
                match r.phase() {
                    Phase::Auction => {
                        let raise = min_raise(&r);
                        let may_pass = r.is_legal(Action::Pass);
                        match (a, raise) {
                            (Action::Bid(b), _) if may_pass => lo[seat] = lo[seat].max(f64::from(b) + 10.0),
                            (Action::Pass, Some(b)) => hi[seat] = hi[seat].min(f64::from(b) + 10.0),
                            _ => {}
                        }
                    }
                    Phase::Declare => ll += self.declare_ll(&r, a),
                    Phase::Play => {
                        if let Action::Play(c) = a {
                            ll += self.card_ll(&r, c);
                        }
                    }
                    Phase::Bury | Phase::Done => {}
                }
            }
            if r.play(a).is_err() {
                break;
            }
        }
        let sigma = (cal.residual * cal.residual + self.bid_noise * self.bid_noise).sqrt();
        for s in 0..n {
            if s == info.me || (lo[s] == f64::NEG_INFINITY && hi[s] == f64::INFINITY) {
                continue;
            }
            let mu = cal.predict(r.dealt_hand(s), &info.rules);
            let p = normal_cdf((hi[s] - mu) / sigma) - normal_cdf((lo[s] - mu) / sigma);
            ll += p.max(self.bid_floor).ln();
        }
        ll
    }

    /// The log probability of the soloist's declaration `a` in `d` (at the declaration).
    fn declare_ll(&self, d: &Deal, a: Action) -> f64 {
        let Some(sol) = d.to_act() else { return 0.0 };
        let (kept, buried, rules) = (d.hand(sol), d.buried(), d.rules());
        let values: Vec<f64> = Suit::ALL
            .into_iter()
            .map(|t| f64::from(policy::keep_value(kept, buried, t, rules)))
            .collect();
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = values
            .iter()
            .map(|v| ((v - best) / self.trump_temperature).exp())
            .sum();
        let choice = |t: Suit| ((values[t as usize] - best) / self.trump_temperature).exp() / z;
        let surrender = logistic((f64::from(d.bid()) - 40.0 - best) / self.surrender_spread);
        let p = match a {
            Action::Trump(t) => (1.0 - surrender) * choice(t),
            Action::Surrender(t) => surrender * choice(t),
            _ => return 0.0,
        };
        p.max(1e-3).ln()
    }

    /// The log probability that the seat to act in `d` plays `c`.
    fn card_ll(&self, d: &Deal, c: binokel::Card) -> f64 {
        let legal = d.legal_cards();
        let count = legal.count_ones().max(1) as f64;
        if count <= 1.0 {
            return 0.0;
        }
        let h = policy::choose_card(&PlayCtx::from_deal(d));
        let p = self.card_noise / count + if h == c { 1.0 - self.card_noise } else { 0.0 };
        p.max(1e-3).ln()
    }
}

/// True when another seat has acted, so the model can tell sampled deals apart (before that
/// every deal has the same likelihood and plain uniform sampling is the same, only cheaper).
pub fn informative(info: &Info) -> bool {
    info.history.iter().any(|&(s, _)| s != info.me)
}

/// The lowest bid the seat to act may make, if any.
fn min_raise(d: &Deal) -> Option<u32> {
    let mut m: Option<u32> = None;
    d.for_each_legal(|a| {
        if let Action::Bid(b) = a {
            m = Some(m.map_or(b, |x| x.min(b)));
        }
    });
    m
}

/// Picks `n` of `deals` with probability proportional to `exp(logw)` by systematic
/// resampling (one uniform draw from `rng`; a deal of weight `w` is kept about `n * w / W`
/// times, so likely deals may appear more than once).
pub fn resample<R: Rng + ?Sized>(deals: &[Deal], logw: &[f64], n: usize, rng: &mut R) -> Vec<Deal> {
    if deals.is_empty() || n == 0 {
        return Vec::new();
    }
    let top = logw.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let w: Vec<f64> = logw.iter().map(|&x| (x - top).exp()).collect();
    let total: f64 = w.iter().sum();
    let step = total / n as f64;
    let mut u = rng.gen::<f64>() * step;
    let mut out = Vec::with_capacity(n);
    let mut acc = 0.0;
    for (d, &wi) in deals.iter().zip(&w) {
        acc += wi;
        while u < acc && out.len() < n {
            out.push(*d);
            u += step;
        }
    }
    // Rounding can leave the last pick out.
    while out.len() < n {
        out.push(deals[deals.len() - 1]);
    }
    out
}

/// The fit from a hand's cheap value to the heuristic's bidding value, for one set of rules:
/// `hand_value ≈ intercept + slope * max_t keep_value(hand, {}, t)`, with the residual spread.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Calibration {
    /// The fit's intercept (points).
    pub intercept: f64,
    /// The fit's slope.
    pub slope: f64,
    /// The standard deviation of the residuals (points).
    pub residual: f64,
}

impl Calibration {
    /// The predicted bidding value of a dealt hand.
    pub fn predict(&self, hand: CardSet, rules: &Rules) -> f64 {
        self.intercept + self.slope * cheap_value(hand, rules)
    }
}

/// The best `keep_value` of a dealt hand over the four trumps, nothing buried.
pub fn cheap_value(hand: CardSet, rules: &Rules) -> f64 {
    Suit::ALL
        .into_iter()
        .map(|t| policy::keep_value(hand, CardSet::EMPTY, t, rules))
        .max()
        .map_or(0.0, f64::from)
}

/// Hands dealt for a calibration.
const CALIBRATION_HANDS: u64 = 48;

/// The calibration for `info`'s rules: fitted on the first call for these rules (hands dealt
/// from a fixed seed, so the same everywhere), then kept for the process.
pub fn calibration(info: &Info) -> Calibration {
    static CACHE: OnceLock<Mutex<HashMap<Rules, Calibration>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(c) = cache.lock().map(|m| m.get(&info.rules).copied()).ok().flatten() {
        return c;
    }
    let c = fit(info);
    if let Ok(mut m) = cache.lock() {
        m.insert(info.rules, c);
    }
    c
}

/// Least squares of the heuristic's hand value on the cheap value over seeded hands.
fn fit(info: &Info) -> Calibration {
    let rules = info.rules;
    let mut rng = ChaCha8Rng::seed_from_u64(0x1f3e_2d4c);
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for i in 0..CALIBRATION_HANDS {
        let d = Deal::shuffled(rules, (i % rules.players as u64) as Seat, &mut rng);
        let hand = d.hand(0);
        let mut probe = info.clone();
        probe.hand = hand;
        xs.push(cheap_value(hand, &rules));
        ys.push(policy::hand_value(&probe, 12, &mut rng));
    }
    let n = xs.len() as f64;
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    let intercept = my - slope * mx;
    let sse: f64 = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| {
            let e = y - intercept - slope * x;
            e * e
        })
        .sum();
    Calibration {
        intercept,
        slope,
        residual: (sse / (n - 2.0).max(1.0)).sqrt(),
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26 for erf,
/// absolute error below 1.5e-7).
fn normal_cdf(x: f64) -> f64 {
    if x == f64::INFINITY {
        return 1.0;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    let z = x / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    let erf = if z >= 0.0 { erf } else { -erf };
    0.5 * (1.0 + erf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_cdf_is_a_distribution_function() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-6);
        assert!((normal_cdf(1.96) - 0.975).abs() < 1e-3);
        assert!((normal_cdf(-1.96) - 0.025).abs() < 1e-3);
        assert_eq!(normal_cdf(f64::INFINITY), 1.0);
    }

    #[test]
    fn resampling_follows_the_weights() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let deals: Vec<Deal> = (0..4)
            .map(|_| Deal::shuffled(Rules::default(), 0, &mut rng))
            .collect();
        let logw = [0.0, f64::ln(3.0), -50.0, 0.0];
        let out = resample(&deals, &logw, 10, &mut rng);
        assert_eq!(out.len(), 10);
        let count = |i: usize| out.iter().filter(|d| **d == deals[i]).count();
        assert_eq!(count(2), 0);
        assert!(count(1) >= 5 && count(1) <= 7, "{}", count(1));
    }
}
