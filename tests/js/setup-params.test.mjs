// Link parameters (web/js/setup.js settingsFromUrl): decimal whole numbers only, visible names,
// bidi controls removed, every problem a sentence naming the culprit. Issue 14.
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { parseLinkInteger, parseLinkName, settingsFromUrl } from "../../web/js/setup.js";

const OPTIONS = [
  { name: "ante", type: "int" },
  { name: "dead_hand", type: "bool" },
  { name: "sale_methods", type: "set" },
  { name: "facedown_buying", type: "choice" },
];
const parse = (search) => settingsFromUrl(OPTIONS, search);

test("a well-formed link gives its settings and no problem", () => {
  const { settings, problems } = parse("?p=human:Fanny&p=bot:expert/mary:Mary%20Crawford&preset=hoyle1847&seed=1814"
    + "&rule.ante=5&rule.dead_hand=true&rule.sale_methods=firm,auction&rule.facedown_buying=off");
  assert.deepEqual(problems, []);
  assert.deepEqual(settings, {
    players: [{ name: "Fanny", kind: "human" }, { name: "Mary Crawford", kind: "bot", bot: "expert/mary" }],
    preset: "hoyle1847", seed: 1814,
    rules: { ante: 5, dead_hand: true, sale_methods: ["firm", "auction"], facedown_buying: "off" },
  });
});

test("seed= with nothing after it is a problem, not seed 0", () => {
  const { settings, problems } = parse("?seed=");
  assert.equal(settings.seed, undefined);
  assert.deepEqual(problems, ["the seed is empty: it must be a whole number"]);
});

for (const bad of ["0x10", "1e3", "-1", "+5", "1.5", " 7", "7 ", "٣", "Infinity", "0b11", "12abc"]) {
  test(`seed=${JSON.stringify(bad)} is refused, never read as another number`, () => {
    const { settings, problems } = parse(`?seed=${encodeURIComponent(bad)}`);
    assert.equal(settings.seed, undefined);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^the seed must be a whole number in decimal digits/);
  });
}

test("the largest exact seed is read; one more is too large", () => {
  assert.equal(parse("?seed=9007199254740991").settings.seed, 2 ** 53 - 1);
  assert.equal(parse("?seed=0").settings.seed, 0);
  assert.equal(parse("?seed=007").settings.seed, 7);
  const { settings, problems } = parse("?seed=9007199254740993");
  assert.equal(settings.seed, undefined);
  assert.match(problems[0], /is too large/);
});

test("two seeds are a problem", () => {
  assert.match(parse("?seed=1&seed=2").problems[0], /2 values for “seed”/);
});

test("integer rules are decimal too; bad booleans are named", () => {
  const { settings, problems } = parse("?rule.ante=0x10&rule.dead_hand=yes&rule.ante=");
  assert.deepEqual(settings.rules, {});
  assert.deepEqual(problems, [
    "the rule “ante” must be a whole number in decimal digits, not “0x10”",
    "the rule “dead_hand” must be true or false, not “yes”",
    "the rule “ante” is empty: it must be a whole number",
  ]);
  assert.equal(parse("?rule.ante=-3").settings.rules.ante, -3); // the engine says it is too low
});

test("unknown rules go to the engine, which names them", () => {
  assert.deepEqual(parse("?rule.wild=1").settings.rules, { wild: "1" });
});

for (const [label, raw] of [["zero-width space", "\u200b"], ["Hangul filler", "\u3164\u3164"],
  ["spaces", "   "], ["soft hyphen", "\u00ad"], ["bidi controls only", "\u202e\u2066\u200f"],
  ["braille blank", "\u2800"]]) {
  test(`a name of ${label} only is refused with a sentence`, () => {
    const { settings, problems } = parse(`?p=human:${encodeURIComponent(raw)}&p=human:Edmund`);
    assert.deepEqual(settings.players, [{ name: "Edmund", kind: "human" }]);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^the player name “.*” has no visible character$/);
    assert.doesNotMatch(problems[0], /[\u200b\u202e\u2066\u200f]/u, "the sentence shows code points, not the characters");
  });
}

test("bidi controls are removed from names, which keep their visible text", () => {
  const { settings, problems } = parse(`?p=human:${encodeURIComponent("\u202eFanny\u202c")}`
    + `&p=bot:expert/mary:${encodeURIComponent("Mary \u2067Crawford\u2069\u200f")}`);
  assert.deepEqual(problems, []);
  assert.deepEqual(settings.players.map((p) => p.name), ["Fanny", "Mary Crawford"]);
});

test("a link's name is judged by the engine's own rule (names.js): too long is a problem, not a later refusal", () => {
  const { settings, problems } = parse(`?p=human:${"F".repeat(41)}&p=human:Edmund`);
  assert.deepEqual(settings.players, [{ name: "Edmund", kind: "human" }]);
  assert.match(problems[0], /^the player name “F+…” is longer than 40 characters$/);
});

test("control characters in a name are a problem", () => {
  const { problems } = parse(`?p=human:${encodeURIComponent("Fan\nny")}`);
  assert.match(problems[0], /contains a control character/);
});

test("empty names get a default, as before; a player of another kind is not understood", () => {
  const { settings, problems } = parse("?p=human:&p=bot:expert/mary&p=alien:X");
  assert.deepEqual(settings.players, [{ name: "Player", kind: "human" },
    { name: "expert/mary", kind: "bot", bot: "expert/mary" }]);
  assert.match(problems[0], /^the player “alien:X” is not understood/);
});

test("names may hold colons and non-Latin letters", () => {
  const { settings } = parse(`?p=human:${encodeURIComponent("Lady: Bertram")}&p=human:${encodeURIComponent("ファニー")}`);
  assert.deepEqual(settings.players.map((p) => p.name), ["Lady: Bertram", "ファニー"]);
});

test("the helpers on their own", () => {
  assert.deepEqual(parseLinkInteger("42", "x"), { value: 42 });
  assert.deepEqual(parseLinkInteger("-4", "x", { negative: true }), { value: -4 });
  assert.ok(parseLinkInteger("-4", "x").problem);
  assert.deepEqual(parseLinkName("  Fanny  ", "P"), { value: "Fanny" });
  assert.deepEqual(parseLinkName("", "P"), { value: "P" });
  assert.ok(parseLinkName("\u200b", "P").problem);
});
