//! Learn Binokel in the browser (#/learn, docs/learn.md) in headless Chromium on a real
//! `binokel serve`: the lessons are completed step by step with the answers the Rust engine
//! computes, a wrong answer and a malformed number are told apart, and the progress kept
//! in localStorage survives a reload (the course then goes on in German on a phone).

mod browser_common;

use binokel_ai::lessons::{course, Answer, CheckedStep};
use browser_common::*;
use fantoccini::Client;

/// Answers the step shown, which must be `s`, and goes on to the next.
async fn solve(c: &Client, s: &CheckedStep) {
    let id = &s.step.id;
    wait_js(
        c,
        &format!("document.querySelector('.learn-step[data-step=\"{id}\"]')"),
        id,
    )
    .await;
    match &s.answer {
        Answer::Number(n) => {
            type_into(c, "#learn-number", &n.to_string()).await;
            click(c, "#learn-check").await;
        }
        Answer::Cards(cards) => {
            for card in cards {
                click(c, &format!(".learn-pick[data-card='{card}']")).await;
            }
            click(c, "#learn-check").await;
        }
        Answer::Card(x) | Answer::Suit(x) => {
            click(c, &format!(".learn-choice[data-answer='{x}']")).await;
        }
    }
    wait_js(
        c,
        "document.querySelector('#learn-verdict.right')",
        &format!("{id} right"),
    )
    .await;
    click(c, "#learn-next").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lessons_are_completed_in_the_browser_and_the_progress_is_kept() {
    let _turn = BROWSERS.lock().await;
    let lessons = course().expect("the shipped course");
    let steps: Vec<&CheckedStep> = lessons.iter().flat_map(|l| l.steps.iter()).collect();
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    // The top bar's "Learn" opens the course.
    c.goto(&server.url).await.expect("the start page");
    click(c, "#nav-learn").await;
    // The first step: a malformed number, then a wrong one, then the right one.
    wait_js(c, "document.querySelector('#learn-number')", "the first step").await;
    type_into(c, "#learn-number", "thirty").await;
    click(c, "#learn-check").await;
    let v = wait_js(c, "document.querySelector('#learn-verdict.error') && document.querySelector('#learn-verdict').textContent", "not a number").await;
    assert!(v.as_str().unwrap().contains("thirty"), "{v}");
    type_into(c, "#learn-number", "29").await;
    click(c, "#learn-check").await;
    wait_js(c, "document.querySelector('#learn-verdict.wrong')", "wrong").await;
    // The first three lessons, answered as the engine says.
    let first: usize = lessons[..3].iter().map(|l| l.steps.len()).sum();
    for s in &steps[..first] {
        solve(c, s).await;
    }
    assert_no_js_errors(&b).await;

    // A reload (now in German, on a phone) keeps the progress: the course goes on where
    // it stopped, and the lessons done are ticked.
    js(c, "localStorage.setItem('binokel.lang', 'de');").await;
    c.set_window_size(PHONE.0, PHONE.1).await.expect("phone size");
    c.refresh().await.expect("reload");
    let next = &steps[first].step.id;
    wait_js(
        c,
        &format!("document.querySelector('.learn-step[data-step=\"{next}\"]')"),
        "the step after the reload",
    )
    .await;
    let progress = text_of(c, "#learn-progress").await;
    assert!(
        progress.contains(&format!("{first} von {}", steps.len())),
        "{progress}"
    );
    let ticked = js(c, "return document.querySelectorAll('.learn-lesson.done').length").await;
    assert_eq!(ticked, 3);
    let question = text_of(c, ".learn-question").await;
    assert!(question.contains("Vorhand"), "{question}");
    for s in &steps[first..] {
        solve(c, s).await;
    }
    let done = text_of(c, "#learn-finished").await;
    assert!(done.contains("geschafft"), "{done}");
    assert_fits_width(c, "the learn page on a phone").await;
    // On a tablet, in German, "Lernen" in the top bar does not make the bar taller.
    c.set_window_size(768, 1024).await.expect("tablet size");
    let with = wait_js(
        c,
        "document.querySelector('#nav-learn').offsetParent && \
         document.querySelector('.topbar').getBoundingClientRect().width <= 800 && \
         document.querySelector('.topbar').getBoundingClientRect().height",
        "the tablet's top bar",
    )
    .await;
    let without = js(
        c,
        "document.querySelector('#nav-learn').style.display = 'none'; \
         return document.querySelector('.topbar').getBoundingClientRect().height",
    )
    .await;
    assert_eq!(with, without, "the top bar's height with and without the link");
    assert_no_js_errors(&b).await;
}
