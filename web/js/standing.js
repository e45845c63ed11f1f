// The player's standing answers: decisions the page takes for a person, by a rule the person
// chose in advance. The engine decides them (speculation.standing, the bridge's `standing` op)
// from its own templates and its exact fair value; the page then sends the answer's action
// through the same `act` request as a click, so the engine records it like any other move.
// This module keeps only the settings' words and maps the page's stored setting names.
//
//   import { standingAnswer, DEFAULT_STANDING } from "./standing.js";
//   const auto = await standingAnswer(engine, view, prefs, orders.get(view.seat));
//   if (auto) act(auto.action), show(auto.note);
//
// What the rules are (docs/protocol.md, "standing"): the dealer's deal, and turning up your
// only card unless `autoReveal` is off; a market window sends your buy order or passes; an offer
// for one of your face-down cards is answered by `offers` (the OFFER_RULES below).

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Seat} Seat */
/** @typedef {import("./protocol.js").OfferRule} OfferRule */
/** @typedef {import("./driver.js").EngineLike} EngineLike */

/** The page's stored settings (storage.js's names). @typedef {{autoReveal: boolean, offers: OfferRule}} StandingPrefs */
/** A standing order to buy one face-down card of `owner`, offering `price`. @typedef {{owner: Seat, price: number}} BuyOrder */
/**
 * What the page does for the player: the action, a sentence to show (null for the routine
 * deal, reveal and market pass), and whether the buy order was used up.
 * @typedef {{action: Action, note: string | null, usedOrder: boolean}} Answer
 */

/** @type {Readonly<StandingPrefs>} */
export const DEFAULT_STANDING = Object.freeze({ autoReveal: true, offers: "refuse_below_fair" });

/** The choices for offers made to you, with their words (for the settings). */
export const OFFER_RULES = /** @type {Array<[OfferRule, string]>} */ ([
  ["refuse_below_fair", "Refuse offers at or below the fair value, ask me when one is above it"],
  ["accept_fair", "Refuse offers below the fair value, accept the others"],
  ["ask", "Always ask me"],
  ["refuse_all", "Refuse every offer"],
]);

/**
 * The engine's standing answer to `view`'s decision (the acting seat's view), or null: ask the
 * player. Nothing is asked when the view is not the acting seat's own.
 * @param {EngineLike} engine
 * @param {View} view
 * @param {StandingPrefs} prefs
 * @param {BuyOrder | null | undefined} order this seat's buy order
 * @param {{named?: boolean}} [how] named: the note names whose answer it was ("Fanny's standing
 *   answer ..."), for several people at one screen; else it says "Your"
 * @returns {Promise<Answer | null>}
 */
export async function standingAnswer(engine, view, prefs, order = null, { named = false } = {}) {
  const seat = view.seat;
  if (seat == null || view.to_act !== seat) return null;
  const res = await engine.request({
    op: "standing", seat,
    prefs: { auto_reveal: prefs.autoReveal, offers: prefs.offers },
    order: order ? { owner: order.owner, price: order.price } : null,
    ...(named ? { named: true } : {}),
  });
  if (!res.ok) throw new Error(`The engine gave no standing answer: ${res.error?.message ?? res.error?.code}`);
  const a = res.answer;
  return a ? { action: a.action, note: a.note, usedOrder: a.used_order } : null;
}
