// node --test: which panel the table shows for a trade under way (web/js/announce.js's
// panelKind): an auction, a haggle with a person in it or over a face-up card, and none for a
// haggle between two computer players over a face-down card, which the driver plays out at once
// (issue 26, item 1).
import { test } from "node:test";
import assert from "node:assert/strict";
import { bannersFor, panelKind } from "../../web/js/announce.js";

const seats = [{ seat: 0, kind: "human" }, { seat: 1, kind: "bot" }, { seat: 2, kind: "bot" }];
const haggle = (seller, buyer, context) => ({ phase: "negotiation", seats,
  pending: { context, seller, buyer, offers: [], to_move: seller },
  turn: { seat: seller, kind: "haggle", parties: [seller, buyer], bidders: [], facedown: context === "market" } });
const auction = (phase, kind, bidders) => ({ phase, seats, pending: { seller: 1, bidders },
  turn: { seat: bidders[0] ?? 1, kind, parties: [1, ...bidders], bidders, facedown: false } });

test("an auction and a haggle with a person or over the card on sale have a panel", () => {
  assert.equal(panelKind(auction("auction", "auction", [0, 2])), "auction");
  assert.equal(panelKind(auction("auction_confirm", "confirm", [])), "auction");
  assert.equal(panelKind(haggle(0, 1, "market")), "haggle", "an offer for the person's card");
  assert.equal(panelKind(haggle(1, 0, "market")), "haggle", "the person's own offer");
  assert.equal(panelKind(haggle(1, 2, "sale")), "haggle", "two computer players over the upcard");
});

test("a haggle between two computer players over a face-down card has none, nor has a market window", () => {
  assert.equal(panelKind(haggle(1, 2, "market")), null);
  assert.equal(panelKind({ phase: "market", seats, pending: { order: [0, 1, 2] },
    turn: { seat: 1, kind: "market", parties: [1], bidders: [], facedown: true } }), null);
  assert.equal(panelKind(null), null);
});

test("an ace banner comes from the engine's outcome.ace, with the sentence of the event that turned the ace up", () => {
  const events = [{ type: "reveal", card: "AH", text: "Mary turns up the ace of hearts." },
    { type: "hand_won", text: "Mary wins." }];
  const outcome = (ace) => ({ winners: [1], reason: ace ? "ace_revealed" : "last_card", card: "AH", ace, pot: 12,
    text: "Mary takes the 12-chip pot." });
  assert.deepEqual(bannersFor(events, { last_hand: { outcome: outcome("AH") } }).map((b) => b.kind), ["ace", "result"]);
  assert.equal(bannersFor(events, { last_hand: { outcome: outcome("AH") } })[0].text, "Mary turns up the ace of hearts.");
  assert.deepEqual(bannersFor(events, { last_hand: { outcome: outcome(null) } }).map((b) => b.kind), ["result"],
    "an ace that did not end the hand (never, in these rules) or any other card: no ace banner");
});
