// node --test: which panel the table shows for a trade under way (web/js/announce.js's
// panelKind): an auction, a haggle with a person in it or over a face-up card, and none for a
// haggle between two computer players over a face-down card, which the driver plays out at once
// (issue 26, item 1).
import { test } from "node:test";
import assert from "node:assert/strict";
import { panelKind } from "../../web/js/announce.js";

const seats = [{ seat: 0, kind: "human" }, { seat: 1, kind: "bot" }, { seat: 2, kind: "bot" }];
const haggle = (seller, buyer, context) => ({ phase: "negotiation", seats,
  pending: { context, seller, buyer, offers: [], to_move: seller } });

test("an auction and a haggle with a person or over the card on sale have a panel", () => {
  assert.equal(panelKind({ phase: "auction", seats, pending: { seller: 1, bidders: [0, 2] } }), "auction");
  assert.equal(panelKind({ phase: "auction_confirm", seats, pending: { seller: 1, bidders: [] } }), "auction");
  assert.equal(panelKind(haggle(0, 1, "market")), "haggle", "an offer for the person's card");
  assert.equal(panelKind(haggle(1, 0, "market")), "haggle", "the person's own offer");
  assert.equal(panelKind(haggle(1, 2, "sale")), "haggle", "two computer players over the upcard");
});

test("a haggle between two computer players over a face-down card has none, nor has a market window", () => {
  assert.equal(panelKind(haggle(1, 2, "market")), null);
  assert.equal(panelKind({ phase: "market", seats, pending: { order: [0, 1, 2] } }), null);
  assert.equal(panelKind(null), null);
});
