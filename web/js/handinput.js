// How a person picks cards from the hand at the table. A mouse click plays a legal card at
// once. A tap on a touch screen only chooses the card (it rises, outlined, and a "Play …"
// button appears); a second tap on it, or the button, plays it, so a tap on an 18-card fan
// never plays a neighbour. The keyboard: the arrows move between the cards (one card is the
// hand's tab stop), Enter or Space plays the card in focus, and typing a card's code chooses
// it (`AS`, `10h`, `qs`; German cards `OG`, `10H`, with the suit letters E G H S of
// docs/web.md). These are methods of the table client (web/js/table.js puts them on its
// prototype); the hand itself is drawn in web/js/tablecontrols.js.

import { t } from "./i18n.js";
import { splitCards } from "./cards.js";
import { toast, cardStyle } from "./util.js";
import * as store from "./store.js";
import { html } from "./html.js";
import { cardName } from "./text.js";

/** Ranks and suits as typed, per card style, to the record's letters. */
const TYPED = {
  french: {
    ranks: { A: "A", T: "T", 10: "T", K: "K", Q: "Q", J: "J", 9: "9", 7: "7" },
    suits: { S: "S", H: "H", D: "D", C: "C" },
  },
  german: {
    ranks: { A: "A", T: "T", 10: "T", K: "K", O: "Q", U: "J", 9: "9", 7: "7" },
    suits: { E: "C", G: "S", H: "H", S: "D" },
  },
};

/**
 * A card code typed by a person, in a card style, as the record's code (`10h` → `TH`,
 * German `OG` → `QS`), or null. The low card reads `9` or `7` alike.
 */
export function parseTypedCard(typed, style) {
  const map = TYPED[style === "german" ? "german" : "french"];
  const m = /^(10|[A-Z0-9])([A-Z])$/.exec(String(typed).trim().toUpperCase());
  if (!m) return null;
  const rank = map.ranks[m[1]];
  const suit = map.suits[m[2]];
  return rank && suit ? rank + suit : null;
}

/**
 * A record code as a person types it in a card style: French cards keep the record's code
 * (`TS`), German cards use the German letters (`TS` → `10G`, `QD` → `OS`).
 */
export function typedCode(code, style) {
  if (style !== "german") return code;
  const map = TYPED.german;
  const rank = code[0] === "T" ? "10" : Object.keys(map.ranks).find((k) => k !== "T" && k !== "10" && map.ranks[k] === code[0]);
  const suit = Object.keys(map.suits).find((k) => map.suits[k] === code[1]);
  return `${rank || code[0]}${suit || code[1]}`;
}

/** An example of a typed card in a style, for the help text. */
function typedExample(style) {
  return style === "german" ? "OG, 10H" : "QS, 10h";
}

/** How long typed letters wait for the next one to make a card code. */
const TYPING_MS = 1500;

/** The table client's hand input methods: clicks, taps and keys on the hand. */
export const handMethods = {
  /** The card (its index in the drawn hand) a tap has chosen for this decision, or null. */
  armedIndex() {
    return this.armed && this.armed.key === this.selectKey ? this.armed.i : null;
  },

  /** The help line of the hand for screen readers (and the hand's title). */
  handHelp() {
    return t("a11y.hand_help", { example: typedExample(cardStyle()) });
  },

  /**
   * A card of the hand picked: `how` is "click" (a mouse: play at once), "tap" (a touch:
   * choose first, play on the second tap) or "key" (Enter: play the card in focus).
   */
  pickCard(v, el, how) {
    const c = el.dataset.card;
    const i = Number(el.dataset.i);
    if (v.to_act !== this.seat || !v.legal.length) {
      // Before one's turn in the play: the card is chosen ahead (a premove), played when the
      // turn comes if it is legal then; the same card again cancels it.
      if (v.phase !== "play" || this.watch) return;
      const same = this.premoveFor(v) === c;
      this.premove = same ? null : { deal: v.deal, card: c };
      this.render();
      return;
    }
    const burial = v.legal.find((a) => a.startsWith("bury "));
    if (burial) {
      const need = splitCards(burial.slice(5)).length;
      const at = this.selected.indexOf(i);
      if (at >= 0) this.selected.splice(at, 1);
      else if (this.selected.length < need) this.selected.push(i);
      this.render();
      return;
    }
    const token = v.legal.includes(c) ? c : v.legal.includes(`give ${c}`) ? `give ${c}` : null;
    if (!token) {
      // A card that may not be played goes to the server, whose refusal says why ("must
      // follow spades", web/js/refusals.js), when it gives reasons.
      if (v.phase === "play" && this.offers("reasons")) this.act(c);
      else toast(t("ctl.not_legal", { card: cardName(c, cardStyle()) }));
      return;
    }
    if (how === "tap" && this.armedIndex() !== i) {
      this.armed = { key: this.selectKey, i };
      this.render();
      return;
    }
    this.armed = null;
    this.act(token);
  },

  /** The card chosen ahead for this deal's play, or null. */
  premoveFor(v) {
    return this.premove && this.premove.deal === v.deal ? this.premove.card : null;
  },

  /** Whether the only legal card is played by itself (a choice remembered in the browser). */
  autoplayOn() {
    return store.pref("autoplay", "off") === "on";
  },

  /**
   * After a redraw at one's turn in the play: a card chosen ahead is played if it is legal
   * (else it is dropped, with a notice), or, with the option on, the only legal card is.
   * Each sends an ordinary `action` (docs/web.md, "Playing ahead").
   */
  playAhead(v, myTurn) {
    if (!myTurn || v.phase !== "play") return;
    const cards = v.legal.filter((a) => /^[AT9KQJ7][SHDC]$/.test(a));
    const ahead = this.premoveFor(v);
    let card = null;
    if (ahead) {
      this.premove = null;
      if (cards.includes(ahead)) card = ahead;
      else toast(t("ctl.premove_dropped", { card: cardName(ahead, cardStyle()) }));
    } else if (cards.length === 1 && v.legal.length === 1 && this.autoplayOn()) {
      card = cards[0];
    }
    if (!card) return;
    const at = `${v.deal}/${v.history.length}`;
    setTimeout(() => {
      const now = this.state && this.state.view;
      if (now && `${now.deal}/${now.history.length}` === at) this.act(card);
    }, 0);
  },

  /** The line under the controls while a card is chosen ahead: which, and Cancel. */
  premoveHtml(v, style) {
    const c = this.premoveFor(v);
    if (!c || v.to_act === this.seat) return "";
    return html`<span class="prompt" id="premove-info">${t("ctl.premove", { card: cardName(c, style) })}</span>
      <button type="button" id="premove-cancel">${t("ctl.premove_cancel")}</button>`;
  },

  /** The switch of the only legal card played by itself (shown in the play). */
  autoplayHtml(v) {
    if (v.phase !== "play" || this.watch || this.seat === null || this.seat === undefined) return "";
    return html`<label class="inline autoplay"><input type="checkbox" id="autoplay" ${this.autoplayOn() ? "checked" : ""}> ${t("ctl.autoplay")}</label>`;
  },

  /** The confirm button of a tapped card: plays it. */
  playArmed(v) {
    const i = this.armedIndex();
    const el = i === null ? null : this.root.querySelector(`#hand .card[data-i="${i}"]`);
    if (el) this.pickCard(v, el, "key");
  },

  /** The confirm button's HTML when a tap has chosen a card (drawn among the controls). */
  armedHtml(v, style) {
    const i = this.armedIndex();
    const c = i === null || !this.handCards ? null : this.handCards[i];
    if (!c) return "";
    const name = cardName(c, style);
    return html`<button type="button" class="primary" id="act-play" data-card="${c}">${t("ui.play_card", { card: name })}</button>`;
  },

  /** Wires the hand's clicks (called by `wire` when it is this seat's turn). */
  wireHand(v, hand) {
    hand.addEventListener("pointerdown", (e) => {
      this.lastPointer = e.pointerType;
    });
    hand.addEventListener("click", (e) => {
      const el = e.target.closest(".card");
      if (!el) return;
      // A click without a pointer (detail 0) came from the keyboard.
      let how = "click";
      if (e.detail === 0) how = "key";
      else if (this.lastPointer === "touch" || this.lastPointer === "pen") how = "tap";
      else if (!this.lastPointer && matchMedia("(pointer: coarse)").matches) how = "tap";
      this.lastPointer = null;
      this.pickCard(v, el, how);
    });
    const play = this.root.querySelector("#act-play");
    if (play) play.addEventListener("click", () => this.playArmed(v));
    const cancel = this.root.querySelector("#premove-cancel");
    if (cancel) {
      cancel.addEventListener("click", () => {
        this.premove = null;
        this.render();
      });
    }
  },

  /** Before a redraw: which card of the hand had the focus (by index and code). */
  focusBefore() {
    const el = document.activeElement;
    if (!el || !el.closest || !el.closest("#hand") || !el.dataset.card) return null;
    return { i: Number(el.dataset.i), card: el.dataset.card };
  },

  /**
   * After a redraw: one card is the hand's tab stop (the chosen one, else the first legal
   * one), and a focus that was in the hand stays there, on the same card or its neighbour.
   */
  keepFocus(before) {
    const cards = [...this.root.querySelectorAll("#hand .card")];
    if (!cards.length) return;
    let stop = null;
    if (before) {
      stop =
        cards.find((e) => Number(e.dataset.i) === before.i && e.dataset.card === before.card) ||
        cards.find((e) => e.dataset.card === before.card) ||
        cards[Math.min(before.i, cards.length - 1)];
    }
    const armed = this.armedIndex();
    if (!stop && armed !== null) stop = cards[armed];
    if (!stop) stop = cards.find((e) => e.classList.contains("legal")) || cards[0];
    for (const e of cards) e.tabIndex = e === stop ? 0 : -1;
    if (before && stop) stop.focus({ preventScroll: true });
  },

  /**
   * Before a redraw: whether the keyboard focus is at the table (a control, a card), so
   * that the redraw, which replaces the controls, does not drop it to the page's body.
   */
  noteFocus() {
    const el = document.activeElement;
    if (el && el !== document.body) this.focusHeld = !!(this.root.contains && this.root.contains(el));
  },

  /**
   * After a redraw, while the focus is held at the table: the focus moves to the next
   * decision's first control (docs/web.md, "Keyboard"): the bid button, the hand in the
   * burial (and the Bury button once the cards are chosen), the first trump of the
   * declaration, the hand in the play, "Next deal" after a deal; between one's turns it
   * waits on the controls' row.
   */
  placeFocus(v, myTurn) {
    if (!this.focusHeld) return;
    const root = this.root;
    const el = document.activeElement;
    const inHand = el && el.closest && el.closest("#hand");
    const q = (css) => root.querySelector(css);
    const stop = q("#hand .card[tabindex=\"0\"]");
    let to = null;
    if (myTurn) {
      const burial = v.legal.find((a) => a.startsWith("bury "));
      if (burial) {
        const need = splitCards(burial.slice(5)).length;
        to = this.selected.length === need ? q("#act-bury") : inHand ? null : stop;
      } else if (inHand) {
        to = null;
      } else if (v.phase === "auction") {
        to = q("#act-bid") || q("#act-pass");
      } else if (v.phase === "declare") {
        to = q("#declaration button");
      } else if (v.phase === "play" && v.legal.some((a) => /^[AT9KQJ7][SHDC]$/.test(a))) {
        to = stop;
      }
      if (!to && !inHand) to = q("#controls button, #controls select") || stop;
    } else if (!inHand) {
      to = q("#next-deal") || q("#controls");
    }
    if (to && to !== el) to.focus({ preventScroll: true });
  },

  /** Keys on the table page: arrows and Enter in the hand, typed card codes anywhere. */
  handleKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const target = e.target;
    if (target && target.closest && target.closest("input, select, textarea")) return;
    const hand = this.root.querySelector && this.root.querySelector("#hand");
    const v = this.state && this.state.view;
    if (!hand || !v) return;
    const cards = [...hand.querySelectorAll(".card")];
    const inHand = target && target.closest && target.closest("#hand .card");
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (inHand && (e.key in moves || e.key === "Home" || e.key === "End")) {
      e.preventDefault();
      const at = cards.indexOf(inHand);
      let to = e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : at + moves[e.key];
      to = Math.max(0, Math.min(cards.length - 1, to));
      this.focusCard(cards, cards[to]);
      return;
    }
    if (inHand && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      if ((v.to_act === this.seat && v.legal.length) || v.phase === "play") this.pickCard(v, inHand, "key");
      return;
    }
    if (e.key.length !== 1 || !/[0-9a-z]/i.test(e.key)) return;
    const now = Date.now();
    if (!this.typed || now - this.typed.at > TYPING_MS) this.typed = { text: "", at: now };
    this.typed.text = (this.typed.text + e.key).slice(-3);
    this.typed.at = now;
    const style = cardStyle();
    for (const len of [3, 2]) {
      const code = parseTypedCard(this.typed.text.slice(-len), style);
      if (!code) continue;
      const low = code[0] === "9" || code[0] === "7";
      const same = (x) => x === code || (low && (x[0] === "9" || x[0] === "7") && x[1] === code[1]);
      const matching = cards.filter((el) => same(el.dataset.card));
      if (!matching.length) continue;
      e.preventDefault();
      // Typing the code of a card held twice again goes to the second copy.
      const at = matching.indexOf(inHand);
      this.focusCard(cards, matching[(at + 1) % matching.length]);
      this.typed.text = "";
      return;
    }
  },

  /** Moves the hand's tab stop and the focus to one card. */
  focusCard(cards, el) {
    for (const c of cards) c.tabIndex = c === el ? 0 : -1;
    el.focus();
  },
};
