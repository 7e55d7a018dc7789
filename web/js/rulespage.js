// The rules page: the standard game in short, and what the chosen preset
// changes (RULES.md sections 10 and 11).

import { t } from "./i18n.js";
import { cardStyle } from "./util.js";
import { html, join, setHtml } from "./html.js";
import { cardSvg, rankLabel, cardInline } from "./cards.js";
import { PRESETS, DEFAULTS } from "./presets.js";
import { LAST_TRICK_BONUS, DEAL_CARD_POINTS } from "./scoring.js";

// The options the page lists: every option of the server's but `tapp`, which follows pack and
// players (the course above gives its size).
const LISTED = Object.keys(DEFAULTS).filter((k) => k !== "tapp");

const MELDS = [
  ["family", "A T K Q J", "150", "100"],
  ["double_family", "2× A T K Q J", "1500", "1000"],
  ["pair", "K Q", "40", "20"],
  ["four_aces", "A A A A", "100", ""],
  ["four_kings", "K K K K", "80", ""],
  ["four_queens", "Q Q Q Q", "60", ""],
  ["four_jacks", "J J J J", "40", ""],
  ["eight_aces", "8× A", "1000", ""],
  ["binokel", "QS JD", "40", ""],
  ["double_binokel", "2× QS JD", "300", ""],
  ["diss", "9", "10", ""],
];

// Values that read as yes or no after the option's words ("Durch allowed: yes").
const YES = { on: true, yes: true, allowed: true, included: true, ten: true };
const NO = { off: true, no: true, forbidden: true, separate: true, none: true };

/** An option's value in words: numbers as they are, switches as yes/no, else its own message. */
function optionValue(k, v) {
  if (k === "series_deals" && v === "0") return t("start.series_off");
  if (/^\d+$/.test(v)) return v;
  if (k === "low") return v === "seven" ? "7" : "9";
  if (YES[v]) return t("optv.yes");
  if (NO[v]) return t("optv.no");
  return t(`optv.${k}.${v}`);
}

/** The ranks from high to low as the cards print them in `style` (e.g. "A 10 K Q J 9"). */
function ranksText(p, style) {
  const low = p.options.low === "seven" ? "7" : "9";
  const ranks = p.options.pack === "40" ? ["A", "T", "K", "Q", "J"] : ["A", "T", "K", "Q", "J", low];
  return ranks.map((r) => (r === "7" ? "7" : rankLabel(r, style))).join(" ");
}

/** Draws the rules page of `preset`. */
export function showRules(root, preset) {
  if (!PRESETS[preset]) preset = "standard";
  const p = PRESETS[preset];
  const style = cardStyle();
  const choose = Object.keys(PRESETS).map((k) => html`<option value="${k}" ${k === preset ? "selected" : ""}>${t("preset." + k)}</option>`);
  // Each option in words: what it decides, then the preset's choice (the identifiers of
  // docs/rules.md stay in data attributes, for the tests and the curious).
  const opts = LISTED.map((k) => {
      const v = p.options[k] ?? DEFAULTS[k];
      const changed = k in p.options && p.options[k] !== DEFAULTS[k];
      return html`<tr ${changed ? html`class="changed"` : ""} data-option="${k}" data-value="${v}"><td>${t("opt." + k)}</td><td>${changed ? html`<strong>${optionValue(k, v)}</strong>` : optionValue(k, v)}</td></tr>`;
    });
  const sample = ["AS", "TS", "KS", "QS", "JS", "9S"].map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`);
  // Two players have no auction and no Tapp: their course is the paragraph above.
  const steps =
    p.players === 2
      ? ""
      : [1, 2, 3, 4, 5, 6, 7, 8].map((i) => html`<li>${t("rules.s" + i, p)}</li>`);
  const cardsText = (spec) =>
    join(
      spec.split(" ").map((x) => (x.length === 2 && /[SHDC]/.test(x[1]) ? cardInline(x, style) : /^[ATKQJ9]$/.test(x) ? rankLabel(x, style) : x)),
      " ",
    );
  const melds = MELDS.map(([k, cards, tr, other]) => html`<tr><td>${t("meld." + k)}</td><td>${cardsText(cards)}</td><td>${tr}</td><td>${other}</td></tr>`);
  const changes = Object.keys(p.options).length
    ? html`<p>${t("rules.preset_changes")}</p>`
    : html`<p>${t("rules.preset_standard")}</p>`;
  const extra = preset === "kreuz" ? html`<p>${t("rules.kreuz")}</p>` : preset === "two-player" ? html`<p>${t("rules.two")}</p>` : "";
  setHtml(root, html`<div class="rules-page" id="rules-page">
    <h1>${t("rules.title", { preset: t("preset." + preset) })}</h1>
    <label>${t("start.preset")} <select id="rules-preset">${choose}</select></label>
    <div class="mini-trick" style="margin:0.6rem 0">${sample}</div>
    <p class="muted" id="rules-ranks">${t(p.options.pack === "40" ? "rules.ranks40" : "rules.ranks", { ranks: ranksText(p, style), last: LAST_TRICK_BONUS, total: DEAL_CARD_POINTS })}</p>
    ${changes}${extra}
    ${steps ? html`<h2>${t("rules.course")}</h2><ol>${steps}</ol>` : ""}
    <h2>${t("rules.melds")}</h2>
    <table><thead><tr><td></td><td></td><th>${t("rules.trump_suit")}</th><th>${t("rules.other_suit")}</th></tr></thead><tbody>${melds}</tbody></table>
    <h2>${t("rules.options")}</h2>
    <table><tbody>${opts}</tbody></table></div>`);
  root.querySelector("#rules-preset").addEventListener("change", (e) => (location.hash = `#/rules/${e.target.value}`));
}
