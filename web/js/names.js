/**
 * The engine's rule for a player's name (py/speculation/names.py), for the places that must
 * judge a name before any engine sees it: a friend's hello at the host's lobby, a host's name
 * in an invitation code, a name in a link. The engine applies the same rule again; a parity
 * test (tests/test_names_parity.py) runs both over one corpus, so they cannot drift.
 *
 *     import { cleanName } from "./names.js";
 *     cleanName("  Fanny ")              // {ok: true, name: "Fanny"}
 *     cleanName("\u200b\u200b").code     // "invisible_name"
 *     cleanName("\u202eAnn").name        // "Ann": bidi controls are removed, never kept
 *
 * Bidi controls (embeddings, overrides, isolates, marks) are removed so that a name cannot
 * reorder the sentences it appears in; outer spaces are trimmed; then the name must be 1 to
 * NAME_MAX characters, hold no control character and at least one visible one (not a space,
 * a format character such as a zero-width space, a lone combining mark or a blank filler).
 *
 * @module
 */

/** The engine's limit (rules.NAME_MAX; also hello's `limits.name.max_length`). */
export const NAME_MAX = 40;
/** Removed from every name (names.py's BIDI_CONTROLS). */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** A character that draws something (names.py's `visible`). */
export const VISIBLE = /[^\p{Z}\p{C}\p{Mn}\p{Me}\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5]/u;
/** A control character (category Cc): line breaks, NUL… */
export const CONTROL = /\p{Cc}/u;
// Python's str.strip() (what the engine trims), which differs from String.trim: it takes U+0085
// and U+001C–U+001F, and leaves U+FEFF.
const OUTER_SPACE = /^[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/gu;

/** @typedef {{ok: true, name: string} | {ok: false, code: "bad_name" | "invisible_name", message: string}} NameCheck */

/**
 * The name as the engine would keep it, or why the engine would refuse it.
 * @param {unknown} raw
 * @param {{max?: number, who?: string}} [opts] `who` begins the sentences ("Your name")
 * @returns {NameCheck}
 */
export function cleanName(raw, { max = NAME_MAX, who = "The name" } = {}) {
  if (typeof raw !== "string") return { ok: false, code: "bad_name", message: `${who} must be text of 1 to ${max} characters.` };
  const name = raw.replace(BIDI_CONTROLS, "").replace(OUTER_SPACE, "");
  if ([...name].length > max) return { ok: false, code: "bad_name", message: `${who} is longer than ${max} characters.` };
  if (CONTROL.test(name)) return { ok: false, code: "bad_name", message: `${who} contains a control character (such as a line break).` };
  if (!raw) return { ok: false, code: "bad_name", message: `${who} is empty: type 1 to ${max} characters.` };
  if (!VISIBLE.test(name)) return { ok: false, code: "invisible_name", message: `${who} has no visible character.` };
  return { ok: true, name };
}
