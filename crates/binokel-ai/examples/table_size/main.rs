//! Which transposition-table size solves the bench's positions fastest: every size is timed
//! on the same position in turn, inside one process, and each keeps the fastest of REPS
//! solves, so that a slow minute of a shared machine hits all sizes alike (separate runs of
//! one binary vary by half on the lead's VM). The values must not depend on the size.
//!
//! `cargo run --release -p binokel-ai --example table_size -- LEFT COUNT REPS BITS...`
//! (for instance `10 16 3 16 17 18 20`).

#![allow(missing_docs)]

use binokel_ai::solver::Solver;
use std::time::Instant;

// The bench's positions (benches/support/positions.rs), so that figures compare.
#[path = "../../benches/support/positions.rs"]
#[allow(dead_code)]
mod positions;
use positions::{median, positions};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("every argument is a number"))
        .collect();
    let [left, count, reps, ref sizes @ ..] = args[..] else {
        panic!("usage: table_size LEFT COUNT REPS BITS...");
    };
    let positions = positions(left as u32, count as usize);
    let mut solvers: Vec<Solver> = sizes.iter().map(|&b| Solver::new(b as u32)).collect();
    // Per size and position: the fastest time, the nodes and the value.
    let mut best = vec![vec![(f64::MAX, 0u64, 0i32); positions.len()]; sizes.len()];
    for (i, p) in positions.iter().enumerate() {
        for _ in 0..reps {
            for (s, solver) in solvers.iter_mut().enumerate() {
                solver.clear();
                let n0 = solver.nodes;
                let t = Instant::now();
                let v = solver.solve(p);
                let ms = t.elapsed().as_secs_f64() * 1e3;
                let b = &mut best[s][i];
                *b = (b.0.min(ms), solver.nodes - n0, v);
            }
        }
    }
    for (s, bits) in sizes.iter().enumerate() {
        for (i, (b, first)) in best[s].iter().zip(&best[0]).enumerate() {
            assert_eq!(b.2, first.2, "position {i}: the value depends on the table");
        }
        let ms = median(best[s].iter().map(|b| b.0).collect());
        let nodes = median(best[s].iter().map(|b| b.1 as f64).collect());
        let total: u64 = best[s].iter().map(|b| b.1).sum();
        println!(
            "2^{bits} entries ({} MiB): median {ms:.1} ms, median {nodes:.0} nodes, {total} nodes in all",
            (32u64 << bits) >> 20
        );
    }
}
