//! What one seat did in one match, counted for the profile's statistics.
//!
//! [`seat_stats`] reads a finished (or ended) match, a [`binokel::Game`], and gives the plain
//! sums of one seat over its deals: a [`MatchStats`]. The sums of many matches add up
//! ([`MatchStats::add`]) to an account's statistics, and [`MatchStats::averages`] gives the
//! averages the profile shows. Every fact is read from the engine's deal outcomes
//! ([`binokel::Outcome`]: soloist, bid, contract, melds, tricks, scores); nothing is scored
//! again here.
//!
//! Which deals count:
//! - A **complete** deal counts. A deal still in progress when the match ended (a match an
//!   operator closed, or one a bot finished) counts in nothing.
//! - A **thrown-in deal** (`all_pass = redeal`: every seat passed, the same dealer deals
//!   again) counts in nothing: it scores nothing and nobody played it. It is the only kind of
//!   deal the engine throws in.
//! - **Two players** (RULES.md section 13) have no auction and so no soloist: their deals
//!   count in `deals` and `meld_points` (each player's melds shown count in its score), never
//!   in the contracts nor as an opponent.
//! - **Four players**: the soloist's partner is neither the soloist nor an opponent: its deal
//!   counts in `deals` and `meld_points` only. `wins` counts the team's win for both partners.

use binokel::deal::Contract;
use binokel::{Game, Outcome, Rules, Seat};
use serde::{Deserialize, Serialize};

/// One seat's sums over the deals of one match, or (after [`MatchStats::add`]) over many
/// matches. Every field is a plain sum, so that sums of sums are right; the averages are
/// worked out at the end ([`MatchStats::averages`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchStats {
    /// Matches played: 1 for one match.
    pub matches: u64,
    /// Matches won: 1 when the seat (with four players: its team) won the match. A match
    /// without a winner (ended early) is not won by anyone.
    pub wins: u64,
    /// Complete deals played (thrown-in deals not counted, see the module's comment).
    pub deals: u64,
    /// Deals in which the seat was the soloist (it won the auction).
    pub contracts: u64,
    /// Of those, the contracts the soloist made (its deal score is above 0: a trump game
    /// that reached its bid, a Durch or Bettel made; a surrender is never made).
    pub contracts_made: u64,
    /// The sum of the winning bids of the seat's contracts (average bid = `bid_sum` /
    /// `contracts`).
    pub bid_sum: u64,
    /// Durch contracts declared.
    pub durch_tried: u64,
    /// Durch contracts made.
    pub durch_made: u64,
    /// Bettel contracts declared.
    pub bettel_tried: u64,
    /// Bettel contracts made.
    pub bettel_made: u64,
    /// The sum of the seat's deal scores as the soloist.
    pub solo_points: i64,
    /// The sum of the seat's deal scores as an opponent of the soloist.
    pub opponent_points: i64,
    /// Deals in which the seat was an opponent of the soloist.
    pub opponent_deals: u64,
    /// The sum of the seat's own melds that counted in its deal score (a soloist's melds
    /// only in a contract it made; an opponent's when its side took a trick or
    /// `opponents_need_trick = no`, and in a surrender; none in Durch and Bettel).
    pub meld_points: u64,
}

/// The averages a profile shows, each `None` (JSON `null`) when its divisor is 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Averages {
    /// The average winning bid of the contracts: `bid_sum / contracts`.
    pub bid: Option<f64>,
    /// The average deal score as the soloist: `solo_points / contracts`.
    pub solo_points: Option<f64>,
    /// The average deal score as an opponent: `opponent_points / opponent_deals`.
    pub opponent_points: Option<f64>,
    /// The average counted melds per deal: `meld_points / deals`.
    pub melds_per_deal: Option<f64>,
    /// The share of matches won, 0 to 1: `wins / matches`.
    pub win_rate: Option<f64>,
    /// The share of contracts made, 0 to 1: `contracts_made / contracts`.
    pub made_rate: Option<f64>,
}

impl MatchStats {
    /// Adds another's sums to these (the statistics of one more match).
    pub fn add(&mut self, other: &MatchStats) {
        self.matches += other.matches;
        self.wins += other.wins;
        self.deals += other.deals;
        self.contracts += other.contracts;
        self.contracts_made += other.contracts_made;
        self.bid_sum += other.bid_sum;
        self.durch_tried += other.durch_tried;
        self.durch_made += other.durch_made;
        self.bettel_tried += other.bettel_tried;
        self.bettel_made += other.bettel_made;
        self.solo_points += other.solo_points;
        self.opponent_points += other.opponent_points;
        self.opponent_deals += other.opponent_deals;
        self.meld_points += other.meld_points;
    }

    /// The averages of these sums.
    pub fn averages(&self) -> Averages {
        fn ratio(sum: f64, count: u64) -> Option<f64> {
            (count > 0).then(|| sum / count as f64)
        }
        Averages {
            bid: ratio(self.bid_sum as f64, self.contracts),
            solo_points: ratio(self.solo_points as f64, self.contracts),
            opponent_points: ratio(self.opponent_points as f64, self.opponent_deals),
            melds_per_deal: ratio(self.meld_points as f64, self.deals),
            win_rate: ratio(self.wins as f64, self.matches),
            made_rate: ratio(self.contracts_made as f64, self.contracts),
        }
    }

    /// The sums and, under `"averages"`, the averages, as one JSON object (the profile's
    /// `stats`).
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            o.insert(
                "averages".into(),
                serde_json::to_value(self.averages()).unwrap_or_default(),
            );
        }
        v
    }
}

/// What `seat` did in `game`: one match's [`MatchStats`] (`matches` is 1). A seat outside
/// the game's seats gets the match and nothing else (`matches` 1, every other sum 0).
pub fn seat_stats(game: &Game, seat: usize) -> MatchStats {
    let rules = game.rules();
    let n = game.players();
    let mut st = MatchStats {
        matches: 1,
        ..MatchStats::default()
    };
    if seat >= n {
        return st;
    }
    let side_of = |s: Seat| if n == 4 { s % 2 } else { s };
    if game.winner().is_some_and(|w| side_of(w) == side_of(seat)) {
        st.wins = 1;
    }
    for o in game.outcomes() {
        if !o.complete || o.redeal {
            continue;
        }
        st.deals += 1;
        st.meld_points += u64::from(counted_melds(rules, &o, seat));
        let (Some(sol), Some(contract)) = (o.soloist, o.contract) else {
            continue;
        };
        let score = i64::from(o.scores[seat]);
        if sol == seat {
            let made = o.scores[sol] > 0;
            st.contracts += 1;
            st.contracts_made += u64::from(made);
            st.bid_sum += u64::from(o.bid.unwrap_or(0));
            st.solo_points += score;
            match contract {
                Contract::Durch => {
                    st.durch_tried += 1;
                    st.durch_made += u64::from(made);
                }
                Contract::Bettel => {
                    st.bettel_tried += 1;
                    st.bettel_made += u64::from(made);
                }
                Contract::Trump(_) | Contract::Surrender(_) => {}
            }
        } else if side_of(sol) != side_of(seat) {
            st.opponent_deals += 1;
            st.opponent_points += score;
        }
    }
    st
}

/// [`seat_stats`] as JSON: the sums only (no averages), as a match keeps them; read back
/// with `serde_json::from_value::<MatchStats>` (a missing field reads as 0) and add them up.
pub fn seat_stats_json(game: &Game, seat: usize) -> serde_json::Value {
    serde_json::to_value(seat_stats(game, seat)).unwrap_or_default()
}

/// The melds of `seat` that counted in its deal score, as RULES.md sections 7 and 8 and
/// the engine's `score_sides` count them (a complete deal).
fn counted_melds(rules: &Rules, o: &Outcome, seat: Seat) -> u32 {
    let n = rules.players as usize;
    let Some(melds) = o.melds else { return 0 };
    let own = melds[seat];
    if n == 2 {
        return own;
    }
    let (Some(sol), Some(contract)) = (o.soloist, o.contract) else {
        return 0;
    };
    let side_of = |s: Seat| if n == 4 { s % 2 } else { s };
    let soloist_side = side_of(seat) == side_of(sol);
    let counts = match contract {
        Contract::Durch | Contract::Bettel => false,
        Contract::Surrender(_) => !soloist_side,
        // The soloist's side scores its total only when the contract is made (else twice
        // the bid is taken off); a made contract took a trick.
        Contract::Trump(_) if soloist_side => o.scores[sol] > 0,
        Contract::Trump(_) => {
            let took = (0..n).any(|s| side_of(s) == side_of(seat) && o.tricks[s] > 0);
            took || !rules.opponents_need_trick
        }
    };
    if counts {
        own
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use binokel::deal::round_ten;
    use binokel::record::read_record;
    use binokel::{Preset, View};

    /// A record of the rules crate's conformance examples, read into a game.
    fn record(name: &str) -> Game {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../binokel/tests/data/conformance/records"
        );
        let text = std::fs::read_to_string(format!("{dir}/{name}.json")).expect("the record is there");
        read_record(&text).expect("a legal record")
    }

    /// A whole match of `bot`s under `rules`, seeded.
    fn bot_match(rules: Rules, bot: &str, seed: u64) -> Game {
        let n = rules.players as usize;
        let mut bots: Vec<_> = (0..n)
            .map(|s| binokel_ai::make_bot(bot, seed ^ (s as u64 + 1)).expect("a bot"))
            .collect();
        let mut game = Game::new(rules, Vec::new());
        let mut k = 0;
        while game.needs_deal() {
            k += 1;
            if game.start_seeded_deal(seed.wrapping_mul(1000) + k).is_err() {
                break;
            }
            while let Some(seat) = game.to_act() {
                let view = View::of(&game, Some(seat)).expect("a deal in progress");
                let a = bots[seat].choose(&view);
                game.play(a).expect("the bot chose a legal action");
            }
        }
        assert!(game.is_over(), "the match ends");
        game
    }

    #[test]
    fn a_match_to_the_end_sums_each_seats_deals() {
        let game = record("match-to-the-end");
        // The referee's report of this record (match-to-the-end.expected.json), summed by
        // hand: seat 2 was the soloist in 9 of the 11 deals and made 2 (deals 1 and 3).
        assert_eq!(
            seat_stats(&game, 2),
            MatchStats {
                matches: 1,
                wins: 0,
                deals: 11,
                contracts: 9,
                contracts_made: 2,
                bid_sum: 1450,
                durch_tried: 1,
                durch_made: 0,
                bettel_tried: 0,
                bettel_made: 0,
                solo_points: -2408,
                opponent_points: 176,
                opponent_deals: 2,
                // 110 and 170 in its made contracts, 20 as an opponent with tricks, 10 as an
                // opponent of a surrender.
                meld_points: 310,
            }
        );
        let winner = seat_stats(&game, 0);
        assert_eq!((winner.wins, winner.contracts, winner.contracts_made), (1, 1, 0));
        assert_eq!(
            (winner.solo_points, winner.opponent_points, winner.meld_points),
            (-170, 1684, 950)
        );
        let second = seat_stats(&game, 1);
        assert_eq!(
            (second.wins, second.opponent_deals, second.meld_points),
            (0, 10, 420)
        );
        // Three players: every deal's score is the soloist's or an opponent's.
        for seat in 0..3 {
            let s = seat_stats(&game, seat);
            assert_eq!(s.solo_points + s.opponent_points, i64::from(game.totals()[seat]));
        }
        // A seat the game does not have played the match and nothing else.
        assert_eq!(
            seat_stats(&game, 3),
            MatchStats {
                matches: 1,
                ..MatchStats::default()
            }
        );
    }

    #[test]
    fn durch_surrender_and_a_deal_in_progress() {
        let made = seat_stats(&record("durch-made"), 1);
        assert_eq!(
            (made.durch_tried, made.durch_made, made.contracts_made),
            (1, 1, 1)
        );
        assert_eq!((made.solo_points, made.meld_points, made.wins), (1000, 0, 0));
        let lost = seat_stats(&record("durch-lost"), 0);
        assert_eq!(
            (lost.durch_tried, lost.durch_made, lost.contracts_made),
            (1, 0, 0)
        );
        // A surrender: the soloist's melds do not count, the opponents' do.
        let surrender = record("surrender");
        let soloist = seat_stats(&surrender, 0);
        assert_eq!(
            (soloist.contracts, soloist.contracts_made, soloist.meld_points),
            (1, 0, 0)
        );
        assert_eq!(soloist.solo_points, -170);
        assert_eq!(seat_stats(&surrender, 2).meld_points, 20);
        // An opponent without a trick loses its melds.
        let no_trick = record("opponent-no-trick");
        assert_eq!(seat_stats(&no_trick, 0).meld_points, 0);
        assert_eq!(seat_stats(&no_trick, 1).meld_points, 160);
        // The fourth deal is still being played: it counts in nothing (seat 1's Durch).
        let open = seat_stats(&record("match-in-progress"), 1);
        assert_eq!((open.deals, open.contracts, open.durch_tried), (3, 1, 0));
    }

    /// Every counted meld agrees with the engine's score: a side's score is its card points
    /// and counted melds (with the failed bonus and rounding of the rules), except a failed
    /// soloist's.
    fn check_melds_against_scores(game: &Game) {
        let rules = game.rules();
        let n = game.players();
        let side_of = |s: Seat| if n == 4 { s % 2 } else { s };
        for o in game.outcomes() {
            if !o.complete || o.redeal {
                continue;
            }
            let failed = o.soloist.is_some_and(|s| o.scores[s] <= 0);
            for seat in 0..n {
                let mates: Vec<Seat> = (0..n).filter(|&s| side_of(s) == side_of(seat)).collect();
                let is_soloist_side = o.soloist.is_some_and(|s| side_of(s) == side_of(seat));
                if is_soloist_side && failed {
                    continue;
                }
                let melds: i32 = mates.iter().map(|&s| counted_melds(rules, &o, s) as i32).sum();
                let cards: i32 = match o.contract {
                    Some(Contract::Trump(_)) | None => mates.iter().map(|&s| o.card_points[s] as i32).sum(),
                    _ => 0,
                };
                let surrender = matches!(o.contract, Some(Contract::Surrender(_)));
                let took = mates.iter().any(|&s| o.tricks[s] > 0);
                let mut raw = match o.contract {
                    Some(Contract::Durch | Contract::Bettel) => continue,
                    Some(Contract::Trump(_)) if !took && rules.opponents_need_trick => 0,
                    _ => cards + melds,
                };
                if surrender {
                    raw += if n == 4 { 100 } else { 50 };
                }
                if failed && !is_soloist_side {
                    raw += rules.failed_bonus as i32;
                }
                if rules.rounding == binokel::rules::Rounding::Ten {
                    raw = round_ten(raw);
                }
                assert_eq!(raw, o.scores[seat], "seat {seat} of {o:?}");
            }
        }
    }

    #[test]
    fn bot_matches_of_every_size_agree_with_the_engines_scores() {
        // Every seat passing throws a deal in only in the open auction (the Dutch rules).
        let mut redeal = Rules::preset(Preset::Dutch);
        redeal.set("all_pass", "redeal").expect("an option");
        let cases = [
            (Rules::preset(Preset::Dutch), "random"),
            (Rules::preset(Preset::Kreuz), "random"),
            (Rules::preset(Preset::TwoPlayer), "heuristic"),
            (redeal, "random"),
        ];
        let mut redeals = 0;
        for (k, (rules, bot)) in cases.into_iter().enumerate() {
            let game = bot_match(rules, bot, 7 + k as u64);
            check_melds_against_scores(&game);
            let n = game.players();
            let outcomes = game.outcomes();
            redeals += outcomes.iter().filter(|o| o.redeal).count();
            let played = outcomes.iter().filter(|o| o.complete && !o.redeal).count() as u64;
            let mut all = MatchStats::default();
            for seat in 0..n {
                let s = seat_stats(&game, seat);
                all.add(&s);
                assert_eq!(s.deals, played);
                if n == 3 {
                    assert_eq!(s.solo_points + s.opponent_points, i64::from(game.totals()[seat]));
                }
                if n == 2 {
                    assert_eq!((s.contracts, s.opponent_deals), (0, 0));
                }
            }
            // One winner; four players: the two partners of the winning team.
            assert_eq!(all.wins, if n == 4 { 2 } else { 1 }, "{rules:?}");
            assert_eq!(all.matches, n as u64);
            if n != 2 {
                // Every deal has one soloist.
                assert_eq!(all.contracts, played);
            }
        }
        assert!(redeals > 0, "the matches had thrown-in deals");
    }

    #[test]
    fn sums_add_up_and_averages_are_null_without_a_divisor() {
        let none = MatchStats::default().averages();
        assert_eq!(none, Averages::default());
        let json = MatchStats::default().to_json();
        assert!(json["averages"]["bid"].is_null(), "{json}");
        assert_eq!(json["matches"], 0);
        let game = record("match-to-the-end");
        let mut sum = seat_stats(&game, 2);
        sum.add(&seat_stats(&record("match-soloist-priority"), 2));
        assert_eq!((sum.matches, sum.wins, sum.deals, sum.contracts), (2, 1, 29, 13));
        assert_eq!(sum.bid_sum, 1450 + 610);
        let avg = sum.averages();
        assert_eq!(avg.bid, Some(2060.0 / 13.0));
        assert_eq!(avg.solo_points, Some((-2408.0 - 6.0) / 13.0));
        assert_eq!(avg.melds_per_deal, Some((310.0 + 1060.0) / 29.0));
        assert_eq!(avg.win_rate, Some(0.5));
        // The JSON keeps every sum under its name and reads back.
        let back: MatchStats = serde_json::from_value(sum.to_json()).expect("reads back");
        assert_eq!(back, sum);
        // One match as it is stored: the sums alone, read back the same; an older row
        // without a field reads it as 0.
        let one = seat_stats_json(&game, 2);
        assert!(one.get("averages").is_none(), "{one}");
        let read: MatchStats = serde_json::from_value(one).expect("reads back");
        assert_eq!(read, seat_stats(&game, 2));
        let old: MatchStats = serde_json::from_value(serde_json::json!({"matches": 1})).expect("reads");
        assert_eq!(old.matches, 1);
    }
}
