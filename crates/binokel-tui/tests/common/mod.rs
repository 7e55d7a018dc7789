//! What the full-screen table tests share: a match against random bots in an `App`, a key
//! press, and the screen drawn into ratatui's `TestBackend` as text.
#![allow(dead_code)]

use binokel::{Low, Phase, Rules};
use binokel_tui::session::{Config, Session};
use binokel_tui::tui::{App, Flow};
use binokel_tui::{CardStyle, Catalog, Lang};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Duration;

/// A match of `rules` for "Anna" against random bots, seeded, in `lang` with French cards.
pub fn app(seed: u64, rules: Rules, lang: Lang) -> App {
    let n = rules.players as usize;
    let session = Session::new(Config {
        rules,
        name: "Anna".into(),
        bots: vec!["random".into(); n - 1],
        seed,
        save: None,
    })
    .unwrap();
    App::new(
        session,
        Catalog::new(lang, CardStyle::French, Low::Nine),
        Duration::ZERO,
    )
}

/// One key press.
pub fn key(app: &mut App, code: KeyCode) -> Flow {
    app.key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// The screen at `w`x`h`, one line of text a row.
pub fn draw(app: &mut App, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| app.draw(f)).unwrap();
    screen_text(term.backend().buffer())
}

/// A drawn buffer as text, one line a row.
pub fn screen_text(b: &ratatui::buffer::Buffer) -> String {
    (0..b.area.height)
        .map(|y| {
            (0..b.area.width)
                .map(|x| b[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The phase of the deal being played.
pub fn phase(app: &App) -> Option<Phase> {
    app.session.deal().map(|d| d.phase())
}
