// node --test: web/js/standing.js asks the engine (the bridge's `standing` op) for the player's
// standing answer, mapping the page's setting names to the engine's and the answer's fields
// back; the rules themselves are the engine's (tests/engine/test_standing.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { standingAnswer, DEFAULT_STANDING, OFFER_RULES } from "../../web/js/standing.js";

/** A fake engine that records each request and answers with `reply(request)`. */
function fakeEngine(reply) {
  const sent = [];
  return { sent, request: async (req) => { sent.push(req); return reply(req); } };
}

const view = (seat, to_act) => ({ seat, to_act });

test("the page's settings and buy order go to the engine under its names", async () => {
  const engine = fakeEngine(() => ({ ok: true, op: "standing", answer: null }));
  assert.equal(await standingAnswer(engine, view(2, 2), { autoReveal: false, offers: "accept_fair" },
    { owner: 1, price: 5 }), null);
  assert.equal(await standingAnswer(engine, view(0, 0), DEFAULT_STANDING), null);
  assert.deepEqual(engine.sent, [
    { op: "standing", seat: 2, prefs: { auto_reveal: false, offers: "accept_fair" }, order: { owner: 1, price: 5 } },
    { op: "standing", seat: 0, prefs: { auto_reveal: true, offers: "refuse_below_fair" }, order: null },
  ]);
});

test("the engine's answer comes back with the page's field names", async () => {
  const action = { seat: 0, type: "offer", price: 5, target: 2, card: 0 };
  const note = "Your buy order: you offer 5 chips for one of Henry's face-down cards.";
  const engine = fakeEngine(() => ({ ok: true, op: "standing", answer: { action, note, used_order: true } }));
  assert.deepEqual(await standingAnswer(engine, view(0, 0), DEFAULT_STANDING, { owner: 2, price: 5 }),
    { action, note, usedOrder: true });
});

test("nothing is asked for a view that is not the acting seat's; a refusal is an error", async () => {
  const engine = fakeEngine(() => ({ ok: false, error: { code: "bad_request", message: "unknown offer rule 'x'" } }));
  assert.equal(await standingAnswer(engine, view(0, 1), DEFAULT_STANDING), null);
  assert.equal(await standingAnswer(engine, view(null, 1), DEFAULT_STANDING), null);
  assert.equal(engine.sent.length, 0);
  await assert.rejects(standingAnswer(engine, view(1, 1), DEFAULT_STANDING), /unknown offer rule 'x'/);
});

test("the settings' choices are the engine's four rules, the default first", () => {
  assert.deepEqual(OFFER_RULES.map(([id]) => id), ["refuse_below_fair", "accept_fair", "ask", "refuse_all"]);
  assert.equal(DEFAULT_STANDING.offers, OFFER_RULES[0][0]);
  assert.ok(Object.isFrozen(DEFAULT_STANDING));
});

test("several people at one screen: the request asks the engine to name whose answer it was", async () => {
  const note = "Fanny's standing answer refused Mary's offer of 1 chip for Fanny's face-down card (below its fair value, 3 chips).";
  const action = { seat: 0, type: "decline" };
  const engine = fakeEngine(() => ({ ok: true, op: "standing", answer: { action, note, used_order: false } }));
  const got = await standingAnswer(engine, view(0, 0), DEFAULT_STANDING, null, { named: true });
  assert.equal(got?.note, note);
  assert.equal(engine.sent[0].named, true);
  await standingAnswer(engine, view(0, 0), DEFAULT_STANDING);
  assert.equal("named" in engine.sent[1], false); // one person: "Your standing answer ..."
});
