// The site in Firefox ESR, one browser launch and one fresh profile for the whole visit
// (tests/browser/test_firefox.py runs this and serves the site):
//
//   node tests/browser/puppeteer/firefox-solo.mjs URL ARTIFACTS
//
//  1. first visit: the engine boots from cold and Play is offered;
//  2. Settings opens as a dialog, the pace is chosen there, Escape closes it;
//  3. Play, then whichever plain move the controls offer, until the end-of-hand panel;
//  4. the page's background worker stores the engine's memory snapshot, and a reload restores
//     it (engine.js's "speculation:engine-ready" mark says path "snapshot"), offering the match;
//  5. offline: this script asks its caller to stop the server, reloads, and the service worker's
//     copy boots and plays a move;
//  6. index.html?embed=1 (still offline) shows a table;
//  7. no console error and no uncaught page error in all of it.
//
// Lines starting with "@@ " are JSON for the caller: {step, s} after each stage (seconds since
// the start), {ask: "stop-server"} (answered by a line "stopped" on standard input), {ok}.
// A failure saves a screenshot and console.log under ARTIFACTS and exits with status 1.

import {
  capture, click, errorsIn, field, firstPage, isVisible, launchFirefox, mark, plainMove, readLine,
  saveArtifacts, say, seconds, settle, sleep, state, text, waitReady, waitUntil,
} from "./lib.mjs";

const [url, artifacts] = process.argv.slice(2);
if (!url || !artifacts) {
  console.error("usage: node firefox-solo.mjs URL ARTIFACTS");
  process.exit(2);
}

const t0 = Date.now();
const lines = [];
const step = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ extra = {}) =>
  say({ step: name, s: seconds(t0), ...extra });

/** Until the end-of-hand panel: whatever plain move is offered, each time the table is idle. */
async function playTheHand(page) {
  const moves = [];
  for (let i = 0; i < 200; i++) {
    if (await isVisible(page, "#hand-result")) return moves;
    const [st, tick] = await state(page);
    if (st !== "idle") {
      await sleep(50);
      continue;
    }
    // (the controls, or the end-of-hand panel, may still be coming in)
    const move = await waitUntil(async () => await isVisible(page, "#hand-result") ? "end" : plainMove(page),
      `a plain move or the end of the hand; status: ${await text(page, "#status")}`, 15_000);
    if (move === "end") return moves;
    moves.push(move);
    await settle(page, tick, 60_000);
  }
  throw new Error(`the hand did not end; status: ${await text(page, "#status")}`);
}

/** Whether the page names the engine's way of booting; {path, fallback, ...} from its mark. */
const engineReady = (page) => mark(page, "speculation:engine-ready");

async function main() {
  const firefox = await launchFirefox();
  const { browser } = firefox;
  const pages = [];
  try {
    const version = await browser.version();
    step("launched", { version });
    const page = await firstPage(browser);
    pages.push(page);
    capture(page, lines, "[index]");

    // 1. a first visit, from cold
    await page.goto(`${url}index.html`);
    await waitReady(page);
    const first = await engineReady(page);
    if (first.path !== "normal") throw new Error(`a fresh profile booted by path ${first.path}`);
    await waitUntil(() => page.evaluate(() => {
      const play = /** @type {HTMLButtonElement | null} */ (document.getElementById("btn-play"));
      return !!play && !play.disabled && document.body.dataset.state === "idle";
    }), "Play to be offered on the first screen");
    step("first visit");

    // 2. Settings: a dialog; the pace chosen in it is kept; Escape closes it
    await click(page, "Settings");
    await waitUntil(() => page.evaluate(() =>
      /** @type {HTMLDialogElement} */ (document.getElementById("settings-dialog")).open), "the Settings dialog to open");
    const pace = await field(page, "Pace of the computer players");
    await pace.select("instant");
    await pace.dispose();
    await page.keyboard.press("Escape");
    await waitUntil(() => page.evaluate(() =>
      !(/** @type {HTMLDialogElement} */ (document.getElementById("settings-dialog")).open)),
    "Escape to close the Settings dialog", 5_000);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("speculation:settings:v1") || "{}").pace);
    if (kept !== "instant") throw new Error(`the pace chosen in Settings was not kept: ${kept}`);
    step("settings");

    // 3. Play, and a whole hand by plain moves
    const before = (await state(page))[1];
    await click(page, "Play");
    await settle(page, before, 60_000);
    const moves = await playTheHand(page);
    const result = await text(page, "#hand-result");
    step("hand", { moves, result: result.slice(0, 160) });

    // 4. the engine snapshot made after the first visit, then restored by a reload
    const made = await mark(page, "speculation:snapshot", 180_000);
    if (made.stored !== true) throw new Error(`Firefox stored no engine snapshot: ${JSON.stringify(made)}`);
    await waitUntil(() => page.evaluate(() => !!navigator.serviceWorker.controller),
      "the service worker to control the page", 60_000);
    step("snapshot stored", { raw: made.raw, compressed: made.compressed });
    await page.reload();
    await waitReady(page);
    const restored = await engineReady(page);
    if (restored.path !== "snapshot") {
      throw new Error(`the reload did not restore the engine snapshot: path ${restored.path}, `
        + `fallback ${restored.fallback ?? "none"} (${JSON.stringify(restored)})`);
    }
    await waitUntil(() => page.evaluate(() => document.body.dataset.state === "idle"), "the reloaded page to be idle");
    await click(page, "Continue the match");
    step("reload", { path: restored.path });

    // 5. offline: the server is stopped, the service worker answers the reload
    say({ ask: "stop-server" });
    const answer = await readLine();
    if (answer.trim() !== "stopped") throw new Error(`the caller answered ${answer}, not "stopped"`);
    await page.reload();
    await waitReady(page);
    const offline = await engineReady(page);
    await waitUntil(() => page.evaluate(() => document.body.dataset.state === "idle"), "the offline page to be idle");
    const resumed = (await state(page))[1];
    await click(page, "Continue the match");
    await settle(page, resumed, 60_000);
    const tick = (await state(page))[1];
    const move = await waitUntil(() => plainMove(page), "a plain move offline");
    await settle(page, tick, 60_000);
    step("offline", { path: offline.path, move });

    // 6. the embed, in a new tab (the server is still stopped)
    const embed = await browser.newPage();
    pages.push(embed);
    capture(embed, lines, "[embed]");
    await embed.goto(`${url}index.html?embed=1`);
    await waitReady(embed);
    const seats = await waitUntil(() => embed.evaluate(() => {
      const shown = [...document.querySelectorAll("#seats .seat")].filter((s) => s.getClientRects().length > 0);
      return document.body.dataset.state === "idle" && shown.length >= 2 ? shown.length : 0;
    }), "the embed's table (seats, idle)");
    step("embed", { seats });

    // 7. the console
    const errors = errorsIn(lines);
    if (errors.length) throw new Error(`console errors:\n${errors.join("\n")}`);
    say({ ok: true, s: seconds(t0), console: lines.slice(0, 20) });
  } catch (err) {
    await saveArtifacts(artifacts, pages, lines);
    throw err;
  } finally {
    await firefox.close();
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(`FAILED after ${seconds(t0)} s: ${err instanceof Error ? err.stack || err.message : err}`);
  if (lines.length) console.error(`console:\n${lines.slice(-40).join("\n")}`);
  process.exit(1);
});
