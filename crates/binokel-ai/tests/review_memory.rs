//! The memory of a review grows linearly with the match, by a small bound a deal
//! (docs/review.md, "Memory"): a counting allocator measures the peak bytes of the review
//! of a record of N deals and of 2N deals, the way the server does it (the review, its
//! JSON text). Before the fix every decision of the match was held at once with a view that
//! carried the whole score sheet, so the peak grew with the square of the match's length
//! (1.36 GiB at 1,447 deals, 5.2 GiB at 2,957).
//!
//! One test in this file: the allocator (the `peak_alloc` crate) counts every thread of the
//! process.

use binokel::record::write_record;
use binokel::{Game, Rules};
use binokel_ai::review::{review_record, ReviewBudget, ReviewOptions, REVIEW_BYTES_PER_DEAL};
use peak_alloc::PeakAlloc;
use rand::{Rng, SeedableRng};

/// Counts the bytes live now and their peak, over every thread.
#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

/// A record of `deals` complete deals of uniformly random legal play (a target no such
/// match reaches).
fn random_record(deals: usize, seed: u64) -> String {
    let mut rules = Rules::default();
    rules.target = binokel::rules::MAX_TARGET;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(rules, vec!["A".into(), "B".into(), "C".into()]);
    while g.deals().len() < deals {
        g.start_seeded_deal(rng.gen()).expect("a deal");
        while let Some(d) = g.current().filter(|d| !d.is_over()) {
            let legal = d.legal_actions();
            g.play(legal[rng.gen_range(0..legal.len())]).expect("legal");
        }
    }
    write_record(&g).to_string()
}

/// The peak bytes above the live bytes before it of the server's review of `record` (the
/// review and its JSON text), the length of that text and the decisions with a hindsight
/// line.
fn peak_of_review(record: &str, opts: &ReviewOptions) -> (usize, usize, usize) {
    let before = ALLOC.current_usage();
    ALLOC.reset_peak_usage();
    let review = review_record(record, opts, &|_, _| {}).expect("a legal record");
    let text = review.to_json_text();
    let lines = review.decisions.iter().filter(|d| d.hindsight.is_some()).count();
    drop(review);
    let peak = ALLOC.peak_usage().saturating_sub(before);
    (peak, text.len(), lines)
}

#[test]
fn the_memory_of_a_review_grows_by_a_small_bound_a_deal() {
    // Few samples (fast), but as many rated burials as the default budget and hindsight
    // lines near the end: the lists a decision keeps are as long as at the default.
    let opts = ReviewOptions {
        seats: Vec::new(),
        budget: ReviewBudget {
            play_samples: 1,
            deal_samples: 1,
            solver_tricks: 4,
            solver_nodes: 1_000,
            burial_candidates: ReviewBudget::DEFAULT.burial_candidates,
            hindsight_tricks: ReviewBudget::DEFAULT.hindsight_tricks,
            hindsight_nodes: 200_000,
        },
        hindsight: true,
    };
    let n = 24;
    let short = random_record(n, 1);
    let long = random_record(2 * n, 1);
    // The first review starts the rayon threads and their solvers: not counted.
    peak_of_review(&random_record(2, 9), &opts);
    let (a, text_a, lines_a) = peak_of_review(&short, &opts);
    let (b, text_b, lines_b) = peak_of_review(&long, &opts);
    assert!(
        lines_a > 0 && lines_b > lines_a,
        "hindsight lines {lines_a}, {lines_b}: the measure would miss them"
    );
    let per_deal = b.saturating_sub(a) / n;
    eprintln!(
        "peak {a} bytes for {n} deals, {b} for {}; {per_deal} a deal (review JSON {text_a} and {text_b} bytes)",
        2 * n
    );
    assert!(
        per_deal <= REVIEW_BYTES_PER_DEAL,
        "each deal more added {per_deal} bytes to the review's peak, more than {REVIEW_BYTES_PER_DEAL} \
         ({a} bytes at {n} deals, {b} at {})",
        2 * n
    );
}
