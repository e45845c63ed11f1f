// node --test: web/js/cards.js reads card names ("QH", "TS", "10s") and says them in words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardName, parseCard, suitName, theCard, SUIT_NAMES, SUIT_SYMBOLS } from "../../web/js/cards.js";

test("every one of the 52 cards parses and has a distinct name", () => {
  const names = new Set();
  for (const suit of "SHDC") {
    for (const rank of "23456789TJQKA") {
      assert.deepEqual(parseCard(rank + suit), { rank, suit });
      names.add(cardName(rank + suit));
    }
  }
  assert.equal(names.size, 52);
});

test("ten is accepted as T or 10, in either case", () => {
  assert.deepEqual(parseCard("10s"), { rank: "T", suit: "S" });
  assert.equal(cardName("TD"), "ten of diamonds");
  assert.equal(cardName("qh"), "queen of hearts");
  assert.equal(theCard("AS"), "the ace of spades");
});

test("anything else is not a card", () => {
  for (const bad of ["", "Q", "1H", "QX", "ZZ", "11H", null, undefined, 12, {}, "constructorH"]) {
    assert.equal(parseCard(bad), null, String(bad));
  }
  assert.equal(cardName(null), "");
  assert.equal(cardName("??"), "??");
});

test("suits have names and symbols", () => {
  assert.equal(suitName("C"), "clubs");
  assert.equal(suitName("X"), "X");
  assert.equal(suitName(null), "");
  assert.deepEqual(Object.keys(SUIT_NAMES).sort(), Object.keys(SUIT_SYMBOLS).sort());
});
