// Confirmation dialog (native <dialog>): focus goes in, and back to where it came from.
const $ = (id) => document.getElementById(id);

/**
 * ask({title, text, okLabel, price: {min, max, value, label, hint}?, returnFocus})
 * resolves to null (cancelled) or {price}.
 */
export function ask({ title, text, okLabel = "Confirm", price = null, returnFocus = null }) {
  const dlg = $("confirm");
  const input = $("confirm-price");
  const row = $("confirm-price-row");
  const err = document.createElement("p");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = okLabel;
  row.hidden = !price;
  if (price) {
    input.min = price.min;
    input.max = price.max;
    input.value = price.value ?? price.min;
    $("confirm-price-label").textContent = price.label ?? "Price in chips";
    $("confirm-price-hint").textContent = price.hint ?? `From ${price.min} to ${price.max}.`;
  }
  const opener = returnFocus ?? document.activeElement;
  return new Promise((resolve) => {
    const onClose = () => {
      dlg.removeEventListener("close", onClose);
      form.removeEventListener("submit", onSubmit);
      const ok = dlg.returnValue === "ok";
      let result = null;
      if (ok) result = { price: price ? Number(input.value) : undefined };
      // Return focus to the opener if it still exists, else to the controls or the table.
      queueMicrotask(() => {
        const target = opener && opener.isConnected ? opener
          : document.querySelector("#controls button, #controls input") ?? document.getElementById("main");
        target?.focus?.();
      });
      resolve(result);
    };
    const form = $("confirm-form");
    const onSubmit = (ev) => {
      if (ev.submitter?.value !== "ok" || !price) return;
      const v = Number(input.value);
      if (!Number.isInteger(v) || v < price.min || v > price.max) {
        ev.preventDefault();
        $("confirm-price-hint").textContent = `Enter a whole number from ${price.min} to ${price.max}.`;
        input.focus();
      }
    };
    form.addEventListener("submit", onSubmit);
    dlg.addEventListener("close", onClose);
    dlg.returnValue = "";
    dlg.showModal();
    (price ? input : $("confirm-ok")).focus();
    if (price) input.select();
  });
}
