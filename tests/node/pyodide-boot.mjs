// Boot the built engine under Pyodide in Node, the way the site does: Pyodide from
// node_modules/pyodide with the site's standard library (DIST_DIR/pyodide/python_stdlib.zip, its
// boot modules as bytecode), micropip from DIST_DIR/pyodide/ and the wheel named in
// DIST_DIR/build.json, each by path (a package loaded by lock name would be fetched from a CDN).
//
//   const engine = await bootEngine(dist, { onOutput });
//   engine.handle('{"op": "hello"}')  // -> the bridge's JSON answer
//
// Used by smoke.mjs and fuzz.mjs.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * @param {string} dist the built site
 * @param {{onOutput?: (line: string) => void, mark?: (name: string) => void}} [hooks]
 * @returns {Promise<{handle: (json: string) => string, pyodide: any, manifest: any,
 *                    python: string, version: string, moduleFile: string}>}
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
  };
}
