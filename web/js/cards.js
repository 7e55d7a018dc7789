// Playing cards drawn as SVG by the project, in French (♠♥♦♣) and German
// (Grün, Herz, Schellen, Eichel) suit styles; the court figures are in courts.js. Card codes are those of the
// records: rank letter then suit letter, e.g. "AS", "TH", "9C".

import { html, raw } from "./html.js";
import { courtFigure } from "./courts.js";

const RANKS = ["A", "T", "K", "Q", "J", "9", "7"];
const SUITS = ["S", "H", "D", "C"];

// Shapes in a 100 x 100 box. German suits get two fills so they read as
// pictures, not as recoloured French pips.
const FRENCH = {
  S: {
    color: "#1b1b1b",
    body:
      raw('<path d="M50 4C78 30 96 44 96 61c0 13-10 22-22 22-9 0-16-5-19-12 1 10 5 19 13 25H32c8-6 12-15 13-25-3 7-10 12-19 12C14 83 4 74 4 61 4 44 22 30 50 4z"/>'),
  },
  H: {
    color: "#c8102e",
    body:
      raw('<path d="M50 92C22 68 4 51 4 31 4 16 16 6 29 6c10 0 17 6 21 14C54 12 61 6 71 6c13 0 25 10 25 25 0 20-18 37-46 61z"/>'),
  },
  D: { color: "#c8102e", body: raw('<path d="M50 2 88 50 50 98 12 50z"/>') },
  C: {
    color: "#1b1b1b",
    body:
      raw('<circle cx="50" cy="27" r="21"/><circle cx="26" cy="59" r="21"/><circle cx="74" cy="59" r="21"/><path d="M45 50c0 22-5 36-14 46h38c-9-10-14-24-14-46z"/>'),
  },
};

const GERMAN = {
  // Grün (leaves): a green leaf with veins.
  S: {
    color: "#2e7d32",
    body:
      raw('<path d="M50 4C66 20 80 26 92 28c4 30-10 52-38 58v10h-8V86C18 80 4 58 8 28 20 26 34 20 50 4z" fill="#3f9a3a" stroke="#1f5e22" stroke-width="3"/>' +
      '<path d="M50 14v70M50 40 30 30M50 40l20-10M50 58 24 46M50 58l26-12M50 74 32 66M50 74l18-8" stroke="#1f5e22" stroke-width="3" fill="none"/>'),
  },
  // Herz: a red heart with a highlight.
  H: {
    color: "#c62828",
    body:
      raw('<path d="M50 92C22 68 4 51 4 31 4 16 16 6 29 6c10 0 17 6 21 14C54 12 61 6 71 6c13 0 25 10 25 25 0 20-18 37-46 61z" fill="#d32f2f" stroke="#8e1b1b" stroke-width="3"/>' +
      '<path d="M24 22c-7 3-10 10-9 18" stroke="#ff9e9e" stroke-width="5" fill="none" stroke-linecap="round"/>'),
  },
  // Schellen (bells): a golden bell with its band and slit.
  D: {
    color: "#b8860b",
    body:
      raw('<circle cx="50" cy="10" r="6" fill="none" stroke="#7a5600" stroke-width="4"/>' +
      '<circle cx="50" cy="55" r="38" fill="#f2b81f" stroke="#7a5600" stroke-width="4"/>' +
      '<path d="M14 46h72v12H14z" fill="#c0392b" stroke="#7a5600" stroke-width="3"/>' +
      '<path d="M50 72v18" stroke="#4a3300" stroke-width="6" stroke-linecap="round"/>' +
      '<circle cx="50" cy="72" r="6" fill="#4a3300"/>'),
  },
  // Eichel (acorns): a brown cap over an olive nut, with a stalk.
  C: {
    color: "#6d4c1e",
    body:
      raw('<path d="M47 2h6v14h-6z" fill="#4e3412"/>' +
      '<ellipse cx="50" cy="64" rx="25" ry="32" fill="#b5a04a" stroke="#5b4b12" stroke-width="3"/>' +
      '<path d="M16 48c0-20 16-34 34-34s34 14 34 34z" fill="#8b5a2b" stroke="#4e3412" stroke-width="3"/>' +
      '<path d="M26 44l10-22M40 46l6-30M60 46l-6-30M74 44 64 22" stroke="#5e3b17" stroke-width="2.5"/>'),
  },
};

/** The glyph of a rank in a suit style: German cards name Ober and Unter. */
export function rankLabel(rank, style) {
  if (rank === "T") return "10";
  if (style === "german") {
    if (rank === "Q") return "O";
    if (rank === "J") return "U";
  }
  return rank;
}

/** The text glyph of a suit, for compact lines such as "trump ♥". */
export function suitGlyph(suit) {
  return { S: "♠", H: "♥", D: "♦", C: "♣" }[suit] || suit;
}

/** The colour a suit is printed in, in a style. */
export function suitColor(suit, style) {
  const set = style === "german" ? GERMAN : FRENCH;
  return set[suit] ? set[suit].color : "#000";
}

/** An SVG suit symbol alone, for buttons and labels. */
export function suitSvg(suit, style, size = 18) {
  const set = style === "german" ? GERMAN : FRENCH;
  const s = set[suit];
  if (!s) return html``;
  return html`<svg class="suit-icon" width="${size}" height="${size}" viewBox="0 0 100 100" fill="${s.color}" aria-hidden="true">${s.body}</svg>`;
}

/** A card as inline HTML: rank and suit symbol. */
export function cardInline(c, style) {
  return html`<span class="card-inline">${rankLabel(c[0], style)}${suitSvg(c[1], style, 14)}</span>`;
}

/** True for a well-formed card code such as "TH". */
export function isCardCode(code) {
  return (
    typeof code === "string" &&
    code.length === 2 &&
    RANKS.includes(code[0]) &&
    SUITS.includes(code[1])
  );
}

function pip(suit, style, x, y, size, flip) {
  const set = style === "german" ? GERMAN : FRENCH;
  const s = set[suit];
  const k = size / 100;
  const rot = flip ? " rotate(180 50 50)" : "";
  return html`<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${k})${rot}" fill="${s.color}">${s.body}</g>`;
}

// Where the pips of a number-less card go: face cards get one big
// symbol, the ace one very big one.
function centre(rank, suit, style) {
  if (rank === "A") return pip(suit, style, 50, 75, 52, false);
  if (rank === "T") {
    const out = [];
    for (const y of [40, 62, 88, 110]) for (const x of [38, 62]) out.push(pip(suit, style, x, y, 15, y > 75));
    out.push(pip(suit, style, 50, 51, 15, false), pip(suit, style, 50, 99, 15, true));
    return out;
  }
  if (rank === "9" || rank === "7") {
    const pts =
      rank === "9"
        ? [[38, 40], [62, 40], [38, 62], [62, 62], [50, 75], [38, 88], [62, 88], [38, 110], [62, 110]]
        : [[38, 42], [62, 42], [50, 60], [38, 78], [62, 78], [38, 108], [62, 108]];
    return pts.map(([x, y]) => pip(suit, style, x, y, 15, y > 76));
  }
  // Court cards: a double-ended figure (web/js/courts.js).
  const set = style === "german" ? GERMAN : FRENCH;
  return courtFigure(rank, suit, style, pip, set[suit].color);
}

/**
 * One card face as SVG markup (made by html; viewBox 100 x 150). The corner index
 * is large so that a fanned hand stays readable on a phone.
 */
export function cardSvg(code, style = "french", decorative = false) {
  if (!isCardCode(code)) return cardBackSvg();
  const rank = code[0];
  const suit = code[1];
  const set = style === "german" ? GERMAN : FRENCH;
  const col = set[suit].color;
  const label = rankLabel(rank, style);
  const fs = label.length > 1 ? 26 : 30;
  const index = html`<text x="6" y="29" font-size="${fs}" font-weight="700" fill="${col}" font-family="Arial, Helvetica, sans-serif" letter-spacing="-2">${label}</text>${pip(suit, style, 17, 44, 20, false)}`;
  // Inside a control that names the card in words (a card of the hand), the drawing is
  // decoration: its corner letters are not the control's name.
  const a11y = decorative ? html`aria-hidden="true"` : html`role="img" aria-label="${code}"`;
  return html`<svg class="card-svg" viewBox="0 0 100 150" xmlns="http://www.w3.org/2000/svg" ${a11y}><rect x="1.5" y="1.5" width="97" height="147" rx="9" fill="#fffdf7" stroke="#555" stroke-width="2"/>${index}<g transform="rotate(180 50 75)">${index}</g>${centre(rank, suit, style)}</svg>`;
}

let backs = 0;

/**
 * The back of a card. Each drawing has its own pattern id: with one id for all, every back
 * used the first copy's pattern, and a first copy in a hidden seat left the others blank.
 */
export function cardBackSvg() {
  const id = `bk${++backs}`;
  return html`<svg class="card-svg" viewBox="0 0 100 150" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="card back"><defs><pattern id="${id}" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="12" height="12" fill="#1d4f8f"/><path d="M0 6h12M6 0v12" stroke="#5d8fd0" stroke-width="2"/></pattern></defs><rect x="1.5" y="1.5" width="97" height="147" rx="9" fill="#fff" stroke="#555" stroke-width="2"/><rect x="8" y="8" width="84" height="134" rx="6" fill="url(#${id})"/></svg>`;
}

const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = { A: 0, T: 1, K: 2, Q: 3, J: 4, 9: 5, 7: 5 };

/**
 * A hand sorted for display: by suit (alternating colours, trump first
 * when there is one) and within a suit from ace down.
 */
export function sortHand(codes, trump) {
  const key = (c) => {
    let s = SUIT_ORDER[c[1]];
    if (trump && c[1] === trump) s = -1;
    return s * 10 + RANK_ORDER[c[0]];
  };
  return [...codes].sort((a, b) => key(a) - key(b));
}

/** Splits a space-separated card list ("AS TH") into codes. */
export function splitCards(s) {
  if (!s) return [];
  return s.split(/\s+/).filter((x) => x.length > 0);
}

/** The points a card is worth. */
export function cardPoints(code) {
  return { A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0, 7: 0 }[code[0]] ?? 0;
}
