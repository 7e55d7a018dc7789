//! A whole match: deals with their action history, totals, dealer rotation and the match end
//! of RULES.md section 9.

use crate::action::Action;
use crate::deal::{Deal, Outcome, Seat, Setup};
use crate::error::{IllegalAction, SetupError};
use crate::rules::{MatchEnd, Rules};
use rand::Rng;
use std::fmt;

/// The most deals one match may have (every deal of the record counts, a redeal too). A
/// match that reaches it ends after its last deal, whatever the target: the highest total
/// wins, and of equal highest totals the lowest seat ([`cap_winner`]). [`Game::start_deal`]
/// refuses a deal past it ([`StartError::MatchOver`]), the record reader a record with more
/// deals (docs/rules.md, "The most deals of a match"). It bounds everything downstream of a
/// match: a table, its record, the replay and the review.
pub const MAX_MATCH_DEALS: usize = 500;

// The longest fixed series is the most deals of a match (docs/rules.md).
const _: () = assert!(crate::rules::MAX_SERIES_DEALS as usize == MAX_MATCH_DEALS);

/// One deal of a match: how it started, what was done, and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealLog {
    /// The deal as dealt, before any action.
    pub start: Deal,
    /// Every action, in order.
    pub actions: Vec<Action>,
    /// The deal after those actions.
    pub state: Deal,
    /// The seed the deal was shuffled with, when it was.
    pub seed: Option<u64>,
}

impl DealLog {
    /// Which seat took each action (the record never names it; the rules say).
    pub fn actors(&self) -> Vec<Seat> {
        let mut d = self.start;
        self.actions
            .iter()
            .map(|a| {
                let s = d.to_act().unwrap_or(0);
                d.play_unchecked(*a);
                s
            })
            .collect()
    }

    /// Where a take-back of `seat`'s last action would start: the index of that action in
    /// [`DealLog::actions`] (every action from it on is taken back). Refused when the seat has
    /// not acted in the deal, or when that action or any after it showed the seat hidden
    /// cards ([`Reveal`]): the Tapp turned, a card received, a card drawn.
    pub fn take_back_from(&self, seat: Seat) -> Result<usize, TakeBackError> {
        let mut d = self.start;
        let mut last = None;
        let mut shown: Option<(usize, Reveal)> = None;
        for (i, &a) in self.actions.iter().enumerate() {
            if d.to_act() == Some(seat) {
                last = Some(i);
            }
            if let Some(r) = reveal(&d, a, seat) {
                shown = Some((i, r));
            }
            d.play_unchecked(a);
        }
        let last = last.ok_or(TakeBackError::NotActed)?;
        match shown {
            Some((i, r)) if i >= last => Err(TakeBackError::Shown(r)),
            _ => Ok(last),
        }
    }
}

/// Hidden cards that an action showed a seat: a take-back may not go back past it, or the
/// seat would act again knowing them (docs/rules.md, "Take-backs").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reveal {
    /// The auction ended and the Tapp was turned up.
    Tapp,
    /// A card came into the seat's hand from another seat or the Tapp (the soloist took
    /// the Tapp, or the holder of a called card gave it).
    Received,
    /// Two players: the seat drew a card from the stock.
    Drawn,
}

impl Reveal {
    /// What was shown, in words for a refusal.
    pub fn describe(self) -> &'static str {
        match self {
            Reveal::Tapp => "the Tapp has been turned up",
            Reveal::Received => "a card has come into your hand",
            Reveal::Drawn => "you have drawn a card from the stock",
        }
    }
}

/// Why a seat cannot take back its last action of the current deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TakeBackError {
    /// The seat has not acted in this deal.
    NotActed,
    /// Hidden cards were shown to the seat at or after its last action.
    Shown(Reveal),
}

impl fmt::Display for TakeBackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeBackError::NotActed => write!(f, "you have not acted in this deal yet"),
            TakeBackError::Shown(r) => write!(
                f,
                "{} since your last action; a take-back cannot go back past cards you have seen",
                r.describe()
            ),
        }
    }
}

impl std::error::Error for TakeBackError {}

/// What playing `a` in `before` shows `seat` that it could not see before, if anything.
pub fn reveal(before: &Deal, a: Action, seat: Seat) -> Option<Reveal> {
    let mut after = *before;
    after.play_unchecked(a);
    if !before.tapp_shown() && after.tapp_shown() && !after.tapp().is_empty() {
        return Some(Reveal::Tapp);
    }
    if before.hand(seat).contains_all(after.hand(seat)) {
        return None;
    }
    if before.players() == 2 {
        // The exchange takes the face-up card, which both seats see: nothing hidden.
        return (a != Action::Exchange).then_some(Reveal::Drawn);
    }
    Some(Reveal::Received)
}

/// Why a deal cannot begin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The match has a winner.
    MatchOver,
    /// The current deal is still being played.
    DealInProgress,
    /// The dealer is not the one the rotation says.
    WrongDealer {
        /// The dealer whose turn it is.
        expected: Seat,
        /// The dealer given.
        got: Seat,
    },
    /// The dealt cards are wrong.
    Setup(SetupError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::MatchOver => write!(f, "match already over"),
            StartError::DealInProgress => write!(f, "the deal before it is not complete"),
            StartError::WrongDealer { expected, got } => {
                write!(
                    f,
                    "wrong dealer: seat {got} deals, but it is seat {expected}'s turn to deal"
                )
            }
            StartError::Setup(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// A match in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    seats: Vec<String>,
    deals: Vec<DealLog>,
    totals: [i32; 4],
    winner: Option<Seat>,
}

impl Game {
    /// A new match with no deal yet. `seats` are display names (may be empty).
    pub fn new(rules: Rules, seats: Vec<String>) -> Game {
        Game {
            rules,
            seats,
            deals: Vec::new(),
            totals: [0; 4],
            winner: None,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seat names (possibly empty).
    pub fn seats(&self) -> &[String] {
        &self.seats
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.rules.players as usize
    }

    /// All deals so far.
    pub fn deals(&self) -> &[DealLog] {
        &self.deals
    }

    /// The deal being played (or the last one).
    pub fn current(&self) -> Option<&Deal> {
        self.deals.last().map(|d| &d.state)
    }

    /// The seat to act, None between deals or when the match is over.
    pub fn to_act(&self) -> Option<Seat> {
        self.current().and_then(Deal::to_act)
    }

    /// Match totals per seat (complete deals only).
    pub fn totals(&self) -> [i32; 4] {
        self.totals
    }

    /// The winner, once the match is over.
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    /// True when the match has a winner.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// True when a new deal may begin (no deal in progress and no winner).
    pub fn needs_deal(&self) -> bool {
        self.winner.is_none() && self.current().is_none_or(Deal::is_over)
    }

    /// The dealer of the next deal: the previous forehand, or the same dealer after a redeal.
    /// None before the first deal (chosen at random).
    pub fn next_dealer(&self) -> Option<Seat> {
        self.deals.last().map(|d| {
            let s = &d.state;
            if s.outcome().redeal {
                s.dealer()
            } else {
                s.forehand()
            }
        })
    }

    /// Begins a deal with given cards. The dealer must follow the rotation. A match that has
    /// [`MAX_MATCH_DEALS`] deals is over ([`StartError::MatchOver`]).
    pub fn start_deal(&mut self, setup: &Setup, seed: Option<u64>) -> Result<(), StartError> {
        if self.winner.is_some() || self.deals.len() >= MAX_MATCH_DEALS {
            return Err(StartError::MatchOver);
        }
        if !self.needs_deal() {
            return Err(StartError::DealInProgress);
        }
        if let Some(expected) = self.next_dealer() {
            if setup.dealer != expected {
                return Err(StartError::WrongDealer {
                    expected,
                    got: setup.dealer,
                });
            }
        }
        let mut setup = setup.clone();
        setup.rules = self.rules;
        let deal = Deal::new(&setup).map_err(StartError::Setup)?;
        self.deals.push(DealLog {
            start: deal,
            actions: Vec::new(),
            state: deal,
            seed,
        });
        Ok(())
    }

    /// Shuffles and begins the next deal from `seed` (a ChaCha stream). For the first deal
    /// the seed also chooses the dealer.
    pub fn start_seeded_deal(&mut self, seed: u64) -> Result<(), StartError> {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let dealer = match self.next_dealer() {
            Some(d) => d,
            None => rng.gen_range(0..self.players()),
        };
        let deal = Deal::shuffled(self.rules, dealer, &mut rng);
        self.start_deal(&deal.setup(), Some(seed))
    }

    /// Plays an action for the seat to act; on error nothing changes.
    pub fn play(&mut self, a: Action) -> Result<(), IllegalAction> {
        let log = match self.deals.last_mut() {
            Some(l) if !l.state.is_over() => l,
            _ => return Err(IllegalAction::DealOver),
        };
        log.state.play(a)?;
        log.actions.push(a);
        if log.state.is_over() {
            self.settle();
        }
        Ok(())
    }

    /// Takes back the last action of the current deal. Returns it, or None when the deal
    /// has no action (a finished deal's last action can be taken back too).
    pub fn undo(&mut self) -> Option<Action> {
        let log = self.deals.last_mut()?;
        let a = log.actions.pop()?;
        let mut d = log.start;
        for x in &log.actions {
            d.play_unchecked(*x);
        }
        log.state = d;
        self.recompute();
        Some(a)
    }

    fn settle(&mut self) {
        self.recompute();
    }

    /// Totals and winner from the complete deals, deal by deal.
    fn recompute(&mut self) {
        self.totals = [0; 4];
        self.winner = None;
        let mut counted = 0;
        for log in &self.deals {
            let o = log.state.outcome();
            if !o.complete {
                continue;
            }
            for (t, s) in self.totals.iter_mut().zip(o.scores) {
                *t += s;
            }
            if !o.redeal {
                counted += 1;
                self.winner = deal_winner(&self.rules, &self.totals, o.soloist.unwrap_or(0), counted);
            }
        }
        let last_complete = self.deals.last().is_some_and(|l| l.state.is_over());
        if self.winner.is_none() && self.deals.len() >= MAX_MATCH_DEALS && last_complete {
            self.winner = Some(cap_winner(&self.rules, &self.totals));
        }
    }

    /// The outcome of every deal.
    pub fn outcomes(&self) -> Vec<Outcome> {
        self.deals.iter().map(|d| d.state.outcome()).collect()
    }

    /// Where a fixed series stands (`series_deals`, RULES.md section 10); None when the
    /// match plays to a target. A redeal does not count as a deal of the series (the same
    /// dealer deals again); the deal in progress counts.
    pub fn series(&self) -> Option<SeriesProgress> {
        let of = self.rules.series_deals as usize;
        if of == 0 {
            return None;
        }
        let deal = self
            .deals
            .iter()
            .filter(|l| {
                let o = l.state.outcome();
                !(o.complete && o.redeal)
            })
            .count();
        Some(SeriesProgress { deal, of })
    }
}

/// Where a fixed series of deals stands ([`Game::series`]): "deal `deal` of `of`". A `deal`
/// above `of` is a deal that breaks a tie of the highest totals.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeriesProgress {
    /// The deal being played (or the last one played), counted from 1; 0 before the first.
    /// Redeals are not counted.
    pub deal: usize,
    /// The deals of the series, `series_deals`.
    pub of: usize,
}

/// The winner after a complete deal that counts (not a redeal): `counted` such deals have
/// been played, `soloist` was this deal's soloist. With `series_deals = N` (N > 0) the match
/// ends once N deals are played and one side's total is highest (equal highest totals play
/// on); otherwise the target decides ([`match_winner`]). With four players the lower seat of
/// the team is named.
pub fn deal_winner(rules: &Rules, totals: &[i32; 4], soloist: Seat, counted: usize) -> Option<Seat> {
    if rules.series_deals == 0 {
        return match_winner(rules, totals, soloist);
    }
    if counted < rules.series_deals as usize {
        return None;
    }
    let sides: Vec<Seat> = if rules.players == 4 {
        vec![0, 1]
    } else {
        (0..rules.players as usize).collect()
    };
    let best = sides.iter().map(|&s| totals[s]).max()?;
    let top: Vec<Seat> = sides.into_iter().filter(|&s| totals[s] == best).collect();
    (top.len() == 1).then(|| top[0])
}

/// The winner of a match that ends at [`MAX_MATCH_DEALS`] without a winner by the target:
/// the side with the highest total (at or below the target), of equal highest totals the
/// lowest seat. With four players the partners share a total and the lower seat of the team
/// is named.
pub fn cap_winner(rules: &Rules, totals: &[i32; 4]) -> Seat {
    let sides = if rules.players == 4 {
        2
    } else {
        rules.players as usize
    };
    // `max_by_key` keeps the last of equal maxima: go from the highest seat down.
    (0..sides).rev().max_by_key(|&s| totals[s]).unwrap_or(0)
}

/// The winner after a complete deal whose soloist was `soloist` (RULES.md section 9). With
/// four players the partners share a total and the lower seat of the team is named.
pub fn match_winner(rules: &Rules, totals: &[i32; 4], soloist: Seat) -> Option<Seat> {
    let n = rules.players as usize;
    let target = rules.target;
    // One entry per side: its lowest seat.
    let sides: Vec<Seat> = if n == 4 { vec![0, 1] } else { (0..n).collect() };
    let side_of = |s: Seat| if n == 4 { s % 2 } else { s };
    let at: Vec<Seat> = sides.into_iter().filter(|&s| totals[s] >= target).collect();
    if at.is_empty() {
        return None;
    }
    // Two players have no soloist: `soloist_first` means nothing there, the highest wins.
    if rules.match_end == MatchEnd::SoloistFirst && n != 2 && totals[side_of(soloist)] >= target {
        return Some(side_of(soloist));
    }
    let best = at.iter().map(|&s| totals[s]).max()?;
    let top: Vec<Seat> = at.into_iter().filter(|&s| totals[s] == best).collect();
    (top.len() == 1).then(|| top[0])
}
