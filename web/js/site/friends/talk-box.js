// The table's "Say…" box at a friends' table, for the host and for a guest alike: the quick
// phrases and reactions (net/talk.js) as buttons, a line of free text when the host allows it,
// and each line said shown as a bubble by the speaker's seat and in the log. Text only: every
// line is set with textContent.
//
//   const talk = createTalkBox({ say: (what) => guest.say(what), log: (t) => table.log(t, "said") });
//   talk.wire(); talk.show(true);
//   talk.said(1, "Ann", "A fair price!");
import { byId, el } from "../../dom.js";
import { PHRASES, REACTIONS } from "../../net/talk.js";

/** Milliseconds a bubble stays by the seat. */
export const BUBBLE_MS = 5000;

/**
 * @param {object} parts
 * @param {(what: {phrase?: string, text?: string}) => string | null} parts.say sends it; a sentence when refused at once
 * @param {(text: string) => void} parts.log the line in the table's log
 */
export function createTalkBox({ say, log }) {
  const box = () => /** @type {HTMLDetailsElement} */ (byId("talk"));
  const text = () => /** @type {HTMLInputElement} */ (byId("talk-text"));

  /** @param {string} why */
  function problem(why) {
    const e = byId("talk-error");
    e.textContent = why;
    e.hidden = !why;
  }

  /** @param {{phrase?: string, text?: string}} what */
  function send(what) {
    problem(say(what) ?? "");
  }

  function wire() {
    const phrases = Object.entries(PHRASES).map(([id, words]) => phraseButton(words, () => send({ phrase: id })));
    const reactions = Object.entries(REACTIONS).map(([id, words]) => phraseButton(words, () => send({ phrase: id })));
    byId("talk-phrases").replaceChildren(...phrases, ...reactions);
    byId("talk-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (!text().value.trim()) return;
      send({ text: text().value });
      if (byId("talk-error").hidden) text().value = "";
    });
  }

  return {
    wire,
    /** The box at a friends' table only. @param {boolean} on */
    show(on) { box().hidden = !on; },
    /** Free text allowed by the host (the phrases always are). @param {boolean} on */
    allowText(on) { byId("talk-form").hidden = !on; },
    /** Say a refusal from the host beside the box. @param {string} why */
    problem,
    /**
     * A line said at the table: a bubble by the speaker's seat, and the log.
     * @param {number} seat @param {string} name @param {string} words
     */
    said(seat, name, words) {
      log(`${name}: “${words}”`);
      bubble(seat, `${name}: ${words}`);
    },
  };
}

/** @param {string} label @param {() => void} onClick */
function phraseButton(label, onClick) {
  const b = el("button", "", label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/**
 * A bubble over the seat's head for BUBBLE_MS (placed where the seat is now: the seats are
 * redrawn after every move, so the bubble lives in a layer of its own).
 * @param {number} seat @param {string} line
 */
function bubble(seat, line) {
  const layer = byId("said-layer");
  const head = document.querySelector(`#seats [data-seat="${seat}"]`);
  const b = el("p", "said-bubble", line);
  const at = head?.getBoundingClientRect();
  if (at) {
    b.style.left = `${Math.max(4, Math.min(at.left + 8, innerWidth - 240))}px`;
    b.style.top = `${Math.max(4, at.top - 8)}px`;
  } else {
    b.style.left = "8px";
    b.style.top = "8px";
  }
  layer.append(b);
  setTimeout(() => b.remove(), BUBBLE_MS);
}
