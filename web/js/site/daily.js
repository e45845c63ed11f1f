// The daily deal on the site (issue 24): the first screen's "Daily deal" starts the engine's
// `daily` match of today's UTC date (the same for everyone; the first start of the day counts,
// any later one is practice), and when it is over the match summary gets the result: your
// trading score and chips, the expert computer player's on the same deals in your seat, your
// streak of days, and a line to share (the engine's, which names no card). Which match is a
// daily deal the engine's record says (`meta.daily`), read again whenever a match is reset, so
// a reloaded daily deal is known too.
//
// The share line carries a link to the same day's deal (`?daily=YYYY-MM-DD`, dailyLink): opened,
// it plays that day's deal, counted only on the day itself and only the first time.
//
//   const daily = createDaily({ table, start: (how) => start.startMatch(null, how) });
//   daily.play();       // the button
//   daily.play("2026-12-02", { fromLink: true });   // a shared link's day (start.js's opening)
//   daily.counted();    // the match shown is a daily deal that counts (no take-backs)
//   dailyFromUrl("?daily=2026-12-02", "2026-12-06")   // {date: "2026-12-02"}
import { el } from "../dom.js";
import { DEFAULT_HUMAN } from "../setup.js";
import { signedTenths } from "../text.js";
import { keepResult, markStarted, readDaily, streak, todayUtc, wouldCount } from "../storage/daily-store.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("../protocol.js").DailyResultValue} DailyResultValue */

const DAILY_PARAM = "daily";

/**
 * The daily deal a link names (`?daily=YYYY-MM-DD`): null when it names none, else the date or
 * why it cannot be played. Whether the date is a real one the engine judges (it refuses
 * "2026-02-30" with its own message); a day after today is not out yet (pure; tests/js).
 * @param {string} search the page's query string @param {string} today todayUtc()
 * @returns {{date: string} | {problem: string} | null}
 */
export function dailyFromUrl(search, today) {
  const date = new URLSearchParams(search).get(DAILY_PARAM);
  if (date === null) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    return { problem: `This link names a daily deal by "${date.slice(0, 40)}", which is not a date written YYYY-MM-DD.` };
  }
  if (date > today) return { problem: `The daily deal of ${date} is not out yet: today's (UTC) is ${today}.` };
  return { date };
}

/**
 * The address that opens the daily deal of `date` on this site (the share line's link).
 * @param {string} date @param {{origin: string, pathname: string}} where the page's location
 */
export function dailyLink(date, where) {
  return `${where.origin}${where.pathname}?${DAILY_PARAM}=${encodeURIComponent(date)}`;
}

/**
 * The result's sentences (pure; tests/js/daily.test.mjs).
 * @param {DailyResultValue} r @param {number} days the streak
 */
export function dailySentences(r, days) {
  const diff = Math.round((r.score - r.expert.score) * 10) / 10;
  const versus = diff > 0 ? `You traded ${signedTenths(diff)} better than the expert.`
    : diff < 0 ? `The expert traded ${signedTenths(-diff).replace(/^\+/, "")} better than you.` : "You traded as well as the expert.";
  return [
    `Daily deal ${r.date}${r.counts ? "" : " (practice: only the day's first one counts)"}: your trading score ${signedTenths(r.score)}, chips ${signedTenths(r.chips)}.`,
    `The expert computer player in your seat on the same deals: trading ${signedTenths(r.expert.score)}, chips ${signedTenths(r.expert.chips)}. ${versus}`,
    days > 0 ? `Streak: ${days} ${days === 1 ? "day" : "days"} in a row.` : "",
  ].filter(Boolean);
}

/**
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {(how: {daily: {date: string, counts: boolean, name: string}, fromLink?: boolean}) => Promise<boolean>} parts.start
 * @param {() => void} [parts.changed] the match's daily state is known (the take-back button)
 */
export function createDaily({ table, start, changed = () => {} }) {
  /** @type {{date: string, counts: boolean} | null} */
  let info = null;

  async function readInfo() {
    const r = await table.request({ op: "record" });
    const d = r.ok ? /** @type {any} */ (r.record.meta)?.daily : null;
    info = d && typeof d.date === "string" ? { date: d.date, counts: d.counts === true } : null;
    changed();
  }

  table.store.subscribe((_state, _prev, msg) => {
    if (msg?.type === "reset") { // a new match or a resumed one: the engine has it already
      info = null;
      document.getElementById("daily-result")?.remove(); // the last daily deal's result
      changed();
      table.run(() => readInfo());
    }
  });

  /**
   * The first screen's button (today's deal), or a shared link's day (`fromLink`): counted only
   * on its own day and the first time that day; any other is practice.
   * @param {string} [date] @param {{fromLink?: boolean}} [how]
   */
  function play(date = todayUtc(), { fromLink = false } = {}) {
    const counts = date === todayUtc() && wouldCount(date);
    return table.run(async () => {
      const started = await start({ daily: { date, counts, name: DEFAULT_HUMAN }, fromLink });
      if (started && counts) markStarted(date);
    });
  }

  /** At the match's end: the daily deal's result at the top of the summary, above the last
   * hand's table (the engine computes it). */
  async function ended() {
    if (!info) await readInfo();
    if (!info) return;
    const r = await table.request({ op: "daily_result" });
    if (!r.ok) return;
    const res = r.result;
    if (res.counts) keepResult({ date: res.date, score: res.score, chips: res.chips, expert: res.expert });
    const days = streak(readDaily().results.map((x) => x.date), todayUtc());
    const title = document.getElementById("match-summary-title");
    if (!title) return;
    document.getElementById("daily-result")?.remove();
    const box = el("section", "daily-result");
    box.id = "daily-result";
    box.setAttribute("aria-label", "The daily deal");
    for (const line of dailySentences(res, days)) box.append(el("p", null, line));
    const shared = `${res.share} ${dailyLink(res.date, location)}`; // the engine's words and the day's link
    const share = /** @type {HTMLInputElement} */ (el("input", "daily-share"));
    share.readOnly = true; share.value = shared; share.id = "daily-share";
    share.setAttribute("aria-label", "The line to share");
    const copy = /** @type {HTMLButtonElement} */ (el("button", null, "Copy"));
    copy.type = "button"; copy.id = "daily-copy";
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(shared); copy.textContent = "Copied"; } catch { share.select(); }
    });
    const row = el("p", "daily-share-row");
    row.append(share, copy);
    box.append(row);
    title.after(box); // first under the title, above the last hand's result (table-view.js)
  }

  return { play, ended, counted: () => !!info?.counts, info: () => info };
}
