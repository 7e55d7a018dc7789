//! The terminal pad's line mode against the defects an outside tester found (docs/pad.md):
//! each script is run through `PadSession::run` and its answers read back. The arithmetic
//! and the checks are `binokel::pad`'s; these tests make sure the terminal reaches them.

use binokel::pad::Pad;
use binokel_tui::pad::{new_pad, PadSession};

/// Runs `script` in a fresh session; the output and the pad at the end.
fn run(script: &str) -> (String, Option<Pad>) {
    let mut s = PadSession::default();
    let mut input = script.as_bytes();
    let mut out = Vec::new();
    s.run(&mut input, &mut out).expect("the session runs");
    (String::from_utf8(out).expect("utf-8"), s.pad)
}

/// The error lines of an output.
fn errors(out: &str) -> Vec<&str> {
    out.lines().filter_map(|l| l.split("error: ").nth(1)).collect()
}

fn scores(pad: &Pad) -> Vec<Vec<i32>> {
    pad.sheet().expect("a sheet").deals
}

/// Item 1: in one line, `tricks` decides a Durch or Bettel; a contradicting `made`/`failed`
/// is refused naming both.
#[test]
fn one_line_durch_and_bettel_follow_the_tricks() {
    let (out, pad) = run("new dutch A B C target=5000\n\
         deal 3 1 200 durch tricks n,y,y\n\
         deal 1 3 200 bettel tricks y,n,y\n\
         deal 2 2 200 durch tricks n,y,n\n\
         deal 3 1 200 durch tricks y,n,n\n\
         deal 3 1 200 durch tricks n,y,y made\n\
         deal 3 2 200 bettel tricks y,n,y failed\n");
    let pad = pad.expect("a pad");
    let sc = scores(&pad);
    assert_eq!(sc.len(), 4, "{out}");
    assert_eq!(
        sc[0][0], -1000,
        "an opponent took a trick: the Durch failed\n{out}"
    );
    assert_eq!(
        sc[1][2], -500,
        "the soloist took a trick: the Bettel failed\n{out}"
    );
    assert_eq!(
        sc[2][1], 1000,
        "only the soloist took tricks: the Durch made\n{out}"
    );
    assert_eq!(sc[3][0], 1000, "{out}");
    let e = errors(&out);
    assert_eq!(e.len(), 2, "{out}");
    assert!(e[0].contains("made") && e[0].contains("tricks n,y,y"), "{out}");
    assert!(e[1].contains("failed") && e[1].contains("tricks y,n,y"), "{out}");
}

/// Item 2: a word given twice, or `made` with `failed`, is refused naming it; `made` that the
/// points contradict is refused too.
#[test]
fn repeated_or_contradictory_words_are_refused() {
    let (out, pad) = run("new standard Anna Ben Cleo\n\
         deal Anna Ben 200 S points 80,90,- made\n\
         deal 1 2 200 durch made failed\n\
         deal 1 2 200 S melds 0,150,20 melds 0,0,0 points 80,90,-\n\
         deal 1 2 200 S melds 0,150,20 points 80,90,- points 80,90,-\n\
         deal 1 2 200 S melds 0,150,20 tricks y,y,y tricks y,y,y points 80,90,-\n\
         deal 1 2 200 S melds 0,150,20 points 80,90,- made\n");
    let e = errors(&out);
    assert_eq!(e.len(), 5, "{out}");
    assert!(e[0].contains("made") && e[0].contains("200"), "{out}");
    assert!(e[1].contains("made") && e[1].contains("failed"), "{out}");
    assert!(e[2].contains("`melds`") && e[2].contains("twice"), "{out}");
    assert!(e[3].contains("`points`") && e[3].contains("twice"), "{out}");
    assert!(e[4].contains("`tricks`") && e[4].contains("twice"), "{out}");
    assert_eq!(scores(&pad.unwrap()), vec![vec![80, 240, 100]], "{out}");
}

/// Item 3: a bid below the opening bid or off the bidding step, and card points for a seat
/// that took no trick, are refused naming the number, the seat and the rule.
#[test]
fn bids_and_card_points_are_checked_against_the_rules() {
    let (out, pad) = run("new standard Anna Ben Cleo\n\
         deal 1 2 140 S points 80,90,-\n\
         deal 1 2 155 S points 80,90,-\n\
         deal Ben Cleo 250 H melds 40,0,230 tricks y,n,y points 60,30,-\n\
         deal Ben Cleo 250 H melds 40,0,230 tricks y,n,y points 60,-,160\n\
         deal Ben Cleo 250 H melds 40,0,230 tricks n,n,n points 0,0,250\n\
         deal Ben Cleo 250 H melds 40,0,230 tricks y,n,y points 60,0,-\n");
    let e = errors(&out);
    assert_eq!(e.len(), 5, "{out}");
    assert!(
        e[0].contains("140") && e[0].contains("opening bid") && e[0].contains("150"),
        "{out}"
    );
    assert!(
        e[1].contains("155") && e[1].contains("step") && e[1].contains("10"),
        "{out}"
    );
    assert!(
        e[2].contains("Ben") && e[2].contains("no trick") && e[2].contains("30"),
        "{out}"
    );
    assert!(
        e[3].contains("Ben") && e[3].contains("no trick") && e[3].contains("30"),
        "{out}"
    );
    assert!(e[4].contains("trick"), "{out}");
    assert_eq!(scores(&pad.unwrap()), vec![vec![100, 0, 420]], "{out}");

    let (out, _) = run("new swabian Anna Ben Cleo\ndeal 1 2 10 S points 80,90,-\n");
    let e = errors(&out);
    assert!(
        e[0].contains("10") && e[0].contains("opening bid") && e[0].contains("200"),
        "{out}"
    );
}

/// Item 4: after a correction that decides the match at an earlier deal, the later deals are
/// shown as after the end and do not count; no deal can be added.
#[test]
fn deals_after_the_deciding_deal_do_not_count() {
    let (out, pad) = run("new standard Anna Ben Cleo target=500 stake=0.10\n\
         deal 1 1 200 S melds 0,0,0 points 100,80,70\n\
         deal 2 2 200 S melds 0,0,0 points 100,80,70\n\
         deal 3 3 200 S melds 0,0,0 points 30,20,200\n\
         fix 1 1 1 200 S melds 400,0,0 points 100,80,70\n\
         deal 1 1 200 S melds 0,0,0 points 100,80,70\n\
         sheet\n");
    let pad = pad.expect("a pad");
    let sheet = pad.sheet().unwrap();
    assert_eq!(sheet.winner, Some((0, 0)), "{out}");
    assert_eq!(sheet.totals, vec![500, 80, 70], "only deal 1 counts\n{out}");
    assert_eq!(pad.deals.len(), 3, "{out}");
    assert!(out.contains("the match is over"), "{out}");
    assert!(
        out.contains("after the end"),
        "the sheet marks deals 2 and 3\n{out}"
    );
    // The settlement is that of the totals that count: 0.10 per point.
    assert!(out.contains("Ben pays Anna 41.00"), "{out}");
    assert!(out.contains("Cleo pays Anna 44.00"), "{out}");
}

/// Item 6: names are trimmed, and duplicates (any case) and whole numbers are refused.
#[test]
fn names_are_trimmed_unique_and_not_numbers() {
    let p = new_pad("standard", &[], vec!["A".into(), " B ".into(), "C".into()], None).unwrap();
    assert_eq!(p.players, vec!["A", "B", "C"]);
    for (names, says) in [
        (["A", "A", "C"], "`A`"),
        (["Anna", " anna", "C"], "anna"),
        (["3", "2", "1"], "`3`"),
        (["A", "B", "+1"], "`+1`"),
    ] {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let e = new_pad("standard", &[], names, None).unwrap_err();
        assert!(e.contains(says), "{e}");
    }
    let (out, pad) = run("new standard 3 2 1\n");
    assert!(pad.is_none(), "{out}");
    assert!(errors(&out)[0].contains("number"), "{out}");
}

/// Item 8: a number is refused with what is wrong with it: too large, negative, not a number.
#[test]
fn messages_name_the_number_and_the_limit() {
    let (out, _) = run("new standard Anna Ben Cleo\n\
         deal 1 2 200 S melds 100010,0,0 points 80,90,-\n\
         deal 1 2 200 S melds -20,0,0 points 80,90,-\n\
         deal 1 2 99999999999999999999 S points 80,90,-\n\
         deal 1 2 200 S melds 15,0,0 points 80,90,-\n\
         deal 1 2 200 S melds x,0,0 points 80,90,-\n\
         new standard Anna Ben Cleo target=99999999999\n");
    let e = errors(&out);
    assert_eq!(e.len(), 6, "{out}");
    assert!(e[0].contains("100010") && e[0].contains("10000"), "{out}");
    assert!(!e[0].contains("multiple"), "{out}");
    assert!(e[1].contains("-20") && e[1].contains("negative"), "{out}");
    assert!(
        e[2].contains("99999999999999999999") && e[2].contains("10000"),
        "{out}"
    );
    assert!(e[3].contains("15") && e[3].contains("multiple of 10"), "{out}");
    assert!(e[4].contains("`x`") && e[4].contains("not a number"), "{out}");
    assert!(e[5].contains("99999999999") && e[5].contains("1000000"), "{out}");
    let (out, _) =
        run("new standard Anna Ben Cleo\ndeal 1 2 200 S points 80,90,-\nload /nonexistent/pad.json\n");
    assert!(!out.contains("1 deals"), "{out}");
}

/// Item 9: a stake with more than two decimals is refused, not rounded.
#[test]
fn sub_cent_stakes_are_refused() {
    let names = || vec!["A".to_string(), "B".into(), "C".into()];
    for s in ["0.001", "0.015", "1,005"] {
        let e = new_pad("standard", &[], names(), Some(s)).unwrap_err();
        assert!(e.contains(s) && e.contains("two decimals"), "{e}");
    }
    for (s, cents) in [("0.05", 5), ("0,1", 10), ("2", 200), ("1000", 100_000)] {
        let p = new_pad("standard", &[], names(), Some(s)).unwrap();
        assert_eq!(p.stake_cents, Some(cents), "{s}");
    }
    assert!(new_pad("standard", &[], names(), Some("1000.01")).is_err());
}

/// Issue #34 point 9: the game question offers only the games the rules play (`bettel` was
/// offered under the standard rules and then refused), and so does the refusal.
#[test]
fn the_game_question_offers_only_the_rules_games() {
    let (out, _) = run("new standard A B C\ndeal\n\nB\n160\nbettel\nH\n");
    let asks: Vec<&str> = out.lines().filter(|l| l.contains("game (")).collect();
    assert!(!asks.is_empty(), "{out}");
    for l in &asks {
        assert!(!l.contains("bettel"), "standard rules offer bettel: {l}");
        assert!(l.contains("durch"), "{l}");
    }
    let (out, _) = run("new dutch A B C\ndeal\n\nB\n160\n200\n300\nH\n");
    let ask = out.lines().find(|l| l.contains("game (")).expect(&out);
    assert!(ask.contains("bettel"), "dutch rules play Bettel: {ask}");
    let (out, _) = run("new standard A B C\ndeal 1 2 160 nothing\n");
    let e = errors(&out);
    assert_eq!(e.len(), 1, "{out}");
    assert!(!e[0].contains("bettel"), "{out}");
}

/// Issue #34 point 9: a one-line entry echoes the card points the pad filled in and whether
/// the soloist made the contract.
#[test]
fn one_line_entries_echo_the_filled_in_points_and_the_result() {
    let (out, _) = run("new standard A B C\n\
         deal 1 2 160 H melds 0,100,20 tricks y,y,y points 60,80,-\n\
         deal 2 3 200 S melds 0,0,40 tricks y,y,y points 100,100,-\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("card points") && l.contains("60, 80, 110 (110 filled in for C)")),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("B made") && l.contains("180 ≥ 160")),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("card points") && l.contains("100, 100, 50 (50 filled in for C)")),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("C went down") && l.contains("90 < 200")),
        "{out}"
    );
}
