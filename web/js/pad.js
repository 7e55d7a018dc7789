// The score pad (web/pad.html) for games played with real cards (issue #8).
// The server's rules crate does the arithmetic (docs/pad.md); this page enters
// deals, shows the sheet, and keeps entries made offline in localStorage until
// the server has them (each is a PUT of one deal index, so replaying is safe).
// Every entry names the pad's `version` it was made on: when another phone saved
// first, the server answers 409 stale and the entry is kept (never dropped) for the
// person to check and save again, or discard (docs/pad.md).
//
// Addresses: pad.html (new pad), pad.html#edit=SECRET (edit), pad.html#view=SHARE
// (read-only, polled).

import { setLanguage, preferredLanguage, t, language } from "./i18n.js";
import { suitGlyph } from "./cards.js";
import { cardStyle } from "./util.js";
import { html, setHtml } from "./html.js";
import { cardPicker, cardsOf, computeMelds } from "./meld.js";
import { DEAL_CARD_POINTS } from "./scoring.js";

/** A suit in words: "♠ spades" with French cards, "Grün" with German ones (no French symbol). */
function suitWords(s, style) {
  return style === "german" ? t(`suit.german.${s}`) : `${suitGlyph(s)} ${t(`suit.french.${s}`)}`;
}

const SUITS = ["S", "H", "D", "C"];
const PADS_KEY = "binokel.pads";
const RETRY_MS = 1500;
const POLL_MS = 2000;

const $ = (id) => document.getElementById(id);

let mode = "new";
let secret = null;
let share = null;
let st = null; // the server's last answer (or the cached one)
let editing = null; // the deal index being corrected, or null for a new deal
let retryTimer = null;
let pollTimer = null;
let flushing = false;
let holding = null; // the id of the kept (not saved) entry shown in the form, or null
const pickers = {};

// ---------------------------------------------------------------- storage

function stateKey() {
  return `binokel.pad.${secret}.state`;
}
function queueKey() {
  return `binokel.pad.${secret}.queue`;
}
function queue() {
  if (!secret) return [];
  let q;
  try {
    q = JSON.parse(localStorage.getItem(queueKey()) || "[]");
  } catch {
    return [];
  }
  // Entries queued by an earlier page have no id and no version (they are sent as v1 PUTs).
  if (q.some((x) => !x.id)) {
    q = q.map((x) => (x.id ? x : { ...x, id: newId() }));
    setQueue(q);
  }
  return q;
}
function setQueue(q) {
  localStorage.setItem(queueKey(), JSON.stringify(q));
}
/** Queued entries still to send, in order (an entry the server refused waits in kept()). */
function pending() {
  return queue().filter((x) => !x.problem);
}
/** Entries the server did not take (another phone saved first, or a refusal): kept until
 * the person saves them again or discards them. */
function kept() {
  return queue().filter((x) => x.problem);
}
function newId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
function rememberPad(v) {
  const pads = myPads().filter((p) => p.secret !== v.secret);
  pads.unshift({ secret: v.secret, share: v.share, players: v.pad.players, created: Date.now() });
  localStorage.setItem(PADS_KEY, JSON.stringify(pads.slice(0, 30)));
}
function myPads() {
  try {
    return JSON.parse(localStorage.getItem(PADS_KEY) || "[]");
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- network

class HttpError extends Error {
  constructor(status, data) {
    super((data && data.message) || `HTTP ${status}`);
    this.status = status;
    this.field = data && data.field;
    this.code = data && data.error;
    this.state = data && data.state;
  }
}

async function call(method, path, body) {
  const opts = { method, headers: {}, cache: "no-store" };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  // A failed fetch (no connection) throws a TypeError: the caller keeps the entry.
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new HttpError(res.status, data);
  return data;
}

/** True for failures worth retrying later (no connection, server restarting). */
function transient(e) {
  return !(e instanceof HttpError) || e.status >= 500 || e.status === 0;
}

function accept(v) {
  if (st && v.version < st.version && v.pad.deals.length <= st.pad.deals.length) return;
  st = v;
  if (mode === "edit") localStorage.setItem(stateKey(), JSON.stringify(v));
}

/** Sends an entry with the pad's version it was made on. */
function send(item) {
  return call("PUT", `/api/pads/${secret}/deals/${item.index}`, { ...item.deal, version: item.version });
}

/** What a refusal of `item` means for the person; a stale answer brings the pad as it is. */
function problemOf(e, item) {
  if (e.code === "stale") {
    if (e.state) accept(e.state);
    return { kind: "conflict", message: t("pad.conflict", { n: item.index + 1 }) };
  }
  return { kind: "refused", message: refusalText(e) };
}

/** Keeps `item` (refused for `problem`) and the entries queued after it, which were made
 * on the pad it would have left; they are listed under "not saved" (renderKept). */
function keep(item, problem) {
  let after = false;
  setQueue(
    queue().map((x) => {
      if (x.id === item.id) {
        after = true;
        return { ...x, problem };
      }
      if (after && !x.problem) return { ...x, problem: { kind: "conflict", message: t("pad.kept_after") } };
      return x;
    }),
  );
  showError(problem.message);
}

/** Sends the queued entries in order; stops at the first that cannot go yet. An entry the
 * server refuses is never dropped: it is kept for the person (keep()). */
async function flush() {
  if (flushing || mode !== "edit") return;
  flushing = true;
  try {
    for (;;) {
      const item = pending()[0];
      if (!item) break;
      try {
        accept(await send(item));
        setQueue(queue().filter((x) => x.id !== item.id));
      } catch (e) {
        if (transient(e)) {
          scheduleRetry();
          break;
        }
        keep(item, problemOf(e, item));
        break;
      }
      render();
    }
  } finally {
    flushing = false;
    render();
  }
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(flush, RETRY_MS);
}

// ---------------------------------------------------------------- helpers

function names() {
  return st ? st.pad.players : [];
}
function n() {
  return names().length;
}
/** Two players (RULES.md section 13): no auction, only the trump, melds shown and card points. */
function two() {
  return n() === 2;
}
function options() {
  return (st && st.rules_options) || { durch: true, bettel: false, opening: 150, target: 1500 };
}

function contractLabel(c) {
  if (c === "durch") return t("pad.contract_durch");
  if (c === "bettel") return t("pad.contract_bettel");
  const [kind, suit] = c.split(" ");
  const name = suitWords(suit, cardStyle());
  return kind === "surrender" ? t("pad.contract_surrender", { suit: name }) : t("pad.contract_trump", { suit: name });
}

function money(cents) {
  return (cents / 100).toLocaleString(language(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function refusalText(e) {
  if (e instanceof HttpError) {
    return e.field ? t("pad.refused_field", { field: e.field, message: e.message }) : e.message;
  }
  return String(e.message || e);
}

function showError(msg) {
  $("deal-error").textContent = msg;
}

/** Every deal as the sheet shows it: saved ones, then the queued new ones (kept entries
 * are listed apart, under "not saved"). */
function rows() {
  const saved = st ? st.pad.deals.map((d, i) => ({ index: i, deal: d, saved: true })) : [];
  for (const item of pending()) {
    if (item.index < saved.length) saved[item.index] = { index: item.index, deal: item.deal, saved: false };
    else saved.push({ index: item.index, deal: item.deal, saved: false });
  }
  return saved;
}

// ---------------------------------------------------------------- rendering

function render() {
  document.body.dataset.mode = mode;
  $("pad-new").hidden = mode !== "new";
  $("pad-main").hidden = mode === "new";
  if (mode === "new") return renderNew();
  if (!st) return;
  renderSheet();
  renderSync();
  renderKept();
  $("deal-panel").hidden = mode !== "edit";
  $("pad-readonly").hidden = mode !== "view";
}

function renderNew() {
  const preset = $("new-preset").value;
  $("new-name-3-row").hidden = preset !== "kreuz";
  $("new-name-2-row").hidden = preset === "two-player";
  // The series' step and max follow the players (a multiple of them, at most 500 deals).
  const players = preset === "kreuz" ? 4 : preset === "two-player" ? 2 : 3;
  const series = $("new-series");
  series.step = String(players);
  series.max = String(Math.floor(500 / players) * players);
  series.placeholder = t("start.series_off");
  const list = myPads();
  setHtml(
    $("pad-list"),
    list.length
      ? html`${list.map(
          (p) =>
            html`<li><a href="#edit=${p.secret}">${p.players.join(", ")}</a> <span class="muted">${new Date(p.created).toLocaleString(language())}</span></li>`,
        )}`
      : html`<li class="muted">${t("pad.no_pads")}</li>`,
  );
}

function renderSheet() {
  const sh = st.sheet;
  const nm = names();
  $("pad-names").textContent = nm.join(" · ");
  const head = html`<tr><th>#</th><th>${t("pad.col_game")}</th>${nm.map((x) => html`<th>${x}</th>`)}${
    mode === "edit" ? html`<td></td>` : ""
  }</tr>`;
  const body = rows()
    .map((r) => {
      const d = r.deal;
      const what = dealText(d);
      // A deal after the deciding deal (a correction moved the decision earlier) is shown
      // but does not count.
      const late = r.saved && sh.after_end && sh.after_end[r.index];
      const cls = [r.saved ? "" : "pending", editing === r.index ? "editing" : "", late ? "after-end" : ""]
        .join(" ")
        .trim();
      const scores = nm.map((_, s) => {
          if (!r.saved || !sh.deals[r.index]) return html`<td data-seat="${s}">…</td>`;
          return html`<td data-seat="${s}">${sh.deals[r.index][s]}<span class="run">${sh.running[r.index][s]}</span></td>`;
        });
      const edit =
        mode === "edit"
          ? html`<td><button type="button" class="pad-edit" data-deal="${r.index}" aria-label="${t("pad.correct_deal", { n: r.index + 1 })}">✎</button></td>`
          : "";
      const note = !r.saved
        ? html` <em class="pending-note">${t("pad.unsaved_row")}</em>`
        : late
          ? html` <em class="after-end-note">${t("pad.after_end")}</em>`
          : "";
      return html`<tr class="${cls}" data-deal="${r.index}"><td>${r.index + 1}</td><td class="what">${what}${note}</td>${scores}${edit}</tr>`;
    });
  const foot = html`<tr id="pad-totals"><td></td><td>${t("pad.total")}</td>${sh.totals.map((x, s) => html`<td data-seat="${s}">${x}</td>`)}${mode === "edit" ? html`<td></td>` : ""}</tr>`;
  setHtml($("pad-sheet"), html`<thead>${head}</thead><tbody>${body}</tbody><tfoot>${foot}</tfoot>`);

  const status = $("pad-status");
  status.dataset.status = sh.status;
  status.dataset.winner = sh.winner === null ? "" : String(sh.winner);
  if (sh.status === "won") {
    const who = sh.partnerships ? `${nm[sh.winner]} & ${nm[sh.winner + 2]}` : nm[sh.winner];
    status.textContent = t("pad.winner", { name: who, n: sh.decided_by_deal + 1 });
  } else if (sh.status === "extra_deal") {
    status.textContent = t("pad.extra_deal", { target: sh.target });
  } else {
    status.textContent = t("pad.playing_to", { target: sh.target });
  }
  const settle = $("pad-settlement");
  setHtml(
    settle,
    html`${sh.settlement.map(
      (x) =>
        html`<li data-from="${x.from}" data-to="${x.to}" data-cents="${x.cents}">${t("pad.pays", { from: nm[x.from], to: nm[x.to], amount: money(x.cents) })}</li>`,
    )}`,
  );
  $("pad-settlement-panel").hidden = !sh.settlement.length;

  const base = mode === "edit" ? `/api/pads/${secret}` : `/api/shared/${share}`;
  $("pad-csv").href = `${base}/csv`;
  $("pad-json").href = `${base}/json`;
  const link = new URL(`pad.html#view=${st.share}`, location.href).href;
  $("pad-share-link").href = link;
  $("pad-share-link").textContent = link;
}

/** A deal in one line of plain text: the soloist, the bid and the game. */
function dealText(d) {
  const nm = names();
  return two() ? contractLabel(d.contract) : `${nm[d.soloist] || "?"} ${d.bid} · ${contractLabel(d.contract)}`;
}

/** The entries the server did not take, each with why and what the person can do. */
function renderKept() {
  const list = mode === "edit" ? kept() : [];
  $("pad-kept").hidden = !list.length;
  setHtml(
    $("pad-kept-list"),
    html`${list.map(
      (x) => html`<li data-kept="${x.id}" data-kind="${x.problem.kind}" class="${x.id === holding ? "editing" : ""}">
        <strong>${t("pad.new_deal", { n: x.index + 1 })}</strong>: ${dealText(x.deal)}
        <div class="error-text">${x.problem.message}</div>
        <button type="button" class="kept-check" data-kept="${x.id}">${t("pad.kept_check")}</button>
        <button type="button" class="kept-discard" data-kept="${x.id}">${t("pad.kept_discard")}</button>
      </li>`,
    )}`,
  );
}

function renderSync() {
  const el = $("pad-sync");
  const waiting = pending().length;
  if (mode === "view") {
    el.dataset.state = "saved";
    el.textContent = t("pad.live");
    return;
  }
  el.dataset.state = waiting ? "pending" : "saved";
  el.dataset.pending = String(waiting);
  el.dataset.kept = String(kept().length);
  el.textContent = waiting ? t("pad.not_saved", { n: waiting }) : t("pad.all_saved");
}

// ---------------------------------------------------------------- the deal form

function buildForm() {
  const nm = names();
  const seatOpts = nm.map((x, i) => html`<option value="${i}">${x}</option>`);
  setHtml($("deal-dealer"), html`${seatOpts}`);
  setHtml($("deal-soloist"), html`${seatOpts}`);
  const o = options();
  const c = $("deal-contract");
  const style = cardStyle();
  const trumps = SUITS.map((s) => html`<option value="trump ${s}">${t("pad.contract_trump", { suit: suitWords(s, style) })}</option>`);
  $("deal-soloist-row").hidden = two();
  $("deal-bid-row").hidden = two();
  const others = [
    o.durch ? html`<option value="durch">${t("pad.contract_durch")}</option>` : "",
    o.bettel ? html`<option value="bettel">${t("pad.contract_bettel")}</option>` : "",
    SUITS.map(
      (s) => html`<option value="surrender ${s}">${t("pad.contract_surrender", { suit: suitWords(s, style) })}</option>`,
    ),
  ];
  // Two players always play a trump game.
  setHtml(c, two() ? html`${trumps}` : html`${trumps}${others}`);
  setHtml(
    $("deal-seats"),
    html`${nm.map(
      (x, i) => html`<div class="seat-entry" data-seat="${i}">
        <span class="seat-name">${x}</span>
        <input type="number" id="meld-${i}" min="0" step="10" inputmode="numeric" aria-label="${t("pad.melds_of", { name: x })}" placeholder="0" />
        <span><label class="inline"><input type="checkbox" id="took-${i}" checked /> <span>${t("pad.took_trick")}</span></label>
          <button type="button" class="meld-cards" id="meld-cards-${i}" data-seat="${i}">${t("pad.cards")}</button></span>
        <input type="number" id="cp-${i}" min="0" max="${DEAL_CARD_POINTS}" inputmode="numeric" aria-label="${t("pad.card_points_of", { name: x })}" placeholder="${t("pad.auto")}" />
        <div id="picker-${i}" class="picker" hidden></div>
      </div>`,
    )}`,
  );
  for (const k of Object.keys(pickers)) delete pickers[k];
  resetForm();
}

function nextDealer() {
  const r = rows();
  return r.length ? (r[r.length - 1].deal.dealer + 1) % n() : 0;
}

function resetForm() {
  editing = null;
  holding = null;
  const dealer = nextDealer();
  $("deal-dealer").value = String(dealer);
  $("deal-soloist").value = String((dealer + 1) % n());
  $("deal-bid").value = String(options().opening || 150);
  $("deal-contract").value = "trump S";
  $("deal-made").checked = true;
  for (let i = 0; i < n(); i++) {
    $(`meld-${i}`).value = "";
    $(`cp-${i}`).value = "";
    $(`took-${i}`).checked = true;
    $(`picker-${i}`).hidden = true;
    if (pickers[i]) pickers[i].set({});
  }
  showError("");
  $("deal-heading").textContent = t("pad.new_deal", { n: rows().length + 1 });
  $("deal-cancel").hidden = true;
  contractChanged();
  checkPoints();
}

function fillForm(index) {
  const r = rows().find((x) => x.index === index);
  if (!r) return;
  holding = null;
  editing = index;
  fillFields(r.deal);
  $("deal-heading").textContent = t("pad.correcting", { n: index + 1 });
  showForm();
}

/** Shows a kept entry in the form: a correction stays one of its deal; a new deal is saved
 * again as the next deal of the pad as it is now. */
function holdForm(id) {
  const item = kept().find((x) => x.id === id);
  if (!item) return;
  holding = id;
  editing = item.fix && st && item.index < st.pad.deals.length ? item.index : null;
  fillFields(item.deal);
  $("deal-heading").textContent =
    editing === null ? t("pad.new_deal", { n: rows().length + 1 }) : t("pad.correcting", { n: editing + 1 });
  showForm();
  showError(item.problem.message);
}

function showForm() {
  $("deal-cancel").hidden = false;
  contractChanged();
  checkPoints();
  render();
  $("deal-panel").scrollIntoView({ block: "start" });
}

function fillFields(d) {
  $("deal-dealer").value = String(d.dealer);
  $("deal-soloist").value = String(d.soloist);
  $("deal-bid").value = String(d.bid);
  $("deal-contract").value = d.contract;
  const made = d.contract === "bettel" ? !d.took_trick[d.soloist] : d.took_trick[d.soloist];
  $("deal-made").checked = made;
  for (let i = 0; i < n(); i++) {
    $(`meld-${i}`).value = d.melds[i] ? String(d.melds[i]) : "";
    $(`cp-${i}`).value = d.card_points[i] === null || d.card_points[i] === undefined ? "" : String(d.card_points[i]);
    $(`took-${i}`).checked = !!d.took_trick[i];
  }
  showError("");
}

function contractChanged() {
  const c = $("deal-contract").value;
  const allOrNothing = c === "durch" || c === "bettel";
  const surrender = c.startsWith("surrender");
  $("deal-made-row").hidden = !allOrNothing;
  $("deal-made-label").textContent = c === "bettel" ? t("pad.made_bettel") : t("pad.made_durch");
  document.querySelectorAll(".seat-entry").forEach((el) => {
    el.hidden = allOrNothing;
  });
  for (let i = 0; i < n(); i++) {
    $(`cp-${i}`).hidden = surrender;
    // Two players have no soloist: whether a player took a trick changes nothing.
    $(`took-${i}`).parentElement.hidden = surrender || two();
  }
  $("cp-hint").hidden = surrender || allOrNothing;
}

/** Card points given so far, and the one the pad would fill in. */
function checkPoints() {
  const vals = [];
  for (let i = 0; i < n(); i++) {
    const v = $(`cp-${i}`).value.trim();
    vals.push(v === "" ? null : Number(v));
  }
  const known = vals.filter((v) => v !== null).reduce((a, b) => a + b, 0);
  const missing = vals.filter((v) => v === null).length;
  const hint = $("cp-hint");
  if (missing > 1) hint.textContent = t("pad.cp_missing");
  else if (missing === 0) hint.textContent = known === DEAL_CARD_POINTS ? t("pad.cp_ok", { total: DEAL_CARD_POINTS }) : t("pad.cp_sum", { sum: known, total: DEAL_CARD_POINTS });
  else if (missing === 1 && known <= DEAL_CARD_POINTS) hint.textContent = t("pad.cp_fill", { n: DEAL_CARD_POINTS - known });
  else hint.textContent = t("pad.cp_sum", { sum: known, total: DEAL_CARD_POINTS });
  return { vals, known, missing };
}

/** The deal the form describes, or throws an error message for the person. */
function formDeal() {
  const k = n();
  const dealer = Number($("deal-dealer").value);
  const soloist = Number($("deal-soloist").value);
  const bid = two() ? 0 : Number($("deal-bid").value);
  if (!two() && (!Number.isInteger(bid) || bid <= 0 || bid % 10 !== 0)) throw new Error(t("pad.bad_bid"));
  const contract = $("deal-contract").value;
  const d = { dealer, soloist, bid, contract, melds: [], took_trick: [], card_points: [] };
  if (contract === "durch" || contract === "bettel") {
    const made = $("deal-made").checked;
    for (let i = 0; i < k; i++) {
      d.melds.push(0);
      d.card_points.push(null);
      const solo = i === soloist;
      d.took_trick.push(solo ? (contract === "durch" ? made : !made) : false);
    }
    return d;
  }
  for (let i = 0; i < k; i++) {
    const m = $(`meld-${i}`).value.trim();
    const mv = m === "" ? 0 : Number(m);
    if (!Number.isInteger(mv) || mv < 0 || mv % 10 !== 0) throw new Error(t("pad.bad_meld", { name: names()[i] }));
    d.melds.push(mv);
  }
  if (contract.startsWith("surrender")) {
    for (let i = 0; i < k; i++) {
      d.took_trick.push(true);
      d.card_points.push(null);
    }
    return d;
  }
  const { vals, known, missing } = checkPoints();
  for (let i = 0; i < k; i++) {
    const v = vals[i];
    if (v !== null && (!Number.isInteger(v) || v < 0 || v > DEAL_CARD_POINTS)) throw new Error(t("pad.bad_cp", { name: names()[i], total: DEAL_CARD_POINTS }));
    d.took_trick.push($(`took-${i}`).checked);
  }
  if (missing > 1) throw new Error(t("pad.cp_missing"));
  if ((missing === 0 && known !== DEAL_CARD_POINTS) || known > DEAL_CARD_POINTS) throw new Error(t("pad.cp_sum", { sum: known, total: DEAL_CARD_POINTS }));
  d.card_points = vals;
  return d;
}

async function submitDeal(ev) {
  ev.preventDefault();
  let d;
  try {
    d = formDeal();
  } catch (e) {
    showError(e.message);
    return;
  }
  // A kept entry saved again is a new entry on the pad as it is now.
  if (holding !== null) setQueue(queue().filter((x) => x.id !== holding));
  holding = null;
  const index = editing === null ? rows().length : editing;
  const q = queue();
  const waiting = pending();
  // A second correction of a queued entry replaces it (on the version it was made on);
  // everything else waits its turn, each on the version the ones before it lead to.
  const same = q.findIndex((x) => !x.problem && x.index === index);
  let item;
  if (same >= 0) {
    item = { ...q[same], deal: d };
    q[same] = item;
  } else {
    const fix = st ? index < st.pad.deals.length : false;
    item = { id: newId(), index, deal: d, version: ((st && st.version) || 1) + waiting.length, fix };
    q.push(item);
  }
  if (!waiting.length && !flushing) {
    // Online: send at once so that a refusal shows before the form is cleared.
    try {
      accept(await send(item));
      resetForm();
      render();
      flush();
      return;
    } catch (e) {
      if (!transient(e)) {
        if (e.code === "stale") {
          // Another phone saved first: the entry is kept (also across a reload).
          setQueue(q);
          keep(item, problemOf(e, item));
          holdForm(item.id);
          return;
        }
        showError(refusalText(e));
        return;
      }
    }
  }
  setQueue(q);
  resetForm();
  render();
  scheduleRetry();
}

async function seatMelds(i) {
  const c = $("deal-contract").value;
  const trump = c.startsWith("trump ") || c.startsWith("surrender ") ? c.split(" ")[1] : null;
  const cards = cardsOf(pickers[i].get());
  try {
    const r = await computeMelds(cards, trump, st.pad.rules);
    $(`meld-${i}`).value = String(r.total);
    $(`meld-${i}`).title = r.melds.map((m) => `${t("meld." + m.kind)} ${m.points}`).join(", ");
  } catch (e) {
    showError(t("pad.meld_failed", { message: e.message }));
  }
}

function toggleCards(i) {
  const box = $(`picker-${i}`);
  if (!pickers[i]) {
    const o = options();
    pickers[i] = cardPicker(box, { low: o.low, pack: o.pack }, () => seatMelds(i));
  }
  box.hidden = !box.hidden;
}

// ---------------------------------------------------------------- start

async function createPad(ev) {
  ev.preventDefault();
  const preset = $("new-preset").value;
  const count = preset === "kreuz" ? 4 : preset === "two-player" ? 2 : 3;
  const players = [];
  for (let i = 0; i < count; i++) players.push($(`new-name-${i}`).value.trim() || t("pad.player_n", { n: i + 1 }));
  const target = $("new-target").value.trim();
  const stake = $("new-stake").value.trim();
  // A fixed series (`series_deals`, docs/pad.md): a multiple of the players; the server
  // refuses what does not fit, by name.
  const series = parseInt($("new-series").value, 10);
  const rules = { preset };
  if (target) rules.target = Number(target);
  if (Number.isFinite(series) && series > 0) rules.series_deals = series;
  const body = { rules: Object.keys(rules).length > 1 ? rules : preset, players };
  if (stake) body.stake_cents = Math.round(Number(stake.replace(",", ".")) * 100);
  try {
    const v = await call("POST", "/api/pads", body);
    secret = v.secret;
    rememberPad(v);
    location.hash = `#edit=${v.secret}`;
  } catch (e) {
    $("new-error").textContent = refusalText(e);
  }
}

async function poll() {
  clearTimeout(pollTimer);
  try {
    accept(await call("GET", `/api/shared/${share}`));
    $("pad-error").textContent = "";
  } catch (e) {
    if (!transient(e) && !st) {
      // A share link that leads to no pad will not start to: say so in words, stop asking
      // and offer a new pad instead of an empty sheet.
      $("pad-error").textContent = t("pad.share_missing");
      mode = "new";
      render();
      return;
    }
    $("pad-error").textContent = transient(e) ? t("pad.offline") : refusalText(e);
  }
  render();
  pollTimer = setTimeout(poll, POLL_MS);
}

async function route() {
  clearTimeout(pollTimer);
  clearTimeout(retryTimer);
  const h = location.hash.slice(1);
  const [kind, key] = h.split("=");
  st = null;
  editing = null;
  $("pad-error").textContent = "";
  if (kind === "edit" && key) {
    mode = "edit";
    secret = key;
    try {
      accept(await call("GET", `/api/pads/${secret}`));
      share = st.share;
      rememberPad(st);
    } catch (e) {
      const cached = localStorage.getItem(stateKey());
      if (cached && transient(e)) {
        st = JSON.parse(cached);
        share = st.share;
        $("pad-error").textContent = t("pad.offline");
      } else {
        $("pad-error").textContent = e instanceof HttpError && e.status === 404 ? t("pad.edit_missing") : refusalText(e);
        mode = "new";
        render();
        return;
      }
    }
    buildForm();
    render();
    flush();
  } else if (kind === "view" && key) {
    mode = "view";
    share = key;
    secret = null;
    await poll();
  } else {
    mode = "new";
    render();
  }
  document.body.dataset.ready = "1";
}

async function main() {
  await setLanguage(preferredLanguage());
  const langSel = $("lang-select");
  langSel.value = language();
  langSel.addEventListener("change", async () => {
    await setLanguage(langSel.value, true);
    if (mode === "edit") {
      const keepEditing = editing;
      const keepHolding = holding;
      buildForm();
      if (keepHolding !== null) holdForm(keepHolding);
      else if (keepEditing !== null) fillForm(keepEditing);
    }
    render();
  });
  $("new-form").addEventListener("submit", createPad);
  $("new-preset").addEventListener("change", renderNew);
  $("deal-form").addEventListener("submit", submitDeal);
  $("deal-contract").addEventListener("change", contractChanged);
  $("deal-cancel").addEventListener("click", () => {
    resetForm();
    render();
  });
  $("deal-form").addEventListener("input", (e) => {
    if (e.target.id && e.target.id.startsWith("cp-")) checkPoints();
  });
  $("deal-seats").addEventListener("click", (e) => {
    const b = e.target.closest(".meld-cards");
    if (b) toggleCards(Number(b.dataset.seat));
  });
  $("pad-kept-list").addEventListener("click", (e) => {
    const check = e.target.closest(".kept-check");
    if (check) holdForm(check.dataset.kept);
    const discard = e.target.closest(".kept-discard");
    if (discard) {
      // The person's own decision: the only way a kept entry goes.
      const id = discard.dataset.kept;
      setQueue(queue().filter((x) => x.id !== id));
      if (holding === id) resetForm();
      render();
      flush();
    }
  });
  $("pad-sheet").addEventListener("click", (e) => {
    const b = e.target.closest(".pad-edit");
    if (b) fillForm(Number(b.dataset.deal));
  });
  window.addEventListener("hashchange", route);
  window.addEventListener("online", flush);
  // Tests and curious people can look at the state the page works from.
  window.binokelPad = {
    get state() {
      return st;
    },
    queue: () => (secret ? queue() : []),
    kept: () => (secret ? kept() : []),
  };
  await route();
}

main().catch((e) => {
  $("pad-error").textContent = String(e);
});
