//! The two-player heuristic: exchange the trump 9, show the best meld a won trick allows,
//! play low non-trumps while the stock lasts unless the trick is worth more than the cards it
//! spends, and after the stock win tricks cheaply and cash masters ([`policy`]); rollouts by
//! it, and the `heuristic` bot's action for a view ([`heuristic_choose`]).

use super::info::info_from_view;
use super::sim::{beats, Sim};
use binokel::deal::meld_value;
use binokel::{Action, Card, CardSet, View};

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
