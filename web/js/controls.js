// The human's controls, generated only from the engine's legal templates (view.legal).
// Every priced input is bounded by the template's min and max; trades and bids are confirmed.
import { theCard } from "./cards.js";
import { seatName, chips } from "./text.js";
import { ask } from "./dialog.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {any} Tpl a legal template (its price, targets and cards read as the type allows) */

let uid = 0;
/** @param {string} tag @param {string|null} [cls] @param {string} [text] @returns {any} */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** @param {string} label @param {{min: number, max: number, value?: number|null}} b */
function numberField(label, { min, max, value }) {
  const id = `ctl-${++uid}`;
  const wrap = el("div", "field");
  const lab = el("label", null, label);
  lab.htmlFor = id;
  const input = el("input");
  input.type = "number";
  input.id = id;
  input.inputMode = "numeric";
  input.step = "1";
  input.min = String(min);
  input.max = String(max);
  input.value = String(Math.min(max, Math.max(min, value ?? min)));
  input.required = true;
  const hint = el("span", "hint", `${min}–${max}`);
  wrap.append(lab, input, hint);
  return { wrap, input };
}

/** @param {HTMLInputElement} input @param {Tpl} tpl */
function readPrice(input, tpl) {
  const v = Number(input.value);
  const { min, max } = tpl.price;
  if (!Number.isInteger(v) || v < min || v > max) {
    input.setCustomValidity(`Enter a whole number from ${min} to ${max}.`);
    input.reportValidity();
    input.addEventListener("input", () => input.setCustomValidity(""), { once: true });
    return null;
  }
  return v;
}

/** @param {string} title */
function group(title) {
  const g = el("div", "control-group");
  g.setAttribute("role", "group");
  const h = el("h3", null, title);
  h.id = `ctl-${++uid}`;
  g.setAttribute("aria-labelledby", h.id);
  g.append(h);
  return g;
}

/** @param {string} label @param {(b: HTMLButtonElement) => unknown} onClick */
function button(label, onClick, primary = false) {
  const b = el("button", primary ? "primary" : null, label);
  b.type = "button";
  b.addEventListener("click", () => onClick(b));
  return b;
}

/** What the current decision is about, in words ("the queen of hearts", "Edmund's face-down card"). */
/** @param {View} view */
function subject(view) {
  const p = /** @type {any} */ (view.pending ?? {});
  if (p.card) return theCard(p.card);
  if (p.position != null && p.seller != null) return `${seatName(view, p.seller)}'s face-down card`;
  const card = view.best?.card ?? view.upcard;
  return card ? theCard(card) : "the card";
}

/** @param {View} view @returns {number|null} */
function suggested(view) {
  // A neutral starting value for a price box: the last figure on the table, if any.
  const p = /** @type {any} */ (view.pending ?? {});
  return p.high_bid ?? p.bid ?? p.ask ?? p.price ?? null;
}

/**
 * Build the controls for `view` (the acting seat's view).
 * act(action) performs an action; returns a promise.
 * Returns {nodes, offerCards: Map<seat, Set<pos>>, onOffer}.
 * @param {View} view
 * @param {(a: Action) => unknown} act
 * @returns {{nodes: HTMLElement[], offerCards: Map<number, Set<number>>, onOffer: any}}
 */
export function buildControls(view, act) {
  /** @type {HTMLElement[]} */
  const nodes = [];
  /** @type {Tpl[]} */
  const legal = view.legal ?? [];
  const me = view.seat;
  const what = subject(view);
  const phase = view.phase;
  const p = /** @type {any} */ (view.pending ?? {});
  let offerCards = new Map();
  let onOffer = null;
  const simple = el("div", "control-group");
  simple.setAttribute("role", "group");
  simple.setAttribute("aria-label", "Your choices");

  for (const t of legal) {
    const base = { seat: t.seat ?? me, type: t.type };
    switch (t.type) {
      case "deal":
        simple.append(button("Deal the hand", () => act(base), true));
        break;
      case "reveal":
        simple.append(button("Turn up my top card", () => act(base), true));
        break;
      case "keep":
        simple.append(button(`Keep ${what}`, () => act(base)));
        break;
      case "pass":
        simple.append(button(phase === "auction" ? "Pass (drop out)" : phase === "market" ? "Pass (no offer)" : "Pass", () => act(base)));
        break;
      case "decline": {
        const label = phase === "firm" ? "Decline to buy" : phase === "auction_confirm" ? "Refuse the bid and keep the card"
          : phase === "negotiation" ? (view.seat === p.seller ? "Refuse to sell" : "Break off") : "Refuse";
        simple.append(button(label, () => act(base)));
        break;
      }
      case "accept": {
        // The engine says what the trade settles at (settles_at): the page never works it out.
        const price = t.settles_at;
        let label = `Accept ${chips(price)}`;
        let q = `Agree the trade of ${what} at ${chips(price)}?`;
        if (phase === "firm") { label = `Buy ${what} for ${chips(price)}`; q = `Pay ${chips(price)} to ${seatName(view, p.seller)} for ${what}?`; }
        else if (phase === "auction_confirm") { label = `Sell to the top bid (${chips(price)})`; q = `Sell ${what} to ${seatName(view, p.high_bidder)} for ${chips(price)}?`; }
        simple.append(button(label, async (/** @type {HTMLButtonElement} */ b) => {
          const ok = await ask({ title: "Agree the trade?", text: q, okLabel: "Agree", returnFocus: b });
          if (ok) await act(base);
        }, true));
        break;
      }
      case "sell_firm": {
        const g = group(`Sell ${what} at a fixed price`);
        const f = numberField("Price", { ...t.price, value: suggested(view) });
        g.append(f.wrap, button("Offer for sale", async (/** @type {HTMLButtonElement} */ b) => {
          const v = readPrice(f.input, t); if (v == null) return;
          const ok = await ask({ title: "Sell at a fixed price?", text: `Offer ${what} to the table for ${chips(v)}? The first player to accept buys it.`, okLabel: "Offer it", returnFocus: b });
          if (ok) await act({ ...base, price: v });
        }));
        nodes.push(g);
        break;
      }
      case "sell_negotiate": {
        // One template per possible buyer (bounds may differ by buyer): one group for them all.
        if (nodes.some((n) => n.dataset.kind === "sell_negotiate")) break;
        const all = legal.filter((x) => x.type === "sell_negotiate");
        const byTarget = new Map();
        for (const x of all) for (const s of x.targets ?? []) byTarget.set(s, x);
        const g = group(`Haggle over ${what} with one buyer`);
        g.dataset.kind = "sell_negotiate";
        const id = `ctl-${++uid}`;
        const wrap = el("div", "field");
        const lab = el("label", null, "Buyer");
        lab.htmlFor = id;
        const sel = el("select");
        sel.id = id;
        for (const s of byTarget.keys()) {
          const o = el("option", null, seatName(view, s));
          o.value = String(s);
          sel.append(o);
        }
        wrap.append(lab, sel);
        const first = byTarget.values().next().value ?? t;
        const f = numberField("Asking price", { ...first.price, value: suggested(view) });
        const hint = f.wrap.querySelector(".hint");
        sel.addEventListener("change", () => {
          const tt = byTarget.get(Number(sel.value));
          f.input.min = tt.price.min; f.input.max = tt.price.max;
          hint.textContent = `${tt.price.min}–${tt.price.max}`;
        });
        g.append(wrap, f.wrap, button("Start haggling", async (/** @type {HTMLButtonElement} */ b) => {
          const target = Number(sel.value);
          const tt = byTarget.get(target) ?? t;
          const v = readPrice(f.input, tt); if (v == null) return;
          const ok = await ask({ title: "Open a negotiation?", text: `Ask ${seatName(view, target)} ${chips(v)} for ${what}?`, okLabel: "Ask", returnFocus: b });
          if (ok) await act({ ...base, price: v, target });
        }));
        nodes.push(g);
        break;
      }
      case "sell_auction": {
        const g = group(`Auction ${what}`);
        const f = numberField("Reserve (lowest price you will take)", { ...t.price, value: t.price.min });
        g.append(f.wrap, button("Start the auction", async (/** @type {HTMLButtonElement} */ b) => {
          const v = readPrice(f.input, t); if (v == null) return;
          const ok = await ask({ title: "Put it up for auction?", text: `Auction ${what} with a reserve of ${chips(v)}? The highest bid at or above the reserve buys it.`, okLabel: "Start the auction", returnFocus: b });
          if (ok) await act({ ...base, price: v });
        }));
        nodes.push(g);
        break;
      }
      case "bid": {
        const g = group(`Bid for ${what}`);
        const f = numberField("Your bid", { ...t.price, value: t.price.min });
        g.append(f.wrap, button("Bid", async (/** @type {HTMLButtonElement} */ b) => {
          const v = readPrice(f.input, t); if (v == null) return;
          const ok = await ask({ title: "Place this bid?", text: `Bid ${chips(v)} for ${what}? If it is the winning bid you must pay it.`, okLabel: `Bid ${v}`, returnFocus: b });
          if (ok) await act({ ...base, price: v });
        }, true));
        nodes.push(g);
        break;
      }
      case "counter": {
        const g = group(`Counter-offer for ${what}`);
        const f = numberField("Your price", { ...t.price, value: suggested(view) });
        g.append(f.wrap, button("Make counter-offer", async (/** @type {HTMLButtonElement} */ b) => {
          const v = readPrice(f.input, t); if (v == null) return;
          const ok = await ask({ title: "Make this counter-offer?", text: `Propose ${chips(v)} for ${what}? If the other side accepts, the trade is made.`, okLabel: "Propose", returnFocus: b });
          if (ok) await act({ ...base, price: v });
        }));
        nodes.push(g);
        break;
      }
      case "offer": {
        offerCards = new Map();
        for (const [owner, pos] of t.cards ?? []) {
          if (!offerCards.has(owner)) offerCards.set(owner, new Set());
          offerCards.get(owner).add(pos);
        }
        const g = group("Buy a face-down card");
        g.append(el("p", "hint", "Choose a card with a gold edge in another player's pile to offer for it, sight unseen."));
        nodes.push(g);
        onOffer = async (/** @type {number} */ owner, /** @type {number} */ pos, /** @type {HTMLElement} */ btn) => {
          const count = view.seats?.find((s) => s.seat === owner)?.stack ?? pos + 1;
          const res = await ask({
            title: "Offer for a face-down card?",
            text: `Name your price for ${seatName(view, owner)}'s face-down card ${pos + 1} of ${count}. Nobody knows what it is, its owner included.`,
            okLabel: "Make the offer",
            price: { ...t.price, value: t.price.min, label: "Your offer in chips" },
            returnFocus: btn,
          });
          if (res) await act({ ...base, price: res.price, target: owner, card: pos });
        };
        break;
      }
      default:
        simple.append(button(t.type, () => act(base)));
    }
  }
  if (simple.childElementCount) nodes.unshift(simple);
  return { nodes, offerCards, onOffer };
}
