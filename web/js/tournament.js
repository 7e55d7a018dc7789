// One tournament's page (#/tournaments/ID, issue #38; docs/web.md "Tournaments"): the
// settings and status, entering (an account in one click, a guest by name; a guest's token
// is kept in localStorage per tournament), the entrants, the organizer's controls (add a
// player and show their personal link, drop one, start now), the live standings, the rounds
// with their tables, the deals compared (web/js/tourboards.js), print and the exports.
// While the tournament is not finished the page asks the server again every few seconds;
// when a round is seated and the reader plays in it, their table opens by itself.
//
// The page is a set of regions, each redrawn only when its markup changes (so a name typed
// into a form survives the refresh); the clicks are handled once, on the page's root.

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import * as store from "./store.js";
import { html, setHtml } from "./html.js";
import { personaOf } from "./personas.js";
import { accountReady, nameHtml, sameName, errorText } from "./account.js";
import { toast } from "./util.js";
import { presetLabel, statusText, when, normalize } from "./tournaments.js";
import { boardsHtml } from "./tourboards.js";

/** How often the page asks again while the tournament is not finished (ms). */
const POLL_MS = 3000;
const KEY = "binokel.tournaments";

function entries() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** This browser's entry of tournament `id` ({entrant, token, opened}), or {}. */
export function myEntry(id) {
  return entries()[id] || {};
}

function saveEntry(id, fields) {
  const all = entries();
  all[id] = { ...(all[id] || {}), ...fields };
  localStorage.setItem(KEY, JSON.stringify(all));
  return all[id];
}

const number = (x, digits = 1) =>
  x === null || x === undefined || !Number.isFinite(Number(x))
    ? "–"
    : new Intl.NumberFormat(language(), { maximumFractionDigits: digits }).format(Number(x));
const signed = (x) => (Number(x) > 0 ? "+" : "") + number(x);

/** The page of tournament `arg` ("ID" or "ID?entrant=TOKEN", a guest's personal link). */
export async function showTournament(root, arg) {
  const [id, query] = String(arg || "").split("?");
  const token = new URLSearchParams(query || "").get("entrant");
  if (token) {
    // A personal link: the token is kept, and the address loses it (it is a key).
    saveEntry(id, { token });
    history.replaceState(null, "", `#/tournaments/${encodeURIComponent(id)}`);
  }
  const page = new TournamentPage(root, id);
  await page.start();
}

class TournamentPage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.at = location.hash;
    this.tour = null;
    this.me = null; // the answer of /me: {entrant, round, code, seat, token}
    this.account = null;
    this.added = null; // the last player the organizer added: {name, link}
    this.drawn = new Map();
  }

  alive() {
    return location.hash === this.at && this.root.querySelector("#tournament-page")?.dataset.id === this.id;
  }

  path(rest = "") {
    return `/api/tournaments/${encodeURIComponent(this.id)}${rest}`;
  }

  async start() {
    setHtml(this.root, html`<div class="tournament-page" id="tournament-page" data-id="${this.id}">
      <h1 id="tour-title">${t("tour.title")}</h1>
      <div id="tour-head"></div>
      <div class="tour-actions no-print" id="tour-actions">
        <button type="button" id="tour-print" data-act="print">${t("tour.print")}</button>
        <a class="button" id="tour-csv" href="${this.path("/export.csv")}" download="tournament-${this.id}.csv">${t("tour.export_csv")}</a>
        <a class="button" id="tour-records" href="${this.path("/records")}" download="tournament-${this.id}-records.json">${t("tour.export_records")}</a>
        <a href="#/tournaments">${t("tour.all")}</a>
      </div>
      <div id="tour-mine" class="no-print"></div>
      <div class="tour-columns">
        <section class="panel" id="tour-standings-panel"><h2>${t("tour.standings")}</h2><div id="tour-standings"></div></section>
        <section class="panel tour-people" id="tour-people-panel"><h2>${t("tour.entrants")}</h2>
          <div id="tour-enter" class="no-print"></div><div id="tour-entrants"></div><div id="tour-organizer" class="no-print"></div></section>
      </div>
      <div id="tour-rounds"></div>
      <div id="tour-boards"></div>
    </div>`);
    this.root.querySelector("#tournament-page").addEventListener("click", (e) => this.onClick(e));
    this.root.querySelector("#tournament-page").addEventListener("submit", (e) => this.onSubmit(e));
    this.account = await accountReady();
    await this.refresh();
  }

  /** Asks the server again, redraws, opens the reader's table when a round seats them, and
   *  comes back in a few seconds unless the tournament is finished. */
  async refresh() {
    clearTimeout(this.timer);
    // One refresh at a time: a click's refresh supersedes one still waiting for the server
    // (else each would set its own timer and the page would ask twice as often).
    const turn = (this.turn = (this.turn || 0) + 1);
    const current = () => this.alive() && turn === this.turn;
    if (!current()) return;
    try {
      this.tour = normalize(await api.call("GET", this.path()));
    } catch (e) {
      if (!current()) return;
      this.region("#tour-head", html`<p class="error-text" id="tour-error">${e.status === 404 ? t("tour.unknown") : errorText(e)}</p>`);
      if (e.status !== 404) this.timer = setTimeout(() => this.refresh(), POLL_MS * 3);
      return;
    }
    await this.loadMe();
    if (!current()) return;
    this.draw();
    if (this.openMyTable()) return;
    if (this.tour.status !== "finished") this.timer = setTimeout(() => this.refresh(), POLL_MS);
  }

  /** The reader's entry and table (`GET .../me`, by the login or the guest's token). */
  async loadMe() {
    const mine = myEntry(this.id);
    if (!this.account && !mine.token) {
      this.me = null;
      return;
    }
    if (this.me && this.tour.status === "finished") return;
    const q = !this.account && mine.token ? `?entrant=${encodeURIComponent(mine.token)}` : "";
    try {
      this.me = await api.call("GET", this.path("/me") + q);
    } catch {
      this.me = null;
    }
  }

  /** When the reader plays in the round in play and has not been taken to that table yet,
   *  goes there (the table page takes a code and the seat's token from the store, as for
   *  any table this browser holds a seat at). Answers whether it went. */
  openMyTable() {
    const m = this.me;
    if (!m || !m.code || this.tour.status !== "running") return false;
    if (m.round !== undefined && m.round !== null && Number(m.round) !== Number(this.tour.round)) return false;
    const mine = myEntry(this.id);
    const opened = Array.isArray(mine.opened) ? mine.opened : [];
    if (opened.includes(m.code)) return false;
    if (this.table(m.code)?.finished) return false;
    saveEntry(this.id, { opened: [...opened, m.code].slice(-40) });
    const fields = { seat: m.seat, rules: this.tour.rules, tournament: this.id, at: Date.now() };
    if (m.token) fields.token = m.token;
    store.saveGame(m.code, fields);
    location.hash = `#/t/${m.code}`;
    return true;
  }

  table(code) {
    for (const r of this.tour.roundList) {
      for (const x of r.tables || []) if (x.code === code) return x;
    }
    return null;
  }

  isOrganizer() {
    const tour = this.tour;
    if (tour.you_organize !== undefined) return !!tour.you_organize;
    const o = tour.organizer && typeof tour.organizer === "object" ? tour.organizer.name : tour.organizer;
    return !!(this.account && sameName(o, this.account.name));
  }

  /** Sets region `sel` to `markup` unless it already shows exactly that. */
  region(sel, markup) {
    const el = this.root.querySelector(sel);
    if (!el || this.drawn.get(sel) === markup.markup) return;
    this.drawn.set(sel, markup.markup);
    setHtml(el, markup);
  }

  draw() {
    const tour = this.tour;
    const page = this.root.querySelector("#tournament-page");
    page.dataset.status = tour.status;
    page.dataset.round = String(tour.round || 0);
    this.root.querySelector("#tour-title").textContent = tour.name;
    document.title = `Binokel · ${tour.name}`;
    this.region("#tour-head", this.headHtml());
    this.region("#tour-mine", this.mineHtml());
    this.region("#tour-enter", this.enterHtml());
    this.region("#tour-entrants", this.entrantsHtml());
    this.region("#tour-organizer", this.organizerHtml());
    this.region("#tour-standings", this.standingsHtml());
    this.region("#tour-rounds", this.roundsHtml());
  }

  headHtml() {
    const tour = this.tour;
    const item = (k, v) => html`<div><dt>${t(k)}</dt><dd>${v}</dd></div>`;
    const scoring = tour.scoring === "total" ? "total" : "duplicate";
    const organizer = tour.organizer && typeof tour.organizer === "object" ? tour.organizer.name : tour.organizer;
    return html`<p class="tour-status" id="tour-status" data-status="${tour.status}">${statusText(tour)}</p>
      <dl class="tour-settings" id="tour-settings">
        ${item("start.preset", presetLabel(tour.rules || "standard"))}
        ${item("tour.rounds", tour.rounds)}
        ${item("tour.deals", tour.deals)}
        ${item("tour.scoring", html`${t("tour.scoring_" + scoring)} <span class="muted">(${t("tour.scoring_" + scoring + "_explain")})</span>`)}
        ${item("tour.start", tour.start_ms ? when(tour.start_ms) : t("tour.self_start_short"))}
        ${item("tour.round_minutes", tour.round_minutes ?? (tour.round_ms ? Math.round(tour.round_ms / 60000) : "–"))}
        ${item("rated.label", tour.rated ? t("tour.yes") : t("tour.no"))}
        ${item("tour.bot", tour.bot ? t("persona.option", { name: personaOf(tour.bot).name, level: t("level." + personaOf(tour.bot).level) }) : "–")}
        ${organizer ? item("tour.organizer", nameHtml(organizer, { account: true })) : ""}
      </dl>`;
  }

  /** The reader's entry, and the link to their table while a round is in play. */
  mineHtml() {
    const m = this.me;
    if (!m || m.entrant === undefined || m.entrant === null) return html``;
    const e = (this.tour.entrants || []).find((x) => x.n === m.entrant);
    const name = e ? e.name : "";
    const table = m.code && this.tour.status === "running" && !this.table(m.code)?.finished
      ? html` <a class="button primary" id="tour-my-table" href="#/t/${m.code}" data-act="my-table">${t("tour.my_table")}</a>`
      : "";
    return html`<p class="tour-you" id="tour-you">${t("tour.you_entered", { name })}${table}</p>`;
  }

  enterHtml() {
    const tour = this.tour;
    if (tour.status !== "entering" || (this.me && this.me.entrant !== undefined && this.me.entrant !== null)) return html``;
    if (this.account) {
      return html`<form id="tour-enter-form" class="tour-enter"><button class="primary" id="tour-enter-button" type="submit">${t("tour.enter_as", { name: this.account.name })}</button></form>`;
    }
    if (tour.rated) {
      return html`<p id="tour-enter-rated">${t("tour.rated_accounts")} <a href="#/login">${t("account.nav_login")}</a></p>`;
    }
    return html`<form id="tour-enter-form" class="tour-enter">
      <label for="tour-enter-name">${t("start.name")}</label>
      <div class="row"><input id="tour-enter-name" maxlength="24" autocomplete="nickname" value="${store.pref("name", "")}">
      <button class="primary" id="tour-enter-button" type="submit">${t("tour.enter")}</button></div></form>`;
  }

  entrantsHtml() {
    const list = this.tour.entrants || [];
    if (!list.length) return html`<p class="muted" id="tour-no-entrants">${t("tour.no_entrants")}</p>`;
    const organizer = this.isOrganizer() && this.tour.status !== "finished";
    const rows = list.map(
      (e) => html`<li data-n="${e.n}" class="${e.dropped ? "dropped" : ""}">${nameHtml(e.name, e)}${e.dropped ? html` <span class="muted">(${t("tour.dropped")})</span>` : ""}
        ${organizer && !e.dropped ? html`<button type="button" class="link no-print tour-drop" data-act="drop" data-n="${e.n}">${t("tour.drop")}</button>` : ""}</li>`,
    );
    return html`<ol class="tour-entrants">${rows}</ol>`;
  }

  organizerHtml() {
    if (!this.isOrganizer() || this.tour.status !== "entering") return html``;
    const added = this.added
      ? html`<div class="tour-added" id="tour-added"><label for="tour-added-link">${t("tour.personal_link", { name: this.added.name })}</label>
          <div class="row"><input id="tour-added-link" readonly value="${this.added.link}">
          <button type="button" data-act="copy" id="tour-copy">${t("tour.copy")}</button></div></div>`
      : "";
    return html`<h3>${t("tour.organizer_tools")}</h3>
      <form id="tour-add-form"><label for="tour-add-name">${t("tour.add_player")}</label>
        <div class="row"><input id="tour-add-name" maxlength="24">
        <button type="submit" id="tour-add-button">${t("tour.add")}</button></div></form>${added}
      <p><button type="button" class="primary" id="tour-start-now" data-act="start">${t("tour.start_now")}</button></p>
      <p class="muted">${t("tour.start_needs")}</p>`;
  }

  standingsHtml() {
    // The score is the total or the duplicate score (by the scoring): on a phone its column
    // goes, and the column that ranks is marked.
    const total = this.tour.scoring === "total";
    const rows = (this.tour.standings || []).map(
      (s) => html`<tr data-entrant="${s.entrant}" class="${this.me && this.me.entrant === s.entrant ? "me" : ""}">
        <td>${s.place}</td><th scope="row">${nameHtml(s.name, s)}</th>
        <td class="tour-score">${number(s.score)}</td><td class="${total ? "ranks" : ""}">${number(s.total, 0)}</td><td class="${total ? "" : "ranks"}">${signed(s.duplicate)}</td><td>${s.deals ?? ""}</td></tr>`,
    );
    if (!rows.length) return html`<p class="muted" id="tour-no-standings">${t("tour.no_standings")}</p>`;
    return html`<div class="tour-scroll"><table class="scores tour-standings" id="tour-standings-table"><thead><tr>
      <th>${t("tour.place")}</th><th>${t("leaders.player")}</th><th class="tour-score">${t("tour.score")}</th>
      <th class="${total ? "ranks" : ""}">${t("tour.total")}</th><th class="${total ? "" : "ranks"}">${t("tour.duplicate")}</th><th>${t("tour.deals_played")}</th></tr></thead>
      <tbody>${rows}</tbody></table></div>`;
  }

  /** A seat at a round's table: an entrant's name (with the account mark), or a bot's
   *  persona marked as a bot. */
  seatHtml(seat) {
    if (seat.bot) {
      return html`<span class="tour-bot">${seat.name || personaOf(seat.bot).name} <span class="role">${t("tour.bot_mark")}</span></span>`;
    }
    const e = (this.tour.entrants || []).find((x) => x.n === seat.entrant);
    return nameHtml(seat.name ?? (e && e.name), e || seat);
  }

  roundsHtml() {
    const rounds = this.tour.roundList.map((r, i) => ({ ...r, round: r.round ?? i + 1 })).sort((a, b) => b.round - a.round);
    return html`${rounds.map((r) => {
      const tables = (r.tables || []).map((x, n) => {
        const totals = x.totals || [];
        const seats = (x.seats || []).map(
          (s, k) => html`<li>${this.seatHtml(s)}${totals[k] !== undefined && totals[k] !== null ? html` <span class="tour-total">${totals[k]}</span>` : ""}</li>`,
        );
        const links = x.finished
          ? html`<a href="#/replay/${x.code}">${t("games.replay")}</a> · <a href="/api/tables/${x.code}/record" download="${x.code}.json">${t("tour.record")}</a>`
          : html`<a href="#/watch/${x.code}">${t("tour.watch")}</a>`;
        return html`<tr data-code="${x.code}" data-finished="${x.finished ? "1" : "0"}"><td>${(x.n ?? n) + 1}</td>
          <td><ul class="tour-seats">${seats}</ul></td>
          <td>${x.finished ? t("games.finished") : t("tour.playing")}</td><td class="no-print">${links}</td></tr>`;
      });
      return html`<section class="panel tour-round" data-round="${r.round}">
        <h2>${t("tour.round", { n: r.round })}</h2>
        <table class="scores tour-tables"><thead><tr><th>${t("tour.table")}</th><th>${t("tour.players")}</th><th>${t("tour.state")}</th><th class="no-print"></th></tr></thead>
        <tbody>${tables}</tbody></table>
        <p class="no-print"><button type="button" data-act="boards" data-round="${r.round}" class="tour-compare">${t("tour.compare")}</button></p>
      </section>`;
    })}`;
  }

  async onClick(e) {
    const el = e.target.closest && e.target.closest("[data-act]");
    if (!el) return;
    const act = el.dataset.act;
    if (act === "print") window.print();
    else if (act === "copy") {
      const input = this.root.querySelector("#tour-added-link");
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        toast(t("tour.copied"));
      } catch {
        document.execCommand && document.execCommand("copy");
      }
    } else if (act === "drop") {
      await this.send("DELETE", `/entrants/${encodeURIComponent(el.dataset.n)}`);
    } else if (act === "start") {
      el.disabled = true;
      await this.send("POST", "/start");
    } else if (act === "boards") {
      await this.showBoards(Number(el.dataset.round));
    }
  }

  async onSubmit(e) {
    e.preventDefault();
    if (e.target.id === "tour-enter-form") {
      const input = this.root.querySelector("#tour-enter-name");
      const body = {};
      if (input) {
        body.name = input.value.trim();
        if (!body.name) return toast(t("tour.name_needed"));
        store.setPref("name", body.name);
      }
      const ans = await this.send("POST", "/enter", body);
      if (ans && ans.token) saveEntry(this.id, { entrant: ans.entrant, token: ans.token });
      if (ans) this.me = { entrant: ans.entrant };
      this.drawn.clear();
      await this.refresh();
    } else if (e.target.id === "tour-add-form") {
      const input = this.root.querySelector("#tour-add-name");
      const name = input.value.trim();
      if (!name) return toast(t("tour.name_needed"));
      const ans = await this.send("POST", "/entrants", { name });
      if (!ans) return;
      const link = `${location.origin}${location.pathname}#/tournaments/${encodeURIComponent(this.id)}?entrant=${encodeURIComponent(ans.token)}`;
      this.added = { name, link };
      input.value = "";
      await this.refresh();
      this.root.querySelector("#tour-add-name")?.focus();
    }
  }

  /** One request of the page's buttons and forms; a refusal is shown and answers null. */
  async send(method, rest, body) {
    try {
      const ans = await api.call(method, this.path(rest), body);
      if (method !== "POST" || rest !== "/enter") await this.refresh();
      return ans || {};
    } catch (ex) {
      const key = "tour.error." + ex.code;
      const said = t(key);
      toast(said !== key ? said : errorText(ex));
      this.drawn.clear();
      await this.refresh();
      return null;
    }
  }

  async showBoards(round) {
    const box = this.root.querySelector("#tour-boards");
    setHtml(box, html`<p class="muted">${t("profile.loading")}</p>`);
    try {
      const b = await api.call("GET", this.path(`/boards?round=${round}`));
      setHtml(box, boardsHtml(b, round, (s) => this.seatHtml(s)));
    } catch (ex) {
      setHtml(box, html`<p class="error-text">${errorText(ex)}</p>`);
    }
    box.scrollIntoView({ block: "start" });
  }
}
