//! One test (or more) per rule of RULES.md sections 1 to 9, named after the rule.

mod common;

use binokel::deal::{distribute, legal_response};
use binokel::game::match_winner;
use binokel::{Action, Card, CardSet, Contract, Deal, Game, IllegalAction, Phase, Rules, Suit};
use common::cs;

fn c(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn a(s: &str) -> Action {
    Action::parse_lenient(s, binokel::Low::Nine).unwrap()
}

/// A standard deal whose hands start with the given cards (see `common::deal_with`).
fn deal_with(dealer: usize, partial: [&str; 3], tapp: &str) -> Deal {
    common::deal_with(Rules::default(), dealer, &partial, tapp)
}

fn play_all(d: &mut Deal, actions: &[&str]) {
    for x in actions {
        d.play(a(x)).unwrap_or_else(|e| panic!("{x}: {e}"));
    }
}

// ----- Section 1: cards and notation -----

#[test]
fn s1_pack_has_two_copies_of_24_cards_and_240_points() {
    assert_eq!(CardSet::PACK.len(), 48);
    assert_eq!(CardSet::PACK.points(), 240);
    for card in Card::all() {
        assert_eq!(CardSet::PACK.count(card), 2);
    }
}

#[test]
fn s1_card_codes_are_rank_then_suit_upper_case() {
    assert_eq!(c("10h").to_string(), "TH");
    assert_eq!(
        Card::parse_code("QS", binokel::Low::Nine)
            .unwrap()
            .pretty(binokel::Low::Nine),
        "Q♠"
    );
    assert!(Card::parse_code("th", binokel::Low::Nine).is_err());
}

#[test]
fn s1_first_copy_beats_the_second_seed_example() {
    // The seed's example: A leads AH, B must play the second AH, C plays TH: A takes 32.
    let mut d = deal_with(2, ["AH", "AH", "TH"], "");
    // dealer 2: forehand 0 (A), middlehand 1 (B), rearhand 2 (C).
    play_all(&mut d, &["bid 150", "pass", "pass"]);
    let bury = d.legal_actions()[0];
    d.play(bury).unwrap();
    d.play(Action::Trump(Suit::Clubs)).unwrap();
    // B holds the second AH and must play it (follow; nothing beats an ace).
    d.play(a("AH")).unwrap();
    assert_eq!(d.legal_cards() & (1 << c("AH").index()), 1 << c("AH").index());
    d.play(a("AH")).unwrap();
    // C must follow hearts; nothing beats the ace.
    d.play(a("TH")).unwrap();
    assert_eq!(d.tricks_taken()[0], 1);
    assert_eq!(d.trick_points()[0], 32);
    assert_eq!(d.to_act(), Some(0));
}

// ----- Section 2: seats and the deal -----

#[test]
fn s2_forehand_is_after_the_dealer_and_the_deal_passes_to_the_previous_forehand() {
    let mut g = Game::new(Rules::default(), vec![]);
    g.start_seeded_deal(1).unwrap();
    let first = g.current().unwrap().dealer();
    assert_eq!(g.current().unwrap().forehand(), (first + 1) % 3);
    assert_eq!(g.to_act(), Some((first + 1) % 3));
    while g.to_act().is_some() {
        let x = g.current().unwrap().legal_actions();
        let pick = x
            .iter()
            .find(|a| matches!(a, Action::Surrender(_)))
            .copied()
            .unwrap_or(x[0]);
        g.play(pick).unwrap();
    }
    assert_eq!(g.next_dealer(), Some((first + 1) % 3));
    g.start_seeded_deal(2).unwrap();
    assert_eq!(g.current().unwrap().dealer(), (first + 1) % 3);
}

#[test]
fn s2_deal_packets_of_three_tapp_after_the_first_round() {
    // An ordered pack: position i holds a known card; check where each position goes.
    let pack: Vec<Card> = CardSet::PACK.iter().collect();
    let (hands, tapp) = distribute(&Rules::default(), 0, &pack);
    // dealer 0: forehand 1, middlehand 2, rearhand 0.
    let take = |r: std::ops::Range<usize>| pack[r].iter().copied().collect::<CardSet>();
    let expect_fh = take(0..3)
        .union(take(12..15))
        .unwrap()
        .union(take(21..24))
        .unwrap();
    assert!(hands[1].contains_all(expect_fh));
    assert!(hands[2].contains_all(take(3..6)));
    assert!(hands[0].contains_all(take(6..9)));
    assert_eq!(tapp, take(9..12));
    for h in &hands[..3] {
        assert_eq!(h.len(), 15);
    }
}

#[test]
fn s2_seeded_deals_are_reproducible_and_cut_leaves_three() {
    use rand::SeedableRng;
    let d1 = Deal::shuffled(
        Rules::default(),
        0,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(42),
    );
    let d2 = Deal::shuffled(
        Rules::default(),
        0,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(42),
    );
    let d3 = Deal::shuffled(
        Rules::default(),
        0,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(43),
    );
    assert_eq!(d1, d2);
    assert_ne!(d1, d3);
    // Every deal is a partition of the pack.
    let all = d1
        .hand(0)
        .union(d1.hand(1))
        .unwrap()
        .union(d1.hand(2))
        .unwrap()
        .union(d1.tapp())
        .unwrap();
    assert_eq!(all, CardSet::PACK);
}

#[test]
fn s2_setup_must_be_exactly_the_pack() {
    let d = deal_with(0, ["", "", ""], "");
    let mut s = d.setup();
    let first = s.hands[0].iter().next().unwrap();
    s.hands[0].remove(first);
    assert!(Deal::new(&s).is_err());
    let mut s = d.setup();
    s.dealer = 3;
    assert!(Deal::new(&s).is_err());
}

// ----- Section 3: bidding -----

#[test]
fn s3_forehand_opens_at_150_and_cannot_pass() {
    let mut d = deal_with(0, ["", "", ""], "");
    assert_eq!(d.legal_actions(), vec![Action::Bid(150)]);
    assert!(matches!(
        d.play(Action::Pass),
        Err(IllegalAction::MustOpen { .. })
    ));
    assert!(d.play(Action::Bid(160)).is_err());
}

#[test]
fn s3_raises_are_exactly_ten_and_no_jumps() {
    let mut d = deal_with(0, ["", "", ""], "");
    d.play(a("bid 150")).unwrap();
    assert_eq!(d.legal_actions(), vec![Action::Pass, Action::Bid(160)]);
    let err = d.play(a("bid 170")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bid 170 is out of step: expected pass or bid 160"
    );
}

#[test]
fn s3_forehand_and_middlehand_alternate_then_rearhand_meets_the_survivor() {
    // dealer 0: forehand 1, middlehand 2, rearhand 0.
    let mut d = deal_with(0, ["", "", ""], "");
    play_all(&mut d, &["bid 150", "bid 160", "bid 170", "pass"]);
    // Middlehand passed: rearhand (0) against forehand (1) at 170.
    assert_eq!(d.to_act(), Some(0));
    play_all(&mut d, &["bid 180"]);
    assert_eq!(d.to_act(), Some(1));
    play_all(&mut d, &["bid 190", "pass"]);
    assert_eq!(d.soloist(), Some(1));
    assert_eq!(d.bid(), 190);
    assert_eq!(d.phase(), Phase::Bury);
}

#[test]
fn s3_a_pass_is_final() {
    let mut d = deal_with(0, ["", "", ""], "");
    play_all(&mut d, &["bid 150", "pass"]);
    // Middlehand (2) passed; rearhand (0) now, then forehand; middlehand never again.
    assert_eq!(d.to_act(), Some(0));
    play_all(&mut d, &["bid 160"]);
    assert_eq!(d.to_act(), Some(1));
    play_all(&mut d, &["bid 170"]);
    assert_eq!(d.to_act(), Some(0));
}

#[test]
fn s3_both_others_pass_forehand_plays_at_150() {
    let mut d = deal_with(1, ["", "", ""], "");
    play_all(&mut d, &["bid 150", "pass", "pass"]);
    assert_eq!(d.soloist(), Some(2));
    assert_eq!(d.bid(), 150);
}

#[test]
fn s3_middlehand_wins_when_forehand_passes_and_rearhand_passes() {
    let mut d = deal_with(0, ["", "", ""], "");
    play_all(&mut d, &["bid 150", "bid 160", "pass", "pass"]);
    assert_eq!(d.soloist(), Some(2));
    assert_eq!(d.bid(), 160);
}

#[test]
fn s3_rearhand_can_win_the_auction() {
    let mut d = deal_with(0, ["", "", ""], "");
    play_all(&mut d, &["bid 150", "pass", "bid 160", "pass"]);
    assert_eq!(d.soloist(), Some(0));
    assert_eq!(d.bid(), 160);
}

// ----- Section 4: exchange and declaration -----

#[test]
fn s4_the_tapp_joins_the_soloists_hand_and_three_are_buried() {
    let mut d = deal_with(0, ["", "", ""], "AS AH AD");
    play_all(&mut d, &["bid 150", "pass", "pass"]);
    let s = d.soloist().unwrap();
    assert_eq!(d.hand(s).len(), 18);
    assert!(d.hand(s).contains_all(cs("AS AH AD")));
    assert!(matches!(
        d.play(Action::Bury(cs("AS AH"))),
        Err(IllegalAction::BurialSize { .. })
    ));
    d.play(Action::Bury(cs("AS AH AD"))).unwrap();
    assert_eq!(d.hand(s).len(), 15);
    assert_eq!(d.phase(), Phase::Declare);
    // Buried points count for the soloist.
    assert_eq!(d.card_points()[s], 33);
}

#[test]
fn s4_buried_cards_never_form_melds() {
    // Forehand (seat 1) holds a spade family; burying its ace breaks it.
    let mut d = deal_with(0, ["", "AS TS KS QS JS", ""], "");
    play_all(&mut d, &["bid 150", "pass", "pass"]);
    d.play(Action::Bury(
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
    ))
    .unwrap();
    d.play(a("trump S")).unwrap();
    assert!(d.melds()[1] < 150);
}

#[test]
fn s4_declarations_are_trump_durch_or_surrender() {
    let mut d = deal_with(0, ["", "", ""], "");
    play_all(&mut d, &["bid 150", "pass", "pass"]);
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    let l = d.legal_actions();
    assert_eq!(l.len(), 9);
    assert!(l.contains(&Action::Durch));
    assert!(d.play(Action::Bettel).is_err(), "Bettel is a house rule");
}

#[test]
fn s4_surrender_scores_minus_the_bid_and_opponents_50_plus_melds() {
    let mut d = deal_with(0, ["", "", "KH QH"], "");
    play_all(&mut d, &["bid 150", "bid 160", "pass", "pass"]);
    // Middlehand (2) is soloist at 160.
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(a("surrender H")).unwrap();
    assert!(d.is_over());
    let o = d.outcome();
    assert_eq!(o.contract, Some(Contract::Surrender(Suit::Hearts)));
    assert_eq!(o.scores[2], -160);
    assert_eq!(o.scores[0], 50 + o.melds.unwrap()[0] as i32);
    assert_eq!(o.scores[1], 50 + o.melds.unwrap()[1] as i32);
    assert_eq!(o.tricks, [0; 4]);
}

// ----- Section 6: play -----

#[test]
fn s6_holding_the_led_suit_follow_and_beat() {
    let hand = cs("KH AH 9H AS").kinds();
    // Led QH, winning QH: must play a heart that beats it (K or A).
    assert_eq!(
        legal_response(hand, Suit::Hearts, c("QH"), Some(Suit::Spades)),
        cs("KH AH").kinds()
    );
    // Winning AH: no heart beats it, any heart.
    assert_eq!(
        legal_response(hand, Suit::Hearts, c("AH"), Some(Suit::Spades)),
        cs("KH AH 9H").kinds()
    );
}

#[test]
fn s6_led_suit_trumped_any_card_of_the_led_suit() {
    let hand = cs("KH AH 9H AS").kinds();
    assert_eq!(
        legal_response(hand, Suit::Hearts, c("9S"), Some(Suit::Spades)),
        cs("KH AH 9H").kinds()
    );
}

#[test]
fn s6_void_in_the_led_suit_must_trump_and_overtrump() {
    let hand = cs("9S KS AD").kinds();
    // Winning card not a trump: any trump.
    assert_eq!(
        legal_response(hand, Suit::Hearts, c("AH"), Some(Suit::Spades)),
        cs("9S KS").kinds()
    );
    // Winning trump QS: overtrump with KS.
    assert_eq!(
        legal_response(hand, Suit::Hearts, c("QS"), Some(Suit::Spades)),
        cs("KS").kinds()
    );
    // Winning trump AS: cannot overtrump, still any trump.
    assert_eq!(
        legal_response(hand, Suit::Hearts, c("AS"), Some(Suit::Spades)),
        cs("9S KS").kinds()
    );
}

#[test]
fn s6_no_led_suit_and_no_trump_any_card() {
    let hand = cs("9D KD AC").kinds();
    assert_eq!(
        legal_response(hand, Suit::Hearts, c("AH"), Some(Suit::Spades)),
        hand
    );
    // Without trump (Durch) too.
    assert_eq!(legal_response(hand, Suit::Hearts, c("AH"), None), hand);
}

#[test]
fn s6_illegal_card_says_why_and_leaves_the_deal_untouched() {
    let mut d = deal_with(2, ["KH", "AH QH", "9C"], "");
    play_all(&mut d, &["bid 150", "pass", "pass"]);
    let b = d.legal_actions()[0];
    d.play(b).unwrap();
    d.play(a("trump C")).unwrap();
    d.play(a("KH")).unwrap();
    let before = d;
    let e = d.play(a("QH")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("QH is not a legal card: must beat KH ("),
        "{e}"
    );
    assert_eq!(d, before);
    let e = d.play(a("JS")).unwrap_err();
    assert!(
        e.to_string().contains("not in the hand") || e.to_string().contains("must"),
        "{e}"
    );
    assert_eq!(d, before);
}

#[test]
fn s6_the_trick_winner_leads_the_next_trick_and_all_fifteen_are_played() {
    let mut g = Game::new(Rules::default(), vec![]);
    g.start_seeded_deal(11).unwrap();
    g.play(Action::Bid(150)).unwrap();
    g.play(Action::Pass).unwrap();
    g.play(Action::Pass).unwrap();
    let b = g.current().unwrap().legal_actions()[0];
    g.play(b).unwrap();
    g.play(Action::Trump(Suit::Hearts)).unwrap();
    let mut last_tricks = 0;
    while let Some(seat) = g.to_act() {
        let d = *g.current().unwrap();
        if d.current_trick().is_empty() && d.tricks_played() > 0 {
            assert_eq!(Some(seat), Some(d.leader()));
        }
        g.play(d.legal_actions()[0]).unwrap();
        last_tricks = g.current().unwrap().tricks_played();
    }
    assert_eq!(last_tricks, 15);
}

// ----- Section 7: scoring -----

#[test]
fn s7_seed_example_bid_200_made_with_240_failed_with_190() {
    // The scoring rule itself, on the worked numbers: 90 in tricks and burial + family 150.
    let total = 90 + 150;
    let bid = 200;
    assert!(total >= bid);
    let scored = |t: i32, took: bool| if took && t >= bid { t } else { -2 * bid };
    assert_eq!(scored(total, true), 240);
    assert_eq!(scored(190, true), -400);
}

#[test]
fn s7_last_trick_adds_ten_and_a_normal_deal_holds_250() {
    let mut g = Game::new(Rules::default(), vec![]);
    g.start_seeded_deal(12).unwrap();
    while g.to_act().is_some() {
        let l = g.current().unwrap().legal_actions();
        let pick = l
            .iter()
            .find(|x| matches!(x, Action::Trump(_)))
            .copied()
            .unwrap_or(l[0]);
        g.play(pick).unwrap();
    }
    let o = g.current().unwrap().outcome();
    assert_eq!(o.card_points.iter().sum::<u32>(), 250);
}

// Records with exact scores for made, failed, no-trick and surrender deals are in the
// conformance tests (exactly-the-bid, ten-short, soloist-no-trick, opponent-no-trick).

// ----- Section 8: Durch -----

#[test]
fn s8_durch_soloist_leads_no_melds_and_loses_at_the_first_lost_trick() {
    let mut d = deal_with(0, ["", "AH", "9H"], "");
    // forehand 1 holds AH; soloist will be middlehand 2 with 9H.
    play_all(&mut d, &["bid 150", "bid 160", "pass", "pass"]);
    assert_eq!(d.soloist(), Some(2));
    let b = d
        .legal_actions()
        .into_iter()
        .find(|x| matches!(x, Action::Bury(s) if !s.contains(c("9H"))))
        .unwrap();
    d.play(b).unwrap();
    d.play(Action::Durch).unwrap();
    assert_eq!(d.to_act(), Some(2), "the soloist leads in Durch");
    assert_eq!(d.melds(), [0; 4]);
    d.play(a("9H")).unwrap();
    // Seat 0 follows with whatever heart (or anything), seat 1 plays AH and wins.
    let x = d.legal_actions()[0];
    d.play(x).unwrap();
    if d.legal_cards() & (1 << c("AH").index()) != 0 {
        d.play(a("AH")).unwrap();
        assert!(d.is_over());
        assert_eq!(d.scores()[2], -1000);
        assert_eq!(d.scores()[0], 0);
        assert_eq!(d.scores()[1], 0);
    }
}

// ----- Section 9: the match -----

fn totals(v: [i32; 3]) -> [i32; 4] {
    [v[0], v[1], v[2], 0]
}

#[test]
fn s9_nobody_at_1500_plays_on() {
    assert_eq!(match_winner(&Rules::default(), &totals([1499, 0, 1200]), 0), None);
}

#[test]
fn s9_soloist_at_1500_wins_even_if_an_opponent_has_more() {
    assert_eq!(
        match_winner(&Rules::default(), &totals([1500, 1700, 0]), 0),
        Some(0)
    );
}

#[test]
fn s9_one_opponent_at_1500_wins() {
    assert_eq!(
        match_winner(&Rules::default(), &totals([1400, 1510, 0]), 0),
        Some(1)
    );
}

#[test]
fn s9_both_opponents_at_1500_the_higher_wins() {
    assert_eq!(
        match_winner(&Rules::default(), &totals([100, 1510, 1600]), 0),
        Some(2)
    );
}

#[test]
fn s9_both_opponents_equal_play_one_more_deal() {
    assert_eq!(
        match_winner(&Rules::default(), &totals([100, 1600, 1600]), 0),
        None
    );
    // In the extra deal the third player can still win as soloist.
    assert_eq!(
        match_winner(&Rules::default(), &totals([1500, 1700, 1600]), 0),
        Some(0)
    );
}

#[test]
fn s9_target_option_works() {
    let mut r = Rules::default();
    r.set("target", "1000").unwrap();
    assert_eq!(match_winner(&r, &totals([1000, 0, 0]), 0), Some(0));
}

#[test]
fn s9_no_deal_after_the_match_is_won() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/conformance/records/match-to-the-end.json"),
    )
    .unwrap();
    let mut g = binokel::record::read_record(&text).unwrap();
    assert!(g.is_over());
    assert_eq!(g.start_seeded_deal(7), Err(binokel::StartError::MatchOver));
}

#[test]
fn s2_the_shuffle_is_fair() {
    // Over many seeded deals every card kind lands in each hand and in the Tapp in proportion
    // to their sizes (15 : 15 : 15 : 3), within five standard deviations.
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
    let deals = 40_000;
    let mut counts = [[0u32; 4]; 24];
    for i in 0..deals {
        let d = Deal::shuffled(Rules::default(), i % 3, &mut rng);
        for card in Card::all() {
            for s in 0..3 {
                // Seats relative to forehand, so the dealer rotation does not blur the test.
                let rel = (s + 3 - d.forehand()) % 3;
                counts[card.index()][rel] += d.hand(s).count(card);
            }
            counts[card.index()][3] += d.tapp().count(card);
        }
    }
    for (k, row) in counts.iter().enumerate() {
        for (dest, &n) in row.iter().enumerate() {
            let p = if dest == 3 { 3.0 / 48.0 } else { 15.0 / 48.0 };
            let trials = 2.0 * deals as f64;
            let mean = trials * p;
            let sd = (trials * p * (1.0 - p)).sqrt();
            assert!(
                (n as f64 - mean).abs() < 5.0 * sd,
                "card {k} dest {dest}: {n} vs {mean:.0}"
            );
        }
    }
}

/// A bid above the highest bid names the limit (a regression: `bid 1010` after 1000 said
/// "expected pass or a bid from 1010 in steps of 10", a bid that cannot be made).
#[test]
fn a_bid_above_the_highest_names_the_limit() {
    let seeded = || <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
    // Exact raises (the standard game): the one bid allowed is named.
    let mut d = Deal::shuffled(Rules::default(), 0, &mut seeded());
    d.play(Action::Bid(150)).unwrap();
    let e = d.check(Action::Bid(1010)).unwrap_err().to_string();
    assert!(e.contains("pass or bid 160"), "{e}");
    // Jumps: the range up to the highest bid, then nothing above it.
    let mut rules = Rules::default();
    rules.set("raise", "jumps").unwrap();
    let mut d = Deal::shuffled(rules, 0, &mut seeded());
    d.play(Action::Bid(150)).unwrap();
    let e = d.check(Action::Bid(1010)).unwrap_err().to_string();
    assert!(e.contains("to 1000 (the highest bid)"), "{e}");
    d.play(Action::Bid(1000)).unwrap();
    let e = d.check(Action::Bid(1010)).unwrap_err().to_string();
    assert!(e.contains("pass (1000 is the highest bid)"), "{e}");
    assert!(!e.contains("from 1010"), "{e}");
}

/// A record that starts with a UTF-8 byte order mark is read like the same record without it
/// (a regression: it was "not JSON").
#[test]
fn a_record_with_a_byte_order_mark_is_read() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/conformance/records");
    let text = std::fs::read_to_string(format!("{dir}/durch-lost.json")).unwrap();
    let plain = binokel::record::referee(&text);
    let with_bom = binokel::record::referee(&format!("\u{FEFF}{text}"));
    assert_eq!(plain.exit_code(), 0);
    assert_eq!(with_bom.exit_code(), plain.exit_code());
    assert_eq!(format!("{with_bom:?}"), format!("{plain:?}"));
}
