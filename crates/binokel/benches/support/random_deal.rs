// The benchmark's deal, shared by benches/engine.rs and examples/random_deals.rs.

use binokel::{Action, Card, CardSet, ChooseCard, Deal, Phase, Rules, Suit};
use rand::Rng;
use std::sync::OnceLock;

/// One complete random deal: shuffle and deal, an auction that stops at random, a random
/// burial, a random trump (no surrender, no Durch), uniformly random legal cards, melds and
/// scores. Returns the soloist's score so nothing is optimised away.
pub fn random_deal<R: Rng + Clone>(rng: &mut R, dealer: usize) -> i32 {
    // The generator's state is copied in and out so that it can live in registers during the
    // deal; behind the caller's reference it stays in memory, a load and store per draw.
    let mut local = rng.clone();
    let score = deal_with(&mut local, dealer);
    *rng = local;
    score
}

/// The same deal with the cards played one call at a time (`legal_cards`, then
/// `play_card_unchecked`), as search and per-card callers do, instead of
/// `play_out_unchecked`: the same draws, the same cards, the same result.
#[allow(dead_code)] // each of the two users takes one of the two ways
pub fn random_deal_card_by_card<R: Rng + Clone>(rng: &mut R, dealer: usize) -> i32 {
    let mut local = rng.clone();
    let mut d = Deal::shuffled(Rules::default(), dealer, &mut local);
    bid_bury_declare(&mut d, &mut local);
    let mut cards = RandomCards::new(&mut local);
    loop {
        let m = d.legal_cards();
        if m == 0 {
            break;
        }
        d.play_card_unchecked(cards.choose(m));
    }
    *rng = local;
    d.scores()[d.soloist().expect("a soloist")]
}

#[inline(always)]
fn deal_with<R: Rng>(rng: &mut R, dealer: usize) -> i32 {
    let mut d = Deal::shuffled(Rules::default(), dealer, rng);
    bid_bury_declare(&mut d, rng);
    d.play_out_unchecked(RandomCards::new(rng));
    d.scores()[d.soloist().expect("a soloist")]
}

/// The auction, the burial and the declaration of a random deal.
#[inline(always)]
fn bid_bury_declare<R: Rng>(d: &mut Deal, rng: &mut R) {
    d.play_unchecked(Action::Bid(150));
    while d.phase() == Phase::Auction {
        let raise = d.bid() + 10;
        d.play_unchecked(if rng.gen_bool(0.4) {
            Action::Bid(raise)
        } else {
            Action::Pass
        });
    }
    // Random burial: three distinct cards of the 18, uniformly (copies are distinct cards).
    let hand = d.hand(d.to_act().expect("the soloist buries"));
    let mut one = hand.kinds();
    let mut two = hand.doubles();
    let mut bury = CardSet::EMPTY;
    let v = rng.next_u64();
    for (k, r) in [(0u32, v as u32), (1, (v >> 32) as u32), (2, rng.next_u32())] {
        // The 18 - k cards left: each kind in `one` is a card, and its copy in `two` another.
        let left = 18 - k;
        let i = ((r as u64 * left as u64) >> 32) as u32;
        let n1 = pop24(one);
        let c = if i < n1 {
            let b = select(one, i);
            // Taking the `one` copy of a double leaves the other behind in `one`.
            let bit = 1u32 << b;
            if two & bit != 0 {
                two &= !bit;
            } else {
                one &= !bit;
            }
            b
        } else {
            let b = select(two, i - n1);
            two &= !(1u32 << b);
            b
        };
        bury.insert(Card::from_index(c as usize));
    }
    d.play_unchecked(Action::Bury(bury));
    d.play_unchecked(Action::Trump(Suit::from_index(rng.gen_range(0..4))));
}

/// Uniformly random legal cards. One 64-bit draw serves two cards: multiply-shift maps each
/// 32-bit half onto 0..count (bias below 1e-8).
struct RandomCards<'a, R> {
    rng: &'a mut R,
    quick: &'static [u8; 65536],
    v: u64,
    second: bool,
}

impl<'a, R: Rng> RandomCards<'a, R> {
    #[inline(always)]
    fn new(rng: &'a mut R) -> Self {
        RandomCards {
            rng,
            quick: quick_table(),
            v: 0,
            second: false,
        }
    }
}

impl<R: Rng> ChooseCard for RandomCards<'_, R> {
    // Always inlined: as a call, the generator's state would go through memory.
    #[inline(always)]
    fn choose(&mut self, m: u32) -> Card {
        let r = if self.second {
            (self.v >> 32) as u32
        } else {
            self.v = self.rng.next_u64();
            self.v as u32
        };
        self.second = !self.second;
        pick(m, r, self.quick)
    }
}

/// Set bits per byte value.
const POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u32).count_ones() as u8;
        b += 1;
    }
    t
};

/// `SEL8[b * 8 + k]`: the position of the k-th lowest set bit of byte `b` (0 where there is
/// none).
const SEL8: [u8; 2048] = {
    let mut t = [0u8; 2048];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                t[b * 8 + k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Set bits of a 24-bit mask, by byte tables (the default x86-64 target has no popcount
/// instruction).
#[inline(always)]
fn pop24(m: u32) -> u32 {
    POP8[(m & 0xFF) as usize] as u32
        + POP8[((m >> 8) & 0xFF) as usize] as u32
        + POP8[(m >> 16) as usize] as u32
}

/// A uniformly chosen set bit of the 24-bit mask `m` (not empty), from 32 random bits `r`:
/// the k-th lowest set bit with k = r * count / 2^32.
#[inline(always)]
fn pick(m: u32, r: u32, quick: &[u8; 65536]) -> Card {
    // Most legal sets lie within one suit (following, trumping), so within 8 bits of their
    // lowest card: then one count and one select by byte table do. The bit 31 makes the
    // mask non-zero for the compiler, so the count of trailing zeros is one `bsf`.
    let lo = (m | 1 << 31).trailing_zeros();
    let w = m >> lo;
    if w < 256 {
        // Mostly one read: which bit the top 8 bits of `r` choose, where all their 2^24
        // values choose the same one. Else (about one draw in a hundred) the full product.
        let quick = quick[((w << 8) | (r >> 24)) as usize & 0xFFFF];
        if quick != AMBIGUOUS {
            return Card::from_index((lo + quick as u32) as usize);
        }
        let n = POP8[w as usize] as u32;
        let k = ((r as u64 * n as u64) >> 32) as u32;
        return Card::from_index((lo + SEL8[((w << 3) + k) as usize & 2047] as u32) as usize);
    }
    pick_wide(m, r)
}

/// `QUICK` where the top 8 bits of the random value do not decide the bit.
const AMBIGUOUS: u8 = 255;

/// `quick[w * 256 + b]`: for a byte `w` and random values `r` whose top 8 bits are `b`, the
/// position of the k-th set bit of `w` with k = r * count / 2^32, when it is the same for
/// every such `r`; `AMBIGUOUS` otherwise. The same choice as the product, so `pick` stays
/// exactly what it was, with one table read instead of a count, a multiply and a select on
/// the path from one card to the next. Built once at run time (as a constant, evaluating it
/// cost the compiler about 13 s per program that includes this file).
fn quick_table() -> &'static [u8; 65536] {
    static QUICK: OnceLock<Box<[u8; 65536]>> = OnceLock::new();
    QUICK.get_or_init(|| {
        let mut t = Box::new([AMBIGUOUS; 65536]);
        for w in 1..256 {
            let n = POP8[w] as u64;
            for b in 0..256 {
                let first = (((b as u64) << 24) * n) >> 32;
                let last = (((((b as u64) + 1) << 24) - 1) * n) >> 32;
                if first == last {
                    t[w * 256 + b] = SEL8[w * 8 + first as usize];
                }
            }
        }
        t
    })
}

/// `pick` for a set spread over more than 8 bits (leads, discards).
#[inline(always)]
fn pick_wide(m: u32, r: u32) -> Card {
    let c0 = POP8[(m & 0xFF) as usize] as u32;
    let c1 = POP8[((m >> 8) & 0xFF) as usize] as u32;
    let n = c0 + c1 + POP8[((m >> 16) & 0xFF) as usize] as u32;
    let k = ((r as u64 * n as u64) >> 32) as u32;
    Card::from_index(select_with(m, k, c0, c1) as usize)
}

/// The position of the k-th lowest set bit of the 24-bit mask `m` (k < its bit count).
#[inline(always)]
fn select(m: u32, k: u32) -> u32 {
    select_with(
        m,
        k,
        POP8[(m & 0xFF) as usize] as u32,
        POP8[((m >> 8) & 0xFF) as usize] as u32,
    )
}

/// `select` given the bit counts of the low two bytes: the byte holding the bit comes from
/// two comparisons done as arithmetic (no branch on the random value), then one table read.
#[inline(always)]
fn select_with(m: u32, k: u32, c0: u32, c1: u32) -> u32 {
    let past0 = (k >= c0) as u32;
    let past1 = (k >= c0 + c1) as u32;
    let shift = (past0 + past1) * 8;
    let below = (c0 & past0.wrapping_neg()) + (c1 & past1.wrapping_neg());
    let byte = (m >> shift) & 0xFF;
    shift + SEL8[((byte << 3) + ((k - below) & 7)) as usize & 2047] as u32
}
