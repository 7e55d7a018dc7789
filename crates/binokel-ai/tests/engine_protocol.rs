//! The engine protocol: our bots serve it, an outside bot written in Python plays through it
//! in the arena and is told each deal's result, every kind of misbehaviour loses only the
//! decision, logged, and what docs/engine-protocol.md says about views and tokens holds (its
//! example view is generated here).

use binokel::{Action, Game, Low, Rules, View};
use binokel_ai::arena::{play_set, summarize};
use binokel_ai::engine::{answer, result_of, serve, ExternalBot, Reply};
use serde_json::Value;
use std::time::Duration;

fn python_bot(extra: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/outside_bot.py");
    format!("cmd:python3 {script} {extra}")
}

#[test]
fn our_engine_answers_the_protocol() {
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(3).unwrap();
    let seat = game.to_act().unwrap();
    let view = serde_json::to_string(&View::of(&game, Some(seat)).unwrap()).unwrap();
    // `result` has no answer: the next line answered is the one after it.
    let input = format!(
        "binokel-engine 1\nchoose {view}\nhint {view}\nresult {{\"seat\":0}}\nfrobnicate\nchoose {{not json\nquit\nchoose {view}\n"
    );
    let mut out = Vec::new();
    let mut bot = binokel_ai::make_bot("heuristic", 1).unwrap();
    serve(bot.as_mut(), input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], "ready heuristic");
    assert_eq!(lines[1], "action bid 150", "forehand must open");
    assert!(lines[2].starts_with("hint [[\"bid 150\","), "{}", lines[2]);
    assert!(lines[3].starts_with("error unknown command `frobnicate`"));
    assert!(lines[4].starts_with("error the view is not valid JSON"));
    assert!(
        matches!(answer(bot.as_mut(), "binokel-engine 2"), Reply::Line(l) if l.contains("unsupported protocol version"))
    );
    assert_eq!(answer(bot.as_mut(), "result {}"), Reply::Nothing);
    assert_eq!(answer(bot.as_mut(), "quit"), Reply::Quit);
}

/// A view that parses but names a seat that does not exist (a soloist of 9, a meld of seat
/// 3 at a three-seat table, ...) gets an `error` naming the field, from every kind of bot
/// and for both `choose` and `hint`; before, the sampler indexed by it and the engine
/// panicked. A JSON object that is no view is not called invalid JSON.
#[test]
fn views_with_seats_out_of_range_are_refused_by_name() {
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(5).unwrap();
    let mut h = binokel_ai::make_bot("heuristic", 1).unwrap();
    while game.current().unwrap().phase() != binokel::Phase::Play {
        let seat = game.to_act().unwrap();
        let a = h.choose(&View::of(&game, Some(seat)).unwrap());
        game.play(a).unwrap();
    }
    let seat = game.to_act().unwrap();
    let good = serde_json::to_value(View::of(&game, Some(seat)).unwrap()).unwrap();
    let mut cases: Vec<(Value, &str)> = Vec::new();
    for bad in [3u64, 9, 4_294_967_295] {
        let mut v = good.clone();
        v["soloist"] = bad.into();
        cases.push((v, "`soloist`"));
    }
    let mut v = good.clone();
    v["melds"][0]["seat"] = 9.into();
    cases.push((v, "`melds[0].seat`"));
    let mut v = good.clone();
    v["history"][1]["seat"] = 7.into();
    cases.push((v, "`history[1].seat`"));
    let mut v = good.clone();
    v["hand_sizes"] = serde_json::json!([15, 15]);
    cases.push((v, "`hand_sizes`"));
    let mut v = good.clone();
    v["players"] = 5.into();
    cases.push((v, "`players`"));
    let mut v = good.clone();
    v["players"] = 4.into();
    cases.push((v, "the rules are for 3"));
    let mut v = good.clone();
    v["rules"] = "nosuchpreset".into();
    cases.push((v, "`rules`"));
    for name in ["heuristic", "random", "beginner", "easy", "strong"] {
        let mut bot = binokel_ai::make_bot(name, 2).unwrap();
        for (view, field) in &cases {
            for cmd in ["choose", "hint"] {
                let Reply::Line(l) = answer(bot.as_mut(), &format!("{cmd} {view}")) else {
                    panic!("no answer")
                };
                assert!(
                    l.starts_with("error the view is inconsistent: "),
                    "{name} {cmd}: {l}"
                );
                assert!(l.contains(field), "{name} {cmd} {field}: {l}");
            }
        }
        // The untouched view is still answered.
        let Reply::Line(l) = answer(bot.as_mut(), &format!("choose {good}")) else {
            panic!("no answer")
        };
        assert!(l.starts_with("action "), "{name}: {l}");
    }
    let mut bot = binokel_ai::make_bot("heuristic", 1).unwrap();
    assert!(matches!(answer(bot.as_mut(), "choose {}"),
        Reply::Line(l) if l.starts_with("error the view is not a view: missing field")));
}

#[test]
fn a_python_bot_plays_whole_deals_in_the_arena() {
    let bots = vec![python_bot(""), "heuristic".to_string()];
    let set = play_set(&bots, Rules::default(), 11, 0, Duration::from_secs(10));
    let plays = set["plays"].as_array().expect("plays");
    assert_eq!(plays.len(), 6);
    for p in plays {
        assert_eq!(p["log"].as_array().unwrap().len(), 0, "no fault expected: {p}");
    }
    let summary = summarize(&bots, &[set]);
    assert_eq!(summary["faults_logged"], 0);
    assert!(summary["bots"][0]["seat_deals"].as_u64().unwrap() == 9);
    // The long `cmd:` name widens the name column; every other column stays in line.
    let table = binokel_ai::arena::table(&summary);
    let lines: Vec<&str> = table.lines().skip(1).take(3).collect();
    let w = bots[0].chars().count();
    assert!(w > 24, "the test needs a long name");
    for l in &lines {
        assert_eq!(
            l.chars().count(),
            lines[0].chars().count(),
            "ragged table:\n{table}"
        );
    }
    assert!(lines[0][..w + 11].ends_with("mean/deal"), "{table}");
    for l in &lines[1..] {
        assert!(
            l[w + 1..w + 11].trim().parse::<f64>().is_ok(),
            "mean not under its header:\n{table}"
        );
    }
    assert!(
        lines[1].starts_with(&bots[0]) && lines[2].starts_with("heuristic "),
        "{table}"
    );
}

#[test]
fn misbehaving_outside_bots_lose_decisions_but_never_the_arena() {
    for mode in ["illegal", "garbage", "error", "lowercase", "crash", "silent"] {
        // One arrangement is enough here: the bot sits in seat 0.
        let cmd = python_bot(&format!("--misbehave {mode}"));
        let mut ext = ExternalBot::spawn(cmd.strip_prefix("cmd:").unwrap(), Duration::from_millis(300));
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(21).unwrap();
        let mut other = binokel_ai::make_bot("random", 1).unwrap();
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            let a = if seat == 0 {
                binokel_ai::Bot::choose(&mut ext, &view)
            } else {
                other.choose(&view)
            };
            assert!(view.legal.contains(&a), "{mode}: the fallback must be legal");
            game.play(a).unwrap();
        }
        assert!(game.current().unwrap().is_over(), "{mode}: the deal must finish");
        assert!(ext.faults > 0, "{mode}: faults must be counted");
        let why = ext.log.join("\n");
        let expected = match mode {
            "illegal" => "is not legal now",
            "garbage" => "instead of `action TOKEN`",
            // An `error` reply is a lost decision like any other answer that is no action.
            "error" => "answered `error I give up` instead of `action TOKEN`",
            // Card codes are upper case only.
            "lowercase" => "is not a card",
            "crash" => "exited",
            _ => "no answer within 300 ms",
        };
        assert!(why.contains(expected), "{mode}: log says {why}");
    }
}

/// An answer that comes after the time limit is the answer to the command that timed out:
/// the host drops it and reads the next command's own answer, so one slow decision (or a
/// slow start) costs that decision alone, not every later one of the session.
#[test]
fn a_late_answer_costs_only_its_own_decision() {
    for mode in ["late", "lateready"] {
        let cmd = python_bot(&format!("--misbehave {mode}"));
        let mut ext = ExternalBot::spawn(cmd.strip_prefix("cmd:").unwrap(), Duration::from_millis(1000));
        let mut game = Game::new(Rules::default(), Vec::new());
        game.start_seeded_deal(21).unwrap();
        let mut other = binokel_ai::make_bot("random", 1).unwrap();
        let mut asked = 0;
        while let Some(seat) = game.to_act() {
            let view = View::of(&game, Some(seat)).unwrap();
            let a = if seat == 0 {
                asked += 1;
                binokel_ai::Bot::choose(&mut ext, &view)
            } else {
                other.choose(&view)
            };
            game.play(a).unwrap();
        }
        assert!(asked > 5, "{mode}: the bot decided {asked} times");
        let why = ext.log.join("\n");
        let (faults, said) = match mode {
            "late" => (1, "lost a decision (no answer within 1000 ms)"),
            _ => (0, "did not greet: no answer within 1000 ms"),
        };
        assert_eq!(ext.faults, faults, "{mode}: {why}");
        assert_eq!(ext.log.len(), 1, "{mode}: {why}");
        assert!(why.contains(said), "{mode}: {why}");
    }
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("binokel-engine-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// After each deal the arena sends `result` (the record with every hand and the referee's
/// verdict) and `quit`. The Python bot does not know `result` and answers `error`: that answer
/// is never read, so it costs nothing.
#[test]
fn the_arena_tells_each_outside_engine_the_result_of_the_deal() {
    let dir = tmp("transcripts");
    std::fs::create_dir_all(&dir).unwrap();
    let bots = vec![
        python_bot(&format!("--transcript {}", dir.display())),
        "heuristic".to_string(),
    ];
    let set = play_set(&bots, Rules::default(), 5, 0, Duration::from_secs(10));
    let plays = set["plays"].as_array().expect("plays");
    // Three seats, two bots: six plays, the Python bot alone in three and paired in three.
    let sessions: usize = plays
        .iter()
        .map(|p| {
            p["seats"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s.as_str() == Some(bots[0].as_str()))
                .count()
        })
        .sum();
    assert_eq!(sessions, 9);
    for p in plays {
        assert_eq!(p["log"].as_array().unwrap().len(), 0, "no fault expected: {p}");
    }
    // One transcript per process: each session greets first and ends `result`, `quit`.
    let mut results = Vec::new();
    for f in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.first(), Some(&"binokel-engine 1"), "{text}");
        assert_eq!(lines.last(), Some(&"quit"), "{text}");
        let r = lines[lines.len() - 2]
            .strip_prefix("result ")
            .expect("result before quit");
        results.push(serde_json::from_str::<Value>(r).expect("result is one line of JSON"));
        assert_eq!(lines.iter().filter(|l| l.starts_with("result ")).count(), 1);
    }
    assert_eq!(results.len(), sessions, "one result per session");
    for r in &results {
        let seat = r["seat"].as_u64().unwrap() as usize;
        // The record is a complete, legal binokel-record/1 with every hand as dealt ...
        let record = serde_json::to_string(&r["record"]).unwrap();
        let verdict = binokel::record::referee(&record).to_json().unwrap();
        assert_eq!(verdict["legal"], true, "{verdict}");
        assert_eq!(verdict, r["verdict"], "the verdict is the referee's");
        let deal = &r["record"]["deals"][0];
        for h in deal["hands"].as_array().unwrap() {
            assert_eq!(h.as_str().unwrap().split(' ').count(), 15);
        }
        assert_eq!(deal["tapp"].as_str().unwrap().split(' ').count(), 3);
        // ... and its scores are the play's.
        let play = plays
            .iter()
            .find(|p| {
                p["scores"] == r["verdict"]["deals"][0]["scores"] && p["seats"][seat] == bots[0].as_str()
            })
            .unwrap_or_else(|| panic!("no play has the scores of {r}"));
        assert_eq!(r["verdict"]["deals"][0]["complete"], true, "{play}");
    }
}

/// Once `result` and `quit` are sent the host reads nothing more from the program: a reply to
/// `result` can never be taken as the answer to a later `choose`.
#[test]
fn nothing_is_read_after_the_result() {
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(8).unwrap();
    let mut ext = ExternalBot::spawn(
        python_bot("").strip_prefix("cmd:").unwrap(),
        Duration::from_secs(10),
    );
    let mut other = binokel_ai::make_bot("heuristic", 1).unwrap();
    while let Some(seat) = game.to_act() {
        let view = View::of(&game, Some(seat)).unwrap();
        let a = if seat == 0 {
            binokel_ai::Bot::choose(&mut ext, &view)
        } else {
            other.choose(&view)
        };
        game.play(a).unwrap();
    }
    assert_eq!(ext.faults, 0, "{:?}", ext.log);
    ext.finish(&result_of(&game, 0));
    // A further decision is lost for a clear reason, not answered with the `error` line the
    // program wrote in reply to `result`.
    let mut g2 = Game::new(Rules::default(), Vec::new());
    g2.start_seeded_deal(8).unwrap();
    let view = View::of(&g2, g2.to_act()).unwrap();
    binokel_ai::Bot::choose(&mut ext, &view);
    assert_eq!(ext.faults, 1);
    assert!(ext.log[0].contains("the session has ended"), "{:?}", ext.log);
}

/// `hand`, `tapp` and `buried` are strings of codes separated by single spaces; `legal`, the
/// trick's cards and `history` are arrays; `rules` is a preset name or an object.
#[test]
fn view_fields_have_the_documented_shapes() {
    let v = serde_json::to_value(example_view()).unwrap();
    for k in ["hand", "tapp", "buried"] {
        let s = v[k].as_str().unwrap_or_else(|| panic!("{k} is a string: {v}"));
        assert!(s.split(' ').all(|c| c.len() == 2), "{k}: {s}");
    }
    assert!(v["legal"].as_array().unwrap().iter().all(Value::is_string));
    assert!(v["trick"]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .all(Value::is_string));
    assert_eq!(v["rules"], "standard");
    let mut rules = Rules::default();
    rules.set("target", "1000").unwrap();
    let mut g = Game::new(rules, Vec::new());
    g.start_seeded_deal(1).unwrap();
    let v = serde_json::to_value(View::of(&g, g.to_act()).unwrap()).unwrap();
    assert_eq!(
        v["rules"],
        serde_json::json!({"preset": "standard", "target": 1000})
    );
}

/// The soloist's view of a seeded deal in the play, with a card on the table: the example
/// view of docs/engine-protocol.md.
fn example_view() -> View {
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(42).unwrap();
    let mut bots: Vec<_> = (0..3)
        .map(|i| binokel_ai::make_bot("heuristic", i).unwrap())
        .collect();
    while let Some(seat) = game.to_act() {
        let view = View::of(&game, Some(seat)).unwrap();
        if view.soloist == Some(seat) && view.trick.as_ref().is_some_and(|t| !t.cards.is_empty()) {
            return view;
        }
        let a = bots[seat].choose(&view);
        game.play(a).unwrap();
    }
    panic!("the soloist never followed to a trick");
}

/// The example view in docs/engine-protocol.md is this code's output. To write it again after
/// a change of `View`: `BINOKEL_BLESS_DOCS=1 cargo test --release -p binokel-ai --test
/// engine_protocol example_view`.
#[test]
fn the_docs_example_view_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/engine-protocol.md");
    let doc = std::fs::read_to_string(path).unwrap();
    // One field a line, each value as the host writes it (compact), in the order sent.
    let v = serde_json::to_value(example_view()).unwrap();
    let fields: Vec<String> = v
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, x)| format!("  {}: {x}", Value::from(k.as_str())))
        .collect();
    let json = format!("{{\n{}\n}}", fields.join(",\n"));
    assert_eq!(serde_json::from_str::<Value>(&json).unwrap(), v);
    let start = "<!-- example view: generated by the_docs_example_view_is_current -->\n```json\n";
    let at = doc.find(start).expect("the doc has the example view's marker") + start.len();
    // The block's end: the first line from `at` on that is "```" (`at - 1` is the line break
    // before it, so an empty block is found too).
    let end = at - 1 + doc[at - 1..].find("\n```").expect("the example block ends");
    if std::env::var_os("BINOKEL_BLESS_DOCS").is_some() {
        std::fs::write(path, format!("{}{json}{}", &doc[..at], &doc[end..])).unwrap();
        return;
    }
    assert_eq!(
        doc.get(at..end).unwrap_or(""),
        json,
        "docs/engine-protocol.md's example view is stale: run with BINOKEL_BLESS_DOCS=1"
    );
}

/// The documented order of `legal`: `Action`'s own order (by kind, then bids ascending, cards
/// by suit S H D C and rank 9 J Q K T A, burials by the kinds they hold), not a ranking.
#[test]
fn legal_is_in_the_documented_order() {
    fn card_index(code: &str) -> usize {
        let b = code.as_bytes();
        let rank = "9JQKTA".find(b[0] as char).unwrap();
        let suit = "SHDC".find(b[1] as char).unwrap();
        suit * 6 + rank
    }
    fn key(token: &str) -> (usize, u64, u64) {
        let words: Vec<&str> = token.split(' ').collect();
        let kinds = [
            "pass",
            "bid",
            "call",
            "give",
            "bury",
            "trump",
            "durch",
            "bettel",
            "surrender",
            "card",
            "meld",
            "exchange",
        ];
        let suit = |s: &str| "SHDC".find(s).unwrap() as u64;
        match words[0] {
            "bid" => (1, words[1].parse().unwrap(), 0),
            "bury" => {
                let (mut one, mut two) = (0u64, 0u64);
                for c in &words[1..] {
                    let bit = 1 << card_index(c);
                    if one & bit != 0 {
                        two |= bit;
                    }
                    one |= bit;
                }
                (4, one, two)
            }
            "trump" | "surrender" => (
                kinds.iter().position(|k| *k == words[0]).unwrap(),
                suit(words[1]),
                0,
            ),
            "meld" => {
                let order = binokel::MeldKind::ALL
                    .iter()
                    .position(|k| k.name() == words[1])
                    .unwrap();
                (10, order as u64, words.get(2).map_or(0, |s| 1 + suit(s)))
            }
            w if w.len() == 2 => (9, card_index(w) as u64, 0),
            w => (kinds.iter().position(|k| *k == w).unwrap(), 0, 0),
        }
    }
    let mut seen = 0;
    for preset in ["standard", "two-player", "kreuz"] {
        for seed in 0..4 {
            let mut game = Game::new(Rules::from_preset_name(preset).unwrap(), Vec::new());
            game.start_seeded_deal(seed).unwrap();
            let mut bot = binokel_ai::make_bot("random", seed).unwrap();
            while let Some(seat) = game.to_act() {
                let view = View::of(&game, Some(seat)).unwrap();
                let tokens: Vec<String> =
                    serde_json::from_value(serde_json::to_value(&view).unwrap()["legal"].clone()).unwrap();
                let keys: Vec<_> = tokens.iter().map(|t| key(t)).collect();
                assert!(
                    keys.windows(2).all(|w| w[0] < w[1]),
                    "{preset} {seed}: {tokens:?}"
                );
                seen += tokens.len();
                game.play(bot.choose(&view)).unwrap();
            }
        }
    }
    assert!(seen > 1000);
}

/// A `bury` token's cards may come in any order; card codes are upper case only, the suit
/// letter of `trump`/`surrender` may be either case, keywords are lower case.
#[test]
fn tokens_are_read_as_documented() {
    let a = Action::parse("bury 9H 9C JC", Low::Nine).unwrap();
    assert_eq!(Action::parse("bury JC 9H 9C", Low::Nine).unwrap(), a);
    assert_eq!(Action::parse("bury 9C JC 9H", Low::Nine).unwrap(), a);
    for bad in [
        "bury 9h 9C JC",
        "ah",
        "Ah",
        "th",
        "PASS",
        "Bid 160",
        "bury  9H 9C JC",
    ] {
        assert!(Action::parse(bad, Low::Nine).is_err(), "{bad}");
    }
    assert_eq!(
        Action::parse("ah", Low::Nine).unwrap_err().to_string(),
        "`ah` is not a card"
    );
    assert_eq!(
        Action::parse("trump s", Low::Nine).unwrap(),
        Action::parse("trump S", Low::Nine).unwrap()
    );
    assert!(Action::parse("surrender h", Low::Nine).is_ok());
}
