// Movement with meaning: what the engine's events say happened, shown where it happened. Each
// event of a move becomes a short animation of a "ghost" in an overlay (the table underneath is
// already drawn in its final state): a card flips when it is turned up, antes slide to the pot,
// a sale takes the card to the buyer and the chips to the seller, a face-down purchase takes a
// card back to the bottom of the buyer's stack, the pot slides to its winner.
//
//   const shot = snapshot();          // before the table is redrawn
//   renderTable(view, ...);
//   const ms = playEvents(events, shot, { pace: "normal" });   // how long it all takes
//
// With prefers-reduced-motion (or the "Show cards and chips moving" setting off) nothing
// travels: each ghost fades in where the event ends, so the information stays. At the
// "instant" pace nothing is animated. Ghosts carry data-motion (flip, chips, card, facedown,
// deal, highlight) and data-event (the event's type); they never carry data-card, and a
// face-down card is always a plain card back. Nothing here runs at import time.
import { cardFace, cardBack } from "./cards.js";

/** Multiplier of the base duration by pace (instant: no animation at all). */
export const PACE_FACTOR = /** @type {Record<string, number>} */ ({ instant: 0, fast: 0.6, normal: 1, slow: 1.6 });
/** The base length of one step, in milliseconds, at the Normal pace. */
export const STEP_MS = 520;
/**
 * The share of a step a card turned up takes (from a stack, or the dealer's upcard): the
 * commonest motion of a hand (a dozen a hand, most of them no new best trump), quick enough that
 * a round of them does not keep a person waiting (issue 26: ten of them before your next
 * decision), long enough to see which card came up where (its banner and ring say more when
 * it matters).
 */
export const REVEAL_SHARE = 0.35;
/**
 * The share of a step a face-down card bought sight unseen takes to slide from the seller's
 * stack to the bottom of the buyer's (its chips the other way): a card back, nothing to read on
 * it, and the commonest trade between computer players, which nobody at the table waits on.
 */
export const SLIDE_SHARE = 0.6;

/** The cards a ghost stands in for, by code, with how many ghosts hold each (see `keepHolds`). */
const held = /** @type {Map<string, number>} */ (new Map());

/** How each ghost still flying ends (removed, its real element shown): see `finishMotion`. */
const landing = /** @type {Map<HTMLElement, () => void>} */ (new Map());

/**
 * Hide again every real card a ghost is still flying to: the table is redrawn whole, so a
 * redraw during a motion (a computer player passing at once) would show the card early under
 * its own ghost. table-view.js calls it after every drawing.
 */
export function keepHolds() {
  for (const code of held.keys()) {
    for (const e of document.querySelectorAll(`#table [data-card="${code}"]`)) e.classList.add("motion-hold");
  }
}

/** @typedef {{left: number, top: number, width: number, height: number}} Box */
/**
 * Where things were before the table was redrawn.
 * @typedef {object} Snapshot
 * @property {Map<string, Box>} cards face-up cards on the felt by code
 * @property {Map<number, Box[]>} stacks each seat's face-down cards, top first
 * @property {Map<number, Box>} seats each seat's chip count
 */

/** "move" (things travel), "fade" (reduced motion: they fade in where they end up). */
export function motionMode() {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduced || document.documentElement.classList.contains("no-motion") ? "fade" : "move";
}

/** @param {Element | null | undefined} e @returns {Box | null} */
function box(e) {
  if (!e) return null;
  const r = e.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return null;
  return { left: r.left, top: r.top, width: r.width, height: r.height };
}

/** @param {number} seat */
const seatSel = (seat) => `#seats [data-seat="${seat}"]`;

/** @param {number} seat @returns {Box[]} */
function stackBoxes(seat) {
  return /** @type {Box[]} */ ([...document.querySelectorAll(`${seatSel(seat)} .stack .card-back`)].map(box).filter(Boolean));
}

/** Boxes of what may move, taken before the table is redrawn. @returns {Snapshot} */
export function snapshot() {
  /** @type {Snapshot} */
  const shot = { cards: new Map(), stacks: new Map(), seats: new Map() };
  for (const c of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#table .felt [data-card]"))) {
    const b = box(c);
    if (b && c.dataset.card) shot.cards.set(c.dataset.card, b);
  }
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#seats [data-seat]"))) {
    const seat = Number(li.dataset.seat);
    shot.stacks.set(seat, stackBoxes(seat));
    const b = box(li.querySelector(".seat-chips"));
    if (b) shot.seats.set(seat, b);
  }
  return shot;
}

/** The overlay the ghosts move in (created on first use; hidden from assistive technology). */
function layer() {
  let l = document.getElementById("motion-layer");
  if (!l) {
    l = document.createElement("div");
    l.id = "motion-layer";
    l.className = "motion-layer";
    l.setAttribute("aria-hidden", "true");
    document.body.append(l);
  }
  return l;
}

/** A face-up card for the overlay: the picture only, no identity in the DOM. @param {string} card */
function ghostFace(card) {
  const f = cardFace(card);
  delete f.dataset.card;
  f.removeAttribute("role");
  f.removeAttribute("aria-label");
  return f;
}

function ghostChips() {
  const g = document.createElement("span");
  g.className = "ghost-chips";
  for (let i = 0; i < 3; i++) {
    const c = document.createElement("span");
    c.className = "chip";
    g.append(c);
  }
  return g;
}

/**
 * One ghost: placed at `to`, moved there from `from` (or faded in at `to`).
 * @param {HTMLElement} el @param {string} kind @param {string} event
 * @param {Box | null} from @param {Box} to
 * @param {{delay: number, ms: number, mode: string, flip?: boolean, hold?: HTMLElement | null, fadeOut?: boolean}} how
 */
function fly(el, kind, event, from, to, how) {
  el.classList.add("ghost");
  el.dataset.motion = kind;
  el.dataset.event = event;
  Object.assign(el.style, { left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px` });
  el.style.setProperty("--card-w", `${to.width}px`);
  layer().append(el);
  const hold = how.hold;
  const code = hold?.dataset.card;
  if (hold) hold.classList.add("motion-hold");
  if (code) held.set(code, (held.get(code) ?? 0) + 1);
  /** @type {Keyframe[]} */
  let frames;
  if (how.mode === "fade" || !from) {
    frames = how.fadeOut ? [{ opacity: 0 }, { opacity: 1, offset: 0.35 }, { opacity: 0 }] : [{ opacity: 0 }, { opacity: 1 }];
  } else {
    const dx = from.left - to.left, dy = from.top - to.top, s = from.width / to.width;
    const start = `translate(${dx}px, ${dy}px) scale(${s})`;
    frames = how.flip
      ? [{ transform: `${start} rotateY(180deg)` }, { transform: "rotateY(0deg)" }]
      : [{ transform: start, opacity: 1 }, { transform: "none", opacity: how.fadeOut ? 0.2 : 1 }];
  }
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    landing.delete(el);
    el.remove();
    hold?.classList.remove("motion-hold");
    if (!code) return;
    const left = (held.get(code) ?? 1) - 1;
    if (left > 0) { held.set(code, left); return; }
    held.delete(code);
    // the card the ghost stood for may have been drawn again meanwhile (keepHolds)
    for (const e of document.querySelectorAll(`#table [data-card="${code}"]`)) e.classList.remove("motion-hold");
  };
  const anim = el.animate(frames, { duration: how.ms, delay: how.delay, easing: "cubic-bezier(.2,.7,.2,1)", fill: "backwards" });
  landing.set(el, done);
  anim.onfinish = done;
  anim.oncancel = done;
  // whatever happens to the animation, the real element comes back
  setTimeout(done, how.delay + how.ms + 200);
}

/**
 * End at once every ghost still flying: each real element shows where its ghost was going. A
 * person who moves on ("Next hand") has seen enough of the last move, and what comes next need
 * not wait for it (the pot's slide to the winner held the next deal for a second).
 */
export function finishMotion() {
  // land every ghost now rather than finish its animation: the finish event would come later,
  // in a task of its own, and the last move must be off the table once the handler returns
  // (every ghost is made by `fly`, which registers how it lands)
  for (const done of [...landing.values()]) done();
}

/**
 * A highlight on the real element itself (a class whose CSS animation rings it), not a ghost at
 * the place it had when the move was drawn: a ghost there stayed as an empty outline when the
 * table moved under it (issue 26: it flashed over the controls after a reveal).
 * @param {HTMLElement} target @param {string} cls @param {number} delay @param {number} ms
 */
function ring(target, cls, delay, ms) {
  target.dataset.motion = "highlight";
  target.style.setProperty("--ring-ms", `${Math.round(ms)}ms`);
  target.style.setProperty("--ring-delay", `${Math.round(delay)}ms`);
  target.classList.remove(cls);
  void target.offsetWidth; // restart the animation when the same element rings again
  target.classList.add(cls);
  setTimeout(() => { target.classList.remove(cls); delete target.dataset.motion; }, delay + ms + 100);
}

/** A flip: card back on one side, the face on the other. @param {string} card */
function flipGhost(card) {
  const g = document.createElement("span");
  g.className = "ghost-flip";
  const back = cardBack();
  back.classList.add("flip-back");
  const face = ghostFace(card);
  face.classList.add("flip-face");
  g.append(back, face);
  return g;
}

/** @param {number} seat @param {string} card */
function seatCard(seat, card) {
  return /** @type {HTMLElement | null} */ (document.querySelector(`${seatSel(seat)} [data-card="${card}"]`));
}
/** @param {string} card */
function feltCard(card) {
  return /** @type {HTMLElement | null} */ (document.querySelector(`#table .felt [data-card="${card}"]`));
}
/** @param {number} seat */
function chipsBox(seat) {
  return box(document.querySelector(`${seatSel(seat)} .seat-chips`)) ?? box(document.querySelector(seatSel(seat)));
}
const potBox = () => box(document.getElementById("pot-area"));

/**
 * Animate the events of one move over the freshly drawn table; returns how long it takes (ms).
 * @param {any[]} events the engine's events, in order (any: which fields an event has depends on
 *   its type, and protocol.js's GameEvent declares them all optional, not per type)
 * @param {Snapshot} shot where things were before the redraw
 * @param {{pace?: string, mode?: string}} [opts]
 */
export function playEvents(events, shot, { pace = "normal", mode = motionMode() } = {}) {
  const factor = PACE_FACTOR[pace] ?? 1;
  if (!factor || !events?.length || !document.getElementById("seats")) return 0;
  const ms = Math.round(STEP_MS * factor);
  const gap = Math.round(ms * 0.6);
  let at = 0;
  let step = -1;
  /** Start a new step unless the previous event was of the same kind (antes go together). */
  let lastType = "";
  let lastMs = ms; // how long the last step's motion takes
  for (const ev of events) {
    // antes go together, and the cards are dealt while they slide to the pot
    const together = (ev.type === lastType && ["ante", "shown"].includes(ev.type))
      || (ev.type === "deal" && lastType === "ante");
    if (!together) step++;
    lastType = ev.type;
    at = step * gap;
    // A turned-up card's flip takes a share of the step; a new best trump's ring goes on for two
    // steps on the real card, but the table waits only that share of it: what comes next (its
    // owner's choice, a panel) does not hide the card.
    const stepMs = ["reveal", "new_best", "upcard"].includes(ev.type) ? Math.round(ms * REVEAL_SHARE)
      : ev.type === "bought_facedown" ? Math.round(ms * SLIDE_SHARE) : ms;
    const how = { delay: at, ms, mode };
    const pot = potBox();
    switch (ev.type) {
      case "ante":
      case "penalty": {
        const from = chipsBox(ev.seat);
        if (pot && from) fly(ghostChips(), "chips", ev.type, from, pot, { ...how, fadeOut: true });
        break;
      }
      case "deal": {
        const dealer = shot.seats.get(ev.seat) ?? chipsBox(ev.seat);
        for (const li of document.querySelectorAll("#seats [data-seat]")) {
          const target = box(li.querySelector(".stack .card-back"));
          if (target) fly(cardBack(), "deal", ev.type, dealer ?? null, target, how);
        }
        break;
      }
      case "upcard": {
        const real = feltCard(ev.card);
        const to = box(real) ?? box(document.getElementById("upcard-slot"));
        if (to) fly(flipGhost(ev.card), "flip", ev.type, to, to, { ...how, flip: true, hold: real, ms: stepMs });
        break;
      }
      case "reveal": {
        const real = seatCard(ev.seat, ev.card);
        const to = box(real);
        const from = shot.stacks.get(ev.seat)?.[0] ?? to;
        if (to) fly(flipGhost(ev.card), "flip", ev.type, from, to, { ...how, flip: true, hold: real, ms: stepMs });
        break;
      }
      case "shown": {
        if (ev.seat == null) break;
        const stack = shot.stacks.get(ev.seat) ?? [];
        (ev.cards ?? []).forEach((/** @type {string} */ card, /** @type {number} */ i) => {
          const real = seatCard(ev.seat, card);
          const to = box(real);
          if (to) fly(flipGhost(card), "flip", ev.type, stack[i] ?? to, to, { ...how, flip: true, hold: real });
        });
        break;
      }
      case "new_best": {
        const real = seatCard(ev.seat, ev.card) ?? feltCard(ev.card);
        if (real) ring(real, "motion-ring", how.delay, ms * 2);
        break;
      }
      case "sold": {
        const real = seatCard(ev.other, ev.card);
        const to = box(real) ?? chipsBox(ev.other);
        const from = shot.cards.get(ev.card) ?? shot.seats.get(ev.seat) ?? null;
        if (to) fly(ghostFace(ev.card), "card", ev.type, from, to, { ...how, hold: real, fadeOut: !real });
        const a = chipsBox(ev.other), b = chipsBox(ev.seat);
        if (a && b) fly(ghostChips(), "chips", ev.type, a, b, { ...how, fadeOut: true });
        break;
      }
      case "bought_facedown": {
        // seat: the buyer, other: the seller, position: the card's place in the seller's stack
        const backs = document.querySelectorAll(`${seatSel(ev.seat)} .stack .card-back`);
        const to = box(backs[backs.length - 1]);
        const from = shot.stacks.get(ev.other)?.[ev.position] ?? null;
        if (to) fly(cardBack(), "facedown", ev.type, from, to, { ...how, ms: stepMs });
        const a = chipsBox(ev.seat), b = chipsBox(ev.other);
        if (a && b) fly(ghostChips(), "chips", ev.type, a, b, { ...how, ms: stepMs, fadeOut: true });
        break;
      }
      case "hand_won": {
        const to = chipsBox(ev.seat);
        if (pot && to) fly(ghostChips(), "chips", ev.type, pot, to, { ...how, fadeOut: true, ms: ms * 1.4 });
        break;
      }
      case "bust": {
        const seat = /** @type {HTMLElement | null} */ (document.querySelector(seatSel(ev.seat)));
        if (seat) ring(seat, "motion-ring-out", how.delay, ms * 2);
        break;
      }
      default:
        step--; // nothing to show: no time taken
        continue;
    }
    lastMs = stepMs;
  }
  // nothing animated (a counter-offer, a break-off): no time to wait for
  return step < 0 ? 0 : step * gap + lastMs;
}
