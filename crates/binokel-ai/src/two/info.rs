//! What a seat knows in a two-player deal ([`TwoInfo`], read from its view by
//! [`info_from_view`]), and [`sample`]: a world that agrees with it, the opponent's hand and
//! the stock order drawn at random.

use super::sim::{Sim, DRAWS, MAY_EXCHANGE, MAY_MELD};
use binokel::deal::{meld_cards_of as meld_cards, meld_group as group, once_bit, once_per_deal};
use binokel::{Action, Card, CardSet, Phase, Rank, Rules, View};
use rand::seq::SliceRandom;
use rand::Rng;

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
