//! `binokel puzzles generate|verify|solve` (docs/puzzles.md): the file does not depend on
//! `--jobs`, a fixed sample of 50 shipped puzzles re-solves to its stored values, a tampered
//! value is reported with the puzzle's id, and a puzzle is solved in plain text.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_binokel"))
}

fn shipped() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles/standard.json")
}

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("binokel-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn generate_writes_the_same_file_with_one_job_and_with_two() {
    let (a, b) = (tmp("one.json"), tmp("two.json"));
    for (jobs, out) in [("1", &a), ("2", &b)] {
        let (code, _, err) = run(
            &[
                "puzzles",
                "generate",
                "--count",
                "8",
                "--seed",
                "7",
                "--trump-every",
                "7",
                "--trump-nodes",
                "1500000",
                "--burial-every",
                "0",
                "--jobs",
                jobs,
                "--out",
                out.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
    }
    let one = std::fs::read_to_string(&a).unwrap();
    assert_eq!(one, std::fs::read_to_string(&b).unwrap());
    assert_eq!(one.matches("\"id\":").count(), 8);
    assert!(one.contains("\"kind\":\"trump\""), "a trump puzzle: {one}");
    assert!(
        one.contains("--trump-every 7 --trump-nodes 1500000 --burial-every 0"),
        "{one}"
    );
    let (code, out, err) = run(&["puzzles", "verify", a.to_str().unwrap()], "");
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_fixed_sample_of_fifty_shipped_puzzles_verifies() {
    let t = std::time::Instant::now();
    let (code, out, err) = run(
        &[
            "puzzles",
            "verify",
            shipped().to_str().unwrap(),
            "--sample",
            "50",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("50 puzzles verified"), "{out}");
    eprintln!("50 puzzles verified in {:?}", t.elapsed());
}

#[test]
fn a_wrong_stored_value_is_reported_with_the_puzzle_id() {
    let text = std::fs::read_to_string(shipped()).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = &mut v["puzzles"][3];
    let id = p["id"].as_str().unwrap().to_string();
    let old = p["choices"][1]["value"].as_f64().unwrap();
    p["choices"][1]["value"] = serde_json::json!(old + 5.0);
    let bad = tmp("bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let (code, out, _) = run(&["puzzles", "verify", bad.to_str().unwrap()], "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("MISMATCH {id}")), "{out}");
    let (code, _, err) = run(&["puzzles", "verify", "/no/such/file.json"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file.json"), "{err}");
}

#[test]
fn a_puzzle_is_solved_in_plain_text() {
    let text = std::fs::read_to_string(shipped()).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = &v["puzzles"][0];
    let id = p["id"].as_str().unwrap();
    let best = p["best"].as_str().unwrap();
    let wrong = p["choices"][1]["choice"].as_str().unwrap();
    // A token that is not a choice is refused by name, then the best is right.
    let (code, out, err) = run(&["puzzles", "solve", "--id", id], &format!("XX\n{best}\nq\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("Puzzle {id}")), "{out}");
    assert!(out.contains("`XX`"), "{out}");
    assert!(out.contains(&format!("Right: {best} is best.")), "{out}");
    assert!(out.contains(&format!("  {best:<4}")), "{out}");
    assert!(out.contains("1 of 1 right."), "{out}");
    let (_, out, _) = run(&["puzzles", "solve", "--id", id], &format!("{wrong}\nq\n"));
    assert!(
        out.contains(&format!("Wrong: {best} is best, not {wrong}.")),
        "{out}"
    );
}

/// A trump puzzle in the terminal: every hand and the burial shown, the declarations as the
/// choices, a card refused by name, any suit's surrender is the one surrender choice, and the
/// values mark the proved upper bounds "at most".
#[test]
fn a_trump_puzzle_is_solved_in_plain_text() {
    let text = std::fs::read_to_string(shipped()).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = v["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "trump")
        .expect("a trump puzzle in the shipped set");
    let id = p["id"].as_str().unwrap();
    let best = p["best"].as_str().unwrap();
    let (code, out, err) = run(&["puzzles", "solve", "--id", id], &format!("AS\n{best}\nq\n"));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("all hands shown") && out.contains("to declare"),
        "{out}"
    );
    assert!(out.contains(" buried ") && out.contains("durch"), "{out}");
    // Trump is what the puzzle asks for: it is not named yet.
    assert!(
        out.contains("no trump named yet") && !out.contains("trump -"),
        "{out}"
    );
    assert!(out.contains("`AS` is not one of"), "{out}");
    assert!(out.contains(&format!("Right: {best} is best.")), "{out}");
    let bounds = p["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["bound"] == true)
        .count();
    assert_eq!(out.matches("at most").count(), bounds, "{out}");
    // The surrender is one choice, whatever suit is typed.
    let (_, out, _) = run(&["puzzles", "solve", "--id", id], "surrender D\nq\n");
    let verdict = if best.starts_with("surrender") {
        "Right:"
    } else {
        "not surrender"
    };
    assert!(out.contains(verdict), "{out}");
}

/// A burial puzzle in the terminal: every hand and the Tapp shown, the burial typed as its
/// cards (a wrong number of cards and a card not held named and asked again), and the
/// solution lists the best ten burials and the answer's place.
#[test]
fn a_burial_puzzle_is_solved_in_plain_text() {
    let set = binokel_ai::puzzle::PuzzleSet::parse(binokel_ai::puzzle::SHIPPED).unwrap();
    let p = set
        .puzzles
        .iter()
        .find(|p| p.kind == binokel_ai::puzzle::Kind::Burial)
        .expect("a burial puzzle in the shipped set");
    let hand = p.deal().unwrap().hand(p.seat);
    let absent = [
        "AS", "AH", "AD", "AC", "TS", "TH", "TD", "TC", "KS", "KH", "KD", "KC",
    ]
    .into_iter()
    .find(|c| hand.count(binokel::Card::parse(c).unwrap()) == 0)
    .unwrap();
    let cards: Vec<&str> = p.best.split(' ').skip(1).collect();
    let input = format!(
        "{} {}\n{} {} {absent}\n{}\nq\n",
        cards[0],
        cards[1],
        cards[0],
        cards[1],
        cards.join(" ").to_lowercase()
    );
    let (code, out, err) = run(&["puzzles", "solve", "--id", &p.id], &input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("all hands shown") && out.contains("to bury"),
        "{out}"
    );
    assert!(out.contains("took the Tapp"), "{out}");
    assert!(
        out.contains("no trump named yet") && !out.contains("trump -"),
        "{out}"
    );
    assert!(out.contains("3 cards, not 2"), "{out}");
    assert!(out.contains("does not hold") && out.contains(absent), "{out}");
    assert!(out.contains(&format!("Right: {} is best.", p.best)), "{out}");
    assert!(
        out.contains(&format!("({} burials in all)", p.choices.len())),
        "{out}"
    );
    // A wrong burial far down the list is shown with its place.
    let last = p.choices.last().unwrap();
    let (_, out, _) = run(
        &["puzzles", "solve", "--id", &p.id],
        &format!("{}\nq\n", last.choice),
    );
    assert!(
        out.contains(&format!("Wrong: {} is best, not {}.", p.best, last.choice)),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "your answer, number {} of {}",
            p.choices.len(),
            p.choices.len()
        )),
        "{out}"
    );
}

#[test]
fn bad_options_and_files_are_named() {
    let out = tmp("never.json");
    let out = out.to_str().unwrap();
    let (code, _, err) = run(&["puzzles", "generate", "--count", "0", "--out", out], "");
    assert_eq!(code, 2);
    assert!(err.contains("--count"), "{err}");
    let (code, _, err) = run(
        &["puzzles", "generate", "--count", "1", "--jobs", "0", "--out", out],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--jobs"), "{err}");
    let (code, _, err) = run(
        &[
            "puzzles", "generate", "--count", "1", "--bot", "nobody", "--out", out,
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("nobody"), "{err}");
    let other = tmp("other.json");
    std::fs::write(&other, r#"{"format":"binokel-record/1"}"#).unwrap();
    let (code, _, err) = run(&["puzzles", "verify", other.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("binokel-record/1") && err.contains("binokel-puzzles/1"),
        "{err}"
    );
    std::fs::write(&other, "not json").unwrap();
    let (code, _, err) = run(&["puzzles", "solve", other.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("not JSON"), "{err}");
    let (code, _, err) = run(&["puzzles", "solve", "--id", "no-such"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no-such"), "{err}");
}

/// `binokel puzzles mine` on a server database without a match that may be used writes an
/// empty set that reads back (the matches that may are tested in binokel-server's
/// tests/learning.rs); a database it cannot open is named, exit 2.
#[test]
fn mine_writes_a_set_and_names_a_bad_database() {
    let db = tmp("mine.sqlite3");
    let out = tmp("mined.json");
    let url = format!("sqlite://{}", db.display());
    let (code, _, err) = run(
        &[
            "puzzles",
            "mine",
            "--database",
            &url,
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote 0 puzzles"), "{err}");
    let set = binokel_ai::puzzle::PuzzleSet::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(set.puzzles.is_empty());
    assert_eq!(set.origin.command, "binokel puzzles mine");
    let (code, _, err) = run(
        &[
            "puzzles",
            "mine",
            "--database",
            "mysql://nowhere/db",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("mysql://nowhere/db"), "{err}");
}
