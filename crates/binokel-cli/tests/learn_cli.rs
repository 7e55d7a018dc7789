//! `binokel learn` (docs/learn.md): the whole course completed in the terminal from stdin,
//! with a wrong answer, a malformed answer and every language; bad options are refused.

use binokel_ai::lessons::{course, Answer};
use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_binokel"))
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

/// Every answer the engine expects, typed as a person would (lower case, cards reversed).
fn answers() -> Vec<String> {
    course()
        .unwrap()
        .iter()
        .flat_map(|l| l.steps.iter())
        .map(|s| match &s.answer {
            Answer::Cards(c) => c
                .iter()
                .rev()
                .map(|c| c.to_lowercase())
                .collect::<Vec<_>>()
                .join(" "),
            a => a.to_string().to_lowercase(),
        })
        .collect()
}

#[test]
fn the_course_is_completed_from_stdin() {
    let mut a = answers();
    let n = a.len();
    // The first step: a malformed answer (named, not counted), a wrong one, then the right.
    a[0] = format!("thirty\n29\n{}", a[0]);
    let (code, out, err) = run(&["learn"], &(a.join("\n") + "\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("`thirty` is not a number"), "{out}");
    assert!(out.contains("Not quite. Try once more."), "{out}");
    assert!(out.contains("== 7. Durch =="), "{out}");
    assert!(
        out.contains(&format!("Right at the first try: {}/{n}", n - 1)),
        "{out}"
    );
    assert!(
        out.lines().all(|l| l.chars().count() <= 80),
        "a line over 80 columns:\n{out}"
    );
}

#[test]
fn two_wrong_answers_show_the_engines_answer_in_german() {
    // Only the Durch lesson; two wrong answers to its first step, then end of input.
    let (code, out, err) = run(&["learn", "--lang", "de", "--lesson", "durch"], "AS\nKH\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Im Durch gibt es keinen Trumpf"), "{out}");
    assert!(out.contains("Die Antwort: TH"), "{out}");
    assert!(out.contains("Beim ersten Versuch richtig: 0/2"), "{out}");
}

#[test]
fn bad_options_are_refused_by_name() {
    let (code, _, err) = run(&["learn", "--lang", "fr"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--lang `fr`"), "{err}");
    let (code, _, err) = run(&["learn", "--lesson", "nope"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no lesson `nope`") && err.contains("durch"), "{err}");
}
