//! Drawing the table: a pure function of what one seat may see plus the screen's own state
//! (cursor, marks, overlays, messages). No terminal I/O here, so the screens are tested with
//! ratatui's `TestBackend`.

use crate::i18n::{Arg, Catalog};
use crate::screen::{name, wrap_words};
pub use crate::screen::{Overlay, Screen, Tone};
use crate::text;
use binokel::{Action, Card, Contract, Phase, Seat, Suit, View};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// Where the clickable things were drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    /// Hand cards: area and position in the hand.
    pub cards: Vec<(Rect, usize)>,
    /// Buttons: area and index.
    pub buttons: Vec<(Rect, usize)>,
}

/// The hand as shown: by suit, highest rank first.
pub fn hand_cards(view: &View) -> Vec<Card> {
    view.hand.map(|h| h.sorted_for_display()).unwrap_or_default()
}

/// The choices shown as buttons: auction and declaration actions when it is this seat's turn.
pub fn buttons(view: &View) -> Vec<Action> {
    view.legal
        .iter()
        .copied()
        .filter(|a| {
            !matches!(
                a,
                Action::Play(_) | Action::Bury(_) | Action::Call(_) | Action::Give(_)
            )
        })
        .collect()
}

/// A suit's colour: red and black for French cards; for German cards the colours of their
/// pips, so no two suits share one (Grün green, Herz red, Schellen gold, Eichel brown).
fn suit_color(style: crate::i18n::CardStyle, s: Suit) -> Color {
    match (style, s) {
        (crate::i18n::CardStyle::French, Suit::Hearts | Suit::Diamonds) => Color::Red,
        (crate::i18n::CardStyle::French, Suit::Spades | Suit::Clubs) => Color::Reset,
        (crate::i18n::CardStyle::German, Suit::Spades) => Color::Green,
        (crate::i18n::CardStyle::German, Suit::Hearts) => Color::Red,
        (crate::i18n::CardStyle::German, Suit::Diamonds) => Color::Yellow,
        (crate::i18n::CardStyle::German, Suit::Clubs) => Color::Indexed(130),
    }
}

fn card_span(cat: &Catalog, c: Card) -> Span<'static> {
    Span::styled(
        cat.card(c),
        Style::default()
            .fg(suit_color(cat.style(), c.suit()))
            .add_modifier(Modifier::BOLD),
    )
}

/// A button's label as the table shows it (`trump ♠`, `surrender, trump ♣`).
pub fn button_label(cat: &Catalog, view: &View, a: Action) -> String {
    match a {
        // Two players: a meld offered after a won trick, with what it is worth.
        Action::Meld(kind, suit) => match view.trump {
            Some(t) => {
                let rules = binokel::Rules::from_json(&view.rules).unwrap_or_default();
                let points = binokel::deal::meld_value(kind, suit, t, &rules);
                format!("{} ({points})", cat.action(a))
            }
            None => cat.action(a),
        },
        Action::Trump(s) => cat.ta("act-trump", &[("suit", Arg::Str(&cat.suit_short(s)))]),
        Action::Surrender(s) => cat.ta("act-surrender", &[("suit", Arg::Str(&cat.suit_short(s)))]),
        other => cat.action(other),
    }
}

/// The smallest screen the table is drawn on; below it the screen says so. Chosen by
/// tests/sizes.rs: at 64x20 every screen of whole matches (three players, Kreuzbinokel, two
/// players) shows every seat and the whole hand (18 cards with tens: 62 columns); at 60x18 the
/// fourth seat of a Kreuz declaration did not fit.
pub const MIN_SIZE: (u16, u16) = (64, 20);

/// Draws one frame and says where the clickable things are.
pub fn draw(f: &mut Frame, s: &Screen) -> Hits {
    let area = f.area();
    let mut hits = Hits::default();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        // Too small for the hand: say so instead of a table without cards.
        let text = s.cat.ta(
            "too-small",
            &[
                ("w", Arg::Num(MIN_SIZE.0 as i64)),
                ("h", Arg::Num(MIN_SIZE.1 as i64)),
            ],
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return hits;
    }
    let btns = buttons(s.view);
    let labels: Vec<String> = btns.iter().map(|a| button_label(s.cat, s.view, *a)).collect();
    let btn_width: usize = labels.iter().map(|l| l.chars().count() + 3).sum();
    let btn_lines = if btns.is_empty() {
        1
    } else {
        (btn_width / area.width.max(1) as usize + 1).min(4) as u16
    };
    // The message (or the newest table talk) wraps at spaces onto up to three lines, as
    // many as the seats panel can spare (a regression: hints and totals cut mid-number at 80
    // columns).
    let msg_text = match s.message {
        Some((m, _)) => m.to_string(),
        None => s.log.last().cloned().unwrap_or_default(),
    };
    let mut msg_lines = wrap_words(&msg_text, area.width as usize);
    // The rows the seats panel keeps: a message asked for (a hint, a refusal) may take the
    // meld lines for a moment; the newest table talk takes only rows nobody needs.
    let per_seat = if s.message.is_some() { 2 } else { 3 };
    let seat_rows = 2 + per_seat * s.view.players as u16 + if s.view.players == 4 { 2 } else { 0 };
    let spare = area
        .height
        .saturating_sub(1 + 4 + btn_lines + 1 + seat_rows.max(8));
    let msg_rows = (msg_lines.len() as u16).clamp(1, spare.clamp(1, 3));
    if msg_lines.len() > msg_rows as usize {
        // What does not fit ends in "…" at a word; the table talk (v) has the whole line.
        msg_lines.truncate(msg_rows as usize);
        if let Some(last) = msg_lines.last_mut() {
            let cut = wrap_words(last, (area.width as usize).saturating_sub(1));
            *last = format!("{}…", cut.first().cloned().unwrap_or_default());
        }
    }
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Min(8),
            Constraint::Length(4),
            Constraint::Length(btn_lines),
            Constraint::Length(msg_rows),
            Constraint::Length(1),
        ])
        .split(area);
    draw_header(f, rows[0], s);
    let wide = area.width >= 100;
    let left_w = if area.width >= 100 { 36 } else { 32 };
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints(if wide {
            vec![
                Constraint::Length(left_w),
                Constraint::Min(30),
                Constraint::Length((area.width - left_w) * 45 / 100),
            ]
        } else {
            vec![Constraint::Length(left_w), Constraint::Min(30)]
        })
        .split(rows[1]);
    crate::seats::draw_seats(f, cols[0], s);
    draw_table(f, cols[1], s);
    if wide {
        draw_log(f, cols[2], s);
    }
    hits.cards = draw_hand(f, rows[2], s);
    hits.buttons = draw_buttons(f, rows[3], s, &labels);
    let color = match s.message {
        Some((_, Tone::Info)) | None => Color::Reset,
        Some((_, Tone::Error)) => Color::LightRed,
        Some((_, Tone::Hint)) => Color::Cyan,
    };
    let msg: Vec<Line> = msg_lines
        .into_iter()
        .map(|l| Line::from(Span::styled(l, Style::default().fg(color))))
        .collect();
    f.render_widget(Paragraph::new(msg), rows[4]);
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            fit_help(s.help, area.width as usize),
            Style::default().fg(Color::DarkGray),
        ))),
        rows[5],
    );
    hits
}

/// The key help fitted to `width`: where it is too long, whole items (`h hint`) give way
/// from the third-to-last backwards, so the first and the last two (`? help · x quit`) stay
/// and no word is cut.
pub fn fit_help(help: &str, width: usize) -> String {
    let mut items: Vec<&str> = help.split(" · ").collect();
    while items.join(" · ").chars().count() > width && items.len() > 3 {
        items.remove(items.len() - 3);
    }
    items.join(" · ")
}

fn draw_header(f: &mut Frame, r: Rect, s: &Screen) {
    let v = s.view;
    let cat = s.cat;
    let phase = match v.phase {
        Phase::Auction => "phase-auction",
        Phase::Bury => "phase-bury",
        Phase::Declare => "phase-declare",
        Phase::Play => "phase-play",
        Phase::Done => "phase-done",
    };
    let mut parts = vec![cat.t("title"), deal_text(cat, v), cat.t(phase)];
    if let Some(c) = v.contract {
        parts.push(contract_text(cat, c));
    } else if let (Some(t), 2) = (v.trump, v.players) {
        parts.push(contract_text(cat, Contract::Trump(t)));
    }
    if let Some(b) = v.high_bidder {
        parts.push(cat.ta(
            "bid-current",
            &[
                ("bid", Arg::Num(v.bid as i64)),
                ("name", Arg::Str(&name(s.names, b))),
            ],
        ));
    }
    if let Some(st) = s.status {
        parts.push(st.to_string());
    }
    // On a narrow terminal the title, then the phase, then the deal number give way, so the
    // contract, the bid and whose turn it is stay whole.
    let fits = |p: &[String]| p.join(" · ").chars().count() + 2 <= r.width as usize;
    for drop in [0, 1, 0] {
        if fits(&parts) || parts.len() <= 1 {
            break;
        }
        parts.remove(drop);
    }
    let line = Line::from(Span::styled(
        format!(" {} ", parts.join(" · ")),
        Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
    ));
    f.render_widget(Paragraph::new(line), r);
}

/// The header's deal: "Deal 3", or in a fixed series (`series_deals`) "Deal 2 of 3" and past
/// it "Deal 4: tie-break after 3".
pub fn deal_text(cat: &Catalog, v: &View) -> String {
    match v.series {
        Some(s) if s.deal > s.of => cat.ta(
            "deal-extra",
            &[("n", Arg::Num(s.deal as i64)), ("of", Arg::Num(s.of as i64))],
        ),
        Some(s) => cat.ta(
            "deal-of",
            &[("n", Arg::Num(s.deal as i64)), ("of", Arg::Num(s.of as i64))],
        ),
        None => cat.ta("deal-n", &[("n", Arg::Num(v.deal as i64 + 1))]),
    }
}

fn contract_text(cat: &Catalog, c: Contract) -> String {
    match c {
        Contract::Trump(t) => cat.ta("contract-trump", &[("suit", Arg::Str(&cat.suit(t)))]),
        Contract::Durch => cat.t("contract-durch"),
        Contract::Bettel => cat.t("contract-bettel"),
        Contract::Surrender(t) => cat.ta("contract-surrender", &[("suit", Arg::Str(&cat.suit(t)))]),
    }
}

fn draw_table(f: &mut Frame, r: Rect, s: &Screen) {
    let v = s.view;
    let cat = s.cat;
    let n = v.players;
    let (title, lines): (String, Vec<Line>) = match s.overlay {
        Overlay::Scores => (
            cat.t("score-sheet")
                .split(" (")
                .next()
                .unwrap_or_default()
                .to_string(),
            text::score_sheet(cat, s.names, v, s.target, r.width.saturating_sub(2) as usize)
                .into_iter()
                .map(Line::from)
                .collect(),
        ),
        Overlay::LastTrick => {
            let lines = match v.tricks.last() {
                Some(t) => trick_lines(cat, s.names, t.leader, &t.cards, Some(t.winner), n),
                None => vec![Line::from(cat.t("last-trick-none"))],
            };
            (cat.t("last-trick"), lines)
        }
        Overlay::None => phase_lines(s, r.height.saturating_sub(2) as usize),
    };
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(format!(" {title} "))),
        r,
    );
}

fn trick_lines(
    cat: &Catalog,
    names: &[String],
    leader: Seat,
    cards: &[Card],
    winner: Option<Seat>,
    n: usize,
) -> Vec<Line<'static>> {
    cards
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let seat = (leader + i) % n;
            let mut spans = vec![
                Span::raw(format!("  {:<14}", text::truncate(&name(names, seat), 13))),
                card_span(cat, *c),
            ];
            if winner == Some(seat) {
                spans.push(Span::styled("  ◀", Style::default().fg(Color::Yellow)));
            }
            Line::from(spans)
        })
        .collect()
}

/// The phase's content of the middle panel, `height` lines high.
fn phase_lines(s: &Screen, height: usize) -> (String, Vec<Line<'static>>) {
    let v = s.view;
    let cat = s.cat;
    let n = v.players;
    let mut lines: Vec<Line> = Vec::new();
    let tapp_line = |lines: &mut Vec<Line>| {
        if let Some(t) = v.tapp {
            let mut spans = vec![Span::raw(format!("{}: ", cat.t("tapp")))];
            for c in t.sorted_for_display() {
                spans.push(card_span(cat, c));
                spans.push(Span::raw(" "));
            }
            lines.push(Line::from(spans));
        }
    };
    let title = match v.phase {
        Phase::Auction => {
            lines.push(Line::from(match v.high_bidder {
                Some(b) => cat.ta(
                    "bid-current",
                    &[
                        ("bid", Arg::Num(v.bid as i64)),
                        ("name", Arg::Str(&name(s.names, b))),
                    ],
                ),
                None => cat.t("bid-none"),
            }));
            lines.push(Line::from(""));
            let words: Vec<String> = v
                .history
                .iter()
                .filter_map(|h| {
                    h.action
                        .map(|a| format!("{}: {}", name(s.names, h.seat), cat.action(a)))
                })
                .collect();
            // As many of the latest calls as the panel holds below the bid and a blank line.
            let start = words.len().saturating_sub(height.saturating_sub(2).max(1));
            lines.extend(words[start..].iter().map(|w| Line::from(format!("  {w}"))));
            cat.t("phase-auction")
        }
        Phase::Bury | Phase::Declare => {
            if let (Some(so), true) = (v.soloist, v.high_bidder.is_some()) {
                lines.push(Line::from(cat.ta(
                    "ev-soloist",
                    &[
                        ("name", Arg::Str(&name(s.names, so))),
                        ("bid", Arg::Num(v.bid as i64)),
                    ],
                )));
            }
            tapp_line(&mut lines);
            if let Some(b) = v.buried {
                lines.push(Line::from(format!("{}: {}", cat.t("buried"), cat.cards(b))));
            }
            if v.phase == Phase::Declare && v.seat == v.to_act {
                // What each trump would be worth, to help the declaration.
                let hand = v.hand.unwrap_or_default();
                let rules = binokel::Rules::from_json(&v.rules).unwrap_or_default();
                let worth: Vec<String> = Suit::ALL
                    .iter()
                    .map(|&t| {
                        let m = binokel::meld::melds(hand, Some(t), &rules);
                        format!("{} {}", cat.suit_short(t), m.total())
                    })
                    .collect();
                lines.push(Line::from(""));
                lines.push(Line::from(format!("{}: {}", cat.t("melds"), worth.join(" · "))));
            }
            if v.phase == Phase::Bury && v.seat == v.to_act && !s.marked.is_empty() {
                let hand = hand_cards(v);
                let marked: Vec<String> = s
                    .marked
                    .iter()
                    .filter_map(|&i| hand.get(i))
                    .map(|c| cat.card(*c))
                    .collect();
                lines.push(Line::from(""));
                lines.push(Line::from(
                    cat.ta("marked", &[("cards", Arg::Str(&marked.join(" ")))]),
                ));
            }
            cat.t(if v.phase == Phase::Bury {
                "phase-bury"
            } else {
                "phase-declare"
            })
        }
        Phase::Play => {
            if let (Some(c), Some(so)) = (v.contract, v.soloist) {
                lines.push(Line::from(format!(
                    "{} · {} {} ({})",
                    contract_text(cat, c),
                    cat.t("soloist"),
                    name(s.names, so),
                    v.bid
                )));
            }
            // The Tapp stays on the table until the first trick is taken: a bot soloist picks
            // it up, buries and declares within two bot moves, too fast to read.
            if v.tricks.is_empty() {
                tapp_line(&mut lines);
            }
            if let Some(l) = text::stock_line(cat, v) {
                lines.push(Line::from(l));
            }
            lines.push(Line::from(""));
            match &v.trick {
                Some(t) => lines.extend(trick_lines(cat, s.names, t.leader, &t.cards, Some(t.winner), n)),
                None => lines.push(Line::from(format!("  {}", cat.t("trick-empty")))),
            }
            if v.trick.is_none() {
                if let Some(t) = v.tricks.last() {
                    lines.push(Line::from(""));
                    lines.push(Line::from(format!("{}:", cat.t("last-trick"))));
                    lines.extend(trick_lines(cat, s.names, t.leader, &t.cards, Some(t.winner), n));
                }
            }
            format!("{} {}", cat.t("trick"), v.tricks.len() + 1)
        }
        Phase::Done => {
            if let Some(c) = v.contract {
                lines.push(Line::from(contract_text(cat, c)));
            }
            if let Some(verdict) = s.verdict {
                lines.push(Line::from(Span::styled(
                    verdict.to_string(),
                    Style::default().add_modifier(Modifier::BOLD),
                )));
            }
            // The soloist sees its own burial again.
            if let Some(b) = v.buried {
                lines.push(Line::from(format!("{}: {}", cat.t("buried"), cat.cards(b))));
            }
            lines.push(Line::from(cat.t("deal-scores")));
            if let Some(sc) = &v.scores {
                for (seat, x) in sc.iter().enumerate() {
                    lines.push(Line::from(format!(
                        "  {:<14}{:>6}   {} {}",
                        text::truncate(&name(s.names, seat), 13),
                        format!("{x:+}"),
                        cat.t("total"),
                        v.totals[seat]
                    )));
                }
            }
            if let Some(w) = v.winner {
                lines.push(Line::from(""));
                lines.push(Line::from(Span::styled(
                    cat.ta(
                        "match-winner",
                        &[
                            ("name", Arg::Str(&name(s.names, w))),
                            ("points", Arg::Num(v.totals[w] as i64)),
                        ],
                    ),
                    Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD),
                )));
            } else {
                lines.push(Line::from(""));
                lines.push(Line::from(cat.t("prompt-continue")));
            }
            cat.t(if v.winner.is_some() {
                "phase-match-over"
            } else {
                "phase-done"
            })
        }
    };
    (title, lines)
}

fn draw_log(f: &mut Frame, r: Rect, s: &Screen) {
    let h = r.height.saturating_sub(2) as usize;
    let w = r.width.saturating_sub(2).max(1) as usize;
    // Wrapped here rather than by the widget, so that the newest lines are the ones shown.
    let mut rows: Vec<String> = Vec::new();
    for entry in s.log.iter().rev() {
        let mut wrapped = wrap_words(entry, w);
        wrapped.reverse();
        rows.extend(wrapped);
        if rows.len() >= h {
            break;
        }
    }
    rows.truncate(h);
    rows.reverse();
    let lines: Vec<Line> = rows.into_iter().map(Line::from).collect();
    f.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {} ", s.cat.t("log"))),
        ),
        r,
    );
}

fn draw_hand(f: &mut Frame, r: Rect, s: &Screen) -> Vec<(Rect, usize)> {
    let v = s.view;
    let cat = s.cat;
    let cards = hand_cards(v);
    let my_turn = v.seat.is_some() && v.seat == v.to_act;
    let playable = |c: Card| match v.phase {
        Phase::Play => v.legal.contains(&Action::Play(c)),
        Phase::Bury => my_turn,
        _ => true,
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {} ", cat.t("hand")));
    let inner = block.inner(r);
    f.render_widget(block, r);
    let mut spans = Vec::new();
    let mut marks = Vec::new();
    let mut hits = Vec::new();
    let mut x = inner.x;
    for (i, c) in cards.iter().enumerate() {
        let label = cat.card(*c);
        let w = label.chars().count() as u16;
        let mut style = Style::default().fg(suit_color(cat.style(), c.suit()));
        if my_turn && !playable(*c) {
            style = Style::default().fg(Color::DarkGray).add_modifier(Modifier::DIM);
        } else {
            style = style.add_modifier(Modifier::BOLD);
        }
        let marked = s.marked.contains(&i);
        if marked {
            style = style.bg(Color::Yellow).fg(Color::Black);
        }
        if s.cursor == Some(i) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        spans.push(Span::styled(label, style));
        spans.push(Span::raw(" "));
        let mark = if s.cursor == Some(i) {
            "▲"
        } else if marked {
            "*"
        } else {
            " "
        };
        marks.push(Span::raw(format!("{mark:<width$}", width = w as usize + 1)));
        if x + w <= inner.x + inner.width {
            hits.push((Rect::new(x, inner.y, w, 1), i));
        }
        x += w + 1;
    }
    f.render_widget(Paragraph::new(vec![Line::from(spans), Line::from(marks)]), inner);
    hits
}

fn draw_buttons(f: &mut Frame, r: Rect, s: &Screen, labels: &[String]) -> Vec<(Rect, usize)> {
    let mut hits = Vec::new();
    let mut lines: Vec<Line> = vec![Line::from(Vec::<Span>::new())];
    let (mut x, mut y) = (r.x, r.y);
    for (i, l) in labels.iter().enumerate() {
        let text = format!("[{l}]");
        let w = text.chars().count() as u16;
        if x > r.x && x + w > r.x + r.width {
            lines.push(Line::from(Vec::<Span>::new()));
            x = r.x;
            y += 1;
        }
        let style = if s.button == Some(i) {
            Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::default()
        };
        if let Some(last) = lines.last_mut() {
            last.spans.push(Span::styled(text, style));
            last.spans.push(Span::raw(" "));
        }
        if y < r.y + r.height {
            hits.push((Rect::new(x, y, w, 1), i));
        }
        x += w + 1;
    }
    f.render_widget(Paragraph::new(lines), r);
    hits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::CardStyle;

    /// German suits each have their own colour (a regression: Grün and Eichel had none, Herz
    /// and Schellen shared one red); French cards stay red and black.
    #[test]
    fn german_suits_have_four_colours() {
        let german: Vec<Color> = Suit::ALL
            .iter()
            .map(|&s| suit_color(CardStyle::German, s))
            .collect();
        for (i, a) in german.iter().enumerate() {
            assert_ne!(*a, Color::Reset);
            for b in &german[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(suit_color(CardStyle::French, Suit::Hearts), Color::Red);
        assert_eq!(suit_color(CardStyle::French, Suit::Diamonds), Color::Red);
        assert_eq!(suit_color(CardStyle::French, Suit::Spades), Color::Reset);
    }
}
