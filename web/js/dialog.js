// Confirmation dialog (native <dialog>): focus goes in, and back to where it came from.
//
//   import { ask } from "./dialog.js";
//   const answer = await ask({title: "Place this bid?", text: "Bid 7 chips?", okLabel: "Bid 7"});
//   if (answer) ...   // null when cancelled; {price} with a price box

/**
 * The element with this id, of this type (the page's markup is fixed: a missing one is a bug).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{new (): T, prototype: T}} type
 * @returns {T}
 */
function byId(id, type) {
  const e = document.getElementById(id);
  if (!(e instanceof type)) throw new Error(`the page has no #${id} (${type.name})`);
  return e;
}

/**
 * @typedef {object} PriceBox
 * @property {number} min
 * @property {number} max
 * @property {number} [value] the starting value (default: min)
 * @property {string} [label]
 * @property {string} [hint]
 */

/**
 * Ask a question in the modal dialog; with `price`, also a whole number within its bounds;
 * `fact` (the engine's fair value and chance, in words) is printed under the question.
 * @param {{title: string, text: string, okLabel?: string, price?: PriceBox | null,
 *   returnFocus?: HTMLElement | null, fact?: string}} options
 * @returns {Promise<{price: number | undefined} | null>} null when cancelled
 */
export function ask({ title, text, okLabel = "Confirm", price = null, returnFocus = null, fact = "" }) {
  const dlg = byId("confirm", HTMLDialogElement);
  const input = byId("confirm-price", HTMLInputElement);
  const row = byId("confirm-price-row", HTMLElement);
  const hint = byId("confirm-price-hint", HTMLElement);
  const form = byId("confirm-form", HTMLFormElement);
  const okButton = byId("confirm-ok", HTMLButtonElement);
  byId("confirm-title", HTMLElement).textContent = title;
  byId("confirm-text", HTMLElement).textContent = text;
  const factLine = byId("confirm-fact", HTMLElement);
  factLine.textContent = fact;
  factLine.hidden = !fact;
  okButton.textContent = okLabel;
  row.hidden = !price;
  if (price) {
    input.min = String(price.min);
    input.max = String(price.max);
    input.value = String(price.value ?? price.min);
    byId("confirm-price-label", HTMLElement).textContent = price.label ?? "Price in chips";
    hint.textContent = price.hint ?? `From ${price.min} to ${price.max}.`;
  }
  const active = document.activeElement;
  const opener = returnFocus ?? (active instanceof HTMLElement ? active : null);
  return new Promise((resolve) => {
    const onClose = () => {
      dlg.removeEventListener("close", onClose);
      form.removeEventListener("submit", onSubmit);
      const ok = dlg.returnValue === "ok";
      const result = ok ? { price: price ? Number(input.value) : undefined } : null;
      // Return focus to the opener if it still exists, else to the controls or the table.
      queueMicrotask(() => {
        /** @type {HTMLElement | null} */
        const target = opener && opener.isConnected ? opener
          : document.querySelector("#controls button, #controls input") ?? document.getElementById("main");
        target?.focus?.();
      });
      resolve(result);
    };
    /** @param {SubmitEvent} ev */
    const onSubmit = (ev) => {
      const submitter = ev.submitter;
      if (!(submitter instanceof HTMLButtonElement) || submitter.value !== "ok" || !price) return;
      const v = Number(input.value);
      if (!Number.isInteger(v) || v < price.min || v > price.max) {
        ev.preventDefault();
        hint.textContent = `Enter a whole number from ${price.min} to ${price.max}.`;
        input.focus();
      }
    };
    form.addEventListener("submit", onSubmit);
    dlg.addEventListener("close", onClose);
    dlg.returnValue = "";
    dlg.showModal();
    // The safe choice has the focus: Cancel, or the price box (never the button that commits).
    (price ? input : byId("confirm-cancel", HTMLButtonElement)).focus();
    if (price) input.select();
  });
}
