//! The theme detectors (docs/puzzles.md, "Themes"): each on a hand-made position where it
//! applies and on one where it does not.

use binokel::{Action, Card, CardSet, Contract, Phase, Rules, Suit};
use binokel_ai::info::Info;
use binokel_ai::themes::{notes, tags, Theme, ALL, NOTES};

fn c(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn set(s: &str) -> CardSet {
    CardSet::parse_lenient(s).unwrap()
}

/// Seat `me` of three, seat 0 the soloist, spades trump; `trick` led by `leader`.
fn spot(me: usize, hand: &str, played: &str, leader: usize, trick: &str) -> Info {
    let trick: Vec<(usize, Card)> = trick
        .split_whitespace()
        .enumerate()
        .map(|(i, x)| ((leader + i) % 3, c(x)))
        .collect();
    let mut all = set(played);
    for &(_, x) in &trick {
        all.insert(x);
    }
    let hand = set(hand);
    Info {
        rules: Rules::default(),
        me,
        n: 3,
        dealer: 2,
        phase: Phase::Play,
        soloist: Some(0),
        contract: Some(Contract::Trump(Suit::Spades)),
        bid: 200,
        hand,
        tapp: None,
        buried: None,
        played_by: [CardSet::EMPTY; 4],
        played: all,
        forbidden: [0; 4],
        hand_sizes: [hand.len(); 4],
        history: Vec::new(),
        trick,
        tricks_done: 0,
        shown: Vec::new(),
    }
}

fn has(info: &Info, card: &str, t: Theme) -> bool {
    tags(info, Action::Play(c(card))).contains(&t)
}

#[test]
fn ids_are_unique_and_read_back_and_every_theme_has_four_texts() {
    for t in ALL {
        assert_eq!(Theme::from_id(t.id()), Some(t));
        assert!(t.texts().iter().all(|x| !x.is_empty()));
        assert_ne!(t.describe("de"), t.describe("en"));
    }
    assert_eq!(Theme::from_id("no-such"), None);
}

#[test]
fn smear_and_points_given_away() {
    // Seat 2 (an opponent) follows to a trick its partner, seat 1, wins with the heart ace.
    let i = spot(2, "TH 9H KC", "", 0, "KH AH");
    assert!(has(&i, "TH", Theme::Smear));
    assert!(!has(&i, "9H", Theme::Smear));
    // The soloist (seat 0) wins it instead: the ten is given away, a nine was allowed.
    let i = spot(2, "TH 9H KC", "", 0, "AH KH");
    assert!(!has(&i, "TH", Theme::Smear));
    assert!(has(&i, "TH", Theme::PointsGivenAway));
    assert!(!has(&i, "9H", Theme::PointsGivenAway));
}

#[test]
fn cash_out_unguarded_ten_and_trump_management() {
    // Both heart aces played: the ten is a winner.
    let i = spot(0, "TH 9H TC AS", "AH AH", 0, "");
    assert!(has(&i, "TH", Theme::CashOut));
    assert!(!has(&i, "TH", Theme::UnguardedTenLed));
    assert!(has(&i, "TC", Theme::UnguardedTenLed));
    assert!(!has(&i, "TC", Theme::CashOut));
    assert!(has(&i, "AS", Theme::TrumpManagement));
    assert!(!has(&i, "9H", Theme::TrumpManagement));
}

#[test]
fn trump_ten_thrown_away_finesse_and_endplay() {
    // A spade ace leads; seat 1 must follow with the ten or the nine.
    let i = spot(1, "TS 9S KC", "", 0, "AS");
    assert!(has(&i, "TS", Theme::TrumpTenThrownAway));
    // Seat 1 second to a heart king with the ten and the ace; an ace still out.
    let i = spot(1, "TH AH 9C", "", 0, "KH");
    assert!(has(&i, "TH", Theme::Finesse));
    assert!(!has(&i, "AH", Theme::Finesse));
    // Four tricks left, seat 0 leads a low club holding the top heart.
    let i = spot(0, "AH 9C JC KD", "AH", 0, "");
    assert!(has(&i, "9C", Theme::Endplay));
    assert!(!has(&i, "AH", Theme::Endplay));
}

#[test]
fn a_burial_with_points() {
    let i = spot(0, "AH 9C JC KD", "", 0, "");
    assert!(tags(&i, Action::Bury(set("AH 9C JC"))).contains(&Theme::BuryPoints));
    assert!(!tags(&i, Action::Bury(set("9C JC KD"))).contains(&Theme::BuryPoints));
}

#[test]
fn notes_name_the_errors_of_the_played_card_that_the_best_does_not_show() {
    // The soloist (seat 0) wins the trick: the ten is given away, a nine was allowed.
    let i = spot(2, "TH 9H KC", "", 0, "AH KH");
    let ten = Action::Play(c("TH"));
    let nine = Action::Play(c("9H"));
    assert_eq!(notes(&i, ten, nine), vec![Theme::PointsGivenAway]);
    // No note when the card played is the best, or the best shows the pattern too.
    assert!(notes(&i, ten, ten).is_empty());
    assert!(notes(&i, nine, ten).is_empty());
    // Only the errors of the list are notes: a smear is good play.
    let i = spot(2, "TH 9H KC", "", 0, "KH AH");
    assert!(tags(&i, ten).contains(&Theme::Smear));
    assert!(notes(&i, ten, nine).is_empty());
    assert!(NOTES.iter().all(|t| ALL.contains(t)));
    assert_eq!(Theme::PointsGivenAway.name("de"), "Punkte verschenkt");
}

#[test]
fn the_web_names_the_notes_with_the_texts_of_the_one_list() {
    // web/i18n's `review.pattern.*` are the descriptions of themes.rs, in each language.
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/i18n");
    for lang in ["en", "de", "nl", "pt"] {
        let text = std::fs::read_to_string(web.join(format!("{lang}.json"))).expect("catalogue");
        let cat: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        for t in NOTES {
            assert_eq!(
                cat[format!("review.pattern.{}", t.id())].as_str(),
                Some(t.describe(lang)),
                "{lang}: {}",
                t.id()
            );
        }
    }
}
