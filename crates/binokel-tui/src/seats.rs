//! The seats panel of the table: each seat's name, what it said or took, its melds and its
//! total, fitted to the panel's height and width without losing a seat. With four players
//! the seats are shown by partnership, each headed by a line naming both partners with the
//! team's total (both partners record the team's score, RULES.md section 12).

use crate::i18n::{Arg, Catalog};
use crate::screen::{name, wrap_words, Screen};
use crate::text;
use binokel::{Action, Phase, View};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

/// One seat's lines before they are fitted to the panel.
struct SeatLines {
    head: Line<'static>,
    /// What it said in the auction, or its tricks and points.
    second: String,
    /// Its tricks' points alone, the shorter form of `second` in card play.
    points: Option<String>,
    /// Its melds, wrapped to the panel (empty: none shown yet).
    melds: Vec<String>,
    /// `Total 40`.
    total: String,
}

/// How much of each seat a layout keeps.
#[derive(Copy, Clone)]
struct Fit {
    /// An empty line where a seat has no melds yet (keeps the seats aligned).
    blank: bool,
    /// Meld lines per seat.
    meld_lines: usize,
    /// The total joins the second line instead of a line of its own.
    join_total: bool,
}

/// The last auction word of each seat: `Some(None)` passed, `Some(Some(n))` bid n.
fn auction_state(v: &View) -> Vec<Option<Option<u32>>> {
    let mut st = vec![None; v.players];
    for h in &v.history {
        match h.action {
            Some(Action::Pass) => st[h.seat] = Some(None),
            Some(Action::Bid(n)) => st[h.seat] = Some(Some(n)),
            _ => {}
        }
    }
    st
}

/// The partner of `seat` with four players (opposite), else None.
pub fn partner(v: &View, seat: usize) -> Option<usize> {
    (v.players == 4).then_some((seat + 2) % 4)
}

fn head_line(s: &Screen, r: Rect, seat: usize) -> Line<'static> {
    let v = s.view;
    let cat = s.cat;
    // The seat's head line: its name with its level, "(you)", "(partner)", the dealer, the
    // soloist. Where the panel is too narrow the soloist's word, then the level give way;
    // the star always stays.
    let mine = v.seat.and_then(|me| partner(v, me)) == Some(seat);
    let you = if Some(seat) == v.seat {
        Some(format!(" ({})", cat.t("you")))
    } else {
        mine.then(|| format!(" ({})", cat.t("partner")))
    };
    let dealer = (seat == v.dealer).then(|| format!(" [{}]", cat.t("dealer")));
    let solo = v.soloist == Some(seat);
    let room = (r.width as usize).saturating_sub(4);
    let mut label = text::seat_label(cat, s.names, s.levels, seat);
    let mut star = format!(" ★ {}", cat.t("soloist"));
    let width = |label: &str, star: &str| {
        label.chars().count()
            + you.as_deref().map_or(0, |x| x.chars().count())
            + dealer.as_deref().map_or(0, |x| x.chars().count())
            + if solo { star.chars().count() } else { 0 }
    };
    if width(&label, &star) > room {
        star = " ★".to_string();
    }
    if width(&label, &star) > room {
        label = name(s.names, seat);
    }
    let mut head = vec![Span::raw(if v.to_act == Some(seat) { "▶ " } else { "  " })];
    head.push(Span::styled(
        format!("{label}{}", you.unwrap_or_default()),
        Style::default().add_modifier(Modifier::BOLD),
    ));
    if let Some(d) = dealer {
        head.push(Span::raw(d));
    }
    if solo {
        head.push(Span::styled(star, Style::default().fg(Color::Yellow)));
    }
    Line::from(head)
}

fn seat_lines(s: &Screen, r: Rect, seat: usize, said: Option<Option<u32>>) -> SeatLines {
    let v = s.view;
    let cat = s.cat;
    let width = r.width as usize;
    let (second, points) = match (v.phase, said) {
        (Phase::Auction | Phase::Bury | Phase::Declare, Some(None)) => (cat.t("passed"), None),
        (Phase::Auction | Phase::Bury | Phase::Declare, Some(Some(n))) => (cat.action(Action::Bid(n)), None),
        (Phase::Auction | Phase::Bury | Phase::Declare, None) => (String::new(), None),
        _ => {
            let points = format!("{} {}", cat.t("points"), v.card_points[seat]);
            let base = format!("{} {} · {points}", cat.t("tricks"), v.tricks_taken[seat]);
            let cards = cat.ta("cards-left", &[("n", Arg::Num(v.hand_sizes[seat] as i64))]);
            // The hand size only where the panel has room for it.
            let second = if base.chars().count() + cards.chars().count() + 7 <= width {
                format!("{base} · {cards}")
            } else {
                base
            };
            (second, Some(points))
        }
    };
    let melds = match v.melds.iter().find(|m| m.seat == seat) {
        None => Vec::new(),
        Some(m) => {
            let room = width.saturating_sub(4);
            let head = format!("{} {}: ", cat.t("melds"), m.total);
            let list = if m.melds.is_empty() {
                cat.t("melds-none")
            } else {
                // With suit and points where they fit on one line, else with suits only.
                let full = text::meld_list(cat, &m.melds);
                if head.chars().count() + full.chars().count() <= room {
                    full
                } else {
                    text::meld_list_short(cat, &m.melds)
                }
            };
            // Wrapped at spaces (a regression: "four que…" at 80 columns); continuation
            // lines are indented under the list.
            wrap_words(&format!("{head}{list}"), room)
                .into_iter()
                .enumerate()
                .map(|(i, l)| {
                    if i == 0 {
                        format!("  {l}")
                    } else {
                        format!("    {l}")
                    }
                })
                .collect()
        }
    };
    SeatLines {
        head: head_line(s, r, seat),
        second,
        points,
        melds,
        total: format!("{} {}", cat.t("total"), v.totals[seat]),
    }
}

/// A seat's lines under a fit. With `teams` the total is on the team's line instead.
fn seat_rows(seat: &SeatLines, fit: Fit, width: usize, teams: bool, out: &mut Vec<Line<'static>>) {
    out.push(seat.head.clone());
    let fits = |l: &str| l.chars().count() + 2 <= width;
    if teams || !fit.join_total {
        out.push(Line::from(format!("  {}", seat.second)));
    } else {
        // The total joins the second line; where that is too long the tricks' count gives
        // way, then everything but the total.
        let joined = [
            (!seat.second.is_empty()).then(|| format!("  {} · {}", seat.second, seat.total)),
            seat.points.as_ref().map(|p| format!("  {p} · {}", seat.total)),
        ]
        .into_iter()
        .flatten()
        .find(|l| fits(l))
        .unwrap_or_else(|| format!("  {}", seat.total));
        out.push(Line::from(joined));
    }
    if seat.melds.is_empty() {
        if fit.blank && fit.meld_lines > 0 {
            out.push(Line::from(""));
        }
    } else if fit.meld_lines > 0 {
        let shown = seat.melds.len().min(fit.meld_lines);
        for (i, l) in seat.melds[..shown].iter().enumerate() {
            if i + 1 == shown && shown < seat.melds.len() {
                // Cut at a word, and say so; the table talk (v) has the whole list.
                let room = width.saturating_sub(3);
                let cut = wrap_words(l, room).into_iter().next().unwrap_or_default();
                out.push(Line::from(format!("{cut}…")));
            } else {
                out.push(Line::from(l.clone()));
            }
        }
    }
    if !teams && !fit.join_total {
        out.push(Line::from(format!("  {}", seat.total)));
    }
}

/// The panel's lines under the first fit (from the most to the least) that fits `height`.
/// Every seat keeps at least its name and its second line.
fn layout(
    seats: &[SeatLines],
    teams: Option<&[Line<'static>]>,
    height: usize,
    width: usize,
) -> Vec<Line<'static>> {
    let most = seats.iter().map(|s| s.melds.len()).max().unwrap_or(0).max(1);
    // All meld lines with the total on its own line; then the total on the second line;
    // then fewer meld lines, down to none. (With teams the totals are on the team lines.)
    let mut fits = vec![
        Fit {
            blank: true,
            meld_lines: most,
            join_total: false,
        },
        Fit {
            blank: false,
            meld_lines: most,
            join_total: false,
        },
    ];
    fits.extend((0..=most).rev().map(|meld_lines| Fit {
        blank: false,
        meld_lines,
        join_total: true,
    }));
    let order: Vec<usize> = match teams {
        Some(_) => vec![0, 2, 1, 3],
        None => (0..seats.len()).collect(),
    };
    let build = |fit: Fit| {
        let mut out = Vec::new();
        for (i, &seat) in order.iter().enumerate() {
            if let Some(t) = teams {
                if i % 2 == 0 {
                    out.push(t[i / 2].clone());
                }
            }
            seat_rows(&seats[seat], fit, width, teams.is_some(), &mut out);
        }
        out
    };
    for &fit in &fits {
        let lines = build(fit);
        if lines.len() <= height {
            return lines;
        }
    }
    build(*fits.last().expect("at least one fit"))
}

/// The forms of a team's line with four players, longest first: `Anna with Babette · Total
/// 40`, `Anna + Babette · Total 40`, then `Σ 40`, then the names shortened (with a dot), so
/// the total stays whole.
fn team_forms(cat: &Catalog, names: &[String], v: &View, a: usize) -> Vec<String> {
    let b = (a + 2) % 4;
    let short = |s: usize, n: usize| {
        let full = name(names, s);
        if full.chars().count() > n {
            format!("{}.", text::truncate(&full, n.saturating_sub(1)))
        } else {
            full
        }
    };
    let mut forms = Vec::new();
    for sum in [cat.t("total"), "Σ".to_string()] {
        let total = format!(" · {sum} {}", v.totals[a]);
        let (x, y) = (name(names, a), name(names, b));
        forms.push(format!(
            "{}{total}",
            cat.ta("team", &[("a", Arg::Str(&x)), ("b", Arg::Str(&y))])
        ));
        forms.push(format!("{x} + {y}{total}"));
    }
    for n in (3..16).rev() {
        forms.push(format!("{} + {} · Σ {}", short(a, n), short(b, n), v.totals[a]));
    }
    forms
}

/// Both teams' lines, in the same form: the longest that fits both in `width`.
fn team_lines(cat: &Catalog, names: &[String], v: &View, first: usize, width: usize) -> Vec<Line<'static>> {
    let forms = [first, 1 - first].map(|a| team_forms(cat, names, v, a));
    let room = width.saturating_sub(2);
    let last = forms[0].len().min(forms[1].len()) - 1;
    let k = (0..=last)
        .find(|&k| forms.iter().all(|f| f[k].chars().count() <= room))
        .unwrap_or(last);
    forms
        .iter()
        .map(|f| {
            Line::from(Span::styled(
                f[k].clone(),
                Style::default().add_modifier(Modifier::UNDERLINED),
            ))
        })
        .collect()
}

/// Draws the seats panel.
pub fn draw_seats(f: &mut Frame, r: Rect, s: &Screen) {
    let v = s.view;
    let seats: Vec<SeatLines> = auction_state(v)
        .into_iter()
        .enumerate()
        .map(|(seat, said)| seat_lines(s, r, seat, said))
        .collect();
    let width = r.width as usize;
    let teams: Option<Vec<Line<'static>>> = (v.players == 4).then(|| {
        // The person's partnership first.
        let first = v.seat.map_or(0, |me| me % 2);
        team_lines(s.cat, s.names, v, first, width)
    });
    let height = r.height.saturating_sub(2) as usize;
    let lines = match &teams {
        Some(t) => {
            // `layout` shows seats 0, 2, 1, 3 under the two team lines; with the person on
            // seat 1 or 3 its team comes first.
            let mut seats = seats;
            if v.seat.is_some_and(|me| me % 2 == 1) {
                seats.swap(0, 1);
                seats.swap(2, 3);
            }
            let lines = layout(&seats, Some(t), height, width);
            if lines.len() <= height {
                lines
            } else {
                // Too low for the team lines: the seats in playing order with their totals;
                // "(partner)" still names the person's partner.
                if v.seat.is_some_and(|me| me % 2 == 1) {
                    seats.swap(0, 1);
                    seats.swap(2, 3);
                }
                layout(&seats, None, height, width)
            }
        }
        None => layout(&seats, None, height, width),
    };
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL)),
        r,
    );
}
