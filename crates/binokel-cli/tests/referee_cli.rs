//! `binokel referee`, `binokel meld` and `binokel perft` as other programs call them: exit
//! codes, stdout and stderr.

use std::io::Write;
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_binokel"))
}

fn conformance() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../binokel/tests/data/conformance")
}

fn run_stdin(args: &[&str], input: &str) -> (i32, String, String) {
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

#[test]
fn referee_exit_codes_and_verdicts_match_the_conformance_set() {
    let dir = conformance().join("records");
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".json") || name.ends_with(".expected.json") {
            continue;
        }
        let want: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(name.replace(".json", ".expected.json"))).unwrap(),
        )
        .unwrap();
        let out = bin().arg("referee").arg(&path).output().unwrap();
        let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let code = out.status.code().unwrap();
        assert_eq!(got["legal"], want["legal"], "{name}");
        assert_eq!(code, if want["legal"] == true { 0 } else { 1 }, "{name}");
        if want["legal"] == true {
            assert_eq!(got["totals"], want["totals"], "{name}");
            assert_eq!(got["winner"], want["winner"], "{name}");
        } else {
            assert_eq!(
                (&got["deal"], &got["action"]),
                (&want["deal"], &want["action"]),
                "{name}"
            );
        }
    }
}

/// A two-player meld token in a three-player Durch is an illegal action (exit 1 with the
/// place and a reason), never a panic (a regression: the referee exited 101).
#[test]
fn referee_refuses_a_meld_token_in_a_durch() {
    let text = std::fs::read_to_string(conformance().join("records/durch-made.json")).unwrap();
    for token in ["meld pair H", "meld four_aces", "exchange"] {
        let mut rec: serde_json::Value = serde_json::from_str(&text).unwrap();
        let actions = rec["deals"][0]["actions"].as_array_mut().unwrap();
        // After the declaration and the first card.
        actions.truncate(6);
        actions.push(token.into());
        let (code, out, err) = run_stdin(&["referee"], &rec.to_string());
        assert_eq!(code, 1, "{token}: {out} {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["legal"], false);
        assert_eq!(v["deal"], 0);
        assert_eq!(v["action"], 6);
        assert!(v["reason"].as_str().unwrap().contains("two-player"), "{v}");
    }
}

#[test]
fn referee_reads_stdin_and_exits_2_for_what_is_not_a_record() {
    for input in [
        "",
        "{",
        "[]",
        r#"{"format":"nope"}"#,
        r#"{"format":"binokel-record/1","deals":"x"}"#,
        r#"{"format":"binokel-record/1","rules":"no-such-preset","deals":[]}"#,
    ] {
        let (code, out, err) = run_stdin(&["referee"], input);
        assert_eq!(code, 2, "{input}");
        assert!(out.is_empty(), "{input}: stdout {out}");
        assert!(err.contains("not a record"), "{input}: {err}");
    }
    let text = std::fs::read_to_string(conformance().join("records/trump-deal.json")).unwrap();
    let (code, out, _) = run_stdin(&["referee"], &text);
    assert_eq!(code, 0);
    assert!(out.starts_with(r#"{"legal":true,"deals":"#), "{out}");
}

#[test]
fn referee_survives_a_closed_pipe() {
    let path = conformance().join("records/match-to-the-end.json");
    let mut child = bin()
        .arg("referee")
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn meld_prints_json_and_names_a_bad_token() {
    let out = bin()
        .args(["meld", "--trump", "S", "--json", "AS TS KS QS JS KS QS"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        r#"{"total":190,"melds":[{"kind":"family","suit":"S","points":150},{"kind":"pair","suit":"S","points":40}]}"#
    );
    for (args, token) in [(vec!["meld", "AS", "XX"], "XX"), (vec!["meld", "AS AS AS"], "AS")] {
        let out = bin().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        assert!(String::from_utf8(out.stderr)
            .unwrap()
            .contains(&format!("`{token}`")));
    }
    let out = bin().args(["meld", "--trump", "X", "AS"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The low card is written as the rules name it: `7S` is no card under the nines, `9S` none
/// under the sevens (a regression: `7S` was read as `9S`); exit 2 naming the token.
#[test]
fn meld_refuses_the_other_low_digit() {
    for (args, token) in [
        (vec!["meld", "AS", "7S"], "7S"),
        (vec!["meld", "--rule", "low=seven", "AS", "9S"], "9S"),
    ] {
        let out = bin().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(&format!("`{token}` is not a card")), "{err}");
    }
    let out = bin()
        .args(["meld", "--rule", "low=seven", "--json", "7S", "7S"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn perft_prints_the_golden_line() {
    let path = conformance().join("records/trump-deal.json");
    let out = bin()
        .arg("perft")
        .arg(&path)
        .args(["--prefix", "10", "--depth", "4", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["perft"],
        serde_json::json!({"1": 13, "2": 21, "3": 49, "4": 588})
    );
}

/// Plays a match of `rules` with fixed choices among the legal actions (no randomness) until
/// it is over or `deals` deals are in the record.
fn scripted_match(rules: binokel::Rules, deals: usize, seed: u64) -> binokel::Game {
    let mut g = binokel::Game::new(rules, Vec::new());
    let mut step = seed as usize;
    while !g.is_over() && g.deals().len() < deals {
        g.start_seeded_deal(seed + g.deals().len() as u64).unwrap();
        while let Some(d) = g.current().filter(|d| !d.is_over()) {
            let legal = d.legal_actions();
            step = step.wrapping_mul(31).wrapping_add(7);
            g.play(legal[step % legal.len()]).unwrap();
        }
    }
    g
}

/// A fixed series (`series_deals`, RULES.md section 10) through `binokel referee`, as the
/// conformance records are checked: the verdict's totals are the sums of its deal scores,
/// the winner is the highest total once the series is played, a deal after it is illegal,
/// and a series that is no multiple of the seats is not a record.
#[test]
fn referee_checks_a_fixed_series() {
    let mut rules = binokel::Rules::default();
    rules.set("series_deals", "3").unwrap();
    // Find a scripted series that ends at its third deal (no tie at the top).
    let g = (0..50)
        .map(|seed| scripted_match(rules, 10, seed))
        .find(|g| g.deals().len() == 3 && g.is_over())
        .expect("a series ending at deal 3");
    let record = binokel::record::write_record(&g);
    assert_eq!(
        record["rules"],
        serde_json::json!({"preset": "standard", "series_deals": 3})
    );

    // Two deals of the three: legal, no winner yet, whatever the totals.
    let mut two = record.clone();
    two["deals"].as_array_mut().unwrap().truncate(2);
    let (code, out, _) = run_stdin(&["referee"], &two.to_string());
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["winner"], serde_json::Value::Null, "{out}");

    // All three: the winner is the highest total, computed here from the deal scores.
    let (code, out, _) = run_stdin(&["referee"], &record.to_string());
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut totals = [0i64; 3];
    for d in v["deals"].as_array().unwrap() {
        for (t, s) in totals.iter_mut().zip(d["scores"].as_array().unwrap()) {
            *t += s.as_i64().unwrap();
        }
    }
    assert_eq!(v["totals"], serde_json::json!(totals), "{out}");
    let best = *totals.iter().max().unwrap();
    let winner = totals.iter().position(|&t| t == best).unwrap();
    assert_eq!(v["winner"], winner, "{out}");

    // A fourth deal is past the end of the series.
    let mut four = record.clone();
    let again = record["deals"][0].clone();
    four["deals"].as_array_mut().unwrap().push(again);
    let (code, out, _) = run_stdin(&["referee"], &four.to_string());
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["deal"], &v["action"]),
        (&serde_json::json!(3), &serde_json::Value::Null),
        "{out}"
    );

    // Four deals at three seats: not a record, and the message names the option.
    let mut bad = record.clone();
    bad["rules"]["series_deals"] = 4.into();
    let (code, out, err) = run_stdin(&["referee"], &bad.to_string());
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("series_deals") && err.contains("multiple of the number of seats"),
        "{err}"
    );
}
