// The wire's two readers (web/js/net/messages.js): a guest's messages as the host reads them
// (issue 22), and the host's as a guest reads them, as strictly (issue 43: a hostile host could
// break a guest's drawing). What a message may then cause is host.js's (net-host.test.mjs).
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { ACTION_TYPES, depthOver, readGuestMessage, readHostMessage, shipHands, joinHands } from "../../web/js/net/messages.js";


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
  { t: "hello", name: "Ann", token: null, prefs: { auto_reveal: true, offers: "refuse_below_fair" }, promise: null },
  { t: "hello", name: "Მარიამ", token: "aB3_-xyz0123456789", prefs: {}, promise: "ab".repeat(32) },
  { t: "act", action: { seat: 1, type: "bid", price: 7 }, since: 17 },
  { t: "act", action: { seat: 1, type: "offer", price: 2, target: 0, card: 1 }, since: 0 },
  { t: "act", action: { seat: 1, type: "pass" }, since: 3 },
  { t: "prefs", prefs: { auto_reveal: false } },
  { t: "coach" },
  { t: "review", hand: 2 },
  { t: "review", hand: null },
  { t: "take", yes: true },
  { t: "ready", ready: false },
  { t: "back" },
  { t: "say", phrase: "fair", text: null },
  { t: "say", phrase: null, text: "Well, sir!" },
];

test("every message type of the contract is accepted in its shape", () => {
  for (const msg of GOOD) {
    const r = read(msg);
    assert.ok(r.ok, `${JSON.stringify(msg)}: ${r.ok ? "" : r.message}`);
    assert.deepEqual(r.msg, msg);
  }
  for (const type of ACTION_TYPES) assert.ok(read({ t: "act", action: { seat: 1, type }, since: 0 }).ok, type);
  assert.deepEqual(read({ t: "review" }).msg, { t: "review", hand: null });
  // an older page's hello, without a promise, reads as holding none
  assert.equal(read({ t: "hello", name: "Ann", token: null, prefs: {} }).msg.promise, null);
});

test("each message is refused outside its shape", () => {
  const BAD = [
    [], null, 7, '"act"', { t: "save" }, { t: "new_match" }, { op: "act" }, { t: "snapshot" },
    { t: "hello", name: "Ann", prefs: {} },
    { t: "hello", name: "Ann", token: "short", prefs: {} },
    { t: "hello", name: "Ann", token: "has spaces in it", prefs: {} },
    { t: "hello", name: "Ann", token: null },
    { t: "hello", name: "Ann", token: null, prefs: [] },
    { t: "hello", name: "Ann", token: null, prefs: { auto_reveal: "yes" } },
    { t: "hello", name: "Ann", token: null, prefs: { offers: "Refuse All!" } },
    { t: "hello", name: "Ann", token: null, prefs: {}, promise: "AB".repeat(32) }, { t: "hello", name: "Ann", token: null, prefs: {}, promise: 7 },
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
    { t: "take" }, { t: "take", yes: "yes" },
    { t: "say" }, { t: "say", phrase: "fair", text: "too" }, { t: "say", phrase: "<b>", text: null }, { t: "say", phrase: null, text: 5 },
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

test("a friend's name follows the engine's rule (names.js): refused with the engine's own codes, cleaned when kept", () => {
  const hello = (name) => ({ t: "hello", name, token: null, prefs: {} });
  for (const [name, code] of [["", "bad_name"], ["A".repeat(25), "bad_name"], ["Ann\nBob", "bad_name"], [5, "bad_name"],
    ["   ", "invisible_name"], ["\u200b\u200b", "invisible_name"], ["\u200b\u2063\u3164", "invisible_name"], ["\u202e", "invisible_name"]]) {
    const r = read(hello(name));
    assert.equal(r.ok, false, JSON.stringify(name));
    assert.equal(r.code, code, JSON.stringify(name));
    assert.match(r.message, /Your name/);
  }
  // bidi controls are removed (the host's log, lobby and strips show the engine's name only)
  assert.equal(read(hello("\u202eecirP ynnaF")).msg.name, "ecirP ynnaF");
  assert.equal(read(hello("  Ann  ")).msg.name, "Ann");
});

// ------------------------------------------------------------------ the host's messages

const SEATS = [{ seat: 0, name: "Julia", kind: "human" }, { seat: 1, name: "Ann", kind: "human" }, { seat: 2, name: "Henry", kind: "bot" }];
const VIEW = { seat: 1, to_act: 1, phase: "sale", stage: "playing", seats: SEATS, hands: [], last_hand: null, match_over: false,
  legal: [{ type: "keep", seat: 1 }] };
const STATE = { t: "state", view: VIEW, known: 0, events: [{ type: "kept", index: 6, text: "Julia keeps." }], lines: [{ text: "Henry: “mine”", cls: "reason" }],
  next: 7, commitment: "ab".repeat(32) };
const HELLO = { version: "1", protocol: 3, options: [], presets: [], bots: [], limits: { players: { min: 2, max: 8 }, name: { max_length: 40 } } };
const HOST_GOOD = [
  { t: "welcome", seat: 1, token: "ab".repeat(16), table: "0123456789abcdef", host: "Julia", allow: { coach: true, review: false, chat: true }, hello: HELLO },
  { t: "welcome", seat: 1, token: "ab".repeat(16), table: "0123456789abcdef", host: "Julia", allow: { coach: true, review: true, chat: false }, hello: null },
  STATE, { ...STATE, commitment: null }, { t: "ack" }, { t: "refused", code: "stale", message: "Too late." },
  { t: "refused", code: "busy", message: "Wait.", of: "coach" }, { t: "coach", advice: { text: "Keep it." } }, { t: "review", review: { you: "+1" } },
  { t: "seats", seats: [{ seat: 1, name: "Ann", status: "away", ready: false }], turn: null, watching: 0 },
  { t: "seats", seats: [{ seat: 1, name: "Ann", status: "here", ready: false }], turn: { seat: 1, ms: 30000 }, watching: 2 },
  { t: "allow", allow: { coach: false, review: false, chat: true } },
  { t: "record", record: { seed: 5 } }, { t: "offer_table", from: "Julia" },
  { t: "table", snapshot: "SNAP", roster: { v: 1 }, log: [{ text: "x", cls: "" }] }, { t: "moved", host: "Ann" }, { t: "removed" }, { t: "bye" },
  { t: "said", seat: 2, name: "Bo", text: "A fair price!" },
];

/** @param {unknown} msg @param {number | null} [seat] */
const hostRead = (msg, seat = 1) => readHostMessage(typeof msg === "string" ? msg : JSON.stringify(msg), { seat });

test("every host message of the contract is read in its shape", () => {
  for (const msg of HOST_GOOD) {
    const r = hostRead(msg);
    assert.ok(r.ok, `${JSON.stringify(msg).slice(0, 80)}: ${r.ok ? "" : r.message}`);
    assert.equal(r.msg.t, msg.t);
  }
  // a state's known fields only
  const r = hostRead({ ...STATE, snapshot: "SNAP", seed: 7 });
  assert.ok(r.ok);
  assert.deepEqual(Object.keys(r.msg).sort(), ["commitment", "events", "known", "lines", "next", "t", "view"]);
});

test("a hostile host's message is refused with a sentence, never thrown, whatever it holds (issue 43)", () => {
  const BAD = [
    null, [], 7, "\"text\"", { t: "eval" }, { op: "act" },
    { ...STATE, lines: [null] }, { ...STATE, lines: "all" }, { ...STATE, lines: [{ text: 5, cls: "" }] },
    { ...STATE, view: { ...VIEW, seats: [null] } }, { ...STATE, view: { ...VIEW, seats: [] } },
    { ...STATE, view: { ...VIEW, seats: [SEATS[1], SEATS[0], SEATS[2]] } },
    { ...STATE, view: { ...VIEW, seat: -5 } }, { ...STATE, view: { ...VIEW, seat: 7 } }, { ...STATE, view: { ...VIEW, seat: 0, legal: [] } },
    { ...STATE, view: { ...VIEW, to_act: 9 } }, { ...STATE, view: { ...VIEW, legal: [{ type: "keep", seat: 0 }] } },
    { ...STATE, view: { ...VIEW, legal: [{ type: "steal", seat: 1 }] } }, { ...STATE, view: null }, { ...STATE, view: { ...VIEW, hands: null } },
    { ...STATE, events: [null] }, { ...STATE, events: [{ type: "kept", index: -1 }] }, { ...STATE, next: "7" }, { ...STATE, known: -1 }, { ...STATE, known: "2" }, { ...STATE, known: undefined },
    { ...STATE, commitment: "not hex" }, { ...STATE, commitment: "AB".repeat(32) },
    { ...HOST_GOOD[0], seat: -5 }, { ...HOST_GOOD[0], seat: 16 }, { ...HOST_GOOD[0], seat: 1.5 }, { ...HOST_GOOD[0], token: "short" },
    { ...HOST_GOOD[0], table: "XYZ" }, { ...HOST_GOOD[0], allow: null }, { ...HOST_GOOD[0], hello: { limits: null } },
    { ...HOST_GOOD[0], hello: { ...HELLO, limits: { players: { min: 2, max: 99 } } } },
    { t: "seats", seats: [null] }, { t: "seats", seats: [{ seat: -1, name: "A", status: "here", ready: false }] },
    { t: "seats", seats: [{ seat: 1, name: "A", status: "king", ready: false }] }, { t: "seats", seats: "all" },
    { t: "seats", seats: [{ seat: 1, name: "A", status: "here" }] }, { t: "seats", seats: [{ seat: 1, name: "A", status: "here", ready: 1 }] },
    { t: "seats", seats: [], turn: { seat: -1, ms: 5 } }, { t: "seats", seats: [], turn: { seat: 1, ms: -5 } }, { t: "seats", seats: [], turn: 7 },
    { t: "seats", seats: [], turn: null }, { t: "seats", seats: [], turn: null, watching: -1 }, { t: "seats", seats: [], turn: null, watching: "2" },
    { t: "refused", code: "<b>", message: "x" }, { t: "refused", code: "x", message: "x", of: "save" },
    { t: "coach", advice: "x" }, { t: "record", record: null }, { t: "allow", allow: { coach: "yes", review: true } },
    { t: "table", snapshot: 5, roster: {}, log: [] }, { t: "table", snapshot: "S", roster: {}, log: [null] },
    { t: "said", seat: 1, name: "Bo", text: "a\nb" }, { t: "said", seat: 1, name: "Bo", text: "" }, { t: "said", seat: -1, name: "Bo", text: "hi" },
    { t: "said", seat: 1, name: "Bo", text: "x".repeat(500) },
  ];
  for (const msg of BAD) {
    let r;
    assert.doesNotThrow(() => { r = hostRead(msg); }, JSON.stringify(msg));
    assert.equal(r.ok, false, `accepted: ${JSON.stringify(msg)?.slice(0, 120)}`);
    assert.equal(r.code, "bad_message");
    assert.ok(r.message.length > 10);
  }
  assert.equal(hostRead("[".repeat(5000) + "]".repeat(5000)).code, "too_deep");
  assert.equal(hostRead(`{"t":"bye","pad":"${"x".repeat(1_100_000)}"}`).code, "too_large");
  assert.equal(hostRead("{oops").code, "bad_json");
});

test("a view of another seat is refused once the guest has its seat; before its welcome, any seat the table has", () => {
  assert.equal(hostRead({ ...STATE, view: { ...VIEW, seat: 0, legal: [] } }, 1).ok, false);
  assert.ok(hostRead({ ...STATE, view: { ...VIEW, seat: 0, legal: [] } }, null).ok);
  assert.match(hostRead({ ...STATE, view: { ...VIEW, seat: 0, legal: [] } }, 1).message, /seat 1, not yours/);
});

test("names the host sends are cleaned by the engine's rule: no bidi control reaches a guest's strip", () => {
  const r = hostRead({ t: "seats", seats: [{ seat: 1, name: "\u202eAnn", status: "away", ready: false }, { seat: 2, name: "\u200b", status: "here", ready: false }], turn: null, watching: 0 });
  assert.deepEqual(r.msg.seats.map((x) => x.name), ["Ann", "a friend"]);
  assert.equal(hostRead({ t: "moved", host: "\u2067Bo\u2069" }).msg.host, "Bo");
});

test("a hand's result crosses the wire once: a view carries only the hands the device does not hold (issue 44, item 8)", () => {
  const hands = [1, 2, 3, 4].map((number) => ({ number }));
  const full = { seat: 1, hands };
  // a device holding two hands gets the third and fourth only, and the count of the ones left out
  const shipped = shipHands(/** @type {any} */ (full), 2);
  assert.deepEqual(shipped, { view: { seat: 1, hands: hands.slice(2) }, known: 2 });
  assert.deepEqual(full.hands.length, 4, "the host's own view is not changed");
  assert.deepEqual(joinHands(hands.slice(0, 2), shipped.view.hands, shipped.known), hands);
  // a device that holds them all gets none; a fresh device gets them all
  assert.deepEqual(shipHands(/** @type {any} */ (full), 4).view.hands, []);
  assert.deepEqual(shipHands(/** @type {any} */ (full), 0), { view: full, known: 0 });
  // a new match's view (fewer hands than held) goes whole, and the device starts over
  const fresh = { seat: 1, hands: [{ number: 1 }] };
  assert.deepEqual(shipHands(/** @type {any} */ (fresh), 4), { view: fresh, known: 0 });
  assert.deepEqual(joinHands(hands, fresh.hands, 0), [{ number: 1 }]);
  // a host that counts more hands than the device holds is told so, not believed
  assert.match(/** @type {string} */ (joinHands(hands.slice(0, 1), [], 3)), /counted 3 hands as sent, but this table has 1/);
});

test("an onlooker reads the spectator's view only: no seat's view, no moves (issue 44, item 7)", () => {
  const watchRead = (msg) => readHostMessage(JSON.stringify(msg), { seat: "watch" });
  const spectator = { ...VIEW, seat: null, legal: [] };
  assert.ok(watchRead({ ...STATE, view: spectator }).ok);
  assert.match(watchRead({ ...STATE, view: { ...VIEW, legal: [] } }).message, /onlooker the view of a seat/);
  assert.match(watchRead({ ...STATE, view: { ...spectator, legal: [{ type: "keep", seat: 1 }] } }).message, /moves to an onlooker/);
  // a friend never takes a spectator's view for their own
  assert.equal(hostRead({ ...STATE, view: spectator }).ok, false);
  // an onlooker's welcome has no seat
  assert.ok(hostRead({ ...HOST_GOOD[1], seat: null }, null).ok);
});
