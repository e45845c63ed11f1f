// The table before Python: for a returning player, the last table of the saved match, drawn
// from last-view.js before the engine has even started, read-only and marked as resuming. The
// first live drawing (watchSite calls endPreview when a view is drawn, site/policy.js) replaces it. The site
// only; main.js calls startPreview first thing.
//
//   import { startPreview, endPreview } from "./preview.js";
//   startPreview();   // draws the stored table if there is a save and a readable stored view
//   endPreview();     // the live table has been drawn over it
//
// Marks for benchmarks/shell_paint.py (docs/offline-and-deploy.md): "speculation:preview" on
// the frame that paints the stored table, "speculation:playable" when the table is first idle.
import { readLastView } from "./last-view.js";
import { readSave, loadSettings } from "./storage.js";
import { renderTable, applyDisplaySettings, seating } from "./render.js";
import { hasSettingsInUrl } from "./setup.js";

const BANNER_ID = "preview-banner";

/** @type {null | (() => void)} undoes the preview's drawing (back to the empty table) */
let restore = null;

/**
 * Draw the stored table if this visit resumes a saved match; watch for the table's first idle.
 * @returns {boolean} whether a stored table is shown
 */
export function startPreview() {
  markPlayable();
  if (hasSettingsInUrl()) return false; // a link starts its own match: the old table is not it
  if (!readSave()?.snapshot) return false;
  const stored = readLastView();
  const table = document.getElementById("table");
  const info = document.getElementById("table-info");
  const felt = table?.querySelector(".felt");
  if (!stored || !table || !info || !felt) return false;
  const blank = [info.cloneNode(true), felt.cloneNode(true)];
  applyDisplaySettings(loadSettings()); // so the stored table appears with the player's motion setting
  try {
    renderTable(/** @type {any} */ (stored.view), { viewer: stored.holder, ...seating(stored.view, stored.holder) });
  } catch (err) {
    console.warn("The stored table could not be drawn:", err);
    info.replaceWith(blank[0]);
    felt.replaceWith(blank[1]);
    return false;
  }
  restore = () => {
    document.getElementById("table-info")?.replaceWith(blank[0]);
    table.querySelector(".felt")?.replaceWith(blank[1]);
  };
  const banner = document.createElement("p");
  banner.id = BANNER_ID;
  banner.className = "preview-banner";
  banner.setAttribute("role", "status");
  banner.textContent = "Resuming your match… The table is as you left it; it comes to life "
    + "when the game engine is ready.";
  table.prepend(banner);
  table.classList.add("is-preview");
  table.setAttribute("aria-busy", "true");
  requestAnimationFrame(() => performance.mark("speculation:preview"));
  return true;
}

/**
 * The live table takes over: drop the mark (and with `blank`, the stored drawing too, when the
 * engine shows no table, e.g. the save could not be resumed).
 * @param {{blank?: boolean}} [how]
 */
export function endPreview({ blank = false } = {}) {
  if (!restore) return;
  if (blank) restore();
  restore = null;
  document.getElementById(BANNER_ID)?.remove();
  const table = document.getElementById("table");
  table?.classList.remove("is-preview");
  table?.removeAttribute("aria-busy");
}

/** Mark "speculation:playable" when body[data-state] first says "idle"; a preview still up
 * then was never replaced by a live table, so it goes (blank). */
function markPlayable() {
  const body = document.body;
  const watch = new MutationObserver(() => {
    if (body.dataset.state === "failed") {
      const banner = document.getElementById(BANNER_ID);
      if (banner) banner.textContent = "Your match is saved: it resumes once the game engine starts.";
    }
    if (body.dataset.state !== "idle") return;
    watch.disconnect();
    endPreview({ blank: true });
    performance.mark("speculation:playable");
  });
  watch.observe(body, { attributes: true, attributeFilter: ["data-state"] });
}
