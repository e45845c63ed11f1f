// Looking back at a match or a hand: a dialog over the table that steps through the record
// (stepper.js, the `replay` op with install: false, so the live table is untouched) and
// annotates each of the player's trades with the engine's review (the `review` op: fair value
// and chance at that moment, the price, the gain against fair value, the trading score, and
// the bots' private limits once the match is over), and each of the player's decisions with
// the expert's (review-decisions.js, the `analyse` op). Every number and sentence comes from
// the engine; this module only lays them out.
//
//   import { openReview, reviewEntry } from "./review.js";
//   await openReview({ engine: table, seat: 0 });            // the whole match
//   await openReview({ engine: table, seat: 0, hand: 3 });   // one hand
//   reviewEntry(table, view);   // after a hand: show the "Review the last hand" button
import { createStepper, CURRENT } from "./stepper.js";
import { cardFace, theCard } from "./cards.js";
import { chips, seatName, signedTenths } from "./text.js";
import { el, button } from "./dom.js";
import { createDecisions } from "./review-decisions.js";

/** @typedef {import("./driver.js").EngineLike} EngineLike */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").ReviewedTrade} ReviewedTrade */

/** The review dialog, made once and kept at the end of the body. */
function dialog() {
  let dlg = /** @type {HTMLDialogElement|null} */ (document.getElementById("review"));
  if (dlg) return dlg;
  dlg = /** @type {HTMLDialogElement} */ (el("dialog", "review-dialog learn-dialog"));
  dlg.id = "review";
  dlg.setAttribute("aria-labelledby", "review-title");
  document.body.append(dlg);
  return dlg;
}

/**
 * Open the review of `seat`'s trades over the whole match (or one `hand`).
 * Resolves when the dialog is closed; focus goes back where it was.
 * @param {{engine: EngineLike, seat: number, hand?: number|null, returnFocus?: HTMLElement|null, named?: boolean}} options
 *   named: the sentences name the seat ("Edmund's trading score…"), as in pass-and-play, where
 *   "your" would be whoever holds the screen
 */
export async function openReview({ engine, seat, hand = null, returnFocus = null, named = false }) {
  const opener = returnFocus ?? /** @type {HTMLElement|null} */ (document.activeElement);
  const [rv, rec, lg] = await Promise.all([
    engine.request({ op: "review", seat, hand }),
    engine.request({ op: "record" }),
    engine.request({ op: "log" }),
  ]);
  const refused = (/** @type {{message?: string}} */ e) => new Error(e?.message ?? "no review is available");
  if (!rv.ok) throw refused(rv.error);
  if (!rec.ok) throw refused(rec.error);
  if (!lg.ok) throw refused(lg.error);
  const review = rv.review;
  const entries = lg.entries;
  // The steps to walk through: the whole match, or the actions taken during that hand.
  const inScope = entries.filter((e) => hand == null || e.hand === hand);
  const actions = rec.record.actions?.length ?? 0;
  const first = hand == null ? 0 : Math.min(...inScope.map((e) => e.step ?? 0));
  const last = inScope.length ? Math.max(...inScope.map((e) => e.step ?? 0)) + 1 : actions;
  // The engine replays the match from its own record: the one `record` gives withholds the seed
  // while the match is being played (it would show the face-down cards).
  const stepper = createStepper(engine, CURRENT, { seat, steps: actions });
  /** @type {Map<number, ReviewedTrade>} trade by the number of actions after which it is done */
  const tradeAt = new Map(review.trades.map((t) => [t.step + 1, t]));
  const tradeSteps = [...tradeAt.keys()].sort((a, b) => a - b);

  const dlg = dialog();
  const title = el("h2", null, hand == null ? "Looking back at the match" : `Looking back at hand ${hand}`);
  title.id = "review-title";
  const score = el("p", "review-score", named ? review.text : review.you);
  score.id = "review-score";
  score.dataset.score = String(review.score);
  const secret = el("p", "hint", review.limits_shown
    ? "The match is over, so the computer players' private limits are shown with each trade."
    : "The computer players' private limits are shown only once the match is over.");
  const where = el("p", "review-where");
  where.id = "review-where";
  where.setAttribute("aria-live", "polite");
  const happened = el("ul", "review-events");
  happened.id = "review-events";
  const note = el("div", "review-note");
  note.id = "review-note";
  const board = el("div", "review-board");
  board.id = "review-board";
  const nav = el("div", "row-buttons review-nav");
  const prevTrade = button("◀ Previous trade", () => go(tradeSteps.filter((s) => s < stepper.at).pop() ?? stepper.at));
  const prev = button("Back a step", () => go(stepper.at - 1));
  const next = button("Forward a step", () => go(stepper.at + 1));
  const nextTrade = button("Next trade ▶", () => go(tradeSteps.find((s) => s > stepper.at) ?? stepper.at), "primary");
  prevTrade.id = "review-prev-trade"; prev.id = "review-prev"; next.id = "review-next"; nextTrade.id = "review-next-trade";
  nav.append(prevTrade, prev, next, nextTrade);
  const list = el("ol", "review-trades");
  list.id = "review-trades";
  list.setAttribute("aria-label", "Your trades");
  for (const t of review.trades) {
    const li = el("li");
    const what = t.type === "sold" ? `${t.role === "buyer" ? "bought" : "sold"} ${theCard(t.card)}`
      : `${t.role === "buyer" ? "bought" : "sold"} a face-down card`;
    const b = button(`Hand ${t.hand}: ${what} for ${chips(t.price)}, ${t.gain_text ?? signedTenths(t.gain)}`,
      () => go(t.step + 1), "linklike");
    b.dataset.step = String(t.step);
    if (review.trades.length > 1 && t.step === review.best) li.append(el("span", "review-tag", "best "));
    if (review.trades.length > 1 && t.step === review.worst) li.append(el("span", "review-tag", "worst "));
    li.append(b);
    list.append(li);
  }
  // each finished hand in view, compared with the expert's play once the dialog is drawn
  const analysed = (review.finished ?? []).filter((h) => hand == null || h === hand);
  const decisions = createDecisions({ engine, seat, hands: analysed, named, matchOver: review.match_over, go: (step) => go(step) });
  const close = button("Close", () => dlg.close());
  close.id = "review-close";
  const body = el("div", "review-body");
  body.append(board, el("div", "review-side"));
  /** @type {HTMLElement} */ (body.lastElementChild).append(where, happened, note);
  dlg.replaceChildren(title, score, secret, nav, body,
    ...(review.trades.length ? [el("h3", null, "Your trades"), list] : []),
    ...(analysed.length ? [decisions.element] : []), el("div", "row-buttons"));
  /** @type {HTMLElement} */ (dlg.lastElementChild).append(close);

  /** @type {Map<number | undefined, import("./protocol.js").LogEntry[]>} the log's entries by the action that caused them */
  const byStep = new Map();
  for (const e of entries) byStep.set(e.step, [...(byStep.get(e.step) ?? []), e]);

  async function go(/** @type {number} */ n) {
    const target = Math.max(first, Math.min(last, n));
    dlg.dataset.state = "busy";
    const view = await stepper.goTo(target);
    drawBoard(board, view);
    where.textContent = target === first ? `Before the first move${hand == null ? "" : ` of hand ${hand}`}.` : `After move ${target - first} of ${last - first}.`;
    happened.replaceChildren(...(byStep.get(target - 1) ?? []).filter(() => target > first)
      .map((e) => el("li", null, e.text)));
    const t = tradeAt.get(target);
    note.replaceChildren();
    if (t) {
      note.append(el("p", "review-trade-text", named ? t.text : t.you));
      const dl = el("dl", "review-figures");
      for (const [k, v] of [["Fair value then", `${t.fair_text ?? `${t.fair} chips`} (${t.basis_text ?? `${t.chance_text ?? `${Math.round(t.chance * 100)}%`} of the ${t.pot}-chip pot`})`],
        ["Price", chips(t.price)], ["Gained against fair value", `${t.gain_text ?? signedTenths(t.gain)} chips`]]) {
        dl.append(el("dt", null, k), el("dd", null, v));
      }
      note.append(dl);
      for (const lim of t.limits ?? []) note.append(el("p", "review-limit", lim.text));
      note.dataset.step = String(t.step);
    } else delete note.dataset.step;
    const judged = decisions.noteAt(target); // the decision about to be taken here
    if (judged) note.append(judged);
    prev.disabled = target <= first;
    next.disabled = target >= last;
    prevTrade.disabled = !tradeSteps.some((s) => s < target);
    nextTrade.disabled = !tradeSteps.some((s) => s > target);
    dlg.dataset.step = String(target);
    dlg.dataset.state = "idle";
  }

  await go(tradeSteps.find((s) => s > first) ?? first);
  // asked after the first picture, so the stepper's replay is not queued behind it; a note
  // drawn before its answer came is drawn again with it
  if (analysed.length) decisions.load().then(() => { if (dlg.open && dlg.dataset.state === "idle") go(stepper.at); }).catch((err) => console.error(err));
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => {
      queueMicrotask(() => (opener?.isConnected ? opener : document.getElementById("main"))?.focus?.());
      resolve(undefined);
    }, { once: true });
    dlg.showModal();
    (nextTrade.disabled ? close : nextTrade).focus();
  });
}

/** A compact picture of the table at a step: pot, trumps, best trump, each seat's cards. */
function drawBoard(/** @type {HTMLElement} */ box, /** @type {View} */ view) {
  const head = el("p", "review-board-head", `Hand ${view.hand ?? "–"} · pot ${chips(view.pot ?? 0)}`);
  const best = el("div", "review-best");
  if (view.best?.card) {
    best.append(el("span", "hint", "Highest trump: "), cardFace(view.best.card), el("span", null, ` held by ${seatName(view, view.best.holder)}`));
  } else if (view.upcard) best.append(el("span", "hint", "Upcard: "), cardFace(view.upcard));
  const rows = el("ul", "review-seats");
  for (const s of view.seats ?? []) {
    const li = el("li");
    li.append(el("span", "review-seat-name", `${s.name} · ${chips(s.chips)} · ${s.stack} face down`));
    const cards = el("span", "result-cards");
    for (const c of s.revealed ?? []) cards.append(cardFace(c));
    li.append(cards);
    rows.append(li);
  }
  box.replaceChildren(head, best, rows);
}

/**
 * After a hand: a "Review the last hand" button beside the log's title (made once), for the
 * seat `seat`. Hidden until a hand has finished.
 * @param {EngineLike} engine
 * @param {View | null} view
 * @param {number | null} seat
 */
export function reviewEntry(engine, view, seat) {
  let b = /** @type {HTMLButtonElement|null} */ (document.getElementById("btn-review-hand"));
  if (!b) {
    const title = document.getElementById("log-title");
    if (!title) return;
    b = /** @type {HTMLButtonElement} */ (el("button", "review-entry", "Review the last hand"));
    b.type = "button";
    b.id = "btn-review-hand";
    title.after(b);
  }
  const h = view?.last_hand;
  b.hidden = !h;
  if (!h) return;
  const btn = b;
  const whole = !!view.match_over;
  btn.textContent = whole ? "Review the match" : `Review hand ${h.number}`;
  btn.onclick = () => {
    if (seat == null) return; // nobody's seat to look back from (a spectator)
    openReview({ engine, seat, hand: whole ? null : h.number, returnFocus: btn }).catch((err) => console.error(err));
  };
}

/**
 * The end-of-hand panel's review box (hand-result.js): the hand's trading score for the person
 * at the screen, in the engine's sentence ("Your trading score for hand 3: −0.5 chips against
 * fair value over 2 trades."), and "Review this hand", which opens the review of that hand. It
 * asks the engine once; a spectator (no person's seat) gets nothing.
 * @param {EngineLike} engine
 * @param {number | null} seat whose trades (the person at the screen; people.js mySeat)
 * @param {number} hand
 * @param {HTMLElement} box
 * @param {number[]} [others] the other people's seats at this screen (pass-and-play): then each
 *   line names its seat ("Julia's trading score for hand 1: …")
 */
export function handReviewBox(engine, seat, hand, box, others = []) {
  if (seat == null) return;
  const line = el("p", "hand-result-score");
  line.id = "hand-result-score";
  const named = others.length > 0;
  const open = button("Review this hand", (b) => {
    openReview({ engine, seat, hand, returnFocus: b, named }).catch((err) => console.error(err));
  });
  open.id = "btn-review-this-hand";
  // pass-and-play: every person at this screen gets a line that names them (the engine's
  // `text`), since "your" would be whoever holds the screen now
  const extra = others.map(() => el("p", "hand-result-score"));
  box.replaceChildren(line, ...extra, open);
  [seat, ...others].forEach((s, i) => {
    const p = i === 0 ? line : extra[i - 1];
    engine.request({ op: "review", seat: s, hand }).then((res) => {
      if (!res.ok) { p.textContent = ""; return; }
      p.textContent = named ? res.review.text : res.review.you;
      p.dataset.score = res.review.score_text ?? signedTenths(res.review.score);
    }).catch((err) => console.error(err));
  });
}
