// Who is who at the site's table, from the engine's view: the people (not the computer), the
// person whose play the review and the statistics follow, the buyer a buy order is for, and
// the players "Play" seats. Pure: unit-tested in tests/js/site-people.test.mjs.
//
//   import { mySeat, quickSettings } from "./people.js";
//   mySeat(view, table.holder)            // 0
//   quickSettings(table.hello)            // {players: [you, Mary, Henry, Edmund], ...}
import { DEFAULT_HUMAN } from "../setup.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("../protocol.js").Settings} Settings */
/** @typedef {import("../protocol.js").BotSpec} BotSpec */

/** "Play": you against three computer players (casual unless the Play card's Opponents says
 * otherwise), ten hands, the usual rules. */
export const QUICK_BOTS = [["casual/mary", "Mary"], ["casual/henry", "Henry"], ["casual/edmund", "Edmund"]];
export const QUICK_HANDS = 10;

/**
 * The Play card's "Opponents": the levels of the three computer players, one entry per choice.
 * "mixed" seats one Casual, one Skilled and one Expert player.
 * @type {Readonly<Record<string, {label: string, levels: string[], words: string}>>}
 */
export const OPPONENTS = {
  beginner: { label: "Beginner", levels: ["beginner", "beginner", "beginner"], words: "three beginner computer players" },
  casual: { label: "Casual", levels: ["casual", "casual", "casual"], words: "three casual computer players" },
  skilled: { label: "Skilled", levels: ["skilled", "skilled", "skilled"], words: "three skilled computer players" },
  expert: { label: "Expert", levels: ["expert", "expert", "expert"], words: "three expert computer players" },
  mixed: { label: "Mixed", levels: ["casual", "skilled", "expert"], words: "a casual, a skilled and an expert computer player" },
};
export const DEFAULT_OPPONENTS = "casual";

/** The sentence under Play: what Play starts with these opponents. */
export function playSentence(/** @type {string} */ opponents) {
  const o = OPPONENTS[opponents] ?? OPPONENTS[DEFAULT_OPPONENTS];
  return `You against ${o.words}, ${QUICK_HANDS} hands, the usual rules.`;
}

/** The people's seats (every seat no computer plays), in seat order. */
export function humans(/** @type {View | null | undefined} */ view) {
  return (view?.seats ?? []).filter((s) => s.kind !== "bot").map((s) => s.seat);
}

/** The seat whose play the review and the statistics follow: the person at the screen. */
export function mySeat(/** @type {View | null | undefined} */ view, /** @type {number | null} */ holder) {
  return holder ?? view?.seats?.find((s) => s.kind !== "bot")?.seat ?? 0;
}

/** Whom a buy order is for by default: the person at the screen, else the first person. */
export function defaultBuyer(/** @type {View} */ view, /** @type {number | null} */ holder) {
  const people = humans(view);
  return holder != null && people.includes(holder) ? holder : people[0] ?? null;
}

/**
 * The settings "Play" starts: you (the form's default name) against the three computer
 * players of QUICK_BOTS at the levels `opponents` names (OPPONENTS; casual by default) that
 * the engine has (hello's catalogue), ten hands of the usual rules.
 * No seed: the engine draws it and keeps it until the match is over (docs/protocol.md).
 * @param {{bots?: BotSpec[]} | null} hello
 * @param {string} [opponents] a key of OPPONENTS
 * @returns {Settings}
 */
export function quickSettings(hello, opponents = DEFAULT_OPPONENTS) {
  const bots = new Set((hello?.bots ?? []).map((b) => b.id));
  const levels = (OPPONENTS[opponents] ?? OPPONENTS[DEFAULT_OPPONENTS]).levels;
  /** @type {PlayerSpec[]} */
  const players = [{ name: DEFAULT_HUMAN, kind: "human" }];
  QUICK_BOTS.forEach(([casual, name], i) => {
    const bot = casual.replace(/^casual\//, `${levels[i]}/`);
    if (bots.has(bot)) players.push({ name, kind: "bot", bot });
  });
  return { players, preset: "parlett", rules: { max_hands: QUICK_HANDS } };
}

/**
 * A rematch's settings from the engine's record of the match just played: the same players
 * and rules on new deals (no seed: the engine picks one), or with `sameDeals` on the very
 * deals it had, its seed and decks, which the record gives once the match is over (never
 * while it is played: then the answer is a problem to show).
 * @param {import("../protocol.js").GameRecord} rec
 * @param {{sameDeals?: boolean}} [how]
 * @returns {{settings: Settings, note: string} | {problem: string}}
 */
export function rematchSettings(rec, { sameDeals = false } = {}) {
  if (sameDeals && (rec.withheld || rec.seed == null)) return { problem: "The deals of a match are only known once it is over." };
  const players = rec.seats ?? rec.players.map((name) => ({ name }));
  const deals = sameDeals ? { seed: rec.seed, ...(rec.decks ? { decks: rec.decks } : {}) } : {};
  return { settings: { players, rules: rec.rules, ...deals },
    note: sameDeals ? "The same deals as the match before, in the same order." : "" };
}
