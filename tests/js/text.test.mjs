// node --test: web/js/text.js formats names, chips and chances, and passes on the engine's sentences.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chips, pct, promptText, promptFor, seatName, trumpWords } from "../../web/js/text.js";

const view = {
  seats: [{ name: "Fanny" }, { name: "Edmund" }],
  prompt: { seat: 1, text: "Edmund decides whether to buy the king of hearts from Fanny for 7 chips.",
            you: "Buy the king of hearts from Fanny for 7 chips?" },
  match_over: false, match_outcome: null, trump: "H",
};

test("chips has the right plural", () => {
  assert.equal(chips(1), "1 chip");
  assert.equal(chips(-1), "-1 chip");
  assert.equal(chips(0), "0 chips");
  assert.equal(chips(12), "12 chips");
});

test("pct rounds, marks tiny chances and ignores non-numbers", () => {
  assert.equal(pct(0.431042), "43%");
  assert.equal(pct(0.004), "<1%");
  assert.equal(pct(0), "0%");
  assert.equal(pct(1), "100%");
  assert.equal(pct(Number.NaN), "");
  assert.equal(pct("0.5"), "");
});

test("seatName reads the view; no seat is the pool; an unknown seat gets a number", () => {
  assert.equal(seatName(view, 1), "Edmund");
  assert.equal(seatName(view, null), "the pool");
  assert.equal(seatName(view, 5), "Seat 6");
});

test("the prompt is the engine's sentence, in the third person or to the actor", () => {
  assert.equal(promptText(view), view.prompt.text);
  assert.equal(promptFor(view, 1), view.prompt.you);
  assert.equal(promptFor(view, 0), view.prompt.text);
  assert.equal(promptFor(view, null), view.prompt.text);
  assert.equal(promptText({ prompt: null, match_over: false, match_outcome: null }), "");
});

test("once the match is over the status is the engine's match sentence", () => {
  const over = { ...view, prompt: null, match_over: true,
                 match_outcome: { text: "The match is over. Most chips: Mary with 108 chips." } };
  assert.equal(promptText(over), over.match_outcome.text);
});

test("trumpWords names the suit, or says it is not known yet", () => {
  assert.equal(trumpWords(view), "hearts");
  assert.equal(trumpWords({ trump: null }), "not yet known");
});
