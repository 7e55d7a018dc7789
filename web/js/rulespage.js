// The rules page: the standard game in short, and what the chosen preset
// changes (RULES.md sections 10 and 11).

import { t } from "./i18n.js";
import { esc, cardStyle } from "./util.js";
import { cardSvg, rankLabel, cardInline } from "./cards.js";
import { PRESETS } from "./presets.js";

const DEFAULTS = {
  low: "nine",
  pack: "48",
  players: "3",
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
};

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

/** Draws the rules page of `preset`. */
export function showRules(root, preset) {
  if (!PRESETS[preset]) preset = "standard";
  const p = PRESETS[preset];
  const style = cardStyle();
  const choose = Object.keys(PRESETS)
    .map((k) => `<option value="${k}" ${k === preset ? "selected" : ""}>${esc(t("preset." + k))}</option>`)
    .join("");
  const opts = Object.keys(DEFAULTS)
    .map((k) => {
      const v = p.options[k] ?? DEFAULTS[k];
      const changed = k in p.options && p.options[k] !== DEFAULTS[k];
      return `<tr ${changed ? 'class="changed"' : ""}><td><code>${k}</code></td><td>${changed ? "<strong>" : ""}${esc(v)}${changed ? "</strong>" : ""}</td><td>${esc(t("opt." + k))}</td></tr>`;
    })
    .join("");
  const sample = ["AS", "TS", "KS", "QS", "JS", "9S"].map((c) => `<span class="card small">${cardSvg(c, style)}</span>`).join("");
  // Two players have no auction and no Tapp: their course is the paragraph above.
  const steps =
    p.players === 2
      ? ""
      : [1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<li>${esc(t("rules.s" + i, p))}</li>`).join("");
  const cardsText = (spec) =>
    spec
      .split(" ")
      .map((x) => (x.length === 2 && /[SHDC]/.test(x[1]) ? cardInline(x, style) : /^[ATKQJ9]$/.test(x) ? esc(rankLabel(x, style)) : esc(x)))
      .join(" ");
  const melds = MELDS.map(([k, cards, tr, other]) => `<tr><td>${esc(t("meld." + k))}</td><td>${cardsText(cards)}</td><td>${tr}</td><td>${other}</td></tr>`).join("");
  const changes = Object.keys(p.options).length
    ? `<p>${esc(t("rules.preset_changes"))}</p>`
    : `<p>${esc(t("rules.preset_standard"))}</p>`;
  const extra = preset === "kreuz" ? `<p>${esc(t("rules.kreuz"))}</p>` : preset === "two-player" ? `<p>${esc(t("rules.two"))}</p>` : "";
  root.innerHTML = `<div class="rules-page" id="rules-page">
    <h1>${esc(t("rules.title", { preset: t("preset." + preset) }))}</h1>
    <label>${esc(t("start.preset"))} <select id="rules-preset">${choose}</select></label>
    <div class="mini-trick" style="margin:0.6rem 0">${sample}</div>
    <p class="muted">${esc(t(p.options.pack === "40" ? "rules.ranks40" : "rules.ranks"))}</p>
    ${changes}${extra}
    ${steps ? `<h2>${esc(t("rules.course"))}</h2><ol>${steps}</ol>` : ""}
    <h2>${esc(t("rules.melds"))}</h2>
    <table><thead><tr><th></th><th></th><th>${esc(t("rules.trump_suit"))}</th><th>${esc(t("rules.other_suit"))}</th></tr></thead><tbody>${melds}</tbody></table>
    <h2>${esc(t("rules.options"))}</h2>
    <table><tbody>${opts}</tbody></table></div>`;
  root.querySelector("#rules-preset").addEventListener("change", (e) => (location.hash = `#/rules/${e.target.value}`));
}
