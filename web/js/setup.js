// The new-match form, built generically from the engine's `hello` (presets, options, bots),
// and the shareable link that reproduces its settings (and its seed, when the player typed
// one). No rule knowledge here: the engine validates everything and says what is wrong.
// The seed box is empty unless the player types a seed for the next match: an empty box means
// "random", and the engine draws that seed itself and keeps it until the match is over (with
// the seed anyone could read the face-down cards; docs/protocol.md).
/** @typedef {import("./protocol.js").OptionSpec} OptionSpec */
/** @typedef {import("./protocol.js").BotSpec} BotSpec */
/** @typedef {import("./protocol.js").PresetSpec} PresetSpec */
/** @typedef {import("./protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("./protocol.js").RuleValue} RuleValue */
/**
 * What the form and a link hold: the engine's `new_match` settings, every part optional.
 * @typedef {{players?: PlayerSpec[], preset?: string, rules?: Record<string, RuleValue>,
 *   seed?: number, decks?: string[][]}} FormSettings
 */
/** An element of index.html's form (the markup is fixed). @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
// People's default names: Mansfield Park characters that no computer player is named after
// (the engine's bots are Fanny, Edmund, Mary, Henry, Lady Bertram and William).
const DEFAULT_NAMES = ["Julia", "Tom", "Susan", "Maria", "Mr Yates", "Mrs Norris", "Sir Thomas", "Mr Rushworth"];
/** The name "Play" gives the person at the screen. */
export const DEFAULT_HUMAN = DEFAULT_NAMES[0];

/** @param {string} tag @param {string|null} [cls] @param {string} [text] @returns {any} */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export class SetupForm {
  /**
   * @param {any} hello the engine's `hello` answer (presets, options, bots, limits)
   * @param {{onStart: (settings: FormSettings) => unknown}} handlers
   */
  constructor(hello, { onStart }) {
    this.hello = hello;
    this.onStart = onStart;
    /** @type {BotSpec[]} */
    this.bots = hello.bots ?? [];
    /** @type {OptionSpec[]} */
    this.options = hello.options ?? [];
    /** @type {PresetSpec[]} */
    this.presets = hello.presets ?? [];
    // How many players and how long a name: the engine's limits, never the page's own.
    this.limits = hello.limits;
    /** @type {Map<string, {opt: OptionSpec, get: () => any, set: (v: any) => void}>} */
    this.optionInputs = new Map();
    this.built = false;
    /** @type {{persons: Array<{id: string, name: string, description: string}>, levels: Array<{id: string, name: string, rank: number}>} | null} */
    this._choices = null;
  }

  build() {
    if (this.built) return;
    this.built = true;
    const sel = $("setup-preset");
    sel.replaceChildren();
    for (const p of this.presets) {
      const o = el("option", null, p.name ?? p.id);
      o.value = p.id;
      sel.append(o);
    }
    sel.addEventListener("change", () => { this.applyPreset(sel.value); this.updateLink(); });
    const { min, max } = this.limits.players;
    $("setup-players-legend").textContent = `Players (${min} to ${max})`;
    const box = $("setup-options");
    box.replaceChildren();
    for (const opt of this.options) box.append(this.optionField(opt));
    $("setup-add").addEventListener("click", () => { this.addPlayer(); this.updateLink(); this.syncButtons(); });
    $("setup-remove").addEventListener("click", () => {
      const list = $("setup-players");
      if (list.children.length > this.limits.players.min) list.lastElementChild.remove();
      this.updateLink(); this.syncButtons();
    });
    $("setup-form").addEventListener("input", () => this.updateLink());
    $("setup-form").addEventListener("change", () => this.updateLink());
    $("setup-form").addEventListener("submit", (/** @type {Event} */ ev) => { ev.preventDefault(); this.onStart(this.read()); });
    $("setup-copy").addEventListener("click", async () => {
      const input = $("setup-link");
      try { await navigator.clipboard.writeText(input.value); $("setup-copy").textContent = "Copied"; }
      catch { input.select(); }
      setTimeout(() => { $("setup-copy").textContent = "Copy link"; }, 1500);
    });
  }

  /** @param {OptionSpec} opt */
  optionField(opt) {
    const id = `opt-${opt.name}`;
    const wrap = el("div", opt.type === "bool" ? "field field-check" : "field");
    const src = opt.source ? el("span", "opt-source", `Source: ${opt.source}`) : null;
    /** @type {any} */
    let input;
    if (opt.type === "bool") {
      input = el("input");
      input.type = "checkbox";
      input.id = id;
      const lab = el("label", null, opt.label ?? opt.name);
      lab.htmlFor = id;
      if (src) lab.append(src);
      wrap.append(input, lab);
      this.optionInputs.set(opt.name, { opt, get: () => input.checked, set: (/** @type {any} */ v) => { input.checked = !!v; } });
    } else if (opt.type === "int") {
      input = el("input");
      input.type = "number";
      input.id = id;
      input.step = "1";
      input.inputMode = "numeric";
      if (opt.min != null) input.min = opt.min;
      if (opt.max != null) input.max = opt.max;
      const lab = el("label", null, opt.label ?? opt.name);
      lab.htmlFor = id;
      wrap.append(lab, input);
      if (src) wrap.append(src);
      this.optionInputs.set(opt.name, { opt, get: () => (input.value === "" ? opt.default : Number(input.value)), set: (/** @type {any} */ v) => { input.value = v; } });
    } else if (opt.type === "choice") {
      input = el("select");
      input.id = id;
      for (const c of opt.choices ?? []) {
        const o = el("option", null, humanise(c));
        o.value = c;
        input.append(o);
      }
      const lab = el("label", null, opt.label ?? opt.name);
      lab.htmlFor = id;
      wrap.append(lab, input);
      if (src) wrap.append(src);
      this.optionInputs.set(opt.name, { opt, get: () => input.value, set: (/** @type {any} */ v) => { input.value = v; } });
    } else if (opt.type === "set") {
      const fs = el("fieldset", "option-set");
      fs.append(el("legend", null, opt.label ?? opt.name));
      /** @type {HTMLInputElement[]} */
      const boxes = [];
      for (const c of opt.choices ?? []) {
        const row = el("div", "field-check");
        const cb = el("input");
        cb.type = "checkbox";
        cb.id = `${id}-${c}`;
        cb.value = c;
        const lab = el("label", null, humanise(c));
        lab.htmlFor = cb.id;
        row.append(cb, lab);
        fs.append(row);
        boxes.push(cb);
      }
      if (src) fs.append(src);
      wrap.append(fs);
      this.optionInputs.set(opt.name, {
        opt,
        get: () => boxes.filter((b) => b.checked).map((b) => b.value),
        set: (/** @type {any} */ v) => { for (const b of boxes) b.checked = Array.isArray(v) && v.includes(b.value); },
      });
    } else {
      wrap.append(el("span", "hint", `${opt.label ?? opt.name}: ${JSON.stringify(opt.default)}`));
    }
    if (opt.help) wrap.append(el("span", "hint", opt.help));
    return wrap;
  }

  /** @param {string|undefined} id @returns {Record<string, any>} */
  presetValues(id) {
    const p = this.presets.find((x) => x.id === id);
    /** @type {Record<string, any>} */
    const vals = {};
    for (const o of this.options) vals[o.name] = o.default;
    Object.assign(vals, p?.rules ?? {});
    return vals;
  }

  /** @param {string|undefined} id @param {Record<string, any>} [overrides] */
  applyPreset(id, overrides = {}) {
    const p = this.presets.find((x) => x.id === id) ?? this.presets[0];
    if (p) $("setup-preset").value = p.id;
    $("setup-preset-desc").textContent = p?.description ?? "";
    const vals = { ...this.presetValues(p?.id), ...overrides };
    for (const [name, io] of this.optionInputs) io.set(vals[name]);
  }

  /** Characters (personalities) and levels offered by the engine's bot list. */
  botChoices() {
    if (this._choices) return this._choices;
    const persons = new Map();
    const levels = new Map();
    for (const b of this.bots) {
      const pid = b.personality ?? b.id;
      if (!persons.has(pid)) persons.set(pid, { id: pid, name: b.personality_name ?? b.name, description: b.description ?? "" });
      if (b.level && !levels.has(b.level)) levels.set(b.level, { id: b.level, name: b.level_name ?? b.level, rank: b.level_rank ?? 0 });
    }
    this._choices = { persons: [...persons.values()], levels: [...levels.values()].sort((a, b) => a.rank - b.rank) };
    return this._choices;
  }

  /** @param {string} person @param {string|undefined} level @returns {BotSpec | undefined} */
  botFor(person, level) {
    return this.bots.find((b) => (b.personality ?? b.id) === person && (!b.level || b.level === level))
      ?? this.bots.find((b) => (b.personality ?? b.id) === person) ?? this.bots[0];
  }

  /** @param {PlayerSpec} player @param {number} index */
  playerRow(player, index) {
    const li = el("li", "setup-player");
    const base = `pl-${index}-${Math.random().toString(36).slice(2, 7)}`;
    const field = (/** @type {string} */ label, /** @type {any} */ control, /** @type {string} */ id) => {
      const f = el("div", "field");
      const l = el("label", null, label);
      l.htmlFor = id;
      control.id = id;
      f.append(l, control);
      return f;
    };
    const name = el("input");
    name.type = "text";
    name.maxLength = this.limits.name.max_length;
    name.value = player.name ?? "";
    name.className = "pl-name";
    name.autocomplete = "off";
    const kind = el("select");
    kind.className = "pl-kind";
    const h = el("option", null, "A person at this screen");
    h.value = "human";
    kind.append(h);
    const { persons, levels } = this.botChoices();
    if (this.bots.length) {
      const c = el("option", null, "The computer");
      c.value = "bot";
      kind.append(c);
    }
    const person = el("select");
    person.className = "pl-person";
    for (const p of persons) {
      const o = el("option", null, p.name);
      o.value = p.id;
      person.append(o);
    }
    const level = el("select");
    level.className = "pl-level";
    for (const l of levels) {
      const o = el("option", null, l.name);
      o.value = l.id;
      level.append(o);
    }
    const desc = el("p", "hint pl-desc");
    const chosen = player.kind === "bot" ? this.bots.find((b) => b.id === player.bot) : null;
    kind.value = chosen ? "bot" : "human";
    if (chosen) {
      person.value = chosen.personality ?? chosen.id;
      if (chosen.level) level.value = chosen.level;
    } else if (levels.length) {
      level.value = (levels[1] ?? levels[0]).id;
    }
    const personF = field("Character", person, `${base}-person`);
    const levelF = field("Skill", level, `${base}-level`);
    const sync = () => {
      const bot = kind.value === "bot";
      personF.hidden = !bot;
      levelF.hidden = !bot || levels.length === 0;
      desc.hidden = !bot;
      if (bot) {
        const b = this.botFor(person.value, level.value);
        desc.textContent = b?.description ?? "";
      }
    };
    const wasName = () => persons.some((p) => p.name === name.value) || name.value === "";
    person.addEventListener("change", () => {
      if (wasName()) name.value = persons.find((p) => p.id === person.value)?.name ?? name.value;
      sync();
    });
    kind.addEventListener("change", () => {
      if (kind.value === "bot" && wasName()) name.value = persons.find((p) => p.id === person.value)?.name ?? name.value;
      sync();
    });
    level.addEventListener("change", sync);
    li.append(field(`Player ${index + 1} name`, name, `${base}-name`), field("Played by", kind, `${base}-kind`), personF, levelF, desc);
    sync();
    return li;
  }

  /** @param {PlayerSpec} [player] */
  addPlayer(player) {
    const list = $("setup-players");
    const i = list.children.length;
    if (i >= this.limits.players.max) return;
    let p = player;
    if (!p) {
      const { persons, levels } = this.botChoices();
      const taken = new Set([...list.querySelectorAll(".pl-name")].map((/** @type {any} */ x) => x.value));
      const person = persons.find((x) => !taken.has(x.name));
      if (i > 0 && person) {
        const b = this.botFor(person.id, (levels[1] ?? levels[0])?.id);
        p = { name: person.name, kind: "bot", bot: b?.id };
      } else {
        p = { name: DEFAULT_NAMES.find((n) => !taken.has(n)) ?? `Player ${i + 1}`, kind: "human" };
      }
    }
    list.append(this.playerRow(p, i));
  }

  syncButtons() {
    const n = $("setup-players").children.length;
    $("setup-add").disabled = n >= this.limits.players.max;
    $("setup-remove").disabled = n <= this.limits.players.min;
  }

  /** Fill the form from settings ({players, preset, rules, seed}); missing parts get defaults,
   * and no seed leaves the seed box empty (a random deal). */
  /** @param {FormSettings} [settings] */
  fill(settings = {}) {
    this.build();
    const list = $("setup-players");
    list.replaceChildren();
    const players = settings.players?.length ? settings.players : null;
    if (players) players.slice(0, this.limits.players.max).forEach((p, i) => list.append(this.playerRow(p, i)));
    else {
      const n = this.bots.length ? 4 : this.limits.players.min;
      for (let i = 0; i < n; i++) this.addPlayer();
    }
    while (list.children.length < this.limits.players.min) this.addPlayer();
    this.applyPreset(settings.preset ?? this.presets[0]?.id, settings.rules ?? {});
    $("setup-seed").value = settings.seed ?? "";
    this.syncButtons();
    this.updateLink();
  }

  /** The form's settings; `seed` only when the player typed one (none: the engine draws it).
   * @returns {FormSettings & {players: PlayerSpec[], rules: Record<string, RuleValue>}} */
  read() {
    const players = [...document.querySelectorAll("#setup-players .setup-player")].map((/** @type {any} */ li, i) => {
      const name = li.querySelector(".pl-name").value.trim() || `Player ${i + 1}`;
      if (li.querySelector(".pl-kind").value !== "bot") return /** @type {PlayerSpec} */ ({ name, kind: "human" });
      const b = this.botFor(li.querySelector(".pl-person").value, li.querySelector(".pl-level").value);
      return /** @type {PlayerSpec} */ ({ name, kind: "bot", bot: b?.id });
    });
    const preset = $("setup-preset").value || undefined;
    const base = this.presetValues(preset);
    /** @type {Record<string, RuleValue>} */
    const rules = {};
    for (const [name, io] of this.optionInputs) {
      const v = io.get();
      if (JSON.stringify(v) !== JSON.stringify(base[name])) rules[name] = v;
    }
    const seedText = $("setup-seed").value.trim();
    return seedText === "" ? { players, preset, rules } : { players, preset, rules, seed: Number(seedText) };
  }

  /** A match has started with the form's seed: the box is empty again (the next match is
   * random unless the player types another), and so is the link's seed. */
  forgetSeed() {
    if (!this.built) return;
    $("setup-seed").value = "";
    this.updateLink();
  }

  updateLink() {
    $("setup-link").value = settingsToUrl(this.read());
  }
}

/** @param {string} s */
function humanise(s) {
  return String(s).replace(/_/g, " ");
}

// ---- links: ?p=human:Fanny&p=bot:mary:Mary%20Crawford&preset=parlett&seed=42&rule.ante=5 ----

/** @param {FormSettings} settings */
export function settingsToUrl(settings) {
  const u = new URL(location.href);
  u.search = "";
  u.hash = "";
  const q = u.searchParams;
  for (const p of settings.players ?? []) {
    q.append("p", p.kind === "bot" ? `bot:${p.bot}:${p.name}` : `human:${p.name}`);
  }
  if (settings.preset) q.set("preset", settings.preset);
  if (settings.seed != null) q.set("seed", String(settings.seed));
  for (const [k, v] of Object.entries(settings.rules ?? {})) {
    q.set(`rule.${k}`, Array.isArray(v) ? v.join(",") : String(v));
  }
  for (const d of settings.decks ?? []) q.append("deck", d.join(","));
  return u.href;
}

export function hasSettingsInUrl() {
  const q = new URLSearchParams(location.search);
  return [...q.keys()].some((k) => ["p", "preset", "seed", "deck"].includes(k) || k.startsWith("rule."));
}

// ---- reading a link: strict, so a link means exactly one match ----

// Bidirectional controls (embeddings, overrides, isolates, marks): removed from names so a
// name cannot reorder the sentences it appears in. The engine removes them too.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
// Something that draws: not a space, control, format or unassigned character, not a lone
// combining mark, not a blank filler.
const VISIBLE = /[^\p{Z}\p{C}\p{Mn}\p{Me}\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5]/u;
const CONTROL = /\p{Cc}/u;

/** Text for a problem sentence: short, and with its invisible characters made visible. */
/** @param {string} text */
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
 * A player's name from a link: bidi controls removed, outer spaces trimmed; a name with
 * control characters or nothing visible is a problem. An empty name gets `fallback`.
 * Returns {value} or {problem}.
 * @param {string} raw
 * @param {string} fallback
 */
export function parseLinkName(raw, fallback) {
  const name = raw.replace(BIDI_CONTROLS, "").trim();
  if (raw === "") return { value: fallback };
  if (CONTROL.test(name)) return { problem: `the player name ${shown(raw)} contains a control character` };
  if (!VISIBLE.test(name)) return { problem: `the player name ${shown(raw)} has no visible character` };
  return { value: name };
}

/**
 * Parse the page's URL into settings. Returns {settings, problems: [text]}. Only the shape is
 * checked here (numbers are decimal whole numbers, names are visible); whether the values are
 * allowed is the engine's call. `search` defaults to the page's own query string.
 * @param {Array<{name: string, type: string}>} [options]  hello's options
 * @param {string} [search]
 */
export function settingsFromUrl(options = [], search = globalThis.location?.search ?? "") {
  const q = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  /** @type {FormSettings & {players?: PlayerSpec[], rules?: Record<string, RuleValue>}} */
  const settings = {};
  const ps = q.getAll("p");
  if (ps.length) {
    settings.players = [];
    for (const raw of ps) {
      const [kind, a, ...rest] = raw.split(":");
      let name;
      if (kind === "human") name = parseLinkName([a ?? "", ...rest].join(":"), "Player");
      else if (kind === "bot" && a) name = parseLinkName(rest.join(":"), a);
      else {
        problems.push(`the player ${shown(raw)} is not understood (write human:NAME or bot:ID:NAME)`);
        continue;
      }
      if (name.problem) problems.push(name.problem);
      else {
        const value = /** @type {string} */ (name.value);
        settings.players.push(kind === "bot" ? { name: value, kind: "bot", bot: a } : { name: value, kind: "human" });
      }
    }
  }
  for (const single of ["preset", "seed"]) {
    const n = q.getAll(single).length;
    if (n > 1) problems.push(`the link gives ${n} values for “${single}”; give one`);
  }
  if (q.has("preset")) settings.preset = q.get("preset") ?? undefined;
  if (q.has("seed")) {
    const seed = parseLinkInteger(q.get("seed") ?? "", "the seed");
    if (seed.problem) problems.push(seed.problem);
    else settings.seed = /** @type {number} */ (seed.value);
  }
  // deck=QH,2C,...: the order of the pack for successive deals (a scenario link); repeatable.
  const decks = q.getAll("deck");
  if (decks.length) settings.decks = decks.map((d) => d.split(",").map((c) => c.trim()).filter(Boolean));
  const byName = new Map(options.map((o) => [o.name, o]));
  for (const [k, v] of q.entries()) {
    if (!k.startsWith("rule.")) continue;
    const name = k.slice(5);
    const opt = byName.get(name);
    settings.rules ??= {};
    if (!opt) { settings.rules[name] = v; continue; } // let the engine name the unknown option
    if (opt.type === "int") {
      const n = parseLinkInteger(v, `the rule “${name}”`, { negative: true });
      if (n.problem) problems.push(n.problem);
      else settings.rules[name] = /** @type {number} */ (n.value);
    } else if (opt.type === "bool") {
      if (v === "true" || v === "false") settings.rules[name] = v === "true";
      else problems.push(`the rule “${name}” must be true or false, not ${shown(v)}`);
    } else if (opt.type === "set") settings.rules[name] = v === "" ? [] : v.split(",");
    else settings.rules[name] = v;
  }
  return { settings, problems };
}
