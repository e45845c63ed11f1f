// What friends may say at the table (issue 44, item 5): quick phrases in the game's own period
// voice, a few reactions, and free text when the host allows it. Everything said is plain text
// of at most TALK_MAX characters (drawn with textContent, never as HTML), and the host relays
// it: a guest sends a phrase's id or its own words, the host composes the line every table shows.
//
//   import { PHRASES, REACTIONS, phraseText } from "./talk.js";
//   phraseText("fair")        // "A fair price!"

import { BIDI_CONTROLS, CONTROL, VISIBLE } from "../names.js";

/** The quick phrases, by id. */
export const PHRASES = Object.freeze({
  fair: "A fair price!",
  dear: "Too dear, sir.",
  blind: "I shall not buy blind.",
  done: "Done!",
  tempt: "You tempt me…",
  never: "Never in this world.",
  well: "Well played.",
  again: "Again?",
});

/** The reactions, by id: short cries (words, not emoji: every device has the letters). */
export const REACTIONS = Object.freeze({
  bravo: "Bravo!",
  oh: "Oh!",
  ha: "Ha!",
  hmm: "Hmm…",
});

/** The longest line of free text. */
export const TALK_MAX = 120;

/** The words of a phrase or reaction id (null: no such id). @param {string} id @returns {string | null} */
export function phraseText(id) {
  if (Object.hasOwn(PHRASES, id)) return PHRASES[/** @type {keyof typeof PHRASES} */ (id)];
  if (Object.hasOwn(REACTIONS, id)) return REACTIONS[/** @type {keyof typeof REACTIONS} */ (id)];
  return null;
}

/**
 * A line of free text as every table may show it: bidi controls removed, outer spaces trimmed,
 * 1 to TALK_MAX characters with something visible and no control character.
 * @param {unknown} raw
 * @returns {{ok: true, text: string} | {ok: false, message: string}}
 */
export function cleanTalk(raw) {
  if (typeof raw !== "string") return { ok: false, message: "What you say must be text." };
  const text = raw.replace(BIDI_CONTROLS, "").trim();
  if ([...text].length > TALK_MAX) return { ok: false, message: `Say it in at most ${TALK_MAX} characters.` };
  if (CONTROL.test(text)) return { ok: false, message: "What you say cannot hold a line break or a control character." };
  if (!VISIBLE.test(text)) return { ok: false, message: "There is nothing to say." };
  return { ok: true, text };
}

/**
 * What a line of talk says: a phrase's or cry's words by id, or the speaker's own words when
 * free text is allowed. The one rule for the host's relay, a guest's check before sending, and
 * the host's own "Say…".
 * @param {{phrase?: string | null, text?: string | null}} what one of the two
 * @param {boolean} chat free text allowed
 * @returns {{ok: true, text: string} | {ok: false, code: "bad_message" | "chat_off", message: string}}
 */
export function lineOf({ phrase = null, text = null }, chat) {
  if ((phrase == null) === (text == null)) return { ok: false, code: "bad_message", message: "Say a phrase or some words, one of the two." };
  if (phrase != null) {
    const words = phraseText(phrase);
    return words === null ? { ok: false, code: "bad_message", message: "That phrase is unknown." } : { ok: true, text: words };
  }
  if (!chat) return { ok: false, code: "chat_off", message: "The host has turned free text off: the quick phrases still work." };
  const c = cleanTalk(text);
  return c.ok ? c : { ok: false, code: "bad_message", message: c.message };
}
