/**
 * The friends' table's wire: every message a guest sends the host and every message the host
 * sends a guest, typed here once (`GuestMessage`, `HostMessage`; docs/multiplayer.md's tables
 * are checked against these unions by tests/test_typecheck_js.py), and a reader for each
 * direction. Each reader checks the size and the nesting on the text *before* JSON.parse (a
 * deeply nested text never reaches the parser), then the message's shape field by field, and
 * returns a fresh object holding the known fields only. Pure: no DOM, no channel.
 *
 *     import { readGuestMessage, readHostMessage } from "./messages.js";
 *     const read = readGuestMessage(text);          // the host, on a guest's channel
 *     if (!read.ok) return refuse(read.code, read.message);
 *     const got = readHostMessage(text, {seat: 1}); // a guest, on the host's channel
 *     if (!got.ok) say(got.message);                // drawn on the guest's table; nothing changes
 *
 * Refusal codes: "too_large", "too_deep", "bad_json", "bad_message", and for a hello's name the
 * engine's own "bad_name" and "invisible_name" (web/js/names.js).
 *
 * @module
 */

import { utf8Length } from "./link/frame.js";
import { cleanName } from "../names.js";
import { cleanTalk } from "./talk.js";

/** The BroadcastChannel on which a reply opened as a link reaches the host's tab in the same browser. */
export const REPLY_CHANNEL = "speculation:friends:replies";
/** A guest's message, at most (a move, a question: small). */
export const MAX_MESSAGE_BYTES = 65536;
export const MAX_DEPTH = 8;
/** The host's, at most: a view, a record or a handed-over table (frame.js carries 1 MiB). */
export const MAX_HOST_BYTES = 1024 * 1024;
/** Views nest 4 deep, a `state` around them 5, the public hello 5; room to grow, none to recurse. */
export const MAX_HOST_DEPTH = 12;
/** A name on the wire: the engine's rule (names.js), and no more bytes than a code carries. */
export const MAX_NAME_BYTES = 24;
/** The most seats a table has (the engine's MAX_PLAYERS is 8; a code's seat byte allows 16). */
export const MAX_SEATS = 16;
/** The action types of docs/protocol.md "Actions and templates". */
export const ACTION_TYPES = Object.freeze(["deal", "reveal", "keep", "sell_firm", "sell_negotiate", "sell_auction",
  "accept", "decline", "counter", "bid", "pass", "offer"]);
/** What a friend's seat can be, as every table is told (host.js's transitions). */
export const SEAT_STATUSES = Object.freeze(["open", "joining", "here", "away", "computer", "removed"]);
const MAX_INT = 1_000_000;
const TOKEN = /^[A-Za-z0-9_-]{8,128}$/;
const HEX = /^[0-9a-f]{16,128}$/;
const COMMITMENT = /^[0-9a-f]{64}$/;
const OFFER_RULE = /^[a-z_]{1,32}$/;
const CODE = /^[a-z_]{1,40}$/;
const MAX_TEXT = 2000;
const MAX_LINES = 200;
const MAX_EVENTS = 400;

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").GameEvent} GameEvent */
/** @typedef {{auto_reveal?: boolean, offers?: string}} GuestPrefs */
/** @typedef {{seat: number, type: string, price?: number, target?: number, card?: number}} GuestAction */

/**
 * Guest to host.
 * @typedef {{t: "hello", name: string, token: string | null, prefs: GuestPrefs, promise: string | null}
 *   | {t: "act", action: GuestAction, since: number}
 *   | {t: "prefs", prefs: GuestPrefs}
 *   | {t: "coach"}
 *   | {t: "review", hand: number | null}
 *   | {t: "take", yes: boolean}
 *   | {t: "ready", ready: boolean}
 *   | {t: "back"}
 *   | {t: "say", phrase: string | null, text: string | null}} GuestMessage
 */

/** @typedef {{coach: boolean, review: boolean, chat: boolean}} Allow */
/** @typedef {{seat: number, name: string, status: string, ready: boolean}} SeatLine */
/** @typedef {{text: string, cls: string}} Line */
/**
 * The public part of the engine's hello a guest draws with (it runs no Python while it plays).
 * @typedef {{version: string, protocol: number, options: unknown[], presets: unknown[], bots: unknown[],
 *   limits: {players: {min: number, max: number}}}} PublicHello
 */
/**
 * What a host's roster says of one friend when it hands the table over (storage/hand-over.js).
 * @typedef {{seat: number, name: string, token: string, bot: boolean}} RosterFriend
 */
/**
 * Host to guest.
 * @typedef {{t: "welcome", seat: number | null, token: string, table: string, host: string, allow: Allow, hello: PublicHello | null}
 *   | {t: "state", view: View, known: number, events: GameEvent[], lines: Line[], next: number, commitment: string | null}
 *   | {t: "ack"}
 *   | {t: "refused", code: string, message: string, of?: "act" | "coach" | "review" | "say"}
 *   | {t: "coach", advice: Record<string, unknown>}
 *   | {t: "review", review: Record<string, unknown>}
 *   | {t: "seats", seats: SeatLine[], turn: {seat: number, ms: number} | null, watching: number}
 *   | {t: "allow", allow: Allow}
 *   | {t: "record", record: Record<string, unknown>}
 *   | {t: "offer_table", from: string}
 *   | {t: "table", snapshot: string, roster: Record<string, unknown>, log: Line[]}
 *   | {t: "moved", host: string}
 *   | {t: "said", seat: number, name: string, text: string}
 *   | {t: "removed"}
 *   | {t: "bye"}} HostMessage
 */
/** @typedef {"too_large" | "too_deep" | "bad_json" | "bad_message" | "bad_name" | "invisible_name"} ReadCode */
/** @typedef {{ok: false, code: ReadCode, message: string}} Refusal */

/**
 * The text as JSON, once its size and nesting are within `limits`.
 * @param {unknown} text @param {{maxBytes: number, maxDepth: number}} limits
 * @returns {{ok: true, value: unknown} | Refusal}
 */
function parse(text, { maxBytes, maxDepth }) {
  if (typeof text !== "string") return { ok: false, code: "bad_json", message: "The message is not text." };
  if (text.length > maxBytes || utf8Length(text) > maxBytes) {
    return { ok: false, code: "too_large", message: `The message is over ${maxBytes} bytes.` };
  }
  if (depthOver(text, maxDepth)) {
    return { ok: false, code: "too_deep", message: `The message nests deeper than ${maxDepth} levels.` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, code: "bad_json", message: "The message is not valid JSON." };
  }
}

/**
 * A guest's message, as the host reads it.
 * @param {unknown} text what the assembler gave (a whole message text)
 * @param {{maxBytes?: number, maxDepth?: number}} [limits]
 * @returns {{ok: true, msg: GuestMessage} | Refusal}
 */
export function readGuestMessage(text, { maxBytes = MAX_MESSAGE_BYTES, maxDepth = MAX_DEPTH } = {}) {
  const r = parse(text, { maxBytes, maxDepth });
  if (!r.ok) return r;
  const msg = shape(r.value);
  if (typeof msg === "string") return { ok: false, code: "bad_message", message: msg };
  if ("ok" in msg) return msg;
  return { ok: true, msg };
}

/**
 * The host's message, as a guest reads it: as strictly as the host reads a guest's. `seat` is
 * the guest's own seat once welcomed: a view of any other seat, or of a seat the table does
 * not have, is refused; "watch" for an onlooker, who is sent the spectator's view only.
 * @param {unknown} text
 * @param {{seat?: Reader, maxBytes?: number, maxDepth?: number}} [opts]
 * @returns {{ok: true, msg: HostMessage} | Refusal}
 */
export function readHostMessage(text, { seat = null, maxBytes = MAX_HOST_BYTES, maxDepth = MAX_HOST_DEPTH } = {}) {
  const r = parse(text, { maxBytes, maxDepth });
  if (!r.ok) return r;
  const msg = hostShape(r.value, seat);
  if (typeof msg === "string") return { ok: false, code: "bad_message", message: msg };
  return { ok: true, msg };
}

/**
 * Whether the brackets of a JSON text nest deeper than `max` (strings skipped), in one pass
 * that stops at the first level too deep.
 * @param {string} text
 * @param {number} max
 */
export function depthOver(text, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // a backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return false;
}

/**
 * A friend's name by the engine's rule, and no longer than a code carries.
 * @param {unknown} raw
 * @returns {{ok: true, name: string} | Refusal}
 */
export function wireName(raw) {
  const c = cleanName(raw, { who: "Your name" });
  if (!c.ok) return c;
  if (utf8Length(c.name) > MAX_NAME_BYTES) {
    return { ok: false, code: "bad_name", message: `Your name is over ${MAX_NAME_BYTES} bytes: choose a shorter one.` };
  }
  return c;
}

// ------------------------------------------------------------------ shapes

/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * @param {unknown} v
 * @param {number} min
 * @returns {v is number}
 */
function isInt(v, min) {
  return Number.isInteger(v) && /** @type {number} */ (v) >= min && /** @type {number} */ (v) <= MAX_INT;
}

/**
 * A fresh GuestMessage with the known fields of `value`, a name refusal, or a sentence saying
 * what is wrong.
 * @param {unknown} value
 * @returns {GuestMessage | Refusal | string}
 */
function shape(value) {
  if (!isObject(value)) return "The message is not an object.";
  switch (value.t) {
    case "hello": {
      const name = wireName(value.name);
      if (!name.ok) return name;
      const { token } = value;
      if (token !== null && (typeof token !== "string" || !TOKEN.test(token))) return "The seat token is malformed.";
      const prefs = readPrefs(value.prefs);
      if (typeof prefs === "string") return prefs;
      // the promise this device pinned (a reload keeps it), so the host can release that match's
      // record if it ended while the device was away; absent from older pages: null
      const promise = value.promise ?? null;
      if (promise !== null && (typeof promise !== "string" || !COMMITMENT.test(promise))) return "The promise in the hello is malformed.";
      return { t: "hello", name: name.name, token, prefs, promise };
    }
    case "act": {
      const action = readAction(value.action);
      if (typeof action === "string") return action;
      if (!isInt(value.since, 0)) return "An act needs `since`, the log index the guest sees next.";
      return { t: "act", action, since: value.since };
    }
    case "prefs": {
      const prefs = readPrefs(value.prefs);
      if (typeof prefs === "string") return prefs;
      return { t: "prefs", prefs };
    }
    case "coach":
      return { t: "coach" };
    case "review": {
      const hand = value.hand ?? null;
      if (hand !== null && !isInt(hand, 1)) return "A review's hand is a hand number or null.";
      return { t: "review", hand };
    }
    case "take":
      if (typeof value.yes !== "boolean") return "An answer to a hand-over is yes or no.";
      return { t: "take", yes: value.yes };
    case "ready":
      if (typeof value.ready !== "boolean") return "Ready for another match is yes or no.";
      return { t: "ready", ready: value.ready };
    case "back":
      return { t: "back" };
    case "say": {
      const phrase = value.phrase ?? null;
      const text = value.text ?? null;
      if ((phrase === null) === (text === null)) return "Say a phrase or some words, one of the two.";
      if (phrase !== null && (typeof phrase !== "string" || !/^[a-z]{1,16}$/.test(phrase))) return "That phrase is unknown.";
      if (text !== null && (typeof text !== "string" || text.length > 400)) return "What you say is too long.";
      return { t: "say", phrase, text };
    }
    default:
      return "The message's type is unknown.";
  }
}

/**
 * @param {unknown} v @param {number} [max]
 * @returns {v is string}
 */
function isText(v, max = MAX_TEXT) {
  return typeof v === "string" && v.length <= max;
}

/** @param {unknown} v @returns {v is {coach: boolean, review: boolean, chat: boolean}} */
function isAllow(v) {
  return isObject(v) && typeof v.coach === "boolean" && typeof v.review === "boolean" && typeof v.chat === "boolean";
}

/** @param {unknown} v @returns {v is Line[]} */
function isLines(v) {
  return Array.isArray(v) && v.length <= MAX_LINES && v.every((l) => isObject(l) && isText(l.text) && isText(l.cls, 40));
}

/**
 * Whom a host's message is read for: a friend's seat, an onlooker ("watch": no seat), or a
 * device not welcomed yet (null).
 * @typedef {number | "watch" | null} Reader
 */

/**
 * A fresh HostMessage, or a sentence saying what is wrong.
 * @param {unknown} value @param {Reader} seat
 * @returns {HostMessage | string}
 */
function hostShape(value, seat) {
  if (!isObject(value)) return "The host's message is not an object.";
  switch (value.t) {
    case "welcome": return welcomeShape(value);
    case "state": return stateShape(value, seat);
    case "ack": return { t: "ack" };
    case "refused":
      if (!isText(value.code, 40) || !CODE.test(value.code) || !isText(value.message)) return "The host's refusal is malformed.";
      if (value.of === undefined) return { t: "refused", code: value.code, message: value.message };
      if (value.of !== "act" && value.of !== "coach" && value.of !== "review" && value.of !== "say") return "The host's refusal is malformed.";
      return { t: "refused", code: value.code, message: value.message, of: value.of };
    case "coach":
      return isObject(value.advice) ? { t: "coach", advice: value.advice } : "The coach's answer is malformed.";
    case "review":
      return isObject(value.review) ? { t: "review", review: value.review } : "The review is malformed.";
    case "seats": return seatsShape(value.seats, value.turn, value.watching);
    case "allow":
      return isAllow(value.allow) ? { t: "allow", allow: { coach: value.allow.coach, review: value.allow.review, chat: value.allow.chat } } : "The host's permissions are malformed.";
    case "record":
      return isObject(value.record) ? { t: "record", record: value.record } : "The host's record is malformed.";
    case "offer_table":
      return isText(value.from, 80) ? { t: "offer_table", from: cleanOr(value.from) } : "The host's offer is malformed.";
    case "table": {
      const { snapshot, roster, log } = value;
      if (typeof snapshot !== "string" || !isObject(roster) || !isLines(log)) return "The handed-over table is malformed.";
      return { t: "table", snapshot, roster, log: log.map((l) => ({ text: l.text, cls: l.cls })) };
    }
    case "moved":
      return isText(value.host, 80) ? { t: "moved", host: cleanOr(value.host) } : "The host's message is malformed.";
    case "said": {
      const { seat: who, name, text } = value;
      if (!isInt(who, 0) || who >= MAX_SEATS || !isText(name, 80)) return "The host's line of talk is malformed.";
      const said = cleanTalk(text);
      if (!said.ok) return "The host's line of talk is malformed.";
      return { t: "said", seat: who, name: cleanOr(name), text: said.text };
    }
    case "removed": return { t: "removed" };
    case "bye": return { t: "bye" };
    default:
      return "The host sent a message of an unknown type.";
  }
}

/** A name from the host, cleaned by the engine's rule (a refused one shows as "a friend"). @param {string} raw */
function cleanOr(raw) {
  const c = cleanName(raw);
  return c.ok ? c.name : "a friend";
}

/** @param {Record<string, unknown>} value @returns {HostMessage | string} */
function welcomeShape(value) {
  const { seat: s, token, table, host, allow, hello } = value;
  if (s !== null && (!isInt(s, 0) || s >= MAX_SEATS)) return "The host gave a seat the table cannot have.";
  if (typeof token !== "string" || !TOKEN.test(token) || typeof table !== "string" || !HEX.test(table)) return "The host's welcome is malformed.";
  if (!isText(host, 80) || !isAllow(allow)) return "The host's welcome is malformed.";
  const h = hello === null ? null : publicHello(hello);
  if (typeof h === "string") return h;
  return { t: "welcome", seat: s, token, table, host: cleanOr(host), allow: { coach: allow.coach, review: allow.review, chat: allow.chat }, hello: h };
}

/** @param {unknown} seats @param {unknown} turn @param {unknown} watching @returns {HostMessage | string} */
function seatsShape(seats, turn, watching) {
  if (!Array.isArray(seats) || seats.length > MAX_SEATS) return "The host's list of seats is malformed.";
  /** @type {SeatLine[]} */
  const out = [];
  for (const x of seats) {
    if (!isObject(x) || !isInt(x.seat, 0) || x.seat >= MAX_SEATS || !isText(x.name, 80)
      || typeof x.status !== "string" || !SEAT_STATUSES.includes(x.status) || typeof x.ready !== "boolean") return "The host's list of seats is malformed.";
    out.push({ seat: x.seat, name: cleanOr(x.name), status: x.status, ready: x.ready });
  }
  if (!isInt(watching, 0) || watching > MAX_SEATS * 8) return "The host's count of onlookers is malformed.";
  if (turn === null) return { t: "seats", seats: out, turn: null, watching };
  if (!isObject(turn) || !isInt(turn.seat, 0) || turn.seat >= MAX_SEATS || !isInt(turn.ms, 0)) return "The host's turn clock is malformed.";
  return { t: "seats", seats: out, turn: { seat: turn.seat, ms: turn.ms }, watching };
}

/**
 * A state message: the guest's own seat's view at a table of at most MAX_SEATS seats.
 * @param {Record<string, unknown>} value @param {Reader} seat
 * @returns {HostMessage | string}
 */
function stateShape(value, seat) {
  const { view, known, events, lines, next, commitment } = value;
  const v = viewShape(view, seat);
  if (typeof v === "string") return v;
  if (!isInt(known, 0)) return "The host's count of hands already sent is malformed.";
  if (!Array.isArray(events) || events.length > MAX_EVENTS
    || !events.every((e) => isObject(e) && typeof e.type === "string" && (e.index === undefined || isInt(e.index, 0)) && (e.text === undefined || isText(e.text)))) {
    return "The host's events are malformed.";
  }
  if (!isLines(lines)) return "The host's lines are malformed.";
  if (!isInt(next, 0)) return "The host's log index is malformed.";
  if (commitment !== null && (typeof commitment !== "string" || !COMMITMENT.test(commitment))) return "The host's promise is malformed.";
  return { t: "state", view: v, known, events: /** @type {GameEvent[]} */ (events), lines: lines.map((l) => ({ text: l.text, cls: l.cls })), next, commitment };
}

/**
 * The parts of a view the table draws from, checked: its seats (each an object, in order),
 * the seat it is for (the guest's own; none for an onlooker), whose turn it is and the choices
 * offered (none to an onlooker).
 * @param {unknown} view @param {Reader} seat
 * @returns {View | string}
 */
function viewShape(view, seat) {
  if (!isObject(view)) return "The host's view is malformed.";
  const { seats, legal, hands } = view;
  if (!Array.isArray(seats) || seats.length < 1 || seats.length > MAX_SEATS
    || !seats.every((x, i) => isObject(x) && x.seat === i && isText(x.name, 80) && typeof x.kind === "string")) {
    return "The host's view has malformed seats.";
  }
  if (seat === "watch") {
    if (view.seat !== null) return "The host sent an onlooker the view of a seat.";
    if (!Array.isArray(legal) || legal.length) return "The host's view offers moves to an onlooker.";
  } else {
    if (!isInt(view.seat, 0) || view.seat >= seats.length) return "The host sent a view for a seat the table does not have.";
    if (seat !== null && view.seat !== seat) return `The host sent the view of seat ${view.seat + 1}, not yours.`;
  }
  if (view.to_act !== null && (!isInt(view.to_act, 0) || view.to_act >= seats.length)) return "The host's view names a turn the table does not have.";
  if (!Array.isArray(legal) || !legal.every((a) => isObject(a) && typeof a.type === "string" && ACTION_TYPES.includes(a.type) && a.seat === view.seat)) {
    return "The host's view offers moves that are not yours.";
  }
  if (!Array.isArray(hands) || typeof view.match_over !== "boolean" || typeof view.phase !== "string" || typeof view.stage !== "string") {
    return "The host's view is malformed.";
  }
  return /** @type {View} */ (/** @type {unknown} */ (view));
}

/**
 * @param {unknown} h
 * @returns {PublicHello | string}
 */
function publicHello(h) {
  if (!isObject(h) || !isText(h.version, 40) || !isInt(h.protocol, 0) || !Array.isArray(h.options) || !Array.isArray(h.presets)
    || !Array.isArray(h.bots) || !isObject(h.limits) || !isObject(h.limits.players)) return "The host's description of the game is malformed.";
  const p = h.limits.players;
  if (!isInt(p.min, 1) || !isInt(p.max, 1) || p.max > MAX_SEATS) return "The host's description of the game is malformed.";
  return /** @type {PublicHello} */ (/** @type {unknown} */ ({ version: h.version, protocol: h.protocol, options: h.options,
    presets: h.presets, bots: h.bots, limits: h.limits }));
}

/**
 * @param {unknown} v
 * @returns {GuestAction | string}
 */
function readAction(v) {
  if (!isObject(v)) return "An act needs an action object.";
  if (!isInt(v.seat, 0)) return "An action needs its seat.";
  if (typeof v.type !== "string" || !ACTION_TYPES.includes(v.type)) return "The action's type is unknown.";
  /** @type {GuestAction} */
  const action = { seat: v.seat, type: v.type };
  for (const key of /** @type {const} */ (["price", "target", "card"])) {
    const x = v[key];
    if (x === undefined) continue;
    if (!isInt(x, 0)) return `The action's ${key} is not a whole number.`;
    action[key] = x;
  }
  return action;
}

/**
 * @param {unknown} v
 * @returns {GuestPrefs | string}
 */
function readPrefs(v) {
  if (!isObject(v)) return "The preferences are not an object.";
  /** @type {GuestPrefs} */
  const prefs = {};
  if (v.auto_reveal !== undefined) {
    if (typeof v.auto_reveal !== "boolean") return "auto_reveal is true or false.";
    prefs.auto_reveal = v.auto_reveal;
  }
  if (v.offers !== undefined) {
    if (typeof v.offers !== "string" || !OFFER_RULE.test(v.offers)) return "offers names a rule for offers.";
    prefs.offers = v.offers;
  }
  return prefs;
}

// ------------------------------------------------------------------ the hands already sent

/**
 * A view as it travels to a device that already holds the match's first `held` finished hands:
 * only the hands after those go, and `known` says how many were left out. A view's `hands`
 * grows by a hand's result each hand, so without this a move's message grows with the match;
 * with it, a hand's result crosses the wire once (and again only to a device that reconnects).
 * A view with fewer hands than `held` is a new match's: it goes whole.
 *
 *   shipHands({...view, hands: [h1, h2, h3]}, 2)  // {view: {...view, hands: [h3]}, known: 2}
 *
 * @param {View} view @param {number} held
 * @returns {{view: View, known: number}}
 */
export function shipHands(view, held) {
  const known = held <= view.hands.length ? held : 0;
  return { view: known ? { ...view, hands: view.hands.slice(known) } : view, known };
}

/**
 * The other end of `shipHands`: the whole list of hands, from the `held` ones this device kept
 * and the ones just sent; a sentence if the host counts more hands than this device holds.
 *
 *   joinHands([h1, h2], [h3], 2)  // [h1, h2, h3]
 *
 * @template T
 * @param {T[]} held @param {T[]} sent @param {number} known
 * @returns {T[] | string}
 */
export function joinHands(held, sent, known) {
  if (known > held.length) return `The host counted ${known} hands as sent, but this table has ${held.length}.`;
  return held.slice(0, known).concat(sent);
}
