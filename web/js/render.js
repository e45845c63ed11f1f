// Draws the table from a view. Knows nothing about the rules: only what the view says.
import { cardFace, cardBack, emptySlot, theCard, SUIT_SYMBOLS } from "./cards.js";
import { seatName, chips, pct, trumpWords } from "./text.js";
import { el } from "./dom.js";

/** @typedef {import("./protocol.js").View} View */

/** @param {string} id @returns {HTMLElement} an element index.html always has */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The face-up cards on the felt: not the copies in the end-of-hand table or the summary. */
function feltCards() {
  return /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#table .felt [data-card]"));
}

/** A box a card can really be seen to move from: non-zero and inside the felt. */
function usableBox(/** @type {DOMRect} */ r, /** @type {DOMRect} */ felt) {
  if (r.width < 1 || r.height < 1) return false;
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  return cx >= felt.left && cx <= felt.right && cy >= felt.top && cy <= felt.bottom;
}

/** Rectangles of every visible face-up card on the felt, for showing movement. */
function snapshotPositions() {
  const pos = new Map();
  const felt = document.querySelector("#table .felt")?.getBoundingClientRect();
  if (!felt) return pos;
  for (const c of feltCards()) {
    const r = c.getBoundingClientRect();
    if (usableBox(r, felt)) pos.set(`card:${c.dataset.card}`, r);
  }
  return pos;
}

function motionAllowed() {
  if (document.documentElement.classList.contains("no-motion")) return false;
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Slide each card on the felt from where it was; a card with no usable old box just appears. */
function playMoves(/** @type {Map<string, DOMRect>} */ before) {
  if (!motionAllowed()) return;
  const felt = document.querySelector("#table .felt")?.getBoundingClientRect();
  if (!felt) return;
  // every box is read before any card is touched: a class added between two reads made each
  // read lay the page out again (a table of eight laid it out some thirty times a move)
  const cards = [...feltCards()].map((c) => /** @type {const} */ ([c, c.getBoundingClientRect()]));
  for (const [c, now] of cards) {
    const old = before.get(`card:${c.dataset.card}`);
    if (!old || !usableBox(now, felt)) { c.classList.add("is-new"); continue; }
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    const sx = old.width / now.width;
    c.classList.add("is-moving");
    const anim = c.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${sx})`, transformOrigin: "top left" }, { transform: "none", transformOrigin: "top left" }],
      { duration: 480, easing: "cubic-bezier(.2,.7,.2,1)" },
    );
    anim.onfinish = () => c.classList.remove("is-moving");
  }
}

/** @param {View|null|undefined} prev @param {View} view */
function showChipDeltas(prev, view) {
  if (!prev || !motionAllowed()) return;
  for (const s of view.seats ?? []) {
    const old = prev.seats?.find((x) => x.seat === s.seat);
    if (!old) continue;
    if (prev.hand === view.hand && old.stack < s.stack) {
      // a face-down card arrived (bought sight unseen): show where it went
      const stack = document.querySelector(`#seats [data-seat="${s.seat}"] .stack`);
      stack?.classList.add("stack-grew");
      stack?.addEventListener("animationend", () => stack.classList.remove("stack-grew"), { once: true });
    }
    if (old.chips === s.chips) continue;
    const d = s.chips - old.chips;
    const li = document.querySelector(`#seats [data-seat="${s.seat}"]`);
    if (!li) continue;
    const badge = el("span", `chip-delta ${d > 0 ? "gain" : "loss"}`, `${d > 0 ? "+" : "−"}${Math.abs(d)}`);
    badge.setAttribute("aria-hidden", "true");
    li.append(badge);
    setTimeout(() => badge.remove(), 1700);
  }
}

/**
 * Where the seats go: the seat at the bottom of the table (the person holding the screen if they
 * play, else the first person playing, else none) and whether to mark it "You" (one person at
 * the screen). The live table and the stored preview draw the same way.
 * @param {{seats?: {seat: number, kind?: string}[]}} view
 * @param {number|null|undefined} holder
 * @param {{site?: boolean, here?: number[] | null}} [how] `here`: the people's seats on this
 *   device when friends play on their own (null: every person's seat is at this screen)
 * @returns {{bottom: number|null, youLabel: boolean}}
 */
export function seating(view, holder, { site = true, here = null } = {}) {
  const humans = here ?? (view.seats ?? []).filter((s) => s.kind !== "bot").map((s) => s.seat);
  const bottom = holder != null && humans.includes(holder) ? holder : humans[0] ?? null;
  return { bottom, youLabel: humans.length === 1 && site };
}

/**
 * Set a centre caption as its short head and the rest ("Upcard" + ", the highest trump, held by
 * Mary"): the whole is its text, and where the table is tight beside an auction or haggle panel
 * only the head is drawn (layout.css, `.cap-more`).
 * @param {HTMLElement} node
 * @param {string} head
 * @param {string} more
 */
function caption(node, head, more) {
  node.replaceChildren(head);
  if (more) node.append(el("span", "cap-more", more));
}

/**
 * What the table is drawn with besides the view (renderTable's `ctx`).
 * `bottom`: the seat drawn at the bottom of the table (yours; the others go round from your
 * left along the top); `youLabel`: mark it "You" (one person at the screen).
 * @typedef {{prev?: View|null, thinking?: number|null, viewer?: number|null,
 *   bottom?: number|null, youLabel?: boolean,
 *   buyFrom?: ((seat: number) => string | null) | null, onBuy?: ((seat: number) => void) | null}} TableContext
 */
/** @typedef {import("./protocol.js").SeatView} SeatView */

/**
 * Render the table.
 * ctx: { prev: previous view, thinking: seat|null, viewer: seat|null,
 *        buyFrom, onBuy: a seat's stack as a button that places a buy order }
 * @param {View} view
 * @param {TableContext} [ctx]
 */
export function renderTable(view, ctx = {}) {
  const before = snapshotPositions();
  renderInfo(view);
  const { up, best } = renderCentre(view);
  renderDeadHand(view);
  const list = renderSeats(view, ctx);
  // The upcard and the best trump appear twice at most (centre and a seat); keep data-card unique
  // for animation by dropping it from the centre copies when a seat shows the card.
  for (const slot of [up, best]) {
    const c = /** @type {HTMLElement|null} */ (slot.querySelector("[data-card]"));
    if (c && list.querySelector(`[data-card="${c.dataset.card}"]`)) delete c.dataset.card;
  }
  playMoves(before);
  showChipDeltas(ctx.prev, view);
}

/** The line above the table: the hand, the pot and the trump suit. @param {View} view */
function renderInfo(view) {
  // the engine's words: "Hand" "2 of 5", or "Daily deal · hand" "2 of 5"
  $("info-hand-label").textContent = view.hand_line.label;
  $("info-hand").textContent = view.hand_line.value;
  $("info-hand").dataset.hand = String(view.hand ?? 0); // the number alone, for tests and benchmarks
  $("info-pot").textContent = view.pot != null ? chips(view.pot) : "–";
  $("pot-num").textContent = String(view.pot ?? "–");
  const trump = $("info-trump");
  trump.textContent = "";
  if (view.trump) {
    const sym = el("span", `suit-sym suit-${view.trump}`, SUIT_SYMBOLS[/** @type {import("./protocol.js").Suit} */ (view.trump)] + " ");
    sym.setAttribute("aria-hidden", "true");
    trump.append(sym, trumpWords(view));
  } else trump.textContent = trumpWords(view);
}

/**
 * The middle of the felt: the upcard and the highest trump, with their captions.
 * @param {View} view
 * @returns {{up: HTMLElement, best: HTMLElement}} their slots
 */
function renderCentre(view) {
  const up = $("upcard-slot");
  up.replaceChildren(view.upcard ? cardFace(view.upcard) : emptySlot());

  const best = $("best-slot");
  const cap = $("best-caption");
  const upIsBest = !!view.best?.card && view.best.card === view.upcard;
  const upCaption = /** @type {HTMLElement} */ ($("upcard-slot").parentElement?.querySelector("figcaption"));
  /** @type {HTMLElement} */ (best.parentElement).hidden = upIsBest;
  caption(upCaption, "Upcard", upIsBest ? ", the highest trump" : "");
  // The best card is shown once: in the middle. If it is also the upcard, the upcard slot says so.
  if (view.best?.card && view.best.card !== view.upcard) {
    best.replaceChildren(cardFace(view.best.card));
  } else {
    best.replaceChildren(emptySlot());
  }
  if (view.best?.card) {
    const holder = view.best.holder;
    const who = holder == null ? "owned by the pool" : `held by ${seatName(view, holder)}`;
    caption(cap, "Highest trump", `: ${theCard(view.best.card)}, ${who}`);
    if (upIsBest) caption(upCaption, "Upcard", `, the highest trump, ${who}`);
  } else caption(cap, "Highest trump", ": none yet");
  return { up, best };
}

/** Peel's dead hand: a count of face-down cards nobody owns. @param {View} view */
function renderDeadHand(view) {
  const dead = $("dead-hand");
  dead.hidden = view.dead_hand == null;
  if (view.dead_hand != null) {
    const backs = [];
    for (let i = 0; i < view.dead_hand; i++) backs.push(cardBack());
    $("dead-stack").replaceChildren(...backs);
    $("dead-caption").textContent = `Dead hand: ${view.dead_hand} face-down`;
  }
}

/**
 * The seats: the others in one list, the bottom seat in its own.
 * @param {View} view
 * @param {TableContext} ctx
 * @returns {HTMLElement} the seats' element
 */
function renderSeats(view, ctx) {
  const list = $("seats");
  /** @type {HTMLElement[]} */
  const items = [];
  /** @type {HTMLElement|null} */
  let bottomItem = null;
  const oddsBySeat = new Map((view.odds?.seats ?? []).map((o) => [o.seat, o]));
  for (const s of view.seats ?? []) {
    const isBottom = ctx.bottom != null && s.seat === ctx.bottom;
    const li = el("li", "seat");
    li.dataset.seat = String(s.seat);
    if (s.seat === view.to_act) li.classList.add("is-turn");
    if (s.seat === ctx.viewer) li.classList.add("is-you");
    if (s.busted) li.classList.add("is-busted");
    if (isBottom) li.classList.add("is-bottom");
    li.append(seatHead(view, s, ctx, isBottom), seatTags(view, s, ctx, oddsBySeat.get(s.seat)), seatCards(view, s, ctx));
    if (isBottom) bottomItem = li;
    else items.push(li);
  }
  // The others from the bottom seat's left round the table (seat order), then the bottom seat.
  const n = items.length + (bottomItem ? 1 : 0);
  const from = ctx.bottom ?? 0; // with nobody at the bottom, seat 0 comes first
  items.sort((a, b) => ((Number(a.dataset.seat) - from + n) % n) - ((Number(b.dataset.seat) - from + n) % n));
  const others = el("ul", "seats-others");
  others.setAttribute("aria-label", bottomItem ? "The other players" : "The players");
  others.append(...items);
  const parts = [others];
  if (bottomItem) {
    const mine = el("ul", "seats-you");
    mine.setAttribute("aria-label", ctx.youLabel ? "Your seat" : "The seat at the bottom of the table");
    mine.append(bottomItem);
    parts.push(mine);
  }
  list.replaceChildren(...parts);
  return list;
}

/**
 * A seat's name, "You", the dealer's button, who plays it and its chips.
 * @param {View} view @param {SeatView} s @param {TableContext} ctx @param {boolean} isBottom
 */
function seatHead(view, s, ctx, isBottom) {
  const head = el("div", "seat-head");
  const name = el("span", "seat-name", s.name ?? `Seat ${s.seat + 1}`);
  head.append(name);
  if (isBottom && ctx.youLabel) head.append(el("span", "you-badge", "You"));
  if (s.dealer || view.dealer === s.seat) {
    const d = el("span", "dealer-btn", "D");
    d.title = "Dealer";
    d.setAttribute("role", "img");
    d.setAttribute("aria-label", "dealer");
    head.append(d);
  }
  const kind = el("span", "seat-kind", s.kind === "bot" ? (s.bot_name ? `computer, ${s.bot_name}` : "computer") : "human");
  head.append(kind);
  // the count and its word apart: where the top seats are narrow, the word gives way to a
  // chip drawn in CSS (still read out), so the name is not cut short (layout.css)
  const held = s.chips ?? 0;
  const chipCount = el("span", "seat-chips", String(held));
  chipCount.append(el("span", "chips-word", chips(held).slice(String(held).length)));
  head.append(chipCount);
  return head;
}

/**
 * A seat's tags: the best trump, whose turn, out of the match, its chance of the pot.
 * @param {View} view @param {SeatView} s @param {TableContext} ctx
 * @param {import("./protocol.js").Chance | undefined} o the seat's chance of taking the pot
 */
function seatTags(view, s, ctx, o) {
  const tags = el("div", "seat-tags");
  if (view.best?.holder === s.seat && view.best?.card) tags.append(el("span", "tag tag-best", "Best trump"));
  if (s.seat === view.to_act && !view.match_over) tags.append(el("span", "tag", s.seat === ctx.thinking ? "Thinking" : "To decide"));
  if (s.seat === ctx.thinking) /** @type {HTMLElement|null} */ (tags.lastChild)?.classList.add("thinking");
  if (s.busted) tags.append(el("span", "tag", "Out of the match"));
  if (o && !view.match_over) {
    // the seat's chance with all its cards, face-down ones included; a card on sale has its
    // own, smaller one ("this card's chance", controls.js fairText): the two are told apart
    // (the short word fits a phone's seat on one line; the title and the name say the rest)
    const t = el("span", "tag tag-chance", `Chance ${pct(o.f) || o.p}`);
    t.title = `This seat's chance of winning this pot with all its cards, face-down ones included${o.p ? `: exactly ${o.p}` : ""}. Everyone at the table can work out the same figure.`;
    t.append(el("span", "visually-hidden", " for the seat, with all its cards"));
    tags.append(t);
  }
  return tags;
}

/**
 * A seat's face-down stack (a button when a buy order may be placed on it) and its cards turned up.
 * @param {View} view @param {SeatView} s @param {TableContext} ctx
 */
function seatCards(view, s, ctx) {
  const cards = el("div", "seat-cards");
  // A stack you may place a buy order on is one button: face-down cards are chosen by owner.
  const buyLabel = ctx.buyFrom?.(s.seat) ?? null;
  const stack = el(buyLabel ? "button" : "div", buyLabel ? "stack stack-buy" : "stack");
  const n = s.stack ?? 0;
  const countText = n === 0 ? "no face-down cards" : `${n} face-down`;
  if (buyLabel) {
    /** @type {HTMLButtonElement} */ (stack).type = "button";
    // the name ends with the stack's visible count (WCAG 2.5.3: the visible text is in the name)
    stack.setAttribute("aria-label", `${buyLabel}; ${countText}`);
    stack.title = buyLabel;
    stack.addEventListener("click", () => ctx.onBuy?.(s.seat));
  }
  for (let i = 0; i < n; i++) {
    const back = cardBack();
    const p = /** @type {Partial<import("./protocol.js").NegotiationPending> | null} */ (view.pending);
    if (p && p.position === i && p.seller === s.seat && p.card == null) {
      back.classList.add("in-question");
      back.removeAttribute("aria-hidden");
      back.setAttribute("role", "img");
      back.setAttribute("aria-label", `face-down card ${i + 1}, the one being haggled over`);
    }
    stack.append(back);
  }
  const count = el("span", "stack-count", countText);
  stack.append(count);
  cards.append(stack);
  if (s.revealed?.length) {
    const rv = el("div", "revealed");
    rv.setAttribute("aria-label", `${s.name} has turned up`);
    rv.setAttribute("role", "group");
    for (const c of s.revealed) rv.append(cardFace(c));
    cards.append(rv);
  }
  return cards;
}

/** @param {string} text */
export function setStatus(text) {
  const s = $("status");
  if (s.textContent !== text) s.textContent = text;
}

/**
 * Display settings (theme, four colours, motion) on the root element; both modes use them.
 * @param {{theme?: string, fourColour?: boolean, motion?: boolean}} s the stored settings
 * @param {{theme?: boolean}} [which] theme: false leaves the theme alone (an embed sets its own)
 */
export function applyDisplaySettings(s, { theme = true } = {}) {
  const root = document.documentElement;
  if (theme) {
    root.classList.toggle("theme-light", s.theme === "light");
    root.classList.toggle("theme-dark", s.theme === "dark");
  }
  root.classList.toggle("fourcolour", !!s.fourColour);
  root.classList.toggle("no-motion", !s.motion);
}
