//! The score pad's checks against the rules (docs/pad.md), in the core so that the terminal,
//! the HTTP API and pad files agree: Durch and Bettel follow the tricks, the opening bid and
//! the bidding step, card points of a seat without a trick, deals after the deciding deal,
//! the most deals a pad holds.

use binokel::pad::{Pad, PadDeal};
use binokel::{Contract, Preset, Rules, Suit};

fn names() -> Vec<String> {
    vec!["Anna".into(), "Ben".into(), "Cleo".into()]
}

fn trump(soloist: usize, bid: u32, melds: [u32; 3], took: [bool; 3], cp: [Option<u32>; 3]) -> PadDeal {
    PadDeal {
        dealer: 0,
        soloist,
        bid,
        contract: Contract::Trump(Suit::Spades),
        melds: melds.to_vec(),
        took_trick: took.to_vec(),
        card_points: cp.to_vec(),
    }
}

fn special(contract: Contract, soloist: usize, took: [bool; 3]) -> PadDeal {
    PadDeal {
        dealer: 0,
        soloist,
        bid: 200,
        contract,
        melds: vec![0; 3],
        took_trick: took.to_vec(),
        card_points: vec![None; 3],
    }
}

/// Item 1: a Durch is made when the soloist's side took tricks and no other seat did; the
/// older entry (only the soloist's flag, the others false) reads the same.
#[test]
fn durch_and_bettel_follow_every_seats_tricks() {
    let r = Rules::preset(Preset::Dutch);
    let sol = |d: PadDeal| d.scores(&r).unwrap()[d.soloist];
    assert_eq!(sol(special(Contract::Durch, 0, [true, true, false])), -1000);
    assert_eq!(sol(special(Contract::Durch, 0, [true, true, true])), -1000);
    assert_eq!(sol(special(Contract::Durch, 0, [false, true, true])), -1000);
    assert_eq!(sol(special(Contract::Durch, 0, [true, false, false])), 1000);
    assert_eq!(
        sol(special(Contract::Durch, 0, [false, false, false])),
        -1000,
        "the older failed entry"
    );
    assert_eq!(sol(special(Contract::Bettel, 1, [true, true, true])), -500);
    assert_eq!(sol(special(Contract::Bettel, 1, [true, false, true])), 500);
    assert_eq!(
        sol(special(Contract::Bettel, 1, [false, false, false])),
        500,
        "the older made entry"
    );
    // Four players: the partner's tricks are the soloist's side's.
    let k = Rules {
        durch: true,
        ..Rules::preset(Preset::Kreuz)
    };
    let four = |took: [bool; 4]| PadDeal {
        dealer: 0,
        soloist: 0,
        bid: 200,
        contract: Contract::Durch,
        melds: vec![0; 4],
        took_trick: took.to_vec(),
        card_points: vec![None; 4],
    };
    assert_eq!(four([true, false, true, false]).scores(&k).unwrap()[0], 1000);
    assert_eq!(four([true, false, true, true]).scores(&k).unwrap()[0], -1000);
}

/// Item 3: bids below the preset's opening bid or off its step are refused, naming both.
#[test]
fn bids_follow_the_opening_bid_and_the_step() {
    let d = |bid| trump(1, bid, [0, 150, 20], [true; 3], [Some(80), Some(90), None]);
    let standard = Rules::default();
    let e = d(140).scores(&standard).unwrap_err().to_string();
    assert!(
        e.contains("140") && e.contains("opening bid") && e.contains("150"),
        "{e}"
    );
    let e = d(155).scores(&standard).unwrap_err().to_string();
    assert!(e.contains("155") && e.contains("step of 10"), "{e}");
    let e = d(0).scores(&standard).unwrap_err().to_string();
    assert!(e.contains("opening bid"), "{e}");
    assert!(d(150).scores(&standard).is_ok());
    let swabian = Rules::preset(Preset::Swabian);
    let e = d(10).scores(&swabian).unwrap_err().to_string();
    assert!(
        e.contains("10") && e.contains("opening bid") && e.contains("200"),
        "{e}"
    );
    let e = d(190).scores(&swabian).unwrap_err().to_string();
    assert!(e.contains("200"), "{e}");
    assert!(d(200).scores(&swabian).is_ok());
    let e = d(20_000).scores(&standard).unwrap_err().to_string();
    assert!(e.contains("20000") && e.contains("10000"), "{e}");
}

/// Item 3: a seat other than the soloist that took no trick has no card points (given or
/// filled in); the soloist's burial counts even without a trick.
#[test]
fn card_points_of_a_seat_without_a_trick_are_refused() {
    let r = Rules::default();
    let mut pad = Pad::new(&r, names());
    let bad = trump(
        2,
        250,
        [40, 0, 230],
        [true, false, true],
        [Some(60), Some(30), None],
    );
    let e = pad.add(bad).unwrap_err().to_string();
    assert!(
        e.contains("Ben") && e.contains("no trick") && e.contains("30"),
        "{e}"
    );
    let filled = trump(
        2,
        250,
        [40, 0, 230],
        [true, false, true],
        [Some(60), None, Some(160)],
    );
    let e = pad.add(filled).unwrap_err().to_string();
    assert!(e.contains("Ben") && e.contains("30"), "{e}");
    let nobody = trump(2, 250, [40, 0, 230], [false; 3], [Some(0), Some(0), Some(250)]);
    assert!(pad.add(nobody).unwrap_err().to_string().contains("trick"));
    assert!(pad.deals.is_empty());
    // The soloist without a trick keeps its burial's points (and fails).
    let burial = trump(
        2,
        250,
        [40, 0, 230],
        [true, true, false],
        [Some(100), Some(120), Some(30)],
    );
    assert_eq!(burial.scores(&r).unwrap(), vec![140, 120, -500]);
}

/// Item 4: deals after the deciding deal stay stored but count for nothing: totals, winner
/// and settlement are those up to the deciding deal, and no deal can be added.
#[test]
fn deals_after_the_deciding_deal_do_not_count() {
    let r = Rules {
        target: 500,
        ..Rules::default()
    };
    let mut pad = Pad::new(&r, names());
    pad.stake_cents = Some(10);
    let small = trump(0, 200, [0; 3], [true; 3], [Some(100), Some(80), Some(70)]);
    for _ in 0..3 {
        pad.add(small.clone()).unwrap();
    }
    let big = trump(0, 200, [400, 0, 0], [true; 3], [Some(100), Some(80), Some(70)]);
    pad.correct(0, big).unwrap();
    let sheet = pad.sheet().unwrap();
    assert_eq!(sheet.winner, Some((0, 0)));
    assert_eq!(sheet.totals, vec![500, 80, 70]);
    assert_eq!(
        sheet.running[2],
        vec![500, 80, 70],
        "later rows do not move the totals"
    );
    assert_eq!(sheet.deals[2], vec![-400, 80, 70], "their scores are still shown");
    assert_eq!(sheet.settlement, vec![(2, 0, 4400), (1, 0, 4100)]);
    let e = pad.add(small).unwrap_err().to_string();
    assert!(e.contains("match is over") && e.contains("deal 1"), "{e}");
    assert_eq!(pad.deals.len(), 3);
    let csv = pad.to_csv().unwrap();
    assert_eq!(
        csv.lines().filter(|l| l.contains("after the end")).count(),
        2,
        "{csv}"
    );
}

/// Item 5: a pad holds at most `MAX_DEALS` deals, so totals cannot overflow: adding one more
/// and reading a longer pad (a file) are refused naming the limit.
#[test]
fn a_pad_holds_a_bounded_number_of_deals() {
    let r = Rules {
        target: 1_000_000,
        ..Rules::default()
    };
    let mut pad = Pad::new(&r, names());
    // The soloist fails at the highest bid every time: the deepest total there is.
    let worst = trump(
        0,
        10_000,
        [0; 3],
        [true, false, false],
        [Some(250), Some(0), Some(0)],
    );
    pad.deals = vec![worst.clone(); binokel::pad::MAX_DEALS];
    let sheet = pad.sheet().unwrap();
    assert_eq!(sheet.totals[0], -20_000 * binokel::pad::MAX_DEALS as i32);
    let e = pad.add(worst.clone()).unwrap_err().to_string();
    assert!(e.contains(&binokel::pad::MAX_DEALS.to_string()), "{e}");
    pad.deals.push(worst);
    let e = pad.sheet().unwrap_err().to_string();
    assert!(e.contains(&binokel::pad::MAX_DEALS.to_string()), "{e}");
    // The tester's file: 11,000 deals at a bid of 100000 wrapped the totals around.
    let mut file = Pad::new(&Rules::default(), names());
    let huge = trump(0, 100_000, [0; 3], [true; 3], [Some(100), Some(80), Some(70)]);
    file.deals = vec![huge; 11_000];
    assert!(file.sheet().is_err());
}

/// The decision of docs/rules.md: with the `dutch` preset, `failed_bonus` is paid on a
/// surrender too (a surrender is the soloist's failure): 50 + melds + 30, rounded.
#[test]
fn the_dutch_failed_bonus_is_paid_on_a_surrender() {
    let r = Rules::preset(Preset::Dutch);
    let d = PadDeal {
        dealer: 0,
        soloist: 0,
        bid: 200,
        contract: Contract::Surrender(Suit::Hearts),
        melds: vec![40, 20, 60],
        took_trick: vec![true; 3],
        card_points: vec![None; 3],
    };
    assert_eq!(d.scores(&r).unwrap(), vec![-200, 50 + 20 + 30, 50 + 60 + 30]);
    assert_eq!(d.soloist_made(&r).unwrap(), Some(false));
}

/// Issue #30, part 4: a text cell of the CSV (a name, the note) that begins with `=`, `+`,
/// `-`, `@`, a tab or a carriage return gets a leading `'`, so a spreadsheet shows it as
/// text instead of running it as a formula; scores, negative ones included, stay numbers.
#[test]
fn csv_text_cells_never_start_a_formula() {
    let players = ["=1+1", "+Ben", "-Cleo", "@Dora", "\tEd", "\rFe", "Gil=", "Hal"];
    for pair in players.chunks(2) {
        let mut all: Vec<String> = pair.iter().map(|s| s.to_string()).collect();
        all.push("Zed".into());
        let mut pad = Pad::new(&Rules::default(), all.clone());
        // Anna's seat (1) bids 300 and fails: -600.
        pad.add(trump(1, 300, [0, 40, 0], [true; 3], [Some(100), Some(60), None]))
            .unwrap();
        let csv = pad.to_csv().unwrap();
        let head = csv.lines().next().unwrap();
        let cells: Vec<&str> = head.split(',').skip(5).take(2).collect();
        for (cell, name) in cells.iter().zip(pair) {
            let risky = name.starts_with(['=', '+', '-', '@', '\t', '\r']);
            let want = if risky {
                format!("\"'{name}\"")
            } else {
                format!("\"{name}\"")
            };
            assert_eq!(*cell, want, "{csv:?}");
        }
        let row = csv.lines().nth(1).unwrap();
        assert!(row.starts_with("1,0,1,300,trump S,100,-600,"), "{csv:?}");
    }
}

/// A player's name needs a visible character, as everywhere a name is entered (a
/// regression: names of only U+200B, U+2060, U+FEFF or the Hangul filler were taken).
#[test]
fn pad_names_need_a_visible_character() {
    for bad in ["\u{200B}", "\u{200D}\u{2060}", "\u{FEFF}", "\u{3164}"] {
        let names = vec!["Anna".to_string(), bad.to_string(), "Bo".to_string()];
        let e = binokel::pad::check_names(&names).unwrap_err();
        assert!(e.to_string().contains("no visible character"), "{bad:?}: {e}");
        assert!(
            e.to_string().contains("players[1]") || format!("{e:?}").contains("players[1]"),
            "{e:?}"
        );
    }
    let ok = vec!["Anna".to_string(), "\u{200B}Bert".to_string(), "Bo".to_string()];
    assert!(binokel::pad::check_names(&ok).is_ok());
}
