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

/**
 * Autoplay on or off: a live deal lets the table play on; a scenario steps on a timer at the
 * reader's pace. The flag (table.autoplay, which the bar's Play/Pause button shows) is on for a
 * scenario only while it really steps: it stays off until the engine and the record are ready
 * and at the record's last step, the first step comes at once rather than after a delay, and a
 * step that does not move the record stops the play.
 * @param {EmbedContext} ctx @param {boolean} on
 */
export function setAutoplay(ctx, on) {
  const { table } = ctx;
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = null;
  const run = ++ctx.playing; // a step still in flight from an earlier play schedules no more
  const scenario = ctx.mode === "scenario" || (ctx.mode == null && !!ctx.config.scenario);
  table.autoplay = on && !(scenario && (!ctx.ready || ctx.step >= ctx.steps));
  if (table.view) updateNav(ctx);
  if (!table.autoplay || !ctx.ready) return;
  if (!scenario) { table.advance(); return; }
  const current = () => table.autoplay && ctx.playing === run;
  const tick = () => {
    ctx.timer = null;
    let from = -1;
    table.run(async () => {
      if (!current()) return; // paused (or played again) while this step waited its turn
      from = ctx.step;
      if (from < ctx.steps) await goTo(ctx, from + 1, true);
    }).then(() => {
      if (!current()) return;
      // at the end, or the step failed (table.run has reported it): pause rather than show
      // "Pause" over a record that no longer moves
      if (from < 0 || ctx.step <= from || ctx.step >= ctx.steps) { setAutoplay(ctx, false); return; }
      ctx.timer = setTimeout(tick, Math.max(250, PACE_MS[ctx.config.pace]));
    });
  };
  tick();
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
