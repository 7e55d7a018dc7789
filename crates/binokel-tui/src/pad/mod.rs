//! The score pad in the terminal (issue #8): a line-oriented prompt mode for entering the
//! deals of a game played with real cards, and a full-screen sheet (ratatui). The arithmetic
//! is [`binokel::pad`]; a pad is saved as its JSON so an evening can be resumed.
//!
//! Commands (also shown by `help`):
//! - `new PRESET NAME NAME NAME [NAME] [target=N] [stake=0.05]`
//! - `deal` (asks field by field) or in one line:
//!   `deal DEALER SOLOIST BID GAME [melds 0,150,20] [tricks y,y,n] [points 80,90,-] [made|failed]`
//!   where seats are names or numbers from 1, GAME is a suit letter (the trump), `durch`,
//!   `bettel` or `surrender X`, and `-` is the one card-point entry the pad fills in.
//! - `fix N ...`: the same fields again for deal N (a correction).
//! - `sheet`, `melds CARDS [trump X]`, `csv FILE`, `json FILE`, `save FILE`, `load FILE`, `quit`.

use binokel::pad::{
    check_bid, check_meld, check_stake, offers, Pad, PadDeal, PadErrorKind, Sheet, MAX_ENTRY, MAX_STAKE_CENTS,
};
use binokel::rules::DEAL_CARD_POINTS;
use binokel::{Card, CardSet, Contract, Rules, Suit};
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

mod ask;
mod screen;

use ask::{ask_deal, Lines};
pub use screen::show_sheet;

/// The state of a pad session: the pad (once there is one) and the file it is saved to.
#[derive(Default)]
pub struct PadSession {
    /// The pad being kept.
    pub pad: Option<Pad>,
    /// Where the pad is saved after every change.
    pub file: Option<PathBuf>,
}

/// Reads a pad saved by `save` (or downloaded from the server's JSON export).
pub fn load_pad(path: &Path) -> Result<Pad, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let pad: Pad =
        serde_json::from_str(&text).map_err(|e| format!("{} is not a saved pad: {e}", path.display()))?;
    // Checked as a new pad and every deal would be: names, stake, the most deals, the rules.
    pad.checked().map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a pad as JSON.
pub fn save_pad(pad: &Pad, path: &Path) -> Result<(), String> {
    let text = serde_json::to_string_pretty(pad).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A new pad from a preset (or `preset:opt=val,...` is not needed: options come as pairs).
pub fn new_pad(
    preset: &str,
    options: &[String],
    players: Vec<String>,
    stake: Option<&str>,
) -> Result<Pad, String> {
    let mut rules = Rules::from_preset_name(preset).map_err(|e| e.to_string())?;
    for o in options {
        rules.set_pair(o).map_err(|e| e.to_string())?;
    }
    rules.validate().map_err(|e| e.to_string())?;
    // The names are trimmed and checked by the rules crate (no two alike, no numbers).
    let mut pad = Pad::create(&rules, &players).map_err(|e| e.to_string())?;
    pad.stake_cents = stake.map(parse_stake).transpose()?;
    Ok(pad)
}

/// A stake per point as typed (`0.05`, `0,05`, `2`): whole cents, so at most two decimals,
/// and at most [`MAX_STAKE_CENTS`]; never rounded.
fn parse_stake(s: &str) -> Result<u32, String> {
    let t = s.trim().replace(',', ".");
    let (whole, frac) = t.split_once('.').unwrap_or((&t, ""));
    let digits = |x: &str| x.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
        return Err(format!("stake `{s}` is not an amount of money (e.g. 0.05)"));
    }
    if frac.len() > 2 {
        return Err(format!(
            "stake `{s}` has more than two decimals; stakes are whole cents (0.01 the least)"
        ));
    }
    let too_much = || {
        format!(
            "stake `{s}` is more than {} a point, the most the pad takes",
            MAX_STAKE_CENTS / 100
        )
    };
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| too_much())?
    };
    let cents = format!("{frac:0<2}").parse::<u64>().unwrap_or(0);
    let total = whole.saturating_mul(100).saturating_add(cents);
    check_stake(total).map_err(|_| too_much())
}

fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

fn contract_text(c: Contract) -> String {
    match c {
        Contract::Trump(s) => format!("trump {s}"),
        Contract::Surrender(s) => format!("gave up, trump {s}"),
        Contract::Durch => "Durch".into(),
        Contract::Bettel => "Bettel".into(),
    }
}

/// The sheet as plain text: one line per deal (scores, running totals in brackets), the
/// totals, the state of the match, and the settlement once it is decided.
pub fn sheet_text(pad: &Pad) -> Result<String, String> {
    let sheet = pad.sheet().map_err(|e| e.to_string())?;
    let rules = pad.rules().map_err(|e| e.to_string())?;
    let w = pad
        .players
        .iter()
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(4)
        .max(12);
    let mut out = format!("{:>4}  {:<26}", "deal", "game");
    for p in &pad.players {
        out.push_str(&format!(" {p:>w$}"));
    }
    out.push('\n');
    for (i, d) in pad.deals.iter().enumerate() {
        // Two players have no auction: the game is just the trump.
        let game = if pad.players.len() == 2 {
            contract_text(d.contract)
        } else {
            format!(
                "{} {} {}",
                pad.players[d.soloist],
                d.bid,
                contract_text(d.contract)
            )
        };
        out.push_str(&format!("{:>4}  {:<26}", i + 1, game));
        for s in 0..pad.players.len() {
            let cell = format!("{} ({})", sheet.deals[i][s], sheet.running[i][s]);
            out.push_str(&format!(" {cell:>w$}"));
        }
        if sheet.after_end(i) {
            out.push_str(&format!("  {AFTER_END}"));
        }
        out.push('\n');
    }
    out.push_str(&format!("{:>4}  {:<26}", "", "total"));
    for t in &sheet.totals {
        out.push_str(&format!(" {t:>w$}"));
    }
    out.push('\n');
    out.push_str(&status_line(pad, &sheet, &rules));
    out.push('\n');
    for (from, to, cents) in &sheet.settlement {
        out.push_str(&format!(
            "{} pays {} {}\n",
            pad.players[*from],
            pad.players[*to],
            money(*cents)
        ));
    }
    Ok(out)
}

/// How the sheets mark a deal after the deal that decided the match.
const AFTER_END: &str = "after the end, not counted";

fn status_line(pad: &Pad, sheet: &Sheet, rules: &Rules) -> String {
    let n = pad.players.len();
    match sheet.winner {
        Some((w, d)) if n == 4 => format!(
            "{} & {} win the match (deal {}).",
            pad.players[w],
            pad.players[w + 2],
            d + 1
        ),
        Some((w, d)) => format!("{} wins the match (deal {}).", pad.players[w], d + 1),
        None if sheet.totals.iter().any(|&t| t >= rules.target) => {
            format!("Tie at {}: one more deal decides.", rules.target)
        }
        None => format!("Playing to {}.", rules.target),
    }
}

fn seat_of(pad: &Pad, tok: &str) -> Result<usize, String> {
    let n = pad.players.len();
    if let Ok(k) = tok.parse::<usize>() {
        if (1..=n).contains(&k) {
            return Ok(k - 1);
        }
        return Err(format!("seat {k} does not exist (1 to {n})"));
    }
    // Names are never whole numbers (the rules crate refuses them), so a number is a seat.
    let key = tok.to_lowercase();
    pad.players
        .iter()
        .position(|p| p.to_lowercase() == key)
        .ok_or_else(|| format!("`{tok}` is not a player ({})", pad.players.join(", ")))
}

/// Whether the soloist made the contract, in numbers for a trump game (`B made: 180 ≥ 160`,
/// `C went down: 90 < 200`, the side's card points and melds when it took a trick); None
/// with two players.
fn result_line(pad: &Pad, d: &PadDeal, rules: &Rules) -> Option<String> {
    let made = d.soloist_made(rules).ok()??;
    let who = &pad.players[d.soloist];
    let n = pad.players.len();
    let side: Vec<usize> = if n == 4 {
        vec![d.soloist, (d.soloist + 2) % 4]
    } else {
        vec![d.soloist]
    };
    Some(match d.contract {
        Contract::Trump(_) => {
            let cards = d.filled_card_points(n).ok()?;
            let took = side
                .iter()
                .any(|&s| d.took_trick.get(s).copied().unwrap_or(false));
            let melds: u32 = if took {
                side.iter().map(|&s| d.melds[s]).sum()
            } else {
                0
            };
            let total = side.iter().map(|&s| cards[s]).sum::<u32>() + melds;
            if made {
                format!("{who} made: {total} ≥ {}", d.bid)
            } else if !took {
                format!("{who} went down: no trick")
            } else {
                format!("{who} went down: {total} < {}", d.bid)
            }
        }
        Contract::Surrender(_) => format!("{who} gave up at {}", d.bid),
        Contract::Durch | Contract::Bettel => {
            let game = if d.contract == Contract::Durch {
                "Durch"
            } else {
                "Bettel"
            };
            format!("{who}'s {game} {}", if made { "made" } else { "failed" })
        }
    })
}

/// The games `rules` play, as the pad's questions and refusals name them (Bettel only where
/// the rules play it).
fn games_of(rules: &Rules) -> String {
    let mut games = vec!["a suit letter S/H/D/C (the trump)"];
    if offers(rules, Contract::Durch) {
        games.push("durch");
    }
    if offers(rules, Contract::Bettel) {
        games.push("bettel");
    }
    if offers(rules, Contract::Surrender(Suit::Spades)) {
        games.push("surrender X");
    }
    games.join(", ")
}

fn contract_of(text: &str, rules: &Rules) -> Result<Contract, String> {
    let t = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let c = match words.as_slice() {
        [s] if s.len() == 1 => Contract::Trump(Suit::parse(s).map_err(|e| e.to_string())?),
        ["trump", s] => Contract::Trump(Suit::parse(s).map_err(|e| e.to_string())?),
        ["surrender", s] => Contract::Surrender(Suit::parse(s).map_err(|e| e.to_string())?),
        ["durch"] => Contract::Durch,
        ["bettel"] => Contract::Bettel,
        _ => return Err(format!("`{text}` is not a game: {}", games_of(rules))),
    };
    if !offers(rules, c) {
        let game = if c == Contract::Durch { "Durch" } else { "Bettel" };
        return Err(format!("{game} is not played under these rules"));
    }
    Ok(c)
}

fn list<T>(
    text: &str,
    n: usize,
    what: &str,
    f: impl Fn(usize, &str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    if items.len() != n {
        return Err(format!("{what}: {} entries, not {n}", items.len()));
    }
    items.into_iter().enumerate().map(|(i, s)| f(i, s)).collect()
}

/// A whole number as typed, saying what is wrong otherwise: negative, not a number, or (too
/// large to read) more than the pad's limit.
fn whole(s: &str, what: &str) -> Result<u64, String> {
    let digits = |x: &str| !x.is_empty() && x.chars().all(|c| c.is_ascii_digit());
    if s.strip_prefix('-').is_some_and(digits) {
        return Err(format!("{what}: `{s}` is negative"));
    }
    if !digits(s) {
        return Err(format!("{what}: `{s}` is not a number"));
    }
    s.parse::<u64>()
        .map_err(|_| format!("{what}: `{s}` is more than {MAX_ENTRY}, the most the pad takes"))
}

/// The melds of seat `seat`, checked by the rules crate (a multiple of 10, the limit).
fn meld_value(pad: &Pad, seat: usize, s: &str) -> Result<u32, String> {
    let v = whole(s, "melds")?;
    check_meld(seat, &pad.players[seat], v).map_err(|e| e.to_string())?;
    Ok(v as u32)
}

/// A bid, checked by the rules crate against the opening bid and the step.
fn bid_value(rules: &Rules, s: &str) -> Result<u32, String> {
    let v = whole(s, "bid")?;
    check_bid(rules, v).map_err(|e| e.to_string())?;
    Ok(v as u32)
}

fn yes_no(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "y" | "yes" | "j" | "ja" | "s" | "sim" | "1" | "true" => Ok(true),
        "n" | "no" | "nein" | "nao" | "não" | "nee" | "0" | "false" => Ok(false),
        _ => Err(format!("`{s}` is not y or n")),
    }
}

fn points_value(s: &str) -> Result<Option<u32>, String> {
    if s == "-" || s.is_empty() {
        return Ok(None);
    }
    match whole(s, "points")? {
        v if v <= u64::from(DEAL_CARD_POINTS) => Ok(Some(v as u32)),
        _ => Err(format!(
            "points: `{s}` is more than the {DEAL_CARD_POINTS} of a deal (or - to fill in)"
        )),
    }
}

/// The words after the game in the one-line form of a deal, each at most once: the lists
/// (`melds`, `tricks`, `points`) with their values, and `made` or `failed`.
#[derive(Default)]
struct Words<'a> {
    melds: Option<&'a str>,
    tricks: Option<&'a str>,
    points: Option<&'a str>,
    made: Option<(&'a str, bool)>,
}

const DEAL_WORDS: [&str; 5] = ["melds", "tricks", "points", "made", "failed"];

/// Reads the words after the game; a word given twice, `made` with `failed`, or a list
/// without its value is refused naming it. `allowed` are the words this kind of deal takes.
fn deal_words<'a>(rest: &[&'a str], allowed: &[&str], kind: &str) -> Result<Words<'a>, String> {
    let mut w = Words::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        if !allowed.contains(&word) {
            return Err(format!("`{word}` is not part of {kind} (see `help`)"));
        }
        if word == "made" || word == "failed" {
            match w.made {
                Some((was, _)) if was == word => return Err(format!("`{word}` is given twice")),
                Some((was, _)) => {
                    return Err(format!(
                        "`{was}` and `{word}` are both given; a game is made or failed"
                    ))
                }
                None => w.made = Some((word, word == "made")),
            }
            i += 1;
            continue;
        }
        let value = match rest.get(i + 1) {
            Some(v) if !DEAL_WORDS.contains(v) => *v,
            _ => {
                return Err(format!(
                    "`{word}` needs its list, e.g. `{word} {}`",
                    example(word)
                ))
            }
        };
        let slot = match word {
            "melds" => &mut w.melds,
            "tricks" => &mut w.tricks,
            _ => &mut w.points,
        };
        if slot.is_some() {
            return Err(format!("`{word}` is given twice"));
        }
        *slot = Some(value);
        i += 2;
    }
    Ok(w)
}

fn example(word: &str) -> &'static str {
    match word {
        "melds" => "0,150,20",
        "tricks" => "y,y,n",
        _ => "80,90,-",
    }
}

/// Parses the one-line form of a deal: `DEALER SOLOIST BID GAME [melds ..] [tricks ..]
/// [points ..] [made|failed]`; with two players `DEALER TRUMP [melds ..] points ..`.
///
/// A Durch or Bettel follows `tricks` when given (made when only the soloist's side took
/// tricks, for a Durch; when the soloist took none, for a Bettel), else `made` (the default)
/// or `failed`. `made` or `failed` that the entry contradicts is refused naming both.
pub fn parse_deal(pad: &Pad, args: &[&str]) -> Result<PadDeal, String> {
    let rules = pad.rules().map_err(|e| e.to_string())?;
    let n = pad.players.len();
    if n == 2 {
        return parse_two_player_deal(pad, args);
    }
    let [dealer, soloist, bid, rest @ ..] = args else {
        return Err("a deal needs DEALER SOLOIST BID GAME (see `help`)".into());
    };
    let dealer = seat_of(pad, dealer)?;
    let soloist = seat_of(pad, soloist)?;
    let bid = bid_value(&rules, bid)?;
    let game_end = rest
        .iter()
        .position(|w| DEAL_WORDS.contains(w))
        .unwrap_or(rest.len());
    let contract = contract_of(&rest[..game_end].join(" "), &rules)?;
    let words = deal_words(&rest[game_end..], &DEAL_WORDS, "a deal")?;
    let mut d = blank_deal(n, dealer, soloist, bid, contract);
    if let Some(v) = words.melds {
        d.melds = list(v, n, "melds", |s, x| meld_value(pad, s, x))?;
    }
    if let Some(v) = words.tricks {
        d.took_trick = list(v, n, "tricks", |_, x| yes_no(x))?;
    }
    if let Some(v) = words.points {
        d.card_points = list(v, n, "points", |_, x| points_value(x))?;
    }
    match contract {
        Contract::Durch | Contract::Bettel => {
            d.melds = vec![0; n];
            if words.tricks.is_none() {
                // Only the outcome is known: the soloist's flag says it, as the prompt does.
                let made = words.made.is_none_or(|(_, m)| m);
                d.took_trick = vec![false; n];
                d.took_trick[soloist] = if contract == Contract::Durch { made } else { !made };
            }
        }
        Contract::Trump(_) if words.points.is_none() => {
            return Err("a trump game needs `points` (one entry may be - to be filled in)".into())
        }
        _ => {}
    }
    pad.scores_of(&d).map_err(|e| e.to_string())?;
    if let Some((word, said)) = words.made {
        let made = d.soloist_made(&rules).map_err(|e| e.to_string())?;
        if made != Some(said) {
            return Err(contradiction(pad, &d, word, words.tricks, made == Some(true)));
        }
    }
    Ok(d)
}

/// The refusal of `made` or `failed` that the rest of the entry contradicts, naming both.
fn contradiction(pad: &Pad, d: &PadDeal, word: &str, tricks: Option<&str>, made: bool) -> String {
    let outcome = if made { "was made" } else { "failed" };
    let who = &pad.players[d.soloist];
    match (d.contract, tricks) {
        (Contract::Surrender(_), _) => {
            format!("`{word}` contradicts the surrender: a surrender always fails")
        }
        (Contract::Durch | Contract::Bettel, Some(t)) => {
            let game = if d.contract == Contract::Durch { "Durch" } else { "Bettel" };
            format!("`{word}` contradicts `tricks {t}`: by the tricks {who}'s {game} {outcome}")
        }
        _ => format!(
            "`{word}` contradicts the entry: by the card points, melds and tricks {who}'s game at {} {outcome}",
            d.bid
        ),
    }
}

/// A suit letter or `trump X`: the trump of a two-player deal.
fn trump_of(text: &str) -> Result<Contract, String> {
    let t = text.trim().to_ascii_lowercase();
    let s = t.strip_prefix("trump").unwrap_or(&t).trim();
    match Suit::parse(s) {
        Ok(s) if !t.is_empty() => Ok(Contract::Trump(s)),
        _ => Err(format!(
            "`{text}` is not a trump suit (S, H, D or C): two players always play a trump game"
        )),
    }
}

/// A deal of `n` players before melds, tricks and card points are filled in: no melds, every
/// seat took a trick (two players have no auction, so no soloist, bid or trick flags).
fn blank_deal(n: usize, dealer: usize, soloist: usize, bid: u32, contract: Contract) -> PadDeal {
    PadDeal {
        dealer,
        soloist,
        bid,
        contract,
        melds: vec![0; n],
        took_trick: if n == 2 { Vec::new() } else { vec![true; n] },
        card_points: vec![None; n],
    }
}

/// The one-line form with two players: `DEALER TRUMP [melds A,B] points A,B` (no auction).
fn parse_two_player_deal(pad: &Pad, args: &[&str]) -> Result<PadDeal, String> {
    let [dealer, trump, rest @ ..] = args else {
        return Err("a two-player deal needs DEALER TRUMP melds A,B points A,B (see `help`)".into());
    };
    let mut d = blank_deal(2, seat_of(pad, dealer)?, 0, 0, trump_of(trump)?);
    let words = deal_words(rest, &["melds", "points"], "a two-player deal")?;
    if let Some(v) = words.melds {
        d.melds = list(v, 2, "melds", |s, x| meld_value(pad, s, x))?;
    }
    let Some(points) = words.points else {
        return Err("a deal needs `points` (one entry may be - to be filled in)".into());
    };
    d.card_points = list(points, 2, "points", |_, x| points_value(x))?;
    pad.scores_of(&d).map_err(|e| e.to_string())?;
    Ok(d)
}

/// "1 deal", "3 deals".
fn deals(n: usize) -> String {
    if n == 1 {
        "1 deal".into()
    } else {
        format!("{n} deals")
    }
}

fn join<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

/// A meld answer for seat `seat`: a number, or cards that the calculator works out under
/// trump `t`.
fn meld_answer(pad: &Pad, seat: usize, a: &str, t: Suit, rules: &Rules) -> Result<u32, String> {
    if a.is_empty() {
        return Ok(0);
    }
    // A number (also a negative one, to be refused as such); anything else is cards (`10s`).
    let number = a.strip_prefix('-').unwrap_or(a);
    if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
        return meld_value(pad, seat, a);
    }
    let hand = parse_hand(a, rules)?;
    Ok(binokel::meld::melds(hand, Some(t), rules).total())
}

fn parse_hand(text: &str, rules: &Rules) -> Result<CardSet, String> {
    let mut hand = CardSet::EMPTY;
    for tok in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let card = match Card::parse(tok) {
            Ok(c) if rules.pack == binokel::rules::Pack::Full48 || c.rank() != binokel::Rank::Nine => c,
            _ => return Err(format!("`{tok}` is not a card")),
        };
        if !hand.insert(card) {
            return Err(format!("`{tok}` is a third copy (the pack has two of each card)"));
        }
    }
    Ok(hand)
}

/// The meld calculator's answer as lines of text.
pub fn melds_text(cards: &str, trump: Option<Suit>, rules: &Rules) -> Result<String, String> {
    let hand = parse_hand(cards, rules)?;
    Ok(format!(
        "{}\n",
        meld_table(&binokel::meld::melds(hand, trump, rules))
    ))
}

/// The meld calculator's table: one line a meld with its name in words, its suit and its
/// points, then the total (`four queens 60`, not the record's `four_queens`).
pub fn meld_table(m: &binokel::Melds) -> String {
    let cat = crate::i18n::Catalog::new(
        crate::i18n::Lang::En,
        crate::i18n::CardStyle::French,
        binokel::Low::Nine,
    );
    let mut out = String::new();
    for x in m.as_slice() {
        match x.suit {
            Some(s) => out.push_str(&format!("{:<15} {}  {:>5}\n", cat.meld(x.kind), s, x.points)),
            None => out.push_str(&format!("{:<15}    {:>5}\n", cat.meld(x.kind), x.points)),
        }
    }
    out.push_str(&format!("{:<18} {:>5}", "total", m.total()));
    out
}

const HELP: &str = "\
commands:
  new PRESET NAME NAME [NAME] [NAME] [target=N] [stake=0.05]   start a pad (presets: standard, swabian, dutch, forty, kreuz, two-player)
  deal                                  enter the next deal, field by field
  deal DEALER SOLOIST BID GAME [melds 0,150,20] [tricks y,y,n] [points 80,90,-] [made|failed]
                                        the same in one line; GAME: S/H/D/C (trump), durch, bettel (where played), surrender X
  deal DEALER TRUMP [melds 150,40] points 140,-   two players: no auction, melds shown and card points
  fix N [...]                           correct deal N (field by field, or the one-line form)
  sheet                                 the sheet: scores, running totals, the winner, who pays whom
  melds CARDS [trump X]                 the meld calculator
  csv FILE | json FILE                  export
  save FILE | load FILE                 keep the evening in a file (saved after every change)
  quit";

/// The game question, naming only the games the rules play.
fn game_question(rules: &Rules) -> String {
    format!("game ({}):", games_of(rules))
}

impl PadSession {
    fn pad(&self) -> Result<&Pad, String> {
        self.pad
            .as_ref()
            .ok_or_else(|| "no pad yet: start one with `new` or `load FILE`".to_string())
    }

    fn changed<W: Write>(&self, out: &mut W) -> io::Result<()> {
        if let (Some(pad), Some(file)) = (&self.pad, &self.file) {
            if let Err(e) = save_pad(pad, file) {
                writeln!(out, "error: {e}")?;
            }
        }
        Ok(())
    }

    /// Runs commands from `input` until `quit` or its end; errors are reported on `out` and
    /// the session goes on. Answers false when a command failed and the input ended without
    /// `quit` (the exit status of a script); a `quit` is a normal end, whatever went before.
    pub fn run<R: BufRead, W: Write>(&mut self, input: &mut R, out: &mut W) -> io::Result<bool> {
        let mut all_ok = true;
        loop {
            let mut lines = Lines {
                input: &mut *input,
                out: &mut *out,
            };
            let Some(line) = lines.ask("pad>")? else { break };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some((&cmd, args)) = words.split_first() else {
                continue;
            };
            let r = match cmd {
                "quit" | "exit" | "q" => return Ok(true),
                "help" | "?" => {
                    writeln!(out, "{HELP}")?;
                    Ok(())
                }
                "deal" | "fix" => self.deal_command(cmd, args, input, out)?,
                _ => self.command(cmd, args, out)?,
            };
            if let Err(e) = r {
                all_ok = false;
                writeln!(out, "error: {e}")?;
            }
        }
        Ok(all_ok)
    }

    fn deal_command<R: BufRead, W: Write>(
        &mut self,
        cmd: &str,
        args: &[&str],
        input: &mut R,
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        let pad = match self.pad() {
            Ok(p) => p.clone(),
            Err(e) => return Ok(Err(e)),
        };
        let (index, rest) = if cmd == "fix" {
            let Some(n) = args.first().and_then(|a| a.parse::<usize>().ok()) else {
                return Ok(Err("fix needs the number of the deal (fix 2)".into()));
            };
            if n == 0 || n > pad.deals.len() {
                return Ok(Err(format!("there is no deal {n}")));
            }
            (Some(n - 1), &args[1..])
        } else {
            // Before any question: the match may be over, or the pad full.
            if let Err(e) = pad.can_add() {
                return Ok(Err(match e.kind {
                    PadErrorKind::MatchOver => format!("{e} with `fix N`"),
                    _ => e.to_string(),
                }));
            }
            (None, args)
        };
        let deal = if rest.is_empty() {
            let mut lines = Lines { input, out };
            match ask_deal(&pad, index.map(|i| &pad.deals[i]), &mut lines)? {
                Some(d) => d,
                None => return Ok(Err("the deal was not entered".into())),
            }
        } else {
            match parse_deal(&pad, rest) {
                Ok(d) => d,
                Err(e) => return Ok(Err(e)),
            }
        };
        if index.is_none() {
            // A dealer out of rotation is taken (real evenings have their reasons), but said.
            let n = pad.players.len();
            if let Some(last) = pad.deals.last() {
                let expected = (last.dealer + 1) % n;
                if deal.dealer != expected {
                    writeln!(
                        out,
                        "note: {} deals, but it was {}'s turn to deal; the rotation goes on from {}",
                        pad.players[deal.dealer], pad.players[expected], pad.players[deal.dealer]
                    )?;
                }
            }
        }
        let Some(p) = self.pad.as_mut() else {
            return Ok(Err("no pad yet: start one with `new` or `load FILE`".into()));
        };
        let r = match index {
            Some(i) => p.correct(i, deal),
            None => p.add(deal),
        };
        if let Err(e) = r {
            return Ok(Err(e.to_string()));
        }
        let i = index.unwrap_or(p.deals.len() - 1);
        let rules = p.rules().map_err(|e| io::Error::other(e.to_string()))?;
        if !rest.is_empty() {
            // A one-line entry: the card points as filled in (asked one by one, they were
            // shown already).
            if let Ok(v) = p.deals[i].filled_card_points(p.players.len()) {
                let filled = match p.deals[i].card_points.iter().position(Option::is_none) {
                    Some(s) => format!(" ({} filled in for {})", v[s], p.players[s]),
                    None => String::new(),
                };
                writeln!(out, "card points: {}{filled}", join(&v))?;
            }
        }
        if let Some(line) = result_line(p, &p.deals[i], &rules) {
            writeln!(out, "{line}")?;
        }
        let sheet = p.sheet().map_err(|e| io::Error::other(e.to_string()))?;
        writeln!(
            out,
            "deal {}: {}; totals {}",
            i + 1,
            join(&sheet.deals[i]),
            join(&sheet.totals)
        )?;
        if sheet.winner.is_some() {
            writeln!(out, "{}", status_line(p, &sheet, &rules))?;
        }
        if sheet.counted < p.deals.len() {
            writeln!(
                out,
                "note: the match ended with deal {}; deals {} to {} stay on the sheet but do not count",
                sheet.counted,
                sheet.counted + 1,
                p.deals.len()
            )?;
        }
        self.changed(out)?;
        Ok(Ok(()))
    }

    fn command<W: Write>(&mut self, cmd: &str, args: &[&str], out: &mut W) -> io::Result<Result<(), String>> {
        let r = match cmd {
            "new" => (|| {
                let (preset, rest) = args.split_first().ok_or("new PRESET NAME NAME NAME")?;
                let mut options = Vec::new();
                let mut stake = None;
                let mut names = Vec::new();
                for a in rest {
                    if let Some(v) = a.strip_prefix("stake=") {
                        stake = Some(v.to_string());
                    } else if a.contains('=') {
                        options.push(a.to_string());
                    } else {
                        names.push(a.to_string());
                    }
                }
                self.pad = Some(new_pad(preset, &options, names, stake.as_deref())?);
                Ok(format!("new pad: {}", self.pad()?.players.join(", ")))
            })(),
            "sheet" => self.pad().and_then(sheet_text),
            "melds" => (|| {
                let rules = match &self.pad {
                    Some(p) => p.rules().map_err(|e| e.to_string())?,
                    None => Rules::default(),
                };
                let (cards, trump) = match args.iter().position(|a| *a == "trump") {
                    Some(i) => {
                        let t = args.get(i + 1).ok_or("trump needs a suit letter")?;
                        (
                            args[..i].join(" "),
                            Some(Suit::parse(t).map_err(|e| e.to_string())?),
                        )
                    }
                    None => (args.join(" "), None),
                };
                melds_text(&cards, trump, &rules)
            })(),
            "csv" | "json" | "save" => (|| {
                let file = args.first().ok_or(format!("{cmd} FILE"))?;
                let pad = self.pad()?;
                match cmd {
                    "csv" => std::fs::write(file, pad.to_csv().map_err(|e| e.to_string())?)
                        .map_err(|e| format!("cannot write {file}: {e}"))?,
                    _ => save_pad(pad, Path::new(file))?,
                }
                if cmd == "save" {
                    self.file = Some(PathBuf::from(file));
                }
                Ok(format!("written to {file}"))
            })(),
            "load" => (|| {
                let file = args.first().ok_or("load FILE")?;
                let pad = load_pad(Path::new(file))?;
                self.file = Some(PathBuf::from(file));
                let msg = format!("loaded {}: {}", deals(pad.deals.len()), pad.players.join(", "));
                self.pad = Some(pad);
                Ok(msg)
            })(),
            _ => Err(format!("unknown command `{cmd}` (try help)")),
        };
        match r {
            Ok(text) => {
                writeln!(out, "{}", text.trim_end())?;
                if cmd == "new" {
                    self.changed(out)?;
                }
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(e)),
        }
    }
}
