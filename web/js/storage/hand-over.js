// Handing a friends' table from one device to another, as storage: the one place that writes
// either side of it (docs/multiplayer.md, "Passing the table").
//
//   // the device taking the table, once its player said yes:
//   const out = keepHandedTable({ snapshot, roster, log });   // {ok: true} or {ok: false, message}
//   // the device giving it away, once the snapshot has left:
//   leaveTable({ table, seat, token, host, name });            // its save goes to Saved matches
//
// A table taken over becomes this device's save; a match this device had going goes to Saved
// matches first, and only where there is room: taking a friend's table never evicts a saved
// match (the player is asked to make room instead).

import { SAVE_KEY, writeSave } from "../storage.js";
import { archiveSave, listMatches, KEEP_MATCHES } from "../matches.js";
import { keepName, writeStored } from "./guest-store.js";
import { randomHex } from "../ids.js";

/** @typedef {import("./roster.js").Roster} Roster */

/** @returns {string | null} */
function currentSave() {
  try { return localStorage.getItem(SAVE_KEY); } catch { return null; }
}

/**
 * Why this device cannot take a table now (null: it can): a match of its own would have to go
 * to Saved matches, and they are full.
 * @returns {string | null}
 */
export function noRoomForTable() {
  if (currentSave() == null || listMatches().length < KEEP_MATCHES) return null;
  return `Your Saved matches are full (${KEEP_MATCHES}): delete one there first, so that your own match can be kept.`;
}

/**
 * Keep a handed-over table as this device's save, the roster in its page part (the site then
 * resumes it and hosts). Nothing is written when it cannot be kept whole.
 * @param {{snapshot: string, roster: Roster, log: {text: string, cls: string}[]}} table
 * @returns {{ok: true} | {ok: false, message: string}}
 */
export function keepHandedTable({ snapshot, roster, log }) {
  const full = noRoomForTable();
  if (full) return { ok: false, message: full };
  const own = currentSave();
  if (own != null && !archiveSave(own, { evict: false })) {
    return { ok: false, message: "Your own match could not be kept in Saved matches, so the table was not taken." };
  }
  const out = writeSave(snapshot, { holder: roster.host, seenHand: null, log, friends: roster }, { match: randomHex(8) });
  return out.ok ? { ok: true } : { ok: false, message: "There is no room on this device to keep the table." };
}

/**
 * This device has handed its table over: it keeps its seat at the new host's table as a guest
 * (the rejoin asks no name), and its own copy of the match goes to Saved matches, so that it
 * cannot host the same match twice.
 * @param {{table: string, seat: number, token: string, host: string, name: string}} seat
 */
export function leaveTable({ table, seat, token, host, name }) {
  writeStored({ table, seat, token, host });
  keepName(name);
  const raw = currentSave();
  if (raw) archiveSave(raw);
}
