// Emotes: fixed phrases a seated player sends to the table ("Good game", "Oops"...), by
// id, never free text (feature `emote`, docs/protocol.md "Emotes"). The phrase shows
// briefly by the seat that sent it; a mute switch, remembered in this browser
// (store.js, `emotes_muted`), hides what others send. These are methods of the table
// client (web/js/table.js puts them on its prototype).

import { t } from "./i18n.js";
import * as store from "./store.js";
import { toast } from "./util.js";
import { html, raw } from "./html.js";

/** The phrases, in the order of the menu (the server's list, protocol.rs `EMOTES`). */
export const EMOTES = ["hello", "good_game", "well_played", "oops", "thanks", "hurry", "nice_hand", "bye"];

/**
 * The emote button's icon: a speech bubble drawn as an inline SVG in the text's colour (an
 * emoji such as 💬 is a box where no emoji font is installed, headless Chromium included).
 */
const BUBBLE_ICON = raw(
  '<svg class="emote-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
  '<path d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>' +
  '<circle cx="8" cy="10.5" r="1.3" fill="currentColor"/><circle cx="12" cy="10.5" r="1.3" fill="currentColor"/><circle cx="16" cy="10.5" r="1.3" fill="currentColor"/></svg>',
);

/** How long a phrase stays by its seat, in milliseconds. */
const SHOWN_MS = 4000;

/** Whether this browser hides other players' emotes. */
export function muted() {
  return store.pref("emotes_muted", "0") === "1";
}

/** The table client's emote methods. */
export const emoteMethods = {
  /** The emote button, its menu and the mute switch (seated players, when offered). */
  emoteBarHtml() {
    if (!this.offers("emote") || this.watch || this.seat === null || this.seat === undefined) return "";
    const open = this.emoteMenu ? "" : "hidden";
    const items = EMOTES.map((e) => html`<button type="button" class="emote-choice" data-emote="${e}" id="emote-${e}">${t("emote." + e)}</button>`);
    return html`<div class="emote-bar" id="emote-bar">
      <button type="button" id="emote-open" aria-expanded="${this.emoteMenu ? "true" : "false"}" aria-controls="emote-menu">${BUBBLE_ICON} ${t("emote.button")}</button>
      <label class="emote-mute"><input type="checkbox" id="emote-mute" ${muted() ? "checked" : ""}> ${t("emote.mute")}</label>
      <div class="emote-menu" id="emote-menu" ${open}>${items}</div></div>`;
  },

  wireEmotes() {
    const root = this.root;
    const open = root.querySelector("#emote-open");
    if (!open) return;
    open.addEventListener("click", () => {
      this.emoteMenu = !this.emoteMenu;
      this.render();
    });
    root.querySelector("#emote-mute").addEventListener("change", (e) => {
      store.setPref("emotes_muted", e.target.checked ? "1" : "0");
      this.render();
    });
    for (const b of root.querySelectorAll("[data-emote]")) {
      b.addEventListener("click", () => {
        this.emoteMenu = false;
        this.send({ type: "emote", emote: b.dataset.emote }, "emote");
        this.render();
      });
    }
  },

  /** An emote from the server: shown by its seat for a while (unless muted). */
  onEmote(msg) {
    if (!EMOTES.includes(msg.emote) || !Number.isInteger(msg.seat)) return;
    if (muted() && msg.seat !== this.seat) return;
    this.emotesShown = this.emotesShown || {};
    const until = Date.now() + SHOWN_MS;
    this.emotesShown[msg.seat] = { emote: msg.emote, until };
    this.placeEmotes();
    setTimeout(() => this.placeEmotes(), SHOWN_MS + 50);
  },

  /** Puts the phrases still shown into their seats' boxes (after every render). */
  placeEmotes() {
    const root = this.root;
    if (!root.querySelectorAll) return;
    for (const el of root.querySelectorAll(".emote-bubble")) el.remove();
    const now = Date.now();
    // Muting also hides the others' phrases shown at that moment.
    const hide = muted();
    for (const [seat, e] of Object.entries(this.emotesShown || {})) {
      if (e.until < now || (hide && Number(seat) !== this.seat)) continue;
      const box = root.querySelector(`#seat-${seat}`);
      if (!box) continue;
      const b = document.createElement("span");
      b.className = "emote-bubble";
      b.dataset.emote = e.emote;
      b.setAttribute("role", "status");
      b.textContent = t("emote." + e.emote);
      box.appendChild(b);
    }
  },

  /** A refused emote (too many too fast). */
  onEmoteRefused() {
    toast(t("emote.too_many"));
  },
};
