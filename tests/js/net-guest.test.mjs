// node --test: a guest at a friend's table (web/js/net/guest.js) with no browser: a fake channel
// for the host and the real match store. The guest is a client: it reads every host message
// strictly, puts each `state` into the store (its own controls on its own turn), sends clicks
// with the log index it saw, pins the match's first promise, takes a handed-over table only after
// its player said yes and never at the cost of a saved match, and survives a hostile host.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { createMatchStore } from "../../web/js/match-store.js";
import { createGuest } from "../../web/js/net/guest.js";
import { SAVE_KEY } from "../../web/js/storage.js";
import { MATCHES_KEY, KEEP_MATCHES } from "../../web/js/matches.js";

function memory() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => { m.set(k, String(v)); }, removeItem: (k) => { m.delete(k); } };
}
beforeEach(() => { globalThis.localStorage = memory(); });

const ICE = { ufrag: "abcd", pwd: "0123456789abcdefghijkl", role: "active", candidates: [{ address: "127.0.0.1", port: 5000, protocol: "udp", type: "host" }],
  fingerprint: Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0").toUpperCase()).join(":") };
const INVITE = { kind: "invite", table: "0123456789abcdef", seat: 1, created: 1_000_000_000, host: "Julia", stun: false, ice: ICE };
const SEATS = [{ seat: 0, name: "Julia", kind: "human" }, { seat: 1, name: "Ann", kind: "human" }, { seat: 2, name: "Henry", kind: "bot" }];
const view = (toAct, extra = {}) => ({ seat: 1, to_act: toAct, phase: "sale", stage: "playing", seats: SEATS, hands: [], last_hand: null,
  match_over: false, legal: toAct === 1 ? [{ type: "keep", seat: 1 }] : [], ...extra });
const PROMISE = "ab".repeat(32);
const WELCOME = { t: "welcome", seat: 1, token: "ab".repeat(16), table: INVITE.table, host: "Julia", allow: { coach: true, review: true, chat: true }, hello: null };
const state = (toAct, next, commitment = PROMISE) => ({ t: "state", view: view(toAct), known: 0, events: [], lines: [], next, commitment });

async function joined() {
  const sent = [];
  let deliver = () => {};
  const channel = { send: (m) => sent.push(JSON.parse(JSON.stringify(m))), onMessage: (fn) => { deliver = fn; }, onStatus() {}, close() { channel.closed = true; } };
  const peer = () => ({ reply: Promise.resolve(ICE), channel: Promise.resolve(channel), close() {} });
  const store = createMatchStore({});
  const logged = [];
  const table = { store, hello: null, resultOpen: () => false, reset: (how) => store.dispatch({ type: "reset", ...how }),
    log: (text) => logged.push(text) };
  let tookTable = 0;
  const guest = createGuest({ invite: INVITE, table, peer, now: () => 1_000_000_010_000, onTable: () => { tookTable++; } });
  const code = await guest.join("Ann", { auto_reveal: true, offers: "ask" });
  await new Promise((r) => setTimeout(r, 0));
  const from = (m) => deliver(typeof m === "string" ? m : JSON.stringify(m));
  return { guest, store, sent, from, code, logged, channel, took: () => tookTable };
}

test("the guest says hello with its name and preferences, and takes the seat the host gives", async () => {
  const { guest, store, sent, from, code } = await joined();
  assert.match(code, /^[A-Za-z0-9_-]{20,}$/);
  assert.deepEqual(sent[0], { t: "hello", name: "Ann", token: null, prefs: { auto_reveal: true, offers: "ask" }, promise: null });
  from(WELCOME);
  assert.equal(guest.state().phase, "playing");
  assert.deepEqual(store.getState().here, [1], "this device plays seat 1 only");
  assert.equal(JSON.parse(localStorage.getItem("speculation:friends:guest:v1")).token, "ab".repeat(16));
});

test("a name the engine would refuse never leaves the page (zero-width spaces, issue 43)", async () => {
  const guest = createGuest({ invite: INVITE, table: /** @type {any} */ ({}), peer: () => { throw new Error("no peer for a refused name"); } });
  await assert.rejects(guest.join("\u200b\u200b"), /no visible character/);
});

test("the host's views are drawn (controls on its own turn only); a move carries the log index seen and a refusal is said", async () => {
  const { guest, store, sent, from } = await joined();
  from(WELCOME);
  from({ ...state(2, 7), events: [{ type: "kept", index: 6, text: "Julia keeps." }] });
  assert.equal(store.getState().view.to_act, 2);
  assert.equal(store.getState().controls, false, "Henry's move is the host's to play");
  from(state(1, 7));
  assert.equal(store.getState().controls, true, "its own decision: the controls");
  const moving = guest.client.act({ type: "keep", seat: 1 });
  assert.deepEqual(sent.at(-1), { t: "act", action: { type: "keep", seat: 1 }, since: 7 });
  assert.equal(store.getState().busy, "busy");
  from({ t: "refused", code: "stale", message: "The table changed before this move arrived: it was not made.", of: "act" });
  await moving;
  assert.match(store.getState().notice.text, /table changed/);
  assert.equal(store.getState().busy, "idle");
});

test("the first promise is pinned: a different one mid-match is refused and said; after the record, a new match may promise anew", async () => {
  const { guest, from, logged } = await joined();
  from(WELCOME);
  from(state(2, 7));
  assert.equal(guest.state().promise, "abababab");
  assert.ok(logged.some((l) => l.includes("abababab")), "the promise's first digits are on the table");
  from(state(2, 9, "cd".repeat(32)));
  assert.match(guest.state().broken, /changed its promise at move 9/);
  assert.equal(guest.state().promise, "abababab", "the first promise stays");
  assert.equal(JSON.parse(localStorage.getItem("speculation:friends:guest:v1")).promise, PROMISE, "kept across a reload");
});

test("a pinned promise survives a reload: a host that re-promises after the guest rejoins is caught", async () => {
  localStorage.setItem("speculation:friends:guest:v1", JSON.stringify({ table: INVITE.table, seat: 1, token: "ab".repeat(16), host: "Julia", promise: PROMISE }));
  const { guest, from } = await joined();
  from(WELCOME);
  from(state(2, 20, "cd".repeat(32)));
  assert.match(guest.state().broken, /changed its promise/);
});

test("after the record is released, the next match at the same table (Play again) is pinned anew on a fresh table", async () => {
  const { guest, store, from } = await joined();
  from(WELCOME);
  from({ ...state(2, 7), events: [{ type: "kept", index: 6, text: "Julia keeps." }] });
  store.dispatch({ type: "seen_hand", number: 3 });
  from({ t: "record", record: { seed: 1 } });
  from(state(2, 0, "cd".repeat(32)));
  assert.equal(guest.state().broken, "");
  assert.equal(guest.state().promise, "cdcdcdcd");
  assert.equal(store.getState().seenHand, null, "the table was reset for the new match");
  assert.deepEqual(store.getState().here, [1], "the same seat");
});

test("a handed-over table is taken only after this player said yes (issue 43)", async () => {
  const { guest, from, sent, took } = await joined();
  from(WELCOME);
  const roster = { v: 1, table: INVITE.table, hostName: "Ann", host: 1, friends: [{ seat: 0, name: "Julia", token: "cd".repeat(16), bot: false }] };
  from({ t: "table", snapshot: "SNAP", roster, log: [] });
  assert.equal(localStorage.getItem(SAVE_KEY), null, "unasked, a table is refused");
  assert.equal(took(), 0);
  from({ t: "offer_table", from: "Julia" });
  assert.equal(guest.state().offer, "Julia");
  assert.equal(guest.answerOffer(true), null);
  assert.deepEqual(sent.at(-1), { t: "take", yes: true });
  from({ t: "table", snapshot: "SNAP", roster: { ...roster, host: 2 }, log: [] });
  assert.equal(localStorage.getItem(SAVE_KEY), null, "a roster naming another host is ignored");
  from({ t: "table", snapshot: "SNAP", roster, log: [] });
  const save = JSON.parse(localStorage.getItem(SAVE_KEY));
  assert.equal(save.snapshot, "SNAP");
  assert.equal(save.ui.friends.host, 1);
  assert.equal(took(), 1);
  assert.equal(guest.state().phase, "closed");
});

test("taking a table never evicts a saved match: with Saved matches full, a yes is sent as a no and the reason given", async () => {
  const { guest, from, sent } = await joined();
  const full = Array.from({ length: KEEP_MATCHES }, (_, i) => ({ key: `m${i}`, match: `x${i}`, title: "A match", saved: "2026-01-01", raw: "{}", gen: 1 }));
  localStorage.setItem(MATCHES_KEY, JSON.stringify(full));
  localStorage.setItem(SAVE_KEY, JSON.stringify({ v: 1, saved: "2026-01-01", match: "mine", gen: 1, snapshot: "MINE", ui: {} }));
  from(WELCOME);
  from({ t: "offer_table", from: "Julia" });
  assert.match(guest.answerOffer(true), /Saved matches are full/);
  assert.deepEqual(sent.at(-1), { t: "take", yes: false });
  from({ t: "table", snapshot: "SNAP", roster: { v: 1, table: INVITE.table, hostName: "Ann", host: 1, friends: [] }, log: [] });
  assert.equal(JSON.parse(localStorage.getItem(SAVE_KEY)).snapshot, "MINE", "this device's own match is untouched");
  assert.equal(JSON.parse(localStorage.getItem(MATCHES_KEY)).length, KEEP_MATCHES);
});

test("a hostile host's malformed messages are refused with a line on the table; nothing is thrown or drawn", async () => {
  const { guest, store, from } = await joined();
  from(WELCOME);
  from(state(2, 7));
  const before = store.getState().view;
  for (const bad of [{ ...state(2, 8), lines: [null] }, { ...state(2, 8), view: { ...view(2), seats: [null] } },
    { ...state(2, 8), view: { ...view(2), seat: 0 } }, { ...WELCOME, seat: -5 }, "[".repeat(5000), "{oops", { t: "eval" }]) {
    assert.doesNotThrow(() => from(bad));
    assert.match(store.getState().notice.text, /cannot use/);
  }
  assert.equal(store.getState().view, before, "nothing malformed reached the table");
  assert.equal(guest.state().seat, 1);
});

test("the guest keeps the finished hands the host sent and adds the new ones; a host counting hands it never sent is refused (issue 44, item 8)", async () => {
  const { store, from } = await joined();
  from(WELCOME);
  const h = (number) => ({ number });
  from({ ...state(2, 11), view: view(2, { hands: [h(1), h(2)] }), known: 0 });
  assert.deepEqual(store.getState().view.hands, [h(1), h(2)]);
  from({ ...state(2, 12), view: view(2, { hands: [h(3)] }), known: 2 });
  assert.deepEqual(store.getState().view.hands, [h(1), h(2), h(3)], "the two held and the one sent");
  from({ ...state(2, 13), view: view(2, { hands: [] }), known: 3 });
  assert.deepEqual(store.getState().view.hands, [h(1), h(2), h(3)]);
  from({ ...state(1, 14), view: view(1, { hands: [h(9)] }), known: 7 });
  assert.equal(store.getState().view.to_act, 2, "nothing drawn from a state that does not fit");
  assert.match(store.getState().notice?.text ?? "", /counted 7 hands as sent, but this table has 3/);
  // a welcome (the host's, after a reconnection) starts the count again
  from(WELCOME);
  from({ ...state(2, 15), view: view(2, { hands: [h(1)] }), known: 0 });
  assert.deepEqual(store.getState().view.hands, [h(1)]);
});

test("a friend who reloads holding an ended match's promise says so, and its record releases the pin (no false alarm)", async () => {
  localStorage.setItem("speculation:friends:guest:v1", JSON.stringify({ table: INVITE.table, seat: 1, token: "ab".repeat(16), host: "Julia", promise: PROMISE }));
  const { guest, sent, from } = await joined();
  assert.equal(sent[0].promise, PROMISE, "the hello names the promise this device holds");
  from(WELCOME);
  from({ t: "record", record: { seed: 1 } }); // the host releases the match that ended while away
  assert.equal(JSON.parse(localStorage.getItem("speculation:friends:guest:v1")).promise, undefined, "a reload now pins afresh");
  from(state(2, 0, "cd".repeat(32)));
  assert.equal(guest.state().broken, "");
  assert.equal(guest.state().promise, "cdcdcdcd");
});
