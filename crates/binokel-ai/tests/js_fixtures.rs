//! The fixtures of the JavaScript tests (web/test/fixtures) are what
//! `cargo run --release -p binokel-ai --example js_fixtures` writes today: a rules change
//! that leaves them stale fails here, and `node --test web/test/` then compares the browser's
//! copy of the rules with the fresh ones.

#[path = "../examples/js_fixtures.rs"]
mod js_fixtures;

#[test]
fn js_fixtures_are_up_to_date() {
    let dir = js_fixtures::fixture_dir();
    for (name, text) in js_fixtures::fixtures() {
        let path = dir.join(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == text,
            "{} is stale or missing: run `cargo run --release -p binokel-ai --example js_fixtures` and commit it",
            path.display()
        );
    }
}
