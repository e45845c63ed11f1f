// node --test: web/js/last-view.js keeps the felt's part of a view and reads back only what is
// well formed: a malformed stored table is ignored (null), never an exception.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LAST_VIEW_KEY, storeLastView, readLastView, clearLastView } from "../../web/js/last-view.js";

function memory() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => { m.set(k, String(v)); },
    removeItem: (k) => { m.delete(k); },
    map: m,
  };
}

/** A view as the engine sends it (extra fields included: they are not kept). */
function engineView() {
  return {
    seat: 0, phase: "market", to_act: 1, hand: 2, hand_line: { label: "Daily deal · hand", value: "2 of 5" },
    dealer: 1, pot: 14, trump: "H",
    upcard: "9H", upcard_owner: 1, best: { card: "QH", holder: 0 }, dead_hand: null,
    seats: [
      { seat: 0, name: "Fanny", kind: "human", chips: 40, stack: 2, revealed: ["QH"], busted: false, dealer: false },
      { seat: 1, name: "Mary", kind: "bot", bot: "casual/mary", bot_name: "Mary", chips: 31, stack: 3,
        revealed: [], busted: false, dealer: true },
    ],
    seen: ["QH", "9H"], legal: [{ type: "pass", seat: 0 }], prompt: { seat: 1, text: "…", you: "…" },
    odds: { seats: [{ seat: 0, p: "7/10", f: 0.7 }, { seat: 1, p: "3/10", f: 0.3 }], per_card: { p: "1/10", f: 0.1 } }, hands: [{ cards: [["AS"], ["2C"]] }], last_hand: { cards: [["AS"], ["2C"]] },
    match_over: false, match_outcome: null,
  };
}

test("a stored view reads back as the felt's fields only", () => {
  const s = memory();
  assert.equal(storeLastView(engineView(), 0, s), true);
  const got = readLastView(s);
  assert.equal(got.holder, 0);
  assert.deepEqual(Object.keys(got.view).sort(), ["best", "dead_hand", "dealer", "hand", "hand_line", "match_over",
    "odds", "phase", "pot", "seats", "to_act", "trump", "upcard"]);
  assert.deepEqual(got.view.hand_line, { label: "Daily deal · hand", value: "2 of 5" });
  assert.deepEqual(got.view.odds, { seats: [{ seat: 0, p: "7/10", f: 0.7 }, { seat: 1, p: "3/10", f: 0.3 }] });
  assert.equal(got.view.pot, 14);
  assert.deepEqual(got.view.seats.map((x) => [x.name, x.chips, x.stack]), [["Fanny", 40, 2], ["Mary", 31, 3]]);
  assert.equal(got.view.seats[1].bot_name, "Mary");
  // the history (earlier hands' cards), the legal moves and the odds are not kept
  const raw = s.getItem(LAST_VIEW_KEY);
  for (const gone of ["legal", "hands", "last_hand", "seen", "per_card", "AS", "2C"]) assert.ok(!raw.includes(gone), gone);
});

test("a view kept by the site before the hand's heading existed is drawn as that site drew it", () => {
  const s = memory();
  const old = engineView();
  delete old.hand_line;
  storeLastView(old, 0, s);
  assert.deepEqual(readLastView(s).view.hand_line, { label: "Hand", value: "2" });
});

test("no stored view, or a cleared one, reads as null", () => {
  const s = memory();
  assert.equal(readLastView(s), null);
  storeLastView(engineView(), null, s);
  assert.notEqual(readLastView(s), null);
  clearLastView(s);
  assert.equal(readLastView(s), null);
  assert.equal(readLastView(null), null);
});

const BREAKAGES = {
  "not JSON": () => "{not json",
  "JSON null": () => "null",
  "an array": () => "[1,2]",
  "another version": (o) => ({ ...o, v: 2 }),
  "no view": (o) => ({ ...o, view: undefined }),
  "seats not a list": (o) => { o.view.seats = "Fanny"; return o; },
  "one seat": (o) => { o.view.seats = o.view.seats.slice(0, 1); return o; },
  "nine seats": (o) => { o.view.seats = Array.from({ length: 9 }, (_, i) => ({ ...o.view.seats[0], seat: i })); return o; },
  "a seat out of order": (o) => { o.view.seats[1].seat = 5; return o; },
  "a seat with no name": (o) => { delete o.view.seats[0].name; return o; },
  "a name that is not text": (o) => { o.view.seats[0].name = { html: "<b>x</b>" }; return o; },
  "a huge stack": (o) => { o.view.seats[0].stack = 1e9; return o; },
  "a negative stack": (o) => { o.view.seats[0].stack = -1; return o; },
  "a fractional stack": (o) => { o.view.seats[0].stack = 1.5; return o; },
  "chips as text": (o) => { o.view.seats[0].chips = "40"; return o; },
  "an unknown kind": (o) => { o.view.seats[0].kind = "ghost"; return o; },
  "a revealed card that is no card": (o) => { o.view.seats[0].revealed = ["ZZ"]; return o; },
  "a lower-case card": (o) => { o.view.upcard = "9h"; return o; },
  "an upcard that is a number": (o) => { o.view.upcard = 9; return o; },
  "a best trump held by nobody seated": (o) => { o.view.best.holder = 7; return o; },
  "an unknown trump": (o) => { o.view.trump = "X"; return o; },
  "a pot as text": (o) => { o.view.pot = "14"; return o; },
  "no phase": (o) => { delete o.view.phase; return o; },
  "a holder not seated": (o) => ({ ...o, holder: 4 }),
  "a chance above one": (o) => { o.view.odds.seats[0].f = 7; return o; },
  "a chance for nobody seated": (o) => { o.view.odds.seats[0].seat = 6; return o; },
  "a dead hand as text": (o) => { o.view.dead_hand = "3"; return o; },
  "a hand's heading that is not text": (o) => { o.view.hand_line = { label: "Hand", value: 2 }; return o; },
};

for (const [name, breakIt] of Object.entries(BREAKAGES)) {
  test(`a malformed stored view is ignored: ${name}`, () => {
    const s = memory();
    storeLastView(engineView(), 0, s);
    const good = JSON.parse(s.getItem(LAST_VIEW_KEY));
    const bad = breakIt(good);
    s.setItem(LAST_VIEW_KEY, typeof bad === "string" ? bad : JSON.stringify(bad));
    assert.equal(readLastView(s), null);
  });
}

test("a view the felt cannot draw is not stored, and storage that throws is survived", () => {
  const s = memory();
  assert.equal(storeLastView({ seats: [] }, null, s), false);
  assert.equal(s.getItem(LAST_VIEW_KEY), null);
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("full"); }, removeItem() { throw new Error("denied"); } };
  assert.equal(storeLastView(engineView(), 0, refusing), false);
  assert.equal(readLastView(refusing), null);
  clearLastView(refusing);
});

test("storage blocked (reading localStorage throws a SecurityError): no throw, nothing stored (issue 25)", () => {
  const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  Object.defineProperty(globalThis, "localStorage", { configurable: true,
    get() { throw new Error("The operation is insecure."); } });
  try {
    assert.equal(storeLastView(engineView(), 0), false);
    assert.equal(readLastView(), null);
    clearLastView();
  } finally {
    if (had) Object.defineProperty(globalThis, "localStorage", had); else delete globalThis.localStorage;
  }
});
