// Refusals in words: the server's `error` carries a machine-readable reason for an
// action the rules refuse (`{"code":"must_follow","card":"QH","suit":"S"}`, feature
// `reasons`, docs/protocol.md "Refusal reasons"); this turns it into a sentence in the
// reader's language and card style (`refuse.<code>`, two-player melds `refuse.meld.<why>`).
// Without a reason, or for a code this page does not know, the server's English message
// is shown.

import { t } from "./i18n.js";
import { cardPlain } from "./text.js";

const CARD_ARGS = ["card", "winning", "beater", "fresh"];

/** The sentence for a refusal `msg` ({error, message, reason}) in card style `style`. */
export function refusalText(msg, style) {
  const r = msg && msg.reason;
  if (!r || typeof r.code !== "string") return t("error.illegal", { message: msg.message || msg.error });
  const key = r.code === "cannot_meld" ? `refuse.meld.${r.why}` : `refuse.${r.code}`;
  const text = t(key, wordsOf(r, style));
  // A code this page has no sentence for comes back as the key itself.
  return text === key ? t("error.illegal", { message: msg.message || r.code }) : text;
}

/** The reason's arguments as words: cards and suits named, the rest as sent. */
function wordsOf(r, style) {
  const out = {};
  for (const [k, v] of Object.entries(r)) {
    if (typeof v !== "string") continue;
    if (CARD_ARGS.includes(k) && /^[AT9KQJ7][SHDC]$/.test(v)) out[k] = cardPlain(v, style);
    else if (k === "suit" && /^[SHDC]$/.test(v)) out[k] = t(`suit.${style}.${v}`);
    else if (k === "cards") out[k] = v.split(" ").filter(Boolean).map((c) => cardPlain(c, style)).join(", ");
    else if (k === "option") out[k] = t(`refuse.option.${v}`);
    else if (k === "seat") out[k] = String(Number(v) + 1);
    else out[k] = v;
  }
  return out;
}
