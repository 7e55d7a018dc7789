//! The flow of a deal over real WebSockets on SQLite (issue #19): readiness between deals
//! (opt-in `ready`; a v1 client is not waited for), refusals with a machine-readable
//! reason, no turn clock and no bot for the person at a table without other people,
//! emotes (opt-in, fixed phrases, rate-limited) and the bots' persona names.

mod common;

use binokel::{Seat, View};
use binokel_server::client::Socket;
use binokel_server::protocol::{ClientMsg, ErrorCode, Readiness, ServerMsg, EMOTE_BURST, PROTOCOL_VERSION};
use common::scenarios::*;
use common::*;
use rand::{Rng, SeedableRng};
use serde_json::json;
use std::time::{Duration, Instant};

/// Opens a socket whose hello names the client's opt-ins.
async fn connect_with(
    ws: &str,
    code: &str,
    token: Option<&str>,
    features: &[&str],
) -> (Socket, Option<Seat>) {
    let mut s = Socket::connect(ws).await.unwrap();
    s.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        table: code.to_string(),
        token: token.map(str::to_string),
        features: features.iter().map(|f| f.to_string()).collect(),
        account: false,
    })
    .await
    .unwrap();
    match s.recv(WAIT).await.unwrap() {
        ServerMsg::Welcome { seat, features, .. } => {
            for f in ["ready", "emote", "reasons", "personas"] {
                assert!(features.iter().any(|x| x == f), "welcome lists {f}");
            }
            (s, seat)
        }
        m => panic!("expected welcome, got {m:?}"),
    }
}

/// The next error on the socket (other messages are skipped).
async fn next_error(s: &mut Socket) -> ServerMsg {
    loop {
        match s.recv(WAIT).await.unwrap() {
            m @ ServerMsg::Error { .. } => return m,
            _ => continue,
        }
    }
}

/// A state as the tests look at it.
struct Seen {
    at: Instant,
    view: View,
    ready: Option<Readiness>,
    clock: bool,
}

/// Plays random legal actions for `seat` until the first state of deal `until` (returned
/// with every state seen). `ready_after`: after a finished deal, send `ready` after this
/// long (None: never).
async fn drive(
    s: &mut Socket,
    seat: Seat,
    until: usize,
    ready_after: Option<Duration>,
    seed: u64,
) -> Vec<Seen> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut seen = Vec::new();
    let mut acted = None;
    let mut readied = None;
    let mut ready_at: Option<(Instant, usize)> = None;
    loop {
        let m = match ready_at {
            Some((t, deal)) => match s.recv(t.saturating_duration_since(Instant::now())).await {
                Ok(m) => m,
                Err(_) if Instant::now() >= t => {
                    ready_at = None;
                    s.send(&ClientMsg::Ready { deal: Some(deal) }).await.unwrap();
                    continue;
                }
                Err(e) => panic!("seat {seat}: {e}"),
            },
            None => s.recv(WAIT).await.unwrap(),
        };
        let ServerMsg::State {
            view: Some(v),
            ready,
            clock,
            ..
        } = m
        else {
            if let ServerMsg::Error { error, message, .. } = m {
                panic!("seat {seat}: {error}: {message}");
            }
            continue;
        };
        let v = *v;
        let pos = (v.deal, v.history.len());
        if v.to_act == Some(seat) && !v.legal.is_empty() && acted != Some(pos) {
            acted = Some(pos);
            let a = v.legal[rng.gen_range(0..v.legal.len())];
            s.send(&ClientMsg::Action {
                action: a.token(binokel::Low::Nine),
                id: None,
                deal: Some(pos.0),
                index: Some(pos.1),
            })
            .await
            .unwrap();
        }
        let done = v.to_act.is_none() && v.scores.is_some();
        if let (true, Some(after), false) = (done, ready_after, readied == Some(v.deal)) {
            readied = Some(v.deal);
            ready_at = Some((Instant::now() + after, v.deal));
        }
        let deal = v.deal;
        seen.push(Seen {
            at: Instant::now(),
            view: v,
            ready,
            clock: clock.is_some(),
        });
        if deal >= until {
            return seen;
        }
    }
}

/// When deal `d` ended and when deal `d + 1` began, as one seat saw them.
fn gap(seen: &[Seen], d: usize) -> (Instant, Instant) {
    let end = seen
        .iter()
        .find(|x| x.view.deal == d && x.view.scores.is_some())
        .expect("the deal ended")
        .at;
    let next = seen
        .iter()
        .find(|x| x.view.deal == d + 1)
        .expect("the next deal began")
        .at;
    (end, next)
}

fn bots_only(target: i32) -> serde_json::Value {
    json!({"target": target, "name": "Anna",
           "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_bots_the_next_deal_waits_for_a_ready_player_only() {
    let srv = start(config(&temp_sqlite("ready-bots"))).await;
    let (code, tok) = create(&srv.url, bots_only(5000)).await;
    let (mut s, seat) = connect_with(&srv.ws(), &code, tok.as_deref(), &["ready"]).await;
    let seat = seat.unwrap();
    // Deal 0 is played out; the player says ready 1.5 s after its end. Nothing else waits:
    // no countdown, and the deal pause (0 here) does not start the deal.
    let seen = drive(&mut s, seat, 1, Some(Duration::from_millis(1500)), 1).await;
    let (end, next) = gap(&seen, 0);
    assert!(
        next - end >= Duration::from_millis(1400),
        "the next deal waited for the player: {:?}",
        next - end
    );
    let between: Vec<&Readiness> = seen
        .iter()
        .filter(|x| x.view.deal == 0 && x.view.scores.is_some())
        .filter_map(|x| x.ready.as_ref())
        .collect();
    assert!(!between.is_empty(), "the state says who is waited for");
    assert!(between
        .iter()
        .all(|r| r.waiting == vec![seat] && r.remaining_ms.is_none()));
    assert!(between.iter().any(|r| r.ready.is_empty()));
    assert!(
        seen.iter().all(|x| !x.clock),
        "no turn clock at a table against bots"
    );
    assert!(seen
        .iter()
        .filter(|x| x.view.deal == 1)
        .all(|x| x.ready.is_none()));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_v1_client_that_never_sends_ready_plays_on_as_before() {
    let mut c = config(&temp_sqlite("ready-v1"));
    c.deal_pause = Duration::from_millis(300);
    let srv = start(c).await;
    let (code, tok) = create(&srv.url, bots_only(5000)).await;
    let (mut s, seat) = connect_with(&srv.ws(), &code, tok.as_deref(), &[]).await;
    let seen = drive(&mut s, seat.unwrap(), 2, None, 2).await;
    for d in 0..2 {
        let (end, next) = gap(&seen, d);
        assert!(next - end >= Duration::from_millis(250), "the deal pause holds");
        assert!(
            next - end < Duration::from_secs(5),
            "nothing waits for a v1 client"
        );
    }
    assert!(seen.iter().all(|x| x.ready.is_none()), "nobody is waited for");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_people_the_next_deal_starts_when_all_are_ready_or_after_the_countdown() {
    let mut c = config(&temp_sqlite("ready-people"));
    c.ready_wait = Duration::from_millis(1500);
    c.deal_pause = Duration::from_millis(100);
    let srv = start(c).await;
    let (code, t0) = create(
        &srv.url,
        json!({"target": 5000, "name": "Anna",
               "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    let (_, t1) = join(&srv.url, &code, "Ben").await;
    // Anna's client waits with `ready`; Ben's is a v1 client and is not waited for.
    let (mut a, sa) = connect_with(&srv.ws(), &code, t0.as_deref(), &["ready"]).await;
    let (mut b, sb) = connect_with(&srv.ws(), &code, Some(&t1), &[]).await;
    let (sa, sb) = (sa.unwrap(), sb.unwrap());
    // Deal 0: Anna never says ready: the countdown starts the next deal.
    let ta = tokio::spawn(async move {
        let seen = drive(&mut a, sa, 1, None, 3).await;
        (a, seen)
    });
    let tb = tokio::spawn(async move {
        let seen = drive(&mut b, sb, 1, None, 4).await;
        (b, seen)
    });
    let (mut a, seen) = ta.await.unwrap();
    let (mut b, _) = tb.await.unwrap();
    let (end, next) = gap(&seen, 0);
    assert!(
        next - end >= Duration::from_millis(1300),
        "the countdown: {:?}",
        next - end
    );
    assert!(
        next - end < Duration::from_secs(6),
        "the countdown: {:?}",
        next - end
    );
    let counted: Vec<&Readiness> = seen.iter().filter_map(|x| x.ready.as_ref()).collect();
    assert!(
        counted.iter().all(|r| r.waiting == vec![sa]),
        "only Anna is waited for"
    );
    assert!(
        counted
            .iter()
            .any(|r| r.remaining_ms.is_some_and(|ms| ms <= 1500)),
        "the countdown is shown"
    );
    assert!(
        seen.iter().any(|x| x.clock),
        "the turn clock runs at a table with people"
    );
    // Deal 1: Anna is ready at once: the deal does not wait for the countdown.
    let ta = tokio::spawn(async move { drive(&mut a, sa, 2, Some(Duration::ZERO), 5).await });
    let tb = tokio::spawn(async move { drive(&mut b, sb, 2, None, 6).await });
    let seen = ta.await.unwrap();
    tb.await.unwrap();
    let (end, next) = gap(&seen, 1);
    assert!(
        next - end < Duration::from_millis(1200),
        "ready starts the deal: {:?}",
        next - end
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_other_people_no_clock_runs_and_no_bot_plays_for_the_person() {
    let mut c = config(&temp_sqlite("noclock"));
    c.turn = Duration::from_millis(200);
    c.grace = Duration::from_millis(200);
    let srv = start(c).await;
    let (code, tok) = create(&srv.url, bots_only(1000)).await;
    let (mut s, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let seat = seat.unwrap();
    let v = state_where(&mut s, my_turn(seat)).await;
    // Present but slow: far past the turn clock, still the person's turn.
    tokio::time::sleep(Duration::from_millis(800)).await;
    s.close().await;
    // Away: far past the grace period, still nobody played for the person.
    tokio::time::sleep(Duration::from_millis(800)).await;
    let (mut s, _) = connect(&srv.ws(), &code, tok.as_deref()).await;
    match s.recv(WAIT).await.unwrap() {
        ServerMsg::State {
            view: Some(w),
            clock,
            seats,
            ..
        } => {
            assert_eq!(
                (w.deal, w.history.len()),
                (v.deal, v.history.len()),
                "nothing was played"
            );
            assert_eq!(w.to_act, Some(seat));
            assert!(clock.is_none(), "no turn clock");
            assert!(!seats[seat].autopilot, "no bot for the person");
            // The bots carry their personas' names, the level beside the bot's id.
            assert_eq!(seats[1].name.as_deref(), Some("Zufall"));
            assert_eq!(seats[1].bot.as_deref(), Some("random"));
            assert_eq!(seats[1].level.as_deref(), Some("random"));
            assert_eq!(w.names[1], "Zufall");
        }
        m => panic!("expected a state, got {m:?}"),
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_carry_a_reason_code_with_its_arguments() {
    let srv = start(config(&temp_sqlite("reasons"))).await;
    let (code, tok) = create(&srv.url, bots_only(5000)).await;
    let (mut s, seat) = connect(&srv.ws(), &code, tok.as_deref()).await;
    let seat = seat.unwrap();
    let reason_of = |m: ServerMsg| match m {
        ServerMsg::Error {
            error: ErrorCode::Illegal,
            reason: Some(r),
            message,
            ..
        } => {
            assert!(!message.is_empty());
            r
        }
        m => panic!("expected an illegal refusal with a reason, got {m:?}"),
    };
    let v = state_where(&mut s, |v: &View| {
        v.to_act == Some(seat) && v.phase == binokel::Phase::Auction
    })
    .await;
    let act = |a: &str, v: &View| ClientMsg::Action {
        action: a.into(),
        id: Some(7),
        deal: Some(v.deal),
        index: Some(v.history.len()),
    };
    // A bid far beyond the next step.
    s.send(&act("bid 990", &v)).await.unwrap();
    let r = reason_of(next_error(&mut s).await);
    assert_eq!(r["code"], "bid_out_of_step", "{r}");
    assert_eq!(r["bid"], "990");
    // A declaration in the auction.
    s.send(&act("trump S", &v)).await.unwrap();
    let r = reason_of(next_error(&mut s).await);
    assert_eq!(r["code"], "wrong_phase", "{r}");
    assert_eq!(r["action"], "trump S");
    // Play on until a card held is refused in the play: its reason names the card.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut acted = None;
    let mut codes = std::collections::BTreeSet::new();
    let mut v = v;
    while codes.len() < 2 {
        let pos = (v.deal, v.history.len());
        if acted == Some(pos) {
            v = state_where(&mut s, my_turn(seat)).await;
            continue;
        }
        if v.phase == binokel::Phase::Play {
            let hand = v.hand.expect("own hand");
            let bad = hand
                .iter()
                .find(|c| !v.legal.contains(&binokel::Action::Play(*c)));
            if let Some(c) = bad {
                let token = c.code(binokel::Low::Nine);
                s.send(&act(&token, &v)).await.unwrap();
                let r = reason_of(next_error(&mut s).await);
                let code = r["code"].as_str().unwrap().to_string();
                assert!(
                    ["must_follow", "must_beat", "must_trump"].contains(&code.as_str()),
                    "{r}"
                );
                assert_eq!(r["card"], token.as_str());
                if code == "must_follow" {
                    let suit = r["suit"].as_str().unwrap();
                    assert!(["S", "H", "D", "C"].contains(&suit));
                }
                codes.insert(code);
            }
        }
        acted = Some(pos);
        let a = v.legal[rng.gen_range(0..v.legal.len())];
        s.send(&act(&a.token(binokel::Low::Nine), &v)).await.unwrap();
        if v.deal > 6 {
            break;
        }
        v = state_where(&mut s, my_turn(seat)).await;
    }
    assert!(!codes.is_empty(), "some card was refused in the play");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn emotes_go_to_the_clients_that_opted_in_and_are_rate_limited() {
    let srv = start(config(&temp_sqlite("emote"))).await;
    let (code, tok) = create(&srv.url, bots_only(1000)).await;
    let (mut me, _) = connect_with(&srv.ws(), &code, tok.as_deref(), &["emote"]).await;
    let (mut fan, _) = connect_with(&srv.ws(), &code, None, &["emote"]).await;
    let (mut old, _) = connect_with(&srv.ws(), &code, None, &[]).await;
    me.send(&ClientMsg::Emote {
        emote: "well_played".into(),
        id: Some(1),
    })
    .await
    .unwrap();
    let got = loop {
        match fan.recv(WAIT).await.unwrap() {
            ServerMsg::Emote { seat, emote } => break (seat, emote),
            _ => continue,
        }
    };
    assert_eq!(got, (0, "well_played".to_string()));
    // A v1 client gets no emote: everything before its pong is states.
    old.send(&ClientMsg::Ping { id: Some(5) }).await.unwrap();
    loop {
        match old.recv(WAIT).await.unwrap() {
            ServerMsg::Pong { .. } => break,
            ServerMsg::Emote { .. } => panic!("a v1 client got an emote"),
            _ => {}
        }
    }
    // Free text is no emote.
    me.send(&ClientMsg::Emote {
        emote: "you fool".into(),
        id: Some(2),
    })
    .await
    .unwrap();
    loop {
        match me.recv(WAIT).await.unwrap() {
            ServerMsg::Error {
                error, id, message, ..
            } => {
                assert_eq!((error, id), (ErrorCode::BadRequest, Some(2)), "{message}");
                assert!(message.contains("good_game"), "{message}");
                break;
            }
            _ => continue,
        }
    }
    // The burst is spent: the next one is refused.
    for i in 1..EMOTE_BURST {
        me.send(&ClientMsg::Emote {
            emote: "oops".into(),
            id: Some(10 + u64::from(i)),
        })
        .await
        .unwrap();
    }
    me.send(&ClientMsg::Emote {
        emote: "oops".into(),
        id: Some(99),
    })
    .await
    .unwrap();
    loop {
        match me.recv(WAIT).await.unwrap() {
            ServerMsg::Error { error, id, .. } => {
                assert_eq!((error, id), (ErrorCode::RateLimited, Some(99)));
                break;
            }
            _ => continue,
        }
    }
    srv.stop().await;
}
