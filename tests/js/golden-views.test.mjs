// node --test: control-specs.js over views the engine really sent (tests/fixtures/golden/,
// written by CPython: make_golden.py), not hand-written ones, so a drift of the protocol shows
// here too. The stake's chance and the seller's words come from the engine's view.decision.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { controlSpecs, stakeChance } from "../../web/js/control-specs.js";

/** The view of the named exchange of a golden scenario. */
function golden(scenario, name) {
  const url = new URL(`../fixtures/golden/${scenario}.json`, import.meta.url);
  const ex = JSON.parse(readFileSync(url, "utf8")).exchanges.find((e) => e.name === name);
  assert.ok(ex && ex.response.view, `${scenario}: no exchange ${name}`);
  return ex.response.view;
}

test("the seller of a haggled trump is offered the engine's chance and 'Refuse to sell'", () => {
  const view = golden("trump_haggle", "countered: next to act");
  assert.equal(view.decision.role, "seller");
  assert.equal(view.decision.stake, "trump");
  assert.equal(stakeChance(view), view.decision.chance.f);
  assert.equal(view.decision.chance.f, view.odds.best.f);
  const labels = controlSpecs(view).flatMap((s) => (s.kind === "button" ? [s.label] : []));
  assert.ok(labels.includes("Refuse to sell"), labels.join(", "));
});

test("a buyer in a market window prices one face-down card", () => {
  const view = golden("facedown_purchase", "market_window");
  assert.equal(view.decision.stake, "card");
  assert.equal(stakeChance(view), view.odds.per_card.f);
  const me = view.orders.find((o) => o.buyer === view.seat);
  const offer = view.legal.find((t) => t.type === "offer");
  assert.deepEqual([...new Set(offer.cards.map(([owner]) => owner))].sort(), me.owners);
  assert.deepEqual(offer.price, me.price);
});

test("between hands the view says hand_over and nobody may order", () => {
  const view = golden("hand_over", "hand_over_view");
  assert.equal(view.stage, "hand_over");
  assert.equal(view.orders, null);
  assert.equal(view.last_hand.number, view.hand);
});
