// The replay viewer: a finished game's record, every action one step,
// every hand visible.

import { t } from "./i18n.js";
import * as api from "./api.js";
import { cardSvg, sortHand, suitSvg } from "./cards.js";
import { cardStyle } from "./util.js";
import { html, join, raw, setHtml } from "./html.js";
import { replayRules, replayDeal } from "./engine.js";
import { actionText } from "./text.js";
import { positionOf } from "./positions.js";
import { presetName } from "./presets.js";
import { requestReview } from "./reviewstart.js";

let keyHandler = null;

/**
 * Shows the replay of table `code` (or of an uploaded record when code is "file"),
 * starting at deal `startDeal` (from 0) after `startStep` actions. `extra.record` gives
 * the record itself; `extra.decorate(ctx)` is called after each drawing (the review's
 * layer, review.js) and hides the Review button.
 */
export async function showReplay(root, code, startDeal = 0, startStep = 0, extra = {}) {
  setHtml(root, html`<p class="muted">${t("replay.loading")}</p>`);
  let record;
  try {
    if (extra.record) {
      record = extra.record;
    } else if (code === "file") {
      record = JSON.parse(sessionStorage.getItem("binokel.replayRecord") || "null");
    } else {
      record = await api.tableRecord(code);
    }
    if (!record || record.format !== "binokel-record/1" || !Array.isArray(record.deals)) {
      throw new Error(t("replay.not_a_record"));
    }
  } catch (e) {
    const msg = e.status === 409 ? t("replay.not_finished") : e.status === 404 ? t("error.unknown_table", { code }) : e.message;
    setHtml(root, html`<div class="banner bad" id="replay-error">${msg}</div>
      ${e.status === 409 ? html`<p><a href="#/t/${code}">${t("games.open")}</a></p>` : ""}`);
    return;
  }
  let rules;
  let deals;
  try {
    rules = replayRules(record.rules);
    deals = record.deals.map((d) => replayDeal(rules, d));
  } catch (e) {
    setHtml(root, html`<div class="banner bad" id="replay-error">${e.message}</div>`);
    return;
  }
  const given = Array.from({ length: rules.players }, (_, s) => (record.seats && record.seats[s]) || t("table.seat", { n: s + 1 }));
  // Bots of one kind share a name; their seat number tells them apart.
  const names = given.map((x, s) => (given.filter((y) => y === x).length > 1 ? `${x} (${s + 1})` : x));
  // A review needs a finished deal (the server reviews finished deals only).
  const complete = deals.some((steps) => steps[steps.length - 1].phase === "done");
  let dealNo = Math.max(0, Math.min(deals.length - 1, startDeal));
  let step = Math.max(0, Math.min(deals[dealNo].length - 1, startStep));
  // The match totals after each deal (a deal that stopped early adds nothing).
  const totalsAfter = [];
  let running = Array(rules.players).fill(0);
  for (const steps of deals) {
    const end = steps[steps.length - 1];
    if (end.scores) running = running.map((x, i) => x + end.scores[i]);
    totalsAfter.push(running);
  }

  const draw = () => {
    const style = cardStyle();
    const steps = deals[dealNo];
    const s = steps[step];
    const n = rules.players;
    const pos = (x) => positionOf(n, 0, x);
    const seats = names.map((name, x) => {
        const hand = sortHand(s.hands[x], /^(trump|surrender) /.test(s.contract || "") ? s.contract.slice(-1) : s.trump || null);
        const role = [];
        if (record.deals[dealNo].dealer === x) role.push(t("table.dealer"));
        if (s.soloist === x) role.push(t("table.soloist"));
        const said = s.phase === "auction" && s.said[x] ? html` · <span class="bubble">${s.said[x] === "pass" ? t("act.pass") : s.said[x]}</span>` : "";
        const buried =
          s.soloist === x && s.buried.length
            ? html`<div class="muted">${t("side.buried")}: ${s.buried.map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`)}</div>`
            : "";
        return html`<div class="replay-seat ${s.toAct === x ? "to-act" : ""}" id="replay-seat-${x}">
          <strong>${name}</strong> ${join(role.map((r) => html`<span class="role">${r}</span>`), " ")}${said}
          <span class="muted"> · ${t("table.tricks_n", { n: s.tricks[x] })} · ${t("table.points_n", { n: s.points[x] })}</span>
          <div class="hand">${hand.map((c) => html`<span class="card" data-card="${c}">${cardSvg(c, style)}</span>`)}</div>${buried}
          ${meldsHtml(s, x, style)}</div>`;
      });
    const trick = s.trick || s.lastTrick;
    const trickHtml = trick
      ? html`<div class="trick">${trick.cards.map((c, i) => {
            const x = (trick.leader + i) % n;
            return html`<span class="card at-${pos(x)} ${x === trick.winner ? "winning" : ""}">${cardSvg(c, style)}</span>`;
          })}</div>`
      : "";
    const info = [];
    if (s.high !== null) info.push(t("table.bid_by", { bid: s.bid, name: names[s.high] }));
    if (s.contract) info.push(actionText(s.contract, style, false));
    if (s.trump && !s.contract) {
      // Two players: trump from the turned card, the face-up card under the stock, cards left.
      info.push(html`${t("table.trump")} ${suitSvg(s.trump, style, 16)}`);
      info.push(
        s.stock > 0
          ? html`<span class="card small" id="replay-turned" data-card="${s.turned}">${cardSvg(s.turned, style)}</span> <span id="replay-stock" data-stock="${s.stock}">${t("table.stock_n", { n: s.stock })}</span>`
          : html`<span id="replay-stock" data-stock="0">${t("table.stock_empty")}</span>`,
      );
    }
    const tapp = s.tappShown
      ? html`<div class="tapp">${t("table.tapp")} ${s.tapp.map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`)}</div>`
      : "";
    const last = s.last ? html`${names[s.last.seat]}: ${actionText(s.last.action, style, false)}` : t("replay.start");
    const dealOpts = deals.map((_, i) => html`<option value="${i}" ${i === dealNo ? "selected" : ""}>${t("replay.deal", { n: i + 1 })}</option>`);
    setHtml(root, html`<div class="replay" id="replay">
      <h1>${t("replay.title")} · ${t("preset." + presetName(record.rules))}</h1>
      <div class="replay-controls">
        <select id="replay-deal" aria-label="${t("replay.deal", { n: "" })}">${dealOpts}</select>
        <button type="button" id="replay-first" aria-label="${t("replay.first")}">${icon("first")}</button>
        <button type="button" id="replay-prev" aria-label="${t("replay.prev")}">${icon("prev")}</button>
        <input type="range" id="replay-slider" min="0" max="${steps.length - 1}" value="${step}" aria-label="${t("replay.step")}">
        <button type="button" id="replay-next" class="primary" aria-label="${t("replay.next")}">${icon("next")}</button>
        <button type="button" id="replay-last" aria-label="${t("replay.last")}">${icon("last")}</button>
        <span id="replay-pos">${t("replay.position", { i: step, n: steps.length - 1 })}</span>
        ${extra.decorate || !complete ? "" : html`<button type="button" id="replay-review">${t("review.button")}</button>`}
      </div>
      <div class="replay-centre"><div id="replay-action"><strong>${last}</strong><br>${join(info, " · ")}</div>${tapp}${trickHtml}</div>
      ${s.phase === "done" ? resultHtml(s, rules, names, dealNo, totalsAfter[dealNo]) : ""}
      <div class="replay-seats">${seats}</div></div>`);
    const go = (i) => {
      step = Math.max(0, Math.min(steps.length - 1, i));
      draw();
    };
    root.querySelector("#replay-first").onclick = () => go(0);
    root.querySelector("#replay-prev").onclick = () => go(step - 1);
    root.querySelector("#replay-next").onclick = () => go(step + 1);
    root.querySelector("#replay-last").onclick = () => go(steps.length - 1);
    root.querySelector("#replay-slider").oninput = (e) => go(Number(e.target.value));
    root.querySelector("#replay-deal").onchange = (e) => {
      dealNo = Number(e.target.value);
      step = 0;
      draw();
    };
    const review = root.querySelector("#replay-review");
    if (review) review.onclick = () => requestReview(code === "file" ? { record } : { table: code });
    if (extra.decorate) extra.decorate({ root, dealNo, step, steps, names, jump });
  };
  const jump = (d, i) => {
    dealNo = Math.max(0, Math.min(deals.length - 1, d));
    step = Math.max(0, Math.min(deals[dealNo].length - 1, i));
    draw();
  };
  if (keyHandler) window.removeEventListener("keydown", keyHandler);
  keyHandler = (e) => {
    if (!document.getElementById("replay")) return;
    if (e.key === "ArrowRight") document.getElementById("replay-next").click();
    if (e.key === "ArrowLeft") document.getElementById("replay-prev").click();
  };
  window.addEventListener("keydown", keyHandler);
  draw();
}


/** A seat's melds, shown from the moment play starts (or the soloist gives up). */
function meldsHtml(s, x, style) {
  if (!s.melds) return "";
  const m = s.melds[x];
  const items = m.melds.map((k) => html`<li>${t("meld." + k.kind)}${k.suit ? html` ${suitSvg(k.suit, style, 14)}` : ""} ${k.points}</li>`);
  return html`<div class="replay-melds" id="replay-melds-${x}" data-total="${m.total}">${t("side.melds")}: <strong>${m.total}</strong>
    ${items.length ? html`<ul class="meld-list">${items}</ul>` : ""}</div>`;
}

/** The deal's result: tricks, card points, melds (struck out where they do not count), scores, totals. */
function resultHtml(s, rules, names, dealNo, totals) {
  const title = html`<h2>${t("replay.result", { n: dealNo + 1 })}</h2>`;
  if (names.length === 2) return twoResultHtml(s, names, title, totals);
  if (!s.contract) return html`<section class="replay-result" id="replay-result">${title}<p>${t("replay.redeal")}</p></section>`;
  const teams = names.length === 4;
  const side = (x) => (teams ? x % 2 : x);
  const tookTrick = (x) => s.tricks.some((n, y) => n > 0 && side(y) === side(x));
  let verdict;
  if (s.contract.startsWith("surrender")) verdict = "table.gave_up";
  else verdict = s.scores[s.soloist] > 0 ? "table.made" : "table.failed";
  const rows = names.map((name, x) => {
      const m = s.melds ? s.melds[x].total : 0;
      // Melds need a trick of one's own side, except after a surrender (section 4) and, under
      // opponents_need_trick = no, for the soloist's opponents.
      const free = s.contract.startsWith("surrender") || (rules.opponents_need_trick === "no" && side(x) !== side(s.soloist));
      const void_ = m > 0 && !free && !tookTrick(x);
      const sc = s.scores[x];
      return html`<tr data-seat="${x}"><td>${name}</td><td class="r-tricks">${s.tricks[x]}</td><td class="r-points">${s.points[x]}</td>
        <td class="r-melds ${void_ ? "void" : ""}" ${void_ ? html`title="${t("replay.void")}"` : ""}>${m}</td>
        <td class="r-score">${sc > 0 ? "+" : ""}${sc}</td><td class="r-total">${totals[x]}</td></tr>`;
    });
  return html`<section class="replay-result" id="replay-result">${title}
    <p id="replay-verdict">${t(verdict, { name: names[s.soloist], bid: s.bid })}</p>
    <table class="scores"><thead><tr><td></td><th>${t("replay.col.tricks")}</th><th>${t("replay.col.points")}</th>
    <th>${t("replay.col.melds")}</th><th>${t("replay.col.score")}</th><th>${t("replay.col.total")}</th></tr></thead>
    <tbody>${rows}</tbody></table></section>`;
}

/** Two players: card points plus the melds shown, for each seat (no soloist, no bid). */
function twoResultHtml(s, names, title, totals) {
  const rows = names.map((name, x) => {
      const sc = s.scores[x];
      return html`<tr data-seat="${x}"><td>${name}</td><td class="r-tricks">${s.tricks[x]}</td><td class="r-points">${s.points[x]}</td>
        <td class="r-melds">${s.melds[x].total}</td><td class="r-score">${sc > 0 ? "+" : ""}${sc}</td><td class="r-total">${totals[x]}</td></tr>`;
    });
  return html`<section class="replay-result" id="replay-result">${title}
    <table class="scores"><thead><tr><td></td><th>${t("replay.col.tricks")}</th><th>${t("replay.col.points")}</th>
    <th>${t("replay.col.melds")}</th><th>${t("replay.col.score")}</th><th>${t("replay.col.total")}</th></tr></thead>
    <tbody>${rows}</tbody></table></section>`;
}

// Drawn, not typed: phone fonts often lack the media-control characters.
const ICONS = {
  first: raw('<path d="M3 2h2v12H3zM14 2v12L6 8z"/>'),
  prev: raw('<path d="M12 2v12L4 8z"/>'),
  next: raw('<path d="M4 2v12l8-6z"/>'),
  last: raw('<path d="M11 2h2v12h-2zM2 2v12l8-6z"/>'),
};

function icon(name) {
  return html`<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="currentColor">${ICONS[name]}</svg>`;
}
