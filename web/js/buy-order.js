// "Buy a face-down card…": a standing order the player places at any moment of a hand (whose
// card, what price); the page sends it as an `offer` when the engine's next market window
// reaches that player (standing.js), and passes for them otherwise. A face-down card is chosen
// by its owner only: every face-down card is worth the same, and the engine says how much
// (`view.facedown_fair`; the chance is `view.odds.per_card`). Whom each person may name and
// at what price is the engine's `view.orders`: nothing about it is worked out here. The orders
// themselves are the match store's `orders` (match-store.js): this module places and cancels
// them there and draws the button and the orders' note from it.
//
//   const buy = createBuyOrders({ store, humans, defaultBuyer });
//   buy.wire();                   // the dialog, and the note drawn as the store changes
//   orderOf(store.getState(), 0)  // {buyer, owner, price} or undefined (match-store.js)
import { priceField } from "./controls.js";
import { chips, fairChips, seatName } from "./text.js";
import { orderOf } from "./match-store.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./match-store.js").MatchStore} MatchStore */

/** @typedef {import("./protocol.js").OrderSpec} OrderSpec */

/** An element of index.html's buy dialog and action bar (the markup is fixed). */
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id));
const button = (/** @type {string} */ id) => /** @type {HTMLButtonElement} */ ($(id));

/** What `buyer` may order now, as the engine says (null: nothing). @param {View} v @param {number | null} buyer */
function specOf(v, buyer) {
  return buyer == null ? null : v.orders?.find((o) => o.buyer === buyer) ?? null;
}

/** The seats whose face-down cards `buyer` may name, by the engine's `view.orders`. @param {View} v @param {number} buyer */
function owners(v, buyer) {
  const named = new Set(specOf(v, buyer)?.owners ?? []);
  return (v.seats ?? []).filter((s) => named.has(s.seat));
}

/**
 * @param {{store: MatchStore, humans: (view: View) => number[], defaultBuyer: (view: View) => number | null}} opts
 */
export function createBuyOrders({ store, humans, defaultBuyer }) {
  /** @type {HTMLInputElement | null} */
  let input = null;
  const view = () => store.getState().view;

  function open() {
    const v = view();
    if (!v) return;
    const people = humans(v);
    const buyerSel = select("buy-buyer");
    buyerSel.replaceChildren(...people.map((seat) => new Option(seatName(v, seat), String(seat))));
    buyerSel.value = String(defaultBuyer(v) ?? people[0]);
    $("buy-buyer-row").hidden = people.length < 2;
    const fill = () => {
      const buyer = Number(buyerSel.value);
      const ownerSel = select("buy-owner");
      const prev = ownerSel.value;
      ownerSel.replaceChildren(...owners(v, buyer).map((s) => new Option(`${s.name} (${s.stack} face-down)`, String(s.seat))));
      if ([...ownerSel.options].some((o) => o.value === prev)) ownerSel.value = prev;
      const price = specOf(v, buyer)?.price ?? { min: 1, max: 1 };
      const fair = v.facedown_fair ?? null;
      const chance = v.odds?.per_card?.f ?? null;
      const had = orderOf(store.getState(), buyer);
      // the exact worth printed, as the order's note prints it (not "1 chip" here, "about 1.3" there)
      const f = priceField("Your offer", { price, start: had?.price ?? fair ?? price.min, fair,
        worth: v.facedown_worth ?? fair, chance });
      input = f.input;
      $("buy-price").replaceChildren(f.wrap);
    };
    buyerSel.onchange = fill;
    fill();
    const dlg = /** @type {HTMLDialogElement} */ ($("buy-dialog"));
    dlg.returnValue = "";
    dlg.showModal();
    $("buy-owner").focus();
  }

  /**
   * The dialog and the order's note: the note is drawn after every drawing and whenever the
   * orders change (subscribed here, so after the table's own views have drawn).
   */
  function wire() {
    $("btn-buy").addEventListener("click", open);
    $("buy-dialog").addEventListener("close", () => {
      const dlg = /** @type {HTMLDialogElement} */ ($("buy-dialog"));
      if (dlg.returnValue === "ok" && input && view()) {
        const price = Number(input.value);
        const owner = Number(select("buy-owner").value);
        const buyer = Number(select("buy-buyer").value);
        if (Number.isInteger(price) && price >= 1 && select("buy-owner").value !== "") store.dispatch({ type: "order", buyer, owner, price });
      }
      $("btn-buy").focus();
    });
    $("order-cancel").addEventListener("click", () => {
      store.dispatch({ type: "orders_cancel" });
      $("btn-buy").focus();
    });
    store.subscribe((s, prev, msg) => {
      if (s.view && (msg.type === "show" || s.orders !== prev.orders)) refresh(s.view);
    });
  }

  /** Whether an order can be placed, and the orders waiting. */
  function refresh(/** @type {View} */ v) {
    const people = humans(v);
    // view.orders is null between hands, with face-down buying off and with no face-down card in play
    const any = people.some((p) => owners(v, p).length > 0);
    $("action-bar").hidden = !(v.orders && people.length);
    button("btn-buy").disabled = !any;
    // Each order as a sentence, and as a short label that a narrow screen shows instead
    // (layout.css), so that a waiting order costs the phone's table one line, not four.
    const parts = [];
    for (const { buyer, ...o } of store.getState().orders) {
      const who = people.length > 1 ? `${seatName(v, buyer)}'s order` : "Your order";
      const long = document.createElement("span");
      long.className = "order-long";
      const worth = v.facedown_fair == null ? "" : ` (fair value ${fairChips(v.facedown_worth ?? v.facedown_fair)})`;
      long.textContent = `${who}: ${chips(o.price)} for one of ${seatName(v, o.owner)}'s face-down cards${worth}. `;
      const short = document.createElement("span");
      short.className = "order-short";
      short.setAttribute("aria-hidden", "true"); // the sentence beside it is read instead
      short.textContent = `${people.length > 1 ? seatName(v, buyer) : "Order"}: ${chips(o.price)} for ${seatName(v, o.owner)}'s card `;
      parts.push(long, short);
    }
    $("order-text").replaceChildren(...parts);
    $("order-note").hidden = !parts.length;
  }

  /**
   * One click on an owner's stack: an order at the engine's fair value, for the person at the
   * screen (the dialog is there to change it). The label says so; null when no order can go there.
   * @param {View} v @param {number} owner
   */
  function stackLabel(v, owner) {
    const buyer = defaultBuyer(v);
    if (v.facedown_fair == null || !specOf(v, buyer)?.owners.includes(owner)) return null;
    // the fair value as the coach and the price boxes say it, and the whole-chip offer it sends
    return `Buy one of ${seatName(v, owner)}'s face-down cards at the fair value ` +
      `(${fairChips(v.facedown_worth ?? v.facedown_fair)}): an offer of ${chips(Math.max(1, v.facedown_fair))}`;
  }

  /** @param {number} owner */
  function quick(owner) {
    const v = view();
    if (!v) return;
    const buyer = defaultBuyer(v);
    if (buyer == null || v.facedown_fair == null) return;
    store.dispatch({ type: "order", buyer, owner, price: Math.max(1, v.facedown_fair) });
    $("order-cancel").focus();
  }

  return { wire, open, stackLabel, quick };
}
