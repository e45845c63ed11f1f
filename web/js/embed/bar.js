// The embed's own bar above the table: its title, the link to the full game, a scenario's
// summary, the buttons (back, next, play, start again, new deal, play on from here), the step
// counter and the error box. It draws what it is told; createEmbed decides.
//
//   const bar = buildBar(byId("main"), { command, takeSeat });
//   bar.update({ scenario: true, step: 3, steps: 11, ... });
//   bar.showError(["there is no scenario called “x”"], { retry: false });
import { el, button } from "../dom.js";
/** @typedef {import("./params.js").EmbedCommand} EmbedCommand */
/** @typedef {ReturnType<typeof buildBar>} Bar */
/**
 * What the bar shows after a drawing.
 * @typedef {object} BarState
 * @property {boolean} scenario stepping through a scenario (else a live deal)
 * @property {number} step
 * @property {number} steps
 * @property {boolean} over the match is over
 * @property {boolean} autoplay the table's flag: the computer moves by itself (a live deal), the
 *   step timer runs (a scenario)
 * @property {boolean} waiting nobody the computer plays is to act (the reader's turn, or none)
 * @property {boolean} restartable "Start again" applies (a scenario, or a live deal)
 * @property {string | null} take the "Play on from here" label, or null when it does not apply
 */

/**
 * Build the bar at the top of `main`.
 * @param {HTMLElement} main
 * @param {{command: (cmd: EmbedCommand) => void, takeSeat: () => void, isAutoplay: () => boolean}} actions
 */
export function buildBar(main, { command, takeSeat, isAutoplay }) {
  const bar = el("section", "embed-bar");
  bar.id = "embed-bar";
  bar.setAttribute("aria-labelledby", "embed-title");
  const title = el("h1", "embed-title", "Speculation");
  title.id = "embed-title";
  const full = el("a", "embed-full", "Open the full game");
  full.id = "embed-full";
  full.href = "index.html";
  full.target = "_blank";
  full.rel = "noopener";
  full.append(el("span", "visually-hidden", " (opens in a new tab)"));
  const head = el("div", "embed-head");
  head.append(title, full);
  const summary = el("p", "embed-summary");
  summary.id = "embed-summary";
  summary.hidden = true;
  const nav = el("div", "embed-nav");
  nav.id = "embed-nav";
  nav.setAttribute("role", "group");
  nav.setAttribute("aria-label", "Example controls");
  nav.hidden = true;
  const btn = (/** @type {string} */ id, /** @type {string} */ label, /** @type {() => void} */ fn) => {
    const b = button(label, fn, "embed-btn");
    b.id = id;
    return b;
  };
  const back = btn("embed-back", "Back", () => command({ type: "step", by: -1 }));
  const next = btn("embed-next", "Next", () => command({ type: "step", by: 1 }));
  next.classList.add("primary");
  const play = btn("embed-play", "Play", () => command({ type: "autoplay", on: !isAutoplay() }));
  play.setAttribute("aria-pressed", "false");
  const restart = btn("embed-restart", "Start again", () => command({ type: "restart" }));
  const deal = btn("embed-deal", "New deal", () => command({ type: "new-deal" }));
  const take = btn("embed-take", "Play on from here", takeSeat);
  take.hidden = true;
  const counter = el("span", "embed-step");
  counter.id = "embed-step";
  counter.setAttribute("aria-live", "polite");
  nav.append(back, next, play, restart, deal, take, counter);
  const error = el("div", "embed-error");
  error.id = "embed-error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  bar.append(head, summary, nav, error);
  main.prepend(bar);

  /** The title, and the scenario's summary when it has one. @param {string} text @param {string} [about] */
  function setTitle(text, about) {
    title.textContent = text;
    if (about) { summary.textContent = about; summary.hidden = false; }
  }

  /** Where "open the full game" leads, and its words. @param {string} href @param {string} label */
  function setFullLink(href, label) {
    full.href = href;
    if (full.firstChild) full.firstChild.textContent = label;
  }

  /** @param {BarState} s */
  function update(s) {
    document.body.classList.toggle("embed-scenario", s.scenario);
    nav.hidden = false;
    back.hidden = !s.scenario;
    back.disabled = !s.scenario || s.step <= 0;
    restart.hidden = !s.restartable;
    next.disabled = s.scenario ? s.step >= s.steps : s.over || s.waiting;
    // "Pause" only while something plays: in a live deal the flag also stays on while the reader
    // is to act (the computer answers at once), but then there is nothing to pause, and a press
    // would only relabel the button.
    const playing = s.autoplay && (s.scenario || !(s.over || s.waiting));
    play.disabled = next.disabled && !playing;
    play.textContent = playing ? "Pause" : "Play";
    play.setAttribute("aria-pressed", String(playing));
    take.hidden = s.take == null;
    if (s.take != null) take.textContent = s.take;
    counter.textContent = s.scenario ? `Step ${s.step} of ${s.steps}` : s.over ? "Match over" : "";
    document.body.dataset.embedStep = s.scenario ? String(s.step) : "";
  }

  /** Why the example cannot be shown, in place of the table.
   * @param {string[]} lines @param {{retry?: boolean}} [how] */
  function showError(lines, { retry = false } = {}) {
    /** @type {HTMLElement[]} */
    const parts = [el("p", null, lines.length === 1 ? `This example cannot be shown: ${lines[0]}.`
      : "This example cannot be shown:")];
    if (lines.length > 1) {
      const ul = el("ul");
      for (const l of lines) ul.append(el("li", null, l));
      parts.push(ul);
    }
    parts.push(el("p", "hint", "The page that shows it may have a mistake in its link; the full game still works."));
    if (retry) parts.push(button("Try again", () => location.reload(), "embed-btn"));
    error.replaceChildren(...parts);
    error.hidden = false;
    nav.hidden = true;
  }

  return { setTitle, setFullLink, update, showError };
}
