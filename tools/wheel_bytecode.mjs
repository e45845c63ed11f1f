// Run tools/wheel_bytecode.py under Pyodide's own Python (node_modules/pyodide), so the
// bytecode it adds is exactly what the browser's interpreter loads. build.py calls it once per
// build, for the engine wheel and micropip together (one Pyodide start, about 2 s):
//
//   node tools/wheel_bytecode.mjs IN.whl OUT.whl [IN.whl OUT.whl ...]
//
// The wheels go through Pyodide's in-memory file system; nothing is fetched from the network.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const args = process.argv.slice(2);
if (!args.length || args.length % 2) {
  console.error("usage: node tools/wheel_bytecode.mjs IN.whl OUT.whl [IN.whl OUT.whl ...]");
  process.exit(2);
}

const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: path.join(root, "node_modules", "pyodide") + path.sep,
  stdout: (/** @type {string} */ line) => console.log(line),
  stderr: (/** @type {string} */ line) => console.error(line),
});
/** @type {string[]} */
const inner = [];
for (let i = 0; i < args.length; i += 2) {
  const [from, to] = [`/wheels/in${i}`, `/wheels/out${i}`];
  pyodide.FS.mkdirTree(from);
  pyodide.FS.mkdirTree(to);
  pyodide.FS.writeFile(`${from}/${path.basename(args[i])}`, await readFile(args[i]));
  inner.push(`${from}/${path.basename(args[i])}`, `${to}/${path.basename(args[i + 1])}`);
}
pyodide.FS.writeFile("/wheels/wheel_bytecode.py", await readFile(path.join(here, "wheel_bytecode.py")));
pyodide.globals.set("wheel_args", pyodide.toPy(inner));
const rc = pyodide.runPython(`
import runpy
runpy.run_path("/wheels/wheel_bytecode.py")["main"](list(wheel_args))
`);
if (rc !== 0) process.exit(rc);
for (let i = 1; i < inner.length; i += 2) {
  await writeFile(args[i], pyodide.FS.readFile(inner[i]));
}
