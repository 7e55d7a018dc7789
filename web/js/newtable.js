// Opening a new table: asks the server for it, keeps the seat's token in the store and
// goes to the table page. Used by the start page's forms and by the match-over rematch
// when the server offers no rematch of its own.

import { t } from "./i18n.js";
import * as api from "./api.js";
import * as store from "./store.js";
import { toast } from "./util.js";

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
    toast(t("error.create_failed", { message: e.message }));
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
