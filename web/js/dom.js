// The page's small DOM helpers, shared by every view so none keeps its own copy.
//
//   import { el, button, byId } from "./dom.js";
//   const p = el("p", "hint", "Nobody may look at a face-down card.");
//   const b = button("Next hand", () => next(), "primary");
//   byId("status").textContent = "Your turn";

/**
 * A new element with an optional class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string|null} [cls] class name(s); none when empty
 * @param {string} [text] its text (set only when given)
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A plain button (type "button", so it never submits a form) that calls `onClick` with itself.
 * @param {string} label
 * @param {(b: HTMLButtonElement) => unknown} onClick
 * @param {string|null} [cls]
 * @returns {HTMLButtonElement}
 */
export function button(label, onClick, cls = null) {
  const b = el("button", cls, label);
  b.type = "button";
  b.addEventListener("click", () => onClick(b));
  return b;
}

/**
 * The element with this id in `root` (the page by default). It must exist: the ids are the
 * page's own (index.html, embed.html), so a missing one is a bug worth a clear error.
 * @param {string} id
 * @param {Document | DocumentFragment} [root]
 * @returns {HTMLElement}
 */
export function byId(id, root = document) {
  const e = root.getElementById(id);
  if (!e) throw new Error(`The page has no element #${id}`);
  return e;
}

/**
 * A promise of the next task: what follows an `await nextTask()` runs in a task of its own, so
 * the work before it is painted and no single task grows long (Lighthouse's blocking time
 * counts each task's time beyond 50 ms at a phone's slower CPU).
 * @returns {Promise<void>}
 */
export const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });
