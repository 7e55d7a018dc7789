//! The full-screen table driven by keys and clicks, without a terminal: the same `App` the
//! real loop runs, with the screen drawn into ratatui's `TestBackend`.

mod common;

use binokel::{Action, Low, Phase, Rules};
use binokel_tui::render::Tone;
use binokel_tui::session::{Config, Session, Status};
use binokel_tui::tui::{App, Flow};
use binokel_tui::{CardStyle, Catalog, Lang};
use common::{key, phase};
use crossterm::event::KeyCode;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::{Duration, Instant};

fn app(seed: u64, lang: Lang) -> App {
    common::app(seed, Rules::default(), lang)
}

fn draw(app: &mut App) -> String {
    common::draw(app, 80, 24)
}

/// Lets the bots move until it is the person's turn (or the deal or match is over).
fn bots(app: &mut App) {
    while matches!(app.session.status(), Status::Bot(_)) {
        app.tick(Instant::now() + Duration::from_secs(1));
    }
}

/// One move by keys: Enter on the focused button or card; Space to mark burial cards.
fn human_move(app: &mut App) {
    match phase(app) {
        Some(Phase::Bury) => {
            for _ in 0..3 {
                key(app, KeyCode::Char(' '));
                key(app, KeyCode::Right);
            }
            key(app, KeyCode::Enter);
        }
        _ => {
            key(app, KeyCode::Enter);
        }
    }
}

#[test]
fn a_whole_match_is_played_with_the_keyboard() {
    let mut a = app(4, Lang::En);
    let mut moves = 0;
    for _ in 0..200_000 {
        bots(&mut a);
        match a.session.status() {
            Status::MatchOver => break,
            Status::DealOver => {
                key(&mut a, KeyCode::Enter);
            }
            Status::Human => {
                let before = a.session.game().deals().last().map(|d| d.actions.len());
                human_move(&mut a);
                let after = a.session.game().deals().last().map(|d| d.actions.len());
                assert_ne!(before, after, "the key did not make a move: {:?}", a.message);
                moves += 1;
            }
            Status::Bot(_) => unreachable!(),
        }
        if moves % 97 == 0 {
            // Drawing at any point of the match works.
            assert!(draw(&mut a).contains("Binokel"));
        }
    }
    assert_eq!(a.session.status(), Status::MatchOver);
    let screen = draw(&mut a);
    assert!(screen.contains("wins the match"), "{screen}");
}

#[test]
fn a_typed_illegal_card_is_refused_with_the_reason() {
    let mut a = app(9, Lang::En);
    // Play on until the person must follow suit and holds a card that may not be played.
    for _ in 0..100_000 {
        bots(&mut a);
        match a.session.status() {
            Status::Human if phase(&a) == Some(Phase::Play) => {
                let v = a.session.view().unwrap();
                let illegal = v
                    .hand
                    .unwrap()
                    .distinct()
                    .find(|c| !v.legal.contains(&Action::Play(*c)));
                if let Some(c) = illegal {
                    let before = a.session.record();
                    let code = c.code(Low::Nine);
                    for ch in code.chars() {
                        key(&mut a, KeyCode::Char(ch.to_ascii_lowercase()));
                    }
                    let (msg, tone) = a.message.clone().unwrap();
                    assert_eq!(tone, Tone::Error);
                    assert!(msg.contains("not allowed"), "{msg}");
                    assert_eq!(a.session.record(), before);
                    assert!(draw(&mut a).contains("not allowed"));
                    return;
                }
                human_move(&mut a);
            }
            Status::MatchOver => break,
            Status::DealOver => {
                key(&mut a, KeyCode::Enter);
            }
            _ => human_move(&mut a),
        }
    }
    panic!("no position with an illegal card came up");
}

#[test]
fn burying_needs_three_marked_cards() {
    // Bid on (the button after `pass` raises) until the person is the soloist.
    for seed in 0..50 {
        let mut a = app(seed, Lang::De);
        loop {
            bots(&mut a);
            if a.session.status() != Status::Human || phase(&a) != Some(Phase::Auction) {
                break;
            }
            let v = a.session.view().unwrap();
            let raise = binokel_tui::render::buttons(&v)
                .iter()
                .position(|b| matches!(b, Action::Bid(_)))
                .unwrap();
            a.button = raise;
            key(&mut a, KeyCode::Enter);
        }
        if phase(&a) != Some(Phase::Bury) || a.session.status() != Status::Human {
            continue;
        }
        key(&mut a, KeyCode::Char(' '));
        key(&mut a, KeyCode::Enter);
        let (msg, tone) = a.message.clone().unwrap();
        assert_eq!(tone, Tone::Error);
        assert!(msg.contains("genau 3"), "{msg}");
        key(&mut a, KeyCode::Right);
        key(&mut a, KeyCode::Char(' '));
        key(&mut a, KeyCode::Right);
        key(&mut a, KeyCode::Char(' '));
        key(&mut a, KeyCode::Enter);
        assert_eq!(phase(&a), Some(Phase::Declare));
        // Undo (`z`) takes the burial back.
        key(&mut a, KeyCode::Char('z'));
        assert_eq!(phase(&a), Some(Phase::Bury));
        // A hint names the bot that gave it.
        key(&mut a, KeyCode::Char('h'));
        let (msg, tone) = a.message.clone().unwrap();
        assert_eq!(tone, Tone::Hint);
        assert!(msg.contains(Session::hint_bot_name()), "{msg}");
        return;
    }
    panic!("the person never became soloist");
}

#[test]
fn clicking_a_card_twice_plays_it() {
    let mut a = app(12, Lang::En);
    for _ in 0..100_000 {
        bots(&mut a);
        if a.session.status() == Status::Human && phase(&a) == Some(Phase::Play) {
            break;
        }
        if a.session.status() == Status::DealOver {
            key(&mut a, KeyCode::Enter);
        } else {
            human_move(&mut a);
        }
    }
    draw(&mut a);
    let v = a.session.view().unwrap();
    let cards = binokel_tui::render::hand_cards(&v);
    let (rect, i) = *a
        .hits()
        .cards
        .iter()
        .find(|(_, i)| v.legal.contains(&Action::Play(cards[*i])))
        .unwrap();
    let before = a.session.game().deals().last().unwrap().actions.len();
    a.click(rect.x, rect.y);
    assert_eq!(a.cursor, i);
    a.click(rect.x, rect.y);
    let log = a.session.game().deals().last().unwrap();
    assert_eq!(log.actions.get(before), Some(&Action::Play(cards[i])));
}

#[test]
fn x_and_esc_leave_the_table() {
    let mut a = app(1, Lang::Pt);
    assert_eq!(key(&mut a, KeyCode::Char('x')), Flow::Quit);
    let mut a = app(1, Lang::Pt);
    assert_eq!(key(&mut a, KeyCode::Esc), Flow::Quit);
}

/// Plays until the person is to play a card and holds a card of `rank` that is legal.
fn until_a_legal(a: &mut App, rank: binokel::Rank) -> Option<binokel::Card> {
    for _ in 0..100_000 {
        bots(a);
        match a.session.status() {
            Status::Human if phase(a) == Some(Phase::Play) => {
                let v = a.session.view().unwrap();
                let found = v.legal.iter().find_map(|x| match x {
                    Action::Play(c) if c.rank() == rank => Some(*c),
                    _ => None,
                });
                if found.is_some() {
                    return found;
                }
                human_move(a);
            }
            Status::Human => human_move(a),
            Status::DealOver => {
                key(a, KeyCode::Enter);
            }
            _ => return None,
        }
    }
    None
}

/// `q` then a suit is a queen (a regression: `q` saved and quit at once, so `qs` could not be
/// typed although the help lists it).
#[test]
fn typing_q_and_a_suit_plays_the_queen() {
    for seed in 0..20 {
        let mut a = app(seed, Lang::En);
        let Some(queen) = until_a_legal(&mut a, binokel::Rank::Queen) else {
            continue;
        };
        let before = a.session.game().deals().last().unwrap().actions.len();
        assert_eq!(key(&mut a, KeyCode::Char('q')), Flow::Continue);
        let suit = queen.suit().letter().to_ascii_lowercase();
        assert_eq!(key(&mut a, KeyCode::Char(suit)), Flow::Continue);
        let log = a.session.game().deals().last().unwrap();
        assert_eq!(log.actions.get(before), Some(&Action::Play(queen)));
        return;
    }
    panic!("no legal queen in 20 deals");
}

/// `u` then a suit letter is an Unter with German cards (a regression: `u` took back).
#[test]
fn typing_u_and_a_suit_plays_the_unter_with_german_cards() {
    for seed in 0..20 {
        let session = Session::new(Config {
            rules: Rules::default(),
            name: "Anna".into(),
            bots: vec!["random".into(), "random".into()],
            seed,
            save: None,
        })
        .unwrap();
        let cat = Catalog::new(Lang::De, CardStyle::German, Low::Nine);
        let mut a = App::new(session, cat, Duration::ZERO);
        let Some(unter) = until_a_legal(&mut a, binokel::Rank::Jack) else {
            continue;
        };
        let before = a.session.game().deals().last().unwrap().actions.len();
        let code = CardStyle::German.code(unter, Low::Nine);
        for ch in code.to_lowercase().chars() {
            assert_eq!(key(&mut a, KeyCode::Char(ch)), Flow::Continue);
        }
        let log = a.session.game().deals().last().unwrap();
        assert_eq!(
            log.actions.get(before),
            Some(&Action::Play(unter)),
            "typed {code}"
        );
        return;
    }
    panic!("no legal Unter in 20 deals");
}

#[test]
fn tiny_and_huge_terminals_draw_without_panicking() {
    let mut a = app(2, Lang::Nl);
    for _ in 0..40 {
        bots(&mut a);
        human_move(&mut a);
    }
    for (w, h) in [
        (1, 1),
        (20, 5),
        (39, 30),
        (100, 11),
        (40, 12),
        (64, 20),
        (63, 30),
        (79, 23),
        (100, 30),
        (240, 70),
    ] {
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        term.draw(|f| a.draw(f)).unwrap();
        let b = term.backend().buffer().clone();
        let text: String = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| b[(x, y)].symbol().to_string())
            .collect();
        // Below the minimum the screen says it is too small instead of a table without a
        // hand or a seat (tests/sizes.rs shows the minimum is honest).
        let (mw, mh) = binokel_tui::render::MIN_SIZE;
        let small = w < mw || h < mh;
        if w >= 39 {
            assert_eq!(text.contains("te klein"), small, "{w}x{h}: {text}");
        }
    }
}

#[test]
fn a_saved_match_is_stepped_through_in_the_replay() {
    use binokel_tui::render::Overlay;
    use binokel_tui::replay::Replay;
    let mut a = app(6, Lang::En);
    for _ in 0..200 {
        bots(&mut a);
        if a.session.status() == Status::DealOver {
            key(&mut a, KeyCode::Enter);
        } else {
            human_move(&mut a);
        }
    }
    let text = a.session.record().to_string();
    let mut r = Replay::from_text(&text, None).unwrap();
    let cat = Catalog::new(Lang::En, CardStyle::French, Low::Nine);
    let shot = |r: &Replay| {
        let mut term = Terminal::new(TestBackend::new(100, 30)).unwrap();
        term.draw(|f| r.draw(f, &cat, Overlay::None)).unwrap();
        common::screen_text(term.backend().buffer())
    };
    assert_eq!(r.position(), (0, 0));
    // Seat 0 is to act at the start of the auction, but a replay shows no action buttons (a
    // regression: a stray `[bid 150]`).
    r.step(1);
    assert!(!shot(&r).contains("[bid"), "{}", shot(&r));
    r.step(-1);
    for _ in 0..6 {
        assert!(!shot(&r).contains("[pass]"), "{}", shot(&r));
        r.step(1);
    }
    r.step(-6);
    r.step(3);
    assert_eq!(r.position(), (0, 3));
    let total = r.game().deals()[0].actions.len();
    assert!(shot(&r).contains(&format!("Deal 1, action 3 of {total}")));
    r.jump_deal(true);
    assert_eq!(r.position(), (1, 0));
    r.step(-1);
    assert_eq!(r.position(), (0, total));
    assert!(shot(&r).contains("Deal over"));
    r.jump_end(true);
    let (d, k) = r.position();
    assert_eq!(d + 1, r.game().deals().len());
    assert_eq!(k, r.game().deals()[d].actions.len());
    r.step(1);
    assert_eq!(r.position(), (d, k), "stepping past the end stays at the end");
    assert!(Replay::from_text("{", None).is_err());
    assert!(Replay::from_text(&text, Some(7))
        .unwrap_err()
        .contains("--seat 7"));
}

#[test]
fn two_players_show_melds_with_m_and_play_the_match_with_the_keyboard() {
    let session = Session::new(Config {
        rules: Rules::from_preset_name("two-player").unwrap(),
        name: "Anna".into(),
        bots: vec!["random".into()],
        seed: 12,
        save: None,
    })
    .unwrap();
    let mut a = App::new(
        session,
        Catalog::new(Lang::En, CardStyle::French, Low::Nine),
        Duration::ZERO,
    );
    bots(&mut a);
    let first = draw(&mut a);
    assert!(first.contains("Trump "), "{first}");
    assert!(first.contains("turned "), "{first}");
    assert!(first.contains("stock 24"), "{first}");
    let mut shown = 0;
    for _ in 0..100_000 {
        bots(&mut a);
        match a.session.status() {
            Status::MatchOver => break,
            Status::DealOver => {
                key(&mut a, KeyCode::Enter);
            }
            Status::Human => {
                let v = a.session.view().unwrap();
                let offered = v
                    .legal
                    .iter()
                    .any(|x| matches!(x, Action::Meld(..) | Action::Exchange));
                if offered {
                    assert!(a.help().contains("m meld/exchange"), "{}", a.help());
                    key(&mut a, KeyCode::Char('m'));
                    let screen = draw(&mut a);
                    assert!(screen.contains("Enter show"), "{screen}");
                    let before = a.session.deal().unwrap().melds()[0];
                    key(&mut a, KeyCode::Enter);
                    let after = a.session.view().unwrap();
                    // The first button is a meld or the exchange; either way it is taken
                    // (the legal list changes) and the card play goes on from the hand.
                    assert_ne!(after.legal, v.legal);
                    assert_eq!(after.to_act, Some(0));
                    if a.session.deal().unwrap().melds()[0] > before {
                        shown += 1;
                    }
                } else {
                    key(&mut a, KeyCode::Enter);
                }
            }
            Status::Bot(_) => {}
        }
    }
    assert_eq!(a.session.status(), Status::MatchOver);
    assert!(shown > 0, "no meld was shown by keys");
    let w = a.session.game().winner().unwrap();
    assert!(a.session.game().totals()[w] >= 1000);
}

/// Plays until the person may bid in the auction.
fn until_a_bid(a: &mut App) -> bool {
    for _ in 0..1000 {
        bots(a);
        let may_bid = a.session.status() == Status::Human
            && a.session
                .view()
                .is_some_and(|v| v.legal.iter().any(|x| matches!(x, Action::Bid(_))));
        if may_bid {
            return true;
        }
        match a.session.status() {
            Status::DealOver => {
                key(a, KeyCode::Enter);
            }
            Status::Human => human_move(a),
            _ => return false,
        }
    }
    false
}

/// Digits typed in the auction and Enter make that bid (a regression: `220` Enter passed), and
/// a bid that is not allowed is refused with the reason, leaving the auction as it was.
#[test]
fn a_bid_typed_as_a_number_is_made_or_refused() {
    let mut a = app(3, Lang::En);
    assert!(until_a_bid(&mut a));
    let v = a.session.view().unwrap();
    let lowest = v.legal.iter().find_map(|x| match x {
        Action::Bid(b) => Some(*b),
        _ => None,
    });
    let lowest = lowest.unwrap();
    let before = a.session.game().deals().last().unwrap().actions.len();
    // A bid out of step first: refused, nothing played.
    for ch in format!("{}", lowest + 5).chars() {
        key(&mut a, KeyCode::Char(ch));
    }
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.session.game().deals().last().unwrap().actions.len(), before);
    let (msg, tone) = a.message.clone().unwrap();
    assert_eq!(tone, Tone::Error, "{msg}");
    // Now the right one.
    for ch in lowest.to_string().chars() {
        key(&mut a, KeyCode::Char(ch));
    }
    key(&mut a, KeyCode::Enter);
    let log = a.session.game().deals().last().unwrap();
    assert_eq!(log.actions.get(before), Some(&Action::Bid(lowest)));
    assert!(
        a.message
            .as_ref()
            .is_none_or(|m| !m.0.contains(&lowest.to_string())),
        "the echo stays"
    );
}

/// After the person bids, the focus waits on the next bid, not on pass (a regression: it
/// jumped back to pass every turn).
#[test]
fn after_a_bid_the_focus_stays_on_bidding() {
    for seed in 0..20 {
        let mut a = app(seed, Lang::En);
        if !until_a_bid(&mut a) {
            continue;
        }
        let v = a.session.view().unwrap();
        let bid = binokel_tui::render::buttons(&v)
            .iter()
            .position(|x| matches!(x, Action::Bid(_)))
            .unwrap();
        a.button = bid;
        key(&mut a, KeyCode::Enter);
        // The auction comes back to the person with a bid still possible.
        if !until_a_bid(&mut a) || a.session.deal().unwrap().phase() != Phase::Auction {
            continue;
        }
        let v = a.session.view().unwrap();
        let focused = binokel_tui::render::buttons(&v)[a.button];
        assert!(matches!(focused, Action::Bid(_)), "focus on {focused}");
        return;
    }
    panic!("the auction never came back to the person");
}

/// When a bot wins the auction, the Tapp it picked up is still on the table in the first
/// trick (a regression: it showed for one bot delay, 0.9 s).
#[test]
fn a_bots_tapp_stays_on_the_table_into_the_first_trick() {
    for seed in 0..30 {
        let mut a = app(seed, Lang::En);
        // The person passes at once, so a bot is the soloist.
        for _ in 0..100 {
            bots(&mut a);
            let Some(d) = a.session.deal().copied() else { break };
            if d.phase() != Phase::Auction || a.session.status() != Status::Human {
                break;
            }
            let legal = a.session.view().unwrap().legal;
            let act = if legal.contains(&Action::Pass) {
                Action::Pass
            } else {
                legal[0]
            };
            a.session.play_human(act).unwrap();
        }
        bots(&mut a);
        let Some(d) = a.session.deal().copied() else {
            continue;
        };
        if d.phase() != Phase::Play || d.soloist() == Some(0) || d.tricks_played() > 0 {
            continue;
        }
        let screen = draw(&mut a);
        let cat = Catalog::new(Lang::En, CardStyle::French, Low::Nine);
        for c in d.tapp().sorted_for_display() {
            assert!(
                screen.contains(&cat.card(c)),
                "{c} of the Tapp not shown:\n{screen}"
            );
        }
        assert!(screen.contains("Tapp"), "{screen}");
        return;
    }
    panic!("no bot soloist in 30 deals");
}

#[test]
fn the_replay_shows_the_reviews_mark_for_the_action_just_played() {
    use binokel_ai::review::{review_record, ReviewBudget, ReviewOptions};
    use binokel_tui::render::Overlay;
    use binokel_tui::replay::Replay;
    // binokel-ai's known blunder: Anna smears her ace of spades at action 47 of deal 0.
    let text = include_str!("../../binokel-ai/tests/fixtures/ace_blunder.json");
    let opts = ReviewOptions {
        seats: vec![0],
        budget: ReviewBudget::scaled(0.5),
        hindsight: true,
    };
    let review = review_record(text, &opts, &|_, _| {})
        .unwrap()
        .to_json()
        .to_string();
    let mut r = Replay::from_text(text, None)
        .unwrap()
        .with_review(&review)
        .unwrap();
    let cat = Catalog::new(Lang::En, CardStyle::French, Low::Nine);
    let shot = |r: &Replay| {
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        term.draw(|f| r.draw(f, &cat, Overlay::None)).unwrap();
        common::screen_text(term.backend().buffer())
    };
    r.step(48);
    assert_eq!(r.position(), (0, 48));
    let s = shot(&r);
    assert!(s.contains("?? blunder: 197 points lost; better: K♦"), "{s}");
    // At 80 columns the hindsight line does not fit beside it and is left out, not cut.
    assert!(!s.contains("hindsight"), "{s}");
    let wide = {
        let mut term = Terminal::new(TestBackend::new(120, 30)).unwrap();
        term.draw(|f| r.draw(f, &cat, Overlay::None)).unwrap();
        common::screen_text(term.backend().buffer())
    };
    assert!(
        wide.contains("?? blunder: 197 points lost; better: K♦; hindsight (all cards seen): K♦, 280 lost"),
        "{wide}"
    );
    // One step on: Ben's card is not Anna's decision, nothing is said about it.
    r.step(1);
    assert!(!shot(&r).contains("blunder"), "{}", shot(&r));
    // A review of another match is refused.
    let other = review.replace("\"AS\"", "\"KS\"");
    let err = Replay::from_text(text, None)
        .unwrap()
        .with_review(&other)
        .unwrap_err();
    assert!(err.contains("does not belong to this record"), "{err}");
}

/// After the match is over, leaving names `binokel replay FILE`, not `--resume` (a
/// regression: it offered `binokel play --resume FILE`, which refuses a finished match).
#[test]
fn leaving_a_finished_match_does_not_offer_to_resume_it() {
    let save = std::path::Path::new("/tmp/some match.json");
    let mut a = app(4, Lang::En);
    let before = a.farewell(save);
    assert!(
        before[1].contains("binokel play --resume '/tmp/some match.json'"),
        "{before:?}"
    );
    for _ in 0..200_000 {
        bots(&mut a);
        match a.session.status() {
            Status::MatchOver => break,
            Status::DealOver => {
                key(&mut a, KeyCode::Enter);
            }
            _ => human_move(&mut a),
        }
    }
    assert_eq!(a.session.status(), Status::MatchOver);
    assert_eq!(key(&mut a, KeyCode::Char('x')), Flow::Quit);
    let lines = a.farewell(save);
    assert!(lines[0].contains("/tmp/some match.json"), "{lines:?}");
    assert!(!lines.join("\n").contains("--resume"), "{lines:?}");
    assert!(
        lines[1].contains("binokel replay '/tmp/some match.json'"),
        "{lines:?}"
    );
}

/// The letters of a typed card code go from the status line once the code is complete or
/// dropped (a regression: marking `jc` for the burial left `j` on the screen, as did Esc).
#[test]
fn typed_card_codes_leave_no_stale_letter() {
    for seed in 0..30 {
        let mut a = app(seed, Lang::En);
        // Bid until the person buries (or give up on this seed).
        for _ in 0..200 {
            bots(&mut a);
            if a.session.status() != Status::Human || phase(&a) != Some(Phase::Auction) {
                break;
            }
            let v = a.session.view().unwrap();
            a.button = binokel_tui::render::buttons(&v)
                .iter()
                .position(|x| matches!(x, Action::Bid(_)))
                .unwrap_or(0);
            key(&mut a, KeyCode::Enter);
        }
        if a.session.status() != Status::Human || phase(&a) != Some(Phase::Bury) {
            continue;
        }
        let card = binokel_tui::render::hand_cards(&a.session.view().unwrap())[0];
        let code = a.cat.card_code(card).to_lowercase();
        let (first, rest) = code.split_at(code.len() - 1);
        for ch in first.chars() {
            key(&mut a, KeyCode::Char(ch));
        }
        assert_eq!(a.message.as_ref().map(|m| m.0.as_str()), Some(first));
        key(&mut a, KeyCode::Char(rest.chars().next().unwrap()));
        assert_eq!(a.marked.len(), 1, "{code} marks the card");
        let screen = draw(&mut a);
        let status = screen.lines().nth(21).unwrap().trim().to_string();
        assert_ne!(status, first, "the stale letter stays:\n{screen}");
        assert!(a.message.as_ref().is_none_or(|m| m.0 != first), "{:?}", a.message);
        // Esc drops a half-typed code and its letter.
        key(&mut a, KeyCode::Char(first.chars().next().unwrap()));
        assert!(a.message.is_some());
        key(&mut a, KeyCode::Esc);
        assert!(a.message.is_none(), "{:?}", a.message);
        return;
    }
    panic!("the person never buried");
}
