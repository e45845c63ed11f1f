// Embed mode: index.html?embed=1 inside an iframe on another page (docs/embedding.md). A
// compact table that shows a scenario (a game record replayed step by step) or a live deal,
// with the table's own drawing and controls (table.js). It talks to the host page through
// postMessage (host.js) and never touches the main site's save.
//
//   import { createEmbed } from "./embed/embed.js";
//   createEmbed().start();             // reads location.search: the embed's parameters
//
// createEmbed owns all of the embed's state (EmbedContext); the modules beside it are
// functions of it: params.js (the parameters and host messages, pure), host.js (the channel
// and the height), bar.js (the frame's own bar), control.js (commands, autoplay, the bar's
// state), players.js (who plays each seat), scenario.js (stepping a record) and live.js (live
// deals and the full game's link).
import { createTable, PACE_MS } from "../table.js";
import { watchTable } from "../match-store.js";
import { startEngine, showBootError } from "../boot-screen.js";
import { seatName } from "../text.js";
import { settingsFromUrl } from "../links.js";
import { byId } from "../dom.js";
import { parseEmbedParams } from "./params.js";
import { createHost } from "./host.js";
import { buildBar } from "./bar.js";
import { liveSettings } from "./players.js";
import { openScenario, startScenario, takeSeat } from "./scenario.js";
import { startLive, linkTheFinishedDeal, updateFullLink } from "./live.js";
import { command, setAutoplay, updateNav } from "./control.js";
/** @typedef {import("../protocol.js").HelloAnswer} HelloAnswer */
/** @typedef {import("../protocol.js").GameRecord} GameRecord */
/** @typedef {import("../protocol.js").Settings} Settings */
/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("./params.js").EmbedConfig} EmbedConfig */
/** @typedef {import("./params.js").EmbedCommand} EmbedCommand */
/** @typedef {ReturnType<typeof createTable>} Table */
/**
 * The embed's state and the few actions its modules call back.
 * @typedef {object} EmbedContext
 * @property {EmbedConfig} config the checked parameters
 * @property {Table} table the table controller
 * @property {import("./host.js").Host} host
 * @property {import("./bar.js").Bar} bar
 * @property {HelloAnswer | null} hello the engine's catalogue (once it runs)
 * @property {"scenario" | "live" | null} mode
 * @property {GameRecord | null} record a scenario's record
 * @property {number} steps the scenario's number of steps
 * @property {number} step the step shown
 * @property {number} start the step the scenario opens at
 * @property {Settings | null} settings a live deal's settings as sent to new_match
 * @property {string} title
 * @property {ReturnType<typeof setTimeout> | null} timer a scenario's autoplay timer
 * @property {number} playing counts setAutoplay's calls: a scenario's step scheduled by an
 *   earlier call sees that it is stale and schedules no more
 * @property {boolean} ready the table is ready for commands
 * @property {EmbedCommand[]} queue host commands that arrived before it was
 * @property {(on: boolean) => void} setAutoplay
 * @property {() => void} updateNav the bar after a drawing
 * @property {(lines: string[], how?: {code?: string, retry?: boolean}) => void} showError
 */

/** The embed, not started yet: `start()` listens to the host and boots. */
export function createEmbed() {
  document.documentElement.classList.add("embed");
  document.body.classList.add("embed");
  const { config, problems } = parseEmbedParams(location.search, location.origin, Object.keys(PACE_MS));
  const table = createTable({
    mode: "embed",
    pace: () => config.pace,
    viewer: null,
    policy: {
      onError: (err) => host.post("error", { code: "internal", message: err instanceof Error ? err.message : String(err) }),
      onHumanMove: () => { table.autoplay = true; }, // the computer answers the reader at once
    },
  });
  const host = createHost({ origin: () => config.origin, onCommand: (m) => { if (!ctx.ready) ctx.queue.push(m); else command(ctx, m); } });
  const bar = buildBar(byId("main"), {
    command: (m) => command(ctx, m),
    takeSeat: () => table.run(() => takeSeat(ctx)),
    isAutoplay: () => table.autoplay,
  });
  /** @type {EmbedContext} */
  const ctx = { config, table, host, bar, hello: null, mode: null, record: null, steps: 0, step: 0,
    start: 0, settings: null, title: "", timer: null, playing: 0, ready: false, queue: [],
    setAutoplay: (on) => setAutoplay(ctx, on), updateNav: () => updateNav(ctx),
    showError: (lines, how) => showError(ctx, lines, how) };
  watchTable(table.store, {
    drawn: () => { updateNav(ctx); host.reportHeight(); },
    handEnded: (view, h) => announceHand(ctx, view, h),
    matchEnded: () => {
      setAutoplay(ctx, false);
      linkTheFinishedDeal(ctx).catch((err) => console.error(err));
    },
  });

  /** Start: the parameters' problems are shown with the scenario's own (before any engine). */
  async function start() {
    const root = document.documentElement;
    root.classList.toggle("theme-light", config.theme === "light");
    root.classList.toggle("theme-dark", config.theme === "dark");
    host.start();
    if (problems.length && !config.scenario) { ctx.showError(problems); return; }
    table.setState("busy");
    if (config.scenario && !(await openScenario(ctx, config.scenario, [...problems]))) return;
    if (await boot(ctx)) await begin(ctx);
  }

  return { start, context: ctx };
}

/** Tell the host about a finished hand.
 * @param {EmbedContext} ctx @param {View} view @param {import("../protocol.js").HandResult} h */
function announceHand(ctx, view, h) {
  const o = h.outcome;
  const winner = o.winners[0] ?? null;
  ctx.host.post("hand", {
    number: h.number, winner,
    winnerName: winner == null ? null : seatName(view, winner),
    card: o.card, pot: o.pot, reason: o.reason,
    step: ctx.mode === "scenario" ? ctx.step : null,
  });
}

/** Why the example cannot be shown, in place of the table; the host is told too.
 * @param {EmbedContext} ctx @param {string[]} lines @param {{code?: string, retry?: boolean}} [how] */
function showError(ctx, lines, { code = "bad_params", retry = false } = {}) {
  ctx.bar.showError(lines, { retry });
  byId("table").hidden = true;
  byId("boot").hidden = true;
  document.body.classList.add("embed-failed");
  ctx.table.setState("failed");
  ctx.host.post("error", { code, message: lines.join("; ") });
  ctx.host.reportHeight();
}

/** Start the engine; false (with the boot screen's error and retry) when it cannot.
 * @param {EmbedContext} ctx @returns {Promise<boolean>} */
async function boot(ctx) {
  try {
    ctx.table.useEngine(await startEngine({ onFatal: (e) => ctx.showError([`the game engine stopped (${e.message})`], { code: "engine", retry: true }) }));
    return true;
  } catch (err) {
    const message = String(/** @type {Error} */ (err)?.message ?? err);
    showBootError(`The game could not start: ${message}`, () => {
      ctx.table.setState("busy");
      boot(ctx).then((ok) => (ok ? begin(ctx) : undefined));
    });
    ctx.table.setState("failed");
    ctx.host.post("error", { code: "engine", message });
    ctx.host.reportHeight();
    return false;
  }
}

/** The engine runs: show the scenario, or deal the live match; then tell the host and run
 * the commands it sent meanwhile. @param {EmbedContext} ctx */
async function begin(ctx) {
  const { table, config } = ctx;
  /** @type {import("../protocol.js").Response<"hello">} */
  const hello = await table.request({ op: "hello" });
  ctx.hello = hello.ok ? hello : null;
  table.hello = ctx.hello;
  if (config.scenario) {
    try {
      await startScenario(ctx);
    } catch (err) {
      ctx.showError([`the scenario could not be replayed (${/** @type {Error} */ (err).message})`], { code: "bad_record" });
      return;
    }
    updateFullLink(ctx);
  } else {
    // Read the rules again with the engine's option list, so numbers and flags get their types.
    config.settings = settingsFromUrl(ctx.hello?.options ?? [], location.search).settings;
    const live = liveSettings(config, ctx.hello);
    if (live.problem !== undefined) { ctx.showError([live.problem], { code: "bad_seat" }); return; }
    table.holder = live.seat;
    ctx.title = live.seat == null ? "Watch a game of Speculation" : "A game of Speculation";
    ctx.bar.setTitle(ctx.title);
    table.autoplay = config.autoplay ?? true;
    if (!(await startLive(ctx, live.settings))) return;
  }
  ctx.ready = true;
  table.run(() => {});
  const scenario = ctx.mode === "scenario";
  ctx.host.post("ready", { mode: ctx.mode, title: ctx.title, step: scenario ? ctx.step : null,
    steps: scenario ? ctx.steps : null, players: (table.view?.seats ?? []).map((/** @type {{name: string}} */ s) => s.name),
    seat: table.holder });
  if (scenario && config.autoplay) setAutoplay(ctx, true);
  for (const m of ctx.queue.splice(0)) command(ctx, m);
  ctx.host.reportHeight();
}
