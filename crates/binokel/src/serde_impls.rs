//! Serde forms of the vocabulary types: the record notation as strings.

use crate::action::Action;
use crate::card::{Card, Low, Suit};
use crate::cardset::CardSet;
use crate::deal::{Contract, Phase};
use crate::meld::{Meld, MeldKind};
use crate::notation::low;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! as_string {
    ($t:ty, $to:expr, $from:expr) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                #[allow(clippy::redundant_closure_call)]
                s.serialize_str(&($to)(self))
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                #[allow(clippy::redundant_closure_call)]
                ($from)(&s).map_err(D::Error::custom)
            }
        }
    };
}

// Written in the notation in force (`crate::notation`); read with `9` or `7` for the low card.
as_string!(Card, |c: &Card| c.code(low()), |s: &str| Card::parse_code(
    s,
    Low::Nine
)
.or_else(|_| Card::parse_code(s, Low::Seven)));
as_string!(Suit, |c: &Suit| c.letter().to_string(), Suit::parse);
as_string!(CardSet, |c: &CardSet| c.to_codes(low()), |s: &str| {
    CardSet::parse_codes(s, Low::Nine).or_else(|_| CardSet::parse_codes(s, Low::Seven))
});
as_string!(Action, |a: &Action| a.token(low()), |s: &str| Action::parse(
    s,
    Low::Nine
)
.or_else(|_| Action::parse(s, Low::Seven)));
as_string!(MeldKind, |k: &MeldKind| k.name().to_string(), |s: &str| {
    MeldKind::from_name(s).ok_or_else(|| format!("`{s}` is not a meld kind"))
});
as_string!(
    Phase,
    |p: &Phase| match p {
        Phase::Auction => "auction",
        Phase::Bury => "bury",
        Phase::Declare => "declare",
        Phase::Play => "play",
        Phase::Done => "done",
    }
    .to_string(),
    |s: &str| match s {
        "auction" => Ok(Phase::Auction),
        "bury" => Ok(Phase::Bury),
        "declare" => Ok(Phase::Declare),
        "play" => Ok(Phase::Play),
        "done" => Ok(Phase::Done),
        _ => Err(format!("`{s}` is not a phase")),
    }
);

impl Contract {
    /// The declaration's record token: `trump S`, `durch`, `bettel`, `surrender H`.
    pub fn token(self) -> String {
        match self {
            Contract::Trump(s) => format!("trump {s}"),
            Contract::Durch => "durch".into(),
            Contract::Bettel => "bettel".into(),
            Contract::Surrender(s) => format!("surrender {s}"),
        }
    }
}

as_string!(
    Contract,
    |c: &Contract| c.token(),
    |s: &str| match Action::parse(s, Low::Nine) {
        Ok(Action::Trump(t)) => Ok(Contract::Trump(t)),
        Ok(Action::Surrender(t)) => Ok(Contract::Surrender(t)),
        Ok(Action::Durch) => Ok(Contract::Durch),
        Ok(Action::Bettel) => Ok(Contract::Bettel),
        _ => Err(format!("`{s}` is not a contract")),
    }
);

#[derive(Serialize, Deserialize)]
struct MeldJson {
    kind: MeldKind,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    suit: Option<Suit>,
    points: u32,
}

impl Serialize for Meld {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MeldJson {
            kind: self.kind,
            suit: self.suit,
            points: self.points,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Meld {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = MeldJson::deserialize(d)?;
        Ok(Meld {
            kind: m.kind,
            suit: m.suit,
            points: m.points,
        })
    }
}
