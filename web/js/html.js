// The one way web/js builds markup (issue #30): the tagged template html`...` escapes every
// value put into it, unless the value was itself made by html`...` (or by raw(), for trusted
// constants only). The page writes markup into the document only through setHtml() and
// addHtml(), which take such a value and throw on a plain string, so a name, a message or
// anything else from the network can only ever arrive as text. scripts/check-structure.sh
// refuses innerHTML, outerHTML, insertAdjacentHTML and the like anywhere else in web/js.

const KEY = Symbol("html");

/** Markup made by `html` or `raw`: the only kind setHtml and addHtml accept. */
class Html {
  constructor(key, markup) {
    if (key !== KEY) throw new Error("html: make markup with html`...` or raw()");
    this.markup = markup;
  }

  // Markup used as a string (`+`, `.join`, an untagged template) would be escaped or lost
  // later: fail loudly where it happens instead.
  [Symbol.toPrimitive]() {
    throw new TypeError("html: markup used as a string; put it into html`...` or join()");
  }
}

/** Escapes text for an element's content or a quoted attribute value. */
export function escapeText(s) {
  return String(s).replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** True when `v` is markup made by `html` or `raw`. */
export function isHtml(v) {
  return v instanceof Html;
}

// One interpolated value as markup: markup stays, lists are joined (each item by the same
// rule), nothing (null, undefined, false) is empty, everything else is escaped text.
function part(v) {
  if (v instanceof Html) return v.markup;
  if (Array.isArray(v)) return v.map(part).join("");
  if (v === null || v === undefined || v === false) return "";
  return escapeText(v);
}

// True when markup ends inside a tag right after `name=`, where a value would be unquoted.
function unquotedAttribute(markup) {
  const open = markup.lastIndexOf("<");
  if (open < 0 || markup.lastIndexOf(">") > open) return false;
  const rest = markup.slice(open).replace(/"[^"]*"|'[^']*'/g, "v");
  return !/["']/.test(rest) && /=\s*$/.test(rest);
}

/**
 * The tagged template: html`<b>${name}</b>` is markup in which `name` is text. A value must
 * not be an unquoted attribute (`<a href=${x}>` throws): escaping protects quoted values only.
 */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) {
    if (unquotedAttribute(out)) throw new Error(`html: quote the attribute value before \${} in: ${out.slice(-40)}`);
    out += part(values[i]) + strings[i + 1];
  }
  return new Html(KEY, out);
}

/**
 * Markup taken as it is: only for constants of the page itself (SVG shapes), never for
 * anything that came from a person, the server or a file. Greppable on purpose.
 */
export function raw(markup) {
  if (typeof markup !== "string") throw new Error("raw: takes a constant string");
  return new Html(KEY, markup);
}

/** Markup of a list of values joined by `separator` (markup or text), each escaped as in html. */
export function join(list, separator = "") {
  const sep = part(separator);
  return new Html(KEY, Array.from(list, part).join(sep));
}

function check(fragment, where) {
  if (!(fragment instanceof Html)) {
    throw new TypeError(`${where}: takes markup made by html\`...\`, not ${typeof fragment === "string" ? "a string" : typeof fragment}`);
  }
  return fragment.markup;
}

/** Replaces the content of `el` with `fragment` (markup made by html or raw). */
export function setHtml(el, fragment) {
  el.innerHTML = check(fragment, "setHtml");
}

/** Inserts `fragment` at `where` ("beforeend", "afterend", ...) of `el`. */
export function addHtml(el, where, fragment) {
  el.insertAdjacentHTML(where, check(fragment, "addHtml"));
}
