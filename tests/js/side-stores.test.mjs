// node --test: the page's side stores in localStorage (settings, the saved-matches list) read
// back whatever their shape: a value of the wrong type is ignored or repaired, never thrown,
// and a store that throws (storage blocked) reads as its default (issue 25).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SETTINGS_KEY, loadSettings } from "../../web/js/storage.js";
import { MATCHES_KEY, listMatches } from "../../web/js/matches.js";

function memory(key, value) {
  return { getItem: (k) => (k === key ? value : null), setItem() {}, removeItem() {} };
}

const DEFAULTS = (() => { globalThis.localStorage = memory("", null); return loadSettings(); })();

test("settings of the wrong type keep their defaults; the right ones are kept", () => {
  globalThis.localStorage = memory(SETTINGS_KEY, JSON.stringify({ theme: 7, pace: "fast", motion: "no", fourColour: true }));
  const s = loadSettings();
  assert.equal(s.theme, DEFAULTS.theme);
  assert.equal(s.motion, DEFAULTS.motion);
  assert.equal(s.pace, "fast");
  assert.equal(s.fourColour, true);
});

for (const text of ["[1,2]", "null", "3", "\"x\"", "{bad"]) {
  test(`a settings store of ${text} reads as the defaults`, () => {
    globalThis.localStorage = memory(SETTINGS_KEY, text);
    assert.deepEqual(loadSettings(), DEFAULTS);
  });
}

test("blocked storage reads as the defaults and an empty list", () => {
  globalThis.localStorage = { getItem() { throw new Error("SecurityError"); } };
  assert.deepEqual(loadSettings(), DEFAULTS);
  assert.deepEqual(listMatches(), []);
});

test("saved matches of the wrong shape are dropped or repaired", () => {
  const good = { key: "k1", match: "m1", title: "Fanny, Mary", saved: "2026-12-01T10:00:00.000Z", raw: "{}", gen: 2 };
  globalThis.localStorage = memory(MATCHES_KEY, JSON.stringify([
    null, 5, { key: 1, raw: "{}" }, good, { key: "k2", raw: "{}", match: 3, title: null, saved: {}, gen: "2", broken: 4 }]));
  const list = listMatches();
  assert.deepEqual(list[0], good);
  assert.deepEqual(list[1], { key: "k2", raw: "{}", match: null, title: "", saved: "", gen: 0, broken: "This saved match is damaged." });
  assert.equal(list.length, 2);
  globalThis.localStorage = memory(MATCHES_KEY, JSON.stringify({ 0: good }));
  assert.deepEqual(listMatches(), []);
});
