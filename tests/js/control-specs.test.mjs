// node --test: the template-to-control mapping (web/js/control-specs.js, proposed for
// controls.js): each legal template becomes the right control, with the engine's bounds and
// the engine's settle price, and an action built from it is an instance of the template.
import { test } from "node:test";
import assert from "node:assert/strict";
import { actionFor, controlSpecs, decisionKey, quickPrices, subject } from "../../web/js/control-specs.js";

const seats = ["Fanny", "Edmund", "Mary"].map((name, seat) => ({ seat, name, kind: "human", chips: 100,
  stack: 3, revealed: [], busted: false, dealer: seat === 0 }));
const base = { seat: 1, to_act: 1, hand: 1, dealer: 0, pot: 12, trump: "H", upcard: "KH", upcard_owner: 0,
  best: { card: "KH", holder: 0 }, seats, dead_hand: null, unseen: 42, seen: ["KH"], odds: null,
  last_hand: null, hands: [], rules: {}, match_over: false, prompt: null, match_outcome: null };
/**
 * A view of seat 1's decision. `facts` are what the engine states beside it and the controls
 * read (`turn`: what the seat is asked; `decision`: its role, the stake, the card or its owner,
 * the seat and price it answers, the chance); by default the plain ones of a turn with no trade
 * under way.
 */
const view = (phase, pending, legal, facts = {}) => ({ ...base, phase, pending, legal,
  turn: { seat: 1, kind: phase, parties: [1], bidders: [], facedown: phase === "market", ...facts.turn },
  decision: { seat: 1, role: "seller", stake: "trump", chance: null, fair: null, deal: null, card: pending?.card ?? null,
    owner: null, position: null, answering: null, price: null, above: 0, buyers: [], ...facts.decision } });
const turn = (kind, parties, facedown = false, bidders = []) => ({ seat: 1, kind, parties, bidders, facedown });

/** Does the action fit the template (the engine's own check, docs/protocol.md "Actions and templates")? */
function admits(t, a) {
  if (a.type !== t.type || a.seat !== t.seat) return false;
  if (t.price ? !(Number.isInteger(a.price) && a.price >= t.price.min && a.price <= t.price.max) : a.price !== undefined) return false;
  if (t.cards) return t.cards.some(([o, p]) => o === a.target && p === a.card);
  if (t.targets) return t.targets.includes(a.target) && a.card === undefined;
  return a.target === undefined && a.card === undefined;
}

test("plain templates become buttons whose action is exactly {seat, type}", () => {
  const v = view("sale", { card: "KH", seller: 1, method: null }, [{ type: "keep", seat: 1 }]);
  const [keep] = controlSpecs(v);
  assert.equal(keep.kind, "button");
  assert.equal(keep.label, "Keep the king of hearts");
  assert.equal(keep.confirm, null);
  assert.deepEqual(actionFor(keep.template), { seat: 1, type: "keep" });
  assert.ok(admits(keep.template, actionFor(keep.template)));
  assert.equal(controlSpecs(view("deal", null, [{ type: "deal", seat: 1 }]))[0].label, "Deal the hand");
  assert.equal(controlSpecs(view("reveal", null, [{ type: "reveal", seat: 1 }]))[0].label, "Turn up my top card");
});

test("accept uses the engine's settles_at, never a price worked out from pending", () => {
  const firm = view("firm", { card: "KH", seller: 0, method: "firm", price: 7, asking: 1, queue: [2] },
    [{ type: "accept", seat: 1, settles_at: 9 }, { type: "decline", seat: 1 }],
    { turn: turn("firm", [0, 1]), decision: { role: "buyer", answering: 0, price: 7 } });
  const [accept, decline] = controlSpecs(firm);
  assert.equal(accept.label, "Buy the king of hearts for 9 chips");
  assert.equal(accept.confirm.text, "Pay 9 chips to Fanny for the king of hearts?");
  assert.equal(decline.label, "Decline to buy");
  const confirm = view("auction_confirm", { card: "KH", seller: 1, method: "auction", reserve: 1, high_bid: 8,
    high_bidder: 2, bidders: [2] }, [{ type: "accept", seat: 1, settles_at: 8 }, { type: "decline", seat: 1 }],
    { turn: turn("confirm", [1, 2], false, [2]), decision: { answering: 2, price: 8 } });
  const [sell, refuse] = controlSpecs(confirm);
  assert.equal(sell.label, "Sell to the top bid (8 chips)");
  assert.equal(sell.confirm.text, "Sell the king of hearts to Mary for 8 chips?");
  assert.equal(refuse.label, "Refuse the bid and keep the card");
  const haggle = view("negotiation", { context: "market", seller: 0, buyer: 1, ask: 6, bid: 3, asks: 1, bids: 1,
    rounds: 3, to_move: 1, position: 0 }, [{ type: "accept", seat: 1, settles_at: 1 }],
    { turn: turn("haggle", [0, 1], true), decision: { role: "buyer", stake: "card", owner: 0, position: 0, answering: 0, price: 6 } });
  assert.equal(controlSpecs(haggle)[0].label, "Accept 1 chip");
  assert.equal(controlSpecs(haggle)[0].confirm.text, "Agree the trade of Fanny's face-down card at 1 chip?");
});

test("priced templates become bounded price boxes whose actions stay within the bounds", () => {
  const v = view("sale", { card: "KH", seller: 1, method: null }, [
    { type: "keep", seat: 1 },
    { type: "sell_firm", seat: 1, price: { min: 1, max: 96 }, fair: 5 },
    { type: "sell_auction", seat: 1, price: { min: 1, max: 96 }, fair: 5 },
  ]);
  const specs = controlSpecs(v);
  assert.deepEqual(specs.map((s) => s.kind), ["button", "price", "price"]);
  const [, firm, auction] = specs;
  assert.equal(firm.field, "Price");
  assert.equal(auction.field, "Reserve (lowest price you will take)");
  for (const s of [firm, auction]) {
    assert.deepEqual(s.price, s.template.price);
    assert.ok(s.start >= s.price.min && s.start <= s.price.max);
    assert.ok(admits(s.template, actionFor(s.template, { price: s.price.max })));
    assert.ok(!admits(s.template, actionFor(s.template, { price: s.price.max + 1 })));
  }
  assert.match(auction.confirm(4).text, /reserve of 4 chips/);
  const bid = controlSpecs(view("auction", { card: "KH", seller: 0, method: "auction", reserve: 5, high_bid: 6,
    high_bidder: 2, bidders: [1, 2] }, [{ type: "bid", seat: 1, price: { min: 7, max: 100 } },
    { type: "pass", seat: 1 }], { turn: turn("auction", [0, 1, 2], false, [1, 2]), decision: { role: "buyer", answering: 2, price: 6 } }));
  assert.deepEqual(bid.map((s) => s.label ?? s.field), ["Pass (drop out)", "Your bid"]);
  assert.equal(bid[1].start, 7);
  assert.equal(bid[1].confirm(7).okLabel, "Bid 7");
});

test("a counter's box starts at the figure on the table, clamped to the template", () => {
  const v = view("negotiation", { context: "sale", seller: 1, buyer: 2, ask: 10, bid: 3, asks: 1, bids: 1,
    rounds: 3, to_move: 1, card: "KH" }, [{ type: "counter", seat: 1, price: { min: 4, max: 9 } },
    { type: "decline", seat: 1 }], { turn: turn("haggle", [1, 2]), decision: { answering: 2, price: 3 } });
  const [decline, counter] = controlSpecs(v);
  assert.equal(decline.label, "Refuse to sell");
  assert.equal(counter.start, 4); // the buyer's bid of 3, brought into 4..9
});

test("an asking price, a reserve and a counter-offer start at the card's fair value, within the bounds (issue 45, item 5)", () => {
  const sale = controlSpecs(view("sale", { card: "TH", seller: 1, method: null }, [
    { type: "keep", seat: 1 },
    { type: "sell_firm", seat: 1, price: { min: 1, max: 96 }, fair: 5 },
    { type: "sell_auction", seat: 1, price: { min: 1, max: 96 }, fair: 5 },
    { type: "sell_negotiate", seat: 1, price: { min: 1, max: 96 }, targets: [0, 2], fair: 5 },
  ]));
  assert.deepEqual(sale.slice(1).map((s) => [s.kind, s.start]), [["price", 5], ["price", 5], ["negotiate", 5]],
    "not 1 chip for a ten worth 5");
  // a counter starts at the fair value too, brought within its bounds
  const counter = (price, fair) => controlSpecs(view("negotiation", { context: "sale", seller: 1, buyer: 2, ask: 10, bid: 3, asks: 1,
    bids: 1, rounds: 3, to_move: 1, card: "KH" }, [{ type: "counter", seat: 1, price, fair }]))[0].start;
  assert.equal(counter({ min: 4, max: 9 }, 7), 7);
  assert.equal(counter({ min: 4, max: 9 }, 12), 9);
  assert.equal(counter({ min: 4, max: 9 }, 2), 4);
  // a bid still starts at the least bid allowed (a buyer is never nudged upwards)
  const bid = controlSpecs(view("auction", { card: "KH", seller: 0, method: "auction", reserve: 5, high_bid: 6,
    high_bidder: 2, bidders: [1, 2] }, [{ type: "bid", seat: 1, price: { min: 7, max: 100 }, fair: 13 }]));
  assert.equal(bid[0].start, 7);
});

test("one haggle group gathers the buyers of every sell_negotiate template", () => {
  const v = view("sale", { card: "KH", seller: 1, method: null }, [
    { type: "sell_negotiate", seat: 1, price: { min: 1, max: 50 }, targets: [0] },
    { type: "sell_negotiate", seat: 1, price: { min: 1, max: 96 }, targets: [2] },
  ]);
  const specs = controlSpecs(v);
  assert.equal(specs.length, 1);
  const [haggle] = specs;
  assert.equal(haggle.kind, "negotiate");
  assert.deepEqual(haggle.buyers.map((b) => [b.seat, b.name, b.price.max]), [[0, "Fanny", 50], [2, "Mary", 96]]);
  const mary = haggle.buyers[1];
  assert.ok(admits(mary.template, actionFor(mary.template, { price: 60, target: 2 })));
  assert.ok(!admits(haggle.buyers[0].template, actionFor(haggle.buyers[0].template, { price: 60, target: 0 })));
  assert.equal(haggle.confirm(5, 2).text, "Ask Mary 5 chips for the king of hearts?");
});

test("an offer is chosen by owner only, with the engine's fair value as its start", () => {
  const v = view("market", { polling: 1, order: [1, 2, 0], offers_made: {}, offers_per_window: 1 }, [
    { type: "offer", seat: 1, price: { min: 1, max: 40 }, fair: 3, cards: [[2, 0], [2, 1], [0, 0]] },
    { type: "pass", seat: 1 },
  ], { decision: { role: "buyer", stake: "card" } });
  const [pass, offer] = controlSpecs(v);
  assert.equal(pass.label, "Pass (no offer)");
  assert.equal(pass.safe, true);
  assert.equal(offer.kind, "offer");
  assert.deepEqual(offer.owners.map((o) => [o.seat, o.name, o.card]), [[2, "Mary", 0], [0, "Fanny", 0]]);
  assert.equal(offer.start, 3);
  assert.equal(offer.fair, 3);
  assert.match(offer.confirm(15, 2).text, /^Offer 15 chips to Mary for one of their face-down cards\?/);
  const mary = offer.owners[0];
  assert.ok(admits(offer.template, actionFor(offer.template, { price: 15, target: mary.seat, card: mary.card })));
  assert.ok(!admits(offer.template, actionFor(offer.template, { price: 15, target: 0, card: 1 })));
});

test("the fair value and the chance come from the engine, and accepting is never the safe default", () => {
  const odds = { seats: [], per_card: { p: "1/10", f: 0.1 }, carry_over: { p: "0", f: 0 }, best: { p: "2/5", f: 0.4 } };
  const firm = { ...view("firm", { card: "KH", seller: 0, method: "firm", price: 7, asking: 1, queue: [2] },
    [{ type: "accept", seat: 1, settles_at: 7, fair: 5 }, { type: "decline", seat: 1, fair: 5 }],
    { turn: turn("firm", [0, 1]), decision: { role: "buyer", chance: { p: "2/5", f: 0.4 }, answering: 0, price: 7 } }), odds };
  const [accept, decline] = controlSpecs(firm);
  assert.equal(accept.safe, false);
  assert.equal(decline.safe, true);
  assert.equal(accept.fair, 5);
  assert.equal(accept.chance, 0.4);
  const market = { ...view("negotiation", { context: "market", seller: 1, buyer: 2, ask: null, bid: 1, asks: 0,
    bids: 1, rounds: 3, to_move: 1, position: 0 }, [{ type: "counter", seat: 1, price: { min: 2, max: 99 }, fair: 2 }],
    { turn: turn("haggle", [1, 2], true), decision: { stake: "card", owner: 1, position: 0, chance: { p: "1/10", f: 0.1 }, answering: 2, price: 1 } }), odds };
  const [counter] = controlSpecs(market);
  assert.equal(counter.fair, 2);
  assert.equal(counter.chance, 0.1);
});

test("the subject is the card on sale, or whose face-down card is haggled over", () => {
  assert.equal(subject(view("sale", { card: "QS", seller: 1, method: null }, [])), "the queen of spades");
  assert.equal(subject(view("negotiation", { context: "market", seller: 2, buyer: 1, position: 1 }, [],
    { turn: turn("haggle", [2, 1], true), decision: { role: "buyer", stake: "card", owner: 2, position: 1 } })),
    "Mary's face-down card");
  assert.equal(subject(view("negotiation", { context: "market", seller: 1, buyer: 2, position: 0 }, [],
    { turn: turn("haggle", [1, 2], true), decision: { stake: "card", owner: 1, position: 0 } })),
    "your face-down card", "the viewer's own card, whatever their name (a player named You read \"You's\")");
  assert.equal(subject({ ...view("reveal", null, [], { decision: { role: "revealer", stake: null } }), best: null, upcard: null }), "the card");
});

// Issue 26, item 2: a quick-price chip sets exactly the price its text says, and says what it
// does when the bounds forbid the fair value (never "Fair 9" beside a fair value of 6).
test("quick prices: each chip's text is the price it sets, within the engine's bounds", () => {
  assert.deepEqual(quickPrices(10, { min: 1, max: 50 }).map((c) => [c.text, c.price]),
    [["−10% 9", 9], ["Fair 10", 10], ["+10% 11", 11]]);
  assert.deepEqual(quickPrices(null, { min: 1, max: 50 }), [], "no fair value: no chips");
  for (const fair of [0, 1, 2, 5, 6, 7, 13, 40]) {
    for (const bounds of [{ min: 1, max: 50 }, { min: 9, max: 50 }, { min: 1, max: 4 }, { min: 3, max: 3 }]) {
      const quick = quickPrices(fair, bounds);
      const prices = quick.map((c) => c.price);
      assert.deepEqual(prices, [...new Set(prices)].sort((a, b) => a - b), "one chip per price, in order");
      for (const c of quick) {
        assert.ok(c.price >= bounds.min && c.price <= bounds.max, `${c.text} within ${bounds.min}–${bounds.max}`);
        assert.ok(c.text.endsWith(` ${c.price}`), `"${c.text}" says the price it sets (${c.price})`);
        if (c.text.startsWith("Fair ")) assert.equal(c.price, fair, "the fair chip is the fair value itself");
      }
    }
  }
});

test("quick prices: a fair value under the bounds is said as the minimum, over them as the maximum", () => {
  const low = quickPrices(6, { min: 9, max: 50 });
  assert.deepEqual(low.map((c) => c.text), ["Min 9"], "5, 6 and 7 are all under 9: one chip, and it says so");
  assert.match(low[0].says, /lowest price allowed \(the fair value is 6 chips\)/);
  const high = quickPrices(20, { min: 1, max: 12 });
  assert.deepEqual(high.map((c) => c.text), ["Max 12"]);
  assert.deepEqual(quickPrices(10, { min: 10, max: 50 }).map((c) => c.text), ["Fair 10", "+10% 11"],
    "the fair value is allowed: the chip under it becomes the fair chip's price and merges into it");
  assert.deepEqual(quickPrices(2, { min: 1, max: 50 }).map((c) => c.text), ["Fair 2"], "1.8 and 2.2 round to 2");
});

test("the fair value is printed from the engine's exact figure, the chips from the template's whole one", () => {
  const v = { ...view("auction", { card: "KH", seller: 0, method: "auction", reserve: 1, high_bid: null,
    high_bidder: null, bidders: [1] }, [{ type: "bid", seat: 1, price: { min: 1, max: 100 }, fair: 2 },
    { type: "pass", seat: 1 }]), decision: { seat: 1, role: "buyer", stake: "trump", chance: null,
    fair: { p: "3/2", f: 1.5 }, card: "KH", owner: 0, position: null, answering: null, price: null, above: 0, buyers: [] } };
  const bid = controlSpecs(v).find((s) => s.kind === "price");
  assert.equal(bid.fair, 2);
  assert.deepEqual(bid.worth, { p: "3/2", f: 1.5 });
  const pass = controlSpecs(v).find((s) => s.kind === "button");
  assert.equal(pass.worth, null, "a template without a fair value has none to print");
});

test("decisionKey: the same decision after another seat's change, a new one when the facts change", () => {
  const pending = { card: "KH", seller: 0, method: "firm", price: 7, asking: 1, queue: [2] };
  const legal = [{ type: "accept", seat: 1, settles_at: 9 }, { type: "decline", seat: 1 }];
  const first = view("firm", pending, legal);
  const key = decisionKey(first, false);
  // Mary's chips and the unseen count changed (another seat moved): the controls may stay
  const moved = { ...first, unseen: 41, seats: first.seats.map((s) => (s.seat === 2 ? { ...s, chips: 90 } : s)) };
  assert.equal(decisionKey(moved, false), key);
  // a new price, another decision, or trades now asking first: drawn again
  assert.notEqual(decisionKey(view("firm", pending, [{ ...legal[0], settles_at: 10 }, legal[1]]), false), key);
  assert.notEqual(decisionKey(view("sale", { card: "KH", seller: 1, method: null }, [{ type: "keep", seat: 1 }]), false), key);
  assert.notEqual(decisionKey(first, true), key);
});

test("a fair value that counts the next deal says so beside the price box (issue 45, item 2: one value)", async () => {
  const decision = (deal) => ({ seat: 1, role: "buyer", stake: "trump", chance: { p: "1/2", f: 0.5 },
    fair: { p: "17/2", f: 8.5 }, deal, card: "KH", owner: 0, position: null, answering: null, price: null, above: 0, buyers: [] });
  const at = (deal) => controlSpecs({ ...view("auction", { card: "KH", seller: 0, method: "auction", reserve: 1, high_bid: null,
    high_bidder: null, bidders: [1] }, [{ type: "bid", seat: 1, price: { min: 1, max: 100 }, fair: 9 },
    { type: "pass", seat: 1 }]), decision: decision(deal) }).find((s) => s.kind === "price");
  assert.equal(at({ p: "5", f: 5 }).deal, true, "before the last hand: 0.5 × (12 + 5)");
  assert.equal(at({ p: "0", f: 0 }).deal, false, "the last hand: the pot alone");
  const { fairText } = await import("../../web/js/controls.js");
  assert.equal(fairText({ p: "17/2", f: 8.5 }, 0.5, true), "Fair value about 8.5 chips, counting the next deal · this card's chance 50%");
  assert.equal(fairText(6, 0.5), "Fair value 6 chips · this card's chance 50%");
});
