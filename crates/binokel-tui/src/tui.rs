//! The full-screen table: keys and mouse become [`Command`]s for the [`Session`], and each
//! frame is drawn by [`render::draw`]. The bots' moves are paced so a person can follow them.

use crate::command::Command;
use crate::i18n::{Arg, Catalog};
use crate::pages::{self, Page, Scroll};
use crate::render::{self, buttons, hand_cards, Hits, Overlay, Screen, Tone};
use crate::session::{Event, Session, Status};
use crate::text;
use binokel::{Action, CardSet, Phase};
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::Terminal;
use std::io;
use std::time::{Duration, Instant};

/// The table's state between frames.
pub struct App {
    /// The match.
    pub session: Session,
    /// Messages.
    pub cat: Catalog,
    /// Cursor in the hand.
    pub cursor: usize,
    /// Focused button.
    pub button: usize,
    /// Hand positions marked for burial.
    pub marked: Vec<usize>,
    /// The overlay.
    pub overlay: Overlay,
    /// The message line.
    pub message: Option<(String, Tone)>,
    /// Everything that happened, as sentences.
    pub log: Vec<String>,
    /// A card code being typed.
    pub typed: String,
    /// The pause after each bot move.
    pub delay: Duration,
    next_bot_at: Option<Instant>,
    hits: Hits,
    /// Two players: the keys move over the meld/exchange buttons instead of the hand.
    on_buttons: bool,
    /// The person's last auction call was a bid: the focus starts on the next bid, not on
    /// pass.
    bidding: bool,
    /// A button that asks for a confirmation (giving up, Durch, Bettel) was pressed once;
    /// a second Enter on it carries it out, any other key lets it go.
    confirm: Option<Action>,
    /// A page over the table (help, table talk) and where it is scrolled.
    page: Option<(Page, Scroll)>,
}

/// What the event loop does after a key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// Leave the table (the match is saved).
    Quit,
}

impl App {
    /// A table for a session.
    pub fn new(session: Session, cat: Catalog, delay: Duration) -> App {
        let mut app = App {
            session,
            cat,
            cursor: 0,
            button: 0,
            marked: Vec::new(),
            overlay: Overlay::None,
            message: None,
            log: Vec::new(),
            typed: String::new(),
            delay,
            next_bot_at: None,
            hits: Hits::default(),
            on_buttons: false,
            bidding: false,
            confirm: None,
            page: None,
        };
        let names = app.session.game().seats().to_vec();
        for l in app.session.game().deals().iter().enumerate().map(|(i, d)| {
            text::event(
                &app.cat,
                &names,
                &Event::NewDeal {
                    number: i + 1,
                    dealer: d.start.dealer(),
                    series: None,
                },
            )
        }) {
            app.log.push(l);
        }
        // A resumed match: the table talk of the deal so far.
        let so_far = app.session.deal_so_far();
        app.push_events(&so_far);
        app.reset_focus();
        app
    }

    fn push_events(&mut self, ev: &[Event]) {
        let names = self.session.game().seats().to_vec();
        for e in ev {
            let line = text::event(&self.cat, &names, e);
            if let Event::SaveFailed(_) = e {
                self.message = Some((line.clone(), Tone::Error));
            }
            self.log.push(line);
        }
        // Keep memory bounded in very long sessions.
        if self.log.len() > 500 {
            self.log.drain(..self.log.len() - 500);
        }
    }

    fn reset_focus(&mut self) {
        self.on_buttons = false;
        self.marked.clear();
        self.typed.clear();
        let Some(v) = self.session.view() else { return };
        let cards = hand_cards(&v);
        if self.cursor >= cards.len() {
            self.cursor = cards.len().saturating_sub(1);
        }
        if v.phase == Phase::Play && !v.legal.is_empty() {
            if let Some(i) = cards.iter().position(|c| v.legal.contains(&Action::Play(*c))) {
                if !v.legal.contains(&Action::Play(cards[self.cursor])) {
                    self.cursor = i;
                }
            }
        }
        self.confirm = None;
        // In the auction the focus stays on the kind of call the person made last (a bid
        // stays on the next bid instead of jumping back to pass).
        self.button = match v.legal.iter().position(|a| matches!(a, Action::Bid(_))) {
            Some(i) if v.phase == Phase::Auction && self.bidding => {
                buttons(&v).iter().position(|b| *b == v.legal[i]).unwrap_or(0)
            }
            _ if v.phase == Phase::Declare => best_trump_button(&v),
            _ => 0,
        };
    }

    fn focus_on_hand(&self) -> bool {
        let st = self.session.status();
        let phase = self.session.deal().map(|d| d.phase());
        st == Status::Human && matches!(phase, Some(Phase::Play | Phase::Bury)) && !self.on_buttons
    }

    /// True when buttons sit beside the playable hand (two players: melds and the exchange
    /// after a won trick).
    fn play_buttons(&self) -> bool {
        self.session.status() == Status::Human
            && self.session.deal().map(|d| d.phase()) == Some(Phase::Play)
            && self.session.view().is_some_and(|v| !buttons(&v).is_empty())
    }

    /// What the terminal says after the table closes: where the match is saved, and how to
    /// continue it (or, once it is finished, how to watch it again).
    pub fn farewell(&self, save: &std::path::Path) -> Vec<String> {
        vec![
            self.cat
                .ta("saved", &[("path", Arg::Str(&save.display().to_string()))]),
            text::goodbye(&self.cat, Some(save), self.session.game().is_over()),
        ]
    }

    /// Where the last frame drew the cards and buttons.
    pub fn hits(&self) -> &Hits {
        &self.hits
    }

    /// The key help for the current state.
    pub fn help(&self) -> String {
        let id = match self.session.status() {
            Status::MatchOver => "help-over",
            Status::DealOver => "help-done",
            _ => match self.session.deal().map(|d| d.phase()) {
                Some(Phase::Auction) => "help-auction",
                Some(Phase::Bury) => "help-bury",
                Some(Phase::Declare) => "help-declare",
                _ if self.on_buttons => "help-buttons",
                _ if self.play_buttons() => "help-play-stock",
                _ => "help-play",
            },
        };
        self.cat.t(id)
    }

    /// Draws the table; remembers where cards and buttons are for the mouse.
    pub fn draw(&mut self, f: &mut ratatui::Frame) {
        let Some(view) = self.session.view() else { return };
        let names = self.session.game().seats().to_vec();
        let status = match self.session.status() {
            Status::Bot(s) => Some(self.cat.ta("prompt-wait", &[("name", Arg::Str(&names[s]))])),
            _ => None,
        };
        let help = self.help();
        let verdict = self.session.deal().and_then(|d| text::verdict(&self.cat, d));
        let screen = Screen {
            cat: &self.cat,
            view: &view,
            names: &names,
            levels: self.session.levels(),
            target: self.session.game().rules().target,
            cursor: self.focus_on_hand().then_some(self.cursor),
            button: (!self.focus_on_hand() && self.session.status() == Status::Human).then_some(self.button),
            marked: &self.marked,
            overlay: self.overlay,
            message: self.message.as_ref().map(|(m, t)| (m.as_str(), *t)),
            log: &self.log,
            help: &help,
            status: status.as_deref(),
            verdict: verdict.as_deref(),
        };
        self.hits = render::draw(f, &screen);
        if let Some((page, scroll)) = &mut self.page {
            let (title, lines) = match page {
                Page::Help => (self.cat.t("help-title"), pages::help_lines(&self.cat)),
                Page::Log => (self.cat.t("log"), self.log.clone()),
            };
            pages::draw_page(f, &self.cat, &title, &lines, scroll);
            // Under a page nothing on the table is clickable.
            self.hits = Hits::default();
        }
    }

    /// The page over the table, if any.
    pub fn page(&self) -> Option<Page> {
        self.page.map(|(p, _)| p)
    }

    /// Opens a page (the table talk at its newest line), or closes it when it is open.
    fn toggle_page(&mut self, page: Page) {
        self.page = match self.page {
            Some((p, _)) if p == page => None,
            _ => {
                let top = if page == Page::Log { usize::MAX } else { 0 };
                Some((
                    page,
                    Scroll {
                        top,
                        max: usize::MAX,
                        height: 10,
                    },
                ))
            }
        };
    }

    /// A key while a page is open: it scrolls, or Esc or the page's key closes it.
    fn page_key(&mut self, code: KeyCode) {
        let Some((page, scroll)) = &mut self.page else {
            return;
        };
        let top = scroll.top.min(scroll.max);
        scroll.top = match code {
            KeyCode::Up => top.saturating_sub(1),
            KeyCode::Down => (top + 1).min(scroll.max),
            KeyCode::PageUp => top.saturating_sub(scroll.height),
            KeyCode::PageDown => (top + scroll.height).min(scroll.max),
            KeyCode::Home => 0,
            KeyCode::End => scroll.max,
            _ => top,
        };
        let close = match code {
            KeyCode::Esc => true,
            KeyCode::Char(c) => c == page.key(),
            _ => false,
        };
        if close {
            self.page = None;
        }
    }

    /// Carries out a command.
    pub fn command(&mut self, cmd: Command) -> Flow {
        self.message = None;
        match cmd {
            Command::Quit => return Flow::Quit,
            Command::Help => self.toggle_page(Page::Help),
            // The full screen shows the table all the time.
            Command::Table => {}
            Command::Scores => {
                self.overlay = if self.overlay == Overlay::Scores {
                    Overlay::None
                } else {
                    Overlay::Scores
                }
            }
            Command::LastTrick => {
                self.overlay = if self.overlay == Overlay::LastTrick {
                    Overlay::None
                } else {
                    Overlay::LastTrick
                }
            }
            Command::Hint => {
                self.message = Some(match self.session.hint() {
                    Ok(h) => (text::hint(&self.cat, &h), Tone::Hint),
                    Err(_) => (self.cat.t("hint-none"), Tone::Error),
                })
            }
            Command::Undo => {
                self.message = Some(match self.session.undo() {
                    Ok(taken) => (text::taken_back(&self.cat, &taken), Tone::Info),
                    Err(e) => (text::take_back_refused(&self.cat, e), Tone::Error),
                });
                self.reset_focus();
            }
            Command::Continue => self.enter(),
            Command::Choice(n) => {
                let legal = self.session.view().map(|v| v.legal).unwrap_or_default();
                match n.checked_sub(1).and_then(|i| legal.get(i)) {
                    Some(&a) => self.act(a),
                    None => {
                        self.message = Some((
                            self.cat.ta(
                                "err-choice",
                                &[("n", Arg::Num(n as i64)), ("max", Arg::Num(legal.len() as i64))],
                            ),
                            Tone::Error,
                        ))
                    }
                }
            }
            Command::Act(a) => self.act(a),
        }
        Flow::Continue
    }

    fn act(&mut self, a: Action) {
        let legal = self.session.view().map(|v| v.legal).unwrap_or_default();
        match self.session.play_human(a) {
            Ok(ev) => {
                match a {
                    Action::Bid(_) => self.bidding = true,
                    Action::Pass => self.bidding = false,
                    _ => {}
                }
                // The echo of a typed card or bid goes once it is played.
                self.message = None;
                self.push_events(&ev);
                self.overlay = Overlay::None;
                self.next_bot_at = Some(Instant::now() + self.delay);
                self.reset_focus();
            }
            Err(e) => self.message = Some((self.cat.illegal(&e, &legal), Tone::Error)),
        }
    }

    /// Enter: play the card under the cursor, bury the marked cards, press the focused
    /// button, or start the next deal.
    fn enter(&mut self) {
        match self.session.status() {
            Status::DealOver => {
                let ev = self.session.next_deal();
                self.push_events(&ev);
                self.next_bot_at = Some(Instant::now() + self.delay);
                self.reset_focus();
            }
            Status::Bot(_) => self.next_bot_at = Some(Instant::now()),
            Status::MatchOver => {}
            Status::Human => {
                let Some(v) = self.session.view() else { return };
                let cards = hand_cards(&v);
                match v.phase {
                    Phase::Play if self.on_buttons => {
                        if let Some(&a) = buttons(&v).get(self.button) {
                            self.press(a);
                        }
                    }
                    Phase::Play => {
                        if let Some(&c) = cards.get(self.cursor) {
                            self.act(Action::Play(c));
                        }
                    }
                    Phase::Bury => {
                        let k = match v.legal.first() {
                            Some(Action::Bury(s)) => s.len(),
                            _ => 3,
                        };
                        if self.marked.len() != k {
                            self.message = Some((
                                self.cat.ta(
                                    "err-mark-three",
                                    &[
                                        ("n", Arg::Num(k as i64)),
                                        ("got", Arg::Num(self.marked.len() as i64)),
                                    ],
                                ),
                                Tone::Error,
                            ));
                            return;
                        }
                        let mut set = CardSet::EMPTY;
                        for &i in &self.marked {
                            set.insert(cards[i]);
                        }
                        self.act(Action::Bury(set));
                    }
                    _ => {
                        if let Some(&a) = buttons(&v).get(self.button) {
                            self.press(a);
                        }
                    }
                }
            }
        }
    }

    /// A button pressed: giving up, Durch and Bettel first ask for a confirmation (a second
    /// Enter on the same button), everything else is carried out at once.
    fn press(&mut self, a: Action) {
        if needs_confirmation(a) && self.confirm != Some(a) {
            let v = self.session.view();
            let label = v
                .map(|v| render::button_label(&self.cat, &v, a))
                .unwrap_or_default();
            self.confirm = Some(a);
            self.message = Some((
                self.cat.ta("confirm-action", &[("action", Arg::Str(&label))]),
                Tone::Error,
            ));
            return;
        }
        self.confirm = None;
        self.act(a);
    }

    fn toggle_mark(&mut self, i: usize) {
        if let Some(p) = self.marked.iter().position(|&m| m == i) {
            self.marked.remove(p);
        } else {
            self.marked.push(i);
        }
    }

    fn move_focus(&mut self, delta: isize) {
        let Some(v) = self.session.view() else { return };
        let len = if self.focus_on_hand() {
            hand_cards(&v).len()
        } else {
            buttons(&v).len()
        };
        if len == 0 {
            return;
        }
        let on_hand = self.focus_on_hand();
        let cur = if on_hand {
            &mut self.cursor
        } else {
            &mut self.button
        };
        // Buttons stop at either end (a stray arrow key must not jump from `pass` to the
        // highest bid or from a trump to giving up); the hand wraps around.
        *cur = if on_hand {
            ((*cur as isize + delta).rem_euclid(len as isize)) as usize
        } else {
            (*cur as isize + delta).clamp(0, len as isize - 1) as usize
        };
    }

    /// A key press.
    pub fn key(&mut self, k: KeyEvent) -> Flow {
        if k.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        if k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c')) {
            return Flow::Quit;
        }
        if self.page.is_some() {
            self.page_key(k.code);
            return Flow::Continue;
        }
        if k.code != KeyCode::Enter && self.confirm.take().is_some() {
            // Any key but Enter lets a pending confirmation go; Esc does only that.
            self.message = None;
            if k.code == KeyCode::Esc {
                return Flow::Continue;
            }
        }
        match k.code {
            KeyCode::Esc if !self.typed.is_empty() => {
                self.typed.clear();
                self.message = None;
                Flow::Continue
            }
            KeyCode::Esc => self.command(Command::Quit),
            KeyCode::Left | KeyCode::Up => {
                self.move_focus(-1);
                Flow::Continue
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Tab => {
                self.move_focus(1);
                Flow::Continue
            }
            KeyCode::Enter if !self.typed.is_empty() && self.typed.chars().all(|c| c.is_ascii_digit()) => {
                // A bid typed as a number (`220` Enter): that bid, or the reason it is refused.
                let typed = std::mem::take(&mut self.typed);
                match typed.parse::<u32>() {
                    Ok(n) => self.act(Action::Bid(n)),
                    Err(_) => self.message = None,
                }
                Flow::Continue
            }
            KeyCode::Enter => self.command(Command::Continue),
            KeyCode::Backspace if !self.typed.is_empty() => {
                self.typed.pop();
                self.message = (!self.typed.is_empty()).then(|| (self.typed.clone(), Tone::Info));
                Flow::Continue
            }
            KeyCode::Char(' ') => {
                if self.focus_on_hand() && self.session.deal().map(|d| d.phase()) == Some(Phase::Bury) {
                    self.toggle_mark(self.cursor);
                    Flow::Continue
                } else {
                    self.command(Command::Continue)
                }
            }
            KeyCode::Char(ch) => self.typed_char(ch),
            _ => Flow::Continue,
        }
    }

    /// Letters: commands (`h z l s v ? x`) or a card code typed one character at a time. No
    /// command key starts a card code (`q` begins a queen, `u` an Unter, `o` an Ober), so card
    /// codes always work.
    fn typed_char(&mut self, ch: char) -> Flow {
        if ch.is_ascii_digit() && self.session.deal().map(|d| d.phase()) == Some(Phase::Auction) {
            // In the auction digits are a bid, finished with Enter.
            if self.typed.len() < 5 {
                self.typed.push(ch);
            }
            self.message = Some((
                format!("{} {}_", self.cat.input_word("bid"), self.typed),
                Tone::Info,
            ));
            return Flow::Continue;
        }
        if self.typed.is_empty() {
            let cmd = match ch {
                'h' => Some(Command::Hint),
                '?' => Some(Command::Help),
                'v' => {
                    self.toggle_page(Page::Log);
                    return Flow::Continue;
                }
                'z' => Some(Command::Undo),
                'l' => Some(Command::LastTrick),
                's' => Some(Command::Scores),
                'x' => Some(Command::Quit),
                'm' | 'M' if self.play_buttons() => {
                    self.on_buttons = !self.on_buttons;
                    self.button = 0;
                    return Flow::Continue;
                }
                _ => None,
            };
            if let Some(c) = cmd {
                return self.command(c);
            }
            if "AaKkQqJjTt1978OoUu".contains(ch) {
                self.typed.push(ch);
                self.message = Some((self.typed.clone(), Tone::Info));
            }
            return Flow::Continue;
        }
        self.typed.push(ch);
        if self.typed == "1" || self.typed == "10" && ch == '0' {
            self.message = Some((self.typed.clone(), Tone::Info));
            return Flow::Continue;
        }
        let code = std::mem::take(&mut self.typed);
        // The code is complete: its echo goes (a card marked, played or refused says so).
        self.message = None;
        match self.cat.style().parse_card(&code) {
            Ok(card) => {
                let Some(v) = self.session.view() else {
                    return Flow::Continue;
                };
                let cards = hand_cards(&v);
                // With two copies, pick the one not yet marked.
                let pos = cards
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == card)
                    .map(|(i, _)| i)
                    .find(|i| !self.marked.contains(i))
                    .or_else(|| cards.iter().position(|c| *c == card));
                match pos {
                    Some(i) => {
                        let before = self.cursor;
                        self.cursor = i;
                        if self.focus_on_hand() && v.phase == Phase::Bury {
                            self.toggle_mark(i);
                        } else if self.focus_on_hand() {
                            self.act(Action::Play(card));
                            if self.message.as_ref().is_some_and(|m| m.1 == Tone::Error) {
                                // A refused card leaves the cursor where it was.
                                self.cursor = before;
                            }
                        }
                    }
                    None => {
                        self.message = Some((
                            self.cat
                                .ta("err-not-held", &[("card", Arg::Str(&self.cat.card(card)))]),
                            Tone::Error,
                        ))
                    }
                }
            }
            Err(e) => {
                self.message = Some((
                    self.cat.ta(
                        "err-parse",
                        &[("input", Arg::Str(&code)), ("why", Arg::Str(&e.why))],
                    ),
                    Tone::Error,
                ))
            }
        }
        Flow::Continue
    }

    /// A mouse click at a cell: choose (and on a second click, play) a card, or press a
    /// button.
    pub fn click(&mut self, x: u16, y: u16) -> Flow {
        let inside =
            |r: &ratatui::layout::Rect| x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
        if let Some(&(_, i)) = self.hits.cards.iter().find(|(r, _)| inside(r)) {
            self.on_buttons = false;
            if !self.focus_on_hand() {
                return Flow::Continue;
            }
            if self.session.deal().map(|d| d.phase()) == Some(Phase::Bury) {
                self.cursor = i;
                self.toggle_mark(i);
            } else if self.cursor == i {
                self.enter();
            } else {
                self.cursor = i;
            }
        } else if let Some(&(_, i)) = self.hits.buttons.iter().find(|(r, _)| inside(r)) {
            self.button = i;
            self.on_buttons = self.play_buttons();
            self.enter();
        }
        Flow::Continue
    }

    /// Lets a bot move if its pause is over. Returns true when something changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        if !matches!(self.session.status(), Status::Bot(_)) {
            return false;
        }
        match self.next_bot_at {
            Some(t) if now < t => false,
            _ => {
                match self.session.bot_step() {
                    Ok(ev) => self.push_events(&ev),
                    Err(e) => self.message = Some((e, Tone::Error)),
                }
                self.next_bot_at = Some(now + self.delay);
                self.reset_focus();
                true
            }
        }
    }

    fn wait_time(&self, now: Instant) -> Duration {
        match (self.session.status(), self.next_bot_at) {
            (Status::Bot(_), Some(t)) => t.saturating_duration_since(now),
            (Status::Bot(_), None) => Duration::ZERO,
            _ => Duration::from_millis(500),
        }
    }
}

/// Giving up, Durch and Bettel are pressed twice: one stray Enter must not throw a hand away.
fn needs_confirmation(a: Action) -> bool {
    matches!(a, Action::Surrender(_) | Action::Durch | Action::Bettel)
}

/// The declaration's first button: the trump with the highest meld total for the person's
/// hand (ties go to the first in suit order).
fn best_trump_button(v: &binokel::View) -> usize {
    let (Some(hand), Ok(rules)) = (v.hand, binokel::Rules::from_json(&v.rules)) else {
        return 0;
    };
    let mut best: Option<(usize, u32)> = None;
    for (i, a) in buttons(v).iter().enumerate() {
        if let Action::Trump(t) = a {
            let total = binokel::meld::melds(hand, Some(*t), &rules).total();
            if best.is_none_or(|(_, b)| total > b) {
                best = Some((i, total));
            }
        }
    }
    best.map_or(0, |(i, _)| i)
}

/// Runs the table on a terminal until the person quits. The terminal is restored on every
/// exit path, including errors.
pub fn run(app: &mut App) -> io::Result<()> {
    enable_raw_mode()?;
    let mut stdout = io::stdout();
    if let Err(e) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture) {
        let _ = disable_raw_mode();
        return Err(e);
    }
    let result = Terminal::new(CrosstermBackend::new(io::stdout())).and_then(|mut t| event_loop(&mut t, app));
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, DisableMouseCapture);
    result
}

fn event_loop<B: Backend>(term: &mut Terminal<B>, app: &mut App) -> io::Result<()> {
    loop {
        term.draw(|f| app.draw(f))?;
        let wait = app.wait_time(Instant::now());
        if event::poll(wait)? {
            let flow = match event::read()? {
                TermEvent::Key(k) => app.key(k),
                TermEvent::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    app.click(m.column, m.row)
                }
                _ => Flow::Continue,
            };
            if flow == Flow::Quit {
                return Ok(());
            }
        } else {
            app.tick(Instant::now());
        }
    }
}
