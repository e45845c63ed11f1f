// Engine worker (a *module* worker, started by engine.js).
//
// Boots Pyodide from ../pyodide/, loads the self-hosted micropip, installs the
// speculation wheel named in ../build.json and then answers requests:
//
//   page -> worker   {id, json}                    json: a request string
//   worker -> page   {type: "response", id, json}  json: speculation.bridge.handle(json)
//                    {type: "response", id, error} only if handle itself raised
//   worker -> page   {type: "progress", stage, fraction, detail}
//                    stages, in order: "runtime", "micropip", "engine", "ready"
//   worker -> page   {type: "ready", version, build, timings}
//   worker -> page   {type: "fatal", message}      boot failed; the worker is useless
//
// No game rule lives here: this file only moves strings.

const BUILD = "__BUILD_HASH__";
const here = (path) => new URL(path, import.meta.url).href;
const INDEX_URL = here("../pyodide/");
const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

// Approximate byte sizes of what the runtime fetches, for a download fraction.
// Good enough for a progress bar; the stage messages carry the real milestones.
const RUNTIME_FILES = {
  "pyodide.mjs": 0.1e6,
  "pyodide.asm.mjs": 1.2e6,
  "pyodide.asm.wasm": 9.6e6,
  "python_stdlib.zip": 2.5e6,
  "pyodide-lock.json": 0.001e6,
};
const RUNTIME_TOTAL = Object.values(RUNTIME_FILES).reduce((a, b) => a + b, 0);

let failed = false;
function progress(stage, fraction, detail) {
  if (!failed) postMessage({ type: "progress", stage, fraction, detail });
}
function fatal(message) {
  if (failed) return;
  failed = true;
  postMessage({ type: "fatal", message });
}

// Watch the runtime's own fetches: fail fast on a missing file or a wrong
// .wasm MIME type (with a wrong type Pyodide would otherwise hang), and turn
// finished downloads into a progress fraction.  The Response is passed on
// untouched, so streaming compilation and caching are unaffected.
const realFetch = globalThis.fetch.bind(globalThis);
let downloaded = 0;
globalThis.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input), import.meta.url);
  const name = url.pathname.split("/").pop();
  if (url.href.startsWith(INDEX_URL)) {
    if (!response.ok) {
      fatal(`Could not download ${name} (HTTP ${response.status}). The site may be incomplete; try reloading.`);
    } else if (name.endsWith(".wasm")) {
      const type = response.headers.get("content-type") || "(none)";
      if (!type.startsWith("application/wasm")) {
        fatal(`${name} was served as "${type}", not application/wasm; the web server is misconfigured.`);
      }
    }
  }
  return response;
};
// Resource timing tells when each runtime file has arrived (fetch() above only
// sees headers, and some files are fetched by import, not fetch).
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = entry.name.split("?")[0].split("/").pop();
      if (entry.name.startsWith(INDEX_URL) && name in RUNTIME_FILES) {
        downloaded += RUNTIME_FILES[name];
        progress("runtime", 0.05 + 0.6 * Math.min(1, downloaded / RUNTIME_TOTAL), `downloaded ${name}`);
      }
    }
  }).observe({ type: "resource", buffered: true });
} catch { /* progress is a nicety */ }

function describe(err) {
  if (err && typeof err === "object" && "message" in err) {
    // A PythonError's message is the whole traceback; its last "SomeError: ..."
    // line says what happened (Pyodide may append a hint after it).
    const lines = String(err.message).trim().split("\n").map((l) => l.trim()).filter(Boolean);
    const last = lines.filter((l) => /^[A-Za-z_][\w.]*: /.test(l)).pop();
    return last || lines[0] || String(err);
  }
  return String(err);
}

async function fetchOk(url, opts) {
  const response = await realFetch(url, opts);
  if (!response.ok) throw new Error(`Could not download ${new URL(url).pathname.split("/").pop()} (HTTP ${response.status})`);
  return response;
}

// What boot() is doing, for the failure message.
let step = "Downloading the Python runtime";

async function boot() {
  progress("runtime", 0.02, "downloading the Python runtime");
  // Start everything that does not depend on Python at once.
  const manifestP = fetchOk(here("../build.json") + `?v=${BUILD}`, { cache: "no-cache" }).then((r) => r.json());
  const wheelP = manifestP.then(async (m) => {
    const bytes = new Uint8Array(await (await fetchOk(here("../" + m.wheel) + `?v=${m.hash}`)).arrayBuffer());
    const expected = m.files && m.files[m.wheel] && m.files[m.wheel].sha256;
    if (expected && crypto.subtle) {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
      if (hex !== expected) throw new Error(`${m.wheel} does not match build.json (a stale or damaged download); reload the page`);
    }
    mark("wheel_fetched");
    return { name: m.wheel.split("/").pop(), bytes, version: m.version, hash: m.hash };
  });
  wheelP.catch(() => {}); // awaited below; avoid an unhandled-rejection report meanwhile

  let loadPyodide;
  try {
    ({ loadPyodide } = await import(INDEX_URL + "pyodide.mjs"));
  } catch (err) {
    throw new Error(`Could not load the Python runtime (pyodide.mjs): ${describe(err)}`);
  }
  step = "Starting Python";
  const pyodide = await loadPyodide({
    indexURL: INDEX_URL,
    // micropip is listed in the deployed lock with the hash of the wheel we
    // ship, so it downloads in parallel with the interpreter's start.
    packages: ["micropip"],
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
  });
  mark("runtime");
  if (failed) return null;
  progress("micropip", 0.75, "loading the package installer");
  step = "Loading micropip";

  let micropip;
  try {
    micropip = pyodide.pyimport("micropip");
  } catch (err) {
    // Fall back to loading the wheel by its URL (bypasses the lock entirely).
    const errors = [];
    await pyodide.loadPackage(INDEX_URL + "micropip-0.11.1-py3-none-any.whl", {
      errorCallback: (m) => errors.push(m), messageCallback: () => {},
    });
    if (errors.length) throw new Error(`Could not load micropip: ${errors.join("; ")}`);
    micropip = pyodide.pyimport("micropip");
  }
  mark("micropip");
  progress("engine", 0.85, "installing the game engine");
  step = "Installing the game engine";

  const wheel = await wheelP;
  const path = `/tmp/${wheel.name}`;
  pyodide.FS.writeFile(path, wheel.bytes);
  await micropip.install.callKwargs(`emfs:${path}`, { deps: false });
  micropip.destroy();
  mark("installed");
  step = "Importing the game engine";
  // Kept for the worker's lifetime (attribute proxies are borrowed from it).
  const bridge = pyodide.pyimport("speculation.bridge");
  const pyHandle = bridge.handle;
  mark("imported");
  progress("ready", 1, "ready");
  postMessage({ type: "ready", version: wheel.version, build: wheel.hash, timings });
  // Wrap the PyProxy in a plain function: a promise must never resolve to a
  // PyProxy (resolution probes its "then").  str -> str, so no proxies leak.
  return (json) => pyHandle(json);
}

const ready = boot().catch((err) => {
  fatal(`${step} failed: ${describe(err)}`);
  return null;
});

self.onmessage = async (event) => {
  const { id, json } = event.data || {};
  const handle = await ready;
  if (!handle) {
    postMessage({ type: "response", id, error: "The game engine is not running." });
    return;
  }
  try {
    postMessage({ type: "response", id, json: handle(json) });
  } catch (err) {
    postMessage({ type: "response", id, error: describe(err) });
  }
};
