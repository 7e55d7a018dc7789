// What this browser remembers: seat tokens per table (to reconnect after a
// reload), the games it played (to replay them), and preferences.

const GAMES_KEY = "binokel.games";

function readGames() {
  try {
    const v = JSON.parse(localStorage.getItem(GAMES_KEY) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** Every table this browser sat at or watched, newest first. */
export function games() {
  return readGames().sort((a, b) => (b.at || 0) - (a.at || 0));
}

/** The stored entry of a table, or undefined. */
export function game(code) {
  return readGames().find((g) => g.code === code);
}

/** Adds or updates the entry of a table (merging fields). */
export function saveGame(code, fields) {
  const list = readGames();
  const i = list.findIndex((g) => g.code === code);
  const entry = { ...(i >= 0 ? list[i] : { code, at: Date.now() }), ...fields };
  if (i >= 0) list[i] = entry;
  else list.push(entry);
  // Old entries go first when the list grows long; 200 tables is plenty.
  const kept = list.sort((a, b) => (b.at || 0) - (a.at || 0)).slice(0, 200);
  localStorage.setItem(GAMES_KEY, JSON.stringify(kept));
  return entry;
}

/** A stored preference. */
export function pref(name, fallback) {
  const v = localStorage.getItem(`binokel.${name}`);
  return v === null ? fallback : v;
}

/** Stores a preference. */
export function setPref(name, value) {
  localStorage.setItem(`binokel.${name}`, value);
}
