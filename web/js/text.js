// Game things in words for the table and the replay: action tokens as HTML and
// cards as plain text, in the reader's language and card style.

import { t } from "./i18n.js";
import { html, join } from "./html.js";
import { rankLabel, suitSvg, splitCards, cardInline } from "./cards.js";

/** A card in plain words (for labels and messages), e.g. "10 of hearts", German "Herz 10". */
export function cardPlain(c, style) {
  return t("card.plain", { rank: rankLabel(c[0], style), suit: t(`suit.${style}.${c[1]}`) });
}

/**
 * A card's full name for screen readers and labels, in the page's language and card
 * style: "Queen of spades", "Pik-Dame", German cards "Grün-Ober".
 */
export function cardName(c, style) {
  const st = style === "german" ? "german" : "french";
  return t("a11y.card", { rank: t(`rank.${st}.${c[0]}`), suit: t(`suit.${st}.${c[1]}`) });
}

/** An action token in words (markup made by html), e.g. "trump ♥". */
export function actionText(a, style, forButton) {
  if (a === null || a === undefined) return html`${t("act.bury_hidden")}`;
  const suitName = (x) => html`${suitSvg(x, style, 16)} ${t(`suit.${style}.${x}`)}`;
  if (a === "pass") return html`${t("act.pass")}`;
  if (a.startsWith("bid ")) return html`${forButton ? t("act.bid", { n: a.slice(4) }) : a.slice(4)}`;
  if (a.startsWith("trump ")) return html`${t("act.trump")} ${suitName(a.slice(6))}`;
  if (a.startsWith("surrender ")) return html`${t("act.surrender")} ${suitName(a.slice(10))}`;
  if (a === "durch") return html`${t("act.durch")}`;
  if (a === "bettel") return html`${t("act.bettel")}`;
  if (a.startsWith("bury ")) return html`${t("act.bury")} ${join(splitCards(a.slice(5)).map((c) => cardInline(c, style)), " ")}`;
  if (a.startsWith("call ")) return html`${t("act.call")} ${cardInline(a.slice(5), style)}`;
  if (a.startsWith("give ")) return html`${t("act.give")} ${cardInline(a.slice(5), style)}`;
  if (a.startsWith("meld ")) {
    const [, kind, suit] = a.split(" ");
    return html`${t("act.meld")} ${t("meld." + kind)}${suit ? html` ${suitSvg(suit, style, 14)}` : ""}`;
  }
  if (a === "exchange") return html`${t("act.exchange")}`;
  if (/^[AT9KQJ7][SHDC]$/.test(a)) return cardInline(a, style);
  return html`${a}`;
}
