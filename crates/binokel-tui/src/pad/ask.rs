//! The `deal` and `fix N` prompts of the terminal pad: line input with questions, each field
//! asked until it is accepted, the old answer of a corrected deal offered and kept by an
//! empty line.

use super::*;

/// Line input with prompts; None at the end of the input.
pub(super) struct Lines<'a, R: BufRead, W: Write> {
    pub(super) input: &'a mut R,
    pub(super) out: &'a mut W,
}

impl<R: BufRead, W: Write> Lines<'_, R, W> {
    pub(super) fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        write!(self.out, "{prompt} ")?;
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }

    /// Asks until `check` accepts the answer (an error is shown and the question repeated).
    fn ask_until<T>(
        &mut self,
        prompt: &str,
        check: impl Fn(&str) -> Result<T, String>,
    ) -> io::Result<Option<T>> {
        loop {
            let Some(a) = self.ask(prompt)? else {
                return Ok(None);
            };
            match check(&a) {
                Ok(v) => return Ok(Some(v)),
                Err(e) => writeln!(self.out, "error: {e}")?,
            }
        }
    }
}

/// `ask!(lines, prompt, old answer, check)`: asks until `check` accepts; the old answer of a
/// deal being corrected is offered and taken for an empty line; the end of the input returns
/// `Ok(None)` from the calling function.
macro_rules! ask {
    ($lines:expr, $p:expr, $old:expr, $f:expr) => {{
        let (prompt, kept) = with_old(AsRef::<str>::as_ref(&$p), $old);
        let check = $f;
        match $lines.ask_until(&prompt, |s: &str| match (&kept, s.is_empty()) {
            (Some(k), true) => check(k.as_str()),
            _ => check(s),
        })? {
            Some(v) => v,
            None => return Ok(None),
        }
    }};
}

/// A question with the old answer of a deal being corrected: "bid (empty: 180):", and an
/// empty answer keeps it.
fn with_old(prompt: &str, old: Option<String>) -> (String, Option<String>) {
    match old {
        Some(o) => (format!("{} (empty: {o}):", prompt.trim_end_matches(':')), Some(o)),
        None => (prompt.to_string(), None),
    }
}

/// The way a contract is typed (`H`, `durch`, `surrender C`).
fn contract_input(c: Contract) -> String {
    match c {
        Contract::Trump(s) => s.letter().to_string(),
        Contract::Durch => "durch".into(),
        Contract::Bettel => "bettel".into(),
        Contract::Surrender(s) => format!("surrender {}", s.letter()),
    }
}

fn yes_no_text(b: bool) -> String {
    if b { "y" } else { "n" }.to_string()
}

/// Asks for a deal field by field (`deal`, or `fix N` without more words: then each question
/// offers the deal's old answer, kept by an empty line).
pub(super) fn ask_deal<R: BufRead, W: Write>(
    pad: &Pad,
    old: Option<&PadDeal>,
    lines: &mut Lines<R, W>,
) -> io::Result<Option<PadDeal>> {
    let rules = pad.rules().map_err(|e| io::Error::other(e.to_string()))?;
    let n = pad.players.len();
    let next_dealer = old.map_or_else(
        || pad.deals.last().map_or(0, |d| (d.dealer + 1) % n),
        |o| o.dealer,
    );
    let names = pad.players.join("/");
    let dealer = ask!(
        lines,
        format!("dealer ({names}, empty: {}):", pad.players[next_dealer]),
        None,
        |s: &str| {
            if s.is_empty() {
                Ok(next_dealer)
            } else {
                seat_of(pad, s)
            }
        }
    );
    if n == 2 {
        return ask_two_player_deal(pad, dealer, old, lines);
    }
    let soloist = ask!(
        lines,
        format!("won the auction ({names}):"),
        old.map(|o| pad.players[o.soloist].clone()),
        |s: &str| seat_of(pad, s)
    );
    let bid = ask!(
        lines,
        "bid:",
        old.map(|o| o.bid.to_string()),
        |s: &str| bid_value(&rules, s)
    );
    let contract = ask!(
        lines,
        game_question(&rules),
        old.map(|o| contract_input(o.contract)),
        |s: &str| contract_of(s, &rules)
    );
    // The old answers of the rest only fit the same kind of game.
    let old = old.filter(|o| std::mem::discriminant(&o.contract) == std::mem::discriminant(&contract));
    let mut d = blank_deal(n, dealer, soloist, bid, contract);
    match contract {
        Contract::Durch | Contract::Bettel => {
            let q = if contract == Contract::Durch {
                "did the soloist take every trick? (y/n):"
            } else {
                "did the soloist take no trick? (y/n):"
            };
            let was = old.map(|o| {
                let t = o.took_trick.get(soloist).copied().unwrap_or(false);
                yes_no_text(if contract == Contract::Durch { t } else { !t })
            });
            let made = ask!(lines, q, was, yes_no);
            d.took_trick = vec![false; n];
            d.took_trick[soloist] = if contract == Contract::Durch { made } else { !made };
        }
        Contract::Surrender(t) | Contract::Trump(t) => {
            for s in 0..n {
                let p = &pad.players[s];
                d.melds[s] = ask!(
                    lines,
                    format!("melds of {p} (a number, or the cards of the hand):"),
                    old.map(|o| o.melds[s].to_string()),
                    |a: &str| { meld_answer(pad, s, a, t, &rules) }
                );
            }
            if matches!(contract, Contract::Trump(_)) {
                for s in 0..n {
                    let p = &pad.players[s];
                    let prompt = if old.is_some() {
                        format!("did {p} take a trick? (y/n):")
                    } else {
                        format!("did {p} take a trick? (y/n, empty: y):")
                    };
                    d.took_trick[s] = ask!(
                        lines,
                        prompt,
                        old.map(|o| yes_no_text(o.took_trick.get(s).copied().unwrap_or(true))),
                        |a: &str| {
                            if a.is_empty() {
                                Ok(true)
                            } else {
                                yes_no(a)
                            }
                        }
                    );
                }
                if ask_card_points(pad, &mut d, old, lines)?.is_none() {
                    return Ok(None);
                }
            }
        }
    }
    scored(d, pad, lines)
}

/// Asks each seat's card points until they add up (one may be left to fill in); None at the
/// end of the input.
fn ask_card_points<R: BufRead, W: Write>(
    pad: &Pad,
    d: &mut PadDeal,
    old: Option<&PadDeal>,
    lines: &mut Lines<R, W>,
) -> io::Result<Option<()>> {
    let n = pad.players.len();
    loop {
        for s in 0..n {
            let p = &pad.players[s];
            // Correcting a deal: an empty answer keeps the old points (or the filled-in seat).
            let kept = old.and_then(|o| o.card_points.get(s).copied().flatten());
            let prompt = match kept {
                Some(v) => format!("card points of {p} (empty: {v}; - to fill in):"),
                None => format!("card points of {p} (empty: fill in):"),
            };
            let answer = lines.ask_until(&prompt, |a: &str| match (kept, a.is_empty()) {
                (Some(v), true) => Ok(Some(v)),
                _ => points_value(a),
            })?;
            match answer {
                Some(v) => d.card_points[s] = v,
                None => return Ok(None),
            }
        }
        match d.filled_card_points(n) {
            Ok(v) => {
                writeln!(lines.out, "card points: {}", join(&v))?;
                return Ok(Some(()));
            }
            Err(e) => writeln!(lines.out, "error: {e}; once more")?,
        }
    }
}

/// The deal if the rules can score it; otherwise the reason is shown and None returned.
fn scored<R: BufRead, W: Write>(
    d: PadDeal,
    pad: &Pad,
    lines: &mut Lines<R, W>,
) -> io::Result<Option<PadDeal>> {
    match pad.scores_of(&d) {
        Ok(_) => Ok(Some(d)),
        Err(e) => {
            writeln!(lines.out, "error: {e}")?;
            Ok(None)
        }
    }
}

/// The rest of a two-player deal, field by field: the trump, each player's melds shown (the
/// exchange's 10 included) and card points.
fn ask_two_player_deal<R: BufRead, W: Write>(
    pad: &Pad,
    dealer: usize,
    old: Option<&PadDeal>,
    lines: &mut Lines<R, W>,
) -> io::Result<Option<PadDeal>> {
    let contract = ask!(
        lines,
        "trump (S/H/D/C):",
        old.map(|o| contract_input(o.contract)),
        trump_of
    );
    let mut d = blank_deal(2, dealer, 0, 0, contract);
    for s in 0..2 {
        let p = &pad.players[s];
        let prompt = if old.is_some() {
            format!("melds {p} showed:")
        } else {
            format!("melds {p} showed (empty: none):")
        };
        d.melds[s] = ask!(
            lines,
            prompt,
            old.map(|o| o.melds[s].to_string()),
            |a: &str| if a.is_empty() {
                Ok(0)
            } else {
                meld_value(pad, s, a)
            }
        );
    }
    if ask_card_points(pad, &mut d, old, lines)?.is_none() {
        return Ok(None);
    }
    scored(d, pad, lines)
}
