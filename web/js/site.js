// The full site around the table controller (table.js), wired here from its parts in
// web/js/site/. The match store comes first and every part that follows the table is given it
// (or the table, which holds it) and subscribes; the parts are made after those they need:
//   settings.js   the page's settings and their dialog
//   welcome.js    the first screen (Play, Custom match, Continue)
//   policy.js     the site's part in the driver's loop and in the table's views; watchSite
//   save-slot.js  the save, one writer per match (match id, generation, adopting old saves)
//   resume.js     resuming the stored save, a saved match or an imported file; another tab
//   start.js      starting matches and rematches, the set-up form, what the page opens with
//   boot.js       booting the engine, and the boot screen's retry
//   panels.js     the dialogs over the table and the notices; people.js: who is who
// Three calls go the other way, because those parts drive the table: the loop saves through
// the save slot and asks whether the guided hand is on, and the tabs' "Play here instead"
// resumes. They are arrow functions naming parts made further down, called only by a move or
// a click, which come after the wiring: the loop runs once the engine has booted (the last
// step here), and the tabs are made in the same task as the resume they call.
//
//   import { startSite } from "./site.js";
//   startSite();            // called once by main.js
import { createTable } from "./table.js";
import { createMatchStore } from "./match-store.js";
import { createSummaryButtons } from "./table-view.js";
import { byId, nextTask } from "./dom.js";
import { noteSave } from "./offline.js";
import { createTutorial } from "./tutorial.js";
import { useStatsEngine, wireStatsEntry } from "./stats.js";
import { createSound } from "./sound.js";
import { createTabs } from "./tabs.js";
import { createBuyOrders } from "./buy-order.js";
import { createSettings } from "./site/settings.js";
import { createWelcome } from "./site/welcome.js";
import { createSaveSlot } from "./site/save-slot.js";
import { createResume, stopForOtherTab } from "./site/resume.js";
import { createStart } from "./site/start.js";
import { sitePolicy, siteViews, watchSite } from "./site/policy.js";
import { createBoot } from "./site/boot.js";
import { closeRulesForTutorial, closeSheet, hideAutoNote, notice, wirePanels } from "./site/panels.js";
import { defaultBuyer, humans, quickSettings } from "./site/people.js";
import { createFriends } from "./site/friends.js";
import { friendsDefaults } from "./site/start.js";
import { formModel, newBot } from "./setup/model.js";
import { leaveTable } from "./storage/hand-over.js";
import { createTakeBack } from "./site/take-back.js";
import { createDaily } from "./site/daily.js";

/** @typedef {import("./site/types.js").SiteTable} SiteTable */

/**
 * Start the full site: wire the page, boot the engine, resume or offer a match. In three tasks,
 * none of them long (Lighthouse's blocking time; each took 20-50 ms at a phone's 4x slower CPU
 * here, and all in one ~100 ms): the table, then the page's wiring, then the boot. The header's
 * Rules, About and Log work from the first.
 */
export async function startSite() {
  wirePanels();
  const settings = createSettings();
  const welcome = createWelcome();
  const store = createMatchStore();
  const buy = createBuyOrders({ store, humans, defaultBuyer: (v) => defaultBuyer(v, store.getState().holder) });
  /** @type {SiteTable} */
  const table = createTable({
    store, mode: "site",
    pace: () => settings.current().pace,
    sound: createSound(/** @type {HTMLButtonElement} */ (byId("btn-sound"))),
    policy: sitePolicy({ store, settings, engine: () => table, save: () => slot.save(), guided: () => tutorial.active }),
    views: siteViews({ store, settings, buy, engine: () => table }),
  });
  await nextTask();
  const cancelOrders = () => store.dispatch({ type: "orders_cancel" });
  const tabs = createTabs({ onLost: () => stopForOtherTab(table), onRegained: async () => { await resume.regained(); } });
  // Friends on their own devices (net/, loaded when first needed: site/friends.js): this tab
  // hosts them; its save keeps their seats.
  const friends = createFriends({ make: ({ createHosting, createLobby, createTalkBox }) => {
    const talk = createTalkBox({ say: (what) => hosting.say(what), log: (text) => table.log(text, "said") });
    const hosting = createHosting({
      table,
      start: (s, how) => new Promise((resolve) => { table.run(async () => resolve(await start.startMatch(/** @type {any} */ (s), how))); }), // s: the form's settings with the final players
      changed: () => {
        lobby.draw();
        const now = hosting.state();
        talk.show(now.phase === "playing");
        talk.allowText(now.allow.chat);
      },
      onSaid: (seat, name, text) => talk.said(seat, name, text),
    });
    talk.wire();
    const lobby = createLobby({
      hosting,
      handOver: (seat) => { handOver(seat).catch((err) => console.error(err)); }, // asks the friend first: not inside the table's work
      // an empty seat at the start: a computer player (newPlayer made a person "Julia" when the
      // host had no view yet, and the match waited on a seat nobody could play)
      botFor: (/** @type {number} */ i, /** @type {string[]} */ taken) => (table.hello ? newBot(formModel(table.hello), taken)
        : { name: `Computer ${i + 1}`, kind: /** @type {const} */ ("bot") }),
    });
    lobby.wire();
    return { hosting, lobby };
  } });
  const slot = createSaveSlot({ table, tabs, say: notice, onSaved: noteSave, friends });
  const resume = createResume({ table, slot, welcome });
  const start = createStart({ table, slot, welcome, resume,
    onNewMatch: (how) => { cancelOrders(); hideAutoNote(); if (!how.friends) friends.stop(); },
    onFriends: (settings, rows) => openFriendsTable(settings, rows) });

  /**
   * "Hand the table to …": the match goes to that friend's device, which hosts it from now on;
   * this device keeps its copy in Saved matches and becomes a guest waiting for the new host's
   * rejoin link (docs/multiplayer.md, "Passing the table").
   * @param {number} seat
   */
  async function handOver(seat) {
    const hosting = friends.now()?.hosting; // the lobby that offers this exists: so does its hosting
    if (!hosting) return;
    notice(`Asking ${table.view?.seats?.[seat]?.name ?? "your friend"} to take the table…`);
    const out = await hosting.offerTable(seat);
    if (!out.ok) { notice(out.message); return; }
    table.cancel();
    leaveTable({ ...out, name: table.view?.seats?.[out.seat]?.name ?? "" });
    slot.discard();
    await new Promise((r) => setTimeout(r, 1500)); // the snapshot's frames leave before the channels close
    hosting.stop({ quietly: true });
    location.hash = `table=${out.table}`;
    location.reload();
  }

  /**
   * The friends' form's "Open the table": the lobby, with the first friend's invitation.
   * @param {import("./setup.js").FormSettings} settings @param {number[]} rows
   */
  async function openFriendsTable(settings, rows) {
    const players = settings.players ?? [];
    const hostRow = players.findIndex((p, i) => p.kind !== "bot" && !rows.includes(i));
    const error = byId("setup-error");
    const problem = !rows.length ? "Choose “A friend on their own device” for at least one seat."
      : hostRow < 0 ? "Keep one seat for yourself (“You, at this screen”)." : "";
    if (problem) { error.textContent = problem; error.hidden = false; return; }
    const { players: _p, seed: _s, ...rest } = settings;
    const internet = /** @type {HTMLInputElement} */ (byId("lobby-internet"));
    const stun = /** @type {HTMLInputElement} */ (byId("lobby-stun"));
    /** @type {import("./site/friends.js").FriendsParts} */
    let parts;
    try {
      parts = await friends.load();
    } catch (/** @type {unknown} */ err) { // its code did not load: the form stays, saying so
      error.textContent = `The friends' table could not be opened (${err instanceof Error ? err.message : String(err)}).`;
      error.hidden = false;
      return;
    }
    const { hosting, lobby } = parts;
    closeSheet("setup-dialog");
    welcome.hide();
    lobby.open();
    await hosting.open({ players, friendRows: rows, hostRow, hostName: players[hostRow]?.name ?? "", settings: rest,
      allow: lobby.allowed(), clock: lobby.clockSeconds(), stunUrls: internet.checked && stun.value.trim() ? [stun.value.trim()] : [] });
  }
  const tutorial = createTutorial({
    start: (s) => start.startQueued(s),
    // Nothing stays over the table: the first screen and the rules dialog it may start from.
    onBegin: () => { closeRulesForTutorial(); welcome.hide(); },
    hasOrder: () => store.getState().orders.length > 0,
    playReal: () => { table.run(() => start.startMatch(quickSettings(table.hello))).catch((err) => console.error(err)); },
  });
  const daily = createDaily({ table, start: (how) => start.startMatch(quickSettings(table.hello), how),
    changed: () => takeBack.refresh() });
  watchSite({ table, tutorial, daily });
  createSummaryButtons(store, start.summaryButtons);
  const takeBack = createTakeBack({ table, save: () => slot.save(),
    prefs: () => { const s = settings.current(); return { auto_reveal: s.autoReveal, offers: s.offers }; },
    counted: () => tutorial.active || daily.counted(),
    onTaken: () => { cancelOrders(); hideAutoNote(); } });

  for (const id of ["lobby-internet", "lobby-stun"]) {
    byId(id).addEventListener("change", () => {
      const on = /** @type {HTMLInputElement} */ (byId("lobby-internet")).checked;
      const url = /** @type {HTMLInputElement} */ (byId("lobby-stun")).value.trim();
      friends.now()?.hosting.setStun(on && url ? [url] : []).catch((err) => console.error(err));
    });
  }
  settings.wire();
  buy.wire();
  tutorial.wireRulesEntry();
  wireStatsEntry();
  useStatsEngine(table);
  takeBack.wire();
  welcome.wire({
    play: (opponents) => table.run(() => start.startMatch(quickSettings(table.hello, opponents))),
    custom: () => start.openSetup(),
    daily: () => daily.play(),
    friends: (devices) => start.openSetup(friendsDefaults(table.hello, devices), devices ? "friends" : "match"),
    resume: () => table.advance(),
  });
  await nextTask();
  // a first visit (nothing saved, no link): invite the newcomer to a guided hand
  createBoot({ table, ready: (hello) => start.opening(hello, { firstVisit: () => tutorial.offer(),
    daily: (date) => daily.play(date, { fromLink: true }) }) }).start();
  return { table, isGameInProgress: () => !!table.view && !table.view.match_over, startNewMatch: start.startMatch };
}
