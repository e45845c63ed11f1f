// The shared link format (web/js/links.js): what the set-up form writes and the embed's "open
// the full game" link, read back by settingsFromUrl. Issue 21.
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  changedRules, hasSettingsInUrl, isSettingsKey, presetValues, settingsFromUrl, settingsToParams, settingsToUrl,
} from "../../web/js/links.js";

const HELLO = {
  options: [
    { name: "ante", type: "int", default: 4 },
    { name: "dead_hand", type: "bool", default: false },
    { name: "sale_methods", type: "set", default: ["auction", "firm"] },
    { name: "facedown_buying", type: "choice", default: "one" },
  ],
  presets: [
    { id: "parlett", name: "Parlett", description: "", rules: {} },
    { id: "hoyle1847", name: "Hoyle", description: "", rules: { ante: 6, dead_hand: true } },
  ],
};

test("presetValues: the options' defaults under the preset's rules; no id is the first preset", () => {
  assert.deepEqual(presetValues(HELLO, "hoyle1847"),
    { ante: 6, dead_hand: true, sale_methods: ["auction", "firm"], facedown_buying: "one" });
  assert.deepEqual(presetValues(HELLO, undefined), presetValues(HELLO, "parlett"));
  assert.deepEqual(presetValues(HELLO, "nonesuch"), { ante: 4, dead_hand: false, sale_methods: ["auction", "firm"], facedown_buying: "one" });
  assert.deepEqual(presetValues(null, "parlett"), {});
});

test("changedRules keeps only what differs, lists compared by value", () => {
  const base = presetValues(HELLO, "parlett");
  assert.deepEqual(changedRules({ ante: 4, sale_methods: ["auction", "firm"], dead_hand: true }, base), { dead_hand: true });
});

const SETTINGS = {
  players: [{ name: "Fanny", kind: "human" }, { name: "Mary Crawford", kind: "bot", bot: "casual/mary" }],
  preset: "hoyle1847", seed: 42, rules: { ante: 5, sale_methods: ["firm"], dead_hand: false },
  decks: [["QH", "2C"], ["AS"]],
};

test("a link is written in the documented order and shape", () => {
  assert.equal(settingsToParams(SETTINGS).toString(),
    "p=human%3AFanny&p=bot%3Acasual%2Fmary%3AMary+Crawford&preset=hoyle1847&seed=42"
    + "&rule.ante=5&rule.sale_methods=firm&rule.dead_hand=false&deck=QH%2C2C&deck=AS");
});

test("round trip: what is written is read back as the same settings", () => {
  const url = new URL(settingsToUrl(SETTINGS, "https://example.org/game/index.html?embed=1#x"));
  assert.equal(url.origin + url.pathname, "https://example.org/game/index.html");
  assert.equal(url.hash, "");
  const { settings, problems } = settingsFromUrl(HELLO.options, url.search);
  assert.deepEqual(problems, []);
  assert.deepEqual(settings, SETTINGS);
});

test("rules equal to the defaults given are left out of the link", () => {
  const q = settingsToParams(SETTINGS, presetValues(HELLO, "hoyle1847"));
  assert.deepEqual([...q.keys()].filter((k) => k.startsWith("rule.")), ["rule.ante", "rule.sale_methods", "rule.dead_hand"]);
  const q2 = settingsToParams({ ...SETTINGS, rules: { ante: 6, dead_hand: true } }, presetValues(HELLO, "hoyle1847"));
  assert.deepEqual([...q2.keys()].filter((k) => k.startsWith("rule.")), []);
});

test("no seed, no preset and no decks write nothing for them; a bot without an id is a person", () => {
  const q = settingsToParams({ players: [{ name: "Tom", kind: "bot" }] });
  assert.equal(q.toString(), "p=human%3ATom");
  assert.equal(settingsToParams({}).toString(), "");
});

test("an empty set rule round-trips as an empty list", () => {
  const q = settingsToParams({ rules: { sale_methods: [] } });
  assert.equal(q.toString(), "rule.sale_methods=");
  assert.deepEqual(settingsFromUrl(HELLO.options, `?${q}`).settings.rules, { sale_methods: [] });
});

test("which parameters are settings", () => {
  for (const k of ["p", "preset", "seed", "deck", "rule.ante"]) assert.ok(isSettingsKey(k), k);
  for (const k of ["embed", "theme", "scenario", "rules", "player"]) assert.ok(!isSettingsKey(k), k);
  assert.equal(hasSettingsInUrl("?embed=1&theme=dark"), false);
  assert.equal(hasSettingsInUrl("?rule.ante=5"), true);
  assert.equal(hasSettingsInUrl(""), false);
});

test("a rule whose value has the wrong shape is a problem and is left out; the rest is kept", () => {
  const { settings, problems } = settingsFromUrl(HELLO.options, "?rule.dead_hand=1&rule.ante=7&rule.facedown_buying=all");
  assert.deepEqual(settings.rules, { ante: 7, facedown_buying: "all" });
  assert.deepEqual(problems, ["the rule “dead_hand” must be true or false, not “1”"]);
});

test("a rule named like an Object property is passed on as text, not read by it", () => {
  const { settings, problems } = settingsFromUrl([{ name: "x", type: "toString" }], "?rule.x=1&rule.constructor=2");
  assert.deepEqual(problems, []);
  assert.deepEqual(settings.rules, { x: "1", constructor: "2" });
});
