// Resuming a match on the table: the stored save at start-up (drawn behind the first screen,
// waiting for Continue), a saved match from the list, an imported file, and this tab taking
// the match back from another ("Play here instead"). The save slot (save-slot.js) loads and
// stores; this module says what the player sees, and keeps what could not be resumed.
//
//   const resume = createResume({ table, slot, welcome });
//   await resume.resumeOrKeep(readSave());          // or keep it in Saved matches, start afresh
//   openSavedMatches({ onResume: resume.fromList, onImport: resume.importFile });
import { byId } from "../dom.js";
import { setStatus } from "../render.js";
import { parseSave, markResuming, resumeDiedOn } from "../storage.js";
import { archiveSave, readImport, removeMatch } from "../matches.js";
import { closeSheet, hideNotice, notice } from "./panels.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("./save-slot.js").SaveSlot} SaveSlot */
/** @typedef {import("./save-slot.js").Outcome} Outcome */
/** @typedef {import("./save-slot.js").LoadableSave} LoadableSave */
/** @typedef {import("./welcome.js").Welcome} Welcome */
/** @typedef {import("../matches.js").SavedMatch} SavedMatch */

/** Another tab took the match: stop here, and say so (tabs.js shows "Play here instead"). */
export function stopForOtherTab(/** @type {SiteTable} */ table) {
  table.cancel();
  byId("controls").replaceChildren();
  setStatus("This match is open in another tab.");
}

/**
 * @param {{table: SiteTable, slot: SaveSlot, welcome: Welcome}} parts
 */
export function createResume({ table, slot, welcome }) {
  /** Resume the stored save, drawn and waiting for Continue; if that fails, keep it (saved
   * list, download), start afresh, say so. */
  async function resumeOrKeep(/** @type {LoadableSave} */ saved) {
    const problem = resumeDiedOn(saved.raw)
      ? "the last attempt to resume it stopped the game"
      : await drawResumed(saved);
    // After the await: the drawing's own focus (a hand's result panel takes it in a
    // microtask) has moved, so the first screen's button has the last word.
    if (!problem) { welcome.show(!table.view?.match_over); return; }
    markResuming(null);
    keepBroken(saved.raw, problem);
  }

  /** Load the stored save and draw it (waiting for Continue); why not, or "" when done. */
  async function drawResumed(/** @type {LoadableSave} */ saved) {
    const out = await slot.resume(saved);
    if (!out.ok) return out.problem;
    table.draw(out.view);
    return "";
  }

  /** A stored save that cannot be resumed goes to the saved matches (and the notice's download). */
  function keepBroken(/** @type {string} */ raw, /** @type {string} */ problem) {
    const kept = archiveSave(raw, { broken: problem });
    slot.discard();
    notice(`Your saved match could not be resumed (${problem}). ${kept ? "It is kept in Saved matches, and you" : "You"} can download the old save; a fresh match is ready to set up.`, raw);
    welcome.show(false);
  }

  /** A match loaded from elsewhere is played at once, over the first screen. */
  async function playResumed(/** @type {Outcome} */ out) {
    if (!out.ok) return;
    welcome.hide();
    await table.playOn();
  }

  /** The saved list's Resume: ask, load; on failure nothing changes. */
  async function fromList(/** @type {SavedMatch} */ m) {
    const saved = parseSave(m.raw);
    if (!saved.snapshot) return `This saved match cannot be resumed (${saved.bad}); export it to keep it.`;
    await slot.becomeWriter();
    if (!(await slot.mayReplace({ title: "Resume this saved match?", okLabel: "Resume it" }))) return "";
    const wasShown = !!table.view;
    return queued(async () => {
      const out = await slot.resume(saved, { fresh: true });
      await playResumed(out);
      if (!out.ok) { if (wasShown) table.advance(); return `This saved match could not be resumed: ${out.problem}`; }
      removeMatch(m.key);
      closeSheet("setup-dialog");
      return null;
    });
  }

  /** Import a file: a save (load) or a game record (replay); on failure nothing changes. */
  async function importFile(/** @type {string} */ text) {
    /** @type {import("../matches.js").ImportedFile} */
    let f;
    try { f = readImport(text); } catch (/** @type {unknown} */ err) { return err instanceof Error ? err.message : String(err); }
    await slot.becomeWriter();
    if (!(await slot.mayReplace({ title: "Import this match?", okLabel: "Import it" }))) return "";
    const file = f;
    const wasShown = !!table.view;
    return queued(async () => {
      const out = file.kind === "save"
        ? await slot.resume({ snapshot: file.snapshot, ui: file.ui, match: null, raw: text }, { fresh: true })
        // the engine judges the record (readImport checks only that it looks like one)
        : await slot.replay(/** @type {import("../protocol.js").GameRecord} */ (file.record));
      await playResumed(out);
      if (!out.ok) { if (wasShown) table.advance(); return `This file could not be imported: ${out.problem}. Nothing has changed.`; }
      closeSheet("setup-dialog");
      hideNotice();
      return null;
    });
  }

  /** Run `fn` once the table's work under way has stopped; its answer comes back. */
  function queued(/** @type {() => Promise<string|null>} */ fn) {
    table.cancel();
    return new Promise((resolve) => { table.run(async () => resolve(await fn())); });
  }

  /** This tab took the match back from another: the stored save, as at start-up. */
  function regained() {
    return table.run(async () => {
      const saved = slot.reread();
      if (saved?.snapshot) await resumeOrKeep(saved);
      else welcome.show(false);
    });
  }

  return { resumeOrKeep, keepBroken, fromList, importFile, regained };
}

/** @typedef {ReturnType<typeof createResume>} Resume */
