// The human's controls, drawn from the template-to-control mapping of control-specs.js (the
// only place that maps a legal template to a control). Every price box is bounded by its
// template, has −/+ steppers, quick prices (the engine's fair value and ±10 %, each setting
// exactly the price its text says: control-specs.js quickPrices), the arrow keys (PageUp/
// PageDown: ±10 %), Enter to submit the price, and prints the fair value and the chance beside
// it. The control
// that takes the focus by default is a safe one (keep, pass, decline) or a price box, never a
// button that pays or sells.
//
//   import { buildControls } from "./controls.js";
//   const { nodes } = buildControls(view, (action) => act(action), { confirm: false });
import { controlSpecs, actionFor, quickPrices } from "./control-specs.js";
import { chips, fairChips, pct } from "./text.js";
import { ask } from "./dialog.js";
import { el, button } from "./dom.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Bounds} Bounds */
/** @typedef {import("./protocol.js").Chance} Chance */
/** @typedef {import("./control-specs.js").ControlSpec} ControlSpec */
/** @typedef {import("./control-specs.js").Confirm} Confirm */

let uid = 0;
/** The sale method last chosen, kept between decisions (a player who auctions goes on auctioning). */
let lastMethod = "";

/**
 * "Fair value 5 chips · this card's chance 40%": the engine's figures for the card at stake, in words (the
 * fair value as text.js fairChips words it, from the engine's exact figure when given one).
 * With `deal`, the value counts dealing the next hand and says so ("…, counting the next deal"),
 * so nobody takes it for the chance times the pot.
 * @param {number | Chance | null} fair @param {number|null} chance @param {boolean} [deal]
 */
export function fairText(fair, chance, deal = false) {
  const parts = [];
  if (fair != null) parts.push(`fair value ${fairChips(fair)}${deal ? ", counting the next deal" : ""}`);
  if (chance != null) parts.push(`this card's chance ${pct(chance)}`); // not the seat's (render.js)
  const s = parts.join(" · ");
  return s ? s[0].toUpperCase() + s.slice(1) : "";
}

/** @param {number} v @param {Bounds} b */
function clamp(v, b) {
  return Math.min(b.max, Math.max(b.min, Math.round(v)));
}

/**
 * A bounded price box with −/+ steppers, quick prices and the fair value beside it. `fair`
 * (whole chips) makes the quick prices; `worth` (the same value, exact when the engine sent it)
 * is printed. `onEnter`: Enter in the box submits the price (the group's button).
 * @param {string} label
 * @param {{price: Bounds, start: number, fair: number|null, worth?: number|Chance|null, chance: number|null,
 *   deal?: boolean, onEnter?: () => void}} spec
 * @returns {{wrap: HTMLElement, input: HTMLInputElement, setBounds: (b: Bounds) => void}}
 */
export function priceField(label, spec) {
  const id = `ctl-${++uid}`;
  let bounds = { ...spec.price };
  const wrap = el("div", "field price-field");
  const lab = el("label", null, label);
  lab.htmlFor = id;
  /** @type {HTMLInputElement} */
  const input = el("input");
  input.type = "number";
  input.id = id;
  input.inputMode = "numeric";
  input.step = "1";
  input.required = true;
  const hint = el("span", "hint price-hint");
  hint.id = `${id}-hint`;
  input.setAttribute("aria-describedby", hint.id);
  const set = (/** @type {number} */ v) => { input.value = String(clamp(v, bounds)); input.setCustomValidity(""); };
  const now = () => (Number.isFinite(Number(input.value)) && input.value !== "" ? Number(input.value) : bounds.min);
  const minus = button("−", () => set(now() - 1), "stepper");
  minus.setAttribute("aria-label", `${label}: one chip less`);
  const plus = button("+", () => set(now() + 1), "stepper");
  plus.setAttribute("aria-label", `${label}: one chip more`);
  const row = el("div", "price-row");
  row.append(minus, input, plus);
  const quick = el("div", "quick-prices");
  quick.setAttribute("role", "group");
  quick.setAttribute("aria-label", `${label}: quick prices`);
  // the chips follow the bounds (a haggle's buyer menu changes them): each sets what it says
  const drawQuick = () => {
    quick.replaceChildren();
    for (const c of quickPrices(spec.fair, bounds)) {
      const b = button(c.text, () => set(c.price), "quick");
      // the accessible name begins with the visible text (WCAG 2.5.3), then says what it does
      b.setAttribute("aria-label", `${c.text}: ${c.says}, ${chips(c.price)}`);
      quick.append(b);
    }
  };
  input.addEventListener("keydown", (/** @type {KeyboardEvent} */ ev) => {
    const step = Math.max(1, Math.round((spec.fair ?? now()) * 0.1));
    if (ev.key === "PageUp") { ev.preventDefault(); set(now() + step); }
    if (ev.key === "PageDown") { ev.preventDefault(); set(now() - step); }
    if (ev.key === "Enter" && spec.onEnter && !ev.isComposing) { ev.preventDefault(); spec.onEnter(); }
  });
  const setBounds = (/** @type {Bounds} */ b) => {
    bounds = { ...b };
    input.min = String(b.min);
    input.max = String(b.max);
    hint.textContent = [`${b.min}–${b.max}`, fairText(spec.worth ?? spec.fair, spec.chance, spec.deal)].filter(Boolean).join(" · ");
    drawQuick();
    set(now());
  };
  input.value = String(clamp(spec.start, bounds));
  setBounds(bounds);
  wrap.append(lab, row, quick, hint);
  if (spec.fair == null) quick.remove();
  return { wrap, input, setBounds };
}

/** @param {HTMLInputElement} input @param {Bounds} b @returns {number|null} */
function readPrice(input, b) {
  const v = Number(input.value);
  if (input.value === "" || !Number.isInteger(v) || v < b.min || v > b.max) {
    input.setCustomValidity(`Enter a whole number from ${b.min} to ${b.max}.`);
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

/**
 * Build the controls for `view` (the acting seat's view). `act(action)` performs an action.
 * With `confirm`, trades are checked in the dialog first (a setting; off by default).
 * The default control (the one to focus) carries `data-default`.
 * @param {View} view
 * @param {(a: Action) => unknown} act
 * @param {{confirm?: boolean}} [opts]
 * @returns {{nodes: HTMLElement[]}}
 */
export function buildControls(view, act, { confirm = false } = {}) {
  const specs = controlSpecs(view);
  /** @type {HTMLElement[]} */
  const nodes = [];
  const simple = el("div", "control-group control-buttons");
  simple.setAttribute("role", "group");
  simple.setAttribute("aria-label", "Your choices");
  /** @param {Confirm} c @param {HTMLElement} opener @param {number|Chance|null} fair @param {number|null} chance @param {boolean} [deal] */
  const check = async (c, opener, fair, chance, deal) => {
    if (!confirm) return true;
    return !!(await ask({ ...c, fact: fairText(fair, chance, deal), returnFocus: opener }));
  };
  /** @type {HTMLElement[]} */
  const priced = [];
  for (const spec of specs) {
    if (spec.kind === "button") {
      const b = button(spec.label, async (btn) => {
        if (spec.confirm && !(await check(spec.confirm, btn, spec.worth, spec.chance, spec.deal))) return;
        await act(actionFor(spec.template));
      }, spec.primary ? "primary" : null);
      if (spec.safe) b.dataset.safe = "1";
      if (spec.fair != null && spec.template.type === "accept") {
        b.title = fairText(spec.worth, spec.chance, spec.deal);
      }
      simple.append(b);
    } else if (spec.kind === "price") {
      const g = group(spec.group);
      g.dataset.kind = spec.template.type;
      const f = priceField(spec.field, { ...spec, onEnter: () => commit.click() });
      const commit = button(spec.button, async (btn) => {
        const v = readPrice(f.input, spec.price); if (v == null) return;
        if (!(await check(spec.confirm(v), btn, spec.worth, spec.chance, spec.deal))) return;
        await act(actionFor(spec.template, { price: v }));
      }, spec.primary ? "primary commit" : "commit");
      g.append(f.wrap, commit);
      priced.push(g);
    } else if (spec.kind === "negotiate") {
      const g = group(spec.group);
      g.dataset.kind = "sell_negotiate";
      const id = `ctl-${++uid}`;
      const wrap = el("div", "field");
      const lab = el("label", null, "Buyer");
      lab.htmlFor = id;
      /** @type {HTMLSelectElement} */
      const sel = el("select");
      sel.id = id;
      for (const b of spec.buyers) {
        const o = el("option", null, b.name);
        o.value = String(b.seat);
        sel.append(o);
      }
      wrap.append(lab, sel);
      const first = spec.buyers[0];
      const f = priceField(spec.field, { price: first.price, start: spec.start ?? first.price.min, fair: spec.fair,
        worth: spec.worth, chance: spec.chance, deal: spec.deal, onEnter: () => commit.click() });
      const chosen = () => spec.buyers.find((b) => b.seat === Number(sel.value)) ?? first;
      sel.addEventListener("change", () => f.setBounds(chosen().price));
      const commit = button(spec.button, async (btn) => {
        const buyer = chosen();
        const v = readPrice(f.input, buyer.price); if (v == null) return;
        if (!(await check(spec.confirm(v, buyer.seat), btn, spec.worth, spec.chance, spec.deal))) return;
        await act(actionFor(buyer.template, { price: v, target: buyer.seat }));
      }, "commit");
      g.append(wrap, f.wrap, commit);
      priced.push(g);
    } else if (spec.kind === "offer") {
      const g = group(spec.group);
      g.dataset.kind = "offer";
      g.append(el("p", "hint", spec.hint));
      const id = `ctl-${++uid}`;
      const wrap = el("div", "field");
      const lab = el("label", null, "Whose card");
      lab.htmlFor = id;
      /** @type {HTMLSelectElement} */
      const sel = el("select");
      sel.id = id;
      for (const o of spec.owners) {
        const opt = el("option", null, o.name);
        opt.value = String(o.seat);
        sel.append(opt);
      }
      wrap.append(lab, sel);
      const f = priceField("Your offer", { ...spec, onEnter: () => commit.click() });
      const commit = button("Make the offer", async (btn) => {
        const owner = spec.owners.find((o) => o.seat === Number(sel.value)) ?? spec.owners[0];
        const v = readPrice(f.input, spec.price); if (v == null) return;
        if (!(await check(spec.confirm(v, owner.seat), btn, spec.worth, spec.chance, spec.deal))) return;
        await act(actionFor(spec.template, { price: v, target: owner.seat, card: owner.card }));
      }, "commit");
      g.append(wrap, f.wrap, commit);
      priced.push(g);
    }
  }
  // An accept/refuse decision with no price box beside it (a firm price, the top bid, an offer
  // or a counter to answer) says the fair value of what is traded in words on the screen at
  // every size, not only in the accept button's tooltip: the coach is hidden on a small phone.
  const accept = specs.find((x) => x.kind === "button" && x.template.type === "accept" && x.fair != null);
  if (accept && accept.kind === "button" && !priced.length) {
    const line = el("p", "hint price-hint decision-fair", fairText(accept.worth, accept.chance, accept.deal));
    line.id = `ctl-${++uid}-fair`;
    for (const b of simple.querySelectorAll("button")) b.setAttribute("aria-describedby", line.id);
    simple.append(line);
  }
  if (simple.childElementCount) nodes.push(simple);
  if (priced.length > 1) nodes.push(methodChooser(priced));
  nodes.push(...priced);
  const safe = simple.querySelector("[data-safe]");
  const target = safe ?? priced.find((g) => !g.hidden)?.querySelector("input") ?? simple.querySelector("button");
  target?.setAttribute("data-default", "1");
  return { nodes };
}

/**
 * Several ways to sell: a row of radio buttons shows one group at a time, so the table and
 * the controls share a small screen. The choice is remembered for the next sale.
 * @param {HTMLElement[]} groups
 */
function methodChooser(groups) {
  const names = /** @type {Record<string, string>} */ ({ sell_firm: "Fixed price", sell_auction: "Auction", sell_negotiate: "Haggle" });
  const fs = el("fieldset", "control-group method-chooser");
  fs.append(el("legend", null, "How to sell"));
  const name = `method-${++uid}`;
  const pick = groups.some((g) => g.dataset.kind === lastMethod) ? lastMethod : groups[0].dataset.kind ?? "";
  for (const g of groups) {
    const kind = g.dataset.kind ?? "";
    const id = `${name}-${kind}`;
    const label = el("label", "method");
    label.htmlFor = id;
    /** @type {HTMLInputElement} */
    const r = el("input");
    r.type = "radio";
    r.name = name;
    r.id = id;
    r.value = kind;
    r.checked = kind === pick;
    g.hidden = kind !== pick;
    r.addEventListener("change", () => {
      lastMethod = kind;
      for (const x of groups) x.hidden = x !== g;
    });
    label.append(r, document.createTextNode(names[kind] ?? kind));
    fs.append(label);
  }
  return fs;
}
