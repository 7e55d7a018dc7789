//! Two players (RULES.md section 13): the heuristic's play and the strong bot's search for the
//! stock game.
//!
//! The search runs on [`Sim`], a small copy of the two-player rules kept here rather than on
//! the engine's `Deal`: a sampled world must start from the middle of a deal (the opponent's
//! hand and the stock order drawn at random), which the engine builds only from a dealt
//! start and a replayed history, and a seat does not see enough of the history (which card
//! it drew when) to replay it. The bots' answers are always picked from the view's legal
//! actions, so a difference between this model and the engine could cost strength, never
//! legality.
//!
//! - `heuristic` ([`policy`]): exchange the trump 9, show the best meld a won trick allows,
//!   play low non-trumps while the stock lasts unless the trick is worth more than the cards
//!   it spends, and after the stock win tricks cheaply and cash masters.
//! - `strong` ([`strong_hint`]): sample the opponent's hand and the stock order consistently
//!   with the view (cards the opponent showed in melds and still holds are known), value
//!   every legal action by heuristic rollouts while the stock lasts; once it is empty every
//!   unseen card is in the other hand, and [`solve`] (exact alpha-beta with a transposition
//!   table) decides.

use crate::strong::Budget;
use binokel::deal::{
    meld_candidates, meld_cards_of as meld_cards, meld_group as group, meld_value, once_bit, once_per_deal,
};
use binokel::{Action, Card, CardSet, MeldKind, Phase, Rank, Rules, Suit, View};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashMap;

/// Tricks in a two-player deal (48 cards, two a trick).
const TRICKS: u32 = 24;
/// Cards drawn in a deal: the face-down stock and the card under it.
const DRAWS: usize = 24;
/// The winner of a trick may still show a meld.
const MAY_MELD: u8 = 1;
/// The winner of a trick may still exchange.
const MAY_EXCHANGE: u8 = 2;

/// Does `c` beat `w` (the card leading the trick) under `trump`? The first of two equal
/// copies wins, so an equal card does not beat.
#[inline]
fn beats(c: Card, w: Card, trump: Suit) -> bool {
    if c.suit() == w.suit() {
        c.rank() > w.rank()
    } else {
        c.suit() == trump
    }
}

/// A two-player deal in the middle of play, as the search sees one possible world.
#[derive(Copy, Clone, Debug)]
pub struct Sim {
    trump: Suit,
    rules: Rules,
    /// The card turned up at the deal (an exchange is refused when it is the trump 9).
    turned: Card,
    hands: [CardSet; 2],
    /// Cards still to draw, in order: `draws[drawn..]`, the face-up bottom card last.
    draws: [Card; DRAWS],
    drawn: usize,
    exchanged: bool,
    leader: usize,
    to_act: usize,
    lead: Option<Card>,
    window: u8,
    fresh: Option<Card>,
    used: [[CardSet; 4]; 2],
    once: [u32; 2],
    points: [u32; 2],
    melds: [u32; 2],
    tricks: u32,
    /// Cards played so far (public).
    gone: CardSet,
}

impl Sim {
    /// The seat to act, or None when the deal is over.
    pub fn to_act(&self) -> Option<usize> {
        (self.tricks < TRICKS).then_some(self.to_act)
    }

    /// True while cards are left to draw (free play, melds after a won trick).
    pub fn stock_lasts(&self) -> bool {
        self.drawn < DRAWS
    }

    /// Card points taken (the last trick's 10 included) plus melds shown, per seat.
    pub fn totals(&self) -> [i32; 2] {
        [0, 1].map(|s| (self.points[s] + self.melds[s]) as i32)
    }

    /// The cards `seat` holds in this world.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat]
    }

    fn before_draw(&self, seat: usize) -> CardSet {
        let mut hand = self.hands[seat];
        if let Some(c) = self.fresh {
            hand.remove(c);
        }
        hand
    }

    /// Shown copies stay marked only while the seat holds as many (as the engine keeps them).
    fn clamp_used(&mut self, seat: usize) {
        let h = self.hands[seat];
        for u in self.used[seat].iter_mut() {
            *u = CardSet::from_masks(u.kinds() & h.kinds(), u.doubles() & h.doubles());
        }
    }

    fn pool(&self, seat: usize, g: usize) -> CardSet {
        let hand = self.before_draw(seat);
        let u = self.used[seat][g];
        let held = CardSet::from_masks(u.kinds() & hand.kinds(), u.doubles() & hand.doubles());
        hand.minus(held).unwrap_or(CardSet::EMPTY)
    }

    fn can_meld(&self, kind: MeldKind, suit: Option<Suit>) -> bool {
        if self.window & MAY_MELD == 0 {
            return false;
        }
        let seat = self.to_act;
        let Some(cards) = meld_cards(kind, suit, self.trump) else {
            return false;
        };
        if once_per_deal(kind) && self.once[seat] & once_bit(kind, suit) != 0 {
            return false;
        }
        self.pool(seat, group(kind)).contains_all(cards)
    }

    fn can_exchange(&self) -> bool {
        if self.window & MAY_EXCHANGE == 0 || self.exchanged {
            return false;
        }
        let nine = Card::new(self.trump, Rank::Nine);
        self.turned != nine && self.before_draw(self.to_act).contains(nine)
    }

    /// The legal cards of the seat to act, as a kind mask.
    pub fn legal_cards(&self) -> u32 {
        let hand = self.hands[self.to_act].kinds();
        let Some(w) = self.lead else { return hand };
        if self.stock_lasts() {
            return hand;
        }
        let led = binokel::cardset::suit_mask(w.suit());
        if hand & led != 0 {
            let above = hand & led & binokel::cardset::above_mask(w);
            return if above != 0 { above } else { hand & led };
        }
        let trumps = hand & binokel::cardset::suit_mask(self.trump);
        if trumps != 0 {
            trumps
        } else {
            hand
        }
    }

    /// Every legal action: melds and the exchange (after a won trick), then the cards.
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.window != 0 {
            for (k, s) in meld_candidates(self.trump) {
                if self.can_meld(k, s) {
                    out.push(Action::Meld(k, s));
                }
            }
            if self.can_exchange() {
                out.push(Action::Exchange);
            }
        }
        out.extend(binokel::cardset::mask_cards(self.legal_cards()).map(Action::Play));
        out
    }

    /// Applies an action (the caller keeps to legal ones).
    pub fn apply(&mut self, a: Action) {
        match a {
            Action::Play(c) => self.play(c),
            Action::Meld(k, s) => {
                let seat = self.to_act;
                let Some(cards) = meld_cards(k, s, self.trump) else {
                    return;
                };
                let g = group(k);
                self.clamp_used(seat);
                self.used[seat][g] = self.used[seat][g].union(cards).unwrap_or(self.used[seat][g]);
                if once_per_deal(k) {
                    self.once[seat] |= once_bit(k, s);
                }
                self.window &= !MAY_MELD;
                self.melds[seat] += meld_value(k, s, self.trump, &self.rules);
            }
            Action::Exchange => {
                let seat = self.to_act;
                let nine = Card::new(self.trump, Rank::Nine);
                let turned = self.turned;
                self.clamp_used(seat);
                let scores = self.before_draw(seat).count(nine) > self.used[seat][3].count(nine);
                if !scores {
                    self.used[seat][3].remove(nine);
                }
                self.hands[seat].remove(nine);
                self.hands[seat].insert(turned);
                if self.drawn == DRAWS {
                    // The loser has just drawn the turned card; the exchange gives it the 9.
                    let loser = 1 - seat;
                    self.hands[loser].remove(turned);
                    self.hands[loser].insert(nine);
                } else {
                    self.draws[DRAWS - 1] = nine;
                }
                self.exchanged = true;
                self.window &= !MAY_EXCHANGE;
                if scores {
                    self.melds[seat] += 10;
                }
            }
            _ => {}
        }
    }

    fn play(&mut self, c: Card) {
        let seat = self.to_act;
        self.hands[seat].remove(c);
        self.gone.insert(c);
        self.window = 0;
        self.fresh = None;
        let Some(w) = self.lead else {
            self.lead = Some(c);
            self.to_act = 1 - seat;
            return;
        };
        let winner = if beats(c, w, self.trump) {
            seat
        } else {
            self.leader
        };
        self.points[winner] += c.points() + w.points();
        self.tricks += 1;
        self.lead = None;
        self.leader = winner;
        self.to_act = winner;
        if self.tricks == TRICKS {
            self.points[winner] += 10;
            return;
        }
        if self.drawn < DRAWS {
            self.clamp_used(0);
            self.clamp_used(1);
            let a = self.draws[self.drawn];
            let b = self.draws[self.drawn + 1];
            self.drawn += 2;
            self.hands[winner].insert(a);
            self.hands[1 - winner].insert(b);
            self.fresh = Some(a);
            self.window = MAY_MELD | MAY_EXCHANGE;
        }
    }
}

/// The strategic worth of keeping `c` beyond its card points: trumps win tricks later, and
/// cards of a complete meld may still be shown while the stock lasts.
fn keep_worth(c: Card, sim: &Sim, meld_cards_held: CardSet) -> u32 {
    let mut w = 0;
    if c.suit() == sim.trump {
        w += 6 + 2 * c.rank().index() as u32;
    }
    if sim.stock_lasts() && meld_cards_held.contains(c) {
        w += 15;
    }
    // The last copy outstanding of an ace or ten is a sure trick later.
    w
}

/// The heuristic's choice for the seat to act in `sim`, among `legal` (which must come from
/// the same position). It reads only what that seat knows: its hand, the trick, the trump,
/// the cards gone and whether the stock lasts.
pub fn policy(sim: &Sim, legal: &[Action]) -> Action {
    if legal.contains(&Action::Exchange) {
        return Action::Exchange;
    }
    let best_meld = legal
        .iter()
        .filter_map(|&a| match a {
            Action::Meld(k, s) => Some((meld_value(k, s, sim.trump, &sim.rules), a)),
            _ => None,
        })
        .max_by_key(|x| x.0);
    if let Some((_, a)) = best_meld {
        return a;
    }
    let mask = legal.iter().fold(0u32, |m, a| match a {
        Action::Play(c) => m | 1 << c.index(),
        _ => m,
    });
    if mask == 0 {
        return legal[0];
    }
    Action::Play(choose_card(sim, mask))
}

fn choose_card(sim: &Sim, mask: u32) -> Card {
    let me = sim.to_act;
    let hand = sim.hands[me];
    let melds = binokel::meld::meld_cards(hand, Some(sim.trump), &binokel::Rules::default());
    let cards: Vec<Card> = binokel::cardset::mask_cards(mask).collect();
    let cost = |c: Card| c.points() + keep_worth(c, sim, melds);
    let cheapest = |it: &mut dyn Iterator<Item = Card>| it.min_by_key(|&c| (cost(c), c.index()));
    match sim.lead {
        None => {
            if !sim.stock_lasts() {
                // Cash a master: a card no unseen card of its suit beats.
                let unseen = CardSet::PACK
                    .minus(sim.gone)
                    .and_then(|u| u.minus(hand))
                    .unwrap_or(CardSet::EMPTY);
                let master = cards
                    .iter()
                    .copied()
                    .filter(|&c| c.points() >= 10 && !unseen.iter().any(|u| beats(u, c, sim.trump)))
                    .max_by_key(|c| (c.suit() != sim.trump, c.points()));
                if let Some(c) = master {
                    return c;
                }
            }
            cheapest(&mut cards.iter().copied()).unwrap_or(cards[0])
        }
        Some(w) => {
            let trick = w.points();
            let winners: Vec<Card> = cards
                .iter()
                .copied()
                .filter(|&c| beats(c, w, sim.trump))
                .collect();
            let losers: Vec<Card> = cards
                .iter()
                .copied()
                .filter(|&c| !beats(c, w, sim.trump))
                .collect();
            // Winning keeps both cards' points and the lead; it spends the winner's worth.
            let win = winners
                .iter()
                .map(|&c| {
                    let v = (trick + c.points()) as i32 - keep_worth(c, sim, melds) as i32
                        + if sim.stock_lasts() { 4 } else { 0 };
                    (v, c)
                })
                .max_by_key(|x| (x.0, std::cmp::Reverse(x.1.index())));
            let lose = losers
                .iter()
                .map(|&c| {
                    (
                        -((trick + c.points()) as i32) - keep_worth(c, sim, melds) as i32,
                        c,
                    )
                })
                .max_by_key(|x| (x.0, std::cmp::Reverse(x.1.index())));
            match (win, lose) {
                (Some(a), Some(b)) => {
                    if a.0 >= b.0 {
                        a.1
                    } else {
                        b.1
                    }
                }
                (Some(a), None) => a.1,
                (None, Some(b)) => b.1,
                (None, None) => cards[0],
            }
        }
    }
}

/// Plays `sim` to its end with [`policy`] at both seats.
pub fn rollout(sim: &mut Sim) {
    while sim.to_act().is_some() {
        let legal = sim.legal();
        let a = policy(sim, &legal);
        sim.apply(a);
    }
}

/// The exact solver of a position after the stock: both hands known, strict play. Returns,
/// per legal card of the seat to act, the card points `me` takes from here on (the last
/// trick's 10 included), or None past `nodes` search nodes.
pub fn solve(sim: &Sim, me: usize, nodes: u64) -> Option<Vec<(Card, i32)>> {
    let mut s = Solver {
        table: HashMap::new(),
        nodes: 0,
        limit: nodes,
        me,
    };
    let mut out = Vec::new();
    for c in binokel::cardset::mask_cards(sim.legal_cards()) {
        let mut next = *sim;
        let before = next.points[me];
        next.play(c);
        let gained = next.points[me] as i32 - before as i32;
        let v = s.search(&next, -1, 1000)?;
        out.push((c, gained + v));
    }
    Some(out)
}

struct Solver {
    /// Bounds of positions at the start of a trick: (lower, upper).
    table: HashMap<(u64, u64, bool), (i32, i32)>,
    nodes: u64,
    limit: u64,
    me: usize,
}

fn key(h: CardSet) -> u64 {
    u64::from(h.kinds()) | u64::from(h.doubles()) << 24
}

impl Solver {
    /// Points `me` takes from `sim` on, searched in the window (alpha, beta).
    fn search(&mut self, sim: &Sim, mut alpha: i32, mut beta: i32) -> Option<i32> {
        if sim.tricks == TRICKS {
            return Some(0);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let k = (key(sim.hands[0]), key(sim.hands[1]), sim.to_act == self.me);
        let at_start = sim.lead.is_none();
        if at_start {
            if let Some(&(lo, hi)) = self.table.get(&k) {
                if lo == hi || lo >= beta {
                    return Some(lo);
                }
                if hi <= alpha {
                    return Some(hi);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        let (a0, b0) = (alpha, beta);
        let maxing = sim.to_act == self.me;
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        let mut moves: Vec<Card> = binokel::cardset::mask_cards(sim.legal_cards()).collect();
        // High cards first: they decide tricks and cut the search soonest.
        moves.sort_by_key(|c| std::cmp::Reverse((c.suit() == sim.trump, c.rank())));
        for c in moves {
            let mut next = *sim;
            let before = next.points[self.me];
            next.play(c);
            let gained = next.points[self.me] as i32 - before as i32;
            let v = gained + self.search(&next, alpha - gained, beta - gained)?;
            if maxing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if at_start {
            let e = self.table.entry(k).or_insert((i32::MIN, i32::MAX));
            if best <= a0 {
                e.1 = e.1.min(best);
            } else if best >= b0 {
                e.0 = e.0.max(best);
            } else {
                *e = (best, best);
            }
        }
        Some(best)
    }
}

/// What a seat knows in a two-player deal, read from its view.
#[derive(Clone, Debug)]
pub struct TwoInfo {
    /// The seat.
    pub me: usize,
    /// A world in which the opponent's hand and the face-down stock are still to be filled.
    pub base: Sim,
    /// Cards the opponent is known to hold (shown in melds and not played since, the card
    /// under the stock if it drew it).
    pub opp_known: CardSet,
    /// Cards whose place (the opponent's hand or the face-down stock) is unknown.
    pub unknown: Vec<Card>,
    /// Cards in the opponent's hand.
    pub opp_size: usize,
}

/// Reads a two-player view. None if the view is not a two-player deal in play or does not
/// add up (then the bots fall back to the first sensible legal action).
pub fn info_from_view(view: &View) -> Option<TwoInfo> {
    if view.players != 2 || view.phase != Phase::Play {
        return None;
    }
    let me = view.seat?;
    let opp = 1 - me;
    let hand = view.hand?;
    let trump = view.trump?;
    let rules = Rules::from_json(&view.rules).ok()?;
    let drawn = DRAWS.checked_sub(view.stock)?;
    // Walk the deal: cards gone, melds shown (their cards stay known while held), tricks.
    let mut gone = CardSet::EMPTY;
    let mut shown = [[[0u8; 24]; 4]; 2];
    let mut known = [0u8; 24];
    let mut once = [0u32; 2];
    let mut since_trick: Vec<(usize, Action)> = Vec::new();
    let mut plays = 0usize;
    for h in &view.history {
        let Some(a) = h.action else { continue };
        let seat = h.seat;
        if seat > 1 {
            return None;
        }
        match a {
            Action::Play(c) => {
                plays += 1;
                gone.insert(c);
                since_trick.clear();
                if seat == opp && known[c.index()] > 0 {
                    known[c.index()] -= 1;
                }
                for g in shown[seat].iter_mut() {
                    g[c.index()] = g[c.index()].saturating_sub(1);
                }
            }
            Action::Meld(k, su) => {
                since_trick.push((seat, a));
                let cards = meld_cards(k, su, trump)?;
                for c in cards.distinct() {
                    let n = cards.count(c) as u8;
                    let g = &mut shown[seat][group(k)][c.index()];
                    *g = (*g + n).min(2);
                    if seat == opp {
                        known[c.index()] = known[c.index()].max(*g);
                    }
                }
                if once_per_deal(k) {
                    once[seat] |= once_bit(k, su);
                }
            }
            Action::Exchange => {
                since_trick.push((seat, a));
                let nine = Card::new(trump, Rank::Nine);
                // At the last draw the loser, who has just drawn the turned card, gets the 9.
                let last_draw = plays / 2 * 2 == DRAWS;
                if seat == opp {
                    if known[nine.index()] > 0 {
                        known[nine.index()] -= 1;
                    }
                    // The exchanging seat holds the turned card, face up a moment ago.
                    if let Some(t) = view.turned_up {
                        known[t.index()] = (known[t.index()] + 1).min(2);
                    }
                } else if last_draw {
                    known[nine.index()] = (known[nine.index()] + 1).min(2);
                }
            }
            _ => return None,
        }
    }
    // The engine forgets a shown card once fewer copies are held than were shown; my own
    // holding is known, so clip to it.
    let mut used = [[CardSet::EMPTY; 4]; 2];
    for (seat, groups) in shown.iter().enumerate() {
        for (g, counts) in groups.iter().enumerate() {
            for (i, &n) in counts.iter().enumerate() {
                let c = Card::from_index(i);
                let held = if seat == me { hand.count(c) as u8 } else { known[i] };
                for _ in 0..n.min(held) {
                    used[seat][g].insert(c);
                }
            }
        }
    }
    let mut opp_known = CardSet::EMPTY;
    for (i, &n) in known.iter().enumerate() {
        for _ in 0..n {
            opp_known.insert(Card::from_index(i));
        }
    }
    let tricks = view.tricks.len() as u32;
    let (leader, lead) = match &view.trick {
        Some(t) if !t.cards.is_empty() => (t.leader, Some(t.cards[0])),
        _ => (view.to_act?, None),
    };
    // After a trick with a draw the winner may show a meld and exchange before it leads.
    let window = if lead.is_none() && tricks > 0 && tricks as usize * 2 <= DRAWS {
        let mut w = MAY_MELD | MAY_EXCHANGE;
        for (_, a) in &since_trick {
            match a {
                Action::Meld(..) => w &= !MAY_MELD,
                Action::Exchange => w &= !MAY_EXCHANGE,
                _ => {}
            }
        }
        w
    } else {
        0
    };
    let exchanged = view.history.iter().any(|h| h.action == Some(Action::Exchange));
    let mut draws = [Card::from_index(0); DRAWS];
    let mut unknown_set = CardSet::PACK.minus(hand)?.minus(gone)?;
    // The turned card is the bottom one until exchanged; after the exchange and after the
    // stock it matters no more (an exchange at the last draw is always taken, see
    // `strong_hint`), so the 9 stands in for it.
    let mut turned = Card::new(trump, Rank::Nine);
    if drawn < DRAWS {
        let bottom = view.turned?;
        if !exchanged {
            turned = bottom;
        }
        draws[DRAWS - 1] = bottom;
        unknown_set = unknown_set.minus(CardSet::from_iter([bottom]))?;
    }
    let opp_known = match unknown_set.minus(opp_known) {
        Some(rest) => {
            unknown_set = rest;
            opp_known
        }
        // The reading of shown melds does not fit: know nothing rather than something wrong.
        None => CardSet::EMPTY,
    };
    let points = [
        view.card_points.first().copied()?,
        view.card_points.get(1).copied()?,
    ];
    let mut melds = [0u32; 2];
    for m in &view.melds {
        if m.seat < 2 {
            melds[m.seat] = m.total;
        }
    }
    let base = Sim {
        trump,
        rules,
        turned,
        hands: {
            let mut h = [CardSet::EMPTY; 2];
            h[me] = hand;
            h
        },
        draws,
        drawn,
        exchanged,
        leader,
        to_act: view.to_act?,
        lead,
        window,
        fresh: None,
        used,
        once,
        points,
        melds,
        tricks,
        gone,
    };
    let info = TwoInfo {
        me,
        base,
        opp_known,
        unknown: unknown_set.iter().collect(),
        opp_size: *view.hand_sizes.get(opp)?,
    };
    // The places to fill must take exactly the unknown cards.
    let face_down = if drawn < DRAWS { DRAWS - 1 - drawn } else { 0 };
    if info.opp_size < opp_known.len() || info.unknown.len() + opp_known.len() != info.opp_size + face_down {
        return None;
    }
    Some(info)
}

/// Fills the unknown places of `info.base` at random: the opponent's hand, then the stock.
pub fn sample<R: Rng + ?Sized>(info: &TwoInfo, rng: &mut R) -> Option<Sim> {
    let mut pool = info.unknown.clone();
    pool.shuffle(rng);
    let mut sim = info.base;
    let opp = 1 - info.me;
    let mut hand = info.opp_known;
    let need = info.opp_size.checked_sub(hand.len())?;
    if need > pool.len() {
        return None;
    }
    for &c in &pool[..need] {
        hand.insert(c);
    }
    sim.hands[opp] = hand;
    let rest = &pool[need..];
    // The face-down part of the stock lies between the cards drawn and the bottom card.
    let face_down = (DRAWS - 1).saturating_sub(sim.drawn);
    if sim.drawn < DRAWS && rest.len() != face_down {
        return None;
    }
    sim.draws[sim.drawn..sim.drawn + rest.len()].copy_from_slice(rest);
    Some(sim)
}

/// The heuristic bot's action in a two-player view.
pub fn heuristic_choose(view: &View) -> Action {
    match info_from_view(view) {
        Some(info) => {
            let a = policy(&info.base, &view.legal);
            if view.legal.contains(&a) {
                a
            } else {
                view.legal[0]
            }
        }
        None => view.legal[0],
    }
}

/// The value for `me` of a finished world: its total less the opponent's.
fn margin(sim: &Sim, me: usize) -> f64 {
    let t = sim.totals();
    f64::from(t[me] - t[1 - me])
}

/// Adds to `sums[i]` the margin for `me` of `legal[i]` in `world`: a rollout while the stock
/// lasts, the exact solve after it.
fn rate_world(world: &Sim, me: usize, legal: &[Action], budget: &Budget, sums: &mut [f64]) {
    let exact: Option<HashMap<usize, i32>> = if world.stock_lasts() {
        None
    } else {
        solve(world, me, budget.solver_nodes).map(|v| v.into_iter().map(|(c, p)| (c.index(), p)).collect())
    };
    let t = world.totals();
    // Card points still to take, the last trick's 10 included.
    let left = CardSet::PACK.points() as i32 + 10 - (world.points[0] + world.points[1]) as i32;
    for (i, &a) in legal.iter().enumerate() {
        sums[i] += match (&exact, a) {
            (Some(sol), Action::Play(c)) => {
                // Melds are over after the stock: only card points still move.
                let mine = *sol.get(&c.index()).unwrap_or(&0);
                f64::from(t[me] + mine) - f64::from(t[1 - me] + left - mine)
            }
            _ => {
                let mut w = *world;
                w.apply(a);
                rollout(&mut w);
                margin(&w, me)
            }
        };
    }
}

/// The arena's omniscient seat: the strong bot's rating on the true deal (the other hand and
/// the stock order as they are), one world instead of samples.
pub fn omniscient_hint(view: &View, truth: &binokel::Deal, budget: &Budget) -> Vec<(Action, f64)> {
    let Some(info) = info_from_view(view) else {
        return strong_hint(
            view,
            budget,
            &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0),
        );
    };
    let me = info.me;
    let mut world = info.base;
    world.hands[1 - me] = truth.hand(1 - me);
    world.hands[me] = truth.hand(me);
    let stock = truth.stock();
    for (i, &c) in stock.iter().enumerate().skip(world.drawn) {
        world.draws[i] = c;
    }
    if let Some(b) = truth.bottom() {
        world.draws[DRAWS - 1] = b;
    }
    if let Some(t) = truth.turned() {
        world.turned = t;
    }
    world.fresh = truth.fresh_card();
    let mut sums = vec![0.0; view.legal.len()];
    rate_world(&world, me, &view.legal, budget, &mut sums);
    let mut out: Vec<(Action, f64)> = view.legal.iter().copied().zip(sums).collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// The strong bot's rating of every legal action of a two-player view (best first): the mean
/// margin over sampled worlds, each finished by rollouts or, after the stock, exactly.
pub fn strong_hint<R: Rng + ?Sized>(view: &View, budget: &Budget, rng: &mut R) -> Vec<(Action, f64)> {
    let Some(info) = info_from_view(view) else {
        let a = heuristic_choose(view);
        return view
            .legal
            .iter()
            .map(|&x| (x, if x == a { 1.0 } else { 0.0 }))
            .collect();
    };
    let me = info.me;
    if view.stock == 0 && view.legal.contains(&Action::Exchange) {
        // The exchange at the last draw: the 9 for a trump the loser has just drawn and 10
        // points, never worse; the view no longer shows which card that is, so no search.
        let mut v: Vec<(Action, f64)> = view.legal.iter().map(|&a| (a, 0.0)).collect();
        v.sort_by_key(|x| x.0 != Action::Exchange);
        v[0].1 = 10.0;
        return v;
    }
    let samples = budget.play_samples.max(1) * 2;
    let mut sums = vec![0.0; view.legal.len()];
    let mut counted = 0usize;
    for _ in 0..samples {
        let Some(world) = sample(&info, rng) else { continue };
        counted += 1;
        rate_world(&world, me, &view.legal, budget, &mut sums);
        if !world.stock_lasts() {
            // After the stock the world is the true one: one sample decides.
            break;
        }
    }
    let n = counted.max(1) as f64;
    let mut out: Vec<(Action, f64)> = view.legal.iter().zip(sums).map(|(&a, s)| (a, s / n)).collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}
