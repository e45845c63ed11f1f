// The new-match form, built generically from the engine's `hello` (presets, options, bots),
// and the shareable link that reproduces its settings (and its seed, when the player typed
// one). No rule knowledge here: the engine validates everything and says what is wrong.
// The seed box is empty unless the player types a seed for the next match: an empty box means
// "random", and the engine draws that seed itself and keeps it until the match is over (with
// the seed anyone could read the face-down cards; docs/protocol.md).
//
// This module is the form's DOM: the model (setup/model.js) says what the rows and values
// mean, the fields (setup/fields.js) build one rule option each, and the link format is
// links.js, shared with the embed.
//
//   const form = new SetupForm(hello, { onStart: (settings) => startMatch(settings) });
//   form.fill(settingsFromUrl(hello.options).settings);   // form.read(): the settings again
import { el, byId } from "./dom.js";
import { settingsToUrl } from "./links.js";
import { optionField } from "./setup/fields.js";
import {
  formModel, fillPlayers, newPlayer, rowChoice, nameFollowsCharacter, characterName, botFor,
  presetChoice, formSettings,
} from "./setup/model.js";
/** @typedef {import("./protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("./protocol.js").RuleValue} RuleValue */
/** @typedef {import("./protocol.js").HelloAnswer} HelloAnswer */
/** @typedef {import("./setup/model.js").FormSettings} FormSettings */
/** @typedef {import("./setup/fields.js").FieldIO} FieldIO */

export { DEFAULT_HUMAN } from "./setup/model.js";
export { settingsToUrl, settingsFromUrl, hasSettingsInUrl, parseLinkInteger, parseLinkName } from "./links.js";

/** One of the form's inputs or menus (index.html's markup is fixed). @param {string} id */
const field = (id) => /** @type {HTMLInputElement} */ (byId(id));

export class SetupForm {
  /**
   * @param {HelloAnswer} hello the engine's `hello` answer (presets, options, bots, limits)
   * @param {{onStart: (settings: FormSettings) => unknown,
   *   onFriends?: (settings: FormSettings, friendRows: number[]) => unknown}} handlers
   *   onFriends: "Open the table" in the friends' form (rows played on friends' own devices)
   */
  constructor(hello, { onStart, onFriends }) {
    this.hello = hello;
    this.onStart = onStart;
    this.onFriends = onFriends ?? null;
    /** "match": a match at this screen; "friends": a table for friends on their own devices */
    /** @type {"match" | "friends"} */
    this.mode = "match";
    this.model = formModel(hello);
    // How many players and how long a name: the engine's limits, never the page's own.
    this.limits = this.model.limits;
    /** @type {Map<string, FieldIO>} */
    this.optionInputs = new Map();
    this.built = false;
  }

  build() {
    if (this.built) return;
    this.built = true;
    const sel = field("setup-preset");
    sel.replaceChildren(...this.model.presets.map((p) => {
      const o = el("option", null, p.name ?? p.id);
      o.value = p.id;
      return o;
    }));
    sel.addEventListener("change", () => { this.applyPreset(sel.value); this.updateLink(); });
    const { min, max } = this.limits.players;
    byId("setup-players-legend").textContent = `Players (${min} to ${max})`;
    const box = byId("setup-options");
    box.replaceChildren();
    for (const opt of this.model.options) {
      const { node, io } = optionField(opt);
      if (io) this.optionInputs.set(opt.name, io);
      box.append(node);
    }
    this.wireButtons();
  }

  wireButtons() {
    const form = byId("setup-form");
    byId("setup-add").addEventListener("click", () => { this.addPlayer(); this.updateLink(); this.syncButtons(); });
    byId("setup-remove").addEventListener("click", () => {
      const list = byId("setup-players");
      if (list.children.length > this.limits.players.min) list.lastElementChild?.remove();
      this.updateLink(); this.syncButtons();
    });
    form.addEventListener("input", () => this.updateLink());
    form.addEventListener("change", () => this.updateLink());
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (this.mode === "friends" && this.onFriends) this.onFriends(this.read(), this.friendRows());
      else this.onStart(this.read());
    });
    const copy = byId("setup-copy");
    copy.addEventListener("click", async () => {
      const input = field("setup-link");
      try { await navigator.clipboard.writeText(input.value); copy.textContent = "Copied"; }
      catch { input.select(); }
      setTimeout(() => { copy.textContent = "Copy link"; }, 1500);
    });
  }

  /** Show preset `id` (unknown: the first) with `overrides` over its values.
   * @param {string|undefined} id @param {Record<string, RuleValue>} [overrides] */
  applyPreset(id, overrides = {}) {
    const { preset, values } = presetChoice(this.model, id, overrides);
    if (preset) field("setup-preset").value = preset.id;
    byId("setup-preset-desc").textContent = preset?.description ?? "";
    for (const [name, io] of this.optionInputs) io.set(values[name]);
  }

  /** @param {PlayerSpec} player @param {number} index */
  playerRow(player, index) {
    const m = this.model;
    const li = el("li", "setup-player");
    const base = `pl-${index}-${Math.random().toString(36).slice(2, 7)}`;
    const labelled = (/** @type {string} */ label, /** @type {HTMLElement} */ control, /** @type {string} */ id) => {
      const f = el("div", "field");
      const l = el("label", null, label);
      l.htmlFor = id;
      control.id = id;
      f.append(l, control);
      return f;
    };
    /** @param {string} cls @param {Array<{id: string, name: string}>} items @param {string} value */
    const menu = (cls, items, value = "") => {
      const s = el("select", cls);
      s.append(...items.map((x) => { const o = el("option", null, x.name); o.value = x.id; return o; }));
      if (value) s.value = value;
      return s;
    };
    const name = el("input", "pl-name");
    name.type = "text";
    name.maxLength = this.limits.name.max_length;
    name.value = player.name ?? "";
    name.autocomplete = "off";
    const choice = rowChoice(m, player);
    const kinds = [{ id: "human", name: this.mode === "friends" ? "You, at this screen" : "A person at this screen" },
      ...(this.mode === "friends" ? [{ id: "friend", name: "A friend on their own device" }] : []),
      ...(m.bots.length ? [{ id: "bot", name: "The computer" }] : [])];
    const kind = menu("pl-kind", kinds, /** @type {{kind: string}} */ (player).kind === "friend" ? "friend" : choice.kind);
    const person = menu("pl-person", m.persons, choice.person ?? "");
    const level = menu("pl-level", m.levels, choice.level ?? "");
    const desc = el("p", "hint pl-desc");
    const personF = labelled("Character", person, `${base}-person`);
    const levelF = labelled("Skill", level, `${base}-level`);
    const sync = () => {
      const bot = kind.value === "bot";
      personF.hidden = !bot;
      levelF.hidden = !bot || m.levels.length === 0;
      desc.hidden = !bot;
      if (bot) desc.textContent = botFor(m.bots, person.value, level.value)?.description ?? "";
    };
    const follow = () => {
      if (nameFollowsCharacter(m, name.value)) name.value = characterName(m, person.value) ?? name.value;
    };
    person.addEventListener("change", () => { follow(); sync(); });
    kind.addEventListener("change", () => { if (kind.value === "bot") follow(); sync(); });
    level.addEventListener("change", sync);
    li.append(labelled(`Player ${index + 1} name`, name, `${base}-name`), labelled("Played by", kind, `${base}-kind`), personF, levelF, desc);
    sync();
    return li;
  }

  /** Add a row: `player`, or the model's next one. @param {PlayerSpec} [player] */
  addPlayer(player) {
    const list = byId("setup-players");
    const i = list.children.length;
    if (i >= this.limits.players.max) return;
    list.append(this.playerRow(player ?? newPlayer(this.model, this.rows().map((r) => r.name)), i));
  }

  syncButtons() {
    const n = byId("setup-players").children.length;
    field("setup-add").disabled = n >= this.limits.players.max;
    field("setup-remove").disabled = n <= this.limits.players.min;
  }

  /** Fill the form from settings ({players, preset, rules, seed}); missing parts get defaults,
   * and no seed leaves the seed box empty (a random deal).
   * @param {FormSettings} [settings] */
  fill(settings = {}) {
    this.build();
    byId("setup-players").replaceChildren(...fillPlayers(this.model, settings.players).map((p, i) => this.playerRow(p, i)));
    this.applyPreset(settings.preset ?? this.model.presets[0]?.id, settings.rules ?? {});
    field("setup-seed").value = settings.seed == null ? "" : String(settings.seed);
    this.syncButtons();
    this.updateLink();
  }

  /**
   * Show the form for a match at this screen ("match") or a table for friends ("friends"):
   * its title, its button and the "Played by" choices differ.
   * @param {"match" | "friends"} mode
   */
  setMode(mode) {
    this.mode = mode;
    byId("setup-title").textContent = mode === "friends" ? "Play with friends" : "A new match";
    byId("setup-start").textContent = mode === "friends" ? "Open the table" : "Deal the first hand";
    byId("setup-friends-hint").hidden = mode !== "friends";
    byId("setup-seed-field").hidden = mode === "friends"; // a friends' deal is always random
    byId("setup-share").hidden = mode === "friends";
  }

  /** The rows played by friends on their own devices. @returns {number[]} */
  friendRows() {
    return this.rows().flatMap((r, i) => (r.kind === "friend" ? [i] : []));
  }

  /** The player rows' values, as the form holds them. */
  rows() {
    const value = (/** @type {Element} */ li, /** @type {string} */ sel) => /** @type {HTMLInputElement | null} */ (li.querySelector(sel))?.value ?? "";
    return [...byId("setup-players").querySelectorAll(".setup-player")].map((li) => ({
      name: value(li, ".pl-name"), kind: value(li, ".pl-kind"), person: value(li, ".pl-person"), level: value(li, ".pl-level"),
    }));
  }

  /** The form's settings; `seed` only when the player typed one (none: the engine draws it). */
  read() {
    /** @type {Record<string, RuleValue>} */
    const values = {};
    for (const [name, io] of this.optionInputs) values[name] = io.get();
    return formSettings(this.model, { players: this.rows(), preset: field("setup-preset").value,
      values, seed: field("setup-seed").value });
  }

  /** A match has started with the form's seed: the box is empty again (the next match is
   * random unless the player types another), and so is the link's seed. */
  forgetSeed() {
    if (!this.built) return;
    field("setup-seed").value = "";
    this.updateLink();
  }

  updateLink() {
    field("setup-link").value = settingsToUrl(this.read());
  }
}
