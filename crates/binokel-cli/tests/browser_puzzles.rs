//! The puzzles page (#/puzzles, docs/puzzles.md) in headless Chromium on a real `binokel
//! serve`: the first puzzle is shown without its solution, the best card is answered right
//! and the values appear; the next puzzle, in German, answered wrong names the best card.

mod browser_common;

use binokel_ai::puzzle::{PuzzleSet, SHIPPED};
use browser_common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_solved_in_the_browser() {
    let _turn = BROWSERS.lock().await;
    let set = PuzzleSet::parse(SHIPPED).expect("the shipped set");
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/puzzles", server.url))
        .await
        .expect("the puzzles page");
    let id = wait_js(
        c,
        "document.querySelector('#puzzle') && document.querySelector('#puzzle').dataset.id",
        "a puzzle",
    )
    .await;
    let p = set.get(id.as_str().unwrap()).expect("a shipped puzzle");
    assert_eq!(p.id, set.puzzles[0].id, "the first puzzle first");
    // The choices, and nothing of the solution before the answer.
    let shown = js(
        c,
        "return [...document.querySelectorAll('.puzzle-choice')].map(b => b.dataset.choice)",
    )
    .await;
    assert_eq!(shown.as_array().unwrap().len(), p.choices.len());
    assert_eq!(
        js(c, "return document.querySelector('.puzzle-values') === null").await,
        true
    );
    click(c, &format!(".puzzle-choice[data-choice='{}']", p.best)).await;
    let verdict = wait_js(c, "document.querySelector('#puzzle-verdict.right') && document.querySelector('#puzzle-verdict').textContent", "the verdict").await;
    assert!(verdict.as_str().unwrap().contains("best card"), "{verdict}");
    let rows = js(
        c,
        "return document.querySelectorAll('.puzzle-values tbody tr').length",
    )
    .await;
    assert_eq!(rows, p.choices.len());
    assert_no_js_errors(&b).await;

    // The next puzzle in German, answered wrong.
    let q = &set.puzzles[1];
    js(c, "localStorage.setItem('binokel.lang', 'de');").await;
    c.goto(&format!("{}/#/puzzles/{}", server.url, q.id))
        .await
        .expect("the next puzzle");
    c.refresh().await.expect("reload");
    wait_js(
        c,
        &format!("document.querySelector('#puzzle[data-id=\"{}\"]')", q.id),
        "the second puzzle",
    )
    .await;
    let wrong = &q.choices[1].choice;
    click(c, &format!(".puzzle-choice[data-choice='{wrong}']")).await;
    let verdict = wait_js(c, "document.querySelector('#puzzle-verdict.wrong') && document.querySelector('#puzzle-verdict').textContent", "the verdict").await;
    let text = verdict.as_str().unwrap();
    assert!(
        text.contains(&q.best) && text.contains("Nicht die beste"),
        "{text}"
    );
    assert_no_js_errors(&b).await;
}
