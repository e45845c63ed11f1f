// The daily deal's own store on this device (speculation:daily:v1, versioned): the UTC dates
// whose counted daily deal was started (one a day counts: a second start that day is practice)
// and the results of the counted ones, for the streak and Statistics' series. Pure helpers
// (todayUtc, streak, parseDaily) are unit-tested in tests/js/daily.test.mjs.
//
//   import { readDaily, markStarted, keepResult, streak, todayUtc } from "./daily-store.js";
//   const counts = !readDaily().started.includes(todayUtc());
//   streak(readDaily().results.map((r) => r.date), todayUtc())   // 3

export const DAILY_KEY = "speculation:daily:v1";
const MAX_DAYS = 400;

/**
 * @typedef {object} DailyResult one counted daily deal
 * @property {string} date YYYY-MM-DD (UTC)
 * @property {number} score the player's trading score
 * @property {number} chips chips won
 * @property {{score: number, chips: number}} expert the expert computer player's in the same seat
 */
/** @typedef {{v: 1, started: string[], results: DailyResult[]}} DailyStore */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** @param {unknown} x @returns {x is number} */
const isNumber = (x) => typeof x === "number" && Number.isFinite(x);

/** Today's date in UTC, YYYY-MM-DD (the daily deal's day). @param {Date} [now] */
export function todayUtc(now = new Date()) { return now.toISOString().slice(0, 10); }

/** The day before `date` (YYYY-MM-DD). @param {string} date */
function dayBefore(date) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return todayUtc(d);
}

/**
 * Days in a row with a counted daily deal, ending today (or yesterday: today's is not played
 * yet, the streak still stands).
 * @param {string[]} dates @param {string} today
 */
export function streak(dates, today) {
  const set = new Set(dates);
  let day = set.has(today) ? today : dayBefore(today);
  let n = 0;
  while (set.has(day)) { n++; day = dayBefore(day); }
  return n;
}

/** @param {unknown} r @returns {DailyResult | null} */
function cleanResult(r) {
  if (!r || typeof r !== "object") return null;
  const x = /** @type {Record<string, any>} */ (r);
  if (typeof x.date !== "string" || !DATE.test(x.date) || !isNumber(x.score) || !isNumber(x.chips)) return null;
  const e = x.expert && typeof x.expert === "object" && isNumber(x.expert.score) && isNumber(x.expert.chips)
    ? { score: x.expert.score, chips: x.expert.chips } : { score: 0, chips: 0 };
  return { date: x.date, score: x.score, chips: x.chips, expert: e };
}

/** The store a text stands for; damaged parts are dropped, never thrown. @param {string | null} raw @returns {DailyStore} */
export function parseDaily(raw) {
  try {
    const s = JSON.parse(raw ?? "null");
    if (s && typeof s === "object" && s.v === 1) {
      const started = Array.isArray(s.started) ? /** @type {string[]} */ (s.started.filter((/** @type {unknown} */ d) => typeof d === "string" && DATE.test(d))) : [];
      const results = Array.isArray(s.results) ? /** @type {unknown[]} */ (s.results).map(cleanResult).filter((r) => r !== null) : [];
      return { v: 1, started, results };
    }
  } catch { /* unreadable: empty */ }
  return { v: 1, started: [], results: [] };
}

/** @returns {DailyStore} */
export function readDaily() {
  try { return parseDaily(localStorage.getItem(DAILY_KEY)); } catch { return parseDaily(null); }
}

/** @param {DailyStore} s */
function write(s) {
  try { localStorage.setItem(DAILY_KEY, JSON.stringify(s)); return true; } catch { return false; }
}

/** Whether today's daily deal would count (not started as counted yet). @param {string} date */
export function wouldCount(date) { return !readDaily().started.includes(date); }

/** The counted daily deal of `date` has started (a second start that day is practice). @param {string} date */
export function markStarted(date) {
  const s = readDaily();
  if (!s.started.includes(date)) s.started = [...s.started, date].slice(-MAX_DAYS);
  return write(s);
}

/** Keep a counted daily deal's result (once per date). @param {DailyResult} r @returns {boolean} whether it was new */
export function keepResult(r) {
  const s = readDaily();
  if (s.results.some((x) => x.date === r.date)) return false;
  s.results = [...s.results, r].slice(-MAX_DAYS);
  if (!s.started.includes(r.date)) s.started = [...s.started, r.date].slice(-MAX_DAYS);
  write(s);
  return true;
}
