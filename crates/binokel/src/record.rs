//! The game record `binokel-record/1` and the referee (RECORDS.md sections 1 and 2).

use crate::action::Action;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::Setup;
use crate::game::{Game, StartError, MAX_MATCH_DEALS};
use crate::rules::Rules;
use serde_json::{json, Map, Value};

/// The format tag of a record.
pub const FORMAT: &str = "binokel-record/1";

/// What the referee says of an input.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A legal record (exit 0): the report to print.
    Legal(Value),
    /// An illegal record (exit 1): where and why.
    Illegal {
        /// The deal, from 0.
        deal: usize,
        /// The action within the deal, from 0; None for a deal whose own fields are wrong.
        action: Option<usize>,
        /// A clear sentence.
        reason: String,
    },
    /// Not a record at all (exit 2): the message for stderr.
    NotARecord(String),
}

impl Verdict {
    /// The process exit code: 0, 1 or 2.
    pub fn exit_code(&self) -> i32 {
        match self {
            Verdict::Legal(_) => 0,
            Verdict::Illegal { .. } => 1,
            Verdict::NotARecord(_) => 2,
        }
    }

    /// The JSON to print on stdout (None for exit 2).
    pub fn to_json(&self) -> Option<Value> {
        match self {
            Verdict::Legal(v) => Some(v.clone()),
            Verdict::Illegal { deal, action, reason } => {
                Some(json!({"legal": false, "deal": deal, "action": action, "reason": reason}))
            }
            Verdict::NotARecord(_) => None,
        }
    }
}

/// A record read far enough to know its rules and seats, with its deals still raw.
struct Header {
    rules: Rules,
    seats: Vec<String>,
    deals: Vec<Value>,
}

fn read_header(text: &str) -> Result<Header, String> {
    // A UTF-8 byte order mark (as some editors on Windows write) is not part of the JSON.
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let v: Value =
        serde_json::from_str(text).map_err(|e| format!("not a record: the input is not JSON ({e})"))?;
    let obj = v.as_object().ok_or("not a record: the JSON is not an object")?;
    match obj.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(Value::String(f)) => {
            return Err(format!("not a record: unknown format `{f}` (expected {FORMAT})"))
        }
        Some(_) => return Err("not a record: `format` is not a string".into()),
        None => return Err(format!("not a record: `format` is missing (expected {FORMAT})")),
    }
    let rules_v = obj.get("rules").ok_or("not a record: `rules` is missing")?;
    let rules = Rules::from_json(rules_v).map_err(|e| format!("not a record: `rules` is unreadable: {e}"))?;
    rules
        .validate()
        .map_err(|e| format!("not a record: `rules` is unreadable: {e}"))?;
    let n = rules.players as usize;
    let seats = match obj.get("seats") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => {
            let names: Option<Vec<String>> = a.iter().map(|x| x.as_str().map(String::from)).collect();
            let names = names.ok_or("not a record: `seats` must be a list of names")?;
            if names.len() != n {
                return Err(format!(
                    "not a record: `seats` names {} seats, the rules have {n}",
                    names.len()
                ));
            }
            names
        }
        Some(_) => return Err("not a record: `seats` must be a list of names".into()),
    };
    let deals = match obj.get("deals") {
        Some(Value::Array(a)) => a.clone(),
        Some(_) => return Err("not a record: `deals` is not a list".into()),
        None => return Err("not a record: `deals` is missing".into()),
    };
    Ok(Header { rules, seats, deals })
}

/// One deal's fields, checked for shape.
struct RawDeal {
    setup: Setup,
    actions: Vec<String>,
    seed: Option<u64>,
}

fn read_deal(v: &Value, rules: &Rules) -> Result<RawDeal, String> {
    let o = v.as_object().ok_or("the deal is not an object")?;
    let n = rules.players as usize;
    let dealer = o
        .get("dealer")
        .and_then(Value::as_u64)
        .filter(|&d| (d as usize) < n)
        .ok_or_else(|| format!("`dealer` must be a seat from 0 to {}", n - 1))? as usize;
    let hands_v = o
        .get("hands")
        .and_then(Value::as_array)
        .ok_or("`hands` must be a list of card lists")?;
    if hands_v.len() != n {
        return Err(format!("`hands` has {} hands for {n} seats", hands_v.len()));
    }
    let mut hands = Vec::with_capacity(n);
    for (i, h) in hands_v.iter().enumerate() {
        let s = h.as_str().ok_or_else(|| format!("hand {i} is not a card list"))?;
        hands.push(CardSet::parse_codes(s, rules.low).map_err(|e| format!("hand {i}: {e}"))?);
    }
    let tapp = match o.get("tapp") {
        Some(Value::String(s)) => CardSet::parse_codes(s, rules.low).map_err(|e| format!("tapp: {e}"))?,
        None if rules.tapp == 0 => CardSet::EMPTY,
        _ => return Err("`tapp` must be a card list".into()),
    };
    let actions = match o.get("actions") {
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_str().map(String::from))
            .collect::<Option<Vec<String>>>()
            .ok_or("`actions` must be a list of strings")?,
        _ => return Err("`actions` must be a list of strings".into()),
    };
    let (stock, turned) = if n == 2 {
        let turned = match o.get("turned") {
            Some(Value::String(s)) => Card::parse_code(s, rules.low).map_err(|e| format!("turned: {e}"))?,
            _ => return Err("`turned` must be one card (two players)".into()),
        };
        let stock = match o.get("stock") {
            Some(Value::String(s)) if s.is_empty() => Vec::new(),
            Some(Value::String(s)) => s
                .split(' ')
                .map(|c| Card::parse_code(c, rules.low))
                .collect::<Result<Vec<Card>, _>>()
                .map_err(|e| format!("stock: {e}"))?,
            _ => return Err("`stock` must be a card list, top card first (two players)".into()),
        };
        (stock, Some(turned))
    } else {
        (Vec::new(), None)
    };
    let seed = o.get("seed").and_then(Value::as_u64);
    Ok(RawDeal {
        setup: Setup {
            rules: *rules,
            dealer,
            hands,
            tapp,
            stock,
            turned,
        },
        actions,
        seed,
    })
}

/// Replays a record into a `Game`, stopping at the first problem.
fn replay(text: &str) -> Result<Game, Verdict> {
    let h = read_header(text).map_err(Verdict::NotARecord)?;
    if h.deals.len() > MAX_MATCH_DEALS {
        // Checked before any deal is replayed: the match ends at the cap, so the deal after
        // it is the first wrong one.
        return Err(Verdict::Illegal {
            deal: MAX_MATCH_DEALS,
            action: None,
            reason: format!(
                "the record has {} deals; a match has at most {MAX_MATCH_DEALS} (it ends after deal {})",
                h.deals.len(),
                MAX_MATCH_DEALS - 1
            ),
        });
    }
    let mut game = Game::new(h.rules, h.seats);
    for (di, dv) in h.deals.iter().enumerate() {
        let illegal_deal = |reason: String| Verdict::Illegal {
            deal: di,
            action: None,
            reason,
        };
        if game.is_over() {
            return Err(illegal_deal("match already over".into()));
        }
        if !game.needs_deal() {
            return Err(illegal_deal("the deal before it is not complete".into()));
        }
        let raw = read_deal(dv, &h.rules).map_err(illegal_deal)?;
        game.start_deal(&raw.setup, raw.seed).map_err(|e| match e {
            StartError::WrongDealer { .. } => illegal_deal("wrong dealer".into()),
            e => illegal_deal(crate::notation::with_low(h.rules.low, || e.to_string())),
        })?;
        for (ai, tok) in raw.actions.iter().enumerate() {
            let illegal = |reason: String| Verdict::Illegal {
                deal: di,
                action: Some(ai),
                reason,
            };
            let a = Action::parse(tok, h.rules.low).map_err(|e| illegal(e.to_string()))?;
            game.play(a).map_err(|e| illegal(e.describe(h.rules.low)))?;
        }
    }
    Ok(game)
}

/// Reads a record into a game (the deal in progress can be continued).
pub fn read_record(text: &str) -> Result<Game, String> {
    replay(text).map_err(|v| match v {
        Verdict::NotARecord(m) => m,
        Verdict::Illegal { deal, action, reason } => match action {
            Some(a) => format!("deal {deal}, action {a}: {reason}"),
            None => format!("deal {deal}: {reason}"),
        },
        Verdict::Legal(_) => unreachable!(),
    })
}

/// The referee: checks every action of a record and reports (RECORDS.md section 2).
///
/// ```
/// use binokel::record::{referee, Verdict};
/// assert_eq!(referee("{").exit_code(), 2);
/// ```
pub fn referee(text: &str) -> Verdict {
    match replay(text) {
        Ok(game) => Verdict::Legal(report(&game)),
        Err(v) => v,
    }
}

/// The referee's report of a game.
pub fn report(game: &Game) -> Value {
    let n = game.players();
    let deals: Vec<Value> = game
        .outcomes()
        .iter()
        .map(|o| {
            json!({
                "complete": o.complete,
                "soloist": o.soloist,
                "bid": o.bid,
                "contract": o.contract.map(|c| c.name()),
                "trump": o.trump.map(|s| s.letter().to_string()),
                "melds": o.melds.map(|m| m[..n].to_vec()),
                "tricks": o.tricks[..n].to_vec(),
                "card_points": o.card_points[..n].to_vec(),
                "scores": if o.complete { o.scores[..n].to_vec() } else { vec![0; n] },
            })
        })
        .collect();
    json!({
        "legal": true,
        "deals": deals,
        "totals": game.totals()[..n].to_vec(),
        "winner": game.winner(),
    })
}

/// Writes a game as a record.
pub fn write_record(game: &Game) -> Value {
    let low = game.rules().low;
    let deals: Vec<Value> = game
        .deals()
        .iter()
        .map(|d| {
            let s = d.start.setup();
            let mut m = Map::new();
            m.insert("dealer".into(), json!(s.dealer));
            m.insert(
                "hands".into(),
                json!(s.hands.iter().map(|h| h.to_codes(low)).collect::<Vec<_>>()),
            );
            m.insert("tapp".into(), json!(s.tapp.to_codes(low)));
            if let Some(t) = s.turned {
                m.insert("turned".into(), json!(t.code(low)));
                let stock: Vec<String> = s.stock.iter().map(|c| c.code(low)).collect();
                m.insert("stock".into(), json!(stock.join(" ")));
            }
            m.insert(
                "actions".into(),
                json!(d.actions.iter().map(|a| a.token(low)).collect::<Vec<_>>()),
            );
            if let Some(seed) = d.seed {
                m.insert("seed".into(), json!(seed));
            }
            Value::Object(m)
        })
        .collect();
    let mut m = Map::new();
    m.insert("format".into(), json!(FORMAT));
    m.insert("rules".into(), game.rules().to_json());
    if !game.seats().is_empty() {
        m.insert("seats".into(), json!(game.seats()));
    }
    m.insert("deals".into(), Value::Array(deals));
    Value::Object(m)
}
