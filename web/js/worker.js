// Engine worker (a *module* worker, started by engine.js).
//
// Boots Pyodide from ../pyodide/ and answers requests with the speculation
// engine.  Two ways up:
//   "snapshot"  a memory snapshot of a ready engine is stored for this build
//               (snapshot-store.js): Pyodide restores it (the experimental
//               _loadSnapshot of Pyodide 314.0.7), the files of site-packages
//               are written back, and a {"op": "hello"} must answer.  Anything
//               wrong (missing, corrupt, stale, a failing restore) falls back
//               to the normal boot, and the snapshot is dropped.
//   "normal"    loads the self-hosted micropip, installs the speculation
//               wheel named in ../build.json and imports speculation.bridge.
// Named "role=snapshot" the worker instead boots normally with _makeSnapshot,
// freezes the ready engine, stores it and reports; engine.js starts such a
// worker in the background after a normal boot.  (A worker's options travel
// in its name, "snapshot=0" being the other: every engine worker has the same
// URL, so the HTTP cache or the service worker serves the later ones.)
//
//   page -> worker   {id, json}                    json: a request string
//   worker -> page   {type: "response", id, json}  json: speculation.bridge.handle(json)
//                    {type: "response", id, error} only if handle itself raised
//   worker -> page   {type: "progress", stage, fraction, detail}
//                    stages, in order: "runtime", "micropip", "engine", "ready"
//                    (a restore skips "micropip")
//   worker -> page   {type: "ready", version, build, timings, path, fallback, snapshot, sourced, rest}
//                    path "snapshot"|"normal"; fallback: why a stored snapshot
//                    was not used (null if none was stored or it was used);
//                    snapshot: "supported"|"unsupported"; sourced: the standard
//                    modules this boot compiled from their source (the build ships
//                    the boot's as bytecode, tools/stdlib_bytecode.py: normally []);
//                    rest: the standard modules loaded from the second archive,
//                    fetched on first use (tools/stdlib_rest.py: normally [])
//   worker -> page   {type: "fatal", message}      boot failed; the worker is useless
//   snapshot role:   {type: "snapshot", ok, raw, compressed, memory, rest, cache, entry, timings, error}
//                    (storeSnapshot read the entry back; cache and entry name it for the
//                    page, which reads it back again once this worker has ended)
//
// No game rule lives here: this file only moves strings.
//
// Type-checked with tsconfig.worker.json; the Pyodide types come from node_modules/pyodide.

/** @typedef {typeof import("pyodide")} PyodideModule */
/** @typedef {import("pyodide").PyodideAPI} Pyodide */
/** @typedef {import("pyodide/ffi").PyProxy} PyProxy */
/** @typedef {import("./snapshot-store.js").Snapshot} Snapshot */
/** @typedef {import("./snapshot-store.js").SnapshotFile} SnapshotFile */
/** @typedef {import("./snapshot-store.js").StoredSnapshot} StoredSnapshot */
/**
 * speculation.bridge as Python hands it over (handle: JSON string in, JSON string out).
 * @typedef {PyProxy & {handle: (json: string) => string}} Bridge
 */
/** @typedef {{pyodide: Pyodide, bridge: Bridge, version: string}} Booted */
/** The progress stages, in order. @typedef {"runtime" | "micropip" | "engine" | "ready"} Stage */

const BUILD = "__BUILD_HASH__";
/** @param {string} path */
const here = (path) => new URL(path, import.meta.url).href;
const INDEX_URL = here("../pyodide/");
const SCOPE = here("../");
const PARAMS = new URLSearchParams(self.name || "");
const ROLE = PARAMS.get("role") === "snapshot" ? "snapshot" : "engine";
const USE_SNAPSHOT = PARAMS.get("snapshot") !== "0";
const RESTORE_TIMEOUT_MS = 30000;
const t0 = performance.now();
/** @type {Record<string, number>} */
const timings = {};
/** @param {string} name */
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };
// snapshot-store.js, imported beside pyodide.mjs (not before it, as a static import would be);
// the query names this build, so a new deploy never meets an old copy in the HTTP cache.
const storeP = /** @type {Promise<typeof import("./snapshot-store.js")>} */ (import(`./snapshot-store.js?v=${BUILD}`));

// Approximate byte sizes of what the runtime fetches, for a download fraction.
// Good enough for a progress bar; the stage messages carry the real milestones.
/** @type {Record<string, number>} */
const RUNTIME_FILES = {
  "pyodide.mjs": 0.1e6,
  "pyodide.asm.mjs": 1.2e6,
  "pyodide.asm.wasm": 9.6e6,
  "python_stdlib.zip": 1.3e6,
  "pyodide-lock.json": 0.001e6,
};
const RUNTIME_TOTAL = Object.values(RUNTIME_FILES).reduce((a, b) => a + b, 0);

let failed = false;
/** @param {Stage} stage @param {number} fraction @param {string} detail */
function progress(stage, fraction, detail) {
  if (!failed) postMessage({ type: "progress", stage, fraction, detail });
}
/** @param {string} message */
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
/** @type {typeof fetch} */
const watchedFetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input), import.meta.url);
  const name = url.pathname.split("/").pop() || url.pathname;
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
globalThis.fetch = watchedFetch;
// Resource timing tells when each runtime file has arrived (fetch() above only
// sees headers, and some files are fetched by import, not fetch).
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = entry.name.split("?")[0].split("/").pop() || "";
      if (entry.name.startsWith(INDEX_URL) && name in RUNTIME_FILES) {
        downloaded += RUNTIME_FILES[name];
        progress("runtime", 0.05 + 0.6 * Math.min(1, downloaded / RUNTIME_TOTAL), `downloaded ${name}`);
      }
    }
  }).observe({ type: "resource", buffered: true });
} catch { /* progress is a nicety */ }

/** A short account of an error: the last "SomeError: ..." line of a Python traceback. @param {unknown} err */
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

/** @param {string} url @param {RequestInit} [opts] */
async function fetchOk(url, opts) {
  const response = await realFetch(url, opts);
  if (!response.ok) throw new Error(`Could not download ${new URL(url).pathname.split("/").pop()} (HTTP ${response.status})`);
  return response;
}

// What boot() is doing, for the failure message.
let step = "Downloading the Python runtime";

const pythonIO = {
  stdout: (/** @type {string} */ line) => console.log(`[python] ${line}`),
  stderr: (/** @type {string} */ line) => console.warn(`[python] ${line}`),
};

/** @returns {Promise<PyodideModule>} */
async function runtimeModule() {
  try {
    return /** @type {PyodideModule} */ (await import(INDEX_URL + "pyodide.mjs"));
  } catch (err) {
    throw new Error(`Could not load the Python runtime (pyodide.mjs): ${describe(err)}`);
  }
}

/**
 * Fetch build.json and the wheel it names (checked against its sha256).
 * @returns {Promise<{name: string, bytes: Uint8Array, version: string, hash: string}>}
 */
function fetchWheel() {
  const manifestP = fetchOk(here("../build.json") + `?v=${BUILD}`, { cache: "no-cache" }).then((r) => r.json());
  const wheelP = manifestP.then(async (m) => {
    mark("manifest");
    // A snapshot is filed under this worker's build: never freeze another deploy's wheel.
    if (ROLE === "snapshot" && m.hash !== BUILD) throw new Error(`build.json is for build ${m.hash}, not ${BUILD}`);
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
  wheelP.catch(() => {}); // awaited later; avoid an unhandled-rejection report meanwhile
  return wheelP;
}

/**
 * The normal boot: runtime, micropip, the wheel, the import.
 * @param {PyodideModule} mod
 * @param {{makeSnapshot?: boolean}} [opts]
 * @returns {Promise<Booted | null>} null if a runtime download already failed (fatal said why)
 */
async function bootNormal(mod, { makeSnapshot = false } = {}) {
  progress("runtime", 0.02, "downloading the Python runtime");
  const wheelP = fetchWheel(); // in parallel with the runtime's own downloads
  step = "Starting Python";
  const pyodide = await mod.loadPyodide({
    indexURL: INDEX_URL,
    // micropip is listed in the deployed lock with the hash of the wheel we
    // ship, so it downloads in parallel with the interpreter's start.
    packages: ["micropip"],
    ...pythonIO,
    ...(makeSnapshot ? { _makeSnapshot: true } : {}),
  });
  mark("runtime");
  if (failed) return null;
  installRestFinder(pyodide);
  progress("micropip", 0.75, "loading the package installer");
  step = "Loading micropip";

  let micropip;
  try {
    micropip = pyodide.pyimport("micropip");
  } catch (err) {
    // Fall back to loading the wheel by its URL (bypasses the lock entirely).
    /** @type {string[]} */
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
  pyodide.FS.unlink(path);
  mark("installed");
  step = "Importing the game engine";
  // Kept for the worker's lifetime (attribute proxies are borrowed from it).
  const bridge = /** @type {Bridge} */ (pyodide.pyimport("speculation.bridge"));
  mark("imported");
  return { pyodide, bridge, version: wheel.version };
}

/** @param {Pyodide} pyodide @returns {string} */
function sitePackages(pyodide) {
  return pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
}

/** @typedef {Pyodide["FS"]} FS */

/**
 * Every file under dir, as [path, bytes].
 * @param {FS} FS @param {string} dir
 * @returns {SnapshotFile[]}
 */
function filesUnder(FS, dir) {
  /** @type {SnapshotFile[]} */
  const out = [];
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = `${dir}/${name}`;
    const { mode } = FS.stat(path);
    if (FS.isDir(mode)) out.push(...filesUnder(FS, path));
    else if (FS.isFile(mode)) out.push([path, FS.readFile(path)]);
  }
  return out;
}

/** @param {FS} FS @param {SnapshotFile[]} files */
function writeFiles(FS, files) {
  for (const [path, bytes] of files) {
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}

// The build trims the standard library that Pyodide loads to what the boot and the bridge import
// (tools/stdlib_bytecode.py); every other module is in a second archive that a finder fetches
// the first time one is imported (tools/stdlib_rest.py, compiled into the first archive). It is
// installed right after the runtime's start, before anything of the site's runs; a restored
// snapshot already has it. A library without it (not split) needs none.
const REST_FINDER = `
try:
    import _speculation_stdlib_rest
except ModuleNotFoundError:
    pass
else:
    _speculation_stdlib_rest.install(${JSON.stringify(INDEX_URL)}, ${JSON.stringify(`?v=${BUILD}`)})
`;
/** @param {Pyodide} pyodide */
function installRestFinder(pyodide) {
  pyodide.runPython(REST_FINDER);
}

// What the second archive's finder did: {split, fetched, modules} (the modules loaded from it).
const REST_STATUS = `
import json, sys
_rest = sys.modules.get("_speculation_stdlib_rest")
json.dumps(_rest.status() if _rest else {"split": False, "fetched": False, "modules": []})
`;
/** @typedef {{split: boolean, fetched: boolean, modules: string[], archive?: string}} RestStatus */
/** @param {Pyodide} pyodide @returns {RestStatus} */
function restStatus(pyodide) {
  return JSON.parse(pyodide.runPython(REST_STATUS));
}

// The loaded modules compiled from their source in the standard-library zip (a frozen module's
// spec has the origin "frozen"; one loaded from the build's bytecode ends in .pyc).
const SOURCED = `
import json, sys
_zip = next((p for p in sys.path if p.endswith(".zip")), "?") + "/"
_origins = {n: str(getattr(getattr(m, "__spec__", None), "origin", "")) for n, m in list(sys.modules.items())}
json.dumps(sorted(n for n, o in _origins.items() if o.startswith(_zip) and o.endswith(".py")))
`;

// Python state that must differ from one visit to the next is re-drawn after a
// restore (the engine itself draws unseeded seeds from SystemRandom).
const AFTER_RESTORE = `
import random
random.seed()
`;

/**
 * Boot from the stored snapshot, already being read and inflated (`decoded`).
 * @param {PyodideModule} mod
 * @param {Promise<Snapshot>} decoded
 * @returns {Promise<Booted>} or throws (then: the normal boot)
 */
async function bootSnapshot(mod, decoded) {
  progress("runtime", 0.05, "restoring the saved engine");
  step = "Restoring the engine";
  // A failed wasm instantiation only logs a warning and never settles: bound
  // the restore, so a snapshot can never cost more than a normal boot's wait.
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("the restore did not finish")), RESTORE_TIMEOUT_MS);
  });
  const pyodide = await Promise.race([
    mod.loadPyodide({ indexURL: INDEX_URL, ...pythonIO, _loadSnapshot: decoded.then((snap) => snap.memory),
                      _snapshotDeserializer: snapshotDeserializer }),
    late,
  ]).finally(() => clearTimeout(timer));
  mark("runtime");
  const snap = await decoded;
  writeFiles(pyodide.FS, snap.files);
  Object.assign(pyodide.loadedPackages, snap.meta.loaded || {});
  pyodide.runPython(AFTER_RESTORE);
  mark("files");
  progress("engine", 0.9, "checking the engine");
  const bridge = /** @type {Bridge} */ (pyodide.pyimport("speculation.bridge"));
  const hello = JSON.parse(bridge.handle(JSON.stringify({ op: "hello" })));
  if (!hello || hello.ok !== true) throw new Error(`the restored engine does not answer hello: ${JSON.stringify(hello)}`);
  mark("imported");
  return { pyodide, bridge, version: snap.meta.version };
}

/**
 * Boot the engine, from the stored snapshot when there is a good one.
 * @returns {Promise<((json: string) => string) | null>} the request handler, null after a fatal error
 */
async function boot() {
  // Everything a restore needs starts at once: the runtime's module, the
  // snapshot's lookup and its inflation (which Pyodide awaits before it
  // instantiates the wasm).
  const modP = runtimeModule();
  const store = await storeP;
  const supported = store.snapshotSupported();
  /** @type {string | null} */
  let fallback = null;
  /** @type {Booted | null} */
  let booted = null;
  /** @type {"snapshot" | "normal"} */
  let path = "normal";
  if (USE_SNAPSHOT && supported) {
    /** @type {Promise<Snapshot> | null} */
    let decoded = null;
    try {
      const stored = await store.openSnapshot(SCOPE, BUILD, store.SNAPSHOT_PYODIDE);
      mark("snapshot_lookup");
      if (stored) {
        decoded = stored.decode().then((snap) => { mark("snapshot_decoded"); return snap; });
        decoded.catch(() => {}); // awaited below; no unhandled-rejection report meanwhile
      }
    } catch (err) {
      fallback = describe(err);
    }
    if (decoded) {
      try {
        const mod = await modP;
        if (mod.version !== store.SNAPSHOT_PYODIDE) throw new Error(`Pyodide ${mod.version} is not ${store.SNAPSHOT_PYODIDE}`);
        booted = await bootSnapshot(mod, decoded);
        path = "snapshot";
      } catch (err) {
        fallback = describe(err);
      }
    }
    if (fallback) {
      console.warn(`[engine] the stored snapshot was not used (${fallback}); booting normally`);
      store.dropSnapshot(SCOPE, BUILD).catch(() => {});
      for (const key of Object.keys(timings)) delete timings[key];
      mark("fallback");
    }
  }
  if (!booted) booted = await bootNormal(await modP);
  if (!booted) return null;
  const pyHandle = booted.bridge.handle;
  /** @type {string[]} */
  const sourced = JSON.parse(booted.pyodide.runPython(SOURCED));
  const rest = restStatus(booted.pyodide).modules;
  if (rest.length) console.warn(`[engine] the boot needed modules of the second standard-library archive: ${rest.join(", ")}`);
  progress("ready", 1, "ready");
  postMessage({
    type: "ready", version: booted.version, build: BUILD, timings, path, fallback,
    snapshot: supported ? "supported" : "unsupported", sourced, rest,
  });
  // Wrap the PyProxy in a plain function: a promise must never resolve to a
  // PyProxy (resolution probes its "then").  str -> str, so no proxies leak.
  return (json) => pyHandle(json);
}

// micropip did its work; its modules hold JavaScript functions of the runtime
// (pyodide_js) that a snapshot cannot name, so they are dropped before it.
const BEFORE_SNAPSHOT = `
import gc, sys
for name in [m for m in sys.modules if m == "micropip" or m.startswith("micropip.")]:
    del sys.modules[name]
gc.collect()
`;

/** @param {unknown} obj */
function stubName(obj) {
  return typeof obj === "function" ? `function ${obj.name || "(anonymous)"}` : `object ${obj && obj.constructor ? obj.constructor.name : "?"}`;
}

/**
 * What a restored engine gets for a JavaScript reference the snapshot could
 * not name: a function that says so (nothing in the engine calls JavaScript).
 */
/** @param {{stub?: string} | null | undefined} serialized */
function snapshotDeserializer(serialized) {
  const name = (serialized && serialized.stub) || "a JavaScript value";
  return () => { throw new Error(`${name} is not available in an engine restored from a snapshot`); };
}

/**
 * The snapshot role: boot normally, freeze the ready engine, store it.
 * @returns {Promise<{raw: number, compressed: number, memory: number, rest: string[], cache: string, entry: string}>}
 */
async function makeSnapshot() {
  const store = await storeP;
  if (!store.snapshotSupported()) throw new Error("this browser cannot store a snapshot");
  const mod = await runtimeModule();
  if (mod.version !== store.SNAPSHOT_PYODIDE) throw new Error(`snapshots are only made with Pyodide ${store.SNAPSHOT_PYODIDE}`);
  const booted = await bootNormal(mod, { makeSnapshot: true });
  if (!booted) throw new Error("the boot failed");
  const { pyodide, bridge, version } = booted;
  // Warm the engine for the first screen and the first bot; drop every proxy
  // JavaScript holds, then collect, so only serialisable references remain.
  pyodide.runPython("import speculation.bots");
  bridge.destroy();
  pyodide.runPython(BEFORE_SNAPSHOT);
  // Pyodide's snapshot expects its record of loaded packages to be empty (it
  // compares it with {}): keep the record aside and put it back on restore.
  const record = /** @type {Record<string, string>} */ (pyodide.loadedPackages);
  const loaded = { ...record };
  for (const name of Object.keys(loaded)) delete record[name];
  mark("warmed");
  const files = filesUnder(pyodide.FS, sitePackages(pyodide));
  // The second standard-library archive, if anything fetched it: the restored engine's sys.path
  // names its file, which lives outside the wasm memory like site-packages.
  const rest = restStatus(pyodide);
  if (rest.fetched && rest.archive) files.push([rest.archive, pyodide.FS.readFile(rest.archive)]);
  /** @type {string[]} */
  const stubs = [];
  const memory = pyodide.makeMemorySnapshot({ serializer: (/** @type {unknown} */ obj) => { stubs.push(stubName(obj)); return { stub: stubName(obj) }; } });
  if (stubs.length) console.info(`[engine] snapshot: ${stubs.length} JavaScript reference(s) of the installer left as stubs: ${stubs.join(", ")}`);
  mark("snapshot_made");
  const stored = await store.storeSnapshot(SCOPE, BUILD, {
    meta: { build: BUILD, pyodide: mod.version, version, created: new Date().toISOString(), loaded },
    memory, files,
  });
  mark("snapshot_stored");
  // Where it is, so that the page reads it back once this worker has ended (engine.js): a
  // browser may keep an entry only while its writer runs (WebKit's ephemeral sessions, sw.js).
  return { ...stored, memory: memory.length, rest: rest.modules,
           cache: store.snapshotCacheName(SCOPE, BUILD), entry: new URL("__engine-snapshot__", SCOPE).href };
}

/** @type {Promise<((json: string) => string) | null>} */
let ready;
if (ROLE === "snapshot") {
  ready = Promise.resolve(null);
  makeSnapshot().then(
    (stored) => postMessage({ type: "snapshot", ok: true, ...stored, timings }),
    (err) => postMessage({ type: "snapshot", ok: false, error: describe(err), timings }),
  );
} else {
  ready = boot().catch((err) => {
    fatal(`${step} failed: ${describe(err)}`);
    return null;
  });
}

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
