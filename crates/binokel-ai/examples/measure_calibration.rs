//! Checks the match measure's model of a race (`binokel_ai::measure`; docs/review.md,
//! section 1) against who won: reads match-arena results files (`binokel arena --matches N
//! --out FILE`), and before every deal of every match compares the model's chance of each
//! side with the match's winner. Prints the log-loss (lower is better; an even guess is
//! `ln(sides)`), the Brier score, and a reliability table (predicted chance against the
//! share of those sides that won), for the model's temperature and for it scaled.
//!
//! `cargo run --release -p binokel-ai --example measure_calibration -- FILE [FILE ...]`

use binokel::Rules;
use binokel_ai::measure::MatchState;
use serde_json::Value;

/// One prediction: a side's chance before a deal, and whether that side won the match.
struct Point {
    state: MatchState,
    sides: usize,
    winner: usize,
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: measure_calibration FILE [FILE ...] (match-arena results files)");
        std::process::exit(2);
    }
    let mut points: Vec<Point> = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let mut lines = text.lines();
        let header: Value = serde_json::from_str(lines.next().unwrap_or("{}")).expect("a header");
        assert_eq!(header["unit"], "match", "{f} is not a match-arena file");
        let rules = Rules::from_json(&header["rules"]).expect("the header's rules");
        let n = usize::from(rules.players);
        for l in lines {
            let Ok(v) = serde_json::from_str::<Value>(l) else {
                continue;
            };
            for m in v["matches"].as_array().into_iter().flatten() {
                let Some(w) = m["winner"].as_u64() else { continue };
                let mut st = MatchState::start(rules);
                let sides = st.sides();
                let winner = st.side_of(w as usize);
                let sheet = m["sheet"].as_array().expect("a sheet (a file of this version)");
                for (d, scores) in sheet.iter().enumerate() {
                    points.push(Point {
                        state: st.clone(),
                        sides,
                        winner,
                    });
                    for seat in 0..n {
                        st.totals[seat] += scores[seat].as_i64().unwrap_or(0) as i32;
                    }
                    if !m["soloists"][d].is_null() {
                        st.counted += 1;
                    }
                }
            }
        }
    }
    println!(
        "{} predictions (a state before a deal) from {} file(s)",
        points.len(),
        files.len()
    );
    println!("| temperature | log-loss | even guess | Brier |");
    println!("|---|---|---|---|");
    for scale in [0.5, 0.7, 1.0, 1.4, 2.0] {
        let (mut ll, mut even, mut brier) = (0.0, 0.0, 0.0);
        for p in &points {
            let c = MatchState {
                tau_scale: scale,
                ..p.state.clone()
            }
            .win_chances();
            ll -= c[p.winner].max(1e-9).ln();
            even += (p.sides as f64).ln();
            for (s, x) in c.iter().enumerate().take(p.sides) {
                let y = if s == p.winner { 1.0 } else { 0.0 };
                brier += (x - y).powi(2);
            }
        }
        let k = points.len().max(1) as f64;
        println!(
            "| {scale} x model | {:.4} | {:.4} | {:.4} |",
            ll / k,
            even / k,
            brier / k
        );
    }
    println!();
    println!("Reliability at the model's temperature (each side before each deal):");
    println!("| predicted | sides | mean predicted | won |");
    println!("|---|---|---|---|");
    let bins = 10;
    let mut count = vec![0usize; bins];
    let mut pred = vec![0.0; bins];
    let mut won = vec![0usize; bins];
    for p in &points {
        let c = p.state.win_chances();
        for (s, &x) in c.iter().enumerate().take(p.sides) {
            let b = ((x * bins as f64) as usize).min(bins - 1);
            count[b] += 1;
            pred[b] += x;
            won[b] += usize::from(s == p.winner);
        }
    }
    for b in 0..bins {
        if count[b] == 0 {
            continue;
        }
        println!(
            "| {:.1}-{:.1} | {} | {:.3} | {:.3} |",
            b as f64 / bins as f64,
            (b + 1) as f64 / bins as f64,
            count[b],
            pred[b] / count[b] as f64,
            won[b] as f64 / count[b] as f64
        );
    }
}
