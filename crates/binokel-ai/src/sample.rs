//! Determinization: full deals that agree with everything a seat knows.
//!
//! A sample fixes the hidden cards (other hands, the Tapp before it is shown, another
//! soloist's burial), then builds the deal as dealt and replays the view's history on it
//! with the checked `Deal::play`. So every sample reproduces the auction, the plays (and
//! with them every follow/trump/beat duty) and, checked separately, exactly the melds each
//! seat showed. Cards that the melds reveal are placed first and cards a seat is known not to
//! hold are never given to it, so rejection stays rare.

use crate::info::{Info, InfoError};
use binokel::meld::{meld_total, melds};
use binokel::{Action, Card, CardSet, Deal, Meld, MeldKind, Phase, Rank, Seat, Setup, Suit};
use rand::seq::SliceRandom;
use rand::Rng;

/// Placements the backtracking search may try for one sample before it gives up.
pub const BACKTRACK_STEPS: u64 = 200_000;

/// The state of one backtracking search.
struct Backtrack {
    room: Vec<usize>,
    got: Vec<CardSet>,
    /// The slot each pool card went to.
    chosen: Vec<usize>,
    steps: u64,
}

/// Where hidden cards may go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SlotKind {
    Hand(Seat),
    Tapp,
    Burial,
}

#[derive(Clone, Debug)]
struct Slot {
    kind: SlotKind,
    /// Cards already placed (revealed by melds or by the Tapp).
    fixed: CardSet,
    /// Cards still to draw from the pool.
    free: usize,
    /// Kinds this slot may not receive.
    forbid: u32,
}

/// Samples deals consistent with one seat's knowledge.
#[derive(Clone, Debug)]
pub struct Sampler {
    info: Info,
    slots: Vec<Slot>,
    /// Unknown cards, each with the slots (bit per slot) that may take it.
    pool: Vec<(Card, u32)>,
    /// Attempts per sample before giving up.
    pub max_attempts: usize,
}

/// The cards a meld list proves its seat held (the minimum copies of each kind).
pub fn cards_shown_by(list: &[Meld], trump: Option<Suit>) -> CardSet {
    let mut need = [0u32; 24];
    let mut bump = |c: Card, k: u32| {
        let i = c.index();
        need[i] = need[i].max(k);
    };
    let fam = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack];
    for s in Suit::ALL {
        let f: u32 = list
            .iter()
            .filter(|m| m.suit == Some(s))
            .map(|m| match m.kind {
                MeldKind::Family => 1,
                MeldKind::DoubleFamily => 2,
                _ => 0,
            })
            .sum();
        let p = list
            .iter()
            .filter(|m| m.suit == Some(s) && m.kind == MeldKind::Pair)
            .count() as u32;
        for r in fam {
            bump(Card::new(s, r), f.min(2));
        }
        bump(Card::new(s, Rank::King), (f + p).min(2));
        bump(Card::new(s, Rank::Queen), (f + p).min(2));
    }
    for m in list {
        let (rank, k) = match m.kind {
            MeldKind::FourAces => (Rank::Ace, 1),
            MeldKind::FourKings => (Rank::King, 1),
            MeldKind::FourQueens => (Rank::Queen, 1),
            MeldKind::FourJacks => (Rank::Jack, 1),
            MeldKind::EightAces => (Rank::Ace, 2),
            MeldKind::EightKings => (Rank::King, 2),
            MeldKind::EightQueens => (Rank::Queen, 2),
            MeldKind::EightJacks => (Rank::Jack, 2),
            MeldKind::Binokel | MeldKind::DoubleBinokel => {
                let k = if m.kind == MeldKind::Binokel { 1 } else { 2 };
                bump(Card::new(Suit::Spades, Rank::Queen), k);
                bump(Card::new(Suit::Diamonds, Rank::Jack), k);
                continue;
            }
            _ => continue,
        };
        for s in Suit::ALL {
            bump(Card::new(s, rank), k);
        }
    }
    if let Some(t) = trump {
        let diss = list.iter().filter(|m| m.kind == MeldKind::Diss).count() as u32;
        bump(Card::new(t, Rank::Nine), diss.min(2));
    }
    let mut set = CardSet::EMPTY;
    for (i, &k) in need.iter().enumerate() {
        for _ in 0..k {
            set.insert(Card::from_index(i));
        }
    }
    set
}

fn minus_clamped(a: CardSet, b: CardSet) -> CardSet {
    let mut r = a;
    for c in b.iter() {
        r.remove(c);
    }
    r
}

fn union_max(a: CardSet, b: CardSet) -> CardSet {
    let mut r = a;
    for c in b.distinct() {
        while r.count(c) < b.count(c) {
            r.insert(c);
        }
    }
    r
}

impl Sampler {
    /// Prepares sampling for a seat's knowledge. Fails when the view is not one this sampler
    /// understands (two seats, the calling house rule, whose hidden partner it does not
    /// model) or is inconsistent.
    pub fn new(info: &Info) -> Result<Sampler, InfoError> {
        let r = &info.rules;
        if !(3..=4).contains(&info.n) || r.calling {
            return Err(InfoError(
                "sampling supports three or four seats without the calling rule".into(),
            ));
        }
        let me = info.me;
        let trump = info.trump();
        let shown =
            |s: Seat| -> Option<&Vec<Meld>> { info.shown.iter().find(|(x, _)| *x == s).map(|(_, m)| m) };
        let after_bury = info
            .history
            .iter()
            .any(|(_, a)| a.is_none() || matches!(a, Some(Action::Bury(_))));
        let mut slots = Vec::new();
        let mut known = info.hand.union(info.played).unwrap_or(info.hand);
        if let Some(b) = info.buried {
            known = known.union(b).unwrap_or(known);
        }
        // Unplayed Tapp cards of another soloist are in its hand or its burial.
        let mut tapp_left = CardSet::EMPTY;
        if let (Some(t), Some(sol)) = (info.tapp, info.soloist) {
            if sol != me {
                tapp_left = minus_clamped(t, info.played_by[sol]);
            }
        }
        for s in 0..info.n {
            if s == me {
                continue;
            }
            let required = shown(s)
                .map(|l| minus_clamped(cards_shown_by(l, trump), info.played_by[s]))
                .unwrap_or(CardSet::EMPTY);
            let fixed = if Some(s) == info.soloist && !after_bury {
                // Still holding the whole Tapp (burying now).
                union_max(required, tapp_left)
            } else {
                required
            };
            let size = info.hand_sizes[s];
            if fixed.len() > size {
                return Err(InfoError(format!("seat {s} shows more cards than it holds")));
            }
            slots.push(Slot {
                kind: SlotKind::Hand(s),
                fixed,
                free: size - fixed.len(),
                forbid: info.forbidden[s],
            });
        }
        if info.tapp.is_none() && info.phase == Phase::Auction {
            slots.push(Slot {
                kind: SlotKind::Tapp,
                fixed: CardSet::EMPTY,
                free: r.tapp as usize,
                forbid: 0,
            });
        }
        let other_soloist = info.soloist.filter(|&s| s != me);
        let burial_hidden = other_soloist.is_some() && after_bury;
        if burial_hidden {
            slots.push(Slot {
                kind: SlotKind::Burial,
                fixed: CardSet::EMPTY,
                free: r.tapp as usize,
                forbid: 0,
            });
        }
        for sl in &slots {
            known = known
                .union(sl.fixed)
                .ok_or_else(|| InfoError("the melds shown claim more copies than the pack has".into()))?;
        }
        // Tapp cards of another soloist that are neither played nor placed by melds.
        let mut extra_tapp = CardSet::EMPTY;
        if burial_hidden {
            let sol = other_soloist.expect("soloist");
            let placed = slots
                .iter()
                .find(|s| s.kind == SlotKind::Hand(sol))
                .map(|s| s.fixed)
                .unwrap_or(CardSet::EMPTY);
            extra_tapp = minus_clamped(tapp_left, placed);
            known = known
                .union(extra_tapp)
                .ok_or_else(|| InfoError("inconsistent Tapp".into()))?;
        }
        let unknown = binokel::deal::pack(r)
            .minus(known)
            .ok_or_else(|| InfoError("the view shows more cards than the pack has".into()))?;
        let all_slots = (1u32 << slots.len()) - 1;
        let mut pool: Vec<(Card, u32)> = unknown.iter().map(|c| (c, all_slots)).collect();
        if let Some(sol) = other_soloist.filter(|_| burial_hidden) {
            let mask = slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.kind == SlotKind::Hand(sol) || s.kind == SlotKind::Burial)
                .fold(0, |m, (i, _)| m | 1 << i);
            pool.extend(extra_tapp.iter().map(|c| (c, mask)));
        }
        for (c, mask) in pool.iter_mut() {
            for (i, s) in slots.iter().enumerate() {
                if s.forbid & (1 << c.index()) != 0 {
                    *mask &= !(1 << i);
                }
            }
        }
        let free: usize = slots.iter().map(|s| s.free).sum();
        if free != pool.len() {
            return Err(InfoError(format!(
                "{} hidden places but {} unknown cards",
                free,
                pool.len()
            )));
        }
        Ok(Sampler {
            info: info.clone(),
            slots,
            pool,
            max_attempts: 400,
        })
    }

    /// One deal consistent with the knowledge, at the same point of play, or None when the
    /// attempts ran out (a very constrained position).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Deal> {
        (0..self.max_attempts)
            .find_map(|_| self.attempt(rng))
            .or_else(|| self.backtrack(rng))
    }

    /// When random placement keeps failing (the melds a seat showed rule out almost every
    /// hand: a seat that showed nothing can hold no pair, no four of a rank, no Binokel), a
    /// depth-first search over the unknown cards in random order. A seat's meld total can
    /// only grow as cards are added, so a partial hand already worth more than its seat
    /// showed is abandoned at once; every complete assignment is checked like a random one.
    /// The search stops after [`BACKTRACK_STEPS`] placements (None).
    fn backtrack<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Deal> {
        let mut pool = self.pool.clone();
        pool.shuffle(rng);
        // Most constrained cards first; the two copies of a kind side by side.
        pool.sort_by_key(|&(c, m)| (m.count_ones(), c.index()));
        let trump = self.info.trump();
        let limits: Vec<Option<(u32, CardSet)>> = self
            .slots
            .iter()
            .map(|s| match s.kind {
                SlotKind::Hand(seat) => self
                    .info
                    .shown
                    .iter()
                    .find(|(x, _)| *x == seat)
                    .map(|(_, l)| (l.iter().map(|m| m.points).sum(), self.info.played_by[seat])),
                _ => None,
            })
            .collect();
        // Each card tries the slots from its own random starting point, so the first
        // assignment found is not biased towards one slot.
        let n = self.slots.len();
        let order: Vec<Vec<usize>> = (0..pool.len())
            .map(|_| {
                let mut o: Vec<usize> = (0..n).collect();
                o.shuffle(rng);
                o
            })
            .collect();
        let mut st = Backtrack {
            room: self.slots.iter().map(|s| s.free).collect(),
            got: self.slots.iter().map(|s| s.fixed).collect(),
            chosen: vec![0; pool.len()],
            steps: 0,
        };
        self.place(&pool, 0, &order, &limits, trump, &mut st)
    }

    fn place(
        &self,
        pool: &[(Card, u32)],
        i: usize,
        order: &[Vec<usize>],
        limits: &[Option<(u32, CardSet)>],
        trump: Option<Suit>,
        st: &mut Backtrack,
    ) -> Option<Deal> {
        if i == pool.len() {
            return self.build(&st.got);
        }
        let (c, mask) = pool[i];
        // The second copy of a kind never goes to a slot before the first one's: the same
        // split in the other order was already tried.
        let first = if i > 0 && pool[i - 1] == pool[i] {
            st.chosen[i - 1]
        } else {
            0
        };
        for &k in &order[i] {
            if k < first || mask & (1 << k) == 0 || st.room[k] == 0 {
                continue;
            }
            st.steps += 1;
            if st.steps > BACKTRACK_STEPS {
                return None;
            }
            st.got[k].insert(c);
            let fits = limits[k].is_none_or(|(total, played)| {
                st.got[k]
                    .union(played)
                    .is_some_and(|h| meld_total(h, trump, &self.info.rules) <= total)
            });
            if fits {
                st.room[k] -= 1;
                st.chosen[i] = k;
                if let Some(d) = self.place(pool, i + 1, order, limits, trump, st) {
                    return Some(d);
                }
                st.room[k] += 1;
            }
            st.got[k].remove(c);
            if st.steps > BACKTRACK_STEPS {
                return None;
            }
        }
        None
    }

    fn attempt<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Deal> {
        let mut pool = self.pool.clone();
        pool.shuffle(rng);
        // Most constrained cards first, so a card with one possible place gets it.
        pool.sort_by_key(|(_, m)| m.count_ones());
        let mut room: Vec<usize> = self.slots.iter().map(|s| s.free).collect();
        let mut got: Vec<CardSet> = self.slots.iter().map(|s| s.fixed).collect();
        for (c, mask) in pool {
            let total: usize = (0..room.len())
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| room[i])
                .sum();
            if total == 0 {
                return None;
            }
            let mut pick = rng.gen_range(0..total);
            let mut chosen = 0;
            for (i, &r) in room.iter().enumerate() {
                if mask & (1 << i) == 0 {
                    continue;
                }
                if pick < r {
                    chosen = i;
                    break;
                }
                pick -= r;
            }
            room[chosen] -= 1;
            got[chosen].insert(c);
        }
        self.build(&got)
    }

    fn build(&self, got: &[CardSet]) -> Option<Deal> {
        let info = &self.info;
        let r = info.rules;
        let mut now = [CardSet::EMPTY; 4];
        now[info.me] = info.hand;
        let mut tapp = info.tapp.unwrap_or(CardSet::EMPTY);
        let mut burial = info.buried;
        for (s, set) in self.slots.iter().zip(got) {
            match s.kind {
                SlotKind::Hand(seat) => now[seat] = *set,
                SlotKind::Tapp => tapp = *set,
                SlotKind::Burial => burial = Some(*set),
            }
        }
        // Each seat showed exactly these melds from its hand at the declaration.
        let trump = info.trump();
        for (seat, list) in &info.shown {
            let at_decl = now[*seat].union(info.played_by[*seat])?;
            if melds(at_decl, trump, &r).as_slice() != list.as_slice() {
                return None;
            }
        }
        let mut hands = Vec::with_capacity(info.n);
        for (s, h) in now.iter().enumerate().take(info.n) {
            let mut dealt = h.union(info.played_by[s])?;
            if info.soloist == Some(s) {
                if let Some(b) = burial {
                    dealt = dealt.union(b)?;
                }
                dealt = dealt.minus(tapp)?;
            }
            hands.push(dealt);
        }
        let setup = Setup {
            rules: r,
            dealer: info.dealer,
            hands,
            tapp,
            stock: Vec::new(),
            turned: None,
        };
        let mut deal = Deal::new(&setup).ok()?;
        for &(_, a) in &info.history {
            let a = match a {
                Some(a) => a,
                None => Action::Bury(burial?),
            };
            deal.play(a).ok()?;
        }
        Some(deal)
    }
}

/// True when `deal` agrees with everything `info` holds: the seat's own hand, the public
/// cards, the history, the shown melds and the hand sizes. Used by tests and debug checks.
pub fn consistent(info: &Info, deal: &Deal) -> bool {
    if deal.hand(info.me) != info.hand || deal.phase() != info.phase {
        return false;
    }
    if info.tapp.is_some_and(|t| t != deal.tapp()) {
        return false;
    }
    if info.buried.is_some_and(|b| b != deal.buried()) {
        return false;
    }
    if deal.played() != info.played || deal.soloist() != info.soloist {
        return false;
    }
    if (0..info.n).any(|s| deal.hand(s).len() != info.hand_sizes[s]) {
        return false;
    }
    if (0..info.n).any(|s| deal.hand(s).kinds() & info.forbidden[s] != 0) {
        return false;
    }
    let trump = info.trump();
    for (seat, list) in &info.shown {
        let Some(at) = deal.hand(*seat).union(info.played_by[*seat]) else {
            return false;
        };
        if melds(at, trump, &info.rules).as_slice() != list.as_slice() {
            return false;
        }
    }
    // Replaying the history from the deal's start must give the same actions.
    let mut d = Deal::new(&deal.setup()).ok();
    for &(seat, a) in &info.history {
        let Some(dd) = d.as_mut() else { return false };
        if dd.to_act() != Some(seat) {
            return false;
        }
        let a = a.unwrap_or(Action::Bury(deal.buried()));
        if dd.play(a).is_err() {
            return false;
        }
    }
    d.is_some_and(|d| d == *deal)
}
