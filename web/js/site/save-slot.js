// The save slot (storage.js's `speculation:save:v1`) as this tab holds it: one writer per
// match. It owns the three facts every write needs: the id of the match this tab plays, the
// slot's generation it last read or wrote (`base`: a save never replaces a newer one), and
// `adopt` (the stored save is this match's from a build that gave matches no id, so it is
// replaced, not kept aside). A save of another match is moved to the saved matches first
// (matches.js). Everything that loads a match into the engine from a save or a record goes
// through here, so those facts change in one place. No DOM: the dialogs and the notice come in
// as functions, so Node tests drive it with a fake table and storage (tests/js/save-slot.test.mjs).
//
//   const slot = createSaveSlot({ table, tabs, say: notice, onSaved: noteSave });
//   await slot.becomeWriter();            // this tab holds the slot (maybe after a click)
//   if (await slot.mayReplace()) { ...new_match...; slot.began(); await slot.save(); }
//   const out = await slot.resume(readSave(), { fresh: false });   // {ok, view} | {ok, problem}
import { readSave, writeSave, clearSave, markResuming } from "../storage.js";
import { archiveSave, askNearestBot, askReplace, cleanUi, describeSave, holderFor } from "../matches.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").GameRecord} GameRecord */
/** @typedef {import("../protocol.js").BridgeError} BridgeError */
/** @typedef {import("../protocol.js").LoadRequest} LoadRequest */
/** @typedef {import("../protocol.js").ReplayRequest} ReplayRequest */
/**
 * @template {import("../protocol.js").Op} O
 * @typedef {import("../protocol.js").Response<O>} Response
 */
/** @typedef {import("../storage.js").StoredSave} StoredSave */
/**
 * A refusal of a save or record whose computer player this version lacks names the nearest
 * one (docs/protocol.md, "Snapshots"); protocol.js's BridgeError does not list these fields yet.
 * @typedef {BridgeError & {bot?: string, nearest_bot?: string}} NearestBotError
 */
/** What a resume or an import did: the match's view, or why it failed (then nothing changed).
 * @typedef {{ok: true, view: View} | {ok: false, problem: string}} Outcome */
/** A readable save: stored (with its generation) or from elsewhere (an import: `match` null).
 * @typedef {{raw: string, snapshot: string, ui: unknown, match: string | null, gen?: number}} LoadableSave */

/**
 * @typedef {object} SlotTabs the one-writer lock (tabs.js)
 * @property {() => boolean} isWriter
 * @property {() => Promise<void>} acquire
 * @property {() => void} yieldTo
 */

/**
 * @typedef {object} SlotAsk the questions to the player (matches.js's dialogs by default)
 * @property {(what: string, words?: {title?: string, okLabel?: string}) => Promise<boolean>} replace
 *   replace the match in progress (`what`, as the saved list names it)?
 * @property {(bot: string, nearest: string) => Promise<boolean>} nearestBot play on with the
 *   nearest computer player?
 */

/** A new match's id. */
export function newMatchId() {
  return globalThis.crypto?.randomUUID?.() ?? `m${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/**
 * The match in progress as the saved list would name it, or null when none would be
 * replaced: the one on the table unless it is over, else the stored one unless it is over.
 * @param {View | null} view the table's
 * @param {StoredSave | null} stored the slot's
 * @returns {string | null}
 */
export function inProgress(view, stored) {
  if (view) {
    if (view.match_over) return null;
    return describeSave(JSON.stringify({ ui: { summary: { players: view.seats.map((s) => s.name), hand: view.hand } } })).title;
  }
  if (!stored?.snapshot || stored.ui?.summary?.over === true) return null;
  return describeSave(stored.raw).title;
}

/**
 * The engine's `load` (or `replay`), asking once to play on with the nearest computer player
 * when the save's (or the record's) is missing from this version.
 * @template {LoadRequest | ReplayRequest} R
 * @param {SiteTable} table
 * @param {SlotAsk} ask
 * @param {R} req
 * @returns {Promise<Response<R["op"]>>}
 */
async function loadAsking(table, ask, req) {
  const r = await table.request(req);
  if (r.ok) return r;
  const e = /** @type {NearestBotError} */ (r.error);
  if ((req.op === "replay" || e.code === "incompatible_snapshot") && e.nearest_bot
      && (await ask.nearestBot(String(e.bot ?? "?"), String(e.nearest_bot)))) {
    return table.request({ ...req, replace_unknown_bots: true });
  }
  return r;
}

/**
 * @param {object} parts
 * @param {SiteTable} parts.table the table controller (its engine, its log, who holds it)
 * @param {SlotTabs} parts.tabs
 * @param {(text: string, download: string | null) => void} parts.say a notice for the player,
 *   with a save's text to offer as a download
 * @param {(ok: boolean) => unknown} [parts.onSaved] after every write (ok: it was stored)
 * @param {SlotAsk} [parts.ask]
 * @param {() => string} [parts.newId]
 * @param {FriendsPart} [parts.friends] a friends' table's roster, kept in the save's page part
 */
export function createSaveSlot({ table, tabs, say, onSaved = () => {}, ask = { replace: askReplace, nearestBot: askNearestBot },
  newId = newMatchId, friends = NO_FRIENDS }) {
  let matchId = "";
  let base = 0;
  let adopt = false;

  /** Store the engine's snapshot with the page's part (who holds the screen, the log). A save
   * refused as stale (another tab wrote since `base`) stops this tab: the newer one is kept. */
  async function save() {
    if (!tabs.isWriter()) return; // another tab plays this match now
    const r = await table.request({ op: "save" });
    if (!r.ok || typeof r.snapshot !== "string" || !tabs.isWriter()) return;
    // the engine's summary: the view drawn last can be a move behind (the move that ended the
    // match, when no other follows: the save then said "hand 4, in progress" of a finished match)
    const summary = r.summary;
    const roster = friends.roster();
    const ui = { holder: table.holder, log: table.logItems.slice(-150), seenHand: table.seenHand, summary,
      ...(roster ? { friends: roster } : {}) };
    const res = writeSave(r.snapshot, ui, { match: matchId, base, adopt, archive: (raw) => archiveSave(raw) });
    if (res.stale) { table.cancel(); tabs.yieldTo(); return; } // a newer save is there: keep it
    if (res.ok) { base = res.gen; adopt = false; }
    if (res.archived && !res.archived.kept) {
      say("There was no room to keep your previous match among the saved matches: download it to keep it.", res.archived.raw);
    }
    onSaved(res.ok);
  }

  /** Ask before anything replaces the match in progress (it is kept in the saved matches). */
  async function mayReplace(/** @type {{title?: string, okLabel?: string}} */ words = {}) {
    const what = inProgress(table.view, readSave());
    return !what || ask.replace(what, words);
  }

  /** Hold the save slot (after "Play here instead" if another tab plays), and its generation. */
  async function becomeWriter() {
    if (tabs.isWriter()) return;
    await tabs.acquire();
    base = readSave()?.gen ?? 0; // later saves must find this generation
  }

  /** The engine has started a new match: it gets its own id. */
  function began() {
    matchId = newId();
    adopt = false;
  }

  /** This tab holds the slot again ("Play here instead"): the stored save, whose generation
   * later saves must find. */
  function reread() {
    const saved = readSave();
    base = saved?.gen ?? 0;
    return saved;
  }

  /** The stored save could not be resumed (it is kept elsewhere): the slot is empty. */
  function discard() {
    clearSave();
    base = 0;
  }

  /**
   * Load a save into the engine and the table (the log, who holds the screen, the hand seen).
   * The page's part is repaired, not trusted. It is stored again at once when the engine's
   * save differs (a version 1 save, replaced bots), the match gets an id, or it comes from
   * elsewhere (then the current save is kept first, in the saved matches).
   * @param {LoadableSave} saved
   * @param {{fresh?: boolean}} [how] fresh: another match than the stored one (from the saved
   *   list or an import): it gets its own id unless it has one that differs
   * @returns {Promise<Outcome>}
   */
  async function resume(saved, { fresh = false } = {}) {
    const ui = cleanUi(saved.ui);
    /** @type {Response<"load">} */
    let r;
    markResuming(fresh ? null : saved.raw);
    try {
      r = await loadAsking(table, ask, { op: "load", snapshot: saved.snapshot, seat: null });
    } catch (/** @type {unknown} */ err) {
      return { ok: false, problem: String(err instanceof Error ? err.message : err) };
    } finally {
      markResuming(null);
    }
    if (!r.ok) return { ok: false, problem: r.error?.message ?? "the engine could not read it" };
    const view = r.view;
    // The stored match of a friends' table hosts its friends again (they rejoin their seats).
    /** @type {number[] | null} */
    let here = null;
    try {
      if (!fresh) here = await friends.restore(saved.ui);
    } catch (/** @type {unknown} */ err) { // its code did not load (site/friends.js): the save stays as it was
      return { ok: false, problem: `the friends' table could not be opened (${err instanceof Error ? err.message : String(err)})` };
    }
    table.reset({ holder: here ? here[0] : holderFor(ui.holder, view), seenHand: ui.seenHand, hands: view?.hands?.length ?? 0, here });
    table.restoreLog(ui.log);
    table.log(fresh ? "A saved match was resumed." : "The match was resumed where it was left.", "hand-sep");
    const current = readSave();
    const ownId = saved.match && !(fresh && current?.match === saved.match);
    matchId = ownId && saved.match ? saved.match : newId();
    adopt = !fresh && !saved.match;
    base = fresh ? current?.gen ?? 0 : saved.gen ?? 0;
    const again = await table.request({ op: "save" });
    if (fresh || adopt || (again.ok && again.snapshot !== saved.snapshot)) await save();
    return { ok: true, view };
  }

  /**
   * Replay an imported game record in the engine: a new match of its own, stored at once.
   * @param {GameRecord} record
   * @returns {Promise<Outcome>}
   */
  async function replay(record) {
    const r = await loadAsking(table, ask, { op: "replay", record, seat: null });
    if (!r.ok) return { ok: false, problem: r.error?.message ?? "the engine could not replay it" };
    table.reset({ holder: holderFor(null, r.view) });
    began();
    base = readSave()?.gen ?? 0;
    table.log(`A game record was imported (${r.steps} moves).`, "hand-sep");
    await save();
    return { ok: true, view: r.view };
  }

  return { save, mayReplace, becomeWriter, began, reread, discard, resume, replay,
    /** What the slot holds (for tests and the curious): read-only. */
    state: () => ({ matchId, base, adopt }) };
}

/** @typedef {ReturnType<typeof createSaveSlot>} SaveSlot */

/**
 * A friends' table as the save sees it (net/hosting.js): its roster to store, and a stored
 * page part to host again (the seats played here, or null: not a friends' table; site/friends.js
 * may load the hosting first, so it may answer with a promise).
 * @typedef {{roster: () => unknown, restore: (ui: unknown) => number[] | null | Promise<number[] | null>}} FriendsPart
 */

/** @type {FriendsPart} */
const NO_FRIENDS = { roster: () => null, restore: () => null };
