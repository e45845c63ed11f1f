// Shared helpers of the Node scripts that drive Firefox (and, in the cross-browser friends test,
// Chromium too) with puppeteer-core, the way tests/browser/support.py helps the Playwright tests:
// launching Debian's browsers, keeping their console, finding buttons and fields as a person
// names them, waiting for the table to be idle, and what a failure leaves behind.
//
// Everything a script finds in the page it finds by the text a person reads (a button's name, a
// field's label) and then clicks or types through the browser's own input, never by calling the
// page's code. Waits poll page.evaluate: the site's CSP refuses string predicates.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

export const FIREFOX = "/usr/bin/firefox-esr";
export const CHROMIUM = "/usr/bin/chromium";
export const VIEWPORT = { width: 1280, height: 800 };
export const BOOT_MS = 90_000; // two shared cores, and a cold first visit
export const STEP_MS = 30_000;

// Firefox's preferences for every test: getUserMedia answers at once with a fake stream.
const FIREFOX_PREFS = {
  "media.navigator.permission.disabled": true,
  "media.navigator.streams.fake": true,
};
// And for the peer connections inside the loopback-only namespace: offer loopback candidates,
// as plain addresses (no mDNS names), from every local address and not only the default route's
// (a namespace with only `lo` has no default route). Firefox still gathers nothing unless camera
// and microphone count as granted, hence the two permission defaults.
const FIREFOX_LOOPBACK_PREFS = {
  "media.peerconnection.ice.loopback": true,
  "media.peerconnection.ice.obfuscate_host_addresses": false,
  "media.peerconnection.ice.default_address_only": false,
  "permissions.default.microphone": 1,
  "permissions.default.camera": 1,
};

/** A plain move a person can always make without choosing a price (support.MOVES). */
export const MOVES = /^(Deal the hand|Turn up my top card|Next hand|Keep .*|Pass.*|Decline.*|Refuse.*|Break off)$/;

/**
 * Launch Debian's Firefox ESR over WebDriver BiDi in a fresh profile, removed again by close().
 * @param {{loopback?: boolean}} [opts] loopback: the prefs for peer connections in the namespace
 */
export async function launchFirefox({ loopback = false } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), "speculation-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox",
    protocol: "webDriverBiDi",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: { ...FIREFOX_PREFS, ...(loopback ? FIREFOX_LOOPBACK_PREFS : {}) },
  });
  return { name: "firefox", browser, close: () => closeBrowser(browser, profile) };
}

/**
 * Launch Debian's Chromium over CDP in a fresh profile, with the flags the Playwright tests use.
 * @param {{args: string[], grant?: {origin: string, permissions: string[]}}} opts
 */
export async function launchChromium({ args, grant }) {
  const profile = mkdtempSync(path.join(tmpdir(), "speculation-chromium-"));
  const browser = await puppeteer.launch({
    browser: "chrome",
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    defaultViewport: VIEWPORT,
    args,
  });
  if (grant) await browser.defaultBrowserContext().overridePermissions(grant.origin, grant.permissions);
  return { name: "chromium", browser, close: () => closeBrowser(browser, profile) };
}

/** @param {import("puppeteer-core").Browser} browser @param {string} profile */
async function closeBrowser(browser, profile) {
  try {
    await withTimeout(browser.close(), 20_000, "closing the browser");
  } catch {
    browser.process()?.kill("SIGKILL");
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** @template T @param {Promise<T>} promise @param {number} ms @param {string} what @returns {Promise<T>} */
export function withTimeout(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s: ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The browser's first tab (a launch opens one). @param {import("puppeteer-core").Browser} browser */
export async function firstPage(browser) {
  const pages = await browser.pages();
  return pages[0] ?? browser.newPage();
}

// ------------------------------------------------------------------------------- the console

/**
 * Keep "who type: text" lines for the page's console messages and uncaught errors (workers'
 * own consoles are not seen over either protocol).
 * @param {import("puppeteer-core").Page} page @param {string[]} lines @param {string} who
 */
export function capture(page, lines, who) {
  page.on("console", (m) => lines.push(`${who} ${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => lines.push(`${who} pageerror: ${e instanceof Error ? e.message : String(e)}`));
  page.on("error", (e) => lines.push(`${who} crash: ${e.message}`));
}

/** The lines that are errors (support.errors_in). @param {string[]} lines */
export function errorsIn(lines) {
  return lines.filter((l) => / (error|pageerror|crash): /.test(l));
}

/**
 * A failure leaves a screenshot of each page that can still take one and the console lines in
 * `folder` (as support.save_artifacts does for the Playwright tests).
 * @param {string} folder @param {import("puppeteer-core").Page[]} pages @param {string[]} lines
 */
export async function saveArtifacts(folder, pages, lines) {
  mkdirSync(folder, { recursive: true });
  let shots = 0;
  for (const page of pages) {
    try {
      await withTimeout(page.screenshot({ path: path.join(folder, `page-${shots}.png`), fullPage: true }),
        10_000, "a screenshot");
      shots++;
    } catch (err) {
      lines.push(`(no screenshot: ${err instanceof Error ? err.message : err})`);
    }
  }
  writeFileSync(path.join(folder, "console.log"), lines.join("\n") + "\n", "utf-8");
}

// ------------------------------------------------------------------------------- waiting

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Poll `fn` until it returns something true, and return that; fail naming `what`.
 * @template T @param {() => Promise<T>} fn @param {string} what @param {number} [ms]
 * @returns {Promise<T>}
 */
export async function waitUntil(fn, what, ms = STEP_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(60);
  }
}

/** The table's [body[data-state], body[data-tick]]. @param {import("puppeteer-core").Page} page */
export async function state(page) {
  return page.evaluate(() => [document.body.dataset.state || "", Number(document.body.dataset.tick || 0)]);
}

/** Until the engine has booted (#boot gets the class is-ready). @param {import("puppeteer-core").Page} page */
export async function waitReady(page, ms = BOOT_MS) {
  await waitUntil(async () => {
    const [ready, failed] = await page.evaluate(() => {
      const boot = document.getElementById("boot");
      return [!!boot?.classList.contains("is-ready"), document.body.dataset.state === "failed"
        ? document.getElementById("boot-error")?.textContent ?? "failed" : ""];
    });
    if (failed) throw new Error(`the boot failed: ${failed}`);
    return ready;
  }, "the engine to boot (#boot.is-ready)", ms);
}

/**
 * Until the table is idle at a tick after `after` (support.settle).
 * @param {import("puppeteer-core").Page} page @param {number} after
 */
export async function settle(page, after, ms = STEP_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const [st, tick] = await state(page);
    if (st === "idle" && tick > after) return;
    if (st === "failed") throw new Error(await text(page, "#boot-error"));
    if (Date.now() > deadline) {
      throw new Error(`the table did not settle (state ${st}, tick ${tick}); status: ${await text(page, "#status")}`);
    }
    await sleep(50);
  }
}

/** A performance mark's detail, once there (engine.js's "speculation:engine-ready" and so on). */
export async function mark(/** @type {import("puppeteer-core").Page} */ page, /** @type {string} */ name, ms = BOOT_MS) {
  return waitUntil(() => page.evaluate((n) => {
    const m = /** @type {PerformanceMark | undefined} */ (performance.getEntriesByName(n).pop());
    return m ? m.detail ?? {} : null;
  }, name), `the performance mark ${name}`, ms);
}

// ------------------------------------------------------------------------------- finding things

/**
 * In the page: the first visible element of `kind` whose name (a button's text or aria-label, a
 * field's label) matches the pattern, under the optional `within` selector; null when none.
 * Runs inside the page, so it is self-contained.
 * @param {{kind: "button" | "field", source: string, flags: string, within?: string}} q
 */
function findInPage(q) {
  const re = new RegExp(q.source, q.flags);
  const visible = (/** @type {Element} */ el) => el.getClientRects().length > 0
    && (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
  const squash = (/** @type {string | null | undefined} */ s) => (s || "").replace(/\s+/g, " ").trim();
  const roots = q.within ? [...document.querySelectorAll(q.within)] : [document.body];
  for (const root of roots) {
    if (q.kind === "button") {
      for (const el of root.querySelectorAll("button, [role=button], summary")) {
        const name = squash(el.getAttribute("aria-label")) || squash(el.textContent);
        if (re.test(name) && visible(el)) return el;
      }
    } else {
      for (const el of root.querySelectorAll("input, textarea, select")) {
        const input = /** @type {HTMLInputElement} */ (el);
        const names = [...(input.labels ?? [])].map((l) => squash(l.textContent));
        const aria = squash(el.getAttribute("aria-label"));
        if (aria) names.push(aria);
        if (names.some((n) => re.test(n)) && visible(el)) return el;
      }
    }
  }
  return null;
}

/** @param {string | RegExp} name */
const pattern = (name) => (typeof name === "string"
  ? { source: `^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, flags: "" }
  : { source: name.source, flags: name.flags });

/**
 * The first visible button named `name` (exact text, or a RegExp), or null.
 * @param {import("puppeteer-core").Page} page @param {string | RegExp} name @param {string} [within]
 * @returns {Promise<import("puppeteer-core").ElementHandle<Element> | null>}
 */
export async function findButton(page, name, within) {
  const handle = await page.evaluateHandle(findInPage, { kind: "button", ...pattern(name), within });
  const el = handle.asElement();
  if (!el) await handle.dispose();
  return /** @type {any} */ (el);
}

/** The visible field labelled `label`, or null. @param {import("puppeteer-core").Page} page @param {string | RegExp} label */
export async function findField(page, label, within = undefined) {
  const handle = await page.evaluateHandle(findInPage, { kind: "field", ...pattern(label), within });
  const el = handle.asElement();
  if (!el) await handle.dispose();
  return /** @type {any} */ (el);
}

/** Wait for the button, then click it. @param {import("puppeteer-core").Page} page @param {string | RegExp} name */
export async function click(page, name, { within = undefined, ms = STEP_MS } = {}) {
  const button = await waitUntil(() => findButton(page, name, within), `a button named ${name}`, ms);
  await button.click();
  await button.dispose();
}

/** Wait for the field labelled `label`. @param {import("puppeteer-core").Page} page @param {string | RegExp} label */
export async function field(page, label, ms = STEP_MS) {
  return waitUntil(() => findField(page, label), `a field labelled ${label}`, ms);
}

/** A field's value. @param {import("puppeteer-core").ElementHandle<Element>} handle */
export async function valueOf(handle) {
  return handle.evaluate((el) => /** @type {HTMLInputElement} */ (el).value);
}

/**
 * Put `value` into a field, as a paste does (or Playwright's fill): click into it, then the text
 * arrives whole in one input event (typing a long reply code key by key takes seconds for nothing).
 * @param {import("puppeteer-core").ElementHandle<Element>} handle @param {string} value
 */
export async function fill(handle, value) {
  await handle.click();
  await handle.evaluate((el, v) => {
    const input = /** @type {HTMLInputElement} */ (el);
    input.value = v;
    input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste", data: v }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, value);
}

/** The text of the first element matching `selector` ("" when none). @param {import("puppeteer-core").Page} page @param {string} selector */
export async function text(page, selector) {
  return page.evaluate((s) => document.querySelector(s)?.textContent?.replace(/\s+/g, " ").trim() ?? "", selector);
}

/** Whether the first element matching `selector` is shown. @param {import("puppeteer-core").Page} page @param {string} selector */
export async function isVisible(page, selector) {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    return !!el && el.getClientRects().length > 0
      && (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
  }, selector);
}

/**
 * Make the first plain move the controls or the end-of-hand panel offer, confirming it when the
 * page asks. Returns the button's name, or null when there was none to click.
 * @param {import("puppeteer-core").Page} page
 */
export async function plainMove(page) {
  const button = await findButton(page, MOVES, "#controls, #hand-result");
  if (!button) return null;
  const name = await button.evaluate((el) => (el.textContent || "").trim());
  await button.click();
  await button.dispose();
  if (await isVisible(page, "#confirm")) {
    const ok = await page.$("#confirm-ok");
    await ok?.click();
    await ok?.dispose();
  }
  return name;
}

// ------------------------------------------------------------------------------- running a script

/** Milliseconds since `t0`, as seconds with one decimal. @param {number} t0 */
export const seconds = (t0) => Math.round((Date.now() - t0) / 100) / 10;

/** One line that the Python side reads (prefixed, so that other output cannot be mistaken for it). */
export function say(/** @type {Record<string, unknown>} */ message) {
  process.stdout.write(`@@ ${JSON.stringify(message)}\n`);
}

/** The next line of standard input (the Python side's answer). @returns {Promise<string>} */
export function readLine() {
  return new Promise((resolve, reject) => {
    let got = "";
    const onData = (/** @type {Buffer} */ chunk) => {
      got += chunk.toString("utf-8");
      const end = got.indexOf("\n");
      if (end >= 0) {
        process.stdin.off("data", onData);
        process.stdin.off("end", onEnd);
        process.stdin.pause();
        resolve(got.slice(0, end));
      }
    };
    const onEnd = () => reject(new Error("standard input closed"));
    process.stdin.on("data", onData);
    process.stdin.on("end", onEnd);
    process.stdin.resume();
  });
}
