// The leaderboards (#/leaderboards, issue #36): one table per format of the players whose
// rating has settled (the server leaves out provisional ones), best first, each name a link
// to the profile; bot accounts carry their level. Read from GET /api/leaderboards and
// GET /api/leaderboards/FORMAT (docs/protocol.md).

import { t } from "./i18n.js";
import * as api from "./api.js";
import { html, setHtml } from "./html.js";
import { personaOf } from "./personas.js";
import { nameHtml } from "./account.js";
import { formatName } from "./profile.js";

function boardHtml(board) {
  const players = board.players || [];
  if (!players.length) return html`<p class="muted">${t("leaders.empty")}</p>`;
  const rows = players.map(
    (p) => html`<tr data-name="${p.name}"><td>${p.rank}</td>
      <th scope="row">${nameHtml(p.name, { account: true })}${p.bot ? html` <span class="role">${t("level." + personaOf(p.bot).level)}</span>` : ""}</th>
      <td class="rating">${Math.round(Number(p.rating))}</td><td>± ${Math.round(Number(p.deviation))}</td><td>${p.games ?? ""}</td></tr>`,
  );
  return html`<table class="scores leaderboard"><thead><tr><th>${t("leaders.rank")}</th><th>${t("leaders.player")}</th>
    <th>${t("profile.rating")}</th><th>${t("profile.deviation")}</th><th>${t("profile.games")}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

/** Shows the leaderboards in `root`. */
export async function showLeaderboards(root) {
  const at = location.hash;
  setHtml(root, html`<h1>${t("leaders.title")}</h1><p class="muted">${t("profile.loading")}</p>`);
  let boards;
  try {
    const list = await api.call("GET", "/api/leaderboards");
    const formats = Array.isArray(list && list.formats) ? list.formats : [];
    boards = await Promise.all(formats.map((f) => api.call("GET", `/api/leaderboards/${encodeURIComponent(f)}`)));
  } catch (e) {
    if (location.hash !== at) return;
    setHtml(root, html`<h1>${t("leaders.title")}</h1><p class="error-text" id="leaders-error">${e.message}</p>`);
    return;
  }
  if (location.hash !== at) return;
  const sections = boards.map(
    (b) => html`<section class="panel leaderboard-panel" data-format="${b.format}"><h2>${formatName(b.format)}</h2>${boardHtml(b)}</section>`,
  );
  setHtml(root, html`<div class="leaderboards-page" id="leaderboards">
    <h1>${t("leaders.title")}</h1><p class="muted">${t("leaders.explain")}</p>
    ${boards.length ? html`<div class="panels">${sections}</div>` : html`<p class="muted" id="leaders-none">${t("leaders.none")}</p>`}</div>`);
}
