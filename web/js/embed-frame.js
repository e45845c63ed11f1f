// Embed mode: index.html?embed=1 inside an iframe on another page (docs/embedding.md).
// A compact table that shows a scenario (a game record replayed step by step) or a live deal,
// reusing the table's own drawing (render.js) and controls (controls.js). It talks to the host
// page through postMessage with a namespaced, versioned envelope and trusts only messages from
// its parent window at the exact origin it was given. It never touches the main site's save.
import { replayTo as replayRecord } from "./stepper.js";
import { createTable, PACE_MS } from "./table.js";
import { startEngine, showBootError } from "./boot-screen.js";
import { seatName } from "./text.js";
import { settingsFromUrl } from "./setup.js";

export const NS = "speculation-embed";
export const VERSION = 1;

/** @param {string} id @returns {any} an element index.html or the bar always has */
const $ = (id) => document.getElementById(id);
const THEMES = ["light", "dark", "system"];
const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const MAX_STEPS_PER_MESSAGE = 1000;
const KNOWN = new Set(["embed", "scenario", "step", "p", "preset", "seed", "deck", "theme", "bg",
  "autoplay", "seat", "pace", "origin"]);
const DEFAULT_PLAYERS = [
  { name: "Fanny", kind: "human" },
  { name: "Mary Crawford", kind: "bot", personality: "mary" },
  { name: "Edmund", kind: "bot", personality: "edmund" },
  { name: "Henry Crawford", kind: "bot", personality: "henry" },
];

// Messages a host may send: type -> allowed fields and their checks.
/** @type {Record<string, Record<string, (x: any) => boolean>>} */
const HOST_TYPES = {
  step: { by: (x) => Number.isInteger(x) && x !== 0 && Math.abs(x) <= MAX_STEPS_PER_MESSAGE,
          to: (x) => Number.isInteger(x) && x >= 0 && x <= 200000 },
  restart: {},
  "new-deal": { seed: (x) => Number.isInteger(x) && x >= 0 && x <= Number.MAX_SAFE_INTEGER },
  autoplay: { on: (x) => typeof x === "boolean" },
};

// ------------------------------------------------------------------ parameters

/** @param {string} v */
function yes(v) { return v === "1" || v === "true" || v === "yes"; }
/** @param {string} v */
function isFlag(v) { return ["1", "0", "true", "false", "yes", "no"].includes(v); }

/**
 * Read and check the embed's URL parameters. Returns {config, problems}; every problem is a
 * sentence a reader can act on. Whether rules and players are allowed is the engine's call later.
 */
/** @param {string} search @param {string} selfOrigin @returns {{config: any, problems: string[]}} */
export function parseEmbedParams(search, selfOrigin) {
  const q = new URLSearchParams(search);
  const problems = [];
  const single = (/** @type {string} */ name) => {
    const all = q.getAll(name);
    if (all.length > 1) problems.push(`the parameter “${name}” is given ${all.length} times`);
    return all.length ? all[0] : null;
  };
  for (const key of new Set(q.keys())) {
    if (!KNOWN.has(key) && !key.startsWith("rule.")) problems.push(`“${key.slice(0, 30)}” is not a parameter the embed knows`);
  }
  /** @type {any} the checked parameters (scenario, step, theme, autoplay, seat, pace, origin, settings) */
  const config = { scenario: null, step: null, theme: "system", autoplay: null, seat: undefined,
    pace: "normal", origin: selfOrigin };

  const theme = single("theme") ?? single("bg");
  if (theme != null) {
    if (THEMES.includes(theme)) config.theme = theme;
    else problems.push(`the theme must be light, dark or system, not “${theme.slice(0, 20)}”`);
  }
  const pace = single("pace");
  if (pace != null) {
    if (pace in PACE_MS) config.pace = pace;
    else problems.push(`the pace must be instant, fast, normal or slow, not “${pace.slice(0, 20)}”`);
  }
  const auto = single("autoplay");
  if (auto != null) {
    if (isFlag(auto)) config.autoplay = yes(auto);
    else problems.push(`autoplay must be 1 or 0, not “${auto.slice(0, 20)}”`);
  }
  const seat = single("seat");
  if (seat != null) {
    if (seat === "none") config.seat = null;
    // Whether the seat exists is known once the players are (the scenario's or the engine's).
    else if (/^\d{1,2}$/.test(seat)) config.seat = Number(seat);
    else problems.push(`the seat must be a seat number or “none”, not “${seat.slice(0, 20)}”`);
  }
  const origin = single("origin");
  if (origin != null) {
    let ok = false;
    try {
      const u = new URL(origin);
      ok = (u.protocol === "https:" || u.protocol === "http:") && u.origin === origin;
    } catch { ok = false; }
    if (ok) config.origin = origin;
    else problems.push(`the origin must be the host page's origin, such as https://example.org (no path), not “${origin.slice(0, 60)}”`);
  }
  const scenario = single("scenario");
  const step = single("step");
  const liveKeys = [...q.keys()].filter((k) => ["p", "preset", "seed", "deck"].includes(k) || k.startsWith("rule."));
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
    const { settings, problems: more } = settingsFromUrl([]);
    problems.push(...more);
    config.settings = settings;
    if (q.has("seed") && settings.seed == null) problems.push("the seed must be a whole number");
  }
  return { config, problems };
}


// ------------------------------------------------------------------ state

const em = {
  config: /** @type {any} */ (null),
  table: /** @type {any} */ (null),
  hello: /** @type {any} */ (null),
  mode: /** @type {"scenario"|"live"|null} */ (null),
  record: /** @type {any} */ (null), // scenario record
  steps: 0,
  step: 0,
  start: 0,
  settings: /** @type {any} */ (null), // live settings as sent to new_match
  timer: /** @type {any} */ (null),
  queue: /** @type {any[]} */ ([]), // host commands that arrived before the table was ready
  ready: false,
  ignored: 0,
  accepted: 0,
  lastHeight: 0,
  title: "",
};

/** The reader's seat, or null. */
const reader = () => em.table.holder;

function post(/** @type {string} */ type, fields = {}) {
  if (window.parent === window) return;
  // targetOrigin is the host's exact origin: a page at any other origin receives nothing.
  window.parent.postMessage({ ns: NS, v: VERSION, type, ...fields }, em.config?.origin ?? location.origin);
}

/** @param {string} tag @param {string|null} [cls] @param {string} [text] @returns {any} */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// ------------------------------------------------------------------ the frame's own bar

function buildBar() {
  const bar = el("section", "embed-bar");
  bar.id = "embed-bar";
  bar.setAttribute("aria-labelledby", "embed-title");
  const head = el("div", "embed-head");
  const h = el("h1", "embed-title", "Speculation");
  h.id = "embed-title";
  const full = el("a", "embed-full", "Open the full game");
  full.id = "embed-full";
  full.href = "index.html";
  full.target = "_blank";
  full.rel = "noopener";
  full.append(el("span", "visually-hidden", " (opens in a new tab)"));
  head.append(h, full);
  const summary = el("p", "embed-summary");
  summary.id = "embed-summary";
  summary.hidden = true;
  const nav = el("div", "embed-nav");
  nav.id = "embed-nav";
  nav.setAttribute("role", "group");
  nav.setAttribute("aria-label", "Example controls");
  nav.hidden = true;
  const btn = (/** @type {string} */ id, /** @type {string} */ label) => {
    const b = el("button", "embed-btn", label);
    b.type = "button";
    b.id = id;
    return b;
  };
  const back = btn("embed-back", "Back");
  const next = btn("embed-next", "Next");
  next.classList.add("primary");
  const play = btn("embed-play", "Play");
  play.setAttribute("aria-pressed", "false");
  const restart = btn("embed-restart", "Start again");
  const deal = btn("embed-deal", "New deal");
  const take = btn("embed-take", "Play on from here");
  take.hidden = true;
  const counter = el("span", "embed-step");
  counter.id = "embed-step";
  counter.setAttribute("aria-live", "polite");
  nav.append(back, next, play, restart, deal, take, counter);
  back.addEventListener("click", () => command({ type: "step", by: -1 }));
  next.addEventListener("click", () => command({ type: "step", by: 1 }));
  play.addEventListener("click", () => command({ type: "autoplay", on: !em.table.autoplay }));
  restart.addEventListener("click", () => command({ type: "restart" }));
  deal.addEventListener("click", () => command({ type: "new-deal" }));
  take.addEventListener("click", () => em.table.run(takeSeat));
  const error = el("div", "embed-error");
  error.id = "embed-error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  bar.append(head, summary, nav, error);
  const main = $("main");
  main.prepend(bar);
}

/** @param {string[]} lines @param {{code?: string, retry?: boolean}} [how] */
function showError(lines, { code = "bad_params", retry = false } = {}) {
  const box = $("embed-error");
  const p = el("p", null, lines.length === 1 ? `This example cannot be shown: ${lines[0]}.`
    : "This example cannot be shown:");
  const parts = [p];
  if (lines.length > 1) {
    const ul = el("ul");
    for (const l of lines) ul.append(el("li", null, l));
    parts.push(ul);
  }
  parts.push(el("p", "hint", "The page that shows it may have a mistake in its link; the full game still works."));
  if (retry) {
    const b = el("button", "embed-btn", "Try again");
    b.type = "button";
    b.addEventListener("click", () => location.reload());
    parts.push(b);
  }
  box.replaceChildren(...parts);
  box.hidden = false;
  $("embed-nav").hidden = true;
  $("table").hidden = true;
  $("boot").hidden = true;
  document.body.classList.add("embed-failed");
  em.table.setState("failed");
  post("error", { code, message: lines.join("; ") });
  reportHeight();
}

// ------------------------------------------------------------------ height

function measure() {
  let h = Math.ceil(document.documentElement.getBoundingClientRect().height);
  const dialog = $("confirm");
  if (dialog?.open) h = Math.max(h, Math.ceil(dialog.getBoundingClientRect().height) + 48);
  return h;
}

let heightQueued = false;
function reportHeight() {
  if (heightQueued) return;
  heightQueued = true;
  requestAnimationFrame(() => {
    heightQueued = false;
    const h = measure();
    if (h !== em.lastHeight) {
      em.lastHeight = h;
      document.body.dataset.embedHeight = String(h);
      post("height", { height: h });
    }
  });
}

function watchHeight() {
  const ro = new ResizeObserver(reportHeight);
  ro.observe(document.documentElement);
  ro.observe(document.body);
  const dialog = $("confirm");
  if (dialog) new MutationObserver(reportHeight).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  reportHeight();
}

// ------------------------------------------------------------------ messages from the host

/** @param {any} m */
function validHostMessage(m) {
  if (!m || typeof m !== "object" || Array.isArray(m)) return false;
  if (Object.getPrototypeOf(m) !== Object.prototype) return false;
  if (m.ns !== NS || m.v !== VERSION || typeof m.type !== "string") return false;
  const spec = HOST_TYPES[m.type];
  if (!spec || !Object.hasOwn(HOST_TYPES, m.type)) return false;
  for (const [k, v] of Object.entries(m)) {
    if (k === "ns" || k === "v" || k === "type") continue;
    if (!Object.hasOwn(spec, k) || !spec[k](v)) return false;
  }
  if (m.type === "step" && ("by" in m) === ("to" in m)) return false; // exactly one of them
  return true;
}

/** @param {MessageEvent} ev */
function onMessage(ev) {
  const trusted = window.parent !== window && ev.source === window.parent
    && ev.origin === em.config.origin && validHostMessage(ev.data);
  if (!trusted) {
    em.ignored++;
    document.body.dataset.embedIgnored = String(em.ignored);
    return;
  }
  em.accepted++;
  document.body.dataset.embedAccepted = String(em.accepted);
  /** @type {Record<string, any>} */
  const m = { type: ev.data.type };
  for (const k of Object.keys(HOST_TYPES[m.type])) if (k in ev.data) m[k] = ev.data[k];
  if (!em.ready) em.queue.push(m);
  else command(m);
}

/** One command, from the host or from the frame's own buttons. Runs after earlier work. */
function command(/** @type {any} */ m) {
  if (m.type === "autoplay") { setAutoplay(m.on); return; }
  setAutoplay(false);
  em.table.run(async () => {
    if (m.type === "step") {
      if (em.mode === "scenario") await goTo(m.to ?? em.step + m.by, m.to == null && m.by === 1);
      else if ((m.by ?? 1) > 0) await em.table.stepBots(m.to == null ? m.by ?? 1 : 1);
    } else if (m.type === "restart") {
      if (em.mode === "scenario" || !em.settings) await startScenario();
      else { em.table.autoplay = em.config.autoplay ?? true; await restartLive(); }
    } else if (m.type === "new-deal") {
      const settings = liveFromCurrent(m.seed);
      em.table.autoplay = em.config.autoplay ?? true;
      await startLive(settings);
    }
  });
}

// ------------------------------------------------------------------ engine

function botFor(/** @type {string} */ name, /** @type {string|undefined} */ personality = undefined) {
  const bots = (em.hello?.bots ?? []).filter((/** @type {any} */ b) => !b.baseline);
  const key = (personality ?? String(name).split(/\s+/)[0]).toLowerCase().replace(/\s+/g, "_");
  const mine = bots.filter((/** @type {any} */ b) => (b.personality ?? "") === key);
  const pool = mine.length ? mine : bots;
  return (pool.find((/** @type {any} */ b) => b.level === "casual") ?? pool[0])?.id ?? null;
}

// ------------------------------------------------------------------ the bar and the hand

/** After every drawing: the bar's buttons and counter follow the table. */
function updateNav() {
  const view = em.table.view;
  document.body.classList.toggle("embed-scenario", em.mode === "scenario");
  const nav = $("embed-nav");
  nav.hidden = false;
  const over = !!view?.match_over;
  const scen = em.mode === "scenario";
  const autoplay = em.table.autoplay;
  $("embed-back").hidden = !scen;
  $("embed-back").disabled = !scen || em.step <= 0;
  $("embed-restart").hidden = !scen && !em.settings;
  const readerTurn = reader() != null && view?.to_act === reader();
  $("embed-next").disabled = scen ? em.step >= em.steps : over || readerTurn || view?.to_act == null;
  $("embed-play").disabled = $("embed-next").disabled && !autoplay;
  $("embed-play").textContent = autoplay ? "Pause" : "Play";
  $("embed-play").setAttribute("aria-pressed", String(autoplay));
  $("embed-take").hidden = !(scen && em.config.seat != null && em.step < em.steps && !over);
  if (!$("embed-take").hidden) $("embed-take").textContent = `Play on from here as ${seatName(view, em.config.seat)}`;
  $("embed-step").textContent = scen ? `Step ${em.step} of ${em.steps}` : over ? "Match over" : "";
  document.body.dataset.embedStep = scen ? String(em.step) : "";
}

function announceHand(/** @type {any} */ view, /** @type {any} */ h) {
  const o = h.outcome;
  const winner = o.winners[0] ?? null;
  post("hand", {
    number: h.number, winner,
    winnerName: winner == null ? null : seatName(view, winner),
    card: o.card, pot: o.pot, reason: o.reason,
    step: em.mode === "scenario" ? em.step : null,
  });
}

// ------------------------------------------------------------------ scenarios

async function loadScenario(/** @type {string} */ name) {
  let res;
  try {
    res = await fetch(new URL(`../scenarios/${name}.json`, import.meta.url));
  } catch (err) {
    return { problem: `the scenario “${name}” could not be downloaded (${/** @type {Error} */ (err).message})` };
  }
  if (res.status === 404) return { problem: `there is no scenario called “${name}”` };
  if (!res.ok) return { problem: `the scenario “${name}” could not be downloaded (HTTP ${res.status})` };
  try {
    const rec = await res.json();
    if (!rec || typeof rec !== "object" || !Array.isArray(rec.actions)) throw new Error("no actions");
    return { record: rec };
  } catch {
    return { problem: `the scenario “${name}” is not a readable game record` };
  }
}

function replayTo(/** @type {number} */ n, record = em.record) {
  return replayRecord(em.table, record, n, { seat: null });
}

async function startScenario() {
  em.mode = "scenario";
  em.table.cancel();
  em.table.reset({ holder: null, hands: Infinity }); // do not announce hands already finished
  const r = await replayTo(em.start);
  em.step = em.start;
  em.table.log(em.start ? `The example starts at step ${em.start} of ${em.steps}.` : "The example starts before the deal.", "hand-sep");
  em.table.draw(r.view);
  post("step", { step: em.step, steps: em.steps, phase: r.view.phase });
}

async function goTo(/** @type {number} */ n, /** @type {boolean} */ logIt) {
  const target = Math.max(0, Math.min(em.steps, n));
  if (target === em.step && em.mode === "scenario") { updateNav(); return; }
  if (target === em.step + 1) {
    // One step forward: act, so the log gets the engine's own sentences.
    const action = em.record.actions[em.step];
    const r = await em.table.request({ op: "act", action, viewer: null });
    if (!r.ok) throw new Error(r.error?.message ?? "the step could not be played");
    em.step = target;
    if (logIt !== false) em.table.logEvents(r.events);
    em.table.draw(r.view);
  } else {
    const r = await replayTo(target);
    const forward = target > em.step;
    em.step = target;
    if (!forward) em.table.hands = r.view.hands?.length ?? 0;
    em.table.log(`Moved to step ${target} of ${em.steps}.`, "hand-sep");
    em.table.draw(r.view);
  }
  post("step", { step: em.step, steps: em.steps, phase: em.table.view.phase });
  if (em.step >= em.steps) setAutoplay(false);
}

/** The reader takes a seat at the current step: the others are played by the computer. */
async function takeSeat() {
  const seat = em.config.seat;
  const rec = em.record;
  const seats = rec.players.map((/** @type {string} */ name, /** @type {number} */ i) => (i === seat ? { name, kind: "human" }
    : { name, kind: "bot", bot: botFor(name) }));
  if (seats.some((/** @type {any} */ s) => s.kind === "bot" && !s.bot)) throw new Error("no computer players are available");
  const r = await em.table.request({ op: "replay", record: { ...rec, seats }, upto: em.step, seat });
  if (!r.ok) throw new Error(r.error?.message ?? "the record could not be replayed");
  setAutoplay(false);
  em.mode = "live";
  em.table.holder = seat;
  em.settings = null;
  em.table.log(`You take ${rec.players[seat]}'s seat; the computer plays the others.`, "hand-sep");
  em.table.autoplay = true;
  em.table.cancel();
  await em.table.playOn();
}

// ------------------------------------------------------------------ live deals

function liveSettings(/** @type {any} */ config) {
  const s = config.settings ?? {};
  let players = s.players?.length ? s.players.map((/** @type {any} */ p) => ({ ...p })) : DEFAULT_PLAYERS.map((p) => ({ ...p }));
  // Who is the reader? The seat parameter, else the first person's seat (none with seat=none).
  let seat = config.seat === undefined ? players.findIndex((/** @type {any} */ p) => p.kind === "human") : config.seat;
  if (seat === -1) seat = null;
  if (seat != null && seat >= players.length) {
    return { problem: `seat ${seat} does not exist: there are ${players.length} players (seats 0 to ${players.length - 1})` };
  }
  // Only one person sits at an embedded table: every other seat is played by the computer.
  players = players.map((/** @type {any} */ p, /** @type {number} */ i) => {
    if (i === seat) return { name: p.name, kind: "human" };
    if (p.kind === "bot" && p.bot) return { name: p.name, kind: "bot", bot: p.bot };
    return { name: p.name, kind: "bot", bot: botFor(p.name, p.personality) };
  });
  /** @type {any} */
  const settings = { players };
  if (s.preset) settings.preset = s.preset;
  if (s.rules) settings.rules = s.rules;
  if (s.decks) settings.decks = s.decks;
  // Without a seed in the link the engine draws one and keeps it until the deal is over: with
  // it anyone could read the face-down cards (docs/protocol.md).
  if (s.seed != null) settings.seed = s.seed;
  return { settings, seat };
}

function liveFromCurrent(/** @type {number|undefined} */ seed) {
  // A new deal with the same people and rules: the scenario's (from its record) or the live ones.
  let players, preset, rules;
  if (em.record && (em.mode === "scenario" || !em.settings)) {
    players = em.record.players.map((/** @type {string} */ name, /** @type {number} */ i) => (i === em.config.seat ? { name, kind: "human" } : { name, kind: "bot", bot: botFor(name) }));
    preset = em.record.preset;
    rules = em.record.rules;
    em.table.holder = em.config.seat ?? null;
  } else {
    ({ players, preset, rules } = em.settings);
  }
  /** @type {any} */
  const s = { players };
  if (seed != null) s.seed = seed; // else the engine draws it (and keeps it to itself)
  if (preset) s.preset = preset;
  if (rules) s.rules = rules;
  return s;
}

async function startLive(/** @type {any} */ settings) {
  const r = await em.table.request({ op: "new_match", settings, seat: reader() });
  if (!r.ok) {
    showError([`the game's settings were refused (${r.error?.message ?? r.error?.code})`], { code: r.error?.code ?? "bad_settings" });
    return false;
  }
  em.mode = "live";
  em.settings = settings;
  em.table.cancel();
  em.table.reset();
  // Who plays, never the seed (even one the host chose: the reader may not know it).
  em.table.log(`A new deal: ${settings.players.map((/** @type {any} */ p) => p.name).join(", ")}.`, "hand-sep");
  updateFullLink();
  await em.table.playOn();
  return true;
}

/** "Start again" on a live deal: the engine replays its own record to the start, so the same
 * cards come again without the page ever holding the seed. */
async function restartLive() {
  const r = await em.table.request({ op: "replay", current: true, upto: 0, seat: reader() });
  if (!r.ok) {
    showError([`the deal could not start again (${r.error?.message ?? r.error?.code})`], { code: r.error?.code ?? "bad_record" });
    return;
  }
  em.table.cancel();
  em.table.reset();
  em.table.log("The deal starts again.", "hand-sep");
  updateFullLink();
  await em.table.playOn();
}

/** A live deal is over: its record is whole now, so the link can replay this very deal. */
async function linkTheFinishedDeal() {
  if (em.mode !== "live" || !em.settings || !em.table.view?.match_over) return;
  const r = await em.table.request({ op: "record" });
  if (r.ok && !r.record.withheld) updateFullLink(r.record);
}

// ------------------------------------------------------------------ autoplay

function setAutoplay(/** @type {boolean} */ on) {
  em.table.autoplay = !!on;
  clearTimeout(em.timer);
  em.timer = null;
  if (em.table.view) updateNav();
  if (!em.table.autoplay || !em.ready) return;
  if (em.mode === "scenario") {
    const tick = () => {
      if (!em.table.autoplay) return;
      if (em.step >= em.steps) { setAutoplay(false); return; }
      em.table.run(() => goTo(em.step + 1, true)).then(() => {
        if (em.table.autoplay) em.timer = setTimeout(tick, Math.max(250, PACE_MS[em.config.pace]));
      });
    };
    em.timer = setTimeout(tick, 150);
  } else {
    em.table.advance();
  }
}

// ------------------------------------------------------------------ the link to the full game

/**
 * The link to the full game: a scenario's deal (its public record), or a live deal's players
 * and rules. A live deal's seed and decks only once it is over (`finished`: the engine's whole
 * record then): while it is played, a link that carried them would show its face-down cards.
 * @param {any} [finished]
 */
function updateFullLink(finished = null) {
  const a = $("embed-full");
  const u = new URL("index.html", location.href);
  const q = u.searchParams;
  let players, preset, rules, seed, decks;
  if (em.mode === "scenario" || (em.record && !em.settings)) {
    players = em.record.players.map((/** @type {string} */ name, /** @type {number} */ i) => (i === 0 ? { name, kind: "human" } : { name, kind: "bot", bot: botFor(name) }));
    ({ preset, rules, seed, decks } = em.record);
  } else if (em.settings) {
    ({ players, preset, rules } = em.settings);
    if (finished) ({ seed, decks } = finished);
  } else return;
  const base = presetValues(preset);
  for (const p of players) q.append("p", p.kind === "bot" && p.bot ? `bot:${p.bot}:${p.name}` : `human:${p.name}`);
  if (preset) q.set("preset", preset);
  if (seed != null) q.set("seed", String(seed));
  for (const [k, v] of Object.entries(rules ?? {})) {
    if (JSON.stringify(v) === JSON.stringify(base[k])) continue;
    q.set(`rule.${k}`, Array.isArray(v) ? v.join(",") : String(v));
  }
  for (const d of decks ?? []) q.append("deck", d.join(","));
  a.href = u.href;
  a.firstChild.textContent = em.mode === "scenario" || finished ? "Play this deal in the full game" : "Open the full game";
}

function presetValues(/** @type {string|undefined} */ id) {
  /** @type {Record<string, any>} */
  const vals = {};
  for (const o of em.hello?.options ?? []) vals[o.name] = o.default;
  const p = (em.hello?.presets ?? []).find((/** @type {any} */ x) => x.id === (id ?? "parlett"));
  return Object.assign(vals, p?.rules ?? {});
}

// ------------------------------------------------------------------ start

function applyTheme(/** @type {string} */ theme) {
  const root = document.documentElement;
  root.classList.toggle("theme-light", theme === "light");
  root.classList.toggle("theme-dark", theme === "dark");
}

function engineStopped(/** @type {Error} */ e) {
  showError([`the game engine stopped (${e.message})`], { code: "engine", retry: true });
}

async function boot() {
  try {
    em.table.useEngine(await startEngine({ onFatal: engineStopped }));
    return true;
  } catch (err) {
    showBootError(`The game could not start: ${/** @type {Error} */ (err)?.message ?? err}`, () => start());
    em.table.setState("failed");
    post("error", { code: "engine", message: String(/** @type {Error} */ (err)?.message ?? err) });
    reportHeight();
    return false;
  }
}

/** Start: the parameters' `problems` are shown with the scenario's own (before any engine). */
async function start(problems = /** @type {string[]} */ ([])) {
  em.table.setState("busy");
  if (em.config.scenario) {
    const { record, problem } = await loadScenario(em.config.scenario);
    if (problem) { showError([...problems, problem], { code: problems.length ? "bad_params" : "bad_scenario" }); return; }
    em.record = record;
    em.steps = record.actions.length;
    const meta = record.meta ?? {};
    const first = em.config.step ?? meta.start ?? 0;
    const seats = record.players.length;
    if (em.config.seat != null && em.config.seat >= seats) {
      problems.push(`the seat must be a seat number from 0 to ${seats - 1} (this scenario has ${seats} players) or “none”, not “${em.config.seat}”`);
    }
    if (first > em.steps) problems.push(`the scenario “${em.config.scenario}” has ${em.steps} steps, so it cannot start at step ${first}`);
    if (problems.length) { showError(problems); return; }
    em.start = first;
    em.title = meta.title ?? "A game of Speculation";
    $("embed-title").textContent = em.title;
    if (meta.summary) { $("embed-summary").textContent = meta.summary; $("embed-summary").hidden = false; }
  }
  if (!(await boot())) return;
  const hello = await em.table.request({ op: "hello" });
  em.hello = hello.ok ? hello : null;
  em.table.hello = em.hello;
  let ok = true;
  if (em.config.scenario) {
    try {
      await startScenario();
    } catch (err) {
      showError([`the scenario could not be replayed (${/** @type {Error} */ (err).message})`], { code: "bad_record" });
      return;
    }
    updateFullLink();
  } else {
    // Read the rules again with the engine's option list, so numbers and flags get their types.
    em.config.settings = settingsFromUrl(em.hello?.options ?? []).settings;
    const { settings, seat, problem } = liveSettings(em.config);
    if (problem) { showError([problem], { code: "bad_seat" }); return; }
    em.table.holder = seat;
    em.title = seat == null ? "Watch a game of Speculation" : "A game of Speculation";
    $("embed-title").textContent = em.title;
    em.table.autoplay = em.config.autoplay ?? true;
    ok = await startLive(settings);
  }
  if (!ok) return;
  em.ready = true;
  em.table.run(() => {});
  post("ready", { mode: em.mode, title: em.title, step: em.mode === "scenario" ? em.step : null,
    steps: em.mode === "scenario" ? em.steps : null, players: (em.table.view?.seats ?? []).map((/** @type {any} */ s) => s.name),
    seat: reader() });
  if (em.mode === "scenario" && em.config.autoplay) setAutoplay(true);
  for (const m of em.queue.splice(0)) command(m);
  reportHeight();
}

/** Called by main.js when the page's URL has embed=1. */
export function startEmbed() {
  document.documentElement.classList.add("embed");
  document.body.classList.add("embed");
  const { config, problems } = parseEmbedParams(location.search, location.origin);
  em.config = config;
  em.table = createTable({
    mode: "embed",
    pace: () => em.config.pace,
    viewer: null,
    hooks: {
      onDraw: () => { updateNav(); reportHeight(); },
      onHandEnd: announceHand,
      onError: (err) => post("error", { code: "internal", message: String(err?.message ?? err) }),
      onHumanMove: () => { em.table.autoplay = true; }, // the computer answers the reader at once
      onStop: () => {
        setAutoplay(false);
        linkTheFinishedDeal().catch((err) => console.error(err));
      },
    },
  });
  applyTheme(config.theme);
  buildBar();
  window.addEventListener("message", onMessage);
  watchHeight();
  if (problems.length && !config.scenario) { showError(problems); return; }
  start(problems);
}
