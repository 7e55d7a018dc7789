// The result panel of a finished deal: each seat's tricks, card points and melds (struck
// out where they do not count), the burial, the verdict in numbers ("made: 307 ≥ 270"),
// the deal's scores and the running totals, and the "next deal" button with who is
// ready (feature `ready`, docs/protocol.md "Readiness"). It stays until the next deal
// starts. Drawn from the view the server sends; the arithmetic of which melds count
// follows web/js/scoring.js (`dealScores`).

import { t } from "./i18n.js";
import { cardSvg, splitCards } from "./cards.js";
import { html } from "./html.js";
import { actionText } from "./text.js";
import { replayRules } from "./engine.js";
import { nameHtml } from "./account.js";

/** Per seat: whether its melds count in the deal `v` (a finished view). */
export function meldsCount(v) {
  const n = v.players;
  const teams = n === 4;
  const side = (s) => (teams ? s % 2 : s);
  const kind = v.contract ? v.contract.split(" ")[0] : null;
  const took = (s) => v.tricks_taken.some((k, i) => side(i) === side(s) && k > 0);
  // The view's `rules` names a preset (or is an object with its changed options): the
  // option is the preset's unless changed (the Dutch rules let the opponents count).
  let oppNoTrick = false;
  try {
    oppNoTrick = replayRules(v.rules).opponents_need_trick === "no";
  } catch {
    // A preset the page does not know: the default, melds need a trick.
  }
  return Array.from({ length: n }, (_, s) => {
    const sol = v.soloist !== null && v.soloist !== undefined && side(s) === side(v.soloist);
    if (kind === "trump") return took(s) || (!sol && oppNoTrick);
    if (kind === "surrender") return !sol;
    return false;
  });
}

/** The verdict of a finished deal in numbers, as plain text. */
export function verdictText(v, name) {
  const kind = v.contract ? v.contract.split(" ")[0] : null;
  const s = v.soloist;
  if (v.players === 2 && v.scores) {
    // The stock game has no soloist: the deal goes to the higher score.
    const [a, b] = v.scores;
    if (a === b) return t("result.two_tie", { score: a });
    const w = a > b ? 0 : 1;
    return t("result.two_won", { name: name(w), score: v.scores[w], other: v.scores[1 - w] });
  }
  if (kind === null || s === null || s === undefined) return t("result.no_game");
  const score = v.scores[s];
  const signed = `${score > 0 ? "+" : ""}${score}`;
  const who = name(s);
  if (kind === "surrender") return t("result.gave_up", { name: who, bid: v.bid, score: signed });
  if (kind === "durch") return t(score > 0 ? "result.durch_made" : "result.durch_failed", { name: who, score: signed });
  if (kind === "bettel") return t(score > 0 ? "result.bettel_made" : "result.bettel_failed", { name: who, score: signed });
  const counts = meldsCount(v);
  const teams = v.players === 4;
  let total = 0;
  for (let i = 0; i < v.players; i++) {
    if (teams ? i % 2 !== s % 2 : i !== s) continue;
    total += v.card_points[i] + (counts[i] ? meldTotal(v, i) : 0);
  }
  if (score > 0) return t("result.made", { name: who, total, bid: v.bid });
  if (!counts[s]) return t("result.no_trick", { name: who, score: signed });
  return t("result.went_down", { name: who, total, bid: v.bid, score: signed });
}

function meldTotal(v, s) {
  const m = v.melds.find((x) => x.seat === s);
  return m ? m.total : 0;
}

/** The panel's markup (made by html) for the finished deal `v` (state `st`), names by `name(seat)`. */
export function resultHtml(client, st, v, name, style) {
  const n = v.players;
  const counts = meldsCount(v);
  const sign = (x) => `${x > 0 ? "+" : ""}${x}`;
  const rows = Array.from({ length: n }, (_, s) => {
    const m = v.melds.find((x) => x.seat === s);
    const list = m
      ? m.melds.map((x) => `${t("meld." + x.kind)}${x.suit ? " " + t(`suit.${style}.${x.suit}`) : ""} ${x.points}`).join(", ")
      : "";
    const meld = m ? html`${m.total}${list ? html` <small>(${list})</small>` : ""}` : "0";
    const cell = m && !counts[s] ? html`<s title="${t("result.not_counted")}">${meld}</s>` : meld;
    return html`<tr data-seat="${s}" class="${s === v.soloist ? "soloist" : ""}"><th scope="row">${name(s)}</th>
      <td>${v.tricks_taken[s]}</td><td>${v.card_points[s]}</td><td class="melds-cell">${cell}</td>
      <td class="deal-score">${sign(v.scores[s])}</td><td class="total">${v.totals[s]}</td></tr>`;
  });
  let burial = "";
  if (v.buried) {
    burial = html`<div class="result-burial" id="result-burial"><span>${t("result.burial")}</span>${splitCards(v.buried).map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`)}</div>`;
  } else if (v.soloist !== null && v.soloist !== undefined && v.contract && !v.contract.startsWith("surrender")) {
    burial = html`<div class="result-burial muted" id="result-burial">${t("result.burial_hidden", { name: name(v.soloist) })}</div>`;
  }
  const contract = v.contract ? html`<div class="muted">${t("table.soloist_bid", { name: name(v.soloist), bid: v.bid })} · ${actionText(v.contract, style, false)}</div>` : "";
  return html`<section class="panel result-panel" id="result" aria-live="polite">
    <h2>${t("result.title", { n: v.deal + 1 })}</h2>
    <div id="result-verdict" class="verdict">${verdictText(v, name)}</div>${contract}
    <div class="result-scroll"><table class="scores result-table"><thead><tr><td></td><th>${t("result.tricks")}</th><th>${t("result.points")}</th>
      <th class="melds-cell">${t("result.melds")}</th><th>${t("result.score")}</th><th>${t("result.total")}</th></tr></thead>
      <tbody>${rows}</tbody></table></div>
    ${burial}${nextHtml(client, st, v, name)}</section>`;
}

/** The "next deal" button and who is ready (only when the server waits with `ready`). */
function nextHtml(client, st, v, name) {
  if (v.winner !== null && v.winner !== undefined) return "";
  const r = st.ready;
  const me = client.seat;
  if (!r || !Array.isArray(r.waiting) || client.watch) {
    return html`<p class="muted" id="next-auto">${t("result.next_soon")}</p>`;
  }
  const ready = new Set(r.ready || []);
  const mine = me !== null && me !== undefined && r.waiting.includes(me);
  const others = r.waiting.filter((s) => s !== me);
  const who = others.length
    ? html`<ul class="ready-list" id="ready-list">${others.map((s) => html`<li data-seat="${s}" class="${ready.has(s) ? "is-ready" : ""}">${name(s)}: ${t(ready.has(s) ? "result.ready" : "result.not_ready")}</li>`)}</ul>`
    : "";
  const countdown =
    r.remaining_ms !== null && r.remaining_ms !== undefined
      ? html`<span id="ready-countdown" class="clock" data-deadline="${Date.now() + r.remaining_ms}">${t("result.countdown", { s: Math.ceil(r.remaining_ms / 1000) })}</span>`
      : "";
  const button = mine
    ? html`<button type="button" class="primary" id="next-deal" ${ready.has(me) ? "disabled" : ""}>${t(ready.has(me) ? "result.waiting_others" : "result.next")}</button>`
    : "";
  return html`<div class="result-next">${button} ${countdown}${who}</div>`;
}

/** Ticks the countdown of the panel (called every second by the table's timer). */
export function tickCountdown(root) {
  const el = root.querySelector && root.querySelector("#ready-countdown");
  if (!el) return;
  const left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - Date.now()) / 1000));
  el.textContent = t("result.countdown", { s: left });
}

/**
 * The rating changes of a rated match (`match_over`'s `ratings`, issue #36) as markup for
 * the match-over panel: each account's rating before and after, the change, the deviation
 * and the provisional mark; this seat's row is marked. Nothing for an unrated match.
 */
export function ratingChangesHtml(ratings, me) {
  if (!Array.isArray(ratings) || !ratings.length) return "";
  const rows = ratings.map((r) => {
    const before = Math.round(Number(r.before));
    const after = Math.round(Number(r.after));
    const d = after - before;
    const mark = r.provisional ? html`<abbr class="provisional" title="${t("profile.provisional_title")}">?</abbr>` : "";
    return html`<tr data-seat="${r.seat}" class="${r.seat === me ? "mine" : ""}"><th scope="row">${nameHtml(r.name, { account: true, name: r.name })}</th>
      <td>${before}</td><td>${after}${mark}</td><td class="rating-change ${d >= 0 ? "up" : "down"}">${d >= 0 ? "+" : ""}${d}</td>
      <td>± ${Math.round(Number(r.deviation))}</td></tr>`;
  });
  return html`<div class="rating-changes" id="rating-changes"><h3>${t("over.ratings")}</h3>
    <table class="scores"><thead><tr><td></td><th>${t("over.rating_before")}</th><th>${t("over.rating_after")}</th>
    <th>${t("over.rating_change")}</th><th>${t("profile.deviation")}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}
