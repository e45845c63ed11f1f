// The link format that reproduces a match's settings, shared by the site's set-up form and the
// embed's "open the full game" link:
//
//   index.html?p=human:Fanny&p=bot:casual/mary:Mary%20Crawford&preset=parlett&seed=42&rule.ante=5
//
//   import { settingsToUrl, settingsFromUrl, presetValues } from "./links.js";
//   const href = settingsToUrl({ players, preset: "parlett", rules: { ante: 5 } }, "index.html");
//   const { settings, problems } = settingsFromUrl(hello.options, "?seed=42&rule.ante=5");
//
// `p` (repeatable): a player, `human:NAME` or `bot:ID:NAME`; `preset`; `seed` (only when the
// player chose it, or the deal is over: with it anyone could read the face-down cards);
// `rule.NAME`: one option (a set as comma-separated values); `deck` (repeatable): the order of
// the pack for successive deals. Reading is strict so that a link means exactly one match, but
// it checks only the shape (numbers are decimal whole numbers, names are visible): whether the
// values are allowed is the engine's call. Pure: nothing here touches the page.
import { VISIBLE, cleanName } from "./names.js";

/** @typedef {import("./protocol.js").OptionSpec} OptionSpec */
/** @typedef {import("./protocol.js").PresetSpec} PresetSpec */
/** @typedef {import("./protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("./protocol.js").RuleValue} RuleValue */
/**
 * What the form and a link hold: the engine's `new_match` settings, every part optional.
 * @typedef {{players?: PlayerSpec[], preset?: string, rules?: Record<string, RuleValue>,
 *   seed?: number, decks?: string[][]}} LinkSettings
 */

/** The parameters that describe a match (besides `rule.*`). */
const MATCH_KEYS = ["p", "preset", "seed", "deck"];

/** Does this query parameter describe the match (a player, the preset, the seed, a rule, a deck)?
 * @param {string} key */
export function isSettingsKey(key) {
  return MATCH_KEYS.includes(key) || key.startsWith("rule.");
}

/** Does the query string carry match settings? @param {string} [search] the page's by default */
export function hasSettingsInUrl(search = globalThis.location?.search ?? "") {
  return [...new URLSearchParams(search).keys()].some(isSettingsKey);
}

/**
 * Every option's value under a preset: the options' defaults with the preset's rules over them.
 * No `id` means the engine's default preset, which `hello` lists first; an unknown id gives the
 * defaults alone.
 * @param {{options?: OptionSpec[], presets?: PresetSpec[]} | null | undefined} hello
 * @param {string|undefined} id
 * @returns {Record<string, RuleValue>}
 */
export function presetValues(hello, id) {
  const presets = hello?.presets ?? [];
  /** @type {Record<string, RuleValue>} */
  const vals = {};
  for (const o of hello?.options ?? []) vals[o.name] = o.default;
  const p = presets.find((x) => x.id === (id ?? presets[0]?.id));
  return Object.assign(vals, p?.rules ?? {});
}

/** @param {unknown} a @param {unknown} b */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rules that differ from `base` (what a link or a new match needs to say).
 * @param {Record<string, RuleValue>} rules @param {Record<string, RuleValue>} base
 * @returns {Record<string, RuleValue>}
 */
export function changedRules(rules, base) {
  /** @type {Record<string, RuleValue>} */
  const out = {};
  for (const [k, v] of Object.entries(rules)) if (!same(v, base[k])) out[k] = v;
  return out;
}

/**
 * The query parameters for `settings`; a rule equal to its value in `defaults` is left out.
 * @param {LinkSettings} settings
 * @param {Record<string, RuleValue>} [defaults]
 */
export function settingsToParams(settings, defaults = {}) {
  const q = new URLSearchParams();
  for (const p of settings.players ?? []) {
    q.append("p", p.kind === "bot" && p.bot ? `bot:${p.bot}:${p.name}` : `human:${p.name}`);
  }
  if (settings.preset) q.set("preset", settings.preset);
  if (settings.seed != null) q.set("seed", String(settings.seed));
  for (const [k, v] of Object.entries(changedRules(settings.rules ?? {}, defaults))) {
    q.set(`rule.${k}`, Array.isArray(v) ? v.join(",") : String(v));
  }
  for (const d of settings.decks ?? []) q.append("deck", d.join(","));
  return q;
}

/**
 * The link to `page` (resolved against the page's address; its query and hash replaced) that
 * starts a match with `settings`.
 * @param {LinkSettings} settings
 * @param {string} [page] the page's own address by default
 * @param {Record<string, RuleValue>} [defaults] rules to leave out when they have these values
 */
export function settingsToUrl(settings, page = globalThis.location?.href ?? "", defaults = {}) {
  const u = new URL(page, globalThis.location?.href);
  u.search = settingsToParams(settings, defaults).toString();
  u.hash = "";
  return u.href;
}

// ---- reading a link ----

/** Text for a problem sentence: short, and with its invisible characters made visible.
 * @param {string} text */
function shown(text) {
  const t = String(text);
  const s = [...(t.length > 40 ? `${t.slice(0, 40)}…` : t)]
    .map((ch) => (VISIBLE.test(ch) || ch === " " ? ch : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`))
    .join("");
  return `“${s}”`;
}

/**
 * A decimal whole number from a link: digits only (no sign, no "0x", no exponent, not empty),
 * at most Number.MAX_SAFE_INTEGER (larger ones would silently change in JavaScript).
 * Returns {value} or {problem}.
 * @param {string} text
 * @param {string} what  e.g. "the seed"
 * @param {{negative?: boolean}} [opts]
 * @returns {{value: number, problem?: undefined} | {problem: string, value?: undefined}}
 */
export function parseLinkInteger(text, what, { negative = false } = {}) {
  if (text === "") return { problem: `${what} is empty: it must be a whole number` };
  const ok = negative ? /^-?[0-9]+$/ : /^[0-9]+$/;
  if (!ok.test(text)) {
    return { problem: `${what} must be a whole number in decimal digits${negative ? "" : " (0 or more)"}, not ${shown(text)}` };
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return { problem: `${what} ${shown(text)} is too large (at most ${Number.MAX_SAFE_INTEGER})` };
  return { value };
}

/**
 * A player's name from a link, by the engine's own rule (names.js's `cleanName`: bidi controls
 * removed, outer spaces trimmed, at most NAME_MAX characters, no control character, something
 * visible); a name it refuses is a problem sentence. An empty name gets `fallback`.
 * Returns {value} or {problem}.
 * @param {string} raw
 * @param {string} fallback
 * @returns {{value: string, problem?: undefined} | {problem: string, value?: undefined}}
 */
export function parseLinkName(raw, fallback) {
  if (raw === "") return { value: fallback };
  const checked = cleanName(raw, { who: `the player name ${shown(raw)}` });
  return checked.ok ? { value: checked.name } : { problem: checked.message.replace(/\.$/, "") };
}

/** One `p=` value: a player, or a problem sentence. @param {string} raw
 * @returns {{player: PlayerSpec, problem?: undefined} | {problem: string, player?: undefined}} */
function parsePlayer(raw) {
  const [kind, a, ...rest] = raw.split(":");
  let name;
  if (kind === "human") name = parseLinkName([a ?? "", ...rest].join(":"), "Player");
  else if (kind === "bot" && a) name = parseLinkName(rest.join(":"), a);
  else return { problem: `the player ${shown(raw)} is not understood (write human:NAME or bot:ID:NAME)` };
  if (name.problem !== undefined) return { problem: name.problem };
  return { player: kind === "bot" ? { name: name.value, kind: "bot", bot: a } : { name: name.value, kind: "human" } };
}

// How a `rule.NAME=` value is read, per option type; a problem is a sentence naming the rule.
/** @type {Record<string, (v: string, name: string) => {value: RuleValue} | {problem: string}>} */
const RULE_READERS = {
  int: (v, name) => {
    const n = parseLinkInteger(v, `the rule “${name}”`, { negative: true });
    return n.problem !== undefined ? { problem: n.problem } : { value: n.value };
  },
  bool: (v, name) => (v === "true" || v === "false" ? { value: v === "true" }
    : { problem: `the rule “${name}” must be true or false, not ${shown(v)}` }),
  set: (v) => ({ value: v === "" ? [] : v.split(",") }),
};

/**
 * Parse a query string into settings. Returns {settings, problems: [sentence]}. Only the shape
 * is checked here; an unknown rule is passed on for the engine to name.
 * @param {Array<{name: string, type: string}>} [options]  hello's options (to type the rules)
 * @param {string} [search] the page's own query string by default
 * @returns {{settings: LinkSettings, problems: string[]}}
 */
export function settingsFromUrl(options = [], search = globalThis.location?.search ?? "") {
  const q = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  /** @type {LinkSettings} */
  const settings = {};
  const ps = q.getAll("p");
  if (ps.length) {
    const players = [];
    for (const raw of ps) {
      const r = parsePlayer(raw);
      if (r.problem !== undefined) problems.push(r.problem);
      else players.push(r.player);
    }
    settings.players = players;
  }
  for (const single of ["preset", "seed"]) {
    const n = q.getAll(single).length;
    if (n > 1) problems.push(`the link gives ${n} values for “${single}”; give one`);
  }
  if (q.has("preset")) settings.preset = q.get("preset") ?? undefined;
  if (q.has("seed")) {
    const seed = parseLinkInteger(q.get("seed") ?? "", "the seed");
    if (seed.problem !== undefined) problems.push(seed.problem);
    else settings.seed = seed.value;
  }
  // deck=QH,2C,...: the order of the pack for successive deals (a scenario link); repeatable.
  const decks = q.getAll("deck");
  if (decks.length) settings.decks = decks.map((d) => d.split(",").map((c) => c.trim()).filter(Boolean));
  const byName = new Map(options.map((o) => [o.name, o]));
  for (const [k, v] of q.entries()) {
    if (!k.startsWith("rule.")) continue;
    const name = k.slice(5);
    const rules = (settings.rules ??= {});
    const type = byName.get(name)?.type ?? "";
    const read = Object.hasOwn(RULE_READERS, type) ? RULE_READERS[type] : null;
    if (!read) { rules[name] = v; continue; } // a choice, or an unknown option the engine names
    const r = read(v, name);
    if ("problem" in r) problems.push(r.problem);
    else rules[name] = r.value;
  }
  return { settings, problems };
}
