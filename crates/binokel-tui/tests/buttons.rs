//! The buttons of the full-screen table: they stop at either end, the ones that throw a hand
//! away ask for a confirmation, and the declaration starts on the best trump.

mod common;
use binokel::{Action, Contract, Phase, Preset, Rules, Suit};
use binokel_tui::render::{buttons, Tone};
use binokel_tui::session::Status;
use binokel_tui::tui::{App, Flow};
use binokel_tui::Lang;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::{Duration, Instant};

fn app(seed: u64, rules: Rules) -> App {
    common::app(seed, rules, Lang::En)
}

fn key(app: &mut App, code: KeyCode) {
    common::key(app, code);
}

fn phase(app: &App) -> Option<Phase> {
    app.session.deal().map(|d| d.phase())
}

fn bots(app: &mut App) {
    while matches!(app.session.status(), Status::Bot(_)) {
        app.tick(Instant::now() + Duration::from_secs(1));
    }
}

fn focused(app: &App) -> Action {
    buttons(&app.session.view().unwrap())[app.button]
}

/// Plays on (the person bids whenever it may) until the person is to declare.
fn until_declare(a: &mut App) -> bool {
    for _ in 0..2000 {
        bots(a);
        match a.session.status() {
            Status::DealOver => key(a, KeyCode::Enter),
            Status::Human => match phase(a) {
                Some(Phase::Declare) => return true,
                Some(Phase::Auction) => {
                    let v = a.session.view().unwrap();
                    a.button = buttons(&v)
                        .iter()
                        .position(|x| matches!(x, Action::Bid(_)))
                        .unwrap_or(0);
                    key(a, KeyCode::Enter);
                }
                Some(Phase::Bury) => {
                    for _ in 0..3 {
                        key(a, KeyCode::Char(' '));
                        key(a, KeyCode::Right);
                    }
                    key(a, KeyCode::Enter);
                }
                _ => key(a, KeyCode::Enter),
            },
            _ => return false,
        }
    }
    false
}

/// Left from `pass` stays on `pass` (a regression: it jumped to the highest bid), and left
/// from the first trump stays there (it jumped to giving up).
#[test]
fn buttons_stop_at_either_end() {
    let mut a = app(3, Rules::default());
    for _ in 0..1000 {
        bots(&mut a);
        let v = a.session.view().unwrap();
        if a.session.status() == Status::Human && v.legal.iter().any(|x| matches!(x, Action::Bid(_))) {
            break;
        }
        key(&mut a, KeyCode::Enter);
    }
    a.button = 0;
    assert_eq!(focused(&a), Action::Pass);
    key(&mut a, KeyCode::Left);
    assert_eq!(focused(&a), Action::Pass, "left from pass");
    key(&mut a, KeyCode::Up);
    assert_eq!(focused(&a), Action::Pass, "up from pass");

    let mut a = app(1, Rules::default());
    assert!(until_declare(&mut a));
    for _ in 0..10 {
        key(&mut a, KeyCode::Left);
    }
    assert_eq!(a.button, 0);
    assert!(matches!(focused(&a), Action::Trump(_)));
    key(&mut a, KeyCode::Left);
    assert!(
        matches!(focused(&a), Action::Trump(_)),
        "left from the first trump"
    );
    let n = buttons(&a.session.view().unwrap()).len();
    for _ in 0..n + 3 {
        key(&mut a, KeyCode::Right);
    }
    assert_eq!(a.button, n - 1, "right stops at the last button");
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.button, n - 1, "tab stops at the last button");
}

/// Presses the button for `want` twice, checking that the first Enter only asks.
fn press_with_confirmation(a: &mut App, want: Action) {
    let v = a.session.view().unwrap();
    let i = buttons(&v).iter().position(|x| *x == want).unwrap();
    a.button = i;
    key(a, KeyCode::Enter);
    assert_eq!(phase(a), Some(Phase::Declare), "{want} after one Enter");
    let (msg, tone) = a.message.clone().unwrap();
    assert_eq!(tone, Tone::Error);
    assert!(msg.contains("Enter again"), "{msg}");
    // Esc cancels the question without leaving the table.
    assert_eq!(
        a.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)),
        Flow::Continue
    );
    assert!(a.message.is_none(), "{:?}", a.message);
    key(a, KeyCode::Enter);
    assert_eq!(phase(a), Some(Phase::Declare), "{want} after Esc and one Enter");
    // Any other key lets the question go: the next Enter asks again.
    key(a, KeyCode::Left);
    key(a, KeyCode::Right);
    assert_eq!(a.button, i);
    assert!(a.message.is_none(), "{:?}", a.message);
    key(a, KeyCode::Enter);
    assert_eq!(
        phase(a),
        Some(Phase::Declare),
        "{want} after a cancelled question"
    );
    key(a, KeyCode::Enter);
    assert_ne!(phase(a), Some(Phase::Declare), "{want} after the confirmation");
}

#[test]
fn giving_up_durch_and_bettel_ask_for_a_confirmation() {
    let mut a = app(1, Rules::default());
    assert!(until_declare(&mut a));
    press_with_confirmation(&mut a, Action::Surrender(Suit::Clubs));
    assert_eq!(
        a.session.deal().unwrap().contract(),
        Some(Contract::Surrender(Suit::Clubs))
    );

    let mut a = app(2, Rules::default());
    assert!(until_declare(&mut a));
    press_with_confirmation(&mut a, Action::Durch);
    assert_eq!(a.session.deal().unwrap().contract(), Some(Contract::Durch));

    let rules = Rules::preset(Preset::Dutch);
    assert!(rules.bettel);
    let mut a = app(3, rules);
    assert!(until_declare(&mut a));
    press_with_confirmation(&mut a, Action::Bettel);
    assert_eq!(a.session.deal().unwrap().contract(), Some(Contract::Bettel));

    // A trump is declared with one Enter.
    let mut a = app(4, Rules::default());
    assert!(until_declare(&mut a));
    key(&mut a, KeyCode::Enter);
    assert!(matches!(
        a.session.deal().unwrap().contract(),
        Some(Contract::Trump(_))
    ));
}

/// The declaration's focus starts on the trump whose melds are worth most (ties: suit order),
/// not on the first suit.
#[test]
fn the_declaration_starts_on_the_best_trump() {
    let mut not_first = 0;
    for seed in 0..12 {
        let mut a = app(seed, Rules::default());
        if !until_declare(&mut a) {
            continue;
        }
        let v = a.session.view().unwrap();
        let rules = *a.session.deal().unwrap().rules();
        let totals: Vec<(Suit, u32)> = Suit::ALL
            .iter()
            .map(|&s| (s, binokel::meld::melds(v.hand.unwrap(), Some(s), &rules).total()))
            .collect();
        let max = totals.iter().map(|t| t.1).max().unwrap();
        let best = totals.iter().find(|t| t.1 == max).unwrap().0;
        assert_eq!(focused(&a), Action::Trump(best), "seed {seed}: {totals:?}");
        if best != Suit::ALL[0] {
            not_first += 1;
        }
    }
    assert!(
        not_first > 0,
        "every best trump was the first suit: the test proves nothing"
    );
}
