// Who plays each seat when the embed hands a table to the computer: a scenario's players (its
// record names, for each seat, the computer player that takes it: `meta.bots`, written by
// tools/make_scenarios.py) and a live deal's (from the link, or the default four). Only one
// person sits at an embedded table; the computer plays every other seat. Pure.
//
//   const players = recordPlayers(record, 1, hello);   // seat 1 the reader's, the others bots
//   const { settings, seat } = liveSettings(config, hello);
/** @typedef {import("../protocol.js").GameRecord} GameRecord */
/** @typedef {import("../protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("../protocol.js").Settings} Settings */
/** @typedef {import("../protocol.js").BotSpec} BotSpec */
/** @typedef {import("./params.js").EmbedConfig} EmbedConfig */
/** @typedef {{bots?: BotSpec[]} | null | undefined} Catalogue the engine's `hello` (its bots) */

/** A live deal's players when the link names none: the reader and three of the engine's bots. */
export const DEFAULT_PLAYERS = /** @type {PlayerSpec[]} */ ([
  { name: "Fanny", kind: "human" },
  { name: "Mary Crawford", kind: "bot", bot: "casual/mary" },
  { name: "Edmund", kind: "bot", bot: "casual/edmund" },
  { name: "Henry Crawford", kind: "bot", bot: "casual/henry" },
]);

/**
 * A computer player for a person the link names without one (`p=human:Edmund` at a seat that
 * is not the reader's): the casual bot of the character whose id is the name's first word,
 * else the first casual bot. Records name their bots; only such links need this.
 * @param {Catalogue} hello @param {string} name
 * @returns {string | null}
 */
export function botForName(hello, name) {
  const bots = (hello?.bots ?? []).filter((b) => !b.baseline);
  const key = String(name).split(/\s+/)[0].toLowerCase();
  const mine = bots.filter((b) => (b.personality ?? "") === key);
  const pool = mine.length ? mine : bots;
  return (pool.find((b) => b.level === "casual") ?? pool[0])?.id ?? null;
}

/**
 * The bot a record names for `seat` (`meta.bots`), else one for the seat's name.
 * @param {GameRecord} record @param {number} seat @param {Catalogue} hello
 * @returns {string | null}
 */
export function recordBot(record, seat, hello) {
  const named = record.meta?.bots;
  const id = Array.isArray(named) ? named[seat] : undefined;
  return typeof id === "string" ? id : botForName(hello, record.players[seat]);
}

/**
 * A record's players with `human` (a seat, or null for none) as the person and the computer at
 * every other seat (`bot` left out when the catalogue has none to offer).
 * @param {GameRecord} record @param {number | null | undefined} human @param {Catalogue} hello
 * @returns {PlayerSpec[]}
 */
export function recordPlayers(record, human, hello) {
  return record.players.map((name, i) => {
    if (i === human) return { name, kind: "human" };
    const bot = recordBot(record, i, hello);
    return bot ? { name, kind: "bot", bot } : { name, kind: "bot" };
  });
}

/**
 * A live deal's settings and the reader's seat: the link's players (else the default four),
 * the reader at the `seat` parameter (else the first person's seat; none with seat=none), the
 * computer at every other seat. Without a seed in the link the engine draws one and keeps it
 * until the deal is over: with it anyone could read the face-down cards (docs/protocol.md).
 * @param {EmbedConfig} config @param {Catalogue} hello
 * @returns {{settings: Settings, seat: number | null, problem?: undefined} | {problem: string}}
 */
export function liveSettings(config, hello) {
  const s = config.settings ?? {};
  const given = s.players?.length ? s.players : DEFAULT_PLAYERS;
  let seat = config.seat === undefined ? given.findIndex((p) => p.kind === "human") : config.seat;
  if (seat === -1) seat = null;
  if (seat != null && seat >= given.length) {
    return { problem: `seat ${seat} does not exist: there are ${given.length} players (seats 0 to ${given.length - 1})` };
  }
  const players = given.map((p, i) => {
    if (i === seat) return { name: p.name, kind: /** @type {const} */ ("human") };
    const bot = p.kind === "bot" && p.bot ? p.bot : botForName(hello, p.name);
    return bot ? { name: p.name, kind: /** @type {const} */ ("bot"), bot } : { name: p.name, kind: /** @type {const} */ ("bot") };
  });
  /** @type {Settings} */
  const settings = { players };
  if (s.preset) settings.preset = s.preset;
  if (s.rules) settings.rules = s.rules;
  if (s.decks) settings.decks = s.decks;
  if (s.seed != null) settings.seed = s.seed;
  return { settings, seat };
}
