//! The exact solver on the bench's positions (heuristic self-play, seeds 1.., a cleared
//! table per solve): nodes, probes and time per position, so that a change can be judged by
//! node counts and instruction counts, which do not depend on the machine's load. For an
//! A/B against an earlier solver, run the same command at both commits.
//!
//! `cargo run --release -p binokel-ai --example solver_ab -- LEFT COUNT [new|moves|none]`

#![allow(missing_docs)]

use binokel_ai::solver::{Objective, Position, Solver};
use std::time::Instant;

// The bench's positions (benches/support/positions.rs), so that figures compare.
#[path = "../../benches/support/positions.rs"]
#[allow(dead_code)]
mod positions;
use positions::{deals, median};

fn main() {
    let mut args = std::env::args().skip(1);
    let left: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let count: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(8);
    let which = args.next().unwrap_or_else(|| "new".into());
    let obj = match args.next().as_deref() {
        Some("tricks") => Objective::Tricks,
        _ => Objective::Points,
    };
    let bits: u32 = std::env::var("BITS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut new = Solver::new(bits);
    let (mut tn, mut nn) = (0.0, 0u64);
    let mut per_pos: Vec<(f64, u64)> = Vec::new();
    for (i, d) in deals(left, count).iter().enumerate() {
        if which == "moves" {
            // Every card's value, as the strong bot asks for it (one table for the lot).
            let p = Position::from_deal(d, obj).unwrap();
            new.clear();
            let n0 = new.nodes;
            let t = Instant::now();
            let m = new.solve_moves(&p);
            let el = t.elapsed().as_secs_f64() * 1e3;
            let n = new.nodes - n0;
            tn += el;
            nn += n;
            println!("pos {i}: {} cards, {n} nodes {el:.1} ms", m.len());
            continue;
        }
        if which == "new" {
            let p = Position::from_deal(d, obj).unwrap();
            // The fastest of REPS solves (default 1): the time least disturbed by the load.
            let (mut el, mut n, mut v, mut probes) = (f64::MAX, 0, 0, 0);
            for _ in 0..reps {
                new.clear();
                let n0 = new.nodes;
                let p0 = new.probes;
                let t = Instant::now();
                v = new.solve(&p);
                el = el.min(t.elapsed().as_secs_f64() * 1e3);
                n = new.nodes - n0;
                probes = new.probes - p0;
            }
            tn += el;
            nn += n;
            per_pos.push((el, n));
            println!(
                "pos {i}: new {v} {n} nodes {el:.1} ms ({probes} probes, the last {} nodes)",
                new.last_probe_nodes
            );
        }
    }
    println!("total: {nn} nodes {tn:.1} ms");
    if !per_pos.is_empty() {
        // The goal is a median over positions, which the total (a mean) hides.
        let ms = median(per_pos.iter().map(|x| x.0).collect());
        let nodes = median(per_pos.iter().map(|x| x.1 as f64).collect());
        println!(
            "median over {} positions: {ms:.1} ms, {nodes:.0} nodes",
            per_pos.len()
        );
    }
}
