// node --test: the play driver (web/js/driver.js) with no browser and a scripted engine. It
// plays computer players until a person decides, pauses after a hand for people to look at it
// (the site) or plays on (an embed), applies standing answers through `act`, hands the screen
// over in pass-and-play, leaves the table as it was when the engine refuses a move, and stops a
// loop that is no longer wanted. The same driver against the real wheel: tests/node/driver-wheel.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMatchStore, watchTable } from "../../web/js/match-store.js";
import { createDriver } from "../../web/js/driver.js";

const seat = (n, kind, name) => ({ seat: n, name, kind, chips: 20, stack: 3, revealed: [], busted: false, dealer: n === 0 });
const SEATS = [seat(0, "human", "Julia"), seat(1, "bot", "Mary"), seat(2, "bot", "Henry")];
const TWO_PEOPLE = [seat(0, "human", "Julia"), seat(1, "human", "Tom"), seat(2, "bot", "Henry")];
/**
 * A view as the engine sends it. Its `turn` (what the seat to act is asked: the driver paces by
 * it) is the plain one of a turn with no trade under way (`kind` the phase, the seat to act
 * alone); a test of a haggle or an auction states its own.
 */
const view = (extra = {}) => {
  const v = { seat: 0, to_act: 0, phase: "sale", stage: "playing", seats: SEATS, hands: [],
    last_hand: null, match_over: false, legal: [], ...extra };
  return { turn: { seat: v.to_act, kind: v.phase, parties: [v.to_act], bidders: [], facedown: v.phase === "market" }, ...v };
};
/** The turn of a haggle (`turn.parties`: its seller and buyer). */
const haggleTurn = (seller, buyer, context, seat) => ({ seat, kind: "haggle", parties: [seller, buyer], bidders: [], facedown: context === "market" });

/**
 * An engine that answers from a script, in order, and records every request.
 * @param {Array<(req: any) => any>} script
 */
function scripted(script) {
  const requests = [];
  return {
    requests,
    async request(req) {
      requests.push(req);
      const next = script.shift();
      if (!next) throw new Error(`unscripted request ${JSON.stringify(req)}`);
      return next(req);
    },
  };
}
const ok = (op, body) => ({ ok: true, op, ...body });

test("computer players move until a person decides; their reasons are logged before their events", async () => {
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1 }) }),
    () => ok("bot", { reason: "I keep it.", events: [{ type: "keep", text: "Mary keeps the king." }], view: view({ to_act: 2 }) }),
    () => ok("bot", { reason: "Too dear.", events: [{ type: "declined", text: "Henry declines." }],
      view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  const shows = [];
  store.subscribe((s, prev, msg) => { if (msg.type === "show") shows.push({ thinking: s.thinking, controls: s.controls, events: s.events.length }); });
  const driver = createDriver({ store, engine, policy: {} });
  await driver.advance();
  assert.deepEqual(engine.requests.map((r) => r.op), ["view", "bot", "bot"]);
  assert.deepEqual(engine.requests[1], { op: "bot", seat: 1, viewer: 0 });
  assert.deepEqual(shows, [
    { thinking: 1, controls: false, events: 0 },
    { thinking: 2, controls: false, events: 1 }, // Mary's move is drawn while Henry thinks
    { thinking: null, controls: true, events: 1 },
  ]);
  assert.deepEqual(store.getState().log.map((l) => l.text),
    ["Mary: “I keep it.”", "Mary keeps the king.", "Henry: “Too dear.”", "Henry declines."]);
  assert.equal(store.getState().focus, "controls");
  assert.equal(store.getState().busy, "idle");
  assert.equal(store.getState().tick, 1);
});

test("computer players think for a share of the policy's time, and a deal is made at once", async () => {
  const slept = [];
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1, phase: "deal" }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 1 }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  const driver = createDriver({ store, engine, policy: {
    thinkMs: () => 1100, motionLeft: () => 300, sleep: async (ms) => { slept.push(ms); },
  } });
  await driver.advance();
  assert.deepEqual(slept, [300, 440], "the deal waits only for the animations; whether to sell a new best trump " +
    "40% of the pace (its ring has held the table already)");
});

test("a computer player passing a market window takes no thinking time, draws no \"Thinking\" and one request; an offer only the motion; a turn-up a fifth", async () => {
  const slept = [];
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1, phase: "market" }) }),
    // asked to move only if it passes: it passes, so it moved
    () => ok("bot", { action: { type: "pass", seat: 1 }, reason: "Nothing worth buying.", events: [],
      view: view({ to_act: 2, phase: "market" }) }),
    // the same question: an offer is only named, and made after the thinking
    () => ok("bot", { action: { type: "offer", seat: 2, price: 2, target: 0, card: 0 }, reason: "Offering 2." }),
    () => ok("bot", { action: { type: "offer", seat: 2, price: 2, target: 0, card: 0 }, reason: "Offering 2.",
      events: [{ type: "offer", text: "Henry offers 2 chips." }], view: view({ to_act: 1, phase: "reveal" }) }),
    () => ok("bot", { reason: "My turn.", events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  const thinking = [];
  store.subscribe((s, prev, msg) => { if (msg.type === "show" && msg.thinking != null) thinking.push(msg.thinking); });
  const driver = createDriver({ store, engine, policy: {
    thinkMs: () => 1000, motionLeft: () => 300, sleep: async (ms) => { slept.push(ms); },
  } });
  await driver.advance();
  assert.deepEqual(thinking, [2, 1], "seat 1's pass draws no \"Thinking\"; seat 2's offer and seat 1's turn-up do");
  assert.deepEqual(engine.requests.map((r) => [r.op, r.apply ?? true]),
    [["view", true], ["bot", "if_pass"], ["bot", "if_pass"], ["bot", true], ["bot", true]],
    "in a market window the computer is asked to move if it passes (a pass takes that one request, an offer " +
    "is made by a second after its thinking); a turn-up is not asked");
  assert.equal(engine.requests[1].viewer, 0, "the pass made at once sends back the viewer's view");
  assert.deepEqual(slept, [300, 300], "the pass is made at once, not even waiting for the motion (300 ms left); " +
    "the offer to a person after the motion only (their standing answer may refuse it at once: issue 45, item 3); " +
    "the turn-up after 20% of the pace, or the motion if longer");
  assert.deepEqual(store.getState().log.map((l) => l.text).filter((t) => t.startsWith("Henry")),
    ["Henry: “Offering 2.”", "Henry offers 2 chips."], "the peek logs nothing; the move logs once");
});

test("a trade between computer players goes quicker than one with a person in it; over a face-down card (its offer too), at once", async () => {
  const slept = [];
  const haggle = (seller, buyer, context = "sale") => ({ seller, buyer, ask: 2, bid: 1, asks: 1, bids: 1, rounds: 3, asks_left: 2, bids_left: 2, offers: [], to_move: 1, context, card: "KH" });
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1, phase: "negotiation", pending: haggle(2, 1, "market"), turn: haggleTurn(2, 1, "market", 1) }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 1, phase: "negotiation", pending: haggle(2, 1), turn: haggleTurn(2, 1, "sale", 1) }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 1, phase: "negotiation", pending: haggle(0, 1), turn: haggleTurn(0, 1, "sale", 1) }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 2, phase: "market" }) }),
    () => ok("bot", { action: { type: "offer", seat: 2, price: 1, target: 1, card: 0 }, reason: "" }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  await createDriver({ store, engine, policy: {
    thinkMs: () => 1000, motionLeft: () => 0, sleep: async (ms) => { slept.push(ms); },
  } }).advance();
  assert.deepEqual(slept, [200, 1000], "Henry and Mary haggle over a face-down card at once, over the upcard at a fifth of the pace; " +
    "Mary and Julia at the pace; an offer to Mary (a computer player) at once, like the haggle it opens");
});

test("a computer player's bid in an auction takes 40% of the pace while a person is still bidding, a fifth once none is", async () => {
  const slept = [];
  const auction = (bidders) => ({ seller: 0, card: "KH", reserve: 2, high_bid: 3, high_bidder: 2, bidders });
  const auctionTurn = (bidders, seat) => ({ seat, kind: "auction", parties: [0, ...bidders], bidders, facedown: false });
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1, phase: "auction", pending: auction([0, 1, 2]), turn: auctionTurn([0, 1, 2], 1) }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 2, phase: "auction", pending: auction([1, 2]), turn: auctionTurn([1, 2], 2) }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  await createDriver({ store, engine, policy: {
    thinkMs: () => 1000, motionLeft: () => 0, sleep: async (ms) => { slept.push(ms); },
  } }).advance();
  assert.deepEqual(slept, [400, 200], "Mary bids with you still in the auction; Henry after you dropped out, quicker still");
});

test("the site pauses after a hand so people can look at it; an embed plays on", async () => {
  const ended = view({ phase: "deal", stage: "hand_over", to_act: 1, last_hand: { number: 1 }, hands: [{ number: 1 }] });
  for (const pauseAtHandEnd of [true, false]) {
    const engine = scripted([
      () => ok("view", { view: ended }),
      () => ok("bot", { reason: "", events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
    ]);
    const store = createMatchStore({ holder: 0 });
    await createDriver({ store, engine, policy: { pauseAtHandEnd } }).advance();
    assert.equal(store.getState().seenHand, 1);
    if (pauseAtHandEnd) {
      assert.deepEqual(engine.requests.map((r) => r.op), ["view"], "nothing is played until Next hand");
      assert.equal(store.getState().focus, "result");
    } else {
      assert.deepEqual(engine.requests.map((r) => r.op), ["view", "bot"]);
    }
  }
});

test("a hand already seen does not pause the table again, unless its panel is still open", async () => {
  const ended = view({ phase: "deal", stage: "hand_over", to_act: 1, last_hand: { number: 4 }, hands: [] });
  for (const open of [false, true]) {
    const engine = scripted([
      () => ok("view", { view: ended }),
      () => ok("bot", { reason: "", events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
    ]);
    const store = createMatchStore({ holder: 0, seenHand: 4 });
    await createDriver({ store, engine, policy: { pauseAtHandEnd: true, resultOpen: () => open } }).advance();
    assert.equal(engine.requests.length, open ? 1 : 2);
  }
});

test("a standing answer is sent through act, its note logged, then play goes on", async () => {
  const mine = view({ phase: "reveal", to_act: 0, legal: [{ type: "reveal", seat: 0 }] });
  const engine = scripted([
    () => ok("view", { view: mine }),
    (req) => ok("act", { events: [{ type: "reveal", text: "Julia turns up the 3♣." }], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  const applied = [];
  const standing = (v) => (v.phase === "reveal" ? { action: { type: "reveal", seat: 0 }, note: "Your only card is turned up for you.", usedOrder: false } : null);
  store.subscribe((s, prev, msg) => { if (msg.type === "standing") applied.push(msg.answer.action.type); });
  await createDriver({ store, engine, policy: { standing } }).advance();
  assert.deepEqual(engine.requests[1], { op: "act", action: { type: "reveal", seat: 0 }, viewer: 0 });
  assert.deepEqual(applied, ["reveal"]);
  assert.deepEqual(store.getState().log.map((l) => [l.text, l.cls]),
    [["Your only card is turned up for you.", "auto"], ["Julia turns up the 3♣.", ""]]);
  assert.equal(store.getState().controls, true, "the keep/sell decision is the player's own");
});

test("an asynchronous standing answer (asked of the engine) is awaited", async () => {
  const engine = scripted([
    () => ok("view", { view: view({ phase: "market", legal: [{ type: "pass", seat: 0 }] }) }),
    () => ok("act", { events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  let asked = 0;
  const standing = async (v) => (asked++ === 0 ? { action: { type: "pass", seat: 0 }, note: null, usedOrder: false } : null);
  await createDriver({ store, engine, policy: { standing } }).advance();
  assert.equal(engine.requests[1].action.type, "pass");
  assert.equal(asked, 2);
});

test("pass-and-play: another person's decision asks for the screen, and taking it shows their choices", async () => {
  const toms = view({ seat: 1, to_act: 1, seats: TWO_PEOPLE, legal: [{ type: "keep", seat: 1 }] });
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1, seats: TWO_PEOPLE }) }),
    () => ok("view", { view: toms }),
    () => ok("view", { view: toms }),
    () => ok("view", { view: toms }),
  ]);
  const store = createMatchStore({ holder: 0 });
  const driver = createDriver({ store, engine, policy: { handover: () => true } });
  await driver.advance();
  assert.deepEqual(engine.requests[1], { op: "view", seat: 1 });
  assert.equal(store.getState().handover, 1);
  assert.equal(store.getState().controls, false, "Tom's choices are not shown to Julia");
  store.dispatch({ type: "holder", seat: 1 });
  await driver.advance();
  assert.equal(store.getState().handover, null);
  assert.equal(store.getState().controls, true);
  assert.equal(store.getState().view.seat, 1);
});

test("a refused move changes nothing and says why; an accepted one plays on", async () => {
  const engine = scripted([
    () => ({ ok: false, error: { code: "bad_price", message: "The price must be between 1 and 20 chips." } }),
    () => ok("act", { events: [{ type: "keep", text: "Julia keeps the king." }], view: view({ to_act: 1 }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  const driver = createDriver({ store, engine, policy: {} });
  const before = store.getState();
  await driver.run(() => driver.humanAct({ type: "sell_firm", seat: 0, price: 99 }));
  const after = store.getState();
  assert.deepEqual(after.notice, { text: "Not allowed: The price must be between 1 and 20 chips.", refused: true, seq: 1 });
  assert.equal(after.view, before.view);
  assert.deepEqual(after.log, []);
  await driver.run(() => driver.humanAct({ type: "keep", seat: 0 }));
  assert.deepEqual(engine.requests.map((r) => r.op), ["act", "act", "bot"]);
  assert.equal(store.getState().controls, true);
});

test("a loop that is no longer wanted stops at its next step; a failure is said, not thrown", async () => {
  let release;
  const gate = new Promise((r) => { release = r; });
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1 }) }),
    async () => { await gate; return ok("bot", { reason: "", events: [], view: view({ to_act: 2 }) }); },
    () => ok("view", { view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
    () => { throw new Error("the worker died"); },
  ]);
  const store = createMatchStore({ holder: 0 });
  const errors = [];
  const driver = createDriver({ store, engine, policy: { onError: (e) => errors.push(String(e)) } });
  const first = driver.advance();
  await new Promise((r) => setTimeout(r, 0));
  const second = driver.advance(); // queued behind the first, and it stops the first
  release();
  await first;
  await second;
  assert.deepEqual(engine.requests.map((r) => r.op), ["view", "bot", "view"], "no move after the stopped bot's");
  const origError = console.error;
  console.error = () => {};
  try { await driver.advance(); } finally { console.error = origError; }
  assert.match(store.getState().notice.text, /Something went wrong: the worker died/);
  assert.equal(errors.length, 1);
  assert.equal(store.getState().busy, "idle");
});

test("with autoplay off the table stops at a computer's turn; stepBots makes exactly n moves", async () => {
  const engine = scripted([
    () => ok("view", { view: view({ to_act: 1 }) }),
    () => ok("view", { view: view({ to_act: 1 }) }),
    () => ok("bot", { reason: "", events: [], view: view({ to_act: 2 }) }),
  ]);
  const store = createMatchStore({ holder: 0, autoplay: false });
  const driver = createDriver({ store, engine, policy: {} });
  await driver.advance();
  assert.deepEqual(engine.requests.map((r) => r.op), ["view"]);
  assert.equal(store.getState().view.to_act, 1);
  store.dispatch({ type: "autoplay", on: true });
  await driver.run(() => driver.stepBots(1));
  assert.deepEqual(engine.requests.map((r) => r.op), ["view", "view", "bot"]);
  assert.equal(store.getState().view.to_act, 2, "stopped at Henry's turn after one move");
  assert.equal(store.getState().autoplay, true, "stepping leaves autoplay as it was");
});

test("Next hand: a person who deals deals; otherwise the computer plays on", async () => {
  const engine = scripted([
    () => ok("act", { events: [{ type: "deal", text: "Hand 2." }], view: view({ to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  const driver = createDriver({ store, engine, policy: {} });
  await driver.nextHand(view({ phase: "deal", legal: [{ type: "deal", seat: 0 }] }));
  assert.deepEqual(engine.requests[0], { op: "act", action: { type: "deal", seat: 0 }, viewer: 0 });
});

test("the end of the match is drawn, and the drawing says the loop ended there", async () => {
  const engine = scripted([() => ok("view", { view: view({ to_act: null, match_over: true, stage: "match_over" }) })]);
  const store = createMatchStore({ holder: 0 });
  let stopped = 0;
  watchTable(store, { matchEnded: () => stopped++ });
  await createDriver({ store, engine, policy: {} }).advance();
  assert.equal(stopped, 1);
  assert.equal(store.getState().view.match_over, true);
});

// ----------------------------------------------------------------- friends on their own devices

const FRIENDS = [seat(0, "human", "Julia"), seat(1, "human", "Ann"), seat(2, "bot", "Henry")];

test("a host's loop stops at a friend's decision on another device and shows the host's own view", async () => {
  const engine = scripted([
    () => ok("view", { view: view({ seats: FRIENDS, to_act: 1 }) }),
    (req) => ok("view", { view: view({ seat: req.seat, seats: FRIENDS, to_act: 1, legal: [{ type: "keep", seat: 1 }] }) }),
    (req) => ok("view", { view: view({ seat: req.seat, seats: FRIENDS, to_act: 1 }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  store.dispatch({ type: "here", seats: [0] });
  const driver = createDriver({ store, engine, policy: { standing: () => null } });
  await driver.advance();
  assert.deepEqual(engine.requests.map((r) => [r.op, r.seat]), [["view", 0], ["view", 1], ["view", 0]]);
  const s = store.getState();
  assert.equal(s.view.seat, 0, "the host sees its own view, never the friend's");
  assert.equal(s.controls, false, "no controls for a friend's decision on the host's screen");
  assert.equal(s.holder, 0, "the host keeps the screen: no hand-over to a friend's seat");
});

test("a friend's move through friendAct plays on with the host's view; a refusal goes back and changes nothing", async () => {
  const engine = scripted([
    () => ({ ok: false, error: { code: "not_your_turn", message: "it is not Ann's decision" } }),
    () => ok("act", { events: [{ type: "kept", text: "Ann keeps the king.", index: 4 }], view: view({ seats: FRIENDS, to_act: 2 }) }),
    () => ok("bot", { reason: "Pass.", events: [{ type: "passed", text: "Henry passes.", index: 5 }],
      view: view({ seats: FRIENDS, to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  store.dispatch({ type: "here", seats: [0] });
  const driver = createDriver({ store, engine, policy: {} });
  let out;
  await driver.run(async () => { out = await driver.friendAct({ type: "keep", seat: 1 }); });
  assert.deepEqual(out, { ok: false, code: "not_your_turn", message: "it is not Ann's decision" });
  assert.equal(store.getState().notice, null, "the host's status line is not the friend's refusal");
  assert.equal(store.getState().log.length, 0);
  await driver.run(async () => { out = await driver.friendAct({ type: "keep", seat: 1 }); });
  assert.deepEqual(out, { ok: true });
  assert.deepEqual(engine.requests[1], { op: "act", action: { type: "keep", seat: 1 }, viewer: 0 });
  assert.deepEqual(store.getState().log.map((l) => l.text), ["Ann keeps the king.", "Henry: “Pass.”", "Henry passes."]);
  assert.equal(store.getState().controls, true, "then the host's own decision");
});

test("a computer player stands in for a friend who left: bot with stand_in for that person's seat", async () => {
  const engine = scripted([
    () => ok("view", { view: view({ seats: FRIENDS, to_act: 1 }) }),
    (req) => ok("view", { view: view({ seat: req.seat, seats: FRIENDS, to_act: 1 }) }),
    () => ok("bot", { reason: "", events: [{ type: "kept", text: "Ann keeps the king." }], view: view({ seats: FRIENDS, to_act: 0, legal: [{ type: "keep", seat: 0 }] }) }),
  ]);
  const store = createMatchStore({ holder: 0 });
  store.dispatch({ type: "here", seats: [0] });
  const driver = createDriver({ store, engine, policy: { standIn: (s) => (s === 1 ? "skilled/fanny" : null) } });
  await driver.advance();
  assert.deepEqual(engine.requests[2], { op: "bot", seat: 1, viewer: 0, stand_in: "skilled/fanny" });
  assert.equal(store.getState().controls, true);
});

