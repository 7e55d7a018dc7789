// What a player can do at the table: the controls (bids, declarations, the bury choice,
// calls, melds, hints, take back), the hand with its card selection, and the wiring
// of every button and click to an action. These are methods of the table client
// (web/js/table.js puts them on its prototype).

import { t } from "./i18n.js";
import { cardSvg, cardInline, sortHand, splitCards, suitSvg } from "./cards.js";
import { toast } from "./util.js";
import * as store from "./store.js";
import { html, join } from "./html.js";
import { meldValue, replayRules } from "./engine.js";
import { meldsOf } from "./scoring.js";
import { rematch } from "./newtable.js";
import { requestReview } from "./reviewstart.js";
import { actionText, cardName, cardPlain } from "./text.js";

/** The table client's control methods: the controls and hand drawn, and their clicks. */
export const controlMethods = {
  /** The current hint, if it is for the position on the table. */
  currentHint(v) {
    const h = this.hint;
    return h && h.deal === v.deal && h.index === v.history.length ? h : null;
  },

  askRematch() {
    if (this.offers("rematch") && !this.watch) {
      if (this.rematching) return;
      this.rematching = true;
      if (this.send({ type: "rematch" }, "rematch") === null) this.rematching = false;
      this.render();
      return;
    }
    // A server without rematch: a new table with the same settings (tables against bots).
    rematch(this.code);
  },

  controlsHtml(v, myTurn, style) {
    const out = [];
    const vsBots = this.entry && this.entry.vsBots;
    if (myTurn) {
      const legal = v.legal;
      const bids = legal.filter((a) => a.startsWith("bid ")).map((a) => parseInt(a.slice(4), 10)).sort((a, b) => a - b);
      const decl = legal.filter((a) => /^(trump|surrender) [SHDC]$|^durch$|^bettel$/.test(a));
      const calls = legal.filter((a) => a.startsWith("call "));
      const other = legal.filter((a) => /^(meld |exchange$)/.test(a));
      if (v.phase === "auction") {
        out.push(html`<span class="prompt">${t("ctl.auction")}</span>`);
        out.push(this.meldsByTrumpHtml(v, style));
        if (legal.includes("pass")) out.push(html`<button type="button" data-act="pass" id="act-pass">${t("act.pass")}</button>`);
        // Forehand's opening bid is forced (RULES.md section 3): no Pass, and the page says why.
        else if (bids.length) out.push(html`<span class="muted" id="forced-why">${t("ctl.forced_opening", { n: bids[0] })}</span>`);
        if (bids.length) {
          out.push(html`<button type="button" class="primary" data-act="bid ${bids[0]}" id="act-bid">${t("act.bid", { n: bids[0] })}</button>`);
          if (bids.length > 1) {
            out.push(
              html`<select id="bid-more" aria-label="${t("ctl.higher_bid")}"><option value="">${t("ctl.higher_bid")}</option>${bids
                .slice(1, 40)
                .map((b) => html`<option value="bid ${b}">${b}</option>`)}</select>`,
            );
          }
        }
      }
      if (legal.some((a) => a.startsWith("bury "))) {
        const need = splitCards(legal.find((a) => a.startsWith("bury ")).slice(5)).length;
        out.push(html`<span class="prompt" id="bury-prompt">${t("ctl.bury", { n: need, k: this.selected.length })}</span>`);
        out.push(html`<button type="button" class="primary" id="act-bury" ${this.selected.length === need ? "" : "disabled"}>${t("ctl.bury_button")}</button>`);
      }
      if (decl.length) out.push(this.declarationHtml(v, decl, style));
      if (calls.length) {
        out.push(
          html`<select id="call-card" aria-label="${t("ctl.call")}"><option value="">${t("ctl.call")}</option>${calls
            .map((a) => html`<option value="${a}">${cardPlain(a.slice(5), style)}</option>`)}</select>`,
        );
      }
      if (legal.some((a) => a.startsWith("give "))) out.push(html`<span class="prompt">${t("ctl.give")}</span>`);
      if (v.phase === "play" && legal.some((a) => /^[AT9KQJ7][SHDC]$/.test(a))) out.push(html`<span class="prompt" id="play-prompt">${t("ctl.play")}</span>`);
      out.push(this.armedHtml(v, style));
      for (const a of other) {
        // What a meld adds, so a player can compare before choosing. (The exchange scores 10
        // unless that 9 was already shown as a Diss, so it carries no figure.)
        const [, kind, suit] = a.split(" ");
        const worth = a === "exchange" ? "" : html` <span class="worth">+${meldValue(kind, suit || null, v.trump, v.rules || {})}</span>`;
        out.push(html`<button type="button" data-act="${a}">${actionText(a, style, true)}${worth}</button>`);
      }
      if (this.offers("hint")) {
        out.push(html`<button type="button" id="hint-button" title="${t("hint.title")}">${t("hint.button")}</button>`);
      }
    } else if (v.phase !== "done" && this.seat !== null && this.seat !== undefined) {
      out.push(html`<span class="muted">${t("ctl.wait")}</span>`);
      out.push(this.premoveHtml(v, style));
    }
    out.push(this.autoplayHtml(v));
    // Take back needs an action of ours in this deal that the deal's end has not sealed.
    const mine = v.history.some((h) => h.seat === this.seat);
    if (vsBots && mine && v.phase !== "done" && !this.watch && this.offers("undo")) {
      out.push(html`<button type="button" id="undo-button">${t("undo.button")}</button>`);
    }
    return out;
  },

  /**
   * In the auction: the meld value of the hand under each trump ("melds ♠ 60 · ♥ 20…"),
   * counted in the page as the declaration's buttons are; the hint rates only the next bid.
   */
  meldsByTrumpHtml(v, style) {
    let rules;
    try {
      rules = replayRules(v.rules);
    } catch {
      return "";
    }
    const hand = splitCards(v.hand);
    const each = ["S", "H", "D", "C"].map(
      (s) => html`<span class="by-trump" data-suit="${s}" data-melds="${meldsOf(hand, s, rules).total}">${suitSvg(s, style, 14)} ${meldsOf(hand, s, rules).total}</span>`,
    );
    return html`<span class="muted" id="melds-by-trump">${t("ctl.melds_by_trump")} ${join(each, " · ")}</span>`;
  },

  /** The hint's list, drawn under the hand so that a hint never moves the hand. */
  hintHtml(v, myTurn, style) {
    const h = myTurn && this.offers("hint") ? this.currentHint(v) : null;
    return h ? hintPanelHtml(h, style, this.hintAll, v) : "";
  },

  /**
   * The declaration: one choice of trump suit, each suit with the meld value of the hand
   * under it, then Durch or Bettel where the rules allow, and giving up as its own
   * danger-styled action with its cost; it asks for the trump (the opponents' melds count
   * under it) in a second step that can be cancelled.
   */
  declarationHtml(v, decl, style) {
    const out = [];
    const gives = decl.filter((a) => a.startsWith("surrender "));
    const cost = `−${v.bid}`;
    if (this.surrenderKey === this.selectKey && gives.length) {
      out.push(html`<span class="prompt" id="give-up-prompt">${t("ctl.give_up_which", { cost })}</span>`);
      for (const a of gives) {
        const s = a.slice(-1);
        out.push(
          html`<button type="button" class="danger" data-act="${a}" id="act-surrender-${s}">${suitSvg(s, style, 16)} ${t(`suit.${style}.${s}`)}</button>`,
        );
      }
      out.push(html`<button type="button" id="act-give-up-cancel">${t("ctl.give_up_cancel")}</button>`);
      return html`<div class="declaration giving-up" id="declaration">${out}</div>`;
    }
    let rules;
    try {
      rules = replayRules(v.rules);
    } catch {
      rules = { rundgang: "off", family_pair: "separate" };
    }
    const hand = splitCards(v.hand);
    out.push(html`<span class="prompt">${t("ctl.declare_trump")}</span>`);
    const suits = [];
    for (const a of decl.filter((x) => x.startsWith("trump "))) {
      const s = a.slice(-1);
      const melds = meldsOf(hand, s, rules).total;
      suits.push(
        html`<button type="button" class="primary trump-choice" data-act="${a}" id="act-trump-${s}" data-melds="${melds}">${suitSvg(s, style, 20)} <span class="suit-name">${t(`suit.${style}.${s}`)}</span> <span class="worth">${t("ctl.melds_worth", { n: melds })}</span></button>`,
      );
    }
    if (suits.length) out.push(html`<span class="trump-choices">${suits}</span>`);
    for (const a of decl.filter((x) => x === "durch" || x === "bettel")) {
      out.push(html`<button type="button" data-act="${a}" id="act-${a}" title="${t(`ctl.${a}_title`)}">${actionText(a, style, true)}</button>`);
    }
    if (gives.length) {
      out.push(html`<button type="button" class="danger" id="act-give-up">${t("ctl.give_up", { cost })}</button>`);
    }
    return html`<div class="declaration" id="declaration">${out}</div>`;
  },

  handHtml(v, myTurn, style) {
    const trump = v.contract && /^(trump|surrender) /.test(v.contract) ? v.contract.slice(-1) : v.trump || null;
    const cards = sortHand(splitCards(v.hand), trump);
    const legal = new Set(v.legal);
    const burying = myTurn && v.legal.some((a) => a.startsWith("bury "));
    // Only a decision about one card to play (or give) marks cards legal or illegal; in the
    // auction, the burial and the declaration the whole hand must be read, so none is dimmed.
    const choosing = myTurn && v.legal.some((a) => /^[AT9KQJ7][SHDC]$/.test(a) || a.startsWith("give "));
    this.handCards = cards;
    const hint = this.currentHint(v);
    // The best burial's cards are marked in the hand (one mark per copy it names).
    const hintedLeft = new Map();
    if (hint && hint.best.startsWith("bury ")) for (const c of splitCards(hint.best.slice(5))) hintedLeft.set(c, (hintedLeft.get(c) || 0) + 1);
    // A card chosen ahead (web/js/handinput.js) is marked (its first copy).
    const premove = myTurn ? null : this.premoveFor(v);
    let premoveShown = false;
    const buttons = cards.map((c, i) => {
        let cls = "";
        if (burying) cls = "choosable";
        else if (choosing) cls = legal.has(c) || legal.has(`give ${c}`) ? "legal" : "illegal";
        if (this.selected.includes(i)) cls += " selected";
        if (premove === c && !premoveShown) {
          premoveShown = true;
          cls += " premove";
        }
        if (this.armedIndex() === i) cls += " armed";
        const rated = hint && hint.hints.find((x) => x.action === c);
        let badge = rated ? html`<span class="hint-badge">${hintValue(rated.score)}</span>` : "";
        let badgeText = rated ? hintValue(rated.score) : "";
        if (hint && hint.best === c) cls += " hinted";
        if (hintedLeft.get(c) > 0) {
          hintedLeft.set(c, hintedLeft.get(c) - 1);
          cls += " hinted";
          // A star, not the word: the visible slice of a card in an 18-card fan is narrow.
          badge = html`<span class="hint-badge" title="${t("hint.best_mark")}">★</span>`;
          badgeText = `★ ${t("hint.best_mark")}`;
        }
        const chosen = this.selected.includes(i) || cls.includes(" premove") ? html` aria-pressed="true"` : burying ? html` aria-pressed="false"` : "";
        return html`<button type="button" class="card ${cls}" data-card="${c}" data-i="${i}"${chosen} tabindex="-1" aria-label="${cardName(c, style)}${badgeText ? ` ${badgeText}` : ""}">${cardSvg(c, style, true)}${badge}</button>`;
      });
    const badges = hint && hint.hints.some((x) => cards.includes(x.action));
    return html`<div class="hand ${myTurn ? "my-turn" : ""} ${burying ? "burying" : ""} ${badges ? "with-badges" : ""}" id="hand" role="group" aria-label="${t("a11y.hand")}" title="${this.handHelp()}" style="--n:${Math.max(cards.length, 2)}">${buttons}</div>`;
  },

  wireBar() {
    const back = this.root.querySelector("#back-button");
    if (back) back.addEventListener("click", () => this.send({ type: "back" }, "back"));
    const b = this.root.querySelector("#copy-link");
    if (b) {
      b.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(b.dataset.link);
          toast(t("table.link_copied"));
        } catch {
          toast(b.dataset.link, 8000);
        }
      });
    }
  },

  wire(v, myTurn) {
    const root = this.root;
    for (const b of root.querySelectorAll("[data-act]")) {
      b.addEventListener("click", () => this.act(b.dataset.act));
    }
    const more = root.querySelector("#bid-more");
    if (more) more.addEventListener("change", () => more.value && this.act(more.value));
    const call = root.querySelector("#call-card");
    if (call) call.addEventListener("change", () => call.value && this.act(call.value));
    const hand = root.querySelector("#hand");
    if (hand && (myTurn || (v.phase === "play" && !this.watch))) this.wireHand(v, hand);
    const auto = root.querySelector("#autoplay");
    if (auto) auto.addEventListener("change", () => store.setPref("autoplay", auto.checked ? "on" : "off"));
    const bury = root.querySelector("#act-bury");
    if (bury) {
      bury.addEventListener("click", () => {
        const want = this.selected.map((i) => this.handCards[i]).sort().join(" ");
        const match = v.legal.find((a) => a.startsWith("bury ") && splitCards(a.slice(5)).sort().join(" ") === want);
        if (match) this.act(match);
        else toast(t("ctl.bury_illegal"));
      });
    }
    const giveUp = root.querySelector("#act-give-up");
    if (giveUp) {
      giveUp.addEventListener("click", () => {
        this.surrenderKey = this.selectKey;
        this.render();
      });
    }
    const cancel = root.querySelector("#act-give-up-cancel");
    if (cancel) {
      cancel.addEventListener("click", () => {
        this.surrenderKey = null;
        this.render();
      });
    }
    const hintMore = root.querySelector("#hint-more");
    if (hintMore) {
      hintMore.addEventListener("click", () => {
        this.hintAll = true;
        this.render();
      });
    }
    const hint = root.querySelector("#hint-button");
    if (hint) hint.addEventListener("click", () => this.send({ type: "hint" }, "hint"));
    const undo = root.querySelector("#undo-button");
    if (undo) undo.addEventListener("click", () => this.send({ type: "undo" }, "undo"));
    const re = root.querySelector("#rematch");
    if (re) re.addEventListener("click", () => this.askRematch());
    const review = root.querySelector("#over-review");
    if (review) review.addEventListener("click", () => requestReview({ table: this.code }));
    const close = root.querySelector("#close-over");
    if (close) {
      close.addEventListener("click", () => {
        root.querySelector("#match-over").remove();
      });
    }
  },
};

/** A hint's value as shown: points expected, one decimal for small numbers. */
function hintValue(score) {
  const x = Number(score);
  if (!Number.isFinite(x)) return "?";
  const s = x.toFixed(Math.abs(x) < 10 ? 1 : 0);
  return x > 0 ? `+${s}` : s;
}

/** How many rated actions a hint shows before "and N more". */
const HINT_SHOWN = 5;

/** A hint's action in words; a burial as card chips. */
function hintActionHtml(a, style) {
  if (a.startsWith("bury ")) {
    return html`<span class="chips">${splitCards(a.slice(5)).map((c) => html`<span class="chip">${cardInline(c, style)}</span>`)}</span>`;
  }
  return actionText(a, style, true);
}

/**
 * Every legal action the strong bot rated, best first and marked. Only the best few are
 * shown (a burial has hundreds); the rest stay in the list, hidden behind "and N more".
 */
function hintPanelHtml(h, style, all, v) {
  const items = h.hints
    .map(
      (x, i) =>
        html`<li class="${i === 0 ? "best" : ""}" data-action="${x.action}" data-score="${String(x.score)}"${!all && i >= HINT_SHOWN ? html` hidden` : ""}>${hintActionHtml(x.action, style)} <span class="hint-value">${hintValue(x.score)}</span>${i === 0 ? html` <strong>${t("hint.best_mark")}</strong>` : ""}</li>`,
    );
  const rest = h.hints.length - HINT_SHOWN;
  const more = !all && rest > 0 ? html`<button type="button" class="link" id="hint-more">${t("hint.more", { n: rest })}</button>` : "";
  // Every burial rated the same as giving up: the rating assumes the soloist gives up, so
  // the burial does not matter; said, not left as a row of equal numbers.
  const same = h.hints.length > 1 && h.hints.every((x) => Number(x.score) === Number(h.hints[0].score));
  const note =
    same && h.best.startsWith("bury ") && v && Number(h.hints[0].score) === -v.bid
      ? html`<p class="muted" id="hint-note">${t("hint.burial_gives_up", { n: hintValue(h.hints[0].score) })}</p>`
      : "";
  return html`<div class="hint-panel" id="hint-panel"><span class="muted">${t("hint.heading")}</span><ol>${items}</ol>${more}${note}</div>`;
}
