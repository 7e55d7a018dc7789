//! `binokel arena` as a person runs it: presets and options on the command line, the JSON
//! summary's shape, a results file that `--resume` continues to the same result as one
//! uninterrupted run, and clear refusals of bad input.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_binokel"))
        .arg("arena")
        .args(["--jobs", "2"])
        .args(args)
        .output()
        .unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("binokel-arena-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "arena failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

/// The parts of a summary that depend only on the deals and the bots' choices (not on time).
fn results(s: &Value) -> Value {
    let bots: Vec<Value> = s["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            serde_json::json!([
                b["name"],
                b["mean_score"],
                b["ci95"],
                b["contracts"],
                b["made"],
                b["surrenders"],
                b["seat_deals"]
            ])
        })
        .collect();
    serde_json::json!({"deals": s["deals"], "bots": bots, "difference": s["difference"]})
}

fn check_shape(s: &Value, deals: u64, players: u64) {
    assert_eq!(s["deals"].as_u64(), Some(deals), "{s}");
    assert_eq!(s["players"].as_u64(), Some(players), "{s}");
    let bots = s["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    for b in bots {
        assert!(b["name"].is_string());
        assert!(b["mean_score"].is_number());
        let ci = b["ci95"].as_array().unwrap();
        assert_eq!(ci.len(), 2);
        assert!(ci[0].as_f64().unwrap() <= b["mean_score"].as_f64().unwrap());
        assert!(b["mean_score"].as_f64().unwrap() <= ci[1].as_f64().unwrap());
        for k in ["contracts", "made", "surrenders", "seat_deals"] {
            assert!(b[k].is_u64(), "{k} in {b}");
        }
        assert!(b["made"].as_u64() <= b["contracts"].as_u64());
        assert!(b["mean_decision_ms"].as_f64().unwrap() >= 0.0);
    }
    let d = &s["difference"];
    assert!(
        d["of"].is_string() && d["mean"].is_number() && d["ci95"].is_array(),
        "{d}"
    );
}

#[test]
fn kreuz_with_an_option_saves_and_resumes_to_the_uninterrupted_result() {
    let file = tmp("kreuz.jsonl");
    let f = file.to_str().unwrap();
    let common = ["--bots", "easy,heuristic", "--seed", "9", "--json"];
    let first = json_of(&arena(
        &[
            &common[..],
            &[
                "--rules",
                "kreuz",
                "--rule",
                "target=1000",
                "--deals",
                "2",
                "--out",
                f,
            ],
        ]
        .concat(),
    ));
    check_shape(&first, 2, 4);
    assert_eq!(
        first["rules"],
        serde_json::json!({"preset": "kreuz", "target": 1000})
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 3, "a header and two sets: {text}");
    let header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["rules"], first["rules"]);

    // Continue to three sets: only set 2 is played, and the result equals a fresh run.
    let resumed = json_of(&arena(&["--resume", f, "--deals", "3", "--json"]));
    check_shape(&resumed, 3, 4);
    assert_eq!(resumed["rules"], first["rules"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 4);
    let fresh = json_of(&arena(
        &[
            &common[..],
            &["--rules", "kreuz", "--rule", "target=1000", "--deals", "3"],
        ]
        .concat(),
    ));
    assert_eq!(results(&resumed), results(&fresh));

    // A resumed run keeps its rules: changing them is refused.
    let out = arena(&["--resume", f, "--deals", "4", "--rule", "target=500"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--rule"));
}

#[test]
fn every_three_seat_preset_runs_from_the_command_line() {
    for preset in ["standard", "swabian", "dutch", "forty"] {
        let s = json_of(&arena(&[
            "--bots",
            "heuristic,random",
            "--rules",
            preset,
            "--deals",
            "1",
            "--seed",
            "4",
            "--json",
        ]));
        check_shape(&s, 1, 3);
        assert_eq!(s["rules"], preset);
        for b in s["bots"].as_array().unwrap() {
            assert_eq!(b["seat_deals"], 9, "{preset}: {b}");
        }
    }
}

#[test]
fn the_table_names_the_bots_and_the_difference() {
    let out = arena(&["--bots", "heuristic,random", "--rules", "forty", "--deals", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("heuristic") && text.contains("random"), "{text}");
    assert!(text.contains("difference heuristic - random"), "{text}");
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let cases: [(&[&str], &str); 5] = [
        (&["--rules", "bavarian"], "bavarian"),
        (&["--rule", "target=lots"], "target"),
        (&["--rule", "colour=blue"], "colour"),
        (
            &["--rules", "kreuz", "--bots", "easy,heuristic,random"],
            "4 players",
        ),
        (&["--bots", "heuristic,wizard"], "wizard"),
    ];
    for (args, needle) in cases {
        let out = arena(&[args, &["--deals", "1"][..]].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
    let out = arena(&["--resume", "/nonexistent/arena.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    // No deal set at all is refused, not summarised as zeros; an empty `cmd:` is named as
    // such (it was called a bot that cannot be tuned).
    for (args, needle) in [
        (&["--deals", "0"][..], "--deals"),
        (
            &["--deals", "1", "--bot", "cmd:", "--bot", "heuristic"][..],
            "`cmd:` wants a command line",
        ),
    ] {
        let out = arena(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

fn outside_bot() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../binokel-ai/tests/outside_bot.py").to_string()
}

/// `--bot` takes a name whole, so a `cmd:` command line may contain a comma (`--bots` splits
/// at commas and refuses the pieces).
#[test]
fn bot_takes_a_command_line_with_a_comma() {
    let cmd = format!("cmd:env TAG=a,b python3 {}", outside_bot());
    let s = json_of(&arena(&[
        "--bot",
        &cmd,
        "--bot",
        "heuristic",
        "--deals",
        "1",
        "--json",
    ]));
    assert_eq!(s["bots"][0]["name"], cmd.as_str(), "{s}");
    assert_eq!(s["bots"][0]["seat_deals"], 9, "{s}");
    assert_eq!(s["faults_logged"], 0, "{s}");
    let out = arena(&["--bots", &format!("{cmd},heuristic"), "--deals", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("b python3"),
        "the piece after the comma is named: {err}"
    );
    // One or the other.
    let out = arena(&["--bots", "random,heuristic", "--bot", "random", "--deals", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bot"));
}

/// The bundled engine behind `cmd:`: it plays through the protocol (and is sent `result`
/// after each deal) without a lost decision.
#[test]
fn the_bundled_engine_plays_as_an_outside_engine() {
    let cmd = format!("cmd:{} engine --bot random", env!("CARGO_BIN_EXE_binokel"));
    let s = json_of(&arena(&[
        "--bot",
        &cmd,
        "--bot",
        "heuristic",
        "--deals",
        "1",
        "--json",
    ]));
    assert_eq!(s["faults_logged"], 0, "{s}");
    assert_eq!(s["bots"][0]["seat_deals"], 9, "{s}");
}

/// A long `cmd:` name widens the name column: every line of the table is as long as the
/// header, so the numbers stay under their headings.
#[test]
fn a_long_name_keeps_the_table_in_line() {
    let cmd = format!("cmd:python3 {}", outside_bot());
    let out = arena(&["--bot", &cmd, "--bot", "heuristic", "--deals", "1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().skip(1).take(3).collect();
    assert!(lines[1].starts_with(&cmd), "{text}");
    for l in &lines {
        assert_eq!(l.chars().count(), lines[0].chars().count(), "ragged:\n{text}");
    }
}

/// Four names for four seats (four rotations) and the same name twice (two entries).
#[test]
fn four_names_for_four_seats_and_a_name_twice() {
    let s = json_of(&arena(&[
        "--rules",
        "kreuz",
        "--bots",
        "easy,heuristic,random,heuristic",
        "--deals",
        "1",
        "--json",
    ]));
    let rows = s["bots"].as_array().unwrap();
    assert_eq!(rows.len(), 4, "{s}");
    assert!(rows.iter().all(|b| b["seat_deals"] == 4), "{s}");
    let s = json_of(&arena(&[
        "--rules",
        "two-player",
        "--bots",
        "random,random",
        "--deals",
        "2",
        "--json",
    ]));
    let rows = s["bots"].as_array().unwrap();
    // Two sets, each played twice with one seat per entry: four seat-deals each, none with 0.
    assert!(rows.iter().all(|b| b["seat_deals"] == 4), "{s}");
    assert_eq!(s["difference"]["of"], "random #1 - random #2");
}

/// `--matches`: whole matches, a results file that says so, resumed to the same result, and
/// a deal file and a match file not mixed up.
#[test]
fn match_sets_save_and_resume_and_are_not_mixed_with_deal_sets() {
    let file = tmp("matches.jsonl");
    let f = file.to_str().unwrap();
    let common = ["--bots", "heuristic,random", "--seed", "5", "--json"];
    let first = json_of(&arena(&[&common[..], &["--matches", "2", "--out", f]].concat()));
    assert_eq!(first["unit"], "match", "{first}");
    assert_eq!(first["sets"], 2, "{first}");
    assert!(first["difference"]["excess"].is_number(), "{first}");
    let text = std::fs::read_to_string(&file).unwrap();
    let header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["unit"], "match");
    let resumed = json_of(&arena(&["--resume", f, "--matches", "3", "--json"]));
    let fresh = json_of(&arena(&[&common[..], &["--matches", "3"]].concat()));
    let untimed = |s: &Value| {
        let mut s = s.clone();
        for b in s["bots"].as_array_mut().unwrap() {
            b.as_object_mut().unwrap().remove("mean_decision_ms");
        }
        s
    };
    assert_eq!(untimed(&resumed), untimed(&fresh));
    // A match file is resumed with --matches, a deal file without.
    let out = arena(&["--resume", f, "--deals", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("match sets: resume it with --matches"));
    // --matches and --deals are one or the other; 0 matches is refused.
    let out = arena(&["--matches", "2", "--deals", "2"]);
    assert_eq!(out.status.code(), Some(2));
    let out = arena(&["--matches", "0"]);
    assert_eq!(out.status.code(), Some(2));
    // The table names the excess.
    let out = arena(&["--bots", "heuristic,random", "--matches", "1"]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("of a match won above an even share"), "{table}");
}
