//! The plain mode reads back every action word it prints: the hint's and the log's
//! descriptions, the lists of legal actions, the burial prompt's example and the help's
//! examples, in every language and card style; its errors are in the person's language; and
//! the deal result says whether the contract was made.

use binokel::{Action, CardSet, Low, Phase, Rules, Suit};
use binokel_tui::command::{parse_line, Command};
use binokel_tui::session::{Config, Session, Status};
use binokel_tui::{text, CardStyle, Catalog, Lang};

const LANGS: [Lang; 4] = [Lang::En, Lang::De, Lang::Pt, Lang::Nl];

fn session(seed: u64, bots: &str) -> Session {
    Session::new(Config {
        rules: Rules::default(),
        name: "Anna".into(),
        bots: vec![bots.into(), bots.into()],
        seed,
        save: None,
    })
    .unwrap()
}

fn back(line: &str, cat: &Catalog) -> Command {
    parse_line(line, cat).unwrap_or_else(|e| panic!("`{line}` is refused: {e}"))
}

/// The most meld points any legal burial keeps (under the best trump).
fn best_kept(view: &binokel::View) -> u32 {
    let rules = *binokel::Rules::from_json(&view.rules).as_ref().unwrap();
    view.legal
        .iter()
        .filter_map(|a| match a {
            Action::Bury(b) => view.hand.unwrap().minus(*b),
            _ => None,
        })
        .map(|rest| {
            Suit::ALL
                .iter()
                .map(|&t| binokel::meld::melds(rest, Some(t), &rules).total())
                .max()
                .unwrap()
        })
        .max()
        .unwrap()
}

/// The burial example of the English prompt, read back.
fn example_of(s: &Session) -> CardSet {
    let cat = Catalog::new(Lang::En, CardStyle::French, Low::Nine);
    let prompt = text::legal_list(&cat, &s.view().unwrap());
    match parse_line(prompt.rsplit(": ").next().unwrap(), &cat) {
        Ok(Command::Act(Action::Bury(b))) => b,
        other => panic!("{prompt}: {other:?}"),
    }
}

/// Plays deals where the person bids and follows the hint, and at every turn types back, in
/// every language and card style, each action the hint names and each listed legal action,
/// as printed; at the burial the prompt's example is typed back, is legal, and keeps as
/// many meld points as any burial could (a regression: "bury QC JC 9C" buried a family).
#[test]
fn every_printed_action_is_read_back() {
    let mut burials = 0;
    let mut declared = 0;
    for seed in 0..6 {
        let mut s = session(seed, "random");
        for _ in 0..400 {
            match s.status() {
                Status::Bot(_) => {
                    s.bot_step().unwrap();
                    continue;
                }
                Status::DealOver | Status::MatchOver => break,
                Status::Human => {}
            }
            let v = s.view().unwrap();
            let hint = s.hint().unwrap();
            for lang in LANGS {
                for style in [CardStyle::French, CardStyle::German] {
                    let cat = Catalog::new(lang, style, Low::Nine);
                    let line = text::hint(&cat, &hint);
                    for (a, _) in hint.values.iter().take(3) {
                        let printed = cat.action(*a);
                        assert!(line.contains(&printed), "{line} / {printed}");
                        assert_eq!(
                            back(&printed, &cat),
                            Command::Act(*a),
                            "{lang:?} {style:?}: {line}"
                        );
                    }
                    if v.phase == Phase::Bury {
                        // The prompt's example, typed back as printed.
                        let prompt = text::legal_list(&cat, &v);
                        let typed = prompt.rsplit(": ").next().unwrap();
                        let Command::Act(Action::Bury(example)) = back(typed, &cat) else {
                            panic!("{prompt}")
                        };
                        assert_eq!(example, example_of(&s), "{lang:?} {style:?}: {prompt}");
                        // The burial as the log prints it reads back too.
                        let printed = cat.action(Action::Bury(example));
                        assert_eq!(
                            back(&printed, &cat),
                            Command::Act(Action::Bury(example)),
                            "{printed}"
                        );
                    } else {
                        for a in &v.legal {
                            let typed = cat.action_input(*a);
                            assert_eq!(back(&typed, &cat), Command::Act(*a), "{lang:?} {style:?}");
                            assert_eq!(
                                back(&cat.action(*a), &cat),
                                Command::Act(*a),
                                "{lang:?} {style:?}"
                            );
                        }
                    }
                }
            }
            let a = match v.phase {
                Phase::Bury => {
                    burials += 1;
                    let example = example_of(&s);
                    assert!(v.legal.contains(&Action::Bury(example)), "not legal: {example}");
                    let rules = *s.deal().unwrap().rules();
                    let rest = v.hand.unwrap().minus(example).unwrap();
                    let kept = Suit::ALL
                        .iter()
                        .map(|&t| binokel::meld::melds(rest, Some(t), &rules).total())
                        .max()
                        .unwrap();
                    assert_eq!(kept, best_kept(&v), "seed {seed}: burying {example} loses melds");
                    Action::Bury(example)
                }
                Phase::Auction => *v
                    .legal
                    .iter()
                    .find(|a| matches!(a, Action::Bid(_)))
                    .unwrap_or(&v.legal[0]),
                Phase::Declare => {
                    declared += 1;
                    hint.values[0].0
                }
                _ => hint.values[0].0,
            };
            s.play_human(a).unwrap();
        }
    }
    assert!(
        burials > 0 && declared > 0,
        "burials {burials}, declarations {declared}"
    );
}

/// The examples in each language's help are read back, and the language's command words work
/// (`hilfe`, `tipp`).
#[test]
fn the_helps_examples_and_the_languages_command_words_are_read_back() {
    let examples: [(Lang, &[&str]); 4] = [
        (
            Lang::En,
            &[
                "bid 160",
                "pass",
                "bury AS 9H 9C",
                "trump H",
                "durch",
                "surrender H",
                "meld pair H",
                "exchange",
                "AH",
            ],
        ),
        (
            Lang::De,
            &[
                "reize 160",
                "passe",
                "drücke AS 9H 9C",
                "trumpf H",
                "durch",
                "abgehen H",
                "melde pair H",
                "tausche",
                "AH",
            ],
        ),
        (
            Lang::Pt,
            &[
                "lance 160",
                "passo",
                "descartar AS 9H 9C",
                "trunfo H",
                "durch",
                "render H",
                "cantar pair H",
                "trocar",
                "AH",
            ],
        ),
        (
            Lang::Nl,
            &[
                "bied 160",
                "pas",
                "wegleggen AS 9H 9C",
                "troef H",
                "durch",
                "opgeven H",
                "roem pair H",
                "ruil",
                "AH",
            ],
        ),
    ];
    for (lang, list) in examples {
        let cat = Catalog::new(lang, CardStyle::French, Low::Nine);
        let help = cat.t("help-plain");
        for ex in list {
            assert!(
                help.contains(ex),
                "{lang:?}: the help does not show `{ex}`: {help}"
            );
            assert!(matches!(back(ex, &cat), Command::Act(_)), "{lang:?}: `{ex}`");
        }
    }
    let de = Catalog::new(Lang::De, CardStyle::German, Low::Nine);
    assert_eq!(back("hilfe", &de), Command::Help);
    assert_eq!(back("Tipp", &de), Command::Hint);
    assert_eq!(
        back("Trumpf Eichel", &de),
        Command::Act(Action::Trump(Suit::Clubs))
    );
    assert_eq!(
        back("gehe ab, Trumpf Eichel", &de),
        Command::Act(Action::Surrender(Suit::Clubs))
    );
    let en = Catalog::new(Lang::En, CardStyle::French, Low::Nine);
    assert_eq!(back("trump clubs", &en), Command::Act(Action::Trump(Suit::Clubs)));
    assert_eq!(back("trump ♣", &en), Command::Act(Action::Trump(Suit::Clubs)));
    assert_eq!(
        back("bury A♠ 9♥ 9♣", &en),
        Command::Act(Action::Bury("AS 9H 9C".parse::<CardSet>().unwrap()))
    );
    assert_eq!(
        back("ajuda", &Catalog::new(Lang::Pt, CardStyle::French, Low::Nine)),
        Command::Help
    );
    assert_eq!(
        back("hulp", &Catalog::new(Lang::Nl, CardStyle::French, Low::Nine)),
        Command::Help
    );
}

/// An input that is nothing gets an error wholly in the person's language.
#[test]
fn errors_are_in_the_persons_language() {
    for style in [CardStyle::French, CardStyle::German] {
        let de = Catalog::new(Lang::De, style, Low::Nine);
        for bad in ["Qx", "trumpf X", "#x", "drücke XY"] {
            let e = parse_line(bad, &de).unwrap_err();
            assert!(e.contains(bad), "{e}");
            for english in ["is not", "card", "suit", "names no", "number"] {
                assert!(!e.contains(english), "{bad}: {e}");
            }
        }
    }
}

/// The plain deal result says whether the contract was made (`Made: 236 ≥ 200 → +236`).
#[test]
fn the_plain_deal_result_says_made_or_down() {
    let mut s = session(5, "random");
    let cat = Catalog::new(Lang::En, CardStyle::French, Low::Nine);
    let script = "#1\n".repeat(60);
    let mut input = script.as_bytes();
    let mut out = Vec::new();
    binokel_tui::plain::run(&mut s, &cat, &mut input, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let over = text
        .lines()
        .position(|l| l.starts_with("Deal over"))
        .expect(&text);
    let verdict = text.lines().nth(over - 1).unwrap();
    assert!(
        ["Made:", "Went down", "Gave up", "Durch", "Bettel"]
            .iter()
            .any(|w| verdict.contains(w)),
        "no verdict before the scores:\n{text}"
    );
}
