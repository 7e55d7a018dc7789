// The replay viewer: a finished game's record, every action one step,
// every hand visible.

import { t } from "./i18n.js";
import * as api from "./api.js";
import { cardSvg, sortHand } from "./cards.js";
import { esc, cardStyle } from "./util.js";
import { replayRules, replayDeal } from "./engine.js";
import { actionText, positionOf } from "./table.js";
import { presetName } from "./app.js";

let keyHandler = null;

/** Shows the replay of table `code` (or of an uploaded record when code is "file"). */
export async function showReplay(root, code) {
  root.innerHTML = `<p class="muted">${esc(t("replay.loading"))}</p>`;
  let record;
  try {
    if (code === "file") {
      record = JSON.parse(sessionStorage.getItem("binokel.replayRecord") || "null");
    } else {
      record = await api.tableRecord(code);
    }
    if (!record || record.format !== "binokel-record/1" || !Array.isArray(record.deals)) {
      throw new Error(t("replay.not_a_record"));
    }
  } catch (e) {
    const msg = e.status === 409 ? t("replay.not_finished") : e.status === 404 ? t("error.unknown_table", { code }) : e.message;
    root.innerHTML = `<div class="banner bad" id="replay-error">${esc(msg)}</div>
      ${e.status === 409 ? `<p><a href="#/t/${esc(code)}">${esc(t("games.open"))}</a></p>` : ""}`;
    return;
  }
  let rules;
  let deals;
  try {
    rules = replayRules(record.rules);
    deals = record.deals.map((d) => replayDeal(rules, d));
  } catch (e) {
    root.innerHTML = `<div class="banner bad" id="replay-error">${esc(e.message)}</div>`;
    return;
  }
  const names = Array.from({ length: rules.players }, (_, s) => (record.seats && record.seats[s]) || t("table.seat", { n: s + 1 }));
  let dealNo = 0;
  let step = 0;

  const draw = () => {
    const style = cardStyle();
    const steps = deals[dealNo];
    const s = steps[step];
    const n = rules.players;
    const pos = (x) => positionOf(n, 0, x);
    const seats = names
      .map((name, x) => {
        const hand = sortHand(s.hands[x], /^(trump|surrender) /.test(s.contract || "") ? s.contract.slice(-1) : null);
        const role = [];
        if (record.deals[dealNo].dealer === x) role.push(t("table.dealer"));
        if (s.soloist === x) role.push(t("table.soloist"));
        const said = s.phase === "auction" && s.said[x] ? ` · <span class="bubble">${esc(s.said[x] === "pass" ? t("act.pass") : s.said[x])}</span>` : "";
        const buried =
          s.soloist === x && s.buried.length
            ? `<div class="muted">${esc(t("side.buried"))}: ${s.buried.map((c) => `<span class="card small">${cardSvg(c, style)}</span>`).join("")}</div>`
            : "";
        return `<div class="replay-seat ${s.toAct === x ? "to-act" : ""}" id="replay-seat-${x}">
          <strong>${esc(name)}</strong> ${role.map((r) => `<span class="role">${esc(r)}</span>`).join(" ")}${said}
          <span class="muted"> · ${esc(t("table.tricks_n", { n: s.tricks[x] }))} · ${esc(t("table.points_n", { n: s.points[x] }))}</span>
          <div class="hand">${hand.map((c) => `<span class="card" data-card="${c}">${cardSvg(c, style)}</span>`).join("")}</div>${buried}</div>`;
      })
      .join("");
    const trick = s.trick || s.lastTrick;
    const trickHtml = trick
      ? `<div class="trick">${trick.cards
          .map((c, i) => {
            const x = (trick.leader + i) % n;
            return `<span class="card at-${pos(x)} ${x === trick.winner ? "winning" : ""}">${cardSvg(c, style)}</span>`;
          })
          .join("")}</div>`
      : "";
    const info = [];
    if (s.high !== null) info.push(t("table.bid_by", { bid: s.bid, name: names[s.high] }));
    if (s.contract) info.push(`${actionText(s.contract, style, false)}`);
    const tapp = s.tappShown
      ? `<div class="tapp">${esc(t("table.tapp"))} ${s.tapp.map((c) => `<span class="card small">${cardSvg(c, style)}</span>`).join("")}</div>`
      : "";
    const last = s.last ? `${esc(names[s.last.seat])}: ${actionText(s.last.action, style, false)}` : esc(t("replay.start"));
    const dealOpts = deals.map((_, i) => `<option value="${i}" ${i === dealNo ? "selected" : ""}>${esc(t("replay.deal", { n: i + 1 }))}</option>`).join("");
    root.innerHTML = `<div class="replay" id="replay">
      <h1>${esc(t("replay.title"))} · ${esc(t("preset." + presetName(record.rules)))}</h1>
      <div class="replay-controls">
        <select id="replay-deal" aria-label="${esc(t("replay.deal", { n: "" }))}">${dealOpts}</select>
        <button type="button" id="replay-first" aria-label="${esc(t("replay.first"))}">⏮</button>
        <button type="button" id="replay-prev" aria-label="${esc(t("replay.prev"))}">◀</button>
        <input type="range" id="replay-slider" min="0" max="${steps.length - 1}" value="${step}" aria-label="${esc(t("replay.step"))}">
        <button type="button" id="replay-next" class="primary" aria-label="${esc(t("replay.next"))}">▶</button>
        <button type="button" id="replay-last" aria-label="${esc(t("replay.last"))}">⏭</button>
        <span id="replay-pos">${esc(t("replay.position", { i: step, n: steps.length - 1 }))}</span>
      </div>
      <div class="replay-centre"><div id="replay-action"><strong>${last}</strong><br>${info.join(" · ")}</div>${tapp}${trickHtml}</div>
      <div class="replay-seats">${seats}</div></div>`;
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

