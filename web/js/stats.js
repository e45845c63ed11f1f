// Statistics across matches, kept on this device (localStorage, prefixed like storage.js):
// matches played and won, chips won, the trading score of each match (the engine's `review`)
// with a chart, and the best and worst trade. Recorded once when a match ends; exported as a
// JSON download; cleared after a confirmation.
//
//   import { recordMatch, readStats, openStats } from "./stats.js";
//   await recordMatch(engine, view, seat);   // at the end of a match (once per match)
//   openStats();                             // the dialog (from the header's "Statistics")
import { ask } from "./dialog.js";
import { chipsChart } from "./chart.js";
import { chips, signedTenths } from "./text.js";
import { el } from "./dom.js";
import { readDaily, streak, todayUtc } from "./storage/daily-store.js";

export const STATS_KEY = "speculation:stats:v1";
const MAX_MATCHES = 500;
/** The guided first hand as builds before issue 26 stored it (its seed, players and number of
 * actions, played as its notes said): a practice hand, not a match, so it is not counted. */
const OLD_PRACTICE = new Set(["1814:Fanny|Edmund|Mary:30"]);

/**
 * @typedef {object} MatchStat
 * @property {string} id the match's identity (seed, players, number of actions)
 * @property {string} date ISO date and time it ended
 * @property {string} name the player's name
 * @property {string[]} players
 * @property {boolean} won
 * @property {number} chips chips won (negative: lost) over the match
 * @property {number} score the trading score (review.score)
 * @property {number} trades
 * @property {{text: string, gain: number} | null} best
 * @property {{text: string, gain: number} | null} worst
 * @property {number} hands hands played (10, Play's length, in entries stored before it was kept)
 * @property {number} takeBacks decisions taken back in it (the engine's record's
 *   meta.take_backs; 0 in entries stored before take-backs existed)
 */

/** @param {unknown} x @returns {x is number} */
const isNumber = (x) => typeof x === "number" && Number.isFinite(x);

/**
 * A stored trade as the dialog reads it, or null when it is missing or of the wrong shape.
 * @param {unknown} t
 * @returns {{text: string, gain: number} | null}
 */
function cleanTrade(t) {
  if (!t || typeof t !== "object") return null;
  const { text, gain } = /** @type {{text?: unknown, gain?: unknown}} */ (t);
  return typeof text === "string" && isNumber(gain) ? { text, gain } : null;
}

/**
 * A stored match repaired to the shape the dialog reads, or null (dropped) when it is not an
 * object or its figures (chips, score) are not numbers: a hand-edited or damaged store is
 * ignored where it is wrong, never thrown (issue 25).
 * @param {unknown} m
 * @returns {MatchStat | null}
 */
export function cleanMatch(m) {
  if (!m || typeof m !== "object" || Array.isArray(m)) return null;
  const x = /** @type {Record<string, unknown>} */ (m);
  if (!isNumber(x.chips) || !isNumber(x.score)) return null;
  const players = Array.isArray(x.players) ? x.players.filter((p) => typeof p === "string") : [];
  return {
    id: typeof x.id === "string" ? x.id : "", date: typeof x.date === "string" ? x.date : "",
    name: typeof x.name === "string" ? x.name : "", players, won: x.won === true,
    chips: x.chips, score: x.score, trades: isNumber(x.trades) ? x.trades : 0,
    best: cleanTrade(x.best), worst: cleanTrade(x.worst),
    takeBacks: isNumber(x.takeBacks) && x.takeBacks > 0 ? Math.floor(x.takeBacks) : 0,
    hands: isNumber(x.hands) && x.hands >= 1 ? Math.floor(x.hands) : 10,
  };
}

/**
 * The stored statistics; matches of the wrong shape are dropped (see cleanMatch), and a store
 * that cannot be read or parsed, or is not an object with a list of matches, reads as empty.
 * @returns {{v: 1, matches: MatchStat[]}}
 */
export function readStats() {
  try {
    const s = JSON.parse(localStorage.getItem(STATS_KEY) ?? "null");
    if (s && Array.isArray(s.matches)) {
      const matches = /** @type {unknown[]} */ (s.matches).map(cleanMatch);
      return { v: 1, matches: matches.filter((m) => m !== null).filter((m) => !OLD_PRACTICE.has(m.id)) };
    }
  } catch { /* unreadable or blocked: start again */ }
  return { v: 1, matches: [] };
}

/** @param {{v: 1, matches: MatchStat[]}} s */
function writeStats(s) {
  try { localStorage.setItem(STATS_KEY, JSON.stringify(s)); return true; } catch { return false; }
}

export function clearStats() {
  try { localStorage.removeItem(STATS_KEY); } catch { /* ignore */ }
}

/**
 * Totals over the stored matches (the best and worst trade across all of them).
 * @param {MatchStat[]} matches
 */
export function totals(matches) {
  const trades = matches.flatMap((m) => [m.best, m.worst]).filter((t) => t != null);
  const byGain = [...trades].sort((a, b) => b.gain - a.gain);
  return {
    played: matches.length,
    won: matches.filter((m) => m.won).length,
    chips: matches.reduce((a, m) => a + m.chips, 0),
    score: Math.round(matches.reduce((a, m) => a + m.score, 0) * 100) / 100,
    withTakeBacks: matches.filter((m) => m.takeBacks > 0).length,
    best: byGain[0] ?? null,
    worst: byGain[byGain.length - 1] ?? null,
  };
}

/**
 * Record the match that has just ended, for `seat` (once: a match already stored is skipped).
 * @param {{request: (req: any) => Promise<any>}} engine
 * @param {any} view a view with match_over
 * @param {number} seat
 * @returns {Promise<MatchStat|null>} what was stored (null: nothing new)
 */
export async function recordMatch(engine, view, seat) {
  // A practice match (the guided first hand: the engine says so in its views) is no match
  // played: it never counts (issue 26).
  if (!view?.match_over || !view.match_outcome || view.practice) return null;
  const rec = await engine.request({ op: "record" });
  if (!rec.ok) return null;
  const r = rec.record;
  if (r.meta?.practice === true) return null;
  const id = `${r.seed}:${r.players.join("|")}:${r.actions.length}`;
  const stats = readStats();
  if (stats.matches.some((m) => m.id === id)) return null;
  const rv = await engine.request({ op: "review", seat });
  if (!rv.ok) return null;
  const review = rv.review;
  const hands = view.hands ?? [];
  const start = hands[0]?.chips_before?.[seat];
  const end = view.seats?.[seat]?.chips ?? 0;
  const pick = (/** @type {number|null} */ step) => {
    const t = review.trades.find((/** @type {any} */ x) => x.step === step);
    return t ? { text: t.you, gain: t.gain } : null;
  };
  /** @type {MatchStat} */
  const m = {
    id, date: new Date().toISOString(), name: view.seats?.[seat]?.name ?? "",
    players: r.players, won: view.match_outcome.winners.includes(seat),
    chips: start == null ? 0 : end - start, score: review.score, trades: review.trades.length,
    best: pick(review.best), worst: pick(review.worst),
    takeBacks: typeof r.meta?.take_backs === "number" ? r.meta.take_backs : 0,
    hands: Math.max(1, hands.length),
  };
  stats.matches.push(m);
  stats.matches = stats.matches.slice(-MAX_MATCHES);
  writeStats(stats);
  return m;
}

/** The statistics dialog, made once. */
function dialog() {
  let dlg = /** @type {HTMLDialogElement|null} */ (document.getElementById("stats"));
  if (dlg) return dlg;
  dlg = /** @type {HTMLDialogElement} */ (el("dialog", "learn-dialog stats-dialog"));
  dlg.id = "stats";
  dlg.setAttribute("aria-labelledby", "stats-title");
  document.body.append(dlg);
  return dlg;
}

/** "+3", "−2", "0" */
/** Fill the dialog from what is stored. */
function fill(/** @type {HTMLDialogElement} */ dlg) {
  const { matches } = readStats();
  const t = totals(matches);
  const title = el("h2", null, "Your statistics on this device");
  title.id = "stats-title";
  /** @type {HTMLElement[]} */
  const parts = [title];
  if (!matches.length) {
    parts.push(el("p", null, "No match has been finished on this device yet. Statistics are recorded when a match ends."));
  } else {
    const dl = el("dl", "stats-figures");
    dl.id = "stats-figures";
    for (const [k, v, key] of [["Matches played", String(t.played), "played"], ["Matches won", String(t.won), "won"],
      ["Chips won", signedTenths(t.chips), "chips"], ["Trading score", signedTenths(t.score), "score"],
      ...(t.withTakeBacks ? [["Matches with take-backs", String(t.withTakeBacks), "takebacks"]] : [])]) {
      const d = el("div");
      d.dataset.stat = key;
      d.append(el("dt", null, k), el("dd", null, v));
      dl.append(d);
    }
    parts.push(dl);
    if (t.best) parts.push(el("p", "stats-best", `Best trade (${signedTenths(t.best.gain)} chips): ${t.best.text}`));
    if (t.worst && t.worst !== t.best) parts.push(el("p", "stats-worst", `Worst trade (${signedTenths(t.worst.gain)} chips): ${t.worst.text}`));
    const series = [{ name: "Trading score", values: matches.map((m) => m.score) }];
    // a line needs two matches: one is the figure above, not a chart with an axis to 2
    if (matches.length > 1) parts.push(el("h3", null, "Trading score, match by match"), chipsChart(series, { title: "Trading score of each match", xLabel: "match", floor: null, firstX: 1, format: signedTenths,
      description: `Trading score of each of your last ${matches.length} ${matches.length === 1 ? "match" : "matches"}: ` +
        matches.map((m, i) => `match ${i + 1}, ${signedTenths(m.score)}${m.takeBacks ? " (with take-backs)" : ""}`).join("; ") + "." }));
    parts.push(el("p", "hint", "The trading score adds up what each of your trades gained or gave away against the card's fair value at that moment, so luck does not count in it. " +
      `Chips won: ${chips(t.chips)} over ${t.played} ${t.played === 1 ? "match" : "matches"}.`));
  }
  if (matches.length) parts.push(levelPart(matches));
  parts.push(...dailyPart());
  const row = el("div", "row-buttons");
  const exp = /** @type {HTMLButtonElement} */ (el("button", null, "Export (JSON)"));
  exp.type = "button"; exp.id = "stats-export"; exp.disabled = !matches.length;
  exp.addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([JSON.stringify(readStats(), null, 2)], { type: "application/json" }));
    a.download = "speculation-statistics.json";
    document.body.append(a);
    a.click();
    a.remove();
  });
  const clr = /** @type {HTMLButtonElement} */ (el("button", null, "Clear the statistics"));
  clr.type = "button"; clr.id = "stats-clear"; clr.disabled = !matches.length;
  clr.addEventListener("click", async () => {
    dlg.close();
    const ok = await ask({ title: "Clear the statistics?", okLabel: "Clear them",
      text: `Forget the ${matches.length} ${matches.length === 1 ? "match" : "matches"} recorded on this device? This cannot be undone.` });
    if (ok) clearStats();
    openStats();
  });
  const close = /** @type {HTMLButtonElement} */ (el("button", "primary", "Close"));
  close.type = "button"; close.id = "stats-close";
  close.addEventListener("click", () => dlg.close());
  row.append(exp, clr, close);
  parts.push(row);
  dlg.replaceChildren(...parts);
  return close;
}

/** @type {{request: (req: any) => Promise<any>} | null} the engine, for the level estimate */
let engineForLevel = null;
/** The engine the dialog asks for the level estimate (the site's table). @param {{request: (req: any) => Promise<any>}} e */
export function useStatsEngine(e) { engineForLevel = e; }

/**
 * "Your level": the engine's estimate from the finished matches' trading scores
 * (speculation.level, docs/ai-strength.md), filled in when it answers.
 * @param {MatchStat[]} matches
 */
function levelPart(matches) {
  const box = el("section", "stats-level");
  box.id = "stats-level";
  const p = el("p", null, "Your level: being worked out…");
  box.append(el("h3", null, "Your level"), p);
  engineForLevel?.request({ op: "level", matches: matches.map((m) => ({ score: m.score, hands: m.hands })) })
    .then((r) => {
      if (!r.ok) { p.textContent = "Your level cannot be estimated now."; return; }
      p.textContent = r.level.sentence;
      if (r.level.level) box.dataset.level = r.level.level;
    }).catch(() => { p.textContent = "Your level cannot be estimated now."; });
  if (!engineForLevel) p.textContent = "Your level is estimated once the game has loaded.";
  return box;
}

/** The counted daily deals as a series, day by day, with the expert's on the same deals. */
function dailyPart() {
  const { results } = readDaily();
  if (!results.length) return [];
  const days = streak(results.map((r) => r.date), todayUtc());
  const series = [{ name: "You", values: results.map((r) => r.score) },
    { name: "The expert in your seat", values: results.map((r) => r.expert.score) }];
  const box = el("section", "stats-daily");
  box.id = "stats-daily";
  box.append(el("h3", null, "Daily deals, day by day"),
    el("p", null, `${results.length} counted ${results.length === 1 ? "daily deal" : "daily deals"}; streak: ${days} ${days === 1 ? "day" : "days"}. ` +
      `Better than the expert on ${results.filter((r) => r.score > r.expert.score).length}.`),
    results.length > 1
      ? chipsChart(series, { title: "Trading score of each daily deal, yours and the expert's", xLabel: "daily deal", floor: null, firstX: 1, format: signedTenths,
        description: "Your trading score and the expert computer player's on each counted daily deal: " +
          results.map((r) => `${r.date}, you ${signedTenths(r.score)}, expert ${signedTenths(r.expert.score)}`).join("; ") + "." })
      // one day is two figures, not a chart
      : el("p", null, `${results[0].date}: your trading score ${signedTenths(results[0].score)}, the expert's ${signedTenths(results[0].expert.score)}.`));
  return [box];
}

/** Show the statistics dialog. */
export function openStats() {
  const dlg = dialog();
  const close = fill(dlg);
  if (!dlg.open) dlg.showModal();
  close.focus();
}

/** A "Statistics" button in the header's navigation (made once). */
export function wireStatsEntry() {
  if (document.getElementById("btn-stats")) return;
  const nav = document.querySelector(".site-nav");
  if (!nav) return;
  const b = /** @type {HTMLButtonElement} */ (el("button", "nav-btn", "Statistics"));
  b.type = "button";
  b.id = "btn-stats";
  b.addEventListener("click", () => openStats());
  document.getElementById("btn-settings")?.before(b);
}
