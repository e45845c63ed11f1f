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
 * Whose a thing is, from the viewer's side: "your" for the viewer's own seat, else "Mary's".
 * @param {Pick<View, "seats" | "seat"> | null | undefined} view
 * @param {Seat | null | undefined} seat
 */
export function whose(view, seat) {
  return seat != null && seat === view?.seat ? "your" : `${seatName(view, seat)}'s`;
}

/**
 * "1 chip", "2 chips", "−1 chip" (a minus sign).
 * @param {number} n
 */
export function chips(n) {
  return `${n < 0 ? `−${-n}` : n} ${Math.abs(n) === 1 ? "chip" : "chips"}`; // a minus sign, not a hyphen
}

/**
 * A fair value in chips, worded as the engine words it (``speculation.text.fair_chips``): a whole
 * number plain, any other "about" it to one decimal, halves to the even tenth. Every place the
 * table prints a fair value (the price box's hint, the trade's check in the dialog, the accept
 * button's tooltip) says it with this, from the engine's exact figure when it sends one.
 *
 *   fairChips(3)                       // "3 chips"
 *   fairChips({p: "19/10", f: 1.9})    // "about 1.9 chips"
 *   fairChips({p: "199/100", f: 1.99}) // "about 2 chips"
 * @param {number | import("./protocol.js").Chance} fair
 */
export function fairChips(fair) {
  const [num, den] = typeof fair === "number" ? [fair, 1] : fair.p.split("/").map(Number).concat([1]).slice(0, 2);
  if (!Number.isFinite(num) || !Number.isFinite(den) || den === 0) return chips(typeof fair === "number" ? fair : fair.f);
  if (Number.isInteger(num) && Number.isInteger(den)) {
    if (num % den === 0) return chips(num / den);
    // tenths, exactly: round(10·num/den), a half to the even tenth (Python's round)
    let q = Math.floor((10 * num) / den);
    const twice = 2 * (10 * num - q * den);
    if (twice > den || (twice === den && q % 2 !== 0)) q += 1;
    return q % 10 === 0 ? `about ${chips(q / 10)}` : `about ${(q / 10).toFixed(1)} chips`;
  }
  const t = Math.round((num / den) * 10); // not a fraction of whole numbers: a float, to the nearest tenth
  return t % 10 === 0 ? `about ${chips(t / 10)}` : `about ${(t / 10).toFixed(1)} chips`;
}

/**
 * A chip figure (a trading score, a gain) to one decimal with its sign, rounded as the engine
 * rounds it (``speculation.text.signed_tenths``): from its hundredths, a half away from zero, in
 * whole-number steps so that no float makes −0.45 read −0.4 here and −0.5 there. Where the
 * engine sends the text (a review's `score_text`, `gain_text`) the page shows that; this is for
 * figures the page adds up itself (the statistics' totals).
 *
 *   signedTenths(-0.45)  // "−0.5"
 *   signedTenths(1.5)    // "+1.5"
 *   signedTenths(0.04)   // "0"
 * @param {number} x
 */
export function signedTenths(x) {
  const t = Math.floor((Math.round(Math.abs(x) * 100) + 5) / 10);
  if (t === 0) return "0";
  const s = t % 10 === 0 ? String(t / 10) : `${Math.floor(t / 10)}.${t % 10}`;
  return `${x < 0 ? "−" : "+"}${s}`;
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
 * The line for a decision of the seat this view is for, as the status line shows it and the
 * live region says it: "Your turn: …", or "Edmund's turn: …" when several people share the
 * screen (pass-and-play), so that "your" is never whoever happens to hold it.
 * @param {Pick<View, "prompt" | "seat" | "seats">} view @param {boolean} several
 */
export function turnLine(view, several) {
  const who = several ? `${seatName(view, view.seat ?? 0)}'s turn` : "Your turn";
  return `${who}: ${view.prompt?.you ?? ""}`;
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
