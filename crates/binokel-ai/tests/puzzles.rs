//! Puzzles (docs/puzzles.md): the generator is deterministic whatever the number of jobs,
//! every generated puzzle re-solves to its stored values, and a tampered puzzle is caught.

use binokel_ai::puzzle::generate::{generate, Options};
use binokel_ai::puzzle::{verify, Check, Kind, PuzzleSet, MARGIN};
use binokel_ai::solver::Solver;

/// Eight puzzles of seed 7, trump puzzles tried on deals 0, 7 and 14 with a small node
/// bound (deal 7's declaration is proved with at most 1.26 M nodes a search; the others
/// stop at the bound), so the test stays cheap and holds a trump puzzle.
fn small(jobs: usize) -> PuzzleSet {
    let mut o = Options::new(8, 7);
    o.jobs = jobs;
    o.trump_every = 7;
    o.trump_nodes = 1_500_000;
    o.burial_every = 0;
    generate(&o, |_, _| {}).expect("eight puzzles")
}

/// Puzzles of seed 1 up to deal 24's burial puzzle, burials tried on deals 0 and 24 only
/// with a budget of 30 M nodes (deal 24's proof takes 27.7 M; deal 0 stops at the budget,
/// 74 M would decide it), no trump puzzles.
fn with_burial(jobs: usize) -> PuzzleSet {
    let mut o = Options::new(BURIAL_AT + 1, 1);
    o.jobs = jobs;
    o.trump_every = 0;
    o.burial_every = 24;
    o.burial_nodes = 30_000_000;
    generate(&o, |_, _| {}).expect("the puzzles up to deal 24's burial")
}

/// The index of deal 24's burial puzzle in [`with_burial`]'s set.
const BURIAL_AT: usize = 7;

#[test]
fn the_same_seed_gives_the_same_set_whatever_the_jobs() {
    let t = std::time::Instant::now();
    let one = small(1);
    eprintln!("one job: {:?}", t.elapsed());
    let two = small(2);
    assert_eq!(one.to_text(), two.to_text());
    assert_eq!(one.puzzles.len(), 8);
    assert!(
        one.puzzles.iter().any(|p| p.kind == Kind::Trump),
        "a trump puzzle"
    );
    let mut o = Options::new(6, 8);
    o.trump_every = 0;
    o.burial_every = 0;
    let other = generate(&o, |_, _| {}).unwrap();
    assert_ne!(one.puzzles[0].id, other.puzzles[0].id);
}

#[test]
fn generated_puzzles_verify_and_a_wrong_value_is_caught() {
    let set = small(2);
    let text = set.to_text();
    let back = PuzzleSet::parse(&text).expect("the set reads back");
    assert_eq!(back, set);
    let mut solver = Solver::new(20);
    for p in &back.puzzles {
        assert!(p.margin >= MARGIN, "{}", p.id);
        assert_eq!(p.best, p.choices[0].choice);
        assert_eq!(verify(p, &mut solver), Check::Ok, "{}", p.id);
    }
    assert!(back.puzzles.iter().any(|p| p.kind == Kind::PlayOpen));
    // The trump puzzle: the best is exact, every other choice exact or a proved bound at
    // least the margin below it; a bound stored as exact (or the reverse) is caught, and
    // so is a surrender named with any suit.
    let t = back
        .puzzles
        .iter()
        .find(|p| p.kind == Kind::Trump)
        .expect("a trump puzzle");
    assert!(
        !t.choices[0].bound && t.choices[0].choice.starts_with("trump"),
        "{:?}",
        t.choices
    );
    assert!(t.choices[1..]
        .iter()
        .all(|c| c.value <= t.choices[0].value - MARGIN));
    assert_eq!(t.tricks_left, 15);
    assert_eq!(
        t.match_choice("surrender C").unwrap().choice,
        t.match_choice("surrender H").unwrap().choice
    );
    assert!(t.match_choice("AS").is_err());
    if let Some(i) = t.choices.iter().position(|c| c.bound) {
        let mut bad = t.clone();
        bad.choices[i].bound = false;
        assert!(matches!(verify(&bad, &mut solver), Check::Mismatch(m) if m.contains("upper bound")));
    }
    let mut bad = back.puzzles[0].clone();
    bad.choices[1].value += 1.0;
    assert!(matches!(verify(&bad, &mut solver), Check::Mismatch(m) if m.contains(&bad.choices[1].choice)));
    let mut bad = back.puzzles[0].clone();
    bad.best = bad.choices[1].choice.clone();
    assert!(matches!(verify(&bad, &mut solver), Check::Mismatch(_)));
}

#[test]
fn a_position_that_does_not_rebuild_is_named() {
    let set = PuzzleSet::parse(binokel_ai::puzzle::SHIPPED).expect("the shipped set");
    let mut bad = set.clone();
    bad.puzzles[2].position["deals"][0]["actions"][0] = serde_json::json!("bid 7");
    let err = PuzzleSet::parse(&bad.to_text()).unwrap_err();
    assert!(
        err.contains(&set.puzzles[2].id) && err.contains("action 0"),
        "{err}"
    );
    let mut bad = set.clone();
    bad.puzzles[0].seat = (bad.puzzles[0].seat + 1) % 3;
    let err = PuzzleSet::parse(&bad.to_text()).unwrap_err();
    assert!(err.contains("not the seat to act"), "{err}");
    assert!(PuzzleSet::parse(r#"{"puzzles": []}"#)
        .unwrap_err()
        .contains("format"));
}

/// Burial puzzles: the same file whatever the jobs (the burial options written into the
/// command), and the burial puzzle verifies; a tampered value or bound is caught, and a
/// burial typed as cards is read, a wrong one refused naming what is wrong.
#[test]
fn burial_puzzles_are_generated_alike_whatever_the_jobs_and_verify() {
    let one = with_burial(1);
    let two = with_burial(2);
    assert_eq!(one.to_text(), two.to_text());
    assert!(
        one.origin
            .command
            .ends_with("--trump-every 0 --burial-every 24 --burial-nodes 30000000"),
        "{}",
        one.origin.command
    );
    let b = &one.puzzles[BURIAL_AT];
    assert_eq!(
        b.kind,
        Kind::Burial,
        "{:?}",
        one.puzzles.iter().map(|p| &p.id).collect::<Vec<_>>()
    );
    assert!(b.id.starts_with("s1-d24-a") && b.id.ends_with("-b"), "{}", b.id);
    assert_eq!(b.best, "bury 9H KH AH");
    assert_eq!(b.tricks_left, 15);
    assert_eq!(b.themes, ["bury_points"]);
    assert!(b.choices.len() > 100 && b.margin >= MARGIN);
    assert!(b.choices[1..]
        .iter()
        .all(|c| c.value <= b.choices[0].value - MARGIN));
    let mut solver = Solver::new(20);
    assert_eq!(verify(b, &mut solver), Check::Ok);
    let mut bad = b.clone();
    bad.choices[1].value += 1.0;
    assert!(matches!(verify(&bad, &mut solver), Check::Mismatch(m) if m.contains(&bad.choices[1].choice)));
    // Typed as cards, in any order and case, with or without `bury`.
    assert_eq!(b.match_choice("ah 9h kh").unwrap().choice, "bury 9H KH AH");
    assert_eq!(b.match_choice("bury AH KH 9H").unwrap().choice, "bury 9H KH AH");
    let err = b.match_choice("9H KH").unwrap_err();
    assert!(err.contains("3 cards, not 2"), "{err}");
    let hand = b.deal().unwrap().hand(b.seat);
    let missing = ["AS", "AD", "AC", "TS", "TD", "TC", "KS", "KD", "KC"]
        .into_iter()
        .find(|c| !hand.contains(binokel::Card::parse(c).unwrap()))
        .expect("a card the soloist does not hold");
    let err = b.match_choice(&format!("9H KH {missing}")).unwrap_err();
    assert!(err.contains("does not hold") && err.contains(missing), "{err}");
    assert!(b.match_choice("trump S").is_err());
}
