//! `binokel replay FILE --review REVIEW.json` through the binary: the review's marks beside
//! the actions (with the better move) in four languages, lines that fit 80 columns, and a
//! clear error, exit 2, for a review that does not belong to the record.

use std::path::PathBuf;
use std::process::Command;

/// The record of binokel-ai's known-blunder test: Anna smears her ace of spades (deal 0,
/// action 47) into a trick Cleo has trumped.
const RECORD: &str = include_str!("../../binokel-ai/tests/fixtures/ace_blunder.json");

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_binokel"))
}

fn temp(name: &str, text: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("binokel-replay-review-{}-{name}", std::process::id()));
    std::fs::write(&p, text).expect("write");
    p
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().expect("run");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

/// The review of seat 0 of the record, by `binokel review --json`, as a file.
fn review_file() -> (PathBuf, serde_json::Value) {
    let rec = temp("record.json", RECORD);
    let (code, out, err) = run(&[
        "review",
        rec.to_str().unwrap(),
        "--seat",
        "0",
        "--budget",
        "0.5",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    (temp("review.json", &out), v)
}

#[test]
fn replay_shows_the_marks_with_the_better_move() {
    let rec = temp("rec-marks.json", RECORD);
    let (review, v) = review_file();
    let marked: Vec<&serde_json::Value> = v["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| !d["mark"].is_null())
        .collect();
    assert!(!marked.is_empty(), "the review marks the smeared ace");
    let (code, out, err) = run(&[
        "replay",
        rec.to_str().unwrap(),
        "--review",
        review.to_str().unwrap(),
        "--plain",
        "--lang",
        "en",
    ]);
    assert_eq!(code, 0, "{err}");
    // One mark line per marked decision, right under Anna's sentence.
    let lines: Vec<&str> = out.lines().collect();
    let marks: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("    ?"))
        .collect();
    assert_eq!(marks.len(), marked.len(), "{out}");
    for &i in &marks {
        assert!(
            lines[i - 1].starts_with("Anna: "),
            "{}\n{}",
            lines[i - 1],
            lines[i]
        );
        assert!(lines[i].contains(" points lost; better: "), "{}", lines[i]);
    }
    let ace = marks
        .iter()
        .map(|&i| i - 1)
        .find(|&i| lines[i] == "Anna: A♠")
        .expect("the smeared ace is marked");
    assert_eq!(lines[ace + 1], "    ?? blunder: 197 points lost; better: K♦");
    assert!(
        lines[ace + 2].starts_with("       hindsight (all cards seen): "),
        "{}",
        lines[ace + 2]
    );
    // The review's lines fit 80 columns (the indented ones; the replay's own sentences are
    // as before).
    for l in lines.iter().filter(|l| l.starts_with("    ")) {
        assert!(l.chars().count() <= 80, "wider than 80 columns: {l}");
    }
    // The same marks in the other languages.
    for (lang, word) in [("de", "grober Fehler"), ("nl", "blunder"), ("pt", "erro grave")] {
        let (code, out, err) = run(&[
            "replay",
            rec.to_str().unwrap(),
            "--review",
            review.to_str().unwrap(),
            "--plain",
            "--lang",
            lang,
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("    ?? {word}: ")), "{lang}: {out}");
        assert!(
            out.lines()
                .filter(|l| l.starts_with("    "))
                .all(|l| l.chars().count() <= 80),
            "{lang}"
        );
    }
}

#[test]
fn a_review_of_another_record_is_refused_naming_the_mismatch() {
    let rec = temp("rec-other.json", RECORD);
    let (review, v) = review_file();
    let replay = |review: &PathBuf| {
        run(&[
            "replay",
            rec.to_str().unwrap(),
            "--review",
            review.to_str().unwrap(),
            "--plain",
        ])
    };
    // Another action at a reviewed decision.
    let mut other = v.clone();
    let d = &mut other["decisions"][0];
    let (deal, index) = (d["deal"].as_u64().unwrap(), d["index"].as_u64().unwrap());
    let played = d["played"].as_str().unwrap().to_string();
    d["played"] = serde_json::json!(if played == "pass" { "bid 500" } else { "pass" });
    let (code, out, err) = replay(&temp("other-action.json", &other.to_string()));
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("does not belong to this record")
            && err.contains(&format!("deal {deal}, action {index}"))
            && err.contains(&format!("the record `{played}` by seat 0")),
        "{err}"
    );
    assert!(out.is_empty());
    // Other deal scores.
    let mut other = v.clone();
    other["deals"][0]["scores"] = serde_json::json!([1, 2, 3]);
    let (code, _, err) = replay(&temp("other-scores.json", &other.to_string()));
    assert_eq!(code, 2);
    assert!(
        err.contains("deal 0 (from 0) scored [1, 2, 3] in the review"),
        "{err}"
    );
    // Other seat names, other rules.
    let mut other = v.clone();
    other["seats"] = serde_json::json!(["X", "Y", "Z"]);
    let (code, _, err) = replay(&temp("other-seats.json", &other.to_string()));
    assert_eq!(code, 2);
    assert!(
        err.contains("it names the seats [X, Y, Z], the record [Anna, Ben, Cleo]"),
        "{err}"
    );
    let mut other = v.clone();
    other["rules"] = serde_json::json!("swabian");
    let (code, _, err) = replay(&temp("other-rules.json", &other.to_string()));
    assert_eq!(code, 2);
    assert!(err.contains("it reviews the rules \"swabian\""), "{err}");
    // Not a review at all: the record itself given as the review.
    let (code, _, err) = replay(&rec);
    assert_eq!(code, 2);
    assert!(err.contains("not a binokel-review/3 document"), "{err}");
    // A review file that is not there.
    let (code, _, err) = replay(&PathBuf::from("/nonexistent/review.json"));
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/review.json"), "{err}");
    let _ = review;
}
