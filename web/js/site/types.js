// The types the site's parts share (no code): the part of the table controller (table.js) they
// use, typed with the bridge's protocol, and the set-up form as start.js drives it.
//
//   /** @typedef {import("./types.js").SiteTable} SiteTable */

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").HelloAnswer} HelloAnswer */
/** @typedef {import("../engine.js").Engine} Engine */
/** A line of the table's log. @typedef {{text: string, cls: string}} LogItem */

/**
 * What the site reads, writes and calls on `createTable`'s object (its public API: the site
 * touches nothing else). The methods are written as methods so that table.js's own, looser
 * parameter types still fit.
 * @typedef {TableFields & TableMethods} SiteTable
 */

/**
 * @typedef {object} TableFields
 * @property {View | null} view the view drawn last (null: no match shown)
 * @property {number | null} holder the person's seat that has the screen
 * @property {number | null} seenHand the last hand whose result the people have seen
 * @property {HelloAnswer | null} hello the engine's `hello`
 * @property {Engine | null} engine
 * @property {LogItem[]} logItems
 * @property {import("../match-store.js").MatchStore} store the table's state, to watch
 * @property {Engine["request"]} request
 * @property {number[] | null} here the people's seats played on this device (null: all)
 */

/**
 * @typedef {{
 *   run(fn: (tok: number) => unknown): Promise<unknown>,
 *   cancel(): void,
 *   advance(): Promise<unknown>,
 *   playOn(): Promise<unknown>,
 *   draw(view: View): unknown,
 *   log(text: string, cls?: string): void,
 *   restoreLog(items: LogItem[]): void,
 *   reset(how?: {holder?: number | null, seenHand?: number | null, hands?: number, here?: number[] | null}): void,
 *   useEngine(engine: Engine | null): void,
 *   setState(state: "busy" | "idle" | "failed"): void,
 *   friendAct(action: import("../protocol.js").Action): Promise<{ok: true} | {ok: false, code: string, message: string}>,
 *   useFriends(friends: import("../table.js").Friends | null): void,
 * }} TableMethods
 */

/**
 * The set-up form (setup.js's SetupForm) as the site drives it.
 * @typedef {{
 *   fill(settings?: import("../setup.js").FormSettings): void,
 *   read(): import("../setup.js").FormSettings,
 *   forgetSeed(): void,
 *   setMode(mode: "match" | "friends"): void,
 * }} SetupLike
 */

export {};
