// Small helpers shared by every page.

import { language } from "./i18n.js";
import * as store from "./store.js";

let toastTimer = null;

/** Shows a short message at the bottom of the screen. */
export function toast(message, ms = 4000) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), ms);
}

/** The card style in use: "french" or "german" (German players get German cards by default). */
export function cardStyle() {
  return store.pref("style", language() === "de" ? "german" : "french");
}
