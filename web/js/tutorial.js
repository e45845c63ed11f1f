// Learn by playing: a guided first hand on a prepared deck (scenarios/tutorial.json, written by
// tools/make_scenarios.py). The newcomer plays a real match with the real controls; a short
// note beside the table reacts to what the engine reports (its events and views): the ante,
// the upcard, keeping or selling, a sale, buying a card sight unseen, the skip, turning up a
// card, and the end of the hand. Skippable at any moment; offered on the first visit and from
// the rules panel. The notes explain; every fact in them (names, prices, results) is the
// engine's own.
//
//   import { createTutorial } from "./tutorial.js";
//   const tut = createTutorial({ start: (settings) => startMatch(settings), inMatch: () => ... });
//   hooks: { onEvents: tut.onEvents, onDraw: tut.onView }
//   tut.offer();          // on a first visit: "Play a guided first hand?"
import { ask } from "./dialog.js";
import { seatName } from "./text.js";

export const LEARN_KEY = "speculation:learn:v1";

/** @returns {{offered?: boolean, done?: boolean}} */
function readLearn() {
  try { return JSON.parse(localStorage.getItem(LEARN_KEY) ?? "{}") ?? {}; } catch { return {}; }
}
/** @param {{offered?: boolean, done?: boolean}} patch */
function writeLearn(patch) {
  try { localStorage.setItem(LEARN_KEY, JSON.stringify({ ...readLearn(), ...patch })); } catch { /* private mode */ }
}

/**
 * @typedef {object} Step
 * @property {string} id
 * @property {string} [event] fires on the first engine event of this type (that `test` accepts)
 * @property {(ev: any, view: any) => boolean} [test]
 * @property {(view: any) => boolean} [view] fires on the first view drawn that passes
 * @property {(ctx: {ev: any, view: any}) => string} text
 */

/** The notes, in the order a newcomer following them meets them. @type {Step[]} */
const STEPS = [
  { id: "ante", event: "ante",
    text: () => "Before the cards come out, everyone puts the ante into the pot. The pot is the prize: whoever ends the hand with the best trump takes it." },
  { id: "upcard", event: "upcard",
    text: ({ ev }) => `${ev.text} Everyone has three cards face down that nobody may look at, their owner included. Only cards turned up count.` },
  { id: "keep-or-sell", view: (v) => v.phase === "sale" && v.to_act === v.seat && v.pending?.card === v.upcard,
    text: () => "The upcard is yours: keep it, or sell it now while it is the best trump showing. An eight is beaten by any higher heart turned up later, so try selling it: set the price to 2 and press “Offer for sale”." },
  { id: "sale", event: "sold",
    text: ({ ev }) => `${ev.text} The price goes to the seller, not to the pot; the buyer now holds the best trump and hopes nobody beats it.` },
  { id: "buy-facedown", view: (v) => v.phase === "market" && v.to_act === v.seat && v.legal?.some((/** @type {any} */ t) => t.type === "offer"),
    text: () => "Between turns anyone may bid for a card still face down in someone else's pile, sight unseen. Click Mary's top face-down card (gold edge) and offer 2 chips — or press “Pass (no offer)”." },
  { id: "haggle", event: "counter",
    text: ({ ev, view }) => `${ev.text} A counter-offer is a new price; you may accept it or break off. Accept ${seatName(view, ev.seat)}'s price this time.` },
  { id: "bought", event: "bought_facedown",
    text: ({ ev }) => `${ev.text} Nobody knows what it is — not even the new owner.` },
  { id: "skip", event: "reveal", test: (ev, view) => view?.best?.holder != null && view.best.holder !== ev.seat && view.best.holder !== view.seat,
    text: ({ ev, view }) => `${ev.text} ${seatName(view, view.best.holder)} holds the best trump, so that seat sits out: its turns are skipped while the others turn up cards to try to beat it.` },
  { id: "reveal", view: (v) => v.phase === "reveal" && v.to_act === v.seat,
    text: () => "Your turn: press “Turn up my top card”. If it is a higher trump than the best one showing, it becomes yours to keep or sell." },
  { id: "new-best", event: "new_best", test: (ev, view) => ev.seat === view?.seat,
    text: ({ ev }) => `${ev.text} It is yours now. Keep it this time: press “Keep the king of hearts”.` },
  { id: "your-skip", event: "kept", test: (ev, view) => view?.best?.holder === view?.seat && view?.phase !== "deal",
    text: () => "While you hold the best trump your own turns are skipped: nothing you turn up could help you. Press “Pass (no offer)” when asked, and watch the others try to beat you." },
  { id: "end", event: "hand_won", test: () => true,
    text: ({ ev }) => `${ev.text} That is the whole game: every hand is the same dance of antes, turns and trades. The chance of each card winning is always exact; buy below it and sell above it.` },
];
const ALSO_END = new Set(["carry_over"]);

/**
 * @param {{start: (settings: any) => Promise<unknown>|unknown, inMatch?: () => boolean,
 *   url?: URL}} options `start` begins a match with new_match settings (the site's own)
 */
export function createTutorial({ start, inMatch = () => false, url = new URL("../scenarios/tutorial.json", import.meta.url) }) {
  /** @type {Set<string>} */
  let seen = new Set();
  let active = false;
  /** @type {any} */
  let lastView = null;
  /** @type {string[]} */
  let batch = [];

  function note() {
    let box = document.getElementById("tutorial-note");
    if (box) return box;
    box = document.createElement("aside");
    box.id = "tutorial-note";
    box.className = "tutorial-note";
    box.setAttribute("aria-labelledby", "tutorial-title");
    const h = document.createElement("h2");
    h.id = "tutorial-title";
    h.textContent = "Your first hand";
    const progress = document.createElement("p");
    progress.id = "tutorial-progress";
    progress.className = "tutorial-progress";
    const text = document.createElement("div");
    text.id = "tutorial-text";
    text.setAttribute("aria-live", "polite");
    const row = document.createElement("div");
    row.className = "row-buttons";
    const skip = document.createElement("button");
    skip.type = "button";
    skip.id = "tutorial-skip";
    skip.textContent = "Skip the tutorial";
    skip.addEventListener("click", () => stop(false));
    row.append(skip);
    box.append(h, progress, text, row);
    const anchor = document.getElementById("status");
    if (anchor) anchor.before(box); else document.body.append(box);
    return box;
  }

  function show(/** @type {string[]} */ paragraphs) {
    note().hidden = false;
    const text = /** @type {HTMLElement} */ (document.getElementById("tutorial-text"));
    text.replaceChildren(...paragraphs.map((t) => { const p = document.createElement("p"); p.textContent = t; return p; }));
    /** @type {HTMLElement} */ (document.getElementById("tutorial-progress")).textContent =
      `Step ${Math.min(seen.size, STEPS.length)} of ${STEPS.length}`;
    document.body.dataset.tutorial = [...seen].join(" ");
  }

  function fire(/** @type {Step} */ step, /** @type {{ev: any, view: any}} */ ctx) {
    seen.add(step.id);
    batch.push(step.text(ctx));
    batch = batch.slice(-3);
  }

  /** The engine's events of one move (table hook onEvents). */
  function onEvents(/** @type {any[]} */ events) {
    if (!active) return;
    let ended = false;
    for (const ev of events) {
      for (const step of STEPS) {
        if (seen.has(step.id) || step.event !== ev.type || (step.test && !step.test(ev, lastView))) continue;
        fire(step, { ev, view: lastView });
        if (step.id === "end") ended = true;
      }
      if (ALSO_END.has(ev.type) && !seen.has("end")) { seen.add("end"); batch.push(ev.text); ended = true; }
    }
    if (ended) finish();
    else if (batch.length) show(batch);
  }

  /** Every view drawn (table hook onDraw): view-triggered notes, and the view events refer to. */
  function onView(/** @type {any} */ view) {
    if (!active) return;
    lastView = view;
    for (const step of STEPS) {
      if (!seen.has(step.id) && step.view && step.view(view)) fire(step, { ev: null, view });
    }
    if (batch.length) show(batch);
    if (view.to_act === view.seat && view.legal?.length) batch = []; // the next notes start afresh
  }

  function finish() {
    writeLearn({ done: true, offered: true });
    show(batch);
    document.body.dataset.tutorialDone = "1";
    const skip = /** @type {HTMLButtonElement} */ (document.getElementById("tutorial-skip"));
    skip.textContent = "Close the tutorial";
    active = false;
  }

  function stop(/** @type {boolean} */ done) {
    active = false;
    writeLearn({ offered: true, ...(done ? { done: true } : {}) });
    const box = document.getElementById("tutorial-note");
    if (box) box.hidden = true;
    delete document.body.dataset.tutorial;
    document.getElementById("main")?.focus();
  }

  async function begin() {
    if (inMatch()) {
      const ok = await ask({ title: "Play the practice hand?", okLabel: "Play it",
        text: "The guided first hand replaces the match in progress." });
      if (!ok) return;
    }
    const res = await fetch(url);
    if (!res.ok) throw new Error(`the practice hand could not be loaded (HTTP ${res.status})`);
    const rec = await res.json();
    seen = new Set(); batch = []; lastView = null;
    active = true;
    writeLearn({ offered: true });
    delete document.body.dataset.tutorialDone;
    show(["A practice hand on a prepared deck, against two computer players. You are Fanny, and you deal: press “Deal the hand”. A note here explains each step as it happens."]);
    await start({ players: rec.seats, preset: rec.preset, rules: rec.rules, seed: rec.seed, decks: rec.decks });
  }

  /** The entry in the rules panel (made once). */
  function wireRulesEntry() {
    if (document.getElementById("btn-tutorial")) return;
    const title = document.getElementById("rules-title");
    if (!title) return;
    const p = document.createElement("p");
    const b = document.createElement("button");
    b.type = "button";
    b.id = "btn-tutorial";
    b.textContent = "Learn by playing: a guided first hand";
    b.addEventListener("click", () => { begin().catch((err) => console.error(err)); });
    p.append(b);
    title.after(p);
  }

  /** On a first visit: a small invitation above the set-up form. */
  function offer() {
    if (readLearn().offered || document.getElementById("tutorial-offer")) return;
    // On the first screen (Play / Custom match), or else in the set-up form.
    const setup = document.getElementById("welcome") ?? document.getElementById("setup");
    if (!setup) return;
    const box = document.createElement("section");
    box.id = "tutorial-offer";
    box.className = "tutorial-offer";
    box.setAttribute("aria-labelledby", "tutorial-offer-title");
    const h = document.createElement("h3");
    h.id = "tutorial-offer-title";
    h.textContent = "New to Speculation?";
    const p = document.createElement("p");
    p.className = "tutorial-offer-text";
    p.textContent = "Play one guided hand: a short note explains each step as you make it. It takes about three minutes.";
    const row = document.createElement("div");
    row.className = "row-buttons";
    const yes = document.createElement("button");
    yes.type = "button"; yes.className = "primary"; yes.textContent = "Play the practice hand";
    yes.addEventListener("click", () => { box.remove(); begin().catch((err) => console.error(err)); });
    const no = document.createElement("button");
    no.type = "button"; no.textContent = "No thanks";
    no.addEventListener("click", () => { box.remove(); writeLearn({ offered: true }); (document.getElementById("btn-play") ?? setup.querySelector("button"))?.focus(); });
    row.append(yes, no);
    box.append(h, p, row);
    // On the first screen it comes after Play and Custom match, which stay in view.
    if (setup.id === "welcome") setup.append(box);
    else (document.getElementById("setup-title") ?? setup).after(box);
  }

  return { onEvents, onView, begin, offer, wireRulesEntry, stop, get active() { return active; } };
}
