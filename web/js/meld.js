// The meld calculator (web/meld.html) and its card picker, which the score pad
// (web/js/pad.js) uses too: tap the cards of a hand, or type them, and the
// server's rules crate works out every meld (POST /api/meld).

import { setLanguage, preferredLanguage, t, language } from "./i18n.js";
import { cardSvg, suitGlyph } from "./cards.js";
import { cardStyle } from "./util.js";
import { html, setHtml } from "./html.js";

const RANKS = ["A", "T", "K", "Q", "J", "9"];
const SUITS = ["S", "H", "D", "C"];

/** Normalises a typed card ("10h", "qs", "7C") to a code, or null. */
export function normaliseCard(tok) {
  let s = String(tok).trim().toUpperCase();
  if (s.startsWith("10")) s = "T" + s.slice(2);
  if (s.startsWith("7")) s = "9" + s.slice(1);
  return s.length === 2 && RANKS.includes(s[0]) && SUITS.includes(s[1]) ? s : null;
}

/**
 * Parses typed cards into counts per code. Answers {counts} or {bad} naming the
 * first token that is not a card or is a third copy.
 */
export function parseCards(text) {
  const counts = {};
  for (const tok of String(text).split(/[\s,]+/).filter((x) => x)) {
    const c = normaliseCard(tok);
    if (!c) return { bad: tok, reason: "pad.meld_not_card" };
    counts[c] = (counts[c] || 0) + 1;
    if (counts[c] > 2) return { bad: tok, reason: "pad.meld_third_copy" };
  }
  return { counts };
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
    html`<button type="button" class="pick" data-card="${code}" data-count="0" aria-label="${shown(code)}">${cardSvg(shown(code), cardStyle())}<span class="count"></span></button>`;
  setHtml(container, html`${SUITS.map((s) => html`<div class="picker-row">${ranks.map((r) => button(r + s))}</div>`)}`);
  const paint = () => {
    for (const b of container.querySelectorAll(".pick")) {
      const n = counts[b.dataset.card] || 0;
      b.dataset.count = String(n);
      b.querySelector(".count").textContent = n ? `×${n}` : "";
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

/** One meld as people read it: "family ♠ 150". */
export function meldLine(m) {
  const suit = m.suit ? ` ${suitGlyph(m.suit)}` : "";
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
  const update = async () => {
    const n = ++asked;
    const cards = cardsOf(picker.get());
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
      text.value = cardsOf(counts).join(" ");
      update();
    });
    picker.set(keep);
  };
  text.addEventListener("input", () => {
    const p = parseCards(text.value);
    if (p.bad) {
      // An answer still on its way is about older text: it must not clear this error.
      asked++;
      error.textContent = t(p.reason, { card: p.bad });
      stale();
      return;
    }
    picker.set(p.counts);
    update();
  });
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
    await setLanguage(langSel.value, true);
    fillTrumps(trumpSel);
    show();
  });
  fillTrumps(trumpSel);
  makePicker();
  document.body.dataset.ready = "1";
  update();
}

/** The trump choices of a select: none, then the four suits in the current language. */
export function fillTrumps(sel) {
  const v = sel.value;
  const style = cardStyle();
  const suits = SUITS.map((s) => html`<option value="${s}">${suitGlyph(s)} ${t(`suit.${style}.${s}`)}</option>`);
  setHtml(sel, html`<option value="">${t("pad.no_trump")}</option>${suits}`);
  sel.value = v;
}

if (document.body && document.body.dataset.page === "meld") {
  page().catch((e) => {
    document.getElementById("meld-error").textContent = String(e);
  });
}
