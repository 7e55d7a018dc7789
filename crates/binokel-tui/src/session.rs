//! The match against the computer as one state machine: whose turn it is, bots' moves, the
//! person's moves checked against the rules, undo, hints, and saving the record as it goes.
//! The full-screen table and the plain line mode both drive this and nothing else.

use binokel::record::{read_record, write_record};
use binokel::{Action, Card, CardSet, Contract, Deal, Game, IllegalAction, Meld, Phase, Rules, Seat, View};
use binokel_ai::{make_bot, Bot, BOT_NAMES};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The names the computer players sit under (the level is shown beside them).
pub const BOT_SEAT_NAMES: [&str; 4] = ["Gottlieb", "Babette", "Hansjörg", "Rosele"];

/// The key under which a record written by `binokel play` keeps who played which seat, so
/// that `--resume` brings back the same opponents. Readers of `binokel-record/1` ignore it.
pub const PLAY_KEY: &str = "play";

/// How a new match is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rules.
    pub rules: Rules,
    /// The person's name.
    pub name: String,
    /// One bot name per opponent seat, as `binokel_ai::make_bot` knows them.
    pub bots: Vec<String>,
    /// The match seed: deals and bots are reproducible from it.
    pub seed: u64,
    /// Where the record is saved after every action (None: not saved).
    pub save: Option<PathBuf>,
}

/// Whose move it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The person's.
    Human,
    /// A bot's, at this seat.
    Bot(Seat),
    /// The deal is over; the next one starts when the person is ready.
    DealOver,
    /// The match has a winner.
    MatchOver,
}

/// Something that happened at the table, for the log, the plain mode and the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A deal began (number from 1).
    NewDeal {
        /// Deal number, from 1.
        number: usize,
        /// The dealer.
        dealer: Seat,
        /// In a fixed series (`series_deals`): which deal of it this is (the sentence then
        /// says "Deal 2 of 3"); None otherwise, or where the log is rebuilt.
        series: Option<binokel::SeriesProgress>,
    },
    /// A seat acted; `None` is a burial the viewer may not see.
    Acted {
        /// Who.
        seat: Seat,
        /// What (None: hidden burial).
        action: Option<Action>,
        /// Cards buried, for the hidden case.
        count: usize,
    },
    /// The auction ended.
    Soloist {
        /// The soloist.
        seat: Seat,
        /// The contract's bid.
        bid: u32,
    },
    /// The Tapp was turned up.
    Tapp(CardSet),
    /// A seat's melds after the declaration.
    Melds {
        /// Whose.
        seat: Seat,
        /// The melds.
        melds: Vec<Meld>,
        /// Their total.
        total: u32,
    },
    /// A trick was taken.
    Trick {
        /// By whom.
        seat: Seat,
        /// Its cards in playing order.
        cards: Vec<Card>,
        /// Its card points (with the last trick's 10).
        points: u32,
    },
    /// Everybody passed and the deal is thrown in.
    Redeal,
    /// The deal ended.
    DealOver {
        /// Scores of the deal.
        scores: Vec<i32>,
        /// Match totals.
        totals: Vec<i32>,
    },
    /// The match ended.
    MatchOver {
        /// The winner.
        winner: Seat,
        /// The winner's total.
        points: i32,
    },
    /// Two players: the card turned up after dealing (its suit is trump).
    Turned(Card),
    /// Two players: a seat drew from the stock (the card only where the viewer may see it).
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card drawn (None: another seat's card).
        card: Option<Card>,
    },
    /// Two players: a seat exchanged its trump 9 for the turned card.
    Exchanged {
        /// Who.
        seat: Seat,
        /// The turned card taken into the hand.
        card: Card,
    },
    /// Two players: the stock is used up; section 6 (follow, beat, trump) applies now.
    StockEmpty,
    /// The record could not be written.
    SaveFailed(String),
}

/// A hint: which bot gave it and its value for each legal action, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The bot that gave it (`strong`, or the best one available).
    pub bot: String,
    /// Actions with their expected values, best first.
    pub values: Vec<(Action, f64)>,
    /// What the values measure.
    pub measure: Measure,
}

/// What a hint's values measure: the match measure (`binokel_ai::measure`, docs/review.md
/// section 1), one unit in every phase and role.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Three or four seats: the person's deal score less the mean of the other sides', as the
    /// race to the target weighs it.
    Match,
    /// Two players: the person's score less the other's, as the race weighs it.
    Difference,
}

impl Measure {
    /// The measure of the hint values for a seat's view.
    pub fn of(view: &View) -> Measure {
        if view.players == 2 {
            Measure::Difference
        } else {
            Measure::Match
        }
    }
}

/// A match in progress between one person and bots.
pub struct Session {
    game: Game,
    human: Seat,
    bots: Vec<Option<Box<dyn Bot>>>,
    levels: Vec<Option<String>>,
    seed: u64,
    save: Option<PathBuf>,
    hint_bot: Option<Box<dyn Bot>>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("human", &self.human)
            .field("levels", &self.levels)
            .field("seed", &self.seed)
            .finish()
    }
}

/// A 64-bit mix (splitmix64), so that nearby match seeds give unrelated deals and bots.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn bot_seed(seed: u64, seat: Seat) -> u64 {
    mix(seed ^ mix(1000 + seat as u64))
}

fn deal_seed(seed: u64, index: usize) -> u64 {
    mix(seed ^ mix(index as u64))
}

fn make_bots(levels: &[Option<String>], seed: u64) -> Result<Vec<Option<Box<dyn Bot>>>, String> {
    levels
        .iter()
        .enumerate()
        .map(|(seat, l)| match l {
            Some(name) => make_bot(name, bot_seed(seed, seat)).map(Some),
            None => Ok(None),
        })
        .collect()
}

impl Session {
    /// A new match: the person at seat 0, bots at the other seats, the first deal dealt.
    /// Fails with `make_bot`'s message for a bot name it does not know, or when the number
    /// of bots does not fit the rules.
    pub fn new(config: Config) -> Result<Session, String> {
        let n = config.rules.players as usize;
        if config.bots.len() != n - 1 {
            return Err(format!(
                "--bots names {} opponent(s), the rules have {} seats: name {}",
                config.bots.len(),
                n,
                n - 1
            ));
        }
        let mut levels = vec![None];
        levels.extend(config.bots.iter().map(|b| Some(b.trim().to_string())));
        let bots = make_bots(&levels, config.seed)?;
        let mut seats = vec![config.name.clone()];
        seats.extend(BOT_SEAT_NAMES.iter().take(n - 1).map(|s| s.to_string()));
        let game = Game::new(config.rules, seats);
        let mut s = Session {
            game,
            human: 0,
            bots,
            levels,
            seed: config.seed,
            save: config.save,
            hint_bot: None,
        };
        s.next_deal();
        Ok(s)
    }

    /// Continues a match saved by `binokel play` (or any `binokel-record/1` file: then the
    /// person takes seat 0 and `fallback` names the opponents).
    pub fn resume(path: &Path, fallback: &Config) -> Result<Session, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the saved match {}: {e}", path.display()))?;
        Session::from_record_text(&text, Some(path.to_path_buf()), fallback)
    }

    /// Continues a match from the text of a record; `save` is where it goes on being saved.
    pub fn from_record_text(text: &str, save: Option<PathBuf>, fallback: &Config) -> Result<Session, String> {
        let game = read_record(text).map_err(|e| format!("the saved match cannot be read: {e}"))?;
        if game.is_over() {
            return Err("the saved match is already finished: watch it with `binokel replay FILE`".into());
        }
        let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let n = game.players();
        let play = v.get(PLAY_KEY);
        let human = play
            .and_then(|p| p.get("human"))
            .and_then(Value::as_u64)
            .map_or(0, |h| h as usize);
        if human >= n {
            return Err(format!(
                "the saved match names seat {human} as the person's, but it has {n} seats"
            ));
        }
        let seed = play
            .and_then(|p| p.get("seed"))
            .and_then(Value::as_u64)
            .unwrap_or(fallback.seed);
        let levels: Vec<Option<String>> = match play.and_then(|p| p.get("bots")).and_then(Value::as_array) {
            Some(a) if a.len() == n => a.iter().map(|x| x.as_str().map(String::from)).collect(),
            _ => {
                let mut l = vec![None; n];
                let mut names = fallback.bots.iter();
                for (seat, slot) in l.iter_mut().enumerate() {
                    if seat != human {
                        *slot = Some(names.next().cloned().unwrap_or_else(|| "random".into()));
                    }
                }
                l
            }
        };
        if levels[human].is_some() || levels.iter().enumerate().any(|(s, l)| s != human && l.is_none()) {
            return Err("the saved match's `play` entry does not name one bot for every other seat".into());
        }
        let bots = make_bots(&levels, seed)?;
        let mut game = game;
        if game.seats().is_empty() {
            let mut seats: Vec<String> = (0..n).map(|s| format!("Seat {s}")).collect();
            seats[human] = fallback.name.clone();
            let mut g = Game::new(*game.rules(), seats);
            for log in game.deals() {
                g.start_deal(&log.start.setup(), log.seed)
                    .map_err(|e| e.to_string())?;
                for a in &log.actions {
                    g.play(*a).map_err(|e| e.to_string())?;
                }
            }
            game = g;
        }
        let mut s = Session {
            game,
            human,
            bots,
            levels,
            seed,
            save,
            hint_bot: None,
        };
        if s.game.deals().is_empty() {
            s.next_deal();
        }
        Ok(s)
    }

    /// The match.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The person's seat.
    pub fn human(&self) -> Seat {
        self.human
    }

    /// Each seat's bot level (None for the person).
    pub fn levels(&self) -> &[Option<String>] {
        &self.levels
    }

    /// The match seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Where the record is saved.
    pub fn save_path(&self) -> Option<&Path> {
        self.save.as_deref()
    }

    /// What the person may see now.
    pub fn view(&self) -> Option<View> {
        View::of(&self.game, Some(self.human))
    }

    /// Whose move it is.
    pub fn status(&self) -> Status {
        if self.game.is_over() {
            return Status::MatchOver;
        }
        match self.game.to_act() {
            Some(s) if s == self.human => Status::Human,
            Some(s) => Status::Bot(s),
            None => Status::DealOver,
        }
    }

    /// The deal in progress (or the last one).
    pub fn deal(&self) -> Option<&Deal> {
        self.game.current()
    }

    /// Starts the next deal (when the last one is over). Returns what happened.
    pub fn next_deal(&mut self) -> Vec<Event> {
        if !self.game.needs_deal() {
            return Vec::new();
        }
        let index = self.game.deals().len();
        let mut ev = Vec::new();
        if let Err(e) = self.game.start_seeded_deal(deal_seed(self.seed, index)) {
            // Cannot happen while needs_deal() holds; report rather than panic.
            ev.push(Event::SaveFailed(e.to_string()));
            return ev;
        }
        let dealer = self.game.current().map_or(0, Deal::dealer);
        ev.push(Event::NewDeal {
            number: index + 1,
            dealer,
            series: self.game.series(),
        });
        if let Some(c) = self.game.current().and_then(Deal::turned) {
            ev.push(Event::Turned(c));
        }
        self.save_into(&mut ev);
        ev
    }

    /// The person's move, checked: on error nothing changes and the error says why.
    pub fn play_human(&mut self, a: Action) -> Result<Vec<Event>, IllegalAction> {
        if self.status() != Status::Human {
            return Err(IllegalAction::DealOver);
        }
        self.apply(a)
    }

    /// One bot move (when a bot is to act). Errors only if a bot breaks the rules.
    pub fn bot_step(&mut self) -> Result<Vec<Event>, String> {
        let Status::Bot(seat) = self.status() else {
            return Ok(Vec::new());
        };
        let view = View::of(&self.game, Some(seat)).ok_or("no deal in progress")?;
        let bot = self.bots[seat].as_mut().ok_or("no bot at this seat")?;
        let a = bot.choose(&view);
        let name = bot.name().to_string();
        self.apply(a)
            .map_err(|e| format!("the {name} bot at seat {seat} chose an illegal action: {e}"))
    }

    fn apply(&mut self, a: Action) -> Result<Vec<Event>, IllegalAction> {
        let before = *self.game.current().ok_or(IllegalAction::DealOver)?;
        self.game.play(a)?;
        let after = *self.game.current().ok_or(IllegalAction::DealOver)?;
        let mut ev = step_events(&before, a, &after, &self.game, Some(self.human));
        self.hide_draws(&mut ev);
        self.save_into(&mut ev);
        Ok(ev)
    }

    /// The person sees the cards it draws, never a bot's.
    fn hide_draws(&self, ev: &mut [Event]) {
        for e in ev {
            if let Event::Drew { seat, card } = e {
                if *seat != self.human {
                    *card = None;
                }
            }
        }
    }

    /// What has happened in the current deal so far, as the person saw it (the Tapp, the
    /// declaration, the melds, the tricks, the cards on the table): told again after
    /// `--resume`, so the table talk and the plain mode show where the deal stands.
    pub fn deal_so_far(&self) -> Vec<Event> {
        let Some(last) = self.game.deals().last() else {
            return Vec::new();
        };
        let mut replay = Game::new(*self.game.rules(), self.game.seats().to_vec());
        let n = self.game.deals().len();
        for d in &self.game.deals()[..n - 1] {
            if replay.start_deal(&d.start.setup(), d.seed).is_err() {
                return Vec::new();
            }
            for a in &d.actions {
                if replay.play(*a).is_err() {
                    return Vec::new();
                }
            }
        }
        if replay.start_deal(&last.start.setup(), last.seed).is_err() {
            return Vec::new();
        }
        let mut ev = Vec::new();
        for a in &last.actions {
            let Some(before) = replay.current().copied() else {
                break;
            };
            if replay.play(*a).is_err() {
                break;
            }
            let Some(after) = replay.current().copied() else {
                break;
            };
            ev.extend(step_events(&before, *a, &after, &replay, Some(self.human)));
        }
        self.hide_draws(&mut ev);
        ev
    }

    /// Takes back the person's last action in this deal and the bots' actions after it.
    /// Returns the actions taken back (oldest first) as the person saw them, so a bot's burial
    /// is only its number of cards. Refused when the person has not acted in this deal, or
    /// when hidden cards were shown to them since (the Tapp turned, a card received or drawn:
    /// [`binokel::DealLog::take_back_from`]).
    pub fn undo(&mut self) -> Result<Vec<Taken>, binokel::TakeBackError> {
        let log = self.game.deals().last().ok_or(binokel::TakeBackError::NotActed)?;
        let actors = log.actors();
        let last = log.take_back_from(self.human)?;
        let giver = log.state.call().map(|(_, g)| g);
        let seen: Vec<Taken> = log.actions[last..]
            .iter()
            .zip(&actors[last..])
            .map(|(&a, &actor)| Taken {
                action: seen_action(Some(self.human), actor, a, giver),
                count: if let Action::Bury(s) = a { s.len() } else { 0 },
            })
            .collect();
        while self.game.deals().last().map_or(0, |l| l.actions.len()) > last {
            if self.game.undo().is_none() {
                break;
            }
        }
        let mut ev = Vec::new();
        self.save_into(&mut ev);
        Ok(seen)
    }

    /// The name of the bot that gives hints: `strong`, else the best one `make_bot` knows.
    pub fn hint_bot_name() -> &'static str {
        ["strong", "heuristic"]
            .into_iter()
            .find(|n| BOT_NAMES.contains(n))
            .unwrap_or(BOT_NAMES[0])
    }

    /// A hint for the person's move: every legal action with the hint bot's value.
    pub fn hint(&mut self) -> Result<Hint, String> {
        if self.status() != Status::Human {
            return Err("not your turn".into());
        }
        let view = self.view().ok_or("no deal in progress")?;
        let name = Session::hint_bot_name();
        if self.hint_bot.is_none() {
            self.hint_bot = Some(make_bot(name, mix(self.seed ^ 0x4849_4e54))?);
        }
        let bot = self.hint_bot.as_mut().expect("just made");
        Ok(Hint {
            bot: name.to_string(),
            values: bot.hint(&view),
            measure: Measure::of(&view),
        })
    }

    /// The record of the match as saved (with the `play` entry naming the bots).
    pub fn record(&self) -> Value {
        let mut v = write_record(&self.game);
        if let Value::Object(m) = &mut v {
            m.insert(
                PLAY_KEY.into(),
                json!({"human": self.human, "bots": self.levels, "seed": self.seed}),
            );
        }
        v
    }

    /// Keeps the match in `path` from now on and writes it there at once (a new match is
    /// made in memory first, so that a refused configuration writes no file).
    pub fn save_as(&mut self, path: std::path::PathBuf) -> Result<(), String> {
        self.save = Some(path);
        self.save()
    }

    /// Writes the record now (atomically: a half-written file never replaces a good one).
    pub fn save(&self) -> Result<(), String> {
        let Some(path) = &self.save else { return Ok(()) };
        let text = serde_json::to_string_pretty(&self.record()).map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    fn save_into(&self, ev: &mut Vec<Event>) {
        if let Err(e) = self.save() {
            ev.push(Event::SaveFailed(e));
        }
    }
}

/// One action taken back, as the person saw it: `None` for a burial or a card given back that
/// the person could not see (`count`: the cards buried).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The action, or None where it was hidden from the person.
    pub action: Option<Action>,
    /// The number of cards buried (0 for other actions).
    pub count: usize,
}

/// `a` by `actor` as `viewer` may see it (None: everything, as in a replay): a burial only by
/// the soloist itself, a card given back after a call only by the soloist and the seat that
/// receives it (`giver`), as in `binokel::View`.
pub fn seen_action(viewer: Option<Seat>, actor: Seat, a: Action, giver: Option<Seat>) -> Option<Action> {
    let Some(v) = viewer else { return Some(a) };
    let visible = match a {
        Action::Bury(_) => v == actor,
        Action::Give(_) => v == actor || Some(v) == giver,
        _ => true,
    };
    visible.then_some(a)
}

/// What one action did, as the table announces it to `viewer` (None: a replay, which shows
/// everything): another seat's burial is only its number of cards, a card given back after a
/// call is named only to the two seats concerned, and the melds are announced when they are
/// laid down at the start of play (after the burial under `bury_meld_cards = forbidden`).
pub fn step_events(before: &Deal, a: Action, after: &Deal, game: &Game, viewer: Option<Seat>) -> Vec<Event> {
    let n = before.players();
    let seat = before.to_act().unwrap_or(0);
    let mut ev = Vec::new();
    let giver = after.call().map(|(_, g)| g);
    let shown = seen_action(viewer, seat, a, giver);
    match a {
        // A meld shown after a won trick (two players) is announced with its points.
        Action::Meld(kind, suit) => {
            let points = after.melds()[seat].saturating_sub(before.melds()[seat]);
            ev.push(Event::Melds {
                seat,
                melds: vec![Meld { kind, suit, points }],
                total: points,
            });
        }
        Action::Exchange => {
            if let Some(card) = before.bottom() {
                ev.push(Event::Exchanged { seat, card });
            }
            let diss = after.melds()[seat].saturating_sub(before.melds()[seat]);
            if diss > 0 {
                ev.push(Event::Melds {
                    seat,
                    melds: vec![Meld {
                        kind: binokel::MeldKind::Diss,
                        suit: after.trump(),
                        points: diss,
                    }],
                    total: diss,
                });
            }
        }
        _ => ev.push(Event::Acted {
            seat,
            action: shown,
            count: if let Action::Bury(s) = a { s.len() } else { 0 },
        }),
    }
    if before.phase() == Phase::Auction && after.phase() != Phase::Auction {
        if let Some(s) = after.soloist() {
            ev.push(Event::Soloist {
                seat: s,
                bid: after.bid(),
            });
        }
    }
    if !before.tapp_shown() && after.tapp_shown() {
        ev.push(Event::Tapp(after.tapp()));
    }
    if n != 2 && before.outcome().melds.is_none() && after.outcome().melds.is_some() {
        if let Some(Contract::Trump(t) | Contract::Surrender(t)) = after.contract() {
            // The soloist lays down first, then the others in playing order (RULES.md 5).
            let sol = after.soloist().unwrap_or(0);
            for s in (0..n).map(|i| (sol + i) % n) {
                let m = binokel::meld::melds(after.hand(s), Some(t), after.rules());
                ev.push(Event::Melds {
                    seat: s,
                    melds: m.as_slice().to_vec(),
                    total: m.total(),
                });
            }
        }
    }
    if let Action::Play(c) = a {
        let mut cards = before.current_trick().to_vec();
        cards.push(c);
        if cards.len() == n {
            let last = after.tricks_played() == after.total_tricks();
            let points = cards.iter().map(|c| c.points()).sum::<u32>() + if last { 10 } else { 0 };
            let winner = after.leader();
            ev.push(Event::Trick {
                seat: winner,
                cards,
                points,
            });
            // Two players: both draw as the trick ends, the winner first.
            if before.stock_left() > after.stock_left() {
                for s in [winner, 1 - winner] {
                    let mut held = before.hand(s);
                    if s == seat {
                        held.remove(c);
                    }
                    if let Some(new) = after.hand(s).minus(held) {
                        for card in new.iter() {
                            ev.push(Event::Drew {
                                seat: s,
                                card: Some(card),
                            });
                        }
                    }
                }
                if after.stock_left() == 0 {
                    ev.push(Event::StockEmpty);
                }
            }
        }
    }
    if after.is_over() {
        let o = after.outcome();
        if o.redeal {
            ev.push(Event::Redeal);
        }
        ev.push(Event::DealOver {
            scores: o.scores[..n].to_vec(),
            totals: game.totals()[..n].to_vec(),
        });
        if let Some(w) = game.winner() {
            ev.push(Event::MatchOver {
                winner: w,
                points: game.totals()[w],
            });
        }
    }
    ev
}
