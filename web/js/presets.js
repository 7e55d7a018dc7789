// The rule presets the server plays: each preset's seats, target and changed options
// (option names as in docs/rules.md), and the preset name of a record's or a table's
// rules value. Read by the start page, the rules page, the table and the replay.

/** Each preset: its seats, its target and the options it changes. */
export const PRESETS = {
  standard: { players: 3, target: 1500, hand: 15, tapp: 3, opening: 150, options: {} },
  swabian: {
    players: 3,
    target: 1500,
    hand: 15,
    tapp: 3,
    opening: 200,
    options: { opening: "200", raise: "jumps", bury_meld_cards: "forbidden", rundgang: "on", calling: "on", low: "seven" },
  },
  dutch: {
    players: 3,
    target: 1000,
    hand: 15,
    tapp: 3,
    opening: 150,
    options: {
      low: "seven",
      auction: "open",
      all_pass: "dealer_plays",
      first_lead: "soloist",
      family_pair: "included",
      opponents_need_trick: "no",
      failed_bonus: "30",
      rounding: "ten",
      target: "1000",
      match_end: "highest",
      bettel: "on",
    },
  },
  forty: { players: 3, target: 1500, hand: 12, tapp: 4, opening: 150, options: { pack: "40" } },
  kreuz: { players: 4, target: 500, hand: 10, tapp: 8, opening: 150, options: { players: "4", target: "500", match_end: "highest" } },
  "two-player": { players: 2, target: 1000, hand: 12, tapp: 0, opening: 0, options: { players: "2", target: "1000", match_end: "highest" } },
};

/** The preset name of a record's rules value (a name or an object). */
export function presetName(rules) {
  if (typeof rules === "string") return rules;
  if (rules && typeof rules.preset === "string") return rules.preset;
  return "standard";
}
