//! The transposition table: the exact 128-bit key of a trick boundary, what closing a
//! trick gives without playing it (for the search's transposition cutoffs), the entries of
//! bounds (two to a 64-byte bucket), the table's memory (an anonymous mapping with huge
//! pages) and the solver's lookups and stores.

use super::position::Position;
use super::tables::{pts, LAST_TRICK};
use super::{Objective, Solver};
use bytemuck::{Pod, Zeroable};
use memmap2::{MmapMut, MmapOptions};

impl Position {
    /// The table key of a trick boundary, exact in 128 bits: with the seats numbered from the
    /// soloist, per kind the key holds whether each seat has a copy plus whether
    /// some seat has both. Both copies are never split between more than two holders, so a
    /// seat with both is the only one with a copy: the counts per seat can be read back.
    /// Everything else the value depends on (tricks and points left) follows from the hands.
    ///
    /// `N`: the seat count when the caller knows it (see [`Position::seats`]).
    #[inline]
    pub(super) fn key_n<const N: u8>(&self) -> [u64; 2] {
        let o = self.one.map(u64::from);
        let both = self.two[0] | self.two[1] | self.two[2] | self.two[3];
        let tag = u64::from(self.leader)
            | (self.trump.map_or(4, |t| t.index() as u64)) << 2
            | u64::from(self.objective == Objective::Tricks) << 5
            | u64::from(self.seats::<N>() == 4) << 6;
        [
            o[0] | o[1] << 24 | (o[2] & 0xffff) << 48,
            o[2] >> 16 | o[3] << 8 | u64::from(both) << 32 | tag << 56,
        ]
    }

    /// What playing kind `c` (legal, the trick's last card) gives, as [`Position::play`]
    /// would: the soloist's gain, the tricks left after it, and the table key of the trick
    /// boundary it leads to, without the rest of the play's bookkeeping.
    #[inline]
    pub(super) fn close_with_n<const N: u8>(&self, c: u32) -> (i32, u8, [u64; 2]) {
        let h = self.to_act as usize;
        let b = 1u32 << c;
        let w = if self.beat & b != 0 {
            self.trick_len
        } else {
            self.win
        };
        let mut winner = self.leader + w;
        if winner >= self.seats::<N>() {
            winner -= self.seats::<N>();
        }
        let ours = self.side_of::<N>(winner as usize);
        let left = self.tricks_left;
        let (gain, left) = match self.objective {
            Objective::Points => {
                let mut g = 0;
                if ours {
                    g = i32::from(self.tpts) + pts(c as u8);
                    if left == 1 {
                        g += LAST_TRICK;
                    }
                }
                (g, left - 1)
            }
            Objective::Tricks if ours => (1, left - 1),
            Objective::Tricks => (0, 0),
        };
        // This position's key (see `key`: seat `s`'s kinds from bit `24 s` of the 128, the
        // kinds held twice from bit 96, the leader at bit 120) without the card played: a
        // seat holding both copies keeps one, so the kind leaves the kinds held twice.
        let [mut k0, mut k1] = self.key_n::<N>();
        let gone = if self.two[h] & b != 0 {
            96 + c
        } else {
            24 * h as u32 + c
        };
        if gone < 64 {
            k0 &= !(1u64 << gone);
        } else {
            k1 &= !(1u64 << (gone - 64));
        }
        k1 = k1 & !(3u64 << 56) | u64::from(winner) << 56;
        (gain, left, [k0, k1])
    }

    /// [`Position::key_n`] for any seat count.
    #[cfg(test)]
    pub(super) fn key(&self) -> [u64; 2] {
        self.key_n::<0>()
    }
}

/// A table entry: 32 bytes, two to a cache line.
#[derive(Copy, Clone, Default, Pod, Zeroable)]
#[repr(C)]
pub(super) struct Entry {
    key: [u64; 2],
    pub(super) lo: i16,
    pub(super) hi: i16,
    /// The table generation that wrote the entry (0: empty); older ones count as empty.
    gen: u8,
    /// Tricks left at the entry: deeper entries saved more work and are kept longer.
    depth: u8,
    /// The card that was best or cut off last time, tried first (0: none, else index + 1).
    pub(super) best: u8,
    /// Unused (the entry's size spelt out, so that the table's memory can be read as entries).
    _pad: [u8; 9],
}

/// Two entries in one cache line: a lookup costs one memory access.
#[derive(Copy, Clone, Default, Pod, Zeroable)]
#[repr(C, align(64))]
pub(super) struct Bucket([Entry; 2]);

impl Entry {
    /// A new entry of generation `gen` with bounds `(lo, hi)` and no first move.
    #[inline]
    fn new(key: [u64; 2], (lo, hi): (i32, i32), gen: u8, depth: u8) -> Entry {
        Entry {
            key,
            lo: lo as i16,
            hi: hi as i16,
            gen,
            depth,
            best: 0,
            _pad: [0; 9],
        }
    }
}

/// The slot of bucket `b` holding key `k` of generation `gen`, if any.
#[inline]
fn slot_of(b: &[Entry; 2], gen: u8, k: &[u64; 2]) -> Option<usize> {
    (0..2).find(|&i| b[i].gen == gen && b[i].key == *k)
}

/// The slot of bucket `b` to overwrite: an empty or stale one, else the shallower.
#[inline]
fn victim(b: &[Entry; 2], gen: u8) -> usize {
    if b[0].gen != gen {
        0
    } else if b[1].gen != gen || b[1].depth <= b[0].depth {
        1
    } else {
        0
    }
}

/// The table's memory: an anonymous mapping, zero (every entry empty) when made, that asks
/// the kernel for transparent huge pages (2 MiB) on Linux. The solver's lookups land all over
/// the table, and with 4 KiB pages nearly every one of them also misses the address
/// translation cache, which costs a page walk (two-level on a virtual machine): on the
/// bench's positions with 10 tricks left the solves took about 9 % less time with huge pages
/// (docs/strength.md). Where the kernel does not grant them, the table works as well, only
/// slower.
pub(super) struct Table(MmapMut);

impl Table {
    pub(super) fn new(buckets: usize) -> Table {
        let map = MmapOptions::new()
            .len(buckets * std::mem::size_of::<Bucket>())
            .map_anon()
            .expect("memory for the solver's transposition table");
        // A hint only: a kernel without transparent huge pages refuses it, and nothing else
        // changes.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Table(map)
    }
}

impl std::ops::Deref for Table {
    type Target = [Bucket];
    #[inline]
    fn deref(&self) -> &[Bucket] {
        bytemuck::cast_slice(&self.0)
    }
}

impl std::ops::DerefMut for Table {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Bucket] {
        bytemuck::cast_slice_mut(&mut self.0)
    }
}

impl Solver {
    /// The bucket where `k` may be stored: the top bits of a multiplicative hash (one
    /// multiplication a half; the same nodes as a full 64-bit mixer on the bench's positions,
    /// with 1.3% fewer instructions).
    #[inline]
    pub(super) fn slot(&self, k: &[u64; 2]) -> usize {
        let h = (k[0] ^ k[1].wrapping_mul(0xc2b2_ae3d_27d4_eb4f)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> self.shift) as usize
    }

    /// The entry for `k` in its bucket, if any.
    #[inline]
    pub(super) fn find(&self, bucket: usize, k: &[u64; 2]) -> Option<Entry> {
        let b = &self.tt[bucket].0;
        slot_of(b, self.gen, k).map(|i| b[i])
    }

    /// Stores a new entry with bounds `(lo, hi)` in the bucket's victim slot.
    #[inline]
    pub(super) fn insert(&mut self, bucket: usize, key: [u64; 2], q: (i32, i32), depth: u8) {
        let gen = self.gen;
        let b = &mut self.tt[bucket].0;
        b[victim(b, gen)] = Entry::new(key, q, gen, depth);
    }

    /// Records what a search of the boundary `key` found: `best` (fail-soft, from the
    /// window `(alpha0, beta0)`) narrows the entry's bounds, and `best_card` becomes its
    /// first move to try. A position not in the table (any more) gets a new entry from the
    /// quick bounds `q` first.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn record(
        &mut self,
        bucket: usize,
        key: [u64; 2],
        q: (i32, i32),
        depth: u8,
        (alpha0, beta0): (i32, i32),
        best: i32,
        best_card: u8,
    ) {
        let gen = self.gen;
        let b = &mut self.tt[bucket].0;
        let i = match slot_of(b, gen, &key) {
            Some(i) => i,
            None => {
                let i = victim(b, gen);
                b[i] = Entry::new(key, q, gen, depth);
                i
            }
        };
        let e = &mut b[i];
        e.best = best_card;
        if best <= alpha0 {
            e.hi = e.hi.min(best as i16);
        } else if best >= beta0 {
            e.lo = e.lo.max(best as i16);
        } else {
            e.lo = best as i16;
            e.hi = best as i16;
        }
    }
}
