//! The rules configuration: every option of RULES.md section 10 and the presets of section 11.
//!
//! The standard game is the default. Options are named fields; they are read and written by
//! the names and values the rules text uses (`target = 1000`, `rounding = ten`).

use crate::card::Low;
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

/// The highest `failed_bonus` [`Rules::set`] takes.
pub const MAX_FAILED_BONUS: u32 = 10_000;

/// The highest `target` [`Rules::set`] takes.
pub const MAX_TARGET: i32 = 1_000_000;

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

/// Every option name, in the order of RULES.md section 10.
pub const OPTION_NAMES: [&str; 20] = [
    "low",
    "pack",
    "players",
    "tapp",
    "opening",
    "raise",
    "auction",
    "all_pass",
    "bury_meld_cards",
    "calling",
    "rundgang",
    "family_pair",
    "first_lead",
    "bettel",
    "durch",
    "opponents_need_trick",
    "failed_bonus",
    "rounding",
    "target",
    "match_end",
];

fn on_off(v: bool) -> &'static str {
    if v {
        "on"
    } else {
        "off"
    }
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
        Some(match name {
            "low" => match self.low {
                Low::Nine => "nine".into(),
                Low::Seven => "seven".into(),
            },
            "pack" => self.pack_size().to_string(),
            "players" => self.players.to_string(),
            "tapp" => self.tapp.to_string(),
            "opening" => self.opening.to_string(),
            "raise" => match self.raise {
                Raise::Exact => "exact".into(),
                Raise::Jumps => "jumps".into(),
            },
            "auction" => match self.auction {
                AuctionKind::Duel => "duel".into(),
                AuctionKind::Open => "open".into(),
            },
            "all_pass" => match self.all_pass {
                AllPass::DealerPlays => "dealer_plays".into(),
                AllPass::Redeal => "redeal".into(),
            },
            "bury_meld_cards" => if self.bury_meld_cards {
                "allowed"
            } else {
                "forbidden"
            }
            .into(),
            "calling" => on_off(self.calling).into(),
            "rundgang" => on_off(self.rundgang).into(),
            "family_pair" => if self.family_pair_included {
                "included"
            } else {
                "separate"
            }
            .into(),
            "first_lead" => match self.first_lead {
                FirstLead::Forehand => "forehand".into(),
                FirstLead::Soloist => "soloist".into(),
            },
            "bettel" => on_off(self.bettel).into(),
            "durch" => on_off(self.durch).into(),
            "opponents_need_trick" => if self.opponents_need_trick { "yes" } else { "no" }.into(),
            "failed_bonus" => self.failed_bonus.to_string(),
            "rounding" => match self.rounding {
                Rounding::None => "none".into(),
                Rounding::Ten => "ten".into(),
            },
            "target" => self.target.to_string(),
            "match_end" => match self.match_end {
                MatchEnd::SoloistFirst => "soloist_first".into(),
                MatchEnd::Highest => "highest".into(),
            },
            _ => return None,
        })
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
        let bad = || RulesError(format!("`{value}` is not a value of option `{name}`"));
        let flag = |on: &str, off: &str| -> Result<bool, RulesError> {
            if value == on {
                Ok(true)
            } else if value == off {
                Ok(false)
            } else {
                Err(bad())
            }
        };
        // A number too large for i64 is still a number: the range check names the limit.
        let number = || -> Result<i64, RulesError> {
            match value.parse::<i64>() {
                Ok(n) => Ok(n),
                Err(e) if matches!(e.kind(), std::num::IntErrorKind::PosOverflow) => Ok(i64::MAX),
                Err(e) if matches!(e.kind(), std::num::IntErrorKind::NegOverflow) => Ok(i64::MIN),
                Err(_) => Err(bad()),
            }
        };
        match name {
            "low" => {
                self.low = match value {
                    "nine" | "9" => Low::Nine,
                    "seven" | "7" => Low::Seven,
                    _ => return Err(bad()),
                }
            }
            "pack" => {
                self.pack = match value {
                    "48" => Pack::Full48,
                    "40" => Pack::Short40,
                    _ => return Err(bad()),
                };
                if self.players == 3 {
                    self.tapp = if self.pack == Pack::Short40 { 4 } else { 3 };
                }
            }
            "players" => {
                self.players = match value {
                    "2" => 2,
                    "3" => 3,
                    "4" => 4,
                    _ => return Err(bad()),
                };
                self.tapp = match (self.players, self.pack) {
                    (2, _) => 0,
                    (3, Pack::Full48) => 3,
                    (3, Pack::Short40) => 4,
                    (_, Pack::Full48) => 8,
                    (_, Pack::Short40) => 4,
                };
            }
            "tapp" => {
                self.tapp = match value {
                    "0" => 0,
                    "3" => 3,
                    "4" => 4,
                    "8" => 8,
                    _ => return Err(bad()),
                }
            }
            "opening" => {
                let n = number()?;
                if n <= 0 || n % BID_STEP as i64 != 0 || n > 10_000 {
                    return Err(RulesError(format!(
                        "option `opening` must be a positive multiple of {BID_STEP}, not `{value}`"
                    )));
                }
                self.opening = n as u32;
            }
            "raise" => {
                self.raise = if flag("jumps", "exact")? {
                    Raise::Jumps
                } else {
                    Raise::Exact
                }
            }
            "auction" => {
                self.auction = if flag("open", "duel")? {
                    AuctionKind::Open
                } else {
                    AuctionKind::Duel
                }
            }
            "all_pass" => {
                self.all_pass = if flag("redeal", "dealer_plays")? {
                    AllPass::Redeal
                } else {
                    AllPass::DealerPlays
                }
            }
            "bury_meld_cards" => self.bury_meld_cards = flag("allowed", "forbidden")?,
            "calling" => self.calling = flag("on", "off")?,
            "rundgang" => self.rundgang = flag("on", "off")?,
            "family_pair" => self.family_pair_included = flag("included", "separate")?,
            "first_lead" => {
                self.first_lead = if flag("soloist", "forehand")? {
                    FirstLead::Soloist
                } else {
                    FirstLead::Forehand
                }
            }
            "bettel" => self.bettel = flag("on", "off")?,
            "durch" => self.durch = flag("on", "off")?,
            "opponents_need_trick" => self.opponents_need_trick = flag("yes", "no")?,
            "failed_bonus" => {
                let n = number()?;
                if !(0..=MAX_FAILED_BONUS as i64).contains(&n) {
                    return Err(RulesError(format!(
                        "option `failed_bonus` must be a whole number from 0 to {MAX_FAILED_BONUS}, not `{value}`"
                    )));
                }
                self.failed_bonus = n as u32;
            }
            "rounding" => {
                self.rounding = if flag("ten", "none")? {
                    Rounding::Ten
                } else {
                    Rounding::None
                }
            }
            "target" => {
                let n = number()?;
                if !(1..=MAX_TARGET as i64).contains(&n) {
                    return Err(RulesError(format!(
                        "option `target` must be a whole number from 1 to {MAX_TARGET}, not `{value}`"
                    )));
                }
                self.target = n as i32;
            }
            "match_end" => {
                self.match_end = if flag("highest", "soloist_first")? {
                    MatchEnd::Highest
                } else {
                    MatchEnd::SoloistFirst
                }
            }
            _ => {
                return Err(RulesError(format!(
                    "unknown option `{name}` (known: {})",
                    OPTION_NAMES.join(", ")
                )))
            }
        }
        Ok(())
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
