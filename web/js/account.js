// Accounts in the browser (issue #36, docs/web.md "Accounts"): who is logged in (asked of
// the server with GET /api/session; the login itself is an HttpOnly cookie no script
// reads), the log-in/out entry of the top bar, the log in / sign up page (#/login) and the
// account page (#/account). Names reach the page as text only (web/js/html.js).

import { t, language } from "./i18n.js";
import * as api from "./api.js";
import { html, setHtml } from "./html.js";
import { toast } from "./util.js";
import { mergeIntoAccount } from "./progress.js";

// The logged-in account ({id, name, created_ms}) or null; `known` is the answer's promise,
// `answered` whether the server has answered yet.
let me = null;
let known = null;
let answered = false;
// Where the log in page goes back to once logged in (the page the person came from).
let returnTo = "#/account";

window.addEventListener("hashchange", (e) => {
  const to = new URL(e.newURL).hash;
  const from = new URL(e.oldURL).hash;
  if (to.startsWith("#/login") && !from.startsWith("#/login") && !from.startsWith("#/account")) {
    returnTo = from || "#/";
  }
});

/** Asks the server who is logged in (again); answers the account or null. */
export function loadAccount() {
  known = api
    .call("GET", "/api/session")
    .then(
      (a) => (a && typeof a.name === "string" ? a : null),
      () => null,
    )
    .then((a) => {
      setAccount(a);
      return a;
    });
  return known;
}

/** The account once the server has answered (asks it the first time). */
export function accountReady() {
  return known || loadAccount();
}

/** The logged-in account as last known, or null (a guest). */
export function account() {
  return me;
}

function setAccount(a) {
  me = a;
  answered = true;
  known = Promise.resolve(a);
  drawHeader();
}

/** The top bar's entry: "Log in" for a guest, the account's name (its page) when logged in;
 *  its `data-state` is "in" or "out" once the server has said, empty before. */
export function drawHeader() {
  const link = document.getElementById("nav-account");
  if (!link) return;
  link.textContent = me ? me.name : t("account.nav_login");
  link.href = me ? "#/account" : "#/login";
  link.dataset.state = !answered ? "" : me ? "in" : "out";
  link.title = me ? t("account.nav_account") : "";
}

/** Whether two names are one account's (the server matches on a canonical form; the page
 *  only needs to recognise its own seat, so case is enough). */
export function sameName(a, b) {
  return typeof a === "string" && typeof b === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The link to a player's profile page. */
export function profileHref(name) {
  return `#/players/${encodeURIComponent(name)}`;
}

/**
 * A seat's or player's name as markup: an account's name with its mark and a link to the
 * profile, a deleted account's seat as "a former player", anyone else's as plain text.
 * `who` has `name` and the server's flags `account` and `former` (SeatInfo).
 */
export function nameHtml(name, who) {
  if (who && who.former) return html`<em class="former-player">${t("account.former")}</em>`;
  if (who && who.account && name) {
    return html`<a class="account-name" href="${profileHref(who.name || name)}" title="${t("account.mark_title")}"><span class="account-mark" aria-hidden="true">◆</span>${name}</a>`;
  }
  return html`${name}`;
}

/** The text of a refusal of the account routes, in the reader's language. */
export function errorText(e) {
  const key = "account.error." + e.code;
  const said = t(key);
  return said !== key ? said : e.message;
}

/** Fills the name fields in `root` with the account's name and locks them (a logged-in
 *  person plays under the account's name). */
export function lockNameFields(root) {
  if (!me || !root.querySelectorAll) return;
  for (const el of root.querySelectorAll("#quick-name, #create-name, #join-name, #qm-name")) {
    el.value = me.name;
    el.readOnly = true;
    el.title = t("account.name_locked");
  }
}

/** The "rated" checkbox of the create form and the lobby's quick match: `id` is the box's. */
export function ratedHtml(id) {
  return html`<label class="check"><input type="checkbox" id="${id}" disabled> ${t("rated.label")}</label>
    <p class="muted rated-note" id="${id}-note">${t("rated.login_first")}</p>`;
}

/**
 * Wires the "rated" checkbox `id` in `root`: enabled only when logged in (a rated table
 * takes logged-in people only), with a line that says why otherwise and links to the log
 * in page. A rated table plays a preset's rules unchanged, so `fields` (the target and
 * series inputs) are emptied and disabled while it is ticked.
 */
export function wireRated(root, id, fields) {
  const box = root.querySelector(`#${id}`);
  const note = root.querySelector(`#${id}-note`);
  accountReady().then((a) => {
    box.disabled = !a;
    setHtml(note, a ? html`${t("rated.explain")}` : html`${t("rated.login_first")} <a href="#/login">${t("account.nav_login")}</a>`);
  });
  box.addEventListener("change", () => {
    for (const f of fields) {
      const el = root.querySelector(f);
      if (!el) continue;
      if (box.checked) el.value = "";
      el.disabled = box.checked;
    }
  });
}

function showError(el, e) {
  el.textContent = errorText(e);
  el.hidden = false;
}

/** The log in / sign up page (#/login). */
export async function showLogin(root) {
  const at = location.hash;
  await accountReady();
  if (location.hash !== at) return;
  if (me) {
    location.replace("#/account");
    return;
  }
  setHtml(root, html`<h1>${t("account.login_title")}</h1><div class="panels">
    <form class="panel" id="login-form">
      <h2>${t("account.login")}</h2>
      <label for="login-name">${t("account.name")}</label>
      <input id="login-name" maxlength="24" autocomplete="username" autocapitalize="none">
      <label for="login-password">${t("account.password")}</label>
      <input id="login-password" type="password" autocomplete="current-password">
      <p class="error-text" id="login-error" role="alert" hidden></p>
      <button class="primary" id="login-button" type="submit">${t("account.login")}</button>
    </form>
    <form class="panel" id="signup-form">
      <h2>${t("account.signup")}</h2>
      <p class="muted">${t("account.signup_explain")}</p>
      <label for="signup-name">${t("account.name")}</label>
      <input id="signup-name" maxlength="24" autocomplete="username" autocapitalize="none">
      <label for="signup-password">${t("account.password")}</label>
      <input id="signup-password" type="password" autocomplete="new-password" aria-describedby="signup-rule">
      <p class="muted" id="signup-rule">${t("account.password_rule")}</p>
      <label for="signup-password2">${t("account.password_again")}</label>
      <input id="signup-password2" type="password" autocomplete="new-password">
      <p class="error-text" id="signup-error" role="alert" hidden></p>
      <button class="primary" id="signup-button" type="submit">${t("account.signup")}</button>
    </form></div>`);
  const enter = (a) => {
    setAccount(a);
    toast(t("account.welcome", { name: a.name }));
    // The lessons solved as a guest go into the account (docs/learn.md, "Progress").
    mergeIntoAccount(null).catch(() => {});
    location.hash = returnTo;
    returnTo = "#/account";
  };
  root.querySelector("#login-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const err = root.querySelector("#login-error");
    err.hidden = true;
    const button = root.querySelector("#login-button");
    button.disabled = true;
    try {
      enter(
        await api.call("POST", "/api/session", {
          name: root.querySelector("#login-name").value.trim(),
          password: root.querySelector("#login-password").value,
        }),
      );
    } catch (ex) {
      showError(err, ex);
      button.disabled = false;
    }
  });
  root.querySelector("#signup-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const err = root.querySelector("#signup-error");
    err.hidden = true;
    const password = root.querySelector("#signup-password").value;
    if (password !== root.querySelector("#signup-password2").value) {
      showError(err, { code: "passwords_differ", message: "" });
      return;
    }
    const button = root.querySelector("#signup-button");
    button.disabled = true;
    try {
      enter(await api.call("POST", "/api/accounts", { name: root.querySelector("#signup-name").value.trim(), password }));
    } catch (ex) {
      showError(err, ex);
      button.disabled = false;
    }
  });
}

/** The account page (#/account): who, since when, the password, logging out, the export
 *  of one's games and the deletion of the account. */
export async function showAccount(root) {
  const at = location.hash;
  await loadAccount();
  if (location.hash !== at) return;
  if (!me) {
    location.replace("#/login");
    return;
  }
  const since = new Date(me.created_ms).toLocaleDateString(language());
  const path = `/api/accounts/${encodeURIComponent(me.name)}`;
  setHtml(root, html`<h1>${t("account.title")}</h1><div class="panels account-page">
    <section class="panel" id="account-panel">
      <h2 id="account-name">${me.name}</h2>
      <p class="muted" id="account-since">${t("account.member_since", { date: since })}</p>
      <p><a href="${profileHref(me.name)}" id="account-profile">${t("account.my_profile")}</a></p>
      <p><a class="button" href="/api/me/export" download="binokel-games.ndjson" id="account-export">${t("account.export")}</a></p>
      <p class="muted">${t("account.export_explain")}</p>
      <p><label class="check"><input type="checkbox" id="account-puzzle-games"> ${t("account.puzzle_games")}</label></p>
      <p class="muted">${t("account.puzzle_games_explain")}</p>
      <div class="account-buttons">
        <button type="button" id="logout-button">${t("account.logout")}</button>
        <button type="button" id="logout-all-button">${t("account.logout_all")}</button>
      </div>
      <p class="muted">${t("account.logout_all_explain")}</p>
    </section>
    <form class="panel" id="password-form">
      <h2>${t("account.change_password")}</h2>
      <label for="password-old">${t("account.password_current")}</label>
      <input id="password-old" type="password" autocomplete="current-password">
      <label for="password-new">${t("account.password_new")}</label>
      <input id="password-new" type="password" autocomplete="new-password" aria-describedby="password-rule">
      <p class="muted" id="password-rule">${t("account.password_rule")}</p>
      <p class="error-text" id="password-error" role="alert" hidden></p>
      <p id="password-done" role="status" hidden>${t("account.password_changed")}</p>
      <button class="primary" id="password-button" type="submit">${t("account.change_password")}</button>
    </form>
    <form class="panel" id="delete-form">
      <h2>${t("account.delete")}</h2>
      <p class="muted">${t("account.delete_explain")}</p>
      <label for="delete-password">${t("account.password_again_delete")}</label>
      <input id="delete-password" type="password" autocomplete="current-password">
      <p class="error-text" id="delete-error" role="alert" hidden></p>
      <button class="danger" id="delete-button" type="submit">${t("account.delete_button")}</button>
    </form></div>`);
  // A route that finds the login gone (ended elsewhere): the page says so and offers to log in.
  const gone = (e) => {
    if (e.code !== "not_logged_in") return false;
    setAccount(null);
    toast(errorText(e));
    location.hash = "#/login";
    return true;
  };
  const out = async (method, where, said) => {
    try {
      await api.call(method, where);
    } catch (e) {
      if (!gone(e)) toast(errorText(e));
      return;
    }
    setAccount(null);
    toast(said);
    location.hash = "#/";
  };
  // "My games may be used for puzzles" (docs/puzzles.md, "Puzzles from server matches").
  const games = root.querySelector("#account-puzzle-games");
  games.disabled = true;
  api.call("GET", "/api/me/puzzle-games").then(
    (r) => {
      games.checked = !!r.allowed;
      games.disabled = false;
    },
    (e) => gone(e) || toast(errorText(e)),
  );
  games.addEventListener("change", async () => {
    games.disabled = true;
    try {
      const r = await api.call("PUT", "/api/me/puzzle-games", { allowed: games.checked });
      games.checked = !!r.allowed;
    } catch (e) {
      games.checked = !games.checked;
      if (!gone(e)) toast(errorText(e));
    }
    games.disabled = false;
  });
  root.querySelector("#logout-button").addEventListener("click", () => out("DELETE", "/api/session", t("account.logged_out")));
  root
    .querySelector("#logout-all-button")
    .addEventListener("click", () => out("DELETE", "/api/sessions", t("account.logged_out_all")));
  root.querySelector("#password-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const err = root.querySelector("#password-error");
    const done = root.querySelector("#password-done");
    err.hidden = true;
    done.hidden = true;
    const old = root.querySelector("#password-old");
    const now = root.querySelector("#password-new");
    try {
      await api.call("PUT", `${path}/password`, { password: old.value, new_password: now.value });
    } catch (ex) {
      if (!gone(ex)) showError(err, ex);
      return;
    }
    old.value = "";
    now.value = "";
    done.hidden = false;
  });
  root.querySelector("#delete-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const err = root.querySelector("#delete-error");
    err.hidden = true;
    try {
      await api.call("DELETE", path, { password: root.querySelector("#delete-password").value });
    } catch (ex) {
      if (!gone(ex)) showError(err, ex);
      return;
    }
    setAccount(null);
    toast(t("account.deleted"));
    location.hash = "#/";
  });
}
