//! The bots as people meet them: each bot id has a persona, a name that is the same
//! everywhere (the create form, the waiting list, the table, the replay, the record), and a
//! strength label. The browser's copy of this table is web/js/personas.js; a test there
//! (`personas_agree_with_the_server`) keeps the two equal.

/// Every bot id with its persona's name and its level, in the order people are offered
/// them (the four levels first).
pub const PERSONAS: &[(&str, &str, &str)] = &[
    ("beginner", "Benno", "beginner"),
    ("easy", "Frieda", "easy"),
    ("medium", "Gottlieb", "medium"),
    ("hard", "Karle", "hard"),
    ("strong", "Karle", "hard"),
    ("heuristic", "Vroni", "club"),
    ("random", "Zufall", "random"),
    ("strong-v1", "Karle (v1)", "test"),
    ("strong-infer", "Karle (infer)", "test"),
    ("strong-pass", "Karle (pass)", "test"),
];

/// The levels offered to people (`binokel serve`'s create form and quick match).
pub const LEVELS: &[&str] = &["beginner", "easy", "medium", "hard"];

/// The persona of a bot id: its display name and its level (`beginner`, `easy`, `medium`,
/// `hard`, `club`, `random`, `test`). A name `make_bot` does not know (an outside engine)
/// is its own name, level `test`.
pub fn persona(bot: &str) -> (&str, &'static str) {
    PERSONAS
        .iter()
        .find(|p| p.0 == bot)
        .map_or((bot, "test"), |p| (p.1, p.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bot_has_a_persona() {
        for b in crate::BOT_NAMES {
            assert!(PERSONAS.iter().any(|p| p.0 == *b), "{b} has no persona");
        }
        assert_eq!(persona("hard"), ("Karle", "hard"));
        assert_eq!(persona("strong"), persona("hard"));
        assert_eq!(persona("heuristic"), ("Vroni", "club"));
        assert_eq!(persona("nobody"), ("nobody", "test"));
        for l in LEVELS {
            assert!(crate::BOT_NAMES.contains(l));
        }
    }
}
