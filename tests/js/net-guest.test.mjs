// node --test: a guest's page logic (web/js/net/guest.js) with no browser: a fake channel for
// the host, the real match store and driver. The guest's table draws the host's views; its
// engine answers `view` from the host's last message, sends moves with the log index it saw
// and resolves them on the host's answer; it asks nobody for a computer player's move; a
// handed-over table becomes this device's own save only with a well-formed roster.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { createMatchStore } from "../../web/js/match-store.js";
import { createDriver } from "../../web/js/driver.js";
import { createGuest } from "../../web/js/net/guest.js";
import { SAVE_KEY } from "../../web/js/storage.js";

function memory() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => { m.set(k, String(v)); }, removeItem: (k) => { m.delete(k); } };
}
beforeEach(() => { globalThis.localStorage = memory(); });

const ICE = { ufrag: "abcd", pwd: "0123456789abcdefghijkl", role: "active", candidates: [{ address: "127.0.0.1", port: 5000, protocol: "udp", type: "host" }],
  fingerprint: Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0").toUpperCase()).join(":") };
const INVITE = { kind: "invite", table: "0123456789abcdef", seat: 1, created: 1_000_000_000, host: "Julia", stun: false, ice: ICE };
const SEATS = [{ seat: 0, name: "Julia", kind: "human" }, { seat: 1, name: "Ann", kind: "human" }, { seat: 2, name: "Henry", kind: "bot" }];
const view = (toAct) => ({ seat: 1, to_act: toAct, phase: "sale", stage: "playing", seats: SEATS, hands: [], last_hand: null,
  match_over: false, legal: toAct === 1 ? [{ type: "keep", seat: 1 }] : [] });

async function joined() {
  const sent = [];
  let deliver = () => {};
  const channel = { send: (m) => sent.push(JSON.parse(JSON.stringify(m))), onMessage: (fn) => { deliver = fn; }, onStatus() {}, close() {} };
  const peer = () => ({ reply: Promise.resolve(ICE), channel: Promise.resolve(channel), close() {} });
  const store = createMatchStore({});
  /** @type {any} */
  const table = { store, hello: null, reset: (how) => store.dispatch({ type: "reset", ...how }), log: () => {} };
  let tookTable = 0;
  const guest = createGuest({ invite: INVITE, table, peer, now: () => 1_000_000_010_000, onTable: () => { tookTable++; } });
  const driver = createDriver({ store, engine: guest.remote, policy: { guest: true } });
  Object.assign(table, { run: driver.run, advance: driver.advance });
  const code = await guest.join("Ann", { auto_reveal: true, offers: "ask" });
  await new Promise((r) => setTimeout(r, 0));
  const from = (m) => deliver(JSON.stringify(m));
  return { guest, store, driver, sent, from, code, took: () => tookTable };
}

test("the guest says hello with its name and preferences, and takes the seat the host gives", async () => {
  const { guest, store, sent, from, code } = await joined();
  assert.match(code, /^[A-Za-z0-9_-]{20,}$/);
  assert.deepEqual(sent[0], { t: "hello", name: "Ann", token: null, prefs: { auto_reveal: true, offers: "ask" } });
  from({ t: "welcome", seat: 1, token: "ab".repeat(16), table: INVITE.table, host: "Julia" });
  assert.equal(guest.state().phase, "playing");
  assert.deepEqual(store.getState().here, [1], "this device plays seat 1 only");
  assert.equal(JSON.parse(localStorage.getItem("speculation:friends:guest:v1")).token, "ab".repeat(16));
});

test("the host's views are drawn; the guest's moves carry the log index seen and end on the host's answer", async () => {
  const { store, driver, sent, from } = await joined();
  from({ t: "welcome", seat: 1, token: "ab".repeat(16), table: INVITE.table, host: "Julia" });
  from({ t: "state", view: view(2), events: [{ type: "kept", index: 6, text: "Julia keeps." }], lines: [], next: 7 });
  await driver.run(() => {});
  assert.equal(store.getState().view.to_act, 2);
  assert.equal(store.getState().controls, false, "Henry's move is the host's to play");
  from({ t: "state", view: view(1), events: [], lines: [], next: 7 });
  await driver.run(() => {});
  assert.equal(store.getState().controls, true, "its own decision: the controls");
  const moving = driver.run(() => driver.humanAct({ type: "keep", seat: 1 }));
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(sent.at(-1), { t: "act", action: { type: "keep", seat: 1 }, since: 7 });
  from({ t: "refused", code: "stale", message: "The table changed before this move arrived: it was not made." });
  await moving;
  assert.match(store.getState().notice.text, /table changed/);
});

test("a handed-over table becomes this device's save only with a roster that makes it the host", async () => {
  const { guest, from, took } = await joined();
  from({ t: "welcome", seat: 1, token: "ab".repeat(16), table: INVITE.table, host: "Julia" });
  from({ t: "table", snapshot: "SNAP", roster: { v: 1, table: INVITE.table, hostName: "Ann", host: 0, friends: [] } });
  assert.equal(localStorage.getItem(SAVE_KEY), null, "a roster naming another host is ignored");
  assert.equal(took(), 0);
  from({ t: "table", snapshot: "SNAP", roster: { v: 1, table: INVITE.table, hostName: "Ann", host: 1,
    friends: [{ seat: 0, name: "Julia", token: "cd".repeat(16), bot: false }] } });
  const save = JSON.parse(localStorage.getItem(SAVE_KEY));
  assert.equal(save.snapshot, "SNAP");
  assert.equal(save.ui.friends.host, 1);
  assert.equal(took(), 1);
  assert.equal(guest.state().phase, "closed");
});
