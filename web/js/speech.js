// What a player who cannot see the table hears: each event of a move in the engine's own
// sentence, once and in the order the engine logged it, then whose decision it is whenever that
// changes, in one polite live region (index.html's #speech, visually hidden). The banners over
// the felt and the status line are for the eyes: they are not live regions, so nothing is said
// twice. A move the engine refuses is said too (the notice).
//
//   const speech = createSpeech(document.getElementById("speech"));
//   speech.drawn(events, view, false);   // after each drawing: its events, then a new turn
//   speech.say("That price is over your chips.");
//
// Nothing here runs at import time.
import { promptFor, turnLine } from "./text.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */

/** Sentences kept in the region: a screen reader reads what is added; older ones go. */
const KEEP = 40;

/**
 * The sentences a drawing adds, and the turn it leaves: its events' texts in order, then the
 * decision now open when it is not the one already said (`said`). When the seat this view is
 * for decides, the turn line is the status line's (text.js turnLine: "Your turn: …", or
 * "Edmund's turn: …" with `several` people at the screen); the engine's third-person sentence
 * otherwise; the match's end is said once.
 *
 *   speechFor([{type: "reveal", text: "Mary turns up the six of clubs."}], view, "")
 *   // {lines: ["Mary turns up the six of clubs.", "Your turn: sell …"], turn: "2|Your turn: sell …"}
 *
 * @param {GameEvent[]} events the drawing's events
 * @param {View} view the view drawn
 * @param {string} said the turn said last ("" for none)
 * @param {boolean} [several] several people share the screen (pass-and-play)
 * @returns {{lines: string[], turn: string}}
 */
export function speechFor(events, view, said, several = false) {
  const lines = events.map((e) => e.text ?? "").filter((t) => t !== "");
  let turn = "";
  let line = "";
  if (view.match_over) {
    line = view.match_outcome?.text ?? "The match is over.";
    turn = `over|${line}`;
  } else if (view.prompt) {
    const mine = view.seat != null && view.seat === view.prompt.seat;
    line = mine ? turnLine(view, several) : promptFor(view, view.seat);
    turn = `${view.prompt.seat}|${line}`;
  }
  if (line && turn !== said && !lines.includes(line)) lines.push(line); // (the match's end is an event's too)
  return { lines, turn: turn || said };
}

/**
 * @param {HTMLElement | null} region the live region (role="log", aria-live="polite")
 */
export function createSpeech(region) {
  let said = "";
  /** @param {string[]} lines */
  const add = (lines) => {
    if (!region) return;
    for (const text of lines) {
      const p = document.createElement("p");
      p.textContent = text;
      region.append(p);
    }
    while (region.children.length > KEEP) region.firstElementChild?.remove();
  };
  return {
    /**
     * After a drawing: its events, then the turn if it changed.
     * @param {GameEvent[]} events @param {View} view @param {boolean} [several] pass-and-play
     */
    drawn(events, view, several = false) {
      const out = speechFor(events ?? [], view, said, several);
      said = out.turn;
      add(out.lines);
    },
    /** One sentence (a refused move's notice). @param {string} text */
    say(text) { if (text) add([text]); },
    /** A new match: nothing said yet. */
    clear() { said = ""; region?.replaceChildren(); },
  };
}
