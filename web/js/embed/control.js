// What the embed does with a command (from the host page or its own buttons), its autoplay
// timer, and its bar after each drawing: functions of the embed's state (EmbedContext).
//
//   command(ctx, { type: "step", by: 1 });
//   setAutoplay(ctx, true);
//   updateNav(ctx);
import { PACE_MS } from "../table.js";
import { seatName } from "../text.js";
import { startScenario, goTo } from "./scenario.js";
import { liveFromCurrent, startLive, restartLive } from "./live.js";
/** @typedef {import("./embed.js").EmbedContext} EmbedContext */
/** @typedef {import("./params.js").EmbedCommand} EmbedCommand */
/** @typedef {import("../protocol.js").View} View */

/** One command; it runs after the table's earlier work. @param {EmbedContext} ctx @param {EmbedCommand} m */
export function command(ctx, m) {
  const { table, config } = ctx;
  if (m.type === "autoplay") { setAutoplay(ctx, !!m.on); return; }
  setAutoplay(ctx, false);
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

/** Autoplay on or off: a scenario steps on a timer at the reader's pace; a live deal lets the
 * table play on. @param {EmbedContext} ctx @param {boolean} on */
export function setAutoplay(ctx, on) {
  const { table } = ctx;
  table.autoplay = on;
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = null;
  if (table.view) updateNav(ctx);
  if (!table.autoplay || !ctx.ready) return;
  if (ctx.mode !== "scenario") { table.advance(); return; }
  const tick = () => {
    if (!table.autoplay) return;
    if (ctx.step >= ctx.steps) { setAutoplay(ctx, false); return; }
    table.run(() => goTo(ctx, ctx.step + 1, true)).then(() => {
      if (table.autoplay) ctx.timer = setTimeout(tick, Math.max(250, PACE_MS[ctx.config.pace]));
    });
  };
  ctx.timer = setTimeout(tick, 150);
}

/** After every drawing: the bar's buttons and counter follow the table. @param {EmbedContext} ctx */
export function updateNav(ctx) {
  const { table } = ctx;
  /** @type {View | null} */
  const view = table.view;
  const scenario = ctx.mode === "scenario";
  const over = !!view?.match_over;
  const reader = table.holder;
  const seat = ctx.config.seat;
  const takes = scenario && seat != null && ctx.step < ctx.steps && !over;
  ctx.bar.update({
    scenario, step: ctx.step, steps: ctx.steps, over, autoplay: table.autoplay,
    waiting: (reader != null && view?.to_act === reader) || view?.to_act == null,
    restartable: scenario || !!ctx.settings,
    take: takes && seat != null ? `Play on from here as ${seatName(view, seat)}` : null,
  });
}
