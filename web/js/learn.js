// Learn Binokel (#/learn; docs/learn.md): the course from GET /api/lessons, whose answers
// the server computed with the Rust rules engine. One step at a time: the position, a way
// to answer (a number, cards to pick, one card, a suit), the verdict and the explanation.
// The steps solved are kept in localStorage under "binokel.learn" for a guest, and in the
// account (/api/me/learn) when logged in (web/js/progress.js).

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { cardSvg, cardInline, suitSvg } from "./cards.js";
import { cardStyle, toast } from "./util.js";
import { html, join, setHtml } from "./html.js";
import { accountReady } from "./account.js";
import { localSteps, addLocal, clearLocal, mergeIntoAccount } from "./progress.js";

let course = null;
// The logged-in account's solved steps (a Set), or null for a guest (then localStorage).
let remote = null;

/** The ids of the steps solved: the account's when logged in, else this browser's. */
export function solved() {
  return remote || localSteps();
}

function markSolved(id) {
  if (!remote) {
    addLocal(id);
    return;
  }
  remote.add(id);
  api.call("POST", "/api/me/learn", { steps: [id] }).catch((e) => toast(e.message));
}

function say(text) {
  return (text && (text[language()] || text.en)) || "";
}

function codes(s) {
  return s ? s.split(" ").filter(Boolean) : [];
}

/** Shows the course: the lessons with their progress and the first step not yet solved. */
export async function showLearn(app) {
  setHtml(app, html`<section class="learn"><p>${t("learn.loading")}</p></section>`);
  try {
    if (!course) course = (await api.call("GET", "/api/lessons")).lessons;
    const known = new Set(course.flatMap((l) => l.steps.map((s) => s.id)));
    remote = (await accountReady()) ? await mergeIntoAccount(known) : null;
  } catch (e) {
    setHtml(app, html`<section class="learn"><p class="error">${e.message}</p></section>`);
    return;
  }
  render(app);
}

function render(app) {
  const done = solved();
  const steps = course.flatMap((l) => l.steps.map((s) => ({ lesson: l, step: s })));
  const next = steps.find((x) => !done.has(x.step.id));
  const overview = course.map((l) => {
    const n = l.steps.filter((s) => done.has(s.id)).length;
    const all = n === l.steps.length;
    return html`<li class="learn-lesson ${all ? "done" : ""}" data-lesson="${l.id}">${say(l.title)}
      <span class="learn-count">${all ? "✓" : `${n}/${l.steps.length}`}</span></li>`;
  });
  const total = steps.filter((x) => done.has(x.step.id)).length;
  setHtml(
    app,
    html`<section class="learn" id="learn">
      <h1>${t("learn.title")}</h1>
      <p id="learn-progress">${t("learn.progress", { done: total, all: steps.length })}</p>
      <ol class="learn-lessons">${join(overview)}</ol>
      <div id="learn-step"></div>
      <p><button type="button" id="learn-reset" class="secondary">${t("learn.reset")}</button></p>
    </section>`,
  );
  app.querySelector("#learn-reset").addEventListener("click", async () => {
    if (remote) {
      try {
        await api.call("DELETE", "/api/me/learn");
      } catch (e) {
        toast(e.message);
        return;
      }
      remote = new Set();
    } else {
      clearLocal();
    }
    render(app);
  });
  const box = app.querySelector("#learn-step");
  if (!next) {
    setHtml(box, html`<p id="learn-finished" class="learn-verdict right">${t("learn.finished")}</p>`);
    return;
  }
  showStep(app, box, next.lesson, next.step);
}

function position(step, style) {
  const rows = [];
  if (step.trick) rows.push(html`<p>${t("learn.trick")}: ${join(codes(step.trick).map((c) => cardInline(c, style)), " ")}</p>`);
  if (step.trump) rows.push(html`<p>${t("learn.trump")}: ${suitSvg(step.trump, style, 14)} ${t(`suit.${style}.${step.trump}`)}</p>`);
  if (step.bids) rows.push(html`<p>${t("learn.auction")}: ${step.bids}</p>`);
  if (step.cards && step.answer.type !== "cards") {
    rows.push(html`<p class="learn-cards">${join(codes(step.cards).map((c) => cardSvg(c, style, false)), " ")}</p>`);
  }
  return join(rows);
}

function showStep(app, box, lesson, step) {
  const style = cardStyle();
  const a = step.answer;
  let input;
  if (a.type === "number") {
    input = html`<form id="learn-form"><label>${t("learn.your_answer")}
      <input id="learn-number" type="text" inputmode="numeric" autocomplete="off"></label>
      <button type="submit" id="learn-check">${t("learn.check")}</button></form>`;
  } else if (a.type === "cards") {
    input = html`<div class="learn-choices">${join(
      codes(step.cards).map(
        (c) => html`<button type="button" class="learn-pick" aria-pressed="false" data-card="${c}">${cardSvg(c, style, true)}<span class="sr-only">${c}</span></button>`,
      ),
    )}</div><p><button type="button" id="learn-check">${t("learn.check")}</button></p>`;
  } else if (a.type === "card") {
    input = html`<div class="learn-choices">${join(
      codes(step.trick).map(
        (c) => html`<button type="button" class="learn-choice" data-answer="${c}">${cardSvg(c, style, true)}<span class="sr-only">${c}</span></button>`,
      ),
    )}</div>`;
  } else {
    input = html`<div class="learn-choices">${join(
      ["S", "H", "D", "C"].map(
        (s) => html`<button type="button" class="learn-choice" data-answer="${s}">${suitSvg(s, style, 18)} ${t(`suit.${style}.${s}`)}</button>`,
      ),
    )}</div>`;
  }
  setHtml(
    box,
    html`<article class="learn-step" data-step="${step.id}">
      <h2>${say(lesson.title)}</h2>
      <p class="learn-question">${say(step.question)}</p>
      ${position(step, style)}
      ${input}
      <div id="learn-result" aria-live="polite"></div>
    </article>`,
  );
  const verdict = (given) => judge(app, box, step, given);
  if (a.type === "number") {
    box.querySelector("#learn-form").addEventListener("submit", (e) => {
      e.preventDefault();
      verdict(box.querySelector("#learn-number").value.trim());
    });
  } else if (a.type === "cards") {
    for (const b of box.querySelectorAll(".learn-pick")) {
      b.addEventListener("click", () => b.setAttribute("aria-pressed", b.getAttribute("aria-pressed") === "true" ? "false" : "true"));
    }
    box.querySelector("#learn-check").addEventListener("click", () =>
      verdict([...box.querySelectorAll(".learn-pick[aria-pressed='true']")].map((b) => b.dataset.card)),
    );
  } else {
    for (const b of box.querySelectorAll(".learn-choice")) b.addEventListener("click", () => verdict(b.dataset.answer));
  }
}

/** Whether the given answer equals the engine's (cards: the same set, each card once). */
function isRight(answer, given) {
  if (answer.type === "number") return /^-?\d+$/.test(given) && Number(given) === answer.value;
  if (answer.type === "cards") {
    const got = [...new Set(given)].sort().join(" ");
    return got === [...answer.value].sort().join(" ");
  }
  return given === answer.value;
}

function judge(app, box, step, given) {
  const out = box.querySelector("#learn-result");
  if (step.answer.type === "number" && !/^-?\d+$/.test(given)) {
    setHtml(out, html`<p class="learn-verdict error" id="learn-verdict">${t("learn.not_number", { input: given })}</p>`);
    return;
  }
  if (!isRight(step.answer, given)) {
    setHtml(out, html`<p class="learn-verdict wrong" id="learn-verdict">${t("learn.wrong")}</p>`);
    return;
  }
  markSolved(step.id);
  for (const b of box.querySelectorAll("button, input")) b.disabled = true;
  setHtml(
    out,
    html`<p class="learn-verdict right" id="learn-verdict">${t("learn.right")}</p>
      <p class="learn-explain">${say(step.explain)}</p>
      <p><button type="button" id="learn-next">${t("learn.next")}</button></p>`,
  );
  const next = out.querySelector("#learn-next");
  next.disabled = false;
  next.addEventListener("click", () => render(app));
  next.focus();
}
