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
    // On a tablet, in German and in Portuguese (the longest links), "Lernen" and "Aufgaben"
    // in the top bar do not make the bar taller.
    c.set_window_size(768, 1024).await.expect("tablet size");
    for lang in ["de", "pt"] {
        js(c, &format!("localStorage.setItem('binokel.lang', '{lang}');")).await;
        c.refresh().await.expect("reload");
        let with = wait_js(
            c,
            "document.querySelector('#nav-learn').offsetParent && document.querySelector('#nav-puzzles').offsetParent && \
             document.querySelector('.learn') && \
             document.querySelector('.topbar').getBoundingClientRect().width <= 800 && \
             document.querySelector('.topbar').getBoundingClientRect().height",
            "the tablet's top bar",
        )
        .await;
        let without = js(
            c,
            "document.querySelector('#nav-learn').style.display = 'none'; \
             document.querySelector('#nav-puzzles').style.display = 'none'; \
             return document.querySelector('.topbar').getBoundingClientRect().height",
        )
        .await;
        assert_eq!(
            with, without,
            "{lang}: the top bar's height with and without the links"
        );
    }
    assert_no_js_errors(&b).await;
}

/// The progress of a guest goes into the account at sign-up (and leaves the browser), what
/// is solved logged in is stored in the account, and another browser that logs in finds it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_progress_goes_into_the_account_and_follows_the_login() {
    let _turn = BROWSERS.lock().await;
    let lessons = course().expect("the shipped course");
    let steps: Vec<&CheckedStep> = lessons.iter().flat_map(|l| l.steps.iter()).collect();
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/learn", server.url))
        .await
        .expect("the course");
    // Two steps as a guest: kept in the browser.
    for s in &steps[..2] {
        solve(c, s).await;
    }
    let local = js(
        c,
        "return JSON.parse(localStorage.getItem('binokel.learn')).length",
    )
    .await;
    assert_eq!(local, 2);
    // Sign up: the browser's list goes into the account.
    c.goto(&format!("{}/#/login", server.url))
        .await
        .expect("the login page");
    wait_js(c, "document.querySelector('#signup-form')", "the sign up form").await;
    type_into(c, "#signup-name", "Dora").await;
    type_into(c, "#signup-password", "a long phrase").await;
    type_into(c, "#signup-password2", "a long phrase").await;
    click(c, "#signup-button").await;
    wait_js(
        c,
        "document.querySelector('#nav-account').dataset.state === 'in'",
        "logged in",
    )
    .await;
    wait_js(
        c,
        "localStorage.getItem('binokel.learn') === null",
        "the browser's list merged and cleared",
    )
    .await;
    c.goto(&format!("{}/#/learn", server.url))
        .await
        .expect("the course");
    let progress = wait_js(
        c,
        "document.querySelector('.learn-step') && document.querySelector('#learn-progress').textContent",
        "the course",
    )
    .await;
    assert!(
        progress
            .as_str()
            .unwrap()
            .contains(&format!("2 of {}", steps.len())),
        "{progress}"
    );
    // One more step, logged in: stored in the account, not in the browser.
    solve(c, steps[2]).await;
    let stored = wait_js(
        c,
        "(window.__steps === undefined && (window.__steps = null, fetch('/api/me/learn').then(r => r.json()).then(v => window.__steps = v.steps))), window.__steps",
        "the account's steps",
    )
    .await;
    assert_eq!(stored.as_array().map(|v| v.len()), Some(3), "{stored}");
    assert_eq!(
        js(c, "return localStorage.getItem('binokel.learn')").await,
        serde_json::Value::Null
    );
    assert_no_js_errors(&b).await;

    // Another browser (nothing in its localStorage) logs in and goes on at the fourth step.
    let o = browser(&driver, "en", PHONE).await;
    let d = &o.client;
    d.goto(&format!("{}/#/login", server.url))
        .await
        .expect("the login page");
    wait_js(d, "document.querySelector('#login-form')", "the login form").await;
    type_into(d, "#login-name", "dora").await;
    type_into(d, "#login-password", "a long phrase").await;
    click(d, "#login-button").await;
    wait_js(
        d,
        "document.querySelector('#nav-account').dataset.state === 'in'",
        "logged in",
    )
    .await;
    d.goto(&format!("{}/#/learn", server.url))
        .await
        .expect("the course");
    let next = &steps[3].step.id;
    wait_js(
        d,
        &format!("document.querySelector('.learn-step[data-step=\"{next}\"]')"),
        "the fourth step",
    )
    .await;
    let progress = text_of(d, "#learn-progress").await;
    assert!(progress.contains(&format!("3 of {}", steps.len())), "{progress}");
    // Start again clears the account's progress.
    click(d, "#learn-reset").await;
    wait_js(
        d,
        &format!(
            "document.querySelector('.learn-step[data-step=\"{}\"]')",
            steps[0].step.id
        ),
        "the first step",
    )
    .await;
    let progress = text_of(d, "#learn-progress").await;
    assert!(progress.contains(&format!("0 of {}", steps.len())), "{progress}");
    assert_no_js_errors(&o).await;
}
