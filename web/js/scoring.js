// Melds (RULES.md section 5) and deal scores (sections 7, 8, 10, 12) for the replay
// viewer, which shows finished records without asking the server. This follows
// crates/binokel/src/meld.rs and Deal::finish line by line; the browser test
// `replay_viewer_agrees_with_the_referee` compares both on recorded matches of every
// preset, so a divergence is caught there, not by players.

/** What the last trick adds to its taker's card points (`Rules::last_trick_bonus`). */
export const LAST_TRICK_BONUS = 10;

/** The card points of one deal, the last trick included (`Rules::deal_card_points`). */
export const DEAL_CARD_POINTS = 250;

// Both equal `scoring` of GET /api/rules: `node --test web/test/` checks them against the
// fixture of the rules crate.

const FAMILY = ["A", "T", "K", "Q", "J"];
const SUITS = ["S", "H", "D", "C"];

/** How many copies of the card of `suit` and `rank` (9 and 7 are one rank) `cards` holds. */
function counter(cards) {
  const n = new Map();
  for (const c of cards) {
    const k = (c[0] === "7" ? "9" : c[0]) + c[1];
    n.set(k, (n.get(k) || 0) + 1);
  }
  return (suit, rank) => n.get(rank + suit) || 0;
}

/**
 * The melds of a hand (card codes) under `trump` (a suit letter, or null for none):
 * `{melds: [{kind, suit, points}], total}`, in the order the rules crate lists them.
 * `rules` needs `rundgang` and `family_pair` ("on"/"included" to switch them on).
 */
export function meldsOf(cards, trump, rules) {
  const count = counter(cards);
  const out = [];
  const push = (kind, suit, points) => out.push({ kind, suit, points });
  const pairsPerSuit = [];
  for (const s of SUITS) {
    const isTrump = trump === s;
    const fam = Math.min(...FAMILY.map((r) => count(s, r)));
    const kings = count(s, "K");
    const queens = count(s, "Q");
    let pairs;
    if (fam === 2) {
      push("double_family", s, isTrump ? 1500 : 1000);
      pairs = 0;
    } else if (fam === 1) {
      push("family", s, isTrump ? 150 : 100);
      pairs = kings === 2 && queens === 2 ? 1 : 0;
    } else {
      pairs = Math.min(kings, queens);
    }
    if (rules.family_pair === "included") pairs += fam;
    pairsPerSuit.push(pairs);
    for (let i = 0; i < pairs; i++) push("pair", s, isTrump ? 40 : 20);
  }
  const four = {};
  for (const [r, name, pts] of [
    ["A", "aces", 100],
    ["K", "kings", 80],
    ["Q", "queens", 60],
    ["J", "jacks", 40],
  ]) {
    const k = Math.min(...SUITS.map((s) => count(s, r)));
    if (k === 2) push(`eight_${name}`, null, 1000);
    else if (k === 1) {
      four[r] = true;
      push(`four_${name}`, null, pts);
    }
  }
  const b = Math.min(count("S", "Q"), count("D", "J"));
  if (b === 2) push("double_binokel", null, 300);
  else if (b === 1) push("binokel", null, 40);
  if (trump) for (let i = 0; i < count(trump, "9"); i++) push("diss", trump, 10);
  let melds = out;
  if (rules.rundgang === "on" && four.K && four.Q && pairsPerSuit.every((p) => p >= 1)) {
    // One pair per suit, four kings and four queens become one meld of their sum.
    const seen = new Set();
    let sum = 0;
    melds = [];
    for (const m of out) {
      let fold = false;
      if (m.kind === "pair" && !seen.has(m.suit)) {
        seen.add(m.suit);
        fold = true;
      } else if (m.kind === "four_kings" || m.kind === "four_queens") fold = true;
      if (fold) sum += m.points;
      else melds.push(m);
    }
    melds.push({ kind: "rundgang", suit: null, points: sum });
  }
  return { melds, total: melds.reduce((a, m) => a + m.points, 0) };
}

/** Rounds to the nearest 10, halves towards plus infinity (165 -> 170, -345 -> -340). */
export function roundTen(x) {
  return Math.floor((x + 5) / 10) * 10;
}

/**
 * The scores of a complete deal, one per seat (partners both show their team's), from
 * the contract token (`trump S`, `surrender H`, `durch`, `bettel`, or null after a
 * redeal), the soloist, the bid, and per seat: meld totals, tricks taken and card points
 * (tricks, last trick, and the soloist's burial).
 */
export function dealScores(rules, { contract, soloist, bid, melds, tricks, points, totalTricks }) {
  const n = rules.players;
  const teams = n === 4;
  const sides = teams ? 2 : n;
  const sideOf = (s) => (teams ? s % 2 : s);
  const solSide = sideOf(soloist);
  const took = Array(sides).fill(false);
  const cards = Array(sides).fill(0);
  const meld = Array(sides).fill(0);
  for (let s = 0; s < n; s++) {
    took[sideOf(s)] ||= tricks[s] > 0;
    cards[sideOf(s)] += points[s];
    meld[sideOf(s)] += melds[s];
  }
  const side = Array(sides).fill(0);
  let failed = false;
  const kind = contract ? contract.split(" ")[0] : null;
  if (kind === "trump") {
    for (let i = 0; i < sides; i++) {
      const meldsCount = took[i] || (i !== solSide && rules.opponents_need_trick === "no");
      const total = cards[i] + (meldsCount ? meld[i] : 0);
      if (i === solSide) {
        if (took[i] && total >= bid) side[i] = total;
        else {
          failed = true;
          side[i] = -2 * bid;
        }
      } else side[i] = meldsCount ? total : 0;
    }
  } else if (kind === "surrender") {
    failed = true;
    for (let i = 0; i < sides; i++) side[i] = i === solSide ? -bid : (teams ? 100 : 50) + meld[i];
  } else if (kind === "durch") {
    let taken = 0;
    for (let s = 0; s < n; s++) if (sideOf(s) === solSide) taken += tricks[s];
    side[solSide] = taken === totalTricks ? 1000 : -1000;
  } else if (kind === "bettel") {
    side[solSide] = tricks[soloist] === 0 ? 500 : -500;
  }
  const bonus = Number(rules.failed_bonus) || 0;
  if (failed && bonus > 0) for (let i = 0; i < sides; i++) if (i !== solSide) side[i] += bonus;
  const rounded = rules.rounding === "ten" ? side.map(roundTen) : side;
  return Array.from({ length: n }, (_, s) => rounded[sideOf(s)]);
}
