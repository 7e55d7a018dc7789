// The table: one WebSocket per seat (or spectator) speaking the serve
// protocol (docs/protocol.md, version 1), and the drawing of each state.

import { t } from "./i18n.js";
import * as store from "./store.js";
import * as api from "./api.js";
import { cardSvg, cardBackSvg, sortHand, splitCards, suitSvg } from "./cards.js";
import { esc, toast, cardStyle } from "./util.js";
import { rematch } from "./newtable.js";
import { presetName } from "./presets.js";
import { positionOf } from "./positions.js";
import { actionText, cardPlain } from "./text.js";
import { meldValue } from "./engine.js";

const PROTOCOL = 1;
let live = null;

/** Opens (or re-draws) the table `code` in `root`; `watch` joins as a spectator. */
export function openTable(root, code, watch) {
  if (live && live.code === code && live.watch === watch && !live.closed) {
    live.root = root;
    live.render();
    return;
  }
  closeTable();
  live = new TableClient(root, code, watch);
  live.begin();
}

/** Leaves the table page: closes the socket for good. */
export function closeTable() {
  if (live) live.close();
  live = null;
}

// For tests and debugging in the console: the last state received.
window.binokel = { get state() { return live && live.state; }, get client() { return live; } };

class TableClient {
  constructor(root, code, watch) {
    this.root = root;
    this.code = code;
    this.watch = watch;
    this.entry = store.game(code) || null;
    this.token = !watch && this.entry ? this.entry.token : null;
    this.state = null;
    this.seat = null;
    this.ws = null;
    this.closed = false;
    this.connected = false;
    this.retry = 0;
    this.nextId = 1;
    this.pending = new Map();
    this.busy = false;
    this.selected = [];
    this.selectKey = "";
    this.hint = null;
    this.matchOver = null;
    this.dismissedDone = -1;
    this.clockDeadline = null;
    this.timer = setInterval(() => this.tickClock(), 1000);
    this.lastHeard = Date.now();
    // A connection can die without a close event (a phone changing networks); a ping
    // every 10 s and silence for 25 s detect it.
    this.heartbeat = setInterval(() => this.checkAlive(), 10000);
    this.onOnline = () => this.reconnectNow();
    window.addEventListener("online", this.onOnline);
  }

  async begin() {
    if (!this.watch && !this.token) {
      // A link to a table we hold no seat at: take a seat if one is free, else watch.
      try {
        const s = await api.tableSummary(this.code);
        if (s.status === "waiting") {
          location.replace(`#/join/${this.code}`);
          return;
        }
      } catch (e) {
        this.fatal = e.status === 404 ? t("error.unknown_table", { code: this.code }) : e.message;
        this.render();
        return;
      }
      this.watch = true;
    }
    store.saveGame(this.code, { at: Date.now() });
    this.render();
    this.connect(this.wsUrl());
  }

  wsUrl() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws`;
  }

  connect(url) {
    if (this.closed) return;
    this.url = url;
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (e) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: "hello", protocol: PROTOCOL, table: this.code };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => {
      this.lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.busy = false;
      if (!this.closed) {
        this.render();
        this.scheduleReconnect();
      }
    };
  }

  scheduleReconnect() {
    if (this.closed || this.fatal) return;
    const delay = Math.min(5000, 300 * 2 ** this.retry);
    this.retry++;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(this.url || this.wsUrl()), delay);
  }

  reconnectNow() {
    if (this.closed || this.connected) return;
    this.retry = 0;
    clearTimeout(this.reconnectTimer);
    this.connect(this.url || this.wsUrl());
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnectTimer);
    window.removeEventListener("online", this.onOnline);
    if (this.ws) this.ws.close();
  }

  send(msg, kind) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      toast(t("table.offline"));
      return null;
    }
    const id = this.nextId++;
    msg.id = id;
    this.pending.set(id, kind || msg.type);
    this.ws.send(JSON.stringify(msg));
    return id;
  }

  act(token) {
    if (this.busy || !this.state || !this.state.view) return;
    const v = this.state.view;
    this.busy = true;
    this.hint = null;
    const id = this.send({ type: "action", action: token, deal: v.deal, index: v.history.length }, "action");
    if (id === null) this.busy = false;
  }

  onMessage(msg) {
    switch (msg.type) {
      case "welcome":
        this.connected = true;
        this.retry = 0;
        this.seat = msg.seat;
        // Hints and take-back are shown only where the server offers them
        // (docs/protocol.md, "Requests from the web client").
        this.features = Array.isArray(msg.features) ? msg.features : [];
        if (this.token && msg.seat !== null && msg.seat !== undefined) {
          store.saveGame(this.code, { seat: msg.seat });
        }
        break;
      case "state":
        this.connected = true;
        this.busy = false;
        this.state = msg;
        if (msg.view) {
          store.saveGame(this.code, {
            rules: msg.view.rules,
            names: msg.view.names,
            status: msg.status,
          });
        }
        this.clockDeadline = msg.clock ? Date.now() + msg.clock.remaining_ms : null;
        if (msg.view && msg.view.winner !== null && msg.view.winner !== undefined && !this.matchOver) {
          this.matchOver = { winner: msg.view.winner, totals: msg.view.totals };
        }
        this.render();
        break;
      case "ack":
        this.pending.delete(msg.id);
        break;
      case "error":
        this.onError(msg);
        break;
      case "match_over":
        this.matchOver = msg;
        store.saveGame(this.code, { status: "finished", finished: true });
        this.render();
        break;
      case "redirect":
        if (typeof msg.url === "string" && /^wss?:\/\//.test(msg.url)) {
          this.retry = 0;
          const old = this.ws;
          this.ws = null;
          if (old) old.close();
          this.connect(msg.url);
        }
        break;
      case "hint":
        this.pending.delete(msg.id);
        this.onHint(msg);
        break;
      case "rematch":
        this.onRematch(msg);
        break;
      default:
        break;
    }
  }

  onError(msg) {
    const kind = msg.id !== undefined && msg.id !== null ? this.pending.get(msg.id) : undefined;
    if (kind !== undefined) this.pending.delete(msg.id);
    if (kind === "action") this.busy = false;
    if ((kind === "hint" || kind === "undo" || kind === "rematch") && (msg.error === "malformed" || msg.error === "bad_request")) {
      toast(t(kind + ".unavailable"));
      return;
    }
    if (kind === "undo" && msg.error === "undo_refused") {
      toast(t("undo.refused", { message: msg.message || "" }));
      return;
    }
    if (kind === "rematch") {
      this.rematching = false;
      toast(t("error.server", { message: msg.message || msg.error }));
      this.render();
      return;
    }
    switch (msg.error) {
      case "bad_token":
      case "unknown_table":
        this.fatal = msg.error === "unknown_table" ? t("error.unknown_table", { code: this.code }) : t("error.bad_token");
        this.closed = true;
        if (this.ws) this.ws.close();
        this.render();
        return;
      case "stale":
        return;
      case "illegal":
        toast(t("error.illegal", { message: msg.message }));
        break;
      default:
        toast(t("error.server", { message: msg.message || msg.error }));
    }
    this.render();
  }

  onHint(msg) {
    const hints = (Array.isArray(msg.hints) ? msg.hints : []).filter((h) => h && typeof h.action === "string");
    const v = this.state && this.state.view;
    if (!hints.length || !v) {
      toast(t("hint.none"));
      return;
    }
    // A hint belongs to the position it was asked for; one that arrives after the game
    // moved on is dropped (the server names the position; older servers do not).
    const deal = Number.isInteger(msg.deal) ? msg.deal : v.deal;
    const index = Number.isInteger(msg.index) ? msg.index : v.history.length;
    if (deal !== v.deal || index !== v.history.length) return;
    const sorted = [...hints].sort((a, b) => (Number(b.score) || 0) - (Number(a.score) || 0));
    this.hint = { deal, index, hints: sorted, best: sorted[0].action };
    this.render();
  }

  /** The follow-up table of a finished match: every seat moves there together. */
  onRematch(msg) {
    if (typeof msg.code !== "string" || !/^[A-Z0-9]{4,12}$/.test(msg.code)) return;
    const old = this.entry || {};
    if (msg.token && msg.seat !== null && msg.seat !== undefined) {
      store.saveGame(msg.code, {
        token: msg.token,
        seat: msg.seat,
        rules: old.rules,
        request: old.request,
        vsBots: old.vsBots,
        rematchOf: this.code,
        at: Date.now(),
      });
      location.hash = `#/t/${msg.code}`;
    } else {
      location.hash = `#/watch/${msg.code}`;
    }
  }

  /** The current hint, if it is for the position on the table. */
  currentHint(v) {
    const h = this.hint;
    return h && h.deal === v.deal && h.index === v.history.length ? h : null;
  }

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
  }

  checkAlive() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > 25000) {
      this.ws = null;
      ws.close();
      this.connected = false;
      this.render();
      this.lastHeard = Date.now();
      this.scheduleReconnect();
      return;
    }
    ws.send(JSON.stringify({ type: "ping" }));
  }

  offers(feature) {
    return (this.features || []).includes(feature);
  }

  tickClock() {
    const el = this.root.querySelector && this.root.querySelector(".clock");
    if (el && this.clockDeadline) {
      el.textContent = `${Math.max(0, Math.ceil((this.clockDeadline - Date.now()) / 1000))} s`;
    }
  }

  // ----- drawing -----

  render() {
    if (this.closed && !this.fatal) return;
    const root = this.root;
    if (this.fatal) {
      root.innerHTML = `<div class="banner bad" id="table-error">${esc(this.fatal)}</div>
        <p><a href="#/">${esc(t("nav.home"))}</a> · <a href="#/watch/${esc(this.code)}">${esc(t("start.watch_button"))}</a></p>`;
      return;
    }
    const st = this.state;
    const style = cardStyle();
    const v = st && st.view;
    const me = this.seat;
    const bar = this.barHtml(st);
    if (!v) {
      root.innerHTML = `<div class="table-page"><div>${bar}${this.waitingHtml(st)}</div></div>`;
      this.wireBar();
      return;
    }
    // Bots are named in the reader's language; people keep the names they chose.
    const infos = st.seats || [];
    v.shownNames = v.names.map((x, s) => (infos[s] && infos[s].kind === "bot" && infos[s].bot ? t("bot." + infos[s].bot) : x));
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

    root.innerHTML = `
      <div class="table-page" data-phase="${esc(v.phase)}" data-seat="${me ?? ""}" data-to-act="${v.to_act ?? ""}">
        <div class="table-main">
          ${bar}
          <div class="felt">
            ${seatBoxes.join("")}
            <div class="centre">${this.centreHtml(v, pos, style)}</div>
            ${mine}
          </div>
          <div class="controls" id="controls">${this.controlsHtml(v, myTurn, style)}</div>
          ${me !== null && me !== undefined ? this.handHtml(v, myTurn, style) : ""}
        </div>
        <aside class="table-side">${this.sideHtml(v, style)}</aside>
      </div>
      ${this.overlayHtml(v)}`;
    this.wireBar();
    this.wire(v, myTurn);
    const log = root.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
    this.tickClock();
  }

  barHtml(st) {
    const link = `${location.origin}${location.pathname}#/join/${this.code}`;
    const status = st ? t("status." + st.status) : t("table.connecting");
    const who = this.watch ? t("table.watching") : this.seat !== null && this.seat !== undefined ? t("table.your_seat", { n: this.seat + 1 }) : "";
    let conn = this.connected ? "" : `<div class="banner bad" id="reconnecting">${esc(t("table.reconnecting"))}</div>`;
    const mine = st && st.seats && this.seat !== null && this.seat !== undefined ? st.seats[this.seat] : null;
    if (this.connected && mine && mine.autopilot) {
      conn += `<div class="banner" id="autopilot">${esc(t("table.autopilot_you"))} <button type="button" id="back-button">${esc(t("table.back"))}</button></div>`;
    }
    const v = st && st.view;
    const rules = v ? `<a href="#/rules/${esc(presetName(v.rules))}">${esc(t("preset." + presetName(v.rules)))}</a>` : "";
    return `<div class="table-bar"><span>${esc(t("table.code"))} <span class="code" id="table-code">${esc(this.code)}</span></span>
      <button type="button" id="copy-link" data-link="${esc(link)}">${esc(t("table.copy_link"))}</button>
      <span id="table-status">${esc(status)}</span><span>${esc(who)}</span>${rules}</div>${conn}`;
  }

  waitingHtml(st) {
    if (!st) return `<p class="muted">${esc(t("table.connecting"))}</p>`;
    const link = `${location.origin}${location.pathname}#/join/${this.code}`;
    const seats = st.seats
      .map((s) => `<li>${esc(seatName(s))} ${s.taken ? "✓" : `<em>${esc(t("table.free_seat"))}</em>`}</li>`)
      .join("");
    return `<div class="panel" id="waiting"><h2>${esc(t("table.waiting"))}</h2>
      <p>${esc(t("table.invite"))}</p><p><strong class="code">${esc(this.code)}</strong> · <a href="${esc(link)}">${esc(link)}</a></p>
      <ul>${seats}</ul></div>`;
  }

  seatHtml(v, st, s, where, style) {
    const info = st.seats && st.seats[s];
    const name = v.names[s] ? seatLabel(v, s) : info ? seatName(info) : t("table.seat", { n: s + 1 });
    const online = info ? info.connected || info.kind === "bot" : true;
    const roles = [];
    if (v.dealer === s) roles.push(t("table.dealer"));
    if (v.soloist === s) roles.push(t("table.soloist"));
    if (info && info.autopilot) roles.push(t("table.autopilot"));
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
    const clock = st.clock && st.clock.seat === s ? ` · <span class="clock"></span>` : "";
    const backs =
      s !== this.seat && where !== "bottom"
        ? `<div class="seat-backs">${Array.from({ length: Math.min(v.hand_sizes[s], 18) }, () => `<span class="card">${cardBackSvg()}</span>`).join("")}</div>`
        : "";
    return `<div class="seat-box pos-${where} ${v.to_act === s ? "to-act" : ""}" id="seat-${s}" data-seat="${s}">
      <div class="name"><span class="dot ${online ? "on" : ""}" title="${esc(online ? t("table.connected") : t("table.disconnected"))}"></span>${esc(name)}${clock}</div>
      <div>${roles.map((r) => `<span class="role">${esc(r)}</span>`).join(" ")}</div>
      <div class="facts">${esc(facts.join(" · "))}</div>
      ${bubble ? `<span class="bubble">${esc(bubble)}</span>` : ""}${backs}</div>`;
  }

  centreHtml(v, pos, style) {
    const parts = [];
    const name = (s) => seatLabel(v, s);
    if (v.phase === "auction") {
      parts.push(
        `<div class="info" id="auction-info">${esc(v.high_bidder !== null ? t("table.bid_by", { bid: v.bid, name: name(v.high_bidder) }) : t("table.no_bid"))}</div>`,
      );
    }
    if (v.contract) {
      parts.push(`<div class="info" id="contract-info">${contractHtml(v, style)}</div>`);
    } else if (v.soloist !== null && v.soloist !== undefined) {
      parts.push(`<div class="info">${esc(t("table.soloist_bid", { name: name(v.soloist), bid: v.bid }))}</div>`);
    }
    if (v.players === 2 && v.trump) {
      // The stock game: trump from the turned card, the face-up card under the stock and
      // what is left to draw.
      const turned = v.turned && v.stock > 0 ? `<span class="card small" id="turned-card" data-card="${v.turned}">${cardSvg(v.turned, style)}</span>` : "";
      const left = v.stock > 0 ? t("table.stock_n", { n: v.stock }) : t("table.stock_empty");
      parts.push(
        `<div class="info stock" id="stock-info" data-stock="${v.stock}" data-trump="${v.trump}">${turned}<span>${esc(t("table.trump"))} ${suitSvg(v.trump, style, 16)} ${esc(t(`suit.${style}.${v.trump}`))}</span><span id="stock-count">${esc(left)}</span></div>`,
      );
    }
    if (v.tapp && (v.phase === "bury" || v.phase === "declare")) {
      parts.push(
        `<div class="tapp" id="tapp"><span>${esc(t("table.tapp"))}</span>${splitCards(v.tapp).map((c) => `<span class="card small">${cardSvg(c, style)}</span>`).join("")}</div>`,
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
          return `<span class="card at-${pos(s)} ${s === trick.winner ? "winning" : ""}" data-card="${c}" data-seat="${s}">${cardSvg(c, style)}</span>`;
        })
        .join("");
      parts.push(`<div class="trick ${faded ? "done" : ""}" id="trick" data-cards="${trick.cards.length}">${cards}</div>`);
      if (faded) parts.push(`<div class="info">${esc(t("table.trick_to", { name: name(trick.winner) }))}</div>`);
    }
    if (v.phase === "done" && v.scores) {
      const rows = v.scores.map((sc, s) => `<tr><td>${esc(name(s))}</td><td>${sc > 0 ? "+" : ""}${sc}</td></tr>`).join("");
      let verdict = "";
      if (v.soloist !== null && v.soloist !== undefined && v.contract) {
        const who = { name: name(v.soloist), bid: v.bid };
        const key = v.contract.startsWith("surrender") ? "table.gave_up" : v.scores[v.soloist] > 0 ? "table.made" : "table.failed";
        verdict = `<div id="verdict">${esc(t(key, who))}</div>`;
      }
      parts.push(`<div class="info" id="deal-over"><strong>${esc(t("table.deal_over"))}</strong>${verdict}<table class="scores">${rows}</table></div>`);
    }
    if (v.to_act !== null && v.to_act !== undefined && v.phase !== "done") {
      const mine = v.to_act === this.seat;
      parts.push(`<div class="info" id="turn-info">${esc(mine ? t("table.your_turn") : t("table.turn_of", { name: name(v.to_act) }))}</div>`);
    }
    return parts.join("");
  }

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
        out.push(`<span class="prompt">${esc(t("ctl.auction"))}</span>`);
        if (legal.includes("pass")) out.push(`<button type="button" data-act="pass" id="act-pass">${esc(t("act.pass"))}</button>`);
        if (bids.length) {
          out.push(`<button type="button" class="primary" data-act="bid ${bids[0]}" id="act-bid">${esc(t("act.bid", { n: bids[0] }))}</button>`);
          if (bids.length > 1) {
            out.push(
              `<select id="bid-more" aria-label="${esc(t("ctl.higher_bid"))}"><option value="">${esc(t("ctl.higher_bid"))}</option>${bids
                .slice(1, 40)
                .map((b) => `<option value="bid ${b}">${b}</option>`)
                .join("")}</select>`,
            );
          }
        }
      }
      if (legal.some((a) => a.startsWith("bury "))) {
        const need = splitCards(legal.find((a) => a.startsWith("bury ")).slice(5)).length;
        out.push(`<span class="prompt" id="bury-prompt">${esc(t("ctl.bury", { n: need, k: this.selected.length }))}</span>`);
        out.push(`<button type="button" class="primary" id="act-bury" ${this.selected.length === need ? "" : "disabled"}>${esc(t("ctl.bury_button"))}</button>`);
      }
      if (decl.length) {
        out.push(`<span class="prompt">${esc(t("ctl.declare"))}</span>`);
        for (const a of decl) {
          out.push(`<button type="button" data-act="${a}" class="${a.startsWith("trump") ? "primary" : ""}" id="act-${a.replace(" ", "-")}">${actionText(a, style, true)}</button>`);
        }
      }
      if (calls.length) {
        out.push(
          `<select id="call-card" aria-label="${esc(t("ctl.call"))}"><option value="">${esc(t("ctl.call"))}</option>${calls
            .map((a) => `<option value="${a}">${esc(cardPlain(a.slice(5), style))}</option>`)
            .join("")}</select>`,
        );
      }
      if (legal.some((a) => a.startsWith("give "))) out.push(`<span class="prompt">${esc(t("ctl.give"))}</span>`);
      if (v.phase === "play" && legal.some((a) => /^[AT9KQJ7][SHDC]$/.test(a))) out.push(`<span class="prompt" id="play-prompt">${esc(t("ctl.play"))}</span>`);
      for (const a of other) {
        // What a meld adds, so a player can compare before choosing. (The exchange scores 10
        // unless that 9 was already shown as a Diss, so it carries no figure.)
        const [, kind, suit] = a.split(" ");
        const worth = a === "exchange" ? "" : ` <span class="worth">+${meldValue(kind, suit || null, v.trump, v.rules || {})}</span>`;
        out.push(`<button type="button" data-act="${a}">${actionText(a, style, true)}${worth}</button>`);
      }
      if (this.offers("hint")) {
        out.push(`<button type="button" id="hint-button" title="${esc(t("hint.title"))}">${esc(t("hint.button"))}</button>`);
        const h = this.currentHint(v);
        if (h) out.push(hintPanelHtml(h, style));
      }
    } else if (v.phase !== "done" && this.seat !== null && this.seat !== undefined) {
      out.push(`<span class="muted">${esc(t("ctl.wait"))}</span>`);
    }
    // Take back needs an action of ours in this deal that the deal's end has not sealed.
    const mine = v.history.some((h) => h.seat === this.seat);
    if (vsBots && mine && v.phase !== "done" && !this.watch && this.offers("undo")) {
      out.push(`<button type="button" id="undo-button">${esc(t("undo.button"))}</button>`);
    }
    return out.join("");
  }

  handHtml(v, myTurn, style) {
    const trump = v.contract && /^(trump|surrender) /.test(v.contract) ? v.contract.slice(-1) : v.trump || null;
    const cards = sortHand(splitCards(v.hand), trump);
    const legal = new Set(v.legal);
    const burying = myTurn && v.legal.some((a) => a.startsWith("bury "));
    this.handCards = cards;
    const html = cards
      .map((c, i) => {
        let cls = "";
        if (myTurn) {
          if (burying) cls = "legal";
          else cls = legal.has(c) || legal.has(`give ${c}`) ? "legal" : "illegal";
        }
        if (this.selected.includes(i)) cls += " selected";
        const hint = this.currentHint(v);
        const rated = hint && hint.hints.find((x) => x.action === c);
        if (hint && hint.best === c) cls += " hinted";
        const badge = rated ? `<span class="hint-badge">${esc(hintValue(rated.score))}</span>` : "";
        return `<button type="button" class="card ${cls}" data-card="${c}" data-i="${i}" aria-label="${esc(cardPlain(c, style))}">${cardSvg(c, style)}${badge}</button>`;
      })
      .join("");
    return `<div class="hand ${myTurn ? "my-turn" : ""}" id="hand" style="--n:${Math.max(cards.length, 2)}">${html}</div>`;
  }

  sideHtml(v, style) {
    const n = v.players;
    const name = (s) => seatLabel(v, s);
    const head = Array.from({ length: n }, (_, s) => `<th>${esc(name(s))}</th>`).join("");
    const rows = v.score_sheet
      .map((r, i) => `<tr><td>${i + 1}</td>${r.map((x) => `<td>${x}</td>`).join("")}</tr>`)
      .join("");
    const totals = v.totals.map((x) => `<td>${x}</td>`).join("");
    const sheet = `<section id="score-sheet"><h3>${esc(t("side.scores"))}</h3>
      <table class="scores"><thead><tr><th>#</th>${head}</tr></thead><tbody>${rows}</tbody>
      <tfoot><tr><td>Σ</td>${totals}</tr></tfoot></table></section>`;
    let melds = "";
    if (v.melds.length) {
      melds = `<section id="melds"><h3>${esc(t("side.melds"))}</h3>${v.melds
        .map(
          (m) =>
            `<div><strong>${esc(name(m.seat))}</strong>: ${m.total}<ul class="meld-list">${m.melds
              .map((x) => `<li>${esc(t("meld." + x.kind))}${x.suit ? " " + suitSvg(x.suit, style, 14) : ""} ${x.points}</li>`)
              .join("")}</ul></div>`,
        )
        .join("")}</section>`;
    }
    let last = "";
    if (v.tricks.length) {
      const tr = v.tricks[v.tricks.length - 1];
      last = `<section id="last-trick"><h3>${esc(t("side.last_trick"))}</h3><div class="mini-trick">${tr.cards
        .map((c) => `<span class="card small">${cardSvg(c, style)}</span>`)
        .join("")}</div><div class="muted">${esc(t("table.trick_to", { name: name(tr.winner) }))}</div></section>`;
    }
    let buried = "";
    if (v.buried) {
      buried = `<section id="buried"><h3>${esc(t("side.buried"))}</h3><div class="mini-trick">${splitCards(v.buried)
        .map((c) => `<span class="card small">${cardSvg(c, style)}</span>`)
        .join("")}</div></section>`;
    } else if (v.tapp && v.phase !== "bury" && v.phase !== "declare") {
      buried = `<section id="tapp-side"><h3>${esc(t("table.tapp"))}</h3><div class="mini-trick">${splitCards(v.tapp)
        .map((c) => `<span class="card small">${cardSvg(c, style)}</span>`)
        .join("")}</div></section>`;
    }
    const log = v.history
      .map((h) => `<li>${esc(name(h.seat))}: ${h.action === null ? esc(t("act.bury_hidden")) : actionText(h.action, style, false)}</li>`)
      .join("");
    return `${sheet}${melds}${last}${buried}<section><h3>${esc(t("side.log", { n: v.deal + 1 }))}</h3><ol class="log">${log}</ol></section>`;
  }

  overlayHtml(v) {
    if (!this.matchOver) return "";
    const totals = this.matchOver.totals || v.totals;
    const w = this.matchOver.winner;
    const name = (s) => seatLabel(v, s);
    const rows = totals.map((x, s) => `<tr><td>${esc(name(s))}</td><td>${x}</td></tr>`).join("");
    const canRematch = !this.watch && ((this.entry && this.entry.request) || this.offers("rematch"));
    return `<div class="overlay" id="match-over"><div class="dialog">
      <h2>${esc(w === this.seat ? t("over.you_won") : t("over.winner", { name: name(w) }))}</h2>
      <table class="scores">${rows}</table>
      <p>${canRematch ? `<button type="button" class="primary" id="rematch" ${this.rematching ? "disabled" : ""}>${esc(t(this.rematching ? "over.rematch_waiting" : "over.rematch"))}</button> ` : ""}
      <a href="#/replay/${esc(this.code)}" id="replay-link">${esc(t("over.replay"))}</a> ·
      <a href="#/">${esc(t("nav.home"))}</a> · <button type="button" id="close-over">${esc(t("over.close"))}</button></p></div></div>`;
  }

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
  }

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
    if (hand && myTurn) {
      const burying = v.legal.some((a) => a.startsWith("bury "));
      const need = burying ? splitCards(v.legal.find((a) => a.startsWith("bury ")).slice(5)).length : 0;
      hand.addEventListener("click", (e) => {
        const el = e.target.closest(".card");
        if (!el) return;
        const c = el.dataset.card;
        if (burying) {
          const i = Number(el.dataset.i);
          const at = this.selected.indexOf(i);
          if (at >= 0) this.selected.splice(at, 1);
          else if (this.selected.length < need) this.selected.push(i);
          this.render();
          return;
        }
        if (v.legal.includes(c)) this.act(c);
        else if (v.legal.includes(`give ${c}`)) this.act(`give ${c}`);
        else toast(t("ctl.not_legal", { card: cardPlain(c, cardStyle()) }));
      });
    }
    const bury = root.querySelector("#act-bury");
    if (bury) {
      bury.addEventListener("click", () => {
        const want = this.selected.map((i) => this.handCards[i]).sort().join(" ");
        const match = v.legal.find((a) => a.startsWith("bury ") && splitCards(a.slice(5)).sort().join(" ") === want);
        if (match) this.act(match);
        else toast(t("ctl.bury_illegal"));
      });
    }
    const hint = root.querySelector("#hint-button");
    if (hint) hint.addEventListener("click", () => this.send({ type: "hint" }, "hint"));
    const undo = root.querySelector("#undo-button");
    if (undo) undo.addEventListener("click", () => this.send({ type: "undo" }, "undo"));
    const re = root.querySelector("#rematch");
    if (re) re.addEventListener("click", () => this.askRematch());
    const close = root.querySelector("#close-over");
    if (close) {
      close.addEventListener("click", () => {
        root.querySelector("#match-over").remove();
      });
    }
  }
}

/** A hint's value as shown: points expected, one decimal for small numbers. */
function hintValue(score) {
  const x = Number(score);
  if (!Number.isFinite(x)) return "?";
  const s = x.toFixed(Math.abs(x) < 10 ? 1 : 0);
  return x > 0 ? `+${s}` : s;
}

/** Every legal action the strong bot rated, best first and marked. */
function hintPanelHtml(h, style) {
  const items = h.hints
    .map(
      (x, i) =>
        `<li class="${i === 0 ? "best" : ""}" data-action="${esc(x.action)}" data-score="${esc(String(x.score))}">${actionText(x.action, style, true)} <span class="hint-value">${esc(hintValue(x.score))}</span>${i === 0 ? ` <strong>${esc(t("hint.best_mark"))}</strong>` : ""}</li>`,
    )
    .join("");
  return `<div class="hint-panel" id="hint-panel"><span class="muted">${esc(t("hint.heading"))}</span><ol>${items}</ol></div>`;
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
  if (info.kind === "bot") return t("bot." + info.bot);
  return t("table.seat", { n: info.seat + 1 });
}

function contractHtml(v, style) {
  const c = v.contract;
  const name = seatLabel(v, v.soloist);
  return `${esc(t("table.soloist_bid", { name, bid: v.bid }))} · ${actionText(c, style, false)}`;
}

