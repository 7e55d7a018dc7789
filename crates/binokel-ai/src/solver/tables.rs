//! The solver's constant tables and bit tricks on kind masks (bit `k` for kind `k`, 24
//! kinds, `suit * 6 + rank`, ranks ascending 9 J Q K 10 A): card points, the kinds of a
//! suit, the kinds above a kind, and per-suit counts from tables instead of `count_ones`.

/// The last trick's bonus ([`binokel::rules::LAST_TRICK_BONUS`]) as the solver counts points.
pub(super) const LAST_TRICK: i32 = binokel::rules::LAST_TRICK_BONUS as i32;

pub(super) const POINTS: [i32; 6] = [0, 2, 3, 4, 10, 11];

/// `SUIT_OF[k]`: the kinds of the suit of kind `k` (a load instead of a division by 6).
pub(super) const SUIT_OF: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = 63u32 << (6 * (k / 6));
        k += 1;
    }
    t
};

/// The kinds of the suit of kind `k`.
#[inline]
pub(super) fn sm_of(k: u32) -> u32 {
    SUIT_OF[(k & 31) as usize]
}

/// `PTS[k]`: the points of kind `k` (32 entries so that `k & 31` needs no bounds check).
pub(super) const PTS: [i8; 32] = {
    let mut t = [0i8; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = POINTS[k % 6] as i8;
        k += 1;
    }
    t
};

#[inline]
pub(super) fn pts(c: u8) -> i32 {
    i32::from(PTS[(c & 31) as usize])
}

/// Every kind: the led-suit and beat masks before a trick's first card.
pub(super) const ALL: u32 = 0xFF_FFFF;

/// `ABOVE[k]`: the kinds of the suit of `k` above it.
pub(super) const ABOVE: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = (63u32 << (6 * (k / 6))) & !((2u32 << k) - 1);
        k += 1;
    }
    t
};

// The default x86-64 target has no popcount instruction (`count_ones` is a dozen
// instructions there), so the bounds count the cards of one suit (6 bits) from tables.

/// `POP6[m]`: the number of kinds in a 6-bit suit pattern.
pub(super) const POP6: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// `HI6[m]`: the highest kind in a 6-bit suit pattern, -1 for none (any card is at least
/// as high as the best of nothing).
pub(super) const HI6: [i8; 64] = {
    let mut t = [-1i8; 64];
    let mut m = 1;
    while m < 64 {
        t[m] = 31 - (m as u32).leading_zeros() as i8;
        m += 1;
    }
    t
};

/// `OVER6[m]`: the kinds of a suit strictly above the highest kind of the 6-bit pattern `m`
/// (all six for none).
pub(super) const OVER6: [u8; 64] = {
    let mut t = [63u8; 64];
    let mut m = 1;
    while m < 64 {
        t[m] = (63 & !((2u32 << (31 - (m as u32).leading_zeros())) - 1)) as u8;
        m += 1;
    }
    t
};

/// The number of kinds in the 6-bit pattern of suit `x` of the kind mask `m`.
#[inline]
pub(super) fn pop_suit(m: u32, x: usize) -> u32 {
    u32::from(POP6[((m >> (6 * x)) & 63) as usize])
}

/// True when the kind mask has at least two kinds.
#[inline]
pub(super) fn two_or_more(m: u32) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// How many of the four kinds of rank `r` (one per suit) the mask holds.
#[inline]
pub(super) fn rank_count(m: u32, r: usize) -> u32 {
    // The four bits sit 6 apart; one multiplication adds them up in bits 18-20 (each
    // partial sum is at most 4, so nothing carries between the 6-bit fields).
    let y = u64::from((m >> r) & 0x41041);
    ((y * 0x41041) >> 18) as u32 & 7
}
