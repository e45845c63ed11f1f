/**
 * The host's gate for what a guest sends over its data channel: nothing a guest writes reaches
 * the engine except a request this module builds itself from an allowlist.
 *
 *     import { readGuestMessage, engineRequest } from "./guard.js";
 *     const read = readGuestMessage(text);                  // size, depth, JSON, shape
 *     if (!read.ok) return refuse(read.code, read.message);
 *     const built = engineRequest(read.msg, {seat: 1, logNext, allow: {coach: true, review: false}});
 *     if (built.ok) engine.request(built.request);
 *
 * readGuestMessage checks the size and the nesting with a scan of the text *before*
 * JSON.parse (a deeply nested text never reaches the parser), then the message's shape; the
 * message it returns is a fresh object with the known fields only. engineRequest forces the
 * bound seat, drops stale acts and refuses what the host has not allowed. Pure: no DOM.
 *
 * Refusal codes: "too_large", "too_deep", "bad_json", "bad_message" (readGuestMessage);
 * "bad_message", "wrong_seat", "stale", "not_allowed" (engineRequest).
 *
 * @module
 */

import { utf8Length } from "./link/frame.js";

export const MAX_MESSAGE_BYTES = 65536;
export const MAX_DEPTH = 8;
export const MAX_NAME_BYTES = 24;
/** The action types of docs/protocol.md "Actions and templates". */
export const ACTION_TYPES = Object.freeze(["deal", "reveal", "keep", "sell_firm", "sell_negotiate", "sell_auction",
  "accept", "decline", "counter", "bid", "pass", "offer"]);
const MAX_INT = 1_000_000;
const TOKEN = /^[A-Za-z0-9_-]{8,128}$/;
const OFFER_RULE = /^[a-z_]{1,32}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** @typedef {{auto_reveal?: boolean, offers?: string}} GuestPrefs */
/** @typedef {{seat: number, type: string, price?: number, target?: number, card?: number}} GuestAction */
/**
 * @typedef {{t: "hello", name: string, token: string | null, prefs: GuestPrefs}
 *   | {t: "act", action: GuestAction, since: number}
 *   | {t: "prefs", prefs: GuestPrefs}
 *   | {t: "coach"}
 *   | {t: "review", hand: number | null}} GuestMessage
 */
/** @typedef {"too_large" | "too_deep" | "bad_json" | "bad_message"} ReadCode */
/** @typedef {"bad_message" | "wrong_seat" | "stale" | "not_allowed"} RequestCode */
/**
 * The bridge requests a guest may cause.
 * @typedef {{op: "act", action: GuestAction, viewer: number}
 *   | {op: "coach", seat: number}
 *   | {op: "review", seat: number, hand?: number}} EngineRequest
 */

/**
 * @param {unknown} text what the assembler gave (a whole message text)
 * @param {{maxBytes?: number, maxDepth?: number}} [limits]
 * @returns {{ok: true, msg: GuestMessage} | {ok: false, code: ReadCode, message: string}}
 */
export function readGuestMessage(text, { maxBytes = MAX_MESSAGE_BYTES, maxDepth = MAX_DEPTH } = {}) {
  if (typeof text !== "string") return { ok: false, code: "bad_json", message: "The message is not text." };
  if (text.length > maxBytes || utf8Length(text) > maxBytes) {
    return { ok: false, code: "too_large", message: `The message is over ${maxBytes} bytes.` };
  }
  if (depthOver(text, maxDepth)) {
    return { ok: false, code: "too_deep", message: `The message nests deeper than ${maxDepth} levels.` };
  }
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: "bad_json", message: "The message is not valid JSON." };
  }
  const msg = shape(value);
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
 * The bridge request for a guest's message, built from its known fields only.
 * @param {unknown} msg a message (readGuestMessage's, or anything: it is checked again)
 * @param {{seat: number, logNext: number, allow: {coach: boolean, review: boolean}}} binding
 *   `seat`: the seat bound to this guest's channel; `logNext`: the log index guests see next
 * @returns {{ok: true, request: EngineRequest} | {ok: false, code: RequestCode, message: string}}
 */
export function engineRequest(msg, { seat, logNext, allow }) {
  const m = shape(msg);
  if (typeof m === "string") return { ok: false, code: "bad_message", message: m };
  switch (m.t) {
    case "act": {
      if (m.action.seat !== seat) {
        return { ok: false, code: "wrong_seat", message: `You play seat ${seat}, not seat ${m.action.seat}.` };
      }
      if (m.since !== logNext) {
        return { ok: false, code: "stale", message: "The table changed before this move arrived: it was not made." };
      }
      /** @type {GuestAction} */
      const action = { seat, type: m.action.type };
      if (m.action.price !== undefined) action.price = m.action.price;
      if (m.action.target !== undefined) action.target = m.action.target;
      if (m.action.card !== undefined) action.card = m.action.card;
      return { ok: true, request: { op: "act", action, viewer: seat } };
    }
    case "coach":
      if (!allow.coach) return { ok: false, code: "not_allowed", message: "The host has not allowed the coach at this table." };
      return { ok: true, request: { op: "coach", seat } };
    case "review":
      if (!allow.review) return { ok: false, code: "not_allowed", message: "The host has not allowed reviews at this table." };
      return { ok: true, request: m.hand === null ? { op: "review", seat } : { op: "review", seat, hand: m.hand } };
    default:
      return { ok: false, code: "bad_message", message: `A "${m.t}" message is for the host, not the engine.` };
  }
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
 * A fresh GuestMessage with the known fields of `value`, or a sentence saying what is wrong.
 * @param {unknown} value
 * @returns {GuestMessage | string}
 */
function shape(value) {
  if (!isObject(value)) return "The message is not an object.";
  switch (value.t) {
    case "hello": {
      const { name, token } = value;
      if (typeof name !== "string" || name.trim() === "" || utf8Length(name) > MAX_NAME_BYTES || CONTROL.test(name)) {
        return `A name is 1 to ${MAX_NAME_BYTES} bytes of plain text.`;
      }
      if (token !== null && (typeof token !== "string" || !TOKEN.test(token))) return "The seat token is malformed.";
      const prefs = readPrefs(value.prefs);
      if (typeof prefs === "string") return prefs;
      return { t: "hello", name: name.trim(), token, prefs };
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
    default:
      return "The message's type is unknown.";
  }
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
