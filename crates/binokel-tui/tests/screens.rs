//! Snapshots of the table in every phase, in several languages, drawn with ratatui's
//! `TestBackend`. The deal is built from a fixed card order (not a seeded shuffle) so the
//! screens do not change when the engine's shuffle does.
//!
//! Regenerate after an intended change: `INSTA_UPDATE=always cargo test -p binokel-tui --release --test screens`
//! and review the diff of `tests/snapshots/`.

use binokel::deal::{distribute, pack_cards};
use binokel::{Action, Card, Game, Rules, Setup, View};
use binokel_tui::render::{self, hand_cards, Overlay, Screen, Tone};
use binokel_tui::{CardStyle, Catalog, Lang};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use ratatui::Terminal;

const NAMES: [&str; 3] = ["Anna", "Gottlieb", "Babette"];

fn levels() -> Vec<Option<String>> {
    vec![None, Some("strong".into()), Some("heuristic".into())]
}

/// A fixed, well mixed card order: a multiplicative permutation of the sorted pack.
fn fixed_setup(rules: Rules, dealer: usize, salt: usize) -> Setup {
    let pack = pack_cards(&rules);
    let n = pack.len();
    let cards: Vec<Card> = (0..n).map(|i| pack[(i * 29 + salt * 7 + 5) % n]).collect();
    let (hands, tapp) = distribute(&rules, dealer, &cards);
    Setup {
        rules,
        dealer,
        hands: hands[..3].to_vec(),
        tapp,
        stock: Vec::new(),
        turned: None,
    }
}

fn game_with(rules: Rules, tokens: &[&str]) -> Game {
    let mut g = Game::new(rules, NAMES.iter().map(|s| s.to_string()).collect());
    g.start_deal(&fixed_setup(rules, 2, 0), None).unwrap();
    for t in tokens {
        let a = Action::parse(t, rules.low).unwrap_or_else(|e| panic!("{t}: {e}"));
        g.play(a).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    g
}

/// Plays first-legal actions (and new deals) until `stop` holds.
fn advance(g: &mut Game, mut stop: impl FnMut(&Game) -> bool) {
    let mut salt = 1;
    while !stop(g) {
        if g.is_over() {
            panic!("match ended before the wanted state");
        }
        if g.needs_deal() {
            let dealer = g.next_dealer().unwrap();
            g.start_deal(&fixed_setup(*g.rules(), dealer, salt), None)
                .unwrap();
            salt += 1;
            continue;
        }
        let d = g.current().unwrap();
        let a = d.legal_actions()[0];
        g.play(a).unwrap();
    }
}

/// The sentences of the current deal, as the table's log shows them to seat 0.
fn log_of(g: &Game, cat: &Catalog) -> Vec<String> {
    let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
    let last = g.deals().last().unwrap();
    let mut replay = Game::new(*g.rules(), names.clone());
    for d in &g.deals()[..g.deals().len() - 1] {
        replay.start_deal(&d.start.setup(), None).unwrap();
        for a in &d.actions {
            replay.play(*a).unwrap();
        }
    }
    replay.start_deal(&last.start.setup(), None).unwrap();
    let mut out = Vec::new();
    for a in &last.actions {
        let before = *replay.current().unwrap();
        replay.play(*a).unwrap();
        let after = *replay.current().unwrap();
        for mut e in binokel_tui::session::step_events(&before, *a, &after, &replay, Some(0)) {
            // As the session does: seat 0 sees its own draws only.
            if let binokel_tui::Event::Drew { seat: s, card } = &mut e {
                if *s != 0 {
                    *card = None;
                }
            }
            out.push(binokel_tui::text::event(cat, &names, &e));
        }
    }
    out
}

struct Shot<'a> {
    lang: Lang,
    style: CardStyle,
    game: &'a Game,
    cursor: Option<usize>,
    button: Option<usize>,
    marked: &'a [usize],
    overlay: Overlay,
    message: Option<(&'a str, Tone)>,
    status: Option<&'a str>,
    size: (u16, u16),
}

impl<'a> Shot<'a> {
    fn new(lang: Lang, game: &'a Game) -> Shot<'a> {
        Shot {
            lang,
            style: CardStyle::French,
            game,
            cursor: None,
            button: None,
            marked: &[],
            overlay: Overlay::None,
            message: None,
            status: None,
            size: (80, 24),
        }
    }

    fn buffer(&self) -> Buffer {
        let cat = Catalog::new(self.lang, self.style, self.game.rules().low);
        let view = View::of(self.game, Some(0)).unwrap();
        let verdict = self
            .game
            .current()
            .and_then(|d| binokel_tui::text::verdict(&cat, d));
        let names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
        let lv = levels();
        let help = cat.t(match view.phase {
            binokel::Phase::Auction => "help-auction",
            binokel::Phase::Bury => "help-bury",
            binokel::Phase::Declare => "help-declare",
            binokel::Phase::Play => "help-play",
            binokel::Phase::Done => "help-done",
        });
        let log: Vec<String> = if self.size.0 >= 100 {
            log_of(self.game, &cat)
        } else {
            Vec::new()
        };
        let screen = Screen {
            cat: &cat,
            view: &view,
            names: &names,
            levels: &lv,
            target: self.game.rules().target,
            cursor: self.cursor,
            button: self.button,
            marked: self.marked,
            overlay: self.overlay,
            message: self.message,
            log: &log,
            help: &help,
            status: self.status,
            verdict: verdict.as_deref(),
        };
        let mut term = Terminal::new(TestBackend::new(self.size.0, self.size.1)).unwrap();
        term.draw(|f| {
            render::draw(f, &screen);
        })
        .unwrap();
        term.backend().buffer().clone()
    }

    fn text(&self) -> String {
        let b = self.buffer();
        let mut out = String::new();
        for y in 0..b.area.height {
            let mut line = String::new();
            for x in 0..b.area.width {
                line.push_str(b[(x, y)].symbol());
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Anna (forehand) opened 150, Gottlieb raised to 160: Anna's turn.
fn auction() -> Game {
    game_with(Rules::default(), &["bid 150", "bid 160"])
}

/// Anna won the auction at 170 and has the Tapp.
fn bury() -> Game {
    game_with(
        Rules::default(),
        &["bid 150", "bid 160", "bid 170", "pass", "pass"],
    )
}

fn declare() -> Game {
    let mut g = bury();
    let hand = g.current().unwrap().hand(0);
    let low: Vec<Card> = hand.sorted_for_display().into_iter().rev().take(3).collect();
    let mut set = binokel::CardSet::EMPTY;
    for c in low {
        set.insert(c);
    }
    g.play(Action::Bury(set)).unwrap();
    g
}

/// Trick play with cards on the table and Anna to play.
fn play() -> Game {
    let mut g = declare();
    g.play(Action::Trump(binokel::Suit::Hearts)).unwrap();
    let mut seen_trick = false;
    advance(&mut g, |g| {
        let d = g.current().unwrap();
        if d.tricks_played() >= 2 {
            seen_trick = true;
        }
        seen_trick && d.to_act() == Some(0) && !d.current_trick().is_empty()
    });
    g
}

fn done() -> Game {
    let mut g = play();
    advance(&mut g, |g| g.needs_deal());
    g
}

fn match_over() -> Game {
    let mut rules = Rules::default();
    rules.set_pair("target=400").unwrap();
    let mut g = Game::new(rules, NAMES.iter().map(|s| s.to_string()).collect());
    g.start_deal(&fixed_setup(rules, 2, 0), None).unwrap();
    advance(&mut g, |g| g.is_over());
    g
}

#[test]
fn auction_screens() {
    let g = auction();
    for lang in Lang::ALL {
        let mut s = Shot::new(lang, &g);
        s.button = Some(1);
        insta::assert_snapshot!(format!("auction_{}", lang.code()), s.text());
    }
}

#[test]
fn bury_screens() {
    let g = bury();
    for lang in [Lang::En, Lang::De] {
        let mut s = Shot::new(lang, &g);
        s.cursor = Some(5);
        s.marked = &[0, 5];
        insta::assert_snapshot!(format!("bury_{}", lang.code()), s.text());
    }
}

#[test]
fn declare_screens() {
    let g = declare();
    for lang in [Lang::En, Lang::De] {
        let mut s = Shot::new(lang, &g);
        s.button = Some(0);
        insta::assert_snapshot!(format!("declare_{}", lang.code()), s.text());
    }
    let mut s = Shot::new(Lang::De, &g);
    s.style = CardStyle::German;
    s.button = Some(0);
    insta::assert_snapshot!("declare_de_german_cards", s.text());
}

#[test]
fn play_screens() {
    let g = play();
    for lang in [Lang::En, Lang::De] {
        let mut s = Shot::new(lang, &g);
        s.cursor = Some(0);
        let msg = Catalog::new(lang, CardStyle::French, binokel::Low::Nine).t("not-your-turn");
        s.message = Some((&msg, Tone::Error));
        insta::assert_snapshot!(format!("play_{}", lang.code()), s.text());
    }
    let mut s = Shot::new(Lang::En, &g);
    s.overlay = Overlay::LastTrick;
    insta::assert_snapshot!("play_last_trick_en", s.text());
    let mut s = Shot::new(Lang::Nl, &g);
    s.size = (120, 30);
    insta::assert_snapshot!("play_wide_nl", s.text());
}

#[test]
fn deal_over_and_match_over_screens() {
    let g = done();
    for lang in [Lang::En, Lang::De] {
        insta::assert_snapshot!(format!("done_{}", lang.code()), Shot::new(lang, &g).text());
        let mut s = Shot::new(lang, &g);
        s.overlay = Overlay::Scores;
        insta::assert_snapshot!(format!("scores_{}", lang.code()), s.text());
    }
    let g = match_over();
    assert!(g.is_over());
    for lang in [Lang::En, Lang::De, Lang::Pt] {
        insta::assert_snapshot!(format!("match_over_{}", lang.code()), Shot::new(lang, &g).text());
    }
}

#[test]
fn illegal_cards_are_dimmed_and_legal_ones_are_not() {
    let g = play();
    let view = View::of(&g, Some(0)).unwrap();
    let s = Shot::new(Lang::En, &g);
    let b = s.buffer();
    let cat = Catalog::new(Lang::En, CardStyle::French, binokel::Low::Nine);
    // The hand row is the first line inside the hand block: find it by the first card.
    let cards = hand_cards(&view);
    let first = cat.card(cards[0]);
    let row = (0..b.area.height)
        .find(|&y| {
            let line: String = (0..b.area.width)
                .map(|x| b[(x, y)].symbol().to_string())
                .collect();
            line.starts_with(&format!("│{first}"))
        })
        .expect("hand row");
    let mut x = 1;
    let (mut dim, mut lit) = (0, 0);
    for c in cards {
        let legal = view.legal.contains(&Action::Play(c));
        let fg = b[(x, row)].fg;
        if legal {
            assert_ne!(fg, Color::DarkGray, "{c} is legal but dimmed");
            lit += 1;
        } else {
            assert_eq!(fg, Color::DarkGray, "{c} is illegal but not dimmed");
            dim += 1;
        }
        x += cat.card(c).chars().count() as u16 + 1;
    }
    assert!(lit > 0);
    assert!(dim > 0, "the chosen position should have illegal cards");
}

/// Two players: Anna won a trick and may show a meld or exchange before she leads; trump,
/// the turned card and the stock are on the table. A fixed card order, as above.
fn two_player_meld_offered() -> Game {
    let rules = Rules::from_preset_name("two-player").unwrap();
    let pack = pack_cards(&rules);
    let n = pack.len();
    let cards: Vec<Card> = (0..n).map(|i| pack[(i * 29 + 5) % n]).collect();
    let (hands, stock, turned) = binokel::deal::distribute_two(1, &cards);
    let setup = Setup {
        rules,
        dealer: 1,
        hands: hands[..2].to_vec(),
        tapp: binokel::CardSet::EMPTY,
        stock: stock.to_vec(),
        turned: Some(turned),
    };
    let mut g = Game::new(rules, NAMES[..2].iter().map(|s| s.to_string()).collect());
    g.start_deal(&setup, None).unwrap();
    let mut guard = 0;
    loop {
        let d = g.current().unwrap();
        let legal = d.legal_actions();
        if d.to_act() == Some(0) && legal.iter().any(|a| matches!(a, Action::Meld(..))) {
            return g;
        }
        // Seat 0 leads its highest card and seat 1 its lowest, so that seat 0 wins tricks.
        let cards: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Play(_)))
            .collect();
        let a = if d.to_act() == Some(0) {
            *cards.last().unwrap()
        } else {
            cards[0]
        };
        g.play(a).unwrap();
        guard += 1;
        assert!(guard < 48, "no meld offered to seat 0 in this deal");
    }
}

#[test]
fn two_player_screens() {
    let g = two_player_meld_offered();
    let mut s = Shot::new(Lang::En, &g);
    s.cursor = Some(0);
    insta::assert_snapshot!("two_player_meld_offered_en", s.text());
    let mut s = Shot::new(Lang::De, &g);
    s.size = (110, 30);
    s.button = Some(0);
    insta::assert_snapshot!("two_player_meld_offered_wide_de", s.text());
}

/// At 80 columns nothing that says whose turn it is or who plays alone is cut off: the
/// header keeps the bot's "is thinking" whole (the title and the phase give way) and a long
/// seat label (a bot's level, the dealer) keeps the soloist's star.
#[test]
fn narrow_screens_keep_the_turn_and_the_soloist_whole() {
    let mut g = game_with(Rules::default(), &["bid 150", "pass", "bid 160", "pass"]);
    let hand = g.current().unwrap().hand(2);
    let mut set = binokel::CardSet::EMPTY;
    for c in hand.sorted_for_display().into_iter().rev().take(3) {
        set.insert(c);
    }
    g.play(Action::Bury(set)).unwrap();
    g.play(Action::Trump(binokel::Suit::Hearts)).unwrap();
    for lang in [Lang::En, Lang::De, Lang::Nl, Lang::Pt] {
        let cat = Catalog::new(lang, CardStyle::French, binokel::Low::Nine);
        let status = cat.ta(
            "prompt-wait",
            &[("name", binokel_tui::i18n::Arg::Str("Gottlieb"))],
        );
        let mut s = Shot::new(lang, &g);
        s.status = Some(&status);
        let text = s.text();
        let rows: Vec<&str> = text.lines().collect();
        assert!(
            rows[0].contains(status.as_str()),
            "{lang:?}: header cut: {}",
            rows[0]
        );
        assert!(
            rows.iter().any(|r| r.contains("Babette") && r.contains('★')),
            "{lang:?}: the soloist's star is cut:\n{text}"
        );
    }
}

/// A fixed series (`series_deals`, `binokel play --deals N`): the header says "Deal 1 of 3"
/// in every language, the score sheet names the deals instead of a target, and a deal past
/// the series says it breaks a tie.
#[test]
fn a_series_header_says_which_deal_of_the_series() {
    let mut rules = Rules::default();
    rules.set("series_deals", "3").unwrap();
    let mut g = Game::new(rules, NAMES.iter().map(|s| s.to_string()).collect());
    g.start_deal(&fixed_setup(rules, 2, 0), None).unwrap();
    let wanted = [
        (Lang::En, "Deal 1 of 3"),
        (Lang::De, "Spiel 1 von 3"),
        (Lang::Pt, "Mão 1 de 3"),
        (Lang::Nl, "Spel 1 van 3"),
    ];
    for (lang, text) in wanted {
        let shot = Shot::new(lang, &g).text();
        let header = shot.lines().next().unwrap();
        assert!(header.contains(text), "{}: {header}", lang.code());
        let mut s = Shot::new(lang, &g);
        s.overlay = Overlay::Scores;
        s.size = (100, 30);
        let scores = s.text();
        assert!(
            !scores.contains("1500"),
            "{}: no target in a series:\n{scores}",
            lang.code()
        );
    }
    let cat = Catalog::new(Lang::En, CardStyle::French, rules.low);
    let mut v = View::of(&g, Some(0)).unwrap();
    v.series = Some(binokel::SeriesProgress { deal: 4, of: 3 });
    assert_eq!(render::deal_text(&cat, &v), "Deal 4: tie-break after 3");
    v.series = None;
    assert_eq!(render::deal_text(&cat, &v), "Deal 1");
    let s = binokel_tui::text::score_sheet(&cat, &[], &View::of(&g, Some(0)).unwrap(), 1500, 80);
    assert_eq!(s[0], "Score sheet (3 deals)");
}
