//! Pages that cover the whole table at any size: the help (`?`: every key and a glossary of
//! the words a newcomer meets) and the table talk (`v`: every bid, burial, meld, trick and
//! result of the session so far). They scroll with ↑↓, PgUp/PgDn and Home/End and close with
//! Esc or their own key.

use crate::i18n::Catalog;
use crate::screen::wrap_words;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

/// Which page covers the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Page {
    /// The keys and the glossary.
    Help,
    /// The table talk.
    Log,
}

impl Page {
    /// The key that opens and closes the page.
    pub const fn key(self) -> char {
        match self {
            Page::Help => '?',
            Page::Log => 'v',
        }
    }
}

/// The help page's text: the keys, then the glossary, one entry a line (wrapped when drawn).
pub fn help_lines(cat: &Catalog) -> Vec<String> {
    let mut out = vec![cat.t("help-keys-title"), String::new()];
    out.extend(cat.t("help-keys").lines().map(str::to_string));
    out.push(String::new());
    out.push(cat.t("help-words-title"));
    out.push(String::new());
    out.extend(cat.t("help-words").lines().map(str::to_string));
    out
}

/// Where a page is scrolled to and how far it can go, as the last frame drew it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Scroll {
    /// The first line shown.
    pub top: usize,
    /// The largest `top` that still fills the page.
    pub max: usize,
    /// Lines per page.
    pub height: usize,
}

/// Draws a page over the whole frame: `entries` wrapped at the width (continuation lines
/// indented), from `scroll.top`, which is kept within the text; the keys on the last line.
pub fn draw_page(f: &mut Frame, cat: &Catalog, title: &str, entries: &[String], scroll: &mut Scroll) {
    let area = f.area();
    f.render_widget(Clear, area);
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        format!(" {title} "),
        Style::default().add_modifier(Modifier::BOLD),
    ));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let w = inner.width.max(3) as usize;
    let mut rows: Vec<String> = Vec::new();
    for e in entries {
        if e.is_empty() {
            rows.push(String::new());
            continue;
        }
        let lines = wrap_words(e, w);
        let head = lines.first().cloned().unwrap_or_default();
        rows.push(head.clone());
        // The rest again, two columns in, so an entry's lines are seen to belong together.
        match e.strip_prefix(head.as_str()).map(str::trim_start) {
            Some(rest) if !rest.is_empty() => {
                rows.extend(wrap_words(rest, w - 2).into_iter().map(|l| format!("  {l}")))
            }
            Some(_) => {}
            None => rows.extend(lines.into_iter().skip(1)),
        }
    }
    let height = inner.height.saturating_sub(1) as usize;
    scroll.height = height.max(1);
    scroll.max = rows.len().saturating_sub(height);
    scroll.top = scroll.top.min(scroll.max);
    let shown: Vec<Line> = rows
        .iter()
        .skip(scroll.top)
        .take(height)
        .map(|r| Line::from(r.clone()))
        .collect();
    let mut text_area = inner;
    text_area.height = height as u16;
    f.render_widget(Paragraph::new(shown), text_area);
    let mut keys_area = inner;
    keys_area.y = inner.y + height as u16;
    keys_area.height = inner.height.saturating_sub(height as u16);
    let keys = crate::render::fit_help(&cat.t("page-keys"), w);
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            keys,
            Style::default().fg(Color::DarkGray),
        ))),
        keys_area,
    );
}
