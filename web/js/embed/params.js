// The embed's inputs, checked: its URL parameters (docs/embedding.md) and the messages a host
// page may send it. Pure, so node tests it (tests/js/embed-params.test.mjs).
//
//   import { parseEmbedParams, hostCommand } from "./embed/params.js";
//   const { config, problems } = parseEmbedParams(location.search, location.origin, Object.keys(PACE_MS));
//   const cmd = hostCommand(event.data);   // null unless it is a well-formed message
//
// Every problem is a sentence a reader can act on. Whether the rules and players are allowed is
// the engine's call later; whether a seat exists is known once the players are.
import { settingsFromUrl, isSettingsKey } from "../links.js";
/** @typedef {import("../links.js").LinkSettings} LinkSettings */
/**
 * The checked parameters. `seat`: the reader's seat, null for none (`seat=none`), undefined
 * when the link does not say; `settings`: a live deal's (no scenario).
 * @typedef {object} EmbedConfig
 * @property {string|null} scenario
 * @property {number|null} step
 * @property {"light"|"dark"|"system"} theme
 * @property {boolean|null} autoplay
 * @property {number|null|undefined} seat
 * @property {string} pace
 * @property {string} origin
 * @property {LinkSettings} [settings]
 */
/**
 * A command to the embed, from the host page or the frame's own buttons.
 * @typedef {{type: "step", by?: number, to?: number} | {type: "restart"}
 *   | {type: "new-deal", seed?: number} | {type: "autoplay", on?: boolean}} EmbedCommand
 */

export const NS = "speculation-embed";
export const VERSION = 1;
export const MAX_STEPS_PER_MESSAGE = 1000;

const THEMES = /** @type {const} */ (["light", "dark", "system"]);
const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const KNOWN = new Set(["embed", "scenario", "step", "p", "preset", "seed", "deck", "theme", "bg",
  "autoplay", "seat", "pace", "origin"]);
const FLAGS = ["1", "0", "true", "false", "yes", "no"];

/** "a, b, c or d" @param {string[]} words */
const either = (words) => (words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}` : words.join(""));

/** @param {string} v */
function isOrigin(v) {
  try {
    const u = new URL(v);
    return (u.protocol === "https:" || u.protocol === "http:") && u.origin === v;
  } catch {
    return false;
  }
}

/**
 * The look and the reader's parameters: theme, pace, autoplay, seat and the host's origin.
 * @param {(name: string) => string | null} single @param {EmbedConfig} config
 * @param {string[]} paces @param {string[]} problems
 */
function readLook(single, config, paces, problems) {
  const theme = single("theme") ?? single("bg");
  if (theme != null) {
    const t = THEMES.find((x) => x === theme);
    if (t) config.theme = t;
    else problems.push(`the theme must be light, dark or system, not “${theme.slice(0, 20)}”`);
  }
  const pace = single("pace");
  if (pace != null) {
    if (paces.includes(pace)) config.pace = pace;
    else problems.push(`the pace must be ${either(paces)}, not “${pace.slice(0, 20)}”`);
  }
  const auto = single("autoplay");
  if (auto != null) {
    if (FLAGS.includes(auto)) config.autoplay = auto === "1" || auto === "true" || auto === "yes";
    else problems.push(`autoplay must be 1 or 0, not “${auto.slice(0, 20)}”`);
  }
  const seat = single("seat");
  if (seat != null) {
    if (seat === "none") config.seat = null;
    else if (/^\d{1,2}$/.test(seat)) config.seat = Number(seat);
    else problems.push(`the seat must be a seat number or “none”, not “${seat.slice(0, 20)}”`);
  }
  const origin = single("origin");
  if (origin != null) {
    if (isOrigin(origin)) config.origin = origin;
    else problems.push(`the origin must be the host page's origin, such as https://example.org (no path), not “${origin.slice(0, 60)}”`);
  }
}

/**
 * Read and check the embed's URL parameters.
 * @param {string} search the query string
 * @param {string} selfOrigin the frame's own origin (the host's, unless `origin` says another)
 * @param {string[]} paces the pace names (table.js's PACE_MS)
 * @returns {{config: EmbedConfig, problems: string[]}}
 */
export function parseEmbedParams(search, selfOrigin, paces) {
  const q = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  const single = (/** @type {string} */ name) => {
    const all = q.getAll(name);
    if (all.length > 1) problems.push(`the parameter “${name}” is given ${all.length} times`);
    return all.length ? all[0] : null;
  };
  for (const key of new Set(q.keys())) {
    if (!KNOWN.has(key) && !key.startsWith("rule.")) problems.push(`“${key.slice(0, 30)}” is not a parameter the embed knows`);
  }
  /** @type {EmbedConfig} */
  const config = { scenario: null, step: null, theme: "system", autoplay: null, seat: undefined,
    pace: "normal", origin: selfOrigin };
  readLook(single, config, paces, problems);
  const scenario = single("scenario");
  const step = single("step");
  const liveKeys = [...q.keys()].filter(isSettingsKey);
  if (scenario != null) {
    if (!SCENARIO_NAME.test(scenario)) problems.push(`“${scenario.slice(0, 40)}” is not a scenario name (lower-case letters, digits and hyphens)`);
    else config.scenario = scenario;
    if (liveKeys.length) problems.push(`a scenario fixes its own players, rules and cards, so “${liveKeys[0]}” cannot be used with it`);
    if (step != null) {
      if (/^\d{1,6}$/.test(step)) config.step = Number(step);
      else problems.push(`the step must be a whole number, not “${step.slice(0, 20)}”`);
    }
  } else {
    if (step != null) problems.push("“step” only applies to a scenario");
    const { settings, problems: more } = settingsFromUrl([], search);
    problems.push(...more);
    config.settings = settings;
    if (q.has("seed") && settings.seed == null) problems.push("the seed must be a whole number");
  }
  return { config, problems };
}

// Messages a host may send: type -> allowed fields and their checks.
/** @type {Record<string, Record<string, (x: unknown) => boolean>>} */
const HOST_TYPES = {
  step: { by: (x) => Number.isInteger(x) && x !== 0 && Math.abs(Number(x)) <= MAX_STEPS_PER_MESSAGE,
          to: (x) => Number.isInteger(x) && Number(x) >= 0 && Number(x) <= 200000 },
  restart: {},
  "new-deal": { seed: (x) => Number.isInteger(x) && Number(x) >= 0 && Number(x) <= Number.MAX_SAFE_INTEGER },
  autoplay: { on: (x) => typeof x === "boolean" },
};

/**
 * The command in a host's message, or null unless the message is exactly one: a plain object
 * in the embed's namespace and version, of a known type with only that type's fields, each
 * valid (a step moves `by` or `to`, not both).
 * @param {unknown} m
 * @returns {EmbedCommand | null}
 */
export function hostCommand(m) {
  if (!m || typeof m !== "object" || Array.isArray(m)) return null;
  if (Object.getPrototypeOf(m) !== Object.prototype) return null;
  const msg = /** @type {Record<string, unknown>} */ (m);
  if (msg.ns !== NS || msg.v !== VERSION || typeof msg.type !== "string") return null;
  if (!Object.hasOwn(HOST_TYPES, msg.type)) return null;
  const spec = HOST_TYPES[msg.type];
  /** @type {Record<string, unknown>} */
  const out = { type: msg.type };
  for (const [k, v] of Object.entries(msg)) {
    if (k === "ns" || k === "v" || k === "type") continue;
    if (!Object.hasOwn(spec, k) || !spec[k](v)) return null;
    out[k] = v;
  }
  if (msg.type === "step" && ("by" in out) === ("to" in out)) return null; // exactly one of them
  return /** @type {EmbedCommand} */ (out);
}
