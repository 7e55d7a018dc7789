//! The engine's fast paths against the rules written out literally. The one-pass
//! shuffle-cut-deal of `deal_cards` against the procedure of RULES.md section 2: shuffle the
//! whole pack, cut it, deal it in packets. Same generator, same draws, so a seed must give the
//! same deal either way; seeded games and records depend on that. And the legal cards computed
//! on masks (branch-free) against RULES.md section 6 card by card. And the trick-by-trick
//! playout (`play_out_unchecked`) against checked play card by card.

use binokel::deal::{beats, deal_cards, distribute, legal_response, pack_cards};
use binokel::{Action, Card, Contract, Deal, Phase, Preset, Rules, Suit};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Lemire's exact bounded draw, as `deal_cards` documents it: `x` mapped onto `0..s`, with
/// fresh 32-bit draws while in the rejection zone.
fn bounded(mut x: u32, s: u32, rng: &mut impl RngCore) -> usize {
    let mut m = x as u64 * s as u64;
    if (m as u32) < s {
        let threshold = s.wrapping_neg() % s;
        while (m as u32) < threshold {
            x = rng.next_u32();
            m = x as u64 * s as u64;
        }
    }
    (m >> 32) as usize
}

/// Shuffle (Fisher-Yates from the bottom, two steps per 64-bit draw), cut, then deal.
fn literal_deal(
    rules: &Rules,
    dealer: usize,
    rng: &mut ChaCha8Rng,
) -> ([binokel::CardSet; 4], binokel::CardSet) {
    let mut cards = pack_cards(rules);
    let len = cards.len();
    let cut = rng.gen_range(3..=len - 3);
    let mut i = len - 1;
    while i >= 1 {
        let v = rng.next_u64();
        let j = bounded(v as u32, i as u32 + 1, rng);
        cards.swap(i, j);
        i -= 1;
        if i >= 1 {
            let j = bounded((v >> 32) as u32, i as u32 + 1, rng);
            cards.swap(i, j);
            i -= 1;
        }
    }
    // The lower part (from the cut down) goes on top.
    cards.rotate_left(cut);
    distribute(rules, dealer, &cards)
}

#[test]
fn one_pass_deal_equals_shuffle_then_cut_then_deal() {
    // Two players deal only part of the pack to the hands (the rest is the stock), which
    // `distribute` does not model.
    for preset in Preset::ALL.into_iter().filter(|p| *p != Preset::TwoPlayer) {
        let rules = Rules::preset(preset);
        let players = rules.players as usize;
        for seed in 0..2_000u64 {
            let dealer = seed as usize % players;
            let fast = deal_cards(&rules, dealer, &mut ChaCha8Rng::seed_from_u64(seed));
            let slow = literal_deal(&rules, dealer, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(fast, slow, "preset {} seed {seed}", preset.name());
        }
    }
}

#[test]
fn a_seeded_deal_is_pinned() {
    // Seed 42, dealer 0, standard game: the hands must never change between versions.
    let d = Deal::shuffled(Rules::default(), 0, &mut ChaCha8Rng::seed_from_u64(42));
    let hands: Vec<String> = (0..3).map(|s| d.hand(s).to_string()).collect();
    let tapp = d.tapp().to_string();
    assert_eq!(
        (
            hands[0].as_str(),
            hands[1].as_str(),
            hands[2].as_str(),
            tapp.as_str()
        ),
        PINNED
    );
}

const PINNED: (&str, &str, &str, &str) = (
    "QS AS 9H QH 9D JD KD TD TD AD 9C KC TC AC AC",
    "9S JS QS TS TS KH KH TH AH AH QD AD JC KC TC",
    "9S JS KS KS AS 9H JH QH TH 9D QD 9C JC QC QC",
    "JH JD KD",
);

/// RULES.md section 6 card by card: follow the led suit, beating the winner if possible; else
/// trump, beating a winning trump if possible; else anything.
fn literal_legal(hand: u32, led: Suit, w: Card, trump: Option<Suit>) -> u32 {
    let cards: Vec<Card> = Card::all().filter(|c| hand & (1 << c.index()) != 0).collect();
    let mask = |v: Vec<&Card>| v.iter().fold(0u32, |m, c| m | 1 << c.index());
    let follow: Vec<&Card> = cards.iter().filter(|c| c.suit() == led).collect();
    let pool = if !follow.is_empty() {
        follow
    } else if let Some(t) = trump.filter(|&t| cards.iter().any(|c| c.suit() == t)) {
        cards.iter().filter(|c| c.suit() == t).collect()
    } else {
        return hand;
    };
    let beating: Vec<&Card> = pool.iter().copied().filter(|c| beats(**c, w, trump)).collect();
    if beating.is_empty() {
        mask(pool)
    } else {
        mask(beating)
    }
}

#[test]
fn legal_cards_on_masks_equal_the_rule_card_by_card() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for _ in 0..100_000 {
        // Hands of every size, often void in a suit.
        let mut hand = rng.gen::<u32>() & 0xFF_FFFF;
        for s in 0..4 {
            if rng.gen_bool(0.3) {
                hand &= !(0x3F << (6 * s));
            }
        }
        let w = Card::from_index(rng.gen_range(0..24));
        // The winner is of the led suit, or a trump that took the trick.
        let trump = [None, Some(Suit::from_index(rng.gen_range(0..4)))][rng.gen_range(0..2)];
        let led = match trump {
            Some(t) if w.suit() == t && rng.gen_bool(0.5) => Suit::from_index(rng.gen_range(0..4)),
            _ => w.suit(),
        };
        assert_eq!(
            legal_response(hand, led, w, trump),
            literal_legal(hand, led, w, trump),
            "hand {hand:06x}, led {led:?}, winner {w}, trump {trump:?}"
        );
    }
}

/// A uniformly chosen card of a non-empty kind mask.
fn any_of(m: u32, rng: &mut ChaCha8Rng) -> Card {
    let k = rng.gen_range(0..m.count_ones());
    let mut m = m;
    for _ in 0..k {
        m &= m - 1;
    }
    Card::from_index(m.trailing_zeros() as usize)
}

#[test]
fn play_out_equals_checked_play_card_by_card() {
    // Every preset (two and four players, Durch and Bettel take the card-by-card path),
    // declarations of every kind, and playouts that start in the middle of a trick.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut trick_by_trick = 0;
    let mut durch_or_bettel = 0;
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        for seed in 0..400u64 {
            let dealer = seed as usize % rules.players as usize;
            let mut d = Deal::shuffled(rules, dealer, &mut ChaCha8Rng::seed_from_u64(seed));
            while !d.is_over() && (d.phase() != Phase::Play || rng.gen_bool(0.2)) {
                let legal = d.legal_actions();
                // Mostly trump games (any suit), the playout's fast case; else any declaration.
                let a = if d.phase() == Phase::Declare && rng.gen_bool(0.7) {
                    Action::Trump(Suit::from_index(rng.gen_range(0..4)))
                } else {
                    legal[rng.gen_range(0..legal.len())]
                };
                d.play(a).unwrap();
            }
            if d.is_over() {
                continue;
            }
            if matches!(d.contract(), Some(Contract::Durch | Contract::Bettel)) {
                durch_or_bettel += 1;
            }
            if d.phase() == Phase::Play && d.current_trick().is_empty() && d.players() == 3 {
                trick_by_trick += 1;
            }
            let mut slow = d;
            let mut fast = d;
            let choices = rng.gen::<u64>();
            let mut slow_rng = ChaCha8Rng::seed_from_u64(choices);
            let mut slow_masks = Vec::new();
            while slow.legal_cards() != 0 {
                let m = slow.legal_cards();
                slow_masks.push(m);
                let c = any_of(m, &mut slow_rng);
                slow.play(Action::Play(c)).unwrap();
            }
            let mut fast_rng = ChaCha8Rng::seed_from_u64(choices);
            let mut fast_masks = Vec::new();
            fast.play_out_unchecked(|m| {
                fast_masks.push(m);
                any_of(m, &mut fast_rng)
            });
            assert_eq!(fast_masks, slow_masks, "preset {} seed {seed}", preset.name());
            assert_eq!(fast, slow, "preset {} seed {seed}", preset.name());
            // Two players end with the stock's meld and exchange actions still possible.
            assert!(fast.is_over() || d.players() == 2);
        }
    }
    assert!(
        trick_by_trick > 500,
        "only {trick_by_trick} playouts from a trick's start"
    );
    assert!(
        durch_or_bettel > 50,
        "only {durch_or_bettel} Durch or Bettel playouts"
    );
}
