// The full site around the table controller (table.js): the boot screen with its retry, the
// display settings, notices, the set-up form and links, saving and resuming the match.
//
//   import { startSite } from "./site.js";
//   startSite();            // called once by main.js
import { createTable } from "./table.js";
import { startEngine, showBootError } from "./boot-screen.js";
import { setStatus, applyDisplaySettings } from "./render.js";
import { SetupForm, settingsFromUrl, hasSettingsInUrl, randomSeed } from "./setup.js";
import { loadSettings, saveSettings, readSave, writeSave, clearSave } from "./storage.js";
import { requestPersistence, noteSave } from "./offline.js";
import { openReview, reviewEntry } from "./review.js";
import { createTutorial } from "./tutorial.js";
import { recordMatch, wireStatsEntry } from "./stats.js";
import { storeLastView } from "./last-view.js";
import { endPreview } from "./preview.js";
import { createSound } from "./sound.js";

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** Start the full site: wire the page, boot the engine, resume or set up a match. */
export function startSite() {
  let settings = loadSettings();
  /** @type {any} */
  let setup = null;
  const table = createTable({
    mode: "site",
    pace: () => settings.pace,
    sound: createSound($("btn-sound")),
    hooks: {
      afterMove: save,
      onHandEnd: (view) => { // a hand has finished: ask to keep the save; offer its review
        requestPersistence();
        reviewEntry(table, view, mySeat(view));
      },
      onError: (err) => notice(String(err?.message ?? err)),
      summaryButtons,
      onEvents: (events) => tutorial.onEvents(events),
      onDraw: (view) => {
        endPreview(); // the live table replaces the stored one, kept for the next visit (preview.js)
        storeLastView(view, table.holder);
        tutorial.onView(view);
      },
      onStop: () => { // the match is over: keep it in the statistics (once) and offer its review
        const view = table.view;
        reviewEntry(table, view, mySeat(view));
        recordMatch(table, view, mySeat(view)).catch((err) => console.error(err));
      },
    },
  });
  const tutorial = createTutorial({
    start: (s) => table.run(() => startMatch(s)),
    inMatch: () => !!table.view && !table.view.match_over,
  });

  /** The seat whose play the review and the statistics follow: the person at the screen. */
  function mySeat(/** @type {any} */ view) {
    return table.holder ?? view?.seats?.find((/** @type {any} */ s) => s.kind !== "bot")?.seat ?? 0;
  }

  // -------------------------------------------------------------- settings

  function showSettings() {
    applyDisplaySettings(settings);
    $("set-theme").value = settings.theme;
    $("set-pace").value = settings.pace;
    $("set-fourcolour").checked = !!settings.fourColour;
    $("set-motion").checked = !!settings.motion;
  }

  function wireSettings() {
    const btn = $("btn-settings");
    btn.addEventListener("click", () => {
      const open = $("settings").hidden;
      $("settings").hidden = !open;
      btn.setAttribute("aria-expanded", String(open));
      if (open) $("set-theme").focus();
    });
    const upd = () => {
      settings = {
        theme: $("set-theme").value,
        pace: $("set-pace").value,
        fourColour: $("set-fourcolour").checked,
        motion: $("set-motion").checked,
      };
      saveSettings(settings);
      showSettings();
    };
    for (const id of ["set-theme", "set-pace", "set-fourcolour", "set-motion"]) $(id).addEventListener("change", upd);
    showSettings();
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

  async function save() {
    const r = await table.request({ op: "save" });
    if (r.ok && typeof r.snapshot === "string") {
      noteSave(writeSave(r.snapshot, { holder: table.holder, log: table.logItems.slice(-150), seenHand: table.seenHand }));
    }
  }

  function summaryButtons() {
    const rematch = document.createElement("button");
    rematch.type = "button";
    rematch.className = "primary";
    rematch.textContent = "Rematch";
    rematch.addEventListener("click", () => table.run(() => startRematch()));
    const again = document.createElement("button");
    again.type = "button";
    again.textContent = "Set up a new match";
    again.addEventListener("click", () => openSetup());
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
    return [rematch, review, again, rec];
  }

  /** The same players and rules as the match just played, on a new deal (the engine picks the
   * seed when none is given). */
  async function startRematch() {
    const r = await table.request({ op: "record" });
    if (!r.ok) { setStatus(r.error?.message ?? "The match's players and rules are not available."); return; }
    const rec = r.record;
    await startMatch({ players: rec.seats ?? rec.players.map((/** @type {string} */ name) => ({ name })), rules: rec.rules });
  }

  // -------------------------------------------------------------- set-up and start

  function openSetup(/** @type {any} */ fill = null) {
    table.cancel();
    setup.fill(fill ?? {});
    $("setup").hidden = false;
    const inMatch = !!table.view && !table.view.match_over;
    $("setup-cancel").hidden = !inMatch;
    $("setup-error").hidden = true;
    setStatus(inMatch ? "Setting up a new match; the current one waits." : "Choose the players and rules, then deal the first hand.");
    $("setup").scrollIntoView({ block: "start" });
    $("setup-players").querySelector("input")?.focus();
  }

  async function startMatch(/** @type {any} */ s, { fromLink = false } = {}) {
    const r = await table.request({ op: "new_match", settings: s });
    if (!r.ok) {
      const msg = r.error?.message ?? "the settings were refused";
      if (fromLink) {
        notice(`The link's settings could not be used (${msg}). The usual settings are shown instead.`);
        openSetup({});
      } else {
        $("setup-error").textContent = `Cannot start: ${msg}`;
        $("setup-error").hidden = false;
        $("setup").hidden = false;
      }
      return;
    }
    table.reset({ holder: null });
    const seed = s.seed ?? r.view?.record?.seed ?? (await table.request({ op: "record" })).record?.seed;
    table.log(`A new match: ${s.players.map((/** @type {any} */ p) => p.name).join(", ")}. Seed ${seed}.`, "hand-sep");
    $("setup").hidden = true;
    if (!fromLink) $("notice").hidden = true;
    await save();
    table.advance();
  }

  async function resume(/** @type {any} */ saved) {
    const r = await table.request({ op: "load", snapshot: saved.snapshot, seat: saved.ui?.holder ?? null });
    if (!r.ok) return r.error?.message ?? "the engine could not read it";
    table.reset({ holder: saved.ui?.holder ?? null, seenHand: saved.ui?.seenHand ?? null });
    table.restoreLog(saved.ui?.log ?? []);
    table.log("The match was resumed where it was left.", "hand-sep");
    table.advance();
    return null;
  }

  async function afterBoot() {
    const hello = await table.request({ op: "hello" });
    if (!hello.ok) throw new Error(hello.error?.message ?? "The engine did not answer.");
    table.hello = hello;
    if (!setup) {
      // Wired once: a retry after an engine failure reuses the same form and buttons.
      setup = new SetupForm(hello, { onStart: (/** @type {any} */ s) => table.run(() => startMatch(s)) });
      $("btn-new").addEventListener("click", () => openSetup());
      $("setup-cancel").addEventListener("click", () => { $("setup").hidden = true; table.advance(); });
    }
    $("btn-new").disabled = false;

    if (hasSettingsInUrl()) {
      const { settings: fromUrl, problems } = settingsFromUrl(hello.options ?? []);
      history.replaceState(null, "", location.pathname + location.hash);
      if (problems.length) {
        notice(`This link has settings that could not be read: ${problems.join("; ")}. The usual settings are shown instead.`);
        openSetup({});
        return;
      }
      setup.fill(fromUrl);
      // The link's own values go to the engine unchanged: it is the judge of what is allowed.
      const full = { ...setup.read(), ...fromUrl };
      full.seed = fromUrl.seed ?? full.seed ?? randomSeed();
      await startMatch(full, { fromLink: true });
      return;
    }
    const saved = readSave();
    if (saved?.snapshot) {
      const problem = await resume(saved);
      if (!problem) return;
      clearSave();
      notice(`Your saved match could not be resumed (${problem}). A fresh match is ready to set up; you can download the old save.`, saved.raw);
      openSetup({});
      return;
    }
    if (saved?.bad) {
      clearSave();
      notice(`Your saved match could not be resumed (${saved.bad}). A fresh match is ready to set up; you can download the old save.`, saved.raw);
    }
    openSetup({});
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
    setStatus("Loading the game engine… The rules are below while you wait.");
    try {
      table.useEngine(await startEngine({ onFatal: fatal }));
      await afterBoot();
      if (table.view == null) table.run(() => {}); // nothing to play yet: the table is idle
    } catch (err) {
      fatal(err);
    }
  }

  $("notice-close").addEventListener("click", () => { $("notice").hidden = true; $("main").focus(); });
  wireSettings();
  tutorial.wireRulesEntry();
  wireStatsEntry();
  boot();
  return { table, isGameInProgress: () => !!table.view && !table.view.match_over };
}
