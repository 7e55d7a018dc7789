//! What a seat knows, distilled from its [`View`]: cards played by each seat, the cards each
//! seat can no longer hold (inferred from the duty to follow, trump and beat), and the hidden
//! card counts. The sampler and the bots read this instead of walking the view again.

use binokel::cardset::{above_mask, suit_mask};
use binokel::deal::beats;
use binokel::{Action, Card, CardSet, Contract, Meld, Phase, Rules, Seat, Suit, View};

/// A seat's knowledge of the current deal.
#[derive(Clone, Debug)]
pub struct Info {
    /// The rules of the table.
    pub rules: Rules,
    /// Whose knowledge this is.
    pub me: Seat,
    /// Number of seats.
    pub n: usize,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// The soloist, once the auction is over.
    pub soloist: Option<Seat>,
    /// The declaration, once made.
    pub contract: Option<Contract>,
    /// The current bid.
    pub bid: u32,
    /// This seat's cards now.
    pub hand: CardSet,
    /// The Tapp, once turned up.
    pub tapp: Option<CardSet>,
    /// The burial, when this seat is the soloist and has buried.
    pub buried: Option<CardSet>,
    /// Every card each seat has played this deal (the current trick included).
    pub played_by: [CardSet; 4],
    /// Every card played this deal.
    pub played: CardSet,
    /// Card kinds each seat is known not to hold any more (from follow/trump/beat duties).
    pub forbidden: [u32; 4],
    /// How many cards each seat holds now.
    pub hand_sizes: [usize; 4],
    /// The history: who acted and what (None for a burial hidden from this seat).
    pub history: Vec<(Seat, Option<Action>)>,
    /// The trick on the table: its leader and the cards so far.
    pub trick: Vec<(Seat, Card)>,
    /// Tricks completed.
    pub tricks_done: usize,
    /// The melds each seat showed (empty before they are shown or in Durch).
    pub shown: Vec<(Seat, Vec<Meld>)>,
}

/// Why a view cannot be read by the bots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoError(pub String);

impl std::fmt::Display for InfoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InfoError {}

impl Info {
    /// Reads a seat's view. Fails for a spectator's view, unreadable rules or a seat number
    /// out of range ([`View::check`]).
    pub fn from_view(view: &View) -> Result<Info, InfoError> {
        view.check().map_err(InfoError)?;
        let me = view
            .seat
            .ok_or_else(|| InfoError("a spectator's view has no seat to play for".into()))?;
        let rules = Rules::from_json(&view.rules).map_err(|e| InfoError(format!("rules: {e}")))?;
        let n = view.players;
        if !(2..=4).contains(&n) || me >= n {
            return Err(InfoError(format!("seat {me} of {n} players is not a seat")));
        }
        let trump = view.contract.and_then(Contract::trump);
        let mut played_by = [CardSet::EMPTY; 4];
        let mut forbidden = [0u32; 4];
        let mut played = CardSet::EMPTY;
        let tricks = view.tricks.iter().chain(view.trick.iter());
        for t in tricks {
            let mut win: Option<Card> = None;
            let led = t.cards.first().map(|c| c.suit());
            for (i, &c) in t.cards.iter().enumerate() {
                let seat = (t.leader + i) % n;
                played_by[seat].insert(c);
                played.insert(c);
                if let (Some(w), Some(l)) = (win, led) {
                    forbidden[seat] |= inferred_absent(c, l, w, trump);
                    if beats(c, w, trump) {
                        win = Some(c);
                    }
                } else {
                    win = Some(c);
                }
            }
        }
        let mut hand_sizes = [0usize; 4];
        for (i, h) in view.hand_sizes.iter().enumerate().take(4) {
            hand_sizes[i] = *h;
        }
        let trick = view
            .trick
            .as_ref()
            .map(|t| {
                t.cards
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| ((t.leader + i) % n, c))
                    .collect()
            })
            .unwrap_or_default();
        Ok(Info {
            rules,
            me,
            n,
            dealer: view.dealer,
            phase: view.phase,
            soloist: view.soloist,
            contract: view.contract,
            bid: view.bid,
            hand: view
                .hand
                .ok_or_else(|| InfoError("the view shows no hand".into()))?,
            tapp: view.tapp,
            buried: view.buried,
            played_by,
            played,
            forbidden,
            hand_sizes,
            history: view.history.iter().map(|a| (a.seat, a.action)).collect(),
            trick,
            tricks_done: view.tricks.len(),
            shown: view.melds.iter().map(|m| (m.seat, m.melds.clone())).collect(),
        })
    }

    /// The trump suit, if declared.
    pub fn trump(&self) -> Option<Suit> {
        self.contract.and_then(Contract::trump)
    }
}

/// Card kinds a seat cannot hold any more after playing `c` to a trick led in `led` whose
/// winning card was `w` (RULES.md section 6: follow and beat, else trump and overtrump).
pub fn inferred_absent(c: Card, led: Suit, w: Card, trump: Option<Suit>) -> u32 {
    let mut m = 0;
    let w_trump = Some(w.suit()) == trump;
    if c.suit() == led {
        // Followed without beating: nothing of the led suit above the winner, unless the
        // winner was a trump over a plain suit (then no card of the suit could beat it).
        let cannot_beat = w_trump && Some(led) != trump;
        if !(beats(c, w, trump) || cannot_beat) {
            m |= above_mask(w);
        }
        return m;
    }
    m |= suit_mask(led);
    match trump {
        Some(t) if c.suit() == t && w_trump && !beats(c, w, trump) => m |= above_mask(w),
        Some(t) if c.suit() == t => {}
        Some(t) => m |= suit_mask(t),
        None => {}
    }
    m
}
