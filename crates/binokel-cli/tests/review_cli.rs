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
    let (code, out, err) = run(&["review", p, "--seat", "1", "--budget", "0.25"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("deal move"), "{out}");
    assert!(out.contains("1 Ben"), "{out}");
    assert!(out.contains("\nmatch  scores"), "{out}");
    assert!(out.contains("accuracy"), "{out}");
    // The progress bar is hidden when stderr is not a terminal.
    assert!(!err.contains("reviewing"), "{err}");
    let (code, out, err) = run(&["review", p, "--seat", "1", "--budget", "0.25", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("valid JSON");
    assert_eq!(v["format"], "binokel-review/1");
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
