// Where the seats sit on screen: the table and the replay viewer put the reader's
// seat (or seat 1) at the bottom and the others round the table from there.

/** Where seat `s` sits on screen when seat `bottom` is at the bottom. */
export function positionOf(n, bottom, s) {
  const order = n === 2 ? ["bottom", "top"] : n === 3 ? ["bottom", "right", "left"] : ["bottom", "right", "top", "left"];
  return order[(((s - bottom) % n) + n) % n];
}
