//! RULES.md section 13: two players with a stock, each test named after the rule, on
//! hand-made deals.

use binokel::deal::distribute_two;
use binokel::record::{referee, write_record, Verdict};
use binokel::{Action, Card, CardSet, Deal, Game, MeldKind, Phase, Rules, Setup, Suit, View};
use rand::SeedableRng;

fn c(code: &str) -> Card {
    Card::parse(code).unwrap()
}

fn two_rules() -> Rules {
    Rules::from_preset_name("two-player").unwrap()
}

/// A two-player setup, dealer 1 (seat 0 leads): the given hands and turned card, the stock
/// starting with `stock_top` and then the rest of the pack in a fixed order.
fn setup(h0: &str, h1: &str, turned: &str, stock_top: &str) -> Setup {
    let hands: Vec<CardSet> = vec![h0.parse().unwrap(), h1.parse().unwrap()];
    let turned = c(turned);
    let mut rest = CardSet::PACK;
    for h in &hands {
        rest = rest.minus(*h).expect("hand cards in the pack");
    }
    rest.remove(turned);
    let mut stock: Vec<Card> = Vec::new();
    for code in stock_top.split_whitespace() {
        assert!(rest.remove(c(code)), "{code} is not left for the stock");
        stock.push(c(code));
    }
    stock.extend(rest.iter());
    Setup {
        rules: two_rules(),
        dealer: 1,
        hands,
        tapp: CardSet::EMPTY,
        stock,
        turned: Some(turned),
    }
}

fn deal(h0: &str, h1: &str, turned: &str, stock_top: &str) -> Deal {
    Deal::new(&setup(h0, h1, turned, stock_top)).unwrap()
}

fn play(d: &mut Deal, code: &str) {
    d.play(Action::Play(c(code))).unwrap();
}

/// A card of the seat to act (the follower) that loses the trick on the table.
fn losing_card(d: &Deal) -> Card {
    let me = d.to_act().unwrap();
    let mut m = d.legal_cards();
    while m != 0 {
        let card = Card::from_index(m.trailing_zeros() as usize);
        m &= m - 1;
        let mut x = *d;
        x.play_card_unchecked(card);
        if x.leader() != me {
            return card;
        }
    }
    panic!("no losing card");
}

/// Seat 0 leads a card it does not need to keep, and seat 1 loses the trick.
fn seat0_wins_a_trick(d: &mut Deal, keep: &str) {
    assert_eq!(d.to_act(), Some(0));
    let keep: CardSet = keep.parse().unwrap();
    let hand = d.hand(0);
    let lead = hand
        .iter()
        .find(|&x| hand.count(x) > keep.count(x))
        .expect("a card to lead");
    d.play(Action::Play(lead)).unwrap();
    let l = losing_card(d);
    d.play(Action::Play(l)).unwrap();
    assert_eq!(d.leader(), 0);
}

const H0: &str = "AH TH KH QH JH AS AS AD AC KD JD 9C";
const H1: &str = "9H 9S JS QS 9D TD TS JC QC TC 9H KS";

#[test]
fn s13_deal_twelve_each_in_packets_of_four_non_dealer_first_then_the_turned_card() {
    let pack: Vec<Card> = binokel::deal::pack_cards(&Rules::default());
    // Dealer 0: the non-dealer (seat 1) gets positions 0-3, 8-11, 16-19.
    let (hands, stock, turned) = distribute_two(0, &pack);
    let expect1: CardSet = [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19]
        .iter()
        .map(|&i| pack[i])
        .collect();
    let expect0: CardSet = [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23]
        .iter()
        .map(|&i| pack[i])
        .collect();
    assert_eq!(hands[1], expect1);
    assert_eq!(hands[0], expect0);
    assert_eq!(turned, pack[24]);
    assert_eq!(stock.to_vec(), pack[25..].to_vec());

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let d = Deal::shuffled(two_rules(), 0, &mut rng);
    assert_eq!(d.players(), 2);
    assert_eq!(d.hand(0).len(), 12);
    assert_eq!(d.hand(1).len(), 12);
    assert_eq!(d.stock().len(), 23);
    assert_eq!(d.stock_left(), 24);
    let t = d.turned().unwrap();
    assert_eq!(d.trump(), Some(t.suit()), "the turned card's suit is trump");
    assert_eq!(d.bottom(), Some(t));
    // No auction, no Tapp, no soloist: the non-dealer leads at once.
    assert_eq!(d.phase(), Phase::Play);
    assert_eq!(d.to_act(), Some(1));
    assert_eq!(d.soloist(), None);
    assert!(d.tapp().is_empty());
    assert_eq!(d.total_tricks(), 24);
}

#[test]
fn s13_free_play_while_the_stock_lasts() {
    let mut d = deal(H0, H1, "KC", "");
    play(&mut d, "AH");
    // Seat 1 holds hearts and trumps, yet may play any card.
    assert!(d.free_play());
    assert_eq!(d.legal_cards(), d.hand(1).kinds());
    d.play(Action::Play(c("TS"))).unwrap();
    assert_eq!(d.leader(), 0, "AH takes a spade discard");
    assert_eq!(d.trick_points()[0], 21);
}

#[test]
fn s13_trick_goes_to_the_highest_trump_else_the_led_suit_first_copy_winning() {
    let mut d = deal(H0, H1, "KC", "");
    play(&mut d, "AH");
    play(&mut d, "JC"); // a low trump takes the ace
    assert_eq!(d.leader(), 1);
    // Seat 1 leads 9H, seat 0 plays... its own higher heart wins.
    play(&mut d, "9H");
    play(&mut d, "TH");
    assert_eq!(d.leader(), 0);
    // First copy wins between equal cards: seat 0 leads AS, seat 1 has no AS; use 9H twice.
    let mut e = deal(
        "9H AS AS AD AC KD JD 9C AH TH KH QH",
        "9H 9S JS QS 9D TD TS JC QC TC JH KS",
        "KC",
        "",
    );
    play(&mut e, "9H");
    play(&mut e, "9H");
    assert_eq!(e.leader(), 0, "the 9H played first wins");
}

#[test]
fn s13_after_a_trick_the_winner_draws_first_then_the_loser() {
    let mut d = deal(H0, H1, "KC", "QD KS");
    play(&mut d, "AS");
    play(&mut d, "9S");
    assert_eq!(d.hand(0).count(c("QD")), 1, "the winner draws the top card");
    assert_eq!(d.hand(1).count(c("KS")), 2, "the loser draws the next");
    assert_eq!(d.stock_left(), 22);
    assert_eq!(d.hand(0).len(), 12);
    assert_eq!(d.hand(1).len(), 12);
}

#[test]
fn s13_the_winner_may_show_one_meld_before_it_leads() {
    let mut d = deal(H0, H1, "KC", "");
    play(&mut d, "AS");
    play(&mut d, "9S");
    let legal = d.legal_actions();
    assert!(legal.contains(&Action::Meld(MeldKind::Family, Some(Suit::Hearts))));
    assert!(legal.contains(&Action::Meld(MeldKind::Pair, Some(Suit::Hearts))));
    assert!(legal.contains(&Action::Exchange));
    d.play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .unwrap();
    assert_eq!(d.melds()[0], 100, "a plain family");
    // One meld per trick won: a second is refused, naming why.
    let err = d
        .play(Action::Meld(MeldKind::Binokel, None))
        .unwrap_err()
        .to_string();
    assert!(err.contains("one meld per trick"), "{err}");
    assert!(!d.legal_actions().iter().any(|a| matches!(a, Action::Meld(..))));
    // The exchange is still open, and the cards go back into the hand.
    assert!(d.legal_actions().contains(&Action::Exchange));
    assert!(d.hand(0).contains(c("AH")));
    let v = {
        let mut g = Game::new(two_rules(), vec![]);
        g.start_deal(&setup(H0, H1, "KC", ""), None).unwrap();
        for a in ["AS", "9S", "meld family H"] {
            g.play(Action::parse(a, binokel::Low::Nine).unwrap()).unwrap();
        }
        View::of(&g, Some(1)).unwrap()
    };
    assert_eq!(v.melds[0].total, 100);
    assert_eq!(v.melds[0].melds[0].kind, MeldKind::Family);
    assert_eq!(v.trump, Some(Suit::Clubs));
    assert_eq!(v.turned, Some(c("KC")));
    assert_eq!(v.stock, 22);
}

#[test]
fn s13_the_loser_and_a_leader_without_a_won_trick_may_not_meld() {
    let mut d = deal(H0, H1, "KC", "");
    let err = d
        .play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("only by the winner of a trick"), "{err}");
    play(&mut d, "AS");
    play(&mut d, "9S");
    play(&mut d, "AD"); // the lead ends the chance to meld
    let before = d;
    assert!(d
        .play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .is_err());
    assert_eq!(d, before, "a refused meld leaves the deal untouched");
}

#[test]
fn s13_a_meld_cannot_use_the_card_just_drawn() {
    // Seat 0 holds KD but not QD; it draws QD after winning the first trick.
    let mut d = deal(H0, H1, "KC", "QD");
    play(&mut d, "AS");
    play(&mut d, "9S");
    assert_eq!(d.fresh_card(), Some(c("QD")));
    let err = d
        .play(Action::Meld(MeldKind::Pair, Some(Suit::Diamonds)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("QD was drawn after the trick"), "{err}");
    // Next trick won: the QD was held before that draw.
    seat0_wins_a_trick(&mut d, "QD");
    d.play(Action::Meld(MeldKind::Pair, Some(Suit::Diamonds)))
        .unwrap();
    assert_eq!(d.melds()[0], 20);
}

#[test]
fn s13_a_card_is_reused_only_across_kinds() {
    // Seat 0: family of hearts and kings of every suit.
    let h0 = "AH TH KH QH JH KS KD KC AS AD 9C QS";
    let h1 = "9H 9S JS 9D TD TS JC QC TC 9H JD 9D";
    let mut d = deal(h0, h1, "AC", "");
    let keep = "AH TH KH QH JH KS KD KC";
    seat0_wins_a_trick(&mut d, keep);
    d.play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .unwrap();
    seat0_wins_a_trick(&mut d, keep);
    // The family's K-Q is not a pair as well (same kind)...
    let err = d
        .play(Action::Meld(MeldKind::Pair, Some(Suit::Hearts)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not already shown in a meld of its kind"), "{err}");
    // ...but the family's KH counts again in four kings (another kind).
    d.play(Action::Meld(MeldKind::FourKings, None)).unwrap();
    assert_eq!(d.melds()[0], 100 + 80);
}

#[test]
fn s13_each_meld_is_shown_once_per_deal() {
    let mut d = deal(H0, H1, "KC", "");
    let keep = "AH TH KH QH JH";
    seat0_wins_a_trick(&mut d, keep);
    d.play(Action::Meld(MeldKind::Binokel, None)).unwrap_err(); // QS is not held
    d.play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .unwrap();
    seat0_wins_a_trick(&mut d, keep);
    let err = d
        .play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("once per deal"), "{err}");
}

#[test]
fn s13_exchange_of_the_trump_nine_for_the_turned_card_scores_the_diss() {
    let mut d = deal(H0, H1, "KC", "");
    seat0_wins_a_trick(&mut d, "9C AH TH KH QH JH");
    d.play(Action::Exchange).unwrap();
    assert!(d.hand(0).contains(c("KC")));
    assert!(!d.hand(0).contains(c("9C")));
    assert_eq!(d.bottom(), Some(c("9C")), "the 9 lies under the stock now");
    assert_eq!(d.melds()[0], 10);
    // Once per deal; and a meld may still follow in the same window.
    assert!(!d.legal_actions().contains(&Action::Exchange));
    d.play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .unwrap();
    assert_eq!(d.melds()[0], 110);
    // Without a trump 9 there is no exchange.
    let mut e = deal(H0, H1, "KC", "");
    play(&mut e, "9C");
    play(&mut e, "9H");
    assert_eq!(e.leader(), 0);
    let err = e.play(Action::Exchange).unwrap_err().to_string();
    assert!(err.contains("trump 9"), "{err}");
}

#[test]
fn s13_exchange_after_the_last_draw_takes_the_turned_card_from_the_loser() {
    let mut d = deal(H0, H1, "KC", "");
    for _ in 0..12 {
        seat0_wins_a_trick(&mut d, "9C");
    }
    assert_eq!(d.stock_left(), 0);
    assert!(d.hand(1).contains(c("KC")), "the loser drew the turned card last");
    d.play(Action::Exchange).unwrap();
    assert!(d.hand(0).contains(c("KC")));
    assert!(d.hand(1).contains(c("9C")));
    assert_eq!(d.hand(0).len(), 12);
    assert_eq!(d.hand(1).len(), 12);
}

#[test]
fn s13_when_the_stock_is_empty_section_6_applies_and_no_more_melds() {
    let mut d = deal(H0, H1, "KC", "");
    for _ in 0..12 {
        seat0_wins_a_trick(&mut d, "9C");
    }
    assert!(!d.free_play());
    // Trick 13: seat 0 leads, seat 1 must follow and beat where it can.
    let lead = d
        .hand(0)
        .iter()
        .find(|x| !d.hand(1).of_suit(x.suit()).is_empty())
        .unwrap();
    play(&mut d, &lead.to_string());
    let legal = d.legal_cards();
    assert_ne!(legal, d.hand(1).kinds());
    assert_eq!(
        legal,
        binokel::deal::legal_response(d.hand(1).kinds(), lead.suit(), lead, d.trump())
    );
    let l = Card::from_index(legal.trailing_zeros() as usize);
    d.play(Action::Play(l)).unwrap();
    // No meld after a trick without a draw.
    assert!(!d
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Meld(..) | Action::Exchange)));
}

#[test]
fn s13_scores_are_card_points_with_the_last_trick_plus_melds_shown() {
    let mut d = deal(H0, H1, "KC", "");
    seat0_wins_a_trick(&mut d, "AH TH KH QH JH");
    d.play(Action::Meld(MeldKind::Family, Some(Suit::Hearts)))
        .unwrap();
    while !d.is_over() {
        let a = d
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Play(_)))
            .unwrap();
        d.play(a).unwrap();
    }
    let o = d.outcome();
    assert!(o.complete);
    assert_eq!(o.card_points[0] + o.card_points[1], 250);
    assert_eq!(o.tricks[0] + o.tricks[1], 24);
    assert_eq!(o.melds, Some([100, 0, 0, 0]));
    assert_eq!(o.scores[0], o.card_points[0] as i32 + 100);
    assert_eq!(o.scores[1], o.card_points[1] as i32);
    assert_eq!(o.soloist, None);
    assert_eq!(o.contract, None);
}

#[test]
fn s13_the_match_goes_to_1000_and_the_highest_total_wins() {
    use binokel::game::match_winner;
    let r = two_rules();
    assert_eq!(r.target, 1000);
    assert_eq!(match_winner(&r, &[990, 900, 0, 0], 0), None);
    assert_eq!(match_winner(&r, &[1010, 1200, 0, 0], 0), Some(1));
    assert_eq!(
        match_winner(&r, &[1100, 1100, 0, 0], 0),
        None,
        "equal totals play on"
    );
    // Two players have no soloist: `soloist_first` cannot favour anybody.
    let mut s = r;
    s.set("match_end", "soloist_first").unwrap();
    assert_eq!(match_winner(&s, &[1010, 1200, 0, 0], 0), Some(1));
}

#[test]
fn s13_dealer_alternates_and_a_seeded_match_reaches_its_end() {
    let mut g = Game::new(two_rules(), vec!["Ana".into(), "Ben".into()]);
    let mut seed = 1;
    let mut dealers = Vec::new();
    while !g.is_over() {
        g.start_seeded_deal(seed).unwrap();
        seed += 1;
        dealers.push(g.current().unwrap().dealer());
        while let Some(_s) = g.to_act() {
            let d = g.current().unwrap();
            // Show the first meld offered, otherwise the first card.
            let legal = d.legal_actions();
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Meld(..) | Action::Exchange))
                .unwrap_or(legal[0]);
            g.play(a).unwrap();
        }
        assert!(seed < 100, "the match never ends");
    }
    for w in dealers.windows(2) {
        assert_ne!(w[0], w[1], "the deal passes to the non-dealer");
    }
    let t = g.totals();
    let w = g.winner().unwrap();
    assert!(t[w] >= 1000 && t[w] > t[1 - w]);
}

#[test]
fn s13_records_carry_the_turned_card_and_the_stock_and_the_referee_replays_them() {
    let mut g = Game::new(two_rules(), vec![]);
    g.start_deal(&setup(H0, H1, "KC", "QD"), Some(3)).unwrap();
    for a in ["AS", "9S", "meld family H", "exchange", "AD", "9D"] {
        g.play(Action::parse(a, binokel::Low::Nine).unwrap()).unwrap();
    }
    let rec = write_record(&g);
    let deal = &rec["deals"][0];
    assert_eq!(deal["turned"], "KC");
    assert!(deal["stock"].as_str().unwrap().starts_with("QD "));
    assert_eq!(deal["stock"].as_str().unwrap().split(' ').count(), 23);
    assert_eq!(deal["actions"][2], "meld family H");
    assert_eq!(deal["actions"][3], "exchange");
    let Verdict::Legal(v) = referee(&rec.to_string()) else {
        panic!("refused")
    };
    let d = &v["deals"][0];
    assert_eq!(d["soloist"], serde_json::Value::Null);
    assert_eq!(d["contract"], serde_json::Value::Null);
    assert_eq!(d["trump"], "C");
    assert_eq!(d["melds"], serde_json::json!([110, 0]));
    assert_eq!(d["complete"], false);

    // A record without the turned card, or with a short stock, is refused by name.
    let mut bad = rec.clone();
    bad["deals"][0].as_object_mut().unwrap().remove("turned");
    let Verdict::Illegal { reason, .. } = referee(&bad.to_string()) else {
        panic!("accepted")
    };
    assert!(reason.contains("turned"), "{reason}");
    let mut short = rec.clone();
    short["deals"][0]["stock"] = "QD AH".into();
    let Verdict::Illegal { reason, .. } = referee(&short.to_string()) else {
        panic!("accepted")
    };
    assert!(reason.contains("stock") || reason.contains("pack"), "{reason}");
    // An illegal meld in a record is reported at its action.
    let mut wrong = rec.clone();
    wrong["deals"][0]["actions"][2] = "meld family S".into();
    let Verdict::Illegal { action, reason, .. } = referee(&wrong.to_string()) else {
        panic!("accepted")
    };
    assert_eq!(action, Some(2));
    assert!(reason.contains("meld family S"), "{reason}");
}

#[test]
fn s13_options_that_do_not_fit_two_players_are_refused() {
    for (k, v) in [
        ("calling", "on"),
        ("bettel", "on"),
        ("rundgang", "on"),
        ("tapp", "3"),
    ] {
        let mut r = two_rules();
        r.set(k, v).unwrap();
        let e = r.validate().unwrap_err().to_string();
        assert!(!e.is_empty(), "{k}={v}");
    }
    assert!(two_rules().validate().is_ok());
}

#[test]
fn s13_a_pair_may_be_shown_again_with_the_other_copies_once_the_shown_cards_are_played() {
    // Seat 0 shows the pair of hearts, plays both cards, and draws the second KH and QH.
    let mut d = deal(H0, H1, "KC", "JS QS KH TS QH KS");
    let win_with = |d: &mut Deal, lead: &str| {
        play(d, lead);
        let l = losing_card(d);
        d.play(Action::Play(l)).unwrap();
        assert_eq!(d.leader(), 0);
    };
    win_with(&mut d, "AS");
    d.play(Action::Meld(MeldKind::Pair, Some(Suit::Hearts))).unwrap();
    win_with(&mut d, "KH"); // draws the second KH
    assert!(
        d.play(Action::Meld(MeldKind::Pair, Some(Suit::Hearts))).is_err(),
        "QH is still the shown one"
    );
    win_with(&mut d, "QH"); // draws the second QH (fresh: not yet usable)
    assert!(d.play(Action::Meld(MeldKind::Pair, Some(Suit::Hearts))).is_err());
    win_with(&mut d, "AS");
    d.play(Action::Meld(MeldKind::Pair, Some(Suit::Hearts))).unwrap();
    assert_eq!(d.melds()[0], 40, "two plain pairs of hearts");
}

#[test]
fn s13_double_binokel_is_shown_once_and_leaves_the_family_of_its_suit_free() {
    let h0 = "QS QS JD JD AS TS KS JS AH AD AC 9C";
    let h1 = "9H 9S JS 9D TD TS JC QC TC 9H KH QH";
    let mut d = deal(h0, h1, "KC", "");
    let keep = "QS QS JD JD AS TS KS JS";
    seat0_wins_a_trick(&mut d, keep);
    d.play(Action::Meld(MeldKind::DoubleBinokel, None)).unwrap();
    assert_eq!(d.melds()[0], 300);
    seat0_wins_a_trick(&mut d, keep);
    let err = d
        .play(Action::Meld(MeldKind::DoubleBinokel, None))
        .unwrap_err()
        .to_string();
    assert!(err.contains("once per deal"), "{err}");
    assert!(
        d.play(Action::Meld(MeldKind::Binokel, None)).is_err(),
        "its cards are used in that kind"
    );
    // The Binokel's QS counts again in the family of spades (another kind).
    d.play(Action::Meld(MeldKind::Family, Some(Suit::Spades)))
        .unwrap();
    assert_eq!(d.melds()[0], 400);
}

#[test]
fn s13_views_list_each_meld_shown_and_a_scoring_exchange_as_a_diss() {
    let mut g = Game::new(two_rules(), vec![]);
    g.start_deal(&setup(H0, H1, "KC", ""), None).unwrap();
    for a in ["AS", "9S", "exchange", "meld family H", "AD", "9D"] {
        g.play(Action::parse(a, binokel::Low::Nine).unwrap()).unwrap();
    }
    let v = View::of(&g, None).unwrap();
    let kinds: Vec<(MeldKind, u32)> = v.melds[0].melds.iter().map(|m| (m.kind, m.points)).collect();
    assert_eq!(kinds, [(MeldKind::Diss, 10), (MeldKind::Family, 100)]);
    assert_eq!(v.melds[0].total, g.current().unwrap().melds()[0]);
    assert!(v.melds[1].melds.is_empty());
}

#[test]
fn s13_perft_counts_free_play_and_the_winners_melds() {
    use binokel::perft::perft;
    let d = deal(H0, H1, "KC", "");
    // 11 distinct cards each (AS and 9H are doubled): any card may answer any lead.
    assert_eq!(perft(&d, 1), 11);
    assert_eq!(perft(&d, 2), 121);
    // After AS-9S seat 0 draws and may lead any of its cards, show a meld, or exchange.
    let mut e = d;
    play(&mut e, "AS");
    play(&mut e, "9S");
    let distinct = e.hand(0).distinct().count() as u64;
    let extras = e
        .legal_actions()
        .iter()
        .filter(|a| !matches!(a, Action::Play(_)))
        .count() as u64;
    assert_eq!(perft(&e, 1), distinct + extras);
    assert!(extras >= 3, "family H, pair H and the exchange at least");
}
