//! The solver's unit tests: the faster tables, bounds, dominance and trick closing against
//! the first, plainer formulas (kept here as oracles), and the table key's exactness.

use super::tables::*;
use super::*;
use binokel::cardset::{suit_mask, SUIT_POINTS};
use binokel::{Card, Suit};

/// Calls the method compiled for the position's seat count, as the search does.
macro_rules! by_seats {
    ($p:expr, $m:ident $(, $a:expr)*) => {
        match $p.n {
            3 => $p.$m::<3>($($a),*),
            4 => $p.$m::<4>($($a),*),
            _ => $p.$m::<0>($($a),*),
        }
    };
}
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// The bounds' parts as they were written first (per-seat loops, every suit walked): the
/// oracle the faster [`Position::cash_n`] and [`Position::sure_trumps_n`] must equal exactly.
mod old {
    use super::*;

    /// The dominated kinds as first written: every run walked card by card, each with its
    /// own decision.
    pub fn dominated(p: &Position) -> u32 {
        let legal = p.legal();
        if !two_or_more(legal) {
            return 0;
        }
        let h = p.to_act as usize;
        let others = p.one[(h + 1) & 3] | p.one[(h + 2) & 3] | p.one[(h + 3) & 3];
        let cand = legal & !others;
        let mut drop = 0u32;
        let mut rest = cand;
        while two_or_more(rest) {
            let sm = sm_of(31 - rest.leading_zeros());
            let mut g = rest & sm;
            rest &= !sm;
            while two_or_more(g) {
                let top = 31 - g.leading_zeros();
                let beats_top = p.beats_winner(top);
                let mut run = 1u32 << top;
                let mut low = top;
                g &= !(1 << top);
                while g != 0 {
                    let k = 31 - g.leading_zeros();
                    let between = ((1u32 << low) - 1) & !((2u32 << k) - 1);
                    if others & between != 0 || p.beats_winner(k) != beats_top {
                        break;
                    }
                    run |= 1 << k;
                    low = k;
                    g &= !(1 << k);
                }
                if two_or_more(run) {
                    drop |= in_run(p, run, top, low, beats_top, sm);
                }
            }
        }
        drop
    }

    fn in_run(p: &Position, run: u32, top: u32, low: u32, beats_top: bool, sm: u32) -> u32 {
        if p.objective == Objective::Tricks {
            return run & !(1 << top);
        }
        let led = if p.trick_len == 0 { sm } else { p.led };
        match by_seats!(p, keep_top_n, beats_top, top, led) {
            Some(true) => run & !(1 << top),
            Some(false) => run & !(1 << low),
            None => 0,
        }
    }

    /// The points of a kind mask (one copy of each kind set).
    pub fn mask_points(m: u32) -> i32 {
        (0..4)
            .map(|x| i32::from(SUIT_POINTS[((m >> (6 * x)) & 63) as usize]))
            .sum()
    }

    pub fn cash(p: &Position, leader: usize) -> (i32, u32) {
        let n = p.n as usize;
        let side = p.side(leader);
        let mut others = [0usize; 3];
        let mut no = 0;
        for s in 0..n {
            if p.side(s) != side {
                others[no] = s;
                no += 1;
            }
        }
        let others = &others[..no];
        let suit_of = |s: usize, x: usize| ((p.one[s] >> (6 * x)) & 63, (p.two[s] >> (6 * x)) & 63);
        let count = |(a, b): (u32, u32)| u32::from(POP6[a as usize] + POP6[b as usize]);
        let mut trumps_left = [0u32; 4];
        let trump = p.trump.map(|t| t.index());
        let mut order = [0usize, 1, 2, 3];
        if let Some(t) = trump {
            order.swap(0, t);
        }
        let (mut pts, mut tricks) = (0i32, 0u32);
        for &x in &order {
            let is_trump = trump == Some(x);
            let (ma, mb) = suit_of(leader, x);
            if ma == 0 {
                if is_trump {
                    for &o in others {
                        trumps_left[o] = count(suit_of(o, x));
                    }
                }
                continue;
            }
            // Rounds the others must follow before one with a trump left could ruff.
            let mut limit = u32::MAX;
            if !is_trump && trump.is_some() {
                for &o in others {
                    if trumps_left[o] > 0 {
                        limit = limit.min(count(suit_of(o, x)));
                    }
                }
            }
            let mut held = [(0u32, 0u32); 3];
            for (i, &o) in others.iter().enumerate() {
                held[i] = suit_of(o, x);
            }
            // The leader's cards of the suit from the top, one copy at a time.
            let (mut a, mut b) = (ma, mb);
            let mut rounds = 0u32;
            loop {
                if a == 0 {
                    break;
                }
                let top = 31 - a.leading_zeros();
                if b & (1 << top) != 0 {
                    b &= !(1 << top);
                } else {
                    a &= !(1 << top);
                }
                if rounds + 1 > limit {
                    break;
                }
                // The others' best card of the suit (they follow low, keeping it).
                let best = held[..no]
                    .iter()
                    .map(|&(a, _)| if a == 0 { -1 } else { 31 - a.leading_zeros() as i32 })
                    .max()
                    .unwrap_or(-1);
                if (top as i32) < best {
                    break;
                }
                rounds += 1;
                tricks += 1;
                pts += POINTS[top as usize];
                for h in held[..no].iter_mut() {
                    // Each follows with its cheapest card of the suit, if it has one.
                    if h.0 != 0 {
                        let low = h.0.trailing_zeros();
                        pts += POINTS[low as usize];
                        if h.1 & (1 << low) != 0 {
                            h.1 &= !(1 << low);
                        } else {
                            h.0 &= !(1 << low);
                        }
                    }
                }
            }
            if is_trump {
                for &o in others {
                    trumps_left[o] = count(suit_of(o, x)).saturating_sub(rounds);
                }
            }
        }
        if p.objective == Objective::Points && tricks >= u32::from(p.tricks_left) {
            pts += 10;
        }
        (pts, tricks)
    }

    pub fn sure_trumps(p: &Position, up: i32) -> (i32, i32) {
        let Some(t) = p.trump else {
            return (0, up);
        };
        let tm = suit_mask(t);
        let n = p.n as usize;
        let (mut solo, mut opp) = (0u32, 0u32);
        for s in 0..n {
            if p.side(s) {
                solo |= p.one[s] & tm;
            } else {
                opp |= p.one[s] & tm;
            }
        }
        // Kinds strictly above the other side's best trump.
        let above = |m: u32| {
            if m == 0 {
                u32::MAX
            } else {
                !((2u32 << (31 - m.leading_zeros())) - 1)
            }
        };
        let (sure_solo, sure_opp) = (solo & above(opp), opp & above(solo));
        let (mut lo, mut lost) = (0, 0);
        let (mut m_solo, mut m_opp) = (0u32, 0u32);
        for s in 0..n {
            let ours = p.side(s);
            let k = if ours { sure_solo } else { sure_opp };
            let (a, b) = (p.one[s] & k, p.two[s] & k);
            if a == 0 {
                continue;
            }
            let p = mask_points(a) + mask_points(b);
            let m = pop_suit(a, t.index()) + pop_suit(b, t.index());
            if ours {
                lo += p;
                m_solo = m_solo.max(m);
            } else {
                lost += p;
                m_opp = m_opp.max(m);
            }
        }
        for s in 0..n {
            if p.side(s) {
                lost += p.cheapest(s, m_opp);
            } else {
                lo += p.cheapest(s, m_solo);
            }
        }
        (lo, up - lost)
    }
}

/// A random trick boundary: each copy of the first `kinds` kinds is gone or in a hand.
fn random_boundary(rng: &mut rand_chacha::ChaCha8Rng, kinds: usize) -> Position {
    let n = if rng.gen_bool(0.5) { 3 } else { 4 };
    let mut p = Position {
        one: [0; 4],
        two: [0; 4],
        n: n as u8,
        trump: [None, Some(Suit::from_index(rng.gen_range(0..4)))][rng.gen_range(0..2)],
        tmask: 0,
        led: ALL,
        beat: ALL,
        soloist: rng.gen_range(0..n) as u8,
        leader: rng.gen_range(0..n) as u8,
        to_act: 0,
        trick: [0; 4],
        trick_len: 0,
        win: 0,
        tricks_left: 1,
        objective: [Objective::Points, Objective::Tricks][rng.gen_range(0..2)],
        rest: 0,
        tpts: 0,
    };
    p.to_act = p.leader;
    p.tmask = p.trump.map_or(0, suit_mask);
    for k in 0..kinds {
        for _ in 0..2 {
            let s = rng.gen_range(0..=n);
            if s < n {
                let b = 1u32 << k;
                if p.one[s] & b != 0 {
                    p.two[s] |= b;
                } else {
                    p.one[s] |= b;
                }
            }
        }
    }
    p
}

#[test]
fn suit_tables_count_like_count_ones() {
    // The table and multiplication counts that stand in for `count_ones` in the bounds.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for _ in 0..100_000 {
        let m: u32 = rng.gen_range(0..1 << 24);
        let points: i32 = (0..24).filter(|k| m & (1 << k) != 0).map(|k| POINTS[k % 6]).sum();
        assert_eq!(old::mask_points(m), points, "points of {m:#x}");
        for r in 0..6 {
            assert_eq!(
                rank_count(m, r),
                (m & (0x41041 << r)).count_ones(),
                "{m:#x} rank {r}"
            );
        }
        for x in 0..4 {
            assert_eq!(
                pop_suit(m, x),
                ((m >> (6 * x)) & 63).count_ones(),
                "{m:#x} suit {x}"
            );
        }
        assert_eq!(two_or_more(m), m.count_ones() >= 2, "{m:#x}");
        let x = (m & 63) as usize;
        let over = (0..6).filter(|&k| (k as i8) > HI6[x]).fold(0, |a, k| a | 1 << k);
        assert_eq!(u32::from(OVER6[x]), over, "{x:#b}");
        let hi = (0..6)
            .filter(|&k| x & (1 << k) != 0)
            .max()
            .map_or(-1, |k| k as i8);
        assert_eq!(HI6[x], hi, "{x:#b}");
    }
}

#[test]
fn bounds_equal_the_first_formula() {
    // Every trick boundary shape: all 24 kinds dealt or gone, any leader, trump or none,
    // three or four seats, both objectives, tricks left from 2 up.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut cashed = 0;
    for i in 0..200_000 {
        let mut p = random_boundary(&mut rng, if i % 2 == 0 { 24 } else { 12 });
        p.tricks_left = rng.gen_range(2..=15);
        p.rest = (0..4)
            .map(|s| {
                (0..4)
                    .map(|x| {
                        i16::from(SUIT_POINTS[((p.one[s] >> (6 * x)) & 63) as usize])
                            + i16::from(SUIT_POINTS[((p.two[s] >> (6 * x)) & 63) as usize])
                    })
                    .sum::<i16>()
            })
            .sum();
        let leader = p.leader as usize;
        // `bounds` combines these two the same way as before.
        assert_eq!(
            by_seats!(p, cash_n, leader),
            old::cash(&p, leader),
            "cash of {p:?}"
        );
        if p.objective == Objective::Points {
            let up = p.upper();
            assert_eq!(by_seats!(p, sure_trumps_n, up), old::sure_trumps(&p, up), "{p:?}");
        }
        cashed += usize::from(by_seats!(p, cash_n, leader).1 > 0);
    }
    assert!(cashed > 20_000, "only {cashed} positions cash a trick");
}

#[test]
fn runs_from_the_table_drop_what_walking_the_runs_drops() {
    // The table-driven dominance against the card-by-card walk, anywhere in a trick: it
    // may only keep more (a suit with two runs that beat the trick), never drop more.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    let (mut dropped, mut same) = (0, 0);
    for _ in 0..100_000 {
        let mut p = random_boundary(&mut rng, 24);
        p.tricks_left = 15;
        if rng.gen_bool(0.5) {
            p.objective = Objective::Tricks;
        }
        for _ in 0..rng.gen_range(0..p.n) {
            let m = p.legal();
            if m == 0 {
                break;
            }
            let mut pick = rng.gen_range(0..m.count_ones());
            let mut c = m;
            while pick > 0 {
                c &= c - 1;
                pick -= 1;
            }
            p.play(Card::from_index(c.trailing_zeros() as usize));
        }
        if p.trick_len == 0 && p.tricks_left < 15 {
            continue;
        }
        let (new, old) = (p.dominated(), old::dominated(&p));
        assert_eq!(new & !old, 0, "{p:?}: drops {new:#x}, the walk {old:#x}");
        dropped += usize::from(old != 0);
        same += usize::from(old != 0 && new == old);
    }
    assert!(dropped > 10_000, "only {dropped} positions drop a card");
    assert!(same * 100 >= dropped * 99, "{same} of {dropped} alike");
}

#[test]
fn closing_a_trick_without_playing_matches_play() {
    // The last card of a trick: gain, tricks left and the next boundary's key as the
    // transposition cutoffs compute them must be what playing the card gives.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut checked = 0;
    for _ in 0..50_000 {
        let mut p = random_boundary(&mut rng, 24);
        p.tricks_left = rng.gen_range(1..=15);
        // Every seat but the last plays a random legal card.
        let mut ok = true;
        for _ in 1..p.n {
            let m = p.legal();
            if m == 0 {
                ok = false;
                break;
            }
            let mut mm = m;
            for _ in 0..rng.gen_range(0..m.count_ones()) {
                mm &= mm - 1;
            }
            p.play(Card::from_index(mm.trailing_zeros() as usize));
        }
        if !ok || p.trick_len + 1 != p.n {
            continue;
        }
        let mut m = p.legal();
        while m != 0 {
            let c = m.trailing_zeros();
            m &= m - 1;
            let mut child = p;
            let gain = child.play(Card::from_index(c as usize));
            assert_eq!(
                by_seats!(p, close_with_n, c),
                (gain, child.tricks_left, child.key()),
                "{p:?} card {c}"
            );
            checked += 1;
        }
    }
    assert!(checked > 50_000, "only {checked} cards checked");
}

#[test]
fn the_forced_last_trick_is_what_playing_it_gives() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut won = 0;
    for _ in 0..20_000 {
        let mut p = random_boundary(&mut rng, 0);
        p.objective = Objective::Points;
        p.tricks_left = 1;
        for s in 0..p.n as usize {
            p.one[s] = 1 << rng.gen_range(0..24);
        }
        let v = by_seats!(p, last_trick_n);
        assert_eq!(v, minimax(&p), "{p:?}");
        won += usize::from(v > 0);
    }
    assert!(won > 2_000, "the soloist's side won {won} last tricks");
}

#[test]
fn the_table_key_tells_every_boundary_apart() {
    // Few kinds so that many positions differ in one card only; every key must stand for
    // one position (hands, leader, trump, objective, seats), so the table is exact.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut seen: HashMap<[u64; 2], Position> = HashMap::new();
    let mut same = 0;
    for _ in 0..200_000 {
        let p = random_boundary(&mut rng, 4);
        let what = |q: &Position| (q.one, q.two, q.n, q.trump, q.leader, q.objective);
        match seen.get(&p.key()) {
            Some(q) => {
                assert_eq!(what(q), what(&p), "two positions share a key");
                same += 1;
            }
            None => {
                seen.insert(p.key(), p);
            }
        }
    }
    assert!(
        seen.len() > 10_000 && same > 10_000,
        "{} keys, {same} repeats",
        seen.len()
    );
}
