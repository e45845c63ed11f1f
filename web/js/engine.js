/**
 * engine.js — the page's client for the Python game engine running in a Web Worker.
 *
 *   import { bootEngine } from "./engine.js";
 *
 *   const engine = await bootEngine({
 *     onProgress: ({ stage, fraction, detail }) => { ... },  // optional
 *     timeoutMs: 120000,                                     // optional, whole boot
 *     onFatal: (err) => { ... },  // optional: the engine died after boot
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
 *   info: {version, build, timings} reported by the worker at ready
 *     (timings: ms since worker start for runtime, micropip, installed, imported).
 */

const DEFAULT_TIMEOUT_MS = 120000;
const STOPPED = "The game engine was stopped.";

export function bootEngine({
  onProgress = () => {},
  onFatal = () => {},
  timeoutMs = DEFAULT_TIMEOUT_MS,
} = {}) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      // The build stamps its content hash here, so a new deploy never meets a stale worker.
      worker = new Worker(new URL("./worker.js?v=__BUILD_HASH__", import.meta.url), { type: "module" });
    } catch (err) {
      reject(new Error(`This browser cannot start the game engine (${err.message}).`));
      return;
    }

    const pending = new Map();
    let nextId = 1;
    let booted = false;
    let dead = false;
    let lastFraction = 0;

    const die = (message) => {
      if (dead) return;
      dead = true;
      clearTimeout(timer);
      worker.terminate();
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

    const engine = {
      info: null,
      request(obj) {
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

    worker.onmessage = ({ data }) => {
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
          engine.info = { version: data.version, build: data.build, timings: data.timings };
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
              entry.resolve(JSON.parse(data.json));
            } catch (err) {
              entry.reject(new Error(`Engine sent malformed JSON: ${err.message}`));
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
  });
}
