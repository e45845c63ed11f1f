// node --test: web/js/stats.js reads back the statistics store whatever its shape: a store of
// the wrong shape (hand-edited, damaged, blocked) is repaired or ignored, never thrown, and the
// totals the Statistics dialog shows are computed from what is left (issue 25).
import { test } from "node:test";
import assert from "node:assert/strict";
import { STATS_KEY, readStats, recordMatch, totals } from "../../web/js/stats.js";

function memory(value) {
  return { getItem: (k) => (k === STATS_KEY ? value : null), setItem() {}, removeItem() {} };
}

const good = { id: "5:A|B:40", date: "2026-12-01T10:00:00.000Z", name: "Fanny", players: ["Fanny", "Mary"],
  won: true, chips: 12, score: 3.5, trades: 4, best: { text: "bought the 9H", gain: 6 }, worst: null,
  takeBacks: 0, hands: 10 };

test("an entry stored before take-backs existed reads as none; a match with take-backs is counted", () => {
  const { takeBacks: _t, ...old } = good;
  const { s, t } = read(JSON.stringify({ v: 1, matches: [old, { ...good, takeBacks: 2 }, { ...good, takeBacks: "x" }] }));
  assert.deepEqual(s.matches.map((m) => m.takeBacks), [0, 2, 0]);
  assert.equal(t.withTakeBacks, 1);
});

/** readStats over a stored text, then the totals of what it read. */
function read(text) {
  globalThis.localStorage = memory(text);
  const s = readStats();
  return { s, t: totals(s.matches) };
}

test("a well-formed store reads back as it was", () => {
  const { s, t } = read(JSON.stringify({ v: 1, matches: [good] }));
  assert.deepEqual(s.matches, [good]);
  assert.deepEqual([t.played, t.won, t.chips, t.score, t.best?.gain], [1, 1, 12, 3.5, 6]);
});

const hostile = {
  "a null match": { v: 1, matches: [null] },
  "score and best null": { v: 1, matches: [{ score: null, best: null }] },
  "best a number": { v: 1, matches: [{ ...good, best: 7, worst: "x" }] },
  "chips a string": { v: 1, matches: [{ ...good, chips: "12" }] },
  "players not a list": { v: 1, matches: [{ ...good, players: 3, name: 4, won: "yes" }] },
  "matches an object": { v: 1, matches: { 0: good } },
  "a number": 3,
  "a list": [good],
};

for (const [name, value] of Object.entries(hostile)) {
  test(`a store with ${name} is read without throwing`, () => {
    const { s, t } = read(JSON.stringify(value));
    for (const m of s.matches) {
      assert.equal(typeof m.chips, "number");
      assert.equal(typeof m.score, "number");
      assert.ok(Array.isArray(m.players));
      for (const tr of [m.best, m.worst]) assert.ok(tr === null || (typeof tr.text === "string" && typeof tr.gain === "number"));
    }
    assert.ok(Number.isFinite(t.chips) && Number.isFinite(t.score));
  });
}

test("only the bad matches are dropped; a good one's bad trade is cleared", () => {
  const { s } = read(JSON.stringify({ v: 1, matches: [null, { score: null }, { ...good, best: 7 }, good] }));
  assert.equal(s.matches.length, 2);
  assert.equal(s.matches[0].best, null);
  assert.deepEqual(s.matches[1], good);
});

test("text that is not JSON, and a store that throws (blocked), read as empty", () => {
  assert.deepEqual(read("{not json").s.matches, []);
  globalThis.localStorage = { getItem() { throw new Error("SecurityError"); } };
  assert.deepEqual(readStats().matches, []);
});

/** A fake engine: the record and review of a finished match, and the requests it was sent. */
function engine({ meta } = {}) {
  const sent = [];
  return {
    sent,
    async request(req) {
      sent.push(req.op);
      if (req.op === "record") return { ok: true, record: { seed: 9, players: ["Fanny", "Mary"], actions: [{}, {}], ...(meta ? { meta } : {}) } };
      return { ok: true, review: { score: 1.5, trades: [], best: null, worst: null } };
    },
  };
}
const over = { match_over: true, match_outcome: { winners: [0] }, hands: [{ chips_before: [100, 100] }],
  seats: [{ name: "Fanny", chips: 104 }, { name: "Mary", chips: 96 }] };

function writable() {
  let stored = null;
  globalThis.localStorage = { getItem: (k) => (k === STATS_KEY ? stored : null), setItem: (_k, v) => { stored = v; }, removeItem() {} };
  return () => readStats().matches;
}

test("a finished match is recorded once", async () => {
  const matches = writable();
  const m = await recordMatch(engine(), over, 0);
  assert.equal(m?.won, true);
  assert.equal(await recordMatch(engine(), over, 0), null);
  assert.deepEqual(matches().map((x) => [x.id, x.chips, x.score]), [["9:Fanny|Mary:2", 4, 1.5]]);
});

test("a practice match (the guided first hand) is never counted (issue 26)", async () => {
  const matches = writable();
  const e = engine();
  assert.equal(await recordMatch(e, { ...over, practice: true }, 0), null);
  assert.deepEqual(e.sent, []); // not even asked for its record
  // a record marked practice by the engine is not counted either
  assert.equal(await recordMatch(engine({ meta: { practice: true } }), over, 0), null);
  assert.deepEqual(matches(), []);
});

test("the practice hand stored by older builds is not counted", () => {
  const old = { ...good, id: "1814:Fanny|Edmund|Mary:30", score: -3.2 };
  const { s, t } = read(JSON.stringify({ v: 1, matches: [old, good] }));
  assert.deepEqual(s.matches, [good]);
  assert.equal(t.played, 1);
});
