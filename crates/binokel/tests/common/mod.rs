//! Helpers shared by the rule tests: hand-made deals.
#![allow(dead_code)] // each test file uses a part

use binokel::{CardSet, Deal, Rules, Setup};

/// A card multiset from codes (`"AS AS KH"`).
pub fn cs(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// A deal under `rules` whose hands start with the given cards, the rest of the pack filling
/// the hands in card order and then the Tapp.
pub fn deal_with(rules: Rules, dealer: usize, partial: &[&str], tapp: &str) -> Deal {
    let n = rules.players as usize;
    let hs = rules.hand_size();
    let mut rest = binokel::deal::pack(&rules);
    let mut hands: Vec<CardSet> = (0..n)
        .map(|i| cs(partial.get(i).copied().unwrap_or("")))
        .collect();
    let tapp_given = cs(tapp);
    for h in hands.iter().chain(std::iter::once(&tapp_given)) {
        rest = rest.minus(*h).expect("a card given too often");
    }
    let mut pool = rest.iter();
    for h in hands.iter_mut() {
        while h.len() < hs {
            h.insert(pool.next().unwrap());
        }
    }
    let mut t = tapp_given;
    while t.len() < rules.tapp as usize {
        t.insert(pool.next().unwrap());
    }
    Deal::new(&Setup {
        rules,
        dealer,
        hands,
        tapp: t,
        stock: Vec::new(),
        turned: None,
    })
    .unwrap()
}
