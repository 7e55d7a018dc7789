// A player's profile page (#/players/NAME, issue #36): the name and "member since", the
// ratings per format with their deviation and a provisional mark, the statistics of their
// matches (the sums of crates/binokel-server/src/players/stats.rs and their averages),
// and the match history, a page at a time, each match with links to its replay, review
// and record. Read from GET /api/players/NAME and .../history (docs/protocol.md).

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { html, setHtml, addHtml } from "./html.js";
import { personaOf } from "./personas.js";
import { requestReview } from "./reviewstart.js";
import { nameHtml } from "./account.js";

/** The name of a format (a preset's name, or the word the server sends). */
export function formatName(format) {
  const key = "preset." + format;
  const said = t(key);
  return said !== key ? said : format;
}

/** A rating as shown: a whole number, "?" after it while provisional. */
export function ratingHtml(r) {
  const value = Math.round(Number(r.rating));
  return r.provisional
    ? html`${value}<abbr class="provisional" title="${t("profile.provisional_title")}">?</abbr>`
    : html`${value}`;
}

function fixed(x, digits = 1) {
  return x === null || x === undefined || !Number.isFinite(Number(x)) ? "–" : Number(x).toFixed(digits);
}

function percent(part, whole) {
  return whole > 0 ? `${Math.round((100 * part) / whole)} %` : "–";
}

/** The averages of the statistics' sums (the server's `averages` when it sends them). */
export function averagesOf(s) {
  const a = s.averages || {};
  const ratio = (x, n) => (n > 0 ? x / n : null);
  return {
    bid: a.bid ?? ratio(s.bid_sum || 0, s.contracts || 0),
    solo: a.solo_points ?? ratio(s.solo_points || 0, s.contracts || 0),
    opponent: a.opponent_points ?? ratio(s.opponent_points || 0, s.opponent_deals || 0),
    melds: a.melds_per_deal ?? ratio(s.meld_points || 0, s.deals || 0),
  };
}

function statsHtml(s) {
  if (!s || !s.matches) return html`<p class="muted" id="profile-no-stats">${t("profile.no_matches")}</p>`;
  const a = averagesOf(s);
  const row = (key, value) => html`<tr data-stat="${key}"><th scope="row">${t("stats." + key)}</th><td>${value}</td></tr>`;
  return html`<table class="scores profile-stats" id="profile-stats"><tbody>
    ${row("matches", s.matches)}
    ${row("wins", `${s.wins || 0} (${percent(s.wins || 0, s.matches)})`)}
    ${row("deals", s.deals || 0)}
    ${row("contracts", s.contracts || 0)}
    ${row("contracts_made", `${s.contracts_made || 0} (${percent(s.contracts_made || 0, s.contracts || 0)})`)}
    ${row("average_bid", fixed(a.bid, 0))}
    ${row("durch", `${s.durch_made || 0} / ${s.durch_tried || 0}`)}
    ${row("bettel", `${s.bettel_made || 0} / ${s.bettel_tried || 0}`)}
    ${row("solo_points", fixed(a.solo))}
    ${row("opponent_points", fixed(a.opponent))}
    ${row("melds_per_deal", fixed(a.melds))}
  </tbody></table>`;
}

function ratingsHtml(ratings) {
  if (!ratings || !ratings.length) return html`<p class="muted" id="profile-no-ratings">${t("profile.no_ratings")}</p>`;
  const rows = ratings.map(
    (r) => html`<tr data-format="${r.format}"><th scope="row">${formatName(r.format)}</th><td class="rating">${ratingHtml(r)}</td>
      <td>± ${Math.round(Number(r.deviation))}</td><td>${r.games ?? ""}</td></tr>`,
  );
  return html`<table class="scores profile-ratings" id="profile-ratings"><thead><tr><td></td><th>${t("profile.rating")}</th>
    <th>${t("profile.deviation")}</th><th>${t("profile.games")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The puzzle rating (docs/puzzles.md, "Ratings of accounts"), when the player has one. */
function puzzlesHtml(z) {
  if (!z) return "";
  return html`<p id="profile-puzzle-rating">${t("profile.puzzle_rating", { rating: z.rating, deviation: z.deviation, solved: z.solved, tried: z.tried })}</p>`;
}

function playerHtml(p) {
  if (p.bot && !p.account) return html`${personaOf(p.bot).name}`;
  return nameHtml(p.name, p);
}

function matchHtml(m) {
  const when = m.finished_ms ? new Date(m.finished_ms).toLocaleString(language()) : "";
  const players = (m.players || []).map((p, i) => html`<li class="${i === m.seat ? "me" : ""}">${playerHtml(p)}${Array.isArray(m.totals) && m.totals[i] !== undefined ? html` <span class="muted">${m.totals[i]}</span>` : ""}</li>`);
  let change = "";
  if (m.rating && Number.isFinite(Number(m.rating.before)) && Number.isFinite(Number(m.rating.after))) {
    const d = Math.round(m.rating.after) - Math.round(m.rating.before);
    change = html`<span class="rating-change ${d >= 0 ? "up" : "down"}">${Math.round(m.rating.before)} → ${Math.round(m.rating.after)} (${d >= 0 ? "+" : ""}${d})</span>`;
  }
  const code = encodeURIComponent(m.code);
  return html`<li class="history-match" data-code="${m.code}">
    <div><strong>${formatName(m.format)}</strong>${m.rated ? html` <span class="role">${t("profile.rated")}</span>` : ""}
      <span class="muted">${when}</span>${m.place ? html` · <span class="place">${t("profile.place", { n: m.place })}</span>` : ""} ${change}</div>
    <ul class="history-players">${players}</ul>
    <div class="history-links"><a href="#/replay/${m.code}" class="history-replay">${t("games.replay")}</a> ·
      <button type="button" class="link history-review" data-code="${m.code}">${t("review.button")}</button> ·
      <a href="/api/tables/${code}/record" download="binokel-${code}.json" class="history-record">${t("profile.record")}</a></div></li>`;
}

/** Shows the profile of `name` in `root`. */
export async function showProfile(root, name) {
  const at = location.hash;
  setHtml(root, html`<h1>${name}</h1><p class="muted">${t("profile.loading")}</p>`);
  let p;
  try {
    p = await api.call("GET", `/api/players/${encodeURIComponent(name)}`);
    if (!p || typeof p.name !== "string") throw new api.ApiError("bad_answer", t("profile.unknown", { name }), 0);
  } catch (e) {
    if (location.hash !== at) return;
    const said = e.status === 404 ? t("profile.unknown", { name }) : e.message;
    setHtml(root, html`<h1>${name}</h1><p class="error-text" id="profile-error">${said}</p>`);
    return;
  }
  if (location.hash !== at) return;
  const since = p.created_ms ? new Date(p.created_ms).toLocaleDateString(language()) : "";
  const bot = p.bot ? html` <span class="role" id="profile-bot">${t("profile.bot", { level: t("level." + personaOf(p.bot).level) })}</span>` : "";
  const history = p.history || { matches: [], next: null };
  setHtml(root, html`<div class="profile-page" id="profile-page">
    <h1 id="profile-name">${p.name}${bot}</h1>
    ${since ? html`<p class="muted" id="profile-since">${t("account.member_since", { date: since })}</p>` : ""}
    <div class="panels">
      <section class="panel"><h2>${t("profile.ratings")}</h2>${ratingsHtml(p.ratings)}${puzzlesHtml(p.puzzles)}</section>
      <section class="panel"><h2>${t("profile.stats")}</h2>${statsHtml(p.stats)}</section>
    </div>
    <section class="panel profile-history"><h2>${t("profile.history")}</h2>
      <ul class="history-list" id="profile-history">${history.matches.map(matchHtml)}</ul>
      ${history.matches.length ? "" : html`<p class="muted" id="profile-no-history">${t("profile.no_history")}</p>`}
      <button type="button" id="history-more" ${history.next ? "" : "hidden"}>${t("profile.more")}</button>
    </section></div>`);
  let next = history.next;
  const list = root.querySelector("#profile-history");
  const more = root.querySelector("#history-more");
  list.addEventListener("click", (e) => {
    const b = e.target.closest(".history-review");
    if (b) requestReview({ table: b.dataset.code });
  });
  more.addEventListener("click", async () => {
    more.disabled = true;
    try {
      const page = await api.call(
        "GET",
        `/api/players/${encodeURIComponent(p.name)}/history?before=${encodeURIComponent(next)}&limit=20`,
      );
      addHtml(list, "beforeend", html`${(page.matches || []).map(matchHtml)}`);
      next = page.next;
    } catch (e) {
      addHtml(list, "afterend", html`<p class="error-text">${e.message}</p>`);
      next = null;
    }
    more.disabled = false;
    more.hidden = !next;
  });
}
