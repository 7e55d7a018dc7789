// The benchmark's deal, shared by benches/engine.rs and examples/random_deals.rs.

use binokel::{Action, Card, CardSet, Deal, Phase, Rules, Suit};
use rand::Rng;

/// One complete random deal: shuffle and deal, an auction that stops at random, a random
/// burial, a random trump (no surrender, no Durch), uniformly random legal cards, melds and
/// scores. Returns the soloist's score so nothing is optimised away.
pub fn random_deal<R: Rng>(rng: &mut R, dealer: usize) -> i32 {
    let mut d = Deal::shuffled(Rules::default(), dealer, rng);
    d.play_unchecked(Action::Bid(150));
    while d.phase() == Phase::Auction {
        let raise = d.bid() + 10;
        d.play_unchecked(if rng.gen_bool(0.4) {
            Action::Bid(raise)
        } else {
            Action::Pass
        });
    }
    // Random burial: three random cards of the 18.
    let hand = d.hand(d.to_act().expect("the soloist buries"));
    let mut cards = [Card::from_index(0); 18];
    for (i, c) in hand.iter().enumerate() {
        cards[i] = c;
    }
    let mut bury = CardSet::EMPTY;
    for k in 0..3 {
        let j = rng.gen_range(k..18);
        cards.swap(k, j);
        bury.insert(cards[k]);
    }
    d.play_unchecked(Action::Bury(bury));
    d.play_unchecked(Action::Trump(Suit::from_index(rng.gen_range(0..4))));
    while !d.is_over() {
        let m = d.legal_cards();
        // Multiply-shift maps 32 random bits onto 0..count (bias below 1e-8).
        let mut k = ((rng.gen::<u32>() as u64 * m.count_ones() as u64) >> 32) as u32;
        let mut mm = m;
        while k > 0 {
            mm &= mm - 1;
            k -= 1;
        }
        d.play_card_unchecked(Card::from_index(mm.trailing_zeros() as usize));
    }
    d.scores()[d.soloist().expect("a soloist")]
}
