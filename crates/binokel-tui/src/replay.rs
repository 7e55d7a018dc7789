//! Watching a saved match again, action by action: in the full-screen table or as text,
//! with a game review's marks beside the actions when one is given ([`crate::marks`]).

use crate::i18n::{Arg, Catalog};
use crate::marks::Marks;
use crate::render::{self, Overlay, Screen};
use crate::session::{step_events, PLAY_KEY};
use crate::text;
use binokel::record::read_record;
use binokel::{Game, Seat, View};
use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::execute;
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Write};

/// A match being watched: the whole record and a position in it.
#[derive(Debug)]
pub struct Replay {
    full: Game,
    levels: Vec<Option<String>>,
    /// (deal, number of its actions played) for every position, in order.
    positions: Vec<(usize, usize)>,
    pos: usize,
    seat: Seat,
    /// A review's marks, shown beside the actions.
    marks: Option<Marks>,
}

impl Replay {
    /// Reads a record; `seat` is whose hand is shown (None: the person's seat of a match
    /// saved by `binokel play`, else seat 0).
    pub fn from_text(text: &str, seat: Option<Seat>) -> Result<Replay, String> {
        let full = read_record(text)?;
        if full.deals().is_empty() {
            return Err("the record has no deal to replay".into());
        }
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let play = v.get(PLAY_KEY);
        let n = full.players();
        let levels: Vec<Option<String>> = play
            .and_then(|p| p.get("bots"))
            .and_then(|b| b.as_array())
            .filter(|a| a.len() == n)
            .map(|a| a.iter().map(|x| x.as_str().map(String::from)).collect())
            .unwrap_or_else(|| vec![None; n]);
        let human = play
            .and_then(|p| p.get("human"))
            .and_then(|h| h.as_u64())
            .unwrap_or(0) as usize;
        let seat = seat.unwrap_or(human);
        if seat >= n {
            return Err(format!(
                "--seat {seat} does not exist: the match has seats 0 to {}",
                n - 1
            ));
        }
        let positions = full
            .deals()
            .iter()
            .enumerate()
            .flat_map(|(d, log)| (0..=log.actions.len()).map(move |k| (d, k)))
            .collect();
        Ok(Replay {
            full,
            levels,
            positions,
            pos: 0,
            seat,
            marks: None,
        })
    }

    /// Shows the marks of a `binokel-review/3` document beside the actions; an error names
    /// how the review does not belong to this record ([`Marks::from_text`]).
    pub fn with_review(mut self, review: &str) -> Result<Replay, String> {
        self.marks = Some(Marks::from_text(review, &self.full)?);
        Ok(self)
    }

    /// The review's marks, if a review was given.
    pub fn marks(&self) -> Option<&Marks> {
        self.marks.as_ref()
    }

    /// The whole match.
    pub fn game(&self) -> &Game {
        &self.full
    }

    /// The position (deal, actions played in it).
    pub fn position(&self) -> (usize, usize) {
        self.positions[self.pos]
    }

    /// Moves by `delta` actions, staying inside the match.
    pub fn step(&mut self, delta: isize) {
        let last = self.positions.len() as isize - 1;
        self.pos = (self.pos as isize + delta).clamp(0, last) as usize;
    }

    /// Moves to the start of the next (`forward`) or this/previous deal.
    pub fn jump_deal(&mut self, forward: bool) {
        let (d, k) = self.position();
        let target = if forward {
            (d + 1, 0)
        } else if k > 0 {
            (d, 0)
        } else {
            (d.saturating_sub(1), 0)
        };
        if let Some(p) = self.positions.iter().position(|&x| x == target) {
            self.pos = p;
        } else if forward {
            self.pos = self.positions.len() - 1;
        }
    }

    /// Moves to the first or the last position.
    pub fn jump_end(&mut self, to_end: bool) {
        self.pos = if to_end { self.positions.len() - 1 } else { 0 };
    }

    /// The match as it stood at the position, and the sentences of its deal so far.
    pub fn state(&self, cat: &Catalog) -> (Game, Vec<String>) {
        let (d, k) = self.position();
        let mut g = Game::new(*self.full.rules(), self.full.seats().to_vec());
        let names = names_of(&self.full);
        let mut log = Vec::new();
        for (i, dl) in self.full.deals().iter().enumerate().take(d + 1) {
            // The record was checked when it was read, so replaying it cannot fail.
            g.start_deal(&dl.start.setup(), dl.seed).expect("checked record");
            let upto = if i == d { k } else { dl.actions.len() };
            if i == d {
                log.push(text::event(
                    cat,
                    &names,
                    &crate::Event::NewDeal {
                        number: i + 1,
                        dealer: dl.start.dealer(),
                        series: None,
                    },
                ));
                if let Some(c) = dl.start.turned() {
                    log.push(text::event(cat, &names, &crate::Event::Turned(c)));
                }
            }
            for a in &dl.actions[..upto] {
                let before = *g.current().expect("deal started");
                g.play(*a).expect("checked record");
                if i == d {
                    let after = *g.current().expect("deal started");
                    for e in step_events(&before, *a, &after, &g, None) {
                        log.push(text::event(cat, &names, &e));
                    }
                }
            }
        }
        (g, log)
    }

    /// Draws the table at the position.
    pub fn draw(&self, f: &mut ratatui::Frame, cat: &Catalog, overlay: Overlay) {
        let (g, log) = self.state(cat);
        let Some(mut view) = View::of(&g, Some(self.seat)) else {
            return;
        };
        // A replay is watched, not played: no action buttons (a stray `[bid 150]` showed).
        view.legal.clear();
        let names = names_of(&g);
        let (d, k) = self.position();
        let status = cat.ta(
            "replay-step",
            &[
                ("deal", Arg::Num(d as i64 + 1)),
                ("action", Arg::Num(k as i64)),
                ("total", Arg::Num(self.full.deals()[d].actions.len() as i64)),
            ],
        );
        let help = cat.t("replay-help");
        let verdict = g.current().and_then(|d| crate::text::verdict(cat, d));
        // The review's word on the action just played.
        let review = match (&self.marks, k) {
            (Some(m), k) if k > 0 => m.status(cat, d, k - 1, f.area().width as usize),
            _ => None,
        };
        let tone = match self.marks.as_ref().and_then(|m| m.at(d, k.wrapping_sub(1))) {
            Some(r) if r.mark.is_some() => render::Tone::Error,
            _ => render::Tone::Info,
        };
        let screen = Screen {
            cat,
            view: &view,
            names: &names,
            levels: &self.levels,
            target: g.rules().target,
            cursor: None,
            button: None,
            marked: &[],
            overlay,
            message: review.as_deref().map(|m| (m, tone)),
            log: &log,
            help: &help,
            status: Some(&status),
            verdict: verdict.as_deref(),
        };
        render::draw(f, &screen);
    }
}

fn names_of(g: &Game) -> Vec<String> {
    if g.seats().is_empty() {
        (0..g.players()).map(|s| format!("Seat {s}")).collect()
    } else {
        g.seats().to_vec()
    }
}

/// Prints the whole match as sentences, deal by deal, with the score sheet at the end.
pub fn print(text_in: &str, cat: &Catalog, out: &mut dyn Write) -> Result<(), String> {
    print_with(text_in, cat, None, out)
}

/// [`print`] with a review's marks: under the sentence of each marked action, indented, the
/// mark, the points lost and the better move (and the hindsight line of a card).
pub fn print_with(
    text_in: &str,
    cat: &Catalog,
    marks: Option<&Marks>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let full = read_record(text_in)?;
    let names = names_of(&full);
    let mut g = Game::new(*full.rules(), full.seats().to_vec());
    let io = |e: io::Error| e.to_string();
    for (i, dl) in full.deals().iter().enumerate() {
        g.start_deal(&dl.start.setup(), dl.seed)
            .map_err(|e| e.to_string())?;
        writeln!(
            out,
            "{}",
            text::event(
                cat,
                &names,
                &crate::Event::NewDeal {
                    number: i + 1,
                    dealer: dl.start.dealer(),
                    series: None,
                }
            )
        )
        .map_err(io)?;
        for (s, name) in names.iter().enumerate() {
            writeln!(out, "  {name}: {}", cat.cards(dl.start.hand(s))).map_err(io)?;
        }
        if let Some(c) = dl.start.turned() {
            writeln!(out, "{}", text::event(cat, &names, &crate::Event::Turned(c))).map_err(io)?;
        }
        for (k, a) in dl.actions.iter().enumerate() {
            let before = *g.current().ok_or("no deal")?;
            g.play(*a).map_err(|e| e.to_string())?;
            let after = *g.current().ok_or("no deal")?;
            let marked = marks.map(|m| m.lines(cat, i, k)).unwrap_or_default();
            let mut lines: Vec<String> = step_events(&before, *a, &after, &g, None)
                .iter()
                .map(|e| text::event(cat, &names, e))
                .collect();
            // The marks go under the action's own sentence (the first), before the trick's.
            let at = lines.len().min(1);
            for (x, l) in marked.into_iter().enumerate() {
                let indent = if x == 0 { "    " } else { "       " };
                lines.insert(at + x, format!("{indent}{l}"));
            }
            for l in lines {
                writeln!(out, "{l}").map_err(io)?;
            }
        }
    }
    if let Some(v) = View::of(&g, None) {
        for l in text::score_sheet(cat, &names, &v, g.rules().target, 80) {
            writeln!(out, "{l}").map_err(io)?;
        }
    }
    Ok(())
}

/// Runs the full-screen replay until the person quits.
pub fn run(replay: &mut Replay, cat: &Catalog) -> io::Result<()> {
    enable_raw_mode()?;
    if let Err(e) = execute!(io::stdout(), EnterAlternateScreen) {
        let _ = disable_raw_mode();
        return Err(e);
    }
    let result = (|| -> io::Result<()> {
        let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        let mut overlay = Overlay::None;
        loop {
            term.draw(|f| replay.draw(f, cat, overlay))?;
            if let TermEvent::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Release {
                    continue;
                }
                match k.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                    KeyCode::Right | KeyCode::Char(' ') | KeyCode::Enter | KeyCode::Down => replay.step(1),
                    KeyCode::Left | KeyCode::Up | KeyCode::Backspace => replay.step(-1),
                    KeyCode::PageDown => replay.jump_deal(true),
                    KeyCode::PageUp => replay.jump_deal(false),
                    KeyCode::Home => replay.jump_end(false),
                    KeyCode::End => replay.jump_end(true),
                    KeyCode::Char('s') => {
                        overlay = if overlay == Overlay::Scores {
                            Overlay::None
                        } else {
                            Overlay::Scores
                        }
                    }
                    KeyCode::Char('l') => {
                        overlay = if overlay == Overlay::LastTrick {
                            Overlay::None
                        } else {
                            Overlay::LastTrick
                        }
                    }
                    _ => {}
                }
            }
        }
    })();
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen);
    result
}
