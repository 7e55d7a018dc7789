//! The pad's sheet: each deal's scores, the running totals, the winner and the settlement,
//! and the CSV export. The deals after the deal that decided the match (a correction can move
//! the decision earlier) stay on the sheet but count for nothing.

use super::{Pad, PadError, PadErrorKind, Who, MAX_DEALS};
use crate::deal::Seat;
use crate::game::deal_winner;
use serde::Serialize;

/// The sheet a pad shows: each deal's scores, running totals, the winner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sheet {
    /// Each deal's scores (also of the deals after the match's end, which do not count).
    pub deals: Vec<Vec<i32>>,
    /// The totals after each deal; after the match's end they stay at the final totals.
    pub running: Vec<Vec<i32>>,
    /// The totals now: of the deals up to and including the deciding one.
    pub totals: Vec<i32>,
    /// The match winner, once there is one (index of the deal that decided it too).
    pub winner: Option<(Seat, usize)>,
    /// How many deals count: all of them, or those up to and including the deciding one.
    pub counted: usize,
    /// When the match is over and a stake is set: (payer, payee, cents) transfers.
    pub settlement: Vec<(Seat, Seat, i64)>,
}

impl Sheet {
    /// Whether deal `i` comes after the deal that decided the match (it does not count).
    pub fn after_end(&self, i: usize) -> bool {
        i >= self.counted
    }
}

impl Pad {
    /// The sheet: scores, running totals and the winner by the match rules. The deals after
    /// the deciding deal count for nothing. A pad of more than [`MAX_DEALS`] deals (a file)
    /// is refused.
    pub fn sheet(&self) -> Result<Sheet, PadError> {
        if self.deals.len() > MAX_DEALS {
            return Err(PadError {
                kind: PadErrorKind::Full,
                field: Some("deals".into()),
                message: format!(
                    "the pad holds {} deals, more than the {MAX_DEALS} a pad may",
                    self.deals.len()
                ),
            });
        }
        let rules = self.rules()?;
        let n = rules.players as usize;
        let who = Who(Some(&self.players));
        let mut totals = [0i32; 4];
        let mut sheet = Sheet {
            deals: vec![],
            running: vec![],
            totals: vec![],
            winner: None,
            counted: self.deals.len(),
            settlement: vec![],
        };
        for (i, d) in self.deals.iter().enumerate() {
            // Deals entered before the rules' checks are scored as entered (a correction
            // checks them); the bounds of the arithmetic hold for every deal.
            let sc = d.checked_scores(&rules, who, false).map_err(|mut e| {
                e.message = format!("deal {}: {}", i + 1, e.message);
                e
            })?;
            if sheet.winner.is_none() {
                for s in 0..n {
                    totals[s] += sc[s];
                }
                sheet.winner = deal_winner(&rules, &totals, d.soloist, i + 1).map(|w| (w, i));
                if sheet.winner.is_some() {
                    sheet.counted = i + 1;
                }
            }
            sheet.deals.push(sc);
            sheet.running.push(totals[..n].to_vec());
        }
        sheet.totals = totals[..n].to_vec();
        if let (Some(_), Some(stake)) = (sheet.winner, self.stake_cents) {
            sheet.settlement = settle(&sheet.totals, stake as i64);
        }
        Ok(sheet)
    }

    /// The sheet as CSV: a header of names, one line per deal, a totals line. The last
    /// column, `note`, marks the deals after the match's end (`after the end, not counted`).
    /// Names are quoted text cells; one that begins with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return gets a leading `'`, so that a spreadsheet shows it instead of reading
    /// a formula (CSV injection). Scores are plain numbers, negative ones included.
    pub fn to_csv(&self) -> Result<String, PadError> {
        let sheet = self.sheet()?;
        let quote = |s: &str| {
            let inert = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                "'"
            } else {
                ""
            };
            format!("\"{inert}{}\"", s.replace('"', "\"\""))
        };
        let mut out = String::from("deal,dealer,soloist,bid,contract");
        for p in &self.players {
            out.push(',');
            out.push_str(&quote(p));
        }
        out.push_str(",note\n");
        let two = self.players.len() == 2;
        for (i, (d, sc)) in self.deals.iter().zip(&sheet.deals).enumerate() {
            // Two players have no soloist and no bid.
            let (soloist, bid) = if two {
                (String::new(), String::new())
            } else {
                (d.soloist.to_string(), d.bid.to_string())
            };
            out.push_str(&format!(
                "{},{},{soloist},{bid},{}",
                i + 1,
                d.dealer,
                d.contract.token()
            ));
            for x in sc {
                out.push_str(&format!(",{x}"));
            }
            out.push(',');
            if sheet.after_end(i) {
                // A fixed text that starts no formula.
                out.push_str("after the end, not counted");
            }
            out.push('\n');
        }
        out.push_str("total,,,,");
        for x in &sheet.totals {
            out.push_str(&format!(",{x}"));
        }
        out.push_str(",\n");
        Ok(out)
    }
}

/// Who pays whom at the end: everybody settles with everybody at `stake` per point of
/// difference, netted per player, then paid from the biggest debtors to the biggest creditors.
pub fn settle(totals: &[i32], stake: i64) -> Vec<(Seat, Seat, i64)> {
    let n = totals.len();
    let mut net: Vec<i64> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (totals[i] as i64 - totals[j] as i64) * stake)
                .sum()
        })
        .collect();
    let mut out = Vec::new();
    loop {
        let (debtor, &d) = net.iter().enumerate().min_by_key(|(_, v)| **v).expect("players");
        let (creditor, &c) = net.iter().enumerate().max_by_key(|(_, v)| **v).expect("players");
        if d >= 0 || c <= 0 {
            break;
        }
        let amount = (-d).min(c);
        out.push((debtor, creditor, amount));
        net[debtor] += amount;
        net[creditor] -= amount;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stakes_settle_to_zero_sum() {
        let t = settle(&[1600, 900, -200], 1);
        let mut net = [0i64; 3];
        for (p, q, a) in &t {
            net[*p] -= a;
            net[*q] += a;
        }
        assert_eq!(net.iter().sum::<i64>(), 0);
        assert_eq!(
            net,
            [
                (1600 - 900) + (1600 + 200),
                (900 - 1600) + (900 + 200),
                (-200 - 1600) + (-200 - 900)
            ]
        );
    }
}
