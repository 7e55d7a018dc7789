//! Plays one deal set of an arena run and prints it (for looking into a single set).
use binokel::Rules;
use std::time::{Duration, Instant};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let bots: Vec<String> = a[1].split(',').map(String::from).collect();
    let seed: u64 = a[2].parse().unwrap();
    let set: u64 = a[3].parse().unwrap();
    let t = Instant::now();
    let v = binokel_ai::arena::play_set(&bots, Rules::default(), seed, set, Duration::from_secs(10));
    for p in v["plays"].as_array().unwrap() {
        println!("{} {} {} {}", p["seats"], p["scores"], p["contract"], p["ms"]);
    }
    println!("{:.1} s", t.elapsed().as_secs_f64());
}
