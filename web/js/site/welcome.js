// The first screen (#welcome): Play, Custom match, Play with friends, and Continue when a match waits where it
// was left. It only shows and hides; what its buttons do is given once by wire(), after the
// parts that start and resume matches exist (start.js, resume.js).
//
//   const welcome = createWelcome();
//   welcome.show(true);              // "Your match is where you left it." and Continue
//   welcome.wire({ play, custom, resume });
import { byId } from "../dom.js";
import { setStatus } from "../render.js";

export function createWelcome() {
  const play = () => byId("btn-play");
  const cont = () => byId("btn-continue");

  /** @param {boolean} canContinue a match waits, drawn behind the screen */
  function show(canContinue) {
    byId("welcome").hidden = false;
    cont().hidden = !canContinue;
    play().classList.toggle("primary", !canContinue);
    play().textContent = canContinue ? "New game: Play" : "Play";
    setStatus(canContinue ? "Your match is where you left it." : "Press Play to deal the first hand.");
    // A button takes the focus, never a text box (a phone's keyboard would cover the page).
    (cont().hidden ? play() : cont()).focus({ preventScroll: true });
  }

  function hide() { byId("welcome").hidden = true; }

  /**
   * What the buttons do (once).
   * @param {{play: () => unknown, custom: () => unknown, friends: () => unknown, resume: () => unknown}} handlers
   *   resume: play on the match drawn behind the screen (the screen is hidden first);
   *   friends: the form for a table of friends on their own devices
   */
  function wire({ play: onPlay, custom, friends, resume }) {
    play().addEventListener("click", () => onPlay());
    byId("btn-custom").addEventListener("click", () => custom());
    byId("btn-friends").addEventListener("click", () => friends());
    cont().addEventListener("click", () => {
      hide();
      resume();
    });
  }

  return { show, hide, wire };
}

/** @typedef {ReturnType<typeof createWelcome>} Welcome */
