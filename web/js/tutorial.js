// Learn by playing: a guided first hand on a prepared deck (scenarios/tutorial.json, written by
// tools/make_scenarios.py) against two beginners. The newcomer plays a practice match (the
// engine marks it so: the statistics never count it) with the real controls and the site's
// usual flow (the deal and a turn with nothing to choose happen by themselves, and the moments
// between turns pass unless a buy order waits); a short note beside the table reacts to what
// the engine reports (its events and views): the ante, the upcard, auctioning it and the bids,
// the sale, turning up a card, a buy order for a card sight unseen, the skip, an offer for your
// own card refused for you, a haggle, and the end of the hand, which offers "Play a real match".
// No trade the notes ask for loses against the card's fair value (tests/test_scenarios.py
// checks the record with the engine's review). Skippable at any moment; offered on the first
// visit and from the rules panel. The notes explain; every fact in them (names, cards, prices,
// results) is the engine's own.
//
//   import { createTutorial } from "./tutorial.js";
//   const tut = createTutorial({ start: (settings) => startMatch(settings), // true once started
//     onBegin: () => closeTheFirstScreenAndDialogs(), hasOrder: () => orders.size > 0,
//     playReal: () => startAQuickMatch() });
//   watchTable(store, { events: tut.onEvents, drawn: tut.onView }); // site/policy.js watchSite
//   after a buy order is placed: tut.onOrder()
//   tut.offer();          // on a first visit: "Play a guided first hand?"
import { seatName } from "./text.js";

export const LEARN_KEY = "speculation:learn:v1";

/** @returns {{offered?: boolean, done?: boolean}} */
function readLearn() {
  try {
    const s = JSON.parse(localStorage.getItem(LEARN_KEY) ?? "{}");
    // Only what has the right shape is kept (a hand-edited or damaged store is ignored).
    if (!s || typeof s !== "object" || Array.isArray(s)) return {};
    return { ...(s.offered === true ? { offered: true } : {}), ...(s.done === true ? { done: true } : {}) };
  } catch { return {}; }
}
/** @param {{offered?: boolean, done?: boolean}} patch */
function writeLearn(patch) {
  try { localStorage.setItem(LEARN_KEY, JSON.stringify({ ...readLearn(), ...patch })); } catch { /* private mode */ }
}

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/**
 * What a note's text is made from: the event that fired it (none for a view's or an order's
 * note: `ev` is then an empty event, never read), the last view drawn (null before the first),
 * the seat to buy from and the auction's reserve (the record's meta.tutorial).
 * @typedef {{ev: GameEvent, view: View | null, target: number, reserve: number}} StepContext
 */

/**
 * @typedef {object} Step
 * @property {string} id
 * @property {string} [event] fires on the first engine event of this type (that `test` accepts)
 * @property {(ev: GameEvent, view: View | null) => boolean} [test]
 * @property {(view: View) => boolean} [view] fires on the first view drawn that passes
 * @property {boolean} [order] fires when the player has placed a buy order (onOrder)
 * @property {(ctx: StepContext) => string} text `target`: the seat whose
 *   face-down card the guided hand suggests buying (the record's meta.tutorial.offer.target);
 *   `reserve`: the upcard's reserve it suggests (meta.tutorial.reserve)
 */

/** The notes, in the order a newcomer following them meets them. @type {Step[]} */
const STEPS = [
  { id: "ante", event: "ante",
    text: ({ ev }) => `${ev.text} Every player puts an ante into the pot before the cards come out. The pot is the prize: whoever ends the hand holding the best trump takes it.` },
  { id: "upcard", event: "upcard",
    text: ({ ev }) => `${ev.text} Everyone has three cards face down that nobody may look at, their owner included. Only cards turned up count.` },
  { id: "keep-or-sell", view: (v) => v.turn?.kind === "sale" && v.decision?.role === "seller" && v.decision.card === v.upcard,
    text: ({ reserve }) => `The upcard is yours: keep it, or sell it while it is the best trump showing. Any higher trump turned up later beats it, so sell it at auction: choose “Auction”, set the reserve to ${reserve} (a little above its fair value, shown beside the price, so that you cannot sell it for less than it is worth) and press “Start the auction”.` },
  { id: "bid", event: "bid",
    text: ({ ev }) => `${ev.text} In an auction each player in turn bids more than the last bid or passes; the last one left buys the card at their bid.` },
  { id: "sale", event: "sold",
    text: ({ ev }) => `${ev.text} The price goes to the seller, not to the pot.` },
  { id: "reveal", event: "reveal", test: (ev, view) => ev.seat === view?.seat,
    text: ({ ev }) => `${ev.text} When turning up your top card is all you may do, the table does it for you.` },
  { id: "new-best", event: "new_best", test: (ev, view) => ev.seat === view?.seat,
    text: ({ ev, view, target }) => `${ev.text} It is yours, and only a card still face down can beat it. Those may be bought sight unseen between turns: click ${seatName(view, target)}'s face-down cards to place a buy order at their fair value.` },
  { id: "order", order: true,
    text: () => "Your order waits for the next moment between turns; the table then makes the offer for you. Now keep your trump: press the “Keep” button." },
  { id: "bought", event: "bought_facedown",
    text: ({ ev }) => `${ev.text} Nobody knows what it is, not even its new owner: if it is a higher trump, it is now yours and cannot beat you.` },
  { id: "your-skip", event: "reveal", test: (ev, view) => view?.best?.holder === view?.seat && ev.seat !== view?.seat,
    text: ({ ev }) => `${ev.text} While you hold the best trump your own turns are skipped: watch the others try to beat it.` },
  { id: "refused", event: "offer", test: (ev, view) => ev.other === view?.seat,
    text: ({ ev }) => `${ev.text} An offer for one of your face-down cards is answered for you: the table refuses one at or under the card's fair value (the settings change this).` },
  { id: "haggle", event: "counter", test: (ev, view) => ev.seat !== view?.seat,
    text: ({ ev }) => `${ev.text} A counter-offer is a new price: the other side accepts it or breaks off.` },
  { id: "end", event: "hand_won", test: () => true,
    text: ({ ev }) => `${ev.text} That is the whole game: every hand is the same round of antes, turns and trades. The chance of each card winning is always exact; buy at or below its fair value and sell above it.` },
];
const ALSO_END = new Set(["carry_over"]);
/** The `ev` of a note fired by a view, not an event. @type {GameEvent} */
const NO_EVENT = Object.freeze({ type: "deal", text: "" });

/**
 * @param {{start: (settings: any) => Promise<boolean>, onBegin?: () => void, hasOrder?: () => boolean,
 *   playReal?: () => void, url?: URL}} options `start` begins a match with new_match settings
 *   (the site's own) and says whether it did (the player may keep the match in progress
 *   instead); `onBegin` closes whatever covers the table (the first screen, the rules dialog);
 *   `hasOrder`: whether a buy order is waiting; `playReal`: the note's last button, "Play a
 *   real match" (the site's Play)
 */
export function createTutorial({ start, onBegin = () => {}, hasOrder = () => false, playReal = () => {},
  url = new URL("../scenarios/tutorial.json", import.meta.url) }) {
  /** @type {Set<string>} */
  let seen = new Set();
  let active = false;
  /** @type {View | null} */
  let lastView = null;
  /** @type {string[]} */
  let batch = [];
  /** the seat whose face-down card the notes suggest buying, and the upcard's reserve */
  let target = 0;
  let reserve = 1;

  function show(/** @type {string[]} */ paragraphs) {
    noteBox(() => stop(false)).hidden = false;
    const text = /** @type {HTMLElement} */ (document.getElementById("tutorial-text"));
    text.replaceChildren(...paragraphs.map((t) => { const p = document.createElement("p"); p.textContent = t; return p; }));
    // The newest note (the one that says what to do now) from its first line, when the text scrolls.
    const last = /** @type {HTMLElement|null} */ (text.lastElementChild);
    text.scrollTop = last ? last.offsetTop : 0; // relative to the text box (positioned, learn.css)
    /** @type {HTMLElement} */ (document.getElementById("tutorial-progress")).textContent =
      `Step ${Math.min(seen.size, STEPS.length)} of ${STEPS.length}`;
    document.body.dataset.tutorial = [...seen].join(" ");
  }

  function fire(/** @type {Step} */ step, /** @type {{ev: GameEvent, view: View | null}} */ ctx) {
    seen.add(step.id);
    batch.push(step.text({ ...ctx, target, reserve }));
    batch = batch.slice(-4);
  }

  /** The engine's events of one move (watchTable's events). */
  function onEvents(/** @type {GameEvent[]} */ events) {
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

  /** Every view drawn (watchTable's drawn): view-triggered notes, and the view events refer to. */
  function onView(/** @type {View} */ view, /** @type {{controls?: boolean}} */ how = {}) {
    if (!active) return;
    lastView = view;
    for (const step of STEPS) {
      if (!seen.has(step.id) && step.view && step.view(view)) fire(step, { ev: NO_EVENT, view });
    }
    if (batch.length) show(batch);
    // the player's own decision is drawn: the next notes start afresh (an automatic move's
    // drawing, such as a reveal played out for you, keeps the notes gathering)
    if (how.controls && view.to_act === view.seat && view.legal?.length) batch = [];
  }

  /** A buy order was placed (the site calls this after the stack's click or the buy dialog). */
  function onOrder() {
    if (!active || !hasOrder()) return;
    const step = STEPS.find((s) => s.order && !seen.has(s.id));
    if (!step) return;
    batch = [];
    fire(step, { ev: NO_EVENT, view: lastView });
    show(batch);
    batch = []; // the player's decision is still open: the next notes start afresh
  }

  function finish() {
    writeLearn({ done: true, offered: true });
    show(batch);
    document.body.dataset.tutorialDone = "1";
    offerRealMatch(() => { stop(true); playReal(); });
    active = false;
  }

  function stop(/** @type {boolean} */ done) {
    quit();
    writeLearn({ offered: true, ...(done ? { done: true } : {}) });
    document.getElementById("main")?.focus();
  }

  /** The note goes away; the match goes on (a practice match still: never counted). */
  function quit() {
    active = false;
    const box = document.getElementById("tutorial-note");
    if (box) box.hidden = true;
    document.getElementById("tutorial-real")?.remove();
    delete document.body.dataset.tutorial;
  }

  async function begin() {
    onBegin();
    const res = await fetch(url);
    if (!res.ok) throw new Error(`the practice hand could not be loaded (HTTP ${res.status})`);
    const rec = await res.json();
    seen = new Set(); batch = []; lastView = null;
    target = rec.meta?.tutorial?.offer?.target ?? 0;
    reserve = rec.meta?.tutorial?.reserve ?? 1;
    active = true;
    delete document.body.dataset.tutorialDone;
    show(["A practice hand on a prepared deck, against two computer players. You are Fanny and the dealer; the table deals for you. A note here explains each step as it happens."]);
    // A practice match: the engine says so in its views and record, so the statistics never
    // count it and its end offers a real match (issue 26).
    const started = await start({ players: rec.seats, preset: rec.preset, rules: rec.rules, seed: rec.seed, decks: rec.decks,
      practice: true });
    if (!started) { quit(); return; } // the player kept the match in progress
    writeLearn({ offered: true });
  }

  /** The entry in the rules panel (made once). */
  function wireRulesEntry() { addRulesEntry(begin); }

  /** On a first visit: a small invitation above the set-up form. */
  function offer() { invite(begin); }

  return { onEvents, onView, onOrder, begin, offer, wireRulesEntry, stop, get active() { return active; } };
}

/**
 * The note beside the table, made the first time it is shown.
 * @param {() => void} onSkip its "Skip the tutorial"
 * @returns {HTMLElement}
 */
function noteBox(onSkip) {
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
  text.tabIndex = 0; // its text may scroll (a short screen): the keyboard can scroll it too
  const row = document.createElement("div");
  row.className = "row-buttons";
  const skip = document.createElement("button");
  skip.type = "button";
  skip.id = "tutorial-skip";
  skip.textContent = "Skip the tutorial";
  skip.addEventListener("click", onSkip);
  row.append(skip);
  box.append(h, progress, text, row);
  // Between the table and the line saying whose turn it is (beside the table on a wide
  // screen, learn.css), so that it never covers the cards or the controls it talks about.
  const anchor = document.getElementById("status")?.closest(".turn") ?? document.getElementById("status");
  if (anchor) anchor.before(box); else document.body.append(box);
  return box;
}

/**
 * The finished note's buttons: "Close the tutorial", and before it "Play a real match" (once).
 * @param {() => void} onReal
 */
function offerRealMatch(onReal) {
  const skip = /** @type {HTMLButtonElement} */ (document.getElementById("tutorial-skip"));
  skip.textContent = "Close the tutorial";
  // The way on is a real match (not the practice hand again).
  if (!document.getElementById("tutorial-real")) {
    const real = document.createElement("button");
    real.type = "button";
    real.id = "tutorial-real";
    real.className = "primary";
    real.textContent = "Play a real match";
    real.addEventListener("click", onReal);
    skip.before(real);
  }
}

/** The tutorial's start from a button: an error is the console's (the page goes on). @param {() => Promise<void>} begin */
function beginLogged(begin) {
  begin().catch((err) => console.error(err));
}

/** The entry in the rules panel (made once). @param {() => Promise<void>} begin */
function addRulesEntry(begin) {
  if (document.getElementById("btn-tutorial")) return;
  const title = document.getElementById("rules-title");
  if (!title) return;
  const p = document.createElement("p");
  const b = document.createElement("button");
  b.type = "button";
  b.id = "btn-tutorial";
  b.textContent = "Learn by playing: a guided first hand";
  b.addEventListener("click", () => { beginLogged(begin); });
  p.append(b);
  title.after(p);
}

/** On a first visit: a small invitation above the set-up form. @param {() => Promise<void>} begin */
function invite(begin) {
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
  yes.addEventListener("click", () => { box.remove(); beginLogged(begin); });
  const no = document.createElement("button");
  no.type = "button"; no.textContent = "No thanks";
  no.addEventListener("click", () => { box.remove(); writeLearn({ offered: true }); (document.getElementById("btn-play") ?? setup.querySelector("button"))?.focus(); });
  row.append(yes, no);
  box.append(h, p, row);
  // On the first screen it comes after Play and Custom match, which stay in view.
  if (setup.id === "welcome") setup.append(box);
  else (document.getElementById("setup-title") ?? setup).after(box);
}
