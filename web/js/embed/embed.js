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
// and the height), bar.js (the frame's own bar), players.js (who plays each seat),
// scenario.js (stepping a record) and live.js (live deals and the full game's link).
import { createTable, PACE_MS } from "../table.js";
import { startEngine, showBootError } from "../boot-screen.js";
import { seatName } from "../text.js";
import { settingsFromUrl } from "../links.js";
import { byId } from "../dom.js";
import { parseEmbedParams } from "./params.js";
import { createHost } from "./host.js";
import { buildBar } from "./bar.js";
import { liveSettings } from "./players.js";
import { loadScenario, startScenario, goTo, takeSeat } from "./scenario.js";
import { liveFromCurrent, startLive, restartLive, linkTheFinishedDeal, updateFullLink } from "./live.js";
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
 * @property {(on: boolean) => void} setAutoplay
 * @property {() => void} updateNav the bar after a drawing
 * @property {(lines: string[], how?: {code?: string, retry?: boolean}) => void} showError
 */

/** The embed, not started yet: `start()` builds its bar, listens to the host and boots. */
export function createEmbed() {
  document.documentElement.classList.add("embed");
  document.body.classList.add("embed");
  const { config, problems } = parseEmbedParams(location.search, location.origin, Object.keys(PACE_MS));
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let ready = false;
  /** @type {EmbedCommand[]} host commands that arrived before the table was ready */
  const queue = [];

  const table = createTable({
    mode: "embed",
    pace: () => config.pace,
    viewer: null,
    hooks: {
      onDraw: () => { updateNav(); host.reportHeight(); },
      onHandEnd: announceHand,
      onError: (err) => host.post("error", { code: "internal", message: String(err?.message ?? err) }),
      onHumanMove: () => { table.autoplay = true; }, // the computer answers the reader at once
      onStop: () => {
        setAutoplay(false);
        linkTheFinishedDeal(ctx).catch((err) => console.error(err));
      },
    },
  });
  const host = createHost({ origin: () => config.origin, onCommand: (m) => { if (!ready) queue.push(m); else command(m); } });
  const bar = buildBar(byId("main"), {
    command: (m) => command(m),
    takeSeat: () => table.run(() => takeSeat(ctx)),
    isAutoplay: () => table.autoplay,
  });
  /** @type {EmbedContext} */
  const ctx = { config, table, host, bar, hello: null, mode: null, record: null, steps: 0, step: 0,
    start: 0, settings: null, title: "", setAutoplay, updateNav, showError };

  /** One command, from the host or from the frame's own buttons. Runs after earlier work.
   * @param {EmbedCommand} m */
  function command(m) {
    if (m.type === "autoplay") { setAutoplay(!!m.on); return; }
    setAutoplay(false);
    table.run(async () => {
      if (m.type === "step") {
        if (ctx.mode === "scenario") await goTo(ctx, m.to ?? ctx.step + (m.by ?? 1), m.to == null && m.by === 1);
        else if ((m.by ?? 1) > 0) await table.stepBots(m.to == null ? m.by ?? 1 : 1);
      } else if (m.type === "restart") {
        if (ctx.mode === "scenario" || !ctx.settings) await startScenario(ctx);
        else { table.autoplay = config.autoplay ?? true; await restartLive(ctx); }
      } else if (m.type === "new-deal") {
        const settings = liveFromCurrent(ctx, m.seed);
        table.autoplay = config.autoplay ?? true;
        await startLive(ctx, settings);
      }
    });
  }

  /** Autoplay on or off: a scenario steps on a timer at the reader's pace; a live deal lets
   * the table play on. @param {boolean} on */
  function setAutoplay(on) {
    table.autoplay = on;
    if (timer) clearTimeout(timer);
    timer = null;
    if (table.view) updateNav();
    if (!table.autoplay || !ready) return;
    if (ctx.mode !== "scenario") { table.advance(); return; }
    const tick = () => {
      if (!table.autoplay) return;
      if (ctx.step >= ctx.steps) { setAutoplay(false); return; }
      table.run(() => goTo(ctx, ctx.step + 1, true)).then(() => {
        if (table.autoplay) timer = setTimeout(tick, Math.max(250, PACE_MS[config.pace]));
      });
    };
    timer = setTimeout(tick, 150);
  }

  /** After every drawing: the bar's buttons and counter follow the table. */
  function updateNav() {
    /** @type {View | null} */
    const view = table.view;
    const scenario = ctx.mode === "scenario";
    const over = !!view?.match_over;
    const reader = table.holder;
    const seat = config.seat;
    const takes = scenario && seat != null && ctx.step < ctx.steps && !over;
    bar.update({
      scenario, step: ctx.step, steps: ctx.steps, over, autoplay: table.autoplay,
      waiting: (reader != null && view?.to_act === reader) || view?.to_act == null,
      restartable: scenario || !!ctx.settings,
      take: takes && seat != null ? `Play on from here as ${seatName(view, seat)}` : null,
    });
  }

  /** Tell the host about a finished hand.
   * @param {View} view @param {import("../protocol.js").HandResult} h */
  function announceHand(view, h) {
    const o = h.outcome;
    const winner = o.winners[0] ?? null;
    host.post("hand", {
      number: h.number, winner,
      winnerName: winner == null ? null : seatName(view, winner),
      card: o.card, pot: o.pot, reason: o.reason,
      step: ctx.mode === "scenario" ? ctx.step : null,
    });
  }

  /** @param {string[]} lines @param {{code?: string, retry?: boolean}} [how] */
  function showError(lines, { code = "bad_params", retry = false } = {}) {
    bar.showError(lines, { retry });
    byId("table").hidden = true;
    byId("boot").hidden = true;
    document.body.classList.add("embed-failed");
    table.setState("failed");
    host.post("error", { code, message: lines.join("; ") });
    host.reportHeight();
  }

  async function boot() {
    try {
      table.useEngine(await startEngine({ onFatal: (e) => showError([`the game engine stopped (${e.message})`], { code: "engine", retry: true }) }));
      return true;
    } catch (err) {
      const message = String(/** @type {Error} */ (err)?.message ?? err);
      showBootError(`The game could not start: ${message}`, () => {
        table.setState("busy");
        boot().then((ok) => (ok ? begin() : undefined));
      });
      table.setState("failed");
      host.post("error", { code: "engine", message });
      host.reportHeight();
      return false;
    }
  }

  /** Load the scenario (its problems shown with the parameters'), before any engine.
   * @param {string} name @param {string[]} problems @returns {Promise<boolean>} */
  async function openScenario(name, problems) {
    const { record, problem } = await loadScenario(name);
    if (problem !== undefined) { showError([...problems, problem], { code: problems.length ? "bad_params" : "bad_scenario" }); return false; }
    ctx.record = record;
    ctx.steps = record.actions?.length ?? 0;
    const meta = record.meta ?? {};
    const first = config.step ?? (typeof meta.start === "number" ? meta.start : 0);
    const seats = record.players.length;
    if (config.seat != null && config.seat >= seats) {
      problems.push(`the seat must be a seat number from 0 to ${seats - 1} (this scenario has ${seats} players) or “none”, not “${config.seat}”`);
    }
    if (first > ctx.steps) problems.push(`the scenario “${name}” has ${ctx.steps} steps, so it cannot start at step ${first}`);
    if (problems.length) { showError(problems); return false; }
    ctx.start = first;
    ctx.title = typeof meta.title === "string" ? meta.title : "A game of Speculation";
    bar.setTitle(ctx.title, typeof meta.summary === "string" ? meta.summary : undefined);
    return true;
  }

  /** The engine runs: show the scenario, or deal the live match. */
  async function begin() {
    /** @type {import("../protocol.js").Response<"hello">} */
    const hello = await table.request({ op: "hello" });
    ctx.hello = hello.ok ? hello : null;
    table.hello = ctx.hello;
    if (config.scenario) {
      try {
        await startScenario(ctx);
      } catch (err) {
        showError([`the scenario could not be replayed (${/** @type {Error} */ (err).message})`], { code: "bad_record" });
        return;
      }
      updateFullLink(ctx);
    } else {
      // Read the rules again with the engine's option list, so numbers and flags get their types.
      config.settings = settingsFromUrl(ctx.hello?.options ?? [], location.search).settings;
      const live = liveSettings(config, ctx.hello);
      if (live.problem !== undefined) { showError([live.problem], { code: "bad_seat" }); return; }
      table.holder = live.seat;
      ctx.title = live.seat == null ? "Watch a game of Speculation" : "A game of Speculation";
      bar.setTitle(ctx.title);
      table.autoplay = config.autoplay ?? true;
      if (!(await startLive(ctx, live.settings))) return;
    }
    ready = true;
    table.run(() => {});
    host.post("ready", { mode: ctx.mode, title: ctx.title, step: ctx.mode === "scenario" ? ctx.step : null,
      steps: ctx.mode === "scenario" ? ctx.steps : null, players: (table.view?.seats ?? []).map((/** @type {{name: string}} */ s) => s.name),
      seat: table.holder });
    if (ctx.mode === "scenario" && config.autoplay) setAutoplay(true);
    for (const m of queue.splice(0)) command(m);
    host.reportHeight();
  }

  /** Start: the parameters' problems are shown with the scenario's own (before any engine). */
  async function start() {
    const root = document.documentElement;
    root.classList.toggle("theme-light", config.theme === "light");
    root.classList.toggle("theme-dark", config.theme === "dark");
    host.start();
    if (problems.length && !config.scenario) { showError(problems); return; }
    table.setState("busy");
    if (config.scenario && !(await openScenario(config.scenario, [...problems]))) return;
    if (await boot()) await begin();
  }

  return { start, context: ctx };
}
