// node --test: web/js/site/save-slot.js, the one-writer rule of the save (docs/architecture.md,
// "Never losing a match"): every write raises the slot's generation; a tab never replaces a
// save newer than the one it last read or wrote (it stops and yields); a save of another match
// is kept in the saved matches first; an old build's save without a match id is adopted, not
// kept aside. Driven with a fake localStorage, a fake table whose engine answers save, load
// and replay, and fake tabs.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { SAVE_KEY, readSave, resumeDiedOn } from "../../web/js/storage.js";
import { MATCHES_KEY, listMatches } from "../../web/js/matches.js";
import { createSaveSlot, inProgress } from "../../web/js/site/save-slot.js";

/** localStorage as a Map; a key in `full` refuses writes (the browser has no room). */
function memory() {
  const m = new Map();
  return {
    full: new Set(),
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem(k, v) {
      if (this.full.has(k)) throw new Error("QuotaExceededError");
      m.set(k, String(v));
    },
    removeItem: (k) => { m.delete(k); },
  };
}

let storage;
beforeEach(() => {
  storage = memory();
  globalThis.localStorage = storage;
});

const view = (hand = 2, over = false) => ({
  seat: 0, hand, match_over: over, hands: [{}, {}],
  seats: [{ seat: 0, name: "Fanny", kind: "human" }, { seat: 1, name: "Mary", kind: "bot" }],
});

/** The engine: its match is a snapshot string; `load` takes one, `save` gives it back. */
function fakeEngine({ snapshot = "S0", refuseBot = null } = {}) {
  const engine = {
    snapshot, requests: [], during: null, summary: { players: ["Fanny", "Mary"], hand: 2, over: false },
    async request(req) {
      engine.requests.push(req);
      if (req.op === "save") return { ok: true, op: "save", snapshot: engine.snapshot, summary: engine.summary };
      if (req.op === "load" || req.op === "replay") {
        engine.during?.(req);
        if (refuseBot && !req.replace_unknown_bots) {
          return { ok: false, error: { code: req.op === "load" ? "incompatible_snapshot" : "bad_settings",
            message: "a bot is missing", bot: refuseBot, nearest_bot: "casual/mary" } };
        }
        engine.snapshot = req.op === "load" ? req.snapshot : "R";
        return { ok: true, op: req.op, view: view(), steps: 7 };
      }
      throw new Error(`unexpected ${req.op}`);
    },
  };
  return engine;
}

/** The table's part the slot uses: who holds the screen, the log, its engine. */
function fakeTable(engine) {
  const table = {
    view: null, holder: 0, seenHand: null, logItems: [], cancelled: 0, resets: [],
    request: (req) => engine.request(req),
    cancel() { table.cancelled++; },
    reset(how = {}) { table.resets.push(how); table.logItems = []; table.holder = how.holder ?? null; },
    restoreLog(items) { table.logItems.push(...items); },
    log(text, cls = "") { table.logItems.push({ text, cls }); },
  };
  return table;
}

function fakeTabs(writer = true) {
  const tabs = {
    writer, yielded: 0,
    isWriter: () => tabs.writer,
    async acquire() { tabs.writer = true; },
    yieldTo() { tabs.yielded++; tabs.writer = false; },
  };
  return tabs;
}

let ids = 0;
function slotFor({ engine = fakeEngine(), tabs = fakeTabs(), answers = {}, friends = undefined } = {}) {
  const table = fakeTable(engine);
  const said = [];
  const asked = [];
  const slot = createSaveSlot({
    table, tabs,
    say: (text, download) => said.push({ text, download }),
    ask: {
      replace: async (what) => { asked.push(what); return answers.replace ?? true; },
      nearestBot: async (bot, nearest) => { asked.push(`${bot}->${nearest}`); return answers.nearestBot ?? true; },
    },
    newId: () => `id${++ids}`,
    ...(friends ? { friends } : {}),
  });
  return { slot, table, engine, tabs, said, asked };
}

const stored = () => JSON.parse(storage.getItem(SAVE_KEY));

test("every write raises the slot's generation and carries the match's id", async () => {
  const { slot, table, engine } = slotFor();
  slot.began();
  table.view = view();
  await slot.save();
  assert.equal(stored().gen, 1);
  const { matchId } = slot.state();
  engine.snapshot = "S1";
  await slot.save();
  assert.deepEqual([stored().gen, stored().match, stored().snapshot], [2, matchId, "S1"]);
  assert.deepEqual(slot.state(), { matchId, base: 2, adopt: false });
  assert.deepEqual(stored().ui.summary, { players: ["Fanny", "Mary"], hand: 2, over: false });
  // the summary is the engine's, not the view drawn last: a bot's move that ends the match is
  // saved before any view shows it (a finished match was then listed as "hand 4, in progress")
  engine.summary = { players: ["Fanny", "Mary"], hand: 5, over: true };
  await slot.save();
  assert.deepEqual(stored().ui.summary, { players: ["Fanny", "Mary"], hand: 5, over: true });
});

test("a tab that is not the writer stores nothing", async () => {
  const { slot } = slotFor({ tabs: fakeTabs(false) });
  slot.began();
  await slot.save();
  assert.equal(storage.getItem(SAVE_KEY), null);
});

test("a save newer than the one this tab last wrote is never replaced: the tab stops and yields", async () => {
  const a = slotFor({ engine: fakeEngine({ snapshot: "A" }) });
  a.slot.began();
  await a.slot.save();
  // Another tab (without Web Locks) takes the same match: it reads the slot and writes on.
  const b = slotFor({ tabs: fakeTabs(false) });
  await b.slot.becomeWriter();
  assert.equal(b.slot.state().base, 1);
  const raw = storage.getItem(SAVE_KEY);
  const saved = readSave();
  await b.slot.resume(saved);
  assert.equal(storage.getItem(SAVE_KEY), raw, "its own save, unchanged, is not stored again");
  b.engine.snapshot = "B"; // it plays a move
  await b.slot.save();
  assert.deepEqual([stored().gen, stored().snapshot], [2, "B"]);
  // The first tab's next save is refused: it stops its play and yields the match.
  await a.slot.save();
  assert.deepEqual([stored().gen, stored().snapshot], [2, "B"]);
  assert.equal(a.table.cancelled, 1);
  assert.equal(a.tabs.yielded, 1);
  assert.equal(a.tabs.isWriter(), false);
});

test("a save of another match is kept in the saved matches before the slot is written", async () => {
  const old = { v: 1, match: "old", gen: 5, snapshot: "OLD", ui: { summary: { players: ["Tom", "Mary"], hand: 4 } } };
  storage.setItem(SAVE_KEY, JSON.stringify(old));
  const { slot } = slotFor({ tabs: fakeTabs(false) });
  await slot.becomeWriter();
  slot.began();
  await slot.save();
  assert.deepEqual([stored().gen, stored().match], [6, slot.state().matchId]);
  const kept = listMatches();
  assert.equal(kept.length, 1);
  assert.equal(kept[0].match, "old");
  assert.equal(JSON.parse(kept[0].raw).snapshot, "OLD");
});

test("with no room for the other match in the saved list, it is offered as a download", async () => {
  const old = JSON.stringify({ v: 1, match: "old", gen: 1, snapshot: "OLD", ui: {} });
  storage.setItem(SAVE_KEY, old);
  storage.full.add(MATCHES_KEY);
  const { slot, said } = slotFor({ tabs: fakeTabs(false) });
  await slot.becomeWriter();
  slot.began();
  await slot.save();
  assert.equal(stored().gen, 2);
  assert.equal(said.length, 1);
  assert.equal(said[0].download, old);
  assert.match(said[0].text, /no room/);
});

test("an old build's save without a match id is adopted: stored again at once under an id, not kept aside", async () => {
  storage.setItem(SAVE_KEY, JSON.stringify({ snapshot: "V1", ui: { holder: 0, log: [{ text: "earlier", cls: "" }] } }));
  const { slot, table } = slotFor();
  const out = await slot.resume(readSave());
  assert.equal(out.ok, true);
  assert.deepEqual(slot.state(), { matchId: "id" + ids, base: 1, adopt: false });
  assert.deepEqual([stored().gen, stored().match, stored().snapshot], [1, "id" + ids, "V1"]);
  assert.deepEqual(listMatches(), [], "the match's own older save is not a match of its own");
  assert.deepEqual(table.logItems.map((x) => x.text), ["earlier", "The match was resumed where it was left."]);
});

test("resuming the stored save keeps its id and generation, and stores it again only when the engine's differs", async () => {
  storage.setItem(SAVE_KEY, JSON.stringify({ v: 1, match: "m7", gen: 9, snapshot: "S", ui: { holder: 0, seenHand: 1 } }));
  const same = slotFor();
  await same.slot.resume(readSave());
  assert.deepEqual(same.slot.state(), { matchId: "m7", base: 9, adopt: false });
  assert.equal(stored().gen, 9);
  assert.deepEqual(same.table.resets, [{ holder: 0, seenHand: 1, hands: 2, here: null }]);
  // A version 1 snapshot: the engine's own save of it differs, so it is stored again at once.
  const upgraded = slotFor();
  upgraded.engine.request = async (req) => (req.op === "save" ? { ok: true, op: "save", snapshot: "S-v2" }
    : { ok: true, op: "load", view: view() });
  await upgraded.slot.resume(readSave());
  assert.deepEqual([stored().gen, stored().match, stored().snapshot], [10, "m7", "S-v2"]);
});

test("a saved match resumed from the list, a copy of the stored one, gets an id of its own", async () => {
  const raw = JSON.stringify({ v: 1, match: "m1", gen: 3, snapshot: "S", ui: {} });
  storage.setItem(SAVE_KEY, raw);
  const { slot } = slotFor();
  await slot.resume(readSave(), { fresh: true });
  const { matchId } = slot.state();
  assert.notEqual(matchId, "m1");
  assert.deepEqual([stored().gen, stored().match], [4, matchId]);
  assert.equal(listMatches()[0].match, "m1", "the stored one is kept in the list");
});

test("the engine's load is marked while it runs, so a resume that killed the page is not tried again", async () => {
  const raw = JSON.stringify({ v: 1, match: "m1", gen: 1, snapshot: "S", ui: {} });
  storage.setItem(SAVE_KEY, raw);
  const { slot, engine } = slotFor();
  let marked = null;
  engine.during = () => { marked = resumeDiedOn(raw); };
  await slot.resume(readSave());
  assert.equal(marked, true);
  assert.equal(resumeDiedOn(raw), false);
  engine.request = async () => { throw new Error("the engine stopped"); };
  assert.deepEqual(await slot.resume(readSave()), { ok: false, problem: "the engine stopped" });
  assert.equal(resumeDiedOn(raw), false);
});

test("a computer player this version lacks is replaced by the nearest only when the player agrees", async () => {
  const raw = JSON.stringify({ v: 1, match: "m1", gen: 1, snapshot: "S", ui: {} });
  storage.setItem(SAVE_KEY, raw);
  const no = slotFor({ engine: fakeEngine({ refuseBot: "old/bot" }), answers: { nearestBot: false } });
  assert.deepEqual(await no.slot.resume(readSave()), { ok: false, problem: "a bot is missing" });
  assert.deepEqual(no.asked, ["old/bot->casual/mary"]);
  assert.deepEqual(no.table.resets, [], "nothing changed");
  assert.equal(storage.getItem(SAVE_KEY), raw);
  const yes = slotFor({ engine: fakeEngine({ refuseBot: "old/bot" }) });
  assert.equal((await yes.slot.resume(readSave())).ok, true);
  assert.deepEqual(yes.engine.requests.filter((r) => r.op === "load").map((r) => !!r.replace_unknown_bots), [false, true]);
});

test("an imported record is a new match of its own, stored at once after the current one", async () => {
  storage.setItem(SAVE_KEY, JSON.stringify({ v: 1, match: "m1", gen: 2, snapshot: "S", ui: {} }));
  const { slot, table } = slotFor();
  const out = await slot.replay({ players: ["A", "B"], actions: [] });
  assert.equal(out.ok, true);
  assert.deepEqual([stored().gen, stored().match, stored().snapshot], [3, slot.state().matchId, "R"]);
  assert.equal(listMatches()[0].match, "m1");
  assert.deepEqual(table.logItems.map((x) => x.text), ["A game record was imported (7 moves)."]);
});

test("the player is asked before a match in progress is replaced, and only then", async () => {
  const { slot, table, asked } = slotFor({ answers: { replace: false } });
  assert.equal(await slot.mayReplace(), true, "nothing to replace");
  table.view = view(3);
  assert.equal(await slot.mayReplace(), false);
  assert.deepEqual(asked, ["Fanny, Mary — hand 3"]);
  table.view = view(3, true);
  assert.equal(await slot.mayReplace(), true, "a finished match is not asked about");
  assert.equal(asked.length, 1);
});

test("the match in progress is the table's, else the stored save's unless it is over", () => {
  assert.equal(inProgress(null, null), null);
  const save = (over) => ({ raw: JSON.stringify({ ui: { summary: { players: ["Tom"], hand: 2, over } } }),
    snapshot: "S", ui: { summary: { over } }, match: null, gen: 0 });
  assert.equal(inProgress(null, save(false)), "Tom — hand 2");
  assert.equal(inProgress(null, save(true)), null);
  assert.equal(inProgress(null, { raw: "x", bad: "unreadable" }), null);
  assert.equal(inProgress(view(5), save(true)), "Fanny, Mary — hand 5");
});

test("becoming the writer reads the slot's generation, which later saves must find", async () => {
  storage.setItem(SAVE_KEY, JSON.stringify({ v: 1, match: "m1", gen: 4, snapshot: "S", ui: {} }));
  const { slot, tabs } = slotFor({ tabs: fakeTabs(false) });
  await slot.becomeWriter();
  assert.equal(tabs.isWriter(), true);
  assert.equal(slot.state().base, 4);
  slot.discard();
  assert.deepEqual([storage.getItem(SAVE_KEY), slot.state().base], [null, 0]);
  storage.setItem(SAVE_KEY, JSON.stringify({ v: 1, match: "m2", gen: 8, snapshot: "S", ui: {} }));
  assert.equal(slot.reread().match, "m2");
  assert.equal(slot.state().base, 8);
});

test("a friends' table's save keeps its roster, and resuming it hosts the same seats again", async () => {
  const roster = { v: 1, table: "0123456789abcdef", friends: [{ seat: 1, name: "Ann" }] };
  const restored = [];
  const made = slotFor({ friends: { roster: () => roster, restore: () => null } });
  made.slot.began();
  made.table.view = view();
  await made.slot.save();
  assert.deepEqual(stored().ui.friends, roster, "the roster rides in the save's page part");
  const again = slotFor({ friends: { roster: () => null, restore: (ui) => { restored.push(ui); return [0]; } } });
  assert.equal((await again.slot.resume(readSave())).ok, true);
  assert.deepEqual(restored.at(-1).friends, roster);
  assert.deepEqual(again.table.resets.at(-1).here, [0], "the seats played here: the host's");
  assert.equal(again.table.resets.at(-1).holder, 0);
  const fresh = slotFor({ friends: { roster: () => null, restore: () => { throw new Error("a saved match from the list is not hosted again"); } } });
  assert.equal((await fresh.slot.resume(readSave(), { fresh: true })).ok, true);
});
