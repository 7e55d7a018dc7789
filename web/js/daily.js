// The deal of the day (#/daily, #/daily/YYYY-MM-DD; docs/daily.md): the day's deals (play,
// continue, your result), the ranking by duplicate score, and once the own try is over (or
// for a past day) how the others played each deal, with the replays and the review. Read
// from GET /api/daily[/DAY] and GET /api/daily/DAY/deals/K; played through
// POST /api/daily/play and POST /api/daily/DAY/play (docs/protocol.md).

import { t } from "./i18n.js";
import * as api from "./api.js";
import * as store from "./store.js";
import { html, join, setHtml } from "./html.js";
import { nameHtml, accountReady, errorText } from "./account.js";
import { actionText } from "./text.js";
import { cardInline, splitCards } from "./cards.js";
import { toast, cardStyle } from "./util.js";
import { requestReview } from "./reviewstart.js";

const signed = (n) => (Number(n) > 0 ? `+${n}` : `${n}`);

function rankingHtml(rows) {
  if (!rows.length) return html`<p class="muted" id="daily-ranking-empty">${t("daily.ranking_empty")}</p>`;
  const body = rows.map(
    (r) => html`<tr data-name="${r.name}"><td>${r.place}</td><th scope="row">${nameHtml(r.name, { account: r.account, former: !r.account })}</th>
      <td class="rating">${signed(r.score)}</td><td>${r.total}</td><td class="daily-compared">${r.compared}</td></tr>`,
  );
  return html`<table class="scores leaderboard" id="daily-ranking"><thead><tr><th>${t("leaders.rank")}</th>
    <th>${t("leaders.player")}</th><th>${t("daily.duplicate")}</th><th>${t("daily.total")}</th><th class="daily-compared">${t("daily.compared")}</th></tr></thead>
    <tbody>${body}</tbody></table>`;
}

/** One try's play of a deal, in words: "bid 250 and made 310" or "Karle bid 300 ...". */
function playText(r, style) {
  if (r.bid === null || r.bid === undefined) return html`${t("daily.all_passed")}`;
  const contract = r.contract ? html` (${actionText(r.contract, style)})` : "";
  if (r.soloist) return html`${t("daily.you_bid", { bid: r.bid, made: signed(r.made) })}${contract}`;
  return html`${t("daily.bot_bid", { bid: r.bid, made: signed(r.made) })}${contract}; ${t("daily.scored", { score: signed(r.score) })}`;
}

function dealHtml(d, style) {
  const hand = d.hand ? join(splitCards(d.hand).map((c) => cardInline(c, style)), " ") : "";
  const rows = (d.rows || []).map(
    (r) => html`<li class="${r.mine ? "daily-mine" : ""}" data-code="${r.code}">${nameHtml(r.name, { account: r.account, former: !r.account })}:
      ${playText(r, style)}${r.same_cards ? "" : html` <em class="muted">${t("daily.other_cards")}</em>`}
      <a href="${r.replay}">${t("games.replay")}</a></li>`,
  );
  return html`<section class="panel daily-deal" data-deal="${d.deal}"><h3>${t("daily.deal_n", { n: d.deal, of: d.deals })}</h3>
    ${hand ? html`<p class="daily-hand">${hand}</p>` : ""}
    ${rows.length ? html`<ul class="daily-rows">${rows}</ul>` : html`<p class="muted">${t("daily.deal_empty")}</p>`}</section>`;
}

function tryHtml(p, me) {
  if (!p.today) {
    return html`<p>${t("daily.past_explain")}</p>
      <button class="primary" id="daily-play-past" type="button">${t("daily.play_past")}</button>`;
  }
  if (!me) {
    return html`<p id="daily-login">${t("daily.login_first")} <a href="#/login">${t("account.nav_login")}</a></p>
      ${p.previous ? html`<p><a id="daily-guest-past" href="#/daily/${p.previous}">${t("daily.guest_past")}</a></p>` : ""}`;
  }
  const r = me.ranked || {};
  if (r.state === "playing") {
    return html`<p>${t("daily.in_progress")}</p>
      <button class="primary" id="daily-continue" type="button">${t("daily.continue")}</button>`;
  }
  if (r.state === "finished") {
    return html`<p id="daily-result">${t("daily.your_result", { place: r.place ?? "–", score: signed(r.score ?? 0), total: r.total ?? "–" })}</p>
      <p class="row"><a class="button" id="daily-replay" href="${r.replay}">${t("games.replay")}</a>
      <button type="button" id="daily-review">${t("daily.review")}</button>
      <button type="button" id="daily-unranked">${t("daily.play_unranked")}</button></p>`;
  }
  return html`<p>${t("daily.one_try")}</p>
    <button class="primary" id="daily-play" type="button">${t("daily.play")}</button>`;
}

/** Goes to a table the server just gave (a play answer or the ranked try in progress). */
function openSeat(ans) {
  store.saveGame(ans.code, { token: ans.token, seat: ans.seat ?? 0, at: Date.now() });
  location.hash = `#/t/${ans.code}`;
}

/** Shows the deal of the day in `root`: today, or the past day `day`. */
export async function showDaily(root, day) {
  const at = location.hash;
  setHtml(root, html`<h1>${t("daily.title")}</h1><p class="muted">${t("profile.loading")}</p>`);
  let p;
  try {
    await accountReady();
    p = await api.call("GET", day ? `/api/daily/${encodeURIComponent(day)}` : "/api/daily");
  } catch (e) {
    if (location.hash !== at) return;
    setHtml(root, html`<h1>${t("daily.title")}</h1><p class="error-text" id="daily-error">${e.message}</p>`);
    return;
  }
  if (location.hash !== at) return;
  const style = cardStyle();
  const me = p.me;
  const open = !p.today || (me && me.ranked && me.ranked.state === "finished");
  const nav = html`<p class="daily-nav">${p.previous ? html`<a id="daily-previous" href="#/daily/${p.previous}">${t("daily.previous")}</a>` : ""}
    ${p.today ? "" : html` · <a id="daily-today" href="#/daily">${t("daily.today")}</a>`}</p>`;
  setHtml(root, html`<div class="daily-page" id="daily" data-day="${p.day}">
    <h1>${t("daily.title")} · <span id="daily-day">${p.day}</span></h1>
    <p class="muted">${t("daily.explain", { n: p.deals, bot: p.bot_name })}</p>${nav}
    <div class="panels"><section class="panel" id="daily-try"><h2>${t(p.today ? "daily.today_deals" : "daily.past_deals")}</h2>${tryHtml(p, me)}</section>
    <section class="panel" id="daily-ranking-panel"><h2>${t("daily.ranking")}</h2>${rankingHtml(p.ranking || [])}</section></div>
    ${open ? html`<h2>${t("daily.deals_title")}</h2><div class="panels" id="daily-deals"><p class="muted">${t("profile.loading")}</p></div>` : ""}</div>`);
  const on = (id, f) => {
    const el = root.querySelector(id);
    if (el) el.addEventListener("click", f);
  };
  const play = async (path, body) => {
    try {
      openSeat(await api.call("POST", path, body));
    } catch (e) {
      const key = "daily.error." + e.code;
      toast(t(key) !== key ? t(key) : errorText(e));
    }
  };
  on("#daily-play", () => play("/api/daily/play", { ranked: true }));
  on("#daily-unranked", () => play("/api/daily/play", { ranked: false }));
  on("#daily-play-past", () => play(`/api/daily/${p.day}/play`, { ranked: false }));
  on("#daily-continue", () => openSeat(me.ranked));
  on("#daily-review", () => requestReview({ table: me.ranked.code }));
  if (!open) return;
  const deals = Array.from({ length: p.deals }, (_, i) => i + 1);
  let shown;
  try {
    shown = await Promise.all(deals.map((k) => api.call("GET", `/api/daily/${p.day}/deals/${k}`)));
  } catch (e) {
    shown = null;
    if (location.hash === at) setHtml(root.querySelector("#daily-deals"), html`<p class="error-text">${e.message}</p>`);
  }
  if (location.hash !== at || !shown) return;
  setHtml(root.querySelector("#daily-deals"), html`${shown.map((d) => dealHtml(d, style))}`);
}
