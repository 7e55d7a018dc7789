// Game things in words for the table and the replay: action tokens as HTML and
// cards as plain text, in the reader's language and card style.

import { t } from "./i18n.js";
import { esc } from "./util.js";
import { rankLabel, suitSvg, splitCards, cardInline } from "./cards.js";

/** A card in plain words (for labels and messages), e.g. "10 hearts". */
export function cardPlain(c, style) {
  const suits = { S: t(`suit.${style}.S`), H: t(`suit.${style}.H`), D: t(`suit.${style}.D`), C: t(`suit.${style}.C`) };
  return `${rankLabel(c[0], style)} ${suits[c[1]]}`;
}

/**
 * A card's full name for screen readers and labels, in the page's language and card
 * style: "Queen of spades", "Pik-Dame", German cards "Grün-Ober".
 */
export function cardName(c, style) {
  const st = style === "german" ? "german" : "french";
  return t("a11y.card", { rank: t(`rank.${st}.${c[0]}`), suit: t(`suit.${st}.${c[1]}`) });
}

/** An action token in words (HTML), e.g. "trump ♥". */
export function actionText(a, style, forButton) {
  if (a === null || a === undefined) return esc(t("act.bury_hidden"));
  const suitName = (x) => `${suitSvg(x, style, 16)} ${esc(t(`suit.${style}.${x}`))}`;
  if (a === "pass") return esc(t("act.pass"));
  if (a.startsWith("bid ")) return esc(forButton ? t("act.bid", { n: a.slice(4) }) : a.slice(4));
  if (a.startsWith("trump ")) return `${esc(t("act.trump"))} ${suitName(a.slice(6))}`;
  if (a.startsWith("surrender ")) return `${esc(t("act.surrender"))} ${suitName(a.slice(10))}`;
  if (a === "durch") return esc(t("act.durch"));
  if (a === "bettel") return esc(t("act.bettel"));
  if (a.startsWith("bury ")) return `${esc(t("act.bury"))} ${splitCards(a.slice(5)).map((c) => cardInline(c, style)).join(" ")}`;
  if (a.startsWith("call ")) return `${esc(t("act.call"))} ${cardInline(a.slice(5), style)}`;
  if (a.startsWith("give ")) return `${esc(t("act.give"))} ${cardInline(a.slice(5), style)}`;
  if (a.startsWith("meld ")) {
    const [, kind, suit] = a.split(" ");
    return `${esc(t("act.meld"))} ${esc(t("meld." + kind))}${suit ? " " + suitSvg(suit, style, 14) : ""}`;
  }
  if (a === "exchange") return esc(t("act.exchange"));
  if (/^[AT9KQJ7][SHDC]$/.test(a)) return cardInline(a, style);
  return esc(a);
}
