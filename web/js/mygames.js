// My games of a logged-in person (issue #36): the account's tables from the server
// (GET /api/me/games, newest first), on any device; a guest's My games stays the browser's
// own list (web/js/app.js). Each table links to its seat (the account takes it on any
// device, `hello` with "account": true), its replay and, once finished, its review.

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { html, setHtml } from "./html.js";
import { personaOf } from "./personas.js";
import { requestReview } from "./reviewstart.js";
import { nameHtml } from "./account.js";
import { formatName } from "./profile.js";

function playerHtml(p) {
  if (p.bot && !p.account) return html`${personaOf(p.bot).name}`;
  return nameHtml(p.name, p);
}

function gameHtml(g) {
  const when = new Date(g.finished_ms || g.created_ms || 0).toLocaleString(language());
  const players = (g.players || []).map((p, i) => html`<span class="${i === g.seat ? "me" : ""}">${playerHtml(p)}</span>`);
  const names = players.flatMap((p, i) => (i ? [html`, `, p] : [p]));
  let state = t("games.waiting");
  if (g.status === "finished") {
    const w = g.winner ?? null;
    const winner = w !== null && g.players && g.players[w] ? g.players[w].name : null;
    state = winner ? `${t("games.finished")} · ${t("games.winner", { name: winner })}` : t("games.finished");
  } else if (g.status === "playing") {
    state = t("games.running_plain");
  }
  return html`<li data-code="${g.code}" class="server-game"><strong class="code">${g.code}</strong>
    <span>${formatName(g.preset || "custom")}${g.rated ? html` <span class="role">${t("profile.rated")}</span>` : ""}</span>
    <span class="muted">${when} · ${t("games.seat", { n: (g.seat ?? 0) + 1 })}</span>
    <span class="game-players">${names}</span>
    <span class="game-state" data-state="${g.status}">${state}</span>
    <a href="#/t/${g.code}">${t("games.open")}</a>
    <a href="#/replay/${g.code}">${t("games.replay")}</a>
    ${g.status === "finished" ? html`<button type="button" class="games-review" data-code="${g.code}">${t("review.button")}</button>` : ""}</li>`;
}

/** Draws the account's games into `box`; answers false when the server could not say
 *  (the caller then shows the browser's own list). */
export async function drawServerGames(box) {
  let ans;
  try {
    ans = await api.call("GET", "/api/me/games");
  } catch {
    return false;
  }
  const games = Array.isArray(ans && ans.games) ? ans.games : [];
  setHtml(box, games.length
    ? html`<p class="muted" id="games-from-account">${t("games.from_account")}</p><ul class="games-list" id="server-games">${games.map(gameHtml)}</ul>`
    : html`<p class="muted" id="games-from-account">${t("games.from_account")}</p><p class="muted">${t("games.none")}</p>`);
  box.addEventListener("click", (e) => {
    const b = e.target.closest(".games-review");
    if (b) requestReview({ table: b.dataset.code });
  });
  return true;
}
