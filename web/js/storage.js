// localStorage with a prefix: every GitHub Pages site of one user shares an origin.
//
//   import { loadSettings, writeSave, readSave } from "./storage.js";
//   writeSave(snapshot, ui, {match, base})  // {ok, gen, stale?, archived?}
//   readSave()                        // null, {raw, snapshot, ui, match, gen} or {raw, bad}
export const SAVE_KEY = "speculation:save:v1";
export const SETTINGS_KEY = "speculation:settings:v1";
/** "on" or "off": the header's sound toggle (sound.js). */
export const SOUND_KEY = "speculation:sound:v1";

/**
 * The page's own settings (never the game's rules).
 * @typedef {object} UiSettings
 * @property {string} theme "system" | "light" | "dark"
 * @property {string} pace "instant" | "fast" | "normal" | "slow"
 * @property {boolean} fourColour
 * @property {boolean} motion
 * @property {boolean} autoReveal turn up my top card by itself when that is all I may do
 * @property {import("./standing.js").OfferRule} offers the standing answer to offers for my cards
 * @property {boolean} confirmTrades check every trade and bid in a dialog
 * @property {boolean} handover pass-and-play: a private hand-over screen
 * @property {boolean} notify a notification when it is my turn and the page is in the background
 */

/**
 * The stored save: readable ({snapshot, ui}) or kept as it is with the reason it is not.
 * @typedef {{raw: string, snapshot: string, ui: Record<string, any>, match: string|null,
 *   gen: number, bad?: undefined}
 *   | {raw: string, bad: string, snapshot?: undefined, ui?: undefined, match?: undefined,
 *   gen?: undefined}} StoredSave
 */

/** @type {Readonly<UiSettings>} */
const DEFAULT_SETTINGS = { theme: "system", pace: "normal", fourColour: false, motion: true,
  autoReveal: true, offers: "refuse_below_fair", confirmTrades: false, handover: false, notify: false };

/** @param {string} key */
function get(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
/** @param {string} key @param {string} value */
function set(key, value) {
  try { localStorage.setItem(key, value); return true; } catch { return false; }
}

/** @returns {UiSettings} */
export function loadSettings() {
  try {
    const s = JSON.parse(get(SETTINGS_KEY) ?? "{}");
    /** @type {Record<string, unknown>} */
    const out = { ...DEFAULT_SETTINGS };
    if (s && typeof s === "object" && !Array.isArray(s)) {
      // A stored setting of the wrong type (hand-edited, damaged) is ignored: its default stays.
      for (const [k, v] of Object.entries(s)) {
        if (!(k in DEFAULT_SETTINGS) || typeof v === typeof out[k]) out[k] = v;
      }
    }
    return /** @type {UiSettings} */ (/** @type {unknown} */ (out));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}
/** @param {UiSettings} s */
export function saveSettings(s) { set(SETTINGS_KEY, JSON.stringify(s)); }

/**
 * The stored save, raw (string) and parsed ({snapshot, ui}), or null when there is none.
 * `match` is the match's id and `gen` the save slot's generation (0 for saves of builds that
 * had neither).
 * @returns {StoredSave | null}
 */
export function readSave() {
  const raw = get(SAVE_KEY);
  return raw == null ? null : parseSave(raw);
}

/**
 * A stored save's text (as readSave reads it, or as the saved matches keep it), parsed.
 * @param {string} raw
 * @returns {StoredSave}
 */
export function parseSave(raw) {
  try {
    const obj = JSON.parse(raw);
    if (!obj || typeof obj.snapshot !== "string") return { raw, bad: "the save has no snapshot" };
    const ui = obj.ui && typeof obj.ui === "object" && !Array.isArray(obj.ui) ? obj.ui : {};
    return { raw, snapshot: obj.snapshot, ui, match: typeof obj.match === "string" ? obj.match : null,
      gen: generation(obj) };
  } catch {
    return { raw, bad: "the save is not readable" };
  }
}

/** The save slot's generation number in a stored save's text or object (0 when it has none). */
export function generation(/** @type {any} */ obj) {
  if (typeof obj === "string") {
    try { obj = JSON.parse(obj); } catch { return 0; }
  }
  const g = obj?.gen;
  return Number.isSafeInteger(g) && g > 0 ? g : 0;
}

/**
 * @typedef {object} WriteResult
 * @property {boolean} ok whether the save is stored
 * @property {number} gen the slot's generation after the write (unchanged when refused)
 * @property {boolean} [stale] refused: another tab saved since `base` (a newer save is kept)
 * @property {{raw: string, kept: boolean}} [archived] a different match's save was moved to
 *   the saved matches (kept: false when the browser had no room for it: offer its download)
 */

/**
 * Store the engine's snapshot (opaque: never read here) with the page's state.
 * One writer per slot: `base` is the generation this page last read or wrote; if the stored
 * save is newer (another tab wrote since), nothing is written. A save of a different match
 * is never overwritten: it goes to the saved matches first (matches.js, through `archive`).
 * @param {string} snapshot
 * @param {Record<string, unknown>} ui
 * `adopt`: the stored save is this match's, from a build that gave matches no id.
 * @param {{match?: string, base?: number, adopt?: boolean, archive?: (raw: string) => boolean}} [meta]
 * @returns {WriteResult}
 */
export function writeSave(snapshot, ui, { match = "", base = undefined, adopt = false, archive = undefined } = {}) {
  const currentRaw = get(SAVE_KEY);
  const current = currentRaw == null ? null : readSave();
  const gen = currentRaw == null ? 0 : generation(currentRaw);
  if (base !== undefined && gen > base) return { ok: false, gen, stale: true };
  /** @type {WriteResult} */
  const out = { ok: false, gen };
  const same = current?.match === match || (adopt && current?.match === null);
  if (currentRaw != null && archive && (current?.bad || !same)) {
    out.archived = { raw: currentRaw, kept: archive(currentRaw) };
  }
  const next = gen + 1;
  out.ok = set(SAVE_KEY, JSON.stringify({ v: 1, saved: new Date().toISOString(), match, gen: next, snapshot, ui }));
  if (out.ok) out.gen = next;
  return out;
}
export function clearSave() {
  try { localStorage.removeItem(SAVE_KEY); } catch { /* ignore */ }
}

// A resume under way: set before the engine loads the save, cleared when it answers. Found
// still set at the next start (the engine died on that save), the save is not tried again.
const RESUMING_KEY = "speculation:resuming:v1";
/** @param {string|null} raw the save being resumed, or null when done */
export function markResuming(raw) {
  if (raw == null) {
    try { localStorage.removeItem(RESUMING_KEY); } catch { /* ignore */ }
  } else set(RESUMING_KEY, String(raw.length) + ":" + String(generation(raw)));
}
/** Whether a resume of this save was started and never finished. */
export function resumeDiedOn(/** @type {string} */ raw) {
  return get(RESUMING_KEY) === String(raw.length) + ":" + String(generation(raw));
}
