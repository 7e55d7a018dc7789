// Entry point: preferences, the router and the start page.

import { t, setLanguage, preferredLanguage, language } from "./i18n.js";
import * as api from "./api.js";
import * as store from "./store.js";
import { cardSvg } from "./cards.js";
import { openTable, closeTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showReview } from "./review.js";
import { requestReview } from "./reviewstart.js";
import { showRules } from "./rulespage.js";
import { showPuzzles } from "./puzzles.js";
import { showLearn } from "./learn.js";
import { PRESETS, presetName } from "./presets.js";
import { create, publicOptionsHtml, wirePublicOptions, publicOptions } from "./newtable.js";
import { showLobby, closeLobby } from "./lobby.js";
import { toast, cardStyle } from "./util.js";
import { html, setHtml, addHtml } from "./html.js";
import { LEVELS, personaOf } from "./personas.js";
import { wireSoundSwitch } from "./sound.js";
import { loadAccount, accountReady, drawHeader, lockNameFields, showLogin, showAccount, errorText } from "./account.js";
import { showProfile } from "./profile.js";
import { showLeaderboards } from "./leaderboard.js";
import { showDaily } from "./daily.js";
import { drawServerGames } from "./mygames.js";
import { showTournaments } from "./tournaments.js";
import { showTournament } from "./tournament.js";

const app = document.getElementById("app");

function playerName() {
  return store.pref("name", "");
}

async function start() {
  await setLanguage(preferredLanguage());
  const langSel = document.getElementById("lang-select");
  const styleSel = document.getElementById("style-select");
  langSel.value = language();
  styleSel.value = cardStyle();
  wireSoundSwitch(document.getElementById("sound-toggle"));
  wireMenu();
  shortLanguageNames(langSel);
  langSel.addEventListener("change", async () => {
    await setLanguage(langSel.value, true);
    route();
  });
  styleSel.addEventListener("change", () => {
    store.setPref("style", styleSel.value);
    route();
  });
  window.addEventListener("hashchange", route);
  // Who is logged in (the top bar's entry, the rated checkboxes, My games): asked once at
  // the start; the pages that need the answer wait for it.
  loadAccount();
  route();
}

/**
 * On a phone's one-row top bar (app.css, 520 px and less) the language drop-down names each
 * language by its code ("DE"), so that the card style's "Grün Herz" and "Nederlands" are not
 * cut off; the full name stays the option's title and comes back on a wider screen.
 */
function shortLanguageNames(select) {
  const narrow = window.matchMedia("(max-width: 520px)");
  const label = () => {
    for (const o of select.options) {
      o.dataset.name ||= o.textContent;
      o.title = o.dataset.name;
      o.textContent = narrow.matches ? o.value.toUpperCase() : o.dataset.name;
    }
  };
  narrow.addEventListener("change", label);
  label();
}

/**
 * The top bar's menu button (shown on a phone only, app.css): it opens the page links
 * under the bar, so that the bar itself stays one row. A link followed, a click elsewhere
 * or Escape closes it.
 */
function wireMenu() {
  const bar = document.getElementById("topbar");
  const button = document.getElementById("menu-toggle");
  const set = (open) => {
    bar.classList.toggle("menu-open", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
  };
  button.addEventListener("click", () => set(!bar.classList.contains("menu-open")));
  document.addEventListener("click", (e) => {
    if (!e.target.closest || !e.target.closest("#menu-toggle")) set(false);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") set(false);
  });
  window.addEventListener("hashchange", () => set(false));
}

function route() {
  document.getElementById("style-select").value = cardStyle();
  const parts = (location.hash || "#/").slice(2).split("/").map(decodeURIComponent);
  const [page, arg] = parts;
  const inviteCode = new URLSearchParams(location.search).get("join");
  if (page !== "t" && page !== "watch") closeTable();
  if (page !== "lobby") closeLobby();
  if (!page && inviteCode) {
    location.replace(`#/join/${inviteCode.toUpperCase()}`);
    return;
  }
  drawHeader();
  switch (page) {
    case "login":
      showLogin(app);
      break;
    case "account":
      showAccount(app);
      break;
    case "players":
      showProfile(app, arg || "");
      break;
    case "leaderboards":
      showLeaderboards(app);
      break;
    case "tournaments":
      if (arg) showTournament(app, parts.slice(1).join("/"));
      else showTournaments(app);
      break;
    case "t":
      openTable(app, arg.toUpperCase(), false);
      break;
    case "watch":
      openTable(app, arg.toUpperCase(), true);
      break;
    case "join":
      showJoin(arg.toUpperCase());
      break;
    case "replay":
      // `#/replay/CODE/3/40` opens deal 3 at action 40: a position one can link to.
      showReplay(app, arg, Number(parts[2]) - 1 || 0, Number(parts[3]) || 0);
      break;
    case "review":
      showReview(app, arg);
      break;
    case "rules":
      showRules(app, arg || "standard");
      break;
    case "puzzles":
      showPuzzles(app, arg);
      break;
    case "learn":
      showLearn(app);
      break;
    case "daily":
      showDaily(app, arg);
      break;
    case "games":
      showGames();
      break;
    case "lobby":
      showLobby(app);
      break;
    default:
      showStart();
  }
  document.title = `Binokel · ${t(page === "lobby" ? "lobby.title" : "title." + (page || "home"))}`;
}

// Every preset is played at the server, two players (the stock game) included.
const PLAYABLE = Object.keys(PRESETS);

function presetOptions(selected) {
  return PLAYABLE
    .map((p) => html`<option value="${p}" ${p === selected ? "selected" : ""}>${t("preset." + p)}</option>`);
}

// The bot levels offered to people, each with its persona ("Gottlieb · medium").
function botOptions(selected) {
  const pick = LEVELS.includes(selected) ? selected : "medium";
  return LEVELS.map(
    (b) => html`<option value="${b}" ${b === pick ? "selected" : ""}>${t("persona.option", { name: personaOf(b).name, level: t("level." + b) })}</option>`,
  );
}

function showStart() {
  const style = cardStyle();
  const hero = ["AS", "TH", "KC", "QS", "JD"]
    .map((c, i) => html`<span class="card" style="--i:${i}">${cardSvg(c, style)}</span>`);
  setHtml(app, html`
    <div class="hero"><div class="hero-cards">${hero}</div>
      <div><h1>${t("start.title")}</h1><p class="muted">${t("start.tagline")}</p>
      <p class="home-links"><a href="#/tournaments" id="home-tournaments">${t("tour.home")}</a><br><a href="#/daily" id="home-daily">${t("daily.home")}</a></p></div></div>
    <div class="panels">
      <form class="panel" id="quick-form">
        <h2>${t("start.quick")}</h2>
        <label for="quick-name">${t("start.name")}</label>
        <input id="quick-name" maxlength="24" autocomplete="nickname" value="${playerName()}" placeholder="${t("start.name_placeholder")}">
        <label for="quick-bot">${t("start.strength")}</label>
        <select id="quick-bot">${botOptions(store.pref("bot", "medium"))}</select>
        <button class="primary" id="quick-play" type="submit">${t("start.play")}</button>
      </form>
      <form class="panel" id="create-form">
        <h2>${t("start.create")}</h2>
        <label for="create-name">${t("start.name")}</label>
        <input id="create-name" maxlength="24" autocomplete="nickname" value="${playerName()}" placeholder="${t("start.name_placeholder")}">
        <div class="row">
          <div class="fit"><label for="create-preset">${t("start.preset")}</label>
          <select id="create-preset">${presetOptions("standard")}</select></div>
          <div><label for="create-target">${t("start.target")}</label>
          <input id="create-target" type="number" min="100" max="5000" step="50" inputmode="numeric"></div>
          <div><label for="create-series">${t("start.series")}</label>
          <input id="create-series" type="number" min="0" max="498" step="3" inputmode="numeric" placeholder="${t("start.series_off")}"></div>
        </div>
        <div id="seat-config" class="seat-config"></div>
        ${publicOptionsHtml()}
        <a href="#/rules/standard" id="create-rules-link">${t("start.rules_of_preset")}</a>
        <button class="primary" id="create-table" type="submit">${t("start.create_button")}</button>
      </form>
      <form class="panel" id="join-form">
        <h2>${t("start.join")}</h2>
        <label for="join-code">${t("start.code")}</label>
        <input id="join-code" maxlength="80" autocapitalize="characters" placeholder="K7M2QX">
        <button class="primary" id="join-button" type="submit">${t("start.join_button")}</button>
        <h2 style="margin-top:1rem">${t("start.watch")}</h2>
        <div class="row"><input id="watch-code" maxlength="80" autocapitalize="characters" placeholder="K7M2QX" aria-label="${t("start.code")}">
        <button id="watch-button" type="button">${t("start.watch_button")}</button></div>
      </form>
    </div>`);

  const preset = app.querySelector("#create-preset");
  const seatBox = app.querySelector("#seat-config");
  const drawSeats = () => {
    const p = PRESETS[preset.value];
    app.querySelector("#create-target").placeholder = String(p.target);
    // A fixed series (`series_deals`) is a multiple of the seats, at most 500 deals.
    const series = app.querySelector("#create-series");
    series.step = String(p.players);
    series.max = String(Math.floor(500 / p.players) * p.players);
    app.querySelector("#create-rules-link").href = `#/rules/${preset.value}`;
    const rows = [];
    for (let i = 0; i < p.players; i++) {
      if (i === 0) {
        rows.push(html`<div class="seat-row"><span>${t("start.seat", { n: 1 })}</span><span>${t("start.you")}</span></div>`);
        continue;
      }
      rows.push(html`<div class="seat-row"><span>${t("start.seat", { n: i + 1 })}</span><div class="seat-choice">
        <select class="seat-kind" data-seat="${i}" aria-label="${t("start.seat", { n: i + 1 })}">
          <option value="human">${t("start.friend")}</option>
          <option value="bot" selected>${t("start.bot")}</option></select>
        <select class="seat-bot" data-seat="${i}" aria-label="${t("start.strength")}">${botOptions("medium")}</select></div></div>`);
    }
    setHtml(seatBox, html`${rows}`);
    for (const k of seatBox.querySelectorAll(".seat-kind")) {
      const botSel = seatBox.querySelector(`.seat-bot[data-seat="${k.dataset.seat}"]`);
      k.addEventListener("change", () => (botSel.disabled = k.value !== "bot"));
    }
  };
  // One person, one name: typing it in the quick form fills the friends' form too, until
  // that form's own field is edited.
  const createName = app.querySelector("#create-name");
  let ownName = false;
  createName.addEventListener("input", () => (ownName = true));
  app.querySelector("#quick-name").addEventListener("input", (e) => {
    if (!ownName) createName.value = e.target.value;
  });
  preset.addEventListener("change", drawSeats);
  drawSeats();
  wirePublicOptions(app);
  accountReady().then(() => lockNameFields(app));

  app.querySelector("#quick-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = app.querySelector("#quick-name").value.trim();
    const bot = app.querySelector("#quick-bot").value;
    store.setPref("name", name);
    store.setPref("bot", bot);
    await create({
      rules: "standard",
      name: name || t("start.default_name"),
      seats: [{ kind: "human" }, { kind: "bot", bot }, { kind: "bot", bot }],
    });
  });

  app.querySelector("#create-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const seats = [{ kind: "human" }];
    for (const k of seatBox.querySelectorAll(".seat-kind")) {
      const botSel = seatBox.querySelector(`.seat-bot[data-seat="${k.dataset.seat}"]`);
      seats.push(k.value === "bot" ? { kind: "bot", bot: botSel.value } : { kind: "human" });
    }
    const name = app.querySelector("#create-name").value.trim();
    if (name) store.setPref("name", name);
    const req = {
      rules: preset.value,
      name: name || t("start.default_name"),
      seats,
      ...publicOptions(app),
    };
    const target = parseInt(app.querySelector("#create-target").value, 10);
    if (Number.isFinite(target) && target > 0) req.target = target;
    const series = parseInt(app.querySelector("#create-series").value, 10);
    if (Number.isFinite(series) && series > 0) req.series_deals = series;
    await create(req);
  });

  app.querySelector("#join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const code = codeFrom(app.querySelector("#join-code").value);
    if (code) location.hash = `#/join/${code}`;
    else toast(t("error.bad_code"));
  });
  app.querySelector("#watch-button").addEventListener("click", () => {
    const code = codeFrom(app.querySelector("#watch-code").value);
    if (code) location.hash = `#/watch/${code}`;
    else toast(t("error.bad_code"));
  });
}

/** The invite code in what a person pasted: a bare code or an invite link. */
export function codeFrom(text) {
  const s = String(text || "").trim().toUpperCase();
  const m = s.match(/([A-HJ-NP-Z2-9]{6})\s*$/) || s.match(/JOIN[=/]([A-HJ-NP-Z2-9]{6})/);
  return m ? m[1] : null;
}

async function showJoin(code) {
  const g = store.game(code);
  if (g && g.token) {
    location.replace(`#/t/${code}`);
    return;
  }
  setHtml(app, html`<div class="panels"><form class="panel" id="join-seat-form">
      <h2>${t("join.title", { code })}</h2>
      <p id="join-info" class="muted">${t("join.loading")}</p>
      <label for="join-name">${t("start.name")}</label>
      <input id="join-name" maxlength="24" value="${playerName()}" placeholder="${t("start.name_placeholder")}">
      <button class="primary" id="join-seat" type="submit">${t("join.take_seat")}</button>
      <button type="button" id="join-watch">${t("start.watch_button")}</button>
    </form></div>`);
  const info = app.querySelector("#join-info");
  accountReady().then(() => lockNameFields(app));
  try {
    const s = await api.tableSummary(code);
    const names = s.seats.map((x) => (x.kind === "bot" ? personaOf(x.bot).name : x.name || t("join.free"))).join(", ");
    info.textContent = `${t("preset." + presetName(s.rules))} · ${names}`;
    if (s.status !== "waiting") app.querySelector("#join-seat").disabled = true;
  } catch (e) {
    info.textContent = e.code === "unknown_table" || e.status === 404 ? t("error.unknown_table", { code }) : e.message;
    info.className = "error-text";
    app.querySelector("#join-seat").disabled = true;
  }
  app.querySelector("#join-watch").addEventListener("click", () => (location.hash = `#/watch/${code}`));
  app.querySelector("#join-seat-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = app.querySelector("#join-name").value.trim() || t("start.default_name");
    store.setPref("name", name);
    try {
      const ans = await api.joinTable(code, name);
      store.saveGame(ans.code, { token: ans.token, seat: ans.seat, at: Date.now() });
      location.hash = `#/t/${ans.code}`;
    } catch (err) {
      toast(err.code === "no_free_seat" ? t("error.no_free_seat") : errorText(err));
    }
  });
}

async function showGames() {
  // A logged-in person's games come from the server, on every device (web/js/mygames.js);
  // a guest's are this browser's list.
  const at = location.hash;
  if (await accountReady()) {
    if (location.hash !== at) return;
    setHtml(app, html`<h1>${t("games.title_account")}</h1><div id="server-games-box"></div>
      <h2><label for="record-file">${t("replay.from_file")}</label></h2>
      <input type="file" id="record-file" accept=".json,application/json">`);
    wireRecordFile();
    if (await drawServerGames(app.querySelector("#server-games-box"))) return;
  }
  if (location.hash !== at) return;
  const list = store.games();
  const items = list
    .map((g) => {
      const when = g.at ? new Date(g.at).toLocaleString(language()) : "";
      const who = g.token ? t("games.seat", { n: (g.seat ?? 0) + 1 }) : t("games.watched");
      return html`<li data-code="${g.code}"><strong class="code">${g.code}</strong>
        <span>${t("preset." + presetName(g.rules))}</span><span class="muted">${when} · ${who}</span>
        <span class="game-state" data-state=""></span>
        <a href="#/t/${g.code}">${t("games.open")}</a>
        <a href="#/replay/${g.code}">${t("games.replay")}</a></li>`;
    });
  setHtml(app, html`<h1>${t("games.title")}</h1>
    ${list.length ? html`<ul class="games-list">${items}</ul>` : html`<p class="muted">${t("games.none")}</p>`}
    <h2><label for="record-file">${t("replay.from_file")}</label></h2>
    <input type="file" id="record-file" accept=".json,application/json">`);
  // Each match's state from the server (the newest 20): running or finished, the totals,
  // the winner; a finished one gets its Review button.
  for (const g of list.slice(0, 20)) gameState(g.code);
  wireRecordFile();
}

function wireRecordFile() {
  app.querySelector("#record-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    try {
      sessionStorage.setItem("binokel.replayRecord", await f.text());
      location.hash = "#/replay/file";
    } catch (err) {
      toast(String(err.message || err));
    }
  });
}

async function gameState(code) {
  let s;
  try {
    s = await api.tableSummary(code);
  } catch {
    return;
  }
  const li = app.querySelector(`.games-list li[data-code="${code}"]`);
  if (!li) return;
  const names = s.seats.map((x) => x.name || (x.bot ? personaOf(x.bot).name : t("table.seat", { n: x.seat + 1 })));
  const totals = (s.totals || []).join(" : ");
  const box = li.querySelector(".game-state");
  box.dataset.state = s.status;
  if (s.status === "finished") {
    const w = s.winner ?? null;
    box.textContent = `${t("games.finished")} · ${totals}${w !== null ? " · " + t("games.winner", { name: names[w] }) : ""}`;
    addHtml(li, "beforeend", html`<button type="button" class="games-review">${t("review.button")}</button>`);
    li.querySelector(".games-review").addEventListener("click", () => requestReview({ table: code }));
  } else if (s.status === "playing") {
    box.textContent = `${t("games.running", { n: Math.max(1, s.deals || 0) })}${totals ? " · " + totals : ""}`;
  } else {
    box.textContent = t("games.waiting");
  }
}

start().catch((e) => {
  app.textContent = `Binokel could not start: ${e.message || e}`;
});
