// The end of a hand. On the site: a panel over the table (index.html's #hand-result, placed by
// show.css inside the viewport) with the engine's sentence, the card that decided the hand
// highlighted, every player's cards and chip change, the hand's trading score with "Review this
// hand" (the `review` option fills that box once per hand), and the one way on, "Next hand".
// After the last hand the same result is part of the one end-of-match panel: table-view.js puts
// it inside the match summary, with no button of its own. The felt shows the same: the winning card is marked
// there too, and when it is one of the holder's unturned cards shown at the end (not the best
// trump showing before), the centre shows it as the card that decided the hand. In an embed: a
// compact result in place, with no button.
//
//   const result = createHandResult({ site: true, onNext: (view) => advance() });
//   result.show(view);     // after every drawing; true while the panel is open
//
// Nothing here runs at import time.
import { cardFace, theCard } from "./cards.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").HandResult} HandResult */

/** "+3", "−2", or `zero`. @param {number} c @param {string} [zero] */
export function change(c, zero = "0") {
  return c > 0 ? `+${c}` : c < 0 ? `−${-c}` : zero;
}

/**
 * @param {object} opts
 * @param {Document} [opts.root]
 * @param {boolean} [opts.site] the full panel (the site) or the compact result (an embed)
 * @param {(view: View) => void} [opts.onNext] "Next hand" was pressed
 * @param {() => void} [opts.onLeave] the player left the panel by its button
 * @param {(view: View, hand: number, box: HTMLElement) => void} [opts.review] fills the hand's
 *   review box (its trading score and "Review this hand"), once per hand (the site)
 */
export function createHandResult({ root = document, site = true, onNext = () => {}, onLeave = () => {}, review } = {}) {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.getElementById(id));
  /** the number of the hand whose panel the player closed */
  let closed = /** @type {number | null} */ (null);
  let open = false;
  /** the review box of the hand last shown (kept across drawings: filled once per hand) */
  let reviewed = /** @type {{hand: number, box: HTMLElement} | null} */ (null);

  function reset() { closed = null; open = false; reviewed = null; }

  /** The hand's review box, made and filled once per hand. @param {View} view @param {number} hand */
  function reviewBox(view, hand) {
    if (reviewed?.hand !== hand) {
      const box = document.createElement("div");
      box.className = "hand-result-review";
      box.id = "hand-result-review";
      reviewed = { hand, box };
      review?.(view, hand, box);
    }
    return reviewed.box;
  }

  /** Put the focus on the panel's button (the next step). */
  function focus() {
    const b = /** @type {HTMLElement | null} */ ($("hand-result").querySelector("button.primary"));
    b?.focus({ preventScroll: true });
  }

  /** @param {View} view @returns {boolean} whether the panel is open */
  function show(view) {
    const h = view.last_hand;
    const box = $("hand-result");
    const ended = !!h && view.stage !== "playing";
    if (!ended || (site && closed === h.number)) {
      box.hidden = true;
      box.classList.remove("is-over-table");
      open = false;
      return false;
    }
    box.hidden = false;
    $("hand-result-title").textContent = `End of hand ${h.number}`;
    const p = document.createElement("p");
    p.className = "hand-result-text";
    p.textContent = h.outcome.text;
    if (!site) {
      const changes = document.createElement("p");
      changes.className = "hint";
      changes.textContent = (view.seats ?? []).map((s, i) =>
        `${s.name} ${change(h.change?.[i] ?? 0, "±0")}`).join(" · ");
      $("hand-result-body").replaceChildren(p, changes);
      return true;
    }
    // after the last hand: part of the match summary (table-view.js moves it there), no button
    const last = !!view.match_over;
    box.classList.toggle("is-over-table", !last);
    const win = h.outcome.card;
    if (win) {
      const w = document.createElement("span");
      w.className = "result-cards result-winner";
      const face = cardFace(win);
      face.classList.add("is-winner");
      w.append(face);
      p.prepend(w);
    }
    // the panel's buttons in a foot that stays in view while the table above it scrolls
    const foot = document.createElement("div");
    foot.className = "hand-result-foot";
    if (review) foot.append(reviewBox(view, h.number));
    if (!last) {
      const row = document.createElement("div");
      row.className = "row-buttons hand-result-next";
      const next = document.createElement("button");
      next.type = "button";
      next.className = "primary";
      next.textContent = "Next hand";
      next.addEventListener("click", () => { closed = h.number; show(view); onLeave(); onNext(view); });
      row.append(next);
      foot.append(row);
    }
    $("hand-result-body").replaceChildren(p, resultTable(view, h), ...deadHand(h, win), foot);
    markFelt(view, win);
    if (last) { open = false; return true; } // the match summary holds the focus
    const fresh = !open;
    open = true;
    if (fresh) queueMicrotask(focus);
    return true;
  }

  /** The felt: the deciding card marked; shown in the centre when the best trump was another. */
  function markFelt(/** @type {View} */ view, /** @type {string | null} */ win) {
    if (!win) return;
    for (const c of root.querySelectorAll(`#table .felt [data-card="${win}"]`)) c.classList.add("is-winner");
    if (view.best?.card && view.best.card !== win) {
      const slot = $("best-slot");
      const fig = /** @type {HTMLElement | null} */ (slot?.parentElement ?? null);
      if (!slot || !fig) return;
      const face = cardFace(win);
      delete face.dataset.card; // the seat shows it with its identity
      face.classList.add("is-winner");
      slot.replaceChildren(face);
      fig.hidden = false;
      $("best-caption").textContent = `Decided the hand: ${theCard(win)}`;
    }
  }

  return { show, focus, reset, isOpen: () => open };
}

/** Every player's cards, change and chips. @param {View} view @param {HandResult} h */
function resultTable(view, h) {
  const winners = new Set(h.outcome.winners);
  const wrap = document.createElement("div");
  wrap.className = "table-scroll";
  const t = document.createElement("table");
  t.className = "result-table";
  const cap = document.createElement("caption");
  cap.className = "visually-hidden";
  cap.textContent = "Every player's cards and chips this hand";
  const thead = t.createTHead().insertRow();
  for (const [txt, cls] of [["Player", ""], ["Cards", ""], ["Change", "num"], ["Chips", "num"]]) {
    const th = document.createElement("th");
    th.scope = "col"; th.textContent = txt; if (cls) th.className = cls;
    thead.append(th);
  }
  t.prepend(cap);
  const tb = t.createTBody();
  (view.seats ?? []).forEach((s, i) => {
    const r = tb.insertRow();
    if (winners.has(i)) r.className = "is-winner-row";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = s.name + (winners.has(i) ? " (wins)" : "");
    r.append(th);
    const cards = document.createElement("div");
    cards.className = "result-cards";
    // the seat's face-up cards, and the upcard with its owner's (the engine's upcard_owner)
    const own = [...(h.cards?.[i] ?? [])];
    if (h.upcard && h.upcard_owner === i && !own.includes(h.upcard)) own.unshift(h.upcard);
    for (const c of own) {
      const f = cardFace(c);
      if (c === h.outcome.card) f.classList.add("is-winner");
      if (c === h.upcard) { f.title = "The upcard"; f.setAttribute("aria-label", `${f.getAttribute("aria-label")}, the upcard`); }
      cards.append(f);
    }
    if (!cards.childElementCount) cards.textContent = "—";
    r.insertCell().append(cards);
    const ch = h.change?.[i] ?? 0;
    const c1 = r.insertCell();
    c1.className = `num ${ch > 0 ? "gain" : ch < 0 ? "loss" : ""}`;
    c1.textContent = change(ch);
    const c2 = r.insertCell();
    c2.className = "num";
    c2.textContent = String(h.chips_after?.[i] ?? s.chips);
  });
  wrap.append(t);
  return wrap;
}

/** @param {HandResult} h @param {string | null} win @returns {HTMLElement[]} */
function deadHand(h, win) {
  if (!h.dead_hand?.length) return [];
  const d = document.createElement("p");
  d.textContent = "The dead hand: ";
  const cards = document.createElement("span");
  cards.className = "result-cards";
  for (const c of h.dead_hand) {
    const f = cardFace(c);
    if (c === win) f.classList.add("is-winner");
    cards.append(f);
  }
  d.append(cards);
  return [d];
}
