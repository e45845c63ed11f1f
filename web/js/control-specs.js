// The template-to-control mapping as plain data: which control each legal template becomes,
// with its words, bounds and confirmation. No DOM here, so it is unit-tested in Node
// (tests/js/control-specs.test.mjs); controls.js only has to draw the specs.
//
//   import { controlSpecs, actionFor } from "./control-specs.js";
//   for (const spec of controlSpecs(view)) ...   // draw a button, a price box, a buyer menu
//   act(actionFor(spec.template, {price: 7}))
//
// Every number comes from the engine: bounds from `price`, the price an accept settles at from
// `settles_at`; every name from the view. Nothing here decides what is legal.
import { theCard } from "./cards.js";
import { chips, seatName, whose } from "./text.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Template} Template */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Bounds} Bounds */
/** @typedef {import("./protocol.js").Seat} Seat */
/** @typedef {import("./protocol.js").Chance} Chance */

/** @typedef {{title: string, text: string, okLabel: string}} Confirm */
/**
 * A button that acts at once (or after `confirm`). `safe`: it costs nothing and gives nothing
 * away (keep, pass, decline, refuse): only a safe control may take the focus by default.
 * @typedef {{kind: "button", template: Template, label: string, primary: boolean,
 *   confirm: Confirm | null, safe: boolean, fair: number | null, worth: number | Chance | null,
 *   chance: number | null, deal?: boolean}} ButtonSpec
 */
/**
 * A group with a bounded price box and a button; `confirm(price)` words the check.
 * `fair` (the engine's, in whole chips) builds the quick-price chips; `worth` is the same fair
 * value as the engine states it exactly (its decision's `fair`, else `fair`), printed beside the
 * box with `chance` (the engine's odds for the card at stake, 0–1) and in the trade's check;
 * `deal`: that value counts dealing the next hand (the engine's `decision.deal` is above 0), as
 * the text beside it says.
 * @typedef {{kind: "price", template: Template, group: string, field: string, button: string,
 *   primary: boolean, price: Bounds, start: number, confirm: (price: number) => Confirm,
 *   fair: number | null, worth: number | Chance | null, chance: number | null, deal?: boolean}} PriceSpec
 */
/**
 * Haggle with one buyer: one template per buyer (bounds may differ by buyer).
 * @typedef {{kind: "negotiate", group: string, field: string, button: string,
 *   buyers: Array<{seat: Seat, name: string, template: Template, price: Bounds}>, start: number | null,
 *   confirm: (price: number, buyer: Seat) => Confirm, fair: number | null, worth: number | Chance | null,
 *   chance: number | null, deal?: boolean}} NegotiateSpec
 */
/**
 * An offer for a face-down card, chosen by its owner only (all of an owner's face-down cards
 * are worth the same): `owners` lists each owner with the position the offer names (the
 * first the template allows).
 * @typedef {{kind: "offer", template: Template, group: string, hint: string,
 *   cards: Array<[Seat, number]>, owners: Array<{seat: Seat, name: string, card: number}>,
 *   price: Bounds, start: number, fair: number | null, worth: number | Chance | null, chance: number | null, deal?: boolean,
 *   confirm: (price: number, owner: Seat) => Confirm}} OfferSpec
 */
/** @typedef {ButtonSpec | PriceSpec | NegotiateSpec | OfferSpec} ControlSpec */

/**
 * What the decision under way is about, in words: "the queen of hearts", "Edmund's face-down
 * card", "your face-down card".
 * @param {View} view
 */
export function subject(view) {
  const d = view.decision;
  if (d?.stake === "trump" && d.card) return theCard(d.card);
  if (d?.stake === "card" && d.owner != null) return `${whose(view, d.owner)} face-down card`;
  const card = view.best?.card ?? view.upcard;
  return card ? theCard(card) : "the card";
}

/**
 * The action a template makes with the fields the player chose.
 * @param {Template} template
 * @param {{price?: number, target?: Seat, card?: number}} [fields]
 * @returns {Action}
 */
export function actionFor(template, fields = {}) {
  return { seat: template.seat, type: template.type, ...fields };
}

/**
 * The engine's chance (0–1) for the card the decision concerns: the best trump showing in a
 * sale, auction or haggle over it; one face-down card in a market window or a haggle over one.
 * @param {View} view
 * @returns {number | null}
 */
export function stakeChance(view) {
  // The engine states the stake's exact chance in the viewer's decision; a decision with no
  // stake (the deal, a reveal) has none.
  return view.decision?.chance?.f ?? null;
}

/**
 * The quick-price chips of a price box: 10 % under the fair value, the fair value and 10 % over
 * it, each the whole price it sets, and its text says that price. A price the bounds forbid
 * becomes the nearest end the bounds allow, and its chip says so ("Min 9", "Max 12"), never
 * "Fair 9" for a fair value of 6; chips that would set the same price are one chip (the fair
 * value's, if it is one of them). In the order of their prices.
 *
 *   quickPrices(10, {min: 1, max: 50})  // −10% 9, Fair 10, +10% 11
 *   quickPrices(6, {min: 9, max: 50})   // Min 9 (5, 6 and 7 are all under the bounds)
 *   quickPrices(2, {min: 1, max: 50})   // Fair 2 (1.8 and 2.2 round to 2 as well)
 * @param {number | null} fair the engine's fair value in whole chips (a template's `fair`)
 * @param {Bounds} bounds
 * @returns {Array<{text: string, price: number, says: string}>} `says`: what the chip does, in
 *   words (its accessible name is its text, then this)
 */
export function quickPrices(fair, bounds) {
  if (fair == null) return [];
  /** @type {Array<[string, number, string]>} */
  const picks = [["Fair", fair, "the fair value"], ["−10%", fair * 0.9, "10% under the fair value"],
    ["+10%", fair * 1.1, "10% over the fair value"]];
  /** @type {Array<{text: string, price: number, says: string}>} */
  const out = [];
  for (const [name, v, what] of picks) {
    const want = Math.round(v);
    const chip = want < bounds.min ? { text: `Min ${bounds.min}`, price: bounds.min, says: `the lowest price allowed (${what} is ${chips(want)})` }
      : want > bounds.max ? { text: `Max ${bounds.max}`, price: bounds.max, says: `the highest price allowed (${what} is ${chips(want)})` }
        : { text: `${name} ${want}`, price: want, says: what };
    if (!out.some((c) => c.price === chip.price)) out.push(chip);
  }
  return out.sort((a, b) => a.price - b.price);
}

/** @param {Template} t @returns {number | null} */
function fairOf(t) {
  const f = /** @type {{fair?: number}} */ (t).fair;
  return typeof f === "number" ? f : null;
}

/** @param {number} v @param {Bounds} b */
function clamp(v, b) {
  return Math.min(b.max, Math.max(b.min, v));
}

/**
 * A neutral start for a price box: the last figure on the table (if any), within the bounds.
 * @param {View} view
 * @param {Bounds} bounds
 */
function start(view, bounds) {
  const p = /** @type {{high_bid?: number | null, bid?: number | null, ask?: number | null, price?: number}} */ (view.pending ?? {});
  return clamp(p.high_bid ?? p.bid ?? p.ask ?? p.price ?? bounds.min, bounds);
}

/**
 * Where a seller's price box starts (an asking price, a reserve, a counter-offer): at the card's
 * fair value in whole chips as the engine states it, within the box's bounds (issue 45: a box
 * that starts at 1 chip invites selling a ten worth 5 for 1). Without a fair value, `otherwise`.
 * @param {number | null} fair @param {Bounds} bounds @param {number} otherwise
 */
function atFair(fair, bounds, otherwise) {
  return clamp(fair ?? otherwise, bounds);
}

/**
 * What the controls for `view` are drawn from, as one string: equal for two views that ask
 * the same decision with the same facts (another seat's chips or a new log line change
 * nothing), so the page may keep the controls it drew, with a price being typed.
 *
 *   decisionKey(v, false) === decisionKey(next, false) // keep the controls on the page
 *
 * @param {View} view the acting seat's view
 * @param {boolean} confirm whether trades ask before they are made
 * @returns {string}
 */
export function decisionKey(view, confirm) {
  return JSON.stringify([confirm, controlSpecs(view)]);
}

/**
 * The controls for `view`'s legal templates, in the order the engine sent them (plain buttons
 * first, as the page shows them).
 * @param {View} view the acting seat's view
 * @returns {ControlSpec[]}
 */
export function controlSpecs(view) {
  const what = subject(view);
  // the words of a button follow what the seat is asked (the engine's view.turn.kind)
  const kind = view.turn?.kind ?? null;
  const answering = view.decision?.answering ?? null;
  const chance = stakeChance(view);
  const deal = (view.decision?.deal?.f ?? 0) > 0;
  // the engine's role when it sends one (view.decision), else the haggle's seller
  const selling = view.decision?.role === "seller";
  /** @type {ButtonSpec[]} */
  const buttons = [];
  /** @type {ControlSpec[]} */
  const groups = [];
  /** @type {(template: Template, label: string, primary?: boolean, confirm?: Confirm | null) => void} */
  const button = (template, label, primary = false, confirm = null) => {
    const safe = ["keep", "pass", "decline"].includes(template.type);
    buttons.push({ kind: "button", template, label, primary, confirm, safe, fair: fairOf(template),
      worth: worthOf(template), chance, deal });
  };
  // the fair value in words from the engine's exact figure (the templates' is it, rounded)
  const exact = view.decision?.fair ?? null;
  /** @param {Template} t @returns {number | Chance | null} */
  function worthOf(t) {
    const f = fairOf(t);
    return f == null ? null : exact ?? f;
  }
  for (const t of view.legal) {
    switch (t.type) {
      case "deal": button(t, "Deal the hand", true); break;
      case "reveal": button(t, "Turn up my top card", true); break;
      case "keep": button(t, `Keep ${what}`); break;
      case "pass":
        button(t, kind === "auction" ? "Pass (drop out)" : kind === "market" ? "Pass (no offer)" : "Pass");
        break;
      case "decline":
        button(t, kind === "firm" ? "Decline to buy" : kind === "confirm" ? "Refuse the bid and keep the card"
          : kind === "haggle" ? (selling ? "Refuse to sell" : "Break off") : "Refuse");
        break;
      case "accept": {
        const price = chips(t.settles_at);
        let label = `Accept ${price}`, text = `Agree the trade of ${what} at ${price}?`;
        if (kind === "firm") {
          label = `Buy ${what} for ${price}`;
          text = `Pay ${price} to ${seatName(view, answering)} for ${what}?`;
        } else if (kind === "confirm") {
          label = `Sell to the top bid (${price})`;
          text = `Sell ${what} to ${seatName(view, answering)} for ${price}?`;
        }
        // not drawn as the primary choice: the table does not nudge anyone to agree a price
        button(t, label, false, { title: "Agree the trade?", text, okLabel: "Agree" });
        break;
      }
      case "sell_firm":
        groups.push({ kind: "price", template: t, group: `Sell ${what} at a fixed price`, field: "Price",
          button: "Offer for sale", primary: false, price: t.price, start: atFair(fairOf(t), t.price, start(view, t.price)), fair: fairOf(t), worth: worthOf(t), chance, deal,
          confirm: (v) => ({ title: "Sell at a fixed price?", okLabel: "Offer it",
            text: `Offer ${what} to the table for ${chips(v)}? The first player to accept buys it.` }) });
        break;
      case "sell_auction":
        groups.push({ kind: "price", template: t, group: `Auction ${what}`, field: "Reserve (lowest price you will take)",
          button: "Start the auction", primary: false, price: t.price, start: atFair(fairOf(t), t.price, t.price.min), fair: fairOf(t), worth: worthOf(t), chance, deal,
          confirm: (v) => ({ title: "Put it up for auction?", okLabel: "Start the auction",
            text: `Auction ${what} with a reserve of ${chips(v)}? The highest bid at or above the reserve buys it.` }) });
        break;
      case "bid":
        groups.push({ kind: "price", template: t, group: `Bid for ${what}`, field: "Your bid", button: "Bid",
          primary: true, price: t.price, start: t.price.min, fair: fairOf(t), worth: worthOf(t), chance, deal,
          confirm: (v) => ({ title: "Place this bid?", okLabel: `Bid ${v}`,
            text: `Bid ${chips(v)} for ${what}? If it is the winning bid you must pay it.` }) });
        break;
      case "counter":
        groups.push({ kind: "price", template: t, group: `Counter-offer for ${what}`, field: "Your price",
          button: "Make counter-offer", primary: false, price: t.price, start: atFair(fairOf(t), t.price, start(view, t.price)), fair: fairOf(t), worth: worthOf(t), chance, deal,
          confirm: (v) => ({ title: "Make this counter-offer?", okLabel: "Propose",
            text: `Propose ${chips(v)} for ${what}? If the other side accepts, the trade is made.` }) });
        break;
      case "sell_negotiate": {
        let spec = /** @type {NegotiateSpec | undefined} */ (groups.find((g) => g.kind === "negotiate"));
        if (!spec) {
          spec = { kind: "negotiate", group: `Haggle over ${what} with one buyer`, field: "Asking price",
            button: "Start haggling", buyers: [], start: null, fair: fairOf(t), worth: worthOf(t), chance, deal,
            confirm: (v, buyer) => ({ title: "Open a negotiation?", okLabel: "Ask",
              text: `Ask ${seatName(view, buyer)} ${chips(v)} for ${what}?` }) };
          groups.push(spec);
        }
        for (const seat of t.targets) spec.buyers.push({ seat, name: seatName(view, seat), template: t, price: t.price });
        spec.start ??= atFair(fairOf(t), t.price, start(view, t.price));
        break;
      }
      case "offer": {
        /** @type {OfferSpec["owners"]} */
        const owners = [];
        for (const [owner, position] of t.cards) {
          if (!owners.some((o) => o.seat === owner)) owners.push({ seat: owner, name: seatName(view, owner), card: position });
        }
        const fair = fairOf(t);
        groups.push({ kind: "offer", template: t, group: "Buy a face-down card",
          hint: "Sight unseen: nobody knows what it is, its owner included.",
          cards: t.cards, owners, price: t.price, fair, worth: worthOf(t), chance, deal,
          start: clamp(fair ?? t.price.min, t.price),
          confirm: (v, owner) => ({ title: "Offer for a face-down card?", okLabel: "Make the offer",
            text: `Offer ${chips(v)} to ${seatName(view, owner)} for one of their face-down cards? ` +
              "If they accept, you pay it." }) });
        break;
      }
      default: {
        /** @type {never} */
        const unknown = t; // every template type is handled above (tsc checks it)
        void unknown;
      }
    }
  }
  return [...buttons, ...groups];
}
