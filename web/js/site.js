// The full site around the table controller (table.js): the boot screen with its retry, the
// first screen (Play, Custom match, Continue), the settings and the panels that open over the
// table (rules, about, log, set-up), notices, links, saves (one writer per match, saved matches,
// import), the player's standing answers and buy orders.
//
//   import { startSite } from "./site.js";
//   startSite();            // called once by main.js
import { createTable } from "./table.js";
import { startEngine, showBootError } from "./boot-screen.js";
import { setStatus, applyDisplaySettings } from "./render.js";
import { SetupForm, settingsFromUrl, hasSettingsInUrl, DEFAULT_HUMAN } from "./setup.js";
import { loadSettings, saveSettings, readSave, writeSave, clearSave, parseSave, markResuming,
  resumeDiedOn } from "./storage.js";
import { requestPersistence, noteSave } from "./offline.js";
import { openReview, reviewEntry } from "./review.js";
import { createTutorial } from "./tutorial.js";
import { recordMatch, wireStatsEntry } from "./stats.js";
import { storeLastView } from "./last-view.js";
import { endPreview } from "./preview.js";
import { createSound } from "./sound.js";
import { archiveSave, askReplace, askNearestBot, cleanUi, describeSave, holderFor, openSavedMatches,
  readImport, removeMatch } from "./matches.js";
import { createTabs } from "./tabs.js";
import { standingAnswer, OFFER_RULES, DEFAULT_STANDING } from "./standing.js";
import { createBuyOrders } from "./buy-order.js";

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** "Play": you against three computer players of the middle level, ten hands, the usual rules. */
const QUICK_BOTS = [["casual/mary", "Mary"], ["casual/henry", "Henry"], ["casual/edmund", "Edmund"]];
const QUICK_HANDS = 10;

/** Start the full site: wire the page, boot the engine, resume or offer a match. */
export function startSite() {
  let settings = loadSettings();
  /** @type {any} */
  let setup = null;
  // The match this tab plays (its id in the save) and the save slot's generation it last read
  // or wrote: a save never replaces a newer one (storage.js), nor another match (matches.js).
  let matchId = "";
  let base = 0;
  let adopt = false;
  const humans = (/** @type {any} */ v) => (v?.seats ?? []).filter((/** @type {any} */ s) => s.kind !== "bot").map((/** @type {any} */ s) => s.seat);
  const buy = createBuyOrders({
    humans,
    defaultBuyer: (v) => (humans(v).includes(table.holder) ? table.holder : humans(v)[0] ?? null),
  });
  const tabs = createTabs({
    onLost: () => { table.cancel(); $("controls").replaceChildren(); setStatus("This match is open in another tab."); },
    onRegained: () => table.run(async () => {
      const saved = readSave();
      base = saved?.gen ?? 0;
      if (saved?.snapshot) await resumeOrKeep(saved);
      else showWelcome(false);
    }),
  });
  const table = createTable({
    mode: "site",
    pace: () => settings.pace,
    sound: createSound($("btn-sound")),
    hooks: {
      afterMove: save,
      onHandEnd: (view) => { // a hand has finished: ask to keep the save; offer its review
        buy.clear();
        requestPersistence();
        reviewEntry(table, view, mySeat(view));
      },
      onError: (err) => notice(String(err?.message ?? err)),
      summaryButtons,
      onEvents: (events) => tutorial.onEvents(events),
      onDraw: (view, how) => {
        endPreview(); // the live table replaces the stored one, kept for the next visit (preview.js)
        storeLastView(view, table.holder);
        tutorial.onView(view, how);
        buy.refresh(view);
      },
      // The guided first hand plays the usual flow with the usual answers, whatever the
      // player's settings, so that its notes meet the same hand for everyone.
      standing: (view) => standingAnswer(view, tutorial.active ? DEFAULT_STANDING
        : { autoReveal: settings.autoReveal, offers: settings.offers }, buy.orders.get(view.seat)),
      onStanding: (answer, view) => {
        if (answer.usedOrder) buy.orders.delete(view.seat);
        if (answer.note) autoNote(answer.note);
      },
      buyFrom: (seat) => (table.view ? buy.stackLabel(table.view, seat) : null),
      onBuy: (seat) => { buy.quick(seat); tutorial.onOrder(); },
      handover: () => !!settings.handover,
      confirmTrades: () => !!settings.confirmTrades,
      onStop: () => { // the match is over: keep it in the statistics (once) and offer its review
        const view = table.view;
        reviewEntry(table, view, mySeat(view));
        recordMatch(table, view, mySeat(view)).catch((err) => console.error(err));
      },
    },
  });
  const tutorial = createTutorial({
    start: async (s) => {
      let started = false;
      await table.run(async () => { started = await startMatch(s); });
      return started;
    },
    // Nothing stays over the table: the first screen and the rules dialog it may start from.
    onBegin: () => {
      if ($("rules-dialog").open) {
        // After the dialog hands the focus back to its opener: the table's controls take it
        // once the hand is dealt (table.js moves it on from #main).
        $("rules-dialog").addEventListener("close", () => $("main").focus({ preventScroll: true }), { once: true });
        $("rules-dialog").close();
      }
      hideWelcome();
    },
    hasOrder: () => buy.orders.size > 0,
  });

  /** The seat whose play the review and the statistics follow: the person at the screen. */
  function mySeat(/** @type {any} */ view) {
    return table.holder ?? view?.seats?.find((/** @type {any} */ s) => s.kind !== "bot")?.seat ?? 0;
  }

  /** A standing answer or a buy order was used: say so on the table (it is in the log too). */
  function autoNote(/** @type {string} */ text) {
    $("auto-note").textContent = text;
    $("auto-note").hidden = false;
  }

  // -------------------------------------------------------------- panels over the table

  /** Open a dialog over the table; it closes in one step (its Close button or Escape). */
  function openSheet(/** @type {string} */ id) {
    const dlg = /** @type {HTMLDialogElement} */ ($(id));
    const opener = document.activeElement;
    if (dlg.open) return;
    dlg.showModal();
    dlg.addEventListener("close", () => {
      if (opener instanceof HTMLElement && opener.isConnected && !opener.closest("[hidden]")) opener.focus();
    }, { once: true });
  }

  function closeSetup() {
    if ($("setup-dialog").open) $("setup-dialog").close();
  }

  // -------------------------------------------------------------- settings

  function showSettings() {
    applyDisplaySettings(settings);
    $("set-theme").value = settings.theme;
    $("set-pace").value = settings.pace;
    $("set-fourcolour").checked = !!settings.fourColour;
    $("set-motion").checked = !!settings.motion;
    $("set-autoreveal").checked = !!settings.autoReveal;
    $("set-offers").value = settings.offers;
    $("set-confirm").checked = !!settings.confirmTrades;
    $("set-handover").checked = !!settings.handover;
  }

  function wireSettings() {
    $("set-offers").replaceChildren(...OFFER_RULES.map(([value, label]) => new Option(label, value)));
    $("btn-settings").addEventListener("click", () => openSheet("settings-dialog"));
    const upd = () => {
      settings = {
        theme: $("set-theme").value,
        pace: $("set-pace").value,
        fourColour: $("set-fourcolour").checked,
        motion: $("set-motion").checked,
        autoReveal: $("set-autoreveal").checked,
        offers: $("set-offers").value,
        confirmTrades: $("set-confirm").checked,
        handover: $("set-handover").checked,
      };
      saveSettings(settings);
      showSettings();
    };
    for (const id of ["set-theme", "set-pace", "set-fourcolour", "set-motion", "set-autoreveal", "set-offers",
      "set-confirm", "set-handover"]) $(id).addEventListener("change", upd);
    showSettings();
    $("link-rules").addEventListener("click", () => openSheet("rules-dialog"));
    $("link-about").addEventListener("click", () => openSheet("about-dialog"));
    $("btn-log").addEventListener("click", () => {
      openSheet("log-dialog");
      $("log").scrollTop = $("log").scrollHeight;
    });
    buy.wire();
    $("buy-dialog").addEventListener("close", () => tutorial.onOrder()); // after buy's own listener
  }

  // -------------------------------------------------------------- notices and saves

  function notice(/** @type {string} */ text, /** @type {string|null} */ download = null) {
    $("notice-text").textContent = text;
    const a = $("notice-download");
    if (download) {
      const blob = new Blob([JSON.stringify({ saved_game: download }, null, 2)], { type: "application/json" });
      a.href = URL.createObjectURL(blob);
      a.hidden = false;
    } else a.hidden = true;
    $("notice").hidden = false;
  }

  async function save(/** @type {any} */ view = table.view) {
    if (!tabs.isWriter()) return; // another tab plays this match now
    const r = await table.request({ op: "save" });
    if (!r.ok || typeof r.snapshot !== "string" || !tabs.isWriter()) return;
    const summary = view ? { players: (view.seats ?? []).map((/** @type {any} */ s) => s.name), hand: view.hand, over: !!view.match_over } : undefined;
    const ui = { holder: table.holder, log: table.logItems.slice(-150), seenHand: table.seenHand, summary };
    const res = writeSave(r.snapshot, ui, { match: matchId, base, adopt, archive: (raw) => archiveSave(raw) });
    if (res.stale) { table.cancel(); tabs.yieldTo(); return; } // a newer save is there: keep it
    if (res.ok) { base = res.gen; adopt = false; }
    if (res.archived && !res.archived.kept) {
      notice("There was no room to keep your previous match among the saved matches: download it to keep it.", res.archived.raw);
    }
    noteSave(res.ok);
  }

  /** The match in progress as the saved list would name it, or null when none would be replaced. */
  function inProgress() {
    if (table.view) {
      if (table.view.match_over) return null;
      return describeSave(JSON.stringify({ ui: { summary: { players: table.view.seats.map((/** @type {any} */ s) => s.name), hand: table.view.hand } } })).title;
    }
    const saved = readSave();
    if (!saved?.snapshot || saved.ui?.summary?.over === true) return null;
    return describeSave(saved.raw).title;
  }

  /** Ask before anything replaces the match in progress (it is kept in the saved matches). */
  async function mayReplace(/** @type {{title?: string, okLabel?: string}} */ words = {}) {
    const what = inProgress();
    return !what || askReplace(what, words);
  }

  /** Hold the save slot (after "Play here instead" if another tab plays), and its generation. */
  async function becomeWriter() {
    if (tabs.isWriter()) return;
    await tabs.acquire();
    base = readSave()?.gen ?? 0; // later saves must find this generation
  }

  function newMatchId() {
    return globalThis.crypto?.randomUUID?.() ?? `m${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  }

  function summaryButtons() {
    const rematch = document.createElement("button");
    rematch.type = "button";
    rematch.className = "primary";
    rematch.textContent = "Rematch";
    rematch.addEventListener("click", () => table.run(() => startRematch()));
    const same = document.createElement("button");
    same.type = "button";
    same.textContent = "Replay these deals";
    same.addEventListener("click", () => table.run(() => startRematch({ sameDeals: true })));
    const again = document.createElement("button");
    again.type = "button";
    again.textContent = "Play again";
    again.addEventListener("click", () => table.run(() => startMatch(quickSettings())));
    const custom = document.createElement("button");
    custom.type = "button";
    custom.textContent = "Set up a new match";
    custom.addEventListener("click", () => openSetup());
    const rec = document.createElement("button");
    rec.type = "button";
    rec.textContent = "Download the game record";
    rec.addEventListener("click", async () => {
      const r = await table.request({ op: "record" });
      if (!r.ok) { setStatus(r.error?.message ?? "No record is available."); return; }
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([JSON.stringify(r.record, null, 2)], { type: "application/json" }));
      a.download = "speculation-record.json";
      document.body.append(a);
      a.click();
      a.remove();
    });
    const review = document.createElement("button");
    review.type = "button";
    review.textContent = "Review";
    review.addEventListener("click", () => {
      openReview({ engine: table, seat: mySeat(table.view), hand: null, returnFocus: review })
        .catch((err) => console.error(err));
    });
    return [rematch, same, review, again, custom, rec];
  }

  /** The same players and rules as the match just played, on new deals (the engine picks the
   * seed when none is given), or with `sameDeals` on the very deals it had: its seed and decks,
   * which the engine's record gives once the match is over (never while it is played). */
  async function startRematch({ sameDeals = false } = {}) {
    const r = await table.request({ op: "record" });
    if (!r.ok) { setStatus(r.error?.message ?? "The match's players and rules are not available."); return; }
    const rec = r.record;
    if (sameDeals && (rec.withheld || rec.seed == null)) { setStatus("The deals of a match are only known once it is over."); return; }
    const players = rec.seats ?? rec.players.map((/** @type {string} */ name) => ({ name }));
    const deals = sameDeals ? { seed: rec.seed, ...(rec.decks ? { decks: rec.decks } : {}) } : {};
    await startMatch({ players, rules: rec.rules, ...deals },
      sameDeals ? { note: "The same deals as the match before, in the same order." } : {});
  }

  // -------------------------------------------------------------- the first screen

  /** The settings "Play" starts: you (the form's default name) against three computer players. */
  function quickSettings() {
    const bots = new Set((table.hello?.bots ?? []).map((/** @type {any} */ b) => b.id));
    /** @type {import("./protocol.js").PlayerSpec[]} */
    const players = [{ name: DEFAULT_HUMAN, kind: "human" }];
    for (const [bot, name] of QUICK_BOTS) if (bots.has(bot)) players.push({ name, kind: "bot", bot });
    // No seed: the engine draws it and keeps it until the match is over (docs/protocol.md).
    return { players, preset: "parlett", rules: { max_hands: QUICK_HANDS } };
  }

  function showWelcome(/** @type {boolean} */ canContinue) {
    $("welcome").hidden = false;
    $("btn-continue").hidden = !canContinue;
    $("btn-play").classList.toggle("primary", !canContinue);
    $("btn-play").textContent = canContinue ? "New game: Play" : "Play";
    setStatus(canContinue ? "Your match is where you left it." : "Press Play to deal the first hand.");
    // A button takes the focus, never a text box (a phone's keyboard would cover the page).
    ($("btn-continue").hidden ? $("btn-play") : $("btn-continue")).focus({ preventScroll: true });
  }

  function hideWelcome() { $("welcome").hidden = true; }

  function wireWelcome() {
    $("btn-play").addEventListener("click", () => table.run(() => startMatch(quickSettings())));
    $("btn-custom").addEventListener("click", () => openSetup());
    $("btn-continue").addEventListener("click", () => {
      hideWelcome();
      table.advance();
    });
  }

  // -------------------------------------------------------------- set-up and start

  function openSetup(/** @type {any} */ fill = null) {
    setup.fill(fill ?? {});
    $("setup-error").hidden = true;
    openSheet("setup-dialog");
    // The first button, not the name box: a phone's keyboard would cover the form.
    $("setup-start").focus({ preventScroll: true });
  }

  /**
   * The one way a new match starts (Play, the set-up form, a link, "Play again", Rematch, the
   * tutorial): ask before replacing the match in progress, and keep the old one.
   * @param {any} s the engine's `new_match` settings
   * @param {{fromLink?: boolean, note?: string}} [how] note: a line for the log after the new
   *   match's first
   * @returns {Promise<boolean>} whether the new match started
   */
  async function startMatch(s, { fromLink = false, note = "" } = {}) {
    await becomeWriter();
    if (!(await mayReplace())) {
      closeSetup();
      const saved = table.view ? null : readSave();
      if (saved?.snapshot) await resumeOrKeep(saved);
      else if (table.view) table.advance();
      return false;
    }
    const r = await table.request({ op: "new_match", settings: s });
    if (!r.ok) {
      const msg = r.error?.message ?? "the settings were refused";
      if (fromLink) {
        notice(`The link's settings could not be used (${msg}). The usual settings are shown instead.`);
        openSetup({});
      } else {
        $("setup-error").textContent = `Cannot start: ${msg}`;
        $("setup-error").hidden = false;
        if (!$("setup-dialog").open) openSheet("setup-dialog");
      }
      return false;
    }
    table.reset({ holder: null });
    matchId = newMatchId();
    adopt = false;
    buy.clear();
    $("auto-note").hidden = true;
    // Who plays, never the seed: with it anyone could read the face-down cards (docs/protocol.md).
    table.log(`A new match: ${s.players.map((/** @type {any} */ p) => p.name).join(", ")}.`, "hand-sep");
    if (note) table.log(note);
    setup?.forgetSeed(); // a seed typed or linked was this match's: the form's next one is random
    closeSetup();
    hideWelcome();
    if (!fromLink) $("notice").hidden = true;
    await save(r.view);
    await table.playOn();
    return true;
  }

  /**
   * Load a save into the engine and show it. The page's part is repaired, not trusted; a bot
   * this version lacks can be replaced by the nearest one. Returns null, or why it failed
   * (then nothing has changed: the engine keeps its match).
   * @param {any} saved a parsed stored save
   * @param {{fresh?: boolean, wait?: boolean}} [opts] fresh: another match than the stored one (from the
   *   saved list or an import): it gets its own id unless it has one that differs; wait: draw
   *   it and let the first screen's Continue play on
   */
  async function resume(saved, { fresh = false, wait = false } = {}) {
    const ui = cleanUi(saved.ui);
    /** @type {any} */
    let r = null;
    let replace = false;
    markResuming(fresh ? null : saved.raw);
    try {
      for (;;) {
        r = await table.request({ op: "load", snapshot: saved.snapshot, seat: null, ...(replace ? { replace_unknown_bots: true } : {}) });
        const e = r.ok ? null : r.error;
        if (!e || e.code !== "incompatible_snapshot" || !e.nearest_bot || replace) break;
        if (!(await askNearestBot(String(e.bot ?? "?"), String(e.nearest_bot)))) break;
        replace = true;
      }
    } catch (/** @type {any} */ err) {
      return String(err?.message ?? err);
    } finally {
      markResuming(null);
    }
    if (!r?.ok) return r?.error?.message ?? "the engine could not read it";
    table.reset({ holder: holderFor(ui.holder, r.view), seenHand: /** @type {any} */ (ui.seenHand),
      hands: r.view?.hands?.length ?? 0 });
    table.restoreLog(ui.log);
    table.log(fresh ? "A saved match was resumed." : "The match was resumed where it was left.", "hand-sep");
    const current = readSave();
    const ownId = saved.match && !(fresh && current?.match === saved.match);
    matchId = ownId ? saved.match : newMatchId();
    adopt = !fresh && !saved.match;
    if (!fresh) base = saved.gen ?? 0;
    else base = current?.gen ?? 0;
    // Stored again at once when the engine's save differs (a version 1 save, replaced bots),
    // the match gets an id, or it comes from elsewhere (then the current one is kept first).
    const again = await table.request({ op: "save" });
    if (fresh || adopt || (again.ok && again.snapshot !== saved.snapshot)) await save(r.view);
    if (wait) table.draw(r.view);
    else { hideWelcome(); await table.playOn(); }
    return null;
  }

  /** Resume the stored save (shown, waiting for Continue); if that fails, keep it (saved list,
   * download), start afresh, say so. */
  async function resumeOrKeep(/** @type {any} */ saved) {
    const problem = resumeDiedOn(saved.raw)
      ? "the last attempt to resume it stopped the game"
      : await resume(saved, { wait: true });
    if (!problem) { showWelcome(!table.view?.match_over); return; }
    markResuming(null);
    keepBroken(saved.raw, problem);
  }

  function keepBroken(/** @type {string} */ raw, /** @type {string} */ problem) {
    const kept = archiveSave(raw, { broken: problem });
    clearSave();
    base = 0;
    notice(`Your saved match could not be resumed (${problem}). ${kept ? "It is kept in Saved matches, and you" : "You"} can download the old save; a fresh match is ready to set up.`, raw);
    showWelcome(false);
  }

  /** The saved list's Resume: ask, load; on failure nothing changes. */
  async function resumeFromList(/** @type {import("./matches.js").SavedMatch} */ m) {
    const saved = parseSave(m.raw);
    if (!saved.snapshot) return `This saved match cannot be resumed (${saved.bad}); export it to keep it.`;
    await becomeWriter();
    if (!(await mayReplace({ title: "Resume this saved match?", okLabel: "Resume it" }))) return "";
    const wasShown = !!table.view;
    return queued(async () => {
      const problem = await resume(saved, { fresh: true });
      if (problem) { if (wasShown) table.advance(); return `This saved match could not be resumed: ${problem}`; }
      removeMatch(m.key);
      closeSetup();
      return null;
    });
  }

  /** Import a file: a save (load) or a game record (replay); on failure nothing changes. */
  async function importFile(/** @type {string} */ text) {
    /** @type {import("./matches.js").ImportedFile} */
    let f;
    try { f = readImport(text); } catch (/** @type {any} */ err) { return err.message; }
    await becomeWriter();
    if (!(await mayReplace({ title: "Import this match?", okLabel: "Import it" }))) return "";
    const wasShown = !!table.view;
    return queued(async () => {
      let problem = null;
      if (f.kind === "save") problem = await resume({ snapshot: f.snapshot, ui: f.ui, match: null, raw: text }, { fresh: true });
      else {
        let r = await table.request({ op: "replay", record: f.record, seat: null });
        if (!r.ok && r.error?.nearest_bot && (await askNearestBot(String(r.error.bot ?? "?"), String(r.error.nearest_bot)))) {
          r = await table.request({ op: "replay", record: f.record, seat: null, replace_unknown_bots: true });
        }
        if (!r.ok) problem = r.error?.message ?? "the engine could not replay it";
        else {
          table.reset({ holder: holderFor(null, r.view) });
          matchId = newMatchId();
          adopt = false;
          base = readSave()?.gen ?? 0;
          table.log(`A game record was imported (${r.steps} moves).`, "hand-sep");
          await save(r.view);
          hideWelcome();
          await table.playOn();
        }
      }
      if (problem) { if (wasShown) table.advance(); return `This file could not be imported: ${problem}. Nothing has changed.`; }
      closeSetup();
      $("notice").hidden = true;
      return null;
    });
  }

  /** Run `fn` once the table's work under way has stopped; its answer comes back. */
  function queued(/** @type {() => Promise<string|null>} */ fn) {
    table.cancel();
    return new Promise((resolve) => { table.run(async () => resolve(await fn())); });
  }

  async function afterBoot() {
    const hello = await table.request({ op: "hello" });
    if (!hello.ok) throw new Error(hello.error?.message ?? "The engine did not answer.");
    table.hello = hello;
    if (!setup) {
      // Wired once: a retry after an engine failure reuses the same form and buttons.
      setup = new SetupForm(hello, { onStart: (/** @type {any} */ s) => table.run(() => startMatch(s)) });
      $("btn-new").addEventListener("click", () => openSetup());
      $("setup-cancel").addEventListener("click", () => closeSetup());
      const saved = document.createElement("button");
      saved.type = "button";
      saved.id = "btn-saved";
      saved.className = "nav-btn";
      saved.textContent = "Saved matches";
      saved.addEventListener("click", () => openSavedMatches({ onResume: resumeFromList, onImport: importFile }));
      $("btn-log").before(saved); // first in the header's Menu on a narrow screen
    }
    $("btn-new").disabled = false;
    // One writer per match: with a match to resume or a link to start, another tab may be
    // playing; a tab on the bare set-up form becomes the writer when it starts one.
    if (hasSettingsInUrl() || readSave()) await becomeWriter();

    if (hasSettingsInUrl()) {
      const { settings: fromUrl, problems } = settingsFromUrl(hello.options ?? []);
      history.replaceState(null, "", location.pathname + location.hash);
      if (problems.length) {
        notice(`This link has settings that could not be read: ${problems.join("; ")}. The usual settings are shown instead.`);
        openSetup({});
        showWelcome(false);
        return;
      }
      setup.fill(fromUrl);
      // The link's own values go to the engine unchanged: it is the judge of what is allowed.
      const full = { ...setup.read(), ...fromUrl }; // no seed in the link: the engine draws one
      await startMatch(full, { fromLink: true });
      return;
    }
    const saved = readSave();
    if (saved?.snapshot) { await resumeOrKeep(saved); return; }
    if (saved?.bad) { keepBroken(saved.raw, saved.bad); return; }
    showWelcome(false);
    tutorial.offer(); // a first visit: invite the newcomer to a guided hand
  }

  // -------------------------------------------------------------- boot

  function fatal(/** @type {any} */ err) {
    table.cancel();
    showBootError(`The game could not start: ${err?.message ?? err}`, boot);
    table.setState("failed");
    setStatus("The game engine is not running.");
  }

  async function boot() {
    table.engine?.terminate?.();
    table.useEngine(null);
    table.setState("busy");
    setStatus("Loading the game engine… The rules are a click away while you wait.");
    try {
      table.useEngine(await startEngine({ onFatal: fatal }));
      await afterBoot();
      table.run(() => {}); // the table is idle once the work above is done
    } catch (err) {
      fatal(err);
    }
  }

  $("notice-close").addEventListener("click", () => { $("notice").hidden = true; $("main").focus(); });
  wireSettings();
  tutorial.wireRulesEntry();
  wireStatsEntry();
  wireWelcome();
  boot();
  return { table, isGameInProgress: () => !!table.view && !table.view.match_over, startNewMatch: startMatch };
}
