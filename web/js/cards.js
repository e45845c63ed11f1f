// Card names and drawing. Cards are strings rank+suit ("QH", "TD"); drawn with text glyphs in
// CSS, so they stay crisp at every size. Face-down cards have no identity here: only a back.
//
//   import { cardName, cardFace } from "./cards.js";
//   cardName("TD")  // "ten of diamonds"

/** @typedef {import("./protocol.js").CardName} CardName */
/** @typedef {import("./protocol.js").Suit} Suit */
/** @typedef {{rank: string, suit: Suit}} ParsedCard */

/** @type {Readonly<Record<string, string>>} */
const RANK_NAMES = {
  "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
  "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
/** @type {Readonly<Record<string, string>>} */
const RANK_SHORT = { T: "10" };
/** @type {Readonly<Record<Suit, string>>} */
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
/** @type {Readonly<Record<Suit, string>>} */
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/**
 * @param {unknown} suit
 * @returns {suit is Suit}
 */
function isSuit(suit) {
  return typeof suit === "string" && Object.hasOwn(SUIT_NAMES, suit);
}

/**
 * A card name's rank and suit ("10h" and "TH" alike), or null for anything else.
 * @param {unknown} card
 * @returns {ParsedCard | null}
 */
export function parseCard(card) {
  if (typeof card !== "string" || card.length < 2) return null;
  const rank = card.slice(0, -1).toUpperCase().replace("10", "T");
  const suit = card.slice(-1).toUpperCase();
  if (!Object.hasOwn(RANK_NAMES, rank) || !isSuit(suit)) return null;
  return { rank, suit };
}

/**
 * "queen of hearts"; anything that is not a card comes back as its own text.
 * @param {CardName | null | undefined} card
 */
export function cardName(card) {
  const c = parseCard(card);
  if (!c) return String(card ?? "");
  return `${RANK_NAMES[c.rank]} of ${SUIT_NAMES[c.suit]}`;
}

/**
 * "the queen of hearts"
 * @param {CardName | null | undefined} card
 */
export function theCard(card) {
  return `the ${cardName(card)}`;
}

/**
 * "hearts" for "H".
 * @param {string | null | undefined} suit
 */
export function suitName(suit) {
  return isSuit(suit) ? SUIT_NAMES[suit] : String(suit ?? "");
}

/**
 * A face-up card element (span; its accessible name is the card's and "face up", as a back's
 * says "face-down"); an empty slot for a non-card.
 * @param {CardName | null | undefined} card
 * @param {{tag?: string, key?: string | null}} [options]
 * @returns {HTMLElement}
 */
export function cardFace(card, { tag = "span", key = null } = {}) {
  const c = parseCard(card);
  const el = document.createElement(tag);
  el.className = "card";
  if (!c) {
    el.classList.add("card-empty");
    el.setAttribute("aria-hidden", "true");
    return el;
  }
  el.classList.add(`suit-${c.suit}`);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", `${cardName(card)}, face up`); // a back says "face-down"
  el.dataset.card = `${c.rank}${c.suit}`;
  if (key) el.dataset.key = key;
  const rank = document.createElement("span");
  rank.className = "c-rank";
  rank.textContent = RANK_SHORT[c.rank] ?? c.rank;
  const suit = document.createElement("span");
  suit.className = "c-suit";
  suit.textContent = SUIT_SYMBOLS[c.suit];
  const pip = document.createElement("span");
  pip.className = "c-pip";
  pip.textContent = SUIT_SYMBOLS[c.suit];
  for (const part of [rank, suit, pip]) part.setAttribute("aria-hidden", "true");
  el.append(rank, suit, pip);
  return el;
}

/**
 * A face-down card. As a button when it can be offered for.
 * @param {{button?: boolean, label?: string}} [options]
 * @returns {HTMLElement}
 */
export function cardBack({ button = false, label = "face-down card" } = {}) {
  if (button) {
    const el = document.createElement("button");
    el.className = "card card-back";
    el.type = "button";
    el.setAttribute("aria-label", label);
    return el;
  }
  const el = document.createElement("span");
  el.className = "card card-back";
  el.setAttribute("aria-hidden", "true");
  return el;
}

/** An empty card-sized slot. @returns {HTMLElement} */
export function emptySlot() {
  const el = document.createElement("div");
  el.className = "card card-empty";
  el.setAttribute("aria-hidden", "true");
  return el;
}
