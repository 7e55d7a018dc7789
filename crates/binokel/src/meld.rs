//! Melds (RULES.md section 5): the table, the three kinds a card may be reused across, and
//! the house options `rundgang` and `family_pair`.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::rules::Rules;
use std::fmt;

/// The kinds of meld, named as in `binokel meld --json`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    /// A 10 K Q J of one suit.
    Family,
    /// Both copies of all five family cards.
    DoubleFamily,
    /// K Q of one suit.
    Pair,
    /// One ace in every suit.
    FourAces,
    /// One king in every suit.
    FourKings,
    /// One queen in every suit.
    FourQueens,
    /// One jack in every suit.
    FourJacks,
    /// Both aces in every suit.
    EightAces,
    /// Both kings in every suit.
    EightKings,
    /// Both queens in every suit.
    EightQueens,
    /// Both jacks in every suit.
    EightJacks,
    /// Q♠ + J♦.
    Binokel,
    /// Both Q♠ and both J♦.
    DoubleBinokel,
    /// A 9 of trump.
    Diss,
    /// A pair in every suit with four kings and four queens (house rule).
    Rundgang,
}

impl MeldKind {
    /// Every kind, in the order of the meld table.
    pub const ALL: [MeldKind; 15] = [
        MeldKind::Family,
        MeldKind::DoubleFamily,
        MeldKind::Pair,
        MeldKind::FourAces,
        MeldKind::FourKings,
        MeldKind::FourQueens,
        MeldKind::FourJacks,
        MeldKind::EightAces,
        MeldKind::EightKings,
        MeldKind::EightQueens,
        MeldKind::EightJacks,
        MeldKind::Binokel,
        MeldKind::DoubleBinokel,
        MeldKind::Diss,
        MeldKind::Rundgang,
    ];

    /// The name used in JSON and records: `family`, `four_aces`, ...
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Family => "family",
            MeldKind::DoubleFamily => "double_family",
            MeldKind::Pair => "pair",
            MeldKind::FourAces => "four_aces",
            MeldKind::FourKings => "four_kings",
            MeldKind::FourQueens => "four_queens",
            MeldKind::FourJacks => "four_jacks",
            MeldKind::EightAces => "eight_aces",
            MeldKind::EightKings => "eight_kings",
            MeldKind::EightQueens => "eight_queens",
            MeldKind::EightJacks => "eight_jacks",
            MeldKind::Binokel => "binokel",
            MeldKind::DoubleBinokel => "double_binokel",
            MeldKind::Diss => "diss",
            MeldKind::Rundgang => "rundgang",
        }
    }

    /// The kind of a name.
    pub fn from_name(s: &str) -> Option<MeldKind> {
        MeldKind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// True for kinds that belong to a suit (family, double family, pair, diss).
    pub const fn has_suit(self) -> bool {
        matches!(
            self,
            MeldKind::Family | MeldKind::DoubleFamily | MeldKind::Pair | MeldKind::Diss
        )
    }
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One meld shown: its kind, its suit where one belongs, and its points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    /// The kind.
    pub kind: MeldKind,
    /// The suit, for families, pairs and Diss.
    pub suit: Option<Suit>,
    /// Points under the trump it was counted with.
    pub points: u32,
}

/// The melds of one hand: a small fixed list (no allocation) and its total.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Melds {
    items: [Meld; 16],
    len: u8,
}

impl Default for Melds {
    fn default() -> Self {
        Melds {
            items: [Meld {
                kind: MeldKind::Pair,
                suit: None,
                points: 0,
            }; 16],
            len: 0,
        }
    }
}

impl Melds {
    fn push(&mut self, kind: MeldKind, suit: Option<Suit>, points: u32) {
        self.items[self.len as usize] = Meld { kind, suit, points };
        self.len += 1;
    }

    /// The melds in table order.
    pub fn as_slice(&self) -> &[Meld] {
        &self.items[..self.len as usize]
    }

    /// The sum of their points.
    pub fn total(&self) -> u32 {
        self.as_slice().iter().map(|m| m.points).sum()
    }

    /// True when the hand shows nothing.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

const FAMILY: [Rank; 5] = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack];

/// The melds of `hand` with trump `trump` (None: every suit plain, no Diss).
///
/// ```
/// use binokel::{meld::melds, CardSet, Rules, Suit};
/// let hand: CardSet = "AS TS KS QS JS KS QS".parse().unwrap();
/// assert_eq!(melds(hand, Some(Suit::Spades), &Rules::default()).total(), 190);
/// assert_eq!(melds(hand, Some(Suit::Hearts), &Rules::default()).total(), 120);
/// ```
pub fn melds(hand: CardSet, trump: Option<Suit>, rules: &Rules) -> Melds {
    let mut out = Melds::default();
    let count = |s: Suit, r: Rank| hand.count(Card::new(s, r));
    // Kind 1: families and pairs, per suit.
    let mut pairs_per_suit = [0u32; 4];
    for s in Suit::ALL {
        let is_trump = trump == Some(s);
        let fam = FAMILY.iter().map(|&r| count(s, r)).min().unwrap_or(0);
        let kings = count(s, Rank::King);
        let queens = count(s, Rank::Queen);
        let pair_pts = if is_trump { 40 } else { 20 };
        let mut pairs = match fam {
            2 => {
                out.push(
                    MeldKind::DoubleFamily,
                    Some(s),
                    if is_trump { 1500 } else { 1000 },
                );
                0
            }
            1 => {
                out.push(MeldKind::Family, Some(s), if is_trump { 150 } else { 100 });
                u32::from(kings == 2 && queens == 2)
            }
            _ => kings.min(queens),
        };
        if rules.family_pair_included {
            pairs += fam;
        }
        pairs_per_suit[s.index()] = pairs;
        for _ in 0..pairs {
            out.push(MeldKind::Pair, Some(s), pair_pts);
        }
    }
    // Kind 2: fours and eights.
    let ranks = [
        (Rank::Ace, MeldKind::FourAces, MeldKind::EightAces, 100),
        (Rank::King, MeldKind::FourKings, MeldKind::EightKings, 80),
        (Rank::Queen, MeldKind::FourQueens, MeldKind::EightQueens, 60),
        (Rank::Jack, MeldKind::FourJacks, MeldKind::EightJacks, 40),
    ];
    let mut four = [false; 4];
    for (i, (r, k4, k8, pts)) in ranks.into_iter().enumerate() {
        match Suit::ALL.iter().map(|&s| count(s, r)).min().unwrap_or(0) {
            2 => out.push(k8, None, 1000),
            1 => {
                four[i] = true;
                out.push(k4, None, pts);
            }
            _ => {}
        }
    }
    // Kind 3: Binokel.
    let q = count(Suit::Spades, Rank::Queen);
    let j = count(Suit::Diamonds, Rank::Jack);
    match q.min(j) {
        2 => out.push(MeldKind::DoubleBinokel, None, 300),
        1 => out.push(MeldKind::Binokel, None, 40),
        _ => {}
    }
    // Diss: each 9 of trump.
    if let Some(t) = trump {
        for _ in 0..count(t, Rank::Nine) {
            out.push(MeldKind::Diss, Some(t), 10);
        }
    }
    if rules.rundgang && four[1] && four[2] && pairs_per_suit.iter().all(|&p| p >= 1) {
        fold_rundgang(&mut out);
    }
    out
}

/// Replaces one pair per suit, four kings and four queens by one `rundgang` of their sum.
fn fold_rundgang(m: &mut Melds) {
    let mut kept = Melds::default();
    let mut seen_pair = [false; 4];
    let mut sum = 0;
    for &x in m.as_slice() {
        let fold = match (x.kind, x.suit) {
            (MeldKind::Pair, Some(s)) if !seen_pair[s.index()] => {
                seen_pair[s.index()] = true;
                true
            }
            (MeldKind::FourKings | MeldKind::FourQueens, _) => true,
            _ => false,
        };
        if fold {
            sum += x.points;
        } else {
            kept.push(x.kind, x.suit, x.points);
        }
    }
    kept.push(MeldKind::Rundgang, None, sum);
    *m = kept;
}

/// The cards of `hand` that belong to at least one meld under `trump` (a copy reused across
/// kinds counts once): what `bury_meld_cards = forbidden` keeps out of the burial.
pub fn meld_cards(hand: CardSet, trump: Option<Suit>, _rules: &Rules) -> CardSet {
    let mut used = [0u32; 24];
    let mut need = |c: Card, k: u32| {
        let u = &mut used[c.index()];
        *u = (*u).max(k);
    };
    let count = |s: Suit, r: Rank| hand.count(Card::new(s, r));
    for s in Suit::ALL {
        let fam = FAMILY.iter().map(|&r| count(s, r)).min().unwrap_or(0);
        for &r in &FAMILY {
            need(Card::new(s, r), fam);
        }
        let kq = match fam {
            2 => 2,
            1 if count(s, Rank::King) == 2 && count(s, Rank::Queen) == 2 => 2,
            1 => 1,
            _ => count(s, Rank::King).min(count(s, Rank::Queen)),
        };
        need(Card::new(s, Rank::King), kq);
        need(Card::new(s, Rank::Queen), kq);
    }
    for r in [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack] {
        let k = Suit::ALL.iter().map(|&s| count(s, r)).min().unwrap_or(0);
        for s in Suit::ALL {
            need(Card::new(s, r), k);
        }
    }
    let b = count(Suit::Spades, Rank::Queen).min(count(Suit::Diamonds, Rank::Jack));
    need(Card::new(Suit::Spades, Rank::Queen), b);
    need(Card::new(Suit::Diamonds, Rank::Jack), b);
    if let Some(t) = trump {
        need(Card::new(t, Rank::Nine), count(t, Rank::Nine));
    }
    let mut out = CardSet::EMPTY;
    for (i, &k) in used.iter().enumerate() {
        for _ in 0..k {
            out.insert(Card::from_index(i));
        }
    }
    out
}

/// Families and pairs of one suit by table: index = the suit's family ranks (J Q K 10 A, bits
/// 0-4) held once, plus the same ranks held twice (bits 5-9); value = the points with the
/// suit plain (low 16 bits) and as trump (high 16 bits). One table per `family_pair` option.
const SUIT_MELDS: [[u32; 1024]; 2] = {
    let mut t = [[0u32; 1024]; 2];
    let mut included = 0;
    while included < 2 {
        let mut i = 0u32;
        while i < 1024 {
            let one = i & 31;
            let two = (i >> 5) & 31;
            // Rank bits within the index: 0 = J, 1 = Q, 2 = K, 3 = 10, 4 = A.
            let kings = ((one >> 2) & 1) + ((two >> 2) & 1);
            let queens = ((one >> 1) & 1) + ((two >> 1) & 1);
            let fam = if two & 31 == 31 && one & 31 == 31 {
                2
            } else if one & 31 == 31 {
                1
            } else {
                0
            };
            let mut pairs = match fam {
                2 => 0,
                1 => (kings == 2 && queens == 2) as u32,
                _ => {
                    if kings < queens {
                        kings
                    } else {
                        queens
                    }
                }
            };
            if included == 1 {
                pairs += fam;
            }
            let (plain, trump) = match fam {
                2 => (1000, 1500),
                1 => (100, 150),
                _ => (0, 0),
            };
            t[included][i as usize] = (plain + pairs * 20) | ((trump + pairs * 40) << 16);
            i += 1;
        }
        included += 1;
    }
    t
};

/// The total of `melds`, for hot paths: the same table computed on the bit masks.
pub fn meld_total(hand: CardSet, trump: Option<Suit>, rules: &Rules) -> u32 {
    // Rundgang only regroups melds (its value is their sum), so it never changes the total.
    let one = hand.kinds();
    let two = hand.doubles();
    let mut total = 0;
    // Families and pairs. Ranks in a suit: bit 0 = 9, 1 = J, 2 = Q, 3 = K, 4 = 10, 5 = A.
    let table = &SUIT_MELDS[rules.family_pair_included as usize];
    let t = trump.map_or(4, |t| t as u32);
    for s in 0..4u32 {
        let sh = s * 6 + 1;
        let v = table[(((one >> sh) & 31) | (((two >> sh) & 31) << 5)) as usize];
        total += if s == t { v >> 16 } else { v & 0xFFFF };
    }
    // Fours and eights.
    for (r, pts) in [
        (Rank::Ace, 100),
        (Rank::King, 80),
        (Rank::Queen, 60),
        (Rank::Jack, 40),
    ] {
        let m = crate::cardset::rank_mask(r);
        if two & m == m {
            total += 1000;
        } else if one & m == m {
            total += pts;
        }
    }
    // Binokel.
    let qs = Card::new(Suit::Spades, Rank::Queen).index();
    let jd = Card::new(Suit::Diamonds, Rank::Jack).index();
    let bm = (1 << qs) | (1 << jd);
    if two & bm == bm {
        total += 300;
    } else if one & bm == bm {
        total += 40;
    }
    // Diss.
    if let Some(t) = trump {
        total += 10 * hand.count(Card::new(t, Rank::Nine));
    }
    total
}

/// [`meld_total`] under each trump at once: `meld_totals(hand, rules)[t.index()] ==
/// meld_total(hand, Some(t), rules)`. The parts that do not depend on the trump (the other
/// suits' families and pairs, fours, eights, Binokel) are computed once; the bots weigh every
/// burial under every trump, so this is their hot path.
pub fn meld_totals(hand: CardSet, rules: &Rules) -> [u32; 4] {
    let one = hand.kinds();
    let two = hand.doubles();
    let table = &SUIT_MELDS[rules.family_pair_included as usize];
    let mut plain = [0u32; 4];
    let mut trump = [0u32; 4];
    for s in 0..4u32 {
        let sh = s * 6 + 1;
        let v = table[(((one >> sh) & 31) | (((two >> sh) & 31) << 5)) as usize];
        plain[s as usize] = v & 0xFFFF;
        trump[s as usize] = v >> 16;
    }
    // Everything that meld_total(hand, None, rules) counts.
    let none = meld_total(hand, None, rules);
    let mut out = [0u32; 4];
    for t in Suit::ALL {
        let i = t.index();
        out[i] = none - plain[i] + trump[i] + 10 * hand.count(Card::new(t, Rank::Nine));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meld_totals_agree_with_meld_total_under_each_trump() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let pack: Vec<Card> = CardSet::PACK.iter().collect();
        let mut pair_rules = Rules::default();
        pair_rules.family_pair_included = !pair_rules.family_pair_included;
        let mut checked = 0;
        for rules in [Rules::default(), pair_rules] {
            for n in [0usize, 3, 12, 15, 16, 18, 24, 30, 48] {
                for _ in 0..300 {
                    let mut cards = pack.clone();
                    cards.shuffle(&mut rng);
                    let hand: CardSet = cards[..n].iter().copied().collect();
                    let all = meld_totals(hand, &rules);
                    for t in Suit::ALL {
                        assert_eq!(
                            all[t.index()],
                            meld_total(hand, Some(t), &rules),
                            "{hand} trump {t:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 2 * 9 * 300 * 4);
    }

    fn total(hand: &str, trump: Option<Suit>) -> u32 {
        meld_total(hand.parse().unwrap(), trump, &Rules::default())
    }

    fn kinds(hand: &str, trump: Option<Suit>, rules: &Rules) -> Vec<(MeldKind, u32)> {
        let mut v: Vec<_> = melds(hand.parse().unwrap(), trump, rules)
            .as_slice()
            .iter()
            .map(|m| (m.kind, m.points))
            .collect();
        v.sort();
        v
    }

    const S: Option<Suit> = Some(Suit::Spades);
    const H: Option<Suit> = Some(Suit::Hearts);

    #[test]
    fn fast_total_agrees_with_the_list_on_random_hands() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for i in 0..20_000 {
            let r = Rules {
                family_pair_included: i % 3 == 0,
                rundgang: i % 2 == 0,
                ..Rules::default()
            };
            let mut hand = CardSet::EMPTY;
            let size = rng.gen_range(0..=24);
            while hand.len() < size {
                hand.insert(Card::from_index(rng.gen_range(0..24)));
            }
            let trump = [
                None,
                Some(Suit::Spades),
                Some(Suit::Hearts),
                Some(Suit::Diamonds),
                Some(Suit::Clubs),
            ][rng.gen_range(0..5)];
            assert_eq!(
                meld_total(hand, trump, &r),
                melds(hand, trump, &r).total(),
                "{hand} {trump:?}"
            );
            // Hands from a few kinds only, so that fours, eights, double families and
            // double Binokel are common.
            let kinds: Vec<usize> = (0..rng.gen_range(1..=8)).map(|_| rng.gen_range(0..24)).collect();
            let mut hand = CardSet::EMPTY;
            for _ in 0..rng.gen_range(0..=16) {
                hand.insert(Card::from_index(kinds[rng.gen_range(0..kinds.len())]));
            }
            for rank in [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack] {
                if rng.gen_bool(0.2) {
                    for s in Suit::ALL {
                        hand.insert(Card::new(s, rank));
                        if rng.gen_bool(0.7) {
                            hand.insert(Card::new(s, rank));
                        }
                    }
                }
            }
            assert_eq!(
                meld_total(hand, trump, &r),
                melds(hand, trump, &r).total(),
                "{hand} {trump:?}"
            );
        }
    }

    #[test]
    fn meld_cards_are_the_copies_in_melds() {
        let r = Rules::default();
        let mc = |h: &str, t| meld_cards(h.parse().unwrap(), t, &r);
        assert_eq!(mc("AS TS KS QS JS KS 9H", S), "AS TS KS QS JS".parse().unwrap());
        assert_eq!(mc("KH QH KH 9S 9S", S), "KH QH 9S 9S".parse().unwrap());
        assert_eq!(mc("QS JD AH", H), "QS JD".parse().unwrap());
        assert_eq!(mc("AS AH AD AC AS", None), "AS AH AD AC".parse().unwrap());
        assert_eq!(mc("TS TH TD TC", None), CardSet::EMPTY);
    }

    #[test]
    fn meld_table_family_trump_and_plain() {
        assert_eq!(total("AS TS KS QS JS", S), 150);
        assert_eq!(total("AS TS KS QS JS", H), 100);
    }

    #[test]
    fn meld_table_double_family() {
        assert_eq!(total("AH TH KH QH JH AH TH KH QH JH", H), 1500);
        assert_eq!(total("AH TH KH QH JH AH TH KH QH JH", S), 1000);
    }

    #[test]
    fn meld_table_pair_and_two_pairs() {
        assert_eq!(total("KD QD", Some(Suit::Diamonds)), 40);
        assert_eq!(total("KD QD", S), 20);
        assert_eq!(total("KD QD KD QD", Some(Suit::Diamonds)), 80);
        assert_eq!(total("KD QD KD QD", S), 40);
    }

    #[test]
    fn meld_table_fours_and_eights() {
        assert_eq!(total("AS AH AD AC", None), 100);
        assert_eq!(total("KS KH KD KC", None), 80);
        assert_eq!(total("QS QH QD QC", None), 60);
        assert_eq!(total("JS JH JD JC", None), 40);
        assert_eq!(total("TS TH TD TC", None), 0);
        assert_eq!(total("9S 9H 9D 9C", None), 0);
        assert_eq!(total("KS KH KD KC KS KH KD KC", None), 1000);
        assert_eq!(total("QS QH QD QC QS QH QD QC", None), 1000);
        assert_eq!(total("JS JH JD JC JS JH JD JC", None), 1000);
    }

    #[test]
    fn meld_table_binokel_and_diss() {
        assert_eq!(total("QS JD", H), 40);
        assert_eq!(total("QS JD QS JD", H), 300);
        assert_eq!(total("9H", H), 10);
        assert_eq!(total("9H 9H", H), 20);
        assert_eq!(total("9H 9H", None), 0);
    }

    #[test]
    fn reuse_family_kq_is_not_also_a_pair() {
        assert_eq!(total("AS TS KS QS JS KS", S), 150);
        assert_eq!(total("AS TS KS QS JS KS QS", S), 190);
    }

    #[test]
    fn reuse_across_kinds_is_allowed() {
        // Four queens and Binokel share the Q of spades.
        assert_eq!(total("QS QH QD QC JD", H), 100);
        // A family's king counts in four kings too.
        assert_eq!(total("AS TS KS QS JS KH KD KC", H), 100 + 80);
    }

    #[test]
    fn family_pair_included_option() {
        let r = Rules {
            family_pair_included: true,
            ..Rules::default()
        };
        assert_eq!(
            kinds("AS TS KS QS JS", S, &r),
            vec![(MeldKind::Family, 150), (MeldKind::Pair, 40)]
        );
    }

    #[test]
    fn rundgang_replaces_six_melds_with_their_sum() {
        let r = Rules {
            rundgang: true,
            ..Rules::default()
        };
        let hand = "KS KH KD KC QS QH QD QC";
        assert_eq!(kinds(hand, S, &r), vec![(MeldKind::Rundgang, 240)]);
        assert_eq!(total(hand, S), 240);
        // A family without a second K-Q leaves its suit without a pair: no Rundgang.
        let hand2 = "AS TS KS QS JS KH KD KC QH QD QC";
        assert!(!kinds(hand2, S, &r).iter().any(|k| k.0 == MeldKind::Rundgang));
    }
}
