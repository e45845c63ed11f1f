// localStorage with a prefix: every GitHub Pages site of one user shares an origin.
export const SAVE_KEY = "speculation:save:v1";
export const SETTINGS_KEY = "speculation:settings:v1";

const DEFAULT_SETTINGS = { theme: "system", pace: "normal", fourColour: false, motion: true };

function get(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function set(key, value) {
  try { localStorage.setItem(key, value); return true; } catch { return false; }
}

export function loadSettings() {
  try {
    const s = JSON.parse(get(SETTINGS_KEY) ?? "{}");
    return { ...DEFAULT_SETTINGS, ...(s && typeof s === "object" ? s : {}) };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}
export function saveSettings(s) { set(SETTINGS_KEY, JSON.stringify(s)); }

/** The stored save, raw (string) and parsed ({snapshot, ui}) or null. */
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
export function writeSave(snapshot, ui) {
  return set(SAVE_KEY, JSON.stringify({ v: 1, saved: new Date().toISOString(), snapshot, ui }));
}
export function clearSave() {
  try { localStorage.removeItem(SAVE_KEY); } catch { /* ignore */ }
}
