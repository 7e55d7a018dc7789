// The browser's copy of the rules (web/js/engine.js, web/js/scoring.js) against the rules
// crate, without a browser: the fixtures are written by
// `cargo run --release -p binokel-ai --example js_fixtures` (docs/web.md, "The JavaScript
// copy of the rules"). Run with `node --test web/test/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BUILTIN_PRESETS, replayRules, replayDeal } from "../js/engine.js";
import { LAST_TRICK_BONUS, DEAL_CARD_POINTS } from "../js/scoring.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const catalog = fixture("rules.json");
const records = fixture("records.json");

test("the built-in presets of engine.js equal the rules crate's", () => {
  const server = Object.fromEntries(catalog.presets.map((p) => [p.name, p.options]));
  assert.deepEqual(BUILTIN_PRESETS, server);
  // And in the same order: the pages list them in it.
  assert.deepEqual(Object.keys(BUILTIN_PRESETS), Object.keys(server));
  assert.deepEqual(Object.keys(BUILTIN_PRESETS.standard), catalog.options.map((o) => o.name));
});

test("the scoring constants of scoring.js equal the rules crate's", () => {
  assert.equal(LAST_TRICK_BONUS, catalog.scoring.last_trick_bonus);
  assert.equal(DEAL_CARD_POINTS, catalog.scoring.deal_card_points);
});

test("the fixtures cover every preset", () => {
  const covered = new Set(records.map((r) => (typeof r.record.rules === "string" ? r.record.rules : r.record.rules.preset)));
  assert.deepEqual([...covered].sort(), catalog.presets.map((p) => p.name).sort());
});

for (const { name, record, verdict } of records) {
  test(`the replay of ${name} agrees with the referee`, () => {
    assert.equal(verdict.legal, true, `${name}: the fixture is a legal record`);
    const rules = replayRules(record.rules);
    assert.equal(record.deals.length, verdict.deals.length);
    const totals = Array(rules.players).fill(0);
    record.deals.forEach((deal, i) => {
      const want = verdict.deals[i];
      const steps = replayDeal(rules, deal);
      const end = steps[steps.length - 1];
      const what = `${name} deal ${i}`;
      assert.equal(end.phase === "done", want.complete, `${what}: complete`);
      if (!want.complete) return;
      assert.deepEqual(end.tricks, want.tricks, `${what}: tricks`);
      assert.deepEqual(end.points, want.card_points, `${what}: card points`);
      if (end.melds) assert.deepEqual(end.melds.map((m) => m.total), want.melds, `${what}: melds`);
      assert.deepEqual(end.scores, want.scores, `${what}: scores`);
      end.scores.forEach((x, s) => (totals[s] += x));
    });
    assert.deepEqual(totals, verdict.totals, `${name}: totals`);
  });
}
