/**
 * engine.js — the page's client for the Python game engine running in a Web Worker.
 *
 *   import { bootEngine } from "./engine.js";
 *
 *   const engine = await bootEngine({
 *     onProgress: ({ stage, fraction, detail }) => { ... },  // optional
 *     timeoutMs: 120000,                                     // optional, whole boot
 *     onFatal: (err) => { ... },  // optional: the engine died after boot
 *     snapshot: true,             // optional: restore from / make a memory snapshot
 *   });
 *   const hello = await engine.request({ op: "hello" });     // → parsed response object
 *   engine.terminate();                                      // stops the worker
 *
 * bootEngine(options) → Promise<Engine>
 *   Starts ./worker.js (a module worker beside this file), which loads Pyodide,
 *   micropip and the speculation wheel. Resolves once `speculation.bridge` is
 *   imported. Rejects with an Error whose message is fit to show to a player
 *   (missing file, misconfigured server, timeout, Python exception); the worker
 *   is then terminated and the caller may simply call bootEngine() again.
 *
 *   onProgress({stage, fraction, detail}) is called during boot:
 *     stage    "runtime" (downloading/starting Python) → "micropip" → "engine" → "ready"
 *     fraction 0..1, never decreasing
 *     detail   a short human-readable note
 *
 * Engine
 *   request(obj) → Promise<object>: JSON.stringify(obj) goes to
 *     speculation.bridge.handle; the JSON string it returns is parsed. Game-level
 *     failures come back as {ok: false, error: {...}} (they do not reject); the
 *     promise rejects only if the engine itself is broken or terminated.
 *   terminate(): stops the worker; pending requests reject.
 *   onFatal(err) (option) is called if the worker dies after a successful boot;
 *     later requests reject. Boot again to recover.
 *   info: {version, build, timings, path, fallback} reported by the worker at ready
 *     (timings: ms since worker start, per stage; see bootInfo).
 *   bootInfo: how this boot went, for the page and for benchmarks:
 *     {path: "snapshot"|"normal", fallback: null|string (why a stored snapshot
 *      was not used), stages: {name: ms since worker start} — normal:
 *      snapshot_lookup, manifest, runtime, wheel_fetched, micropip, installed,
 *      imported; snapshot: snapshot_lookup, snapshot_decoded, runtime, files,
 *      imported — startedAt, readyAt: ms since navigation start (the worker's
 *      creation and its ready message), bootMs: readyAt - startedAt,
 *      sourced: the standard modules the boot compiled from source, normally [],
 *      rest: the standard modules it loaded from the second archive, fetched on
 *      first use (tools/stdlib_rest.py), normally []}
 *     The same object is the detail of a performance mark "speculation:engine-ready".
 *   snapshot: Promise<{stored: boolean, reason?, raw?, compressed?, timings?}>
 *     After a normal boot (no usable snapshot), and when the page is idle
 *     (snapshotDelayMs after ready, then an idle callback), a second worker
 *     boots for the purpose, freezes the ready engine and stores it (see
 *     worker.js, snapshot-store.js); the next visit restores from it.
 *     Resolves {stored: false, reason} when nothing was made (a snapshot was
 *     used, the option is off, the browser cannot, or making it failed), or
 *     when the entry cannot be read back, whole, once the worker has ended:
 *     stored: true is said only of a snapshot the next visit can find.
 *     Its outcome is also the detail of a performance mark "speculation:snapshot".
 *   Options snapshot (default true): false boots normally and makes none;
 *     snapshotDelayMs (default 2000).
 *   Test-only switch: when the page's global `speculationNoBackgroundSnapshot`
 *     is true (tests/browser/support.py sets it with an init script in every
 *     browser context except the snapshot tests'), no background snapshot
 *     worker is started (engine.snapshot resolves {stored: false, reason:
 *     "switched off for tests"}), so the other browser tests do not pay for a
 *     second Python boot.  A stored snapshot is still used.  Players never set it.
 *
 * Types: see the typedefs below (Engine, EngineOptions, BootInfo, SnapshotOutcome);
 * requests and responses are protocol.js's Request and Response.
 */

import { takeEarlyWorker, workerOptions, workerURL } from "./early-worker.js";

/** @typedef {import("./protocol.js").Request} Request */
/** @typedef {import("./protocol.js").Op} Op */
/**
 * @template {Op} O
 * @typedef {import("./protocol.js").Response<O>} Response
 */
/** @typedef {"runtime" | "micropip" | "engine" | "ready"} Stage */
/** @typedef {{stage: Stage, fraction: number, detail: string}} Progress */

/**
 * @typedef {object} EngineOptions
 * @property {(p: Progress) => void} [onProgress]
 * @property {(err: Error) => void} [onFatal] the engine died after boot
 * @property {number} [timeoutMs] the whole boot
 * @property {boolean} [snapshot] restore from / make a memory snapshot (default true)
 * @property {number} [snapshotDelayMs] wait after ready before making one (default 2000)
 */

/**
 * How this boot went. `stages`: ms since the worker started, per stage.
 * @typedef {object} BootInfo
 * @property {"snapshot" | "normal"} path
 * @property {string | null} fallback why a stored snapshot was not used
 * @property {Record<string, number>} stages
 * @property {number} startedAt ms since navigation start: the worker's creation
 * @property {number} readyAt ms since navigation start: its ready message
 * @property {number} bootMs readyAt - startedAt
 * @property {string[]} sourced standard modules this boot compiled from their source
 * @property {string[]} rest standard modules this boot loaded from the second archive
 */

/**
 * @typedef {object} EngineInfo
 * @property {string} version the engine's
 * @property {string} build the site's build hash
 * @property {Record<string, number>} timings
 * @property {"snapshot" | "normal"} path
 * @property {string | null} fallback
 */

/**
 * How making the background snapshot went.
 * @typedef {object} SnapshotOutcome
 * @property {boolean} stored
 * @property {string} [reason] why none was stored
 * @property {number} [raw] bytes, uncompressed
 * @property {number} [compressed] bytes stored (read back once the snapshot worker has ended)
 * @property {number} [memory] bytes of the wasm memory in it (Pyodide 314.0.7 restores it as
 *   the heap's initial size, so no fixed heap bounds it)
 * @property {Record<string, number>} [timings] the snapshot worker's stages
 * @property {string[]} [rest] standard modules the snapshot worker loaded from the second archive
 */

/**
 * @typedef {object} Engine
 * @property {EngineInfo | null} info
 * @property {BootInfo | null} bootInfo
 * @property {Promise<SnapshotOutcome>} snapshot
 * @property {<R extends Request>(obj: R) => Promise<Response<R["op"]>>} request
 * @property {() => void} terminate
 */

/**
 * What the worker posts (see worker.js).
 * @typedef {{type: "progress", stage: Stage, fraction: number, detail: string}
 *   | {type: "ready", version: string, build: string, timings: Record<string, number>,
 *      path: "snapshot" | "normal", fallback: string | null, snapshot: "supported" | "unsupported",
 *      sourced: string[], rest?: string[]}
 *   | {type: "fatal", message: string}
 *   | {type: "response", id: number, json?: string, error?: string}
 *   | {type: "snapshot", ok: boolean, raw?: number, compressed?: number, memory?: number, error?: string,
 *      timings?: Record<string, number>, rest?: string[], cache?: string, entry?: string}} WorkerMessage
 */

const DEFAULT_TIMEOUT_MS = 120000;
const DEFAULT_SNAPSHOT_DELAY_MS = 2000;
// After the snapshot worker ends, before its entry is read back (WebKit drops an unheld
// cache's entries a moment after the last context holding it has gone).
const SNAPSHOT_RECHECK_MS = 500;
const STOPPED = "The game engine was stopped.";

/** @param {string} name @param {unknown} detail */
function markPerformance(name, detail) {
  try { performance.mark(name, { detail }); } catch { /* marks are a nicety */ }
}

/** The test-only switch (see above). */
const backgroundSnapshotOff = () =>
  /** @type {{speculationNoBackgroundSnapshot?: unknown}} */ (globalThis).speculationNoBackgroundSnapshot === true;

/** @param {unknown} err */
const messageOf = (err) => (err instanceof Error ? err.message : String(err));

const idle = () => /** @type {Promise<void>} */ (new Promise((res) => {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => res(), { timeout: 5000 });
  else setTimeout(res, 0);
}));

/**
 * Boot a background worker that makes and stores a snapshot of the ready engine.
 * @param {{delayMs: number, signal: AbortSignal}} opts
 * @returns {Promise<SnapshotOutcome>}
 */
async function makeSnapshot({ delayMs, signal }) {
  const stopped = { stored: false, reason: "stopped" };
  await new Promise((res) => setTimeout(res, delayMs));
  await idle();
  if (signal.aborted) return stopped;
  const w = new Worker(workerURL(), workerOptions({ role: "snapshot" }));
  /** @type {SnapshotOutcome} */
  let outcome;
  /** @type {{cache: string, entry: string} | null} */
  let where = null;
  try {
    outcome = await new Promise((res) => {
      signal.addEventListener("abort", () => res(stopped));
      w.onmessage = (/** @type {MessageEvent<WorkerMessage>} */ { data }) => {
        if (data.type === "snapshot") {
          if (data.ok && data.cache && data.entry) where = { cache: data.cache, entry: data.entry };
          res(data.ok ? { stored: true, raw: data.raw, compressed: data.compressed, memory: data.memory,
                          timings: data.timings, rest: data.rest ?? [] }
            : { stored: false, reason: data.error, timings: data.timings });
        } else if (data.type === "fatal") res({ stored: false, reason: data.message });
      };
      w.onerror = (e) => { e.preventDefault(); res({ stored: false, reason: e.message || "the snapshot worker failed to load" }); };
    });
  } finally {
    w.terminate();
  }
  // The worker read its entry back; read it again once the worker has ended, since a browser
  // may keep an entry only while some context has its cache open (WebKit's ephemeral
  // sessions; sw.js holds it). "stored" is said only of an entry the next visit can find.
  if (outcome.stored && where) {
    const { cache, entry } = where;
    await new Promise((res) => setTimeout(res, SNAPSHOT_RECHECK_MS));
    try {
      const found = await caches.match(entry, { cacheName: cache });
      const size = found ? (await found.arrayBuffer()).byteLength : null;
      if (size !== outcome.compressed) {
        outcome = { ...outcome, stored: false, reason: size === null
          ? "the browser did not keep the stored snapshot once its worker had ended"
          : `the browser kept ${size} of the snapshot's ${outcome.compressed} bytes` };
      }
    } catch (err) {
      outcome = { ...outcome, stored: false, reason: `the stored snapshot cannot be read back (${messageOf(err)})` };
    }
  }
  return outcome;
}

/**
 * @param {EngineOptions} [options]
 * @returns {Promise<Engine>}
 */
export function bootEngine({
  onProgress = () => {},
  onFatal = () => {},
  timeoutMs = DEFAULT_TIMEOUT_MS,
  snapshot = true,
  snapshotDelayMs = DEFAULT_SNAPSHOT_DELAY_MS,
} = {}) {
  return new Promise((resolve, reject) => {
    let worker;
    let startedAt = performance.now();
    const stopMaker = new AbortController();
    // the worker index.html started before the page's modules (early-worker.js), if it fits
    let early = takeEarlyWorker();
    if (early && !snapshot) { early.worker.terminate(); early = null; } // not the worker asked for
    try {
      if (early) {
        worker = early.worker;
        startedAt = early.startedAt;
      } else {
        // The build stamps its content hash here, so a new deploy never meets a stale worker.
        worker = new Worker(workerURL(), workerOptions(snapshot ? {} : { snapshot: "0" }));
      }
    } catch (err) {
      reject(new Error(`This browser cannot start the game engine (${messageOf(err)}).`));
      return;
    }

    /** @type {Map<number, {resolve: (value: any) => void, reject: (err: Error) => void}>} */
    const pending = new Map();
    let nextId = 1;
    let booted = false;
    let dead = false;
    let lastFraction = 0;

    /** @param {string} message */
    const die = (message) => {
      if (dead) return;
      dead = true;
      clearTimeout(timer);
      worker.terminate();
      stopMaker.abort();
      const err = new Error(message);
      for (const { reject: rej } of pending.values()) rej(err);
      pending.clear();
      if (!booted) reject(err);
      else if (message !== STOPPED) onFatal(err);
    };

    const timer = setTimeout(
      () => die(`The game engine did not start within ${Math.round(timeoutMs / 1000)} s. ` +
                "Check your connection and try again."),
      timeoutMs,
    );

    /** @type {Engine} */
    const engine = {
      info: null,
      bootInfo: null,
      snapshot: Promise.resolve({ stored: false, reason: "not booted" }),
      request(/** @type {Request} */ obj) {
        if (dead) return Promise.reject(new Error("The game engine has stopped."));
        const id = nextId++;
        return new Promise((res, rej) => {
          pending.set(id, { resolve: res, reject: rej });
          worker.postMessage({ id, json: JSON.stringify(obj) });
        });
      },
      terminate() {
        die(STOPPED);
      },
    };

    worker.onmessage = (/** @type {MessageEvent<WorkerMessage>} */ { data }) => {
      switch (data.type) {
        case "progress":
          lastFraction = Math.max(lastFraction, data.fraction);
          try {
            onProgress({ stage: data.stage, fraction: lastFraction, detail: data.detail });
          } catch (err) {
            console.error(err);
          }
          break;
        case "ready":
          booted = true;
          clearTimeout(timer);
          engine.info = { version: data.version, build: data.build, timings: data.timings,
                          path: data.path, fallback: data.fallback };
          {
            const readyAt = performance.now();
            engine.bootInfo = { path: data.path, fallback: data.fallback ?? null, stages: data.timings,
                                startedAt: Math.round(startedAt), readyAt: Math.round(readyAt),
                                bootMs: Math.round(readyAt - startedAt), sourced: data.sourced ?? [],
                                rest: data.rest ?? [] };
          }
          markPerformance("speculation:engine-ready", engine.bootInfo);
          if (data.path === "snapshot") engine.snapshot = Promise.resolve({ stored: false, reason: "a snapshot was used" });
          else if (!snapshot) engine.snapshot = Promise.resolve({ stored: false, reason: "disabled" });
          else if (data.snapshot !== "supported") engine.snapshot = Promise.resolve({ stored: false, reason: "unsupported" });
          else if (backgroundSnapshotOff()) engine.snapshot = Promise.resolve({ stored: false, reason: "switched off for tests" });
          else {
            engine.snapshot = makeSnapshot({ delayMs: snapshotDelayMs, signal: stopMaker.signal })
              .catch((err) => ({ stored: false, reason: messageOf(err) }));
          }
          engine.snapshot.then((result) => markPerformance("speculation:snapshot", result));
          resolve(engine);
          break;
        case "fatal":
          die(data.message);
          break;
        case "response": {
          const entry = pending.get(data.id);
          if (!entry) break;
          pending.delete(data.id);
          if (data.error !== undefined) entry.reject(new Error(`Engine error: ${data.error}`));
          else {
            try {
              entry.resolve(JSON.parse(data.json ?? ""));
            } catch (err) {
              entry.reject(new Error(`Engine sent malformed JSON: ${messageOf(err)}`));
            }
          }
          break;
        }
        default:
          break;
      }
    };
    // A module worker that fails to load (worker.js missing, a syntax error)
    // only raises a bare "error" event.
    worker.onerror = (event) => {
      event.preventDefault();
      die(`The game engine could not be loaded${event.message ? ` (${event.message})` : ""}. ` +
          "The site may be incomplete; try reloading.");
    };
    worker.onmessageerror = () => die("The game engine sent a message that could not be read.");
    // what the early worker said before these handlers were set, in order
    if (early) {
      for (const e of early.errors) worker.onerror(e);
      for (const m of early.messages) worker.onmessage?.(m);
    }
  });
}
