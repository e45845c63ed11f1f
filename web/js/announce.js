// Announcements on the table, for the eyes (speech.js says every event once, aloud): a banner
// over the felt for the moments that matter (a new best trump, an ace, a completed sale or
// purchase, a player going out, the hand's result); and, while they run, a panel for an auction
// (the card, the high bid and its bidder, who is still in) or a haggle (every ask and bid so
// far, the offers left, or that none is when the engine offers the side to move no counter-offer).
// Every sentence is the engine's: an event's `text` or the hand's `outcome.text`.
//
//   const news = createAnnouncer(document.getElementById("announce"), { pace: () => "normal" });
//   news.events(events, view);   // after a move: banners for what matters
//   news.panel(view);            // after every drawing: the auction / haggle panel
//
// Nothing here runs at import time.
import { cardFace, theCard } from "./cards.js";
import { seatName, chips, whose } from "./text.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {import("./protocol.js").AuctionPending} AuctionPending */
/** @typedef {import("./protocol.js").NegotiationPending} NegotiationPending */

/** How long one banner stays (ms) at each pace; instant still shows it, briefly. */
const BANNER_MS = /** @type {Record<string, number>} */ ({ instant: 1400, fast: 1800, normal: 2600, slow: 3600 });

/**
 * The banners a move's events call for, in order: {kind, text}. Kinds: trump, ace, sale,
 * purchase, out, result. The hand's outcome names the ace of trumps that ended it
 * (`outcome.ace`): its banner is the sentence of the event that turned it up.
 * @param {GameEvent[]} events
 * @param {View | null} view the view after the move
 * @returns {{kind: string, text: string}[]}
 */
export function bannersFor(events, view) {
  const out = [];
  const outcome = view?.last_hand?.outcome;
  const ended = events.some((e) => e.type === "hand_won" || e.type === "carry_over");
  const aceCard = ended ? outcome?.ace ?? null : null;
  for (const ev of events) {
    if (!ev.text) continue;
    if (ev.type === "new_best") out.push({ kind: "trump", text: ev.text });
    else if (aceCard && (ev.type === "reveal" || ev.type === "upcard") && ev.card === aceCard) out.push({ kind: "ace", text: ev.text });
    else if (ev.type === "sold") out.push({ kind: "sale", text: ev.text });
    else if (ev.type === "bought_facedown") out.push({ kind: "purchase", text: ev.text });
    else if (ev.type === "bust") out.push({ kind: "out", text: ev.text });
    else if (ev.type === "hand_won" || ev.type === "carry_over") out.push({ kind: "result", text: outcome?.text ?? ev.text });
  }
  return out;
}

/**
 * @param {HTMLElement | null} root the container on the felt (index.html's #announce)
 * @param {{pace?: () => string, panelHost?: HTMLElement | null}} [opts] panelHost: where the auction
 *   and haggle panel goes; without one, in `root` (the site's felt)
 */
export function createAnnouncer(root, { pace = () => "normal", panelHost = null } = {}) {
  /** @type {{kind: string, text: string}[]} */
  const queue = [];
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let banner = /** @type {HTMLElement | null} */ (null);
  let panelBox = /** @type {HTMLElement | null} */ (null);
  if (root) {
    banner = document.createElement("p");
    banner.id = "announce-banner";
    banner.className = "announce-banner";
    // for the eyes: its sentence is said once, by the live region of speech.js
    banner.setAttribute("aria-hidden", "true");
    banner.hidden = true;
    panelBox = document.createElement("section");
    panelBox.id = "deal-panel";
    panelBox.className = "deal-panel";
    panelBox.setAttribute("aria-labelledby", "deal-panel-title");
    panelBox.tabIndex = 0; // on a short screen it scrolls: the keyboard must reach it
    panelBox.hidden = true;
    // a host of its own for the panel (beside the controls) when one is given
    if (panelHost) { root.replaceChildren(banner); panelHost.replaceChildren(panelBox); } else root.replaceChildren(banner, panelBox);
  }

  function next() {
    timer = null;
    if (!banner) return;
    const item = queue.shift();
    if (!item) { banner.hidden = true; banner.textContent = ""; delete banner.dataset.kind; return; }
    banner.hidden = false;
    banner.dataset.kind = item.kind;
    banner.textContent = item.text;
    // restart the entrance (a CSS animation, a fade when motion is reduced)
    banner.classList.remove("is-in");
    void banner.offsetWidth;
    banner.classList.add("is-in");
    // the hand's result stays until something else is announced
    if (item.kind === "result" && !queue.length) return;
    // with more waiting, each stays a little shorter, so a burst of events does not lag behind
    const ms = BANNER_MS[pace()] ?? BANNER_MS.normal;
    timer = setTimeout(next, queue.length ? Math.round(ms * 0.65) : ms);
  }

  /** Banners for a move's events. @param {GameEvent[]} events @param {View} view */
  function events(events, view) {
    const items = bannersFor(events ?? [], view);
    if (!items.length) return items;
    // a long backlog is stale: keep the newest few
    queue.push(...items);
    if (queue.length > 3) queue.splice(0, queue.length - 3);
    if (!timer) next();
    return items;
  }

  /** Forget everything shown (a new match). */
  function clear() {
    queue.length = 0;
    if (timer) clearTimeout(timer);
    timer = null;
    next();
    if (panelBox) panelBox.hidden = true;
  }

  /** The auction or haggle panel (`panelKind`) drawn from view.pending, or nothing. @param {View | null} view */
  function panel(view) {
    if (!panelBox) return;
    const p = view?.pending;
    const kind = panelKind(view);
    if (view && p && kind === "auction") {
      panelBox.hidden = false;
      panelBox.dataset.kind = "auction";
      panelBox.replaceChildren(...auction(view, /** @type {AuctionPending} */ (p)));
    } else if (view && p && kind === "haggle") {
      panelBox.hidden = false;
      panelBox.dataset.kind = "haggle";
      panelBox.replaceChildren(...haggle(view, /** @type {NegotiationPending} */ (p)));
    } else {
      panelBox.hidden = true;
      panelBox.replaceChildren();
      delete panelBox.dataset.kind;
    }
  }

  return { events, panel, clear };
}

/**
 * Which panel `view` calls for, by the engine's `view.turn`: "auction" while an auction is
 * under way (bidding, or the seller's choice to sell to the top bid), "haggle" during a haggle,
 * or null. A haggle between two computer players over a face-down card has none: the driver
 * plays it out at once after its offer (driver.js, `thinkFor`), the log keeps its every price,
 * and a purchase has its banner.
 * @param {View | null} view @returns {"auction" | "haggle" | null}
 */
export function panelKind(view) {
  const turn = view?.turn;
  if (!view || !turn) return null;
  if (turn.kind === "auction" || turn.kind === "confirm") return "auction";
  if (turn.kind !== "haggle") return null;
  const bot = (/** @type {number} */ s) => view.seats?.[s]?.kind === "bot";
  return turn.facedown && turn.parties.every(bot) ? null : "haggle";
}

/** @param {string} text */
function title(text) {
  const h = document.createElement("h3");
  h.id = "deal-panel-title";
  h.className = "deal-panel-title";
  h.textContent = text;
  return h;
}

/** @param {[string, string | Node][]} rows */
function facts(rows) {
  const dl = document.createElement("dl");
  dl.className = "deal-facts";
  for (const [k, v] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.append(v);
    dl.append(dt, dd);
  }
  return dl;
}

/** @param {View} view @param {AuctionPending} p */
function auction(view, p) {
  const card = document.createElement("span");
  card.className = "deal-card";
  card.append(cardFace(p.card), ` ${theCard(p.card)}`);
  // the card is on the felt already: keep data-card unique there
  delete (/** @type {HTMLElement} */ (card.firstChild)).dataset.card;
  // the high bid and its bidder in one row (a short screen has room for three)
  const high = p.high_bid == null ? `none yet (reserve ${chips(p.reserve)})`
    : p.high_bidder == null ? chips(p.high_bid) : `${chips(p.high_bid)}, by ${seatName(view, p.high_bidder)}`;
  const still = (p.bidders ?? []).map((s) => seatName(view, s)).join(", ") || "nobody";
  return [
    title(`Auction by ${seatName(view, p.seller)}`),
    facts([["Card", card], ["High bid", high], ["Still in", still]]),
  ];
}

/** @param {View} view @param {NegotiationPending} p */
function haggle(view, p) {
  const seller = seatName(view, p.seller), buyer = seatName(view, p.buyer);
  /** @type {string | Node} */
  let what;
  if (p.card) {
    const s = document.createElement("span");
    s.className = "deal-card";
    s.append(cardFace(p.card), ` ${theCard(p.card)}`);
    delete (/** @type {HTMLElement} */ (s.firstChild)).dataset.card;
    what = s;
  } else {
    what = `${whose(view, p.seller)} face-down card ${Number(p.position) + 1}, unseen`;
  }
  const list = document.createElement("ol");
  list.className = "deal-offers";
  list.setAttribute("aria-label", "Asks and bids so far");
  for (const o of p.offers ?? []) {
    const li = document.createElement("li");
    li.dataset.side = o.side;
    li.textContent = `${seatName(view, o.seat)} ${o.side === "ask" ? "asks" : "bids"} ${chips(o.price)}`;
    list.append(li);
  }
  if (!list.childElementCount) list.append(Object.assign(document.createElement("li"), { textContent: "no price yet" }));
  const left = (/** @type {number | undefined} */ n) => (n == null ? "—" : String(n));
  // The engine offers the side to move no counter-offer (its legal moves, when they are this
  // view's): this answer ends the haggle, whatever the counts of offers say.
  const mover = p.to_move;
  const last = view.seat === mover && (view.legal?.length ?? 0) > 0 && !view.legal.some((t) => t.type === "counter");
  /** @type {[string, string | Node][]} */
  const counts = last
    ? [["Offers left", `none: no counter-offer is possible, ${seatName(view, mover)} accepts or ${mover === p.seller ? "refuses" : "breaks off"}`]]
    // one row, both sides (a small phone has room for the card, the prices and one more line)
    : [["Offers left", `${seller} ${left(p.asks_left)}, ${buyer} ${left(p.bids_left)}`]];
  return [
    title(`${seller} and ${buyer} haggle`),
    facts([["Card", what], ["So far", list], ...counts]),
  ];
}
