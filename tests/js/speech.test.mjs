// node --test: what the live region says (web/js/speech.js, issue 45 item 8): every event's
// sentence once, in order, then the turn when it changes, in the engine's words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { speechFor } from "../../web/js/speech.js";

const prompt = { seat: 1, text: "Edmund decides whether to sell the king of hearts.",
  you: "decide whether to sell the king of hearts." };
const view = (over = {}) => ({ seat: 1, prompt, match_over: false, match_outcome: null, ...over });
const ev = (text) => ({ type: "reveal", text });

test("the events' sentences in order, then your turn in the engine's second person", () => {
  const out = speechFor([ev("Mary turns up the six of clubs."), { type: "deal" }, ev("Fanny turns up the king of hearts.")], view(), "");
  assert.deepEqual(out.lines, ["Mary turns up the six of clubs.", "Fanny turns up the king of hearts.",
    "Your turn: decide whether to sell the king of hearts."]);
});

test("the same turn is said once; a new decision or another seat's turn is said again", () => {
  const first = speechFor([], view(), "");
  assert.equal(first.lines.length, 1);
  const again = speechFor([ev("Mary passes.")], view(), first.turn);
  assert.deepEqual(again.lines, ["Mary passes."], "the decision still open is not said twice");
  const theirs = { seat: 2, text: "Mary decides whether to buy.", you: "decide whether to buy." };
  assert.deepEqual(speechFor([], view({ prompt: theirs }), again.turn).lines, ["Mary decides whether to buy."]);
  // no decision open (the hand is being dealt): nothing to say, and the last turn is remembered
  const none = speechFor([], view({ prompt: null }), again.turn);
  assert.deepEqual(none, { lines: [], turn: again.turn });
});

test("the match's end is said once, in the engine's sentence", () => {
  const end = view({ match_over: true, match_outcome: { text: "Edmund wins the match with 130 chips." } });
  const out = speechFor([ev("Edmund takes the pot.")], end, "1|x");
  assert.deepEqual(out.lines, ["Edmund takes the pot.", "Edmund wins the match with 130 chips."]);
  assert.deepEqual(speechFor([], end, out.turn).lines, []);
});

test("a turn line an event has just said is not said again", () => {
  const end = view({ match_over: true, match_outcome: { text: "The match is over." } });
  assert.deepEqual(speechFor([{ type: "match_over", text: "The match is over." }], end, "").lines, ["The match is over."]);
});

test("several people at one screen: the turn names the seat, as the status line does", () => {
  const seats = [{ name: "Fanny" }, { name: "Edmund" }];
  const out = speechFor([], { ...view(), seats }, "", true);
  assert.deepEqual(out.lines, ["Edmund's turn: decide whether to sell the king of hearts."]);
});
