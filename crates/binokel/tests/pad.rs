//! The score pad and the engine must agree on every deal and on the match winner.

use binokel::pad::{Pad, PadDeal};
use binokel::{Contract, Game, Preset, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What players at a real table would enter for a deal the engine played.
fn entry(game: &Game, i: usize, rng: &mut ChaCha8Rng) -> Option<PadDeal> {
    let log = &game.deals()[i];
    let d = &log.state;
    let o = d.outcome();
    let n = d.players();
    let mut cp: Vec<Option<u32>> = o.card_points[..n].iter().map(|&x| Some(x)).collect();
    if rng.gen_bool(0.5) {
        let k = rng.gen_range(0..n);
        cp[k] = None;
    }
    if n == 2 {
        // No auction: the trump, each player's melds shown and card points.
        return Some(PadDeal {
            dealer: d.dealer(),
            soloist: 0,
            bid: 0,
            contract: Contract::Trump(o.trump?),
            melds: o.melds?[..2].to_vec(),
            took_trick: Vec::new(),
            card_points: cp,
        });
    }
    let soloist = o.soloist?;
    let contract = o.contract?;
    let side_tricks: u32 = if n == 4 {
        o.tricks[soloist % 2] + o.tricks[soloist % 2 + 2]
    } else {
        o.tricks[soloist]
    };
    let mut took: Vec<bool> = o.tricks[..n].iter().map(|&t| t > 0).collect();
    if contract == Contract::Durch {
        took[soloist] = side_tricks == d.total_tricks();
    }
    Some(PadDeal {
        dealer: d.dealer(),
        soloist,
        bid: o.bid?,
        contract,
        melds: o.melds.unwrap_or([0; 4])[..n].to_vec(),
        took_trick: took,
        card_points: cp,
    })
}

fn random_match(rules: Rules, seed: u64, rng: &mut ChaCha8Rng) -> Game {
    let mut g = Game::new(rules, vec![]);
    let mut k = 0;
    while g.needs_deal() && k < 150 {
        g.start_seeded_deal(seed * 1000 + k).unwrap();
        k += 1;
        while g.to_act().is_some() {
            let l = g.current().unwrap().legal_actions();
            // Mostly trump games played out, sometimes a surrender or Durch.
            let a = loop {
                let a = l[rng.gen_range(0..l.len())];
                let rare = matches!(
                    a,
                    binokel::Action::Durch | binokel::Action::Surrender(_) | binokel::Action::Bettel
                );
                if !rare || rng.gen_bool(0.1) || l.len() == 1 {
                    break a;
                }
            };
            g.play(a).unwrap();
        }
    }
    g
}

#[test]
fn pad_and_engine_agree_on_every_deal_and_the_winner() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut deals_checked = 0;
    for p in [
        Preset::Standard,
        Preset::Dutch,
        Preset::Forty,
        Preset::Kreuz,
        Preset::Swabian,
        Preset::TwoPlayer,
    ] {
        let rules = Rules::preset(p);
        for m in 0..6 {
            let g = random_match(rules, m, &mut rng);
            let names = (0..g.players()).map(|i| format!("P{i}")).collect();
            let mut pad = Pad::new(&rules, names);
            for i in 0..g.deals().len() {
                let o = g.deals()[i].state.outcome();
                match entry(&g, i, &mut rng) {
                    Some(e) => {
                        assert_eq!(
                            e.scores(&rules).unwrap(),
                            o.scores[..g.players()].to_vec(),
                            "{p:?} deal {i}"
                        );
                        pad.add(e).unwrap();
                        deals_checked += 1;
                    }
                    None => assert!(o.redeal),
                }
            }
            let sheet = pad.sheet().unwrap();
            if g.deals().iter().all(|d| !d.state.outcome().redeal) {
                assert_eq!(sheet.totals, g.totals()[..g.players()].to_vec(), "{p:?}");
                assert_eq!(sheet.winner.map(|w| w.0), g.winner(), "{p:?}");
            }
        }
    }
    assert!(deals_checked > 200);
}

#[test]
fn a_correction_changes_the_totals_and_bad_entries_change_nothing() {
    let rules = Rules::default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let g = random_match(rules, 3, &mut rng);
    let mut pad = Pad::new(&rules, vec!["A".into(), "B".into(), "C".into()]);
    for i in 0..3 {
        pad.add(entry(&g, i, &mut rng).unwrap()).unwrap();
    }
    let before = pad.clone();
    let mut bad = pad.deals[0].clone();
    bad.bid = 155;
    assert!(pad.add(bad.clone()).is_err());
    assert!(pad.correct(0, bad).is_err());
    assert!(pad.correct(7, pad.deals[0].clone()).is_err());
    assert_eq!(pad, before);
    let mut fixed = pad.deals[1].clone();
    fixed.contract = Contract::Surrender(binokel::Suit::Hearts);
    pad.correct(1, fixed.clone()).unwrap();
    let sheet = pad.sheet().unwrap();
    assert_eq!(sheet.deals[1][fixed.soloist], -(fixed.bid as i32));
    let csv = pad.to_csv().unwrap();
    assert_eq!(csv.lines().count(), 5);
    assert!(csv.starts_with("deal,dealer,soloist,bid,contract,\"A\",\"B\",\"C\""));
    let json = serde_json::to_string(&pad).unwrap();
    assert_eq!(serde_json::from_str::<Pad>(&json).unwrap(), pad);
}

#[test]
fn absurd_numbers_are_refused_by_name_and_change_nothing() {
    let rules = Rules::default();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let g = random_match(rules, 4, &mut rng);
    let mut pad = Pad::new(&rules, vec!["A".into(), "B".into(), "C".into()]);
    let good = entry(&g, 0, &mut rng).unwrap();
    pad.add(good.clone()).unwrap();
    let before = pad.clone();
    let cases: Vec<(PadDeal, &str)> = vec![
        (
            PadDeal {
                bid: u32::MAX - 5,
                ..good.clone()
            },
            "the bid 4294967290 is more than 10000, the most the pad takes",
        ),
        (
            PadDeal {
                melds: vec![0, u32::MAX, 0],
                ..good.clone()
            },
            "the melds of B, 4294967295, are more than 10000",
        ),
        // Without the check these two would wrap around to 250 and be taken.
        (
            PadDeal {
                card_points: vec![Some(u32::MAX), Some(251), None],
                ..good.clone()
            },
            "the card points of A, 4294967295, are more than the 250 of a deal",
        ),
        (
            PadDeal {
                card_points: vec![Some(u32::MAX), Some(251), Some(0)],
                ..good.clone()
            },
            "the card points of A",
        ),
    ];
    for (bad, says) in cases {
        let e = pad.add(bad.clone()).unwrap_err().to_string();
        assert!(e.contains(says), "{e}");
        assert!(pad.correct(0, bad).is_err());
        assert_eq!(pad, before);
    }
}

#[test]
fn two_players_score_card_points_plus_melds_to_1000() {
    let rules = Rules::preset(Preset::TwoPlayer);
    let mut pad = Pad::new(&rules, vec!["Anna".into(), "Bert".into()]);
    let deal = |melds: [u32; 2], points: [Option<u32>; 2]| PadDeal {
        dealer: 0,
        soloist: 0,
        bid: 0,
        contract: Contract::Trump(binokel::Suit::Hearts),
        melds: melds.to_vec(),
        took_trick: Vec::new(),
        card_points: points.to_vec(),
    };
    pad.add(deal([150, 40], [Some(140), None])).unwrap();
    assert_eq!(pad.sheet().unwrap().deals[0], vec![290, 150]);
    let before = pad.clone();
    // Card points that do not add up, a contract that is not a trump game: refused, unchanged.
    let e = pad
        .add(deal([0, 0], [Some(140), Some(100)]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("240"), "{e}");
    let e = pad
        .add(PadDeal {
            contract: Contract::Durch,
            ..deal([0, 0], [Some(140), None])
        })
        .unwrap_err()
        .to_string();
    assert!(e.contains("trump"), "{e}");
    assert_eq!(pad, before);
    for _ in 0..3 {
        pad.add(deal([200, 20], [Some(130), Some(120)])).unwrap();
    }
    let sheet = pad.sheet().unwrap();
    assert_eq!(sheet.totals, vec![290 + 3 * 330, 150 + 3 * 140]);
    assert_eq!(sheet.winner, Some((0, 3)));
    let csv = pad.to_csv().unwrap();
    assert!(
        csv.lines().nth(1).unwrap().starts_with("1,0,,,trump H,290,150"),
        "{csv}"
    );
}

/// A fixed series (`series_deals`): the pad ends it where the engine does, after the series'
/// last deal or the deal that breaks a tie, whatever the target.
#[test]
fn pad_and_engine_agree_on_the_end_of_a_fixed_series() {
    let mut rng = ChaCha8Rng::seed_from_u64(38);
    for p in [Preset::Standard, Preset::Dutch, Preset::Kreuz, Preset::TwoPlayer] {
        let mut rules = Rules::preset(p);
        rules
            .set("series_deals", &(2 * rules.players).to_string())
            .unwrap();
        rules.target = 1;
        rules.validate().unwrap();
        for m in 0..4 {
            let g = random_match(rules, m, &mut rng);
            assert!(g.is_over(), "{p:?}");
            let names = (0..g.players()).map(|i| format!("P{i}")).collect();
            let mut pad = Pad::new(&rules, names);
            for i in 0..g.deals().len() {
                pad.add(entry(&g, i, &mut rng).expect("no redeal")).unwrap();
            }
            let sheet = pad.sheet().unwrap();
            assert_eq!(
                sheet.winner,
                g.winner().map(|w| (w, g.deals().len() - 1)),
                "{p:?}"
            );
            assert!(g.deals().len() >= 2 * rules.players as usize, "{p:?}");
        }
    }
}
