// Small sounds made here with the Web Audio API (no sound files): deal, flip, chips, a new best
// trump, your turn, a win. No AudioContext exists before the first user gesture (a click, a
// tap or a key press); the header's toggle mutes them all and is remembered on the device.
//
//   const sound = createSound(document.getElementById("btn-sound"));
//   sound.forEvents(events);      // the sounds a move's events call for
//   sound.play("turn");
//
// Nothing here runs at import time.
import { SOUND_KEY } from "./storage.js";

/** @typedef {"deal"|"flip"|"chips"|"trump"|"turn"|"win"} SoundName */

/** The sound each event type makes (the first one of a move's kinds plays once). */
const FOR_EVENT = /** @type {Record<string, SoundName>} */ ({
  deal: "deal", upcard: "flip", reveal: "flip", shown: "flip", new_best: "trump",
  ante: "chips", sold: "chips", bought_facedown: "chips", penalty: "chips", hand_won: "win",
});

/** Whether sounds are muted, as stored (default: not muted). */
export function readMuted() {
  try { return localStorage.getItem(SOUND_KEY) === "off"; } catch { return false; }
}
/** @param {boolean} muted */
function writeMuted(muted) {
  try { localStorage.setItem(SOUND_KEY, muted ? "off" : "on"); } catch { /* not stored */ }
}

/**
 * @param {HTMLButtonElement | null} button the header's toggle (aria-pressed: sound on)
 * @param {{win?: Window}} [opts]
 */
export function createSound(button, { win = window } = {}) {
  let muted = readMuted();
  let gestured = false;
  /** @type {AudioContext | null} */
  let ctx = null;

  function context() {
    if (ctx || muted || !gestured) return ctx;
    // webkitAudioContext: older Safari's name, which the DOM types do not declare
    const w = /** @type {{AudioContext?: typeof AudioContext, webkitAudioContext?: typeof AudioContext}} */ (/** @type {unknown} */ (win));
    const AC = /** @type {typeof AudioContext | undefined} */ (w.AudioContext ?? w.webkitAudioContext);
    if (!AC) return null;
    try { ctx = new AC(); } catch { ctx = null; }
    return ctx;
  }

  function onGesture() {
    gestured = true;
    const c = context();
    if (c?.state === "suspended") c.resume().catch(() => {});
    for (const t of ["pointerdown", "keydown"]) win.removeEventListener(t, onGesture, true);
  }
  for (const t of ["pointerdown", "keydown"]) win.addEventListener(t, onGesture, true);

  function show() {
    if (!button) return;
    button.setAttribute("aria-pressed", String(!muted));
    button.textContent = muted ? "Sound off" : "Sound on";
    button.title = muted ? "Sounds are muted: press to turn them on" : "Press to mute the sounds";
  }
  button?.addEventListener("click", () => {
    muted = !muted;
    writeMuted(muted);
    show();
    if (!muted) { gestured = true; context(); play("turn"); }
  });
  show();

  /**
   * One tone: a frequency glide with a quick attack and an exponential fade.
   * @param {AudioContext} c @param {number} at @param {number} f0 @param {number} f1
   * @param {number} len @param {OscillatorType} type @param {number} gain
   */
  function tone(c, at, f0, f1, len, type, gain) {
    const o = c.createOscillator();
    const g = c.createGain();
    o.type = type;
    o.frequency.setValueAtTime(f0, at);
    o.frequency.exponentialRampToValueAtTime(f1, at + len);
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(gain, at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, at + len);
    o.connect(g).connect(c.destination);
    o.start(at);
    o.stop(at + len + 0.02);
  }

  /** A short burst of filtered noise (cards sliding). @param {AudioContext} c @param {number} at @param {number} len */
  function swish(c, at, len) {
    const n = Math.floor(c.sampleRate * len);
    const buf = c.createBuffer(1, n, c.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n);
    const src = c.createBufferSource();
    src.buffer = buf;
    const f = c.createBiquadFilter();
    f.type = "bandpass";
    f.frequency.value = 2400;
    const g = c.createGain();
    g.gain.value = 0.18;
    src.connect(f).connect(g).connect(c.destination);
    src.start(at);
  }

  /** @param {SoundName} name @param {number} [delay] seconds from now */
  function play(name, delay = 0) {
    const c = context();
    if (!c || muted) return false;
    const t = c.currentTime + delay;
    switch (name) {
      case "deal": for (let i = 0; i < 3; i++) swish(c, t + i * 0.07, 0.06); break;
      case "flip": swish(c, t, 0.04); tone(c, t, 900, 500, 0.05, "triangle", 0.08); break;
      case "chips": tone(c, t, 2100, 1900, 0.06, "square", 0.03); tone(c, t + 0.05, 2500, 2300, 0.07, "square", 0.025); break;
      case "trump": tone(c, t, 523, 523, 0.12, "triangle", 0.12); tone(c, t + 0.11, 784, 784, 0.2, "triangle", 0.12); break;
      case "turn": tone(c, t, 880, 880, 0.25, "sine", 0.1); break;
      case "win": [523, 659, 784, 1047].forEach((f, i) => tone(c, t + i * 0.09, f, f, 0.22, "triangle", 0.1)); break;
    }
    return true;
  }

  /** The sounds a move's events call for, each kind once, a little apart. @param {import("./protocol.js").GameEvent[]} events */
  function forEvents(events) {
    /** @type {SoundName[]} */
    const names = [];
    for (const ev of events ?? []) {
      const n = FOR_EVENT[ev.type];
      if (n && !names.includes(n)) names.push(n);
    }
    names.forEach((n, i) => play(n, i * 0.12));
    return names;
  }

  return { play, forEvents, isMuted: () => muted, hasContext: () => !!ctx };
}
