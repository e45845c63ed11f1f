// The page's settings (theme, pace, four colours, motion, standing answers, confirmations,
// pass-and-play): read from storage once, shown in the settings dialog, stored again at every
// change. The game's rules are never here (they are the set-up form's).
//
//   const settings = createSettings();
//   settings.wire();                 // once: the dialog's fields and the header's button
//   settings.current().pace          // "normal"
import { byId } from "../dom.js";
import { applyDisplaySettings } from "../render.js";
import { loadSettings, saveSettings } from "../storage.js";
import { OFFER_RULES } from "../standing.js";
import { openSheet } from "./panels.js";
import { askNotifications } from "../turn-cue.js";

/** @typedef {import("../storage.js").UiSettings} UiSettings */

const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id));
const select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ (byId(id));

/** The settings dialog's fields, by setting (checkboxes for the booleans, else a select). */
const FIELDS = /** @type {const} */ ({
  theme: "set-theme", pace: "set-pace", fourColour: "set-fourcolour", motion: "set-motion",
  autoReveal: "set-autoreveal", offers: "set-offers", confirmTrades: "set-confirm", handover: "set-handover",
  notify: "set-notify",
});

export function createSettings() {
  let settings = loadSettings();

  /** The page as the settings say, and the dialog's fields showing them. */
  function show() {
    applyDisplaySettings(settings);
    select(FIELDS.theme).value = settings.theme;
    select(FIELDS.pace).value = settings.pace;
    input(FIELDS.fourColour).checked = !!settings.fourColour;
    input(FIELDS.motion).checked = !!settings.motion;
    input(FIELDS.autoReveal).checked = !!settings.autoReveal;
    select(FIELDS.offers).value = settings.offers;
    input(FIELDS.confirmTrades).checked = !!settings.confirmTrades;
    input(FIELDS.handover).checked = !!settings.handover;
    input(FIELDS.notify).checked = !!settings.notify;
  }

  /** The dialog's fields, as settings. */
  function read() {
    return {
      theme: select(FIELDS.theme).value,
      pace: select(FIELDS.pace).value,
      fourColour: input(FIELDS.fourColour).checked,
      motion: input(FIELDS.motion).checked,
      autoReveal: input(FIELDS.autoReveal).checked,
      // the select offers OFFER_RULES only
      offers: /** @type {UiSettings["offers"]} */ (select(FIELDS.offers).value),
      confirmTrades: input(FIELDS.confirmTrades).checked,
      handover: input(FIELDS.handover).checked,
      notify: input(FIELDS.notify).checked,
    };
  }

  function wire() {
    select(FIELDS.offers).replaceChildren(...OFFER_RULES.map(([value, label]) => new Option(label, value)));
    byId("btn-settings").addEventListener("click", () => openSheet("settings-dialog"));
    const update = () => {
      settings = read();
      saveSettings(settings);
      show();
    };
    for (const id of Object.values(FIELDS)) byId(id).addEventListener("change", update);
    // turned on: the browser asks its permission now (and only now); refused, the box clears
    input(FIELDS.notify).addEventListener("change", async () => {
      byId("set-notify-why").textContent = "";
      if (!input(FIELDS.notify).checked) return;
      const r = await askNotifications();
      if (r.ok) return;
      input(FIELDS.notify).checked = false;
      update();
      byId("set-notify-why").textContent = r.why ?? "";
    });
    show();
  }

  return { wire, current: () => settings };
}
