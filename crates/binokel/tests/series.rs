//! A fixed series of deals, `series_deals` (RULES.md section 10; docs/rules.md, "A fixed
//! series of deals"): the match ends after N deals with the highest total winning, whatever
//! the target; equal highest totals play on deal by deal; N is a multiple of the seats and at
//! most [`MAX_MATCH_DEALS`]; records carry it and the referee holds it.

use binokel::record::{read_record, referee, write_record, Verdict};
use binokel::{Game, Preset, Rules, SeriesProgress, StartError, View, MAX_MATCH_DEALS};
use rand::{Rng, SeedableRng};

/// Plays one seeded deal with uniformly random legal actions.
fn random_deal(g: &mut Game, rng: &mut rand_chacha::ChaCha8Rng) {
    g.start_seeded_deal(rng.gen()).expect("a deal starts");
    while let Some(d) = g.current().filter(|d| !d.is_over()) {
        let legal = d.legal_actions();
        let a = legal[rng.gen_range(0..legal.len())];
        g.play(a).expect("a legal action");
    }
}

/// Plays random deals until the match is over or `most` deals are in the record.
fn random_match(rules: Rules, most: usize, seed: u64) -> Game {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(rules, Vec::new());
    while !g.is_over() && g.deals().len() < most {
        random_deal(&mut g, &mut rng);
    }
    g
}

/// The sides' totals: one per seat, one per team with four players.
fn side_totals(g: &Game) -> Vec<i32> {
    let sides = if g.players() == 4 { 2 } else { g.players() };
    g.totals()[..sides].to_vec()
}

/// Deals of the record that count for the series (not redeals).
fn counted(g: &Game) -> usize {
    g.outcomes().iter().filter(|o| o.complete && !o.redeal).count()
}

fn series(preset: &str, n: u32) -> Rules {
    let mut r = Rules::from_preset_name(preset).unwrap();
    r.set("series_deals", &n.to_string()).unwrap();
    r.validate().unwrap();
    r
}

#[test]
fn a_series_ends_after_its_deals_with_the_highest_total_for_every_preset() {
    for p in Preset::ALL {
        let seats = Rules::preset(p).players as u32;
        let mut r = series(p.name(), 2 * seats);
        // A target every match would reach at once: it does not apply to a series.
        r.target = 1;
        for seed in 0..4 {
            let mut g = random_match(r, MAX_MATCH_DEALS, seed);
            let name = p.name();
            assert!(g.is_over(), "{name} seed {seed}");
            let totals = side_totals(&g);
            let best = *totals.iter().max().unwrap();
            let w = g.winner().unwrap();
            assert_eq!(totals[w], best, "{name}: {totals:?}");
            assert_eq!(
                totals.iter().filter(|&&t| t == best).count(),
                1,
                "{name}: one highest"
            );
            let played = counted(&g);
            assert!(played >= 2 * seats as usize, "{name}: ended after {played} deals");
            assert_eq!(
                g.series(),
                Some(SeriesProgress {
                    deal: played,
                    of: 2 * seats as usize
                }),
                "{name}"
            );
            assert_eq!(g.start_seeded_deal(1), Err(StartError::MatchOver), "{name}");
            // Each seat dealt equally often when no tie made it play on.
            if played == 2 * seats as usize {
                let mut dealt = vec![0; seats as usize];
                for l in g.deals().iter().filter(|l| !l.state.outcome().redeal) {
                    dealt[l.start.dealer()] += 1;
                }
                assert!(dealt.iter().all(|&d| d == 2), "{name}: {dealt:?}");
            }
            // The record carries the option and the referee ends the match at the same deal.
            let rec = write_record(&g);
            assert_eq!(rec["rules"]["series_deals"], 2 * seats, "{name}");
            let text = rec.to_string();
            match referee(&text) {
                Verdict::Legal(v) => assert_eq!(v["winner"], w, "{name}"),
                v => panic!("{name}: {v:?}"),
            }
            assert_eq!(read_record(&text).unwrap().winner(), Some(w));
        }
    }
}

#[test]
fn the_view_tells_which_deal_of_the_series_is_played() {
    let r = series("standard", 3);
    let mut g = Game::new(r, Vec::new());
    g.start_seeded_deal(7).unwrap();
    let v = View::of(&g, Some(0)).unwrap();
    assert_eq!(v.series, Some(SeriesProgress { deal: 1, of: 3 }));
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["series"], serde_json::json!({"deal": 1, "of": 3}));
    // Without a series the field is left out, as before.
    let mut plain = Game::new(Rules::default(), Vec::new());
    plain.start_seeded_deal(7).unwrap();
    let json = serde_json::to_value(View::of(&plain, Some(0)).unwrap()).unwrap();
    assert!(json.get("series").is_none(), "{json}");
    assert_eq!(plain.series(), None);
}

/// Searches seeds for a series whose highest totals are equal after its last deal.
fn tied_series(rules: Rules) -> (u64, Game) {
    let n = rules.series_deals as usize;
    for seed in 0..20_000 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(rules, Vec::new());
        while counted(&g) < n {
            random_deal(&mut g, &mut rng);
        }
        let t = side_totals(&g);
        let best = *t.iter().max().unwrap();
        if t.iter().filter(|&&x| x == best).count() > 1 {
            return (seed, g);
        }
    }
    panic!("no tied series among 20,000 seeds");
}

#[test]
fn equal_highest_totals_after_the_series_play_on_until_one_is_highest() {
    for preset in ["two-player", "kreuz"] {
        let mut r = series(preset, if preset == "kreuz" { 4 } else { 2 });
        r.set("rounding", "ten").unwrap();
        let (seed, mut g) = tied_series(r);
        assert!(
            !g.is_over(),
            "{preset} seed {seed}: a tie does not end the series"
        );
        assert!(g.needs_deal(), "{preset}: one more deal");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0xface);
        let of = r.series_deals as usize;
        while !g.is_over() {
            assert!(g.deals().len() < MAX_MATCH_DEALS, "{preset}");
            random_deal(&mut g, &mut rng);
            let t = side_totals(&g);
            let best = *t.iter().max().unwrap();
            let unique = t.iter().filter(|&&x| x == best).count() == 1;
            assert_eq!(g.is_over(), unique, "{preset}: {t:?}");
        }
        let played = counted(&g);
        assert!(played > of, "{preset}");
        assert_eq!(g.series(), Some(SeriesProgress { deal: played, of }));
        // The referee agrees, and a deal after the end is refused.
        let text = write_record(&g).to_string();
        assert!(matches!(referee(&text), Verdict::Legal(_)), "{preset}");
        let mut longer = write_record(&g);
        let extra = longer["deals"][0].clone();
        longer["deals"].as_array_mut().unwrap().push(extra);
        match referee(&longer.to_string()) {
            Verdict::Illegal { deal, reason, .. } => {
                assert_eq!(deal, g.deals().len(), "{preset}");
                assert_eq!(reason, "match already over", "{preset}");
            }
            v => panic!("{preset}: {v:?}"),
        }
    }
}

#[test]
fn redeals_do_not_count_and_the_match_still_ends_at_the_most_deals() {
    // Everybody passes often in random open auctions: each redeal adds a deal to the record
    // but not to the series, so the series of 500 cannot be played within the cap and the
    // cap ends it (the highest total, of equal ones the lowest seat).
    let mut r = series("kreuz", 500);
    r.set("auction", "open").unwrap();
    r.set("all_pass", "redeal").unwrap();
    let g = random_match(r, MAX_MATCH_DEALS + 5, 11);
    assert_eq!(g.deals().len(), MAX_MATCH_DEALS);
    let played = counted(&g);
    assert!(played < 500, "some deals were redeals");
    assert!(g.is_over(), "the cap ends the series");
    assert_eq!(g.winner(), Some(binokel::game::cap_winner(&r, &g.totals())));
    assert_eq!(
        g.series(),
        Some(SeriesProgress {
            deal: played,
            of: 500
        })
    );

    // A short series: the redeals are played on top of its deals.
    let mut r = series("standard", 3);
    r.set("auction", "open").unwrap();
    r.set("all_pass", "redeal").unwrap();
    let mut saw_redeal = false;
    for seed in 0..40 {
        let g = random_match(r, MAX_MATCH_DEALS, seed);
        saw_redeal |= g.deals().len() > counted(&g);
        assert!(counted(&g) >= 3 && g.is_over());
    }
    assert!(saw_redeal, "no redeal in 40 series");
}

#[test]
fn undo_of_the_last_deals_last_action_takes_the_series_end_back() {
    let r = series("standard", 3);
    let mut g = random_match(r, MAX_MATCH_DEALS, 3);
    let w = g.winner().unwrap();
    let a = g.undo().unwrap();
    assert!(!g.is_over());
    g.play(a).unwrap();
    assert_eq!(g.winner(), Some(w));
}

#[test]
fn a_series_that_does_not_fit_is_refused_by_name() {
    let mut r = Rules::default();
    for n in ["0", "3", "6", "498"] {
        r.set("series_deals", n).unwrap();
        r.validate().unwrap();
    }
    r.set("series_deals", "4").unwrap();
    let e = r.validate().unwrap_err().0;
    assert!(
        e.contains("series_deals") && e.contains("(4)") && e.contains("multiple of the number of seats, 3"),
        "{e}"
    );
    r.set("series_deals", "500").unwrap();
    assert!(r.validate().is_err(), "500 is no multiple of 3");
    let mut r = Rules::default();
    assert_eq!(
        r.set("series_deals", "501").unwrap_err().0,
        format!("option `series_deals` must be a whole number from 0 to {MAX_MATCH_DEALS}, not `501`")
    );
    assert_eq!(
        r.set("series_deals", "-3").unwrap_err().0,
        "option `series_deals` must be a whole number from 0 to 500, not `-3`"
    );
    assert_eq!(
        r.set("series_deals", "ten").unwrap_err().0,
        "`ten` is not a value of option `series_deals`"
    );
    assert_eq!(r, Rules::default(), "a refused value changes nothing");
    // Four and two seats.
    let mut kreuz = Rules::from_preset_name("kreuz").unwrap();
    kreuz.set("series_deals", "6").unwrap();
    assert!(kreuz
        .validate()
        .unwrap_err()
        .0
        .contains("multiple of the number of seats, 4"));
    kreuz.set("series_deals", "500").unwrap();
    kreuz.validate().unwrap();
    let mut two = Rules::from_preset_name("two-player").unwrap();
    two.set("series_deals", "3").unwrap();
    assert!(two
        .validate()
        .unwrap_err()
        .0
        .contains("multiple of the number of seats, 2"));

    // A record of such rules is not a record (exit 2), naming the option.
    let rec = serde_json::json!({
        "format": "binokel-record/1",
        "rules": {"preset": "standard", "series_deals": 4},
        "deals": [],
    });
    match referee(&rec.to_string()) {
        Verdict::NotARecord(m) => assert!(m.contains("series_deals"), "{m}"),
        v => panic!("{v:?}"),
    }
}
