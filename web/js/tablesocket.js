// The table's connection: one WebSocket per seat (or spectator) speaking the serve
// protocol (docs/protocol.md, version 1). Connecting and saying hello, reconnecting
// with backoff, the heartbeat, sending requests and handling every server message.
// These are methods of the table client (web/js/table.js puts them on its prototype).

import { t } from "./i18n.js";
import * as store from "./store.js";
import * as api from "./api.js";
import { toast, cardStyle } from "./util.js";
import { refusalText } from "./refusals.js";
import { accountReady, account, sameName } from "./account.js";

const PROTOCOL = 1;

/** The table client's connection methods: socket, reconnect, send and receive. */
export const socketMethods = {
  async begin() {
    // Logged in (issue #36): the account's seat is taken on any device, without a token.
    const me = this.watch ? null : await accountReady();
    if (this.closed) return;
    if (!this.watch && !this.token) {
      // A link to a table we hold no seat at: take a seat if one is free, else watch.
      try {
        const s = await api.tableSummary(this.code);
        const mine = me && (s.seats || []).find((x) => x.account && sameName(x.name, me.name));
        if (mine) {
          this.byAccount = true;
          store.saveGame(this.code, { seat: mine.seat, at: Date.now() });
          this.render();
          this.connect(this.wsUrl());
          return;
        }
        if (s.status === "waiting") {
          location.replace(`#/join/${this.code}`);
          return;
        }
      } catch (e) {
        this.fatal = e.status === 404 ? t("error.unknown_table", { code: this.code }) : e.message;
        if (e.status === 410) store.saveGame(this.code, { status: "closed" });
        this.render();
        return;
      }
      this.watch = true;
    }
    store.saveGame(this.code, { at: Date.now() });
    this.render();
    this.connect(this.wsUrl());
  },

  wsUrl() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws`;
  },

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
      // The logged-in account's seat (docs/protocol.md "Accounts"): the server takes it
      // from the login cookie of the upgrade; a token, when there is one, still goes along.
      if (!this.watch && account()) hello.account = true;
      // Opt-ins (docs/protocol.md "Changes to version 1"): the next deal waits for this
      // seat's "next deal", and this page shows emotes.
      hello.features = ["ready", "emote"];
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
  },

  scheduleReconnect() {
    if (this.closed || this.fatal) return;
    const delay = Math.min(5000, 300 * 2 ** this.retry);
    this.retry++;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(this.url || this.wsUrl()), delay);
  },

  reconnectNow() {
    if (this.closed || this.connected) return;
    this.retry = 0;
    clearTimeout(this.reconnectTimer);
    this.connect(this.url || this.wsUrl());
  },

  close() {
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnectTimer);
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("keydown", this.onKey);
    if (this.ws) this.ws.close();
  },

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
  },

  act(token) {
    if (this.busy || !this.state || !this.state.view) return;
    const v = this.state.view;
    this.busy = true;
    this.hint = null;
    const id = this.send({ type: "action", action: token, deal: v.deal, index: v.history.length }, "action");
    if (id === null) this.busy = false;
  },

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
      case "closed":
        // The server's operator closed the table (docs/protocol.md, "closed"): the match
        // ends without a winner; the server closes the connection next.
        this.fatal = t("error.table_closed", { reason: typeof msg.reason === "string" ? msg.reason : "" });
        this.closed = true;
        store.saveGame(this.code, { status: "closed" });
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
      case "emote":
        this.onEmote(msg);
        break;
      default:
        break;
    }
  },

  onError(msg) {
    const kind = msg.id !== undefined && msg.id !== null ? this.pending.get(msg.id) : undefined;
    if (kind !== undefined) this.pending.delete(msg.id);
    if (kind === "action") this.busy = false;
    if ((kind === "hint" || kind === "undo" || kind === "rematch") && (msg.error === "malformed" || msg.error === "bad_request")) {
      toast(t(kind + ".unavailable"));
      return;
    }
    if (kind === "undo" && msg.error === "undo_refused") {
      const shown = msg.reason && msg.reason.code === "take_back_shown" ? msg.reason.shown : null;
      const said = shown ? t(`undo.shown.${shown}`) : null;
      toast(said && said !== `undo.shown.${shown}` ? said : t("undo.refused", { message: msg.message || "" }));
      return;
    }
    if (kind === "emote") {
      if (msg.error === "rate_limited") this.onEmoteRefused();
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
      case "table_closed":
        this.fatal = t("error.table_closed", {
          reason: msg.reason && typeof msg.reason.text === "string" ? msg.reason.text : "",
        });
        this.closed = true;
        if (this.ws) this.ws.close();
        this.render();
        return;
      case "stale":
        return;
      case "illegal":
        // The reason in the reader's language (the server's English as the fallback).
        toast(refusalText(msg, cardStyle()));
        break;
      default:
        toast(t("error.server", { message: msg.message || msg.error }));
    }
    this.render();
  },

  /** "Next deal": this seat is done with the finished deal (feature `ready`). */
  sendReady() {
    const v = this.state && this.state.view;
    if (!v || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ type: "ready", deal: v.deal }));
  },

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
    this.hintAll = false;
    this.render();
  },

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
  },

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
  },

  offers(feature) {
    return (this.features || []).includes(feature);
  },
};
