// Plain words for the table. The engine writes every sentence about the game (the prompt, the
// log, the end of a hand and of the match); this module only formats names, chips and chances.
//
//   import { seatName, chips, promptText } from "./text.js";
//   chips(1)              // "1 chip"
//   promptText(view)      // view.prompt.text, e.g. "Edmund decides whether to buy the king ..."
import { suitName } from "./cards.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Seat} Seat */

/**
 * A seat's name from the view; "the pool" for no seat (the pool can hold the upcard).
 * @param {Pick<View, "seats"> | null | undefined} view
 * @param {Seat | null | undefined} seat
 */
export function seatName(view, seat) {
  if (seat === null || seat === undefined) return "the pool";
  const s = view?.seats?.[seat];
  return s?.name ?? `Seat ${Number(seat) + 1}`;
}

/**
 * "1 chip", "2 chips", "-1 chip".
 * @param {number} n
 */
export function chips(n) {
  return `${n} ${Math.abs(n) === 1 ? "chip" : "chips"}`;
}

/**
 * A chance as a whole percentage ("43%"), "<1%" for a small non-zero chance, "" for no number.
 * @param {unknown} f
 */
export function pct(f) {
  if (typeof f !== "number" || !Number.isFinite(f)) return "";
  if (f > 0 && f < 0.005) return "<1%";
  return `${Math.round(f * 100)}%`;
}

/**
 * The status sentence: the engine's sentence for the decision under way (third person, with
 * names), or once the match is over the engine's sentence for how it ended.
 * @param {Pick<View, "prompt" | "match_over" | "match_outcome"> | null | undefined} view
 * @returns {string}
 */
export function promptText(view) {
  if (!view) return "";
  if (view.match_over) return view.match_outcome?.text ?? "The match is over.";
  return view.prompt?.text ?? "";
}

/**
 * The same decision as said to `seat`: the engine's second-person sentence when `seat` is the
 * one deciding, its third-person sentence otherwise.
 * @param {Pick<View, "prompt"> | null | undefined} view
 * @param {Seat | null | undefined} seat
 */
export function promptFor(view, seat) {
  const prompt = view?.prompt;
  if (!prompt) return "";
  return seat != null && seat === prompt.seat ? prompt.you : prompt.text;
}

/**
 * The trump suit in words, or "not yet known" before the upcard is turned.
 * @param {Pick<View, "trump"> | null | undefined} view
 */
export function trumpWords(view) {
  return view?.trump ? suitName(view.trump) : "not yet known";
}
