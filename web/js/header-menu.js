// The site header on a narrow screen: "New match" and the sound toggle stay in the row, the
// buttons in index.html's #nav-more (Saved matches, Log, Rules, About, Settings) fold into a
// "Menu" disclosure that drops down over the table. On a wide screen the Menu button is not
// drawn and every button sits in the row (layout.css); this module only opens and closes it.
//
//   import { wireHeaderMenu } from "./header-menu.js";
//   wireHeaderMenu(document.querySelector(".site-header"));
//
// The menu closes when one of its buttons is used, on Escape (focus back on Menu), on a click
// elsewhere, and when the screen grows wide. When a dialog opened from the menu closes, its
// opener is folded away again, so the focus goes to the Menu button rather than being lost.

/**
 * @param {HTMLElement | null} header the page's `.site-header`
 * @returns {{close: () => void} | null}
 */
export function wireHeaderMenu(header) {
  const nav = header?.querySelector("#nav-more");
  if (!header || !nav) return null;
  const head = header;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.id = "btn-menu";
  toggle.className = "nav-btn nav-menu";
  toggle.textContent = "Menu";
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-controls", nav.id);
  nav.parentElement?.append(toggle);

  const isOpen = () => head.classList.contains("is-menu-open");
  /** @param {boolean} open */
  function set(open) {
    head.classList.toggle("is-menu-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  }
  const close = () => set(false);

  toggle.addEventListener("click", () => {
    const open = !isOpen();
    set(open);
    if (open) /** @type {HTMLElement | null} */ (nav.querySelector(".nav-btn:not(:disabled)"))?.focus();
  });
  nav.addEventListener("click", (e) => {
    if (/** @type {HTMLElement} */ (e.target).closest(".nav-btn")) close();
  });
  header.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && isOpen()) { e.stopPropagation(); close(); toggle.focus(); }
  });
  document.addEventListener("pointerdown", (e) => {
    if (isOpen() && !header.contains(/** @type {Node} */ (e.target))) close();
  });
  header.addEventListener("focusout", (e) => {
    const to = /** @type {Node | null} */ (e.relatedTarget);
    if (isOpen() && to && !header.contains(to)) close();
  });
  matchMedia("(min-width: 52.01rem)").addEventListener("change", (e) => { if (e.matches) close(); });
  // 'close' does not bubble, but a capturing listener on the document still hears it.
  document.addEventListener("close", () => {
    setTimeout(() => {
      const at = document.activeElement;
      const lost = !at || at === document.body || !!at.closest("dialog:not([open])")
        || (nav.contains(at) && /** @type {HTMLElement} */ (at).offsetParent === null);
      if (lost && toggle.offsetParent !== null) toggle.focus();
    }, 0);
  }, true);
  return { close };
}
