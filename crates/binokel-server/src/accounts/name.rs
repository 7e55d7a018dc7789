//! Account names: the same rule as a name at a table ([`binokel::name::check`]), and the
//! canonical form that makes names unique (docs/accounts.md, "Names"): NFKC case folding,
//! white space runs as one space, then the UTS #39 skeleton (`unicode-security`), so "Anna",
//! "ANNA", "anna" and "Аnna" with a Cyrillic А are one name.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

/// The canonical form of a name: names with the same one look alike and only one account may
/// hold it.
///
/// ```
/// use binokel_server::accounts::canonical;
/// assert_eq!(canonical("Anna"), canonical("ANNA"));
/// assert_eq!(canonical("Anna"), canonical("\u{410}nna")); // Cyrillic А
/// assert_eq!(canonical("Anna  Berg"), canonical("anna\u{a0}berg"));
/// assert_ne!(canonical("Anna"), canonical("Anne"));
/// ```
pub fn canonical(name: &str) -> String {
    // NFKC_Casefold, as Unicode defines it: NFKD, case fold, NFKC (the default ignorable
    // code points go in the skeleton below).
    let folded: String = caseless::default_case_fold_str(&name.nfkd().collect::<String>())
        .nfkc()
        .collect();
    let spaced = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    skeleton(&spaced).collect()
}

/// Checks a typed account name: Ok with it trimmed, or the sentence naming what is wrong.
pub fn check(raw: &str) -> Result<String, String> {
    binokel::name::check(raw).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_share_a_canonical_form() {
        let anna = canonical("Anna");
        for same in ["anna", "ANNA", "\u{410}nna", "Ａｎｎａ", "An\u{200b}na", " Anna "] {
            assert_eq!(canonical(same.trim()), anna, "{same:?}");
        }
        // Case folding is more than lower case: ß is ss.
        assert_eq!(canonical("Straße"), canonical("STRASSE"));
        // A confusable digit: 1 and l are one shape.
        assert_eq!(canonical("Pau1"), canonical("Paul"));
        assert_ne!(canonical("Anna"), canonical("Ann"));
    }
}
