//! The match arena (`binokel arena --matches N`): whole matches instead of single deals, for
//! measures that play for the race to the target rather than for a deal's points (issue
//! #32; docs/strength.md, "The match arena").
//!
//! A match set plays one whole match per arrangement of the bots ([`super::arrangements`]).
//! Deal `d` of every match of a set is dealt from the same seed, so the matches of a set
//! start from the same cards and keep the same cards deal by deal for as long as the dealer
//! rotation agrees (a redeal in one arrangement and not in another shifts the dealer from
//! then on). The bots see the match as it stands (the totals and the deals played) in every
//! view. A match ends by the rules (target, series, or the deal cap).
//!
//! The summary counts the matches each bot's side won, against its even share: a side holds
//! `1 / sides` of a match's chances when the bots are equal (a bot in two of three seats
//! holds two thirds). The interval is over the sets of the difference between the matches
//! won and that even share, per match.

use super::{difference_of, made, mean_ci, named_rows, play_deal, set_seed, SeatLog};
use binokel::{Contract, Game, Rules};
use serde_json::{json, Value};
use std::time::Duration;

/// Plays match set `i`: one whole match per arrangement, deal `d` of each dealt from the
/// same seed. Returns one JSON object (the line the results file keeps), with a `matches`
/// list.
pub fn play_match_set(bots: &[String], rules: Rules, seed: u64, i: u64, timeout: Duration) -> Value {
    let s = set_seed(seed, i);
    let n = usize::from(rules.players);
    let arrs = match super::arrangements(bots, n) {
        Ok(a) => a,
        Err(e) => return json!({"set": i, "error": e}),
    };
    let mut matches = Vec::new();
    for (k, arr) in arrs.into_iter().enumerate() {
        let mut game = Game::new(rules, Vec::new());
        let mut seats = SeatLog::new(n);
        let mut contracts = vec![0u32; n];
        let mut made_n = vec![0u32; n];
        let mut surrenders = vec![0u32; n];
        let mut d = 0u64;
        while !game.is_over() {
            let deal_seed = set_seed(s, d);
            if let Err(e) = game.start_seeded_deal(deal_seed) {
                return json!({"set": i, "error": format!("match {k}, deal {d}: {e}")});
            }
            if let Err(e) = play_deal(
                bots,
                &arr,
                &mut game,
                deal_seed ^ ((k as u64) << 8),
                timeout,
                &mut seats,
            ) {
                return json!({"set": i, "error": format!("match {k}, deal {d}: {e}")});
            }
            let deal = game.current().expect("a deal was played");
            let o = deal.outcome();
            if let Some(sol) = o.soloist {
                contracts[sol] += 1;
                made_n[sol] += u32::from(made(deal) == Some(true));
                surrenders[sol] += u32::from(matches!(o.contract, Some(Contract::Surrender(_))));
            }
            d += 1;
        }
        matches.push(json!({
            "seats": arr.iter().map(|&b| bots[b].clone()).collect::<Vec<_>>(),
            "bot_index": arr,
            // The winning side's lowest seat (with four players, seat 0 or 1).
            "winner": game.winner(),
            "totals": game.totals()[..n].to_vec(),
            "deals": d,
            // Every deal's scores per seat and its soloist (null: a redeal or no soloist),
            // so the match can be followed deal by deal (e.g. to check the match measure's
            // chances against who won).
            "sheet": game.outcomes().iter().map(|o| o.scores[..n].to_vec()).collect::<Vec<_>>(),
            "soloists": game.outcomes().iter().map(|o| o.soloist).collect::<Vec<_>>(),
            "contracts": contracts,
            "made": made_n,
            "surrenders": surrenders,
            "ms": seats.ms,
            "decisions": seats.decisions,
            "log": seats.log,
        }));
    }
    json!({"set": i, "seed": s, "matches": matches})
}

/// The side of `seat` among `n` seats (partners opposite with four).
fn side(seat: usize, n: usize) -> usize {
    if n == 4 {
        seat % 2
    } else {
        seat
    }
}

/// The summary of match sets (lines of [`play_match_set`]): per bot the matches played and
/// won, its even share and the excess over it with a 95 % interval, points per deal,
/// contracts; with two bots the first one's excess as the `difference`.
pub fn summarize_matches(bots: &[String], sets: &[Value]) -> Value {
    let nb = bots.len();
    let mut played = vec![0u64; nb];
    let mut won = vec![0u64; nb];
    let mut fair = vec![0.0f64; nb];
    let mut points = vec![0.0f64; nb];
    let mut seat_deals = vec![0u64; nb];
    let mut contracts = vec![0u64; nb];
    let mut made_n = vec![0u64; nb];
    let mut surrenders = vec![0u64; nb];
    let mut ms = vec![0.0f64; nb];
    let mut decisions = vec![0u64; nb];
    let mut deals = 0u64;
    let mut faults = 0usize;
    let mut excess: Vec<Vec<f64>> = vec![Vec::new(); nb];
    for set in sets {
        let Some(ms_list) = set["matches"].as_array() else {
            continue;
        };
        let mut set_won = vec![0.0f64; nb];
        let mut set_fair = vec![0.0f64; nb];
        let mut set_played = vec![0u32; nb];
        for m in ms_list {
            let index: Vec<usize> = m["bot_index"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|x| x.as_u64().map(|x| x as usize))
                .collect();
            let n = index.len();
            if n < 2 || index.iter().any(|&b| b >= nb) {
                continue;
            }
            faults += m["log"].as_array().map_or(0, Vec::len);
            let sides = if n == 4 { 2 } else { n };
            let count = m["deals"].as_u64().unwrap_or(0);
            deals += count;
            let winner = m["winner"].as_u64().map(|w| side(w as usize, n));
            for b in 0..nb {
                // The sides where bot b sits, and whether one of them won.
                let mine: std::collections::BTreeSet<usize> =
                    (0..n).filter(|&s| index[s] == b).map(|s| side(s, n)).collect();
                if mine.is_empty() {
                    continue;
                }
                set_played[b] += 1;
                set_fair[b] += mine.len() as f64 / sides as f64;
                if winner.is_some_and(|w| mine.contains(&w)) {
                    set_won[b] += 1.0;
                }
            }
            for (seat, &b) in index.iter().enumerate() {
                points[b] += m["totals"][seat].as_f64().unwrap_or(0.0);
                seat_deals[b] += count;
                contracts[b] += m["contracts"][seat].as_u64().unwrap_or(0);
                made_n[b] += m["made"][seat].as_u64().unwrap_or(0);
                surrenders[b] += m["surrenders"][seat].as_u64().unwrap_or(0);
                ms[b] += m["ms"][seat].as_f64().unwrap_or(0.0);
                decisions[b] += m["decisions"][seat].as_u64().unwrap_or(0);
            }
        }
        for b in 0..nb {
            if set_played[b] > 0 {
                played[b] += u64::from(set_played[b]);
                won[b] += set_won[b] as u64;
                fair[b] += set_fair[b];
                excess[b].push((set_won[b] - set_fair[b]) / f64::from(set_played[b]));
            }
        }
    }
    // `+ 0.0` writes a negative zero (an excess of exactly nothing) as 0.
    let round3 = |x: f64| (x * 1000.0).round() / 1000.0 + 0.0;
    let rows: Vec<Value> = (0..nb)
        .map(|b| {
            let (m, ci) = mean_ci(&excess[b]);
            let per = |x: f64, d: u64| if d > 0 { x / d as f64 } else { 0.0 };
            json!({
                "name": bots[b],
                "index": b,
                "matches": played[b],
                "won": won[b],
                "share": round3(per(won[b] as f64, played[b])),
                "even_share": round3(per(fair[b], played[b])),
                "excess": round3(m),
                "ci95": [round3(ci[0]), round3(ci[1])],
                "points_per_deal": (per(points[b], seat_deals[b]) * 10.0).round() / 10.0,
                "contracts": contracts[b],
                "made": made_n[b],
                "surrenders": surrenders[b],
                "mean_decision_ms": (per(ms[b], decisions[b]) * 100.0).round() / 100.0,
            })
        })
        .collect();
    let mut out = json!({
        "unit": "match",
        "sets": sets.iter().filter(|s| s["matches"].is_array()).count(),
        "deals": deals,
        "bots": rows,
        "faults_logged": faults,
    });
    if nb == 2 {
        out["difference"] = json!({
            "of": difference_of(bots),
            "excess": out["bots"][0]["excess"].clone(),
            "ci95": out["bots"][0]["ci95"].clone(),
        });
    }
    out
}

/// The match summary as a table.
pub fn table_matches(summary: &Value) -> String {
    let (rows, names, w) = named_rows(summary);
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let mut s = format!(
        "{} match sets, {} deals\n{:<w$} {:>7} {:>5} {:>6} {:>6} {:>8} {:>18} {:>11} {:>9} {:>6}\n",
        summary["sets"],
        summary["deals"],
        "bot",
        "matches",
        "won",
        "share",
        "even",
        "excess",
        "95% interval",
        "points/deal",
        "contracts",
        "made"
    );
    for (b, name) in rows.iter().zip(&names) {
        s += &format!(
            "{:<w$} {:>7} {:>5} {:>6.3} {:>6.3} {:>+8.3} {:>18} {:>11.1} {:>9} {:>6}\n",
            name,
            b["matches"].as_u64().unwrap_or(0),
            b["won"].as_u64().unwrap_or(0),
            f(&b["share"]),
            f(&b["even_share"]),
            f(&b["excess"]),
            format!("[{:+.3}, {:+.3}]", f(&b["ci95"][0]), f(&b["ci95"][1])),
            f(&b["points_per_deal"]),
            b["contracts"].as_u64().unwrap_or(0),
            b["made"].as_u64().unwrap_or(0),
        );
    }
    if let Some(d) = summary.get("difference") {
        s += &format!(
            "{}: {:+.3} of a match won above an even share, 95% interval [{:+.3}, {:+.3}]\n",
            d["of"].as_str().unwrap_or(""),
            f(&d["excess"]),
            f(&d["ci95"][0]),
            f(&d["ci95"][1])
        );
    }
    s
}
