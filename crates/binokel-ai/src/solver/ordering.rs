//! Move ordering: the order the search tries the cards in ([`order_moves`]), most
//! promising first, by rules per situation (leading, winning, following) and the history
//! heuristic, with the table's move and the killer or countermove first.

use super::position::Position;
use super::tables::{pts, sm_of, two_or_more, ABOVE, ALL, POINTS};

/// Moves the last card of `m` to its front, the others one place back (what
/// `rotate_right(1)` does, without its general-purpose code: 13 M of the 1,193 M instructions
/// of the bench's solves went there).
#[inline]
pub(super) fn to_front(m: &mut [u8]) {
    if let Some(&last) = m.last() {
        for j in (1..m.len()).rev() {
            m[j] = m[j - 1];
        }
        m[0] = last;
    }
}

/// `RANK_PTS[k]`: four times the rank of kind `k` plus its points, the leader's score of a
/// card before the penalties for trumps and for suits the other side is void in.
const RANK_PTS: [i32; 32] = {
    let mut t = [0i32; 32];
    let mut k = 0;
    while k < 24 {
        t[k] = (k % 6) as i32 * 4 + POINTS[k % 6];
        k += 1;
    }
    t
};

/// Orders the cards to try (`legal`: the legal kinds less the dominated ones), most promising
/// first; returns how many.
///
/// The rules, and what each saved on the 16 bench positions with 10 tricks left (nodes in all
/// and at the median position, each step on top of the ones before; 3.87 M and 152 K before):
/// - The soloist's opponents leading: a trump above every trump the soloist holds goes in
///   among the plain cards that top their suits (score 50 plus its rank; those score 40 to
///   71), not after every plain card. On the bench's positions such a lead cut off in 18 % of
///   the times it was tried, a plain card that tops its suit in 23 %, any other plain card of
///   a suit the soloist holds in 13 %, one of a suit it is void in in 6 %, another trump in
///   4 %. Nodes: 10 tricks left 2.34 M -> 2.28 M (32 positions 4.25 M -> 4.12 M, the median
///   position 96.4 K -> 97.1 K), 8 tricks 342 K -> 328 K, 12 tricks (4 positions) 3.36 M ->
///   3.04 M, 9 tricks (32) 1.352 M -> 1.346 M.
/// - Leading: plain cards before trumps, high cards first, suits the other side must follow
///   before suits it may ruff or discard on; and, among the plain cards and among the trumps,
///   first a card at least as high as every card of its suit the other side holds (it wins
///   the trick unless ruffed): 2.93 M and 110.7 K against 2.93 M and 114.3 K without that for
///   plain cards; for trumps too, 2.63 M -> 2.58 M and 107.4 K -> 103.0 K (9 tricks left:
///   813 K -> 793 K and 42.6 K -> 38.2 K).
/// - The last seat winning the trick: the richest plain winner first, trumps after the plain
///   winners and the cheapest trump first (a high trump is worth more later than its points
///   now): 3.87 M -> 2.97 M, and 152 K -> 133 K. With the richest winner first whatever its
///   suit, the last seat often spent its best trump on a trick any trump took.
/// - An earlier seat winning the trick: the cheapest winner that no later seat of the other
///   side can beat first, then the cheapest winner: 2.75 M -> 2.63 M.
/// - The own side winning the trick: the richest plain card first if no later seat of the
///   other side can take the trick, trumps (lowest first) after them; if it can, as if the
///   other side were winning (the cheapest card first): 2.93 M -> 2.75 M and 110.7 K ->
///   107.4 K.
/// - The other side winning, with the own side's last seat still to play and able to take
///   the trick: the richest plain card first (it may fall to the partner), trumps last, the
///   lowest first: 2.58 M -> 2.33 M, the median position 103.0 K -> 104.3 K (9 tricks left
///   793 K -> 709 K and 38.2 K -> 35.7 K; 8 tricks left 361 K -> 342 K on 24 positions).
/// - The other side winning otherwise: the cheapest card first, trumps after plain cards.
///
/// Measured with example `solver_ab` (`10 16`); 9, 8 and 12 tricks left gained alike (978 K
/// -> 709 K; 465 K -> 342 K on 24 positions; 5.2 M -> 3.2 M on 4 positions).
///
/// `first` and then `front` (a kind plus one, 0 for none) go before every other card when
/// they are among `legal` (the table's move, the killer or countermove); their sort keys say
/// so, which costs less than finding and moving them after the sort.
pub(super) fn order_moves<const N: u8>(
    pos: &Position,
    legal: u32,
    out: &mut [u8; 24],
    history: &[u32; 24],
    (first, front): (u8, u8),
) -> usize {
    if !two_or_more(legal) {
        // One card (most nodes after the dominance cut) or none: nothing to order.
        out[0] = legal.trailing_zeros() as u8;
        return usize::from(legal != 0);
    }
    let me = pos.to_act as usize;
    let seats = pos.seats::<N>() as usize;
    let trump_mask = pos.tmask;
    let maxing_me = pos.side_of::<N>(me);
    let lead = pos.trick_len == 0;
    // Leading: with trumps only a little later (6 points behind) the 24 bench positions with
    // 10 tricks left took 7.11 M nodes, with every trump after every plain card 5.21 M (8 and
    // 9 tricks left: 134 K -> 127 K, 779 K -> 594 K), with the void suits later too 4.86 M (8,
    // 9 and 12 tricks left: 110 K, 585 K, 25.1 M against 127 K, 594 K, 28.0 M).
    // The other side's hands `a` and `b` (for its voids) and all its cards; a three-seat
    // soloist is one seat, and the stand-in for the empty seat holds every kind so that it is
    // never void.
    let (a, b, theirs) = if lead {
        let (p, q) = pos.pair_n::<N>(!maxing_me);
        let b = if pos.seats::<N>() == 3 && q == 3 {
            ALL
        } else {
            pos.one[q]
        };
        (pos.one[p], b, pos.one[p] | pos.one[q])
    } else {
        (0, 0, 0)
    };
    let pen = if maxing_me { 30 } else { 60 };
    // Following: whether this seat is the last, whether its side wins the trick so far, and
    // whether the seats of the other side still to play can take it.
    let last = pos.trick_len + 1 == pos.seats::<N>();
    let mut mine_wins = false;
    // The cards the seats of the other side still to play in this trick may play (the led
    // suit if they hold it, else any).
    let mut later = [0u32; 3];
    let mut n_later = 0;
    // Is the seat after this one the last of the trick, on this side, and able to take the
    // trick from its winning card?
    let mut partner_last_beats = false;
    if !lead {
        let mut wseat = pos.leader + pos.win;
        if wseat >= pos.seats::<N>() {
            wseat -= pos.seats::<N>();
        }
        mine_wins = pos.side_of::<N>(wseat as usize) == maxing_me;
        for j in usize::from(pos.trick_len) + 1..seats {
            // A subtraction, not `%`: the seat count is not known at compile time, and a
            // division takes tens of cycles.
            let mut s = pos.leader as usize + j;
            if s >= seats {
                s -= seats;
            }
            let h = pos.one[s];
            let may = if h & pos.led != 0 { h & pos.led } else { h };
            if pos.side_of::<N>(s) != maxing_me {
                later[n_later] = may;
                n_later += 1;
            } else if j + 1 == seats && j == usize::from(pos.trick_len) + 1 {
                partner_last_beats = may & pos.beat != 0;
            }
        }
    }
    let later = &later[..n_later];
    // Can one of them still take the trick from its winning card?
    let contested = later.iter().any(|&l| l & pos.beat != 0);
    // The sort key of a card, most promising highest: the rule score, then the history
    // (cutoffs seen so far), then 31 - card. All keys differ, and equal scores keep the
    // cards in ascending order, as the stable sort of (score, card) pairs in ascending
    // card order that this replaces did.
    let key = |c: u32| {
        if c + 1 == u32::from(first) {
            return (1 << 60) | i64::from(31 - c);
        }
        if c + 1 == u32::from(front) {
            return (1 << 59) | i64::from(31 - c);
        }
        let is_trump = trump_mask & (1 << c) != 0;
        let score = if pos.trick_len == 0 {
            let sm = sm_of(c);
            let held = theirs & sm;
            // First a card that wins the trick unless ruffed.
            let top = if held != 0 && c >= 31 - held.leading_zeros() {
                40
            } else {
                0
            };
            let base = RANK_PTS[(c & 31) as usize] + top;
            if is_trump && !maxing_me && top != 0 {
                // The soloist's opponents leading a trump above all of the soloist's: among
                // the plain cards that top their suits (40 up).
                50 + (c % 6) as i32
            } else if is_trump {
                base - 100
            } else {
                base - pen * (i32::from(a & sm == 0) + i32::from(b & sm == 0))
            }
        } else {
            let p = pts(c as u8);
            let rank = (c % 6) as i32;
            if pos.beats_winner(c) {
                if last {
                    if is_trump {
                        90 - p - rank
                    } else {
                        100 + p
                    }
                } else {
                    let beat_after = ABOVE[(c & 31) as usize] | (trump_mask & !sm_of(c));
                    if later.iter().all(|&l| l & beat_after == 0) {
                        120 - p
                    } else {
                        100 - p
                    }
                }
            } else if mine_wins && !contested {
                if is_trump {
                    30 - rank
                } else {
                    50 + p
                }
            } else if partner_last_beats && !is_trump {
                20 + p
            } else {
                -p - if is_trump { 20 } else { 0 }
            }
        };
        (i64::from((score << 21) + history[c as usize].min((1 << 20) - 1) as i32) << 8) | i64::from(31 - c)
    };
    let rest = legal & (legal - 1);
    if !two_or_more(rest) {
        // Two cards, the most frequent case after one.
        let (c0, c1) = (legal.trailing_zeros(), rest.trailing_zeros());
        let (hi, lo) = if key(c0) > key(c1) { (c0, c1) } else { (c1, c0) };
        out[0] = hi as u8;
        out[1] = lo as u8;
        return 2;
    }
    let mut keys = [0i64; 24];
    let mut n = 0;
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros();
        m &= m - 1;
        let k = key(c);
        let mut j = n;
        while j > 0 && keys[j - 1] < k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
        n += 1;
    }
    for (o, &k) in out.iter_mut().zip(&keys[..n]) {
        *o = 31 - (k & 0xff) as u8;
    }
    n
}
