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

test("the Play card's Opponents choose the three computer players' level; the sentence says so", async () => {
  const { OPPONENTS, playSentence } = await import("../../web/js/site/people.js");
  const ids = ["beginner", "casual", "skilled", "expert"].flatMap((l) => ["mary", "henry", "edmund"].map((p) => ({ id: `${l}/${p}` })));
  const hello = { bots: ids };
  const bots = (/** @type {string} */ o) => quickSettings(hello, o).players.slice(1).map((p) => p.bot);
  assert.deepEqual(bots("expert"), ["expert/mary", "expert/henry", "expert/edmund"]);
  assert.deepEqual(bots("beginner"), ["beginner/mary", "beginner/henry", "beginner/edmund"]);
  assert.deepEqual(bots("mixed"), ["casual/mary", "skilled/henry", "expert/edmund"]);
  assert.deepEqual(bots("nonsense"), bots("casual"), "an unknown choice plays the default");
  assert.deepEqual(quickSettings(hello, "skilled").players.slice(1).map((p) => p.name), ["Mary", "Henry", "Edmund"]);
  assert.equal(playSentence("expert"), "You against three expert computer players, 10 hands, the usual rules.");
  assert.match(playSentence("mixed"), /a casual, a skilled and an expert computer player/);
  assert.deepEqual(Object.keys(OPPONENTS), ["beginner", "casual", "skilled", "expert", "mixed"]);
});

test("the Play card's choice is stored versioned; a damaged or unknown one reads as the default", async () => {
  const { parsePlayChoice, readPlayChoice, writePlayChoice, PLAY_KEY } = await import("../../web/js/site/play-choice.js");
  assert.deepEqual(parsePlayChoice(null), { opponents: "casual" });
  assert.deepEqual(parsePlayChoice("{bad"), { opponents: "casual" });
  assert.deepEqual(parsePlayChoice(JSON.stringify({ v: 2, opponents: "expert" })), { opponents: "casual" });
  assert.deepEqual(parsePlayChoice(JSON.stringify({ v: 1, opponents: "grandmaster" })), { opponents: "casual" });
  /** @type {Map<string, string>} */
  const store = new Map();
  globalThis.localStorage = /** @type {any} */ ({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) });
  try {
    assert.equal(writePlayChoice({ opponents: "mixed" }), true);
    assert.deepEqual(JSON.parse(store.get(PLAY_KEY) ?? ""), { v: 1, opponents: "mixed" });
    assert.deepEqual(readPlayChoice(), { opponents: "mixed" });
    assert.equal(writePlayChoice({ opponents: "nope" }), false);
    assert.deepEqual(readPlayChoice(), { opponents: "mixed" });
  } finally { delete (/** @type {any} */ (globalThis)).localStorage; }
});

test("take back is offered when the engine's view says so, never at a counted match or with friends", async () => {
  const { takeBackOffered, takeBackState } = await import("../../web/js/site/take-back.js");
  const seats = [{ seat: 0, kind: "human" }, { seat: 1, kind: "bot" }];
  const open = /** @type {any} */ ({ match_over: false, seats, take_back: { offered: true, reason: null } });
  const why = "hand 1 is over and its cards have been shown: a decision in a finished hand cannot be taken back";
  const over = /** @type {any} */ ({ ...open, stage: "hand_over", take_back: { offered: false, reason: why } });
  const two = /** @type {any} */ ({ match_over: false, seats: [{ seat: 0, kind: "human" }, { seat: 1, kind: "human" }] });
  assert.equal(takeBackOffered(open, { here: null, counted: false }), true);
  assert.equal(takeBackOffered(open, { here: null, counted: true }), false, "a daily deal that counts");
  assert.equal(takeBackOffered(open, { here: [0], counted: false }), false, "friends on other devices");
  assert.equal(takeBackOffered(two, { here: null, counted: false }), false, "pass-and-play: the view has no take_back");
  assert.equal(takeBackOffered(null, { here: null, counted: false }), false);
  // the engine's word, not the page's: a finished hand is never reopened, and the reason is the engine's
  assert.deepEqual(takeBackState(over, { here: null, counted: false }), { offered: false, reason: why });
  assert.deepEqual(takeBackState(over, { here: null, counted: true }), { offered: false, reason: null });
  assert.equal(takeBackOffered({ ...open, take_back: undefined }, { here: null, counted: false }), false,
    "a view from before the engine said so");
});
