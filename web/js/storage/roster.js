// A friends' table's roster as the host's save keeps it (the save's page part), and as a
// handed-over table carries it to its new host: the table's id, the host's seat and name, each
// friend's seat, name and token, and what friends may ask. A stored or received roster is not
// trusted: cleanRoster reads it field by field, names by the engine's rule.
//
//   const r = cleanRoster(saved.ui.friends);   // null: not a roster (ignored)

import { cleanName } from "../names.js";

/**
 * @typedef {{seat: number, name: string, token: string, bot: boolean, removed?: boolean}} RosterFriend
 * @typedef {{v: 1, table: string, hostName: string, host: number, friends: RosterFriend[],
 *   allow: {coach: boolean, review: boolean, chat: boolean}, clock?: number}} Roster
 */

const HEX = /^[0-9a-f]{8,64}$/;
const SEATS = 16;

/** @param {unknown} x */
const isSeat = (x) => Number.isSafeInteger(x) && /** @type {number} */ (x) >= 0 && /** @type {number} */ (x) < SEATS;
/** @param {unknown} x */
const isHex = (x) => typeof x === "string" && HEX.test(x);

/**
 * A stored roster, checked field by field: null if any part is of the wrong shape.
 * @param {unknown} raw
 * @returns {Roster | null}
 */
export function cleanRoster(raw) {
  if (!raw || typeof raw !== "object") return null;
  const r = /** @type {Record<string, unknown>} */ (raw);
  const hostName = r.hostName === "" ? { ok: true, name: "" } : cleanName(r.hostName);
  if (r.v !== 1 || !isHex(r.table) || !hostName.ok || !isSeat(r.host) || !Array.isArray(r.friends) || r.friends.length > SEATS - 1) return null;
  /** @type {RosterFriend[]} */
  const friends = [];
  for (const f of r.friends) {
    const name = f && typeof f === "object" && f.name === "" ? { ok: true, name: "" } : cleanName(f?.name);
    if (!f || typeof f !== "object" || !isSeat(f.seat) || !name.ok || !isHex(f.token) || f.seat === r.host) return null;
    friends.push({ seat: f.seat, name: /** @type {{name: string}} */ (name).name, token: f.token, bot: f.bot === true, ...(f.removed === true ? { removed: true } : {}) });
  }
  if (new Set(friends.map((f) => f.seat)).size !== friends.length) return null;
  const a = /** @type {Record<string, unknown>} */ (r.allow && typeof r.allow === "object" ? r.allow : {});
  const clock = Number.isSafeInteger(r.clock) && /** @type {number} */ (r.clock) >= 0 && /** @type {number} */ (r.clock) <= 3600
    ? { clock: /** @type {number} */ (r.clock) } : {};
  return { v: 1, table: /** @type {string} */ (r.table), hostName: /** @type {{name: string}} */ (hostName).name, host: /** @type {number} */ (r.host),
    friends, allow: { coach: a.coach !== false, review: a.review !== false, chat: a.chat !== false }, ...clock };
}
