// The full site around the table controller (table.js): the boot screen with its retry, the
// first screen (Play, Custom match, Continue), the settings and the panels that open over the
// table (rules, about, log, set-up), notices, links, saves, the player's standing answers and
// buy orders.
//
//   import { startSite } from "./site.js";
//   startSite();            // called once by main.js
import { createTable } from "./table.js";
import { startEngine, showBootError } from "./boot-screen.js";
import { setStatus, applyDisplaySettings } from "./render.js";
import { SetupForm, settingsFromUrl, hasSettingsInUrl, randomSeed, DEFAULT_HUMAN } from "./setup.js";
import { loadSettings, saveSettings, readSave, writeSave, clearSave } from "./storage.js";
import { requestPersistence, noteSave } from "./offline.js";
import { standingAnswer, OFFER_RULES } from "./standing.js";
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
  /** @type {any} */
  let saved = null;
  const humans = (/** @type {any} */ v) => (v?.seats ?? []).filter((/** @type {any} */ s) => s.kind !== "bot").map((/** @type {any} */ s) => s.seat);
  const buy = createBuyOrders({
    humans,
    defaultBuyer: (v) => (humans(v).includes(table.holder) ? table.holder : humans(v)[0] ?? null),
  });
  const table = createTable({
    mode: "site",
    pace: () => settings.pace,
    hooks: {
      afterMove: save,
      onHandEnd: () => { buy.clear(); requestPersistence(); }, // ask to keep the save
      onError: (err) => notice(String(err?.message ?? err)),
      summaryButtons,
      standing: (view) => standingAnswer(view, { autoReveal: settings.autoReveal, offers: settings.offers },
        buy.orders.get(view.seat)),
      onStanding: (answer, view) => {
        if (answer.usedOrder) buy.orders.delete(view.seat);
        if (answer.note) autoNote(answer.note);
      },
      onDraw: (view) => buy.refresh(view),
      buyFrom: (seat) => (table.view ? buy.stackLabel(table.view, seat) : null),
      onBuy: (seat) => buy.quick(seat),
      handover: () => !!settings.handover,
      confirmTrades: () => !!settings.confirmTrades,
    },
  });

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
    const again = document.createElement("button");
    again.type = "button";
    again.className = "primary";
    again.textContent = "Play again";
    again.addEventListener("click", () => table.run(() => startNewMatch(quickSettings())));
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
    return [again, custom, rec];
  }

  // -------------------------------------------------------------- the first screen

  /** The settings "Play" starts: you (the form's default name) against three computer players. */
  function quickSettings() {
    const bots = new Set((table.hello?.bots ?? []).map((/** @type {any} */ b) => b.id));
    /** @type {import("./protocol.js").PlayerSpec[]} */
    const players = [{ name: DEFAULT_HUMAN, kind: "human" }];
    for (const [bot, name] of QUICK_BOTS) if (bots.has(bot)) players.push({ name, kind: "bot", bot });
    return { players, preset: "parlett", rules: { max_hands: QUICK_HANDS }, seed: randomSeed() };
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
    $("btn-play").addEventListener("click", () => table.run(() => startNewMatch(quickSettings())));
    $("btn-custom").addEventListener("click", () => openSetup());
    $("btn-continue").addEventListener("click", () => {
      hideWelcome();
      table.log("The match was resumed where it was left.", "hand-sep");
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
   * The one way a new match starts (Play, the set-up form, a link, "Play again"): a guard
   * against losing the match in progress belongs here.
   * @param {any} s the engine's `new_match` settings
   * @param {{fromLink?: boolean}} [how]
   */
  async function startNewMatch(s, { fromLink = false } = {}) {
    table.cancel();
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
      return;
    }
    table.reset({ holder: null });
    buy.clear();
    $("auto-note").hidden = true;
    table.log(`A new match: ${s.players.map((/** @type {any} */ p) => p.name).join(", ")}. Seed ${s.seed}.`, "hand-sep");
    if ($("setup-dialog").open) $("setup-dialog").close();
    hideWelcome();
    if (!fromLink) $("notice").hidden = true;
    await save();
    table.playOn();
  }

  /** Load the saved match and draw it; it plays on when the player presses Continue. */
  async function resume(/** @type {any} */ stored) {
    const r = await table.request({ op: "load", snapshot: stored.snapshot, seat: stored.ui?.holder ?? null });
    if (!r.ok) return r.error?.message ?? "the engine could not read it";
    table.reset({ holder: stored.ui?.holder ?? null, seenHand: stored.ui?.seenHand ?? null, hands: r.view?.hands?.length ?? 0 });
    table.restoreLog(stored.ui?.log ?? []);
    table.draw(r.view);
    return null;
  }

  async function afterBoot() {
    const hello = await table.request({ op: "hello" });
    if (!hello.ok) throw new Error(hello.error?.message ?? "The engine did not answer.");
    table.hello = hello;
    if (!setup) {
      // Wired once: a retry after an engine failure reuses the same form and buttons.
      setup = new SetupForm(hello, { onStart: (/** @type {any} */ s) => table.run(() => startNewMatch(s)) });
      $("btn-new").addEventListener("click", () => openSetup());
      $("setup-cancel").addEventListener("click", () => $("setup-dialog").close());
    }
    $("btn-new").disabled = false;

    if (hasSettingsInUrl()) {
      const { settings: fromUrl, problems } = settingsFromUrl(hello.options ?? []);
      history.replaceState(null, "", location.pathname + location.hash);
      if (problems.length) {
        notice(`This link has settings that could not be read: ${problems.join("; ")}. The usual settings are shown instead.`);
        showWelcome(false);
        openSetup({});
        return;
      }
      setup.fill(fromUrl);
      // The link's own values go to the engine unchanged: it is the judge of what is allowed.
      const full = { ...setup.read(), ...fromUrl };
      full.seed = fromUrl.seed ?? full.seed ?? randomSeed();
      await table.run(() => startNewMatch(full, { fromLink: true }));
      return;
    }
    saved = readSave();
    if (saved?.snapshot) {
      const problem = await resume(saved);
      if (!problem) { showWelcome(!table.view?.match_over); return; }
      clearSave();
      notice(`Your saved match could not be resumed (${problem}). A fresh match is ready to set up; you can download the old save.`, saved.raw);
      showWelcome(false);
      return;
    }
    if (saved?.bad) {
      clearSave();
      notice(`Your saved match could not be resumed (${saved.bad}). A fresh match is ready to set up; you can download the old save.`, saved.raw);
    }
    showWelcome(false);
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
  wireWelcome();
  boot();
  return { table, isGameInProgress: () => !!table.view && !table.view.match_over, startNewMatch };
}
