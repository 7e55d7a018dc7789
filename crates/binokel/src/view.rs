//! What one seat (or a spectator) may know of a match: never another seat's hidden cards.

use crate::action::Action;
use crate::card::{Card, Low, Suit};
use crate::cardset::CardSet;
use crate::deal::{Contract, Phase, Seat};
use crate::game::{Game, SeriesProgress};
use crate::meld::{melds, Meld, MeldKind};
use crate::rules::Rules;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

/// One action of the current deal as everybody saw it. Burials are hidden: `bury` shows only
/// for the soloist's own view; others see `None`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenAction {
    /// Who acted.
    pub seat: Seat,
    /// What they did (None for a burial seen by another seat).
    pub action: Option<Action>,
}

/// A trick, complete or on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickView {
    /// The seat that led.
    pub leader: Seat,
    /// The cards in the order played (the leader's first).
    pub cards: Vec<Card>,
    /// The seat that took it (or is winning it so far).
    pub winner: Seat,
}

/// The melds a seat showed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownMelds {
    /// The seat.
    pub seat: Seat,
    /// Each meld.
    pub melds: Vec<Meld>,
    /// Their total.
    pub total: u32,
}

/// What one seat may know. A spectator's view (`seat: None`) holds only public facts.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct View {
    /// Whose view this is (None: a spectator).
    pub seat: Option<Seat>,
    /// The rules, as a record names them.
    pub rules: serde_json::Value,
    /// Seats at the table.
    pub players: usize,
    /// The seat names, if any.
    pub names: Vec<String>,
    /// Deal number, from 0.
    pub deal: usize,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// Who acts now.
    pub to_act: Option<Seat>,
    /// This seat's cards now (None for a spectator).
    pub hand: Option<CardSet>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Every action of the deal so far, burials hidden from other seats.
    pub history: Vec<SeenAction>,
    /// The current highest bid and who holds it.
    pub bid: u32,
    /// The seat holding the bid.
    pub high_bidder: Option<Seat>,
    /// The soloist, once known.
    pub soloist: Option<Seat>,
    /// The Tapp, once turned up.
    pub tapp: Option<CardSet>,
    /// The buried cards: only in the soloist's own view.
    pub buried: Option<CardSet>,
    /// The declaration.
    pub contract: Option<Contract>,
    /// The trump suit once known (declared, or with two players the turned card's suit).
    #[serde(default)]
    pub trump: Option<Suit>,
    /// Two players: the face-up card under the stock while it is there (the turned card, or
    /// the trump 9 exchanged for it).
    #[serde(default)]
    pub turned: Option<Card>,
    /// Two players: the card turned up at the deal. It stays known to both seats after it is
    /// exchanged (the exchanging seat holds it) or drawn; None otherwise.
    #[serde(default)]
    pub turned_up: Option<Card>,
    /// Two players: cards left to draw (the face-up one included); 0 otherwise.
    #[serde(default)]
    pub stock: usize,
    /// Every seat's melds, once shown.
    pub melds: Vec<ShownMelds>,
    /// Tricks completed in this deal.
    pub tricks: Vec<TrickView>,
    /// The trick on the table.
    pub trick: Option<TrickView>,
    /// Tricks taken per seat.
    pub tricks_taken: Vec<u32>,
    /// Card points taken per seat (tricks and the last trick; burial only in the soloist's
    /// own view).
    pub card_points: Vec<u32>,
    /// The legal actions, when this seat is to act.
    pub legal: Vec<Action>,
    /// The deal's scores, once complete.
    pub scores: Option<Vec<i32>>,
    /// Scores of every complete deal of the match.
    pub score_sheet: Vec<Vec<i32>>,
    /// Match totals.
    pub totals: Vec<i32>,
    /// The match winner.
    pub winner: Option<Seat>,
    /// A fixed series (`series_deals`): "deal `deal` of `of`" ([`Game::series`]); None (and
    /// left out of the JSON) when the match plays to a target.
    #[serde(default)]
    pub series: Option<SeriesProgress>,
}

/// Cards, card sets and actions are written in the notation of the view's own rules: `7H`
/// under the sevens house rule (see [`crate::notation`]).
impl Serialize for View {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let low = Rules::from_json(&self.rules).map_or(Low::Nine, |r| r.low);
        crate::notation::with_low(low, || {
            let mut st = s.serialize_struct("View", 32)?;
            macro_rules! fields {
                ($($f:ident),*) => { $( st.serialize_field(stringify!($f), &self.$f)?; )* };
            }
            fields!(
                seat,
                rules,
                players,
                names,
                deal,
                dealer,
                phase,
                to_act,
                hand,
                hand_sizes,
                history,
                bid,
                high_bidder,
                soloist,
                tapp,
                buried,
                contract,
                trump,
                turned,
                turned_up,
                stock,
                melds,
                tricks,
                trick,
                tricks_taken,
                card_points,
                legal,
                scores,
                score_sheet,
                totals,
                winner
            );
            match &self.series {
                Some(series) => st.serialize_field("series", series)?,
                None => st.skip_field("series")?,
            }
            st.end()
        })
    }
}

impl View {
    /// A stable 64-bit fingerprint of the position this view shows: the seat, the deal
    /// number, the dealer, the hand, every action seen so far and the totals (FNV-1a over
    /// their fixed encodings, the same on every platform and run). Bots seed each decision
    /// from it and their own seed, so a decision depends on the position and the seed, never
    /// on how often the bot was asked before (a take-back and the same action again get the
    /// same answers).
    pub fn fingerprint(&self) -> u64 {
        struct Fnv(u64);
        impl Fnv {
            fn bytes(&mut self, bytes: &[u8]) {
                for &b in bytes {
                    self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
                }
            }
            fn put(&mut self, x: u64) {
                self.bytes(&x.to_le_bytes());
            }
        }
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        h.put(self.seat.map_or(u64::MAX, |s| s as u64));
        h.put(self.deal as u64);
        h.put(self.dealer as u64);
        let (kinds, doubles) = self
            .hand
            .map_or((u64::MAX, u64::MAX), |c| (c.kinds().into(), c.doubles().into()));
        h.put(kinds);
        h.put(doubles);
        for a in &self.history {
            h.put(a.seat as u64);
            match a.action {
                Some(x) => h.bytes(x.token(crate::card::Low::Nine).as_bytes()),
                None => h.put(u64::MAX),
            }
        }
        for t in &self.totals {
            h.put(*t as i64 as u64);
        }
        h.0
    }

    /// The view of `seat` (None: a spectator) of the current deal of `game`.
    pub fn of(game: &Game, seat: Option<Seat>) -> Option<View> {
        let log = game.deals().last()?;
        let d = &log.state;
        let n = game.players();
        let rules: &Rules = game.rules();
        let actors = log.actors();
        let mut history = Vec::with_capacity(log.actions.len());
        let mut tricks = Vec::new();
        let mut cur: Option<TrickView> = None;
        let mut sim = log.start;
        let mut played_by: Vec<CardSet> = vec![CardSet::EMPTY; n];
        let giver = d.call().map(|(_, g)| g);
        // Two players: each meld as shown, and an exchange that scored as a `diss`.
        let mut shown_one_by_one: Vec<(Seat, Meld)> = Vec::new();
        for (a, &who) in log.actions.iter().zip(&actors) {
            // A burial is seen by the soloist alone; a card given back after a call by the
            // soloist and the seat that receives it.
            let hidden = match a {
                Action::Bury(_) => seat != Some(who),
                Action::Give(_) => seat != Some(who) && (seat.is_none() || seat != giver),
                _ => false,
            };
            history.push(SeenAction {
                seat: who,
                action: (!hidden).then_some(*a),
            });
            if let Action::Play(c) = a {
                played_by[who].insert(*c);
                let t = cur.get_or_insert(TrickView {
                    leader: who,
                    cards: Vec::new(),
                    winner: who,
                });
                t.cards.push(*c);
            }
            let before = sim.melds()[who];
            sim.play_unchecked(*a);
            let gained = sim.melds()[who] - before;
            match *a {
                Action::Meld(..) | Action::Exchange if gained > 0 && n == 2 => {
                    let (kind, suit) = match *a {
                        Action::Meld(k, s) => (k, s),
                        _ => (MeldKind::Diss, sim.trump()),
                    };
                    shown_one_by_one.push((
                        who,
                        Meld {
                            kind,
                            suit,
                            points: gained,
                        },
                    ));
                }
                _ => {}
            }
            if let (Action::Play(_), Some(t)) = (a, cur.as_mut()) {
                if t.cards.len() == n {
                    let mut done = cur.take().expect("trick");
                    done.winner = sim.leader();
                    tricks.push(done);
                } else {
                    t.winner = sim.trick_winner().unwrap_or(t.leader);
                }
            }
        }
        // Melds are shown before the first lead: not while a soloist who named trump first
        // (`bury_meld_cards = forbidden`) still holds the Tapp.
        let shown = matches!(d.phase(), Phase::Play | Phase::Done);
        let melds_shown = match d.contract().filter(|_| shown) {
            // Two players show melds one at a time after winning tricks.
            None if n == 2 => (0..n)
                .map(|s| {
                    let m: Vec<Meld> = shown_one_by_one
                        .iter()
                        .filter(|(seat, _)| *seat == s)
                        .map(|(_, m)| *m)
                        .collect();
                    ShownMelds {
                        seat: s,
                        total: m.iter().map(|x| x.points).sum(),
                        melds: m,
                    }
                })
                .collect(),
            Some(Contract::Trump(t)) | Some(Contract::Surrender(t)) => (0..n)
                .map(|s| {
                    let at_declaration = d.hand(s).union(played_by[s]).unwrap_or(CardSet::EMPTY);
                    let m = melds(at_declaration, Some(t), rules);
                    ShownMelds {
                        seat: s,
                        melds: m.as_slice().to_vec(),
                        total: m.total(),
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let own_soloist = seat.is_some() && seat == d.soloist();
        let mut card_points = d.trick_points()[..n].to_vec();
        if own_soloist || d.is_over() {
            card_points = d.card_points()[..n].to_vec();
        }
        let outcome = d.outcome();
        let score_sheet = game
            .deals()
            .iter()
            .map(|l| l.state.outcome())
            .filter(|o| o.complete)
            .map(|o| o.scores[..n].to_vec())
            .collect();
        let legal = match (seat, d.to_act()) {
            (Some(s), Some(t)) if s == t => d.legal_actions(),
            _ => Vec::new(),
        };
        Some(View {
            seat,
            rules: rules.to_json(),
            players: n,
            names: game.seats().to_vec(),
            deal: game.deals().len() - 1,
            dealer: d.dealer(),
            phase: d.phase(),
            to_act: d.to_act(),
            hand: seat.map(|s| d.hand(s)),
            hand_sizes: (0..n).map(|s| d.hand(s).len()).collect(),
            history,
            bid: d.bid(),
            high_bidder: d.high_bidder(),
            soloist: d.soloist(),
            tapp: d.tapp_shown().then(|| d.tapp()),
            buried: if own_soloist && d.phase() != Phase::Bury {
                Some(d.buried())
            } else {
                None
            },
            contract: d.contract(),
            trump: d.trump(),
            turned: d.bottom(),
            turned_up: d.turned(),
            stock: if n == 2 { d.stock_left() } else { 0 },
            melds: melds_shown,
            tricks,
            trick: cur,
            tricks_taken: d.tricks_taken()[..n].to_vec(),
            card_points,
            legal,
            scores: outcome.complete.then(|| outcome.scores[..n].to_vec()),
            score_sheet,
            totals: game.totals()[..n].to_vec(),
            winner: game.winner(),
            series: game.series(),
        })
    }

    /// Checks what a view read from outside (a host of the engine protocol) must hold for
    /// its seat numbers to be usable: readable rules for 2 to 4 players, and every seat it names (its own, the
    /// dealer, whose turn, the high bidder, the soloist, the winner, each history entry,
    /// each trick's leader and winner, each shown meld's seat) below `players`; the
    /// per-seat lists (`hand_sizes`, `tricks_taken`, `card_points`, `totals`, `scores`, each
    /// score-sheet row) one entry per seat (empty lists are allowed where a view may omit
    /// them). A view made by [`View::of`] always passes. The error names the first field
    /// that fails.
    pub fn check(&self) -> Result<(), String> {
        let n = self.players;
        if !(2..=4).contains(&n) {
            return Err(format!("`players` is {n}; a table has 2 to 4 players"));
        }
        let rules = Rules::from_json(&self.rules).map_err(|e| format!("`rules`: {e}"))?;
        if usize::from(rules.players) != n {
            return Err(format!(
                "`players` is {n}, but the rules are for {}",
                rules.players
            ));
        }
        let seat = |field: &str, s: Seat| {
            if s < n {
                Ok(())
            } else {
                Err(format!(
                    "`{field}` is {s}, not a seat of {n} players (0 to {})",
                    n - 1
                ))
            }
        };
        let some = |field: &str, s: Option<Seat>| s.map_or(Ok(()), |s| seat(field, s));
        some("seat", self.seat)?;
        seat("dealer", self.dealer)?;
        some("to_act", self.to_act)?;
        some("high_bidder", self.high_bidder)?;
        some("soloist", self.soloist)?;
        some("winner", self.winner)?;
        for (i, a) in self.history.iter().enumerate() {
            seat(&format!("history[{i}].seat"), a.seat)?;
        }
        let tricks = self
            .tricks
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("tricks[{i}]"), t));
        for (name, t) in tricks.chain(self.trick.iter().map(|t| ("trick".to_string(), t))) {
            seat(&format!("{name}.leader"), t.leader)?;
            seat(&format!("{name}.winner"), t.winner)?;
            if t.cards.len() > n {
                return Err(format!(
                    "`{name}` holds {} cards; a trick has at most {n}",
                    t.cards.len()
                ));
            }
        }
        for (i, m) in self.melds.iter().enumerate() {
            seat(&format!("melds[{i}].seat"), m.seat)?;
        }
        let per_seat = |field: &str, len: usize| {
            if len == n || len == 0 {
                Ok(())
            } else {
                Err(format!(
                    "`{field}` has {len} entries; it wants one per seat ({n})"
                ))
            }
        };
        per_seat("hand_sizes", self.hand_sizes.len())?;
        per_seat("tricks_taken", self.tricks_taken.len())?;
        per_seat("card_points", self.card_points.len())?;
        per_seat("totals", self.totals.len())?;
        if let Some(s) = &self.scores {
            per_seat("scores", s.len())?;
        }
        for (i, row) in self.score_sheet.iter().enumerate() {
            per_seat(&format!("score_sheet[{i}]"), row.len())?;
        }
        Ok(())
    }

    /// Every card this view shows, with copies, for leak checks: own hand, Tapp, burial,
    /// played cards and the cards of shown melds are all legitimately visible.
    pub fn visible_private_cards(&self) -> CardSet {
        let mut s = self.hand.unwrap_or(CardSet::EMPTY);
        if let Some(b) = self.buried {
            s = s.union(b).unwrap_or(s);
        }
        s
    }
}
