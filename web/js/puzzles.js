// The puzzles page (#/puzzles, #/puzzles/ID; docs/puzzles.md): one position at a time from
// GET /api/puzzles/ID, a button per choice, and the server's answer to POST
// /api/puzzles/ID/answer with every value and the themes. The solution is never asked for
// before the answer.

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { cardSvg, cardInline } from "./cards.js";
import { cardStyle, toast } from "./util.js";
import { html, join, setHtml } from "./html.js";
import { cardName } from "./text.js";

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

/** The bid and the trump: before the declaration (trump and burial puzzles) no trump is named yet. */
function contractLine(v) {
  if (v.trump) return t("puzzles.contract", { bid: v.bid, trump: t(`suit.${cardStyle()}.${v.trump}`) });
  if (v.contract === "durch") return t("puzzles.contract_durch", { bid: v.bid });
  return t("puzzles.contract_open", { bid: v.bid });
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
  if (c.startsWith("bury ")) return cards(split(c.slice(5)), style);
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
  // A burial: the soloist's cards are the buttons, lifted by a click, and a Bury button
  // sends them once Tapp-many are lifted (as at the table).
  const burying = p.kind === "burial";
  const need = burying ? split(typeof v.tapp === "string" ? v.tapp : (v.tapp || []).join(" ")).length || 3 : 0;
  const buttons = burying
    ? split(p.hands[p.seat]).map(
        (c, i) =>
          html`<button class="puzzle-choice puzzle-card" data-card="${c}" data-i="${i}" aria-pressed="false" aria-label="${cardName(c, style)}">${cardSvg(c, style, true)}</button>`,
      )
    : p.choices.map(
        (c) => html`<button class="puzzle-choice" data-choice="${c}" aria-label="${choiceLabel(c, style) || c}">${choiceHtml(c, style, true)}</button>`,
      );
  const declaring = p.kind === "trump";
  const tapp =
    burying && v.tapp && v.tapp.length
      ? html`<p id="puzzle-tapp">${t("puzzles.tapp")}: ${cards(typeof v.tapp === "string" ? split(v.tapp) : v.tapp, style)}</p>`
      : "";
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
      <p id="puzzle-contract">${contractLine(v)}</p>
      <ul class="puzzle-seats">${join(seats)}</ul>
      ${buried}
      ${tapp}
      ${tricks}
      ${declaring || burying ? "" : html`<p>${t("puzzles.on_table")}: ${onTable}</p>`}
      <p>${t(declaring ? "puzzles.task_trump" : burying ? "puzzles.task_burial" : "puzzles.task", { n: need })}</p>
      <div class="puzzle-choices ${burying ? "puzzle-burial" : ""} ${declaring ? "puzzle-words" : ""}">${join(buttons)}</div>
      ${
        burying
          ? html`<p><span id="puzzle-bury-prompt">${t("ctl.bury", { n: need, k: 0 })}</span>
              <button type="button" class="primary" id="puzzle-bury" disabled>${t("ctl.bury_button")}</button></p>`
          : ""
      }
      <div id="puzzle-result" aria-live="polite"></div>
      ${next ? html`<p><a id="puzzle-next" href="#/puzzles/${encodeURIComponent(next)}">${t("puzzles.next")}</a></p>` : ""}
    </section>`,
  );
  if (burying) {
    const bury = app.querySelector("#puzzle-bury");
    const lifted = () => [...app.querySelectorAll(".puzzle-card[aria-pressed=true]")].map((b) => b.dataset.card);
    for (const b of app.querySelectorAll(".puzzle-card")) {
      b.addEventListener("click", () => {
        const up = b.getAttribute("aria-pressed") === "true";
        if (!up && lifted().length >= need) return;
        b.setAttribute("aria-pressed", up ? "false" : "true");
        b.classList.toggle("selected", !up);
        const k = lifted().length;
        app.querySelector("#puzzle-bury-prompt").textContent = t("ctl.bury", { n: need, k });
        bury.disabled = k !== need;
      });
    }
    bury.addEventListener("click", () => answer(app, p, `bury ${lifted().join(" ")}`));
    return;
  }
  for (const b of app.querySelectorAll(".puzzle-choice")) {
    b.addEventListener("click", () => answer(app, p, b.dataset.choice));
  }
}

/** How many of a burial puzzle's values the solution lists (the best first; the answer too). */
const BURIALS_SHOWN = 10;

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
  for (const b of app.querySelectorAll(".puzzle-choice, #puzzle-bury")) b.disabled = true;
  const style = cardStyle();
  const lang = language();
  // A burial puzzle has hundreds of choices: the best ten and the answer are listed.
  const burying = p.kind === "burial";
  const listed = burying
    ? a.choices.filter((c, i) => i < BURIALS_SHOWN || c.choice === a.choice)
    : a.choices;
  const rows = listed.map(
    (c) =>
      html`<tr class="${c.choice === a.best ? "best" : ""} ${c.choice === a.choice ? "answer" : ""}"><td>${
        burying ? html`${a.choices.indexOf(c) + 1}. ` : ""
      }${choiceHtml(c.choice, style, false)}</td><td>${
        c.bound ? t("puzzles.at_most", { value: c.value.toFixed(2) }) : c.value.toFixed(2)
      }</td></tr>`,
  );
  const right = { trump: "puzzles.right_trump", burial: "puzzles.right_burial" }[p.kind] || "puzzles.right";
  const wrong = burying
    ? html`${t("puzzles.wrong_burial")} ${choiceHtml(a.best, style, false)}`
    : t("puzzles.wrong", { best: choiceLabel(a.best, style) || a.best });
  const themes = a.themes.map((th) => html`<li>${th[lang] || th.en}</li>`);
  setHtml(
    app.querySelector("#puzzle-result"),
    html`<p class="puzzle-verdict ${a.correct ? "right" : "wrong"}" id="puzzle-verdict">${a.correct ? t(right) : wrong}</p>
    <table class="puzzle-values"><caption>${t("puzzles.values")}</caption>
      <thead><tr><th>${t("puzzles.choice")}</th><th>${t("puzzles.value")}</th></tr></thead>
      <tbody>${join(rows)}</tbody></table>
    ${burying ? html`<p id="puzzle-burials">${t("puzzles.burials_all", { n: a.choices.length, k: BURIALS_SHOWN })}</p>` : ""}
    ${themes.length ? html`<ul class="puzzle-themes">${join(themes)}</ul>` : ""}
    ${playerHtml(a.player)}`,
  );
}
