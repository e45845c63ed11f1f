// node --test: the match store (web/js/match-store.js) is the table's one state and one writer:
// a drawing takes the events logged since the last one, the log keeps its cap, subscribers see
// every state in order (even when one of them dispatches), and an unknown message is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMatchStore, reduce, initialState, orderOf } from "../../web/js/match-store.js";

const seats = [
  { seat: 0, name: "Julia", kind: "human", chips: 20, stack: 3, revealed: [], busted: false, dealer: true },
  { seat: 1, name: "Mary", kind: "bot", bot: "casual/mary", chips: 20, stack: 3, revealed: [], busted: false, dealer: false },
  { seat: 2, name: "Aunt", kind: "bot", bot: "casual/henry", chips: 20, stack: 3, revealed: [], busted: false, dealer: false },
];
const hello = { bots: [{ id: "casual/mary", name: "Mary" }, { id: "casual/henry", name: "Henry" }] };
const view = (extra = {}) => ({ seat: 0, to_act: 0, phase: "sale", seats, hands: [], legal: [], ...extra });

test("a drawing takes the events logged since the last one, and the log keeps them in order", () => {
  const store = createMatchStore();
  store.dispatch({ type: "events", events: [{ type: "deal", text: "Hand 1 is dealt." }, { type: "upcard", text: "The upcard is the 7♥." }] });
  assert.equal(store.getState().pending.length, 2);
  store.dispatch({ type: "show", view: view() });
  const s = store.getState();
  assert.deepEqual(s.events.map((e) => e.type), ["deal", "upcard"]);
  assert.deepEqual(s.pending, []);
  assert.deepEqual(s.log, [{ text: "Hand 1 is dealt.", cls: "hand-sep" }, { text: "The upcard is the 7♥.", cls: "" }]);
  store.dispatch({ type: "show", view: view() });
  assert.deepEqual(store.getState().events, [], "a second drawing has no events of its own");
  assert.equal(store.getState().draws, 2);
});

test("the log keeps its last logCap items; clearing it is a new epoch", () => {
  let s = initialState({ logCap: 3 });
  for (const n of [1, 2, 3, 4, 5]) s = reduce(s, { type: "log", text: `line ${n}` });
  assert.deepEqual(s.log.map((i) => i.text), ["line 3", "line 4", "line 5"]);
  assert.equal(reduce(s, { type: "log", text: "" }), s, "an empty line changes nothing");
  const cleared = reduce(s, { type: "clear_log" });
  assert.deepEqual(cleared.log, []);
  assert.equal(cleared.logEpoch, s.logEpoch + 1);
});

test("the view drawn is the engine's own, and hello is kept beside it", () => {
  const store = createMatchStore();
  store.dispatch({ type: "hello", hello: /** @type {any} */ (hello) });
  const v = view();
  store.dispatch({ type: "show", view: v });
  assert.equal(store.getState().view, v, "nothing in the view is re-derived by the page");
  assert.equal(store.getState().hello, hello);
});

test("a drawing counts the finished hands; reset forgets the match but keeps the holder unless told", () => {
  const store = createMatchStore({ holder: 2 });
  store.dispatch({ type: "show", view: view({ hands: [{ number: 1 }, { number: 2 }] }) });
  assert.equal(store.getState().hands, 2);
  store.dispatch({ type: "reset", hands: Infinity });
  const s = store.getState();
  assert.equal(s.view, null);
  assert.equal(s.holder, 2);
  assert.equal(s.hands, Infinity);
  store.dispatch({ type: "reset", holder: null });
  assert.equal(store.getState().holder, null);
});

test("becoming idle counts a tick; busy does not", () => {
  const store = createMatchStore();
  store.dispatch({ type: "busy", state: "busy" });
  store.dispatch({ type: "busy", state: "idle" });
  store.dispatch({ type: "busy", state: "idle" });
  assert.equal(store.getState().tick, 2);
  assert.equal(store.getState().busy, "idle");
});

test("subscribers see every state in order, even when one of them dispatches", () => {
  const store = createMatchStore();
  /** @type {string[]} */
  const seen = [];
  store.subscribe((s, prev, msg) => {
    seen.push(`a:${msg.type}:${s.holder}`);
    if (msg.type === "holder" && s.holder === 1) store.dispatch({ type: "autoplay", on: false });
  });
  const off = store.subscribe((s, prev, msg) => { seen.push(`b:${msg.type}:${s.holder}:${prev.holder}`); });
  store.dispatch({ type: "holder", seat: 1 });
  assert.deepEqual(seen, ["a:holder:1", "b:holder:1:null", "a:autoplay:1", "b:autoplay:1:1"]);
  assert.equal(store.getState().autoplay, false);
  off();
  store.dispatch({ type: "holder", seat: 0 });
  assert.equal(seen.length, 5, "an unsubscribed listener hears nothing more");
});

test("an unknown message is refused with its name, and the state is unchanged", () => {
  const store = createMatchStore();
  const before = store.getState();
  assert.throws(() => store.dispatch(/** @type {any} */ ({ type: "fly" })), /no message \{"type":"fly"\}/);
  assert.equal(store.getState(), before);
  store.dispatch({ type: "holder", seat: 3 });
  assert.equal(store.getState().holder, 3, "the store still works after a refused message");
});

test("watchTable: a newly finished hand once, before that drawing; every move's events as logged", async () => {
  const { watchTable } = await import("../../web/js/match-store.js");
  const store = createMatchStore();
  const seen = [];
  const off = watchTable(store, {
    drawn: (v, how) => seen.push(`drawn:${v.hands.length}:${how.controls}`),
    handEnded: (v, h) => seen.push(`hand:${h.number}`),
    events: (evs) => seen.push(`events:${evs.length}`),
  });
  const one = { number: 1 };
  store.dispatch({ type: "events", events: [{ type: "hand_won", text: "Julia wins." }] });
  store.dispatch({ type: "show", view: view({ hands: [one], last_hand: one, legal: [] }) });
  store.dispatch({ type: "show", view: view({ hands: [one], last_hand: one, legal: [{ type: "deal", seat: 0 }] }), controls: true });
  store.dispatch({ type: "reset", hands: Infinity }); // an embed's scenario: hands already finished are not news
  store.dispatch({ type: "show", view: view({ hands: [one, { number: 2 }], last_hand: { number: 2 } }) });
  assert.deepEqual(seen, ["events:1", "hand:1", "drawn:1:false", "drawn:1:true", "drawn:2:false"]);
  off();
  store.dispatch({ type: "show", view: view() });
  assert.equal(seen.length, 5);
});

// ------------------------------------------------------------------ the buy orders' slice

test("a buy order is placed once a buyer: a new one replaces it where it stood", () => {
  let s = initialState();
  assert.deepEqual(s.orders, []);
  s = reduce(s, { type: "order", buyer: 2, owner: 1, price: 4 });
  s = reduce(s, { type: "order", buyer: 0, owner: 1, price: 3 });
  s = reduce(s, { type: "order", buyer: 2, owner: 3, price: 5 });
  assert.deepEqual(s.orders, [{ buyer: 2, owner: 3, price: 5 }, { buyer: 0, owner: 1, price: 3 }],
    "the note lists them in the order first placed");
  assert.deepEqual(orderOf(s, 0), { buyer: 0, owner: 1, price: 3 });
  assert.equal(orderOf(s, 1), undefined);
  assert.equal(orderOf(s, null), undefined, "a spectator has no order");
});

const answer = (usedOrder, note = null) => ({ action: { type: "offer", seat: 0, owner: 1, price: 3 }, note, usedOrder });

test("a standing answer that sent an order uses it up, its buyer's only; cancel takes them all", () => {
  let s = initialState();
  s = reduce(s, { type: "order", buyer: 0, owner: 1, price: 3 });
  s = reduce(s, { type: "order", buyer: 2, owner: 1, price: 4 });
  assert.equal(reduce(s, { type: "standing", seat: 0, answer: answer(false) }), s, "an answer that sent no order: the same state");
  const used = reduce(s, { type: "standing", seat: 0, answer: answer(true) });
  assert.deepEqual(used.orders, [{ buyer: 2, owner: 1, price: 4 }]);
  assert.equal(reduce(used, { type: "standing", seat: 0, answer: answer(true) }), used, "no order of that buyer: the same state");
  const none = reduce(s, { type: "orders_cancel" });
  assert.deepEqual(none.orders, []);
  assert.equal(reduce(none, { type: "orders_cancel" }), none, "nothing to cancel: the same state, no subscriber told");
});

test("a drawing that finishes a hand takes its orders away, and so does a reset; other drawings keep them", () => {
  const store = createMatchStore();
  store.dispatch({ type: "show", view: view({ hands: [] }) });
  store.dispatch({ type: "order", buyer: 0, owner: 1, price: 3 });
  store.dispatch({ type: "show", view: view({ hands: [] }) });
  assert.equal(store.getState().orders.length, 1, "the same hand: the order waits");
  store.dispatch({ type: "show", view: view({ hands: [{ number: 1 }], last_hand: { number: 1 } }) });
  assert.deepEqual(store.getState().orders, [], "the hand is over: so are its orders");
  store.dispatch({ type: "order", buyer: 0, owner: 2, price: 4 });
  store.dispatch({ type: "reset", hands: 0 });
  assert.deepEqual(store.getState().orders, [], "another match (one resumed from the list, an import) is drawn: " +
    "an order placed in the last one would be sent in it");
});

test("subscribers are told of each change to the orders, with the message", () => {
  const store = createMatchStore();
  const seen = [];
  store.subscribe((s, prev, msg) => { if (s.orders !== prev.orders) seen.push([msg.type, s.orders.length]); });
  store.dispatch({ type: "order", buyer: 0, owner: 1, price: 3 });
  store.dispatch({ type: "standing", seat: 1, answer: answer(true) });
  store.dispatch({ type: "standing", seat: 0, answer: answer(true) });
  store.dispatch({ type: "orders_cancel" });
  assert.deepEqual(seen, [["order", 1], ["standing", 0]]);
});

test("a standing answer's note is logged as the player's own automatic line", () => {
  const s = reduce(initialState(), { type: "standing", seat: 0, answer: answer(true, "Your order was sent: 3 chips to Mary.") });
  assert.deepEqual(s.log, [{ text: "Your order was sent: 3 chips to Mary.", cls: "auto" }]);
});
