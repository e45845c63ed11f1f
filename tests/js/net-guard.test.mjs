// The host's gate for guests' messages (web/js/net/messages.js): playing with friends, issue 22.
// Nothing a guest writes reaches the engine except a request the host builds from an
// allowlist (docs/multiplayer.md "Transport").
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { ACTION_TYPES, depthOver, engineRequest, readGuestMessage } from "../../web/js/net/messages.js";

const SEAT = 1;
const BINDING = { seat: SEAT, logNext: 17, allow: { coach: true, review: true } };

/** @param {unknown} value */
const read = (value) => readGuestMessage(typeof value === "string" ? value : JSON.stringify(value));

/** @param {unknown} value @param {string} code */
function refused(value, code) {
  const r = read(value);
  assert.equal(r.ok, false, `accepted: ${JSON.stringify(value)?.slice(0, 100)}`);
  assert.equal(r.code, code, `${JSON.stringify(value)?.slice(0, 100)}: ${r.message}`);
  assert.ok(r.message.length > 10);
}

const GOOD = [
  { t: "hello", name: "Ann", token: null, prefs: { auto_reveal: true, offers: "refuse_below_fair" } },
  { t: "hello", name: "Მარიამ", token: "aB3_-xyz0123456789", prefs: {} },
  { t: "act", action: { seat: 1, type: "bid", price: 7 }, since: 17 },
  { t: "act", action: { seat: 1, type: "offer", price: 2, target: 0, card: 1 }, since: 0 },
  { t: "act", action: { seat: 1, type: "pass" }, since: 3 },
  { t: "prefs", prefs: { auto_reveal: false } },
  { t: "coach" },
  { t: "review", hand: 2 },
  { t: "review", hand: null },
];

test("every message type of the contract is accepted in its shape", () => {
  for (const msg of GOOD) {
    const r = read(msg);
    assert.ok(r.ok, `${JSON.stringify(msg)}: ${r.ok ? "" : r.message}`);
    assert.deepEqual(r.msg, msg);
  }
  for (const type of ACTION_TYPES) assert.ok(read({ t: "act", action: { seat: 1, type }, since: 0 }).ok, type);
  assert.deepEqual(read({ t: "review" }).msg, { t: "review", hand: null });
});

test("each message is refused outside its shape", () => {
  const BAD = [
    [], null, 7, '"act"', { t: "save" }, { t: "new_match" }, { op: "act" }, { t: "snapshot" },
    { t: "hello", name: "", token: null, prefs: {} },
    { t: "hello", name: "   ", token: null, prefs: {} },
    { t: "hello", name: "A".repeat(25), token: null, prefs: {} },
    { t: "hello", name: "Ann\nBob", token: null, prefs: {} },
    { t: "hello", name: 5, token: null, prefs: {} },
    { t: "hello", name: "Ann", prefs: {} },
    { t: "hello", name: "Ann", token: "short", prefs: {} },
    { t: "hello", name: "Ann", token: "has spaces in it", prefs: {} },
    { t: "hello", name: "Ann", token: null },
    { t: "hello", name: "Ann", token: null, prefs: [] },
    { t: "hello", name: "Ann", token: null, prefs: { auto_reveal: "yes" } },
    { t: "hello", name: "Ann", token: null, prefs: { offers: "Refuse All!" } },
    { t: "act", since: 1 },
    { t: "act", action: [], since: 1 },
    { t: "act", action: { type: "bid", price: 7 }, since: 1 },
    { t: "act", action: { seat: "1", type: "bid", price: 7 }, since: 1 },
    { t: "act", action: { seat: 1, type: "steal" }, since: 1 },
    { t: "act", action: { seat: 1, type: "bid", price: 7.5 }, since: 1 },
    { t: "act", action: { seat: 1, type: "bid", price: -1 }, since: 1 },
    { t: "act", action: { seat: 1, type: "bid", price: 1e12 }, since: 1 },
    { t: "act", action: { seat: 1, type: "offer", price: 2, target: "0", card: 1 }, since: 1 },
    { t: "act", action: { seat: 1, type: "offer", price: 2, target: 0, card: [1] }, since: 1 },
    { t: "act", action: { seat: 1, type: "pass" } },
    { t: "act", action: { seat: 1, type: "pass" }, since: -1 },
    { t: "act", action: { seat: 1, type: "pass" }, since: "17" },
    { t: "prefs" },
    { t: "prefs", prefs: { auto_reveal: 1 } },
    { t: "review", hand: 0 },
    { t: "review", hand: "all" },
  ];
  for (const msg of BAD) refused(msg, "bad_message");
  refused("{not json", "bad_json");
  refused("", "bad_json");
  assert.equal(readGuestMessage(/** @type {any} */ ({ t: "coach" })).code, "bad_json"); // not text
});

test("too large and too deep are refused before JSON.parse is reached", () => {
  const parse = JSON.parse;
  let parsed = 0;
  JSON.parse = (...args) => {
    parsed += 1;
    return parse(...args);
  };
  try {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const huge = `{"t":"coach","pad":"${"x".repeat(10_000_000)}"}`;
    const wide = `{"t":"coach","pad":"${"é".repeat(40_000)}"}`; // under 65,536 characters, over in bytes
    // (no clock here: the proof that a huge text costs no parse is that JSON.parse never ran)
    refused(deep, "too_deep");
    refused(deepObject, "too_deep");
    refused(huge, "too_large");
    refused(wide, "too_large");
    assert.equal(parsed, 0);
    // 8 levels pass, 9 do not; brackets inside strings do not count
    assert.equal(readGuestMessage(`${"[".repeat(8)}${"]".repeat(8)}`).code, "bad_message");
    assert.equal(readGuestMessage(`${"[".repeat(9)}${"]".repeat(9)}`).code, "too_deep");
    assert.equal(depthOver('{"t":"[[[[[[[[[[[[\\"[[[[[[["}', 2), false);
    assert.equal(depthOver('{"a":"\\\\"}[[[[', 3), true); // an escaped backslash ends no string
    assert.ok(read({ t: "hello", name: "[[[[{{{{[[[[", token: null, prefs: {} }).ok);
    assert.equal(readGuestMessage('{"t":"coach"}', { maxBytes: 12 }).code, "too_large");
    assert.equal(readGuestMessage('{"t":[["coach"]]}', { maxDepth: 2 }).code, "too_deep");
  } finally {
    JSON.parse = parse;
  }
});

test("act: the request is built with the bound seat, and only the allowed keys", () => {
  const r = engineRequest(read({ t: "act", action: { seat: 1, type: "offer", price: 2, target: 0, card: 1 }, since: 17 }).msg, BINDING);
  assert.deepEqual(r, { ok: true, request: { op: "act", action: { seat: 1, type: "offer", price: 2, target: 0, card: 1 }, viewer: 1 } });
  const pass = engineRequest({ t: "act", action: { seat: 1, type: "pass" }, since: 17 }, BINDING);
  assert.deepEqual(pass, { ok: true, request: { op: "act", action: { seat: 1, type: "pass" }, viewer: 1 } });
});

test("a guest's extra keys never reach the request, read or given raw", () => {
  const forged = {
    t: "act", op: "save", snapshot: "SNAP", seed: 7, viewer: 0,
    action: { seat: 1, type: "bid", price: 7, viewer: 0, op: "load", snapshot: "SNAP", __proto__: { evil: 1 } },
    since: 17,
  };
  const viaRead = read(forged);
  assert.ok(viaRead.ok);
  assert.deepEqual(Object.keys(viaRead.msg), ["t", "action", "since"]);
  for (const msg of [viaRead.msg, forged, JSON.parse(JSON.stringify(forged))]) {
    const r = engineRequest(msg, BINDING);
    assert.ok(r.ok);
    assert.deepEqual(Object.keys(r.request), ["op", "action", "viewer"]);
    assert.deepEqual(Object.keys(r.request.action), ["seat", "type", "price"]);
    assert.equal(r.request.action, r.request.action); // a fresh object:
    assert.notEqual(r.request.action, msg.action);
    assert.doesNotMatch(JSON.stringify(r.request), /save|load|SNAP|seed|evil/);
  }
  const coach = engineRequest({ t: "coach", op: "record", seat: 0 }, BINDING);
  assert.deepEqual(coach, { ok: true, request: { op: "coach", seat: 1 } });
  const review = engineRequest({ t: "review", hand: 2, seat: 0, op: "replay", record: {} }, BINDING);
  assert.deepEqual(review, { ok: true, request: { op: "review", seat: 1, hand: 2 } });
  assert.deepEqual(engineRequest({ t: "review", hand: null }, BINDING), { ok: true, request: { op: "review", seat: 1 } });
});

test("a forged seat is wrong_seat; a since other than the log's next index is stale", () => {
  for (const seat of [0, 2, 7]) {
    const r = engineRequest({ t: "act", action: { seat, type: "pass" }, since: 17 }, BINDING);
    assert.equal(r.code, "wrong_seat");
  }
  for (const since of [0, 16, 18]) {
    const r = engineRequest({ t: "act", action: { seat: 1, type: "pass" }, since }, BINDING);
    assert.equal(r.code, "stale");
  }
});

test("coach and review only when the host allows them", () => {
  const none = { ...BINDING, allow: { coach: false, review: false } };
  assert.equal(engineRequest({ t: "coach" }, none).code, "not_allowed");
  assert.equal(engineRequest({ t: "review", hand: 1 }, none).code, "not_allowed");
  assert.ok(engineRequest({ t: "coach" }, { ...BINDING, allow: { coach: true, review: false } }).ok);
  assert.equal(engineRequest({ t: "review", hand: 1 }, { ...BINDING, allow: { coach: true, review: false } }).code, "not_allowed");
});

test("hello, prefs and anything unknown are no request to the engine", () => {
  for (const msg of [GOOD[0], GOOD[5], { t: "save" }, { op: "act", action: { seat: 1, type: "pass" } }, null, "x"]) {
    assert.equal(engineRequest(msg, BINDING).code, "bad_message", JSON.stringify(msg));
  }
});
