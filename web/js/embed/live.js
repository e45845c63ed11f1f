// A live deal in the embed: a new match the computer plays (with the reader at one seat, or
// none), started again from the engine's own record, and the link that opens the same deal in
// the full game (links.js, the set-up form's format).
//
//   await startLive(ctx, liveFromCurrent(ctx, 42));   // a new deal, same people and rules
//   await restartLive(ctx);                           // the same cards again
//   updateFullLink(ctx);                              // the bar's "open the full game"
import { presetValues, settingsToUrl } from "../links.js";
import { recordPlayers } from "./players.js";
/** @typedef {import("../protocol.js").Settings} Settings */
/** @typedef {import("../protocol.js").GameRecord} GameRecord */
/** @typedef {import("../links.js").LinkSettings} LinkSettings */
/** @typedef {import("./embed.js").EmbedContext} EmbedContext */

/**
 * A new deal with the same people and rules: the scenario's (from its record, the reader at
 * their seat) or the live deal's. No `seed`: the engine draws one and keeps it to itself.
 * @param {EmbedContext} ctx @param {number} [seed]
 * @returns {Settings}
 */
export function liveFromCurrent(ctx, seed) {
  let players, preset, rules;
  if (ctx.record && (ctx.mode === "scenario" || !ctx.settings)) {
    players = recordPlayers(ctx.record, ctx.config.seat, ctx.hello);
    ({ preset, rules } = ctx.record);
    ctx.table.holder = ctx.config.seat ?? null;
  } else if (ctx.settings) {
    ({ players, preset, rules } = ctx.settings);
  } else {
    throw new Error("there is no deal to deal again");
  }
  /** @type {Settings} */
  const s = { players };
  if (seed != null) s.seed = seed;
  if (preset) s.preset = preset;
  if (rules) s.rules = rules;
  return s;
}

/** Start a live deal; false (with the engine's reason shown) when its settings are refused.
 * @param {EmbedContext} ctx @param {Settings} settings */
export async function startLive(ctx, settings) {
  /** @type {import("../protocol.js").Response<"new_match">} */
  const r = await ctx.table.request({ op: "new_match", settings, seat: ctx.table.holder });
  if (!r.ok) {
    ctx.showError([`the game's settings were refused (${r.error?.message ?? r.error?.code})`], { code: r.error?.code ?? "bad_settings" });
    return false;
  }
  ctx.mode = "live";
  ctx.settings = settings;
  ctx.table.cancel();
  ctx.table.reset();
  // Who plays, never the seed (even one the host chose: the reader may not know it).
  ctx.table.log(`A new deal: ${settings.players.map((p) => p.name).join(", ")}.`, "hand-sep");
  updateFullLink(ctx);
  await ctx.table.playOn();
  return true;
}

/** "Start again" on a live deal: the engine replays its own record to the start, so the same
 * cards come again without the page ever holding the seed. @param {EmbedContext} ctx */
export async function restartLive(ctx) {
  /** @type {import("../protocol.js").Response<"replay">} */
  const r = await ctx.table.request({ op: "replay", current: true, upto: 0, seat: ctx.table.holder });
  if (!r.ok) {
    ctx.showError([`the deal could not start again (${r.error?.message ?? r.error?.code})`], { code: r.error?.code ?? "bad_record" });
    return;
  }
  ctx.table.cancel();
  ctx.table.reset();
  ctx.table.log("The deal starts again.", "hand-sep");
  updateFullLink(ctx);
  await ctx.table.playOn();
}

/** A live deal is over: its record is whole now, so the link can replay this very deal.
 * @param {EmbedContext} ctx */
export async function linkTheFinishedDeal(ctx) {
  if (ctx.mode !== "live" || !ctx.settings || !ctx.table.view?.match_over) return;
  /** @type {import("../protocol.js").Response<"record">} */
  const r = await ctx.table.request({ op: "record" });
  if (r.ok && !r.record.withheld) updateFullLink(ctx, r.record);
}

/**
 * What the full game's link carries: a scenario's deal (its public record, the reader at the
 * first seat), or a live deal's players and rules, with its seed and decks only once it is
 * over (`finished`: the engine's whole record then): while it is played, a link that carried
 * them would show its face-down cards. Null when there is nothing to link yet.
 * @param {EmbedContext} ctx @param {GameRecord | null} [finished]
 * @returns {{settings: LinkSettings, thisDeal: boolean} | null}
 */
export function fullLinkSettings(ctx, finished = null) {
  if (ctx.record && (ctx.mode === "scenario" || !ctx.settings)) {
    const { preset, rules, seed, decks } = ctx.record;
    return { settings: { players: recordPlayers(ctx.record, 0, ctx.hello), preset, rules, seed, decks }, thisDeal: ctx.mode === "scenario" };
  }
  if (!ctx.settings) return null;
  const { players, preset, rules } = ctx.settings;
  const { seed, decks } = finished ?? {};
  return { settings: { players, preset, rules, seed, decks }, thisDeal: !!finished };
}

/** Point the bar's "open the full game" at the current deal.
 * @param {EmbedContext} ctx @param {GameRecord | null} [finished] */
export function updateFullLink(ctx, finished = null) {
  const link = fullLinkSettings(ctx, finished);
  if (!link) return;
  const href = settingsToUrl(link.settings, new URL("index.html", location.href).href, presetValues(ctx.hello, link.settings.preset));
  ctx.bar.setFullLink(href, link.thisDeal ? "Play this deal in the full game" : "Open the full game");
}
