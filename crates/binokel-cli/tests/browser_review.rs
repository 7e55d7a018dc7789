//! The game review in headless Chromium (issue #21): bots play a short match to its end on
//! a real `binokel serve` (a small review budget, so a review takes seconds); "My games"
//! shows it finished with its totals and winner, and a match still being played as
//! running, without a Review button (the server refuses it too). The Review button shows
//! the server's progress, then the replay with the marks on the timeline, the better move
//! on the cards and the summary; the share link opens the same review on a phone, in
//! German, without a horizontal scroll bar.

mod browser_common;

use binokel_server::client::http;
use browser_common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// `binokel serve` with quick bots and a quick review budget: no pause between deals, no
/// limit on tables a minute.
fn start_review_server() -> Server {
    start_server_with(0, &["--tables-per-minute", "0", "--review-budget", "0.05"])
}

/// A call of the server's HTTP API: the status and the JSON answer.
async fn call(server: &Server, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let a = http(&server.url, method, path, body.as_ref())
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    (a.status, a.json().unwrap_or(Value::Null))
}

/// Creates a table; its code.
async fn create(server: &Server, body: Value) -> String {
    let (status, v) = call(server, "POST", "/api/tables", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    v["code"].as_str().expect("code").to_string()
}

/// The replay's (and so the review's) Tapp, at the first position of any deal that shows it:
/// how far the middle of its label lies from the middle of its cards, and the cards' height
/// (the label sat on the cards' baseline, low beside them).
async fn tapp_label_offset(c: &fantoccini::Client) -> Value {
    js(
        c,
        "const deal = () => document.querySelector('#replay-deal'); \
         const found = () => document.querySelector('.replay-centre .tapp .card'); \
         for (const o of [...deal().options]) { \
           const d = deal(); d.value = o.value; d.dispatchEvent(new Event('change')); \
           const max = Number(document.querySelector('#replay-slider').max); \
           for (let i = 0; i <= max && !found(); i++) { \
             const s = document.querySelector('#replay-slider'); s.value = String(i); s.dispatchEvent(new Event('input')); } \
           if (found()) break; } \
         const tapp = document.querySelector('.replay-centre .tapp'); if (!tapp) return null; \
         const label = [...tapp.childNodes].find(n => n.textContent.trim() && !(n.classList && n.classList.contains('card'))); \
         const range = document.createRange(); range.selectNodeContents(label); const l = range.getBoundingClientRect(); \
         const cards = [...tapp.querySelectorAll('.card')].map(e => e.getBoundingClientRect()); \
         const top = Math.min(...cards.map(r => r.top)), bottom = Math.max(...cards.map(r => r.bottom)); \
         return {offset: Math.abs((l.top + l.bottom) / 2 - (top + bottom) / 2), height: bottom - top};",
    )
    .await
}

/// The marks on the review's timeline: how many, and those that cover another mark or reach
/// up into the replay's controls (on a phone a mark is a 44 px tap target, and marks of
/// neighbouring moves covered each other and the play buttons).
async fn marks_in_the_way(c: &fantoccini::Client) -> Value {
    js(
        c,
        "const controls = document.querySelector('.replay-controls').getBoundingClientRect(); \
         const ticks = [...document.querySelectorAll('#review-timeline .review-tick')].map(e => e.getBoundingClientRect()); \
         const bad = []; \
         ticks.forEach((r, i) => { \
           if (r.top < controls.bottom) bad.push(`mark ${i} reaches into the controls`); \
           ticks.forEach((q, j) => { if (j > i && r.left < q.right - 0.5 && q.left < r.right - 0.5 \
             && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) bad.push(`marks ${i} and ${j} overlap`); }); }); \
         return [ticks.length, bad];",
    )
    .await
}

/// Checks the review's Tapp label and timeline marks (see [`tapp_label_offset`],
/// [`marks_in_the_way`]) on the deal `deal`, which has marks.
async fn assert_review_layout(c: &fantoccini::Client, deal: u64, what: &str) {
    let tapp = tapp_label_offset(c).await;
    assert!(
        tapp["offset"].as_f64().expect("a Tapp in the match")
            <= tapp["height"].as_f64().expect("height") / 6.0,
        "{what}: the Tapp's label beside the middle of its cards: {tapp}"
    );
    js(
        c,
        &format!(
            "const s = document.querySelector('#replay-deal'); s.value = '{deal}'; s.dispatchEvent(new Event('change'));"
        ),
    )
    .await;
    let marks = marks_in_the_way(c).await;
    assert!(marks[0].as_u64().expect("count") > 0, "{what}: marks: {marks}");
    assert_eq!(marks[1], json!([]), "{what}: marks in the way");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_from_my_games_with_marks_summary_and_share_link() {
    let _turn = BROWSERS.lock().await;
    let server = start_review_server();
    // Three random bots to 300 points: over in a few deals, with plenty to mark (to 50 a
    // deal given up at once could end the match with nothing played, so nothing to mark).
    let finished = create(
        &server,
        json!({"target": 300, "seats": [{"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let until = Instant::now() + Duration::from_secs(30);
    let summary = loop {
        let (_, s) = call(&server, "GET", &format!("/api/tables/{finished}"), None).await;
        if s["status"] == "finished" {
            break s;
        }
        assert!(Instant::now() < until, "the bots did not finish: {s}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // A match still being played: Anna has not moved.
    let running = create(
        &server,
        json!({"name": "Anna", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let (status, refusal) = call(&server, "POST", "/api/reviews", Some(json!({"table": running}))).await;
    assert_eq!(
        (status, refusal["error"].as_str()),
        (409, Some("not_finished")),
        "{refusal}"
    );

    let driver = start_driver();
    let b = browser(&driver, "en", LAPTOP).await;
    let c = &b.client;
    c.goto(&server.url).await.expect("the start page");
    wait_js(c, "document.querySelector('#create-form')", "the start page").await;
    js(
        c,
        &format!(
            "localStorage.setItem('binokel.games', JSON.stringify([\
               {{code: '{finished}', at: Date.now(), rules: 'standard'}},\
               {{code: '{running}', at: Date.now() - 1000, rules: 'standard'}}])); \
             location.hash = '#/games';"
        ),
    )
    .await;

    // My games: the finished match with its totals and winner and a Review button; the
    // running one as running, without one.
    let done_css = format!(".games-list li[data-code='{finished}']");
    let run_css = format!(".games-list li[data-code='{running}']");
    wait_js(
        c,
        &format!("document.querySelector(\"{done_css} .game-state\").dataset.state === 'finished'"),
        "the finished match's state",
    )
    .await;
    wait_js(
        c,
        &format!("document.querySelector(\"{run_css} .game-state\").dataset.state === 'playing'"),
        "the running match's state",
    )
    .await;
    let state = text_of(c, &format!("{done_css} .game-state")).await;
    let totals: Vec<String> = summary["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert!(state.contains(&totals.join(" : ")), "{state} lacks {totals:?}");
    assert!(state.contains("won by"), "{state}");
    assert!(text_of(c, &format!("{run_css} .game-state"))
        .await
        .contains("being played"));
    assert_eq!(
        js(
            c,
            &format!("return document.querySelectorAll(\"{run_css} .games-review\").length")
        )
        .await,
        json!(0),
        "no Review button before the match ends"
    );

    // Review: progress (or at once the review), then the replay with the review.
    click(c, &format!("{done_css} .games-review")).await;
    wait_js(c, "location.hash.startsWith('#/review/')", "the review page").await;
    wait_js(
        c,
        "document.querySelector('#review-progress') || document.querySelector('#review-summary')",
        "the progress or the review",
    )
    .await;
    wait_js(c, "document.querySelector('#review-summary')", "the review").await;
    let id = js(c, "return location.hash.split('/')[2]")
        .await
        .as_str()
        .unwrap()
        .to_string();
    let (status, stored) = call(&server, "GET", &format!("/api/reviews/{id}"), None).await;
    assert_eq!((status, stored["status"].as_str()), (200, Some("done")));
    let review = &stored["review"];

    // The summary: one line per seat with its accuracy, as the server computed it.
    let seats = js(
        c,
        "return [...document.querySelectorAll('.review-seat')].map(e => Number(e.dataset.accuracy))",
    )
    .await;
    let expected: Vec<f64> = review["match"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["accuracy"].as_f64().unwrap())
        .collect();
    let shown: Vec<f64> = seats
        .as_array()
        .expect("accuracies")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect();
    assert_eq!(shown, expected);
    assert!(text_of(c, "#review-summary").await.contains("points lost"));

    // The marks on the timeline: those of the deal shown, each at its decision.
    let marked = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["mark"].is_string())
        .cloned()
        .collect::<Vec<_>>();
    assert!(!marked.is_empty(), "random bots make mistakes: {review}");
    let first = &marked[0];
    let deal = first["deal"].as_u64().unwrap();
    js(
        c,
        &format!(
            "const s = document.querySelector('#replay-deal'); s.value = '{deal}'; s.dispatchEvent(new Event('change'));"
        ),
    )
    .await;
    let in_deal = marked.iter().filter(|d| d["deal"] == deal).count();
    wait_js(
        c,
        &format!("document.querySelectorAll('#review-timeline .review-tick').length === {in_deal}"),
        "the marks of the deal on the timeline",
    )
    .await;
    let symbol = match first["mark"].as_str().unwrap() {
        "inaccuracy" => "?!",
        "mistake" => "?",
        _ => "??",
    };
    let index = first["index"].as_u64().unwrap();
    click(c, &format!("#review-timeline .review-tick[data-step='{index}']")).await;
    wait_js(
        c,
        &format!(
            "document.querySelector('#review-decision').dataset.mark === {} && document.querySelector('.review-tick.here').textContent === '{symbol}'",
            first["mark"]
        ),
        "the marked decision",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#review-decision').dataset.best"
        )
        .await,
        first["best"]
    );
    // The better move on the cards: a best card (or the burial's cards) is raised in the
    // deciding seat's hand.
    let best = first["best"].as_str().unwrap();
    let cards: Vec<&str> = best
        .split(' ')
        .filter(|x| x.len() == 2 && !x.chars().all(|c| c.is_ascii_digit()))
        .collect();
    if !cards.is_empty() && best != first["played"].as_str().unwrap() {
        let seat = first["seat"].as_u64().unwrap();
        let raised = js(
            c,
            &format!(
                "return [...document.querySelectorAll('#replay-seat-{seat} .card.review-best')].map(e => e.dataset.card)"
            ),
        )
        .await;
        for card in &cards {
            assert!(
                raised.as_array().unwrap().contains(&json!(card)),
                "{card} not raised: {raised}"
            );
        }
    }
    assert!(text_of(c, "#review-decision").await.contains("points lost"));
    // The replay names the bots by their persona, as the table and the record do.
    let (name, _) = binokel_ai::persona::persona("random");
    assert!(
        text_of(c, "#replay-seat-0").await.starts_with(name),
        "the random bot is {name} in the replay"
    );
    assert_review_layout(c, deal, "desktop").await;
    assert_no_js_errors(&b).await;

    // Nothing hidden before the end: the running match's replay stays closed, with no
    // Review button.
    c.goto(&format!("{}/#/replay/{running}", server.url))
        .await
        .expect("replay");
    wait_js(c, "document.querySelector('#replay-error')", "the refusal").await;
    assert_eq!(
        js(c, "return document.querySelectorAll('#replay-review').length").await,
        json!(0)
    );
    assert_no_js_errors(&b).await;
    b.client.clone().close().await.expect("close");

    // The share link on a phone, in German: the same review, nothing wider than the screen.
    let p = browser(&driver, "de", PHONE).await;
    let c = &p.client;
    c.goto(&format!("{}/#/review/{id}", server.url))
        .await
        .expect("share link");
    wait_js(
        c,
        "document.querySelector('#review-summary')",
        "the shared review",
    )
    .await;
    assert!(text_of(c, "#review-summary").await.contains("Genauigkeit"));
    assert!(text_of(c, "#review-head").await.contains("Analyse"));
    assert_fits_width(c, "the shared review on a phone").await;
    assert_review_layout(c, deal, "phone").await;
    assert_eq!(clipped_selects(c).await, json!([]), "drop-downs cut off");
    assert_no_js_errors(&p).await;
    p.client.clone().close().await.expect("close");
}
