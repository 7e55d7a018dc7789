// The game review page (#/review/ID, a link anyone can open): the server's progress while
// it works, then the replay viewer with the review laid over it: the marks on the
// timeline (?! inaccuracy, ? mistake, ?? blunder), the better move on the cards at a
// decision, the hindsight line labelled as such, and the summary (points lost per phase,
// the largest mistakes, accuracy per seat). The format is binokel-review/3 (docs/review.md).

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { cardStyle } from "./util.js";
import { html, setHtml, addHtml, join } from "./html.js";
import { actionText } from "./text.js";
import { showReplay } from "./replay.js";
import { reviewError } from "./reviewstart.js";

const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const PHASES = ["auction", "burial", "declaration", "play"];
let polling = 0;

/** Shows review `id`: its progress until it is done, then the replay with the review. */
export async function showReview(root, id) {
  const mine = ++polling;
  setHtml(root, html`<p class="muted">${t("review.loading")}</p>`);
  for (;;) {
    if (mine !== polling || !location.hash.startsWith(`#/review/${id}`)) return;
    let ans;
    try {
      ans = await api.review(id);
    } catch (e) {
      setHtml(root, html`<div class="banner bad" id="review-error">${reviewError(e)}</div>`);
      return;
    }
    document.title = `Binokel · ${t("review.title")}`;
    if (ans.status === "done") {
      if (mine !== polling) return;
      // It opens at the largest mistake of the match, if there is one.
      const worst = ans.review.decisions[ans.review.match.worst[0]];
      const [deal, step] = worst ? [worst.deal, worst.index] : [0, 0];
      showReplay(root, null, deal, step, { record: ans.record, decorate: decorator(id, ans.review, ans.record) });
      return;
    }
    drawProgress(root, ans);
    await new Promise((r) => setTimeout(r, 800));
  }
}

function drawProgress(root, ans) {
  const total = ans.total || 0;
  const label = ans.status === "queued" ? t("review.queued") : t("review.progress", { done: ans.done, total: total || "…" });
  setHtml(root, html`<section class="review-wait" id="review-progress" data-done="${ans.done}" data-total="${total}">
    <h1>${t("review.title")}</h1>
    <progress max="${Math.max(1, total)}" value="${ans.done}"></progress>
    <p>${label}</p><p class="muted">${t("review.wait_note")}</p></section>`);
}

/** The card codes named by an action token (a card, a burial, a call or a give). */
function cardsOf(token) {
  return String(token || "")
    .split(" ")
    .filter((x) => /^[AT9KQJ7][SHDC]$/.test(x));
}

/** A number with one decimal in the reader's language ("62.0", German "62,0"). */
function loss(x) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(x * 10) / 10);
}

/**
 * Where a decision stands in its deal, in words: in the play by its trick and card
 * ("trick 7, card 2"), counted from the record's cards; elsewhere by its phase. (The
 * action index read "Move 57" beside the counter's "action 56 of 62".)
 */
function placeOf(record, d) {
  const deal = record && record.deals && record.deals[d.deal];
  if (d.phase !== "play" || !deal) return t("review.phase." + d.phase);
  const players = deal.hands.length;
  const played = deal.actions.slice(0, d.index).filter((a) => /^[AT9KQJ7][SHDC]$/.test(a)).length;
  return t("review.trick_card", { trick: Math.floor(played / players) + 1, card: (played % players) + 1 });
}

/** The hook the replay viewer calls after each drawing. */
function decorator(id, review, record) {
  const byPlace = new Map(review.decisions.map((d, i) => [`${d.deal}/${d.index}`, { ...d, at: i }]));
  return ({ root, dealNo, step, steps, names, jump }) => {
    const style = cardStyle();
    const replay = root.querySelector("#replay");
    if (!replay) return;
    replay.classList.add("reviewed");
    const seatName = (s) => names[s] || t("table.seat", { n: s + 1 });
    // The header: what this is, and the link to share it.
    const link = `${location.origin}${location.pathname}#/review/${id}`;
    addHtml(
      replay.querySelector("h1"),
      "afterend",
      html`<p class="review-head" id="review-head"><span class="review-badge">${t("review.title")}</span>
        <label>${t("review.share")} <input id="review-share" readonly value="${link}"></label></p>`,
    );
    const share = replay.querySelector("#review-share");
    share.addEventListener("focus", () => share.select());
    // The timeline: one mark per marked decision of this deal, where it sits in the deal.
    const max = Math.max(1, steps.length - 1);
    const marks = review.decisions
      .filter((d) => d.deal === dealNo && d.mark)
      .map(
        (d) => html`<button type="button" class="review-tick ${d.mark}${d.index === step ? " here" : ""}" data-step="${d.index}"
          style="left:${((d.index / max) * 100).toFixed(2)}%" title="${`${t("review.mark." + d.mark)} · ${seatName(d.seat)} · ${t("review.lost", { n: loss(d.loss) })}`}"
          aria-label="${t("review.mark." + d.mark)}">${SYMBOL[d.mark]}</button>`,
      );
    addHtml(
      replay.querySelector(".replay-controls"),
      "afterend",
      html`<div class="review-timeline" id="review-timeline" aria-label="${t("review.timeline")}">
        <span class="review-now" style="left:${((step / max) * 100).toFixed(2)}%"></span>${marks}</div>`,
    );
    for (const b of replay.querySelectorAll(".review-tick")) b.addEventListener("click", () => jump(dealNo, Number(b.dataset.step)));
    stackMarks(replay.querySelector("#review-timeline"));
    // The decision at this position: played, best, loss, mark, hindsight; the better move on the cards.
    const d = byPlace.get(`${dealNo}/${step}`);
    let panel = "";
    if (d) {
      const seat = replay.querySelector(`#replay-seat-${d.seat}`);
      if (d.rated && d.best !== d.played && seat) {
        for (const c of cardsOf(d.best)) {
          const el = [...seat.querySelectorAll(`.card[data-card="${c}"]`)].find((x) => !x.classList.contains("review-best"));
          if (el) el.classList.add("review-best");
        }
      }
      if (seat) {
        for (const c of cardsOf(d.played)) {
          const el = [...seat.querySelectorAll(`.card[data-card="${c}"]`)].find((x) => !x.classList.contains("review-played"));
          if (el) el.classList.add("review-played");
        }
      }
      const verdict = !d.rated
        ? t("review.not_rated")
        : d.mark
          ? `${SYMBOL[d.mark]} ${t("review.mark." + d.mark)} · ${t("review.lost", { n: loss(d.loss) })}`
          : d.best === d.played
            ? t("review.best_played")
            : t("review.lost", { n: loss(d.loss) });
      const h = d.hindsight
        ? html`<p class="review-hindsight" id="review-hindsight"><strong>${t("review.hindsight")}</strong>
            ${t("review.hindsight_best")} ${actionText(d.hindsight.best, style, true)} · ${t("review.lost", { n: loss(d.hindsight.loss) })}
            <span class="muted">${t("review.hindsight_note")}</span></p>`
        : "";
      // Pattern notes (binokel-review/3): well-known errors the played action shows, without a mark.
      const notes = (d.notes || []).map(
        (id) => html`<p class="review-note" data-pattern="${id}">${t("review.note", { pattern: t("review.pattern." + id) })}</p>`,
      );
      panel = html`<section class="review-decision ${d.mark || "ok"}" id="review-decision" data-mark="${d.mark || ""}" data-best="${d.best}" data-phase="${d.phase}">
        <p><strong>${placeOf(record, d)} · ${seatName(d.seat)}</strong></p>
        <p>${t("review.played")} ${actionText(d.played, style, true)} · ${t("review.best")}
          <span class="review-best-name" id="review-best">${actionText(d.best, style, true)}</span></p>
        <p class="review-verdict">${verdict}</p>${join(notes)}${h}</section>`;
    } else {
      panel = html`<p class="muted review-decision" id="review-decision">${t("review.no_decision")}</p>`;
    }
    addHtml(replay.querySelector(".replay-centre"), "afterend", panel);
    addHtml(replay, "beforeend", summaryHtml(review, seatName, style, record));
    for (const a of replay.querySelectorAll(".review-worst [data-deal]")) {
      a.addEventListener("click", () => jump(Number(a.dataset.deal), Number(a.dataset.step)));
    }
  };
}

/** The match summary: per seat accuracy, points lost per phase and marks; the largest mistakes. */
function summaryHtml(review, seatName, style, record) {
  const m = review.match;
  const seats = m.seats.map(
    (x) => html`<div class="review-seat" data-seat="${x.seat}" data-accuracy="${x.accuracy}">
        <strong>${seatName(x.seat)}</strong>
        <span class="review-accuracy">${t("review.accuracy", { n: loss(x.accuracy) })}</span>
        <span>${t("review.lost_total", { n: loss(x.lost_total) })}
          (${PHASES.map((p) => `${t("review.phase." + p)} ${loss(x.lost[p])}`).join(", ")})</span>
        <span class="review-counts">?! ${x.inaccuracies} · ? ${x.mistakes} · ?? ${x.blunders}</span></div>`,
    );
  const worst = m.worst.map((i) => {
      const d = review.decisions[i];
      return html`<li><button type="button" class="linkish" data-deal="${d.deal}" data-step="${d.index}">
        ${SYMBOL[d.mark] || ""} ${t("review.worst_item", { deal: d.deal + 1, place: placeOf(record, d), name: seatName(d.seat) })}</button>
        ${actionText(d.played, style, true)} → ${actionText(d.best, style, true)} · ${t("review.lost", { n: loss(d.loss) })}</li>`;
    });
  return html`<section class="review-summary" id="review-summary"><h2>${t("review.summary")}</h2>
    <div class="review-seats">${seats}</div>
    <p class="muted" id="review-accuracy-note">${t("review.accuracy_note")}</p>
    <h3>${t("review.worst")}</h3>
    ${worst.length ? html`<ol class="review-worst" id="review-worst">${worst}</ol>` : html`<p class="muted" id="review-worst">${t("review.no_mistakes")}</p>`}
    <p class="muted review-legend">${t("review.legend")}</p></section>`;
}

/**
 * Marks close together on the timeline would cover each other (on a phone a mark is a
 * 44 px tap target): a mark that would overlap the one before it in its row goes up a row,
 * and the timeline grows to hold its rows, so that no mark covers another or the controls.
 */
function stackMarks(timeline) {
  const ticks = [...timeline.querySelectorAll(".review-tick")].sort((a, b) => a.dataset.step - b.dataset.step);
  const rowEnds = [];
  let height = 0;
  for (const tick of ticks) {
    const r = tick.getBoundingClientRect();
    height = Math.max(height, r.height);
    let row = rowEnds.findIndex((end) => end <= r.left - 2);
    if (row < 0) row = rowEnds.push(0) - 1;
    rowEnds[row] = r.right;
    tick.dataset.row = String(row);
  }
  for (const tick of ticks) tick.style.bottom = `${4 + Number(tick.dataset.row) * (height + 4)}px`;
  if (ticks.length) timeline.style.height = `${rowEnds.length * (height + 4) + 4}px`;
}
