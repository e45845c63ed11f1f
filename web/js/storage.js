// localStorage with a prefix: every GitHub Pages site of one user shares an origin.
//
//   import { loadSettings, writeSave, readSave } from "./storage.js";
//   writeSave(snapshot, {seat: 0});   // false when the browser refused to store it
//   readSave()                        // null, {raw, snapshot, ui} or {raw, bad}
export const SAVE_KEY = "speculation:save:v1";
export const SETTINGS_KEY = "speculation:settings:v1";

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
 */

/**
 * The stored save: readable ({snapshot, ui}) or kept as it is with the reason it is not.
 * @typedef {{raw: string, snapshot: string, ui: Record<string, unknown>, bad?: undefined}
 *   | {raw: string, bad: string, snapshot?: undefined, ui?: undefined}} StoredSave
 */

/** @type {Readonly<UiSettings>} */
const DEFAULT_SETTINGS = { theme: "system", pace: "normal", fourColour: false, motion: true,
  autoReveal: true, offers: "refuse_below_fair", confirmTrades: false, handover: false };

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
    return { ...DEFAULT_SETTINGS, ...(s && typeof s === "object" ? s : {}) };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}
/** @param {UiSettings} s */
export function saveSettings(s) { set(SETTINGS_KEY, JSON.stringify(s)); }

/**
 * The stored save, raw (string) and parsed ({snapshot, ui}), or null when there is none.
 * @returns {StoredSave | null}
 */
export function readSave() {
  const raw = get(SAVE_KEY);
  if (raw == null) return null;
  try {
    const obj = JSON.parse(raw);
    if (!obj || typeof obj.snapshot !== "string") return { raw, bad: "the save has no snapshot" };
    return { raw, snapshot: obj.snapshot, ui: obj.ui ?? {} };
  } catch {
    return { raw, bad: "the save is not readable" };
  }
}
/**
 * Store the engine's snapshot (opaque: never read here) with the page's state.
 * @param {string} snapshot
 * @param {Record<string, unknown>} ui
 * @returns {boolean} whether the browser stored it
 */
export function writeSave(snapshot, ui) {
  return set(SAVE_KEY, JSON.stringify({ v: 1, saved: new Date().toISOString(), snapshot, ui }));
}
export function clearSave() {
  try { localStorage.removeItem(SAVE_KEY); } catch { /* ignore */ }
}
