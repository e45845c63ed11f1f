// "Buy a face-down card…": a standing order the player places at any moment of a hand (whose
// card, what price); the page sends it as an `offer` when the engine's next market window
// reaches that player (standing.js), and passes for them otherwise. A face-down card is chosen
// by its owner only: every face-down card is worth the same, and the engine says how much
// (`view.facedown_fair`; the chance is `view.odds.per_card`).
//
//   const buy = createBuyOrders({ humans: () => [0], onChange: () => {} });
//   buy.refresh(view);            // after every drawing: the button and the order's note
//   buy.orders.get(0)             // {owner, price} or undefined
import { priceField } from "./controls.js";
import { chips, seatName } from "./text.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./standing.js").BuyOrder} BuyOrder */

/** @param {string} id */
const $ = (id) => /** @type {any} */ (document.getElementById(id));

/**
 * @param {{humans: (view: View) => number[], defaultBuyer: (view: View) => number | null}} opts
 */
export function createBuyOrders({ humans, defaultBuyer }) {
  /** @type {Map<number, BuyOrder>} */
  const orders = new Map();
  /** @type {View | null} */
  let view = null;
  /** @type {HTMLInputElement | null} */
  let input = null;

  /** The seats whose face-down cards `buyer` may offer for: the others holding one. */
  const owners = (/** @type {View} */ v, /** @type {number} */ buyer) =>
    (v.seats ?? []).filter((s) => s.seat !== buyer && s.stack > 0 && !s.busted);

  function open() {
    const v = view;
    if (!v) return;
    const people = humans(v);
    const buyerSel = $("buy-buyer");
    buyerSel.replaceChildren(...people.map((seat) => new Option(seatName(v, seat), String(seat))));
    buyerSel.value = String(defaultBuyer(v) ?? people[0]);
    $("buy-buyer-row").hidden = people.length < 2;
    const fill = () => {
      const buyer = Number(buyerSel.value);
      const ownerSel = $("buy-owner");
      const prev = ownerSel.value;
      ownerSel.replaceChildren(...owners(v, buyer).map((s) => new Option(`${s.name} (${s.stack} face-down)`, String(s.seat))));
      if ([...ownerSel.options].some((o) => o.value === prev)) ownerSel.value = prev;
      const mine = v.seats[buyer]?.chips ?? 1;
      const fair = v.facedown_fair ?? null;
      const chance = v.odds?.per_card?.f ?? null;
      const had = orders.get(buyer);
      const f = priceField("Your offer", { price: { min: 1, max: Math.max(1, mine) }, start: had?.price ?? fair ?? 1, fair, chance });
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

  function wire() {
    $("btn-buy").addEventListener("click", open);
    $("buy-dialog").addEventListener("close", () => {
      const dlg = /** @type {HTMLDialogElement} */ ($("buy-dialog"));
      if (dlg.returnValue === "ok" && input && view) {
        const price = Number(input.value);
        const owner = Number($("buy-owner").value);
        const buyer = Number($("buy-buyer").value);
        if (Number.isInteger(price) && price >= 1 && $("buy-owner").value !== "") orders.set(buyer, { owner, price });
      }
      if (view) refresh(view);
      $("btn-buy").focus();
    });
    $("order-cancel").addEventListener("click", () => {
      orders.clear();
      if (view) refresh(view);
      $("btn-buy").focus();
    });
  }

  /** After every drawing: whether an order can be placed, and the orders waiting. */
  function refresh(/** @type {View} */ v) {
    view = v;
    const people = humans(v);
    const inHand = v.phase !== "deal" && !v.match_over && v.facedown_fair != null;
    const buying = v.rules?.facedown_buying !== "off";
    const any = people.some((p) => owners(v, p).length > 0);
    $("action-bar").hidden = !(inHand && buying && people.length);
    $("btn-buy").disabled = !any;
    // Each order as a sentence, and as a short label that a narrow screen shows instead
    // (layout.css), so that a waiting order costs the phone's table one line, not four.
    const parts = [];
    for (const [buyer, o] of orders) {
      const who = people.length > 1 ? `${seatName(v, buyer)}'s order` : "Your order";
      const long = document.createElement("span");
      long.className = "order-long";
      const worth = v.facedown_fair == null ? "" : ` (fair value ${chips(v.facedown_fair)})`;
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
    if (buyer == null || owner === buyer || v.facedown_fair == null || v.rules?.facedown_buying === "off") return null;
    if (v.phase === "deal" || v.match_over || !owners(v, buyer).some((s) => s.seat === owner)) return null;
    return `Buy one of ${seatName(v, owner)}'s face-down cards at the fair value (${chips(Math.max(1, v.facedown_fair))})`;
  }

  /** @param {number} owner */
  function quick(owner) {
    const v = view;
    if (!v) return;
    const buyer = defaultBuyer(v);
    if (buyer == null || v.facedown_fair == null) return;
    orders.set(buyer, { owner, price: Math.max(1, v.facedown_fair) });
    refresh(v);
    $("order-cancel").focus();
  }

  return { orders, wire, refresh, open, stackLabel, quick, clear: () => orders.clear() };
}
