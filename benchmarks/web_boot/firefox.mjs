// Boot times of the site in Debian's Firefox ESR, for benchmarks/web_boot.py --browsers.
//   node benchmarks/web_boot/firefox.mjs URL RUNS
// Each run: bench/bare.html in a fresh profile, cold then again (loadPyodide() answered); then
// index.html in another fresh profile: cold, a repeat visit once the service worker controls
// the page and the background snapshot is stored, and (after asking the caller to stop the
// server: "@@ {ask}" answered by a line on standard input) an offline repeat visit. Times are
// ms from navigation start: the bare page's own __benchDoneAt, the page's "speculation:playable"
// mark (the table first idle). One "@@ " JSON line a visit.
import { firstPage, launchFirefox, readLine, say, waitUntil } from "../../tests/browser/puppeteer/lib.mjs";

const [url, runsArg] = process.argv.slice(2);
const runs = Number(runsArg || 1);
const TIMEOUT = 180_000;

/** ms from navigation start to playable, and the engine's boot info. */
async function visit(page, path, kind) {
  await page.goto("about:blank");
  await page.goto(url + path);
  return waitUntil(() => page.evaluate((k) => {
    if (k === "bare") return window.__benchDoneAt ? { ms: window.__benchDoneAt } : null;
    const m = performance.getEntriesByName("speculation:playable").pop();
    const boot = performance.getEntriesByName("speculation:engine-ready").pop();
    return m && boot ? { ms: m.startTime, boot: boot.detail } : null;
  }, kind), `${path} to be playable`, TIMEOUT);
}

const version = async (b) => b.browser.version();
for (let run = 0; run < runs; run++) {
  const bare = await launchFirefox();
  try {
    const page = await firstPage(bare.browser);
    say({ browser: "firefox", version: await version(bare), page: "bare", visit: "cold", ...(await visit(page, "bench/bare.html", "bare")) });
    say({ browser: "firefox", page: "bare", visit: "repeat", ...(await visit(page, "bench/bare.html", "bare")) });
  } finally {
    await bare.close();
  }
  const ff = await launchFirefox();
  try {
    const page = await firstPage(ff.browser);
    say({ browser: "firefox", page: "page", visit: "cold", ...(await visit(page, "index.html", "page")) });
    await waitUntil(() => page.evaluate(() => !!navigator.serviceWorker.controller), "the service worker", TIMEOUT);
    const snap = await waitUntil(() => page.evaluate(() => performance.getEntriesByName("speculation:snapshot").pop()?.detail ?? null),
      "the snapshot's outcome", TIMEOUT);
    say({ browser: "firefox", page: "page", visit: "snapshot", ...snap });
    say({ browser: "firefox", page: "page", visit: "repeat", ...(await visit(page, "index.html", "page")) });
    say({ ask: "stop-server" });
    if ((await readLine()).trim() !== "stopped") throw new Error("the server was not stopped");
    say({ browser: "firefox", page: "page", visit: "offline", ...(await visit(page, "index.html", "page")) });
    say({ ask: "start-server" });
    if ((await readLine()).trim() !== "started") throw new Error("the server was not started");
  } finally {
    await ff.close();
  }
}
process.exit(0);
