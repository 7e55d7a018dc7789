//! The engine protocol: our bots serve it, an outside bot written in Python plays through it
//! in the arena, and every kind of misbehaviour loses only the decision, logged.

use binokel::{Game, Rules, View};
use binokel_ai::arena::{play_set, summarize};
use binokel_ai::engine::{answer, serve, ExternalBot};
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
    let input = format!(
        "binokel-engine 1\nchoose {view}\nhint {view}\nfrobnicate\nchoose {{not json\nquit\nchoose {view}\n"
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
    assert!(answer(bot.as_mut(), "binokel-engine 2")
        .unwrap()
        .contains("unsupported protocol version"));
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
}

#[test]
fn misbehaving_outside_bots_lose_decisions_but_never_the_arena() {
    for mode in ["illegal", "garbage", "crash", "silent"] {
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
            "crash" => "exited",
            _ => "no answer within 300 ms",
        };
        assert!(why.contains(expected), "{mode}: log says {why}");
    }
}
