//! The standings and the duplicate boards of a tournament, from its tables' games (pure;
//! docs/tournaments.md, "Duplicate scoring" and "What everyone sees").
//!
//! What counts: every deal of a round whose tables have all finished; of the round in play,
//! only the deals that every table of the round has completed. So neither a total nor a
//! comparison tells a player at one table how the same cards went at another table that is
//! still playing them.

use super::{Entrant, RoundTable, Scoring, Stage, Tournament};
use crate::duplicate::{duplicate, seat_deals, SeatDeal};
use binokel::Game;
use serde::Serialize;
use std::collections::HashMap;

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The place; equal scores share one.
    pub place: u32,
    /// The entrant's number.
    pub entrant: u32,
    /// The name.
    pub name: String,
    /// The player entered with an account.
    pub account: bool,
    /// Dropped by the organizer.
    pub dropped: bool,
    /// What ranks: `total` or `duplicate`, by the tournament's scoring.
    pub score: f64,
    /// The sum of the player's deal scores.
    pub total: i64,
    /// The sum of the duplicate differences (rounded to tenths).
    pub duplicate: f64,
    /// Deals counted.
    pub deals: u32,
    /// Deals compared with another table.
    pub compared: u32,
    /// Rounds the player was seated in.
    pub rounds: u32,
}

/// A seat's line of a board: who held the cards at one table and what they scored.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardSeat {
    /// The name at the table.
    pub name: String,
    /// The entrant, None for a bot.
    pub entrant: Option<u32>,
    /// The deal score.
    pub score: i32,
    /// The difference to the average of the seats that held the same cards elsewhere.
    pub diff: Option<f64>,
}

/// One table's line of a board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardLine {
    /// The table's invite code.
    pub table: String,
    /// The soloist's seat.
    pub soloist: Option<usize>,
    /// The bid.
    pub bid: Option<u32>,
    /// The declaration's record token (`trump S`, `durch`, ...).
    pub contract: Option<String>,
    /// The soloist's deal score.
    pub soloist_score: Option<i32>,
    /// Each seat.
    pub seats: Vec<BoardSeat>,
}

/// One deal of a round at every table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    /// The deal's index at the tables (from 0).
    pub deal: usize,
    /// Each table.
    pub lines: Vec<BoardLine>,
}

/// The deals of each table that count now (see the module page), per table code.
fn counted(
    t: &Tournament,
    tables: &[RoundTable],
    games: &HashMap<String, Game>,
) -> HashMap<String, Vec<SeatDeal>> {
    let mut out = HashMap::new();
    for round in 1..=t.round {
        let of_round: Vec<&RoundTable> = tables.iter().filter(|x| x.round == round).collect();
        let in_play = round == t.round && t.status == Stage::Running;
        let all_over = of_round
            .iter()
            .all(|x| games.get(&x.code).is_some_and(Game::is_over));
        let done = |g: &Game| g.deals().iter().take_while(|d| d.state.is_over()).count();
        let limit = if in_play && !all_over {
            of_round
                .iter()
                .map(|x| games.get(&x.code).map_or(0, done))
                .min()
                .unwrap_or(0)
        } else {
            usize::MAX
        };
        for x in of_round {
            let deals = games
                .get(&x.code)
                .map(|g| seat_deals(g).into_iter().filter(|d| d.deal < limit).collect())
                .unwrap_or_default();
            out.insert(x.code.clone(), deals);
        }
    }
    out
}

/// The standings now.
pub fn standings(
    t: &Tournament,
    entrants: &[Entrant],
    tables: &[RoundTable],
    games: &HashMap<String, Game>,
) -> Vec<Standing> {
    let deals = counted(t, tables, games);
    let entries: Vec<((String, usize), Vec<SeatDeal>)> = tables
        .iter()
        .flat_map(|x| {
            let d = deals.get(&x.code).cloned().unwrap_or_default();
            (0..x.seats.len()).map(move |s| {
                let mine = d.iter().filter(|sd| sd.seat == s).cloned().collect();
                ((x.code.clone(), s), mine)
            })
        })
        .collect();
    let dup = duplicate(&entries);
    let mut lines: Vec<Standing> = entrants
        .iter()
        .map(|e| Standing {
            place: 0,
            entrant: e.n,
            name: e.name.clone(),
            account: e.account.is_some(),
            dropped: e.dropped,
            score: 0.0,
            total: 0,
            duplicate: 0.0,
            deals: 0,
            compared: 0,
            rounds: 0,
        })
        .collect();
    let index: HashMap<u32, usize> = entrants.iter().enumerate().map(|(i, e)| (e.n, i)).collect();
    let seat_of: HashMap<(&str, usize), u32> = tables
        .iter()
        .flat_map(|x| {
            x.seats
                .iter()
                .enumerate()
                .filter_map(move |(s, who)| who.map(|n| ((x.code.as_str(), s), n)))
        })
        .collect();
    for n in seat_of.values() {
        if let Some(&i) = index.get(n) {
            lines[i].rounds += 1;
        }
    }
    for (key, mine) in &entries {
        let Some(st) = seat_of
            .get(&(key.0.as_str(), key.1))
            .and_then(|n| index.get(n))
            .map(|&i| &mut lines[i])
        else {
            continue;
        };
        st.total += mine.iter().map(|d| i64::from(d.score)).sum::<i64>();
        st.deals += mine.len() as u32;
        if let Some(r) = dup.get(key) {
            st.duplicate += r.score;
            st.compared += r.compared;
        }
    }
    // A player dropped before sitting at any table has no result to show.
    lines.retain(|l| !(l.dropped && l.rounds == 0));
    for st in &mut lines {
        st.duplicate = (st.duplicate * 10.0).round() / 10.0;
        st.score = match t.scoring {
            Scoring::Total => st.total as f64,
            Scoring::Duplicate => st.duplicate,
        };
    }
    lines.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.total.cmp(&a.total))
            .then(a.name.cmp(&b.name))
    });
    let scores: Vec<f64> = lines.iter().map(|l| l.score).collect();
    for l in &mut lines {
        l.place = 1 + scores.iter().filter(|&&s| s > l.score).count() as u32;
    }
    lines
}

/// The boards of round `round`: each deal that counts now, every table's line.
pub fn boards(
    t: &Tournament,
    tables: &[RoundTable],
    games: &HashMap<String, Game>,
    round: u32,
) -> Vec<Board> {
    let deals = counted(t, tables, games);
    let of_round: Vec<&RoundTable> = tables.iter().filter(|x| x.round == round).collect();
    // Every counted deal of the whole tournament takes part in the comparison (a board's
    // cards are those of one round, so only that round's tables share them).
    let entries: Vec<((String, usize, usize), Vec<SeatDeal>)> = deals
        .iter()
        .flat_map(|(code, ds)| {
            ds.iter()
                .map(move |d| ((code.clone(), d.seat, d.deal), vec![d.clone()]))
        })
        .collect();
    let dup = duplicate(&entries);
    let n = of_round
        .iter()
        .map(|x| {
            deals
                .get(&x.code)
                .and_then(|d| d.iter().map(|sd| sd.deal + 1).max())
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0);
    (0..n)
        .map(|k| Board {
            deal: k,
            lines: of_round
                .iter()
                .filter_map(|x| {
                    let game = games.get(&x.code)?;
                    let mine: Vec<&SeatDeal> = deals.get(&x.code)?.iter().filter(|d| d.deal == k).collect();
                    let first = mine.first()?;
                    let log = game.deals().get(k)?;
                    Some(BoardLine {
                        table: x.code.clone(),
                        soloist: mine.iter().find(|d| d.soloist).map(|d| d.seat),
                        bid: first.bid,
                        contract: log.state.outcome().contract.map(|c| c.token()),
                        soloist_score: first.soloist_score,
                        seats: mine
                            .iter()
                            .map(|d| {
                                let s = d.seat;
                                let r = dup.get(&(x.code.clone(), s, k));
                                BoardSeat {
                                    name: game.seats().get(s).cloned().unwrap_or_default(),
                                    entrant: x.seats.get(s).copied().flatten(),
                                    score: d.score,
                                    diff: r
                                        .filter(|r| r.compared > 0)
                                        .map(|r| (r.score * 10.0).round() / 10.0),
                                }
                            })
                            .collect(),
                    })
                })
                .collect(),
        })
        .collect()
}
