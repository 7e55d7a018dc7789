//! Display names, one rule wherever a person types one (a seat at a table, the lobby, a score
//! pad, a record posted for review, the terminal): trimmed, at most [`MAX_NAME_CHARS`]
//! characters, no control character, and at least one visible character: a code point of
//! Unicode general category L, N, P or S that is not Default_Ignorable (so U+200B, U+2060,
//! U+FEFF or the Hangul filler U+3164 alone are no name). Names stored before the rule still
//! load: only new input is checked.

use std::fmt;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// The most characters (Unicode scalar values) a name may have.
pub const MAX_NAME_CHARS: usize = 24;

/// Why a name is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Nothing but white space.
    Empty,
    /// More than [`MAX_NAME_CHARS`] characters (the count is given).
    TooLong(usize),
    /// A control character (its code point is given).
    Control(char),
    /// No visible character: only marks, separators or invisible code points.
    Invisible,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => write!(f, "the name is empty"),
            NameError::TooLong(n) => write!(
                f,
                "the name has {n} characters, more than {MAX_NAME_CHARS}, the most a name may have"
            ),
            NameError::Control(c) => {
                write!(f, "the name holds the control character U+{:04X}", u32::from(*c))
            }
            NameError::Invisible => write!(
                f,
                "the name has no visible character (a letter, digit, punctuation or symbol)"
            ),
        }
    }
}

impl std::error::Error for NameError {}

/// Whether `c` is Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt): code
/// points a renderer shows as nothing, whatever their category.
pub fn is_default_ignorable(c: char) -> bool {
    matches!(u32::from(c),
        0x00AD | 0x034F | 0x061C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// Whether `c` is visible: general category L, N, P or S, and not Default_Ignorable.
pub fn is_visible(c: char) -> bool {
    matches!(
        c.general_category_group(),
        GeneralCategoryGroup::Letter
            | GeneralCategoryGroup::Number
            | GeneralCategoryGroup::Punctuation
            | GeneralCategoryGroup::Symbol
    ) && !is_default_ignorable(c)
}

/// Checks a typed name: Ok with it trimmed, or the reason it is refused.
///
/// ```
/// use binokel::name::{check, NameError};
/// assert_eq!(check("  Anna ").unwrap(), "Anna");
/// assert_eq!(check("\u{200B}\u{3164}"), Err(NameError::Invisible));
/// ```
pub fn check(raw: &str) -> Result<String, NameError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(NameError::TooLong(n));
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(NameError::Control(c));
    }
    if !name.chars().any(is_visible) {
        return Err(NameError::Invisible);
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_only_names_are_refused() {
        for bad in [
            "\u{200B}",
            "\u{200D}",
            "\u{2060}",
            "\u{FEFF}",
            "\u{3164}",
            "\u{115F}\u{FFA0}",
            "\u{0301}",
        ] {
            assert_eq!(
                check(bad),
                Err(NameError::Invisible),
                "{:?}",
                bad.escape_unicode().to_string()
            );
        }
        // A visible character among invisible ones is a name.
        assert_eq!(check("\u{200B}A\u{200D}").unwrap(), "\u{200B}A\u{200D}");
    }

    #[test]
    fn letters_digits_punctuation_symbols_are_visible() {
        for ok in ["Anna", "7", "!", "♠", "Ü", "李", "😀", "Jörg-Bernd"] {
            assert_eq!(check(ok).unwrap(), ok);
        }
    }

    #[test]
    fn length_and_control_characters() {
        assert_eq!(check("   "), Err(NameError::Empty));
        assert_eq!(check(&"x".repeat(24)).unwrap().len(), 24);
        assert_eq!(check(&"x".repeat(25)), Err(NameError::TooLong(25)));
        assert_eq!(check("a\u{7}b"), Err(NameError::Control('\u{7}')));
        assert!(NameError::TooLong(25).to_string().contains("24"));
    }
}
