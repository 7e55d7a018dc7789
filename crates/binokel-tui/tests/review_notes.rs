//! Pattern notes in the review's table (docs/review.md, "Pattern notes"): the frozen record
//! of the smeared ace (crates/binokel-ai/tests/fixtures/ace_blunder.json), where Anna gives
//! her ace of spades to the soloist's trick although the king of diamonds was allowed, has a
//! note line "Points given away" under that card, in each of the four languages, with the
//! name of the one list of themes (`binokel_ai::themes`).

use binokel::Low;
use binokel_ai::review::{review_record, ReviewBudget, ReviewOptions};
use binokel_ai::themes::Theme;
use binokel_tui::i18n::{CardStyle, Catalog, Lang};
use binokel_tui::reviewtable::review_table;

const FIXTURE: &str = include_str!("../../binokel-ai/tests/fixtures/ace_blunder.json");

#[test]
fn the_table_names_the_pattern_under_the_card_in_four_languages() {
    let opts = ReviewOptions {
        seats: vec![0],
        budget: ReviewBudget::scaled(0.25),
        hindsight: false,
    };
    let r = review_record(FIXTURE, &opts, &|_, _| {}).expect("review");
    let d = r
        .decisions
        .iter()
        .find(|d| d.index == 47)
        .expect("the ace is reviewed");
    assert_eq!(d.notes, vec![Theme::PointsGivenAway], "{d:?}");
    let noted = r.decisions.iter().filter(|d| !d.notes.is_empty()).count();
    for (lang, word) in [
        (Lang::En, "note"),
        (Lang::De, "Hinweis"),
        (Lang::Nl, "let op"),
        (Lang::Pt, "nota"),
    ] {
        let table = review_table(&r, &Catalog::new(lang, CardStyle::French, Low::Nine));
        let line = format!("{word}: {}", Theme::PointsGivenAway.name(lang.code()));
        let lines: Vec<&str> = table.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_start() == line)
            .unwrap_or_else(|| panic!("no `{line}` in\n{table}"));
        // Under the line of the ace (its move number is 48, counted from 1).
        assert!(lines[at - 1].contains(" 48 "), "{}", lines[at - 1]);
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.trim_start().starts_with(&format!("{word}: ")))
                .count(),
            noted
        );
    }
}
