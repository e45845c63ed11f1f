// The types the site's parts share (no code): the table controller (table.js) as they name it,
// and the set-up form as start.js drives it.
//
//   /** @typedef {import("./types.js").SiteTable} SiteTable */

/**
 * What the site reads, writes and calls on the table controller: `createTable`'s object,
 * whose API is declared there only (its fields read the match store, assigning one dispatches).
 * @typedef {ReturnType<typeof import("../table.js").createTable>} SiteTable
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
