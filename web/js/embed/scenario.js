// A scenario: a game record (web/scenarios/NAME.json, written by tools/make_scenarios.py)
// replayed step by step, with the engine's `replay` op (stepper.js) to jump and `act` to take
// one step forward, so the log gets the engine's own sentences. The reader may take a seat and
// play on from any step: the engine replays the record with the computer in the other seats.
//
//   if (await openScenario(ctx, "upcard-auction", [])) await startScenario(ctx);
//   await goTo(ctx, 5, false);  await takeSeat(ctx);
//   const { record, problem } = await loadScenario("upcard-auction");   // just the record
import { replayTo } from "../stepper.js";
import { recordPlayers } from "./players.js";
/** @typedef {import("../protocol.js").GameRecord} GameRecord */
/** @typedef {import("./embed.js").EmbedContext} EmbedContext */

/**
 * Download and check a scenario's record; `problem` is a sentence for the reader.
 * @param {string} name a checked scenario name (params.js)
 * @returns {Promise<{record: GameRecord, problem?: undefined} | {problem: string, record?: undefined}>}
 */
export async function loadScenario(name) {
  let res;
  try {
    res = await fetch(new URL(`../../scenarios/${name}.json`, import.meta.url));
  } catch (err) {
    return { problem: `the scenario “${name}” could not be downloaded (${/** @type {Error} */ (err).message})` };
  }
  if (res.status === 404) return { problem: `there is no scenario called “${name}”` };
  if (!res.ok) return { problem: `the scenario “${name}” could not be downloaded (HTTP ${res.status})` };
  try {
    const rec = await res.json();
    if (!rec || typeof rec !== "object" || !Array.isArray(rec.actions)) throw new Error("no actions");
    return { record: rec };
  } catch {
    return { problem: `the scenario “${name}” is not a readable game record` };
  }
}

/**
 * Load the parameters' scenario before any engine runs, with its title and summary; false
 * (with the problems shown: the parameters' and the scenario's) when it cannot be shown.
 * @param {EmbedContext} ctx @param {string} name @param {string[]} problems
 * @returns {Promise<boolean>}
 */
export async function openScenario(ctx, name, problems) {
  const { record, problem } = await loadScenario(name);
  if (problem !== undefined) { ctx.showError([...problems, problem], { code: problems.length ? "bad_params" : "bad_scenario" }); return false; }
  ctx.record = record;
  ctx.steps = record.actions?.length ?? 0;
  const meta = record.meta ?? {};
  const first = ctx.config.step ?? (typeof meta.start === "number" ? meta.start : 0);
  const seats = record.players.length;
  const seat = ctx.config.seat;
  if (seat != null && seat >= seats) {
    problems.push(`the seat must be a seat number from 0 to ${seats - 1} (this scenario has ${seats} players) or “none”, not “${seat}”`);
  }
  if (first > ctx.steps) problems.push(`the scenario “${name}” has ${ctx.steps} steps, so it cannot start at step ${first}`);
  if (problems.length) { ctx.showError(problems); return false; }
  ctx.start = first;
  ctx.title = typeof meta.title === "string" ? meta.title : "A game of Speculation";
  ctx.bar.setTitle(ctx.title, typeof meta.summary === "string" ? meta.summary : undefined);
  return true;
}

/** The scenario's record (it is loaded before anything steps). @param {EmbedContext} ctx */
function recordOf(ctx) {
  if (!ctx.record) throw new Error("no scenario is loaded");
  return ctx.record;
}

/** The table after the record's first `n` steps, seen by nobody.
 * @param {EmbedContext} ctx @param {number} n */
function replay(ctx, n) {
  return replayTo(ctx.table, recordOf(ctx), n, { seat: null });
}

/** (Re)start the scenario at its first step. @param {EmbedContext} ctx */
export async function startScenario(ctx) {
  ctx.mode = "scenario";
  // A scenario opens paused, whatever the flag held before: the table's store starts with
  // autoplay on (the full game's and a live deal's default), and the bar would otherwise offer
  // "Pause" over a record nobody is stepping. The `autoplay` parameter starts it once ready.
  ctx.setAutoplay(false);
  ctx.table.cancel();
  ctx.table.reset({ holder: null, hands: Infinity }); // do not announce hands already finished
  const r = await replay(ctx, ctx.start);
  ctx.step = ctx.start;
  ctx.table.log(ctx.start ? `The example starts at step ${ctx.start} of ${ctx.steps}.` : "The example starts before the deal.", "hand-sep");
  ctx.table.draw(r.view);
  ctx.host.post("step", { step: ctx.step, steps: ctx.steps, phase: r.view.phase });
}

/**
 * Go to step `n` (clamped to the record). One step forward is played (`logIt`: with its log
 * lines); any other move is a replay, logged as a jump.
 * @param {EmbedContext} ctx @param {number} n @param {boolean} logIt
 */
export async function goTo(ctx, n, logIt) {
  const target = Math.max(0, Math.min(ctx.steps, n));
  if (target === ctx.step && ctx.mode === "scenario") { ctx.updateNav(); return; }
  if (target === ctx.step + 1) {
    const action = recordOf(ctx).actions?.[ctx.step];
    if (!action) throw new Error(`the record has no step ${ctx.step + 1}`);
    /** @type {import("../protocol.js").Response<"act">} */
    const r = await ctx.table.request({ op: "act", action, viewer: null });
    if (!r.ok) throw new Error(r.error?.message ?? "the step could not be played");
    ctx.step = target;
    if (logIt !== false) ctx.table.logEvents(r.events);
    ctx.table.draw(r.view);
  } else {
    const r = await replay(ctx, target);
    const forward = target > ctx.step;
    ctx.step = target;
    if (!forward) ctx.table.hands = r.view.hands?.length ?? 0;
    ctx.table.log(`Moved to step ${target} of ${ctx.steps}.`, "hand-sep");
    ctx.table.draw(r.view);
  }
  ctx.host.post("step", { step: ctx.step, steps: ctx.steps, phase: ctx.table.view?.phase });
  if (ctx.step >= ctx.steps) ctx.setAutoplay(false);
}

/** The reader takes their seat at the current step: the computer plays the others.
 * @param {EmbedContext} ctx */
export async function takeSeat(ctx) {
  const seat = ctx.config.seat;
  if (seat == null) return;
  const rec = recordOf(ctx);
  const seats = recordPlayers(rec, seat, ctx.hello);
  if (seats.some((s) => s.kind === "bot" && !s.bot)) throw new Error("no computer players are available");
  /** @type {import("../protocol.js").Response<"replay">} */
  const r = await ctx.table.request({ op: "replay", record: { ...rec, seats }, upto: ctx.step, seat });
  if (!r.ok) throw new Error(r.error?.message ?? "the record could not be replayed");
  ctx.setAutoplay(false);
  ctx.mode = "live";
  ctx.table.holder = seat;
  ctx.settings = null;
  ctx.table.log(`You take ${rec.players[seat]}'s seat; the computer plays the others.`, "hand-sep");
  ctx.table.autoplay = true;
  ctx.table.cancel();
  await ctx.table.playOn();
}
