//! The rules configuration: every option of RULES.md section 10 and the presets of section 11.
//!
//! The standard game is the default. Options are named fields; they are read and written by
//! the names and values the rules text uses (`target = 1000`, `rounding = ten`).

use crate::card::{Low, Rank};
use std::fmt;

/// `pack = 48 | 40`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pack {
    /// The full double pack of 48.
    Full48,
    /// Without the low cards: 40.
    Short40,
}

/// `raise = exact | jumps`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Raise {
    /// A raise is exactly 10 over the current bid.
    Exact,
    /// A raise is any multiple of 10 above the current bid.
    Jumps,
}

/// `auction = duel | open`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AuctionKind {
    /// Forehand against middlehand, the survivor against the next seat (standard).
    Duel,
    /// Every seat in turn passes or bids; a pass is final.
    Open,
}

/// `all_pass = dealer_plays | redeal`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AllPass {
    /// The dealer is soloist at the opening value.
    DealerPlays,
    /// The same dealer deals again.
    Redeal,
}

/// `first_lead = forehand | soloist`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FirstLead {
    /// Forehand leads the first trick (standard; in Durch the soloist leads anyway).
    Forehand,
    /// The soloist leads the first trick.
    Soloist,
}

/// `rounding = none | ten`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Deal scores are exact.
    None,
    /// Deal scores rounded to the nearest 10, halves towards plus infinity.
    Ten,
}

/// `match_end = soloist_first | highest`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatchEnd {
    /// The soloist at the target wins first; then section 9's opponent rules.
    SoloistFirst,
    /// Of those at the target the highest total wins; equal highest play one more deal.
    Highest,
}

/// The named presets of RULES.md section 11.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Every default: the game of the English and Portuguese texts.
    Standard,
    /// The Swabian house rules of the German text.
    Swabian,
    /// The Dutch rules.
    Dutch,
    /// Three players with the 40-card pack.
    Forty,
    /// Four players in partnerships (Kreuzbinokel).
    Kreuz,
    /// Two players with a stock.
    TwoPlayer,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 6] = [
        Preset::Standard,
        Preset::Swabian,
        Preset::Dutch,
        Preset::Forty,
        Preset::Kreuz,
        Preset::TwoPlayer,
    ];

    /// The preset's name as records and command lines write it.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::Swabian => "swabian",
            Preset::Dutch => "dutch",
            Preset::Forty => "forty",
            Preset::Kreuz => "kreuz",
            Preset::TwoPlayer => "two-player",
        }
    }

    /// The preset of a name.
    pub fn from_name(s: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// The highest bid (RULES.md section 10 leaves it open; docs/rules.md decides it): 1000, the
/// value of eight aces. With `raise = jumps` the legal bids run up to it, so that the list of
/// legal actions stays short and finite; a hand worth more (a double family of trump) still
/// scores its whole total once it makes a contract of 1000. An `opening` above it is refused
/// by [`Rules::validate`].
pub const MAX_BID: u32 = 1000;

/// The bidding step (RULES.md section 3: a raise is 10; section 10: with `jumps` any multiple
/// of 10): every bid is `opening` plus a multiple of it.
pub const BID_STEP: u32 = 10;

/// What the last trick adds to the card points of the side that takes it (RULES.md section 7).
/// The one place this value is written: [`Rules::last_trick_bonus`] returns it, and search code
/// without a `Rules` at hand uses this constant.
pub const LAST_TRICK_BONUS: u32 = 10;

/// The card points of one deal: the pack's 240 (two copies of each card: A 11, 10 10, K 4,
/// Q 3, J 2, 9 0; the 40-card pack leaves out only cards worth 0) plus the last trick's
/// [`LAST_TRICK_BONUS`]: 250. [`Rules::deal_card_points`] returns it.
pub const DEAL_CARD_POINTS: u32 = {
    let mut pack = 0;
    let mut i = 0;
    while i < Rank::ALL.len() {
        pack += 2 * 4 * Rank::ALL[i].points();
        i += 1;
    }
    pack + LAST_TRICK_BONUS
};

/// The highest `failed_bonus` [`Rules::set`] takes.
pub const MAX_FAILED_BONUS: u32 = 10_000;

/// The highest `target` [`Rules::set`] takes.
pub const MAX_TARGET: i32 = 1_000_000;

/// The longest fixed series, `series_deals` ([`Rules::set`] refuses more): a match has at most
/// `MAX_MATCH_DEALS` (500) deals, so no longer series can be played (docs/rules.md, "The most
/// deals of a match"; the game module checks that the two are equal).
pub const MAX_SERIES_DEALS: u32 = 500;

/// The rules a game is played by. `Rules::default()` is the standard game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The preset these rules started from (kept so records can name it).
    pub preset: Preset,
    /// `low`: naming of the lowest card.
    pub low: Low,
    /// `pack`.
    pub pack: Pack,
    /// `players`: 3, 4 or 2.
    pub players: u8,
    /// `tapp`: the Tapp's size (3 for the standard game; 8, 4 or 0 with four players).
    pub tapp: u8,
    /// `opening`: the forced opening bid.
    pub opening: u32,
    /// `raise`.
    pub raise: Raise,
    /// `auction`.
    pub auction: AuctionKind,
    /// `all_pass`.
    pub all_pass: AllPass,
    /// `bury_meld_cards`: true = allowed.
    pub bury_meld_cards: bool,
    /// `calling`.
    pub calling: bool,
    /// `rundgang`.
    pub rundgang: bool,
    /// `family_pair`: true = included (a family also scores its own K-Q).
    pub family_pair_included: bool,
    /// `first_lead`.
    pub first_lead: FirstLead,
    /// `bettel`.
    pub bettel: bool,
    /// `durch`.
    pub durch: bool,
    /// `opponents_need_trick`.
    pub opponents_need_trick: bool,
    /// `failed_bonus`.
    pub failed_bonus: u32,
    /// `rounding`.
    pub rounding: Rounding,
    /// `target`.
    pub target: i32,
    /// `match_end`.
    pub match_end: MatchEnd,
    /// `series_deals`: 0 (off), or a fixed series of this many deals, a multiple of the
    /// seats; `target` and `match_end` then do not apply (the game's `deal_winner`).
    pub series_deals: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::preset(Preset::Standard)
    }
}

/// A rules option or value that cannot be used, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// The values an option takes, as [`Rules::set`] reads them and [`Rules::get`] writes them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// One of these words (numbers such as `players = 3` are words here: a fixed choice).
    Words(&'static [&'static str]),
    /// A whole number from `min` to `max`, a multiple of `step`.
    Number {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
        /// Every value is a multiple of it (1: any whole number).
        step: i64,
    },
}

/// One option of RULES.md section 10, declared once: its name, its values, a short
/// description, and how [`Rules::get`] writes it and [`Rules::set`] reads it. [`OPTIONS`]
/// holds them all; [`OPTION_NAMES`], `get`, `set` and the server's `GET /api/rules` come
/// from it.
#[derive(Copy, Clone)]
pub struct RuleOption {
    /// The option's name, as records and command lines write it (`target`).
    pub name: &'static str,
    /// The values it takes.
    pub values: OptionValues,
    /// What it decides, in one line (from RULES.md section 10).
    pub about: &'static str,
    get: fn(&Rules) -> String,
    set: fn(&mut Rules, &str) -> Result<(), RulesError>,
}

impl fmt::Debug for RuleOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleOption")
            .field("name", &self.name)
            .field("values", &self.values)
            .field("about", &self.about)
            .finish_non_exhaustive()
    }
}

/// The error for a value an option does not take.
fn bad(name: &str, value: &str) -> RulesError {
    RulesError(format!("`{value}` is not a value of option `{name}`"))
}

/// A value read as a number. A number too large for i64 is still a number: the option's range
/// check names the limit.
fn number(name: &str, value: &str) -> Result<i64, RulesError> {
    match value.parse::<i64>() {
        Ok(n) => Ok(n),
        Err(e) if matches!(e.kind(), std::num::IntErrorKind::PosOverflow) => Ok(i64::MAX),
        Err(e) if matches!(e.kind(), std::num::IntErrorKind::NegOverflow) => Ok(i64::MIN),
        Err(_) => Err(bad(name, value)),
    }
}

/// An option with two words: `switch!(name, field, off_word => off_value, on_word => on_value,
/// about)`, the standard game's word first as RULES.md writes it.
macro_rules! switch {
    ($name:literal, $field:ident, $w0:literal => $v0:expr, $w1:literal => $v1:expr, $about:literal) => {
        RuleOption {
            name: $name,
            values: OptionValues::Words(&[$w0, $w1]),
            about: $about,
            get: |r| if r.$field == $v1 { $w1 } else { $w0 }.to_string(),
            set: |r, v| {
                r.$field = match v {
                    $w1 => $v1,
                    $w0 => $v0,
                    _ => return Err(bad($name, v)),
                };
                Ok(())
            },
        }
    };
}

/// A whole-number option: `whole!(name, field, type, min, max, about)`; out of range, the
/// error names the range.
macro_rules! whole {
    ($name:literal, $field:ident, $t:ty, $min:expr, $max:expr, $about:literal) => {
        RuleOption {
            name: $name,
            values: OptionValues::Number {
                min: $min as i64,
                max: $max as i64,
                step: 1,
            },
            about: $about,
            get: |r| r.$field.to_string(),
            set: |r, v| {
                let n = number($name, v)?;
                if !($min as i64..=$max as i64).contains(&n) {
                    return Err(RulesError(format!(
                        concat!(
                            "option `",
                            $name,
                            "` must be a whole number from {} to {}, not `{}`"
                        ),
                        $min, $max, v
                    )));
                }
                r.$field = n as $t;
                Ok(())
            },
        }
    };
}

/// The highest `opening` [`Rules::set`] takes ([`Rules::validate`] then refuses one above
/// [`MAX_BID`]).
const MAX_OPENING: i64 = 10_000;

/// Every option of RULES.md section 10, in its order: the one declaration of the options.
#[allow(clippy::bool_comparison)]
pub const OPTIONS: [RuleOption; 21] = [
    RuleOption {
        name: "low",
        values: OptionValues::Words(&["nine", "seven"]),
        about: "naming only: the lowest card is written 9 or 7",
        get: |r| match r.low {
            Low::Nine => "nine".into(),
            Low::Seven => "seven".into(),
        },
        set: |r, v| {
            r.low = match v {
                "nine" | "9" => Low::Nine,
                "seven" | "7" => Low::Seven,
                _ => return Err(bad("low", v)),
            };
            Ok(())
        },
    },
    RuleOption {
        name: "pack",
        values: OptionValues::Words(&["48", "40"]),
        about: "40 leaves out the low cards (three players hold 12 each, the Tapp 4)",
        get: |r| r.pack_size().to_string(),
        set: |r, v| {
            r.pack = match v {
                "48" => Pack::Full48,
                "40" => Pack::Short40,
                _ => return Err(bad("pack", v)),
            };
            if r.players == 3 {
                r.tapp = if r.pack == Pack::Short40 { 4 } else { 3 };
            }
            Ok(())
        },
    },
    RuleOption {
        name: "players",
        values: OptionValues::Words(&["3", "4", "2"]),
        about: "three players, four in partnerships, or two with a stock",
        get: |r| r.players.to_string(),
        set: |r, v| {
            r.players = match v {
                "2" => 2,
                "3" => 3,
                "4" => 4,
                _ => return Err(bad("players", v)),
            };
            r.tapp = match (r.players, r.pack) {
                (2, _) => 0,
                (3, Pack::Full48) => 3,
                (3, Pack::Short40) => 4,
                (_, Pack::Full48) => 8,
                (_, Pack::Short40) => 4,
            };
            Ok(())
        },
    },
    RuleOption {
        name: "tapp",
        values: OptionValues::Words(&["3", "4", "8", "0"]),
        about: "the Tapp's size (follows pack and players)",
        get: |r| r.tapp.to_string(),
        set: |r, v| {
            r.tapp = match v {
                "0" => 0,
                "3" => 3,
                "4" => 4,
                "8" => 8,
                _ => return Err(bad("tapp", v)),
            };
            Ok(())
        },
    },
    RuleOption {
        name: "opening",
        values: OptionValues::Number {
            min: BID_STEP as i64,
            max: MAX_OPENING,
            step: BID_STEP as i64,
        },
        about: "the forced opening bid",
        get: |r| r.opening.to_string(),
        set: |r, v| {
            let n = number("opening", v)?;
            if n <= 0 || n % BID_STEP as i64 != 0 || n > MAX_OPENING {
                return Err(RulesError(format!(
                    "option `opening` must be a positive multiple of {BID_STEP}, not `{v}`"
                )));
            }
            r.opening = n as u32;
            Ok(())
        },
    },
    switch!("raise", raise, "exact" => Raise::Exact, "jumps" => Raise::Jumps,
        "with jumps a raise may be any multiple of 10 above the current bid"),
    switch!("auction", auction, "duel" => AuctionKind::Duel, "open" => AuctionKind::Open,
        "duel: seat against seat; open: each seat in turn passes or bids, a pass is final"),
    switch!("all_pass", all_pass, "dealer_plays" => AllPass::DealerPlays, "redeal" => AllPass::Redeal,
        "when every seat passes: the dealer plays at the opening bid, or the same dealer deals again"),
    switch!("bury_meld_cards", bury_meld_cards, "allowed" => true, "forbidden" => false,
        "whether the soloist may bury a card of a meld"),
    switch!("calling", calling, "off" => false, "on" => true,
        "the soloist may call a card it lacks and give one in return"),
    switch!("rundgang", rundgang, "off" => false, "on" => true,
        "a pair in every suit with four kings and four queens is one meld, the Rundgang"),
    switch!("family_pair", family_pair_included, "separate" => false, "included" => true,
        "with included, a family also scores its own K-Q as a pair"),
    switch!("first_lead", first_lead, "forehand" => FirstLead::Forehand, "soloist" => FirstLead::Soloist,
        "who leads the first trick"),
    switch!("bettel", bettel, "off" => false, "on" => true,
        "the declaration Bettel: no trump, no melds, the soloist must take no trick"),
    switch!("durch", durch, "on" => true, "off" => false, "the declaration Durch: the soloist's side takes every trick"),
    switch!("opponents_need_trick", opponents_need_trick, "yes" => true, "no" => false,
        "with no, an opponent's melds count without a trick"),
    whole!(
        "failed_bonus",
        failed_bonus,
        u32,
        0,
        MAX_FAILED_BONUS,
        "what each opponent adds when the soloist fails"
    ),
    switch!("rounding", rounding, "none" => Rounding::None, "ten" => Rounding::Ten,
        "deal scores rounded to the nearest 10, halves up"),
    whole!(
        "target",
        target,
        i32,
        1,
        MAX_TARGET,
        "the total that ends the match"
    ),
    switch!("match_end", match_end, "soloist_first" => MatchEnd::SoloistFirst, "highest" => MatchEnd::Highest,
        "of those at the target: the soloist wins first, or the highest total"),
    whole!(
        "series_deals",
        series_deals,
        u32,
        0,
        MAX_SERIES_DEALS,
        "0: play to the target; N: a fixed series of N deals (a multiple of the seats), the highest total wins, a tie plays on"
    ),
];

/// Every option name, in the order of RULES.md section 10 (the names of [`OPTIONS`]).
pub const OPTION_NAMES: [&str; OPTIONS.len()] = {
    let mut names = [""; OPTIONS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = OPTIONS[i].name;
        i += 1;
    }
    names
};

fn on_off(v: bool) -> &'static str {
    if v {
        "on"
    } else {
        "off"
    }
}

/// The option of a name.
pub fn option(name: &str) -> Option<&'static RuleOption> {
    OPTIONS.iter().find(|o| o.name == name)
}

impl Rules {
    /// The rules of a preset.
    pub fn preset(p: Preset) -> Rules {
        let standard = Rules {
            preset: Preset::Standard,
            low: Low::Nine,
            pack: Pack::Full48,
            players: 3,
            tapp: 3,
            opening: 150,
            raise: Raise::Exact,
            auction: AuctionKind::Duel,
            all_pass: AllPass::DealerPlays,
            bury_meld_cards: true,
            calling: false,
            rundgang: false,
            family_pair_included: false,
            first_lead: FirstLead::Forehand,
            bettel: false,
            durch: true,
            opponents_need_trick: true,
            failed_bonus: 0,
            rounding: Rounding::None,
            target: 1500,
            match_end: MatchEnd::SoloistFirst,
            series_deals: 0,
        };
        match p {
            Preset::Standard => standard,
            Preset::Swabian => Rules {
                preset: p,
                opening: 200,
                raise: Raise::Jumps,
                bury_meld_cards: false,
                rundgang: true,
                calling: true,
                low: Low::Seven,
                ..standard
            },
            Preset::Dutch => Rules {
                preset: p,
                low: Low::Seven,
                auction: AuctionKind::Open,
                all_pass: AllPass::DealerPlays,
                first_lead: FirstLead::Soloist,
                family_pair_included: true,
                opponents_need_trick: false,
                failed_bonus: 30,
                rounding: Rounding::Ten,
                target: 1000,
                match_end: MatchEnd::Highest,
                bettel: true,
                ..standard
            },
            Preset::Forty => Rules {
                preset: p,
                pack: Pack::Short40,
                tapp: 4,
                ..standard
            },
            Preset::Kreuz => Rules {
                preset: p,
                players: 4,
                tapp: 8,
                target: 500,
                match_end: MatchEnd::Highest,
                ..standard
            },
            Preset::TwoPlayer => Rules {
                preset: p,
                players: 2,
                tapp: 0,
                target: 1000,
                match_end: MatchEnd::Highest,
                ..standard
            },
        }
    }

    /// Reads a preset by name, e.g. `standard`.
    pub fn from_preset_name(name: &str) -> Result<Rules, RulesError> {
        Preset::from_name(name).map(Rules::preset).ok_or_else(|| {
            let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
            RulesError(format!("unknown preset `{name}` (known: {})", names.join(", ")))
        })
    }

    /// What the last trick adds to the card points of the side that takes it: 10
    /// ([`LAST_TRICK_BONUS`]).
    pub const fn last_trick_bonus(&self) -> u32 {
        LAST_TRICK_BONUS
    }

    /// The card points of one deal, the last trick included: 250 ([`DEAL_CARD_POINTS`]).
    /// The pad checks that the card points written for a deal add up to it.
    pub const fn deal_card_points(&self) -> u32 {
        DEAL_CARD_POINTS
    }

    /// The number of cards in the pack.
    pub const fn pack_size(&self) -> usize {
        match self.pack {
            Pack::Full48 => 48,
            Pack::Short40 => 40,
        }
    }

    /// Cards each seat is dealt.
    pub fn hand_size(&self) -> usize {
        if self.players == 2 {
            12
        } else {
            (self.pack_size() - self.tapp as usize) / self.players as usize
        }
    }

    /// The value of an option, as written in RULES.md (`target` -> `1500`).
    pub fn get(&self, name: &str) -> Option<String> {
        option(name).map(|o| (o.get)(self))
    }

    /// Sets one option from its written value. Unknown names and values are errors naming them.
    ///
    /// ```
    /// use binokel::Rules;
    /// let mut r = Rules::default();
    /// r.set("target", "1000").unwrap();
    /// assert_eq!(r.target, 1000);
    /// assert!(r.set("target", "lots").is_err());
    /// assert!(r.set("no_such_option", "1").is_err());
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        match option(name) {
            Some(o) => (o.set)(self, value),
            None => Err(RulesError(format!(
                "unknown option `{name}` (known: {})",
                OPTION_NAMES.join(", ")
            ))),
        }
    }

    /// Applies `name=value` (as given on a command line, `--rule target=1000`).
    pub fn set_pair(&mut self, pair: &str) -> Result<(), RulesError> {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| RulesError(format!("`{pair}` is not an option setting (write name=value)")))?;
        self.set(k.trim(), v.trim())
    }

    /// Checks that the options fit together and that this engine plays them.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.opening > MAX_BID {
            return Err(RulesError(format!(
                "option `opening` ({}) is above the highest bid, {MAX_BID}",
                self.opening
            )));
        }
        let hand_cards = self.pack_size() as i64 - self.tapp as i64;
        match self.players {
            3 => {
                let want = if self.pack == Pack::Full48 { 3 } else { 4 };
                if self.tapp != want {
                    return Err(RulesError(format!(
                        "three players with a pack of {} need a Tapp of {want}, not {}",
                        self.pack_size(),
                        self.tapp
                    )));
                }
            }
            4 => {
                if self.pack != Pack::Full48 || hand_cards % 4 != 0 || ![0, 4, 8].contains(&self.tapp) {
                    return Err(RulesError(format!(
                        "four players with a pack of {} cannot have a Tapp of {}",
                        self.pack_size(),
                        self.tapp
                    )));
                }
            }
            2 => {
                if self.tapp != 0 || self.pack != Pack::Full48 {
                    return Err(RulesError(
                        "two players play with the full pack and without a Tapp".into(),
                    ));
                }
            }
            _ => {
                return Err(RulesError(format!(
                    "{} players is not a Binokel game",
                    self.players
                )))
            }
        }
        if self.series_deals % self.players as u32 != 0 {
            let n = self.players as u32;
            return Err(RulesError(format!(
                "option `series_deals` ({}) must be a multiple of the number of seats, {n}, so that every seat deals equally often ({n}, {}, {} ...; 0 plays to the target)",
                self.series_deals,
                2 * n,
                3 * n
            )));
        }
        if self.players == 2 {
            // No soloist, no declaration, melds shown one at a time (RULES.md section 13).
            let pointless: &[(&str, bool)] = &[
                ("calling", self.calling),
                ("bettel", self.bettel),
                ("rundgang", self.rundgang),
            ];
            for (name, on) in pointless {
                if *on {
                    return Err(RulesError(format!(
                        "option `{name} = {}` does not fit two players (no soloist, melds shown one at a time)",
                        self.get(name).unwrap_or_default()
                    )));
                }
            }
        }
        Ok(())
    }

    /// The options that differ from the preset, as (name, value) pairs.
    pub fn changes_from_preset(&self) -> Vec<(&'static str, String)> {
        let base = Rules::preset(self.preset);
        OPTION_NAMES
            .iter()
            .filter(|n| self.get(n) != base.get(n))
            .map(|n| (*n, self.get(n).unwrap_or_default()))
            .collect()
    }

    /// Reads the `rules` field of a record: a preset name, or an object of a preset and options.
    pub fn from_json(v: &serde_json::Value) -> Result<Rules, RulesError> {
        match v {
            serde_json::Value::String(s) => Rules::from_preset_name(s),
            serde_json::Value::Object(map) => {
                let mut r = match map.get("preset") {
                    None => Rules::default(),
                    Some(serde_json::Value::String(s)) => Rules::from_preset_name(s)?,
                    Some(_) => return Err(RulesError("`preset` must be a preset name".into())),
                };
                // Apply structural options first so that dependent defaults (tapp) follow them.
                let mut keys: Vec<&String> = map.keys().filter(|k| k.as_str() != "preset").collect();
                keys.sort_by_key(|k| match k.as_str() {
                    "pack" => 0,
                    "players" => 1,
                    "tapp" => 2,
                    _ => 3,
                });
                for k in keys {
                    let val = &map[k];
                    let text = match val {
                        serde_json::Value::String(s) => s.clone(),
                        serde_json::Value::Number(n) => n.to_string(),
                        serde_json::Value::Bool(b) => on_off(*b).to_string(),
                        _ => {
                            return Err(RulesError(format!(
                                "option `{k}` has a value that is not a word or number"
                            )))
                        }
                    };
                    r.set(k, &text)?;
                }
                Ok(r)
            }
            _ => Err(RulesError("`rules` must be a preset name or an object".into())),
        }
    }

    /// Writes the rules for a record: the preset's name alone, or an object with the changes.
    pub fn to_json(&self) -> serde_json::Value {
        let changes = self.changes_from_preset();
        if changes.is_empty() {
            return serde_json::Value::String(self.preset.name().to_string());
        }
        let mut m = serde_json::Map::new();
        m.insert("preset".into(), self.preset.name().into());
        for (k, v) in changes {
            let val = match v.parse::<i64>() {
                Ok(n) => serde_json::Value::from(n),
                Err(_) => serde_json::Value::from(v),
            };
            m.insert(k.into(), val);
        }
        serde_json::Value::Object(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_is_the_default_and_valid() {
        assert_eq!(Rules::default(), Rules::from_preset_name("standard").unwrap());
        Rules::default().validate().unwrap();
        assert_eq!(Rules::default().hand_size(), 15);
        assert_eq!(Rules::preset(Preset::Forty).hand_size(), 12);
    }

    #[test]
    fn every_option_round_trips_through_get_and_set() {
        for p in Preset::ALL {
            let r = Rules::preset(p);
            for name in OPTION_NAMES {
                let v = r.get(name).unwrap();
                let mut r2 = r;
                r2.set(name, &v).unwrap();
                assert_eq!(r2.get(name), Some(v), "{name}");
            }
            assert_eq!(Rules::from_json(&r.to_json()).unwrap(), r);
        }
    }

    #[test]
    fn the_table_declares_every_option_once_with_its_values() {
        let mut names = OPTION_NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), OPTIONS.len(), "an option is declared twice");
        for p in Preset::ALL {
            let r = Rules::preset(p);
            for o in &OPTIONS {
                let v = r.get(o.name).unwrap();
                match o.values {
                    OptionValues::Words(words) => assert!(words.contains(&v.as_str()), "{}: {v}", o.name),
                    OptionValues::Number { min, max, step } => {
                        let n: i64 = v.parse().unwrap();
                        assert!((min..=max).contains(&n) && n % step == 0, "{}: {v}", o.name);
                    }
                }
            }
        }
        // Every word an option lists is one `set` takes.
        for o in &OPTIONS {
            if let OptionValues::Words(words) = o.values {
                for w in words {
                    Rules::default().set(o.name, w).unwrap();
                }
            }
        }
    }

    #[test]
    fn errors_name_the_option_and_value_as_before() {
        let mut r = Rules::default();
        let e = |r: &mut Rules, k: &str, v: &str| r.set(k, v).unwrap_err().0;
        assert_eq!(
            e(&mut r, "raise", "big"),
            "`big` is not a value of option `raise`"
        );
        assert_eq!(e(&mut r, "low", "8"), "`8` is not a value of option `low`");
        assert_eq!(
            e(&mut r, "opening", "155"),
            "option `opening` must be a positive multiple of 10, not `155`"
        );
        assert_eq!(
            e(&mut r, "target", "99999999999999999999"),
            "option `target` must be a whole number from 1 to 1000000, not `99999999999999999999`"
        );
        assert_eq!(
            e(&mut r, "failed_bonus", "-1"),
            "option `failed_bonus` must be a whole number from 0 to 10000, not `-1`"
        );
        assert_eq!(
            e(&mut r, "failed_bonus", "x"),
            "`x` is not a value of option `failed_bonus`"
        );
        assert!(e(&mut r, "colour", "red").starts_with("unknown option `colour` (known: low, pack, players,"));
        assert_eq!(r, Rules::default(), "a refused value changes nothing");
    }

    #[test]
    fn scoring_constants() {
        let r = Rules::default();
        assert_eq!(r.last_trick_bonus(), 10);
        assert_eq!(
            r.deal_card_points(),
            crate::CardSet::PACK.points() + r.last_trick_bonus()
        );
        assert_eq!(DEAL_CARD_POINTS, 250);
    }

    #[test]
    fn json_object_with_options() {
        let v: serde_json::Value =
            serde_json::from_str(r#"{"preset": "standard", "target": 1000, "rounding": "ten"}"#).unwrap();
        let r = Rules::from_json(&v).unwrap();
        assert_eq!(r.target, 1000);
        assert_eq!(r.rounding, Rounding::Ten);
        assert_eq!(Rules::from_json(&r.to_json()).unwrap(), r);
        let bad: serde_json::Value = serde_json::from_str(r#"{"preset": "standard", "colour": 1}"#).unwrap();
        assert!(Rules::from_json(&bad).unwrap_err().0.contains("colour"));
        assert!(Rules::from_json(&"no-such-preset".into()).is_err());
    }

    #[test]
    fn impossible_combinations_are_refused() {
        let mut r = Rules::default();
        r.set("players", "4").unwrap();
        r.set("pack", "40").unwrap();
        r.set("tapp", "8").unwrap();
        assert!(r.validate().is_err());
    }

    #[test]
    fn an_opening_above_the_highest_bid_is_refused() {
        let mut r = Rules::default();
        r.set("opening", "1000").unwrap();
        assert!(r.validate().is_ok());
        for raise in ["exact", "jumps"] {
            r.set("raise", raise).unwrap();
            r.set("opening", "1010").unwrap();
            let e = r.validate().unwrap_err();
            assert!(e.0.contains("opening") && e.0.contains("1000"), "{}", e.0);
            let rec = serde_json::json!({"format": "binokel-record/1", "rules": r.to_json(), "deals": []});
            let v = crate::record::referee(&rec.to_string());
            assert_eq!(v.exit_code(), 2, "records refuse it too: {v:?}");
        }
    }
}
