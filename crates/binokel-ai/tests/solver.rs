//! The double-dummy solver agrees with plain exhaustive minimax on small endgames, and its
//! threshold query agrees with the full value.

use binokel::{Action, Deal, Game, Phase, Rules, View};
use binokel_ai::solver::{minimax, Objective, Position, Solver};

/// A deal of the heuristic bots stopped with `left` tricks to play (and `extra` cards of the
/// current trick already down). None when that deal ended early (surrender).
fn endgame(seed: u64, left: u32, extra: usize) -> Option<Deal> {
    endgame_in(Rules::default(), seed, left, extra)
}

fn endgame_in(rules: Rules, seed: u64, left: u32, extra: usize) -> Option<Deal> {
    let mut game = Game::new(rules, Vec::new());
    game.start_seeded_deal(seed).unwrap();
    let mut bots: Vec<_> = (0..rules.players as u64)
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

/// A deal played by seeded random choices (never surrendering, so that card play is reached)
/// and stopped with `left` tricks to play and `extra` cards of the current trick down.
fn random_endgame(rules: Rules, seed: u64, left: u32, extra: usize) -> Option<Deal> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(rules, Vec::new());
    game.start_seeded_deal(seed).unwrap();
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
        let legal: Vec<Action> = d
            .legal_actions()
            .into_iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::Pass | Action::Bid(_) | Action::Bury(_) | Action::Trump(_) | Action::Play(_)
                )
            })
            .collect();
        let a = legal[rng.gen_range(0..legal.len())];
        game.play(a).unwrap();
    }
}

#[test]
fn four_seats_partners_play_together_and_the_solver_equals_minimax() {
    let rules = Rules::from_preset_name("kreuz").unwrap();
    let mut solver = Solver::new(14);
    let mut checked = 0;
    for seed in 0..40u64 {
        let left = 2 + (seed % 3) as u32; // 2..4 tricks of four cards
        let Some(d) = random_endgame(rules, seed, left, (seed % 4) as usize) else {
            continue;
        };
        let pos = Position::from_deal(&d, Objective::Points).unwrap();
        let sol = d.soloist().unwrap();
        // The partner across the table is on the soloist's side, the neighbours are not.
        assert!(pos.solo_side((sol + 2) % 4) && !pos.solo_side((sol + 1) % 4));
        assert_eq!(pos.maximising(), d.to_act().unwrap() % 2 == sol % 2);
        let exact = minimax(&pos);
        let (lo, hi) = pos.bounds();
        assert!(lo <= exact && exact <= hi, "seed {seed}: {lo} <= {exact} <= {hi}");
        assert_eq!(solver.solve(&pos), exact, "seed {seed}, {left} tricks");
        for t in [exact, exact + 1] {
            assert_eq!(solver.reaches(&pos, t), exact >= t, "seed {seed} threshold {t}");
        }
        // Counting tricks (a Durch of the partnership) too.
        let tricks = Position::from_deal(&d, Objective::Tricks).unwrap();
        assert_eq!(solver.solve(&tricks), minimax(&tricks), "seed {seed}, tricks");
        // Played out along the solver's line, the soloist's side takes exactly the value.
        let mut d = d;
        let before: u32 = (0..4)
            .filter(|s| s % 2 == sol % 2)
            .map(|s| d.trick_points()[s])
            .sum();
        while !d.is_over() {
            let p = Position::from_deal(&d, Objective::Points).unwrap();
            let moves = solver.solve_moves(&p);
            let pick = if p.maximising() {
                moves.iter().max_by_key(|m| m.1)
            } else {
                moves.iter().min_by_key(|m| m.1)
            };
            d.play(Action::Play(pick.unwrap().0)).unwrap();
        }
        let after: u32 = (0..4)
            .filter(|s| s % 2 == sol % 2)
            .map(|s| d.trick_points()[s])
            .sum();
        assert_eq!((after - before) as i32, exact, "seed {seed}: played line");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} four-seat endgames checked");
}

#[test]
fn random_endgames_of_four_to_six_tricks_equal_minimax() {
    // Random play reaches hands that heuristic play never holds (long plain suits, scattered
    // trumps, opponents void early), which is where the cash-out and sure-trump bounds are
    // most likely to be wrong. Every bound must bracket the exact value, and the solver with
    // a kept table and with a fresh one must find it.
    let mut kept = Solver::new(16);
    let mut checked = 0;
    for seed in 1000..1090u64 {
        let left = 4 + (seed % 3) as u32; // 4..6 tricks
        let Some(d) = random_endgame(Rules::default(), seed, left, (seed % 3) as usize) else {
            continue;
        };
        for obj in [Objective::Points, Objective::Tricks] {
            let pos = Position::from_deal(&d, obj).unwrap();
            let exact = minimax(&pos);
            let (lo, hi) = pos.bounds();
            assert!(
                lo <= exact && exact <= hi,
                "seed {seed}, {obj:?}: {lo} <= {exact} <= {hi}"
            );
            assert_eq!(
                kept.solve(&pos),
                exact,
                "seed {seed}, {left} tricks, kept table, {obj:?}"
            );
            let mut fresh = Solver::new(12);
            assert_eq!(fresh.solve(&pos), exact, "seed {seed}, fresh table, {obj:?}");
            fresh.clear();
            assert_eq!(fresh.solve(&pos), exact, "seed {seed}, cleared table, {obj:?}");
            for t in [exact, exact + 1] {
                assert_eq!(kept.reaches(&pos, t), exact >= t, "seed {seed} threshold {t}");
            }
            // Every position along the solver's own line is bracketed by its bounds too.
            let mut p = pos;
            while !p.is_over() {
                let moves = kept.solve_moves(&p);
                let pick = if p.maximising() {
                    moves.iter().max_by_key(|m| m.1)
                } else {
                    moves.iter().min_by_key(|m| m.1)
                };
                p.play(pick.unwrap().0);
                let (lo, hi) = p.bounds();
                let v = minimax(&p);
                assert!(lo <= v && v <= hi, "seed {seed} on the line: {lo} <= {v} <= {hi}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} random endgames checked");
}

/// The minimax value of each legal card of the seat to play (after playing it).
fn move_values(pos: &Position) -> Vec<(usize, i32)> {
    let mut out = Vec::new();
    let mut m = pos.legal();
    while m != 0 {
        let k = m.trailing_zeros() as usize;
        m &= m - 1;
        let mut child = *pos;
        let gain = child.play(binokel::Card::from_index(k));
        out.push((k, gain + minimax(&child)));
    }
    out
}

#[test]
fn dominated_cards_are_never_better_than_a_kept_one() {
    // Random play gives runs of cards nobody else can split (the case the rule is for) at
    // every seat of a trick; each dropped card must be matched by a kept one that is at
    // least as good for the seat's side, by plain minimax, for both objectives and for
    // three and four seats.
    let mut dropped = 0;
    for (rules, seats) in [
        (Rules::default(), 3usize),
        (Rules::from_preset_name("kreuz").unwrap(), 4),
    ] {
        for seed in 3000..3120u64 {
            let left = 2 + (seed % 3) as u32; // 2..4 tricks
            let Some(d) = random_endgame(rules, seed, left, (seed % seats as u64) as usize) else {
                continue;
            };
            for obj in [Objective::Points, Objective::Tricks] {
                // Every position along one seeded line of play to the end.
                let mut pos = Position::from_deal(&d, obj).unwrap();
                let mut step = seed;
                while !pos.is_over() {
                    let drop = pos.dominated();
                    assert_eq!(drop & !pos.legal(), 0, "seed {seed}: drops an illegal card");
                    let values = move_values(&pos);
                    step = step
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let next = values[(step >> 33) as usize % values.len()].0;
                    let better = |a: i32, b: i32| if pos.maximising() { a >= b } else { a <= b };
                    for &(k, v) in values.iter().filter(|(k, _)| drop & (1 << k) != 0) {
                        assert!(
                        values
                            .iter()
                            .any(|&(j, u)| drop & (1 << j) == 0 && better(u, v)),
                        "seed {seed}, {seats} seats, {obj:?}: dropped kind {k} ({v}) beats every kept card {values:?}"
                    );
                        dropped += 1;
                    }
                    // The best of the kept cards is the value of the position.
                    let kept = values.iter().filter(|(j, _)| drop & (1 << j) == 0).map(|m| m.1);
                    let best = if pos.maximising() { kept.max() } else { kept.min() };
                    assert_eq!(best, Some(minimax(&pos)), "seed {seed}: kept cards lose value");
                    pos.play(binokel::Card::from_index(next));
                }
            }
        }
    }
    assert!(dropped >= 300, "only {dropped} dropped cards checked");
}

#[test]
fn two_and_three_trick_endgames_equal_minimax_at_every_seat_of_a_trick() {
    // The last two tricks are solved by a plain alpha-beta without the table and stored as
    // exact entries (also from the transposition cutoffs one trick up): random endgames of
    // two and three tricks, from every seat of a trick, three and four seats, both
    // objectives, with a kept table and a fresh one, against plain minimax; MTD(f) from
    // first guesses below, at and above the value, and single fail-soft probes.
    let mut kept = Solver::new(14);
    let mut checked = 0;
    for (rules, seats) in [
        (Rules::default(), 3u64),
        (Rules::from_preset_name("kreuz").unwrap(), 4),
    ] {
        for seed in 5000..5060u64 {
            let left = 2 + (seed % 2) as u32;
            let Some(d) = random_endgame(rules, seed, left, (seed / 2 % seats) as usize) else {
                continue;
            };
            for obj in [Objective::Points, Objective::Tricks] {
                let pos = Position::from_deal(&d, obj).unwrap();
                let exact = minimax(&pos);
                assert_eq!(
                    kept.solve(&pos),
                    exact,
                    "seed {seed}, {seats} seats, {obj:?}, kept"
                );
                assert_eq!(
                    Solver::new(10).solve(&pos),
                    exact,
                    "seed {seed}, {seats} seats, {obj:?}, fresh"
                );
                for guess in [exact - 9, exact, exact + 1, exact + 20] {
                    assert_eq!(kept.solve_from(&pos, guess), exact, "seed {seed} guess {guess}");
                }
                for t in [exact - 3, exact, exact + 1] {
                    assert_eq!(kept.reaches(&pos, t), exact >= t, "seed {seed} threshold {t}");
                    let g = kept.probe(&pos, t);
                    assert!(
                        (g >= t && exact >= g) || (g < t && exact <= g),
                        "seed {seed}: probe at {t} gave {g}, value {exact}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 150, "only {checked} endgames checked");
}

#[test]
fn a_table_cleared_past_its_generations_still_solves_exactly() {
    // `clear` starts a new table generation in constant time; after 255 of them the
    // generation counter wraps and the whole table (its mapped memory) is zeroed instead.
    // Clearing a tiny table 600 times crosses that twice: stale entries must never match.
    let ds: Vec<Deal> = (0..6u64).filter_map(|s| endgame(s, 4, 0)).collect();
    assert!(ds.len() >= 4, "only {} endgames", ds.len());
    let exact: Vec<i32> = ds
        .iter()
        .map(|d| minimax(&Position::from_deal(d, Objective::Points).unwrap()))
        .collect();
    let mut solver = Solver::new(4);
    for round in 0..600 {
        solver.clear();
        let i = round % ds.len();
        let pos = Position::from_deal(&ds[i], Objective::Points).unwrap();
        assert_eq!(solver.solve(&pos), exact[i], "round {round}, endgame {i}");
    }
}

#[test]
fn tiny_tables_that_evict_all_the_time_still_solve_exactly() {
    // With a handful of entries, a position's entry is often pushed out of its bucket while
    // its own children are searched (see the next test): random endgames against minimax.
    let mut checked = 0;
    for seed in 2000..2060u64 {
        let left = 5 + (seed % 2) as u32;
        let Some(d) = random_endgame(Rules::default(), seed, left, 0) else {
            continue;
        };
        let pos = Position::from_deal(&d, Objective::Points).unwrap();
        let exact = minimax(&pos);
        for bits in [2, 3, 4, 6] {
            let mut solver = Solver::new(bits);
            assert_eq!(solver.solve(&pos), exact, "seed {seed}, 2^{bits} entries");
            // A second solve with the same (full) table.
            assert_eq!(solver.solve(&pos), exact, "seed {seed}, 2^{bits} entries, again");
        }
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} endgames checked");
}

#[test]
fn the_value_does_not_depend_on_the_table_size() {
    // A position's entry can be pushed out of its bucket while its own children are
    // searched; the search must then store what it found as a new entry, never write it into
    // whatever now sits in that slot. An earlier solver did, and gave wrong values with small
    // tables here. The 2^16 table, checked against minimax on smaller endgames above, is the
    // reference.
    let mut big = Solver::new(16);
    let mut checked = 0;
    for seed in 0..40u64 {
        let Some(d) = endgame(seed, 8, 0) else {
            continue;
        };
        let pos = Position::from_deal(&d, Objective::Points).unwrap();
        big.clear();
        let exact = big.solve(&pos);
        for bits in [6, 8, 10] {
            let mut solver = Solver::new(bits);
            assert_eq!(solver.solve(&pos), exact, "seed {seed}, 2^{bits} entries");
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} endgames checked");
}
