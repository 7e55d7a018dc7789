// The rule presets the server plays, read once from the server's `GET /api/rules`
// (docs/protocol.md, "The rules"): each preset's seats, target and changed options (option
// names as in docs/rules.md), every option's standard value, and the preset name of a
// record's or a table's rules value. Read by the start page, the rules page, the table and
// the replay. Without an answer (no server: a page opened from a file) the presets built
// into engine.js stand in; web/test keeps those equal to the rules crate's.

import { BUILTIN_PRESETS } from "./engine.js";

/** The server's answer, or one built from engine.js's presets when there is none. */
async function loadCatalog() {
  try {
    const res = await fetch("/api/rules");
    if (res.ok) return await res.json();
    console.warn(`GET /api/rules answered ${res.status}: using the built-in presets`);
  } catch (e) {
    console.warn(`GET /api/rules failed (${e.message}): using the built-in presets`);
  }
  return {
    presets: Object.entries(BUILTIN_PRESETS).map(([name, options]) => ({ name, options })),
    options: Object.entries(BUILTIN_PRESETS.standard).map(([name, value]) => ({ name, default: value })),
  };
}

const catalog = await loadCatalog();

/** Every option's value in the standard game, by name, in the order of RULES.md section 10. */
export const DEFAULTS = Object.fromEntries(catalog.options.map((o) => [o.name, o.default]));

/** Each preset: its seats, its target, hand and Tapp sizes, opening bid, and the options it
 *  changes from the standard game (`options`, name to value). */
export const PRESETS = Object.fromEntries(
  catalog.presets.map((p) => {
    const o = p.options;
    const players = Number(o.players);
    const tapp = Number(o.tapp);
    const hand = p.hand ?? (players === 2 ? 12 : (Number(o.pack) - tapp) / players);
    const options = Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== DEFAULTS[k]));
    return [p.name, { players, target: Number(o.target), hand, tapp, opening: Number(o.opening), options }];
  }),
);

/** The preset name of a record's rules value (a name or an object). */
export function presetName(rules) {
  if (typeof rules === "string") return rules;
  if (rules && typeof rules.preset === "string") return rules.preset;
  return "standard";
}
