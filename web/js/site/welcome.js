// The first screen (#welcome): Play with its Opponents (remembered: play-choice.js), Custom
// match, Play with friends, and Continue when a match waits where it was left. It only shows and hides; what its buttons do is given once by wire(), after the
// parts that start and resume matches exist (start.js, resume.js).
//
//   const welcome = createWelcome();
//   welcome.show(true);              // "Your match is where you left it." and Continue
//   welcome.wire({ play: (opponents) => ..., custom, friends, resume });
import { byId } from "../dom.js";
import { setStatus } from "../render.js";
import { playSentence } from "./people.js";
import { readPlayChoice, writePlayChoice } from "./play-choice.js";

export function createWelcome() {
  const play = () => byId("btn-play");
  const cont = () => byId("btn-continue");
  const opponents = () => /** @type {HTMLSelectElement} */ (byId("play-opponents"));
  /** The sentence under Play follows the chosen opponents. */
  const sayPlay = () => { byId("play-hint").textContent = playSentence(opponents().value); };

  /** @param {boolean} canContinue a match waits, drawn behind the screen */
  function show(canContinue) {
    byId("welcome").hidden = false;
    opponents().value = readPlayChoice().opponents;
    sayPlay();
    cont().hidden = !canContinue;
    play().classList.toggle("primary", !canContinue);
    play().textContent = canContinue ? "New game: Play" : "Play";
    setStatus(canContinue ? "Your match is where you left it." : "Press Play to deal the first hand.");
    // A button takes the focus, never a text box (a phone's keyboard would cover the page).
    focusAfterPaint(cont().hidden ? play() : cont());
  }

  function hide() { byId("welcome").hidden = true; }

  /**
   * What the buttons do (once).
   * @param {{play: (opponents: string) => unknown, custom: () => unknown, daily: () => unknown, friends: (devices: boolean) => unknown, resume: () => unknown}} handlers
   *   daily: today's daily deal (daily.js);
   *   play: a quick match against the opponents chosen (a key of people.js OPPONENTS);
   *   resume: play on the match drawn behind the screen (the screen is hidden first);
   *   friends: the form for a table of friends on their own devices (`devices`), or, in a browser
   *   that cannot connect to another device, for friends at this one screen
   */
  function wire({ play: onPlay, custom, daily, friends, resume }) {
    play().addEventListener("click", () => onPlay(opponents().value));
    opponents().addEventListener("change", () => { writePlayChoice({ opponents: opponents().value }); sayPlay(); });
    byId("btn-custom").addEventListener("click", () => custom());
    byId("btn-daily").addEventListener("click", () => daily());
    byId("btn-friends").addEventListener("click", () => friends(canConnect()));
    if (!canConnect()) {
      byId("friends-hint").textContent = "This browser cannot connect to other devices (it has no WebRTC), so friends "
        + "play here at this screen instead, passing it round: each person's cards stay hidden until it is their turn.";
    }
    cont().addEventListener("click", () => {
      hide();
      resume();
    });
  }

  return { show, hide, wire };
}

/**
 * Focus `button` once the frame that draws it is painted, unless the focus has moved in the
 * meantime (the player clicked or tabbed somewhere). Focusing at once would make the browser
 * lay the whole table out inside the engine's first answer, one long task (issue 26's blocking
 * time: 113 ms of Lighthouse's mobile CPU); after the paint the layout is already done and the
 * focus costs nothing.
 * @param {HTMLElement} button
 */
function focusAfterPaint(button) {
  const before = document.activeElement;
  requestAnimationFrame(() => setTimeout(() => {
    if (document.activeElement !== before) return;
    if (button.isConnected && !button.closest("[hidden]")) button.focus({ preventScroll: true });
  }, 0));
}

/** Whether this browser can open a connection to a friend's device (WebRTC). */
export function canConnect() {
  return typeof globalThis.RTCPeerConnection === "function";
}

/** @typedef {ReturnType<typeof createWelcome>} Welcome */
