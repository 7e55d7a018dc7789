//! Every seat at a table gets a distinct name (issue #33, point 2): two bots of one level
//! get two personas, a person who takes a seat under a name already at the table gets a
//! suffix, and the record keeps the names the table showed.

mod common;

use binokel_server::client::Socket;
use binokel_server::protocol::{SeatInfo, ServerMsg};
use common::*;
use serde_json::json;

/// The seats and the view of the first `state` message on `s`.
async fn first_state(s: &mut Socket) -> (Vec<SeatInfo>, Option<binokel::View>) {
    loop {
        if let ServerMsg::State { seats, view, .. } = s.recv(WAIT).await.unwrap() {
            return (seats, view.map(|v| *v));
        }
    }
}

/// The seats' names of the first `state` message among raw messages.
fn names_in(raw: &[String]) -> Vec<String> {
    for r in raw {
        if let Ok(ServerMsg::State { seats, .. }) = serde_json::from_str::<ServerMsg>(r) {
            return seats.iter().map(|x| x.name.clone().unwrap_or_default()).collect();
        }
    }
    panic!("no state among {} messages", raw.len())
}

fn assert_distinct(names: &[String], what: &str) {
    for (i, a) in names.iter().enumerate() {
        for b in &names[i + 1..] {
            assert!(
                !a.eq_ignore_ascii_case(b),
                "{what}: two seats are called {a:?}: {names:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_of_one_level_get_two_personas_also_in_the_record() {
    let srv = start(config(&temp_sqlite("names-bots"))).await;
    let (code, tok) = create(
        &srv.url,
        json!({"target": 100, "name": "Anna",
               "seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium"}, {"kind": "bot", "bot": "medium"}]}),
    )
    .await;
    let (s, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let log = play_and_leave(s, seat, 7, None).await;
    let shown = names_in(&log.raw);
    assert_distinct(&shown, "the seats' names");
    assert_eq!(shown[1], "Gottlieb", "the first medium bot keeps its persona");
    assert!(
        !shown[2].starts_with("Gottlieb"),
        "the second medium bot is another persona: {shown:?}"
    );
    let v = log.views.last().expect("a view");
    assert_eq!(v.names, shown, "the view names the seats as the seat list does");
    let (rec, _) = record(&srv.url, &code).await;
    let names: Vec<String> = serde_json::from_value(rec["seats"].clone()).expect("the record's seats");
    assert_eq!(names, shown, "the record keeps the names the table showed");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_already_at_the_table_gets_a_suffix_when_the_seat_is_taken() {
    let srv = start(config(&temp_sqlite("names-people"))).await;
    let (code, tok) = create(
        &srv.url,
        json!({"target": 100, "name": "Anna",
               "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "medium"}],
               "rules": "kreuz"}),
    )
    .await;
    // The same name as the creator's (in other letter case), and a bot's persona.
    let (_, t1) = join(&srv.url, &code, "anna").await;
    let (_, t2) = join(&srv.url, &code, "Gottlieb").await;
    let (mut s, _) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let (seats, view) = first_state(&mut s).await;
    let shown: Vec<String> = seats.iter().map(|x| x.name.clone().unwrap_or_default()).collect();
    assert_distinct(&shown, "the seats' names");
    assert_eq!(shown[0], "Anna");
    assert_eq!(shown[1], "anna (2)", "the second Anna gets a suffix");
    assert_eq!(
        shown[2], "Gottlieb (2)",
        "a person named like the bot gets a suffix"
    );
    assert_eq!(shown[3], "Gottlieb", "the bot keeps its persona");
    // The match has begun: its view names the seats as the game (and so its record) does.
    let v = view.expect("every seat is taken: the match has begun");
    assert_eq!(v.names, shown, "the game keeps the suffixed names");
    drop((t1, t2));
    s.close().await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_suffixed_name_stays_within_the_name_limit() {
    let srv = start(config(&temp_sqlite("names-long"))).await;
    let long = "Maximilian-Alexander-Bär"; // 24 characters, the limit
    assert_eq!(long.chars().count(), 24);
    let (code, _tok) = create(
        &srv.url,
        json!({"target": 100, "name": long,
               "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}]}),
    )
    .await;
    let (seat, _) = join(&srv.url, &code, long).await;
    let (mut s, _) = connect(&srv.ws(), &code, None).await;
    let (seats, _) = first_state(&mut s).await;
    let name = seats[seat].name.clone().expect("a name");
    assert!(name.ends_with(" (2)"), "{name}");
    assert!(name.chars().count() <= 24, "{name} is longer than 24 characters");
    s.close().await;
    srv.stop().await;
}
