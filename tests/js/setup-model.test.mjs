// The set-up form's model (web/js/setup/model.js): the bots grouped into characters and
// levels, the rows a form is filled with, and the settings its values stand for. Issue 21.
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DEFAULT_HUMAN, botChoices, botFor, characterName, fillPlayers, formModel, formSettings, nameFollowsCharacter,
  newBot, newPlayer, presetChoice, rowChoice,
} from "../../web/js/setup/model.js";

const bot = (level, rank, personality, name) => ({
  id: `${level}/${personality}`, name: `${name} (${level})`, level, level_rank: rank, level_name: level,
  personality, personality_name: name, description: `${name}, ${level}`, baseline: false,
});
const BOTS = ["beginner", "casual", "expert"].flatMap((level, rank) => [
  bot(level, [0, 1, 3][rank], "edmund", "Edmund"), bot(level, [0, 1, 3][rank], "mary", "Mary")]);
const HELLO = {
  bots: BOTS,
  options: [{ name: "ante", type: "int", default: 4 }, { name: "dead_hand", type: "bool", default: false }],
  presets: [{ id: "parlett", name: "Parlett", description: "The default", rules: {} },
    { id: "hoyle1847", name: "Hoyle", description: "1847", rules: { ante: 6 } }],
  limits: { players: { min: 2, max: 5 }, seed: { min: 0, max: 2 ** 53 - 1 }, name: { max_length: 24 } },
};
const model = formModel(HELLO);

test("the bots are grouped into characters (catalogue order) and levels (by rank)", () => {
  assert.deepEqual(model.persons.map((p) => [p.id, p.name]), [["edmund", "Edmund"], ["mary", "Mary"]]);
  assert.deepEqual(model.levels.map((l) => l.id), ["beginner", "casual", "expert"]);
  const shuffled = botChoices([BOTS[5], BOTS[0]]);
  assert.deepEqual(shuffled.levels.map((l) => l.id), ["beginner", "expert"]);
});

test("botFor: the character at that level, else the character's first, else the first bot", () => {
  assert.equal(botFor(BOTS, "mary", "expert")?.id, "expert/mary");
  assert.equal(botFor(BOTS, "mary", "grandmaster")?.id, "beginner/mary");
  assert.equal(botFor(BOTS, "nobody", "casual")?.id, "beginner/edmund");
  assert.equal(botFor([], "mary", "casual"), undefined);
});

test("a new row: the first is a person, then each character not yet seated, at the second level", () => {
  assert.deepEqual(newPlayer(model, []), { name: DEFAULT_HUMAN, kind: "human" });
  assert.deepEqual(newPlayer(model, ["Julia"]), { name: "Edmund", kind: "bot", bot: "casual/edmund" });
  assert.deepEqual(newPlayer(model, ["Julia", "Edmund"]), { name: "Mary", kind: "bot", bot: "casual/mary" });
  assert.deepEqual(newPlayer(model, ["Julia", "Edmund", "Mary"]), { name: "Tom", kind: "human" });
});

test("newBot: a computer player for a seat nobody took, never a person, its name not taken", () => {
  // the friends' table started with a friend's seat empty and no match yet: the seat was a
  // person named "Julia", like the host, and the match waited on it
  assert.deepEqual(newBot(model, []), { name: "Edmund", kind: "bot", bot: "casual/edmund" });
  assert.deepEqual(newBot(model, ["Julia", "Ann", "Edmund"]), { name: "Mary", kind: "bot", bot: "casual/mary" });
  assert.deepEqual(newBot(model, ["Edmund", "Mary", "Edmund 2"]), { name: "Edmund 3", kind: "bot", bot: "casual/edmund" });
});

test("fill: four players by default; given players kept up to the maximum and padded to the minimum", () => {
  assert.deepEqual(fillPlayers(model, undefined).map((p) => p.name), ["Julia", "Edmund", "Mary", "Tom"]);
  const six = ["A", "B", "C", "D", "E", "F"].map((name) => ({ name, kind: "human" }));
  assert.equal(fillPlayers(model, six).length, 5);
  assert.deepEqual(fillPlayers(model, [{ name: "Edmund", kind: "human" }]).map((p) => p.name), ["Edmund", "Mary"]);
  const noBots = formModel({ ...HELLO, bots: [] });
  assert.deepEqual(fillPlayers(noBots, []), [{ name: "Julia", kind: "human" }, { name: "Tom", kind: "human" }]);
});

test("a row's menus follow its player: a known bot's character and level, else a person", () => {
  assert.deepEqual(rowChoice(model, { name: "M", kind: "bot", bot: "expert/mary" }), { kind: "bot", person: "mary", level: "expert" });
  assert.deepEqual(rowChoice(model, { name: "M", kind: "bot", bot: "no/such" }), { kind: "human", person: null, level: "casual" });
  assert.deepEqual(rowChoice(model, { name: "Fanny", kind: "human" }), { kind: "human", person: null, level: "casual" });
});

test("a name follows the character while it is empty or a character's name", () => {
  assert.ok(nameFollowsCharacter(model, ""));
  assert.ok(nameFollowsCharacter(model, "Edmund"));
  assert.ok(!nameFollowsCharacter(model, "Edmund Bertram"));
  assert.equal(characterName(model, "mary"), "Mary");
});

test("presetChoice: unknown presets show the first; overrides go over the preset's values", () => {
  assert.equal(presetChoice(model, "nonesuch").preset?.id, "parlett");
  assert.deepEqual(presetChoice(model, "hoyle1847", { dead_hand: true }).values, { ante: 6, dead_hand: true });
});

test("the form's settings: players from the rows, rules that differ from the preset, a typed seed", () => {
  const rows = [{ name: " Fanny ", kind: "human", person: "edmund", level: "casual" },
    { name: "", kind: "bot", person: "mary", level: "expert" }];
  assert.deepEqual(formSettings(model, { players: rows, preset: "hoyle1847", values: { ante: 6, dead_hand: true }, seed: "" }), {
    players: [{ name: "Fanny", kind: "human" }, { name: "Player 2", kind: "bot", bot: "expert/mary" }],
    preset: "hoyle1847", rules: { dead_hand: true },
  });
  const withSeed = formSettings(model, { players: [], preset: "", values: { ante: 4 }, seed: " 1814 " });
  assert.deepEqual(withSeed, { players: [], preset: undefined, rules: {}, seed: 1814 });
});
