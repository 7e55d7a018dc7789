// Asking the server for a game review (POST /api/reviews) and going to its page
// (#/review/ID): shared by the replay viewer's and "My games"' Review buttons.

import { t } from "./i18n.js";
import * as api from "./api.js";
import { toast } from "./util.js";

/** Starts (or finds) the review of `{table: CODE}` or `{record: RECORD}` and opens it. */
export async function requestReview(body) {
  try {
    const ans = await api.startReview(body);
    location.hash = `#/review/${ans.id}`;
  } catch (e) {
    toast(reviewError(e));
  }
}

/** A review error in the reader's language where the code is known. */
export function reviewError(e) {
  if (e.code === "busy") return t("review.busy");
  if (e.code === "not_finished") return t("review.not_finished");
  if (e.code === "unknown_review") return t("review.unknown");
  if (e.code === "illegal_record") return t("review.illegal", { message: e.message });
  return e.message;
}
