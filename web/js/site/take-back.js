// "Take back" against computer players (issue 24): the header's button and its shortcut (U,
// or Ctrl+Z / ⌘Z, outside a text box) ask the engine's `take_back` for the person's last
// decision; the engine replays the match without it (docs/protocol.md, "Take back") and the
// table is drawn again from its answer, saved, and played on. Whether a take-back is offered
// now is the engine's word, `view.take_back` (one person against computer players, a daily
// deal that does not count, the hand under way and a decision made in it: never back into a
// finished hand, issue 45); the page adds only what it alone knows: friends on other devices
// and the guided first hand (`counted()`). The button is hidden when it is not offered; the
// shortcut then says the engine's reason in the status line.
//
//   const tb = createTakeBack({ table, save: () => slot.save(), prefs: () => ({...}), counted: () => false });
//   tb.wire();
import { el } from "../dom.js";
import { setStatus } from "../render.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("../protocol.js").View} View */

/**
 * Whether a take-back is offered at this table now, and if not why: the engine's
 * `view.take_back` (absent where it never is, e.g. with another person at the table), unless
 * friends play on other devices (`here`) or the match must not have take-backs (`counted`).
 * `reason` is the engine's sentence, or null when there is nothing to say (no take-back here).
 * Pure (tests/js/site-people.test.mjs).
 * @param {View | null} view @param {{here: number[] | null, counted: boolean}} how
 * @returns {{offered: boolean, reason: string | null}}
 */
export function takeBackState(view, { here, counted }) {
  const tb = view?.take_back;
  if (!tb || counted || here != null) return { offered: false, reason: null };
  return { offered: tb.offered === true, reason: tb.offered ? null : tb.reason ?? null };
}

/**
 * Whether a take-back is offered at this table now (`takeBackState`).
 * @param {View | null} view @param {{here: number[] | null, counted: boolean}} how
 */
export function takeBackOffered(view, how) {
  return takeBackState(view, how).offered;
}

/** The engine's sentence as the status line shows it: a capital first letter and a full stop. */
const sentence = (/** @type {string} */ text) => text.replace(/^./, (c) => c.toUpperCase()) + ".";

/**
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {() => Promise<unknown>} parts.save
 * @param {() => import("../protocol.js").StandingPrefs} parts.prefs the standing answers' prefs
 * @param {() => boolean} parts.counted the match is a daily deal that counts
 * @param {() => void} [parts.onTaken] after a take-back (the site forgets buy orders and notes)
 */
export function createTakeBack({ table, save, prefs, counted, onTaken = () => {} }) {
  /** @type {HTMLButtonElement | null} */
  let btn = null;

  const state = () => takeBackState(table.view, { here: table.here, counted: counted() });
  const offered = () => state().offered;

  function refresh() {
    if (btn) btn.hidden = !offered();
  }

  /** Take back the person's last decision (the table's work under way stops first). */
  function takeBack() {
    if (!offered()) return Promise.resolve();
    const seat = (table.view?.seats ?? []).find((s) => s.kind !== "bot")?.seat ?? 0;
    table.cancel();
    return table.run(async () => {
      const r = await table.request({ op: "take_back", seat, prefs: prefs() });
      if (!r.ok) { setStatus(sentence(r.error.message)); return; }
      const log = table.logItems;
      const hands = r.view.hands ?? [];
      table.reset({ holder: seat, seenHand: hands.length ? hands[hands.length - 1].number : null,
        hands: hands.length, here: table.here });
      table.restoreLog(log);
      table.log("You took back your last decision: the table is as it was before it.");
      onTaken();
      table.draw(r.view);
      await save();
      await table.playOn();
    });
  }

  function wire() {
    if (btn) return;
    btn = /** @type {HTMLButtonElement} */ (el("button", "takeback-btn"));
    // a narrow screen shows the arrow only; the name stays "Take back" (layout.css)
    btn.append(el("span", "tb-arrow", "↶"), el("span", "tb-long", " Take back"));
    btn.querySelector(".tb-arrow")?.setAttribute("aria-hidden", "true");
    btn.type = "button";
    btn.id = "btn-takeback";
    btn.title = "Take back your last decision (U)";
    btn.setAttribute("aria-keyshortcuts", "U Control+Z");
    btn.hidden = true;
    btn.addEventListener("click", () => { takeBack(); });
    document.getElementById("action-bar")?.before(btn); // in the table's info row
    table.store.subscribe(() => refresh());
    document.addEventListener("keydown", (e) => {
      const t = /** @type {HTMLElement | null} */ (e.target);
      if (t && (t.closest("input, textarea, select, [contenteditable]") || t.closest("dialog[open]"))) return;
      if (document.querySelector("dialog[open]")) return;
      const undo = (e.key === "z" || e.key === "Z") && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey;
      const u = (e.key === "u" || e.key === "U") && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (!undo && !u) return;
      const now = state();
      if (now.offered) { e.preventDefault(); takeBack(); }
      else if (now.reason) { e.preventDefault(); setStatus(sentence(now.reason)); } // why not, in the engine's words
    });
    refresh();
  }

  return { wire, takeBack, refresh };
}
