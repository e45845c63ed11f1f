// What the Play card remembers for next time: the opponents' strength (people.js OPPONENTS),
// stored versioned as {v: 1, opponents} under speculation:play:v1. A stored value this version
// does not know (damaged, hand-edited, or a later version's) reads as the default and is kept
// as it is until the player chooses again.
//
//   import { readPlayChoice, writePlayChoice } from "./play-choice.js";
//   readPlayChoice().opponents      // "casual"
//   writePlayChoice({ opponents: "expert" });
import { DEFAULT_OPPONENTS, OPPONENTS } from "./people.js";

export const PLAY_KEY = "speculation:play:v1";

/** @typedef {{opponents: string}} PlayChoice */

/**
 * The choice a stored text stands for (pure).
 * @param {string | null} raw
 * @returns {PlayChoice}
 */
export function parsePlayChoice(raw) {
  try {
    const s = JSON.parse(raw ?? "null");
    if (s && typeof s === "object" && s.v === 1 && typeof s.opponents === "string" && s.opponents in OPPONENTS) {
      return { opponents: s.opponents };
    }
  } catch { /* unreadable: the default */ }
  return { opponents: DEFAULT_OPPONENTS };
}

/** @returns {PlayChoice} */
export function readPlayChoice() {
  try { return parsePlayChoice(localStorage.getItem(PLAY_KEY)); } catch { return parsePlayChoice(null); }
}

/** @param {PlayChoice} choice @returns {boolean} whether it was stored */
export function writePlayChoice(choice) {
  if (!(choice.opponents in OPPONENTS)) return false;
  try { localStorage.setItem(PLAY_KEY, JSON.stringify({ v: 1, opponents: choice.opponents })); return true; } catch { return false; }
}
