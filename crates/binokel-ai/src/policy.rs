//! The heuristic's policy for the standard game (three and four seats): sound rules of thumb
//! for every decision, no search. Card play works on a small [`PlayCtx`] that can be built
//! from a view or from a sampled deal alike; the hand's value, the bid, the burial, the trump
//! and Durch read the seat's own cards. [`choose`] is the whole policy for a view, and
//! [`rollout`] plays a deal out with it at every seat.
//!
//! Below the bots: the `heuristic` bot (`heuristic.rs`) plays this policy, the `strong` bot
//! (`strong.rs`) plays deals out with it and prunes burials by it. Two players have their own
//! policy ([`crate::two::policy`]), which [`choose`] hands two-player views to.

use crate::info::Info;
use binokel::cardset::{above_mask, mask_cards};
use binokel::deal::{beats, for_each_burial};
use binokel::meld::{meld_total, meld_totals};
use binokel::rules::DEAL_CARD_POINTS;
use binokel::{Action, Card, CardSet, Contract, Deal, Phase, Rules, Seat, Suit, View};
use rand::seq::SliceRandom;
use rand::Rng;

/// Sampled Tapps behind the hand's value when the `heuristic` bot bids ([`hand_value`]).
pub const TAPP_SAMPLES: usize = 12;

/// What the card-play rule looks at: public facts plus the seat's own hand.
#[derive(Clone, Debug)]
pub struct PlayCtx {
    /// The seat to play.
    pub me: Seat,
    /// Its hand.
    pub hand: CardSet,
    /// Its legal cards (kind mask).
    pub legal: u32,
    /// The trump suit, if any.
    pub trump: Option<Suit>,
    /// The soloist.
    pub soloist: Seat,
    /// True in a Durch contract.
    pub durch: bool,
    /// Number of seats.
    pub n: usize,
    /// The cards on the table, in order, with the seat that played each.
    pub trick: Vec<(Seat, Card)>,
    /// Every card played so far (the current trick included).
    pub played: CardSet,
}

impl PlayCtx {
    /// The context of the seat to act in a deal (used by rollouts: it reads only that seat's
    /// hand and public facts).
    pub fn from_deal(d: &Deal) -> PlayCtx {
        let me = d.to_act().unwrap_or(0);
        let n = d.players();
        let leader = d.leader();
        PlayCtx {
            me,
            hand: d.hand(me),
            legal: d.legal_cards(),
            trump: d.trump(),
            soloist: d.soloist().unwrap_or(0),
            durch: d.contract() == Some(Contract::Durch),
            n,
            trick: d
                .current_trick()
                .iter()
                .enumerate()
                .map(|(i, &c)| ((leader + i) % n, c))
                .collect(),
            played: d.played(),
        }
    }

    /// The context of a seat from its knowledge, with the legal cards of its view.
    pub fn from_info(info: &Info, legal: u32) -> PlayCtx {
        PlayCtx {
            me: info.me,
            hand: info.hand,
            legal,
            trump: info.trump(),
            soloist: info.soloist.unwrap_or(0),
            durch: info.contract == Some(Contract::Durch),
            n: info.n,
            trick: info.trick.clone(),
            played: info.played,
        }
    }

    fn same_side(&self, a: Seat, b: Seat) -> bool {
        (a == self.soloist) == (b == self.soloist)
    }

    /// True when no card outside this hand and the played cards can beat `c` in its suit.
    fn is_master(&self, c: Card) -> bool {
        let seen = self.hand.union(self.played).unwrap_or(self.hand);
        let above = above_mask(c);
        // Every card above c must be accounted for twice (both copies).
        (seen.kinds() & above) == above && (seen.doubles() & above) == above
    }

    fn is_trump(&self, c: Card) -> bool {
        Some(c.suit()) == self.trump
    }
}

/// Ordering key: cheapest to give away first (points, then rank, trumps last).
fn cheap_key(ctx: &PlayCtx, c: Card) -> (bool, u32, usize) {
    (ctx.is_trump(c), c.points(), c.rank().index())
}

/// The heuristic card for the seat to play. `ctx.legal` must not be empty.
pub fn choose_card(ctx: &PlayCtx) -> Card {
    let legal: Vec<Card> = mask_cards(ctx.legal).collect();
    if legal.len() == 1 {
        return legal[0];
    }
    if ctx.trick.is_empty() {
        return lead(ctx, &legal);
    }
    let (mut wseat, mut w) = ctx.trick[0];
    for &(s, c) in &ctx.trick[1..] {
        if beats(c, w, ctx.trump) {
            wseat = s;
            w = c;
        }
    }
    let last = ctx.trick.len() == ctx.n - 1;
    let partner_wins = wseat != ctx.me && ctx.same_side(wseat, ctx.me);
    let winners: Vec<Card> = legal
        .iter()
        .copied()
        .filter(|&c| beats(c, w, ctx.trump))
        .collect();
    let cheapest = || *legal.iter().min_by_key(|&&c| cheap_key(ctx, c)).expect("legal");
    let smear = || {
        *legal
            .iter()
            .max_by_key(|&&c| (!ctx.is_trump(c), c.points(), std::cmp::Reverse(c.rank().index())))
            .expect("legal")
    };
    if last {
        if partner_wins {
            return smear();
        }
        if !winners.is_empty() {
            // Winning by following: take with the richest card; by trumping: the lowest trump.
            return if winners.iter().any(|&c| c.suit() == w.suit() || !ctx.is_trump(c)) {
                *winners.iter().max_by_key(|c| c.points()).expect("winner")
            } else {
                *winners.iter().min_by_key(|c| c.rank()).expect("winner")
            };
        }
        return cheapest();
    }
    // Second to play.
    let next = (ctx.me + 1) % ctx.n;
    if !winners.is_empty() {
        let masters: Vec<Card> = winners.iter().copied().filter(|&c| ctx.is_master(c)).collect();
        if ctx.same_side(next, ctx.me) && !partner_wins {
            return *winners
                .iter()
                .min_by_key(|&&c| cheap_key(ctx, c))
                .expect("winner");
        }
        if !masters.is_empty() {
            return *masters.iter().max_by_key(|c| c.points()).expect("master");
        }
        return *winners
            .iter()
            .min_by_key(|&&c| cheap_key(ctx, c))
            .expect("winner");
    }
    if partner_wins && ctx.is_master(w) && !ctx.same_side(next, ctx.me) {
        return smear();
    }
    cheapest()
}

fn lead(ctx: &PlayCtx, legal: &[Card]) -> Card {
    let masters: Vec<Card> = legal.iter().copied().filter(|&c| ctx.is_master(c)).collect();
    if ctx.durch {
        if let Some(&c) = masters.iter().max_by_key(|c| (c.rank(), c.points())) {
            return c;
        }
        return *legal.iter().max_by_key(|c| c.rank()).expect("legal");
    }
    let me_solo = ctx.me == ctx.soloist;
    if let (true, Some(t)) = (me_solo, ctx.trump) {
        let mine = ctx.hand.of_suit(t).len();
        let seen = ctx.played.of_suit(t).len();
        let outside = 12usize.saturating_sub(mine + seen);
        if mine > 0 && outside > 0 {
            let top = legal
                .iter()
                .copied()
                .filter(|&c| c.suit() == t)
                .max_by_key(|c| c.rank())
                .expect("trump held");
            if ctx.is_master(top) {
                return top;
            }
            if mine > outside {
                return *legal
                    .iter()
                    .filter(|c| c.suit() == t)
                    .min_by_key(|c| c.rank())
                    .expect("trump held");
            }
        }
    }
    let side_masters: Vec<Card> = masters.iter().copied().filter(|&c| !ctx.is_trump(c)).collect();
    if let Some(&c) = side_masters.iter().max_by_key(|c| c.points()) {
        return c;
    }
    // A low card of the shortest plain suit (to void it for trumping later), keeping tens
    // that are not covered by their ace.
    let suit_len = |s: Suit| ctx.hand.of_suit(s).len();
    let plain: Vec<Card> = legal.iter().copied().filter(|&c| !ctx.is_trump(c)).collect();
    let pool = if plain.is_empty() { legal.to_vec() } else { plain };
    *pool
        .iter()
        .min_by_key(|&&c| {
            let short = if me_solo { suit_len(c.suit()) } else { 0 };
            (c.points(), short, c.rank().index())
        })
        .expect("legal")
}

/// A rough estimate of the card points (tricks and last trick) a soloist takes with this
/// 15-card hand and trump `t`: 20, plus for each trump 8 (14 for an ace, 12 for a ten, 10 for
/// a king), plus in each other suit 14 an ace and 10 a ten when an ace of the suit is held
/// (else 3 a ten), plus 8 for each void other suit when holding two trumps or more; at most
/// 250.
///
/// Computed suit by suit from the set's two 6-bit kind patterns by table (it runs for
/// every suit of every burial the heuristic weighs: 916 burials on 40 cards).
pub fn trick_estimate(hand: CardSet, t: Suit) -> u32 {
    let (one, two) = (hand.kinds(), hand.doubles());
    let pattern = |m: u32, s: usize| ((m >> (6 * s)) & 63) as usize;
    let ti = t.index();
    let (to, tw) = (pattern(one, ti), pattern(two, ti));
    let trumps = SUIT_COUNT[to] + SUIT_COUNT[tw];
    let mut est = 20 + u32::from(TRUMP_ESTIMATE[to]) + u32::from(TRUMP_ESTIMATE[tw]);
    for s in (0..4).filter(|&s| s != ti) {
        let (o, w) = (pattern(one, s), pattern(two, s));
        let aces = ((o >> 5) & 1) + ((w >> 5) & 1);
        let tens = ((o >> 4) & 1) + ((w >> 4) & 1);
        est += (14 * aces + if aces > 0 { 10 * tens } else { 3 * tens }) as u32;
        if o == 0 && trumps >= 2 {
            est += 8;
        }
    }
    est.min(DEAL_CARD_POINTS)
}

/// [`trick_estimate`] under each trump at once (indexed by the suit's index): the suits'
/// parts are computed once and combined four ways.
pub fn trick_estimates(hand: CardSet) -> [u32; 4] {
    let (one, two) = (hand.kinds(), hand.doubles());
    let pattern = |m: u32, s: usize| ((m >> (6 * s)) & 63) as usize;
    let mut as_trump = [0u32; 4];
    let mut count = [0u32; 4];
    let mut as_side = [0u32; 4];
    let mut void = [0u32; 4];
    for s in 0..4 {
        let (o, w) = (pattern(one, s), pattern(two, s));
        as_trump[s] = u32::from(TRUMP_ESTIMATE[o]) + u32::from(TRUMP_ESTIMATE[w]);
        count[s] = SUIT_COUNT[o] + SUIT_COUNT[w];
        let aces = (((o >> 5) & 1) + ((w >> 5) & 1)) as u32;
        let tens = (((o >> 4) & 1) + ((w >> 4) & 1)) as u32;
        as_side[s] = 14 * aces + if aces > 0 { 10 * tens } else { 3 * tens };
        void[s] = u32::from(o == 0);
    }
    let sides: u32 = as_side.iter().sum();
    let voids: u32 = void.iter().sum();
    let mut out = [0u32; 4];
    for t in 0..4 {
        let bonus = if count[t] >= 2 { 8 * (voids - void[t]) } else { 0 };
        out[t] = (20 + as_trump[t] + sides - as_side[t] + bonus).min(DEAL_CARD_POINTS);
    }
    out
}

/// [`keep_value`] under each trump at once (indexed by the suit's index).
pub fn keep_values(kept: CardSet, buried: CardSet, rules: &Rules) -> [u32; 4] {
    let melds = meld_totals(kept, rules);
    let tricks = trick_estimates(kept);
    let p = buried.points();
    [0, 1, 2, 3].map(|t| melds[t] + p + tricks[t])
}

/// `TRUMP_ESTIMATE[m]`: [`trick_estimate`]'s worth of one copy of each trump in the 6-bit
/// kind pattern `m` (bit `r` the rank `r` from the 9 up to the ace): 8 each, plus 6 for the
/// ace, 4 for the ten, 2 for the king.
const TRUMP_ESTIMATE: [u8; 64] = binokel::cardset::suit_table([8, 8, 8, 10, 12, 14]);

/// `SUIT_COUNT[m]`: how many kinds the 6-bit pattern `m` holds.
const SUIT_COUNT: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut m = 0;
    while m < 64 {
        t[m] = (m as u32).count_ones();
        m += 1;
    }
    t
};

/// The heuristic value of keeping `kept` (15 cards) with trump `t` after burying `buried`:
/// melds, the burial's card points and the estimated trick points.
pub fn keep_value(kept: CardSet, buried: CardSet, t: Suit, rules: &Rules) -> u32 {
    meld_total(kept, Some(t), rules) + buried.points() + trick_estimate(kept, t)
}

/// The best burial and trump for an 18-card hand by [`keep_value`], with that value.
pub fn best_burial(hand: CardSet, k: usize, rules: &Rules) -> (CardSet, Suit, u32) {
    let mut best = (CardSet::EMPTY, Suit::Spades, 0u32);
    let mut first = true;
    for (b, t, v) in burial_candidates(hand, k, rules) {
        if first || v > best.2 {
            best = (b, t, v);
            first = false;
        }
    }
    best
}

/// Burials with the trump each suits best and their value. Up to four cards buried (the
/// Tapps of three seats, 816 choices at most) every burial is scored; a four-seat Tapp of 8
/// leaves 43,758 ways to bury 8 of 18 cards, too many to score for every decision, so each
/// trump gets one burial built greedily, a card at a time, always the card whose loss costs
/// least.
pub fn burial_candidates(hand: CardSet, k: usize, rules: &Rules) -> Vec<(CardSet, Suit, u32)> {
    let mut out = Vec::new();
    if k <= 4 {
        for_each_burial(hand, k, |b| {
            let kept = hand.minus(b).expect("burial held");
            let values = keep_values(kept, b, rules);
            let (t, v) = Suit::ALL
                .into_iter()
                .map(|t| (t, values[t.index()]))
                .max_by_key(|x| x.1)
                .expect("suits");
            out.push((b, t, v));
        });
        return out;
    }
    for t in Suit::ALL {
        let (mut kept, mut buried) = (hand, CardSet::EMPTY);
        for _ in 0..k {
            let Some((c, _)) = kept
                .distinct()
                .map(|c| {
                    let mut kk = kept;
                    kk.remove(c);
                    let mut bb = buried;
                    bb.insert(c);
                    (c, keep_value(kk, bb, t, rules))
                })
                .max_by_key(|x| (x.1, std::cmp::Reverse(x.0)))
            else {
                break;
            };
            kept.remove(c);
            buried.insert(c);
        }
        let v = keep_value(kept, buried, t, rules);
        out.push((buried, t, v));
    }
    out
}

/// The best trump for a hand that has already buried, with its value.
pub fn best_trump(kept: CardSet, buried: CardSet, rules: &Rules) -> (Suit, u32) {
    Suit::ALL
        .into_iter()
        .map(|t| (t, keep_value(kept, buried, t, rules)))
        .max_by_key(|&(t, v)| (v, std::cmp::Reverse(t)))
        .expect("four suits")
}

/// True when Durch cannot be lost: in every suit, each card above the soloist's lowest one is
/// held or buried by the soloist (both copies), so the opponents can never win a trick led
/// from the top.
pub fn durch_is_safe(kept: CardSet, buried: CardSet) -> bool {
    let own = kept.union(buried).unwrap_or(kept);
    Suit::ALL.into_iter().all(|s| {
        let cards = kept.of_suit(s);
        match cards.distinct().next() {
            None => true,
            Some(low) => {
                let above = above_mask(low);
                (own.doubles() & above) == above
            }
        }
    })
}

/// See [`HeuristicBot::hand_value`].
pub fn hand_value<R: Rng>(info: &Info, samples: usize, rng: &mut R) -> f64 {
    let k = info.rules.tapp as usize;
    let unknown: Vec<Card> = binokel::deal::pack(&info.rules)
        .minus(info.hand)
        .unwrap_or(CardSet::EMPTY)
        .iter()
        .collect();
    let mut sum = 0.0;
    let samples = samples.max(1);
    for _ in 0..samples {
        let mut pool = unknown.clone();
        pool.partial_shuffle(rng, k);
        let tapp: CardSet = pool[..k].iter().copied().collect();
        let full = info.hand.union(tapp).unwrap_or(info.hand);
        sum += f64::from(best_burial(full, k, &info.rules).2);
    }
    sum / samples as f64
}

/// The heuristic's bid: raise while the next bid stays below the hand's value less a margin.
pub fn bid_decision(view: &View, value: f64) -> Action {
    let raise = view
        .legal
        .iter()
        .copied()
        .filter_map(|a| match a {
            Action::Bid(b) => Some(b),
            _ => None,
        })
        .min();
    match raise {
        Some(b) if !view.legal.contains(&Action::Pass) => Action::Bid(b),
        Some(b) if f64::from(b) <= value - 10.0 => Action::Bid(b),
        _ => Action::Pass,
    }
}

/// The heuristic's declaration: Durch when safe, surrender when the contract looks hopeless,
/// else the best trump.
pub fn declare_decision(view: &View, info: &Info) -> Action {
    let buried = info.buried.unwrap_or(CardSet::EMPTY);
    let (t, v) = best_trump(info.hand, buried, &info.rules);
    if view.legal.contains(&Action::Durch) && durch_is_safe(info.hand, buried) {
        return Action::Durch;
    }
    let surrender = Action::Surrender(t);
    if (v as i64) < i64::from(info.bid) - 40 && view.legal.contains(&surrender) {
        return surrender;
    }
    let a = Action::Trump(t);
    if view.legal.contains(&a) {
        a
    } else {
        view.legal[0]
    }
}

/// The heuristic's action for a view, one of `view.legal`: what the `heuristic` bot plays
/// (and the `strong` bot when it cannot sample the view). Bidding values the hand over
/// `tapp_samples` sampled Tapps drawn from `rng` ([`hand_value`]).
pub fn choose<R: Rng>(view: &View, rng: &mut R, tapp_samples: usize) -> Action {
    if view.players == 2 {
        return crate::two::heuristic_choose(view);
    }
    let Ok(info) = Info::from_view(view) else {
        return view.legal[0];
    };
    let a = match view.phase {
        Phase::Auction => {
            let v = hand_value(&info, tapp_samples, rng);
            bid_decision(view, v)
        }
        Phase::Bury => {
            let k = info.rules.tapp as usize;
            let trump = info.trump();
            let (b, _, _) = match trump {
                // Trump named before burying (house rule): bury for that trump.
                Some(t) => {
                    let mut best = (CardSet::EMPTY, t, 0);
                    for &a in &view.legal {
                        if let Action::Bury(b) = a {
                            let kept = info.hand.minus(b).unwrap_or(info.hand);
                            let v = keep_value(kept, b, t, &info.rules);
                            if best.0.is_empty() || v > best.2 {
                                best = (b, t, v);
                            }
                        }
                    }
                    best
                }
                None => best_burial(info.hand, k, &info.rules),
            };
            Action::Bury(b)
        }
        Phase::Declare => declare_decision(view, &info),
        Phase::Play => {
            let legal = legal_mask(view);
            if legal == 0 {
                view.legal[0]
            } else {
                Action::Play(choose_card(&PlayCtx::from_info(&info, legal)))
            }
        }
        Phase::Done => view.legal[0],
    };
    if view.legal.contains(&a) {
        a
    } else {
        // House-rule actions this bot does not reason about (calling, two-player melds):
        // the first legal one keeps the game moving.
        view.legal[0]
    }
}

/// The legal cards of a view as a kind mask.
pub fn legal_mask(view: &View) -> u32 {
    view.legal.iter().fold(0u32, |m, a| match a {
        Action::Play(c) => m | 1 << c.index(),
        _ => m,
    })
}

/// The heuristic plays the deal out from the burial on (every seat reads only its own hand
/// and public facts).
pub fn rollout(d: &mut Deal) {
    loop {
        match d.phase() {
            Phase::Play => {
                let c = choose_card(&PlayCtx::from_deal(d));
                d.play_unchecked(Action::Play(c));
            }
            Phase::Bury => {
                let hand = d.hand(d.to_act().unwrap_or(0));
                let k = d.rules().tapp as usize;
                let (b, _, _) = best_burial(hand, k, d.rules());
                let a = if d.is_legal(Action::Bury(b)) {
                    Action::Bury(b)
                } else {
                    d.legal_actions()[0]
                };
                d.play_unchecked(a);
            }
            Phase::Declare => {
                let s = d.to_act().unwrap_or(0);
                let (t, _) = best_trump(d.hand(s), d.buried(), d.rules());
                d.play_unchecked(Action::Trump(t));
            }
            Phase::Auction | Phase::Done => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use binokel::Rank;
    use rand::SeedableRng;

    /// The definition of [`trick_estimate`] card by card, as it was written before the table.
    fn trick_estimate_by_cards(hand: CardSet, t: Suit) -> u32 {
        let mut est = 20u32;
        for c in hand.of_suit(t).iter() {
            est += 8 + match c.rank() {
                Rank::Ace => 6,
                Rank::Ten => 4,
                Rank::King => 2,
                _ => 0,
            };
        }
        let trumps = hand.of_suit(t).len();
        for s in Suit::ALL.into_iter().filter(|&s| s != t) {
            let cards = hand.of_suit(s);
            let aces = cards.count(Card::new(s, Rank::Ace));
            let tens = cards.count(Card::new(s, Rank::Ten));
            est += 14 * aces;
            est += if aces > 0 { 10 * tens } else { 3 * tens };
            if cards.is_empty() && trumps >= 2 {
                est += 8;
            }
        }
        est.min(DEAL_CARD_POINTS)
    }

    #[test]
    fn trick_estimate_by_table_equals_the_card_by_card_definition() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
        let pack: Vec<Card> = CardSet::PACK.iter().collect();
        let mut checked = 0;
        for n in [0usize, 1, 5, 12, 15, 16, 18, 24, 40, 48] {
            for _ in 0..400 {
                let mut cards = pack.clone();
                cards.shuffle(&mut rng);
                let hand: CardSet = cards[..n].iter().copied().collect();
                for t in Suit::ALL {
                    assert_eq!(
                        trick_estimate(hand, t),
                        trick_estimate_by_cards(hand, t),
                        "{hand} trump {t:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 10 * 400 * 4);
    }

    #[test]
    fn the_four_trump_values_at_once_equal_one_trump_at_a_time() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        let pack: Vec<Card> = CardSet::PACK.iter().collect();
        for preset in ["standard", "forty", "swabian", "dutch"] {
            let rules = Rules::from_preset_name(preset).unwrap();
            for n in [0usize, 1, 5, 12, 15, 16, 18, 24, 48] {
                for _ in 0..200 {
                    let mut cards = pack.clone();
                    cards.shuffle(&mut rng);
                    let kept: CardSet = cards[..n].iter().copied().collect();
                    let buried: CardSet = cards[n..(n + 4).min(48)].iter().copied().collect();
                    let tricks = trick_estimates(kept);
                    let values = keep_values(kept, buried, &rules);
                    for t in Suit::ALL {
                        assert_eq!(tricks[t.index()], trick_estimate(kept, t), "{kept} trump {t:?}");
                        assert_eq!(
                            values[t.index()],
                            keep_value(kept, buried, t, &rules),
                            "{kept} / {buried} trump {t:?}"
                        );
                    }
                }
            }
        }
    }
}
