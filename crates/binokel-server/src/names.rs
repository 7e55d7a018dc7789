//! Every seat at a table has a distinct name (issue #33): a person who takes a seat under a
//! name already at the table gets a suffix (`Anna (2)`), kept in the store and so in the
//! record; two bots of one persona at one table get two personas (`Gottlieb`, `Gretel`).
//! Names are compared without regard to letter case.

use crate::model::StoredSeat;
use binokel::name::MAX_NAME_CHARS;

/// The second persona of each bot persona ([`binokel_ai::persona`]), for a second bot of the
/// same level at one table.
const SECOND_PERSONA: &[(&str, &str)] = &[
    ("Benno", "Berta"),
    ("Frieda", "Fritz"),
    ("Gottlieb", "Gretel"),
    ("Karle", "Kätter"),
    ("Vroni", "Veit"),
    ("Zufall", "Zora"),
];

fn taken(name: &str, names: &[String]) -> bool {
    let low = name.to_lowercase();
    names.iter().any(|n| n.to_lowercase() == low)
}

/// `name` made distinct from `names`: unchanged when no other seat has it, else a bot's
/// second persona (`bot`) when that is free, else `name (2)`, `name (3)`... with the name cut
/// so that the whole stays within the name limit.
pub fn distinct(name: &str, bot: bool, names: &[String]) -> String {
    if !taken(name, names) {
        return name.to_string();
    }
    if bot {
        if let Some((_, second)) = SECOND_PERSONA.iter().find(|(first, _)| *first == name) {
            if !taken(second, names) {
                return (*second).to_string();
            }
        }
    }
    for n in 2.. {
        let suffix = format!(" ({n})");
        let room = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
        let base: String = name.chars().take(room).collect();
        let candidate = format!("{}{suffix}", base.trim_end());
        if !taken(&candidate, names) {
            return candidate;
        }
    }
    unreachable!("a free suffix exists among finitely many seats")
}

/// The names of every seat, each distinct: people keep the names they took their seats with
/// (made distinct when they took them), then each bot gets its persona, or its second
/// persona or a suffix where that name is already at the table. `raw` is each seat's name
/// before this (a person's stored name, a bot's persona, `Seat N`).
pub fn distinct_names(seats: &[StoredSeat], raw: Vec<String>) -> Vec<String> {
    let mut out: Vec<Option<String>> = vec![None; raw.len()];
    let mut names: Vec<String> = Vec::new();
    let people = seats.iter().map(|s| s.name.is_some() || s.bot.is_none());
    let (first, then): (Vec<_>, Vec<_>) = people.enumerate().partition(|(_, person)| *person);
    for (i, person) in first.into_iter().chain(then) {
        let name = distinct(&raw[i], !person, &names);
        names.push(name.clone());
        out[i] = Some(name);
    }
    out.into_iter().map(Option::unwrap_or_default).collect()
}

/// The name a person takes `seat` with: `name` (checked) made distinct from the names of
/// the other seats already taken (people and bots).
pub fn name_for_seat(seats: &[StoredSeat], seat: usize, name: &str) -> String {
    let all = seat_names(seats);
    let others: Vec<String> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i != seat && (seats[*i].bot.is_some() || seats[*i].token.is_some()))
        .map(|(_, n)| n)
        .collect();
    distinct(name, false, &others)
}

/// The seat names a match is played with: people's own names, a bot's persona
/// ([`binokel_ai::persona`]: `Karle`, `Gottlieb`, ...).
/// Every seat's name is distinct ([`distinct_names`]).
pub fn seat_names(seats: &[StoredSeat]) -> Vec<String> {
    let raw = seats
        .iter()
        .enumerate()
        .map(|(i, s)| match (&s.name, &s.bot) {
            (Some(n), _) => n.clone(),
            (None, Some(b)) => binokel_ai::persona(b).0.to_string(),
            (None, None) => format!("Seat {}", i + 1),
        })
        .collect();
    distinct_names(seats, raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_name_is_kept_and_a_taken_one_gets_a_suffix() {
        let at = vec!["Anna".to_string(), "Gottlieb".to_string()];
        assert_eq!(distinct("Ben", false, &at), "Ben");
        assert_eq!(distinct("anna", false, &at), "anna (2)");
        assert_eq!(distinct("Gottlieb", true, &at), "Gretel");
        assert_eq!(distinct("Gottlieb", false, &at), "Gottlieb (2)");
        let more = vec!["Gottlieb".to_string(), "Gretel".to_string()];
        assert_eq!(distinct("Gottlieb", true, &more), "Gottlieb (2)");
    }
}
