//! Tests for the options and presets of RULES.md sections 10 to 12, named after the rule,
//! with hand-made deals.

mod common;

use binokel::deal::{distribute, round_ten};
use binokel::game::match_winner;
use binokel::record::{referee, Verdict};
use binokel::{Action, Card, CardSet, Contract, Deal, Game, IllegalAction, Phase, Preset, Rules, Suit};
use common::{cs, deal_with};

fn act(s: &str) -> Action {
    Action::parse_lenient(s, binokel::Low::Nine).unwrap()
}

fn play(d: &mut Deal, actions: &[&str]) {
    for x in actions {
        d.play(act(x)).unwrap_or_else(|e| panic!("{x}: {e}"));
    }
}

fn rules(pairs: &[&str]) -> Rules {
    let mut r = Rules::default();
    for p in pairs {
        r.set_pair(p).unwrap();
    }
    r.validate().unwrap();
    r
}

/// Plays the rest of a deal with the first legal action each time.
fn play_out(d: &mut Deal) {
    while !d.is_over() {
        let a = d.legal_actions()[0];
        d.play(a).unwrap();
    }
}

// ----- Section 10: cards and deal -----

#[test]
fn s10_low_seven_names_the_low_card_7_in_records() {
    let r = rules(&["low=seven"]);
    assert_eq!(Card::parse("9S").unwrap().code(r.low), "7S");
    let mut g = Game::new(r, vec![]);
    g.start_seeded_deal(3).unwrap();
    let rec = binokel::record::write_record(&g).to_string();
    assert!(rec.contains("7"), "{rec}");
    assert!(!rec.contains("9S") && !rec.contains("9H") && !rec.contains("9D") && !rec.contains("9C"));
    assert_eq!(referee(&rec).exit_code(), 0);
}

/// Under the sevens the low card is `7` wherever a program or a person reads it: the views'
/// JSON (hand, history, tricks, legal actions), refusals and the referee's reasons.
#[test]
fn s10_low_seven_writes_7_in_views_refusals_and_the_referees_reasons() {
    let r = rules(&["low=seven"]);
    let mut g = Game::new(r, vec![]);
    g.start_seeded_deal(3).unwrap();
    let mut refused_a_seven = false;
    // Play to the middle of the deal, so that views hold tricks and history with low cards.
    while let Some(d) = g.current().filter(|d| !d.is_over() && d.tricks_played() < 6) {
        let seat = d.to_act().unwrap();
        let v = binokel::View::of(&g, Some(seat)).unwrap();
        let json = serde_json::to_string(&v).unwrap();
        for nine in ["\"9S", "\"9H", "\"9D", "\"9C", " 9S", " 9H", " 9D", " 9C"] {
            assert!(!json.contains(nine), "`{nine}` in a sevens view: {json}");
        }
        let hand = d.hand(seat);
        if hand.iter().any(|c| c.rank() == binokel::Rank::Nine) {
            assert!(json.contains('7'), "{json}");
        }
        // The JSON reads back as the same view.
        let back: binokel::View = serde_json::from_str(&json).unwrap();
        assert_eq!(back, v);
        // A low card that may not be played now is refused in the sevens' notation.
        if d.phase() == Phase::Play {
            for c in hand.distinct() {
                if c.rank() == binokel::Rank::Nine && d.legal_cards() & (1 << c.index()) == 0 {
                    let e = d.check(Action::Play(c)).unwrap_err();
                    let said = e.describe(r.low);
                    assert!(said.contains(&c.code(r.low)), "{said}");
                    assert!(!said.contains(&c.code(binokel::Low::Nine)), "{said}");
                    refused_a_seven = true;
                    // The referee's reason for the same card says 7 too.
                    let mut rec = binokel::record::write_record(&g);
                    rec["deals"][0]["actions"]
                        .as_array_mut()
                        .unwrap()
                        .push(c.code(r.low).into());
                    match referee(&rec.to_string()) {
                        Verdict::Illegal { reason, .. } => {
                            assert!(reason.contains(&c.code(r.low)), "{reason}");
                            assert!(!reason.contains(&c.code(binokel::Low::Nine)), "{reason}");
                        }
                        other => panic!("{other:?}"),
                    }
                }
            }
        }
        let a = d.legal_actions()[0];
        g.play(a).unwrap();
    }
    assert!(
        refused_a_seven,
        "the deal never offered a low card to refuse: pick another seed"
    );
    // Outside a sevens view the notation is back to 9.
    assert_eq!(Card::parse("9S").unwrap().to_string(), "9S");
}

#[test]
fn s10_pack_40_deals_12_each_and_a_tapp_of_4_with_240_points() {
    let r = rules(&["pack=40"]);
    assert_eq!(r.hand_size(), 12);
    assert_eq!(r.tapp, 4);
    assert_eq!(binokel::deal::pack(&r).points(), 240);
    assert_eq!(binokel::deal::pack(&r).len(), 40);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    assert_eq!(d.hand(1).len(), 16);
    let burial = d.legal_actions()[0];
    assert!(matches!(burial, Action::Bury(s) if s.len() == 4));
    d.play(burial).unwrap();
    d.play(act("trump H")).unwrap();
    play_out(&mut d);
    assert_eq!(d.tricks_played(), 12);
    assert_eq!(d.card_points().iter().sum::<u32>(), 250);
}

#[test]
fn s10_opening_option_forces_that_bid() {
    let r = rules(&["opening=200"]);
    let d = deal_with(r, 0, &[], "");
    assert_eq!(d.legal_actions(), vec![Action::Bid(200)]);
}

#[test]
fn s10_raise_jumps_allows_any_multiple_of_ten_above() {
    let r = rules(&["raise=jumps"]);
    let mut d = deal_with(r, 0, &[], "");
    assert!(d.play(act("bid 170")).is_err(), "the opening is still forced");
    play(&mut d, &["bid 150", "bid 300"]);
    assert!(d.play(act("bid 305")).is_err());
    assert!(d.play(act("bid 300")).is_err());
    play(&mut d, &["bid 420"]);
    assert_eq!(d.bid(), 420);
}

#[test]
fn s10_open_auction_every_seat_in_turn_pass_is_final() {
    let r = rules(&["auction=open"]);
    // dealer 0: forehand 1, then 2, then 0.
    let mut d = deal_with(r, 0, &[], "");
    assert!(
        d.legal_actions().contains(&Action::Pass),
        "forehand may pass in the open auction"
    );
    play(&mut d, &["pass", "bid 150", "bid 160"]);
    // Seat 1 passed: the bidding goes on between 2 and 0.
    assert_eq!(d.to_act(), Some(2));
    play(&mut d, &["bid 170", "pass"]);
    assert_eq!(d.soloist(), Some(2));
    assert_eq!(d.bid(), 170);
}

#[test]
fn s10_open_auction_ends_when_the_last_seat_in_bids() {
    // Forehand and middlehand pass; the dealer's bid ends the auction at once: it cannot
    // raise itself, and a later pass cannot turn the auction into "every seat passed".
    let r = rules(&["auction=open", "all_pass=dealer_plays"]);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["pass", "pass", "bid 150"]);
    assert_eq!(d.soloist(), Some(0));
    assert_eq!(d.bid(), 150);
    assert_eq!(d.phase(), Phase::Bury);
    // The same when the last bid answers an earlier one.
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["bid 150", "bid 160", "pass", "pass"]);
    assert_eq!(d.soloist(), Some(2));
    assert_eq!(d.bid(), 160);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["pass", "bid 150", "pass"]);
    assert_eq!(d.soloist(), Some(2));
    assert_eq!(d.bid(), 150);
}

#[test]
fn s10_all_pass_dealer_plays_at_the_opening() {
    let r = rules(&["auction=open", "all_pass=dealer_plays"]);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["pass", "pass", "pass"]);
    assert_eq!(d.soloist(), Some(0));
    assert_eq!(d.bid(), 150);
    assert_eq!(d.phase(), Phase::Bury);
}

#[test]
fn s10_all_pass_redeal_the_same_dealer_deals_again() {
    let r = rules(&["auction=open", "all_pass=redeal"]);
    let mut g = Game::new(r, vec![]);
    g.start_seeded_deal(1).unwrap();
    let dealer = g.current().unwrap().dealer();
    for _ in 0..3 {
        g.play(Action::Pass).unwrap();
    }
    let o = g.current().unwrap().outcome();
    assert!(o.complete && o.redeal);
    assert_eq!(o.scores, [0; 4]);
    assert_eq!(g.next_dealer(), Some(dealer));
    g.start_seeded_deal(2).unwrap();
    assert_eq!(g.current().unwrap().dealer(), dealer);
}

// ----- Exchange -----

#[test]
fn s10_bury_meld_cards_forbidden_trump_first_and_meld_cards_stay() {
    let r = rules(&["bury_meld_cards=forbidden"]);
    // Forehand (seat 1) holds the spade family.
    let mut d = deal_with(r, 0, &["", "AS TS KS QS JS"], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    assert_eq!(d.phase(), Phase::Declare, "trump is named before burying");
    play(&mut d, &["trump S"]);
    assert_eq!(d.phase(), Phase::Bury);
    assert_eq!(d.outcome().melds, None, "melds are undecided until the burial");
    let e = d.play(Action::Bury(
        cs("AS")
            .union(
                d.hand(1)
                    .minus(cs("AS TS KS QS JS"))
                    .unwrap()
                    .iter()
                    .take(2)
                    .collect(),
            )
            .unwrap(),
    ));
    assert!(matches!(e, Err(IllegalAction::MeldCardBuried { .. })), "{e:?}");
    for a in d.legal_actions() {
        if let Action::Bury(s) = a {
            assert!(!s.contains(Card::parse("AS").unwrap()));
        }
    }
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    assert_eq!(d.phase(), Phase::Play);
    assert!(d.melds()[1] >= 150);
    assert_eq!(d.outcome().melds, Some(d.melds()));
}

/// A record that stops between the declaration and the burial under `forbidden` reports the
/// melds as null (RECORDS.md: undecided values are null).
#[test]
fn s10_bury_meld_cards_forbidden_record_before_the_burial_has_null_melds() {
    let r = rules(&["bury_meld_cards=forbidden"]);
    let mut g = Game::new(r, vec![]);
    g.start_seeded_deal(3).unwrap();
    for x in ["bid 150", "pass", "pass", "trump S"] {
        g.play(act(x)).unwrap();
    }
    let rec = binokel::record::write_record(&g).to_string();
    match referee(&rec) {
        Verdict::Legal(v) => assert!(v["deals"][0]["melds"].is_null(), "{v}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn s10_bury_meld_cards_forbidden_any_burial_when_fewer_than_three_others() {
    let r = rules(&["bury_meld_cards=forbidden"]);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    play(&mut d, &["trump S"]);
    let hand = d.hand(1);
    let used = binokel::meld::meld_cards(hand, Some(Suit::Spades), &r);
    let free = hand.minus(used).unwrap();
    assert_eq!(d.buriable(), if free.len() < 3 { hand } else { free });
}

#[test]
fn s10_calling_a_card_and_giving_one_back() {
    let r = rules(&["calling=on"]);
    // Soloist: forehand seat 1 (dealer 0). Seat 2 holds one AH, seat 0 the other.
    let mut d = deal_with(r, 0, &["AH", "", "AH"], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    assert!(d.legal_actions().contains(&act("call AH")));
    // The soloist cannot call a card it holds.
    let held = d.hand(1).iter().next().unwrap();
    assert!(matches!(
        d.play(Action::Call(held)),
        Err(IllegalAction::CannotCall { .. })
    ));
    play(&mut d, &["call AH"]);
    // Both opponents hold one: the first in playing order after the soloist (seat 2) gives.
    assert_eq!(d.call(), Some((Card::parse("AH").unwrap(), 2)));
    assert_eq!(d.hand(1).len(), 19);
    assert_eq!(d.hand(2).len(), 14);
    // Now only a card to give back.
    assert!(d.legal_actions().iter().all(|a| matches!(a, Action::Give(_))));
    let give = d.legal_actions()[0];
    d.play(give).unwrap();
    assert_eq!(d.hand(1).len(), 18);
    assert_eq!(d.hand(2).len(), 15);
    // One call per deal; now bury.
    assert!(d.legal_actions().iter().all(|a| matches!(a, Action::Bury(_))));
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(act("trump H")).unwrap();
    play_out(&mut d);
    assert_eq!(d.card_points().iter().sum::<u32>(), 250);
}

#[test]
fn s10_calling_is_optional() {
    let r = rules(&["calling=on"]);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    let b = d
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Bury(_)))
        .unwrap();
    d.play(b).unwrap();
    assert_eq!(d.phase(), Phase::Declare);
}

#[test]
fn s10_the_give_is_hidden_from_the_third_seat() {
    let r = rules(&["calling=on"]);
    let mut g = Game::new(r, vec![]);
    g.start_seeded_deal(4).unwrap();
    for x in ["bid 150", "pass", "pass"] {
        g.play(act(x)).unwrap();
    }
    let call = g
        .current()
        .unwrap()
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Call(_)))
        .unwrap();
    g.play(call).unwrap();
    let give = g.current().unwrap().legal_actions()[0];
    g.play(give).unwrap();
    let d = *g.current().unwrap();
    let (_, giver) = d.call().unwrap();
    let sol = d.soloist().unwrap();
    let third = (0..3).find(|&s| s != sol && s != giver).unwrap();
    let seen = |s: Option<usize>| binokel::View::of(&g, s).unwrap().history.last().unwrap().action;
    assert_eq!(seen(Some(sol)), Some(give));
    assert_eq!(seen(Some(giver)), Some(give));
    assert_eq!(seen(Some(third)), None);
    assert_eq!(seen(None), None);
}

// ----- Melds -----

#[test]
fn s10_rundgang_is_one_meld_of_the_same_value() {
    let r = rules(&["rundgang=on"]);
    let m = binokel::meld::melds(cs("KS QS KH QH KD QD KC QC"), Some(Suit::Hearts), &r);
    assert_eq!(m.as_slice().len(), 1);
    assert_eq!(m.as_slice()[0].kind, binokel::MeldKind::Rundgang);
    assert_eq!(m.total(), 240);
}

#[test]
fn s10_family_pair_included_scores_the_familys_own_pair() {
    let r = rules(&["family_pair=included"]);
    assert_eq!(
        binokel::meld::meld_total(cs("AS TS KS QS JS"), Some(Suit::Spades), &r),
        190
    );
}

// ----- Play -----

#[test]
fn s10_first_lead_soloist() {
    let r = rules(&["first_lead=soloist"]);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["bid 150", "bid 160", "pass", "pass"]);
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(act("trump C")).unwrap();
    assert_eq!(d.to_act(), Some(2));
}

#[test]
fn s10_bettel_soloist_takes_no_trick_for_500() {
    let r = rules(&["bettel=on"]);
    // Soloist forehand (seat 1) holds only low cards of hearts where others hold aces.
    let mut d = deal_with(r, 0, &["AH AH", "9H 9H", "TH TH"], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(Action::Bettel).unwrap();
    assert_eq!(d.contract(), Some(Contract::Bettel));
    assert_eq!(d.melds(), [0; 4]);
    assert_eq!(d.to_act(), Some(1), "forehand leads in Bettel");
    // Whatever happens, the first trick the soloist takes ends the deal at -500.
    play_out(&mut d);
    let s = d.scores()[1];
    assert!(s == 500 || s == -500);
    if s == -500 {
        assert!(d.tricks_taken()[1] == 1);
    } else {
        assert_eq!(d.tricks_taken()[1], 0);
    }
    assert_eq!(d.scores()[0], 0);
    assert_eq!(d.scores()[2], 0);
}

#[test]
fn s10_durch_off_removes_the_declaration() {
    let r = rules(&["durch=off"]);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    assert!(!d.legal_actions().contains(&Action::Durch));
    assert!(matches!(d.play(Action::Durch), Err(IllegalAction::OptionOff(_))));
}

// ----- Scoring and the match -----

#[test]
fn s10_rounding_ten_halves_towards_plus_infinity() {
    assert_eq!(round_ten(165), 170);
    assert_eq!(round_ten(-345), -340);
    assert_eq!(round_ten(164), 160);
    assert_eq!(round_ten(-346), -350);
    assert_eq!(round_ten(-300), -300);
}

#[test]
fn s10_failed_bonus_and_rounding_in_a_played_deal() {
    let r = rules(&["failed_bonus=30", "rounding=ten"]);
    let mut d = deal_with(r, 0, &[], "");
    play(&mut d, &["bid 150", "pass", "pass"]);
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(act("surrender S")).unwrap();
    let o = d.outcome();
    assert_eq!(o.scores[1], -150);
    for s in [0, 2] {
        assert_eq!(o.scores[s], round_ten(50 + o.melds.unwrap()[s] as i32 + 30));
        assert_eq!(o.scores[s] % 10, 0);
    }
}

#[test]
fn s10_opponents_need_trick_no_counts_melds_without_a_trick() {
    let r = rules(&["opponents_need_trick=no"]);
    // Find a seeded deal where an opponent with melds takes no trick under first-legal play.
    for seed in 0..400 {
        let mut g = Game::new(r, vec![]);
        g.start_seeded_deal(seed).unwrap();
        while g.to_act().is_some() {
            let l = g.current().unwrap().legal_actions();
            let pick = l
                .iter()
                .find(|a| matches!(a, Action::Trump(_)))
                .copied()
                .unwrap_or(l[0]);
            g.play(pick).unwrap();
        }
        let o = g.current().unwrap().outcome();
        let sol = o.soloist.unwrap();
        if let Some(s) = (0..3).find(|&s| s != sol && o.tricks[s] == 0 && o.melds.unwrap()[s] > 0) {
            assert_eq!(o.scores[s], o.melds.unwrap()[s] as i32);
            return;
        }
    }
    panic!("no deal with a trickless opponent holding melds");
}

#[test]
fn s10_match_end_highest_ignores_soloist_priority() {
    let r = rules(&["match_end=highest"]);
    assert_eq!(match_winner(&r, &[1500, 1700, 0, 0], 0), Some(1));
    assert_eq!(match_winner(&r, &[1600, 1600, 0, 0], 0), None);
    let std = Rules::default();
    assert_eq!(match_winner(&std, &[1500, 1700, 0, 0], 0), Some(0));
}

// ----- Section 11: presets -----

#[test]
fn s11_presets_bundle_their_options() {
    let sw = Rules::preset(Preset::Swabian);
    assert_eq!(
        (sw.opening, sw.calling, sw.rundgang, sw.bury_meld_cards),
        (200, true, true, false)
    );
    let du = Rules::preset(Preset::Dutch);
    assert_eq!((du.target, du.failed_bonus, du.bettel), (1000, 30, true));
    let kr = Rules::preset(Preset::Kreuz);
    assert_eq!((kr.players, kr.tapp, kr.target), (4, 8, 500));
    for p in [
        Preset::Standard,
        Preset::Swabian,
        Preset::Dutch,
        Preset::Forty,
        Preset::Kreuz,
    ] {
        Rules::preset(p).validate().unwrap();
    }
}

#[test]
fn s11_records_name_rules_by_preset_or_object() {
    for rules_json in [
        r#""swabian""#,
        r#"{"preset": "dutch", "target": 1500}"#,
        r#""kreuz""#,
    ] {
        let text = format!(r#"{{"format": "binokel-record/1", "rules": {rules_json}, "deals": []}}"#);
        assert_eq!(referee(&text).exit_code(), 0, "{rules_json}");
    }
    let bad = r#"{"format": "binokel-record/1", "rules": {"preset": "standard", "tapp": 5}, "deals": []}"#;
    assert!(matches!(referee(bad), Verdict::NotARecord(m) if m.contains("tapp")));
    let impossible =
        r#"{"format": "binokel-record/1", "rules": {"preset": "kreuz", "pack": 40}, "deals": []}"#;
    assert_eq!(referee(impossible).exit_code(), 2);
}

// ----- Section 12: four players -----

#[test]
fn s12_four_players_hand_sizes_and_packets() {
    for (tapp, hs) in [(8, 10), (4, 11), (0, 12)] {
        let r = rules(&["players=4", &format!("tapp={tapp}")]);
        assert_eq!(r.hand_size(), hs);
        let pack: Vec<Card> = CardSet::PACK.iter().collect();
        let (hands, t) = distribute(&r, 3, &pack);
        assert_eq!(t.len(), tapp);
        for h in &hands {
            assert_eq!(h.len(), hs);
        }
        // The Tapp comes right after the first round of packets of 3.
        let tapp_cards: CardSet = pack[12..12 + tapp].iter().copied().collect();
        assert_eq!(t, tapp_cards);
    }
}

#[test]
fn s12_four_seat_auction_survivor_meets_the_next_seat() {
    let r = rules(&["players=4"]);
    // dealer 3: forehand 0, middlehand 1, third 2, dealer 3.
    let mut d = deal_with(r, 3, &[], "");
    play(&mut d, &["bid 150", "pass"]);
    assert_eq!(d.to_act(), Some(2));
    play(&mut d, &["bid 160", "pass"]);
    // Forehand passed: seat 2 survives and meets the dealer.
    assert_eq!(d.to_act(), Some(3));
    play(&mut d, &["pass"]);
    assert_eq!(d.soloist(), Some(2));
    assert_eq!(d.hand(2).len(), 18, "10 cards and the Tapp of 8");
    let b = d.legal_actions()[0];
    assert!(matches!(b, Action::Bury(s) if s.len() == 8));
}

#[test]
fn s12_partners_share_one_score() {
    let r = rules(&["players=4", "tapp=0"]);
    let mut d = deal_with(r, 3, &[], "");
    play(&mut d, &["bid 150", "pass", "pass", "pass"]);
    assert_eq!(d.phase(), Phase::Declare, "no exchange with a Tapp of 0");
    d.play(act("trump D")).unwrap();
    play_out(&mut d);
    let o = d.outcome();
    assert_eq!(o.scores[0], o.scores[2]);
    assert_eq!(o.scores[1], o.scores[3]);
    assert_eq!(o.card_points.iter().sum::<u32>(), 250);
    // The soloist's team: both partners' card points and melds against the bid.
    let team = o.card_points[0] + o.card_points[2];
    let took = o.tricks[0] + o.tricks[2] > 0;
    let melds = if took {
        o.melds.unwrap()[0] + o.melds.unwrap()[2]
    } else {
        0
    };
    let total = (team + melds) as i32;
    let expect = if took && total >= 150 { total } else { -300 };
    assert_eq!(o.scores[0], expect);
}

#[test]
fn s12_surrender_gives_the_other_team_100_plus_melds() {
    let r = rules(&["players=4", "tapp=4"]);
    let mut d = deal_with(r, 3, &[], "");
    play(&mut d, &["bid 150", "pass", "pass", "pass"]);
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(act("surrender H")).unwrap();
    let o = d.outcome();
    let m = o.melds.unwrap();
    assert_eq!(o.scores[0], -150);
    assert_eq!(o.scores[2], -150);
    assert_eq!(o.scores[1], 100 + (m[1] + m[3]) as i32);
    assert_eq!(o.scores[3], o.scores[1]);
}

#[test]
fn s12_team_match_end_names_the_lower_seat() {
    let r = Rules::preset(Preset::Kreuz);
    assert_eq!(match_winner(&r, &[400, 520, 400, 520], 0), Some(1));
    assert_eq!(match_winner(&r, &[520, 520, 520, 520], 0), None);
}

// ----- Calling with four players (sections 10 and 12) -----

/// A four-seat deal with calling, dealer 3, where seat 0 wins the auction at once.
fn four_seat_call_deal(partial: &[&str]) -> Deal {
    let r = rules(&["players=4", "tapp=4", "calling=on"]);
    let mut d = deal_with(r, 3, partial, "");
    play(&mut d, &["bid 150", "pass", "pass", "pass"]);
    assert_eq!(d.soloist(), Some(0));
    d
}

#[test]
fn s10_calling_with_four_players_only_an_opponent_gives() {
    // Soloist 0, partner 2. Seat 1 holds no AH, the partner one, seat 3 the other: seat 3
    // gives, though the partner comes first in playing order.
    let mut d = four_seat_call_deal(&["", "", "AH", "AH"]);
    assert!(d.hand(1).count(Card::parse("AH").unwrap()) == 0);
    let before = [d.hand(0), d.hand(1), d.hand(2), d.hand(3)];
    play(&mut d, &["call AH"]);
    assert_eq!(d.call(), Some((Card::parse("AH").unwrap(), 3)));
    assert_eq!(d.hand(2), before[2], "the partner never gives");
    assert_eq!(d.hand(3).len(), before[3].len() - 1);
    assert!(d.legal_actions().iter().all(|a| matches!(a, Action::Give(_))));
    let give = d.legal_actions()[0];
    d.play(give).unwrap();
    assert_eq!(d.hand(3).len(), before[3].len());
}

#[test]
fn s10_calling_a_card_only_the_partner_holds_is_void() {
    // The partner (seat 2) holds both AH: the call is legal (it reveals nothing), but nobody
    // gives and nothing is given back; the soloist goes on to bury.
    let mut d = four_seat_call_deal(&["", "", "AH AH"]);
    let before = [d.hand(0), d.hand(1), d.hand(2), d.hand(3)];
    assert!(d.legal_actions().contains(&act("call AH")));
    play(&mut d, &["call AH"]);
    assert_eq!(d.called(), Some(Card::parse("AH").unwrap()));
    assert_eq!(d.call(), None, "a void call has no giver");
    assert_eq!([d.hand(0), d.hand(1), d.hand(2), d.hand(3)], before);
    assert!(d.legal_actions().iter().all(|a| matches!(a, Action::Bury(_))));
    assert!(
        !d.legal_actions().iter().any(|a| matches!(a, Action::Call(_))),
        "one call a deal"
    );
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(act("trump S")).unwrap();
    play_out(&mut d);
    assert_eq!(d.card_points().iter().sum::<u32>(), 250);
}

#[test]
fn s10_every_card_the_soloist_lacks_may_be_called_with_four_players() {
    // Whoever holds the copies, the legal calls are the cards of which the soloist holds none.
    let d = four_seat_call_deal(&["", "", "AH AH"]);
    let hand = d.hand(0);
    let calls: Vec<Card> = d
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(c),
            _ => None,
        })
        .collect();
    let lacking: Vec<Card> = Card::all().filter(|c| hand.count(*c) == 0).collect();
    assert_eq!(calls, lacking);
}
