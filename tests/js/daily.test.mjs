// node --test: web/js/storage/daily-store.js, the daily deal's store on this device: the UTC
// day, the streak of days played, and a damaged store read without throwing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DAILY_KEY, keepResult, markStarted, parseDaily, readDaily, streak, todayUtc, wouldCount } from "../../web/js/storage/daily-store.js";

test("the day is the UTC date", () => {
  assert.equal(todayUtc(new Date("2026-12-02T23:59:59-05:00")), "2026-12-03");
  assert.equal(todayUtc(new Date("2026-12-02T00:00:00Z")), "2026-12-02");
});

test("the streak counts days in a row ending today, or yesterday while today's is not played", () => {
  assert.equal(streak(["2026-11-30", "2026-12-01", "2026-12-02"], "2026-12-02"), 3);
  assert.equal(streak(["2026-11-30", "2026-12-01"], "2026-12-02"), 2);
  assert.equal(streak(["2026-11-29", "2026-12-01", "2026-12-02"], "2026-12-02"), 2);
  assert.equal(streak(["2026-11-29"], "2026-12-02"), 0);
  assert.equal(streak(["2026-02-28", "2026-03-01"], "2026-03-01"), 2, "across a month's end");
  assert.equal(streak([], "2026-12-02"), 0);
});

test("one daily a day counts; results are kept once; a damaged store reads as empty", () => {
  /** @type {Map<string, string>} */
  const store = new Map();
  globalThis.localStorage = /** @type {any} */ ({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) });
  try {
    assert.equal(wouldCount("2026-12-02"), true);
    markStarted("2026-12-02");
    assert.equal(wouldCount("2026-12-02"), false, "a replay the same day is practice");
    assert.equal(wouldCount("2026-12-03"), true);
    const r = { date: "2026-12-02", score: 2.4, chips: 11, expert: { score: 3.1, chips: 5 } };
    assert.equal(keepResult(r), true);
    assert.equal(keepResult({ ...r, score: 9 }), false);
    assert.deepEqual(readDaily().results, [r]);
    assert.equal(JSON.parse(store.get(DAILY_KEY) ?? "").v, 1);
  } finally { delete (/** @type {any} */ (globalThis)).localStorage; }
  assert.deepEqual(parseDaily("{nope"), { v: 1, started: [], results: [] });
  assert.deepEqual(parseDaily(JSON.stringify({ v: 1, started: ["x", "2026-12-01"], results: [{ date: "2026-12-01", score: "1" }] })),
    { v: 1, started: ["2026-12-01"], results: [] });
});

test("the result says the scores, the expert's and the streak; practice is said so", async () => {
  const { dailySentences } = await import("../../web/js/site/daily.js");
  const r = { date: "2026-12-02", counts: true, score: 2.44, chips: 11, expert: { score: 3.1, chips: -4 }, share: "" };
  const lines = dailySentences(r, 3);
  assert.equal(lines[0], "Daily deal 2026-12-02: your trading score +2.4, chips +11.");
  assert.match(lines[1], /trading \+3\.1, chips −4\. The expert traded 0\.7 better than you\./);
  assert.equal(lines[2], "Streak: 3 days in a row.");
  assert.match(dailySentences({ ...r, counts: false, score: 4 }, 0).join(" "), /practice.*You traded \+0\.9 better than the expert\.$/);
});

test("a shared link names a day: played if it is a date up to today, else a specific problem", async () => {
  const { dailyFromUrl, dailyLink } = await import("../../web/js/site/daily.js");
  assert.equal(dailyFromUrl("", "2026-12-06"), null, "no daily deal in the link");
  assert.equal(dailyFromUrl("?p=Ann", "2026-12-06"), null);
  assert.deepEqual(dailyFromUrl("?daily=2026-12-06", "2026-12-06"), { date: "2026-12-06" });
  assert.deepEqual(dailyFromUrl("?daily=2026-11-30", "2026-12-06"), { date: "2026-11-30" }, "an earlier day (practice)");
  const later = dailyFromUrl("?daily=2026-12-07", "2026-12-06");
  assert.ok(later && "problem" in later && /not out yet/.test(later.problem) && later.problem.includes("2026-12-06"));
  const bad = dailyFromUrl("?daily=yesterday", "2026-12-06");
  assert.ok(bad && "problem" in bad && bad.problem.includes('"yesterday"') && /YYYY-MM-DD/.test(bad.problem));
  const url = dailyLink("2026-12-06", { origin: "https://example.org", pathname: "/speculation/" });
  assert.equal(url, "https://example.org/speculation/?daily=2026-12-06");
  assert.deepEqual(dailyFromUrl(new URL(url).search, "2026-12-06"), { date: "2026-12-06" }, "the link reads back");
});
