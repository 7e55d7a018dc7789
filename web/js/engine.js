// Just enough of the rules to replay a binokel-record/1 deal in the
// browser: who acts after each token, the hands, tricks and card points.
// Records from the server are already refereed, so nothing here checks
// legality; the server's rules crate stays the only judge.

import { splitCards, cardPoints } from "./cards.js";
import { meldsOf, dealScores, roundTen, LAST_TRICK_BONUS } from "./scoring.js";

// The presets built in, so that a replay opens a record without asking the server (a record
// read from a file): every option's value per preset, as `GET /api/rules` lists them
// (docs/protocol.md, "The rules"). The rest of the page reads the presets from the server
// (presets.js); `node --test web/test/` keeps this copy equal to the rules crate's, from
// the fixture `cargo run --release -p binokel --example js_fixtures` writes.
const STANDARD = {
  low: "nine",
  pack: "48",
  players: "3",
  tapp: "3",
  opening: "150",
  raise: "exact",
  auction: "duel",
  all_pass: "dealer_plays",
  bury_meld_cards: "allowed",
  calling: "off",
  rundgang: "off",
  family_pair: "separate",
  first_lead: "forehand",
  bettel: "off",
  durch: "on",
  opponents_need_trick: "yes",
  failed_bonus: "0",
  rounding: "none",
  target: "1500",
  match_end: "soloist_first",
  series_deals: "0",
};

/** Every preset's option values (RULES.md section 11), as `GET /api/rules` gives them. */
export const BUILTIN_PRESETS = {
  standard: STANDARD,
  swabian: { ...STANDARD, low: "seven", opening: "200", raise: "jumps", bury_meld_cards: "forbidden", calling: "on", rundgang: "on" },
  dutch: {
    ...STANDARD,
    low: "seven",
    auction: "open",
    family_pair: "included",
    first_lead: "soloist",
    bettel: "on",
    opponents_need_trick: "no",
    failed_bonus: "30",
    rounding: "ten",
    target: "1000",
    match_end: "highest",
  },
  forty: { ...STANDARD, pack: "40", tapp: "4" },
  kreuz: { ...STANDARD, players: "4", tapp: "8", target: "500", match_end: "highest" },
  "two-player": { ...STANDARD, players: "2", tapp: "0", target: "1000", match_end: "highest" },
};

const TEXT_OPTIONS = ["auction", "first_lead", "all_pass", "rundgang", "family_pair", "opponents_need_trick", "rounding"];

/** The rule settings a replay needs, from a record's `rules` value. */
export function replayRules(rules) {
  const preset = typeof rules === "string" ? rules : rules && rules.preset;
  if (!Object.hasOwn(BUILTIN_PRESETS, preset)) throw new Error(`unknown preset ${JSON.stringify(preset)}`);
  const p = BUILTIN_PRESETS[preset];
  const r = {};
  for (const k of ["players", "opening", "failed_bonus"]) r[k] = Number(p[k]);
  for (const k of TEXT_OPTIONS) r[k] = p[k];
  if (rules && typeof rules === "object") {
    for (const k of ["players", "opening", "failed_bonus"]) if (k in rules) r[k] = Number(rules[k]);
    // A record may write a switch as true/false instead of on/off.
    for (const k of TEXT_OPTIONS) if (k in rules) r[k] = rules[k] === true ? "on" : rules[k] === false ? "off" : String(rules[k]);
  }
  return r;
}

const ORDER = { A: 5, T: 4, K: 3, Q: 2, J: 1, 9: 0, 7: 0 };

function beats(c, w, trump) {
  if (c[1] === w[1]) return ORDER[c[0]] > ORDER[w[0]];
  return trump !== null && c[1] === trump;
}

function removeCard(hand, c) {
  const i = hand.indexOf(c);
  if (i >= 0) hand.splice(i, 1);
}

function clone(s) {
  return JSON.parse(JSON.stringify(s));
}

/**
 * Every position of one deal: element i is the table after i actions.
 * Each position holds all hands, the auction, the declaration, the trick
 * on the table, the last trick, tricks and card points per seat.
 */
export function replayDeal(rules, deal) {
  const n = rules.players;
  if (n === 2) return replayTwo(rules, deal);
  const dealer = deal.dealer;
  const fore = (dealer + 1) % n;
  const s = {
    phase: "auction",
    hands: deal.hands.map((h) => splitCards(h)),
    tapp: splitCards(deal.tapp),
    tappShown: false,
    buried: [],
    said: Array(n).fill(null),
    bid: 0,
    high: null,
    soloist: null,
    contract: null,
    trick: null,
    lastTrick: null,
    tricks: Array(n).fill(0),
    points: Array(n).fill(0),
    toAct: fore,
    last: null,
    // Per seat, once play starts: {melds: [...], total}.
    melds: null,
    // Once the deal is complete: the score of each seat.
    scores: null,
  };
  const totalTricks = s.hands[0].length;
  // Duel auction: forehand against middlehand, the survivor against each later seat.
  let duel = [fore, (dealer + 2) % n];
  const queue = [];
  for (let k = 3; k <= n; k++) queue.push((dealer + k) % n);
  const passed = new Set();
  let calledFrom = null;
  const out = [clone(s)];

  const showMelds = () => {
    const c = s.contract;
    const trump = /^(trump|surrender) /.test(c) ? c.slice(-1) : null;
    s.melds = s.hands.map((h) => (trump ? meldsOf(h, trump, rules) : { melds: [], total: 0 }));
  };
  const finish = () => {
    s.phase = "done";
    s.toAct = null;
    s.scores = s.contract
      ? dealScores(rules, {
          contract: s.contract,
          soloist: s.soloist,
          bid: s.bid,
          melds: s.melds.map((m) => m.total),
          tricks: s.tricks,
          points: s.points,
          totalTricks,
        })
      : Array(n).fill(0);
  };
  const startPlay = () => {
    s.phase = "play";
    showMelds();
    const c = s.contract;
    const soloLeads = c === "durch" || (rules.first_lead === "soloist" && c !== "bettel");
    s.toAct = soloLeads ? s.soloist : fore;
  };
  const auctionOver = (soloist) => {
    s.soloist = soloist;
    s.phase = "exchange";
    s.tappShown = true;
    s.hands[soloist].push(...s.tapp);
    s.toAct = soloist;
  };

  for (const token of deal.actions) {
    const actor = s.toAct;
    s.last = { seat: actor, action: token };
    if (s.phase === "auction") {
      if (token.startsWith("bid ")) {
        s.bid = parseInt(token.slice(4), 10);
        s.high = actor;
        s.said[actor] = String(s.bid);
      } else {
        s.said[actor] = "pass";
        passed.add(actor);
      }
      if (rules.auction === "open") {
        // RULES.md section 10: the auction ends when all but one have passed and that one
        // has bid (on a pass, or at once on a bid by the last seat still in).
        const left = [...Array(n).keys()].filter((x) => !passed.has(x));
        if (left.length === 1 && s.high === left[0]) auctionOver(left[0]);
        else if (token === "pass" && left.length === 0) {
          if (rules.all_pass === "dealer_plays") {
            s.bid = rules.opening;
            auctionOver(dealer);
          } else {
            // Everyone passed and the same dealer deals again: a deal without a score.
            finish();
          }
        } else {
          let next = (actor + 1) % n;
          while (passed.has(next)) next = (next + 1) % n;
          s.toAct = next;
        }
      } else if (token === "pass") {
        const survivor = duel[0] === actor ? duel[1] : duel[0];
        if (queue.length) {
          const challenger = queue.shift();
          duel = [survivor, challenger];
          s.toAct = challenger;
        } else {
          if (s.high === null) s.bid = rules.opening;
          auctionOver(survivor);
        }
      } else {
        s.toAct = duel[0] === actor ? duel[1] : duel[0];
      }
    } else if (s.phase === "exchange") {
      const solo = s.soloist;
      if (token.startsWith("call ")) {
        const c = token.slice(5);
        for (let k = 1; k < n; k++) {
          const o = (solo + k) % n;
          if (s.hands[o].includes(c)) {
            removeCard(s.hands[o], c);
            s.hands[solo].push(c);
            calledFrom = o;
            break;
          }
        }
      } else if (token.startsWith("give ")) {
        const c = token.slice(5);
        removeCard(s.hands[solo], c);
        if (calledFrom !== null) s.hands[calledFrom].push(c);
      } else if (token.startsWith("bury ")) {
        s.buried = splitCards(token.slice(5));
        for (const c of s.buried) removeCard(s.hands[solo], c);
        s.points[solo] += s.buried.reduce((a, c) => a + cardPoints(c), 0);
      } else {
        s.contract = token;
        if (token.startsWith("surrender ")) {
          showMelds();
          finish();
        }
      }
      if (s.phase === "exchange" && s.contract && (s.buried.length > 0 || s.tapp.length === 0)) startPlay();
    } else if (s.phase === "play") {
      removeCard(s.hands[actor], token);
      const trump = /^trump /.test(s.contract || "") ? s.contract.slice(-1) : null;
      if (!s.trick) s.trick = { leader: actor, cards: [], winner: actor };
      const tr = s.trick;
      tr.cards.push(token);
      const best = tr.cards[(tr.winner - tr.leader + n) % n];
      if (tr.cards.length > 1 && beats(token, best, trump)) tr.winner = actor;
      if (tr.cards.length === n) {
        s.tricks[tr.winner]++;
        s.points[tr.winner] += tr.cards.reduce((a, c) => a + cardPoints(c), 0);
        const last = s.hands.every((h) => h.length === 0);
        if (last) s.points[tr.winner] += LAST_TRICK_BONUS;
        // Durch ends at the first trick the other side takes, Bettel at the soloist's first.
        const sameSide = (a, b) => (n === 4 ? a % 2 === b % 2 : a === b);
        const early =
          (s.contract === "durch" && !sameSide(tr.winner, s.soloist)) || (s.contract === "bettel" && tr.winner === s.soloist);
        s.lastTrick = tr;
        s.trick = null;
        s.toAct = tr.winner;
        if (last || early) finish();
      } else {
        s.toAct = (actor + 1) % n;
      }
    }
    out.push(clone(s));
  }
  return out;
}

/** The points of one meld shown in the two-player game (RULES.md section 5's table). */
export function meldValue(kind, suit, trump, rules) {
  const t = suit === trump;
  const pair = t ? 40 : 20;
  const inc = rules.family_pair === "included" ? 1 : 0;
  const fixed = {
    pair,
    four_aces: 100,
    four_kings: 80,
    four_queens: 60,
    four_jacks: 40,
    eight_aces: 1000,
    eight_kings: 1000,
    eight_queens: 1000,
    eight_jacks: 1000,
    binokel: 40,
    double_binokel: 300,
    diss: 10,
    rundgang: 240,
  };
  if (kind === "family") return (t ? 150 : 100) + inc * pair;
  if (kind === "double_family") return (t ? 1500 : 1000) + 2 * inc * pair;
  return fixed[kind] || 0;
}

/**
 * Two players (RULES.md section 13): no auction; trump is the turned card's suit; after each
 * trick the winner may show one meld (`meld KIND [X]`) and exchange the trump 9 for the
 * turned card (`exchange`), then both draw, the winner first; the last trick scores LAST_TRICK_BONUS;
 * each seat scores its card points plus the melds it showed. Positions carry `trump`,
 * `turned` (the face-up card under the stock while it is there) and `stock` (cards left).
 */
function replayTwo(rules, deal) {
  const n = 2;
  const turned = deal.turned;
  const trump = turned[1];
  const nine = `9${trump}`;
  const s = {
    phase: "play",
    hands: deal.hands.map((h) => splitCards(h)),
    tapp: [],
    tappShown: false,
    buried: [],
    said: Array(n).fill(null),
    bid: 0,
    high: null,
    soloist: null,
    contract: null,
    trump,
    turned,
    stock: splitCards(deal.stock).length + 1,
    trick: null,
    lastTrick: null,
    tricks: Array(n).fill(0),
    points: Array(n).fill(0),
    toAct: (deal.dealer + 1) % n,
    last: null,
    melds: [
      { melds: [], total: 0 },
      { melds: [], total: 0 },
    ],
    scores: null,
  };
  // The cards still to draw, top first; the face-up card (the turned card, or the trump 9
  // exchanged for it) comes last.
  const pile = splitCards(deal.stock);
  let drawn = 0;
  const total = pile.length + 1;
  // Per seat: how many trump 9s shown as a Diss are still held (an exchange of a shown 9
  // scores nothing more), kept the way the engine keeps it: clamped to the hand at each draw.
  const dissShown = [0, 0];
  let fresh = null;
  const count9 = (x) => s.hands[x].filter((c) => c === nine).length;
  const clamp = (x) => (dissShown[x] = Math.min(dissShown[x], count9(x)));
  const out = [clone(s)];
  for (const token of deal.actions) {
    const actor = s.toAct;
    s.last = { seat: actor, action: token };
    if (token.startsWith("meld ")) {
      const [, kind, suit] = token.split(" ");
      const points = meldValue(kind, suit || null, trump, rules);
      clamp(actor);
      if (kind === "diss") dissShown[actor]++;
      s.melds[actor].melds.push({ kind, suit: suit || null, points });
      s.melds[actor].total += points;
    } else if (token === "exchange") {
      clamp(actor);
      const held = count9(actor) - (fresh === nine ? 1 : 0);
      const scores = held > dissShown[actor];
      if (!scores) dissShown[actor]--;
      removeCard(s.hands[actor], nine);
      s.hands[actor].push(s.turned);
      if (drawn === total) {
        // The loser drew the turned card just now; in the real order it gets the 9 instead.
        const loser = 1 - actor;
        removeCard(s.hands[loser], s.turned);
        s.hands[loser].push(nine);
      }
      s.turned = nine;
      if (scores) {
        s.melds[actor].melds.push({ kind: "diss", suit: trump, points: 10 });
        s.melds[actor].total += 10;
      }
    } else {
      fresh = null;
      removeCard(s.hands[actor], token);
      if (!s.trick) s.trick = { leader: actor, cards: [], winner: actor };
      const tr = s.trick;
      tr.cards.push(token);
      if (tr.cards.length > 1 && beats(token, tr.cards[0], trump)) tr.winner = actor;
      if (tr.cards.length === n) {
        const w = tr.winner;
        s.tricks[w]++;
        s.points[w] += tr.cards.reduce((a, c) => a + cardPoints(c), 0);
        s.lastTrick = tr;
        s.trick = null;
        s.toAct = w;
        if (drawn < total) {
          clamp(0);
          clamp(1);
          const next = () => (drawn++ < pile.length ? pile[drawn - 1] : s.turned);
          const a = next();
          const b = next();
          s.hands[w].push(a);
          s.hands[1 - w].push(b);
          fresh = a;
          s.stock = total - drawn;
        }
        if (s.hands.every((h) => h.length === 0)) {
          s.points[w] += LAST_TRICK_BONUS;
          s.phase = "done";
          s.toAct = null;
          const sc = [0, 1].map((x) => s.points[x] + s.melds[x].total);
          s.scores = rules.rounding === "ten" ? sc.map(roundTen) : sc;
        }
      } else {
        s.toAct = 1 - actor;
      }
    }
    out.push(clone(s));
  }
  return out;
}
