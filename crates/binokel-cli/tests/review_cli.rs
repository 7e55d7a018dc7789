//! `binokel review` as people and programs call it: the table, the JSON, and clear errors
//! with a non-zero exit for bad input.

use binokel::record::write_record;
use binokel::{Game, Rules, View};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_binokel"))
}

/// A one-deal record of the heuristic bot against itself, written to a temporary file.
fn record_file(name: &str) -> (std::path::PathBuf, String) {
    let mut game = Game::new(Rules::default(), vec!["Anna".into(), "Ben".into(), "Cleo".into()]);
    game.start_seeded_deal(11).unwrap();
    let mut bots: Vec<_> = (0..3)
        .map(|s| binokel_ai::make_bot("heuristic", s).unwrap())
        .collect();
    while let Some(s) = game.to_act() {
        let a = bots[s].choose(&View::of(&game, Some(s)).unwrap());
        game.play(a).unwrap();
    }
    let text = write_record(&game).to_string();
    let path = std::env::temp_dir().join(format!("binokel-review-{}-{name}.json", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    (path, text)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn review_prints_a_table_and_valid_json() {
    let (path, _) = record_file("ok");
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["review", p, "--seat", "1", "--budget", "0.25", "--lang", "en"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("deal move seat"), "{out}");
    assert!(out.contains("1 Ben"), "{out}");
    assert!(out.contains("\nMatch: totals Anna "), "{out}");
    assert!(out.contains("accuracy"), "{out}");
    // The progress bar is hidden when stderr is not a terminal.
    assert!(!err.contains("reviewing"), "{err}");
    let (code, out, err) = run(&["review", p, "--seat", "1", "--budget", "0.25", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("valid JSON");
    assert_eq!(v["format"], "binokel-review/3");
    assert_eq!(v["reviewed"], serde_json::json!([1]));
    let ds = v["decisions"].as_array().unwrap();
    assert!(!ds.is_empty());
    assert!(ds
        .iter()
        .all(|d| d["seat"] == 1 && d["loss"].as_f64().unwrap() >= 0.0));
    assert!(v["match"]["seats"][0]["accuracy"].is_number());
    std::fs::remove_file(path).ok();
}

#[test]
fn bad_input_gets_a_clear_message_and_a_non_zero_exit() {
    let (path, text) = record_file("bad");
    let p = path.to_str().unwrap();
    // Not a record.
    std::fs::write(&path, "hello").unwrap();
    let (code, out, err) = run(&["review", p]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("not a record"), "{err}");
    // Illegal: the referee's verdict.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["deals"][0]["actions"][0] = serde_json::json!("bid 170");
    std::fs::write(&path, v.to_string()).unwrap();
    let (code, _, err) = run(&["review", p]);
    assert_eq!(code, 1);
    assert!(err.contains("illegal record: deal 0, action 0"), "{err}");
    // A seat the match does not have, a missing file, a bad budget.
    std::fs::write(&path, &text).unwrap();
    let (code, _, err) = run(&["review", p, "--seat", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("no seat 5"), "{err}");
    let (code, _, err) = run(&["review", p, "--budget", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--budget"), "{err}");
    std::fs::remove_file(&path).ok();
    let (code, _, err) = run(&["review", p]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    assert!(!err.contains("panicked"));
}

/// The table speaks the language asked for (`--lang`, as `binokel replay` and `play`): its
/// headers, phase names, summary lines and the hindsight line; no English header is left.
/// `--json` is the same document in every language.
#[test]
fn the_table_is_in_the_language_asked_for() {
    let (path, _) = record_file("lang");
    let p = path.to_str().unwrap();
    let english = [
        "deal",
        "move",
        "played",
        "best",
        "loss",
        "mark",
        "accuracy",
        "hindsight",
    ];
    let cases: [(&str, &[&str]); 2] = [
        (
            "de",
            &[
                "Spiel Zug Platz",
                "gespielt",
                "am besten",
                "Verlust",
                "Markierung",
                "Partie: Stand Anna ",
                "Genauigkeit",
                "je Phase: Reizen ",
                "Drücken",
                "Ansage",
                "Kartenspiel",
                "im Nachhinein (alle Karten offen)",
                "Ungenauigkeiten",
            ],
        ),
        (
            "nl",
            &[
                "spel zet plaats",
                "gespeeld",
                "verlies",
                "markering",
                "Partij: totaal Anna ",
                "nauwkeurigheid",
                "per fase: bieden ",
                "wegleggen",
                "troefkeuze",
                "kaartspel",
                "achteraf (alle kaarten open)",
                "onnauwkeurigheden",
            ],
        ),
    ];
    let mut json = Vec::new();
    for (lang, words) in cases {
        let (code, out, err) = run(&["review", p, "--budget", "0.25", "--lang", lang]);
        assert_eq!(code, 0, "{err}");
        for w in words {
            assert!(out.contains(w), "{lang}: no `{w}` in\n{out}");
        }
        for line in out.lines() {
            assert!(
                line.chars().count() <= 80,
                "{lang}: wider than 80 columns: {line}"
            );
        }
        let header = out.lines().next().unwrap();
        for w in english {
            assert!(
                !header.split_whitespace().any(|x| x == w),
                "{lang}: English `{w}` in {header}"
            );
            assert!(
                !out.contains(&format!("{w} ")) || w == "best",
                "{lang}: English `{w}` in\n{out}"
            );
        }
        assert!(!out.contains("scores"), "{lang}: {out}");
        let (code, out, err) = run(&["review", p, "--budget", "0.25", "--lang", lang, "--json"]);
        assert_eq!(code, 0, "{err}");
        json.push(out);
    }
    let (code, out, err) = run(&["review", p, "--budget", "0.25", "--lang", "en", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json[0], out, "--json does not depend on the language");
    assert_eq!(json[1], out, "--json does not depend on the language");
    let (code, _, err) = run(&["review", p, "--lang", "xx"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown language `xx`"), "{err}");
    std::fs::remove_file(path).ok();
}
