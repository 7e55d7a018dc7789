//! A fail point at the match's end: a raw SQL statement on the server's SQLite file (a
//! trigger that makes a write fail), and a person's loop that plays through it.

use binokel_server::client::Socket;
use binokel_server::protocol::{ClientMsg, ErrorCode, ServerMsg};
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// A raw connection to the server's SQLite file, beside the server (a fail point).
pub async fn sql(db: &str, statement: &str) {
    use sqlx::Connection;
    let mut c = sqlx::SqliteConnection::connect(db).await.unwrap();
    sqlx::query(statement).execute(&mut c).await.unwrap();
    c.close().await.unwrap();
}

/// What the person's loop saw at the end.
pub struct Ended {
    pub winner: Option<usize>,
    pub totals: Vec<i32>,
    pub refused_once: bool,
}

/// Plays the person's seat at random until the match is over. When nothing arrives for a
/// while (the last action could not be stored), `stuck` runs once (it checks the database
/// and removes the fail point); an action of the person's refused as `unavailable` is sent
/// again after that.
pub async fn play_through<F: std::future::Future<Output = ()>>(
    s: &mut Socket,
    seat: usize,
    stuck: impl FnOnce() -> F,
) -> Ended {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let mut stuck = Some(stuck);
    let mut last: Option<ClientMsg> = None;
    let mut acted_at = None;
    let mut refused_once = false;
    let mut id = 0;
    loop {
        let m = match s.recv(Duration::from_secs(3)).await {
            Ok(m) => m,
            Err(_) => {
                let f = stuck
                    .take()
                    .expect("the match is stuck twice: the fail point was removed");
                f().await;
                if refused_once {
                    s.send(last.as_ref().expect("a refused action")).await.unwrap();
                }
                continue;
            }
        };
        match m {
            ServerMsg::State { view: Some(v), .. } => {
                let pos = (v.deal, v.history.len());
                if v.to_act == Some(seat) && !v.legal.is_empty() && acted_at != Some(pos) {
                    acted_at = Some(pos);
                    id += 1;
                    let a = v.legal[rng.gen_range(0..v.legal.len())];
                    let msg = ClientMsg::Action {
                        action: a.token(binokel::Low::Nine),
                        id: Some(id),
                        deal: Some(pos.0),
                        index: Some(pos.1),
                    };
                    s.send(&msg).await.unwrap();
                    last = Some(msg);
                }
            }
            ServerMsg::Error { error, message, .. } => {
                assert_eq!(error, ErrorCode::Unavailable, "{message}");
                assert!(message.contains("not played"), "{message}");
                refused_once = true;
            }
            ServerMsg::MatchOver { winner, totals, .. } => {
                assert!(
                    stuck.is_none(),
                    "the match ended while its result could not be stored"
                );
                return Ended {
                    winner,
                    totals,
                    refused_once,
                };
            }
            _ => {}
        }
    }
}
