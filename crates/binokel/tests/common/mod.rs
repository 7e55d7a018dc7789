//! Helpers shared by the rule tests: hand-made deals.
#![allow(dead_code)] // each test file uses a part

use binokel::{CardSet, Deal, Rules, Setup};

/// The house-rule options and the values the random tests combine (RULES.md section 10).
pub const OPTION_CHOICES: &[(&str, &[&str])] = &[
    ("low", &["nine", "seven"]),
    ("pack", &["48", "40"]),
    ("players", &["3", "4", "2"]),
    ("tapp", &["8", "4", "0"]),
    ("opening", &["150", "200", "100"]),
    ("raise", &["exact", "jumps"]),
    ("auction", &["duel", "open"]),
    ("all_pass", &["dealer_plays", "redeal"]),
    ("bury_meld_cards", &["allowed", "forbidden"]),
    ("calling", &["off", "on"]),
    ("rundgang", &["off", "on"]),
    ("family_pair", &["separate", "included"]),
    ("first_lead", &["forehand", "soloist"]),
    ("bettel", &["off", "on"]),
    ("durch", &["on", "off"]),
    ("opponents_need_trick", &["yes", "no"]),
    ("failed_bonus", &["0", "30"]),
    ("rounding", &["none", "ten"]),
    ("target", &["1500", "500"]),
    ("match_end", &["soloist_first", "highest"]),
];

/// Rules with one value of each option of [`OPTION_CHOICES`], `pick(n)` choosing among `n`
/// (the Tapp only with four players). Not validated: the caller skips what `validate` refuses.
pub fn rules_with(mut pick: impl FnMut(usize) -> usize) -> Rules {
    let mut r = Rules::default();
    for (name, values) in OPTION_CHOICES {
        if *name == "tapp" && r.players != 4 {
            continue;
        }
        r.set(name, values[pick(values.len()) % values.len()]).unwrap();
    }
    r
}

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
