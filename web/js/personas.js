// The bots as people meet them: each bot id has a persona, a name that is the same
// everywhere (the create form, the waiting list, the table, the replay), and a strength
// level whose label is translated (`level.<level>`). The server's copy of this table is
// binokel_ai::persona (crates/binokel-ai/src/persona.rs); a browser test keeps them equal.
// A leaf module: it imports nothing.

/** Bot id -> { name, level }. */
export const PERSONAS = {
  beginner: { name: "Benno", level: "beginner" },
  easy: { name: "Frieda", level: "easy" },
  medium: { name: "Gottlieb", level: "medium" },
  hard: { name: "Karle", level: "hard" },
  strong: { name: "Karle", level: "hard" },
  heuristic: { name: "Vroni", level: "club" },
  random: { name: "Zufall", level: "random" },
  "strong-v1": { name: "Karle (v1)", level: "test" },
  "strong-infer": { name: "Karle (infer)", level: "test" },
  "strong-pass": { name: "Karle (pass)", level: "test" },
};

/** The levels offered to people, weakest first. */
export const LEVELS = ["beginner", "easy", "medium", "hard"];

/** The persona of a bot id; an unknown bot is its own name at level "test". */
export function personaOf(botId) {
  return PERSONAS[botId] || { name: String(botId), level: "test" };
}
