//! The `beginner` level: a weak human for people learning the game.
//!
//! It plays the heuristic's rules of thumb ([`crate::heuristic`]) with a learner's habits:
//!
//! - **Bidding** is hopeful and rough: the heuristic's hand value from only a few imagined
//!   Tapps, misjudged by up to [`BID_MISJUDGE`] points either way, and raised while the bid
//!   is up to 30 points *above* it ([`BID_MARGIN`]; the heuristic stays 10 below). Cautious
//!   bidding was tried first and made no weaker a player (heuristic - beginner +0.2 over 200
//!   sets): the heuristic itself overbids a little, so bidding less costs it nothing.
//! - **Burial and declaration** are the heuristic's (a beginner who has won the auction
//!   buries and names trump sensibly).
//! - **Card play**: the heuristic's card, except that with probability [`MISTAKE`] (80 %) it
//!   plays a random card among the *reasonable* ones instead. Reasonable never means absurd: it never
//!   throws more than a king's worth of points more than it must onto a trick the other side
//!   is winning, never leads a ten that is not the highest card left in its suit, and never
//!   trumps a trick its own side already wins when it could do otherwise.
//!
//! No search. Deterministic for its seed. Hints are the heuristic's rollout values.

use crate::info::Info;
use crate::policy::{self, PlayCtx};
use crate::{Bot, HeuristicBot};
use binokel::cardset::mask_cards;
use binokel::deal::beats;
use binokel::{Action, Card, Phase, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The probability of playing a random reasonable card instead of the heuristic's.
pub const MISTAKE: f64 = 0.8;

/// The beginner raises while the bid stays at least this many points below the hand value
/// it sees (negative: it bids past it, hoping the Tapp and the play will bring the rest;
/// the heuristic keeps 10 points below).
pub const BID_MARGIN: f64 = -30.0;

/// The hand value a beginner sees is off by up to this many points (uniform, either way).
pub const BID_MISJUDGE: f64 = 60.0;

/// Imagined Tapps behind the beginner's hand value (the heuristic uses 12).
const TAPP_GUESSES: usize = 4;

/// The `beginner` bot.
pub struct BeginnerBot {
    seed: u64,
    rng: ChaCha8Rng,
    heuristic: HeuristicBot,
}

impl BeginnerBot {
    /// A beginner with a seed.
    pub fn new(seed: u64) -> BeginnerBot {
        BeginnerBot {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            heuristic: HeuristicBot::new(seed ^ 0xbe91_17e5),
        }
    }

    fn bid(&mut self, view: &View, info: &Info) -> Action {
        let value = policy::hand_value(info, TAPP_GUESSES, &mut self.rng);
        let misjudged = value + self.rng.gen_range(-BID_MISJUDGE..=BID_MISJUDGE);
        // bid_decision raises while the bid is at most value - 10.
        policy::bid_decision(view, misjudged - (BID_MARGIN - 10.0))
    }

    fn card(&mut self, info: &Info, legal: u32) -> Card {
        let ctx = PlayCtx::from_info(info, legal);
        let best = policy::choose_card(&ctx);
        if legal.count_ones() <= 1 || !self.rng.gen_bool(MISTAKE) {
            return best;
        }
        let options = reasonable(&ctx);
        if options.is_empty() {
            return best;
        }
        options[self.rng.gen_range(0..options.len())]
    }
}

/// The legal cards a learner might sensibly play (never an absurd one; see the module docs).
pub fn reasonable(ctx: &PlayCtx) -> Vec<Card> {
    let legal: Vec<Card> = mask_cards(ctx.legal).collect();
    let is_trump = |c: Card| Some(c.suit()) == ctx.trump;
    let seen = ctx.hand.union(ctx.played).unwrap_or(ctx.hand);
    if ctx.trick.is_empty() {
        // Leading: anything but a ten that a higher card left in its suit can still take.
        let master = |c: Card| {
            let above = binokel::cardset::above_mask(c);
            (seen.kinds() & above) == above && (seen.doubles() & above) == above
        };
        return legal
            .into_iter()
            .filter(|&c| c.rank() != binokel::Rank::Ten || master(c))
            .collect();
    }
    let (mut wseat, mut w) = ctx.trick[0];
    for &(s, c) in &ctx.trick[1..] {
        if beats(c, w, ctx.trump) {
            wseat = s;
            w = c;
        }
    }
    let side = |s: usize| {
        if ctx.n == 4 {
            (s % 2 == ctx.soloist % 2) == (ctx.me % 2 == ctx.soloist % 2)
        } else {
            (s == ctx.soloist) == (ctx.me == ctx.soloist)
        }
    };
    let ours = side(wseat);
    let min_points = legal.iter().map(|c| c.points()).min().unwrap_or(0);
    legal
        .iter()
        .copied()
        .filter(|&c| {
            let wins = beats(c, w, ctx.trump);
            if ours {
                // Do not trump a trick the side already holds when another card would do.
                !(wins && is_trump(c) && !is_trump(w) && legal.iter().any(|&x| !is_trump(x)))
            } else {
                // Win it, or give little away.
                wins || c.points() <= min_points + 4
            }
        })
        .collect()
}

impl Bot for BeginnerBot {
    fn name(&self) -> &str {
        "beginner"
    }

    /// Rollout values, like the heuristic's ([`crate::rollout_hint`]).
    fn hint(&mut self, view: &View) -> Vec<(Action, f64)> {
        self.heuristic.hint(view)
    }

    fn choose(&mut self, view: &View) -> Action {
        self.rng = crate::decision_rng(self.seed, view);
        if view.players == 2 {
            // Two players: the heuristic's choice, with the same slips in card play.
            let best = self.heuristic.choose(view);
            let cards: Vec<Action> = view
                .legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Play(c) if c.points() <= 4))
                .collect();
            if matches!(best, Action::Play(_)) && !cards.is_empty() && self.rng.gen_bool(MISTAKE) {
                return cards[self.rng.gen_range(0..cards.len())];
            }
            return best;
        }
        let Ok(info) = Info::from_view(view) else {
            return self.heuristic.choose(view);
        };
        let a = match view.phase {
            Phase::Auction => self.bid(view, &info),
            Phase::Play => {
                let legal = policy::legal_mask(view);
                if legal == 0 {
                    self.heuristic.choose(view)
                } else {
                    Action::Play(self.card(&info, legal))
                }
            }
            _ => self.heuristic.choose(view),
        };
        if view.legal.contains(&a) {
            a
        } else {
            view.legal[0]
        }
    }
}
