// Starting matches: the one way a new match starts (Play, the set-up form, a link, the match
// summary's "Play again" and "Replay these deals", the tutorial), the set-up form,
// the summary's buttons, and what the page opens with once the engine is up (a link's match,
// the stored save, or the first screen).
//
//   const start = createStart({ table, slot, welcome, resume, onNewMatch: () => buy.clear() });
//   await start.opening(hello, { firstVisit: () => tutorial.offer() });  // after each boot
//   table.run(() => start.startMatch(quickSettings(table.hello)));
import { byId, button, el, nextTask } from "../dom.js";
import { setStatus } from "../render.js";
import { SetupForm, settingsFromUrl, hasSettingsInUrl } from "../setup.js";
import { readSave } from "../storage.js";
import { openReview } from "../review.js";
import { openSavedMatches } from "../matches.js";
import { mySeat, quickSettings, rematchSettings } from "./people.js";
import { closeSheet, hideNotice, notice, openSheet } from "./panels.js";
import { dailyFromUrl } from "./daily.js";
import { todayUtc } from "../storage/daily-store.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("./types.js").SetupLike} SetupLike */
/** @typedef {import("./save-slot.js").SaveSlot} SaveSlot */
/** @typedef {import("./resume.js").Resume} Resume */
/** @typedef {import("./welcome.js").Welcome} Welcome */
/** @typedef {import("../protocol.js").Settings} Settings */
/** @typedef {import("../setup.js").FormSettings} FormSettings */

/**
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {SaveSlot} parts.slot
 * @param {Welcome} parts.welcome
 * @param {Resume} parts.resume
 * @param {(how: {friends: boolean}) => void} parts.onNewMatch a new match has started (the
 *   site forgets its buy orders and notes; one not for friends ends a friends' table)
 * @param {(settings: FormSettings, friendRows: number[]) => unknown} [parts.onFriends] the
 *   friends' form's "Open the table"
 */
export function createStart({ table, slot, welcome, resume, onNewMatch, onFriends }) {
  /** the set-up form, made at the first boot (it needs the engine's `hello`) and kept */
  /** @type {SetupLike | null} */
  let form = null;

  function openSetup(/** @type {FormSettings | null} */ fill = null, /** @type {"match" | "friends"} */ mode = "match") {
    form?.setMode(mode);
    form?.fill(fill ?? {});
    byId("setup-error").hidden = true;
    openSheet("setup-dialog");
    // The first button, not the name box: a phone's keyboard would cover the form.
    byId("setup-start").focus({ preventScroll: true });
  }

  /** The set-up form's settings refused: say why in the form, or for a link in a notice. */
  function refused(/** @type {string} */ msg, /** @type {boolean} */ fromLink) {
    if (fromLink) {
      notice(`The link's settings could not be used (${msg}). The usual settings are shown instead.`);
      openSetup({});
      return;
    }
    const error = byId("setup-error");
    error.textContent = `Cannot start: ${msg}`;
    error.hidden = false;
    openSheet("setup-dialog"); // (nothing happens if it is open)
  }

  /**
   * The one way a new match starts: ask before replacing the match in progress, and keep the
   * old one. Called inside the table's work (table.run).
   * @param {Settings} s the engine's `new_match` settings
   * @param {{fromLink?: boolean, note?: string, here?: number[] | null, holder?: number | null,
   *   daily?: {date: string, counts: boolean, name: string} | null}} [how]
   *   note: a line for the log after the new match's first; here and holder: the seats played
   *   at this screen and the one holding it (friends' other seats are on their own devices);
   *   daily: the engine's daily deal of that date instead of `s` (its players are the engine's)
   * @returns {Promise<boolean>} whether the new match started
   */
  async function startMatch(s, { fromLink = false, note = "", here = null, holder = null, daily = null } = {}) {
    await slot.becomeWriter();
    if (!(await slot.mayReplace())) {
      closeSheet("setup-dialog");
      const saved = table.view ? null : readSave();
      if (saved?.snapshot) await resume.resumeOrKeep(saved);
      else if (table.view) table.advance();
      return false;
    }
    const r = daily ? await table.request({ op: "daily", ...daily }) : await table.request({ op: "new_match", settings: s });
    if (!r.ok) { refused(r.error?.message ?? "the settings were refused", fromLink); return false; }
    table.reset({ holder, here });
    slot.began();
    onNewMatch({ friends: here != null });
    // Who plays, never the seed: with it anyone could read the face-down cards (docs/protocol.md).
    // the engine's names (cleaned by its rule: no bidi control reaches the log), not the form's
    table.log(`A new match: ${r.view.seats.map((p) => p.name).join(", ")}.`, "hand-sep");
    if (note) table.log(note);
    form?.forgetSeed(); // a seed typed or linked was this match's: the form's next one is random
    closeSheet("setup-dialog");
    welcome.hide();
    if (!fromLink) hideNotice();
    await slot.save();
    await table.playOn();
    return true;
  }

  /** startMatch as its own piece of the table's work (the tutorial's start). */
  async function startQueued(/** @type {Settings} */ s) {
    let started = false;
    await table.run(async () => { started = await startMatch(s); });
    return started;
  }

  /** The buttons under the match summary (summaryButtons below). */
  function buttons() {
    return summaryButtons(table, startMatch, openSetup, () => welcome.show(false));
  }

  /** The form and the buttons that need the engine's `hello`, made once: a retry after an
   * engine failure reuses them. */
  function formFor(/** @type {import("../protocol.js").HelloAnswer} */ hello) {
    if (form) return form;
    // the form's read() always names the players
    const made = new SetupForm(hello, { onStart: (s) => table.run(() => startMatch(/** @type {Settings} */ (s))),
      onFriends: (s, rows) => onFriends?.(s, rows) });
    form = made;
    byId("btn-new").addEventListener("click", () => openSetup());
    byId("setup-cancel").addEventListener("click", () => closeSheet("setup-dialog"));
    const saved = button("Saved matches", () => openSavedMatches({ onResume: resume.fromList, onImport: resume.importFile }), "nav-btn");
    saved.id = "btn-saved";
    byId("btn-log").before(saved); // first in the header's Menu on a narrow screen
    return made;
  }

  /**
   * What the page opens with once the engine is up: a link's match, the stored save (drawn,
   * waiting for Continue), or the first screen.
   * @param {import("../protocol.js").HelloAnswer} hello
   * @param {{firstVisit: () => void, daily: (date: string) => Promise<unknown>}} how
   *   firstVisit: nothing was saved (invite the newcomer); daily: a shared link's daily deal
   */
  async function opening(hello, { firstVisit, daily }) {
    const setup = formFor(hello);
    /** @type {HTMLButtonElement} */ (byId("btn-new")).disabled = false;
    await nextTask(); // the form is a task's work of its own; what the page shows, the next
    // One writer per match: with a match to resume or a link to start, another tab may be
    // playing; a tab on the bare set-up form becomes the writer when it starts one.
    if (hasSettingsInUrl() || readSave()) await slot.becomeWriter();
    const linkedDaily = dailyFromUrl(location.search, todayUtc());
    if (linkedDaily) { // a shared daily deal's link (daily.js): asks before replacing a match
      history.replaceState(null, "", location.pathname + location.hash);
      if ("problem" in linkedDaily) notice(`${linkedDaily.problem} The usual first screen is shown instead.`);
      else { await daily(linkedDaily.date); return; }
    }
    if (hasSettingsInUrl()) {
      const { settings: fromUrl, problems } = settingsFromUrl(hello.options ?? []);
      history.replaceState(null, "", location.pathname + location.hash);
      if (problems.length) {
        notice(`This link has settings that could not be read: ${problems.join("; ")}. The usual settings are shown instead.`);
        openSetup({});
        welcome.show(false);
        return;
      }
      setup.fill(fromUrl);
      // The link's own values go to the engine unchanged: it is the judge of what is allowed.
      const full = { ...setup.read(), ...fromUrl }; // no seed in the link: the engine draws one
      // in the run queue, as every start is: nothing else (the daily deal reading its state when
      // a match resets) may report the table idle before the link's match is dealt
      await table.run(() => startMatch(/** @type {Settings} */ (full), { fromLink: true }));
      return;
    }
    const saved = readSave();
    if (saved?.snapshot) { await resume.resumeOrKeep(saved); return; }
    if (saved?.bad) { resume.keepBroken(saved.raw, saved.bad); return; }
    welcome.show(false);
    firstVisit();
  }

  return { startMatch, startQueued, openSetup, summaryButtons: buttons, opening };
}

/**
 * The friends' form's first rows: you, one friend, two computer players (no change needed);
 * the friend on their own device, or (`devices` false: no WebRTC here) at this screen.
 * @param {import("../protocol.js").HelloAnswer | null} hello @param {boolean} [devices]
 * @returns {FormSettings}
 */
export function friendsDefaults(hello, devices = true) {
  const quick = quickSettings(hello);
  const bots = (quick.players ?? []).filter((p) => p.kind === "bot").slice(0, 2);
  const you = (quick.players ?? []).find((p) => p.kind !== "bot") ?? { name: "Julia", kind: "human" };
  // "friend": a row the form plays on a friend's device; without one, a person at this screen
  const friend = devices ? /** @type {any} */ ({ name: "Friend", kind: "friend" }) : { name: "Friend", kind: "human" };
  return { ...quick, players: [you, friend, ...bots] };
}

/** @typedef {(s: Settings, how?: {note?: string, here?: number[] | null, holder?: number | null}) => Promise<boolean>} StartMatch */

/**
 * The buttons under the match summary: one "Play again" (the same players and rules, new
 * deals), the same deals again, the review, another set-up, the record. A practice match
 * (the guided first hand, `view.practice`) leads to a real one instead (issue 26).
 * @param {SiteTable} table
 * @param {StartMatch} startMatch createStart's
 * @param {() => void} openSetup createStart's
 * @param {() => void} firstScreen the first screen: Play with its choice of opponents, the daily deal
 */
function summaryButtons(table, startMatch, openSetup, firstScreen) {
  if (table.view?.practice) {
    return [
      button("Play a real match", () => table.run(() => startMatch(quickSettings(table.hello))), "primary"),
      reviewButton(table),
      button("Set up a new match", () => openSetup()),
    ];
  }
  return [
    button("Play again", () => table.run(() => rematch(table, startMatch)), "primary"),
    button("Replay these deals", () => table.run(() => rematch(table, startMatch, { sameDeals: true }))),
    reviewButton(table),
    button("Choose opponents", () => firstScreen()),
    button("Set up a new match", () => openSetup()),
    button("Download the game record", () => downloadRecord(table)),
  ];
}

/** The summary's "Review": the match's review, from the seat at this screen. @param {SiteTable} table */
function reviewButton(table) {
  return button("Review", (b) => {
    openReview({ engine: table, seat: mySeat(table.view, table.holder), hand: null, returnFocus: b })
      .catch((err) => console.error(err));
  });
}

/**
 * The same players and rules as the match just played (rematchSettings).
 * @param {SiteTable} table @param {StartMatch} startMatch
 */
async function rematch(table, startMatch, { sameDeals = false } = {}) {
  const r = await table.request({ op: "record" });
  if (!r.ok) { setStatus(r.error?.message ?? "The match's players and rules are not available."); return; }
  const next = rematchSettings(r.record, { sameDeals });
  if ("problem" in next) { setStatus(next.problem); return; }
  // At a friends' table the seats stay where they were (the record keeps their order), so the
  // friends play on over the channels they have: no new codes (issue 44).
  const friends = table.here ? { here: table.here, holder: table.holder } : {};
  await startMatch(next.settings, { ...(next.note ? { note: next.note } : {}), ...friends });
}

/** The engine's game record of the match, as a file. */
async function downloadRecord(/** @type {SiteTable} */ table) {
  const r = await table.request({ op: "record" });
  if (!r.ok) { setStatus(r.error?.message ?? "No record is available."); return; }
  const a = el("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(r.record, null, 2)], { type: "application/json" }));
  a.download = "speculation-record.json";
  document.body.append(a);
  a.click();
  a.remove();
}
