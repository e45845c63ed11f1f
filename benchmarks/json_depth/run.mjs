// Opens the served site in Debian's Chromium and Firefox ESR (puppeteer-core), starts
// worker.mjs in each as a module worker and prints what it measured, one JSON line a browser.
//   node benchmarks/json_depth/run.mjs http://127.0.0.1:PORT/
import { launchChromium, launchFirefox, firstPage, withTimeout } from "../../tests/browser/puppeteer/lib.mjs";

const url = process.argv[2];
for (const launch of [() => launchChromium({ args: ["--no-sandbox"] }), () => launchFirefox()]) {
  const b = await launch();
  try {
    const page = await firstPage(b.browser);
    await page.goto(url + "index.html");
    const out = await withTimeout(page.evaluate(() => new Promise((resolve, reject) => {
      const w = new Worker("json-depth-worker.mjs", { type: "module" });
      w.onmessage = (e) => resolve(e.data);
      w.onerror = (e) => reject(new Error(e.message || "worker error"));
    })), 240_000, "the measurement");
    const version = await b.browser.version();
    console.log(JSON.stringify({ browser: b.name, version, ...out }));
  } finally {
    await b.close();
  }
}
