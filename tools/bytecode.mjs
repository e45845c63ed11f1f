// Compile the site's Python to bytecode with Pyodide's own Python (node_modules/pyodide), so the
// bytecode is exactly what the browser's interpreter loads. build.py calls it once per build
// (one Pyodide start and one boot of the engine, a few seconds):
//
//   node tools/bytecode.mjs --micropip IN.whl OUT.whl --engine IN.whl OUT.whl --stdlib IN.zip OUT.zip
//
// 1. tools/wheel_bytecode.py adds the bytecode of every module to both wheels;
// 2. the compiled wheels are then booted as the site boots them (micropip loaded and imported,
//    the engine installed by micropip, every module of the engine imported), and
//    tools/stdlib_bytecode.py replaces, in the standard-library zip, the source of each module
//    that boot loaded from it by its bytecode.
// Python runs with PYTHONNODEBUGRANGES=1: no column ranges in any of that bytecode (smaller;
// a traceback still names each file and line).
// Everything goes through Pyodide's in-memory file system; nothing is fetched from the network.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const USAGE = "usage: node tools/bytecode.mjs --micropip IN.whl OUT.whl --engine IN.whl OUT.whl --stdlib IN.zip OUT.zip";

/** @type {Record<string, [string, string]>} */
const pairs = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 3) {
  const key = argv[i].replace(/^--/, "");
  if (!["micropip", "engine", "stdlib"].includes(key) || i + 2 >= argv.length) {
    console.error(USAGE);
    process.exit(2);
  }
  pairs[key] = [argv[i + 1], argv[i + 2]];
}
if (Object.keys(pairs).length !== 3) {
  console.error(USAGE);
  process.exit(2);
}

const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: path.join(root, "node_modules", "pyodide") + path.sep,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
  stdout: (/** @type {string} */ line) => console.log(line),
  stderr: (/** @type {string} */ line) => console.error(line),
});
pyodide.FS.mkdirTree("/work/in");
pyodide.FS.mkdirTree("/work/out");
/** @param {string} key @returns {[string, string]} the pair's paths in Pyodide's file system */
const inner = (key) => [`/work/in/${path.basename(pairs[key][0])}`, `/work/out/${path.basename(pairs[key][1])}`];
for (const key of Object.keys(pairs)) pyodide.FS.writeFile(inner(key)[0], await readFile(pairs[key][0]));
for (const name of ["wheel_bytecode.py", "stdlib_bytecode.py"]) {
  pyodide.FS.writeFile(`/work/${name}`, await readFile(path.join(here, name)));
}
pyodide.runPython("import sys; sys.path.insert(0, '/work')");

// 1. the wheels
pyodide.globals.set("wheel_args", pyodide.toPy([...inner("micropip"), ...inner("engine")]));
if (pyodide.runPython("import wheel_bytecode; wheel_bytecode.main(list(wheel_args))") !== 0) process.exit(1);

for (const key of ["micropip", "engine"]) await writeFile(pairs[key][1], pyodide.FS.readFile(inner(key)[1]));

// 2. boot them as the site does (worker.js), then the standard library's share of that boot
// (loadPackage reads a path of the host's file system, here the compiled micropip just written)
await pyodide.loadPackage(path.resolve(pairs.micropip[1]), { messageCallback: () => {} });
const micropip = pyodide.pyimport("micropip");
await micropip.install.callKwargs(`emfs:${inner("engine")[1]}`, { deps: false });
micropip.destroy();
pyodide.globals.set("zip_args", pyodide.toPy(inner("stdlib")));
pyodide.runPython(`
import sys, stdlib_bytecode as sb
sb.import_package()
archive = sb.archive_path()
names = sb.boot_entries(sys.modules, archive)
n = sb.sourceless(zip_args[0], zip_args[1], names, archive)
print(f"{zip_args[1].rsplit('/', 1)[-1]}: {n} standard modules of the boot compiled by Python "
      f"{sys.version.split()[0]} ({sys.implementation.cache_tag})")
`);

await writeFile(pairs.stdlib[1], pyodide.FS.readFile(inner("stdlib")[1]));
