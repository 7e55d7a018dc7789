//! Shuffle, cut and deal (RULES.md section 2): the pack of the rules in force, the one-pass
//! shuffle-and-deal of `Deal::shuffled`, the dealing pattern, `distribute` for an ordered
//! pack, and `Setup`, the cards as dealt, which `Deal::new` checks.

use super::play::ALL;
use super::stock;
use super::{wrap_seat, Deal, Phase, Seat};
use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::error::SetupError;
use crate::rules::{AuctionKind, Rules};
use rand::Rng;

/// The cards as dealt: one hand per seat and the Tapp (with two players, the turned card and
/// the stock). Public fields, possibly inconsistent; `Deal::new` checks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// The dealer's seat.
    pub dealer: Seat,
    /// The hands in seat order.
    pub hands: Vec<CardSet>,
    /// The Tapp.
    pub tapp: CardSet,
    /// Two players: the face-down stock, top card first (empty otherwise).
    pub stock: Vec<Card>,
    /// Two players: the card turned up under the stock (None otherwise).
    pub turned: Option<Card>,
}

impl Setup {
    /// A setup without a stock (three and four players).
    pub fn new(rules: Rules, dealer: Seat, hands: Vec<CardSet>, tapp: CardSet) -> Setup {
        Setup {
            rules,
            dealer,
            hands,
            tapp,
            stock: Vec::new(),
            turned: None,
        }
    }
}

impl Deal {
    /// A deal from dealt cards, checked: the right number of hands and cards, exactly the pack.
    pub fn new(setup: &Setup) -> Result<Deal, SetupError> {
        let rules = setup.rules;
        rules.validate().map_err(|e| SetupError::Rules(e.0))?;
        let n = rules.players as usize;
        if setup.dealer >= n {
            return Err(SetupError::Dealer(setup.dealer));
        }
        if setup.hands.len() != n {
            return Err(SetupError::HandCount {
                expected: n,
                got: setup.hands.len(),
            });
        }
        let hs = rules.hand_size();
        let mut all = CardSet::EMPTY;
        let mut dealt = [CardSet::EMPTY; 4];
        for (i, h) in setup.hands.iter().enumerate() {
            if h.len() != hs {
                return Err(SetupError::HandSize {
                    seat: i,
                    expected: hs,
                    got: h.len(),
                });
            }
            dealt[i] = *h;
            all = all.union(*h).ok_or(SetupError::NotThePack)?;
        }
        if setup.tapp.len() != rules.tapp as usize {
            return Err(SetupError::TappSize {
                expected: rules.tapp as usize,
                got: setup.tapp.len(),
            });
        }
        all = all.union(setup.tapp).ok_or(SetupError::NotThePack)?;
        if n == 2 {
            let turned = setup.turned.ok_or(SetupError::Turned)?;
            if setup.stock.len() != stock::STOCK {
                return Err(SetupError::StockSize {
                    expected: stock::STOCK,
                    got: setup.stock.len(),
                });
            }
            for &c in setup.stock.iter().chain([&turned]) {
                let mut one = CardSet::EMPTY;
                one.insert(c);
                all = all.union(one).ok_or(SetupError::NotThePack)?;
            }
        } else if setup.turned.is_some() || !setup.stock.is_empty() {
            return Err(SetupError::StockSize {
                expected: 0,
                got: setup.stock.len() + usize::from(setup.turned.is_some()),
            });
        }
        if all != pack(&rules) {
            return Err(SetupError::NotThePack);
        }
        if n == 2 {
            let mut stock = [Card::from_index(0); stock::STOCK];
            stock.copy_from_slice(&setup.stock);
            let turned = setup.turned.ok_or(SetupError::Turned)?;
            return Ok(Deal::from_two_unchecked(
                rules,
                setup.dealer,
                dealt,
                stock,
                turned,
            ));
        }
        Ok(Deal::from_parts_unchecked(rules, setup.dealer, dealt, setup.tapp))
    }

    pub(super) fn from_parts_unchecked(
        rules: Rules,
        dealer: Seat,
        dealt: [CardSet; 4],
        tapp: CardSet,
    ) -> Deal {
        let n = rules.players;
        let fh = wrap_seat(dealer as u8 + 1, n);
        let mh = wrap_seat(dealer as u8 + 2, n);
        let mut d = Deal {
            rules,
            n,
            // Tricks in the deal: the hand, and with two players the stock's 12 rounds too.
            hand_size: if n == 2 { 24 } else { rules.hand_size() as u8 },
            dealer: dealer as u8,
            dealt,
            tapp,
            hands: dealt,
            phase: Phase::Auction,
            to_act: fh,
            bid: 0,
            holder: fh,
            duel: [fh, mh],
            next_challenger: 2,
            passed: 0,
            soloist: 0,
            redeal: false,
            buried: CardSet::EMPTY,
            called: None,
            giver: None,
            give_pending: false,
            contract: None,
            trump: None,
            melds: [0; 4],
            leader: fh,
            trick: [Card::from_index(0); 4],
            trick_len: 0,
            win_idx: 0,
            trick_pts: 0,
            trump_mask: 0,
            strict: false,
            watch: false,
            led_mask: ALL,
            beat_mask: ALL,
            tricks_played: 0,
            tricks: [0; 4],
            points: [0; 4],
            scores: [0; 4],
            free: false,
            two: stock::Two::NONE,
        };
        if rules.auction == AuctionKind::Open {
            d.next_challenger = n;
        }
        d
    }

    /// Shuffles with `rng`, lets middlehand cut, and deals (RULES.md section 2).
    // Always inlined, as `deal_cards`: the generator's state stays in the caller's registers.
    #[inline(always)]
    pub fn shuffled<R: Rng + ?Sized>(rules: Rules, dealer: Seat, rng: &mut R) -> Deal {
        if rules.players == 2 {
            return Deal::shuffled_two(rules, dealer, rng);
        }
        let (hands, tapp) = deal_cards(&rules, dealer, rng);
        Deal::from_parts_unchecked(rules, dealer, hands, tapp)
    }

    /// The setup this deal started from.
    pub fn setup(&self) -> Setup {
        Setup {
            rules: self.rules,
            dealer: self.dealer as Seat,
            hands: self.dealt[..self.n as usize].to_vec(),
            tapp: self.tapp,
            stock: self.stock(),
            turned: self.turned(),
        }
    }
}

/// The pack of these rules.
pub fn pack(rules: &Rules) -> CardSet {
    match rules.pack {
        crate::rules::Pack::Full48 => CardSet::PACK,
        crate::rules::Pack::Short40 => {
            let nines = crate::cardset::rank_mask(Rank::Nine);
            CardSet::from_masks(0xFF_FFFF & !nines, 0xFF_FFFF & !nines)
        }
    }
}

/// The pack as a list of cards, top first, in a fixed order before shuffling.
pub fn pack_cards(rules: &Rules) -> Vec<Card> {
    pack(rules).iter().collect()
}

/// Shuffles, cuts and deals (RULES.md section 2): returns the hands and the Tapp.
///
/// Packets of 3 to each seat starting with forehand, then the whole Tapp, then rounds of 3
/// until the hands are full.
// Always inlined: as a call, the caller's generator state goes through memory on each of
// the 24 draws; written out for 48 cards, the function is past what LLVM inlines on its own
// once a program calls it from two places.
#[inline(always)]
pub fn deal_cards<R: Rng + ?Sized>(rules: &Rules, dealer: Seat, rng: &mut R) -> ([CardSet; 4], CardSet) {
    // The pack as copy numbers: kind `k`'s copies are `k` and `k + 24`, so that a
    // destination's cards are one 48-bit mask (one OR per card) whose two halves are the
    // copies. 64 entries and indices masked with 63: no bounds checks in the loop below.
    let mut cards = [0u8; 64];
    let mut len = 0;
    let skip_nines = rules.pack == crate::rules::Pack::Short40;
    for i in 0..24 {
        if skip_nines && Card::from_index(i).rank() == Rank::Nine {
            continue;
        }
        cards[len] = i as u8;
        cards[len + 1] = i as u8 + 24;
        len += 2;
    }
    // Middlehand's cut (each part keeps at least 3 cards) is drawn first so that shuffling,
    // cutting and dealing can be one pass: after Fisher-Yates step i the card at position i
    // is final, and the cut moves it to position (i - cut) mod len, whose destination is
    // `twice[i + len - cut]` in the pattern written out twice (no modulo, no wrap test).
    let cut = rng.gen_range(3..=len - 3);
    let other;
    let twice = if rules.players == 3 && rules.tapp == 3 && rules.pack == crate::rules::Pack::Full48 {
        &STANDARD_TWICE
    } else {
        other = doubled(dealing_pattern(rules).0, len);
        &other
    };
    let off = len - cut;
    let mut dest = [0u64; 8];
    if len == 48 {
        let tw: &[u8; 48] = twice[off..][..48].try_into().expect("48 positions");
        shuffle_and_place_48(&mut cards, tw, &mut dest, rng);
        return split_copies(rules, dealer, &dest);
    }
    let mut place = |i: usize, c: u8| {
        dest[(twice[(i + off) & 127] & 7) as usize] |= 1u64 << (c & 63);
    };
    // Fisher-Yates; each 64-bit draw serves two steps (Lemire's exact bounded method on
    // each 32-bit half, with rejection), which halves the generator calls on this hot path.
    // Position i is final after its step and never read again, so only position j is
    // written.
    let mut i = len - 1;
    while i >= 1 {
        let v = rng.next_u64();
        let j = bounded(v as u32, i as u32 + 1, rng) & 63;
        let c = cards[j];
        cards[j] = cards[i & 63];
        place(i, c);
        i -= 1;
        if i >= 1 {
            let j = bounded((v >> 32) as u32, i as u32 + 1, rng) & 63;
            let c = cards[j];
            cards[j] = cards[i & 63];
            place(i, c);
            i -= 1;
        }
    }
    place(0, cards[0]);
    split_copies(rules, dealer, &dest)
}

/// `deal_cards`' loop for a pack of 48 written out step by step (the same draws in the same
/// order): every position is a constant, so each step is the draw, the swap and the OR
/// without loop counting or index arithmetic. `tw[i]` is the destination of position `i`
/// after the cut.
#[inline(always)]
fn shuffle_and_place_48<R: Rng + ?Sized>(
    cards: &mut [u8; 64],
    tw: &[u8; 48],
    dest: &mut [u64; 8],
    rng: &mut R,
) {
    #[inline(always)]
    fn step<R: Rng + ?Sized>(
        i: usize,
        x: u32,
        cards: &mut [u8; 64],
        tw: &[u8; 48],
        dest: &mut [u64; 8],
        rng: &mut R,
    ) {
        let j = bounded(x, i as u32 + 1, rng) & 63;
        let c = cards[j];
        cards[j] = cards[i];
        dest[(tw[i] & 7) as usize] |= 1u64 << (c & 63);
    }
    macro_rules! two_steps {
        ($($i:literal)*) => {$(
            let v = rng.next_u64();
            step($i, v as u32, cards, tw, dest, rng);
            step($i - 1, (v >> 32) as u32, cards, tw, dest, rng);
        )*};
    }
    two_steps!(47 45 43 41 39 37 35 33 31 29 27 25 23 21 19 17 15 13 11 9 7 5 3);
    let v = rng.next_u64();
    step(1, v as u32, cards, tw, dest, rng);
    dest[(tw[0] & 7) as usize] |= 1u64 << (cards[0] & 63);
}

/// The hands and the Tapp from each destination's 48-bit copy mask.
#[inline(always)]
fn split_copies(rules: &Rules, dealer: Seat, dest: &[u64; 8]) -> ([CardSet; 4], CardSet) {
    // A kind held once has one of its two bits; held twice, both.
    let mut one = [0u32; 5];
    let mut two = [0u32; 5];
    for t in 0..5 {
        let lo = dest[t] as u32 & 0xFF_FFFF;
        let hi = (dest[t] >> 24) as u32;
        one[t] = lo | hi;
        two[t] = lo & hi;
    }
    collect_hands(rules, dealer, &one, &two)
}

/// The dealing pattern over the whole pack (`len` positions) written out twice, for reading
/// it from any starting point without wrapping (positions beyond are 0 and never read).
const fn doubled(p: [u8; 48], len: usize) -> [u8; 128] {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 2 * len {
        t[i] = p[i % len];
        i += 1;
    }
    t
}

/// `doubled` for the standard game, whose deals need no copy of the pattern.
const STANDARD_TWICE: [u8; 128] = doubled(pattern_of(3, 15, 3).0, 48);

/// A uniform integer in `0..s` from 32 random bits `x`, drawing more only when `x` falls in
/// the rejection zone (Lemire, "Fast random integer generation in an interval", 2019).
#[inline]
fn bounded<R: Rng + ?Sized>(mut x: u32, s: u32, rng: &mut R) -> usize {
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

/// Where each position of the pack (top first) goes when dealing: a seat offset from
/// forehand (0..players), or 4 for the Tapp; and how many positions there are.
///
/// Packets of 3 to each seat starting with forehand, then the whole Tapp, then rounds of 3
/// (fewer where a hand needs fewer) until the hands are full.
fn dealing_pattern(rules: &Rules) -> ([u8; 48], usize) {
    const STANDARD: ([u8; 48], usize) = pattern_of(3, 15, 3);
    if rules.players == 3 && rules.tapp == 3 && rules.pack == crate::rules::Pack::Full48 {
        return STANDARD;
    }
    pattern_of(rules.players as usize, rules.hand_size(), rules.tapp as usize)
}

const fn pattern_of(n: usize, hs: usize, tapp: usize) -> ([u8; 48], usize) {
    let mut counts = [0usize; 4];
    let mut dest = [0u8; 48];
    let mut next = 0;
    let mut round = 0;
    // Packets of 3; where the hand size is not a multiple of 3, the last rounds use packets
    // of 2 (10 = 3+3+2+2, 11 = 3+3+3+2).
    let rounds = hs.div_ceil(3);
    let twos = rounds * 3 - hs;
    while counts[0] < hs {
        let mut off = 0;
        let size = if round >= rounds - twos { 2 } else { 3 };
        while off < n {
            let k = if hs - counts[off] < size {
                hs - counts[off]
            } else {
                size
            };
            let mut j = 0;
            while j < k {
                dest[next] = off as u8;
                next += 1;
                j += 1;
            }
            counts[off] += k;
            off += 1;
        }
        if round == 0 {
            let mut j = 0;
            while j < tapp {
                dest[next] = 4;
                next += 1;
                j += 1;
            }
        }
        round += 1;
    }
    (dest, next)
}

fn collect_hands(rules: &Rules, dealer: Seat, one: &[u32; 5], two: &[u32; 5]) -> ([CardSet; 4], CardSet) {
    let n = rules.players as usize;
    let fh = wrap_seat((dealer + 1) as u8, n as u8) as usize;
    let mut hands = [CardSet::EMPTY; 4];
    for off in 0..n {
        hands[wrap_seat((fh + off) as u8, n as u8) as usize & 3] = CardSet::from_masks(one[off], two[off]);
    }
    (hands, CardSet::from_masks(one[4], two[4]))
}

/// Deals an ordered pack (top first) by the dealing procedure of RULES.md section 2.
pub fn distribute(rules: &Rules, dealer: Seat, cards: &[Card]) -> ([CardSet; 4], CardSet) {
    let (pattern, len) = dealing_pattern(rules);
    let mut one = [0u32; 5];
    let mut two = [0u32; 5];
    for (c, &t) in cards.iter().zip(&pattern[..len]) {
        let b = 1u32 << c.index();
        two[t as usize] |= one[t as usize] & b;
        one[t as usize] |= b;
    }
    collect_hands(rules, dealer, &one, &two)
}
