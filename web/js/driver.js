// The play driver: the loop that plays the computer players' moves, applies the player's
// standing answers and stops where a person decides (or where a hand ends and people should see
// it), and the moves a person makes. Plain async functions of a context `{store, engine,
// policy}` with no DOM: what to draw goes to the store (match-store.js) as `show` messages, and
// whatever needs the page (how long to think, whether a panel is open, saving) is asked of the
// policy. The engine is anything with `request(obj)` answering the bridge's protocol: the local
// worker (engine.js), the real wheel in Node or a scripted fake in a unit test (a guest at a
// friend's table runs no driver: net/guest.js). tests/js/driver.test.mjs runs it with no browser.
//
//   const driver = createDriver({ store, engine, policy: { site: true, thinkMs: () => 700 } });
//   await driver.advance();              // play on until a person decides or the match ends
//   await driver.run(() => driver.humanAct({ type: "keep", seat: 0 }));

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Request} Request */
/** @typedef {import("./protocol.js").Op} Op */
/** @typedef {import("./match-store.js").MatchStore} MatchStore */

/**
 * What the driver needs of an engine: the bridge's request, answered asynchronously.
 * @typedef {{request: <R extends Request>(obj: R) => Promise<import("./protocol.js").Response<R["op"]>>}} EngineLike
 */

/** @typedef {import("./match-store.js").StandingAnswer} StandingAnswer */

/**
 * The page's part in the loop. Every member is optional; the defaults suit a test or a
 * headless host (no pauses, no standing answers, no hand-over).
 * @typedef {object} Policy
 * @property {boolean} [pauseAtHandEnd] stop after a hand so people can look at its result
 *   (the site; an embed plays on)
 * @property {(view: View) => number} [thinkMs] how long a computer player thinks before it moves
 * @property {() => number} [motionLeft] ms until the last drawing's animations end
 * @property {(ms: number) => Promise<void>} [sleep]
 * @property {(view: View) => (StandingAnswer | null | Promise<StandingAnswer | null>)} [standing]
 *   the player's standing answer to a person's decision, applied through `act`
 * @property {() => boolean} [handover] pass-and-play: show the private hand-over screen
 * @property {() => boolean} [resultOpen] the end-of-hand panel is open
 * @property {() => (void | Promise<void>)} [afterMove] after every move (the site saves)
 * @property {() => void} [onHumanMove] before the computer answers a person's move
 * @property {(err: unknown) => void} [onError] something went wrong inside `run`
 * @property {(seat: number) => string | null} [standIn] the computer player (a bot id) that
 *   plays a person's seat for now (a friend who left the table), or null
 */

/**
 * @typedef {object} DriverContext
 * @property {MatchStore} store
 * @property {() => EngineLike} engine the engine in use (it may be replaced between matches)
 * @property {Policy} policy
 * @property {(tok: number) => boolean} live whether the loop holding `tok` is still wanted
 */

const realSleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** The seats people play. @param {View | null} view @returns {number[]} */
export function humanSeats(view) {
  return (view?.seats ?? []).filter((s) => s.kind !== "bot").map((s) => s.seat);
}

/** @param {View} view @param {number} seat */
function isBot(view, seat) {
  return view.seats?.[seat]?.kind === "bot";
}

/** The people's seats played on this device (store's `here`, else every person's seat). @param {DriverContext} ctx @param {View | null} view */
export function seatsHere(ctx, view) {
  return ctx.store.getState().here ?? humanSeats(view);
}

/** Whether a person's seat is played on this device. @param {DriverContext} ctx @param {number} seat */
function isHere(ctx, seat) {
  const here = ctx.store.getState().here;
  return here == null || here.includes(seat);
}

/** The seat whose view is shown between decisions. @param {DriverContext} ctx @param {View | null} view */
export function viewerSeat(ctx, view) {
  return ctx.store.getState().holder ?? seatsHere(ctx, view)[0] ?? null;
}


/** The seat's name for error sentences. @param {View} view @param {number} seat */
function nameOf(view, seat) {
  return view.seats?.[seat]?.name ?? `Seat ${seat + 1}`;
}

/**
 * Play on from `given` (or a fresh view) until a person decides, a hand's end wants looking at,
 * the match ends, or the loop is no longer wanted.
 * @param {DriverContext} ctx @param {number} tok @param {View | null} [given]
 */
export async function loop(ctx, tok, given = null) {
  const { store, policy } = ctx;
  let view = given;
  for (let guard = 0; guard < 5000 && ctx.live(tok); guard++) {
    if (!view) {
      const r = await ctx.engine().request({ op: "view", seat: viewerSeat(ctx, store.getState().view) });
      if (!ctx.live(tok)) return;
      if (!r.ok) { store.dispatch({ type: "notice", text: `The engine could not show the table: ${r.error?.message ?? "unknown error"}` }); return; }
      view = r.view;
    }
    const t = view.to_act;
    if (view.match_over || t == null) { store.dispatch({ type: "show", view, end: true }); return; }
    const lh = view.last_hand;
    // A hand has just ended: let people look at it first; while its panel is open (say a
    // question over it was answered "Keep playing"), the panel's "Next hand" is the only way on.
    if (lh && view.stage === "hand_over") {
      const unseen = store.getState().seenHand !== lh.number || !!policy.resultOpen?.();
      if (policy.pauseAtHandEnd && unseen && seatsHere(ctx, view).length) {
        store.dispatch({ type: "show", view, focus: "result" });
        store.dispatch({ type: "seen_hand", number: lh.number });
        return;
      }
      store.dispatch({ type: "seen_hand", number: lh.number });
    }
    if (isBot(view, t)) {
      if (!store.getState().autoplay) { store.dispatch({ type: "show", view }); return; }
      const next = await botMove(ctx, view, t, tok);
      if (next === false) return;
      view = next;
      continue;
    }
    // A person's decision: the player's standing answers first (they never need the device).
    if (view.seat !== t) {
      const mine = await ctx.engine().request({ op: "view", seat: t });
      if (!ctx.live(tok)) return;
      if (!mine.ok) { store.dispatch({ type: "notice", text: mine.error?.message ?? "The engine refused to show this seat." }); return; }
      view = mine.view;
    }
    const auto = (await policy.standing?.(view)) ?? null;
    if (!ctx.live(tok)) return;
    if (auto) {
      const next = await standingMove(ctx, view, auto, tok);
      if (next === false) return;
      view = next;
      continue;
    }
    // A friend's seat on another device: the table waits for their move (hosting.js brings
    // it), unless a computer player stands in for a friend who left.
    const standIn = isHere(ctx, t) ? null : policy.standIn?.(t) ?? null;
    if (standIn) {
      const next = await botMove(ctx, view, t, tok, standIn);
      if (next === false) return;
      view = next;
      continue;
    }
    if (!isHere(ctx, t)) {
      const mine = await ctx.engine().request({ op: "view", seat: viewerSeat(ctx, view) });
      if (!ctx.live(tok)) return;
      if (mine.ok) store.dispatch({ type: "show", view: mine.view });
      return;
    }
    // With several people at one screen, the private hand-over screen is an option.
    if (seatsHere(ctx, view).length > 1 && store.getState().holder !== t && policy.handover?.()) {
      store.dispatch({ type: "show", view });
      if (policy.resultOpen?.()) return; // the result first; its "Next hand" hands over
      store.dispatch({ type: "show", view, handover: t });
      return;
    }
    store.dispatch({ type: "holder", seat: t });
    store.dispatch({ type: "show", view, controls: true, focus: "controls" });
    return;
  }
}

/**
 * Wait before an automatic move: at least until the last drawing's animations end.
 * @param {DriverContext} ctx @param {number} ms
 */
function pause(ctx, ms) {
  const left = Math.max(ms, ctx.policy.motionLeft?.() ?? 0);
  return left > 0 ? (ctx.policy.sleep ?? realSleep)(left) : Promise.resolve();
}

/** The share for an offer in a market window and an auction's bid while a person is still in it (see `thinkFor`). */
export const AMONG_BOTS = 0.4;
/**
 * The share for a move that only computer players are still making, people watching: an
 * auction's bid once no person is left in the bidding, and a haggle or firm sale between two
 * of them over the upcard (see `thinkFor`).
 */
export const BOTS_ONLY = 0.2;
/**
 * The share of the pace's thinking time a computer player takes before a move, by what it is
 * asked (the engine's `view.turn.kind`): a deal takes none, turning up a card (the only thing it may do) a little, its motion
 * being most of the pause; whether to sell a new best trump it has just turned up, `AMONG_BOTS`:
 * the card's ring (motion.js) has held the table already, and what it chooses is said in the
 * log, an auction or haggle opening its panel. See `thinkFor` for the rest.
 * @type {Record<string, number>}
 */
export const THINK_SHARE = { deal: 0, reveal: 0.2, sale: AMONG_BOTS };

/**
 * The seats a haggle or firm sale under way involves, as the engine states them
 * (`view.turn.parties`: a haggle's two sides, a firm sale's seller and the seat asked); none
 * for any other turn (an auction's pace depends on its bidders: `thinkFor`).
 * @param {View} view @returns {number[]}
 */
function tradeSeats(view) {
  const turn = view.turn;
  return turn && (turn.kind === "haggle" || turn.kind === "firm") ? turn.parties : [];
}

/**
 * How long (ms) the computer at `seat` seems to think before its move in `view`, and whether
 * the move is `quiet`. The pace's full time is for a choice a person may want to follow or
 * answer; less where there is little to take in. In a market window it is asked to move only if
 * it passes (`apply: "if_pass"`; anything else it only names, changing nothing): a pass changes
 * nothing on the table, so it is quiet: made at once, in that one request (`moved` is its
 * answer), with no "Thinking" drawn and no wait for the motion still playing, so a window
 * everybody passes costs no waiting; an offer takes no thinking time either, only the motion
 * still playing: to a person it is either refused at once by their standing answer (issue 45,
 * item 3: experts' offers refused one after another each cost 40% of the pace) or put to them as
 * a decision of their own, with its fair value beside it; to another computer player it opens a
 * haggle that plays out at once.
 * An auction's bids go at `AMONG_BOTS` of the pace while a person is still in the bidding, and at
 * `BOTS_ONLY` once nobody left in it is a person (the seller, say, watching the price rise); a
 * haggle or firm sale with no person in it goes at `BOTS_ONLY` too: its panel lists every price
 * named and its end has a banner, so nothing is missed by going quicker; a haggle between two
 * of them over a face-down card, after its offer, takes no time at all.
 * @param {DriverContext} ctx @param {View} view @param {number} seat @param {string | null} standIn
 * @param {number | null} [viewer] whose view a move made at once sends back
 * @returns {Promise<{ms: number, quiet: boolean, moved?: any}>}
 */
export async function thinkFor(ctx, view, seat, standIn, viewer = null) {
  const full = ctx.policy.thinkMs?.(view) ?? 0;
  const wait = (/** @type {number} */ ms) => ({ ms, quiet: false });
  if (full <= 0) return wait(0);
  const turn = view.turn ?? null;
  if (turn && turn.kind in THINK_SHARE) return wait(Math.round(full * THINK_SHARE[turn.kind]));
  const bots = (/** @type {number[]} */ seats) => seats.every((s) => s != null && isBot(view, s));
  const quick = Math.round(full * AMONG_BOTS);
  if (turn?.kind === "market") {
    /** @type {import("./protocol.js").BotRequest} */
    const ask = { op: "bot", seat, viewer, apply: "if_pass" };
    const peek = await ctx.engine().request(standIn ? { ...ask, stand_in: standIn } : ask);
    if (!peek.ok) return wait(full);
    const a = peek.action;
    if (a?.type === "pass") return { ms: 0, quiet: true, moved: peek };
    return wait(0); // an offer (above)
  }
  // A bid in an auction goes quicker even with a person in it: the panel beside the centre
  // names the high bid and its bidder, so a person who bids next has it in front of them, and
  // the log keeps every bid (at the full pace, an auction of four made you wait 7 s). Once no
  // person is left in the bidding, quicker still: a one-chip war of three computer players for
  // your card took 4 s at 40% (issue 26: 5 s at most between your decisions).
  const watching = Math.round(full * BOTS_ONLY);
  if (turn?.kind === "auction") {
    const bidders = turn.bidders;
    return wait(bidders.length && bots(bidders) ? watching : quick);
  }
  if (turn?.kind === "confirm") return wait(quick);
  const seats = tradeSeats(view);
  if (!seats.length || !bots(seats)) return wait(full);
  // A haggle between two computer players over a face-down card plays out at once after the
  // offer (which took its time): nobody at the table can see the card, the page shows no panel
  // for it (announce.js), and its end, a purchase, has a banner and a motion.
  return wait(turn?.kind === "haggle" && turn.facedown ? 0 : watching);
}

/**
 * The computer at `seat` moves: its reason goes in the log with its own move, before the events
 * that move caused. Returns the viewer's view after it (null: ask for one), or false when stopped.
 * @param {DriverContext} ctx @param {View} view @param {number} seat @param {number} tok
 * @param {string | null} [standIn] a computer player standing in for a person's seat
 * @returns {Promise<View | null | false>}
 */
export async function botMove(ctx, view, seat, tok, standIn = null) {
  const { store, policy } = ctx;
  // think (see thinkFor), and at least until the animations end; a quiet move at once
  const { ms, quiet, moved } = await thinkFor(ctx, view, seat, standIn, viewerSeat(ctx, view));
  if (!ctx.live(tok)) return false;
  if (!quiet) {
    store.dispatch({ type: "show", view, thinking: seat });
    await pause(ctx, ms);
    if (!ctx.live(tok)) return false;
  } else if (store.getState().pending.length) {
    store.dispatch({ type: "show", view }); // what the last move did starts to show meanwhile
  }
  const viewer = viewerSeat(ctx, view);
  const res = moved ?? await ctx.engine().request(standIn ? { op: "bot", seat, viewer, stand_in: standIn } : { op: "bot", seat, viewer });
  if (!ctx.live(tok)) return false;
  if (!res.ok) throw new Error(`${nameOf(view, seat)} (computer) could not move: ${res.error?.message ?? res.error?.code}`);
  if (res.reason) store.dispatch({ type: "log", text: `${nameOf(view, seat)}: “${res.reason}”`, cls: "reason" });
  store.dispatch({ type: "events", events: res.events ?? [] });
  await policy.afterMove?.();
  return res.view && res.view.seat === viewer ? res.view : null;
}

/**
 * Apply a standing answer for the seat deciding: the same `act` a click sends.
 * @param {DriverContext} ctx @param {View} view @param {StandingAnswer} answer @param {number} tok
 * @returns {Promise<View | null | false>}
 */
export async function standingMove(ctx, view, answer, tok) {
  const { store, policy } = ctx;
  // Show what the last move did before the next automatic one (as before a computer's move),
  // so a run of automatic reveals and passes plays out one move at a time, not all at once.
  if (store.getState().pending.length) store.dispatch({ type: "show", view });
  // a pass changes nothing on the table, so it is made at once; anything else after the motion
  // still playing (a computer player's quiet pass before it may have left one)
  if (answer.action.type !== "pass") {
    await pause(ctx, 0);
    if (!ctx.live(tok)) return false;
  }
  const viewer = viewerSeat(ctx, view);
  const res = await ctx.engine().request({ op: "act", action: answer.action, viewer });
  if (!ctx.live(tok)) return false;
  if (!res.ok) throw new Error(`A standing answer was refused: ${res.error?.message ?? res.error?.code}`);
  store.dispatch({ type: "standing", seat: view.seat, answer }); // its note logged, an order it sent used
  store.dispatch({ type: "events", events: res.events });
  await policy.afterMove?.();
  return res.view?.seat === viewer ? res.view : null;
}

/**
 * A person's move. A refusal leaves the table as it was, with the engine's sentence.
 * @param {DriverContext} ctx @param {Action} action @param {number} tok
 * @returns {Promise<View | null | false>} the view to play on from, or false (refused or stopped)
 */
export async function humanMove(ctx, action, tok) {
  const { store, policy } = ctx;
  const res = await ctx.engine().request({ op: "act", action, viewer: action.seat });
  if (!ctx.live(tok)) return false;
  if (!res.ok) {
    store.dispatch({ type: "notice", text: `Not allowed: ${res.error?.message ?? "the engine refused that move"}`, refused: true });
    return false;
  }
  store.dispatch({ type: "events", events: res.events });
  await policy.afterMove?.();
  policy.onHumanMove?.();
  return res.view && res.view.seat === viewerSeat(ctx, res.view) ? res.view : null;
}

/**
 * A friend's move from another device (the host's side): the same `act` a click sends, with
 * the host's own view back; a refusal goes back to the friend and changes nothing here.
 * @param {DriverContext} ctx @param {Action} action @param {number} tok
 * @returns {Promise<{ok: true, view: View | null} | {ok: false, code: string, message: string} | false>}
 */
export async function remoteMove(ctx, action, tok) {
  const { store, policy } = ctx;
  const viewer = viewerSeat(ctx, store.getState().view);
  const res = await ctx.engine().request({ op: "act", action, viewer });
  if (!ctx.live(tok)) return false;
  if (!res.ok) return { ok: false, code: res.error?.code ?? "refused", message: res.error?.message ?? "The engine refused that move." };
  store.dispatch({ type: "events", events: res.events });
  await policy.afterMove?.();
  return { ok: true, view: res.view && res.view.seat === viewer ? res.view : null };
}

/**
 * The driver: the loop's functions bound to one context, with the queue that keeps the table's
 * work in order (the store says "busy" until the queue is empty) and the token that stops a loop
 * whose result is no longer wanted.
 * @param {{store: MatchStore, engine: EngineLike | (() => EngineLike), policy?: Policy}} opts
 */
export function createDriver({ store, engine, policy = {} }) {
  let token = 0;
  let pending = 0;
  /** @type {Promise<unknown>} */
  let chain = Promise.resolve();
  /** @type {DriverContext} */
  const ctx = {
    store, policy,
    engine: typeof engine === "function" ? engine : () => engine,
    live: (tok) => tok === token,
  };

  /** Run `fn` after the work already queued; the table is busy until the queue is empty. @param {(tok: number) => unknown} fn */
  function run(fn) {
    pending++;
    store.dispatch({ type: "busy", state: "busy" });
    const next = chain.then(async () => {
      try {
        await fn(token);
      } catch (err) {
        console.error(err);
        store.dispatch({ type: "notice", text: `Something went wrong: ${err instanceof Error ? err.message : String(err)}` });
        policy.onError?.(err);
      } finally {
        if (--pending === 0) store.dispatch({ type: "busy", state: "idle" });
      }
    });
    chain = next;
    return next;
  }

  /** Stop the loop under way at its next step. */
  function cancel() { token++; }

  /** Play on (a new loop replaces the one under way) until a person decides or the match ends. */
  function advance() {
    cancel();
    return run((tok) => loop(ctx, tok));
  }

  /** The same as advance, but inside the work under way (a caller already inside run). */
  function playOn() {
    cancel();
    return loop(ctx, token);
  }

  /** A person's move from the controls, then play on. @param {Action} action */
  async function humanAct(action) {
    const next = await humanMove(ctx, action, token);
    if (next === false) return;
    cancel();
    await loop(ctx, token, next);
  }

  /**
   * A friend's move from another device, then play on (call inside `run`).
   * @param {Action} action
   * @returns {Promise<{ok: true} | {ok: false, code: string, message: string}>}
   */
  async function friendAct(action) {
    cancel();
    const out = await remoteMove(ctx, action, token);
    if (out === false) return { ok: false, code: "stopped", message: "The table stopped before that move." };
    if (!out.ok) return out;
    await loop(ctx, token, out.view);
    return { ok: true };
  }

  /** The end-of-hand panel's "Next hand": the dealer, if a person, deals; else play on. @param {View | null} view */
  function nextHand(view) {
    const deal = (view?.legal ?? []).find((t) => t.type === "deal" && t.seat === view?.seat);
    if (deal) return run(() => humanAct({ type: "deal", seat: deal.seat }));
    return advance();
  }

  /** Let the computer make up to `n` moves now (an embed's "Next"), then show the table. @param {number} n */
  async function stepBots(n) {
    cancel();
    const tok = token;
    /** @type {View | null} */
    let view = null;
    for (let i = 0; i < n && ctx.live(tok); i++) {
      if (!view) {
        const r = await ctx.engine().request({ op: "view", seat: viewerSeat(ctx, store.getState().view) });
        view = r.ok ? r.view : null;
      }
      if (!view || view.match_over || view.to_act == null || !isBot(view, view.to_act)) break;
      const next = await botMove(ctx, view, view.to_act, tok);
      if (next === false) return;
      view = next;
    }
    const was = store.getState().autoplay;
    store.dispatch({ type: "autoplay", on: false });
    try { await loop(ctx, tok, view); } finally { store.dispatch({ type: "autoplay", on: was }); }
  }

  return { run, cancel, advance, playOn, humanAct, friendAct, nextHand, stepBots, context: ctx, token: () => token };
}

/** @typedef {ReturnType<typeof createDriver>} Driver */
