// node --test: web/js/site/people.js, who is who at the site's table and the settings of
// "Play" and of a rematch (from the engine's record, which withholds the seed and the decks
// while the match is played: docs/protocol.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultBuyer, humans, mySeat, quickSettings, rematchSettings } from "../../web/js/site/people.js";
import { DEFAULT_HUMAN } from "../../web/js/setup.js";

const view = { seats: [{ seat: 0, kind: "bot" }, { seat: 1, kind: "human" }, { seat: 2, kind: "human" }] };

test("the people are the seats no computer plays; the screen's holder comes first", () => {
  assert.deepEqual(humans(view), [1, 2]);
  assert.deepEqual(humans(null), []);
  assert.equal(mySeat(view, null), 1);
  assert.equal(mySeat(view, 2), 2);
  assert.equal(mySeat(null, null), 0);
  assert.equal(defaultBuyer(view, 2), 2);
  assert.equal(defaultBuyer(view, 0), 1, "a computer's seat is never the buyer");
  assert.equal(defaultBuyer(view, null), 1);
  assert.equal(defaultBuyer({ seats: [{ seat: 0, kind: "bot" }] }, null), null);
});

test("Play seats you against the three usual computer players the engine has, for ten hands", () => {
  const hello = { bots: [{ id: "casual/mary" }, { id: "casual/edmund" }, { id: "expert/bold" }] };
  assert.deepEqual(quickSettings(hello), {
    players: [{ name: DEFAULT_HUMAN, kind: "human" }, { name: "Mary", kind: "bot", bot: "casual/mary" },
      { name: "Edmund", kind: "bot", bot: "casual/edmund" }],
    preset: "parlett", rules: { max_hands: 10 },
  });
  assert.equal("seed" in quickSettings(hello), false, "the engine draws the seed");
  assert.deepEqual(quickSettings(null).players, [{ name: DEFAULT_HUMAN, kind: "human" }]);
});

test("a rematch keeps the players and rules; replaying the deals needs the finished match's seed", () => {
  const seats = [{ name: "Fanny", kind: "human" }, { name: "Mary", kind: "bot", bot: "casual/mary" }];
  const over = { players: ["Fanny", "Mary"], seats, rules: { max_hands: 3 }, seed: 42, decks: [["AS"]] };
  assert.deepEqual(rematchSettings(over), { settings: { players: seats, rules: { max_hands: 3 } }, note: "" });
  assert.deepEqual(rematchSettings(over, { sameDeals: true }), {
    settings: { players: seats, rules: { max_hands: 3 }, seed: 42, decks: [["AS"]] },
    note: "The same deals as the match before, in the same order.",
  });
  const playing = { players: ["Fanny", "Mary"], rules: {}, withheld: ["seed", "decks"] };
  assert.deepEqual(rematchSettings(playing, { sameDeals: true }), { problem: "The deals of a match are only known once it is over." });
  assert.deepEqual(rematchSettings(playing).settings.players, [{ name: "Fanny" }, { name: "Mary" }], "an old record names players only");
});
