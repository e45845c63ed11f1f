// Plain-words descriptions of the table, built only from the view the engine sends.
import { theCard, suitName } from "./cards.js";

export function seatName(view, seat) {
  if (seat === null || seat === undefined) return "the pool";
  const s = view?.seats?.[seat];
  return s?.name ?? `Seat ${Number(seat) + 1}`;
}

export function chips(n) {
  return `${n} ${Math.abs(n) === 1 ? "chip" : "chips"}`;
}

export function pct(f) {
  if (typeof f !== "number" || !Number.isFinite(f)) return "";
  if (f > 0 && f < 0.005) return "<1%";
  return `${Math.round(f * 100)}%`;
}

function pendingCard(view) {
  const p = view.pending ?? {};
  return p.card ?? p.item ?? view.best?.card ?? view.upcard ?? null;
}

function itemWords(view, item) {
  // An item is a face-up card ("QH"), or a face-down card given as {owner, position} / [owner, pos].
  if (typeof item === "string") return theCard(item);
  if (Array.isArray(item)) return `${seatName(view, item[0])}'s face-down card`;
  if (item && typeof item === "object") {
    const owner = item.owner ?? item.seat ?? item.target;
    if (item.card && typeof item.card === "string") return theCard(item.card);
    if (owner !== undefined) return `${seatName(view, owner)}'s face-down card`;
  }
  return "the card";
}

/**
 * The status sentence for the decision under way: the engine's own `prompt` (third person).
 * @param {any} view
 * @returns {string}
 */
export function promptText(view) {
  if (!view) return "";
  if (view.match_over) return "The match is over.";
  return view.prompt?.text ?? describeTurn(view);
}

/** One sentence saying whose decision it is and about what. */
function describeTurn(view) {
  if (!view) return "";
  if (typeof view.prompt === "string" && view.prompt) return view.prompt;
  const phase = view.phase;
  const p = view.pending ?? {};
  if (view.match_over || phase === "match_over") return "The match is over.";
  const who = seatName(view, view.to_act);
  const card = pendingCard(view);
  const thing = itemWords(view, p.item ?? card);
  switch (phase) {
    case "deal":
      return `${who} is to deal the next hand.`;
    case "sale":
      return `${who} is deciding whether to sell ${thing}.`;
    case "firm":
      return `${seatName(view, p.seller)} offers ${thing} for ${chips(p.price ?? 0)}; ${who} is deciding whether to buy.`;
    case "negotiation": {
      const bits = [];
      const ask = p.ask ?? p.last_ask, bid = p.bid ?? p.last_bid;
      if (ask != null) bits.push(`asking ${chips(ask)}`);
      if (bid != null) bits.push(`offered ${chips(bid)}`);
      const over = p.card ? theCard(p.card) : p.position != null ? `${seatName(view, p.seller)}'s face-down card (number ${p.position + 1} in the pile)` : thing;
      return `${seatName(view, p.seller)} and ${seatName(view, p.buyer)} are haggling over ${over}` +
        (bits.length ? ` (${bits.join(", ")})` : "") + `; ${who} is to answer.`;
    }
    case "auction": {
      const high = p.high_bid != null && p.high_bidder != null
        ? `the highest bid is ${chips(p.high_bid)} from ${seatName(view, p.high_bidder)}`
        : (p.reserve ? `the reserve is ${chips(p.reserve)}` : "no bids yet");
      return `${seatName(view, p.seller)} is auctioning ${thing}; ${high}. ${who} is to bid or pass.`;
    }
    case "auction_confirm":
      return `${who} is deciding whether to accept the top bid of ${chips(p.high_bid ?? 0)} for ${thing}.`;
    case "market":
      if (p.offer || p.buyer != null) {
        const o = p.offer ?? p;
        return `${seatName(view, o.buyer)} offers ${chips(o.price ?? o.last_bid ?? 0)} for ${itemWords(view, o.item ?? [o.target ?? o.owner, o.card ?? o.position])}; ${who} is to answer.`;
      }
      return `${who} may offer to buy someone's face-down card, or pass.`;
    case "reveal":
      return `${who} is to turn up a card.`;
    default:
      return view.to_act != null ? `It is ${who}'s turn.` : "";
  }
}

export function trumpWords(view) {
  return view?.trump ? `${suitName(view.trump)}` : "not yet known";
}
