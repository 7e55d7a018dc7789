//! What one frame of the table shows ([`Screen`]: the seat's view plus the screen's own
//! state) and the small text helpers every part of the drawing shares. `render.rs` draws the
//! table and `seats.rs` the seats panel, both from a `Screen`.

use crate::i18n::Catalog;
use binokel::{Seat, View};

/// What the middle of the table shows instead of the phase.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Overlay {
    /// The phase's own content.
    #[default]
    None,
    /// The last trick taken.
    LastTrick,
    /// The score sheet.
    Scores,
}

/// How a message is coloured.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    /// News.
    Info,
    /// A refused move or bad input.
    Error,
    /// A hint.
    Hint,
}

/// Everything one frame shows.
pub struct Screen<'a> {
    /// Messages.
    pub cat: &'a Catalog,
    /// What the seat may see.
    pub view: &'a View,
    /// Seat names.
    pub names: &'a [String],
    /// Bot levels per seat (None: a person).
    pub levels: &'a [Option<String>],
    /// The match target.
    pub target: i32,
    /// The hand card under the cursor, when the hand has the focus.
    pub cursor: Option<usize>,
    /// The focused button, when the buttons have the focus.
    pub button: Option<usize>,
    /// Hand positions marked for burial.
    pub marked: &'a [usize],
    /// The overlay.
    pub overlay: Overlay,
    /// The message line.
    pub message: Option<(&'a str, Tone)>,
    /// Recent events, oldest first.
    pub log: &'a [String],
    /// The key help line.
    pub help: &'a str,
    /// A status shown in the header (whose turn, or a replay position).
    pub status: Option<&'a str>,
    /// A finished deal's verdict in numbers (`text::verdict`).
    pub verdict: Option<&'a str>,
}

/// A seat's name (its number where the names run out).
pub(crate) fn name(names: &[String], s: Seat) -> String {
    names.get(s).cloned().unwrap_or_else(|| s.to_string())
}

/// Breaks a sentence into lines of at most `w` characters, at spaces where possible.
pub(crate) fn wrap_words(text: &str, w: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let wl = word.chars().count();
        let cl = cur.chars().count();
        if cl > 0 && cl + 1 + wl > w {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
        while cur.chars().count() > w {
            let head: String = cur.chars().take(w).collect();
            cur = cur.chars().skip(w).collect();
            out.push(head);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}
