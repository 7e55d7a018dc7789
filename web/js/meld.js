// The meld calculator (web/meld.html) and its card picker, which the score pad
// (web/js/pad.js) uses too: tap the cards of a hand, or type them, and the
// server's rules crate works out every meld (POST /api/meld).

import { setLanguage, preferredLanguage, t, language } from "./i18n.js";
import { cardSvg, suitGlyph } from "./cards.js";
import { cardStyle } from "./util.js";
import { html, setHtml } from "./html.js";
import { parseTypedCard, typedCode } from "./handinput.js";

const RANKS = ["A", "T", "K", "Q", "J", "9"];
const SUITS = ["S", "H", "D", "C"];

/**
 * Normalises a typed card to a record code, or null: the codes the table reads in the card
 * style `style` ("10h", "qs", "7C"; German cards "OG", "10H", "UE"), as web/js/handinput.js
 * reads them.
 */
export function normaliseCard(tok, style) {
  const c = parseTypedCard(tok, style || cardStyle());
  return c && c[0] === "7" ? "9" + c[1] : c;
}

/**
 * Parses typed cards (in the card style `style`) into counts per record code. Answers
 * {counts} or {bad} naming the first token that is not a card or is a third copy.
 */
export function parseCards(text, style) {
  const counts = {};
  for (const tok of String(text).split(/[\s,]+/).filter((x) => x)) {
    const c = normaliseCard(tok, style);
    if (!c) return { bad: tok, reason: "pad.meld_not_card" };
    counts[c] = (counts[c] || 0) + 1;
    if (counts[c] > 2) return { bad: tok, reason: "pad.meld_third_copy" };
  }
  return { counts };
}

/** Cards (record codes) as typed in the card style: German cards `AG 10G OG`. */
export function typedCards(codes, style) {
  return codes.map((c) => typedCode(c, style)).join(" ");
}

/** The codes of a counts map, in picker order. */
export function cardsOf(counts) {
  const out = [];
  for (const s of SUITS) for (const r of RANKS) for (let k = 0; k < (counts[r + s] || 0); k++) out.push(r + s);
  return out;
}

/**
 * A grid of the 24 card kinds; a tap adds a copy (0, 1, 2, then 0 again).
 * `opts.low` "seven" draws sevens, `opts.pack` "40" leaves the low cards out.
 * Answers {get, set, element}; `onChange(counts)` runs after every tap.
 */
export function cardPicker(container, opts, onChange) {
  const counts = {};
  const ranks = opts.pack === "40" ? RANKS.slice(0, 5) : RANKS;
  const shown = (code) => (opts.low === "seven" && code[0] === "9" ? "7" + code[1] : code);
  container.classList.add("picker");
  const button = (code) =>
    html`<button type="button" class="pick" data-card="${code}" data-count="0" aria-label="${typedCode(shown(code), cardStyle())}">${cardSvg(shown(code), cardStyle(), true)}<span class="count"></span></button>`;
  setHtml(container, html`${SUITS.map((s) => html`<div class="picker-row">${ranks.map((r) => button(r + s))}</div>`)}`);
  const paint = () => {
    for (const b of container.querySelectorAll(".pick")) {
      const n = counts[b.dataset.card] || 0;
      b.dataset.count = String(n);
      b.querySelector(".count").textContent = n ? `×${n}` : "";
      const code = b.getAttribute("aria-label").split(" ")[0];
      b.setAttribute("aria-label", n ? `${code} ×${n}` : code);
    }
  };
  container.addEventListener("click", (e) => {
    const b = e.target.closest(".pick");
    if (!b) return;
    const c = b.dataset.card;
    counts[c] = ((counts[c] || 0) + 1) % 3;
    paint();
    onChange({ ...counts });
  });
  return {
    element: container,
    get: () => ({ ...counts }),
    set(next) {
      for (const k of Object.keys(counts)) delete counts[k];
      Object.assign(counts, next);
      paint();
    },
  };
}

/** Asks the server for the melds of `cards` (codes) under `trump` (a suit or null). */
export async function computeMelds(cards, trump, rules) {
  const res = await fetch("/api/meld", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cards: cards.join(" "), trump: trump || null, rules }),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error((data && data.message) || `HTTP ${res.status}`);
  return data;
}

/**
 * One meld as people read it: "family ♠" with French cards, "Familie Grün" with German
 * ones (a French symbol next to a German suit's name mixed two packs).
 */
export function meldLine(m) {
  const style = cardStyle();
  const suit = !m.suit ? "" : style === "german" ? ` ${t(`suit.german.${m.suit}`)}` : ` ${suitGlyph(m.suit)}`;
  return `${t("meld." + m.kind)}${suit}`;
}

// The page itself (only on meld.html).
async function page() {
  await setLanguage(preferredLanguage());
  const langSel = document.getElementById("lang-select");
  langSel.value = language();
  const text = document.getElementById("meld-text");
  const trumpSel = document.getElementById("meld-trump");
  const rulesSel = document.getElementById("meld-rules");
  const list = document.getElementById("meld-list");
  const total = document.getElementById("meld-total");
  const error = document.getElementById("meld-error");
  let picker;
  let asked = 0;
  let last = null;

  // Under an error the list and the total are of no hand: they are emptied, not kept.
  const stale = () => {
    last = null;
    list.replaceChildren();
    total.textContent = "–";
    total.dataset.total = "";
  };
  const show = () => {
    if (!last) return;
    setHtml(
      list,
      last.melds.length
        ? html`${last.melds.map((m) => html`<li data-kind="${m.kind}"><span>${meldLine(m)}</span><b>${m.points}</b></li>`)}`
        : html`<li class="muted">${t("pad.meld_none")}</li>`,
    );
    total.textContent = String(last.total);
    total.dataset.total = String(last.total);
  };
  // The typed text is the hand: a tap on the picker writes it first. Whatever asks for the
  // melds (a tap, a change of trump or rules) reads it, so an error stays an error.
  const update = async () => {
    const n = ++asked;
    const p = parseCards(text.value, cardStyle());
    if (p.bad) {
      error.textContent = t(p.reason, { card: p.bad });
      stale();
      return;
    }
    picker.set(p.counts);
    const cards = cardsOf(p.counts);
    try {
      const r = await computeMelds(cards, trumpSel.value, rulesSel.value);
      if (n !== asked) return;
      error.textContent = "";
      last = r;
      show();
    } catch (e) {
      if (n !== asked) return;
      error.textContent = t("pad.meld_failed", { message: e.message });
      stale();
    }
  };
  const makePicker = () => {
    const low = rulesSel.value === "swabian" || rulesSel.value === "dutch" ? "seven" : "nine";
    const pack = rulesSel.value === "forty" ? "40" : "48";
    const keep = picker ? picker.get() : {};
    picker = cardPicker(document.getElementById("meld-picker"), { low, pack }, (counts) => {
      text.value = typedCards(cardsOf(counts), cardStyle());
      update();
    });
    picker.set(keep);
  };
  text.addEventListener("input", update);
  trumpSel.addEventListener("change", update);
  rulesSel.addEventListener("change", () => {
    makePicker();
    update();
  });
  document.getElementById("meld-clear").addEventListener("click", () => {
    picker.set({});
    text.value = "";
    update();
  });
  langSel.addEventListener("change", async () => {
    // The card style may follow the language: the typed hand is rewritten in the new one.
    const before = cardStyle();
    const p = parseCards(text.value, before);
    await setLanguage(langSel.value, true);
    if (!p.bad && cardStyle() !== before) text.value = typedCards(cardsOf(p.counts), cardStyle());
    document.getElementById("meld-example").textContent = typedCards(["AS", "TS", "KS", "QS", "JS"], cardStyle());
    fillTrumps(trumpSel);
    makePicker();
    update();
  });
  document.getElementById("meld-example").textContent = typedCards(["AS", "TS", "KS", "QS", "JS"], cardStyle());
  fillTrumps(trumpSel);
  makePicker();
  document.body.dataset.ready = "1";
  update();
}

/**
 * The trump choices of a select: none, then the four suits in the current language; the
 * French symbol only with French cards ("♠ spades", German cards "Grün").
 */
export function fillTrumps(sel) {
  const v = sel.value;
  const style = cardStyle();
  const suits = SUITS.map((s) => html`<option value="${s}">${style === "german" ? "" : `${suitGlyph(s)} `}${t(`suit.${style}.${s}`)}</option>`);
  setHtml(sel, html`<option value="">${t("pad.no_trump")}</option>${suits}`);
  sel.value = v;
}

if (document.body && document.body.dataset.page === "meld") {
  page().catch((e) => {
    document.getElementById("meld-error").textContent = String(e);
  });
}
