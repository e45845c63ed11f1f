// Boot the built engine under Pyodide in Node, the way the site does: Pyodide from
// node_modules/pyodide with the site's standard library (DIST_DIR/pyodide/python_stdlib.zip: the
// boot's and the bridge's modules, as bytecode), the finder of the second archive installed as
// worker.js installs it, micropip from DIST_DIR/pyodide/ and the wheel named in
// DIST_DIR/build.json, each by path (a package loaded by lock name would be fetched from a CDN).
//
//   const engine = await bootEngine(dist, { onOutput });
//   engine.handle('{"op": "hello"}')  // -> the bridge's JSON answer
//   engine.restFetches                 // URLs the finder downloaded (normally none)
//
// Node has no XMLHttpRequest: a stand-in that reads the site's files (synchronously, as the
// browser's would) takes its place and records each download.
// Used by smoke.mjs, fuzz.mjs and driver-wheel.mjs.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** @type {string[]} every URL the stand-in XMLHttpRequest was asked for */
const downloads = [];

/** A synchronous GET of a file: URL, enough of XMLHttpRequest for tools/stdlib_rest.py. */
class FileXMLHttpRequest {
  constructor() { this.status = 0; this.response = null; this.responseType = ""; this.url = ""; }
  open(method, url, async) {
    if (method !== "GET" || async !== false) throw new Error("only a synchronous GET is served here");
    this.url = url;
  }
  send() {
    downloads.push(this.url);
    try {
      const bytes = readFileSync(fileURLToPath(this.url.split("?")[0]));
      this.response = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      this.status = 200;
    } catch {
      this.status = 404;
    }
  }
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * @param {string} dist the built site
 * @param {{onOutput?: (line: string) => void, mark?: (name: string) => void}} [hooks]
 * @returns {Promise<{handle: (json: string) => string, pyodide: any, manifest: any,
 *                    python: string, version: string, moduleFile: string, restFetches: string[],
 *                    restStatus: () => {split: boolean, fetched: boolean, modules: string[]}}>}
 */
export async function bootEngine(dist, hooks = {}) {
  const onOutput = hooks.onOutput ?? (() => {});
  const mark = hooks.mark ?? (() => {});
  const manifest = JSON.parse(await readFile(path.join(dist, "build.json"), "utf8"));
  const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep,
    stdLibURL: path.join(dist, "pyodide", "python_stdlib.zip"),
    stdout: (line) => onOutput(`stdout: ${line}`),
    stderr: (line) => onOutput(`stderr: ${line}`),
  });
  mark("runtime");
  globalThis.XMLHttpRequest ??= FileXMLHttpRequest;
  const base = pathToFileURL(path.join(dist, "pyodide") + path.sep).href;
  pyodide.runPython(`
try:
    import _speculation_stdlib_rest
except ModuleNotFoundError:
    pass
else:
    _speculation_stdlib_rest.install(${JSON.stringify(base)}, "?v=${manifest.hash}")
`);
  const loadErrors = [];
  await pyodide.loadPackage(path.join(dist, manifest.micropip), {
    errorCallback: (m) => loadErrors.push(m),
    messageCallback: () => {},
  });
  if (loadErrors.length) throw new Error(`loading micropip: ${loadErrors.join("; ")}`);
  const micropip = pyodide.pyimport("micropip");
  mark("micropip");
  const wheelName = path.basename(manifest.wheel);
  pyodide.FS.writeFile(`/tmp/${wheelName}`, await readFile(path.join(dist, manifest.wheel)));
  await micropip.install.callKwargs(`emfs:/tmp/${wheelName}`, { deps: false });
  mark("installed");
  const moduleFile = pyodide.runPython("import speculation; speculation.__file__");
  const pyHandle = pyodide.pyimport("speculation.bridge").handle;
  mark("imported");
  return {
    handle: (json) => pyHandle(json),
    pyodide,
    manifest,
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    version: pyodide.version,
    moduleFile,
    restFetches: downloads,
    /** {split, fetched, modules, archive}: what the second archive's finder did */
    restStatus: () => JSON.parse(pyodide.runPython(
      "import json, _speculation_stdlib_rest as r; json.dumps(r.status())")),
  };
}
