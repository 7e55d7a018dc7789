// Message catalogues (web/i18n/<lang>.json) and the language switch.
// A missing key falls back to English, then to the key itself, so a
// half-translated catalogue never shows an empty button.

export const LANGUAGES = ["en", "de", "pt", "nl"];
const STORE_KEY = "binokel.lang";

let current = "en";
let catalogue = {};
let english = {};

async function load(lang) {
  const res = await fetch(`i18n/${lang}.json`);
  if (!res.ok) throw new Error(`catalogue ${lang}: HTTP ${res.status}`);
  return res.json();
}

/** The language to start in: the stored choice, else the browser's, else English. */
export function preferredLanguage() {
  const stored = localStorage.getItem(STORE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Loads a language and makes it current; `remember` stores the choice. */
export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  if (!english.__loaded) {
    english = await load("en");
    english.__loaded = true;
  }
  catalogue = lang === "en" ? english : await load(lang);
  current = lang;
  document.documentElement.lang = lang;
  if (remember) localStorage.setItem(STORE_KEY, lang);
  translateStatic(document);
}

/** The current language code. */
export function language() {
  return current;
}

/** A message with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
  let s = catalogue[key] ?? english[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** Fills every element carrying data-i18n with its message (data-i18n-label: its label). */
export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    el.title = t(el.dataset.i18nLabel);
  }
}
