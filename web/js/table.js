// The one table controller, shared by the full site (site.js), a guest's page and the embeds
// (embed-frame.js): the wiring of the match store (match-store.js, the only state; the site
// makes it first and hands it to every part), the play driver (driver.js, the loop with no DOM)
// and the table's views (table-view.js, which subscribe). The page gives the driver its
// `policy` (what only the page knows) and the views their `views` parts (its buttons and
// boxes); whatever only follows the table subscribes to the store (match-store.js's
// watchTable). Its object is the table's API, declared here only (site/types.js's SiteTable is
// its type): its fields read the store, and assigning one dispatches to it. Every game fact
// comes from the engine; nothing here runs at import time.
//
//   const store = createMatchStore();
//   const table = createTable({ store, mode: "site", pace: () => "normal", policy: { afterMove: save } });
//   table.useEngine(engine, hello);
//   await table.advance();            // play on until a human decides (or the match ends)
import { createMatchStore } from "./match-store.js";
import { createDriver } from "./driver.js";
import { createTableViews } from "./table-view.js";
import { createTurnCue } from "./turn-cue.js";
import { loadSettings } from "./storage.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {import("./protocol.js").HelloAnswer} HelloAnswer */
/** @typedef {import("./match-store.js").LogItem} LogItem */
/** @typedef {import("./driver.js").EngineLike} EngineLike */
/** @typedef {import("./engine.js").Engine} Engine */
/** @typedef {import("./driver.js").StandingAnswer} StandingAnswer */
/** @typedef {import("./table-view.js").Sound} Sound */
/** @typedef {import("./match-store.js").MatchStore} MatchStore */

/**
 * What the table asks of a host about friends' seats on other devices (net/hosting.js).
 * @typedef {{standing: (view: View) => Promise<StandingAnswer | null>, standIn: (seat: number) => string | null}} Friends
 */

/**
 * Where a guest's table sends what its player does (net/guest.js): the host answers.
 * @typedef {{act: (action: Action) => Promise<unknown>, nextHand: (view: View | null) => unknown,
 *   coach: (req: {op: "coach", seat: number}) => Promise<import("./protocol.js").Response<"coach">>}} Client
 */

/** Milliseconds a computer player "thinks" before it moves, by the pace setting. */
export const PACE_MS = /** @type {Record<string, number>} */ ({ instant: 0, fast: 350, normal: 700, slow: 2600 });

/**
 * The page's part in the driver's loop (driver.js's Policy, less what the table itself
 * answers: the pace, the motion, the end-of-hand panel, friends' stand-ins).
 * @typedef {Pick<import("./driver.js").Policy, "standing" | "handover" | "afterMove" | "onHumanMove" | "onError">} TablePolicy
 */

/**
 * The page's parts of the table's views (table-view.js's options): the trade confirmation
 * setting, the stacks' one-click buy order, the end-of-hand panel's review box.
 * @typedef {Pick<import("./table-view.js").TableViewOptions, "confirmTrades" | "buyFrom" | "onBuy" | "handReview">} TableViewParts
 */

/**
 * Make the table controller.
 * @param {object} opts
 * @param {MatchStore | null} [opts.store] the table's state, made by the page first (the site);
 *   a new one when not given (a guest's page, an embed)
 * @param {Engine | null} [opts.engine] the engine client (engine.js); or later with useEngine
 * @param {Document} [opts.root] where the table's elements are (ids as in index.html)
 * @param {"site"|"embed"} [opts.mode] the site: full end-of-hand table, coach, match summary,
 *   a pause after each hand; the embed: a compact result and no pause
 * @param {() => string} [opts.pace] the current pace name (a key of PACE_MS)
 * @param {number|null} [opts.viewer] the seat whose view is shown (null: a spectator)
 * @param {TablePolicy} [opts.policy] what only the page knows, asked by the driver
 * @param {TableViewParts} [opts.views] the page's parts of the table's views
 * @param {Sound | null} [opts.sound]
 *   the site's sounds (sound.js)
 * @param {Client | null} [opts.client] a guest at a friend's table (net/guest.js): the host's
 *   tab plays the match, so the views' clicks go to the client and no driver loop runs here
 */
export function createTable({ store: given = null, engine = null, root = document, mode = "site", pace = () => "normal",
  viewer = null, policy = {}, views: parts = {}, sound = null, client = null } = {}) {
  const site = mode === "site";
  const store = given ?? createMatchStore({ holder: viewer, logCap: site ? 400 : 60 });
  /** @type {Engine | null} */
  let current = engine;
  const theEngine = () => {
    if (!current) throw new Error("The table has no engine yet");
    return current;
  };
  const views = createTableViews({
    ...parts, store, root, site, pace, sound,
    cue: site ? createTurnCue({ enabled: () => loadSettings().notify }) : null,
    act: client ? (a) => client.act(a) : (a) => driver.run(() => driver.humanAct(a)),
    nextHand: client ? (v) => client.nextHand(v) : (v) => driver.nextHand(v),
    takeScreen: (seat) => { store.dispatch({ type: "holder", seat }); driver.advance(); },
    coach: client ? (req) => client.coach(req) : (req) => theEngine().request(req),
  });
  /** friends' seats on other devices (net/hosting.js): their standing answers and stand-ins */
  /** @type {Friends | null} */
  let friends = null;
  /** @param {View} view */
  const standing = (view) => {
    const here = store.getState().here;
    if (friends && view.seat != null && here && !here.includes(view.seat)) return friends.standing(view);
    return policy.standing?.(view) ?? null;
  };
  const driver = createDriver({
    store, engine: theEngine,
    policy: {
      ...policy,
      pauseAtHandEnd: site,
      thinkMs: () => PACE_MS[pace()] ?? PACE_MS.normal,
      motionLeft: views.motionLeft,
      resultOpen: views.resultOpen,
      standing,
      standIn: (seat) => friends?.standIn(seat) ?? null,
    },
  });

  const state = () => store.getState();
  const table = {
    store, driver, mode,
    get engine() { return current; },
    set engine(e) { current = e; },
    get hello() { return state().hello; },
    set hello(h) { store.dispatch({ type: "hello", hello: h }); },
    get view() { return state().view; },
    /** the human seat that has the device (pass-and-play), or the reader's seat */
    get holder() { return state().holder; },
    set holder(seat) { store.dispatch({ type: "holder", seat }); },
    /** whether the computer players move by themselves */
    get autoplay() { return state().autoplay; },
    set autoplay(on) { store.dispatch({ type: "autoplay", on }); },
    /** the number of the last hand whose result the humans have been shown */
    get seenHand() { return state().seenHand; },
    set seenHand(number) { store.dispatch({ type: "seen_hand", number }); },
    /** hands finished in the last view drawn (for onHandEnd) */
    get hands() { return state().hands; },
    set hands(count) { store.dispatch({ type: "hands", count }); },
    /** @returns {LogItem[]} */
    get logItems() { return state().log; },
    /** whether the end-of-hand panel is open (a guest's client asks before showing a result) */
    resultOpen: views.resultOpen,
    /** @param {Engine | null} e @param {HelloAnswer | null} [hello] */
    useEngine(e, hello = null) { current = e; store.dispatch({ type: "hello", hello }); },
    /** @param {"busy"|"idle"|"failed"} busy */
    setState(busy) { store.dispatch({ type: "busy", state: busy }); },
    /**
     * @template {import("./protocol.js").Request} R @param {R} obj
     * @returns {Promise<import("./protocol.js").Response<R["op"]>>}
     */
    request(obj) { return theEngine().request(obj); },
    run: driver.run,
    cancel: driver.cancel,
    advance: driver.advance,
    playOn: driver.playOn,
    humanAct: driver.humanAct,
    friendAct: driver.friendAct,
    /** Friends' seats on other devices (null: none). @param {Friends | null} f */
    useFriends(f) { friends = f; },
    /** the people's seats played on this device (null: all of them, as at one screen) */
    get here() { return state().here; },
    set here(seats) { store.dispatch({ type: "here", seats }); },
    stepBots: driver.stepBots,
    /** Draw `view`; with `controls`, the viewer's choices. @param {View} view @param {{controls?: boolean, thinking?: number|null}} [how] */
    draw(view, { controls = false, thinking = null } = {}) { store.dispatch({ type: "show", view, controls, thinking }); },
    /** @param {string} text @param {string} [cls] */
    log(text, cls = "") { store.dispatch({ type: "log", text, cls }); },
    /** @param {GameEvent[]} [events] */
    logEvents(events = []) { store.dispatch({ type: "events", events }); },
    clearLog() { store.dispatch({ type: "clear_log" }); },
    /** @param {LogItem[]} items */
    restoreLog(items) { for (const item of items) store.dispatch({ type: "log", text: item.text, cls: item.cls }); },
    /** Forget the match shown: a new one starts (or is loaded). */
    reset({ holder = state().holder, seenHand = /** @type {number|null} */ (null), hands = 0,
      here = /** @type {number[] | null} */ (null) } = {}) {
      store.dispatch({ type: "reset", holder, seenHand, hands, here });
    },
  };
  return table;
}
