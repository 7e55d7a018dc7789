//! The puzzles page (#/puzzles, docs/puzzles.md) in headless Chromium on a real `binokel
//! serve`: the first puzzle is shown without its solution, the best card is answered right
//! and the values appear; the next puzzle, in German, answered wrong names the best card; a
//! trump puzzle is answered with declarations in words; a burial puzzle is answered by
//! lifting three cards.

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

/// The top bar's spread: its height and the difference between the highest and the lowest
/// top of its visible children (0 when they sit on one row), and whether `#nav-puzzles` shows.
async fn bar_rows(c: &fantoccini::Client) -> (f64, f64, bool) {
    let v = js(
        c,
        "const bar = document.querySelector('.topbar'); const r = bar.getBoundingClientRect(); \
         const kids = [...bar.children].filter(e => e.getBoundingClientRect().height > 0); \
         return [r.height, Math.max(...kids.map(e => e.getBoundingClientRect().top)) - Math.min(...kids.map(e => e.getBoundingClientRect().top)), !!document.querySelector('#nav-puzzles').offsetParent]",
    )
    .await;
    (
        v[0].as_f64().expect("height"),
        v[1].as_f64().expect("spread"),
        v[2].as_bool().expect("shown"),
    )
}

/// The top bar's "Puzzles" (on a phone behind the menu button, the bar still one row; on a
/// laptop in the bar's one row), then a logged-in account answers: its puzzle rating shows,
/// a second answer to the same puzzle says it does not count again, and the profile page
/// shows the puzzle rating.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_gets_a_puzzle_rating_in_the_browser() {
    let _turn = BROWSERS.lock().await;
    let set = PuzzleSet::parse(SHIPPED).expect("the shipped set");
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "de", PHONE).await;
    let c = &b.client;
    c.goto(&server.url).await.expect("the start page");
    wait_js(c, "document.querySelector('#nav-puzzles')", "the top bar").await;
    let (height, spread, shown) = bar_rows(c).await;
    assert!(
        height <= 60.0 && spread < 10.0,
        "the phone's top bar on one row: {height} {spread}"
    );
    assert!(!shown, "on a phone the link is behind the menu");
    screenshot(c, "topbar-390x844").await;
    click(c, "#menu-toggle").await;
    wait_js(
        c,
        "document.querySelector('#nav-puzzles').offsetParent",
        "the menu open",
    )
    .await;
    screenshot(c, "topbar-menu-390x844").await;
    click(c, "#nav-puzzles").await;
    wait_js(c, "document.querySelector('#puzzle')", "the puzzles page").await;
    assert_fits_width(c, "the puzzles page on a phone").await;

    // Sign up, then answer a puzzle.
    c.goto(&format!("{}/#/login", server.url))
        .await
        .expect("the login page");
    wait_js(c, "document.querySelector('#signup-form')", "the sign up form").await;
    type_into(c, "#signup-name", "Cleo").await;
    type_into(c, "#signup-password", "a long phrase").await;
    type_into(c, "#signup-password2", "a long phrase").await;
    click(c, "#signup-button").await;
    wait_js(
        c,
        "document.querySelector('#nav-account').dataset.state === 'in'",
        "logged in",
    )
    .await;
    let p = &set.puzzles[2];
    c.goto(&format!("{}/#/puzzles/{}", server.url, p.id))
        .await
        .expect("a puzzle");
    wait_js(
        c,
        &format!("document.querySelector('#puzzle[data-id=\"{}\"]')", p.id),
        "the puzzle",
    )
    .await;
    click(c, &format!(".puzzle-choice[data-choice='{}']", p.best)).await;
    let said = wait_js(
        c,
        "document.querySelector('#puzzle-player') && document.querySelector('#puzzle-player').textContent",
        "the rating",
    )
    .await;
    let said = said.as_str().unwrap().to_string();
    assert!(said.contains("Aufgaben-Wertung") && said.contains("(+"), "{said}");
    let rating: String = said.chars().filter(|c| c.is_ascii_digit()).take(4).collect();
    // The same puzzle again: the answer does not count again.
    c.refresh().await.expect("reload");
    wait_js(
        c,
        &format!("document.querySelector('#puzzle[data-id=\"{}\"]')", p.id),
        "the puzzle again",
    )
    .await;
    click(
        c,
        &format!(".puzzle-choice[data-choice='{}']", p.choices[1].choice),
    )
    .await;
    let again = wait_js(
        c,
        "document.querySelector('#puzzle-player') && document.querySelector('#puzzle-player').textContent",
        "the rating again",
    )
    .await;
    let again = again.as_str().unwrap();
    assert!(
        again.contains("nur die erste Antwort") && again.contains(&rating),
        "{again}"
    );
    // The profile shows it.
    c.goto(&format!("{}/#/players/Cleo", server.url))
        .await
        .expect("the profile");
    let prof = wait_js(c, "document.querySelector('#profile-puzzle-rating') && document.querySelector('#profile-puzzle-rating').textContent", "the profile's puzzle rating").await;
    let prof = prof.as_str().unwrap();
    assert!(prof.contains(&rating) && prof.contains("1 von 1"), "{prof}");
    assert_fits_width(c, "the profile on a phone").await;
    assert_no_js_errors(&b).await;

    // On a laptop the links sit in the bar's one row, "Puzzles" among them.
    let l = browser(&driver, "en", LAPTOP).await;
    let c = &l.client;
    c.goto(&server.url).await.expect("the start page");
    wait_js(
        c,
        "document.querySelector('#nav-puzzles').offsetParent",
        "the top bar",
    )
    .await;
    let (height, spread, shown) = bar_rows(c).await;
    assert!(
        shown && height <= 60.0 && spread < 10.0,
        "the laptop's top bar on one row: {height} {spread}"
    );
    screenshot(c, "topbar-1366x800").await;
    assert_no_js_errors(&l).await;
}

/// A trump puzzle (docs/puzzles.md, "Trump puzzles"): every hand and the burial are shown,
/// one button per declaration in words (no card pictures), nothing of the solution before
/// the answer; the best declaration is answered right, and the values show the proved upper
/// bounds as "at most". Then in German a wrong declaration names the best one in words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trump_puzzle_is_solved_in_the_browser() {
    let _turn = BROWSERS.lock().await;
    let set = PuzzleSet::parse(SHIPPED).expect("the shipped set");
    let p = set
        .puzzles
        .iter()
        .find(|p| p.kind == binokel_ai::puzzle::Kind::Trump)
        .expect("the shipped set has a trump puzzle");
    let server = start_server();
    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&format!("{}/#/puzzles/{}", server.url, p.id))
        .await
        .expect("the trump puzzle");
    wait_js(
        c,
        &format!("document.querySelector('#puzzle[data-id=\"{}\"]')", p.id),
        "the trump puzzle",
    )
    .await;
    let shown = js(
        c,
        "return [...document.querySelectorAll('.puzzle-choice')].map(b => [b.dataset.choice, b.textContent.trim()])",
    )
    .await;
    let shown = shown.as_array().unwrap();
    assert_eq!(shown.len(), p.choices.len(), "{shown:?}");
    let labels: Vec<&str> = shown.iter().map(|x| x[1].as_str().unwrap()).collect();
    assert!(
        labels.contains(&"Durch") && labels.iter().any(|l| l.starts_with("trump ")),
        "{labels:?}"
    );
    assert!(labels.iter().any(|l| l.starts_with("give up")), "{labels:?}");
    let buried = js(c, "return document.querySelector('#puzzle-buried').textContent").await;
    assert!(buried.as_str().unwrap().starts_with("Buried"), "{buried}");
    // Trump is what the puzzle asks for: the contract line says it is not named yet.
    let contract = js(c, "return document.querySelector('#puzzle-contract').textContent").await;
    assert_eq!(
        contract.as_str().unwrap(),
        format!("Bid {}; no trump named yet.", p.deal().unwrap().bid()),
        "{contract}"
    );
    // Every hand shown: 3 seats of 15 cards.
    let cards = js(
        c,
        "return document.querySelectorAll('.puzzle-seat .card-inline').length",
    )
    .await;
    assert_eq!(cards, 45, "every hand of 15 cards shown");
    assert_eq!(
        js(c, "return document.querySelector('.puzzle-values') === null").await,
        true
    );
    click(c, &format!(".puzzle-choice[data-choice='{}']", p.best)).await;
    let verdict = wait_js(c, "document.querySelector('#puzzle-verdict.right') && document.querySelector('#puzzle-verdict').textContent", "the verdict").await;
    assert!(
        verdict.as_str().unwrap().contains("best declaration"),
        "{verdict}"
    );
    let rows = js(
        c,
        "return [...document.querySelectorAll('.puzzle-values tbody tr')].map(r => r.textContent)",
    )
    .await;
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), p.choices.len());
    let bounds = p.choices.iter().filter(|x| x.bound).count();
    let at_most = rows
        .iter()
        .filter(|r| r.as_str().unwrap().contains("at most"))
        .count();
    assert_eq!(at_most, bounds, "{rows:?}");
    assert_no_js_errors(&b).await;

    // In German, a wrong declaration: the verdict names the best in words.
    js(c, "localStorage.setItem('binokel.lang', 'de');").await;
    c.refresh().await.expect("reload");
    wait_js(
        c,
        &format!(
            "document.querySelector('#puzzle[data-id=\"{}\"]') && document.querySelector('.puzzle-choice')",
            p.id
        ),
        "the puzzle in German",
    )
    .await;
    let wrong = &p.choices[1].choice;
    click(c, &format!(".puzzle-choice[data-choice='{wrong}']")).await;
    let verdict = wait_js(c, "document.querySelector('#puzzle-verdict.wrong') && document.querySelector('#puzzle-verdict').textContent", "the verdict").await;
    let text = verdict.as_str().unwrap();
    assert!(
        text.contains("Nicht die beste") && text.contains("Trumpf"),
        "{text}"
    );
    assert_no_js_errors(&b).await;
}

/// A burial puzzle (docs/puzzles.md, "Burial puzzles"), at phone and laptop width: every
/// hand (the soloist's 18 cards) and the Tapp shown, the soloist's cards are the buttons,
/// lifted by a click (a fourth is not lifted, a lifted one drops again), and Bury is enabled
/// only with three lifted; the best burial is answered right and the solution lists the best
/// ten with values and the count of all burials. Then in Portuguese a wrong burial: the
/// verdict shows the best burial and the answer's row is listed with its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burial_puzzle_is_solved_in_the_browser() {
    let _turn = BROWSERS.lock().await;
    let set = PuzzleSet::parse(SHIPPED).expect("the shipped set");
    let p = set
        .puzzles
        .iter()
        .find(|p| p.kind == binokel_ai::puzzle::Kind::Burial)
        .expect("the shipped set has a burial puzzle");
    let server = start_server();
    let driver = start_driver();
    let best: Vec<&str> = p.best.split(' ').skip(1).collect();
    for (size, lang, name) in [(PHONE, "en", "390x844"), (LAPTOP, "pt", "1366x800")] {
        let b = browser(&driver, lang, size).await;
        let c = &b.client;
        c.goto(&format!("{}/#/puzzles/{}", server.url, p.id))
            .await
            .expect("the burial puzzle");
        wait_js(
            c,
            &format!(
                "document.querySelector('#puzzle[data-id=\"{}\"]') && document.querySelector('#puzzle-bury')",
                p.id
            ),
            "the burial puzzle",
        )
        .await;
        // Every hand shown: 18 + 15 + 15 cards, and the Tapp's 3.
        let cards = js(
            c,
            "return document.querySelectorAll('.puzzle-seat .card-inline').length",
        )
        .await;
        assert_eq!(cards, 48, "every hand shown");
        let tapp = js(
            c,
            "return document.querySelectorAll('#puzzle-tapp .card-inline').length",
        )
        .await;
        assert_eq!(tapp, 3);
        // Before the burial no trump is named: said in the page's language.
        let contract = js(c, "return document.querySelector('#puzzle-contract').textContent").await;
        let open = if lang == "en" {
            "no trump named yet"
        } else {
            "ainda sem trunfo"
        };
        assert!(contract.as_str().unwrap().contains(open), "{contract}");
        let buttons = js(c, "return document.querySelectorAll('.puzzle-card').length").await;
        assert_eq!(buttons, 18);
        assert_eq!(
            js(c, "return document.querySelector('#puzzle-bury').disabled").await,
            true
        );
        assert_eq!(
            js(c, "return document.querySelector('.puzzle-values') === null").await,
            true
        );
        assert_fits_width(c, "the burial puzzle").await;
        if lang == "en" {
            // Lift a card not in the best burial and drop it again.
            let other = js(
                c,
                &format!(
                    "return [...document.querySelectorAll('.puzzle-card')].map(b => b.dataset.card).find(x => !{:?}.includes(x))",
                    best
                ),
            )
            .await;
            let other = other.as_str().unwrap().to_string();
            let sel = format!(".puzzle-card[data-card='{other}']");
            click(c, &sel).await;
            assert_eq!(
                js(
                    c,
                    &format!("return document.querySelector(\"{sel}\").getAttribute('aria-pressed')")
                )
                .await,
                "true"
            );
            click(c, &sel).await;
            assert_eq!(
                js(
                    c,
                    &format!("return document.querySelector(\"{sel}\").getAttribute('aria-pressed')")
                )
                .await,
                "false"
            );
            // The best burial: the first copy of each of its cards (a card buried twice:
            // both copies).
            let mut used = Vec::new();
            for card in &best {
                let n = used.iter().filter(|x| x == &card).count();
                js(
                    c,
                    &format!("document.querySelectorAll(\".puzzle-card[data-card='{card}']\")[{n}].click(); return 0"),
                )
                .await;
                used.push(*card);
            }
            // A fourth card is not lifted.
            js(c, &format!("document.querySelector(\"{sel}\").click(); return 0")).await;
            assert_eq!(
                js(
                    c,
                    &format!("return document.querySelector(\"{sel}\").getAttribute('aria-pressed')")
                )
                .await,
                "false"
            );
            let prompt = js(
                c,
                "return document.querySelector('#puzzle-bury-prompt').textContent",
            )
            .await;
            assert!(prompt.as_str().unwrap().contains("3 chosen"), "{prompt}");
            screenshot(c, &format!("burial-puzzle-lifted-{name}")).await;
            click(c, "#puzzle-bury").await;
            let verdict = wait_js(c, "document.querySelector('#puzzle-verdict.right') && document.querySelector('#puzzle-verdict').textContent", "the verdict").await;
            assert!(verdict.as_str().unwrap().contains("best burial"), "{verdict}");
            let rows = js(
                c,
                "return document.querySelectorAll('.puzzle-values tbody tr').length",
            )
            .await;
            assert_eq!(rows, 10);
        } else {
            // Portuguese, a wrong burial: the last of the list.
            let last = &p.choices.last().unwrap().choice;
            let mut used: Vec<&str> = Vec::new();
            for card in last.split(' ').skip(1) {
                let n = used.iter().filter(|x| **x == card).count();
                js(
                    c,
                    &format!("document.querySelectorAll(\".puzzle-card[data-card='{card}']\")[{n}].click(); return 0"),
                )
                .await;
                used.push(card);
            }
            click(c, "#puzzle-bury").await;
            let verdict = wait_js(c, "document.querySelector('#puzzle-verdict.wrong') && document.querySelector('#puzzle-verdict').textContent", "the verdict").await;
            assert!(
                verdict.as_str().unwrap().contains("Não é o melhor enterro"),
                "{verdict}"
            );
            let rows = js(
                c,
                "return [...document.querySelectorAll('.puzzle-values tbody tr')].map(r => r.textContent)",
            )
            .await;
            let rows = rows.as_array().unwrap();
            assert_eq!(rows.len(), 11, "{rows:?}");
            assert!(
                rows[10]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("{}.", p.choices.len())),
                "{rows:?}"
            );
        }
        let all = js(c, "return document.querySelector('#puzzle-burials').textContent").await;
        assert!(
            all.as_str().unwrap().contains(&p.choices.len().to_string()),
            "{all}"
        );
        assert_fits_width(c, "the burial puzzle's solution").await;
        screenshot(c, &format!("burial-puzzle-solved-{name}")).await;
        assert_no_js_errors(&b).await;
    }
}
