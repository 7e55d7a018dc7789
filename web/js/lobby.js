// The lobby page (#/lobby): quick match, the open public tables with their free seats (a
// click joins) and the running ones to watch. The lists come live from the server's
// Server-Sent Events feed (/api/lobby/events, docs/protocol.md "Lobby"); how long a table
// has waited is counted here, once a second, from the server's clock.

import { t } from "./i18n.js";
import * as api from "./api.js";
import * as store from "./store.js";
import { PRESETS } from "./presets.js";
import { toast } from "./util.js";
import { html, setHtml } from "./html.js";
import { LEVELS, personaOf } from "./personas.js";
import { nameHtml, ratedHtml, wireRated, accountReady, lockNameFields, errorText } from "./account.js";

/** The waits before bots take the free seats: seconds, or "" for never. */
export const WAITS = ["", "0", "30", "120"];

let feed = null;
let ticker = null;

/** Stops the live feed and the clock (the router calls it when the page is left). */
export function closeLobby() {
  if (feed) feed.close();
  feed = null;
  clearInterval(ticker);
  ticker = null;
}

function waitLabel(w) {
  if (w === "") return t("quick.wait_never");
  if (w === "0") return t("quick.wait_now");
  const n = Number(w);
  return n < 60 ? t("quick.wait_secs", { n }) : t("quick.wait_mins", { n: n / 60 });
}

/** The `<option>`s of the bot levels (markup made by html, a list). */
export function levelOptions(selected) {
  // Each level with its persona, as the start page offers them ("Gottlieb · medium").
  return LEVELS.map(
    (l) => html`<option value="${l}" ${l === selected ? "selected" : ""}>${t("persona.option", { name: personaOf(l).name, level: t("level." + l) })}</option>`,
  );
}

/** The `<option>`s of the waits before bots (markup made by html, a list). */
export function waitOptions(selected, waits = WAITS) {
  return waits.map((w) => html`<option value="${w}" ${w === selected ? "selected" : ""}>${waitLabel(w)}</option>`);
}

function duration(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m}:${String(s % 60).padStart(2, "0")}`;
}

function seatText(s) {
  return s.taken ? s.name || "?" : t("lobby.free_seat");
}

// A seat's name as markup: an account's with its mark and profile link (web/js/account.js).
function seatHtml(s) {
  return s.taken && s.name ? nameHtml(s.name, s) : html`${seatText(s)}`;
}

function tableTitle(e) {
  const end = e.series_deals > 0 ? t("lobby.series", { n: e.series_deals }) : t("lobby.target", { n: e.target });
  return `${t("preset." + e.preset)} · ${end}`;
}

function openItem(e) {
  const mine = store.game(e.code);
  const seats = e.seats.map((s) => html`<li class="${s.taken ? "" : "free"}">${seatHtml(s)}</li>`);
  const fill = e.fill ? html`<span class="muted lobby-fill" data-at="${e.fill.at_ms}"></span>` : "";
  const action = mine && mine.token
    ? html`<a class="button" href="#/t/${e.code}">${t("lobby.open_mine")}</a>`
    : html`<button type="button" class="primary lobby-join" data-code="${e.code}">${t("lobby.join")}</button>`;
  return html`<li class="lobby-table" data-code="${e.code}">
      <div class="lobby-what"><strong>${tableTitle(e)}</strong>${e.rated ? html` <span class="role">${t("profile.rated")}</span>` : ""}
        <span class="muted lobby-waited" data-since="${e.created_ms}"></span>${fill}</div>
      <ul class="lobby-seats">${seats}</ul>${action}</li>`;
}

function runningItem(e) {
  const names = e.seats.map(seatText).join(", ");
  return html`<li class="lobby-table running" data-code="${e.code}">
      <div class="lobby-what"><strong>${tableTitle(e)}</strong><span class="muted">${names}</span></div>
      <a class="button lobby-watch" href="#/watch/${e.code}">${t("lobby.watch")}</a></li>`;
}

/** Shows the lobby page in `root` and subscribes to the live list. */
export function showLobby(root) {
  closeLobby();
  const presets = Object.keys(PRESETS)
    .map((p) => html`<option value="${p}">${t("preset." + p)}</option>`);
  setHtml(root, html`<div class="lobby-page" id="lobby-page">
    <h1>${t("lobby.title")}</h1>
    <div class="panels">
      <form class="panel" id="quick-match-form">
        <h2>${t("quick.title")}</h2>
        <p class="muted">${t("quick.explain")}</p>
        <label for="qm-name">${t("start.name")}</label>
        <input id="qm-name" maxlength="24" autocomplete="nickname" value="${store.pref("name", "")}" placeholder="${t("start.name_placeholder")}">
        <div class="row">
          <div class="fit"><label for="qm-preset">${t("start.preset")}</label><select id="qm-preset">${presets}</select></div>
          <div><label for="qm-target">${t("start.target")}</label>
            <input id="qm-target" type="number" min="100" max="5000" step="50" inputmode="numeric"></div>
        </div>
        <label for="qm-series">${t("start.series")}</label>
        <input id="qm-series" type="number" min="0" max="498" step="3" inputmode="numeric" placeholder="${t("start.series_off")}">
        <div class="row">
          <div class="fit"><label for="qm-bot">${t("quick.level")}</label><select id="qm-bot">${levelOptions(store.pref("quickBot", "medium"))}</select></div>
          <div class="fit"><label for="qm-wait">${t("quick.wait")}</label><select id="qm-wait">${waitOptions(store.pref("quickWait", "30"))}</select></div>
        </div>
        ${ratedHtml("qm-rated")}
        <button class="primary" id="qm-go" type="submit">${t("quick.go")}</button>
      </form>
      <section class="panel" id="lobby-lists">
        <h2>${t("lobby.open")} <span id="lobby-live" class="lobby-live muted"></span></h2>
        <ul class="lobby-list" id="lobby-open"></ul>
        <p class="muted" id="lobby-open-none">${t("lobby.none_open")}</p>
        <h2>${t("lobby.running")}</h2>
        <ul class="lobby-list" id="lobby-running"></ul>
        <p class="muted" id="lobby-running-none">${t("lobby.none_running")}</p>
      </section>
    </div></div>`);
  const preset = root.querySelector("#qm-preset");
  preset.value = store.pref("quickPreset", "standard");
  if (!PRESETS[preset.value]) preset.value = "standard";
  const target = root.querySelector("#qm-target");
  const series = root.querySelector("#qm-series");
  const showTarget = () => {
    const p = PRESETS[preset.value];
    target.placeholder = String(p.target);
    // A fixed series (`series_deals`) is a multiple of the seats, at most 500 deals; quick
    // match seats the caller only at a table of the same series.
    series.step = String(p.players);
    series.max = String(Math.floor(500 / p.players) * p.players);
  };
  preset.addEventListener("change", showTarget);
  showTarget();
  wireRated(root, "qm-rated", ["#qm-target", "#qm-series"]);
  accountReady().then(() => lockNameFields(root));
  const nameOf = () => {
    const n = root.querySelector("#qm-name").value.trim();
    if (n) store.setPref("name", n);
    return n || t("start.default_name");
  };

  root.querySelector("#quick-match-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { rules: preset.value, name: nameOf(), bot: root.querySelector("#qm-bot").value };
    const wait = root.querySelector("#qm-wait").value;
    if (wait !== "") body.fill_after_secs = Number(wait);
    const tg = parseInt(target.value, 10);
    if (Number.isFinite(tg) && tg > 0) body.target = tg;
    const n = parseInt(series.value, 10);
    if (Number.isFinite(n) && n > 0) body.series_deals = n;
    if (root.querySelector("#qm-rated").checked) body.rated = true;
    store.setPref("quickPreset", body.rules);
    store.setPref("quickBot", body.bot);
    store.setPref("quickWait", wait);
    const go = root.querySelector("#qm-go");
    go.disabled = true;
    try {
      const ans = await api.call("POST", "/api/lobby/quick", body);
      store.saveGame(ans.code, { token: ans.token, seat: ans.seat, rules: body.rules, at: Date.now() });
      location.hash = `#/t/${ans.code}`;
    } catch (err) {
      go.disabled = false;
      toast(t("error.create_failed", { message: errorText(err) }));
    }
  });

  root.querySelector("#lobby-open").addEventListener("click", async (e) => {
    const b = e.target.closest(".lobby-join");
    if (!b) return;
    b.disabled = true;
    try {
      const ans = await api.joinTable(b.dataset.code, nameOf());
      store.saveGame(ans.code, { token: ans.token, seat: ans.seat, at: Date.now() });
      location.hash = `#/t/${ans.code}`;
    } catch (err) {
      b.disabled = false;
      toast(err.code === "no_free_seat" ? t("error.no_free_seat") : errorText(err));
    }
  });

  let offset = 0;
  const tick = () => {
    const now = Date.now() - offset;
    for (const el of root.querySelectorAll(".lobby-waited")) {
      el.textContent = t("lobby.waited", { time: duration(now - Number(el.dataset.since)) });
    }
    for (const el of root.querySelectorAll(".lobby-fill")) {
      const left = Number(el.dataset.at) - now;
      el.textContent = left > 0 ? t("lobby.bots_in", { time: duration(left) }) : t("lobby.bots_now");
    }
  };
  const draw = (data) => {
    offset = Date.now() - data.now_ms;
    setHtml(root.querySelector("#lobby-open"), html`${data.open.map(openItem)}`);
    setHtml(root.querySelector("#lobby-running"), html`${data.running.map(runningItem)}`);
    root.querySelector("#lobby-open-none").hidden = data.open.length > 0;
    root.querySelector("#lobby-running-none").hidden = data.running.length > 0;
    tick();
  };
  const live = root.querySelector("#lobby-live");
  live.textContent = t("lobby.connecting");
  // EventSource reconnects by itself after a lost connection; the page says so meanwhile.
  feed = new EventSource("/api/lobby/events");
  feed.addEventListener("lobby", (ev) => {
    live.textContent = t("lobby.live");
    live.classList.remove("error-text");
    try {
      draw(JSON.parse(ev.data));
    } catch (err) {
      toast(String(err.message || err));
    }
  });
  feed.addEventListener("error", () => {
    live.textContent = t("lobby.reconnecting");
    live.classList.add("error-text");
  });
  ticker = setInterval(tick, 1000);
}
