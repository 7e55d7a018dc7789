//! The action path: [`try_action`] checks an action on a copy of the deal, then the table
//! stores it, plays it and announces it (the client's `ack`, everybody's new state, the end
//! of the match). People's actions and bots' take the same path.

use super::Table;
use crate::metrics::Actor;
use crate::protocol::{ErrorCode, Refusal, ServerMsg};
use binokel::{Action, Game, Seat};
use tokio::time::Instant;

/// An action to apply: as a client sent it, or a bot's.
pub(super) enum Played<'a> {
    Token(&'a str),
    Action(Action),
}

/// Checks one action a seat sends against a match: the action and its record token, or the
/// refusal with its reason. The action is played on a copy of the deal being played (a
/// `Deal` is `Copy`; its outcome is computed too when it ends the deal), so an action the
/// engine refuses or fails on (even by panicking) is refused here and never stored; the
/// match itself is not changed. The table then stores the action and plays it.
pub fn try_action(
    game: Option<&Game>,
    rules: &binokel::Rules,
    seat: Seat,
    token: &str,
) -> Result<(Action, String), Refusal> {
    let action = Action::parse(token.trim(), binokel::Low::Nine)
        .or_else(|_| Action::parse_lenient(token.trim(), rules.low))
        .map_err(|e| {
            // The parser names the part it could not read; the whole token is named once.
            let m = if e.token == token.trim() {
                e.to_string()
            } else {
                format!("`{token}` is not an action: {e}")
            };
            Refusal::new(ErrorCode::BadAction, m)
        })?;
    let Some(game) = game else {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            "the match has not begun: seats are still free",
        ));
    };
    if game.is_over() {
        return Err(Refusal::new(ErrorCode::GameOver, "the match is over"));
    }
    let Some(to_act) = game.to_act() else {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            "no deal is being played right now; the next one begins shortly",
        ));
    };
    if to_act != seat {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            format!("it is seat {to_act}'s turn, not seat {seat}'s"),
        ));
    }
    let Some(deal) = game.current() else {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            "no deal is being played right now",
        ));
    };
    let token = action.token(rules.low);
    let mut probe = *deal;
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        probe.play(action).map(|()| {
            if probe.is_over() {
                let _ = probe.outcome();
            }
        })
    }));
    match played {
        Ok(Ok(())) => Ok((action, token)),
        // The checked `play` refuses with its reason, in the rules' notation (`7H` under the
        // sevens).
        Ok(Err(e)) => Err(Refusal::illegal(&e, rules.low)),
        Err(p) => {
            let why = crate::store::panic_text(&*p);
            tracing::error!(seat, action = %token, panic = %why, "the rules engine panicked on an action; it was refused");
            Err(Refusal::new(
                ErrorCode::Illegal,
                format!("`{token}` cannot be played here (the rules engine failed on it: {why}); it was not played"),
            ))
        }
    }
}

impl Table {
    pub(super) async fn act(
        &mut self,
        conn: u64,
        token: &str,
        id: Option<u64>,
        at: (Option<usize>, Option<usize>),
    ) -> Result<(), Refusal> {
        let seat = self
            .conns
            .get(&conn)
            .ok_or_else(|| Refusal::new(ErrorCode::HelloFirst, "this connection has no seat"))?
            .seat
            .ok_or_else(|| Refusal::new(ErrorCode::Spectator, "spectators cannot play"))?;
        if self.seats[seat].stored.forfeit {
            return Err(crate::table::accounts::forfeited());
        }
        if self.time_up {
            return Err(crate::table::accounts::time_up());
        }
        if self.seats[seat].autopilot {
            self.seats[seat].autopilot = false;
        }
        if let Some(pos) = self.position() {
            // `deal` and `index` are checked each on its own: a client that names only the
            // deal still cannot play into the next one.
            let (deal, index) = at;
            if deal.is_some_and(|d| d != pos.0) || index.is_some_and(|i| i != pos.1) {
                let said = |x: Option<usize>| x.map_or("?".to_string(), |x| x.to_string());
                return Err(Refusal::new(
                    ErrorCode::Stale,
                    format!(
                        "the table is at deal {} action {}, not deal {} action {}",
                        pos.0,
                        pos.1,
                        said(deal),
                        said(index)
                    ),
                ));
            }
        }
        self.apply(seat, Played::Token(token), Some((conn, id))).await
    }

    /// Checks ([`try_action`]), stores, plays and announces one action.
    pub(super) async fn apply(
        &mut self,
        seat: Seat,
        action: Played<'_>,
        from: Option<(u64, Option<u64>)>,
    ) -> Result<(), Refusal> {
        let took = std::time::Instant::now();
        let token = match action {
            Played::Token(t) => t.to_string(),
            Played::Action(a) => a.token(self.rules.low),
        };
        let (action, token) = try_action(self.game.as_ref(), &self.rules, seat, &token)?;
        let Some((d, index)) = self.position() else {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                "no deal is being played right now",
            ));
        };
        // An action that ends the match is stored with the match's result (finish.rs).
        let finish = self.result_after(action);
        let ends = finish.clone();
        let write = std::time::Instant::now();
        let stored = self
            .core
            .store
            .append_action(&self.code, d, index, seat, &token, &self.core.node, finish)
            .await;
        self.core.metrics.db_write(write.elapsed());
        match stored {
            Ok(true) => {}
            Ok(false) => {
                self.lose_lease().await;
                return Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "this server no longer owns the table; reconnect",
                ));
            }
            Err(e) => {
                tracing::error!(table = %self.code, error = %e, "cannot store an action");
                return Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "the action could not be stored; it was not played",
                ));
            }
        }
        let Some(game) = self.game.as_mut() else {
            return Err(Refusal::new(ErrorCode::Unavailable, "internal error; reconnect"));
        };
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.play(action)));
        if !matches!(played, Ok(Ok(()))) {
            // The copy of the deal took it, so this cannot happen; if it ever does, the
            // stored log and the match disagree: the task ends and the next request loads
            // the table from its stored actions again (or sets it aside).
            tracing::error!(table = %self.code, action = %token, "the engine refused an action its copy took");
            self.lost_lease = true;
            return Err(Refusal::new(ErrorCode::Unavailable, "internal error; reconnect"));
        }
        self.last_activity = Instant::now();
        if let Some((conn, id)) = from {
            self.send(
                conn,
                &ServerMsg::Ack {
                    id,
                    deal: d,
                    index,
                    action: token,
                },
            );
        }
        self.broadcast();
        if let Some(result) = ends {
            self.match_ended(result).await;
        }
        let by = if from.is_some() { Actor::Person } else { Actor::Bot };
        self.core.metrics.action(by, took.elapsed());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! The action path of a table ([`try_action`]) fed arbitrary tokens in every phase of
    //! every preset: each is applied or refused with a reason, none panics, and what is
    //! refused leaves the match as it was (so nothing refused reaches the database).
    use super::*;
    use binokel::{Preset, Rules};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};

    /// A match of `preset` after `steps` random legal actions (new deals as needed).
    fn game_at(preset: Preset, seed: u64, steps: usize) -> Game {
        let rules = Rules::preset(preset);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(rules, Vec::new());
        for _ in 0..steps {
            if g.is_over() {
                break;
            }
            if g.needs_deal() {
                let n = g.deals().len() as u64;
                if g.start_seeded_deal(seed ^ n).is_err() {
                    break;
                }
                continue;
            }
            let Some(d) = g.current() else { break };
            let legal = d.legal_actions();
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.gen_range(0..legal.len())];
            g.play(a).expect("a legal action plays");
        }
        g
    }

    /// Pieces of tokens besides the record's action words (`Action::WORDS`).
    const WORDS: &[&str] = &[
        "pair",
        "four_aces",
        "four_kings",
        "diss",
        "family",
        "binokel",
        "S",
        "H",
        "D",
        "C",
        "AS",
        "TH",
        "KD",
        "QC",
        "JS",
        "9H",
        "7H",
        "10h",
        "160",
        "-5",
        "99999999999",
        "",
        " ",
        "\u{0}",
        "é",
        "AS AS",
        "bury 9H 9C JC",
        "meld pair H",
        "meld pair",
        "trump X",
    ];

    fn token() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<String>(),
            "[ -~]{0,24}",
            prop::collection::vec(
                prop::sample::select(Action::WORDS.iter().chain(WORDS).copied().collect::<Vec<_>>()),
                1..5
            )
            .prop_map(|w| w.join(" ")),
            (
                prop::sample::select(&["bid ", "surrender ", "trump ", "meld pair ", "call ", "give "][..]),
                any::<i64>()
            )
                .prop_map(|(a, n)| format!("{a}{n}")),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]
        #[test]
        fn every_action_is_applied_or_refused_with_a_reason(
            preset in prop::sample::select(&Preset::ALL[..]),
            seed in any::<u64>(),
            steps in 0usize..140,
            seat in 0usize..5,
            raw in token(),
            pick_legal in any::<bool>(),
            pick in any::<prop::sample::Index>(),
        ) {
            let g = game_at(preset, seed, steps);
            let rules = *g.rules();
            // Half the time a legal action of the seat to act, so the applied side is fed too.
            let (seat, token) = match (pick_legal, g.current().map(|d| d.legal_actions()), g.to_act()) {
                (true, Some(l), Some(s)) if !l.is_empty() => (s, pick.get(&l).token(rules.low)),
                _ => (seat, raw),
            };
            let before = g.clone();
            match try_action(Some(&g), &rules, seat, &token) {
                Ok((action, stored)) => {
                    let mut next = g.clone();
                    prop_assert!(next.play(action).is_ok(), "{token}: taken but the match refuses it");
                    let d = g.current().expect("a deal is being played");
                    prop_assert!(d.legal_actions().contains(&action), "{token}: applied but not legal");
                    prop_assert_eq!(Some(seat), g.to_act());
                    prop_assert_eq!(Action::parse(&stored, rules.low).ok(), Some(action));
                    let (a, b) = (g.deals().len(), next.deals().len());
                    prop_assert_eq!(a, b);
                    prop_assert_eq!(
                        next.deals()[b - 1].actions.len(),
                        g.deals()[a - 1].actions.len() + 1
                    );
                }
                Err(r) => {
                    prop_assert!(!r.message.trim().is_empty(), "{token}: a refusal without a reason");
                }
            }
            // The match given is never changed.
            prop_assert!(before == g, "the match given was changed");
            // Before the match begins everything is refused.
            prop_assert!(try_action(None, &rules, seat, &token).is_err());
        }
    }

    /// Under the sevens a refusal writes the low card `7`, as the record does (a regression:
    /// refusals said `9H` while the record held `7H`), and `9` is still read as that card.
    #[test]
    fn refusals_use_the_sevens_notation() {
        let mut rules = Rules::default();
        rules.set("low", "seven").unwrap();
        let mut g = Game::new(rules, Vec::new());
        g.start_seeded_deal(4).unwrap();
        let seat = g.to_act().unwrap();
        for token in ["7H", "9H"] {
            let r = try_action(Some(&g), &rules, seat, token).unwrap_err();
            assert!(r.message.contains("`7H`"), "{token}: {}", r.message);
            assert!(!r.message.contains("9H"), "{token}: {}", r.message);
        }
    }
}
