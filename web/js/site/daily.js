// The daily deal on the site (issue 24): the first screen's "Daily deal" starts the engine's
// `daily` match of today's UTC date (the same for everyone; the first start of the day counts,
// any later one is practice), and when it is over the match summary gets the result: your
// trading score and chips, the expert computer player's on the same deals in your seat, your
// streak of days, and a line to share (the engine's, which names no card). Which match is a
// daily deal the engine's record says (`meta.daily`), read again whenever a match is reset, so
// a reloaded daily deal is known too.
//
//   const daily = createDaily({ table, start: (how) => start.startMatch(null, how) });
//   daily.play();       // the button
//   daily.counted();    // the match shown is a daily deal that counts (no take-backs)
import { el } from "../dom.js";
import { DEFAULT_HUMAN } from "../setup.js";
import { keepResult, markStarted, readDaily, streak, todayUtc, wouldCount } from "../storage/daily-store.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("../protocol.js").DailyResultValue} DailyResultValue */

/** "+2.4", "−3", "0" @param {number} x @param {number} [digits] */
function signed(x, digits = 1) {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return r === 0 ? "0" : `${r > 0 ? "+" : "−"}${Math.abs(r)}`;
}

/**
 * The result's sentences (pure; tests/js/daily.test.mjs).
 * @param {DailyResultValue} r @param {number} days the streak
 */
export function dailySentences(r, days) {
  const diff = Math.round((r.score - r.expert.score) * 10) / 10;
  const versus = diff > 0 ? `You traded ${signed(diff)} better than the expert.`
    : diff < 0 ? `The expert traded ${signed(-diff).replace(/^\+/, "")} better than you.` : "You traded as well as the expert.";
  return [
    `Daily deal ${r.date}${r.counts ? "" : " (practice: only the day's first one counts)"}: your trading score ${signed(r.score)}, chips ${signed(r.chips, 0)}.`,
    `The expert computer player in your seat on the same deals: trading ${signed(r.expert.score)}, chips ${signed(r.expert.chips, 0)}. ${versus}`,
    days > 0 ? `Streak: ${days} ${days === 1 ? "day" : "days"} in a row.` : "",
  ].filter(Boolean);
}

/**
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {(how: {daily: {date: string, counts: boolean, name: string}}) => Promise<boolean>} parts.start
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
      changed();
      table.run(() => readInfo());
    }
  });

  /** The first screen's button: today's daily deal, counted the first time today. */
  function play() {
    const date = todayUtc();
    const counts = wouldCount(date);
    return table.run(async () => {
      const started = await start({ daily: { date, counts, name: DEFAULT_HUMAN } });
      if (started && counts) markStarted(date);
    });
  }

  /** At the match's end: the daily deal's result under the summary (the engine computes it). */
  async function ended() {
    if (!info) await readInfo();
    if (!info) return;
    const r = await table.request({ op: "daily_result" });
    if (!r.ok) return;
    const res = r.result;
    if (res.counts) keepResult({ date: res.date, score: res.score, chips: res.chips, expert: res.expert });
    const days = streak(readDaily().results.map((x) => x.date), todayUtc());
    const body = document.getElementById("match-summary-body");
    if (!body) return;
    document.getElementById("daily-result")?.remove();
    const box = el("section", "daily-result");
    box.id = "daily-result";
    box.setAttribute("aria-label", "The daily deal");
    for (const line of dailySentences(res, days)) box.append(el("p", null, line));
    const share = /** @type {HTMLInputElement} */ (el("input", "daily-share"));
    share.readOnly = true; share.value = res.share; share.id = "daily-share";
    share.setAttribute("aria-label", "The line to share");
    const copy = /** @type {HTMLButtonElement} */ (el("button", null, "Copy"));
    copy.type = "button"; copy.id = "daily-copy";
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(res.share); copy.textContent = "Copied"; } catch { share.select(); }
    });
    const row = el("p", "daily-share-row");
    row.append(share, copy);
    box.append(row);
    body.prepend(box);
  }

  return { play, ended, counted: () => !!info?.counts, info: () => info };
}
