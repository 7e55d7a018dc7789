// The drawing of the table: each state the server sends rendered as markup (web/js/html.js) (the bar, the
// seats, the centre with trick and contract, the side panel with scores and log, the
// match-over dialog) and the turn clock. These are methods of the table client
// (web/js/table.js puts them on its prototype); the controls and the hand are drawn
// and wired in web/js/tablecontrols.js.

import { t } from "./i18n.js";
import { cardSvg, cardBackSvg, splitCards, suitSvg } from "./cards.js";
import { cardStyle } from "./util.js";
import { html, join, setHtml } from "./html.js";
import { presetName } from "./presets.js";
import { positionOf } from "./positions.js";
import { actionText } from "./text.js";
import { personaOf } from "./personas.js";
import { resultHtml, tickCountdown, ratingChangesHtml } from "./result.js";
import { nameHtml } from "./account.js";

/** The table client's drawing methods: `render` and the pieces of the page. */
export const drawMethods = {
  tickClock() {
    const el = this.root.querySelector && this.root.querySelector(".clock");
    if (el && this.clockDeadline) {
      el.textContent = `${Math.max(0, Math.ceil((this.clockDeadline - Date.now()) / 1000))} s`;
    }
    if (this.root.querySelector) tickCountdown(this.root);
  },

  render() {
    if (this.closed && !this.fatal) return;
    const root = this.root;
    if (this.fatal) {
      setHtml(root, html`<div class="banner bad" id="table-error">${this.fatal}</div>
        <p><a href="#/">${t("nav.home")}</a> · <a href="#/watch/${this.code}">${t("start.watch_button")}</a></p>`);
      return;
    }
    const st = this.state;
    const style = cardStyle();
    const v = st && st.view;
    const me = this.seat;
    const bar = this.barHtml(st);
    if (!v) {
      setHtml(root, html`<div class="table-page"><h1 class="sr-only">${t("table.heading", { code: this.code })}</h1><div>${bar}${this.waitingHtml(st)}</div></div>`);
      this.wireBar();
      return;
    }
    // The server names every seat, each distinctly (two bots of one level are two
    // personas); a name that is a bot's id (an old table) shows as its persona.
    const infos = st.seats || [];
    v.shownNames = v.names.map((x, s) => (infos[s] && infos[s].kind === "bot" && infos[s].bot && x === infos[s].bot ? personaOf(x).name : x));
    const n = v.players;
    const bottom = me ?? 0;
    const pos = (s) => positionOf(n, bottom, s);
    const myTurn = me !== null && me !== undefined && v.to_act === me && v.legal.length > 0;

    const seatBoxes = [];
    for (let s = 0; s < n; s++) {
      if (s === me) continue;
      seatBoxes.push(this.seatHtml(v, st, s, pos(s), style));
    }
    const mine = me !== null && me !== undefined ? this.seatHtml(v, st, me, "bottom", style) : "";

    // Selections (burial) live only as long as the decision they belong to.
    const key = `${v.deal}/${v.history.length}`;
    if (key !== this.selectKey) {
      this.selectKey = key;
      this.selected = [];
    }

    // What the page showed before this drawing: where the cards were (for their motion,
    // web/js/animate.js) and which card of the hand had the focus (web/js/handinput.js).
    const before = this.snapshot();
    const focus = this.focusBefore();
    this.noteFocus();
    setHtml(root, html`
      <div class="table-page" data-phase="${v.phase}" data-seat="${me ?? ""}" data-to-act="${v.to_act ?? ""}">
        <h1 class="sr-only">${t("table.heading", { code: this.code })}</h1>
        <div class="table-main">
          ${bar}
          <div class="felt">
            ${seatBoxes}
            <div class="centre">${this.centreHtml(v, pos, style)}</div>
            ${mine}
            ${v.phase === "done" && v.scores ? resultHtml(this, st, v, (s) => seatLabel(v, s), style) : ""}
          </div>
          <div class="controls" id="controls" tabindex="-1">${this.controlsHtml(v, myTurn, style)}</div>
          ${me !== null && me !== undefined ? html`${this.handHtml(v, myTurn, style)}${this.hintHtml(v, myTurn, style)}` : ""}
          ${this.emoteBarHtml()}
        </div>
        <aside class="table-side">${this.sideHtml(v, style)}</aside>
      </div>
      ${this.overlayHtml(v)}`);
    this.wireBar();
    this.wire(v, myTurn);
    this.wireEmotes();
    this.placeEmotes();
    const next = root.querySelector("#next-deal");
    if (next) next.addEventListener("click", () => this.sendReady());
    const log = root.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
    this.tickClock();
    this.keepFocus(focus);
    this.placeFocus(v, myTurn);
    this.announce();
    this.playAhead(v, myTurn);
    this.animate(v, before);
  },

  /**
   * What changed, for screen readers: the last move and whose turn it is, in a live region
   * of its own (#announce); the table itself is redrawn on every move and is not live.
   */
  announce() {
    const box = document.getElementById("announce");
    if (!box) return;
    const last = this.root.querySelector(".log li:last-child");
    const turn = this.root.querySelector("#turn-info");
    const text = [last ? last.textContent.replace(/^\s*\d+\.\s*/, "") : "", turn ? turn.textContent : ""]
      .map((x) => x.replace(/\s+/g, " ").trim())
      .filter((x) => x)
      .join(". ");
    if (text && text !== this.announced) {
      this.announced = text;
      box.textContent = text;
    }
  },

  barHtml(st) {
    const link = `${location.origin}${location.pathname}#/join/${this.code}`;
    const status = st ? t("status." + st.status) : t("table.connecting");
    const who = this.watch ? t("table.watching") : this.seat !== null && this.seat !== undefined ? t("table.your_seat", { n: this.seat + 1 }) : "";
    let conn = this.connected ? "" : html`<div class="banner bad" id="reconnecting">${t("table.reconnecting")}</div>`;
    const mine = st && st.seats && this.seat !== null && this.seat !== undefined ? st.seats[this.seat] : null;
    if (this.connected && mine && mine.autopilot) {
      conn = html`${conn}<div class="banner" id="autopilot">${t("table.autopilot_you")} <button type="button" id="back-button">${t("table.back")}</button></div>`;
    }
    const v = st && st.view;
    const rules = v ? html`<a href="#/rules/${presetName(v.rules)}">${t("preset." + presetName(v.rules))}</a>` : "";
    // A fixed series (`series_deals`): "Deal 2 of 3", past it a deal that breaks a tie.
    const s = v && v.series;
    const series = s
      ? html`<span id="series-info">${t(s.deal > s.of ? "table.series_extra" : "table.series_deal", { n: s.deal, of: s.of })}</span>`
      : "";
    // An invite is for people: a table of bots alone gets no invite link.
    const people = !st || !st.seats || st.seats.some((x) => x.seat !== this.seat && x.kind !== "bot");
    const invite = people ? html`<button type="button" id="copy-link" data-link="${link}">${t("table.copy_link")}</button>` : "";
    return html`<div class="table-bar"><span>${t("table.code")} <span class="code" id="table-code">${this.code}</span></span>
      ${invite}
      <span id="table-status">${status}</span><span>${who}</span>${series}${rules}</div>${conn}`;
  },

  waitingHtml(st) {
    if (!st) return html`<p class="muted">${t("table.connecting")}</p>`;
    const link = `${location.origin}${location.pathname}#/join/${this.code}`;
    const seats = st.seats
      .map((s) => html`<li>${nameHtml(seatName(s), s)}${s.kind === "bot" && s.bot ? html` <span class="role">${t("level." + personaOf(s.bot).level)}</span>` : ""} ${s.taken ? "✓" : html`<em>${t("table.free_seat")}</em>`}</li>`);
    return html`<div class="panel" id="waiting"><h2>${t("table.waiting")}</h2>
      <p>${t("table.invite")}</p><p><strong class="code">${this.code}</strong> · <a href="${link}">${link}</a></p>
      <ul>${seats}</ul></div>`;
  },

  seatHtml(v, st, s, where, style) {
    const info = st.seats && st.seats[s];
    const name = v.names[s] ? seatLabel(v, s) : info ? seatName(info) : t("table.seat", { n: s + 1 });
    const online = info ? info.connected || info.kind === "bot" : true;
    const roles = [];
    if (v.dealer === s) roles.push(t("table.dealer"));
    if (v.soloist === s) roles.push(t("table.soloist"));
    if (info && info.autopilot) roles.push(t("table.autopilot"));
    if (info && info.kind === "bot" && info.bot) roles.push(t("level." + personaOf(info.bot).level));
    let bubble = "";
    if (v.phase === "auction") {
      const last = [...v.history].reverse().find((h) => h.seat === s);
      if (last && last.action) bubble = last.action === "pass" ? t("act.pass") : last.action.replace(/^bid /, "");
    }
    const facts = [];
    facts.push(t("table.cards_n", { n: v.hand_sizes[s] }));
    if (v.phase === "play" || v.phase === "done") {
      facts.push(t("table.tricks_n", { n: v.tricks_taken[s] }));
      facts.push(t("table.points_n", { n: v.card_points[s] }));
    }
    const melds = v.melds.find((m) => m.seat === s);
    if (melds) facts.push(t("table.melds_n", { n: melds.total }));
    const clock = st.clock && st.clock.seat === s ? html` · <span class="clock"></span>` : "";
    const backs =
      s !== this.seat && where !== "bottom"
        ? html`<div class="seat-backs">${Array.from({ length: Math.min(v.hand_sizes[s], 18) }, () => html`<span class="card">${cardBackSvg()}</span>`)}</div>`
        : "";
    return html`<div class="seat-box pos-${where} ${v.to_act === s ? "to-act" : ""}" id="seat-${s}" data-seat="${s}">
      <div class="name"><span class="dot ${online ? "on" : ""}" title="${online ? t("table.connected") : t("table.disconnected")}"></span>${nameHtml(name, info)}${clock}</div>
      <div>${join(roles.map((r) => html`<span class="role">${r}</span>`), " ")}</div>
      <div class="facts">${facts.join(" · ")}</div>
      ${bubble ? html`<span class="bubble">${bubble}</span>` : ""}${backs}</div>`;
  },

  centreHtml(v, pos, style) {
    const parts = [];
    const name = (s) => seatLabel(v, s);
    if (v.phase === "auction") {
      parts.push(
        html`<div class="info" id="auction-info">${v.high_bidder !== null ? t("table.bid_by", { bid: v.bid, name: name(v.high_bidder) }) : t("table.no_bid")}</div>`,
      );
    }
    if (v.contract) {
      parts.push(html`<div class="info" id="contract-info">${contractHtml(v, style)}</div>`);
    } else if (v.soloist !== null && v.soloist !== undefined) {
      parts.push(html`<div class="info">${t("table.soloist_bid", { name: name(v.soloist), bid: v.bid })}</div>`);
    }
    if (v.players === 2 && v.trump) {
      // The stock game: trump from the turned card, the face-up card under the stock and
      // what is left to draw.
      const turned = v.turned && v.stock > 0 ? html`<span class="card small" id="turned-card" data-card="${v.turned}">${cardSvg(v.turned, style)}</span>` : "";
      const left = v.stock > 0 ? t("table.stock_n", { n: v.stock }) : t("table.stock_empty");
      parts.push(
        html`<div class="info stock" id="stock-info" data-stock="${v.stock}" data-trump="${v.trump}">${turned}<span>${t("table.trump")} ${suitSvg(v.trump, style, 16)} ${t(`suit.${style}.${v.trump}`)}</span><span id="stock-count">${left}</span></div>`,
      );
    }
    if (v.tapp && (v.phase === "bury" || v.phase === "declare")) {
      parts.push(
        html`<div class="tapp" id="tapp"><span>${t("table.tapp")}</span>${splitCards(v.tapp).map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`)}</div>`,
      );
    }
    let trick = v.trick;
    let faded = false;
    if ((!trick || trick.cards.length === 0) && v.tricks.length > 0 && v.phase !== "auction") {
      trick = v.tricks[v.tricks.length - 1];
      faded = true;
    }
    if (trick && (v.phase === "play" || v.phase === "done")) {
      const n = v.players;
      const cards = trick.cards
        .map((c, i) => {
          const s = (trick.leader + i) % n;
          return html`<span class="card at-${pos(s)} ${s === trick.winner ? "winning" : ""}" data-card="${c}" data-seat="${s}">${cardSvg(c, style)}</span>`;
        });
      parts.push(html`<div class="trick ${faded ? "done" : ""}" id="trick" data-cards="${trick.cards.length}">${cards}</div>`);
      if (faded) parts.push(html`<div class="info">${t("table.trick_to", { name: name(trick.winner) })}</div>`);
    }
    if (v.phase === "done" && v.scores) {
      const rows = v.scores.map((sc, s) => html`<tr><td>${name(s)}</td><td>${sc > 0 ? "+" : ""}${sc}</td></tr>`);
      let verdict = "";
      if (v.soloist !== null && v.soloist !== undefined && v.contract) {
        const who = { name: name(v.soloist), bid: v.bid };
        const key = v.contract.startsWith("surrender") ? "table.gave_up" : v.scores[v.soloist] > 0 ? "table.made" : "table.failed";
        verdict = html`<div id="verdict">${t(key, who)}</div>`;
      }
      parts.push(html`<div class="info" id="deal-over"><strong>${t("table.deal_over")}</strong>${verdict}<table class="scores">${rows}</table></div>`);
    }
    const needed = stillNeeded(v, this.seat);
    if (needed !== null) parts.push(html`<div class="info" id="still-needed" data-needed="${needed}">${t(needed > 0 ? "table.still_needed" : "table.bid_reached", { n: needed, bid: v.bid })}</div>`);
    if (v.to_act !== null && v.to_act !== undefined && v.phase !== "done") {
      // Whose decision it is, in the words of the phase: a bid is not a card to play.
      const mine = v.to_act === this.seat;
      const what = { auction: "bid", bury: "bury", declare: "declare" }[v.phase];
      const text = what
        ? mine
          ? t(`table.your_${what}`)
          : t(`table.turn_${what}`, { name: name(v.to_act) })
        : mine
          ? t("table.your_turn")
          : t("table.turn_of", { name: name(v.to_act) });
      parts.push(html`<div class="info" id="turn-info">${text}</div>`);
    }
    return parts;
  },

  sideHtml(v, style) {
    const n = v.players;
    const name = (s) => seatLabel(v, s);
    const head = Array.from({ length: n }, (_, s) => html`<th>${name(s)}</th>`);
    const rows = v.score_sheet
      .map((r, i) => html`<tr><td>${i + 1}</td>${r.map((x) => html`<td>${x}</td>`)}</tr>`);
    const totals = v.totals.map((x) => html`<td>${x}</td>`);
    const sheet = html`<section id="score-sheet"><h3>${t("side.scores")}</h3>
      <table class="scores"><thead><tr><th>#</th>${head}</tr></thead><tbody>${rows}</tbody>
      <tfoot><tr><td>Σ</td>${totals}</tr></tfoot></table></section>`;
    let melds = "";
    if (v.melds.length) {
      melds = html`<section id="melds"><h3>${t("side.melds")}</h3>${v.melds
        .map(
          (m) =>
            html`<div><strong>${name(m.seat)}</strong>: ${m.total}<ul class="meld-list">${m.melds
              .map((x) => html`<li>${t("meld." + x.kind)}${x.suit ? html` ${suitSvg(x.suit, style, 14)}` : ""} ${x.points}</li>`)}</ul></div>`,
        )}</section>`;
    }
    let last = "";
    if (v.tricks.length) {
      const tr = v.tricks[v.tricks.length - 1];
      last = html`<section id="last-trick"><h3>${t("side.last_trick")}</h3><div class="mini-trick">${tr.cards
        .map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`)}</div><div class="muted">${t("table.trick_to", { name: name(tr.winner) })}</div></section>`;
    }
    let buried = "";
    if (v.buried) {
      buried = html`<section id="buried"><h3>${t("side.buried")}</h3><div class="mini-trick">${splitCards(v.buried)
        .map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`)}</div></section>`;
    } else if (v.tapp && v.phase !== "bury" && v.phase !== "declare") {
      buried = html`<section id="tapp-side"><h3>${t("table.tapp")}</h3><div class="mini-trick">${splitCards(v.tapp)
        .map((c) => html`<span class="card small">${cardSvg(c, style)}</span>`)}</div></section>`;
    }
    // The move numbers are drawn, not list markers: a marker of 10 and up was cut off.
    const log = v.history
      .map(
        (h, i) =>
          html`<li><span class="log-n">${i + 1}.</span> <span>${name(h.seat)}: ${h.action === null ? t("act.bury_hidden") : actionText(h.action, style, false)}</span></li>`,
      );
    return html`${sheet}${melds}${last}${buried}<section><h3 id="log-head">${t("side.log", { n: v.deal + 1 })}</h3><ol class="log" tabindex="0" aria-labelledby="log-head">${log}</ol></section>`;
  },

  overlayHtml(v) {
    if (!this.matchOver) return "";
    const totals = this.matchOver.totals || v.totals;
    const w = this.matchOver.winner;
    const name = (s) => seatLabel(v, s);
    const infos = (this.state && this.state.seats) || [];
    const rows = totals.map((x, s) => html`<tr><td>${nameHtml(name(s), infos[s])}</td><td>${x}</td></tr>`);
    const canRematch = !this.watch && ((this.entry && this.entry.request) || this.offers("rematch"));
    return html`<div class="overlay" id="match-over"><div class="dialog">
      <h2>${w === this.seat ? t("over.you_won") : t("over.winner", { name: name(w) })}</h2>
      <table class="scores">${rows}</table>
      ${ratingChangesHtml(this.matchOver.ratings, this.seat)}
      <p>${canRematch ? html`<button type="button" class="primary" id="rematch" ${this.rematching ? "disabled" : ""}>${t(this.rematching ? "over.rematch_waiting" : "over.rematch")}</button> ` : ""}
      ${this.entry && this.entry.tournament ? html`<a class="button primary" href="#/tournaments/${encodeURIComponent(this.entry.tournament)}" id="over-tournament">${t("tour.back")}</a> ` : ""}
      <a href="#/replay/${this.code}" id="replay-link">${t("over.replay")}</a> ·
      <button type="button" class="link" id="over-review">${t("review.button")}</button> ·
      <a href="#/">${t("nav.home")}</a> · <button type="button" id="close-over">${t("over.close")}</button></p></div></div>`;
  },
};

/**
 * For the soloist during the play of a trump game: the points still needed to make the bid
 * (the bid less the melds and the card points taken so far, the side's with four players),
 * or null for anyone else. With no trick yet the melds do not count: they are left out.
 */
export function stillNeeded(v, me) {
  if (me === null || me === undefined || v.phase !== "play" || v.soloist !== me) return null;
  if (!v.contract || !v.contract.startsWith("trump ")) return null;
  const mine = (s) => (v.players === 4 ? s % 2 === me % 2 : s === me);
  let have = 0;
  let tricks = 0;
  for (let s = 0; s < v.players; s++) {
    if (!mine(s)) continue;
    have += v.card_points[s] || 0;
    tricks += v.tricks_taken[s] || 0;
  }
  if (tricks > 0) for (const m of v.melds) if (mine(m.seat)) have += m.total;
  return Math.max(0, v.bid - have);
}

/** A seat's name on screen; two bots of one kind get their seat number to tell them apart. */
export function seatLabel(v, s) {
  const names = v.shownNames || v.names;
  const n = names[s];
  if (!n) return t("table.seat", { n: s + 1 });
  const twins = names.filter((x) => x === n).length > 1;
  return twins ? `${n} (${s + 1})` : n;
}

function seatName(info) {
  if (info.name) return info.name;
  if (info.kind === "bot" && info.bot) return personaOf(info.bot).name;
  return t("table.seat", { n: info.seat + 1 });
}

function contractHtml(v, style) {
  const c = v.contract;
  const name = seatLabel(v, v.soloist);
  return html`${t("table.soloist_bid", { name, bid: v.bid })} · ${actionText(c, style, false)}`;
}
