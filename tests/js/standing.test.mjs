// node --test: the player's standing answers (web/js/standing.js) are legal actions built from
// the engine's templates, compare only the engine's numbers, and leave real decisions alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { standingAnswer, DEFAULT_STANDING } from "../../web/js/standing.js";

const seats = ["Julia", "Mary", "Henry"].map((name, seat) => ({ seat, name, kind: seat ? "bot" : "human", chips: 100,
  stack: 3, revealed: [], busted: false, dealer: seat === 0 }));
const view = (phase, pending, legal, seat = 0) => ({ seat, to_act: seat, phase, pending, legal, seats, hand: 1,
  dealer: 0, pot: 12, odds: null, rules: {}, match_over: false });

test("dealing and turning up your only card are answered; a choice is not", () => {
  assert.deepEqual(standingAnswer(view("deal", null, [{ type: "deal", seat: 0 }]), DEFAULT_STANDING).action, { seat: 0, type: "deal" });
  assert.deepEqual(standingAnswer(view("reveal", null, [{ type: "reveal", seat: 0 }]), DEFAULT_STANDING).action, { seat: 0, type: "reveal" });
  assert.equal(standingAnswer(view("reveal", null, [{ type: "reveal", seat: 0 }]), { ...DEFAULT_STANDING, autoReveal: false }), null);
  const sale = view("sale", { card: "KH", seller: 0 }, [{ type: "keep", seat: 0 }, { type: "sell_firm", seat: 0, price: { min: 1, max: 96 } }]);
  assert.equal(standingAnswer(sale, DEFAULT_STANDING), null);
  // not this seat's decision: nothing
  assert.equal(standingAnswer({ ...view("deal", null, [{ type: "deal", seat: 1 }]), to_act: 1 }, DEFAULT_STANDING), null);
});

test("a market window passes unless a buy order is placed, which is sent within the template's bounds", () => {
  const legal = [{ type: "offer", seat: 0, price: { min: 1, max: 40 }, fair: 3, cards: [[1, 0], [1, 1], [2, 0]] }, { type: "pass", seat: 0 }];
  const w = view("market", { polling: 0 }, legal);
  assert.deepEqual(standingAnswer(w, DEFAULT_STANDING), { action: { seat: 0, type: "pass" }, note: null, usedOrder: false });
  const a = standingAnswer(w, DEFAULT_STANDING, { owner: 2, price: 5 });
  assert.deepEqual(a.action, { seat: 0, type: "offer", price: 5, target: 2, card: 0 });
  assert.ok(a.usedOrder && /5 chips for one of Henry's/.test(a.note));
  assert.equal(standingAnswer(w, DEFAULT_STANDING, { owner: 1, price: 99 }).action.price, 40);
  const gone = standingAnswer(view("market", {}, [{ ...legal[0], cards: [[2, 0]] }, legal[1]]), DEFAULT_STANDING, { owner: 1, price: 5 });
  assert.deepEqual(gone.action, { seat: 0, type: "pass" });
  assert.ok(gone.usedOrder && /dropped/.test(gone.note));
});

test("offers for your face-down card: refused at or below the engine's fair value, asked above it", () => {
  const offered = (bid, fair) => view("negotiation", { context: "market", seller: 0, buyer: 1, bid, position: 0 }, [
    { type: "accept", seat: 0, settles_at: bid, fair }, { type: "decline", seat: 0, fair },
    { type: "counter", seat: 0, price: { min: bid + 1, max: 99 }, fair }]);
  const low = standingAnswer(offered(1, 3), DEFAULT_STANDING);
  assert.deepEqual(low.action, { seat: 0, type: "decline" });
  assert.match(low.note, /refused Mary's offer of 1 chip .*fair value 3 chips/);
  const even = standingAnswer(offered(3, 3), DEFAULT_STANDING);
  assert.deepEqual(even.action, { seat: 0, type: "decline" });
  assert.match(even.note, /refused Mary's offer of 3 chips for your face-down card \(its fair value\)/);
  assert.equal(standingAnswer(offered(4, 3), DEFAULT_STANDING), null);
  assert.deepEqual(standingAnswer(offered(3, 3), { ...DEFAULT_STANDING, offers: "accept_fair" }).action, { seat: 0, type: "accept" });
  assert.deepEqual(standingAnswer(offered(4, 3), { ...DEFAULT_STANDING, offers: "accept_fair" }).action, { seat: 0, type: "accept" });
  assert.equal(standingAnswer(offered(1, 3), { ...DEFAULT_STANDING, offers: "ask" }), null);
  assert.deepEqual(standingAnswer(offered(9, 3), { ...DEFAULT_STANDING, offers: "refuse_all" }).action, { seat: 0, type: "decline" });
  // the buyer's side of a haggle is always a real decision
  const buying = { ...offered(1, 3), pending: { context: "market", seller: 1, buyer: 0, position: 0 } };
  assert.equal(standingAnswer(buying, DEFAULT_STANDING), null);
});
