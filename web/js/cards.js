// Card names and drawing. Cards are strings rank+suit ("QH", "TD"); drawn with text glyphs in
// CSS, so they stay crisp at every size. Face-down cards have no identity here: only a back.

const RANK_NAMES = {
  "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
  "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const RANK_SHORT = { T: "10" };
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

export function parseCard(card) {
  if (typeof card !== "string" || card.length < 2) return null;
  const rank = card.slice(0, -1).toUpperCase().replace("10", "T");
  const suit = card.slice(-1).toUpperCase();
  if (!RANK_NAMES[rank] || !SUIT_NAMES[suit]) return null;
  return { rank, suit };
}

/** "queen of hearts" */
export function cardName(card) {
  const c = parseCard(card);
  if (!c) return String(card ?? "");
  return `${RANK_NAMES[c.rank]} of ${SUIT_NAMES[c.suit]}`;
}

/** "the queen of hearts" */
export function theCard(card) {
  return `the ${cardName(card)}`;
}

export function suitName(suit) {
  return SUIT_NAMES[suit] ?? String(suit ?? "");
}

/** A face-up card element (span; aria label is the spoken name). */
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
  el.setAttribute("aria-label", cardName(card));
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

/** A face-down card. As a button when it can be offered for. */
export function cardBack({ button = false, label = "face-down card" } = {}) {
  const el = document.createElement(button ? "button" : "span");
  el.className = "card card-back";
  if (button) {
    el.type = "button";
    el.setAttribute("aria-label", label);
  } else {
    el.setAttribute("aria-hidden", "true");
  }
  return el;
}

export function emptySlot() {
  const el = document.createElement("div");
  el.className = "card card-empty";
  el.setAttribute("aria-hidden", "true");
  return el;
}
