//! `binokel play --plain` and `binokel replay` as a person or a script uses them: the real
//! binary, its stdin and stdout.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_binokel"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("binokel-play-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("match.json")
}

/// Runs `binokel play --plain` with `args`, feeding `lines` on stdin.
fn play(args: &[&str], save: &Path, lines: Vec<String>) -> Output {
    let mut cmd = bin();
    cmd.arg("play").arg("--plain").arg("--save").arg(save).args(args);
    feed(cmd, lines)
}

/// Runs `cmd`, feeding `lines` on stdin (in a thread, because the program may stop reading
/// once the match is over).
fn feed(mut cmd: Command, lines: Vec<String>) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for l in lines {
            if writeln!(stdin, "{l}").is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn first_legal(n: usize) -> Vec<String> {
    vec!["#1".to_string(); n]
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn referee(path: &Path) -> serde_json::Value {
    let o = bin().arg("referee").arg(path).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn a_complete_match_is_played_from_a_script() {
    let save = tmp("complete");
    // The script: a hint, a bad line and an illegal bid first, then always the first
    // legal action (a new deal starts on any line).
    let mut script = vec!["h".to_string(), "XZ".into(), "bid 990".into()];
    script.extend(first_legal(20_000));
    let o = play(
        &[
            "--bots",
            "heuristic,random",
            "--seed",
            "42",
            "--lang",
            "en",
            "--name",
            "Anna",
        ],
        &save,
        script,
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.starts_with("Binokel: Anna, Gottlieb (heuristic), Babette (random)"),
        "{out}"
    );
    assert!(out.contains("Hint from "), "{out}");
    assert!(out.contains("“XZ” is not a card."), "{out}");
    assert!(
        out.contains("is not allowed") || out.contains("must open"),
        "{out}"
    );
    assert!(out.contains("wins the match with"), "{out}");
    assert!(out.contains("Score sheet (to 1500)"), "{out}");
    // The saved record is a finished, legal match with a winner.
    let report = referee(&save);
    assert_eq!(report["legal"], true);
    assert!(report["winner"].is_number(), "{report}");
    let totals = report["totals"].as_array().unwrap();
    let w = report["winner"].as_u64().unwrap() as usize;
    assert!(totals[w].as_i64().unwrap() >= 1500);
    // A finished match can be watched again.
    let r = bin()
        .args(["replay", "--plain", "--lang", "de"])
        .arg(&save)
        .output()
        .unwrap();
    assert!(r.status.success());
    let text = String::from_utf8_lossy(&r.stdout);
    assert!(text.contains("Spiel 1:"), "{text}");
    assert!(text.contains("gewinnt die Partie"), "{text}");
    // And cannot be resumed.
    let again = play(&["--resume"], &save, vec![]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("binokel replay"));
}

#[test]
fn a_saved_match_is_resumed() {
    let save = tmp("resume");
    let args = ["--bots", "random,random", "--seed", "5", "--lang", "en"];
    // Stop after 60 moves: the input ends and the match is saved.
    let first = play(&args, &save, first_legal(60));
    assert!(first.status.success());
    assert!(stdout(&first).contains("Match saved to"), "{}", stdout(&first));
    // The goodbye names the file to resume from.
    let resume = format!("binokel play --resume {}", save.display());
    assert!(stdout(&first).contains(&resume), "{}", stdout(&first));
    // Starting again without --resume does not silently replace the unfinished match.
    let refused = play(&args, &save, first_legal(5));
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--resume"));
    let partial = std::fs::read_to_string(&save).unwrap();
    let partial: serde_json::Value = serde_json::from_str(&partial).unwrap();
    assert!(referee(&save)["winner"].is_null());
    // Resume with other options on the command line: the saved ones win.
    let second = play(
        &["--resume", "--bots", "heuristic,heuristic", "--lang", "en"],
        &save,
        first_legal(20_000),
    );
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    assert!(stdout(&second).contains("wins the match"));
    let full: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(full["play"]["bots"], partial["play"]["bots"]);
    // Everything played before the break is kept as it was.
    let deals_before = partial["deals"].as_array().unwrap();
    for (i, d) in deals_before.iter().enumerate() {
        let after = &full["deals"][i];
        assert_eq!(after["hands"], d["hands"]);
        let a: Vec<_> = after["actions"]
            .as_array()
            .unwrap()
            .iter()
            .take(d["actions"].as_array().unwrap().len())
            .collect();
        let b: Vec<_> = d["actions"].as_array().unwrap().iter().collect();
        assert_eq!(a, b, "deal {i}");
    }
    assert!(referee(&save)["winner"].is_number());
}

#[test]
fn german_with_german_card_names() {
    let save = tmp("german");
    let o = play(
        &[
            "--bots",
            "random,random",
            "--seed",
            "3",
            "--lang",
            "de",
            "--cards",
            "german",
            "--name",
            "Sepp",
        ],
        &save,
        first_legal(30),
    );
    let out = stdout(&o);
    assert!(out.contains("Du bist dran, Sepp."), "{out}");
    assert!(out.contains("Erlaubt:"), "{out}");
    assert!(out.contains(" gibt."), "{out}");
}

#[test]
fn bad_options_fail_with_a_clear_message() {
    let save = tmp("bad");
    let o = play(&["--bots", "random,grandmaster"], &save, vec![]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("grandmaster"));
    let o = play(&["--lang", "fr"], &save, vec![]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown language `fr`"));
    let o = play(&["--bots", "random"], &save, vec![]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--bots"));
    let o = play(
        &["--resume", "--bots", "random,random"],
        &tmp("missing").with_file_name("nope.json"),
        vec![],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nope.json"));
    let r = bin()
        .args(["replay", "/definitely/not/here.json"])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("here.json"));
}

#[test]
fn the_default_opponents_are_the_strong_bots() {
    let save = tmp("strong");
    // A hint at the first turn (always the person's), a few moves, then the input ends.
    let mut script = vec!["h".to_string()];
    script.extend(first_legal(12));
    let o = play(&["--seed", "11", "--lang", "en", "--name", "Anna"], &save, script);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.starts_with("Binokel: Anna, Gottlieb (strong), Babette (strong)"),
        "{out}"
    );
    // The values are the match measure's, in the auction as in the play (docs/review.md
    // section 1).
    assert!(
        out.contains(
            "Hint from strong (expected: your score less the others' mean, as the match race weighs it): "
        ),
        "{out}"
    );
    assert!(out.contains("Match saved to"), "{out}");
    assert_eq!(referee(&save)["legal"], true);
}

#[test]
fn the_language_follows_the_locale() {
    let save = tmp("locale");
    let o = bin()
        .args([
            "play",
            "--plain",
            "--bots",
            "random,random",
            "--seed",
            "2",
            "--name",
            "Femke",
            "--save",
        ])
        .arg(&save)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "nl_NL.UTF-8")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let out = stdout(&o);
    assert!(out.contains("Jij bent aan de beurt, Femke."), "{out}");
}

#[test]
fn four_players_kreuz_is_played_to_the_end_with_partners() {
    let save = tmp("kreuz");
    let o = play(
        &[
            "--rules",
            "kreuz",
            "--bots",
            "random,heuristic,random",
            "--seed",
            "8",
            "--lang",
            "en",
            "--name",
            "Anna",
        ],
        &save,
        first_legal(20_000),
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.starts_with("Binokel: Anna, Gottlieb (random), Babette (heuristic), Hansjörg (random)"),
        "{out}"
    );
    assert!(out.contains("wins the match with"), "{out}");
    let report = referee(&save);
    assert_eq!(report["legal"], true);
    let totals = report["totals"].as_array().unwrap();
    assert_eq!(totals.len(), 4);
    // Partners (seats 0 and 2, 1 and 3) share one score.
    assert_eq!(totals[0], totals[2], "{report}");
    assert_eq!(totals[1], totals[3], "{report}");
    // The default opponents fill every other seat.
    let o = play(
        &[
            "--rules", "kreuz", "--seed", "3", "--lang", "en", "--name", "Anna",
        ],
        &tmp("kreuz-default"),
        vec![],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout(&o).starts_with("Binokel: Anna, Gottlieb (strong), Babette (strong), Hansjörg (strong)"),
        "{}",
        stdout(&o)
    );
}

/// A script for two players: at every prompt it tries the exchange and a few melds (refused
/// with a message when they are not offered) and then plays the first legal card.
fn two_player_script(turns: usize) -> Vec<String> {
    let tries = [
        "exchange",
        "meld pair S",
        "meld pair H",
        "meld pair D",
        "meld pair C",
        "meld binokel",
        "meld four_kings",
        "meld four_queens",
        "#1",
    ];
    tries
        .iter()
        .cycle()
        .take(turns * tries.len())
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn two_players_play_a_whole_match_with_melds_from_a_script() {
    let save = tmp("two");
    let o = play(
        &[
            "--rules",
            "two-player",
            "--bots",
            "random",
            "--seed",
            "5",
            "--lang",
            "en",
            "--name",
            "Anna",
        ],
        &save,
        two_player_script(3_000),
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.starts_with("Binokel: Anna, Gottlieb (random)\n"), "{out}");
    // Trump, the turned card and the stock are shown, and the stock runs down to empty.
    assert!(out.contains("Trump is"), "{out}");
    assert!(out.contains(" · stock 24\n"), "{out}");
    assert!(out.contains(" · stock 2\n"), "{out}");
    assert!(out.contains("The stock is used up"), "{out}");
    assert!(out.contains("stock used up\n"), "{out}");
    // Both draw after a trick; the person sees its own card only.
    assert!(out.contains("Anna draws "), "{out}");
    assert!(out.contains("Gottlieb draws a card."), "{out}");
    // Melds were offered and shown by the person from the typed tokens.
    assert!(
        out.contains("meld pair"),
        "melds offered in the legal list: {out}"
    );
    assert!(out.contains("Anna melds "), "{out}");
    assert!(out.contains("wins the match with"), "{out}");
    let report = referee(&save);
    assert_eq!(report["legal"], true);
    let totals = report["totals"].as_array().unwrap();
    assert_eq!(totals.len(), 2);
    let w = report["winner"].as_u64().unwrap() as usize;
    assert!(totals[w].as_i64().unwrap() >= 1000, "{report}");
    assert!(totals[w].as_i64() >= totals[1 - w].as_i64(), "{report}");
    for d in report["deals"].as_array().unwrap() {
        assert_eq!(d["soloist"], serde_json::Value::Null);
        assert!(d["trump"].is_string(), "{d}");
        // Every deal's scores are card points plus melds shown: 250 card points in all.
        let cp: i64 = d["card_points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .sum();
        assert_eq!(cp, 250, "{d}");
    }
    // The record shows the person's melds as tokens.
    let rec: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let actions: Vec<String> = rec["deals"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| {
            d["actions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().to_string())
        })
        .collect();
    assert!(actions.iter().any(|a| a.starts_with("meld ")), "{actions:?}");
    // The terminal replay tells the same match: turned card, both draws with their cards,
    // melds with their points, the stock running out.
    let o = bin()
        .args(["replay", "--plain", "--lang", "en"])
        .arg(&save)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("Turned up: "), "{text}");
    assert!(
        text.contains("Gottlieb draws ") && !text.contains("Gottlieb draws a card."),
        "{text}"
    );
    assert!(text.contains("Anna melds "), "{text}");
    assert!(text.contains("The stock is used up"), "{text}");
    assert!(text.contains("Σ"), "{text}");
    // The default opponent is one strong bot.
    let o = play(
        &[
            "--rules",
            "two-player",
            "--seed",
            "3",
            "--lang",
            "en",
            "--name",
            "Anna",
        ],
        &tmp("two-default"),
        vec![],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout(&o).starts_with("Binokel: Anna, Gottlieb (strong)\n"),
        "{}",
        stdout(&o)
    );
}

/// Runs `binokel ARGS` with its data folder in `home` (no --save), feeding `lines`.
fn in_home(home: &Path, args: &[&str], lines: &[&str]) -> Output {
    let mut cmd = bin();
    cmd.args(args).env("XDG_DATA_HOME", home);
    feed(cmd, lines.iter().map(|s| s.to_string()).collect())
}

/// Each match gets its own file in the data folder, so a finished match is never overwritten
/// (a regression: `--save F` on a finished match started a new one in F); `--resume` finds the
/// latest unfinished match and `binokel replay --list` lists them all.
#[test]
fn each_match_has_its_own_file_and_finished_ones_are_kept() {
    let home = tmp("library").parent().unwrap().join("home");
    let _ = std::fs::remove_dir_all(&home);
    let matches = home.join("binokel/matches");
    let quick = [
        "play",
        "--plain",
        "--bots",
        "random,random",
        "--rule",
        "target=300",
        "--seed",
        "9",
    ];
    // A whole (short) match, then one stopped after a few moves.
    let all: Vec<&str> = vec!["#1"; 20_000];
    let done = in_home(&home, &quick, &all);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert!(stdout(&done).contains("wins the match"), "{}", stdout(&done));
    let part = in_home(&home, &quick, &["#1"; 5]);
    assert!(part.status.success());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&matches)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let finished = files
        .iter()
        .find(|f| referee(f)["winner"].is_number())
        .expect("the finished match is kept")
        .clone();
    let running = files.iter().find(|f| **f != finished).unwrap().clone();
    let before = std::fs::read_to_string(&finished).unwrap();
    // --save on the finished file is refused, and the file is untouched.
    let refused = in_home(
        &home,
        &["play", "--plain", "--save", finished.to_str().unwrap()],
        &["#1"],
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("holds a finished match"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    assert_eq!(std::fs::read_to_string(&finished).unwrap(), before);
    // The list shows both, with their state.
    let list = in_home(&home, &["replay", "--list"], &[]);
    let text = stdout(&list);
    assert!(
        text.contains(&finished.display().to_string()) && text.contains("won"),
        "{text}"
    );
    assert!(
        text.contains(&running.display().to_string()) && text.contains("running"),
        "{text}"
    );
    // --resume without a file continues the unfinished one, to its end.
    let resumed = in_home(&home, &["play", "--plain", "--resume"], &all);
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    assert!(stdout(&resumed).contains("wins the match"));
    assert!(referee(&running)["winner"].is_number());
    assert_eq!(std::fs::read_to_string(&finished).unwrap(), before);
    // Nothing left to resume.
    let none = in_home(&home, &["play", "--plain", "--resume"], &[]);
    assert_eq!(none.status.code(), Some(2));
    // Three matches started in the same second get three files (a regression: they shared
    // one name and overwrote each other).
    let started: Vec<_> = (0..3)
        .map(|_| {
            let home = home.clone();
            std::thread::spawn(move || {
                in_home(
                    &home,
                    &["play", "--plain", "--bots", "random,random", "--seed", "4"],
                    &["#1"; 3],
                )
            })
        })
        .collect();
    for t in started {
        let o = t.join().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(!stdout(&o).contains("cannot write"), "{}", stdout(&o));
    }
    assert_eq!(std::fs::read_dir(&matches).unwrap().count(), 5);
    let _ = std::fs::remove_dir_all(&home);
}

/// A refused configuration writes nothing: an unknown bot, or too few bots for kreuz, leave
/// no (empty) match file behind (a regression: the file was made before the bots were
/// checked). A name with no visible character is refused by name.
#[test]
fn a_refused_start_leaves_no_match_file() {
    let home = tmp("refused-start").parent().unwrap().join("home-refused");
    let _ = std::fs::remove_dir_all(&home);
    let matches = home.join("binokel/matches");
    for args in [
        &["play", "--plain", "--bots", "nobody,random"][..],
        &["play", "--plain", "--rules", "kreuz", "--bots", "random,random"][..],
        &["play", "--plain", "--name", "\u{200B}\u{3164}"][..],
    ] {
        let o = in_home(&home, args, &[]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let files = std::fs::read_dir(&matches).map_or(0, |d| d.count());
        assert_eq!(files, 0, "{args:?} left a file in {}", matches.display());
    }
    let o = in_home(&home, &["play", "--plain", "--name", "\u{200B}"], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("no visible character"), "{err}");
}

/// `play --help` names the computer players each preset seats (a regression: "two computer
/// players" for every preset, also kreuz and two-player).
#[test]
fn play_help_names_the_seats_of_each_preset() {
    let out = bin().args(["play", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(!help.contains("two computer players"), "{help}");
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("kreuz (four seats"), "{help}");
    assert!(flat.contains("two-player (you against one bot)"), "{help}");
    let top = bin().arg("--help").output().unwrap();
    let top = String::from_utf8(top.stdout).unwrap();
    assert!(!top.contains("two computer players"), "{top}");
}

/// `binokel play --deals N`: a fixed series (`series_deals`). The match ends after deal 3
/// (or at the first deal after it where one total is highest), the score sheet names the
/// deals, the record carries the option; a series that is no multiple of the seats is
/// refused by name before anything is written.
#[test]
fn a_fixed_series_is_played_with_deals() {
    let save = tmp("series");
    let o = play(
        &[
            "--deals",
            "3",
            "--bots",
            "random,random",
            "--seed",
            "7",
            "--lang",
            "en",
            "--name",
            "Anna",
        ],
        &save,
        first_legal(20_000),
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("Score sheet (3 deals)"), "{out}");
    // Line mode says which deal of the series each one is.
    for k in 1..=3 {
        assert!(out.contains(&format!("Deal {k} of 3: ")), "deal {k}: {out}");
    }
    assert!(!out.contains("Score sheet (to"), "{out}");
    let report = referee(&save);
    let deals = report["deals"].as_array().unwrap();
    assert!(deals.len() >= 3, "{report}");
    let totals: Vec<i64> = report["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect();
    let best = *totals.iter().max().unwrap();
    assert_eq!(
        report["winner"],
        totals.iter().position(|&t| t == best).unwrap(),
        "{report}"
    );
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(record["rules"]["series_deals"], 3, "{}", record["rules"]);

    let bad = tmp("series-bad");
    let o = play(&["--deals", "4", "--bots", "random,random"], &bad, vec![]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("series_deals") && err.contains("multiple of the number of seats, 3"),
        "{err}"
    );
    assert!(!bad.exists(), "a refused start writes no file");
}
