// node --test: web/js/text.js formats names, chips and chances, and passes on the engine's sentences.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chips, fairChips, pct, promptText, promptFor, seatName, signedTenths, trumpWords } from "../../web/js/text.js";

const view = {
  seats: [{ name: "Fanny" }, { name: "Edmund" }],
  prompt: { seat: 1, text: "Edmund decides whether to buy the king of hearts from Fanny for 7 chips.",
            you: "Buy the king of hearts from Fanny for 7 chips?" },
  match_over: false, match_outcome: null, trump: "H",
};

test("chips has the right plural", () => {
  assert.equal(chips(1), "1 chip");
  assert.equal(chips(-1), "−1 chip", "a minus sign, not a hyphen (issue 45, item 7)");
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

// Issue 26, item 2: one fair value said one way: the table words it as the engine does
// (speculation.text.fair_chips, whose doctest has the same three cases).
test("fairChips words a fair value as the engine does: whole numbers plain, others about it to a tenth", () => {
  assert.equal(fairChips(3), "3 chips");
  assert.equal(fairChips(1), "1 chip");
  assert.equal(fairChips({ p: "3", f: 3 }), "3 chips");
  assert.equal(fairChips({ p: "19/10", f: 1.9 }), "about 1.9 chips");
  assert.equal(fairChips({ p: "199/100", f: 1.99 }), "about 2 chips");
  assert.equal(fairChips({ p: "3/2", f: 1.5 }), "about 1.5 chips");
  // a half tenth goes to the even tenth, as Python's round does: 0.25 → 0.2, 0.35 → 0.4
  assert.equal(fairChips({ p: "1/4", f: 0.25 }), "about 0.2 chips");
  assert.equal(fairChips({ p: "7/20", f: 0.35 }), "about 0.4 chips");
  assert.equal(fairChips({ p: "0", f: 0 }), "0 chips");
});

test("signedTenths rounds a score as the engine's signed_tenths does (issue 26: −0.45 read −0.5, −0.4 and −0.45)", () => {
  // the same table as tests/engine/test_review.py's test_one_rounding_for_the_score_and_gains
  const cases = [[-0.45, "−0.5"], [-0.44, "−0.4"], [0.45, "+0.5"], [0.05, "+0.1"], [-0.05, "−0.1"], [0.04, "0"],
    [12.25, "+12.3"], [-0.04, "0"], [2, "+2"], [-3.5, "−3.5"], [1.15, "+1.2"], [1.25, "+1.3"]];
  for (const [x, want] of cases) assert.equal(signedTenths(x), want, String(x));
});
