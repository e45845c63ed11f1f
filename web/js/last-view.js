// The last table the site drew, kept so that a returning player sees it before the engine runs
// (preview.js). It is the engine's own view, cut down to what the felt shows: the engine never
// names a face-down card in a view, so neither does this copy. Reading checks every field and
// ignores anything malformed; nothing here throws.
//
//   import { storeLastView, readLastView } from "./last-view.js";
//   storeLastView(view, holder);   // after each drawing (watchSite's drawn, site/policy.js); false if refused
//   readLastView()                 // {holder, view} or null (none, or not readable)
import { parseCard } from "./cards.js";

export const LAST_VIEW_KEY = "speculation:last-view:v1";

const MAX_SEATS = 8;
const MAX_CARDS = 52;
const MAX_NAME = 80;
const SUITS = new Set(["S", "H", "D", "C"]);
const KINDS = new Set(["human", "bot"]);

/**
 * One seat as the felt draws it.
 * @typedef {object} StoredSeat
 * @property {number} seat
 * @property {string} name
 * @property {"human"|"bot"} kind
 * @property {string} [bot_name]
 * @property {number} chips
 * @property {number} stack the number of face-down cards (never which)
 * @property {string[]} revealed
 * @property {boolean} busted
 * @property {boolean} dealer
 */

/**
 * The felt's part of a view (see protocol.js's View).
 * @typedef {object} StoredView
 * @property {number|null} hand
 * @property {{label: string, value: string}} hand_line
 * @property {number|null} pot
 * @property {string|null} trump
 * @property {string|null} upcard
 * @property {{card: string, holder: number|null}|null} best
 * @property {number|null} dead_hand
 * @property {number|null} dealer
 * @property {number|null} to_act
 * @property {string} phase
 * @property {boolean} match_over
 * @property {{seats: {seat: number, p: string, f: number}[]}|null} odds each seat's chance (public)
 * @property {StoredSeat[]} seats
 */

/** @typedef {{holder: number|null, view: StoredView}} LastView */

class Malformed extends Error {}

/** @param {unknown} ok @param {string} what */
function need(ok, what) {
  if (!ok) throw new Malformed(what);
}
/** @param {unknown} x @param {number} max @returns {number} */
function count(x, max) {
  need(Number.isInteger(x) && /** @type {number} */ (x) >= 0 && /** @type {number} */ (x) <= max, "a count");
  return /** @type {number} */ (x);
}
/** @param {unknown} x @param {number} max @returns {number|null} */
function countOrNull(x, max) {
  return x == null ? null : count(x, max);
}
/** @param {unknown} x @returns {string} */
function card(x) {
  const c = parseCard(x);
  need(c && x === `${c.rank}${c.suit}`, "a card");
  return /** @type {string} */ (x);
}
/** @param {unknown} x @returns {string|null} */
function cardOrNull(x) {
  return x == null ? null : card(x);
}

/** @param {any} s @param {number} i @returns {StoredSeat} */
function seat(s, i) {
  need(s && typeof s === "object", "a seat");
  need(s.seat === i, "seats in order");
  need(typeof s.name === "string" && s.name.length > 0 && s.name.length <= MAX_NAME, "a name");
  need(KINDS.has(s.kind), "a kind");
  need(Number.isSafeInteger(s.chips), "chips");
  need(Array.isArray(s.revealed) && s.revealed.length <= MAX_CARDS, "revealed cards");
  /** @type {StoredSeat} */
  const out = {
    seat: i, name: s.name, kind: s.kind, chips: s.chips, stack: count(s.stack, MAX_CARDS),
    revealed: s.revealed.map(card), busted: s.busted === true, dealer: s.dealer === true,
  };
  if (s.bot_name != null) {
    need(typeof s.bot_name === "string" && s.bot_name.length <= MAX_NAME, "a bot's name");
    out.bot_name = s.bot_name;
  }
  return out;
}

/** @param {any} odds @param {number} seats */
function oddsOf(odds, seats) {
  if (odds == null || odds.seats == null) return null;
  need(Array.isArray(odds.seats) && odds.seats.length <= seats, "the odds");
  return {
    seats: odds.seats.map((/** @type {any} */ o) => {
      need(o && typeof o.p === "string" && o.p.length <= 80 && Number.isFinite(o.f) && o.f >= 0 && o.f <= 1, "a chance");
      return { seat: count(o.seat, seats - 1), p: o.p, f: o.f };
    }),
  };
}

/**
 * The felt's fields of a view, checked; throws Malformed for anything the felt cannot draw.
 * @param {any} v
 * @returns {StoredView}
 */
function feltOf(v) {
  need(v && typeof v === "object", "a view");
  need(Array.isArray(v.seats) && v.seats.length >= 2 && v.seats.length <= MAX_SEATS, "2 to 8 seats");
  const seats = v.seats.map(seat);
  const seatOrNull = (/** @type {unknown} */ x) => countOrNull(x, seats.length - 1);
  need(v.pot == null || Number.isSafeInteger(v.pot), "the pot");
  need(v.trump == null || SUITS.has(v.trump), "trumps");
  need(v.best == null || (typeof v.best === "object"), "the best trump");
  need(typeof v.phase === "string" && v.phase.length <= 40, "the phase");
  const hand = countOrNull(v.hand, 1e6);
  return {
    hand,
    hand_line: handLineOf(v.hand_line, hand),
    pot: v.pot ?? null,
    trump: v.trump ?? null,
    upcard: cardOrNull(v.upcard),
    best: v.best == null || v.best.card == null ? null : { card: card(v.best.card), holder: seatOrNull(v.best.holder) },
    dead_hand: countOrNull(v.dead_hand, MAX_CARDS),
    dealer: seatOrNull(v.dealer),
    to_act: seatOrNull(v.to_act),
    phase: v.phase,
    match_over: v.match_over === true,
    odds: oddsOf(v.odds, seats.length),
    seats,
  };
}

/**
 * The heading of the hand (View.hand_line). A view kept by a site from before it existed has
 * none: the table is drawn as that site drew it, with the hand's number alone.
 * @param {any} line @param {number|null} hand @returns {{label: string, value: string}}
 */
function handLineOf(line, hand) {
  if (line == null) return { label: "Hand", value: hand == null ? "–" : String(hand) };
  need(typeof line === "object" && typeof line.label === "string" && line.label.length <= 60
       && typeof line.value === "string" && line.value.length <= 30, "the hand's heading");
  return { label: line.label, value: line.value };
}

/** @param {unknown} holder @param {number} seats @returns {number|null} */
function holderOf(holder, seats) {
  return holder == null ? null : count(holder, seats - 1);
}

/**
 * The page's localStorage, or null where reading it throws (storage blocked, as in some
 * private windows) or there is none.
 * @returns {Storage|null}
 */
function pageStorage() {
  try { return globalThis.localStorage ?? null; } catch { return null; }
}

/**
 * Keep the felt's part of `view` (as drawn for `holder`) for the next visit.
 * @param {unknown} view the view the engine sent
 * @param {number|null} holder the seat the table was drawn for
 * @param {Storage|null} [storage]
 * @returns {boolean} whether it was stored
 */
export function storeLastView(view, holder, storage = pageStorage()) {
  try {
    const felt = feltOf(view);
    storage?.setItem(LAST_VIEW_KEY, JSON.stringify({ v: 1, holder: holderOf(holder, felt.seats.length), view: felt }));
    return !!storage;
  } catch {
    return false; // a view the felt cannot draw, or storage refused: the next visit has no preview
  }
}

/**
 * The stored table, checked field by field; null when there is none or it is malformed.
 * @param {Storage|null} [storage]
 * @returns {LastView|null}
 */
export function readLastView(storage = pageStorage()) {
  try {
    const raw = storage?.getItem(LAST_VIEW_KEY);
    if (raw == null || raw.length > 100000) return null;
    const obj = JSON.parse(raw);
    need(obj && obj.v === 1, "version 1");
    const view = feltOf(obj.view);
    return { holder: holderOf(obj.holder, view.seats.length), view };
  } catch {
    return null;
  }
}

/** Forget the stored table. */
export function clearLastView(storage = pageStorage()) {
  try { storage?.removeItem(LAST_VIEW_KEY); } catch { /* ignore */ }
}
