//! `binokel pad` through the real binary, driven on stdin in its line mode: a new pad,
//! deals in one line and field by field (with the meld calculator), a correction, the sheet
//! and the winner, CSV/JSON export, and an evening resumed from its file. Figures are
//! checked against `binokel::pad` computing the same pad.

use binokel::pad::{Pad, PadDeal};
use binokel::{CardSet, Contract, Rules, Suit};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn pad(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_binokel"))
        .arg("pad")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start binokel pad");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("binokel pad ends")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("binokel-pad-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn deal(
    dealer: usize,
    soloist: usize,
    bid: u32,
    contract: Contract,
    melds: [u32; 3],
    cp: [Option<u32>; 3],
) -> PadDeal {
    PadDeal {
        dealer,
        soloist,
        bid,
        contract,
        melds: melds.to_vec(),
        took_trick: vec![true; 3],
        card_points: cp.to_vec(),
    }
}

#[test]
fn an_evening_in_the_line_mode_then_resumed_from_its_file() {
    let dir = scratch("evening");
    let file = dir.join("evening.json");
    let csv = dir.join("evening.csv");
    let hand = "AS TS KS QS JS KS QS";
    let script = format!(
        "new standard Anna Ben Cleo target=500 stake=0.05\n\
         deal Anna Ben 200 S melds 0,150,20 points 80,90,-\n\
         deal 2 1 155 H melds 0,0,0 points 60,100,90\n\
         deal\n\
         2\n\
         Anna\n\
         160\n\
         H\n\
         {hand}\n\
         0\n\
         \n\
         y\n\
         y\n\
         y\n\
         60\n\
         100\n\
         90\n\
         deal 3 Cleo 180 surrender C melds 20,60,0\n\
         fix 1 Anna Ben 200 S melds 0,40,20 points 80,90,-\n\
         fix 9 Anna Ben 200 S points 80,90,-\n\
         sheet\n\
         csv {}\n\
         save {}\n\
         quit\n",
        csv.display(),
        file.display()
    );
    let out = pad(&[], &script);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Two commands failed on purpose, but the evening ended with `quit`: a normal end
    // (a regression: exit 1 after a person's quit).
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("error: the bid 155 is not on the bidding step"),
        "{stdout}"
    );
    assert!(stdout.contains("error: there is no deal 9"), "{stdout}");

    let rules = Rules {
        target: 500,
        ..Rules::default()
    };
    let mut local = Pad::new(&rules, vec!["Anna".into(), "Ben".into(), "Cleo".into()]);
    local.stake_cents = Some(5);
    local
        .add(deal(
            0,
            1,
            200,
            Contract::Trump(Suit::Spades),
            [0, 150, 20],
            [Some(80), Some(90), None],
        ))
        .unwrap();
    let calculated =
        binokel::meld::melds(hand.parse::<CardSet>().unwrap(), Some(Suit::Hearts), &rules).total();
    assert_eq!(calculated, 120, "a plain family and a plain pair");
    local
        .add(deal(
            1,
            0,
            160,
            Contract::Trump(Suit::Hearts),
            [calculated, 0, 0],
            [Some(60), Some(100), Some(90)],
        ))
        .unwrap();
    local
        .add(deal(
            2,
            2,
            180,
            Contract::Surrender(Suit::Clubs),
            [20, 60, 0],
            [None; 3],
        ))
        .unwrap();
    local
        .correct(
            0,
            deal(
                0,
                1,
                200,
                Contract::Trump(Suit::Spades),
                [0, 40, 20],
                [Some(80), Some(90), None],
            ),
        )
        .unwrap();
    let sheet = local.sheet().unwrap();
    let totals_line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("total"))
        .unwrap_or_else(|| panic!("no totals line:\n{stdout}"));
    let shown: Vec<i32> = totals_line
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().expect("a number"))
        .collect();
    assert_eq!(shown, sheet.totals, "{stdout}");
    assert!(stdout.contains("Playing to 500."), "{stdout}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), local.to_csv().unwrap());
    let saved: Pad = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved, local);

    // The next evening: resume from the file; Anna wins as soloist and the stake is settled.
    let out = pad(
        &["--file", file.to_str().unwrap()],
        "deal 1 1 200 D melds 200,0,0 points 150,50,-\ndeal 2 2 150 D points 100,100,50\nsheet\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the deal after the end is refused:\n{stdout}"
    );
    local
        .add(deal(
            0,
            0,
            200,
            Contract::Trump(Suit::Diamonds),
            [200, 0, 0],
            [Some(150), Some(50), None],
        ))
        .unwrap();
    let sheet = local.sheet().unwrap();
    let (w, d) = sheet.winner.expect("a winner");
    assert!(
        stdout.contains(&format!("{} wins the match (deal {}).", local.players[w], d + 1)),
        "{stdout}"
    );
    assert!(stdout.contains("the match is over"), "{stdout}");
    for (from, to, cents) in &sheet.settlement {
        let line = format!(
            "{} pays {} {}.{:02}",
            local.players[*from],
            local.players[*to],
            cents / 100,
            cents % 100
        );
        assert!(stdout.contains(&line), "missing `{line}`:\n{stdout}");
    }
    let saved: Pad = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved, local, "saved after every change");

    // --print shows the same sheet without a session.
    let out = pad(&["--file", file.to_str().unwrap(), "--print"], "");
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.contains(&format!("{} wins the match", local.players[w])),
        "{printed}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A script whose input ends without `quit` after a failed command exits 1; with `quit` 0.
#[test]
fn a_script_ending_after_a_failed_command_exits_1() {
    let failing = "new standard Anna Ben Cleo\ndeal 2 1 155 H melds 0,0,0 points 60,100,90\n";
    assert_eq!(pad(&[], failing).status.code(), Some(1));
    assert_eq!(pad(&[], &format!("{failing}quit\n")).status.code(), Some(0));
    assert_eq!(pad(&[], "new standard Anna Ben Cleo\n").status.code(), Some(0));
}

/// A dealer out of rotation is taken with a note; `fix N` asked field by field offers each old
/// answer and keeps it on an empty line.
#[test]
fn out_of_rotation_is_noted_and_fix_offers_the_old_answers() {
    let script = "new standard Anna Ben Cleo\n\
                  deal Anna Ben 200 S melds 0,150,20 points 80,90,-\n\
                  deal Anna Cleo 180 H melds 0,0,40 points 60,100,90\n\
                  fix 1\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\
                  sheet\nquit\n";
    let out = pad(&[], script);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("note: Anna deals, but it was Ben's turn to deal"),
        "{stdout}"
    );
    assert!(
        stdout.contains("won the auction (Anna/Ben/Cleo) (empty: Ben):"),
        "{stdout}"
    );
    assert!(stdout.contains("bid (empty: 200):"), "{stdout}");
    assert!(
        stdout.contains("melds of Ben (a number, or the cards of the hand) (empty: 150):"),
        "{stdout}"
    );
    assert!(
        stdout.contains("card points of Anna (empty: 80; - to fill in):"),
        "{stdout}"
    );
    assert!(!stdout.contains("error"), "{stdout}");
}

#[test]
fn bad_arguments_and_files_are_named_not_panicked() {
    let dir = scratch("bad");
    let out = pad(&["--players", "Anna,Ben"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 names given"));
    let out = pad(&["--players", "A,B,C", "--rules", "chess"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("chess"));
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{not json").unwrap();
    let out = pad(&["--file", junk.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a saved pad"));
    // Commands before a pad, garbage lines, and a prompt cut off by the end of input.
    let out = pad(
        &[],
        "sheet\nfoo bar\nmelds AS AS AS\nmelds QS JD trump S\nnew kreuz A B C D\ndeal\n1\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("error: no pad yet"), "{stdout}");
    assert!(stdout.contains("error: unknown command `foo`"), "{stdout}");
    assert!(stdout.contains("third copy"), "{stdout}");
    assert!(stdout.contains("Binokel") && stdout.contains("40"), "{stdout}");
    assert!(stdout.contains("error: the deal was not entered"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).is_empty(), "no panic");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_players_keep_score_without_an_auction() {
    let dir = scratch("two");
    let file = dir.join("two.json");
    let script = format!(
        "new two-player Anna Bert\n\
         deal Anna H melds 150,40 points 140,-\n\
         deal Bert durch points 140,-\n\
         deal\n\
         2\n\
         trump S\n\
         200\n\
         \n\
         130\n\
         120\n\
         deal 1 C melds 0,0 points 100,150\n\
         deal 2 D melds 250,10 points 230,-\n\
         sheet\n\
         save {}\n\
         quit\n",
        file.display()
    );
    let out = pad(&[], &script);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // One command failed on purpose; `quit` still ends normally.
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("error: `durch` is not a trump suit"), "{stdout}");
    let saved: Pad = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let mut local = Pad::new(
        &Rules::preset(binokel::Preset::TwoPlayer),
        vec!["Anna".into(), "Bert".into()],
    );
    for (dealer, t, melds, cp) in [
        (0, Suit::Hearts, [150, 40], [Some(140), None]),
        (1, Suit::Spades, [200, 0], [Some(130), Some(120)]),
        (0, Suit::Clubs, [0, 0], [Some(100), Some(150)]),
        (1, Suit::Diamonds, [250, 10], [Some(230), None]),
    ] {
        local
            .add(PadDeal {
                dealer,
                soloist: 0,
                bid: 0,
                contract: Contract::Trump(t),
                melds: melds.to_vec(),
                took_trick: Vec::new(),
                card_points: cp.to_vec(),
            })
            .unwrap();
    }
    assert_eq!(saved, local);
    let sheet = local.sheet().unwrap();
    assert_eq!(sheet.totals, vec![290 + 330 + 100 + 480, 150 + 120 + 150 + 30]);
    assert_eq!(sheet.winner, Some((0, 3)));
    assert!(stdout.contains("Anna wins the match (deal 4)."), "{stdout}");
    assert!(stdout.contains("trump H"), "{stdout}");
}
