//! Determinization: full deals that agree with everything a seat knows.
//!
//! A sample fixes the hidden cards (other hands, the Tapp before it is shown, another
//! soloist's burial), then builds the deal as dealt and replays the view's history on it
//! with the checked `Deal::play`. So every sample reproduces the auction, the plays (and
//! with them every follow/trump/beat duty) and, checked separately, exactly the melds each
//! seat showed. Cards that the melds reveal are placed first and cards a seat is known not to
//! hold are never given to it, so rejection stays rare; when it is not, a depth-first search
//! over the hidden cards takes over. After a call (house rule `calling`) the called card and
//! the card given back are moved back to where they were dealt before the replay.

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
    /// A card called under the calling house rule, as this seat knows it.
    call: Option<CallModel>,
    /// With a call whose giver this seat cannot tell (the soloist's own view), one sampler
    /// per possible giver; each sample picks one at random.
    alternatives: Vec<Sampler>,
}

/// A call (house rule `calling`): the soloist took `called` from `giver` and gave back
/// `given`. Everybody sees the call; the given card only the soloist and the giver.
#[derive(Clone, Debug)]
struct CallModel {
    called: Card,
    giver: Seat,
    /// The card given back, when this seat saw it.
    given: Option<Card>,
    /// True once the soloist gave a card back.
    done: bool,
    /// The index in the history of the give.
    give_at: usize,
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
    /// understands (two seats; a call with four seats) or is inconsistent.
    pub fn new(info: &Info) -> Result<Sampler, InfoError> {
        if !(3..=4).contains(&info.n) {
            return Err(InfoError("sampling supports three or four seats".into()));
        }
        let Some(at) = info
            .history
            .iter()
            .position(|(_, a)| matches!(a, Some(Action::Call(_))))
        else {
            return Sampler::with_call(info, None);
        };
        let Some((_, Some(Action::Call(called)))) = info.history.get(at).copied() else {
            unreachable!("found above")
        };
        let sol = info
            .soloist
            .ok_or_else(|| InfoError("a call without a soloist".into()))?;
        if info.n != 3 {
            return Err(InfoError("calling is sampled with three seats only".into()));
        }
        let give = info.history.get(at + 1).map(|&(_, a)| a);
        let given = match give {
            Some(Some(Action::Give(c))) => Some(c),
            _ => None,
        };
        let done = give.is_some();
        let (first, second) = ((sol + 1) % 3, (sol + 2) % 3);
        let givers: Vec<Seat> = if !done {
            // Until the soloist gives back, the giver holds one card fewer.
            let g = if info.hand_sizes[first] < info.hand_sizes[second] {
                first
            } else {
                second
            };
            vec![g]
        } else if info.me == sol {
            vec![first, second]
        } else if given.is_some() {
            vec![info.me]
        } else {
            vec![if info.me == first { second } else { first }]
        };
        let mut options: Vec<Sampler> = givers
            .into_iter()
            .filter_map(|giver| {
                let call = CallModel {
                    called,
                    giver,
                    given,
                    done,
                    give_at: at + 1,
                };
                Sampler::with_call(info, Some(call)).ok()
            })
            .collect();
        match options.len() {
            0 => Err(InfoError("no seat can have given the called card".into())),
            1 => Ok(options.pop().expect("one")),
            _ => {
                let mut s = options[0].clone();
                s.alternatives = options;
                Ok(s)
            }
        }
    }

    fn with_call(info: &Info, call: Option<CallModel>) -> Result<Sampler, InfoError> {
        let r = &info.rules;
        let me = info.me;
        let trump = info.trump();
        let shown =
            |s: Seat| -> Option<&Vec<Meld>> { info.shown.iter().find(|(x, _)| *x == s).map(|(_, m)| m) };
        let give_at = call.as_ref().map(|c| c.give_at);
        let after_bury = info
            .history
            .iter()
            .enumerate()
            .any(|(i, (_, a))| (a.is_none() && Some(i) != give_at) || matches!(a, Some(Action::Bury(_))));
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
                // A Tapp card given back to this seat is in its own hand.
                if let Some(x) = call.as_ref().filter(|c| c.giver == me).and_then(|c| c.given) {
                    tapp_left.remove(x);
                }
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
            let mut fixed = fixed;
            let mut forbid = info.forbidden[s];
            if let Some(c) = &call {
                if c.giver == s && me == info.soloist.unwrap_or(me) {
                    // The soloist knows what it gave: still held unless played.
                    if let Some(x) = c.given.filter(|&x| !info.played_by[s].contains(x)) {
                        fixed = union_max(fixed, single(x));
                    }
                }
                // The giver was the first after the soloist to hold the card: a seat
                // passed over held none.
                if info.soloist.map(|x| (x + 1) % info.n) == Some(s)
                    && c.giver != s
                    && !info.played_by[s].contains(c.called)
                {
                    forbid |= 1 << c.called.index();
                }
            }
            let size = info.hand_sizes[s];
            if fixed.len() > size {
                return Err(InfoError(format!("seat {s} shows more cards than it holds")));
            }
            slots.push(Slot {
                kind: SlotKind::Hand(s),
                fixed,
                free: size - fixed.len(),
                forbid,
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
            if call.is_some() {
                // A Tapp card the soloist gave back and the giver played is known already.
                for c in extra_tapp.distinct() {
                    while known.count(c) + extra_tapp.count(c) > 2 {
                        extra_tapp.remove(c);
                    }
                }
            }
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
        if let (Some(c), Some(sol)) = (&call, info.soloist) {
            // The called copy went to the soloist: in its hand or burial unless played
            // (this model leaves out that it was given straight back).
            if sol != me {
                let side = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.kind == SlotKind::Hand(sol) || s.kind == SlotKind::Burial)
                    .fold(0, |m, (i, _)| m | 1 << i);
                // The soloist held no copy when it called: any other copy is elsewhere.
                let placed = slots
                    .iter()
                    .filter(|s| s.kind == SlotKind::Hand(sol))
                    .any(|s| s.fixed.contains(c.called));
                let mut first = !info.played_by[sol].contains(c.called) && !placed;
                for e in pool.iter_mut().filter(|(x, _)| *x == c.called) {
                    e.1 &= if first { side } else { !side };
                    first = false;
                }
            }
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
            call,
            alternatives: Vec::new(),
        })
    }

    /// One deal consistent with the knowledge, at the same point of play, or None when the
    /// attempts ran out (a very constrained position).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Deal> {
        if !self.alternatives.is_empty() {
            let i = rng.gen_range(0..self.alternatives.len());
            let mut a = self.alternatives[i].clone();
            a.max_attempts = self.max_attempts;
            return a
                .sample(rng)
                .or_else(|| self.alternatives.iter().find_map(|a| a.sample(rng)));
        }
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
            hands.push(h.union(info.played_by[s])?);
        }
        if let (Some(sol), Some(b)) = (info.soloist, burial) {
            hands[sol] = hands[sol].union(b)?;
        }
        // Undo the call: the giver had the called card and not the one given back. A card
        // given back that this seat did not see is any the giver has held since; each is
        // tried from a starting point that varies with the sample.
        let Some((c, sol)) = self.call.as_ref().zip(info.soloist) else {
            return self.replay(hands, tapp, burial, None);
        };
        if !c.done {
            return self.undo_call(&now, hands, tapp, burial, None);
        }
        if let Some(x) = c.given {
            return self.undo_call(&now, hands, tapp, burial, Some(x));
        }
        let missing = minus_clamped(tapp, hands[sol]);
        let cards: Vec<Card> = if missing.is_empty() {
            hands[c.giver].distinct().collect()
        } else {
            // A Tapp card the soloist no longer has can only have been given.
            missing.distinct().collect()
        };
        let h = got.iter().fold(0u64, |h, s| {
            mix(h ^ u64::from(s.kinds()) ^ u64::from(s.doubles()) << 24)
        });
        let k = cards.len().max(1);
        (0..cards.len()).find_map(|i| {
            let x = cards[(h as usize + i) % k];
            self.undo_call(&now, hands.clone(), tapp, burial, Some(x))
        })
    }

    /// Moves the called card back to the giver and the given card `x` back to the soloist,
    /// then replays.
    fn undo_call(
        &self,
        now: &[CardSet; 4],
        mut hands: Vec<CardSet>,
        tapp: CardSet,
        burial: Option<CardSet>,
        x: Option<Card>,
    ) -> Option<Deal> {
        let (c, sol) = self.call.as_ref().zip(self.info.soloist)?;
        let g = c.giver;
        if let Some(x) = x {
            hands[g] = hands[g].minus(single(x))?;
            hands[sol] = hands[sol].union(single(x))?;
        }
        hands[g] = hands[g].union(single(c.called))?;
        hands[sol] = hands[sol].minus(single(c.called))?;
        let d = self.replay(hands, tapp, burial, x)?;
        // The rules chose the giver from the dealt hands: it must be the one assumed.
        (0..self.info.n).all(|s| d.hand(s) == now[s]).then_some(d)
    }

    /// Builds the deal from the dealt hands (the soloist's still holding its whole 18 or
    /// 19 cards) and replays the history, hidden burial and give filled in.
    fn replay(
        &self,
        mut hands: Vec<CardSet>,
        tapp: CardSet,
        burial: Option<CardSet>,
        given: Option<Card>,
    ) -> Option<Deal> {
        let info = &self.info;
        if let Some(sol) = info.soloist {
            hands[sol] = hands[sol].minus(tapp)?;
        }
        let setup = Setup {
            rules: info.rules,
            dealer: info.dealer,
            hands,
            tapp,
            stock: Vec::new(),
            turned: None,
        };
        let mut deal = Deal::new(&setup).ok()?;
        let give_at = self.call.as_ref().map(|c| c.give_at);
        for (i, &(_, a)) in info.history.iter().enumerate() {
            let a = match a {
                Some(a) => a,
                None if Some(i) == give_at => Action::Give(given?),
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
        let a = match a {
            Some(a) => a,
            None if matches!(dd.legal_actions().first(), Some(Action::Give(_))) => {
                match given_card(deal, info) {
                    Some(x) => Action::Give(x),
                    None => return false,
                }
            }
            None => Action::Bury(deal.buried()),
        };
        if dd.play(a).is_err() {
            return false;
        }
    }
    d.is_some_and(|d| d == *deal)
}

fn single(c: Card) -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(c);
    s
}

/// The card the soloist gave back in `deal` after a call: what the giver has held since
/// (its hand and its plays) beyond what it was dealt, less the called card.
fn given_card(deal: &Deal, info: &Info) -> Option<Card> {
    let (c, g) = deal.call()?;
    let before = deal.dealt_hand(g).minus(single(c))?;
    let since = deal.hand(g).union(info.played_by[g])?;
    since.minus(before)?.iter().next()
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
