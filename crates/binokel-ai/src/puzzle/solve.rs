//! The values of a puzzle's choices by the exact solver (docs/puzzles.md, "Values").
//!
//! A choice's value is the deciding seat's deal score (docs/puzzles.md "Values": the
//! soloist's score for its side, negated for an opponent) when everybody
//! plays best after it. `play_open`: one exact solve with all hands seen. `play_view`: every
//! layout of the hidden cards consistent with the seat's view is solved exactly and the
//! values are averaged, each layout weighted by the number of ways to deal the two copies of
//! a card (a split pair counts twice: the layouts of labelled cards are equally likely).

use super::{round2, Choice, Kind, Puzzle};
use crate::info::Info;
use crate::measure::{seat_value, soloist_score_after};
use crate::sample::consistent;
use crate::solver::{Objective, Position, Solver};
use binokel::{Card, CardSet, Contract, Deal, Game, Phase, Setup, View};

/// Search nodes one exact solve may take; past it the decision is no puzzle.
pub const SOLVE_NODES: u64 = 40_000_000;

pub use super::Values;

/// Re-solves a stored puzzle.
pub fn values(p: &Puzzle, solver: &mut Solver) -> Result<Values, String> {
    let game = p.game()?;
    match p.kind {
        Kind::PlayOpen => open(&game, solver),
        Kind::PlayView => view(&game, solver),
        Kind::Trump => super::declare::declaration(&game, super::declare::DECLARE_NODES),
        Kind::Burial => super::burial::burial(&game, super::burial::BURIAL_VERIFY_NODES),
    }
}

/// True when the deal is in trick play of a trump contract with three or four seats (what
/// the puzzles cover).
pub fn playable(d: &Deal) -> bool {
    d.phase() == Phase::Play
        && (3..=4).contains(&d.players())
        && matches!(d.contract(), Some(Contract::Trump(_)))
}

fn sorted(game: &Game, vals: Vec<(Card, f64)>, layouts: Option<u64>) -> Values {
    let low = game.rules().low;
    let mut choices: Vec<Choice> = vals
        .into_iter()
        .map(|(c, v)| Choice {
            choice: c.code(low),
            value: round2(v),
            bound: false,
        })
        .collect();
    choices.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.choice.cmp(&b.choice)));
    let margin = match choices.as_slice() {
        [a, b, ..] => round2(a.value - b.value),
        _ => 0.0,
    };
    Values {
        choices,
        margin,
        layouts,
    }
}

/// The exact value of each legal card with all hands seen.
pub fn open(game: &Game, solver: &mut Solver) -> Result<Values, String> {
    let d = game.current().ok_or("no deal in progress")?;
    let me = d.to_act().ok_or("nobody is to act")?;
    let vals = open_cards(d, me, solver).ok_or("the position is too large to solve")?;
    Ok(sorted(game, vals, None))
}

fn open_cards(d: &Deal, me: usize, solver: &mut Solver) -> Option<Vec<(Card, f64)>> {
    if !playable(d) {
        return None;
    }
    let pos = Position::from_deal(d, Objective::Points)?;
    solver.clear();
    let moves = solver.solve_moves_within(&pos, SOLVE_NODES)?;
    Some(
        moves
            .into_iter()
            .map(|(c, v)| (c, seat_value(d, me, soloist_score_after(d, v))))
            .collect(),
    )
}

/// The expected value of each legal card over every layout consistent with the seat's view.
/// Only the soloist's view of a three-seat deal (docs/puzzles.md: the hidden cards are then
/// just the two opponents' hands).
pub fn view(game: &Game, solver: &mut Solver) -> Result<Values, String> {
    let d = *game.current().ok_or("no deal in progress")?;
    let me = d.to_act().ok_or("nobody is to act")?;
    if !playable(&d) || d.players() != 3 || d.soloist() != Some(me) {
        return Err("play_view puzzles are the soloist's card play in a three-seat deal".into());
    }
    let v = View::of(game, Some(me)).ok_or("no view")?;
    let info = Info::from_view(&v).map_err(|e| e.to_string())?;
    let log = game.deals().last().ok_or("no deal")?;
    let layouts = layouts(&d, &info);
    let mut sums: Vec<(Card, f64)> = Vec::new();
    let mut total = 0.0;
    let mut count = 0u64;
    for (a_hand, b_hand, w) in layouts {
        let Some(deal) = rebuild(&d, &info, &log.actions, a_hand, b_hand) else {
            continue;
        };
        let vals = open_cards(&deal, me, solver).ok_or("a layout is too large to solve")?;
        if sums.is_empty() {
            sums = vals.iter().map(|&(c, _)| (c, 0.0)).collect();
        }
        for (c, v) in vals {
            let slot = sums
                .iter_mut()
                .find(|s| s.0 == c)
                .ok_or("layouts differ in legal cards")?;
            slot.1 += v * w;
        }
        total += w;
        count += 1;
    }
    if count == 0 {
        return Err("no layout is consistent with the view".into());
    }
    let vals = sums.into_iter().map(|(c, s)| (c, s / total)).collect();
    Ok(sorted(game, vals, Some(count)))
}

/// The opponents of the soloist `me` in a three-seat deal: the next seat and the one after.
fn opponents(me: usize) -> (usize, usize) {
    ((me + 1) % 3, (me + 2) % 3)
}

/// Every split of the two opponents' cards (what the soloist cannot see) between them that
/// respects the hand sizes and the cards each is known not to hold, with its weight.
fn layouts(d: &Deal, info: &Info) -> Vec<(CardSet, CardSet, f64)> {
    let (a, b) = opponents(info.me);
    let pool = d.hand(a).union(d.hand(b)).unwrap_or(CardSet::EMPTY);
    let kinds: Vec<(Card, u32)> = pool.distinct().map(|c| (c, pool.count(c))).collect();
    let want = d.hand(a).len();
    let mut out = Vec::new();
    let mut cur = CardSet::EMPTY;
    split(
        &kinds,
        0,
        want,
        info.forbidden[a],
        info.forbidden[b],
        &mut cur,
        1.0,
        &pool,
        &mut out,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn split(
    kinds: &[(Card, u32)],
    i: usize,
    want: usize,
    forbid_a: u32,
    forbid_b: u32,
    cur: &mut CardSet,
    w: f64,
    pool: &CardSet,
    out: &mut Vec<(CardSet, CardSet, f64)>,
) {
    if cur.len() > want {
        return;
    }
    let Some(&(c, n)) = kinds.get(i) else {
        if cur.len() == want {
            if let Some(rest) = pool.minus(*cur) {
                out.push((*cur, rest, w));
            }
        }
        return;
    };
    let bit = 1u32 << c.index();
    for x in 0..=n {
        if (x > 0 && forbid_a & bit != 0) || (x < n && forbid_b & bit != 0) {
            continue;
        }
        for _ in 0..x {
            cur.insert(c);
        }
        let ways = if n == 2 && x == 1 { 2.0 } else { 1.0 };
        split(kinds, i + 1, want, forbid_a, forbid_b, cur, w * ways, pool, out);
        for _ in 0..x {
            cur.remove(c);
        }
    }
}

/// The deal with the opponents holding `a_hand` and `b_hand` now, built as dealt and
/// replayed; None when it does not agree with the seat's view (the melds shown, a duty).
fn rebuild(
    d: &Deal,
    info: &Info,
    actions: &[binokel::Action],
    a_hand: CardSet,
    b_hand: CardSet,
) -> Option<Deal> {
    let (a, b) = opponents(info.me);
    let mut hands = d.setup().hands;
    // The deal as dealt: what each opponent holds now plus what it has played.
    let dealt_a = a_hand.union(info.played_by[a])?;
    let dealt_b = b_hand.union(info.played_by[b])?;
    hands[a] = dealt_a;
    hands[b] = dealt_b;
    hands[info.me] = d.dealt_hand(info.me);
    let setup = Setup::new(*d.rules(), d.dealer(), hands, d.tapp());
    let mut deal = Deal::new(&setup).ok()?;
    for &act in actions {
        deal.play(act).ok()?;
    }
    consistent(info, &deal).then_some(deal)
}
