//! Puzzles (docs/puzzles.md): the generator is deterministic whatever the number of jobs,
//! every generated puzzle re-solves to its stored values, and a tampered puzzle is caught.

use binokel_ai::puzzle::generate::{generate, Options};
use binokel_ai::puzzle::{verify, Check, Kind, PuzzleSet, MARGIN};
use binokel_ai::solver::Solver;

fn small(jobs: usize) -> PuzzleSet {
    let mut o = Options::new(6, 7);
    o.jobs = jobs;
    generate(&o, |_, _| {}).expect("six puzzles")
}

#[test]
fn the_same_seed_gives_the_same_set_whatever_the_jobs() {
    let t = std::time::Instant::now();
    let one = small(1);
    eprintln!("one job: {:?}", t.elapsed());
    let two = small(2);
    assert_eq!(one.to_text(), two.to_text());
    assert_eq!(one.puzzles.len(), 6);
    let other = generate(&Options::new(6, 8), |_, _| {}).unwrap();
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
