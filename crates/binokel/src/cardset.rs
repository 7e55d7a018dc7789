//! Multisets of cards as a pair of bitsets: each of the 24 card kinds held 0, 1 or 2 times.

use crate::card::{Card, Low, ParseError, Rank, Suit};
use std::fmt;

/// Bits of one suit in a 24-bit kind mask.
#[inline]
pub const fn suit_mask(s: Suit) -> u32 {
    0x3F << (s as u32 * 6)
}

/// Bits of the cards of the same suit strictly above `c` in trick order.
#[inline]
pub const fn above_mask(c: Card) -> u32 {
    let i = c.index() as u32;
    let top = (c.suit() as u32 + 1) * 6;
    ((1u32 << top) - 1) & !((1u32 << (i + 1)) - 1)
}

/// A multiset of cards in which each kind appears at most twice (the pack has two copies).
///
/// `one` has a bit for every kind held at least once, `two` for every kind held twice;
/// `two` is always a subset of `one`.
///
/// ```
/// use binokel::{Card, CardSet};
/// let mut s: CardSet = "AS AS KH".parse().unwrap();
/// assert_eq!(s.len(), 3);
/// assert_eq!(s.count(Card::parse("AS").unwrap()), 2);
/// s.remove(Card::parse("AS").unwrap());
/// assert_eq!(s.to_string(), "AS KH");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet {
    one: u32,
    two: u32,
}

/// `SUIT_POINTS[m]`: the card points of one suit's 6-bit kind pattern `m` (bit `r` the rank
/// `r` from the 9 up to the ace, one copy each), for counting points by table.
pub const SUIT_POINTS: [u8; 64] = suit_table([0, 2, 3, 4, 10, 11]);

/// A table over one suit's 6-bit kind patterns: entry `m` is the sum of `by_rank[r]` over
/// the ranks `r` whose bit is set in `m` (bit 0 the 9 up to bit 5 the ace).
pub const fn suit_table(by_rank: [u8; 6]) -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        let mut r = 0;
        while r < 6 {
            if m & (1 << r) != 0 {
                t[m] += by_rank[r];
            }
            r += 1;
        }
        m += 1;
    }
    t
}

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet { one: 0, two: 0 };
    /// The whole 48-card pack.
    pub const PACK: CardSet = CardSet {
        one: 0xFF_FFFF,
        two: 0xFF_FFFF,
    };

    /// A set from the two masks. `two` is intersected with `one`.
    #[inline]
    pub const fn from_masks(one: u32, two: u32) -> CardSet {
        CardSet {
            one: one & 0xFF_FFFF,
            two: two & one & 0xFF_FFFF,
        }
    }

    /// Kinds held at least once.
    #[inline]
    pub const fn kinds(self) -> u32 {
        self.one
    }

    /// Kinds held twice.
    #[inline]
    pub const fn doubles(self) -> u32 {
        self.two
    }

    /// Number of cards (copies counted).
    #[inline]
    pub const fn len(self) -> usize {
        (self.one.count_ones() + self.two.count_ones()) as usize
    }

    /// True when no card is held.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.one == 0
    }

    /// How many copies of `c` (0, 1 or 2).
    #[inline]
    pub const fn count(self, c: Card) -> u32 {
        let b = 1 << c.index();
        ((self.one & b != 0) as u32) + ((self.two & b != 0) as u32)
    }

    /// True when at least one copy of `c` is held.
    #[inline]
    pub const fn contains(self, c: Card) -> bool {
        self.one & (1 << c.index()) != 0
    }

    /// Adds one copy. Returns false (and changes nothing) when two copies are held already.
    #[inline]
    pub fn insert(&mut self, c: Card) -> bool {
        let b = 1 << c.index();
        if self.two & b != 0 {
            return false;
        }
        if self.one & b != 0 {
            self.two |= b;
        } else {
            self.one |= b;
        }
        true
    }

    /// Removes one copy of a card that is held, without checking (the play path).
    #[inline]
    pub(crate) fn take_unchecked(&mut self, c: Card) {
        let b = 1 << c.index();
        debug_assert!(self.one & b != 0, "{c} is not held");
        // With two copies only the `two` bit goes; with one copy the `one` bit goes.
        let in_two = self.two & b;
        self.two ^= in_two;
        self.one ^= b ^ in_two;
    }

    /// Removes one copy. Returns false (and changes nothing) when `c` is not held.
    #[inline]
    pub fn remove(&mut self, c: Card) -> bool {
        let b = 1 << c.index();
        if self.two & b != 0 {
            self.two &= !b;
        } else if self.one & b != 0 {
            self.one &= !b;
        } else {
            return false;
        }
        true
    }

    /// The multiset sum. Returns None when some kind would be held more than twice.
    #[inline]
    pub fn union(self, other: CardSet) -> Option<CardSet> {
        // Per kind: count = a + b, must be <= 2.
        let a1 = self.one;
        let a2 = self.two;
        let b1 = other.one;
        let b2 = other.two;
        if (a2 & b1) != 0 || (b2 & a1) != 0 {
            return None;
        }
        Some(CardSet {
            one: a1 | b1,
            two: (a1 & b1) | a2 | b2,
        })
    }

    /// True when every card of `other` (with multiplicity) is in `self`.
    #[inline]
    pub const fn contains_all(self, other: CardSet) -> bool {
        (other.one & !self.one) == 0 && (other.two & !self.two) == 0
    }

    /// The multiset difference `self - other`; None when `other` is not contained in `self`.
    #[inline]
    pub fn minus(self, other: CardSet) -> Option<CardSet> {
        if !self.contains_all(other) {
            return None;
        }
        // counts: self c_s in {1,2}, other c_o <= c_s.
        // new one: kinds where c_s - c_o >= 1 ; new two: where c_s - c_o == 2 (c_o == 0 and c_s == 2)
        let two = self.two & !other.one;
        let one = (self.one & !other.one) | (self.two & other.one & !other.two);
        Some(CardSet { one: one | two, two })
    }

    /// Sum of card points.
    #[inline]
    pub fn points(self) -> u32 {
        // Per suit by table: the default x86-64 target has no popcount instruction, and this
        // runs at the end of every deal.
        let mut p = 0;
        for s in 0..4 {
            p += SUIT_POINTS[((self.one >> (6 * s)) & 63) as usize] as u32;
            p += SUIT_POINTS[((self.two >> (6 * s)) & 63) as usize] as u32;
        }
        p
    }

    /// The cards of one suit.
    #[inline]
    pub const fn of_suit(self, s: Suit) -> CardSet {
        let m = suit_mask(s);
        CardSet {
            one: self.one & m,
            two: self.two & m,
        }
    }

    /// Every card, copies repeated, by suit then rank ascending.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut one = self.one;
        let mut two = self.two;
        std::iter::from_fn(move || {
            if one == 0 {
                return None;
            }
            let i = one.trailing_zeros();
            let b = 1 << i;
            if two & b != 0 {
                two &= !b;
            } else {
                one &= !b;
            }
            Some(Card::from_index(i as usize))
        })
    }

    /// The distinct kinds held, by suit then rank ascending.
    pub fn distinct(self) -> impl Iterator<Item = Card> {
        mask_cards(self.one)
    }

    /// The cards in display order: suits S H D C, highest rank first.
    pub fn sorted_for_display(self) -> Vec<Card> {
        let mut v: Vec<Card> = self.iter().collect();
        v.sort_by_key(|c| (c.suit(), std::cmp::Reverse(c.rank())));
        v
    }

    /// Record notation with a naming of the low card: codes separated by single spaces.
    pub fn to_codes(self, low: Low) -> String {
        let v: Vec<String> = self.iter().map(|c| c.code(low)).collect();
        v.join(" ")
    }

    /// Reads a record card list (codes separated by single spaces or any whitespace).
    /// Fails on a bad code or a third copy, naming the token.
    pub fn parse_codes(s: &str, low: Low) -> Result<CardSet, ParseError> {
        let mut set = CardSet::EMPTY;
        for tok in s.split_whitespace() {
            let c = Card::parse_code(tok, low)?;
            if !set.insert(c) {
                return Err(ParseError::new(tok, "is a third copy (the pack has two)"));
            }
        }
        Ok(set)
    }

    /// Reads a card list as people type it (any case, `10`, commas allowed).
    pub fn parse_lenient(s: &str) -> Result<CardSet, ParseError> {
        let mut set = CardSet::EMPTY;
        for tok in s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let c = Card::parse(tok)?;
            if !set.insert(c) {
                return Err(ParseError::new(tok, "is a third copy (the pack has two)"));
            }
        }
        Ok(set)
    }
}

/// The 24-bit mask of all kinds of a rank.
#[inline]
pub const fn rank_mask(r: Rank) -> u32 {
    0x41041 << (r as u32)
}

/// The cards of a 24-bit kind mask, lowest index first.
pub fn mask_cards(mut m: u32) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros();
            m &= m - 1;
            Some(Card::from_index(i as usize))
        }
    })
}

impl FromIterator<Card> for CardSet {
    /// Collects cards; copies beyond two are dropped.
    fn from_iter<T: IntoIterator<Item = Card>>(iter: T) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_codes(crate::notation::low()))
    }
}

impl std::str::FromStr for CardSet {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CardSet::parse_lenient(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn masks() {
        assert_eq!(rank_mask(Rank::Nine).count_ones(), 4);
        for c in Card::all() {
            assert_eq!(rank_mask(c.rank()) & (1 << c.index()), 1 << c.index());
            let above: Vec<Card> = mask_cards(above_mask(c)).collect();
            assert!(above.iter().all(|a| a.suit() == c.suit() && a.rank() > c.rank()));
            assert_eq!(above.len(), 5 - c.rank().index());
        }
    }

    #[test]
    fn union_minus_and_points() {
        let a = cs("AS AS KH");
        let b = cs("KH QD");
        let u = a.union(b).unwrap();
        assert_eq!(u.len(), 5);
        assert_eq!(u.minus(b).unwrap(), a);
        assert!(a.union(cs("AS")).is_none());
        assert!(a.minus(cs("QD")).is_none());
        assert_eq!(CardSet::PACK.points(), 240);
        assert_eq!(CardSet::PACK.len(), 48);
        assert_eq!(cs("AS TS KS QS JS 9S").points(), 30);
    }

    #[test]
    fn third_copy_is_refused() {
        let e = CardSet::parse_codes("AS AS AS", Low::Nine).unwrap_err();
        assert_eq!(e.token, "AS");
    }
}
