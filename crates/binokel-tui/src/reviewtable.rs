//! The readable table of `binokel review` in the terminal's language: one line per
//! decision (deal, move, seat, the action played, the best action, the loss and the mark),
//! a line for each pattern note under the action played (`note: Points given away`), a
//! hindsight line under a card where there is one, then the summaries of each deal and
//! of the match (points lost per phase, the marks, accuracy, the largest mistakes). Every
//! word comes from the fluent catalogue (`review-*` in `locales/`); the actions are named
//! as the replay names them. The `--json` form (`binokel-review/3`) is language-neutral
//! and lives in `binokel_ai::review::report`.

use crate::i18n::{Arg, Catalog, Lang};
use binokel_ai::review::{DealSummary, Decision, Mark, Review, ReviewPhase};
use std::fmt::Write;

/// A number of points with one decimal, with the language's decimal sign (`12.5`, `12,5`).
pub fn decimal(cat: &Catalog, x: f64) -> String {
    let s = format!("{x:.1}");
    match cat.lang() {
        Lang::En => s,
        Lang::De | Lang::Nl | Lang::Pt => s.replace('.', ","),
    }
}

/// The mark with its sign, in words: `?? blunder`; empty for no mark.
pub fn mark_text(cat: &Catalog, m: Option<Mark>) -> String {
    match m {
        None => String::new(),
        Some(Mark::Inaccuracy) => format!("?! {}", cat.t("review-inaccuracy")),
        Some(Mark::Mistake) => format!("? {}", cat.t("review-mistake")),
        Some(Mark::Blunder) => format!("?? {}", cat.t("review-blunder")),
    }
}

/// The name of a review phase.
pub fn phase_text(cat: &Catalog, p: ReviewPhase) -> String {
    cat.t(match p {
        ReviewPhase::Auction => "review-phase-auction",
        ReviewPhase::Burial => "review-phase-burial",
        ReviewPhase::Declaration => "review-phase-declaration",
        ReviewPhase::Play => "review-phase-play",
    })
}

/// `text` padded with spaces to `w` characters (left-aligned, or right-aligned).
fn pad(text: &str, w: usize, right: bool) -> String {
    let n = text.chars().count();
    let fill = " ".repeat(w.saturating_sub(n));
    if right {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

/// The cells of one decision's line, in column order.
fn cells(r: &Review, cat: &Catalog, d: &Decision) -> [String; 7] {
    let best = if d.rated {
        cat.action(d.best)
    } else {
        cat.t("review-not-rated")
    };
    [
        (d.deal + 1).to_string(),
        (d.index + 1).to_string(),
        seat_name(r, d.seat),
        cat.action(d.played),
        best,
        decimal(cat, d.loss),
        mark_text(cat, d.mark),
    ]
}

/// A seat as the table names it: `1 Ben`, or `1` when the record names no one.
fn seat_name(r: &Review, s: usize) -> String {
    match r.names.get(s) {
        Some(n) if !n.is_empty() => format!("{s} {n}"),
        _ => s.to_string(),
    }
}

/// The widest action that sets the width of the columns `played` and `best`.
const ACTION_WIDTH: usize = 16;

/// The review as a table in the catalogue's language (see the module docs).
pub fn review_table(r: &Review, cat: &Catalog) -> String {
    let header = [
        "review-col-deal",
        "review-col-move",
        "review-col-seat",
        "review-col-played",
        "review-col-best",
        "review-col-loss",
        "review-col-mark",
    ]
    .map(|id| cat.t(id));
    let rows: Vec<[String; 7]> = r.decisions.iter().map(|d| cells(r, cat, d)).collect();
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
        for (i, (w, c)) in widths.iter_mut().zip(row).enumerate() {
            let n = c.chars().count();
            // A long action (a burial: `bury 10♠ 10♠ K♠ Q♠`) pushes only its own line to
            // the right instead of widening the column for every line.
            if !(i == 3 || i == 4) || n <= ACTION_WIDTH {
                *w = (*w).max(n);
            }
        }
    }
    // Numbers right-aligned, words left-aligned; the last column is not padded.
    let right = [true, true, false, false, false, true, false];
    let line = |cells: &[String; 7]| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                s.push_str(if i == 6 { "  " } else { " " });
            }
            if i == 6 {
                s.push_str(c);
            } else {
                s.push_str(&pad(c, widths[i], right[i]));
            }
        }
        s.trim_end().to_string()
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", line(&header));
    // The hindsight line starts under the action played.
    let indent = " ".repeat(widths[0] + widths[1] + widths[2] + 3);
    for (d, row) in r.decisions.iter().zip(&rows) {
        let _ = writeln!(out, "{}", line(row));
        // Pattern notes (no loss mark) under the action played, one line each.
        for t in &d.notes {
            let text = cat.ta("review-note", &[("pattern", Arg::Str(t.name(cat.lang().code())))]);
            let _ = writeln!(out, "{indent}{text}");
        }
        if let Some(h) = &d.hindsight {
            let text = cat.ta(
                "review-hindsight",
                &[
                    ("best", Arg::Str(&cat.action(h.best))),
                    ("loss", Arg::Str(&decimal(cat, h.loss))),
                ],
            );
            let _ = writeln!(out, "{indent}{text}");
        }
    }
    for s in &r.deals {
        let title = cat.ta(
            "review-deal-title",
            &[
                ("deal", Arg::Num(s.deal.map_or(0, |d| d as i64 + 1))),
                ("scores", Arg::Str(&scores(r, s))),
            ],
        );
        summary(&mut out, r, cat, title, s);
    }
    let title = cat.ta(
        "review-match-title",
        &[("scores", Arg::Str(&scores(r, &r.total)))],
    );
    summary(&mut out, r, cat, title, &r.total);
    out.trim_end().to_string()
}

/// The scores of a summary, by seat: `Anna 109, Ben 205, Cleo 326` (`0: 109, ...` without
/// names).
fn scores(r: &Review, s: &DealSummary) -> String {
    let each: Vec<String> = s
        .scores
        .iter()
        .enumerate()
        .map(|(i, x)| match r.names.get(i) {
            Some(n) if !n.is_empty() => format!("{n} {x}"),
            _ => format!("{i}: {x}"),
        })
        .collect();
    each.join(", ")
}

/// One summary: its title, then per reviewed seat its figures, then the largest mistakes.
fn summary(out: &mut String, r: &Review, cat: &Catalog, title: String, s: &DealSummary) {
    let _ = writeln!(out, "\n{title}");
    for x in &s.seats {
        let _ = writeln!(
            out,
            "  {}",
            cat.ta(
                "review-seat-summary",
                &[
                    ("seat", Arg::Str(&seat_name(r, x.seat))),
                    ("decisions", Arg::Num(x.decisions as i64)),
                    ("accuracy", Arg::Str(&decimal(cat, x.accuracy))),
                    ("lost", Arg::Str(&decimal(cat, x.total_lost()))),
                ],
            )
        );
        let phases: Vec<String> = ReviewPhase::ALL
            .iter()
            .zip(x.lost)
            .map(|(&p, l)| format!("{} {}", phase_text(cat, p), decimal(cat, l)))
            .collect();
        let _ = writeln!(
            out,
            "    {}",
            cat.ta("review-seat-phases", &[("phases", Arg::Str(&phases.join(", ")))])
        );
        let _ = writeln!(
            out,
            "    {}",
            cat.ta(
                "review-seat-marks",
                &[
                    ("inaccuracies", Arg::Num(x.marks[0] as i64)),
                    ("mistakes", Arg::Num(x.marks[1] as i64)),
                    ("blunders", Arg::Num(x.marks[2] as i64)),
                ],
            )
        );
    }
    if !s.worst.is_empty() {
        let _ = writeln!(out, "  {}", cat.t("review-worst-title"));
    }
    for &i in &s.worst {
        let d = &r.decisions[i];
        // Within a deal's summary the deal goes without saying.
        let at = if s.deal.is_some() {
            cat.ta("review-at-move", &[("move", Arg::Num(d.index as i64 + 1))])
        } else {
            cat.ta(
                "review-at-deal",
                &[
                    ("deal", Arg::Num(d.deal as i64 + 1)),
                    ("move", Arg::Num(d.index as i64 + 1)),
                ],
            )
        };
        let line = cat.ta(
            "review-worst",
            &[
                ("at", Arg::Str(&at)),
                ("seat", Arg::Str(&seat_name(r, d.seat))),
                ("played", Arg::Str(&cat.action(d.played))),
                ("best", Arg::Str(&cat.action(d.best))),
                ("loss", Arg::Str(&decimal(cat, d.loss))),
                ("mark", Arg::Str(&mark_text(cat, d.mark))),
            ],
        );
        // At most 80 columns: a long line (long names, long words) goes on indented.
        for (k, part) in crate::screen::wrap_words(&line, 80 - 6).iter().enumerate() {
            let indent = if k == 0 { "    " } else { "      " };
            let _ = writeln!(out, "{indent}{part}");
        }
    }
}
