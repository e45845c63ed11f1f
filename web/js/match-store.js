// The match store: the one place the table's state lives, and its one writer. The play driver
// (driver.js) and the page's controls change it only by `dispatch`; views (table-view.js, the
// site's tutorial, saves, last view...) `subscribe` and draw from it. No DOM here, so Node's
// test runner checks it (tests/js/match-store.test.mjs).
//
//   const store = createMatchStore({ holder: 0 });
//   const off = store.subscribe((state, prev) => { if (state.view !== prev.view) draw(state.view); });
//   store.dispatch({ type: "events", events: res.events });   // logged, kept for the next drawing
//   store.dispatch({ type: "show", view: res.view });          // a drawing takes them
//   off();

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").HelloAnswer} Hello */
/** @typedef {import("./protocol.js").GameEvent} EngineEvent */

/** @typedef {{text: string, cls: string}} LogItem */

/** A standing answer the driver applied (standing.js). @typedef {import("./standing.js").Answer} StandingAnswer */

/**
 * A person's standing order to buy one of `owner`'s face-down cards at `price` (buy-order.js
 * places it; the standing answers send it at that person's next market window).
 * @typedef {{buyer: number, owner: number, price: number}} BuyOrder
 */

/**
 * @typedef {object} MatchState
 * @property {Hello | null} hello the engine's hello (its presets, options and bot catalogue)
 * @property {View | null} view the view drawn last (null: no match shown)
 * @property {EngineEvent[]} events the events the last drawing shows (motion, banners, sounds)
 * @property {EngineEvent[]} pending events logged since the last drawing (the next one takes them)
 * @property {number} draws how many drawings so far (a view drawn twice is two drawings)
 * @property {boolean} controls the last drawing offers the viewer's choices (view.legal)
 * @property {number | null} thinking the computer seat that is thinking, or null
 * @property {number | null} handover pass-and-play: the seat asked to take the screen, or null
 * @property {"controls" | "result" | null} focus where the last drawing puts the keyboard focus
 * @property {number | null} holder the person's seat that has the device, or the reader's seat
 * @property {boolean} autoplay the computer players move by themselves
 * @property {number[] | null} here the people's seats played on this device (null: every
 *   person's seat, as at one screen); with friends on their own devices, only some are
 * @property {number | null} seenHand the number of the last hand whose result people have seen
 * @property {number} hands hands finished in the last view drawn (a drawing sets it; a view
 *   that finished more hands than the state before it announces the newest)
 * @property {LogItem[]} log the table's log, at most `logCap` items
 * @property {number} logCap
 * @property {number} logEpoch one more each time the log is cleared or replaced (views redraw it)
 * @property {"busy" | "idle" | "failed"} busy
 * @property {number} tick one more each time the table becomes idle (tests wait on it)
 * @property {{text: string, refused: boolean, seq: number} | null} notice the last sentence
 *   for the status line that is not the prompt (an error, a refused move)
 * @property {readonly BuyOrder[]} orders the buy orders waiting, at most one a buyer, in the
 *   order they were first placed; a hand's end takes them all away
 */

/**
 * @typedef {{type: "hello", hello: Hello | null}
 *   | {type: "show", view: View, controls?: boolean, thinking?: number | null,
 *      focus?: "controls" | "result" | null, handover?: number | null, end?: boolean}
 *   | {type: "events", events: EngineEvent[]}
 *   | {type: "log", text: string, cls?: string}
 *   | {type: "clear_log"}
 *   | {type: "holder", seat: number | null}
 *   | {type: "autoplay", on: boolean}
 *   | {type: "here", seats: number[] | null}
 *   | {type: "seen_hand", number: number | null}
 *   | {type: "hands", count: number}
 *   | {type: "reset", holder?: number | null, seenHand?: number | null, hands?: number, here?: number[] | null}
 *   | {type: "busy", state: "busy" | "idle" | "failed"}
 *   | {type: "notice", text: string, refused?: boolean}
 *   | {type: "order", buyer: number, owner: number, price: number}
 *   | {type: "standing", seat: number | null, answer: StandingAnswer}
 *   | {type: "orders_cancel"}} MatchMsg
 */

/** @typedef {(state: MatchState, prev: MatchState, msg: MatchMsg) => void} Listener */

/**
 * A fresh state. @param {Partial<MatchState>} [init] @returns {MatchState}
 */
export function initialState(init = {}) {
  return {
    hello: null, view: null, events: [], pending: [], draws: 0, controls: false, thinking: null,
    handover: null, focus: null, holder: null, autoplay: true, here: null, seenHand: null, hands: 0, log: [],
    logCap: 400, logEpoch: 0, busy: "idle", tick: 0, notice: null, orders: [], ...init,
  };
}

/**
 * The next state: a pure function of the state and one message.
 * @param {MatchState} s @param {MatchMsg} msg @returns {MatchState}
 */
export function reduce(s, msg) {
  switch (msg.type) {
    case "hello": return { ...s, hello: msg.hello };
    case "show": {
      const hands = msg.view.hands?.length ?? 0;
      return {
        ...s, view: msg.view, events: s.pending, pending: [], draws: s.draws + 1, hands,
        controls: !!msg.controls, thinking: msg.thinking ?? null, focus: msg.focus ?? null,
        handover: msg.handover ?? null,
        // an order is for the hand it was placed in
        orders: hands > s.hands && s.orders.length ? [] : s.orders,
      };
    }
    case "events": {
      let log = s.log;
      for (const ev of msg.events) log = addLog(log, ev.text ?? ev.type, ev.type === "deal" ? "hand-sep" : "", s.logCap);
      return { ...s, pending: [...s.pending, ...msg.events], log };
    }
    case "log": return msg.text ? { ...s, log: addLog(s.log, msg.text, msg.cls ?? "", s.logCap) } : s;
    case "clear_log": return { ...s, log: [], logEpoch: s.logEpoch + 1 };
    case "holder": return { ...s, holder: msg.seat };
    case "autoplay": return { ...s, autoplay: msg.on };
    case "here": return { ...s, here: msg.seats ? [...msg.seats] : null };
    case "seen_hand": return { ...s, seenHand: msg.number };
    case "hands": return { ...s, hands: msg.count };
    case "reset": return {
      ...s, view: null, events: [], pending: [], controls: false, thinking: null, handover: null,
      focus: null, holder: msg.holder === undefined ? s.holder : msg.holder, seenHand: msg.seenHand ?? null,
      hands: msg.hands ?? 0, log: [], logEpoch: s.logEpoch + 1, here: msg.here ? [...msg.here] : null,
      orders: [], // another match, or this one drawn afresh: an order placed before is not for it
    };
    case "busy": return { ...s, busy: msg.state, tick: msg.state === "idle" ? s.tick + 1 : s.tick };
    case "notice": return { ...s, notice: { text: msg.text, refused: !!msg.refused, seq: (s.notice?.seq ?? 0) + 1 } };
    case "order": return { ...s, orders: placeOrder(s.orders, { buyer: msg.buyer, owner: msg.owner, price: msg.price }) };
    case "standing": { // a standing answer was sent for `seat`: its note logged, a buy order it sent used
      const log = msg.answer.note ? addLog(s.log, msg.answer.note, "auto", s.logCap) : s.log;
      const used = msg.answer.usedOrder && s.orders.some((o) => o.buyer === msg.seat);
      return log === s.log && !used ? s : { ...s, log, orders: used ? s.orders.filter((o) => o.buyer !== msg.seat) : s.orders };
    }
    case "orders_cancel": return s.orders.length ? { ...s, orders: [] } : s;
    default: return assertNever(msg);
  }
}

/**
 * The orders with `order` placed: it replaces its buyer's order where that one stood, or comes
 * last. @param {readonly BuyOrder[]} orders @param {BuyOrder} order @returns {BuyOrder[]}
 */
function placeOrder(orders, order) {
  return orders.some((o) => o.buyer === order.buyer)
    ? orders.map((o) => (o.buyer === order.buyer ? order : o)) : [...orders, order];
}

/** The buy order `buyer` has waiting, if any. @param {MatchState} s @param {number | null} buyer */
export function orderOf(s, buyer) {
  return buyer == null ? undefined : s.orders.find((o) => o.buyer === buyer);
}

/** @param {LogItem[]} log @param {string} text @param {string} cls @param {number} cap */
function addLog(log, text, cls, cap) {
  if (!text) return log;
  const next = [...log, { text, cls }];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/** @param {never} x @returns {never} */
function assertNever(x) {
  throw new Error(`The match store has no message ${JSON.stringify(x)}`);
}

/**
 * Make a store.
 * @param {Partial<MatchState>} [init]
 */
export function createMatchStore(init = {}) {
  let state = initialState(init);
  let telling = false;
  /** @type {MatchMsg[]} */
  const queue = [];
  /** @type {Set<Listener>} */
  const listeners = new Set();
  return {
    /** @returns {MatchState} */
    getState: () => state,
    /**
     * Apply a message, then tell every subscriber (in the order they subscribed), synchronously.
     * A message sent by a subscriber while they are being told waits until all of them have
     * seen the current one, so every subscriber sees every state in order.
     * @param {MatchMsg} msg
     */
    dispatch(msg) {
      queue.push(msg);
      if (telling) return;
      telling = true;
      try {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const prev = state;
          state = reduce(state, next);
          if (state === prev) continue;
          for (const fn of [...listeners]) fn(state, prev, next);
        }
      } finally {
        telling = false;
        queue.length = 0;
      }
    },
    /** @param {Listener} fn @returns {() => void} unsubscribe */
    subscribe(fn) {
      listeners.add(fn);
      return () => { listeners.delete(fn); };
    },
  };
}

/** @typedef {ReturnType<typeof createMatchStore>} MatchStore */

/**
 * Watch the table as a page around it does (the site's saves, tutorial and last view; the
 * embed's bar and host messages): a view drawn, a hand newly finished (once, before that
 * drawing's `drawn`), the engine's events of each move as they are logged, a standing answer
 * sent for a person, and the play loop stopping at the end of the match (after that drawing's
 * `drawn`; each time the loop reaches the end, as when a finished match is resumed).
 * @param {MatchStore} store
 * @param {{drawn?: (view: View, how: {controls: boolean}) => void,
 *   handEnded?: (view: View, hand: import("./protocol.js").HandResult) => void,
 *   events?: (events: EngineEvent[]) => void,
 *   standing?: (answer: StandingAnswer, seat: number | null) => void,
 *   matchEnded?: (view: View) => void}} watcher
 * @returns {() => void} unsubscribe
 */
export function watchTable(store, { drawn, handEnded, events, standing, matchEnded }) {
  return store.subscribe((s, prev, msg) => {
    if (msg.type === "events") events?.(msg.events);
    if (msg.type === "standing") standing?.(msg.answer, msg.seat);
    if (msg.type !== "show" || !s.view) return;
    if (s.hands > prev.hands && s.view.last_hand) handEnded?.(s.view, s.view.last_hand);
    // controls: a person's decision was drawn (not an automatic move's drawing)
    drawn?.(s.view, { controls: s.controls && (s.view.legal?.length ?? 0) > 0 });
    if (msg.end) matchEnded?.(s.view);
  });
}
