// The court figures of the cards (web/js/cards.js draws the rest): king, queen and jack in
// French suits, König, Ober and Unter in German suits, each a double-ended bust in the
// card's middle panel, drawn by the project in a few SVG paths. The king wears a crown and
// a white beard and holds a sceptre, the queen a tiara, long hair and a flower, the jack a
// cap with a feather and a halberd; the Ober and the Unter wear plumed hats and hold their
// suit's sign, the Ober high and the Unter low, as on German cards.

import { html, join } from "./html.js";

/** Robe and hat colours per rank (the collar takes the suit's colour). */
const ROBE = { K: "#b3261e", Q: "#2a4d9b", J: "#2e6b3a" };
const GOLD = "#f2b81f";
const GOLD_EDGE = "#7a5600";
const SKIN = "#f6d2ad";
const LINE = "#3a2a10";

// Parts of one half, in a 44 x 67 box whose bottom edge is the card's middle.
const ROBE_PATH = "M2 67C4 52 10 46 16 44h12c6 2 12 8 14 23z";
const HEAD = join([
  html`<path d="M20 37h4v8h-4z" fill="${SKIN}"/>`,
  html`<ellipse cx="22" cy="31" rx="7" ry="8" fill="${SKIN}" stroke="#7a4a2a" stroke-width=".8"/>`,
  html`<circle cx="19.5" cy="30" r=".9" fill="#222"/><circle cx="24.5" cy="30" r=".9" fill="#222"/>`,
  html`<path d="M20 35q2 1.2 4 0" stroke="#8a3a2a" stroke-width=".8" fill="none"/>`,
]);

function crown(y, tall) {
  const h = tall ? 10 : 7;
  return join([
    html`<path d="M14 ${y}v-${h}l4 ${h / 2}l4-${h - 2}l4 ${h - 2}l4-${h / 2}v${h}z" fill="${GOLD}" stroke="${GOLD_EDGE}" stroke-width=".8"/>`,
    html`<circle cx="22" cy="${y - 3}" r="1.4" fill="#c62828"/>`,
  ]);
}

function plumedHat(colour) {
  return join([
    html`<path d="M11 25h22c-2-7-6-10-11-10s-9 3-11 10z" fill="${colour}" stroke="${LINE}" stroke-width=".8"/>`,
    html`<path d="M27 16c4-7 9-9 14-8-4 1-7 4-9 9" fill="#f4f1e8" stroke="#8d8877" stroke-width=".7"/>`,
  ]);
}

function half(rank, suit, style, pip, colour) {
  const german = style === "german";
  const robe = ROBE[rank];
  const out = [
    html`<path d="${ROBE_PATH}" fill="${robe}" stroke="${LINE}" stroke-width=".8"/>`,
    html`<path d="M16 44l6 12 6-12z" fill="${colour}" stroke="${GOLD}" stroke-width="1.2"/>`,
    html`<path d="M22 56v11" stroke="${GOLD}" stroke-width="2"/>`,
  ];
  if (rank === "K") {
    out.push(
      html`<path d="M37 66V22" stroke="${GOLD_EDGE}" stroke-width="2.2"/><circle cx="37" cy="20" r="3" fill="${GOLD}" stroke="${GOLD_EDGE}" stroke-width=".8"/>`,
      HEAD,
      html`<path d="M15 31c0 9 4 13 7 13s7-4 7-13c-2 5-5 6-7 6s-5-1-7-6z" fill="#efe9da" stroke="#9a968a" stroke-width=".6"/>`,
      html`<path d="M18.5 34.5q3.5-2 7 0" stroke="#9a968a" stroke-width="1.2" fill="none"/>`,
      crown(24, true),
    );
  } else if (rank === "Q" && !german) {
    out.push(
      html`<path d="M14 32c-2-12 3-11 8-11s10-1 8 11c2 8 0 14-2 14V34c0-6-12-6-12 0v12c-2 0-4-6-2-14z" fill="#c98a2b" stroke="#6d4a12" stroke-width=".6"/>`,
      HEAD,
      crown(23, false),
      html`<path d="M37 66V49" stroke="#2e7d32" stroke-width="1.6"/>`,
      html`<circle cx="37" cy="47" r="3.4" fill="#e5484d" stroke="#8e1b1b" stroke-width=".7"/><circle cx="37" cy="47" r="1.2" fill="${GOLD}"/>`,
    );
  } else if (rank === "J" && !german) {
    out.push(
      html`<path d="M38 66V12" stroke="#6d4c1e" stroke-width="1.8"/><path d="M38 6l4 8h-8z" fill="#b0b6bd" stroke="#555" stroke-width=".7"/>`,
      html`<path d="M15 27c0-6 14-6 14 0v5c0-4-14-4-14 0z" fill="#6d4a12"/>`,
      HEAD,
      html`<path d="M14 25c0-9 16-9 16 0z" fill="${robe}" stroke="${LINE}" stroke-width=".8"/>`,
      html`<path d="M28 20c4-8 8-10 12-10-3 2-6 6-8 11" fill="#f4f1e8" stroke="#8d8877" stroke-width=".7"/>`,
    );
  } else {
    // Ober (Q) and Unter (J): plumed hat, moustache, the suit's sign held high or low.
    const high = rank === "Q";
    out.push(
      HEAD,
      html`<path d="M18.5 34.2q3.5-2.4 7 0" stroke="#5b3a1a" stroke-width="1.3" fill="none"/>`,
      plumedHat(robe),
      html`<path d="M30 ${high ? 46 : 58}l6-${high ? 22 : 2}" stroke="${SKIN}" stroke-width="3" stroke-linecap="round"/>`,
      pip(suit, style, 36, high ? 16 : 54, 13, false),
    );
  }
  if (!(german && (rank === "Q" || rank === "J"))) out.push(pip(suit, style, 7.5, 9, 10, false));
  return join(out);
}

/**
 * The middle of a court card (rank `K`, `Q` or `J`) as SVG for the card's 100 x 150 box:
 * a framed panel with the figure drawn twice, head up and head down. `pip(suit, style, x, y,
 * size, flip)` draws the suit's sign (from cards.js); `colour` is the suit's colour.
 */
export function courtFigure(rank, suit, style, pip, colour) {
  const one = half(rank, suit, style, pip, colour);
  return join([
    html`<rect x="30" y="8" width="42" height="134" rx="5" fill="#f7f1de" stroke="${colour}" stroke-width="1.6"/>`,
    html`<g transform="translate(30 8) scale(.955 1)">${one}</g>`,
    html`<g transform="rotate(180 51 75) translate(30 8) scale(.955 1)">${one}</g>`,
    html`<path d="M30 75h42" stroke="${colour}" stroke-width="1"/>`,
  ]);
}
