// The puzzles page (#/puzzles, #/puzzles/ID; docs/puzzles.md): one position at a time from
// GET /api/puzzles/ID, a button per choice, and the server's answer to POST
// /api/puzzles/ID/answer with every value and the themes. The solution is never asked for
// before the answer.

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { cardSvg, cardInline } from "./cards.js";
import { cardStyle, toast } from "./util.js";
import { html, join, setHtml } from "./html.js";

let list = null;

async function puzzleList() {
  if (!list) list = (await api.call("GET", "/api/puzzles")).puzzles;
  return list;
}

/** Shows the puzzle `id` (the first one without an id). */
export async function showPuzzles(app, id) {
  setHtml(app, html`<section class="puzzles"><p>${t("puzzles.loading")}</p></section>`);
  let p;
  try {
    const all = await puzzleList();
    if (!id) {
      if (!all.length) {
        setHtml(app, html`<section class="puzzles"><p>${t("puzzles.none")}</p></section>`);
        return;
      }
      location.replace(`#/puzzles/${encodeURIComponent(all[0].id)}`);
      return;
    }
    p = await api.call("GET", `/api/puzzles/${encodeURIComponent(id)}`);
  } catch (e) {
    setHtml(app, html`<section class="puzzles"><p class="error">${e.message}</p></section>`);
    return;
  }
  render(app, p);
}

function cards(codes, style) {
  return join(codes.map((c) => cardInline(c, style)), " ");
}

/** A choice token as shown: a card, or a declaration in words (`trump S`, `durch`, a surrender). */
function choiceLabel(c, style) {
  const [word, suit] = c.split(" ");
  if (word === "trump") return `${t("act.trump")} ${t(`suit.${style}.${suit}`)}`;
  if (word === "durch") return t("act.durch");
  if (word === "surrender") return t("puzzles.surrender");
  return null;
}

function choiceHtml(c, style, big) {
  const words = choiceLabel(c, style);
  if (words !== null) return html`<span class="puzzle-words">${words}</span>`;
  return big ? cardSvg(c, style, true) : cardInline(c, style);
}

function split(s) {
  return s ? s.split(" ").filter(Boolean) : [];
}

function render(app, p) {
  const style = cardStyle();
  const v = p.view;
  const seats = [];
  for (let s = 0; s < v.players; s++) {
    const mine = s === p.seat;
    const hand = p.hands ? split(p.hands[s]) : mine ? split(v.hand) : null;
    const who = mine ? t("puzzles.you", { seat: s + 1 }) : t("puzzles.seat", { seat: s + 1 });
    const role = s === v.soloist ? html` (${t("puzzles.soloist")})` : "";
    const body = hand ? cards(hand, style) : t("puzzles.hidden", { n: v.hand_sizes[s] });
    const shown = (v.melds || []).find((m) => m.seat === s);
    const melds =
      shown && shown.melds.length
        ? html` · ${t("puzzles.melds")}: ${shown.melds
            .map((x) => `${t("meld." + x.kind)}${x.suit ? " " + t(`suit.${style}.${x.suit}`) : ""} ${x.points}`)
            .join(", ")}`
        : "";
    seats.push(html`<li class="puzzle-seat"><b>${who}</b>${role}: ${body}${melds}</li>`);
  }
  const onTable = v.trick && v.trick.cards.length ? cards(v.trick.cards, style) : t("puzzles.empty_trick");
  const tricks =
    p.kind === "play_view"
      ? html`<details><summary>${t("puzzles.tricks_played")}</summary><ol>${join(
          v.tricks.map((tr) => html`<li>${t("puzzles.seat", { seat: tr.leader + 1 })}: ${cards(tr.cards, style)}</li>`),
        )}</ol></details>`
      : "";
  const buttons = p.choices.map(
    (c) => html`<button class="puzzle-choice" data-choice="${c}" aria-label="${choiceLabel(c, style) || c}">${choiceHtml(c, style, true)}</button>`,
  );
  const declaring = p.kind === "trump";
  const buried =
    declaring && v.buried && v.buried.length
      ? html`<p id="puzzle-buried">${t("puzzles.buried")}: ${cards(typeof v.buried === "string" ? split(v.buried) : v.buried, style)}</p>`
      : "";
  const all = list || [];
  const at = all.findIndex((x) => x.id === p.id);
  const next = at >= 0 && at + 1 < all.length ? all[at + 1].id : null;
  setHtml(
    app,
    html`<section class="puzzles" id="puzzle" data-id="${p.id}">
      <h1>${t("puzzles.title")}</h1>
      <p class="puzzle-head">${t("puzzles.kind_" + p.kind)} · ${t("puzzles.rating", { rating: p.rating })} ·
        ${t("puzzles.tricks_left", { n: p.tricks_left })}</p>
      <p>${t("puzzles.contract", { bid: v.bid, trump: v.trump ? t(`suit.${cardStyle()}.${v.trump}`) : "-" })}</p>
      <ul class="puzzle-seats">${join(seats)}</ul>
      ${buried}
      ${tricks}
      ${declaring ? "" : html`<p>${t("puzzles.on_table")}: ${onTable}</p>`}
      <p>${t(declaring ? "puzzles.task_trump" : "puzzles.task")}</p>
      <div class="puzzle-choices">${join(buttons)}</div>
      <div id="puzzle-result" aria-live="polite"></div>
      ${next ? html`<p><a id="puzzle-next" href="#/puzzles/${encodeURIComponent(next)}">${t("puzzles.next")}</a></p>` : ""}
    </section>`,
  );
  for (const b of app.querySelectorAll(".puzzle-choice")) {
    b.addEventListener("click", () => answer(app, p, b.dataset.choice));
  }
}

/** The account's puzzle rating after an answer (docs/puzzles.md, "Ratings of accounts"). */
function playerHtml(pl) {
  if (!pl) return "";
  if (!pl.counted) return html`<p class="puzzle-player" id="puzzle-player">${t("puzzles.not_counted", { rating: pl.rating })}</p>`;
  const d = pl.rating - pl.before;
  return html`<p class="puzzle-player" id="puzzle-player">${t("puzzles.your_rating", { rating: pl.rating, change: d >= 0 ? `+${d}` : `${d}` })}</p>`;
}

async function answer(app, p, choice) {
  let a;
  try {
    a = await api.call("POST", `/api/puzzles/${encodeURIComponent(p.id)}/answer`, { choice });
  } catch (e) {
    toast(e.message);
    return;
  }
  for (const b of app.querySelectorAll(".puzzle-choice")) b.disabled = true;
  const style = cardStyle();
  const lang = language();
  const rows = a.choices.map(
    (c) =>
      html`<tr class="${c.choice === a.best ? "best" : ""}"><td>${choiceHtml(c.choice, style, false)}</td><td>${
        c.bound ? t("puzzles.at_most", { value: c.value.toFixed(2) }) : c.value.toFixed(2)
      }</td></tr>`,
  );
  const themes = a.themes.map((th) => html`<li>${th[lang] || th.en}</li>`);
  setHtml(
    app.querySelector("#puzzle-result"),
    html`<p class="puzzle-verdict ${a.correct ? "right" : "wrong"}" id="puzzle-verdict">${
      a.correct
        ? t(p.kind === "trump" ? "puzzles.right_trump" : "puzzles.right")
        : t("puzzles.wrong", { best: choiceLabel(a.best, style) || a.best })
    }</p>
    <table class="puzzle-values"><caption>${t("puzzles.values")}</caption>
      <thead><tr><th>${t("puzzles.choice")}</th><th>${t("puzzles.value")}</th></tr></thead>
      <tbody>${join(rows)}</tbody></table>
    ${themes.length ? html`<ul class="puzzle-themes">${join(themes)}</ul>` : ""}
    ${playerHtml(a.player)}`,
  );
}
