// The table page: opens and closes the table client of one table (a seat or a
// spectator). The client's parts live in their own files and are put together here:
// web/js/tablesocket.js (the connection: socket, reconnect, send and receive),
// web/js/tabledraw.js (the drawing of each state), web/js/tablecontrols.js (the
// controls, the hand and their clicks), web/js/handinput.js (taps and keys on the hand),
// web/js/animate.js (cards moving, the sounds of the table) and web/js/emotes.js (fixed
// phrases). Each part is a set of methods on the one
// client object, so `this` is the same table client everywhere.

import * as store from "./store.js";
import { socketMethods } from "./tablesocket.js";
import { drawMethods } from "./tabledraw.js";
import { controlMethods } from "./tablecontrols.js";
import { emoteMethods } from "./emotes.js";
import { handMethods } from "./handinput.js";
import { motionMethods } from "./animate.js";

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

/** The client of one table; its methods come from the three part files (see above). */
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
    // Keyboard play (web/js/handinput.js); removed again in `close`.
    this.onKey = (e) => this.handleKey(e);
    document.addEventListener("keydown", this.onKey);
  }
}

Object.assign(
  TableClient.prototype,
  socketMethods,
  drawMethods,
  controlMethods,
  emoteMethods,
  handMethods,
  motionMethods,
);
