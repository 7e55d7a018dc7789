// Cards moving at the table, and when the table's sounds play. Each drawing is compared with
// the one before: a card played flies to the table from the hand (our own) or from the seat
// of its player; a finished trick stays in view, then is gathered to its winner's seat; a
// new deal is dealt into the hand. The page is always drawn in its final state at once and
// only transforms move (Web Animations API), so nothing waits for an animation: a click
// works at any moment. Under `prefers-reduced-motion: reduce` nothing moves (a finished
// trick then stays on the table until the next card, as without animation). A card in
// flight takes no clicks (`pointer-events: none` until it lands): a click meant for a
// button it passes over, such as Bid while the hand is dealt, reaches that button. These are
// methods of the table client (web/js/table.js puts them on its prototype).

import { playSound } from "./sound.js";

/** How long a played card flies. */
const PLAY_MS = 240;
/** How long a finished trick stays in view after its last card before it is gathered. */
const HOLD_MS = 900;
/** How long the gathering takes. */
const GATHER_MS = 360;
/** Dealing: one card after the other, this far apart, each flying this long. */
const DEAL_STEP_MS = 14;
const DEAL_MS = 240;

function stillPage() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Moves an element (Web Animations API) with the motion's `id`; the element takes no clicks
 * while it moves. A gathered card never takes one again: it stays, unseen, where it went.
 */
function move(el, keyframes, options, id) {
  el.style.pointerEvents = "none";
  const anim = el.animate(keyframes, options);
  anim.id = id;
  if (id !== "gather") {
    const landed = () => {
      el.style.pointerEvents = "";
    };
    anim.finished.then(landed, landed);
  }
  return anim;
}

function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** The element's own transform, so that a motion ends exactly where CSS put it. */
function baseTransform(el) {
  const t = getComputedStyle(el).transform;
  return t && t !== "none" ? t : "";
}

/**
 * What changed between two views of one seat: the cards played since (seat, card and
 * whether they are drawn in the current trick or the finished one), a trick finished, a
 * new deal, and whether it has just become this seat's turn.
 */
export function changes(p, v, me) {
  const out = { played: [], trickDone: null, deal: false, myTurn: false };
  if (!v) return out;
  const mine = me !== null && me !== undefined;
  const turn = (x) => mine && x.to_act === me && x.legal.length > 0;
  const same = p && p.deal === v.deal && p.history.length === v.history.length;
  out.myTurn = turn(v) && !(same && turn(p));
  if (!p) return out;
  if (v.deal !== p.deal) {
    out.deal = true;
    return out;
  }
  if (v.history.length <= p.history.length || v.phase === "auction") return out;
  const n = v.players;
  const before = p.trick ? p.trick.cards.length : 0;
  const seatOf = (tr, i) => (tr.leader + i) % n;
  const pt = p.tricks.length;
  const vt = v.tricks.length;
  const current = v.trick && v.trick.cards.length ? v.trick : null;
  if (vt === pt && current) {
    current.cards.slice(before).forEach((card, k) => out.played.push({ seat: seatOf(current, before + k), card, at: before + k }));
  } else if (vt === pt + 1) {
    const done = v.tricks[vt - 1];
    out.trickDone = done;
    if (!current) done.cards.slice(before).forEach((card, k) => out.played.push({ seat: seatOf(done, before + k), card, at: before + k }));
    else current.cards.forEach((card, i) => out.played.push({ seat: seatOf(current, i), card, at: i }));
  } else if (vt > pt) {
    out.trickDone = v.tricks[vt - 1];
  }
  return out;
}

/** The table client's motion methods: `snapshot` before a drawing, `animate` after it. */
export const motionMethods = {
  /** Where the hand's cards are before a redraw (the start of our own card's flight). */
  snapshot() {
    const hand = new Map();
    if (this.root.querySelectorAll) {
      for (const el of this.root.querySelectorAll("#hand .card")) {
        if (!hand.has(el.dataset.card)) hand.set(el.dataset.card, el.getBoundingClientRect());
      }
    }
    return { hand };
  },

  /** After a drawing: moves what changed since the view drawn before, and sounds it. */
  animate(v, before) {
    // The first drawn hand is marked for the performance figure of docs/web.md.
    if (!this.handMarked && v.hand && typeof performance !== "undefined" && performance.mark) {
      this.handMarked = true;
      performance.mark("binokel:first-hand");
    }
    const prev = this.shownView || null;
    this.shownView = v;
    if (!this.motions) this.motions = { play: 0, gather: 0, deal: 0 };
    if (!this.soundLog) this.soundLog = [];
    const ev = changes(prev, v, this.seat);
    this.soundsFor(ev);
    const still = stillPage();
    if (!still) {
      ev.played.forEach((p, k) => this.flyIn(p, before, k));
      if (ev.deal || (!prev && v.history.length === 0)) this.dealIn();
    }
    this.placeFinishedTrick(v, ev, still);
  },

  soundsFor(ev) {
    const play = (kind) => {
      if (playSound(kind)) this.soundLog.push(kind);
    };
    if (ev.played.length) play("card");
    if (ev.trickDone && ev.trickDone.winner === this.seat) play("won");
    if (ev.myTurn) play("turn");
  },

  /** A played card flies from the hand or its player's seat to its place in the trick. */
  flyIn(p, before, k) {
    const el = this.root.querySelectorAll("#trick .card")[p.at];
    if (!el || el.dataset.card !== p.card) return;
    const from = (p.seat === this.seat && before.hand.get(p.card)) || rectOf(this.root.querySelector(`#seat-${p.seat}`));
    if (!from) return;
    const a = centre(from);
    const b = centre(el.getBoundingClientRect());
    const base = baseTransform(el);
    move(
      el,
      [
        { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) ${base}`, opacity: p.seat === this.seat ? 1 : 0.4 },
        { transform: base || "none", opacity: 1 },
      ],
      { duration: PLAY_MS, delay: k * 90, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      "play",
    );
    this.motions.play++;
  },

  /** A new deal: the hand's cards come from the middle of the table one after the other. */
  dealIn() {
    const from = rectOf(this.root.querySelector(".centre"));
    if (!from) return;
    const a = centre(from);
    this.root.querySelectorAll("#hand .card").forEach((el, i) => {
      const b = centre(el.getBoundingClientRect());
      move(
        el,
        [
          { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.6)`, opacity: 0 },
          { transform: "none", opacity: 1 },
        ],
        { duration: DEAL_MS, delay: i * DEAL_STEP_MS, easing: "ease-out", fill: "backwards" },
        "deal",
      );
      this.motions.deal++;
    });
  },

  /**
   * A finished trick shown on the table (faded) is gathered to its winner once it has been
   * in view for a while; a later redraw of the same position draws it gathered at once.
   */
  placeFinishedTrick(v, ev, still) {
    const el = this.root.querySelector("#trick.done");
    if (!el || still) return;
    const key = `${v.deal}/${v.tricks.length}`;
    if (this.gather && this.gather.key === key && this.gather.done) {
      el.classList.add("gathered");
      return;
    }
    if (!this.gather || this.gather.key !== key) {
      this.gather = { key, at: Date.now() + (ev.played.length ? PLAY_MS + HOLD_MS : HOLD_MS), done: false };
    }
    clearTimeout(this.gatherTimer);
    this.gatherTimer = setTimeout(() => this.gatherNow(key), Math.max(0, this.gather.at - Date.now()));
  },

  gatherNow(key) {
    const el = this.root.querySelector && this.root.querySelector("#trick.done");
    const v = this.shownView;
    if (!el || !v || `${v.deal}/${v.tricks.length}` !== key || this.closed) return;
    const tr = v.tricks[v.tricks.length - 1];
    const to = rectOf(this.root.querySelector(`#seat-${tr.winner}`));
    this.gather.done = true;
    if (!to) {
      el.classList.add("gathered");
      return;
    }
    const b = centre(to);
    const cards = [...el.querySelectorAll(".card")];
    cards.forEach((c, i) => {
      const a = centre(c.getBoundingClientRect());
      const base = baseTransform(c);
      move(
        c,
        [
          { transform: base || "none", opacity: 1 },
          { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) ${base} scale(0.35)`, opacity: 0 },
        ],
        { duration: GATHER_MS, delay: i * 30, easing: "ease-in", fill: "forwards" },
        "gather",
      );
      this.motions.gather++;
    });
  },
};

function rectOf(el) {
  return el ? el.getBoundingClientRect() : null;
}
