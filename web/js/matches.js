// The saved matches: every match the page would otherwise replace (a new match, a link, an
// import, a save that could not be resumed) is kept here, newest first, and can be resumed
// or exported. Also the page's checks of its own part of a save, the reading of an imported
// file, and the two small dialogs that go with them. Nothing runs at import time.
//
//   import { archiveSave, listMatches, openSavedMatches, askReplace, readImport } from "./matches.js";
//   archiveSave(raw)                  // true when stored (storage.js's writeSave calls it)
//   listMatches()                     // [{key, match, title, saved, raw, broken}]
//   await askReplace("Fanny, Mary — hand 3")   // true: go on; false: keep playing
import { generation } from "./storage.js";

/** localStorage key of the list (prefixed: every GitHub Pages site of a user shares an origin). */
export const MATCHES_KEY = "speculation:matches:v1";
/** How many saved matches are kept (the oldest go first; at least 5, as promised). */
export const KEEP_MATCHES = 10;
/** The largest file the import reads (a long match's record is well under 1 MB). */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;

/**
 * @typedef {object} SavedMatch
 * @property {string} key unique in the list
 * @property {string|null} match the match's id (null for a save of an older build)
 * @property {string} title players and hand, from the page's part of the save
 * @property {string} saved when it was last saved (ISO), or archived if unknown
 * @property {string} raw the stored save's text exactly as it was (what Export downloads)
 * @property {number} gen the save slot's generation when it was saved
 * @property {string} [broken] why it could not be resumed (it can still be exported)
 */

/** @returns {SavedMatch[]} */
export function listMatches() {
  try {
    const list = JSON.parse(localStorage.getItem(MATCHES_KEY) ?? "[]");
    if (!Array.isArray(list)) return [];
    // An entry of the wrong shape is dropped, or repaired where a field is only descriptive.
    return list.filter((m) => m && typeof m.raw === "string" && typeof m.key === "string").map((m) => ({
      ...m, match: typeof m.match === "string" ? m.match : null, title: typeof m.title === "string" ? m.title : "",
      saved: typeof m.saved === "string" ? m.saved : "", gen: Number.isFinite(m.gen) ? m.gen : 0,
      ...(m.broken === undefined || typeof m.broken === "string" ? {} : { broken: "This saved match is damaged." }),
    }));
  } catch {
    return [];
  }
}

/** @param {SavedMatch[]} list */
function store(list) {
  try { localStorage.setItem(MATCHES_KEY, JSON.stringify(list)); return true; } catch { return false; }
}

/**
 * What the list shows of a stored save (its text as storage.js wrote it).
 * @param {string} raw
 * @returns {{match: string|null, title: string, saved: string}}
 */
export function describeSave(raw) {
  /** @type {any} */
  let obj = null;
  try { obj = JSON.parse(raw); } catch { /* unreadable: described as such */ }
  const sum = obj?.ui?.summary;
  const names = Array.isArray(sum?.players) ? sum.players.filter((/** @type {unknown} */ n) => typeof n === "string").slice(0, 8) : [];
  let title = names.length ? names.join(", ") : "A match";
  if (Number.isSafeInteger(sum?.hand) && sum.hand > 0) title += ` — hand ${sum.hand}`;
  if (sum?.over === true) title += " (finished)";
  const saved = typeof obj?.saved === "string" ? obj.saved : new Date().toISOString();
  return { match: typeof obj?.match === "string" ? obj.match : null, title: title.slice(0, 200), saved };
}

/**
 * Keep a stored save in the list (the same match's older copy is replaced by the newer one).
 * When the browser has no room, the oldest entries make way; false if even this one cannot be
 * stored (the caller then offers it as a download). With `evict: false` nothing already kept
 * makes way: false when the list is full or the browser has no room (a match handed over by a
 * friend never costs one of this device's saved matches).
 * @param {string} raw @param {{broken?: string, evict?: boolean}} [opts]
 */
export function archiveSave(raw, { broken, evict = true } = {}) {
  const d = describeSave(raw);
  const gen = generation(raw);
  let list = listMatches();
  const twin = d.match ? list.find((m) => m.match === d.match) : list.find((m) => m.raw === raw);
  if (twin && (twin.raw === raw || twin.gen > gen)) return true; // already kept (or a newer copy)
  list = list.filter((m) => m !== twin);
  /** @type {SavedMatch} */
  const entry = { key: `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`, ...d, raw, gen };
  if (broken) entry.broken = broken.slice(0, 300);
  list.unshift(entry);
  if (!evict) return list.length <= KEEP_MATCHES && store(list);
  list = list.slice(0, KEEP_MATCHES);
  while (list.length) {
    if (store(list)) return true;
    if (list.length === 1) break;
    list.pop(); // no room: the oldest goes
  }
  return false;
}

/** Take a match out of the list (it is being resumed: it becomes the current save). */
export function removeMatch(/** @type {string} */ key) {
  store(listMatches().filter((m) => m.key !== key));
}

/** A download of a stored save: the same file as the notice's "Download the old save". */
export function saveFileUrl(/** @type {string} */ raw) {
  return URL.createObjectURL(new Blob([JSON.stringify({ saved_game: raw }, null, 2)], { type: "application/json" }));
}

// ------------------------------------------------------------------ the page's part of a save

/**
 * The page's part of a save, repaired rather than refused: the log keeps only {text, cls}
 * string pairs (at most 150), the holder is a seat number or null (checked against the seats
 * once the engine has loaded the match: see holderFor), seenHand a hand number or null.
 * Saves from earlier versions logged the seed when a match started ("… Seed 42."): it goes
 * (with the seed anyone could read the face-down cards of the match being resumed).
 * @param {unknown} ui
 * @returns {{holder: number|null, seenHand: number|null, log: {text: string, cls: string}[]}}
 */
export function cleanUi(ui) {
  const u = /** @type {any} */ (ui && typeof ui === "object" && !Array.isArray(ui) ? ui : {});
  const log = Array.isArray(u.log) ? u.log : [];
  const items = log
    .filter((/** @type {any} */ x) => x && typeof x === "object" && typeof x.text === "string" && x.text !== "")
    .map((/** @type {any} */ x) => ({ text: withoutSeed(x.text.slice(0, 1000)), cls: typeof x.cls === "string" && /^[a-z-]{0,20}$/.test(x.cls) ? x.cls : "" }))
    .slice(-150);
  const int = (/** @type {unknown} */ v) => (Number.isSafeInteger(v) && /** @type {number} */ (v) >= 0 ? /** @type {number} */ (v) : null);
  return { holder: int(u.holder), seenHand: int(u.seenHand), log: items };
}

/** A log line without the seed earlier versions wrote after "A new match: …" / "A new deal: …". */
function withoutSeed(/** @type {string} */ text) {
  return text.replace(/^(A new (?:match|deal): [^]*?\.) Seed \d+\.$/u, "$1");
}

/** The saved holder if it is a person's seat of this match, else null (the first person's). */
export function holderFor(/** @type {number|null} */ holder, /** @type {any} */ view) {
  const seat = holder == null ? null : view?.seats?.[holder];
  return seat && seat.kind !== "bot" ? holder : null;
}

// ------------------------------------------------------------------ reading an imported file

/**
 * @typedef {{kind: "save", snapshot: string, ui: Record<string, unknown>}
 *   | {kind: "record", record: Record<string, unknown>}} ImportedFile
 */

/**
 * What an imported file holds: a save (the page's download {saved_game}, a stored save
 * {snapshot, ui} or the engine's bare snapshot) or a game record. Throws an Error with a
 * sentence for the player when it is neither; the engine judges the contents.
 * @param {string} text
 * @returns {ImportedFile}
 */
export function readImport(text) {
  /** @type {any} */
  let obj;
  try { obj = JSON.parse(text); } catch { throw new Error("This file is not a saved match or a game record: it is not JSON."); }
  if (obj && typeof obj === "object" && typeof obj.saved_game === "string") {
    try { obj = JSON.parse(obj.saved_game); } catch { throw new Error("This saved match is damaged: its save is not readable."); }
  }
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) throw new Error("This file is not a saved match or a game record.");
  if (typeof obj.snapshot === "string") return { kind: "save", snapshot: obj.snapshot, ui: obj.ui && typeof obj.ui === "object" ? obj.ui : {} };
  if (obj.format === "speculation-snapshot") return { kind: "save", snapshot: JSON.stringify(obj), ui: {} };
  if (obj.format === "speculation-record" || (Array.isArray(obj.players) && Array.isArray(obj.actions))) return { kind: "record", record: obj };
  throw new Error("This file is not a saved match or a game record of Speculation.");
}

// ------------------------------------------------------------------ dialogs

/**
 * @template {HTMLElementTagNameMap[keyof HTMLElementTagNameMap]} E
 * @param {string} tag @param {string} [cls] @param {string} [text]
 */
function el(tag, cls = "", text = "") {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

/** A modal dialog made once and reused (class "confirm": the page's dialog style). */
function dialog(/** @type {string} */ id) {
  let dlg = /** @type {HTMLDialogElement|null} */ (document.getElementById(id));
  if (!dlg) {
    dlg = document.createElement("dialog");
    dlg.id = id;
    dlg.className = "confirm";
    dlg.setAttribute("aria-labelledby", `${id}-title`);
    document.body.append(dlg);
  }
  return dlg;
}

/**
 * Ask before replacing the match in progress. The focused default keeps playing.
 * @param {string} what the match in progress, as the list would show it
 * @param {{title?: string, okLabel?: string}} [words]
 * @returns {Promise<boolean>} true: replace it (it is kept in the saved matches)
 */
export function askReplace(what, { title = "Start a new match?", okLabel = "Start the new match" } = {}) {
  const dlg = dialog("replace-dialog");
  const h = el("h2", "", title);
  h.id = "replace-dialog-title";
  const p = el("p", "", `Your match in progress (${what}) will be kept in Saved matches, where you can resume or export it.`);
  const row = el("div", "row-buttons");
  const keep = el("button", "", "Keep playing");
  const go = el("button", "primary", okLabel);
  for (const b of [keep, go]) /** @type {HTMLButtonElement} */ (b).type = "button";
  row.append(keep, go);
  dlg.replaceChildren(h, p, row);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    const done = (/** @type {boolean} */ answer) => {
      dlg.removeEventListener("close", onClose);
      dlg.close();
      if (opener?.isConnected) opener.focus();
      resolve(answer);
    };
    const onClose = () => done(false);
    dlg.addEventListener("close", onClose);
    keep.addEventListener("click", () => done(false));
    go.addEventListener("click", () => done(true));
    dlg.showModal();
    keep.focus();
  });
}

/**
 * Offer to continue a save whose computer player this version lacks with the nearest one.
 * @param {string} bot @param {string} nearest
 * @returns {Promise<boolean>}
 */
export function askNearestBot(bot, nearest) {
  const dlg = dialog("nearest-dialog");
  const h = el("h2", "", "A computer player has changed");
  h.id = "nearest-dialog-title";
  const p = el("p", "", `This match has a computer player this version does not have (${bot}). Continue with the nearest one (${nearest}), or keep the match in Saved matches and start afresh?`);
  const row = el("div", "row-buttons");
  const go = el("button", "primary", `Continue with ${nearest}`);
  const no = el("button", "", "Keep it and start afresh");
  for (const b of [go, no]) /** @type {HTMLButtonElement} */ (b).type = "button";
  row.append(go, no);
  dlg.replaceChildren(h, p, row);
  return new Promise((resolve) => {
    const done = (/** @type {boolean} */ answer) => { dlg.removeEventListener("close", onClose); dlg.close(); resolve(answer); };
    const onClose = () => done(false);
    dlg.addEventListener("close", onClose);
    go.addEventListener("click", () => done(true));
    no.addEventListener("click", () => done(false));
    dlg.showModal();
    go.focus();
  });
}

/**
 * The "Saved matches" dialog: the list (Resume, Export) and the import of a file.
 * `onResume(entry)` and `onImport(text, name)` return null on success or a sentence saying
 * why not (shown in the dialog; nothing has changed).
 * @param {{onResume: (m: SavedMatch) => Promise<string|null>, onImport: (text: string) => Promise<string|null>}} handlers
 */
export function openSavedMatches({ onResume, onImport }) {
  const dlg = dialog("saved-dialog");
  dlg.classList.add("saved-matches");
  const h = el("h2", "", "Saved matches");
  h.id = "saved-dialog-title";
  const error = el("p", "saved-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  const fail = (/** @type {string} */ msg) => { error.textContent = msg; error.hidden = false; };
  const list = listMatches();
  const body = [];
  if (!list.length) body.push(el("p", "hint", "No saved matches yet. A match you replace is kept here."));
  else {
    const ul = el("ul", "saved-list");
    for (const m of list) {
      const li = el("li", "saved-item");
      const label = el("p", "saved-title", m.title);
      const when = new Date(m.saved);
      const note = el("p", "hint", `Saved ${isNaN(when.getTime()) ? "earlier" : when.toLocaleString()}` + (m.broken ? ` · could not be resumed: ${m.broken}` : ""));
      const row = el("div", "row-buttons");
      const resume = /** @type {HTMLButtonElement} */ (el("button", "", "Resume"));
      resume.type = "button";
      resume.setAttribute("aria-label", `Resume ${m.title}`);
      resume.addEventListener("click", async () => {
        resume.disabled = true;
        const problem = await onResume(m);
        resume.disabled = false;
        if (problem) fail(problem); else dlg.close();
      });
      const exp = /** @type {HTMLAnchorElement} */ (el("a", "btn", "Export"));
      exp.href = saveFileUrl(m.raw);
      exp.download = "speculation-saved-match.json";
      exp.setAttribute("aria-label", `Export ${m.title}`);
      row.append(resume, exp);
      li.append(label, note, row);
      ul.append(li);
    }
    body.push(ul);
  }
  const imp = el("div", "saved-import");
  const lab = /** @type {HTMLLabelElement} */ (el("label", "", "Import a saved match or a game record (a .json file)"));
  const file = /** @type {HTMLInputElement} */ (el("input"));
  file.type = "file";
  file.id = "import-file";
  file.accept = ".json,application/json";
  lab.htmlFor = file.id;
  file.addEventListener("change", async () => {
    error.hidden = true;
    const f = file.files?.[0];
    if (!f) return;
    if (f.size > MAX_IMPORT_BYTES) { fail(`This file is too large (${Math.round(f.size / 1048576)} MB) to be a saved match.`); return; }
    const problem = await onImport(await f.text());
    file.value = "";
    if (problem) fail(problem); else dlg.close();
  });
  imp.append(lab, file);
  const close = /** @type {HTMLButtonElement} */ (el("button", "", "Close"));
  close.type = "button";
  close.addEventListener("click", () => dlg.close());
  const foot = el("div", "row-buttons");
  foot.append(close);
  dlg.replaceChildren(h, ...body, imp, error, foot);
  dlg.showModal();
  close.focus();
  return dlg;
}
