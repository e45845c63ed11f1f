// Start the engine's worker as early as the page can: index.html loads this small module (it
// imports nothing) before main.js, so Pyodide begins downloading and starting while the page's
// own modules are still being fetched. The worker's first messages are kept until engine.js
// adopts the worker (bootEngine's first call); a later boot (a retry) starts a fresh one.
//
//   <script type="module" src="js/early-worker.js"></script>   (index.html, before main.js)
//   import { takeEarlyWorker } from "./early-worker.js";   // engine.js: the same module instance
//   takeEarlyWorker()   // {worker, startedAt, messages, errors} once, then null
//   new Worker(workerURL(), workerOptions({role: "snapshot"}))   // engine.js's own workers
//
// Only for the full site (bootsAtLoad): not in an embed, which validates its parameters first,
// nor on a friend's page, which boots its engine only at the match's end. The worker is the one
// engine.js would make with its default options (the snapshot allowed).

/**
 * @typedef {object} EarlyWorker
 * @property {Worker} worker
 * @property {number} startedAt performance.now() when it was made
 * @property {MessageEvent[]} messages what it said before anyone listened
 * @property {ErrorEvent[]} errors load errors before anyone listened
 */

/**
 * The engine worker's URL. The build stamps its content hash into the query, so a new deploy
 * never meets a stale worker in the HTTP cache; the service worker precaches this very address
 * (build.json's "versioned"), so the file crosses the network once. Every engine worker has
 * this one URL: what differs between them goes in their options (workerOptions).
 */
export function workerURL() {
  return new URL("./worker.js?v=__BUILD_HASH__", import.meta.url);
}

/**
 * The options of an engine worker: a module worker whose name carries `params` as a query
 * string (worker.js reads `role` and `snapshot` from its name). Put in the URL they would make
 * each kind of worker a file of its own for the HTTP cache, downloaded again.
 * @param {Record<string, string>} [params]
 * @returns {WorkerOptions}
 */
export function workerOptions(params = {}) {
  return { type: "module", name: new URLSearchParams(params).toString() };
}

/**
 * Whether this page boots the engine as soon as it loads. The site does; an embed first checks
 * its parameters (a bad one gets a message and no engine), so it starts its worker the ordinary
 * way, from engine.js. A friend's page (#join=, #table=) plays on the host's engine and boots
 * its own only at the match's end, for the fair-play check (site/friends/join.js): booting it
 * while joining would spend a phone's data, memory and battery on an engine that sits idle for
 * the whole match. A relayed reply (#reply=) never boots one.
 * @param {Location} where
 */
export function bootsAtLoad(where) {
  if (new URLSearchParams(where.search).get("embed") === "1") return false;
  return !/^#(join|table|reply)=/.test(where.hash);
}

/** @returns {EarlyWorker | null} */
function start() {
  if (!bootsAtLoad(location)) return null;
  try {
    const worker = new Worker(workerURL(), workerOptions());
    const made = /** @type {EarlyWorker} */ ({ worker, startedAt: performance.now(), messages: [], errors: [] });
    worker.onmessage = (e) => { made.messages.push(e); };
    worker.onerror = (e) => { e.preventDefault(); made.errors.push(e); };
    return made;
  } catch {
    return null; // engine.js makes its own (and reports any failure)
  }
}

let early = start();

/**
 * The worker started at load, once (the caller takes over its handlers), then null.
 * @returns {EarlyWorker | null}
 */
export function takeEarlyWorker() {
  const taken = early;
  early = null;
  return taken;
}
