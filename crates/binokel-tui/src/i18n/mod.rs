//! Languages and card names: fluent message catalogues (`locales/*.ftl`, compiled in) and the
//! two ways of naming cards (French suits or German suits).

mod cards;
mod ids;

pub use cards::CardStyle;
pub use ids::MESSAGE_IDS;

use binokel::{Action, Card, CardSet, IllegalAction, Low, MeldKind, MeldRefusal, Suit};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use std::fmt;
use unic_langid::LanguageIdentifier;

/// A language of the table: the languages of the rule texts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// German.
    De,
    /// Portuguese.
    Pt,
    /// Dutch.
    Nl,
}

impl Lang {
    /// Every language, in the order `--help` lists them.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::De, Lang::Pt, Lang::Nl];

    /// The language code (`en`, `de`, `pt`, `nl`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Pt => "pt",
            Lang::Nl => "nl",
        }
    }

    /// Reads a language code or a locale name (`de`, `de_DE.UTF-8`, `pt-BR`), case-insensitive.
    pub fn parse(s: &str) -> Result<Lang, String> {
        let lower = s.trim().to_ascii_lowercase();
        let primary = lower.split(['_', '-', '.', '@']).next().unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|l| l.code() == primary)
            .ok_or_else(|| format!("unknown language `{s}` (known: en, de, pt, nl)"))
    }

    /// The language of the environment: `LC_ALL`, `LC_MESSAGES`, `LANG`, then the system
    /// locale; English when none of them names a known language.
    pub fn from_environment() -> Lang {
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(v) = std::env::var(var) {
                if !v.is_empty() {
                    // The first variable that is set decides, as in POSIX.
                    return Lang::parse(&v).unwrap_or(Lang::En);
                }
            }
        }
        sys_locale::get_locale()
            .and_then(|l| Lang::parse(&l).ok())
            .unwrap_or(Lang::En)
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../locales/en.ftl"),
            Lang::De => include_str!("../../locales/de.ftl"),
            Lang::Pt => include_str!("../../locales/pt.ftl"),
            Lang::Nl => include_str!("../../locales/nl.ftl"),
        }
    }
}

/// A message catalogue of one language with the chosen card style.
pub struct Catalog {
    bundle: FluentBundle<FluentResource>,
    lang: Lang,
    style: CardStyle,
    low: Low,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog")
            .field("lang", &self.lang)
            .field("style", &self.style)
            .finish()
    }
}

/// One argument of a message.
pub enum Arg<'a> {
    /// Text.
    Str(&'a str),
    /// A number.
    Num(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Str(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Str(s)
    }
}

impl From<i64> for Arg<'_> {
    fn from(n: i64) -> Self {
        Arg::Num(n)
    }
}

impl Catalog {
    /// The catalogue of `lang`. The catalogues are compiled in, so this cannot fail at run
    /// time; the tests check that every catalogue parses and has every message.
    pub fn new(lang: Lang, style: CardStyle, low: Low) -> Catalog {
        let id: LanguageIdentifier = lang.code().parse().expect("language codes are valid");
        let mut bundle = FluentBundle::new(vec![id]);
        // Unicode isolation marks would show as stray characters in terminals and pipes.
        bundle.set_use_isolating(false);
        let res = FluentResource::try_new(lang.source().to_string()).unwrap_or_else(|(res, _errors)| res);
        // Ignoring overrides: each catalogue defines each message once (checked by a test).
        let _ = bundle.add_resource(res);
        Catalog {
            bundle,
            lang,
            style,
            low,
        }
    }

    /// The language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The card style.
    pub fn style(&self) -> CardStyle {
        self.style
    }

    /// The naming of the low card.
    pub fn low(&self) -> Low {
        self.low
    }

    /// True when the catalogue defines `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with no arguments.
    pub fn t(&self, id: &str) -> String {
        self.ta(id, &[])
    }

    /// The message `id` with arguments. A missing message shows its id, so a gap in a
    /// catalogue is visible rather than fatal.
    pub fn ta(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(msg) = self.bundle.get_message(id) else {
            return id.to_string();
        };
        let Some(pattern) = msg.value() else {
            return id.to_string();
        };
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            match v {
                Arg::Str(s) => fa.set(*k, FluentValue::from(*s)),
                Arg::Num(n) => fa.set(*k, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fa), &mut errors)
            .into_owned()
    }

    /// A card's short name in the chosen style.
    pub fn card(&self, c: Card) -> String {
        self.style.short(c, self.low)
    }

    /// Cards by their short names, separated by spaces, in display order.
    pub fn cards(&self, s: CardSet) -> String {
        s.sorted_for_display()
            .into_iter()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// What a person types for a card.
    pub fn card_code(&self, c: Card) -> String {
        self.style.code(c, self.low)
    }

    /// A suit's name in the chosen style and language.
    pub fn suit(&self, s: Suit) -> String {
        let prefix = match self.style {
            CardStyle::French => "suit",
            CardStyle::German => "gsuit",
        };
        self.t(&format!("{prefix}-{}", s.letter()))
    }

    /// A suit's name with its symbol or letter, for compact places.
    pub fn suit_short(&self, s: Suit) -> String {
        match self.style {
            CardStyle::French => s.symbol().to_string(),
            CardStyle::German => self.suit(s),
        }
    }

    /// A meld's name.
    pub fn meld(&self, k: MeldKind) -> String {
        self.t(&format!("meld-{}", k.name().replace('_', "-")))
    }

    /// An action as the table describes it to everyone (`bid 160`, `trump ♠`, `A♠`).
    pub fn action(&self, a: Action) -> String {
        match a {
            Action::Pass => self.t("act-pass"),
            Action::Bid(n) => self.ta("act-bid", &[("bid", Arg::Num(n as i64))]),
            Action::Call(c) => self.ta("act-call", &[("card", Arg::Str(&self.card(c)))]),
            Action::Give(c) => self.ta("act-give", &[("card", Arg::Str(&self.card(c)))]),
            Action::Bury(s) => self.ta("act-bury", &[("cards", Arg::Str(&self.cards(s)))]),
            Action::Trump(s) => self.ta("act-trump", &[("suit", Arg::Str(&self.suit(s)))]),
            Action::Durch => self.t("act-durch"),
            Action::Bettel => self.t("act-bettel"),
            Action::Surrender(s) => self.ta("act-surrender", &[("suit", Arg::Str(&self.suit(s)))]),
            Action::Play(c) => self.card(c),
            Action::Meld(k, Some(s)) if k.has_suit() => format!("{} {}", self.meld(k), self.suit_short(s)),
            Action::Meld(k, _) => self.meld(k),
            Action::Exchange => self.t("act-exchange"),
        }
    }

    /// The word a person types for an action in this language (`reize` for `bid` in German):
    /// the first of the catalogue's `in-WORD` list (one for each of [`Action::WORDS`]).
    pub fn input_word(&self, token_word: &str) -> String {
        let words = self.t(&format!("in-{token_word}"));
        words.split_whitespace().next().unwrap_or(token_word).to_string()
    }

    /// The record's word (`bid`) for a word typed in this language (`reize`, `Reize`) or in
    /// English; None for a word that names no action.
    pub fn token_word(&self, typed: &str) -> Option<&'static str> {
        let typed = typed.to_lowercase();
        Action::WORDS.iter().copied().find(|w| {
            *w == typed
                || self
                    .t(&format!("in-{w}"))
                    .split_whitespace()
                    .any(|x| x.to_lowercase() == typed)
        })
    }

    /// What a person types for an action in this language and style (`bid 160`, `reize
    /// 160`, `trump G`, `OG`).
    pub fn action_input(&self, a: Action) -> String {
        match a {
            Action::Bury(s) => {
                let codes: Vec<String> = s
                    .sorted_for_display()
                    .into_iter()
                    .map(|c| self.card_code(c))
                    .collect();
                format!("{} {}", self.input_word("bury"), codes.join(" "))
            }
            Action::Trump(s) => format!("{} {}", self.input_word("trump"), self.style.suit_letter(s)),
            Action::Surrender(s) => format!("{} {}", self.input_word("surrender"), self.style.suit_letter(s)),
            Action::Call(c) => format!("{} {}", self.input_word("call"), self.card_code(c)),
            Action::Give(c) => format!("{} {}", self.input_word("give"), self.card_code(c)),
            Action::Play(c) => self.card_code(c),
            Action::Pass => self.input_word("pass"),
            Action::Bid(n) => format!("{} {n}", self.input_word("bid")),
            Action::Durch => self.input_word("durch"),
            Action::Bettel => self.input_word("bettel"),
            Action::Exchange => self.input_word("exchange"),
            Action::Meld(..) => {
                let token = a.token(self.low);
                let rest = token.strip_prefix("meld").unwrap_or(&token);
                format!("{}{rest}", self.input_word("meld"))
            }
        }
    }

    /// Why a two-player meld or exchange is not possible now, in this language.
    pub fn meld_refusal(&self, r: &MeldRefusal) -> String {
        match r {
            MeldRefusal::MeldsNeedTwoPlayers => self.t("refuse-melds-two"),
            MeldRefusal::ExchangeNeedsTwoPlayers => self.t("refuse-exchange-two"),
            MeldRefusal::OneMeldPerTrick => self.t("refuse-one-per-trick"),
            MeldRefusal::MeldNotNow => self.t("refuse-meld-not-now"),
            MeldRefusal::ExchangeNotNow => self.t("refuse-exchange-not-now"),
            MeldRefusal::NoRundgang => self.t("refuse-no-rundgang"),
            MeldRefusal::DissIsTrumpNine(trump) => {
                self.ta("refuse-diss", &[("suit", Arg::Str(&self.suit(*trump)))])
            }
            MeldRefusal::OncePerDeal => self.t("refuse-once-per-deal"),
            MeldRefusal::Needs { cards, fresh, .. } => {
                let needs = self.ta("refuse-needs", &[("cards", Arg::Str(&self.cards(*cards)))]);
                match fresh {
                    Some(c) => format!(
                        "{needs} {}",
                        self.ta("refuse-fresh", &[("card", Arg::Str(&self.card(*c)))])
                    ),
                    None => needs,
                }
            }
            MeldRefusal::Exchanged => self.t("refuse-exchanged"),
            MeldRefusal::TurnedIsNine(c) => {
                self.ta("refuse-turned-nine", &[("card", Arg::Str(&self.card(*c)))])
            }
            MeldRefusal::NeedsNine(c) => self.ta("refuse-needs-nine", &[("card", Arg::Str(&self.card(*c)))]),
            MeldRefusal::NotTwoPlayerAction => self.t("refuse-not-two"),
        }
    }

    /// Why an action is not allowed, in this language; `legal` (the actions allowed now)
    /// names what would be allowed instead where that helps.
    pub fn illegal(&self, e: &IllegalAction, legal: &[Action]) -> String {
        match e {
            IllegalAction::DealOver => self.t("err-deal-over"),
            IllegalAction::WrongPhase { action, .. } => {
                self.ta("err-wrong-phase", &[("action", Arg::Str(&self.action(*action)))])
            }
            IllegalAction::MustOpen { opening } => {
                self.ta("err-must-open", &[("bid", Arg::Num(*opening as i64))])
            }
            IllegalAction::BidOutOfStep { bid, .. } => {
                let allowed: Vec<String> = legal.iter().map(|a| self.action(*a)).collect();
                self.ta(
                    "err-bid-step",
                    &[
                        ("bid", Arg::Num(*bid as i64)),
                        ("expected", Arg::Str(&allowed.join(" / "))),
                    ],
                )
            }
            IllegalAction::BurialSize { expected, got } => self.ta(
                "err-burial-size",
                &[
                    ("expected", Arg::Num(*expected as i64)),
                    ("got", Arg::Num(*got as i64)),
                ],
            ),
            IllegalAction::NotHeld { card, .. } => {
                self.ta("err-not-held", &[("card", Arg::Str(&self.card(*card)))])
            }
            IllegalAction::MustFollow { card, suit } => self.ta(
                "err-must-follow",
                &[
                    ("card", Arg::Str(&self.card(*card))),
                    ("suit", Arg::Str(&self.suit(*suit))),
                ],
            ),
            IllegalAction::MustBeat {
                card,
                winning,
                beater,
            } => self.ta(
                "err-must-beat",
                &[
                    ("card", Arg::Str(&self.card(*card))),
                    ("winning", Arg::Str(&self.card(*winning))),
                    ("beater", Arg::Str(&self.card(*beater))),
                ],
            ),
            IllegalAction::MustTrump { card } => {
                self.ta("err-must-trump", &[("card", Arg::Str(&self.card(*card)))])
            }
            IllegalAction::CannotMeld { action, reason } => self.ta(
                "err-cannot-meld",
                &[
                    ("action", Arg::Str(&self.action(*action))),
                    ("reason", Arg::Str(&self.meld_refusal(reason))),
                ],
            ),
            // Rules the terminal table does not offer (house rules) keep the engine's sentence.
            _ => self.ta("err-other", &[("reason", Arg::Str(&e.to_string()))]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_parses_and_has_every_message() {
        for lang in Lang::ALL {
            let res = FluentResource::try_new(lang.source().to_string());
            assert!(
                res.is_ok(),
                "{} catalogue has syntax errors: {:?}",
                lang.code(),
                res.err().map(|e| e.1)
            );
            let cat = Catalog::new(lang, CardStyle::French, Low::Nine);
            let missing: Vec<&str> = MESSAGE_IDS.iter().copied().filter(|id| !cat.has(id)).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        }
    }

    /// Every `review-*` message of any catalogue is in all four and in [`MESSAGE_IDS`]
    /// (so a key added to one catalogue only, or left out of the list, fails here).
    #[test]
    fn every_review_message_is_in_all_four_catalogues() {
        let ids = |lang: Lang| -> Vec<String> {
            lang.source()
                .lines()
                .filter_map(|l| l.split_once(" = ").map(|(k, _)| k.trim()))
                .filter(|k| k.starts_with("review-"))
                .map(str::to_string)
                .collect()
        };
        let mut all: Vec<String> = Lang::ALL.into_iter().flat_map(ids).collect();
        all.sort();
        all.dedup();
        assert!(all.len() >= 20, "{all:?}");
        for lang in Lang::ALL {
            let cat = Catalog::new(lang, CardStyle::French, Low::Nine);
            let missing: Vec<&String> = all.iter().filter(|id| !cat.has(id)).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        }
        let unlisted: Vec<&String> = all
            .iter()
            .filter(|id| !MESSAGE_IDS.contains(&id.as_str()))
            .collect();
        assert!(unlisted.is_empty(), "not in MESSAGE_IDS: {unlisted:?}");
    }

    /// The key help line, as the table fits it, is at most 80 columns wide, keeps `? help`
    /// and the way out, and cuts no item.
    #[test]
    fn key_help_fits_an_80_column_terminal() {
        for lang in Lang::ALL {
            let cat = Catalog::new(lang, CardStyle::French, Low::Nine);
            for id in MESSAGE_IDS.iter().filter(|id| {
                id.starts_with("help-")
                    && !["help-plain", "help-title", "help-keys", "help-words"]
                        .iter()
                        .any(|x| id.starts_with(x))
            }) {
                let full = cat.t(id);
                let s = crate::render::fit_help(&full, 80);
                assert!(
                    s.chars().count() <= 80,
                    "{} {id} is {} wide",
                    lang.code(),
                    s.chars().count()
                );
                assert!(
                    s.contains(" · ? ") && s.ends_with(full.rsplit(" · ").next().unwrap()),
                    "{s}"
                );
                for item in s.split(" · ") {
                    assert!(full.split(" · ").any(|x| x == item), "{s}");
                }
            }
        }
    }

    /// Every refusal a real two-player deal gives for a meld or the exchange, tried at every
    /// turn of a few seeded deals.
    fn two_player_refusals() -> Vec<IllegalAction> {
        use binokel::{Game, Rules};
        let mut out = Vec::new();
        for seed in 1..=6 {
            let mut game = Game::new(Rules::from_preset_name("two-player").unwrap(), Vec::new());
            game.start_seeded_deal(seed).unwrap();
            while let Some(d) = game.current().filter(|d| !d.is_over()) {
                let trump = d.trump().unwrap();
                let mut tries = vec![Action::Exchange, Action::Play(Card::parse("AS").unwrap())];
                tries.extend(binokel::deal::meld_candidates(trump).map(|(k, s)| Action::Meld(k, s)));
                tries.push(Action::Meld(MeldKind::Rundgang, Some(trump)));
                for a in tries {
                    if let Err(e @ IllegalAction::CannotMeld { .. }) = d.check(a) {
                        out.push(e);
                    }
                }
                let card = d
                    .legal_actions()
                    .into_iter()
                    .find(|a| matches!(a, Action::Play(_)));
                game.play(card.unwrap()).unwrap();
            }
        }
        out
    }

    #[test]
    fn meld_and_exchange_refusals_are_said_in_every_language() {
        let refusals = two_player_refusals();
        // The deals reach the refusals a player meets: outside the window, once per deal,
        // cards not held before the draw.
        for want in ["MeldNotNow", "ExchangeNotNow", "Needs", "NoRundgang"] {
            assert!(
                refusals.iter().any(|e| format!("{e:?}").contains(want)),
                "no {want} among {} refusals",
                refusals.len()
            );
        }
        for lang in Lang::ALL {
            let cat = Catalog::new(lang, CardStyle::German, Low::Nine);
            for e in &refusals {
                let said = cat.illegal(e, &[]);
                assert!(!said.contains("refuse-") && !said.contains("err-"), "{said}");
                if lang != Lang::En {
                    // Not the engine's English sentence.
                    let IllegalAction::CannotMeld { reason, .. } = e else {
                        unreachable!()
                    };
                    assert!(!said.contains(&reason.to_string()), "{}: {said}", lang.code());
                }
                if let IllegalAction::CannotMeld {
                    reason: MeldRefusal::Needs { cards, .. },
                    ..
                } = e
                {
                    assert!(said.contains(&cat.cards(*cards)), "{said}");
                }
            }
        }
        let de = Catalog::new(Lang::De, CardStyle::German, Low::Nine);
        let e = IllegalAction::CannotMeld {
            action: Action::Exchange,
            reason: MeldRefusal::Exchanged,
        };
        assert_eq!(
            de.illegal(&e, &[]),
            "„tausche die Trumpf-9“ geht jetzt nicht: die aufgedeckte Karte wurde schon getauscht."
        );
    }

    #[test]
    fn languages_read_from_locale_names() {
        assert_eq!(Lang::parse("de_DE.UTF-8"), Ok(Lang::De));
        assert_eq!(Lang::parse("pt-BR"), Ok(Lang::Pt));
        assert_eq!(Lang::parse("NL"), Ok(Lang::Nl));
        assert!(Lang::parse("fr_FR").unwrap_err().contains("fr_FR"));
    }

    #[test]
    fn german_card_names_round_trip() {
        for c in Card::all() {
            let code = CardStyle::German.code(c, Low::Nine);
            assert_eq!(CardStyle::German.parse_card(&code), Ok(c), "{code}");
            assert_eq!(
                CardStyle::German.parse_card(&code.to_lowercase()),
                Ok(c),
                "{code}"
            );
            let fr = CardStyle::French.code(c, Low::Nine);
            assert_eq!(CardStyle::French.parse_card(&fr), Ok(c));
        }
        let qs = Card::parse("QS").unwrap();
        assert_eq!(CardStyle::German.short(qs, Low::Nine), "OG");
        assert!(CardStyle::German.parse_card("QS").is_err());
    }

    /// Each card style has one name and one letter per suit, the same in the terminal and
    /// the browser (docs/web.md): the suit names of web/i18n and the letters the web page
    /// reads typed (web/js/handinput.js) agree with this catalogue.
    #[test]
    fn suit_names_and_letters_agree_with_the_browser() {
        let web = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web");
        for lang in Lang::ALL {
            let path = format!("{web}/i18n/{}.json", lang.code());
            let text = std::fs::read_to_string(&path).expect("web catalogue");
            let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            for (style, key) in [(CardStyle::French, "french"), (CardStyle::German, "german")] {
                let cat = Catalog::new(lang, style, Low::Nine);
                for s in Suit::ALL {
                    let browser = json[format!("suit.{key}.{}", s.letter())]
                        .as_str()
                        .expect("suit name");
                    assert_eq!(cat.suit(s), browser, "{} {key} {s:?}", lang.code());
                }
            }
        }
        let input = std::fs::read_to_string(format!("{web}/js/handinput.js")).expect("handinput.js");
        for s in Suit::ALL {
            let pair = format!("{}: \"{}\"", CardStyle::German.suit_letter(s), s.letter());
            assert!(input.contains(&pair), "web/js/handinput.js reads {pair}");
        }
        let de = Catalog::new(Lang::De, CardStyle::German, Low::Nine);
        assert_eq!(
            Suit::ALL.map(|s| (de.suit(s), CardStyle::German.suit_letter(s))),
            [
                ("Grün".to_string(), 'G'),
                ("Herz".to_string(), 'H'),
                ("Schellen".to_string(), 'S'),
                ("Eichel".to_string(), 'E')
            ]
        );
    }

    #[test]
    fn messages_take_arguments_in_every_language() {
        for lang in Lang::ALL {
            let cat = Catalog::new(lang, CardStyle::French, Low::Nine);
            let s = cat.action(Action::Bid(170));
            assert!(s.contains("170"), "{}: {s}", lang.code());
            let s = cat.action(Action::Trump(Suit::Hearts));
            assert!(s.contains(&cat.suit(Suit::Hearts)), "{}: {s}", lang.code());
        }
        let de = Catalog::new(Lang::De, CardStyle::German, Low::Nine);
        assert_eq!(de.suit(Suit::Clubs), "Eichel");
        assert_eq!(de.suit(Suit::Diamonds), "Schellen");
    }

    /// One card is "1 card" (a regression: "1 cards"), in every language.
    #[test]
    fn one_card_is_singular() {
        for (lang, one, two) in [
            (Lang::En, "1 card", "2 cards"),
            (Lang::De, "1 Karte", "2 Karten"),
            (Lang::Nl, "1 kaart", "2 kaarten"),
            (Lang::Pt, "1 carta", "2 cartas"),
        ] {
            let cat = Catalog::new(lang, CardStyle::French, Low::Nine);
            assert_eq!(cat.ta("cards-left", &[("n", Arg::Num(1))]), one);
            assert_eq!(cat.ta("cards-left", &[("n", Arg::Num(2))]), two);
        }
    }
}
