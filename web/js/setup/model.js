// The new-match form as data, apart from its DOM (setup.js builds that): which characters and
// skill levels the engine's bots offer, which player a new row gets, the rows a set of settings
// fills the form with, and the settings the form's values stand for. Pure, so node tests it.
//
//   import { formModel, fillPlayers, formSettings } from "./setup/model.js";
//   const model = formModel(hello);
//   const rows = fillPlayers(model, settings.players);            // PlayerSpec[] for the rows
//   const s = formSettings(model, { players: rowValues, preset: "parlett", values, seed: "" });
//
// No rule knowledge: the option values are the engine's, and the engine checks what is sent.
import { presetValues, changedRules } from "../links.js";
/** @typedef {import("../protocol.js").OptionSpec} OptionSpec */
/** @typedef {import("../protocol.js").BotSpec} BotSpec */
/** @typedef {import("../protocol.js").PresetSpec} PresetSpec */
/** @typedef {import("../protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("../protocol.js").RuleValue} RuleValue */
/** @typedef {import("../protocol.js").Limits} Limits */
/** @typedef {import("../links.js").LinkSettings} FormSettings */
/** @typedef {{id: string, name: string, description: string}} Person */
/** @typedef {{id: string, name: string, rank: number}} Level */
/**
 * What the form is built from: the engine's `hello`, with the bots grouped for the two menus.
 * @typedef {{bots: BotSpec[], options: OptionSpec[], presets: PresetSpec[], limits: Limits,
 *   persons: Person[], levels: Level[]}} FormModel
 */
/**
 * One player row's values as the form holds them (`person` and `level` are the menus' values,
 * read only for a computer player).
 * @typedef {{name: string, kind: string, person: string, level: string}} RowValues
 */

// People's default names: Mansfield Park characters that no computer player is named after
// (the engine's bots are Fanny, Edmund, Mary, Henry, Lady Bertram and William).
export const DEFAULT_NAMES = ["Julia", "Tom", "Susan", "Maria", "Mr Yates", "Mrs Norris", "Sir Thomas", "Mr Rushworth"];
/** The name "Play" gives the person at the screen. */
export const DEFAULT_HUMAN = DEFAULT_NAMES[0];

/**
 * The form's model from the engine's `hello` (presets, options, bots, limits).
 * @param {{bots?: BotSpec[], options?: OptionSpec[], presets?: PresetSpec[], limits: Limits}} hello
 * @returns {FormModel}
 */
export function formModel(hello) {
  const bots = hello.bots ?? [];
  return { bots, options: hello.options ?? [], presets: hello.presets ?? [], limits: hello.limits,
    ...botChoices(bots) };
}

/**
 * The characters (personalities) and skill levels the engine's bots offer, in the catalogue's
 * order; levels by their rank.
 * @param {BotSpec[]} bots
 * @returns {{persons: Person[], levels: Level[]}}
 */
export function botChoices(bots) {
  /** @type {Map<string, Person>} */
  const persons = new Map();
  /** @type {Map<string, Level>} */
  const levels = new Map();
  for (const b of bots) {
    const pid = b.personality ?? b.id;
    if (!persons.has(pid)) persons.set(pid, { id: pid, name: b.personality_name ?? b.name, description: b.description ?? "" });
    if (b.level && !levels.has(b.level)) levels.set(b.level, { id: b.level, name: b.level_name ?? b.level, rank: b.level_rank ?? 0 });
  }
  return { persons: [...persons.values()], levels: [...levels.values()].sort((a, b) => a.rank - b.rank) };
}

/**
 * The bot of a character at a level: that level's, else the character's first, else the first.
 * @param {BotSpec[]} bots @param {string} person @param {string|undefined} level
 * @returns {BotSpec | undefined}
 */
export function botFor(bots, person, level) {
  return bots.find((b) => (b.personality ?? b.id) === person && (!b.level || b.level === level))
    ?? bots.find((b) => (b.personality ?? b.id) === person) ?? bots[0];
}

/** The level a new computer player gets: the second easiest (the first if there is one).
 * @param {Level[]} levels */
export function defaultLevel(levels) {
  return (levels[1] ?? levels[0])?.id;
}

/**
 * The player a new row gets: the first character not yet at the table, played by the computer
 * (the first row is always a person), else a person with a default name nobody has.
 * @param {FormModel} model
 * @param {string[]} taken the names already in the form
 * @returns {PlayerSpec}
 */
export function newPlayer(model, taken) {
  const i = taken.length;
  const have = new Set(taken);
  if (i > 0 && model.persons.some((x) => !have.has(x.name))) return newBot(model, taken);
  return { name: DEFAULT_NAMES.find((n) => !have.has(n)) ?? `Player ${i + 1}`, kind: "human" };
}

/**
 * A computer player for a seat nobody took (a friends' table started with a friend's seat
 * empty): a character not yet seated, at the default level; when every one is, the first again
 * under a numbered name. Never a person: nobody is there to play it.
 *
 *   newBot(model, ["Julia", "Ann"])   // {name: "Edmund", kind: "bot", bot: "casual/edmund"}
 *
 * @param {FormModel} model @param {string[]} taken the names already at the table
 * @returns {PlayerSpec}
 */
export function newBot(model, taken) {
  const have = new Set(taken);
  const who = model.persons.find((x) => !have.has(x.name)) ?? model.persons[0];
  const bot = who ? botFor(model.bots, who.id, defaultLevel(model.levels)) : model.bots[0];
  const base = who?.name ?? "Computer";
  let name = base;
  for (let n = 2; have.has(name); n++) name = `${base} ${n}`;
  return { name, kind: "bot", bot: bot?.id };
}

/**
 * The players the form shows for `players` (from a link or the last match): at most the
 * engine's maximum, padded with new rows to its minimum; none given: four (with bots) or the
 * minimum.
 * @param {FormModel} model @param {PlayerSpec[] | undefined} players
 * @returns {PlayerSpec[]}
 */
export function fillPlayers(model, players) {
  const { min, max } = model.limits.players;
  /** @type {PlayerSpec[]} */
  const out = players?.length ? players.slice(0, max) : [];
  const wanted = players?.length ? min : Math.min(max, Math.max(min, model.bots.length ? 4 : min));
  while (out.length < wanted) out.push(newPlayer(model, out.map((p) => p.name)));
  return out;
}

/**
 * What a row's menus show for `player`: a known bot's character and level, else a person
 * (the character menu on its first entry, the level menu on the default level).
 * @param {FormModel} model @param {PlayerSpec} player
 * @returns {{kind: "human" | "bot", person: string | null, level: string | null}}
 */
export function rowChoice(model, player) {
  const chosen = player.kind === "bot" ? model.bots.find((b) => b.id === player.bot) : undefined;
  if (chosen) return { kind: "bot", person: chosen.personality ?? chosen.id, level: chosen.level || null };
  return { kind: "human", person: null, level: defaultLevel(model.levels) ?? null };
}

/** Does a row's name follow its character (it is empty or a character's own name)?
 * @param {FormModel} model @param {string} name */
export function nameFollowsCharacter(model, name) {
  return name === "" || model.persons.some((p) => p.name === name);
}

/** A character's name, for a row whose name follows its character.
 * @param {FormModel} model @param {string} person @returns {string | undefined} */
export function characterName(model, person) {
  return model.persons.find((p) => p.id === person)?.name;
}

/**
 * The player a row stands for; an empty name becomes "Player N".
 * @param {FormModel} model @param {RowValues} row @param {number} index
 * @returns {PlayerSpec}
 */
export function playerOfRow(model, row, index) {
  const name = row.name.trim() || `Player ${index + 1}`;
  if (row.kind !== "bot") return { name, kind: "human" };
  return { name, kind: "bot", bot: botFor(model.bots, row.person, row.level)?.id };
}

/**
 * The preset a form shows for `id` (unknown or none: the first) and every option's value:
 * the preset's, with `overrides` over them.
 * @param {FormModel} model @param {string|undefined} id @param {Record<string, RuleValue>} [overrides]
 * @returns {{preset: PresetSpec | undefined, values: Record<string, RuleValue>}}
 */
export function presetChoice(model, id, overrides = {}) {
  const preset = model.presets.find((x) => x.id === id) ?? model.presets[0];
  return { preset, values: { ...presetValues(model, preset?.id), ...overrides } };
}

/**
 * The settings the form's values stand for: its players, its preset, the rules that differ
 * from the preset's, and `seed` only when the player typed one (none: the engine draws it).
 * @param {FormModel} model
 * @param {{players: RowValues[], preset: string, values: Record<string, RuleValue>, seed: string}} form
 * @returns {FormSettings & {players: PlayerSpec[], rules: Record<string, RuleValue>}}
 */
export function formSettings(model, form) {
  const players = form.players.map((row, i) => playerOfRow(model, row, i));
  const preset = form.preset || undefined;
  const rules = changedRules(form.values, presetValues(model, preset));
  const seedText = form.seed.trim();
  return seedText === "" ? { players, preset, rules } : { players, preset, rules, seed: Number(seedText) };
}
