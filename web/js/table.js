// The one table controller, shared by the full site (site.js) and the embeds (embed-frame.js).
// It owns the busy/idle state, drawing, the log, the play loop (the computer's moves and the
// human's), the end of a hand, the match summary and pass-and-play. Every game fact comes from
// the engine; this module only asks, shows and forwards. Nothing here runs at import time.
//
//   const table = createTable({ mode: "site", pace: () => "normal", hooks: { afterMove: save } });
//   table.useEngine(engine, hello);
//   await table.advance();            // play on until a human decides (or the match ends)
import { renderTable, setStatus, seating } from "./render.js";
import { buildControls } from "./controls.js";
import { seatName, promptText, chips } from "./text.js";
import { chipsChart } from "./chart.js";
import { snapshot, playEvents } from "./motion.js";
import { createAnnouncer } from "./announce.js";
import { createHandResult } from "./hand-result.js";

/** Milliseconds a computer player "thinks" before it moves, by the pace setting. */
export const PACE_MS = /** @type {Record<string, number>} */ ({ instant: 0, fast: 350, normal: 1100, slow: 2600 });

/**
 * @typedef {object} TableHooks
 * @property {() => (void|Promise<void>)} [afterMove] after every move (the site saves)
 * @property {(view: any, how: {controls: boolean}) => void} [onDraw] after every drawing (the
 *   embed's bar and size); `controls`: a person's decision was drawn (not an automatic move's)
 * @property {(view: any, hand: any) => void} [onHandEnd] once per newly finished hand
 * @property {(err: any) => void} [onError] something went wrong inside run()
 * @property {() => void} [onHumanMove] before the computer answers a human's move
 * @property {() => void} [onStop] the loop stopped at the end of the match
 * @property {() => HTMLElement[]} [summaryButtons] the buttons under the match summary
 * @property {(events: any[]) => void} [onEvents] the engine's events of each move, as logged
 * @property {(view: any) => ({action: any, note: string|null, usedOrder: boolean} | null)} [standing]
 *   the player's standing answer to a human's decision (standing.js), applied through `act`
 * @property {(answer: {action: any, note: string|null, usedOrder: boolean}, view: any) => void} [onStanding]
 *   after a standing answer was applied (the site shows its note, uses up a buy order)
 * @property {() => boolean} [handover] pass-and-play: show the private hand-over screen
 * @property {(seat: number) => string | null} [buyFrom] the label of a seat's stack when a buy
 *   order may be placed on it with one click (null: not a button)
 * @property {(seat: number) => void} [onBuy] that click
 * @property {() => boolean} [confirmTrades] check trades in a dialog before sending them
 */

/**
 * Make the table controller.
 * @param {object} opts
 * @param {any} [opts.engine] the engine client (engine.js); or later with useEngine
 * @param {Document} [opts.root] where the table's elements are (ids as in index.html)
 * @param {"site"|"embed"} [opts.mode] the site: full end-of-hand table, coach, match summary,
 *   a pause after each hand; the embed: a compact result and no pause
 * @param {() => string} [opts.pace] the current pace name (a key of PACE_MS)
 * @param {number|null} [opts.viewer] the seat whose view is shown (null: a spectator)
 * @param {TableHooks} [opts.hooks]
 * @param {{forEvents: (events: any[]) => unknown, play: (name: any) => unknown} | null} [opts.sound]
 *   the site's sounds (sound.js)
 */
export function createTable({ engine = null, root = document, mode = "site", pace = () => "normal",
  viewer = null, hooks = {}, sound = null } = {}) {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.getElementById(id));
  const site = mode === "site";
  const logCap = site ? 400 : 60;
  let token = 0;
  let pending = 0;
  let ticks = 0;
  /** @type {Promise<unknown>} */
  let chain = Promise.resolve();
  /** the events of the moves made since the last drawing (for motion, banners and sounds) */
  /** @type {any[]} */
  let fresh = [];
  /** when the animations of the last drawing end (performance.now()) */
  let motionUntil = 0;
  let wasMyTurn = false;
  const news = site ? createAnnouncer(root.getElementById("announce"), { pace }) : null;
  // Leaving a hand's panel (Next hand, or the match summary after the last hand) takes its
  // result banner away with it: it would otherwise sit over the summary on a phone.
  const handResult = createHandResult({ root, site, onNext: nextHand, onLeave: () => news?.clear() });

  const table = {
    engine,
    hello: /** @type {any} */ (null),
    mode,
    /** @type {any} */
    view: null,
    /** the human seat that has the device (pass-and-play), or the reader's seat */
    holder: viewer,
    /** whether the computer players move by themselves */
    autoplay: true,
    /** the number of the last hand whose result the humans have been shown */
    seenHand: /** @type {number|null} */ (null),
    /** hands finished in the last view drawn (for onHandEnd) */
    hands: 0,
    /** @type {{text: string, cls: string}[]} */
    logItems: [],
    useEngine, setState, request, run, cancel, advance, draw, log, logEvents, clearLog,
    restoreLog, humanAct, stepBots, reset, playOn,
  };

  function useEngine(/** @type {any} */ e, /** @type {any} */ hello = null) { table.engine = e; table.hello = hello; }

  /** data-state / data-tick let a test (or a curious reader) see when the table has settled. */
  function setState(/** @type {"busy"|"idle"|"failed"} */ state) {
    if (state === "idle") document.body.dataset.tick = String(++ticks);
    document.body.dataset.state = state;
  }

  function request(/** @type {any} */ obj) {
    return table.engine.request(obj);
  }

  /** Run `fn` after the work already queued; the table is busy until the queue is empty. */
  function run(/** @type {(tok: number) => any} */ fn) {
    pending++;
    setState("busy");
    const next = chain.then(async () => {
      try {
        await fn(token);
      } catch (/** @type {any} */ err) {
        console.error(err);
        setStatus(`Something went wrong: ${err?.message ?? err}`);
        hooks.onError?.(err);
      } finally {
        if (--pending === 0) setState("idle");
      }
    });
    chain = next;
    return next;
  }

  /** Stop the loop under way at its next step (its result is no longer wanted). */
  function cancel() { token++; }

  /** Forget the match shown: a new one starts (or is loaded). */
  function reset({ holder = table.holder, seenHand = null, hands = 0 } = {}) {
    table.view = null;
    table.holder = holder;
    table.seenHand = seenHand;
    table.hands = hands;
    fresh = [];
    handResult.reset();
    news?.clear();
    clearLog();
  }

  // ------------------------------------------------------------------ the log

  function log(/** @type {string} */ text, cls = "") {
    if (!text) return;
    table.logItems.push({ text, cls });
    if (table.logItems.length > logCap) table.logItems.splice(0, table.logItems.length - logCap);
    appendLog({ text, cls });
  }
  function appendLog(/** @type {{text: string, cls: string}} */ { text, cls }) {
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    const ol = $("log-list");
    ol.append(li);
    while (ol.children.length > logCap) ol.firstElementChild?.remove();
    $("log").scrollTop = $("log").scrollHeight;
  }
  function logEvents(/** @type {any[]|undefined} */ events = []) {
    for (const ev of events) log(ev.text ?? ev.type, ev.type === "deal" ? "hand-sep" : "");
    hooks.onEvents?.(events);
    fresh.push(...events);
  }
  function clearLog() {
    table.logItems = [];
    $("log-list").replaceChildren();
  }
  function restoreLog(/** @type {{text: string, cls: string}[]} */ items) {
    for (const item of items) log(item.text, item.cls);
  }

  // ------------------------------------------------------------------ drawing

  function humanSeats(/** @type {any} */ view) {
    return (view.seats ?? []).filter((/** @type {any} */ s) => s.kind !== "bot").map((/** @type {any} */ s) => s.seat);
  }
  function isBot(/** @type {any} */ view, /** @type {number} */ seat) {
    return view.seats?.[seat]?.kind === "bot";
  }

  /** The bot's own name beside the seat's ("computer, Mary (casual)"), from hello's catalogue. */
  function decorate(/** @type {any} */ view) {
    for (const s of view.seats ?? []) {
      if (s.kind !== "bot" || s.bot_name) continue;
      const b = table.hello?.bots?.find((/** @type {any} */ x) => x.id === s.bot);
      if (b && b.name !== s.name) s.bot_name = b.name;
    }
    return view;
  }

  /**
   * Draw the table from `view`; with `controls`, the viewer's choices (view.legal).
   * @param {any} view
   * @param {{controls?: boolean, thinking?: number|null}} [how]
   */
  function draw(view, { controls = false, thinking = null } = {}) {
    decorate(view);
    const prev = table.view;
    table.view = view;
    const built = controls ? buildControls(view, (/** @type {any} */ a) => run(() => humanAct(a)),
      { confirm: !!hooks.confirmTrades?.() }) : null;
    const shot = snapshot();
    renderTable(view, {
      prev, thinking, viewer: table.holder,
      ...seating(view, table.holder, { site }),
      buyFrom: hooks.buyFrom ?? null, onBuy: hooks.onBuy ?? null,
      offerCards: built?.offerCards, onOffer: built?.onOffer,
    });
    const events = fresh;
    fresh = [];
    const ms = playEvents(events, shot, { pace: pace() });
    motionUntil = performance.now() + ms;
    news?.events(events, view);
    news?.panel(view);
    sound?.forEvents(events);
    const myTurn = controls && !!built?.nodes.length;
    if (myTurn && !wasMyTurn) sound?.play("turn");
    wasMyTurn = myTurn;
    const box = $("controls");
    const hadFocus = box.contains(document.activeElement);
    box.replaceChildren(...(built?.nodes ?? []));
    // Replacing the controls must not drop the keyboard focus on the page's body.
    if (built?.nodes.length && (hadFocus || document.activeElement === document.body)) {
      queueMicrotask(() => { if (!box.contains(document.activeElement)) focusControls(); });
    }
    if (site && built?.nodes.length) {
      const advice = adviceGroup(view.seat);
      const row = box.querySelector(".control-buttons");
      if (row) row.append(...advice.childNodes); else box.append(advice);
    }
    let status = promptText(view);
    if (thinking != null) status = `${seatName(view, thinking)} is thinking… ${status}`;
    const mine = !!built?.nodes.length && view.prompt && view.prompt.seat === view.seat;
    if (mine) {
      // The banner: whose decision it is, in the engine's own words to that seat.
      const who = humanSeats(view).length > 1 ? `${seatName(view, view.seat)}'s turn` : "Your turn";
      status = `${who}: ${view.prompt.you}`;
    }
    $("status").classList.toggle("is-your-turn", !!mine);
    setStatus(status);
    // the end of a hand: its panel holds the one way on, so the controls wait behind it
    if (handResult.show(view) && site) box.replaceChildren();
    showSummary(view);
    const finished = view.hands?.length ?? 0;
    if (finished > table.hands && view.last_hand) hooks.onHandEnd?.(view, view.last_hand);
    table.hands = finished;
    hooks.onDraw?.(view, { controls: !!built?.nodes.length });
    return built;
  }

  /** "What is it worth?": the engine's coach for the seat deciding (fair value and a suggestion). */
  function adviceGroup(/** @type {number} */ seat) {
    const g = document.createElement("div");
    g.className = "control-group advice";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "What is it worth?";
    b.className = "advice-btn";
    const out = document.createElement("p");
    out.className = "hint advice-text";
    out.setAttribute("aria-live", "polite");
    b.addEventListener("click", async () => {
      b.disabled = true;
      const r = await request({ op: "coach", seat });
      b.disabled = false;
      if (!r.ok) { out.textContent = r.error?.message ?? "No advice is available."; return; }
      const a = r.advice ?? {};
      out.textContent = a.summary || a.suggestion || "No advice is available.";
    });
    g.append(b, out);
    return g;
  }

  /** The match summary (the site only): the engine's sentence, the chips chart, what next. */
  function showSummary(/** @type {any} */ view) {
    const box = $("match-summary");
    if (!site || !view.match_over) { box.hidden = true; return; }
    const fresh = box.hidden;
    box.hidden = false;
    // the last hand's panel, when open, keeps the focus (its button leads here)
    if (fresh && !handResult.isOpen()) queueMicrotask(() => $("match-summary-title").focus({ preventScroll: false }));
    const hands = view.hands ?? [];
    const series = (view.seats ?? []).map((/** @type {any} */ s, /** @type {number} */ i) => {
      const values = [hands[0]?.chips_before?.[i] ?? s.chips];
      for (const h of hands) values.push(h.chips_after?.[i] ?? values[values.length - 1]);
      return { name: s.name, values };
    });
    const o = view.match_outcome;
    const p = document.createElement("p");
    p.textContent = o.text;
    const standings = document.createElement("p");
    standings.textContent = o.standings_text;
    const row = document.createElement("div");
    row.className = "row-buttons";
    row.append(...(hooks.summaryButtons?.() ?? []));
    $("match-summary-body").replaceChildren(p, standings, chipsChart(series), row);
  }

  // ------------------------------------------------------------------ the loop

  const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

  /** Play on (a new loop replaces the one under way) until a human decides or the match ends. */
  function advance() {
    cancel();
    return run((tok) => loop(tok));
  }

  /** The same as advance, but inside the work under way (a caller already inside run). */
  function playOn() {
    cancel();
    return loop(token);
  }

  /** The seat whose view is shown between decisions. */
  function viewerSeat(/** @type {any} */ view) {
    return table.holder ?? (view ? humanSeats(view)[0] : null) ?? null;
  }

  /** @param {number} tok @param {any} [given] a view of the viewer already in hand */
  async function loop(tok, given = null) {
    $("handover").hidden = true;
    let view = given;
    for (let guard = 0; guard < 5000 && tok === token; guard++) {
      if (!view) {
        const r = await request({ op: "view", seat: viewerSeat(table.view) });
        if (tok !== token) return;
        if (!r.ok) { setStatus(`The engine could not show the table: ${r.error?.message ?? "unknown error"}`); return; }
        view = r.view;
      }
      const t = view.to_act;
      if (view.match_over || t == null) { draw(view); hooks.onStop?.(); return; }
      const lh = view.last_hand;
      // A hand has just ended (phase "deal" and last_hand): let the humans look at it first;
      // while its panel is open (say a question over it was answered "Keep playing"), the
      // panel's "Next hand" is still the only way on.
      if (site && lh && view.phase === "deal" && (table.seenHand !== lh.number || handResult.isOpen())
          && humanSeats(view).length) {
        draw(view);
        table.seenHand = lh.number;
        handResult.focus();
        return;
      }
      if (lh && view.phase === "deal") table.seenHand = lh.number;
      if (isBot(view, t)) {
        if (!table.autoplay) { draw(view); return; }
        view = await botMove(view, t, tok);
        if (view === false) return;
        continue;
      }
      // A human's decision: the player's standing answers first (they never need the device).
      if (view.seat !== t) {
        const mine = await request({ op: "view", seat: t });
        if (tok !== token) return;
        if (!mine.ok) { setStatus(mine.error?.message ?? "The engine refused to show this seat."); return; }
        view = mine.view;
      }
      const auto = hooks.standing?.(view) ?? null;
      if (auto) {
        view = await standingMove(view, auto, tok);
        if (view === false) return;
        continue;
      }
      // With several humans at one screen, the private hand-over screen is an option.
      if (humanSeats(view).length > 1 && table.holder !== t && hooks.handover?.()) {
        draw(view);
        if (handResult.isOpen()) return; // the result first; its "Next hand" hands over
        handover(view, t);
        return;
      }
      table.holder = t;
      draw(view, { controls: true });
      focusControls();
      return;
    }
  }

  /** The end-of-hand panel's "Next hand": the human dealer deals, or the computer plays on. */
  function nextHand(/** @type {any} */ view) {
    const deal = (view?.legal ?? []).find((/** @type {any} */ t) => t.type === "deal" && t.seat === view.seat);
    if (deal) run(() => humanAct({ type: "deal", seat: deal.seat }));
    else advance();
  }

  /**
   * Apply a standing answer for the seat deciding: the same `act` a click sends.
   * @param {any} view @param {{action: any, note: string|null, usedOrder: boolean}} answer @param {number} tok
   * @returns {Promise<any>}
   */
  async function standingMove(view, answer, tok) {
    // Show what the last move did before the next automatic one (as before a computer's move),
    // so a run of automatic reveals and passes plays out one move at a time, not all at once.
    if (fresh.length) {
      draw(view);
      await sleep(Math.max(0, motionUntil - performance.now()));
      if (tok !== token) return false;
    }
    const res = await request({ op: "act", action: answer.action, viewer: viewerSeat(view) });
    if (tok !== token) return false;
    if (!res.ok) throw new Error(`A standing answer was refused: ${res.error?.message ?? res.error?.code}`);
    if (answer.note) log(answer.note, "auto");
    logEvents(res.events);
    hooks.onStanding?.(answer, view);
    await hooks.afterMove?.();
    return res.view?.seat === viewerSeat(view) ? res.view : null;
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

  function handover(/** @type {any} */ view, /** @type {number} */ seat) {
    $("controls").replaceChildren();
    const name = seatName(view, seat);
    $("handover-title").textContent = `${name}'s decision`;
    $("handover-text").textContent = `Please pass the screen to ${name}. ${promptText(view)}`;
    const go = $("handover-go");
    go.textContent = `I am ${name}: show my choices`;
    $("handover").hidden = false;
    setStatus(`${promptText(view)} Waiting for ${name} to take the screen.`);
    go.onclick = () => { table.holder = seat; $("handover").hidden = true; advance(); };
    go.focus();
  }

  /**
   * The computer at `seat` moves: its reason goes in the log with its own move, before the
   * events that move caused. Returns the viewer's view after it, or false when stopped.
   * @param {any} view @param {number} seat @param {number} tok
   * @returns {Promise<any>}
   */
  async function botMove(view, seat, tok) {
    draw(view, { thinking: seat });
    // think for the pace's time (a deal needs none), and at least until the last move's
    // animations have played
    const think = view.phase !== "deal" ? (PACE_MS[pace()] ?? PACE_MS.normal) : 0;
    await sleep(Math.max(think, motionUntil - performance.now()));
    if (tok !== token) return false;
    const res = await request({ op: "bot", seat, viewer: viewerSeat(view) });
    if (tok !== token) return false;
    if (!res.ok) throw new Error(`${seatName(view, seat)} (computer) could not move: ${res.error?.message ?? res.error?.code}`);
    if (res.reason) log(`${seatName(view, seat)}: “${res.reason}”`, "reason");
    logEvents(res.events);
    await hooks.afterMove?.();
    return res.view?.seat === viewerSeat(view) ? res.view : null;
  }

  /** A human's move from the controls. */
  async function humanAct(/** @type {any} */ action) {
    const tok = token;
    for (const b of $("controls").querySelectorAll("button")) b.disabled = true;
    const res = await request({ op: "act", action, viewer: action.seat });
    if (tok !== token) return;
    if (!res.ok) {
      setStatus(`Not allowed: ${res.error?.message ?? "the engine refused that move"}`);
      for (const b of $("controls").querySelectorAll("button")) b.disabled = false;
      return;
    }
    logEvents(res.events);
    await hooks.afterMove?.();
    hooks.onHumanMove?.();
    cancel();
    await loop(token, res.view?.seat === viewerSeat(res.view) ? res.view : null);
  }

  /** Let the computer make up to `n` moves now (an embed's "Next"), then show the table. */
  async function stepBots(/** @type {number} */ n) {
    cancel();
    const tok = token;
    let view = null;
    for (let i = 0; i < n && tok === token; i++) {
      if (!view) view = (await request({ op: "view", seat: viewerSeat(table.view) })).view;
      if (!view || view.match_over || view.to_act == null || !isBot(view, view.to_act)) break;
      view = await botMove(view, view.to_act, tok);
      if (view === false) return;
    }
    const was = table.autoplay;
    table.autoplay = false;
    try { await loop(tok, view); } finally { table.autoplay = was; }
  }

  return table;
}
