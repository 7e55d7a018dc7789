// The tournaments' list and the form that creates one (#/tournaments, issue #38,
// docs/tournaments.md for the server's side, docs/web.md "Tournaments" for the page's).
// A tournament's own page is web/js/tournament.js. Names reach the page as text only
// (web/js/html.js).

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { html, setHtml } from "./html.js";
import { PRESETS, presetName } from "./presets.js";
import { LEVELS, personaOf } from "./personas.js";
import { accountReady, errorText } from "./account.js";

// The bots a tournament's short tables may take: the four levels people meet, and the
// random bot (quick club tests); a rated tournament takes only the four levels.
const BOTS = [...LEVELS, "random"];

/** The rules of a tournament (a preset's name or a rules object) in the reader's language. */
export function presetLabel(p) {
  const name = presetName(p);
  const key = "preset." + name;
  const said = t(key);
  const label = said !== key ? said : name;
  // A rules object: the preset and the options that differ from it, as a record names them.
  const changes = p && typeof p === "object" ? Object.entries(p).filter(([k]) => k !== "preset") : [];
  return changes.length ? `${label} (${changes.map(([k, v]) => `${k} ${v}`).join(", ")})` : label;
}

/**
 * A tournament as the page uses it: the server's answer (docs/tournaments.md) with
 * `roundList`, the rounds played with their tables (the server's `rounds_played`); `rounds`
 * stays the number of rounds.
 */
export function normalize(answer) {
  const tour = { ...answer };
  tour.roundList = Array.isArray(tour.rounds_played) ? tour.rounds_played : [];
  return tour;
}

/** A tournament's status in words ("Round 2 of 3" while it runs). */
export function statusText(tour) {
  if (tour.status === "running") return t("tour.status_running", { round: tour.round || 1, rounds: tour.rounds });
  if (tour.status === "finished") return t("tour.status_finished");
  return t("tour.status_entering");
}

/** A time (ms since the epoch) in the reader's language, or "" without one. */
export function when(ms) {
  return ms ? new Date(Number(ms)).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" }) : "";
}

/** The list's answer as a list, whether the server sends a list or `{tournaments: [...]}`. */
function listOf(answer) {
  const list = Array.isArray(answer) ? answer : (answer && Array.isArray(answer.tournaments) && answer.tournaments) || [];
  return list.map(normalize);
}

function entrantCount(x) {
  if (Array.isArray(x.entrants)) return x.entrants.filter((e) => !e.dropped).length;
  return x.entrants ?? x.players ?? null;
}

function itemHtml(x) {
  const n = entrantCount(x);
  return html`<li class="tour-item" data-id="${x.id}" data-status="${x.status}">
    <a href="#/tournaments/${encodeURIComponent(x.id)}" class="tour-link">${x.name}</a>
    <span class="muted">${presetLabel(x.rules || "standard")} · ${t("tour.rounds_deals", { rounds: x.rounds, deals: x.deals })} · ${t("tour.scoring_" + (x.scoring === "total" ? "total" : "duplicate"))}</span>
    <span class="tour-state">${statusText(x)}${n !== null && n !== undefined ? " · " + t("tour.players_n", { n }) : ""}${x.status === "entering" && x.start_ms ? " · " + when(x.start_ms) : ""}</span>
  </li>`;
}

function listHtml(list) {
  const groups = ["running", "entering", "finished"].map((s) => {
    const items = list.filter((x) => x.status === s);
    if (!items.length) return "";
    return html`<section class="tour-group" data-status="${s}"><h2>${t("tour.group_" + s)}</h2>
      <ul class="tour-list">${items.map(itemHtml)}</ul></section>`;
  });
  return list.length ? html`${groups}` : html`<p class="muted" id="tour-none">${t("tour.none")}</p>`;
}

function botOptions(rated) {
  return (rated ? LEVELS : BOTS).map(
    (b) => html`<option value="${b}" ${b === "medium" ? "selected" : ""}>${t("persona.option", { name: personaOf(b).name, level: t("level." + personaOf(b).level) })}</option>`,
  );
}

function formHtml() {
  const presets = Object.keys(PRESETS).map(
    (p) => html`<option value="${p}" ${p === "standard" ? "selected" : ""}>${presetLabel(p)}</option>`,
  );
  return html`<form class="panel tour-form" id="tour-create-form" novalidate>
    <h2>${t("tour.new")}</h2>
    <label for="tour-name">${t("tour.name")}</label>
    <input id="tour-name" maxlength="60" required placeholder="${t("tour.name_placeholder")}">
    <label for="tour-preset">${t("start.preset")}</label>
    <select id="tour-preset">${presets}</select>
    <div class="row tour-numbers">
      <div><label for="tour-rounds">${t("tour.rounds")}</label>
        <input id="tour-rounds" type="number" min="1" max="20" value="3" inputmode="numeric"></div>
      <div><label for="tour-deals">${t("tour.deals")}</label>
        <input id="tour-deals" type="number" min="3" max="60" step="3" value="12" inputmode="numeric" aria-describedby="tour-deals-note"></div>
    </div>
    <p class="muted tour-note" id="tour-deals-note"></p>
    <label for="tour-scoring">${t("tour.scoring")}</label>
    <select id="tour-scoring" aria-describedby="tour-scoring-note">
      <option value="duplicate" selected>${t("tour.scoring_duplicate")}</option>
      <option value="total">${t("tour.scoring_total")}</option>
    </select>
    <p class="muted tour-note" id="tour-scoring-note"></p>
    <label class="check"><input type="checkbox" id="tour-self-start" checked> ${t("tour.self_start")}</label>
    <label for="tour-start">${t("tour.start_at")}</label>
    <input id="tour-start" type="datetime-local" disabled>
    <label for="tour-minutes">${t("tour.round_minutes")}</label>
    <input id="tour-minutes" type="number" min="1" max="600" value="120" inputmode="numeric" aria-describedby="tour-minutes-note">
    <p class="muted tour-note" id="tour-minutes-note">${t("tour.round_minutes_note")}</p>
    <label class="check"><input type="checkbox" id="tour-rated"> ${t("rated.label")}</label>
    <p class="muted tour-note">${t("tour.rated_note")}</p>
    <label for="tour-bot">${t("tour.bot")}</label>
    <select id="tour-bot">${botOptions(false)}</select>
    <p class="error-text" id="tour-create-error" role="alert" hidden></p>
    <button class="primary" id="tour-create" type="submit">${t("tour.create")}</button>
  </form>`;
}

/** Wires the create form in `root`: the notes follow the preset and the scoring; a
 *  submit asks the server and goes to the new tournament's page. */
function wireForm(root) {
  const $ = (id) => root.querySelector(id);
  const preset = $("#tour-preset");
  const deals = $("#tour-deals");
  const scoring = $("#tour-scoring");
  const fitDeals = () => {
    const size = PRESETS[preset.value].players;
    deals.step = String(size);
    deals.min = String(size);
    deals.max = String(Math.floor(60 / size) * size);
    const n = parseInt(deals.value, 10);
    if (Number.isFinite(n) && n % size) deals.value = String(Math.max(size, Math.round(n / size) * size));
    $("#tour-deals-note").textContent = t("tour.deals_note", { n: size });
  };
  const explain = () => ($("#tour-scoring-note").textContent = t("tour.scoring_" + scoring.value + "_explain"));
  preset.addEventListener("change", fitDeals);
  scoring.addEventListener("change", explain);
  fitDeals();
  explain();
  $("#tour-self-start").addEventListener("change", (e) => ($("#tour-start").disabled = e.target.checked));
  $("#tour-rated").addEventListener("change", (e) => {
    const bot = $("#tour-bot");
    const was = bot.value;
    setHtml(bot, html`${botOptions(e.target.checked)}`);
    if ([...bot.options].some((o) => o.value === was)) bot.value = was;
  });
  $("#tour-create-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const err = $("#tour-create-error");
    err.hidden = true;
    const fail = (text) => {
      err.textContent = text;
      err.hidden = false;
    };
    const body = {
      name: $("#tour-name").value.trim(),
      rules: preset.value,
      rounds: parseInt($("#tour-rounds").value, 10),
      deals: parseInt(deals.value, 10),
      scoring: scoring.value,
      round_minutes: parseInt($("#tour-minutes").value, 10),
      rated: $("#tour-rated").checked,
      bot: $("#tour-bot").value,
    };
    if (!$("#tour-self-start").checked) {
      const at = new Date($("#tour-start").value).getTime();
      if (!Number.isFinite(at)) return fail(t("tour.error_start"));
      body.start_ms = at;
    }
    const button = $("#tour-create");
    button.disabled = true;
    try {
      const ans = await api.call("POST", "/api/tournaments", body);
      location.hash = `#/tournaments/${encodeURIComponent(ans.id)}`;
    } catch (ex) {
      fail(errorText(ex));
      button.disabled = false;
    }
  });
}

/** The tournaments' page (#/tournaments): the list, and the form for a logged-in player. */
export async function showTournaments(root) {
  const at = location.hash;
  setHtml(root, html`<h1>${t("tour.title")}</h1><p class="muted">${t("profile.loading")}</p>`);
  let list = [];
  let error = null;
  const [me] = await Promise.all([
    accountReady(),
    api.call("GET", "/api/tournaments").then(
      (a) => (list = listOf(a)),
      (e) => (error = e),
    ),
  ]);
  if (location.hash !== at) return;
  const form = me
    ? formHtml()
    : html`<section class="panel" id="tour-login-note"><h2>${t("tour.new")}</h2>
        <p>${t("tour.login_first")} <a href="#/login">${t("account.nav_login")}</a></p></section>`;
  setHtml(root, html`<div class="tournaments-page" id="tournaments-page">
    <h1>${t("tour.title")}</h1><p class="muted">${t("tour.explain")}</p>
    <div class="tour-columns"><div id="tour-lists">${error ? html`<p class="error-text" id="tour-error">${errorText(error)}</p>` : listHtml(list)}</div>
    ${form}</div></div>`);
  if (me) wireForm(root);
}
