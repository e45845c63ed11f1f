// The table's views: each subscribes to the match store (match-store.js) and draws its own part
// of the page from the state, and none writes the state except through the callbacks it is
// given (a click on a control, "Next hand", "I am Mary: show my choices"). Drawing a view is
// what a `show` message asks for; the other parts follow the fields they watch (the log, the
// busy state, the status line's notices).
//
//   const views = createTableViews({ store, root: document, site: true, pace, act, nextHand, takeScreen });
//   views.motionLeft();   // ms until the last drawing's animations end (the driver waits for it)
//   views.resultOpen();   // the end-of-hand panel is open
//
// Nothing here runs at import time.
import { renderTable, setStatus, seating } from "./render.js";
import { buildControls } from "./controls.js";
import { decisionKey } from "./control-specs.js";
import { seatName, promptText, turnLine } from "./text.js";
import { chipsChart } from "./chart.js";
import { snapshot, playEvents, keepHolds, finishMotion } from "./motion.js";
import { createAnnouncer } from "./announce.js";
import { createSpeech } from "./speech.js";
import { createHandResult } from "./hand-result.js";
import { el, button } from "./dom.js";
import { humanSeats } from "./driver.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./match-store.js").MatchState} MatchState */
/** @typedef {import("./match-store.js").MatchStore} MatchStore */
/** @typedef {import("./match-store.js").LogItem} LogItem */
/** @typedef {{forEvents: (events: import("./protocol.js").GameEvent[]) => unknown, play: (name: "turn") => unknown}} Sound */

/**
 * @typedef {object} TableViewOptions
 * @property {MatchStore} store
 * @property {Document} [root] where the table's elements are (ids as in index.html)
 * @property {boolean} [site] the full site (coach, match summary, end-of-hand panel) or an embed
 * @property {() => string} [pace]
 * @property {(action: Action) => void} act a person's move from the controls
 * @property {(view: View | null) => void} nextHand the end-of-hand panel's "Next hand"
 * @property {(seat: number) => void} takeScreen pass-and-play: the seat took the screen
 * @property {(req: {op: "coach", seat: number}) => Promise<import("./protocol.js").Response<"coach">>} [coach]
 *   the engine's coach
 * @property {Sound | null} [sound]
 * @property {() => boolean} [confirmTrades] check trades in a dialog before sending them
 * @property {((seat: number) => string | null) | null} [buyFrom]
 * @property {((seat: number) => void) | null} [onBuy]
 * @property {{yourTurn: (text: string) => void} | null} [cue] "your turn" while the page is hidden (turn-cue.js)
 * @property {(view: View, hand: number, box: HTMLElement) => void} [handReview] fills the end-of-hand
 *   panel's review box (the hand's trading score, "Review this hand")
 */

/**
 * The decision the controls on the page were drawn for, and whether a move was sent from them:
 * a `show` that asks the same decision (another friend's move, a seat's status) keeps them,
 * with the price being typed, the focus and the button under the pointer.
 */
function keptControls() {
  /** @type {{key: string, nodes: HTMLElement[], sent: boolean}} */
  let drawn = { key: "", nodes: [], sent: false };
  return {
    /**
     * The controls for `view` (none unless `wanted`): those on the page when they were drawn
     * for the same decision, unused and still there, else new ones (`fresh`, to be placed).
     * @param {View} view @param {boolean} wanted @param {boolean} confirm @param {(a: Action) => void} act
     */
    for(view, wanted, confirm, act) {
      const key = wanted ? decisionKey(view, confirm) : "";
      const same = key !== "" && key === drawn.key && !drawn.sent && drawn.nodes.every((n) => n.isConnected);
      if (same && drawn.nodes.length) return { key, nodes: drawn.nodes, fresh: false };
      return { key, nodes: wanted ? buildControls(view, act, { confirm }).nodes : [], fresh: true };
    },
    /** @param {string} key @param {HTMLElement[]} nodes */
    placed: (key, nodes) => { drawn = { key, nodes, sent: false }; },
    sent: () => { drawn.sent = true; },
  };
}

/**
 * "What is it worth?": the engine's coach for the seat deciding.
 * @param {number | null} seat @param {TableViewOptions["coach"]} coach
 */
function adviceGroup(seat, coach) {
  const g = el("div", "control-group advice");
  const out = el("p", "hint advice-text");
  out.setAttribute("aria-live", "polite");
  const b = button("What is it worth?", async () => {
    if (seat == null || !coach) return;
    b.disabled = true;
    const r = await coach({ op: "coach", seat });
    b.disabled = false;
    if (!r.ok) { out.textContent = r.error?.message ?? "No advice is available."; return; }
    const a = r.advice ?? {};
    out.textContent = a.summary || a.suggestion || "No advice is available.";
    out.tabIndex = 0; // it may scroll in its box on a small screen (layout.css)
  }, "advice-btn");
  g.append(b, out);
  return g;
}

/** Several people share this screen (pass-and-play). @param {number[] | null | undefined} here @param {View} view */
const several = (here, view) => (here ?? humanSeats(view)).length > 1;

/** @param {TableViewOptions} opts */
export function createTableViews(opts) {
  const { store, root = document, site = true, pace = () => "normal" } = opts;
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.getElementById(id));
  /** when the animations of the last drawing end (performance.now()) */
  let motionUntil = 0;
  let wasMyTurn = false;
  const kept = keptControls();
  const news = site ? createAnnouncer(root.getElementById("announce"), { pace }) : null;
  const speech = createSpeech(root.getElementById("speech"));
  // Leaving a hand's panel (Next hand, or the match summary after the last hand) takes its
  // result banner away with it: it would otherwise sit over the summary on a phone.
  // "Next hand" moves on at once: the last hand's motion (the pot to its winner) ends there.
  const nextHand = (/** @type {View | null} */ v) => { finishMotion(); motionUntil = performance.now(); opts.nextHand(v); };
  const handResult = createHandResult({ root, site, onNext: nextHand, onLeave: () => news?.clear(),
    review: opts.handReview });

  /** Draw the table for a `show` message. @param {MatchState} s @param {MatchState} prev */
  function drawTable(s, prev) {
    const view = /** @type {View} */ (s.view);
    const act = (/** @type {Action} */ a) => { kept.sent(); disableControls(true); opts.act(a); };
    const controls = kept.for(view, !!s.controls, !!opts.confirmTrades?.(), act);
    const shot = snapshot();
    renderTable(view, {
      prev: prev.view, thinking: s.thinking, viewer: s.holder,
      ...seating(view, s.holder, { site, here: s.here }),
      buyFrom: opts.buyFrom ?? null, onBuy: opts.onBuy ?? null,
    });
    keepHolds(); // a card still flying stays hidden under its ghost in the new drawing
    news?.events(s.events, view);
    news?.panel(view);
    speech.drawn(s.events, view, several(s.here, view));
    opts.sound?.forEvents(s.events);
    const myTurn = controls.nodes.length > 0;
    if (myTurn && !wasMyTurn) {
      opts.sound?.play("turn");
      opts.cue?.yourTurn(view.prompt?.you ?? "It is your turn.");
    }
    wasMyTurn = myTurn;
    if (controls.fresh) kept.placed(controls.key, placeControls(view, controls.nodes));
    showStatus(view, s.thinking, myTurn);
    // the end of a hand: its panel holds the one way on, so the controls wait behind it
    if (handResult.show(view) && site) $("controls").replaceChildren();
    if (site) {
      showSummary(root, view, { resultOpen: handResult.isOpen });
      oneEndPanel(root, !!view.match_over);
    } else $("match-summary").hidden = true;
    // the move's motion last, once the controls and panels are in place: a ghost measured
    // before them would play where a card was before the table moved (issue 26)
    const ms = playEvents(s.events, shot, { pace: pace() });
    // a drawing with nothing to animate does not cut short the motion still playing
    motionUntil = Math.max(motionUntil, performance.now() + ms);
    $("handover").hidden = s.handover == null;
    if (s.handover != null) showHandover(view, s.handover);
    else if (s.focus === "controls") focusControls();
    else if (s.focus === "result") handResult.focus();
  }

  /** @param {View} view @param {HTMLElement[]} nodes @returns {HTMLElement[]} the nodes placed */
  function placeControls(view, nodes) {
    const box = $("controls");
    const hadFocus = box.contains(document.activeElement);
    box.replaceChildren(...nodes);
    // Replacing the controls must not drop the keyboard focus on the page's body.
    if (nodes.length && (hadFocus || document.activeElement === document.body)) {
      queueMicrotask(() => { if (!box.contains(document.activeElement)) focusControls(); });
    }
    if (site && nodes.length) {
      const advice = adviceGroup(view.seat, opts.coach);
      const row = box.querySelector(".control-buttons");
      if (row) row.append(...advice.childNodes); else box.append(advice);
    }
    return nodes;
  }

  /** The status line: whose decision it is, in the engine's own words to that seat. */
  function showStatus(/** @type {View} */ view, /** @type {number | null} */ thinking, /** @type {boolean} */ myTurn) {
    const here = store.getState().here;
    let status = promptText(view);
    if (thinking != null) status = `${seatName(view, thinking)} is thinking… ${status}`;
    const mine = myTurn && !!view.prompt && view.prompt.seat === view.seat;
    if (mine) status = turnLine(view, several(here, view));
    $("status").classList.toggle("is-your-turn", mine);
    setStatus(status);
  }

  /** Pass-and-play: ask the table to pass the screen to `seat`. @param {View} view @param {number} seat */
  function showHandover(view, seat) {
    $("controls").replaceChildren();
    const name = seatName(view, seat);
    $("handover-title").textContent = `${name}'s decision`;
    $("handover-text").textContent = `Please pass the screen to ${name}. ${promptText(view)}`;
    const go = $("handover-go");
    go.textContent = `I am ${name}: show my choices`;
    setStatus(`${promptText(view)} Waiting for ${name} to take the screen.`);
    go.onclick = () => { $("handover").hidden = true; opts.takeScreen(seat); };
    go.focus();
  }

  function focusControls() {
    const active = document.activeElement;
    // Keep the focus where the player put it, unless it was lost (to the body, a hidden panel
    // such as the hand-over's, or a replaced control).
    const lost = !active || active === document.body || !active.isConnected || !!active.closest("[hidden]");
    if (!lost && !$("controls").contains(active) && active.id !== "main") return;
    const first = /** @type {HTMLElement|null} */ ($("controls").querySelector("[data-default]")
      ?? $("controls").querySelector("button, input"));
    first?.focus({ preventScroll: true });
  }

  function disableControls(/** @type {boolean} */ off) {
    for (const b of $("controls").querySelectorAll("button")) b.disabled = off;
  }

  createBusyView(store, document.body);
  createLogView(store, $("log"), $("log-list"));
  store.subscribe((s, prev, msg) => {
    if (s.notice && s.notice !== prev.notice) {
      setStatus(s.notice.text);
      if (s.notice.refused) { disableControls(false); speech.say(s.notice.text); }
    }
    if (msg.type === "reset") { handResult.reset(); news?.clear(); speech.clear(); }
    if (msg.type === "show") drawTable(s, prev);
  });

  return {
    /** ms until the last drawing's animations end */
    motionLeft: () => Math.max(0, motionUntil - performance.now()),
    resultOpen: () => handResult.isOpen(),
    focusControls,
  };
}

/**
 * One end-of-match panel: after the last hand its result (#hand-result) goes inside the match
 * summary, under its title, instead of a second panel over it; back in its place otherwise.
 * @param {Document} root @param {boolean} over
 */
function oneEndPanel(root, over) {
  const result = root.getElementById("hand-result"), summary = root.getElementById("match-summary");
  if (!result || !summary) return;
  const inside = result.parentElement === summary;
  if (over && !inside) root.getElementById("match-summary-title")?.after(result);
  else if (!over && inside) summary.before(result);
}

/**
 * The match summary (the site only): the engine's sentence, the chips chart, and an empty row
 * for what comes next (its buttons are the page's: `createSummaryButtons`).
 * @param {Document} root @param {View} view
 * @param {{resultOpen: () => boolean}} how
 */
export function showSummary(root, view, { resultOpen }) {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.getElementById(id));
  const box = $("match-summary");
  if (!view.match_over || !view.match_outcome) { box.hidden = true; return; }
  const fresh = box.hidden;
  box.hidden = false;
  // the last hand's panel, when open, keeps the focus (its button leads here)
  if (fresh && !resultOpen()) queueMicrotask(() => $("match-summary-title").focus({ preventScroll: false }));
  const hands = view.hands ?? [];
  const series = (view.seats ?? []).map((s, i) => {
    const values = [hands[0]?.chips_before?.[i] ?? s.chips];
    for (const h of hands) values.push(h.chips_after?.[i] ?? values[values.length - 1]);
    return { name: s.name, values };
  });
  const o = view.match_outcome;
  const row = el("div", "row-buttons");
  $("match-summary-body").replaceChildren(el("p", null, o.text), el("p", null, o.standings_text),
    chipsChart(series), row);
}

/**
 * The buttons under the match summary, the page's own view of what comes next (the site's
 * rematches and review, a guest's "Leave the table"): drawn into the summary's row after
 * each drawing of a finished match. Made after the table, whose drawing makes that row first.
 * @param {MatchStore} store @param {() => HTMLElement[]} buttons @param {Document} [root]
 * @returns {() => void} unsubscribe
 */
export function createSummaryButtons(store, buttons, root = document) {
  return store.subscribe((s, prev, msg) => {
    if (msg.type !== "show" || !s.view?.match_over || !s.view.match_outcome) return;
    root.querySelector("#match-summary-body > .row-buttons")?.replaceChildren(...buttons());
  });
}

/**
 * The table's busy state on the page: data-state, and data-tick counting the times it became
 * idle, let a test (or a curious reader) see when the table has settled.
 * @param {MatchStore} store @param {HTMLElement} target
 */
export function createBusyView(store, target) {
  return store.subscribe((s, prev) => {
    if (s.busy === prev.busy && s.tick === prev.tick) return;
    if (s.tick !== prev.tick) target.dataset.tick = String(s.tick);
    target.dataset.state = s.busy;
  });
}

/**
 * The log: new items appended, all of it again when it was cleared or replaced, scrolled to the
 * newest.
 * @param {MatchStore} store @param {HTMLElement} box the scrolling box @param {HTMLElement} list its <ol>
 */
export function createLogView(store, box, list) {
  return store.subscribe((s, prev) => {
    if (s.log === prev.log && s.logEpoch === prev.logEpoch) return;
    const again = s.logEpoch !== prev.logEpoch;
    if (again) list.replaceChildren();
    const known = again ? [] : prev.log;
    // the log keeps its last `logCap` items: what is new is what follows the last one known
    const last = known[known.length - 1];
    const from = last ? s.log.lastIndexOf(last) + 1 : 0;
    for (const { text, cls } of s.log.slice(from)) list.append(el("li", cls || null, text));
    while (list.children.length > s.logCap) list.firstElementChild?.remove();
    box.scrollTop = box.scrollHeight;
  });
}
