// The embed's inputs (web/js/embed/params.js): its URL parameters, each problem a sentence
// naming the culprit, and the host messages it accepts (exactly one well-formed command).
// Also who plays each seat (web/js/embed/players.js). docs/embedding.md; issue 21.
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { NS, VERSION, hostCommand, parseEmbedParams } from "../../web/js/embed/params.js";
import { DEFAULT_PLAYERS, botForName, liveSettings, recordPlayers } from "../../web/js/embed/players.js";

const PACES = ["instant", "fast", "normal", "slow"];
const SELF = "https://game.example";
const parse = (search) => parseEmbedParams(search, SELF, PACES);

test("a scenario link: its parameters, with the defaults for the rest", () => {
  const { config, problems } = parse("?embed=1&scenario=upcard-auction&step=3&seat=1&theme=dark&pace=fast&autoplay=0");
  assert.deepEqual(problems, []);
  assert.deepEqual(config, { scenario: "upcard-auction", step: 3, theme: "dark", autoplay: false, seat: 1,
    pace: "fast", origin: SELF });
});

test("the defaults: system theme, normal pace, no seat said, the frame's own origin", () => {
  const { config, problems } = parse("?embed=1");
  assert.deepEqual(problems, []);
  assert.equal(config.theme, "system");
  assert.equal(config.pace, "normal");
  assert.equal(config.autoplay, null);
  assert.equal(config.seat, undefined);
  assert.equal(config.origin, SELF);
  assert.deepEqual(config.settings, {});
});

test("bg is another name for theme; seat=none is nobody's seat; origin must be a bare origin", () => {
  assert.equal(parse("?bg=light").config.theme, "light");
  assert.equal(parse("?seat=none").config.seat, null);
  assert.equal(parse("?origin=https%3A%2F%2Fhost.example").config.origin, "https://host.example");
  const { config, problems } = parse("?origin=https%3A%2F%2Fhost.example%2Fpage");
  assert.equal(config.origin, SELF);
  assert.match(problems[0], /^the origin must be the host page's origin/);
});

test("every bad parameter is named, and the defaults stay", () => {
  const { config, problems } = parse("?scenario=ace-upcard&theme=purple&autoplay=perhaps&seat=x&pace=warp&frobnicate=2&theme=dark");
  assert.equal(config.theme, "system");
  assert.equal(config.pace, "normal");
  assert.deepEqual(problems, [
    "“frobnicate” is not a parameter the embed knows",
    "the parameter “theme” is given 2 times",
    "the theme must be light, dark or system, not “purple”",
    "the pace must be instant, fast, normal or slow, not “warp”",
    "autoplay must be 1 or 0, not “perhaps”",
    "the seat must be a seat number or “none”, not “x”",
  ]);
});

test("a scenario fixes its players and rules; step applies only to a scenario", () => {
  assert.match(parse("?scenario=ace-upcard&p=human:Fanny").problems[0], /a scenario fixes its own players, rules and cards, so “p”/);
  assert.match(parse("?scenario=Bad_Name").problems[0], /is not a scenario name/);
  assert.match(parse("?scenario=ace-upcard&step=-1").problems[0], /^the step must be a whole number/);
  assert.deepEqual(parse("?step=2").problems, ["“step” only applies to a scenario"]);
});

test("a live deal's settings come from the shared link reader", () => {
  const { config, problems } = parse("?p=human:Fanny&p=bot:casual/mary:Mary&preset=hoyle1847&rule.max_hands=1");
  assert.deepEqual(problems, []);
  assert.deepEqual(config.settings, { players: [{ name: "Fanny", kind: "human" }, { name: "Mary", kind: "bot", bot: "casual/mary" }],
    preset: "hoyle1847", rules: { max_hands: "1" } }); // typed later, with the engine's options
  assert.deepEqual(parse("?seed=x").problems.slice(-1), ["the seed must be a whole number"]);
});

const msg = (fields) => ({ ns: NS, v: VERSION, ...fields });

test("well-formed host messages give their command and nothing else", () => {
  assert.deepEqual(hostCommand(msg({ type: "step", by: 1 })), { type: "step", by: 1 });
  assert.deepEqual(hostCommand(msg({ type: "step", to: 0 })), { type: "step", to: 0 });
  assert.deepEqual(hostCommand(msg({ type: "restart" })), { type: "restart" });
  assert.deepEqual(hostCommand(msg({ type: "new-deal", seed: 42 })), { type: "new-deal", seed: 42 });
  assert.deepEqual(hostCommand(msg({ type: "autoplay", on: true })), { type: "autoplay", on: true });
});

test("any other message is refused", () => {
  const good = msg({ type: "step", by: 1 });
  for (const bad of [
    { ...good, ns: "other" }, { ...good, v: 2 }, { ...good, type: "explode" }, { ...good, by: "1" },
    { ...good, by: 0 }, { ...good, by: 1001 }, { ...good, extra: true }, msg({ type: "autoplay", on: "yes" }),
    msg({ type: "step" }), { ...good, to: 3 }, msg({ type: "new-deal", seed: -1 }), msg({ type: "toString" }),
    "step", null, [good], Object.assign(Object.create({ polluted: true }), good),
  ]) assert.equal(hostCommand(bad), null, JSON.stringify(bad));
});

const HELLO = { bots: ["edmund", "mary", "fanny", "lady_bertram"].flatMap((p) => ["beginner", "casual"].map((l) => ({
  id: `${l}/${p}`, personality: p, level: l, baseline: false }))).concat([{ id: "base/random", personality: "", level: "", baseline: true }]) };

test("a record's seats: its own bot per seat (meta.bots), the reader at theirs", () => {
  const record = { players: ["Lady Bertram", "Fanny", "Julia"], meta: { bots: ["casual/lady_bertram", "beginner/fanny", "casual/edmund"] } };
  assert.deepEqual(recordPlayers(record, 1, HELLO), [
    { name: "Lady Bertram", kind: "bot", bot: "casual/lady_bertram" }, { name: "Fanny", kind: "human" },
    { name: "Julia", kind: "bot", bot: "casual/edmund" }]);
  assert.ok(recordPlayers(record, null, HELLO).every((p) => p.kind === "bot"));
});

test("without meta.bots a seat gets a bot for its name (a link that names people)", () => {
  assert.equal(botForName(HELLO, "Mary Crawford"), "casual/mary");
  assert.equal(botForName(HELLO, "Julia"), "casual/edmund");
  assert.equal(botForName({ bots: [] }, "Mary"), null);
  assert.deepEqual(recordPlayers({ players: ["Mary", "Tom"] }, 1, { bots: [] }), [{ name: "Mary", kind: "bot" }, { name: "Tom", kind: "human" }]);
});

test("a live deal: the reader at the first person's seat, the computer everywhere else", () => {
  const config = parse("?p=human:Fanny&p=human:Edmund&p=bot:beginner/mary:Mary&seed=7").config;
  const live = liveSettings(config, HELLO);
  assert.deepEqual(live, { seat: 0, settings: { seed: 7, players: [{ name: "Fanny", kind: "human" },
    { name: "Edmund", kind: "bot", bot: "casual/edmund" }, { name: "Mary", kind: "bot", bot: "beginner/mary" }] } });
  assert.deepEqual(liveSettings(parse("?seat=none").config, HELLO),
    { seat: null, settings: { players: DEFAULT_PLAYERS.map((p) => ({ name: p.name, kind: "bot", bot: p.bot ?? "casual/fanny" })) } });
  assert.match(liveSettings(parse("?seat=9").config, HELLO).problem ?? "", /^seat 9 does not exist: there are 4 players/);
});
