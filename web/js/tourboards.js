// The deals of a tournament's round compared (GET /api/tournaments/ID/boards?round=R,
// docs/tournaments.md "Duplicate scoring"): every table of a round played the same deals,
// and seat i of every table held the same cards. So each deal is a table whose columns are
// the hands (seat 1, 2, ...) and whose rows are the tournament's tables: reading down a
// column shows what each player made of the same cards, the soloist's cell with the bid and
// the contract, each cell with the deal's score and its duplicate difference (the score
// less the average of the other tables' same hand).

import { t, language } from "./i18n.js";
import { html } from "./html.js";
import { actionText } from "./text.js";
import { cardStyle } from "./util.js";
import { personaOf } from "./personas.js";

const number = (x) =>
  x === null || x === undefined || !Number.isFinite(Number(x))
    ? "–"
    : new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(Number(x));
const signed = (x) => (Number(x) > 0 ? "+" : "") + number(x);

/** A table's line of one deal: its seats (name, score, difference) and its contract. */
function lineHtml(line, hands, seatHtml) {
  const style = cardStyle();
  const seats = line.seats || [];
  const cells = [];
  for (let i = 0; i < hands; i++) {
    const s = seats[i] || {};
    const solo = line.soloist === i;
    const contract = solo
      ? html`<span class="board-contract">${line.bid ? t("tour.board_bid", { bid: line.bid }) : ""}${line.contract ? html` · ${actionText(line.contract, style, false)}` : ""}</span>`
      : "";
    const diff = s.duplicate === null || s.duplicate === undefined
      ? ""
      : html` <span class="board-diff ${Number(s.duplicate) > 0 ? "up" : Number(s.duplicate) < 0 ? "down" : ""}">(${signed(s.duplicate)})</span>`;
    cells.push(html`<td class="${solo ? "board-soloist" : ""}" data-seat="${i}">
      <span class="board-name">${seatHtml(s)}</span>${solo ? html` <span class="role">${t("tour.board_soloist")}</span>` : ""}
      ${contract}<span class="board-score">${number(s.score)}</span>${diff}</td>`);
  }
  return html`<tr data-code="${line.code || ""}"><th scope="row">${(line.table ?? 0) + 1}</th>${cells}</tr>`;
}

/** One deal: the sentence of the soloist's hand at each table, and the table of hands. The
 *  server counts deals from 0, as records do; people read "Deal 1" for the first. */
function dealHtml(deal, seatHtml) {
  const lines = deal.tables || deal.lines || [];
  const hands = Math.max(0, ...lines.map((l) => (l.seats || []).length));
  const heads = [];
  for (let i = 0; i < hands; i++) heads.push(html`<th>${t("tour.board_hand", { n: i + 1 })}</th>`);
  const said = lines
    .filter((l) => l.soloist !== null && l.soloist !== undefined && l.bid)
    .map((l) => {
      const solo = (l.seats || [])[l.soloist] || {};
      const name = solo.name || (solo.bot ? personaOf(solo.bot).name : "");
      return html`<li>${t("tour.board_line", { table: (l.table ?? 0) + 1, name, hand: l.soloist + 1, bid: l.bid, score: signed(l.score ?? solo.score) })}</li>`;
    });
  return html`<section class="board" data-deal="${deal.deal}">
    <h3>${t("tour.board_deal", { n: Number(deal.deal) + 1 })}</h3>
    ${said.length ? html`<ul class="board-lines">${said}</ul>` : ""}
    <div class="board-scroll"><table class="scores board-table"><thead><tr><th>${t("tour.table")}</th>${heads}</tr></thead>
    <tbody>${lines.map((l) => lineHtml(l, hands, seatHtml))}</tbody></table></div></section>`;
}

/** The round's deals compared, as markup; `seatHtml` draws a seat's name. */
export function boardsHtml(answer, round, seatHtml) {
  const deals = (answer && (answer.deals || answer.boards)) || [];
  return html`<section class="panel tour-boards" id="tour-boards-${round}" data-round="${round}">
    <h2>${t("tour.boards_title", { n: round })}</h2>
    <p class="muted">${t("tour.boards_explain")}</p>
    ${deals.length ? deals.map((d) => dealHtml(d, seatHtml)) : html`<p class="muted">${t("tour.boards_none")}</p>`}
  </section>`;
}
