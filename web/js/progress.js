// The lesson progress (docs/learn.md, "Progress"): a guest's solved steps are kept in this
// browser (localStorage "binokel.learn"); a logged-in account's on the server
// (/api/me/learn). At login, and whenever the course opens logged in, the browser's list is
// merged into the account and then cleared here, so the next guest at a shared browser does
// not start with somebody else's progress.

import * as api from "./api.js";

export const KEY = "binokel.learn";

/** The ids of the steps solved in this browser (as a guest). */
export function localSteps() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "[]");
    return new Set(Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);
  } catch {
    return new Set();
  }
}

/** Adds a step to this browser's list. */
export function addLocal(id) {
  const s = localSteps();
  s.add(id);
  localStorage.setItem(KEY, JSON.stringify([...s]));
}

/** Clears this browser's list. */
export function clearLocal() {
  localStorage.removeItem(KEY);
}

/**
 * Merges this browser's list into the logged-in account and clears it here; answers the
 * account's steps (a Set). `known`: the course's step ids, when known (a step of an older
 * course is left out); without it a list the server refuses stays in the browser.
 */
export async function mergeIntoAccount(known) {
  const local = [...localSteps()].filter((id) => !known || known.has(id));
  const r = local.length ? await api.call("POST", "/api/me/learn", { steps: local }) : await api.call("GET", "/api/me/learn");
  clearLocal();
  return new Set(r.steps);
}
