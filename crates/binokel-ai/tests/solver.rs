//! The double-dummy solver agrees with plain exhaustive minimax on small endgames, and its
//! threshold query agrees with the full value.

use binokel::{Action, Deal, Game, Phase, Rules, View};
use binokel_ai::solver::{minimax, Objective, Position, Solver};

/// A deal of the heuristic bots stopped with `left` tricks to play (and `extra` cards of the
/// current trick already down). None when that deal ended early (surrender).
fn endgame(seed: u64, left: u32, extra: usize) -> Option<Deal> {
    let mut game = Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(seed).unwrap();
    let mut bots: Vec<_> = (0..3)
        .map(|i| binokel_ai::make_bot("heuristic", seed + i).unwrap())
        .collect();
    loop {
        let d = *game.current().unwrap();
        if d.is_over() {
            return None;
        }
        if d.phase() == Phase::Play
            && d.total_tricks() - d.tricks_played() == left
            && d.current_trick().len() == extra
        {
            return Some(d);
        }
        let seat = game.to_act().unwrap();
        let a = bots[seat].choose(&View::of(&game, Some(seat)).unwrap());
        game.play(a).unwrap();
    }
}

#[test]
fn solver_equals_minimax_on_small_endgames() {
    let mut solver = Solver::new(16);
    let mut checked = 0;
    for seed in 0..40u64 {
        let left = 2 + (seed % 4) as u32; // 2..5 tricks
        let Some(d) = endgame(seed, left, (seed % 3) as usize) else {
            continue;
        };
        for obj in [Objective::Points, Objective::Tricks] {
            let pos = Position::from_deal(&d, obj).unwrap();
            let exact = minimax(&pos);
            assert_eq!(solver.solve(&pos), exact, "seed {seed}, {left} tricks, {obj:?}");
            for t in [exact - 7, exact, exact + 1, exact + 12] {
                assert_eq!(solver.reaches(&pos, t), exact >= t, "seed {seed} threshold {t}");
            }
            // The value of the best move is the value of the position.
            let moves = solver.solve_moves(&pos);
            let best = if pos.to_act() == pos.soloist() {
                moves.iter().map(|m| m.1).max()
            } else {
                moves.iter().map(|m| m.1).min()
            };
            assert_eq!(best, Some(exact));
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} endgames checked");
}

#[test]
fn solving_to_the_end_matches_the_deal_score() {
    // Play the solver's own best line to the end on a real deal: the soloist's trick points
    // then equal the solved value.
    let mut solver = Solver::default();
    for seed in 100..110u64 {
        let Some(mut d) = endgame(seed, 6, 0) else {
            continue;
        };
        if d.contract().and_then(|c| c.trump()).is_none() {
            continue;
        }
        let sol = d.soloist().unwrap();
        let before = d.trick_points()[sol] as i32;
        let pos = Position::from_deal(&d, Objective::Points).unwrap();
        let value = solver.solve(&pos);
        while !d.is_over() {
            let pos = Position::from_deal(&d, Objective::Points).unwrap();
            let moves = solver.solve_moves(&pos);
            let pick = if pos.to_act() == sol {
                moves.iter().max_by_key(|m| m.1)
            } else {
                moves.iter().min_by_key(|m| m.1)
            };
            d.play(Action::Play(pick.unwrap().0)).unwrap();
        }
        assert_eq!(d.trick_points()[sol] as i32 - before, value, "seed {seed}");
    }
}

#[test]
fn bounds_bracket_the_exact_value_and_a_kept_table_stays_exact() {
    // One solver for every position (its table and history carry over between solves, as
    // in the bot), and a fresh one for each: both must give minimax's value.
    let mut kept = Solver::new(14);
    let mut checked = 0;
    for seed in 200..260u64 {
        let left = 3 + (seed % 4) as u32; // 3..6 tricks
        let Some(d) = endgame(seed, left, (seed % 3) as usize) else {
            continue;
        };
        for obj in [Objective::Points, Objective::Tricks] {
            let pos = Position::from_deal(&d, obj).unwrap();
            let exact = minimax(&pos);
            let (lo, hi) = pos.bounds();
            assert!(lo <= exact && exact <= hi, "seed {seed}: {lo} <= {exact} <= {hi}");
            assert_eq!(kept.solve(&pos), exact, "seed {seed}, kept table, {obj:?}");
            assert_eq!(
                Solver::new(12).solve(&pos),
                exact,
                "seed {seed}, fresh table, {obj:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} endgames checked");
}
