// Just enough of the rules to replay a binokel-record/1 deal in the
// browser: who acts after each token, the hands, tricks and card points.
// Records from the server are already refereed, so nothing here checks
// legality; the server's rules crate stays the only judge.

import { splitCards, cardPoints } from "./cards.js";
import { meldsOf, dealScores } from "./scoring.js";

// The options a replay needs (RULES.md sections 10 and 11), as the record spells them.
const PRESET_RULES = {
  standard: {},
  swabian: { opening: 200, rundgang: "on" },
  dutch: {
    auction: "open",
    first_lead: "soloist",
    family_pair: "included",
    opponents_need_trick: "no",
    failed_bonus: 30,
    rounding: "ten",
  },
  forty: {},
  kreuz: { players: 4 },
  "two-player": { players: 2 },
};

const TEXT_OPTIONS = ["auction", "first_lead", "all_pass", "rundgang", "family_pair", "opponents_need_trick", "rounding"];

/** The rule settings a replay needs, from a record's `rules` value. */
export function replayRules(rules) {
  const preset = typeof rules === "string" ? rules : rules && rules.preset;
  if (!(preset in PRESET_RULES)) throw new Error(`unknown preset ${JSON.stringify(preset)}`);
  const r = {
    players: 3,
    opening: 150,
    auction: "duel",
    first_lead: "forehand",
    all_pass: "dealer_plays",
    rundgang: "off",
    family_pair: "separate",
    opponents_need_trick: "yes",
    failed_bonus: 0,
    rounding: "none",
    ...PRESET_RULES[preset],
  };
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
  if (n === 2) throw new Error("two-player records are not shown by the replay viewer yet");
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
        if (last) s.points[tr.winner] += 10;
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
