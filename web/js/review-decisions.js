// Review, decision by decision: each finished hand's decisions of the reviewed seat beside the
// expert's (the engine's `analyse` op, one hand per request, in the worker). Every sentence,
// grade and figure comes from the engine; this module lays them out, keeps them by step for
// the stepper's note, and lets a click on a decision take the review to that moment.
//
//   import { createDecisions } from "./review-decisions.js";
//   const d = createDecisions({ engine, seat, hands: [3], named: false, matchOver: true, go });
//   dialog.append(d.element);
//   await d.load();            // asks the engine hand by hand, a piece at a time; the list fills hand by hand
//   d.noteAt(12)               // the judgement of the decision taken at step 12, or null
import { el, button } from "./dom.js";

/** @typedef {import("./driver.js").EngineLike} EngineLike */
/** @typedef {import("./protocol.js").Analysis} Analysis */
/** @typedef {import("./protocol.js").JudgedDecision} JudgedDecision */

/** What each grade is called beside a decision (the engine's `grade`). */
const GRADE_WORDS = /** @type {const} */ ({
  expert: "the expert's move", good: "about as good", slip: "slip", blunder: "blunder", unvalued: "not valued",
});

/**
 * @param {object} options
 * @param {EngineLike} options.engine
 * @param {number} options.seat whose decisions
 * @param {number[]} options.hands the finished hands to analyse, in order
 * @param {boolean} options.named the sentences name the seat (pass-and-play) instead of "you"
 * @param {boolean} options.matchOver the expert's own reasons are shown only once the match is
 *   over (while it is played, no number behind a bot's move is shown)
 * @param {(step: number) => unknown} options.go move the review to the moment of a decision
 */
export function createDecisions({ engine, seat, hands, named, matchOver, go }) {
  const element = el("section", "review-decisions");
  element.id = "review-decisions";
  const head = el("h3", null, named ? "Decisions beside the expert's" : "Your decisions beside the expert's");
  const status = el("p", "hint review-decisions-status");
  status.id = "review-decisions-status";
  status.setAttribute("aria-live", "polite");
  const summaries = el("div", "review-decisions-summaries");
  const list = el("ol", "review-decisions-list");
  list.id = "review-decisions-list";
  const all = /** @type {HTMLInputElement} */ (el("input"));
  all.type = "checkbox";
  all.id = "review-decisions-all";
  const allLabel = el("label", "review-decisions-toggle");
  allLabel.append(all, " Show the decisions that were the expert's own too");
  all.addEventListener("change", () => { element.dataset.all = String(all.checked); });
  element.dataset.all = "false";
  element.append(head, status, summaries, allLabel, list);

  /** @type {Map<number, JudgedDecision>} the judgements by the step of their decision */
  const byStep = new Map();

  /** @param {JudgedDecision} d */
  function item(d) {
    const li = el("li", `review-decision is-${d.grade}`);
    li.dataset.grade = d.grade;
    li.dataset.step = String(d.step);
    const tag = el("span", `review-grade grade-${d.grade}`, GRADE_WORDS[d.grade] ?? d.grade);
    const cost = d.grade === "slip" || d.grade === "blunder" ? ` (${d.cost_text} chips)` : "";
    const what = d.same ? `Hand ${d.hand}: ${d.yours_text}`
      : `Hand ${d.hand}: ${d.yours_text}; the expert: ${d.expert_text}`;
    const b = button(`${what}${cost}`, () => go(d.step), "linklike");
    b.dataset.step = String(d.step);
    li.append(tag, " ", b);
    return li;
  }

  let legend = "";
  /** @param {Analysis} a */
  function add(a) {
    legend = `A slip is a choice that cost at least ${a.thresholds.slip} chips against the expert's, played out; a blunder, at least ${a.thresholds.blunder}.`;
    summaries.append(el("p", "review-decisions-summary", named ? a.text : a.you));
    for (const d of a.decisions) {
      byStep.set(d.step, d);
      list.append(item(d));
    }
  }

  async function load() {
    element.dataset.state = "busy";
    for (const [i, hand] of hands.entries()) {
      const which = hands.length > 1 ? `, hand ${hand} (${i + 1} of ${hands.length})` : "";
      status.textContent = `Comparing with the expert's play${which}…`;
      // the engine answers a piece at a time (the review's other requests go in between)
      for (;;) {
        const res = await engine.request({ op: "analyse", seat, hand });
        // closed or redrawn meanwhile: stop asking (the engine keeps what it has judged, and a
        // review opened again goes on from there) so the live table's moves are not delayed
        if (!element.isConnected || element.closest("dialog")?.open === false) { element.dataset.state = "stopped"; return; }
        if (!res.ok) { status.textContent = `No comparison with the expert: ${res.error?.message ?? "the engine refused"}`; element.dataset.state = "failed"; return; }
        if (res.analysis.done) { add(res.analysis); break; }
        status.textContent = `Comparing with the expert's play${which}: ${Math.round(res.analysis.progress * 100)}%…`;
      }
    }
    status.textContent = legend;
    element.dataset.state = "done";
  }

  /**
   * The judgement of the decision taken at `step`, as a note for the stepper, or null.
   * @param {number} step
   */
  function noteAt(step) {
    const d = byStep.get(step);
    if (!d) return null;
    const box = el("div", `review-decision-note is-${d.grade}`);
    box.dataset.step = String(d.step);
    box.append(el("p", null, named ? d.text : d.you));
    if (!d.same && matchOver) box.append(el("p", "hint", `The expert's reason: ${d.reason}`));
    return box;
  }

  return { element, load, noteAt, byStep };
}
