// Plain-words descriptions of the table, built only from the view the engine sends.
import { suitName } from "./cards.js";

export function seatName(view, seat) {
  if (seat === null || seat === undefined) return "the pool";
  const s = view?.seats?.[seat];
  return s?.name ?? `Seat ${Number(seat) + 1}`;
}

export function chips(n) {
  return `${n} ${Math.abs(n) === 1 ? "chip" : "chips"}`;
}

export function pct(f) {
  if (typeof f !== "number" || !Number.isFinite(f)) return "";
  if (f > 0 && f < 0.005) return "<1%";
  return `${Math.round(f * 100)}%`;
}

export function trumpWords(view) {
  return view?.trump ? `${suitName(view.trump)}` : "not yet known";
}

/**
 * The status sentence for the decision under way: the engine's own `prompt` (for everybody,
 * third person).
 * @param {any} view
 * @returns {string}
 */
export function promptText(view) {
  if (!view) return "";
  if (view.match_over) return "The match is over.";
  return view.prompt?.text ?? "";
}
