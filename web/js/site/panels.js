// What opens over the table and what is said above it: the dialogs (index.html's rules, about,
// log, settings, set-up), the notice with its optional download, and the note a standing
// answer leaves. Stateless: every function works on the page's own elements.
//
//   import { openSheet, notice } from "./panels.js";
//   openSheet("rules-dialog");                          // closes in one step (Close or Escape)
//   notice("Your saved match could not be resumed.", raw); // raw: offered as a download
import { byId } from "../dom.js";

/** @param {string} id @returns {HTMLDialogElement} */
export const dialogById = (id) => /** @type {HTMLDialogElement} */ (byId(id));

/** Open a dialog over the table; it closes in one step (its Close button or Escape), and the
 * focus goes back to what opened it when that is still shown. */
export function openSheet(/** @type {string} */ id) {
  const dlg = dialogById(id);
  const opener = document.activeElement;
  if (dlg.open) return;
  dlg.showModal();
  dlg.addEventListener("close", () => {
    if (opener instanceof HTMLElement && opener.isConnected && !opener.closest("[hidden]")) opener.focus();
  }, { once: true });
}

/** Close a dialog if it is open. */
export function closeSheet(/** @type {string} */ id) {
  const dlg = dialogById(id);
  if (dlg.open) dlg.close();
}

/**
 * Say something above the table; with `download`, a stored save's text to keep as a file.
 * @param {string} text
 * @param {string | null} [download]
 */
export function notice(text, download = null) {
  byId("notice-text").textContent = text;
  const a = /** @type {HTMLAnchorElement} */ (byId("notice-download"));
  if (download) {
    const blob = new Blob([JSON.stringify({ saved_game: download }, null, 2)], { type: "application/json" });
    a.href = URL.createObjectURL(blob);
    a.hidden = false;
  } else a.hidden = true;
  byId("notice").hidden = false;
}

export function hideNotice() { byId("notice").hidden = true; }

/** A standing answer or a buy order was used: say so on the table (it is in the log too). */
export function autoNote(/** @type {string} */ text) {
  const note = byId("auto-note");
  note.textContent = text;
  note.hidden = false;
}

export function hideAutoNote() { byId("auto-note").hidden = true; }

/** The header's and the notice's own buttons: rules, about, the log, the notice's Close. */
export function wirePanels() {
  byId("notice-close").addEventListener("click", () => { hideNotice(); byId("main").focus(); });
  byId("link-rules").addEventListener("click", () => openSheet("rules-dialog"));
  byId("link-about").addEventListener("click", () => openSheet("about-dialog"));
  byId("btn-log").addEventListener("click", () => {
    openSheet("log-dialog");
    const log = byId("log");
    log.scrollTop = log.scrollHeight;
  });
}

/** What went wrong, in words: an error's message, else the thing thrown. */
export function messageOf(/** @type {unknown} */ err) {
  const message = err && typeof err === "object" && "message" in err ? err.message : undefined;
  return String(message ?? err);
}

/** The tutorial begins: nothing stays over the table, the rules dialog it may start from
 * included; the focus waits on the page until the hand is dealt (table.js moves it on). */
export function closeRulesForTutorial() {
  const rules = dialogById("rules-dialog");
  if (!rules.open) return;
  // After the dialog hands the focus back to its opener.
  rules.addEventListener("close", () => byId("main").focus({ preventScroll: true }), { once: true });
  rules.close();
}
