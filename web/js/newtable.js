// Opening a new table: asks the server for it, keeps the seat's token in the store and
// goes to the table page. Used by the start page's forms and by the match-over rematch
// when the server offers no rematch of its own.

import { t } from "./i18n.js";
import * as api from "./api.js";
import * as store from "./store.js";
import { toast } from "./util.js";
import { html } from "./html.js";
import { waitOptions } from "./lobby.js";
import { ratedHtml, wireRated, errorText } from "./account.js";

/** Creates a table at the server for `request`, remembers our seat and goes to it. */
export async function create(request) {
  try {
    const ans = await api.createTable(request);
    store.saveGame(ans.code, {
      token: ans.token,
      seat: ans.seat,
      rules: request.rules,
      request,
      vsBots: request.seats.filter((s) => s.kind === "human").length === 1,
      at: Date.now(),
    });
    location.hash = `#/t/${ans.code}`;
  } catch (e) {
    toast(t("error.create_failed", { message: errorText(e) }));
  }
}

/** Creates a new table with the same settings as an old one (a rematch). */
export async function rematch(code) {
  const g = store.game(code);
  if (!g || !g.request) {
    location.hash = "#/";
    return;
  }
  await create(g.request);
}

/** The create form's lobby options: open the table to anyone (listed in the lobby), and
 *  how long its free seats wait before bots (the `medium` level) take them. */
export function publicOptionsHtml() {
  return html`<div class="public-options">
      <label class="check"><input type="checkbox" id="create-public"> ${t("create.public")}</label>
      <div id="create-fill-box" hidden><label for="create-fill">${t("create.fill")}</label>
      <select id="create-fill">${waitOptions("", ["", "30", "120", "300"])}</select></div>
      ${ratedHtml("create-rated")}</div>`;
}

/** Wires the lobby options in `root` (the fill wait shows for a public table only) and the
 *  rated checkbox (a rated table keeps its preset's target and plays no series). */
export function wirePublicOptions(root) {
  const pub = root.querySelector("#create-public");
  pub.addEventListener("change", () => (root.querySelector("#create-fill-box").hidden = !pub.checked));
  wireRated(root, "create-rated", ["#create-target", "#create-series"]);
}

/** The lobby fields (and `rated`) of a create request from the form in `root`. */
export function publicOptions(root) {
  const rated = root.querySelector("#create-rated").checked ? { rated: true } : {};
  if (!root.querySelector("#create-public").checked) return rated;
  const wait = root.querySelector("#create-fill").value;
  return wait === ""
    ? { public: true, ...rated }
    : { public: true, fill: { bot: "medium", after_secs: Number(wait) }, ...rated };
}
