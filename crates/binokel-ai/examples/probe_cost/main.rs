//! Scratch measurement: what one null-window probe costs as a function of its distance from
//! the value, on the bench's positions (a cleared table per probe sequence).

#![allow(missing_docs)]

use binokel_ai::solver::{Objective, Position, Solver};

// The bench's positions (benches/support/positions.rs), so that figures compare.
#[path = "../../benches/support/positions.rs"]
#[allow(dead_code)]
mod positions;
use positions::deals;

fn main() {
    let mut args = std::env::args().skip(1);
    let left: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let count: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(8);
    let mut s = Solver::new(20);
    for (i, d) in deals(left, count).iter().enumerate() {
        let p = Position::from_deal(d, Objective::Points).unwrap();
        s.clear();
        let n0 = s.nodes;
        let v = s.solve(&p);
        let full = s.nodes - n0;
        let (lo, hi) = p.bounds();
        print!("pos {i}: v {v} bounds [{lo},{hi}] solve {full}; single probes:");
        for d in [-20, -10, -5, -2, 0, 1, 2, 5, 10, 20] {
            s.clear();
            let n0 = s.nodes;
            let g = s.probe(&p, v + d);
            print!(" t=v{d:+}:{}({})", s.nodes - n0, g - v);
        }
        // MTD(f) from an oracle guess: prove v (fails high at v, low at v+1).
        s.clear();
        let n0 = s.nodes;
        s.probe(&p, v + 1);
        s.probe(&p, v);
        print!(" | oracle pair {}", s.nodes - n0);
        print!(" | from guess v+k:");
        for k in [-10, -5, -2, 0, 1, 2, 5, 10, 20] {
            s.clear();
            let n0 = s.nodes;
            assert_eq!(s.solve_from(&p, v + k), v);
            print!(" {k}:{}", s.nodes - n0);
        }
        println!();
    }
}
