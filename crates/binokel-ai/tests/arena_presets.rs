//! The arena's duplicate sets for every preset: who sits where, that every play of a set is
//! the same deal, partners' shared scores in four seats, the summary's counts, and clear
//! refusals of seat lists that do not fit the number of players.

use binokel::Rules;
use binokel_ai::arena::{arrangements, play_set, summarize};
use serde_json::Value;
use std::time::Duration;

const PRESETS: [&str; 5] = ["standard", "swabian", "dutch", "forty", "kreuz"];

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn seats(play: &Value) -> Vec<String> {
    play["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_bot_sits_in_every_seat_equally_often() {
    let two = names(&["a", "b"]);
    for players in [2, 3, 4] {
        let arrs = arrangements(&two, players).unwrap();
        for seat in 0..players {
            let a = arrs.iter().filter(|r| r[seat] == 0).count();
            let b = arrs.iter().filter(|r| r[seat] == 1).count();
            assert_eq!(a, b, "{players} seats: seat {seat} is not shared evenly");
        }
        // Each bot plays as many seat-deals as the other.
        let total_a: usize = arrs.iter().map(|r| r.iter().filter(|&&x| x == 0).count()).sum();
        assert_eq!(total_a * 2, arrs.len() * players);
    }
    // Four seats: partners (opposite seats) are always the same bot.
    for r in arrangements(&two, 4).unwrap() {
        assert_eq!(r[0], r[2]);
        assert_eq!(r[1], r[3]);
        assert_ne!(r[0], r[1]);
    }
    assert_eq!(arrangements(&two, 2).unwrap(), vec![vec![0, 1], vec![1, 0]]);
}

#[test]
fn seat_lists_that_do_not_fit_are_refused_with_a_reason() {
    let e = arrangements(&names(&["a", "b", "c"]), 4).unwrap_err();
    assert!(e.contains("4 players") && e.contains("one, two or four"), "{e}");
    let e = arrangements(&names(&["a", "b", "c", "d", "e"]), 4).unwrap_err();
    assert!(e.contains("one, two or four"), "{e}");
    let e = arrangements(&names(&["a", "b", "c"]), 2).unwrap_err();
    assert!(e.contains("one or two"), "{e}");
    assert!(arrangements(&[], 3).is_err());
    let e = arrangements(&names(&["a", "b", "c", "d"]), 3).unwrap_err();
    assert!(e.contains("one to three"), "{e}");
    // play_set reports the same refusal as a failed set, without panicking.
    let v = play_set(
        &names(&["heuristic", "random", "heuristic"]),
        Rules::from_preset_name("kreuz").unwrap(),
        1,
        0,
        Duration::from_secs(5),
    );
    assert!(v["error"].as_str().unwrap().contains("4 players"), "{v}");
}

#[test]
fn one_duplicate_set_per_preset() {
    let bots = names(&["easy", "heuristic"]);
    for preset in PRESETS {
        let rules = Rules::from_preset_name(preset).unwrap();
        let n = usize::from(rules.players);
        let set = play_set(&bots, rules, 11, 0, Duration::from_secs(5));
        assert!(set.get("error").is_none(), "{preset}: {set}");
        let plays = set["plays"].as_array().unwrap();
        assert_eq!(plays.len(), if n == 4 { 2 } else { 6 }, "{preset}");
        for p in plays {
            assert_eq!(seats(p).len(), n, "{preset}");
            let scores = p["scores"].as_array().unwrap();
            assert_eq!(scores.len(), n, "{preset}");
            assert_eq!(p["log"].as_array().unwrap().len(), 0, "{preset}: {}", p["log"]);
            if n == 4 {
                // Partners record the team's score.
                assert_eq!(scores[0], scores[2], "{preset}");
                assert_eq!(scores[1], scores[3], "{preset}");
                let s = seats(p);
                assert_eq!(s[0], s[2]);
                assert_eq!(s[1], s[3]);
            }
            let decisions: u64 = p["decisions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap())
                .sum();
            // At least the auction's opening bid and the declaration (a surrender ends there).
            assert!(decisions >= 2, "{preset}: only {decisions} decisions");
        }
        let summary = summarize(&bots, std::slice::from_ref(&set));
        assert_eq!(summary["deals"], 1, "{preset}");
        for b in summary["bots"].as_array().unwrap() {
            // Every bot plays half of all seat-deals of the set.
            assert_eq!(
                b["seat_deals"].as_u64().unwrap() as usize,
                plays.len() * n / 2,
                "{preset}"
            );
        }
        // The difference of one set is the difference of the two bots' means.
        let d = summary["difference"]["mean"].as_f64().unwrap();
        let m0 = summary["bots"][0]["mean_score"].as_f64().unwrap();
        let m1 = summary["bots"][1]["mean_score"].as_f64().unwrap();
        assert!((d - (m0 - m1)).abs() < 0.11, "{preset}: {d} vs {m0} - {m1}");
    }
}

#[test]
fn sets_are_reproducible_from_the_seed() {
    let bots = names(&["easy", "heuristic"]);
    let rules = Rules::from_preset_name("kreuz").unwrap();
    let a = play_set(&bots, rules, 5, 3, Duration::from_secs(5));
    let b = play_set(&bots, rules, 5, 3, Duration::from_secs(5));
    let strip = |v: &Value| -> Vec<Value> {
        v["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| serde_json::json!([p["seats"], p["scores"], p["soloist"], p["bid"], p["contract"]]))
            .collect()
    };
    assert_eq!(strip(&a), strip(&b));
    assert_eq!(a["seed"], b["seed"]);
}

#[test]
fn omniscient_seat_plays_four_seats() {
    let bots = names(&["omniscient", "heuristic"]);
    let rules = Rules::from_preset_name("kreuz").unwrap();
    let set = play_set(&bots, rules, 2, 0, Duration::from_secs(5));
    assert!(set.get("error").is_none(), "{set}");
    for p in set["plays"].as_array().unwrap() {
        assert_eq!(p["log"].as_array().unwrap().len(), 0, "{}", p["log"]);
    }
    let summary = summarize(&bots, &[set]);
    assert_eq!(summary["bots"][0]["seat_deals"], 4);
}

/// Four names for four seats: the four rotations, each bot once in every seat, the first and
/// third name always partners (and so always the same team's score).
#[test]
fn four_names_play_four_rotations() {
    let four = names(&["a", "b", "c", "d"]);
    let arrs = arrangements(&four, 4).unwrap();
    assert_eq!(arrs.len(), 4);
    for seat in 0..4 {
        let mut at: Vec<usize> = arrs.iter().map(|r| r[seat]).collect();
        at.sort();
        assert_eq!(at, vec![0, 1, 2, 3], "seat {seat}");
    }
    for r in &arrs {
        assert_eq!((r[0] + 2) % 4, r[2] % 4, "{r:?}");
        assert!(r[0] % 2 == r[2] % 2 && r[1] % 2 == r[3] % 2, "{r:?}");
    }
    let bots = names(&["easy", "heuristic", "random", "heuristic"]);
    let set = play_set(
        &bots,
        Rules::from_preset_name("kreuz").unwrap(),
        3,
        0,
        Duration::from_secs(5),
    );
    assert!(set.get("error").is_none(), "{set}");
    let summary = summarize(&bots, std::slice::from_ref(&set));
    let rows = summary["bots"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    // The same name twice is two entries, each with its own four seat-deals.
    for (i, b) in rows.iter().enumerate() {
        assert_eq!(b["seat_deals"], 4, "{b}");
        assert_eq!(b["index"], i);
    }
    // Partners: the first and third entry always score alike, so do the second and fourth.
    assert_eq!(rows[0]["mean_score"], rows[2]["mean_score"]);
    assert_eq!(rows[1]["mean_score"], rows[3]["mean_score"]);
    assert!(summary.get("difference").is_none());
    let table = binokel_ai::arena::table(&summary);
    assert!(
        table.contains("heuristic #2") && table.contains("heuristic #4"),
        "{table}"
    );
}

/// `random,random` with two seats: both entries play (one seat-deal each per set), and the
/// difference is of the first entry minus the second.
#[test]
fn the_same_bot_twice_is_two_entries() {
    let bots = names(&["random", "random"]);
    let sets: Vec<Value> = (0..3)
        .map(|i| {
            play_set(
                &bots,
                Rules::from_preset_name("two-player").unwrap(),
                1,
                i,
                Duration::from_secs(5),
            )
        })
        .collect();
    let summary = summarize(&bots, &sets);
    for b in summary["bots"].as_array().unwrap() {
        assert_eq!(b["seat_deals"], 6, "{summary}");
    }
    assert_eq!(summary["difference"]["of"], "random #1 - random #2");
    // A results file from before `bot_index` is still counted, by name.
    let h = names(&["heuristic", "random"]);
    let two: Vec<Value> = (0..2)
        .map(|i| {
            play_set(
                &h,
                Rules::from_preset_name("two-player").unwrap(),
                1,
                i,
                Duration::from_secs(5),
            )
        })
        .collect();
    let stripped: Vec<Value> = two
        .iter()
        .map(|s| {
            let mut s = s.clone();
            for p in s["plays"].as_array_mut().unwrap() {
                p.as_object_mut().unwrap().remove("bot_index");
            }
            s
        })
        .collect();
    assert_eq!(summarize(&h, &stripped)["bots"], summarize(&h, &two)["bots"]);
}

/// The omniscient seat's halves: `omniscient-auction` bids, buries and declares as the
/// omniscient seat does (the true deal) and `omniscient-play` as `strong-v1` does (the
/// same seeds), so each play of a set reaches the same contract as with that seat.
#[test]
fn half_omniscient_seats_see_the_deal_in_their_phases_only() {
    let rules = Rules::default();
    let auction_of = |set: &Value| -> Vec<Value> {
        set["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| serde_json::json!([p["soloist"], p["bid"], p["contract"]]))
            .collect()
    };
    let mut differ = false;
    for i in 0..2 {
        let run = |a: &str| {
            let set = play_set(&names(&[a, "heuristic"]), rules, 31, i, Duration::from_secs(5));
            assert!(set.get("error").is_none(), "{set}");
            for p in set["plays"].as_array().unwrap() {
                assert_eq!(p["log"].as_array().unwrap().len(), 0, "{}", p["log"]);
            }
            set
        };
        let (full, v1) = (run("omniscient"), run("strong-v1"));
        assert_eq!(auction_of(&run("omniscient-auction")), auction_of(&full));
        assert_eq!(auction_of(&run("omniscient-play")), auction_of(&v1));
        differ |= auction_of(&full) != auction_of(&v1);
    }
    assert!(
        differ,
        "the true deal changed no contract: the test shows nothing"
    );
    assert!(binokel_ai::arena::check_seat("omniscient-auction").is_ok());
    assert!(binokel_ai::arena::check_seat("omniscient-bids").is_err());
}

/// `tapp-peek`'s auction samples: the true Tapp and the seat's own hand, the other hands a
/// fresh split of the other seats' true cards, the auction replayed to the same turn.
#[test]
fn tapp_peek_samples_hold_the_true_tapp() {
    use rand::SeedableRng;
    let mut game = binokel::Game::new(Rules::default(), Vec::new());
    game.start_seeded_deal(17).unwrap();
    for _ in 0..2 {
        let a = game.current().unwrap().legal_actions()[0];
        game.play(a).unwrap();
    }
    let truth = *game.current().unwrap();
    let me = truth.to_act().unwrap();
    let view = binokel::View::of(&game, Some(me)).unwrap();
    let info = binokel_ai::Info::from_view(&view).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let deals = binokel_ai::arena::tapp_told(&info, &truth, 12, &mut rng);
    assert_eq!(deals.len(), 12);
    let others = |d: &binokel::Deal| -> Vec<binokel::Card> {
        let mut v: Vec<_> = (0..3)
            .filter(|&s| s != me)
            .flat_map(|s| d.hand(s).iter())
            .collect();
        v.sort();
        v
    };
    let mut differ = false;
    for d in &deals {
        assert_eq!(d.setup().tapp, truth.setup().tapp);
        assert_eq!(d.hand(me), truth.hand(me));
        assert_eq!(
            (d.to_act(), d.bid(), d.phase()),
            (truth.to_act(), truth.bid(), truth.phase())
        );
        assert_eq!(others(d), others(&truth));
        differ |= (0..3).any(|s| d.hand(s) != truth.hand(s));
    }
    assert!(differ, "every sample was the true deal");
}
