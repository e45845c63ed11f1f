// The player's standing answers: decisions the page takes for a person, through the same legal
// templates and the same `act` request as a click, so the engine records them like any other
// move. They never change a rule: each is an answer the player chose in advance.
//
//   import { standingAnswer, DEFAULT_STANDING } from "./standing.js";
//   const auto = standingAnswer(view, prefs, orders.get(view.seat));
//   if (auto) act(auto.action), show(auto.note);
//
// * Turning up your own top card (the only thing you may do) happens by itself, unless
//   `prefs.autoReveal` is off; so does dealing (the end-of-hand "Next hand" is the pause).
// * In a market window you are not asked: the page sends your buy order (`order`: whose card,
//   at what price) if you placed one, else passes.
// * An offer for one of your face-down cards is answered by `prefs.offers`: "ask" (always ask
//   me), "refuse_below_fair" (the default: refuse an offer that does not beat the engine's
//   fair value, that is below or at it, and ask me only when one is above it; the id is kept
//   from when offers at the fair value were asked, so stored settings still read), "accept_fair"
//   (refuse below it, accept at or above it), "refuse_all".
// Every number compared here is the engine's (`settles_at`, `fair`): nothing is worked out.
import { chips, seatName } from "./text.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Template} Template */
/** @typedef {import("./protocol.js").Seat} Seat */

/** @typedef {"ask" | "refuse_below_fair" | "accept_fair" | "refuse_all"} OfferRule */
/** @typedef {{autoReveal: boolean, offers: OfferRule}} StandingPrefs */
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

/** @param {Template} t @returns {Action} */
const plain = (t) => ({ seat: t.seat, type: t.type });

/**
 * The standing answer to `view`'s decision (the acting seat's view), or null: ask the player.
 * @param {View} view
 * @param {StandingPrefs} prefs
 * @param {BuyOrder | null | undefined} order this seat's buy order
 * @returns {Answer | null}
 */
export function standingAnswer(view, prefs, order = null) {
  const legal = view.legal ?? [];
  if (!legal.length || view.seat == null || view.to_act !== view.seat) return null;
  const only = legal.length === 1 ? legal[0] : null;
  if (only?.type === "deal") return { action: plain(only), note: null, usedOrder: false };
  if (only?.type === "reveal" && prefs.autoReveal) return { action: plain(only), note: null, usedOrder: false };
  if (view.phase === "market") return marketAnswer(view, legal, order);
  const p = /** @type {{context?: string, seller?: Seat, buyer?: Seat} | null} */ (view.pending);
  if (view.phase === "negotiation" && p?.context === "market" && p.seller === view.seat) {
    return offerAnswer(view, legal, prefs, p.buyer ?? null);
  }
  return null;
}

/** @param {View} view @param {Template[]} legal @param {BuyOrder | null | undefined} order @returns {Answer | null} */
function marketAnswer(view, legal, order) {
  const pass = legal.find((t) => t.type === "pass");
  const offer = legal.find((t) => t.type === "offer");
  if (order && offer?.type === "offer") {
    const card = offer.cards.find(([owner]) => owner === order.owner);
    if (card) {
      const price = Math.min(offer.price.max, Math.max(offer.price.min, order.price));
      return {
        action: { seat: offer.seat, type: "offer", price, target: card[0], card: card[1] },
        note: `Your buy order: you offer ${chips(price)} for one of ${seatName(view, order.owner)}'s face-down cards.`,
        usedOrder: true,
      };
    }
    if (pass) {
      return { action: plain(pass), usedOrder: true,
        note: `${seatName(view, order.owner)} has no face-down card you may buy: your buy order is dropped.` };
    }
  }
  return pass ? { action: plain(pass), note: null, usedOrder: false } : null;
}

/**
 * @param {View} view @param {Template[]} legal @param {StandingPrefs} prefs @param {Seat | null} buyer
 * @returns {Answer | null}
 */
function offerAnswer(view, legal, prefs, buyer) {
  const accept = legal.find((t) => t.type === "accept");
  const decline = legal.find((t) => t.type === "decline");
  if (!decline || prefs.offers === "ask") return null;
  const who = seatName(view, buyer);
  if (prefs.offers === "refuse_all") {
    return { action: plain(decline), usedOrder: false, note: `Your standing answer refused ${who}'s offer for your face-down card.` };
  }
  if (accept?.type !== "accept" || typeof accept.fair !== "number") return null;
  const price = accept.settles_at, fair = accept.fair;
  if (price < fair) {
    return { action: plain(decline), usedOrder: false,
      note: `Your standing answer refused ${who}'s offer of ${chips(price)} for your face-down card (fair value ${chips(fair)}).` };
  }
  if (prefs.offers === "accept_fair") {
    return { action: plain(accept), usedOrder: false,
      note: `Your standing answer accepted ${who}'s offer of ${chips(price)} for your face-down card (fair value ${chips(fair)}).` };
  }
  if (price === fair) { // selling at the fair value gains nothing: not worth a click
    return { action: plain(decline), usedOrder: false,
      note: `Your standing answer refused ${who}'s offer of ${chips(price)} for your face-down card (its fair value).` };
  }
  return null;
}
