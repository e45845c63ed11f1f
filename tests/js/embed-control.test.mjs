// The embed's Play/Pause state for a scenario (web/js/embed/control.js, scenario.js, issue 49
// item 4): the bar's button reads "Pause" only while the record really steps. A scenario opens
// paused although the table's store starts with autoplay on; one press plays the first step at
// once and the next ones on the timer; the last step, a failed step or an engine not yet ready
// leave it paused. The table is a small stand-in over the real match store, the engine a fake
// that answers `replay` and `act`.
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { command, setAutoplay, updateNav } from "../../web/js/embed/control.js";
import { startScenario } from "../../web/js/embed/scenario.js";
import { createMatchStore, watchTable } from "../../web/js/match-store.js";

/** A view the fake engine answers with: `n` steps into the record. */
const viewAt = (n) => ({ phase: "play", step: n, hands: [], seats: [], to_act: 0, match_over: false });

/** A table controller with the fields and methods the embed's scenario code uses. */
function fakeTable({ failAct = false } = {}) {
  const store = createMatchStore({ logCap: 60 });
  let chain = Promise.resolve();
  const requests = [];
  let at = 0;
  return {
    store, requests, errors: [],
    get autoplay() { return store.getState().autoplay; },
    set autoplay(on) { store.dispatch({ type: "autoplay", on }); },
    get view() { return store.getState().view; },
    get holder() { return store.getState().holder; },
    set hands(n) { store.dispatch({ type: "hands", count: n }); },
    run(fn) {
      chain = chain.then(() => fn()).catch((err) => { this.errors.push(err); });
      return chain;
    },
    cancel() {},
    advance() { throw new Error("a scenario never lets the table play on"); },
    reset({ holder = null, hands = 0 } = {}) { store.dispatch({ type: "reset", holder, hands }); },
    draw(view) { store.dispatch({ type: "show", view }); },
    log(text, cls = "") { store.dispatch({ type: "log", text, cls }); },
    logEvents() {},
    async request(req) {
      requests.push(req.op);
      await new Promise((r) => setTimeout(r, 1)); // the engine answers later, as a worker does
      if (req.op === "replay") { at = req.upto; return { ok: true, view: viewAt(at) }; }
      if (req.op === "act") {
        if (failAct) return { ok: false, error: { message: "refused" } };
        at += 1;
        return { ok: true, view: viewAt(at), events: [] };
      }
      throw new Error(`unexpected request ${req.op}`);
    },
  };
}

/** An embed's context on a record of `steps` steps that opens at `start`, its bar recorded. */
function fakeEmbed({ steps = 3, start = 0, ...how } = {}) {
  const table = fakeTable(how);
  const bars = [];
  const posts = [];
  const ctx = {
    config: { scenario: "x", step: null, theme: "system", autoplay: null, seat: null, pace: "instant", origin: "https://a.example" },
    table, host: { post: (type, fields) => posts.push({ type, ...fields }), reportHeight() {} },
    bar: { update: (s) => bars.push(s), setTitle() {}, setFullLink() {}, showError() {} },
    hello: null, mode: null, record: { players: ["A", "B"], actions: Array.from({ length: steps }, (_, i) => ({ type: "a", i })) },
    steps, step: 0, start, settings: null, title: "", timer: null, playing: 0, ready: false, queue: [],
    setAutoplay: (on) => setAutoplay(ctx, on), updateNav: () => updateNav(ctx), showError() {},
  };
  // the real embed redraws its bar after every drawing (embed.js's watchTable)
  watchTable(table.store, { drawn: () => updateNav(ctx) });
  return { ctx, table, bars, posts };
}

/** The bar's button as a reader sees it after the last drawing. */
const button = (bars) => (bars.at(-1).autoplay ? "Pause" : "Play");

/** Wait until `cond()` holds, `ms` milliseconds at most. */
async function until(cond, what, ms = 4000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.fail(`waited ${ms} ms for ${what}`);
}

/** As embed.js's begin: the scenario is shown, then the embed is ready for commands. */
async function open(embed) {
  await startScenario(embed.ctx);
  embed.ctx.ready = true;
}

test("the table's store starts with autoplay on, which a scenario must not show as playing", () => {
  const { table } = fakeEmbed();
  assert.equal(table.autoplay, true);
});

test("a scenario opens paused: its first drawing shows Play", async () => {
  const embed = fakeEmbed({ steps: 1 });
  await open(embed);
  assert.equal(embed.table.autoplay, false);
  assert.ok(embed.bars.length, "the bar was drawn");
  assert.ok(embed.bars.every((s) => !s.autoplay), "no drawing of the bar said Pause");
  assert.equal(button(embed.bars), "Play");
});

test("one press plays: the record advances, showing Pause while it steps and Play at its end", async () => {
  const embed = fakeEmbed({ steps: 3 });
  await open(embed);
  // the bar's button: {type: "autoplay", on: !table.autoplay}
  command(embed.ctx, { type: "autoplay", on: !embed.table.autoplay });
  assert.equal(embed.table.autoplay, true);
  await until(() => embed.ctx.step >= 1, "the first step");
  assert.equal(button(embed.bars), "Pause");
  await until(() => embed.ctx.step === 3 && !embed.table.autoplay, "the end of the record");
  assert.equal(button(embed.bars), "Play");
  assert.deepEqual(embed.posts.filter((p) => p.type === "step").map((p) => p.step), [0, 1, 2, 3]);
  assert.equal(embed.table.requests.filter((op) => op === "act").length, 3);
});

test("the first step comes at once, not after a timer", async () => {
  const embed = fakeEmbed({ steps: 5 });
  embed.ctx.config.pace = "slow";
  await open(embed);
  command(embed.ctx, { type: "autoplay", on: true });
  // the fake engine answers in a millisecond or two; the timer between steps is 250 ms or more
  await until(() => embed.ctx.step === 1, "the first step", 120);
  assert.ok(embed.ctx.timer, "the next step waits for the pace");
  command(embed.ctx, { type: "autoplay", on: false });
  assert.equal(embed.ctx.timer, null);
  assert.equal(button(embed.bars), "Play");
});

test("before the engine and the record are ready, play is refused rather than shown", () => {
  const embed = fakeEmbed();
  setAutoplay(embed.ctx, true);
  assert.equal(embed.table.autoplay, false);
  assert.equal(embed.ctx.timer, null);
});

test("at the last step there is nothing to play", async () => {
  const embed = fakeEmbed({ steps: 2, start: 2 });
  await open(embed);
  command(embed.ctx, { type: "autoplay", on: true });
  assert.equal(embed.table.autoplay, false);
  assert.equal(button(embed.bars), "Play");
});

test("a step that fails pauses instead of showing Pause over a record that does not move", async () => {
  const embed = fakeEmbed({ steps: 3, failAct: true });
  await open(embed);
  command(embed.ctx, { type: "autoplay", on: true });
  await until(() => !embed.table.autoplay, "the play to stop");
  assert.equal(embed.ctx.step, 0);
  assert.equal(embed.ctx.timer, null);
  assert.equal(button(embed.bars), "Play");
  assert.equal(embed.table.errors.length, 1);
});

test("pause and play again while a step waits: one step at a time, none skipped or doubled", async () => {
  const embed = fakeEmbed({ steps: 4 });
  await open(embed);
  command(embed.ctx, { type: "autoplay", on: true });
  command(embed.ctx, { type: "autoplay", on: false });
  command(embed.ctx, { type: "autoplay", on: true });
  await until(() => embed.ctx.step === 4 && !embed.table.autoplay, "the end of the record");
  const steps = embed.posts.filter((p) => p.type === "step").map((p) => p.step);
  assert.deepEqual(steps, [0, 1, 2, 3, 4]);
  assert.equal(embed.table.requests.filter((op) => op === "act").length, 4);
});
