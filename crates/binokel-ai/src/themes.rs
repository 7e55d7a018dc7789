//! The one list of well-known patterns of Binokel play (docs/puzzles.md, "Themes").
//!
//! Each [`Theme`] has a stable id (as puzzles and, later, the review's pattern notes of
//! issue #32 section 4 store it), a one-line description in the four languages of the
//! project, and a detector ([`Theme::applies`]) that looks at one decision: the deciding
//! seat's knowledge ([`Info`], never the hidden cards) and the action taken. A puzzle is
//! tagged with the themes its best choice shows ([`tags`]); the review's notes will name
//! the themes of a played action with this same list, so a learner meets one vocabulary.
//!
//! The detectors read only what the seat knows: its hand, the cards played, the trick on the
//! table, the trump and the sides. "A card still out" is a card neither played nor in the
//! seat's own hand.

use crate::info::Info;
use binokel::deal::beats;
use binokel::{Action, Card, CardSet, Phase, Rank, Suit};

/// A well-known pattern of play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// An ace or a ten given to a trick the own side already wins.
    Smear,
    /// The lead of a card that nothing still out can beat in its suit.
    CashOut,
    /// Taking the trick with a lower card while holding a higher one that would also take
    /// it, with a card still out that beats the lower one.
    Finesse,
    /// Late in the deal (at most 5 tricks left), giving up the lead with a card that is not
    /// a winner while holding a winner in another suit: the next leader must open a suit.
    Endplay,
    /// Leading trump while a trump is still out: drawing the opponents' trumps.
    TrumpManagement,
    /// The lead of a ten while an ace of its suit is still out.
    UnguardedTenLed,
    /// A ten of trumps played to a trick it does not take.
    TrumpTenThrownAway,
    /// An ace or a ten given to a trick the other side wins, when a lower card was allowed.
    PointsGivenAway,
    /// A burial with an ace or a ten: its points count for the soloist.
    BuryPoints,
}

/// Every theme, in the order of the list in docs/puzzles.md.
pub const ALL: [Theme; 9] = [
    Theme::Smear,
    Theme::CashOut,
    Theme::Finesse,
    Theme::Endplay,
    Theme::TrumpManagement,
    Theme::UnguardedTenLed,
    Theme::TrumpTenThrownAway,
    Theme::PointsGivenAway,
    Theme::BuryPoints,
];

/// The themes the review names as notes on a played action ([`notes`]): the well-known
/// errors of the list (docs/review.md, "Pattern notes").
pub const NOTES: [Theme; 3] = [
    Theme::PointsGivenAway,
    Theme::UnguardedTenLed,
    Theme::TrumpTenThrownAway,
];

impl Theme {
    /// The stable id (snake case), as stored in puzzles and notes.
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Smear => "smear",
            Theme::CashOut => "cash_out",
            Theme::Finesse => "finesse",
            Theme::Endplay => "endplay",
            Theme::TrumpManagement => "trump_management",
            Theme::UnguardedTenLed => "unguarded_ten_led",
            Theme::TrumpTenThrownAway => "trump_ten_thrown_away",
            Theme::PointsGivenAway => "points_given_away",
            Theme::BuryPoints => "bury_points",
        }
    }

    /// The theme of an id (None for an unknown id).
    pub fn from_id(id: &str) -> Option<Theme> {
        ALL.into_iter().find(|t| t.id() == id)
    }

    /// The one-line description in a language: `en`, `de`, `nl` or `pt` (English for any
    /// other).
    pub fn describe(self, lang: &str) -> &'static str {
        let [en, de, nl, pt] = self.texts();
        match lang {
            "de" => de,
            "nl" => nl,
            "pt" => pt,
            _ => en,
        }
    }

    /// The short name in a language: the description's words before its colon
    /// (`Points given away`, `Punkte verschenkt`).
    pub fn name(self, lang: &str) -> &'static str {
        let d = self.describe(lang);
        d.split_once(':').map_or(d, |(n, _)| n)
    }

    /// The descriptions in English, German, Dutch and Portuguese.
    pub const fn texts(self) -> [&'static str; 4] {
        match self {
            Theme::Smear => [
                "Smear: put an ace or a ten on a trick your side already wins.",
                "Schmieren: ein Ass oder eine Zehn in einen Stich geben, den die eigene Seite schon hat.",
                "Smeren: een aas of een tien bijgooien in een slag die je eigen kant al wint.",
                "Carregar: pôr um ás ou um dez numa vaza que o teu lado já ganha.",
            ],
            Theme::CashOut => [
                "Cash out: lead a card that nothing still out can beat in its suit.",
                "Abziehen: eine Karte ausspielen, die in ihrer Farbe nichts mehr schlagen kann.",
                "Incasseren: een kaart uitkomen die in haar kleur door niets meer geslagen kan worden.",
                "Cobrar: sair com uma carta que nada do que falta bate no seu naipe.",
            ],
            Theme::Finesse => [
                "Finesse: take the trick with a lower card and keep the higher one.",
                "Schneiden: den Stich mit der kleineren Karte nehmen und die höhere behalten.",
                "Snit: de slag nemen met de lagere kaart en de hogere houden.",
                "Passagem: ganhar a vaza com a carta mais baixa e guardar a mais alta.",
            ],
            Theme::Endplay => [
                "Endplay: give up the lead late so that the next leader must open a suit for you.",
                "Endspiel: spät den Stich abgeben, damit der nächste Ausspieler eine Farbe für dich öffnen muss.",
                "Eindspel: laat de slag afgeven zodat de volgende uitkomer een kleur voor je moet openen.",
                "Jogada final: ceder a mão no fim para que o próximo a sair tenha de abrir um naipe por ti.",
            ],
            Theme::TrumpManagement => [
                "Trump management: lead trump to draw the trumps still out.",
                "Trumpf ziehen: Trumpf ausspielen, um die übrigen Trümpfe herauszuholen.",
                "Troef trekken: troef uitkomen om de overige troeven op te halen.",
                "Puxar trunfos: sair com trunfo para tirar os trunfos que faltam.",
            ],
            Theme::UnguardedTenLed => [
                "Unguarded ten led: a ten led while an ace of its suit is still out.",
                "Blanke Zehn ausgespielt: eine Zehn ausspielen, während ein Ass ihrer Farbe noch aussteht.",
                "Onbeschermde tien uitgekomen: een tien uitkomen terwijl een aas van die kleur nog uit is.",
                "Dez desprotegido: sair com um dez quando ainda falta um ás do seu naipe.",
            ],
            Theme::TrumpTenThrownAway => [
                "Ten of trumps thrown away: a trump ten played to a trick it does not take.",
                "Trumpfzehn verschenkt: eine Trumpfzehn in einen Stich gegeben, den sie nicht macht.",
                "Troeftien weggegooid: een troeftien gespeeld in een slag die ze niet wint.",
                "Dez de trunfo deitado fora: um dez de trunfo jogado numa vaza que não ganha.",
            ],
            Theme::PointsGivenAway => [
                "Points given away: an ace or a ten to the other side's trick when a low card was allowed.",
                "Punkte verschenkt: ein Ass oder eine Zehn in den Stich der Gegenseite, obwohl eine kleine Karte erlaubt war.",
                "Punten weggegeven: een aas of een tien in de slag van de andere kant, terwijl een lage kaart mocht.",
                "Pontos oferecidos: um ás ou um dez na vaza do outro lado quando uma carta baixa era permitida.",
            ],
            Theme::BuryPoints => [
                "Bury points: bury an ace or a ten, whose points then count for you.",
                "Punkte drücken: ein Ass oder eine Zehn drücken, deren Punkte dann für dich zählen.",
                "Punten wegleggen: een aas of een tien wegleggen, waarvan de punten dan voor jou tellen.",
                "Enterrar pontos: enterrar um ás ou um dez, cujos pontos contam então para ti.",
            ],
        }
    }

    /// True when the pattern applies to `action` taken by the seat whose knowledge is
    /// `info` (the detector; section "Themes" of docs/puzzles.md states each rule).
    pub fn applies(self, info: &Info, action: Action) -> bool {
        match action {
            Action::Play(c) if info.phase == Phase::Play => self.applies_to_card(info, c),
            Action::Bury(b) => self == Theme::BuryPoints && b.iter().any(|c| c.points() >= 10),
            _ => false,
        }
    }

    fn applies_to_card(self, info: &Info, c: Card) -> bool {
        let spot = Spot::new(info);
        match self {
            Theme::Smear => spot.follows() && c.points() >= 10 && spot.own_side_winning() && !spot.takes(c),
            Theme::CashOut => spot.leads() && spot.top_of_suit(c),
            Theme::Finesse => {
                !spot.leads()
                    && !spot.last_to_play()
                    && spot.takes(c)
                    && held_above(info.hand, c)
                    && spot.out_above(c)
            }
            Theme::Endplay => {
                spot.leads()
                    && spot.tricks_left <= 5
                    && spot.tricks_left >= 2
                    && !spot.top_of_suit(c)
                    && info
                        .hand
                        .distinct()
                        .any(|h| h.suit() != c.suit() && spot.top_of_suit(h))
            }
            Theme::TrumpManagement => {
                spot.leads() && Some(c.suit()) == spot.trump && spot.out_of_suit(c.suit())
            }
            Theme::UnguardedTenLed => {
                spot.leads() && c.rank() == Rank::Ten && spot.out(Card::new(c.suit(), Rank::Ace)) > 0
            }
            Theme::TrumpTenThrownAway => {
                Some(c.suit()) == spot.trump && c.rank() == Rank::Ten && spot.follows() && !spot.takes(c)
            }
            Theme::PointsGivenAway => {
                spot.follows()
                    && c.points() >= 10
                    && !spot.own_side_winning()
                    && !spot.takes(c)
                    && spot.lower_allowed(c)
            }
            Theme::BuryPoints => false,
        }
    }
}

/// The themes that apply to `action` in the seat's knowledge `info`, in list order.
pub fn tags(info: &Info, action: Action) -> Vec<Theme> {
    ALL.into_iter().filter(|t| t.applies(info, action)).collect()
}

/// The notes of a review on `played` in the seat's knowledge `info`: the themes of
/// [`NOTES`] (well-known errors) that apply to it and not to `best`, the action the review
/// rates best (when the best play shows the pattern too, the pattern was not the error).
/// Empty when `played` is the best.
pub fn notes(info: &Info, played: Action, best: Action) -> Vec<Theme> {
    if played == best {
        return Vec::new();
    }
    NOTES
        .into_iter()
        .filter(|t| t.applies(info, played) && !t.applies(info, best))
        .collect()
}

/// True when `hand` holds a card of `c`'s suit above it.
fn held_above(hand: CardSet, c: Card) -> bool {
    hand.distinct()
        .any(|h| h.suit() == c.suit() && h.rank() > c.rank())
}

/// The facts of one card-play decision the detectors share.
struct Spot<'a> {
    info: &'a Info,
    trump: Option<Suit>,
    tricks_left: usize,
    /// The trick's winning card and its seat (None when leading).
    winner: Option<(usize, Card)>,
}

impl<'a> Spot<'a> {
    fn new(info: &'a Info) -> Spot<'a> {
        let trump = info.trump();
        let mut winner: Option<(usize, Card)> = None;
        for &(seat, c) in &info.trick {
            match winner {
                Some((_, w)) if !beats(c, w, trump) => {}
                _ => winner = Some((seat, c)),
            }
        }
        Spot {
            info,
            trump,
            tricks_left: info.hand.len(),
            winner,
        }
    }

    fn leads(&self) -> bool {
        self.info.trick.is_empty()
    }

    fn follows(&self) -> bool {
        !self.leads()
    }

    fn last_to_play(&self) -> bool {
        self.info.trick.len() + 1 == self.info.n
    }

    /// True when `a` and `b` play on one side (the soloist and its partner with four
    /// seats; the opponents together otherwise).
    fn same_side(&self, a: usize, b: usize) -> bool {
        let Some(s) = self.info.soloist else {
            return a == b;
        };
        if self.info.n == 4 {
            a % 2 == b % 2
        } else {
            (a == s) == (b == s)
        }
    }

    fn own_side_winning(&self) -> bool {
        self.winner.is_some_and(|(w, _)| self.same_side(w, self.info.me))
    }

    /// True when `c` would take the lead of the trick.
    fn takes(&self, c: Card) -> bool {
        self.winner.is_none_or(|(_, w)| beats(c, w, self.trump))
    }

    /// Copies of `c` still out: neither played nor in the seat's hand.
    fn out(&self, c: Card) -> u32 {
        2u32.saturating_sub(self.info.played.count(c) + self.info.hand.count(c))
    }

    fn out_above(&self, c: Card) -> bool {
        Rank::ALL
            .iter()
            .filter(|&&r| r > c.rank())
            .any(|&r| self.out(Card::new(c.suit(), r)) > 0)
    }

    fn out_of_suit(&self, s: Suit) -> bool {
        Rank::ALL.iter().any(|&r| self.out(Card::new(s, r)) > 0)
    }

    /// True when nothing still out beats `c` in its suit.
    fn top_of_suit(&self, c: Card) -> bool {
        !self.out_above(c)
    }

    /// True when a legal card of fewer points than `c` was allowed here (follow and beat
    /// duties as the rules state them).
    fn lower_allowed(&self, c: Card) -> bool {
        let Some(&(_, led)) = self.info.trick.first() else {
            return true;
        };
        let (_, w) = self.winner.unwrap_or((0, led));
        let mask = binokel::deal::legal_response(self.info.hand.kinds(), led.suit(), w, self.trump);
        binokel::cardset::mask_cards(mask).any(|x| x.points() < c.points())
    }
}
