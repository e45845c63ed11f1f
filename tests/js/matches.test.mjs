// matches.js's pure parts: the page repairs its own part of a save (issue 14: a log that is an
// object or holds null, a seat out of range) and recognises what an imported file holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cleanUi, holderFor, readImport, describeSave } from "../../web/js/matches.js";

test("a log that is not a list of {text, cls} strings is repaired, not refused", () => {
  assert.deepEqual(cleanUi({ log: { text: "x" } }).log, []);
  assert.deepEqual(cleanUi({ log: [null, 5, { text: 7 }, { text: "kept", cls: "hand-sep" }, { text: "y", cls: "<b>" }] }).log,
    [{ text: "kept", cls: "hand-sep" }, { text: "y", cls: "" }]);
  assert.deepEqual(cleanUi(null), { holder: null, seenHand: null, log: [] });
  assert.equal(cleanUi({ log: Array.from({ length: 400 }, (_, i) => ({ text: `l${i}`, cls: "" })) }).log.length, 150);
});

test("an old save's log loses the seed it wrote when the match started", () => {
  // With the seed anyone could replay the engine and read the face-down cards (docs/protocol.md).
  const log = [{ text: "A new match: Julia, Mary, Henry, Edmund. Seed 123456789.", cls: "hand-sep" },
    { text: "Mary takes the pot. Seed 5.", cls: "" }];
  assert.deepEqual(cleanUi({ log }).log.map((x) => x.text),
    ["A new match: Julia, Mary, Henry, Edmund.", "Mary takes the pot. Seed 5."]);
});

test("a holder is a person's seat of this match, else null", () => {
  const view = { seats: [{ kind: "human" }, { kind: "bot" }] };
  assert.equal(holderFor(cleanUi({ holder: 0 }).holder, view), 0);
  for (const holder of [1, 99, -1, 0.5, "0", true]) assert.equal(holderFor(cleanUi({ holder }).holder, view), null);
});

test("an imported file is a save, a record, or a clear error", () => {
  const stored = JSON.stringify({ v: 1, snapshot: "S", ui: { holder: 0 } });
  assert.deepEqual(readImport(JSON.stringify({ saved_game: stored })), { kind: "save", snapshot: "S", ui: { holder: 0 } });
  assert.equal(readImport(stored).kind, "save");
  assert.equal(readImport('{"format": "speculation-snapshot", "version": 2}').kind, "save");
  assert.equal(readImport('{"players": ["A", "B"], "actions": []}').kind, "record");
  assert.throws(() => readImport("not json"), /not JSON/);
  assert.throws(() => readImport("[1, 2]"), /not a saved match or a game record/);
  assert.throws(() => readImport('{"saved_game": "{"}'), /damaged/);
});

test("the saved list names a match by its players and hand", () => {
  const raw = JSON.stringify({ match: "m1", saved: "2026-01-01T00:00:00Z", ui: { summary: { players: ["You", "Mary"], hand: 3, over: false } } });
  assert.deepEqual(describeSave(raw), { match: "m1", title: "You, Mary — hand 3", saved: "2026-01-01T00:00:00Z" });
  assert.equal(describeSave("garbage").title, "A match");
});
