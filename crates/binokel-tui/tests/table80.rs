//! The table at 80 columns as players meet it (issue #34 points 3, 4, 5 and 8): Kreuzbinokel's
//! partnerships and totals, the table talk that one key opens at any width, the auction list
//! sized by the height, nothing cut mid-word, the hint's measure named, and the `?` help
//! screen with the keys and a glossary, in four languages.

mod common;

use binokel::{Action, Phase, Preset, Rules};
use binokel_tui::command::Command;
use binokel_tui::session::Status;
use binokel_tui::tui::App;
use binokel_tui::Lang;
use common::*;
use crossterm::event::KeyCode;
use std::time::{Duration, Instant};

const LANGS: [Lang; 4] = [Lang::En, Lang::De, Lang::Pt, Lang::Nl];

/// One step of a match: a bot moves, or the person makes the first legal move (bidding
/// where it can when `bid`, else passing), or the next deal starts.
fn step(a: &mut App, bid: bool) {
    match a.session.status() {
        Status::Bot(_) => {
            a.tick(Instant::now() + Duration::from_secs(1));
        }
        Status::Human => {
            let v = a.session.view().unwrap();
            let pick = match phase(a) {
                Some(Phase::Auction) if bid => v.legal.iter().copied().find(|x| matches!(x, Action::Bid(_))),
                Some(Phase::Auction) => v.legal.iter().copied().find(|x| *x == Action::Pass),
                Some(Phase::Declare) => v.legal.iter().copied().find(|x| matches!(x, Action::Trump(_))),
                _ => None,
            };
            a.command(Command::Act(pick.unwrap_or(v.legal[0])));
        }
        Status::DealOver => {
            a.command(Command::Continue);
        }
        Status::MatchOver => {}
    }
}

/// Kreuzbinokel at 80x24, in every frame of two deals and in four languages: each
/// partnership is named with its total (who plays with whom, for every seat), and every
/// seat's melds are on the screen (issue #34 point 3).
#[test]
fn kreuz_at_80x24_names_both_partnerships_with_their_totals_and_every_meld_total() {
    for lang in LANGS {
        let mut a = app(7, Rules::preset(Preset::Kreuz), lang);
        let names = a.session.game().seats().to_vec();
        let mut saw_melds = 0;
        for _ in 0..3000 {
            if a.session.game().deals().len() > 2 {
                break;
            }
            let screen = draw(&mut a, 80, 24);
            let v = a.session.view().unwrap();
            for (x, y) in [(0, 2), (1, 3)] {
                let total = format!("{} {}", a.cat.t("total"), v.totals[x]);
                let sum = format!("Σ {}", v.totals[x]);
                assert!(
                    screen.lines().any(|l| l.contains(names[x].as_str())
                        && l.contains(names[y].as_str())
                        && (l.contains(&total) || l.contains(&sum))),
                    "{lang:?}: {} and {} with `{total}`:\n{screen}",
                    names[x],
                    names[y]
                );
            }
            if v.phase == Phase::Play {
                for m in &v.melds {
                    let head = format!("{} {}", a.cat.t("melds"), m.total);
                    assert!(
                        screen.contains(&head),
                        "{lang:?}: `{head}` of seat {}:\n{screen}",
                        m.seat
                    );
                    saw_melds += 1;
                }
            }
            step(&mut a, true);
        }
        assert!(saw_melds > 0, "{lang:?}: no deal reached the melds");
    }
}

/// The table talk (bids, burials, melds, tricks, results) opens with one key at 80 columns,
/// scrolls with the arrows, PgUp/PgDn and Home/End, and closes with Esc or the same key
/// (issue #34 point 4).
#[test]
fn the_table_talk_opens_at_80_columns_scrolls_and_closes() {
    for lang in [Lang::En, Lang::De] {
        let mut a = app(4, Rules::default(), lang);
        while a.session.game().deals().len() < 3 {
            step(&mut a, true);
        }
        let title = a.cat.t("log");
        let table = draw(&mut a, 80, 24);
        assert!(!table.contains(&title), "{lang:?}:\n{table}");
        key(&mut a, KeyCode::Char('v'));
        let open = draw(&mut a, 80, 24);
        assert!(
            open.contains(&title),
            "{lang:?}: `v` opens the table talk:\n{open}"
        );
        // It opens at the newest line; the first deal's first line is further up.
        let first = a.log[0].clone();
        let newest = a.log.last().unwrap().clone();
        let newest_start: String = newest.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert!(
            open.contains(&newest_start),
            "{lang:?}: `{newest_start}`:\n{open}"
        );
        assert!(!open.contains(&first), "{lang:?}:\n{open}");
        key(&mut a, KeyCode::Home);
        let top = draw(&mut a, 80, 24);
        assert!(top.contains(&first), "{lang:?}: Home shows `{first}`:\n{top}");
        key(&mut a, KeyCode::PageDown);
        let down = draw(&mut a, 80, 24);
        assert_ne!(down, top, "{lang:?}: PgDn scrolls");
        key(&mut a, KeyCode::Down);
        assert_ne!(draw(&mut a, 80, 24), down, "{lang:?}: ↓ scrolls");
        key(&mut a, KeyCode::PageUp);
        key(&mut a, KeyCode::PageUp);
        key(&mut a, KeyCode::Up);
        assert_eq!(
            draw(&mut a, 80, 24),
            top,
            "{lang:?}: PgUp and ↑ go back to the top"
        );
        // The burial, the melds, the tricks and the result are all there.
        let talk = {
            let mut all = String::new();
            key(&mut a, KeyCode::Home);
            for _ in 0..60 {
                all.push_str(&draw(&mut a, 80, 24));
                key(&mut a, KeyCode::PageDown);
            }
            all
        };
        for l in &a.log {
            let start: String = l.split(' ').take(2).collect::<Vec<_>>().join(" ");
            assert!(talk.contains(&start), "{lang:?}: `{l}` is not in the table talk");
        }
        key(&mut a, KeyCode::Esc);
        assert!(!draw(&mut a, 80, 24).contains(&title), "{lang:?}: Esc closes it");
        assert!(a.session.status() != Status::MatchOver);
        key(&mut a, KeyCode::Char('v'));
        assert!(draw(&mut a, 80, 24).contains(&title));
        key(&mut a, KeyCode::Char('v'));
        let closed = draw(&mut a, 80, 24);
        assert!(!closed.contains(&title), "{lang:?}: `v` closes it:\n{closed}");
    }
}

/// A long auction at 120x40 shows every call, not the last 8 (issue #34 point 4).
#[test]
fn the_auction_list_is_sized_by_the_height() {
    let mut longest = 0;
    for seed in 0..200u64 {
        let mut a = app(seed, Rules::default(), Lang::En);
        let names = a.session.game().seats().to_vec();
        // The person bids as long as it may; the bots are random.
        while phase(&a) == Some(Phase::Auction) {
            // The auction panel only (the table talk on the right repeats each call).
            let screen: String = draw(&mut a, 120, 40)
                .lines()
                .map(|l| l.chars().skip(36).take(47).collect::<String>() + "\n")
                .collect();
            let v = a.session.view().unwrap();
            for h in &v.history {
                let Some(x) = h.action else { continue };
                let call = format!("{}: {}", names[h.seat], a.cat.action(x));
                assert!(screen.contains(&call), "`{call}` is missing at 120x40:\n{screen}");
            }
            longest = longest.max(v.history.len());
            step(&mut a, true);
        }
        if longest > 10 {
            return;
        }
    }
    panic!("no seed gave an auction of more than 10 calls ({longest})");
}

/// At 80 columns the hint and the deal's totals are never cut inside a word or a number:
/// each word of the message is on the screen whole (issue #34 point 4).
#[test]
fn at_80_columns_the_hint_and_the_totals_are_whole() {
    for lang in [Lang::En, Lang::De] {
        let mut a = app(3, Rules::default(), lang);
        let mut checked = 0;
        for _ in 0..2000 {
            if a.session.game().deals().len() > 1 {
                break;
            }
            if a.session.status() == Status::Human && checked < 3 && phase(&a) != Some(Phase::Play) {
                key(&mut a, KeyCode::Char('h'));
                let msg = a.message.clone().expect("a hint").0;
                let screen = draw(&mut a, 80, 24);
                let flat: String = screen.lines().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
                for w in msg.split_whitespace() {
                    assert!(flat.contains(w), "{lang:?}: `{w}` of `{msg}` is cut:\n{screen}");
                }
                checked += 1;
            }
            step(&mut a, true);
            if a.session.status() == Status::DealOver {
                let last = a.log.last().unwrap().clone();
                let screen = draw(&mut a, 80, 24);
                let flat: String = screen.lines().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
                for w in last.split_whitespace() {
                    assert!(flat.contains(w), "{lang:?}: `{w}` of `{last}` is cut:\n{screen}");
                }
            }
        }
        assert!(checked > 0);
    }
}

/// The hint says which measure its numbers are, and it is the same in the auction and when
/// the person plays against the soloist (issue #34 point 5; one measure since issue #32).
#[test]
fn the_hint_names_its_measure() {
    for (lang, own, against) in [
        (
            Lang::En,
            "your score less the others' mean",
            "your score less the others' mean",
        ),
        (
            Lang::De,
            "dein Ergebnis minus Schnitt der anderen",
            "dein Ergebnis minus Schnitt der anderen",
        ),
        (
            Lang::Pt,
            "a sua pontuação menos a média dos outros",
            "a sua pontuação menos a média dos outros",
        ),
        (
            Lang::Nl,
            "je score min het gemiddelde van de anderen",
            "je score min het gemiddelde van de anderen",
        ),
    ] {
        let mut a = app(5, Rules::default(), lang);
        let mut saw = (false, false);
        for _ in 0..1500 {
            if saw.0 && saw.1 {
                break;
            }
            if a.session.status() == Status::Human {
                let v = a.session.view().unwrap();
                let opponent = v.phase == Phase::Play && v.soloist.is_some_and(|s| Some(s) != v.seat);
                if v.phase == Phase::Auction && !saw.0 || opponent && !saw.1 {
                    key(&mut a, KeyCode::Char('h'));
                    let msg = a.message.clone().unwrap().0;
                    if opponent {
                        assert!(msg.contains(against), "{lang:?}: {msg}");
                        saw.1 = true;
                    } else {
                        assert!(msg.contains(own), "{lang:?}: {msg}");
                        saw.0 = true;
                    }
                }
            }
            // The person passes, so it plays against the soloist.
            step(&mut a, false);
        }
        assert_eq!(saw, (true, true), "{lang:?}");
    }
}

/// `?` opens a help screen with the keys and a glossary of the words a newcomer meets, in
/// four languages; it scrolls, and Esc or `?` closes it (issue #34 point 8).
#[test]
fn question_mark_opens_the_keys_and_the_glossary() {
    for (lang, title, keys) in [
        (
            Lang::En,
            "Help",
            ["hint", "take back", "table talk", "score sheet"],
        ),
        (Lang::De, "Hilfe", ["Tipp", "zurück", "Am Tisch", "Schreibzettel"]),
        (Lang::Pt, "Ajuda", ["dica", "desfazer", "Na mesa", "pontos"]),
        (Lang::Nl, "Hulp", ["tip", "terug", "Aan tafel", "scorelijst"]),
    ] {
        let mut a = app(1, Rules::default(), lang);
        let table = draw(&mut a, 80, 24);
        key(&mut a, KeyCode::Char('?'));
        let mut seen = String::new();
        for _ in 0..12 {
            seen.push_str(&draw(&mut a, 80, 24));
            key(&mut a, KeyCode::PageDown);
        }
        assert!(seen.contains(title), "{lang:?}:\n{seen}");
        for k in keys {
            assert!(seen.contains(k), "{lang:?}: `{k}` is not explained:\n{seen}");
        }
        for term in ["Tapp", "Durch", "Bettel", "Diss", "Binokel", "Family", "Rundgang"] {
            let word = match (lang, term) {
                (Lang::De, "Family") => "Familie",
                (Lang::Pt, "Family") => "Família",
                (Lang::Nl, "Family") => "Familie",
                _ => term,
            };
            assert!(
                seen.contains(word),
                "{lang:?}: `{word}` is not in the glossary:\n{seen}"
            );
        }
        assert_eq!(a.session.game().deals().len(), 1);
        key(&mut a, KeyCode::Esc);
        assert_eq!(draw(&mut a, 80, 24), table, "{lang:?}: Esc closes the help");
        key(&mut a, KeyCode::Char('?'));
        key(&mut a, KeyCode::Char('?'));
        assert_eq!(draw(&mut a, 80, 24), table, "{lang:?}: `?` closes the help");
    }
}

/// At 80x24 with three players every seat's meld list is on the screen whole in card play,
/// wrapped at spaces in the seats panel (a regression: "four que…"), in English and German.
#[test]
fn at_80x24_every_meld_list_is_whole() {
    for lang in [Lang::En, Lang::De] {
        let mut checked = 0;
        for seed in 1..6 {
            let mut a = app(seed, Rules::default(), lang);
            while a.session.game().deals().len() < 2 {
                let v = a.session.view().unwrap();
                if v.phase == Phase::Play && a.message.is_none() {
                    let screen = draw(&mut a, 80, 24);
                    // The seats panel's lines, joined as one text.
                    let panel: String = screen
                        .lines()
                        .map(|l| l.chars().skip(1).take(30).collect::<String>().trim().to_string())
                        .collect::<Vec<_>>()
                        .join(" ");
                    for m in &v.melds {
                        let list = binokel_tui::text::meld_list(&a.cat, &m.melds);
                        let short = binokel_tui::text::meld_list_short(&a.cat, &m.melds);
                        let head = format!("{} {}: ", a.cat.t("melds"), m.total);
                        assert!(
                            m.melds.is_empty()
                                || panel.contains(&format!("{head}{list}"))
                                || panel.contains(&format!("{head}{short}")),
                            "{lang:?}: `{head}{short}` is not whole:\n{screen}"
                        );
                        checked += m.melds.len();
                    }
                }
                step(&mut a, true);
            }
        }
        assert!(checked > 20, "{lang:?}: {checked}");
    }
}
