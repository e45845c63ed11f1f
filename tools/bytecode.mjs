// Compile the site's Python with Pyodide's own Python (node_modules/pyodide), so the bytecode is
// exactly what the browser's interpreter loads, and trim the standard library to what the site
// imports. build.py calls it once per build (two Pyodide starts and a short exercise of the
// engine, several seconds):
//
//   node tools/bytecode.mjs --micropip IN.whl OUT.whl --engine IN.whl OUT.whl \
//                           --stdlib IN.zip OUT.zip REST.zip
//
// 1. tools/wheel_bytecode.py replaces every module of both wheels by its bytecode (each module
//    once: no source beside it);
// 2. a second, fresh interpreter boots as the engine worker does (web/js/worker.js): it imports
//    the second archive's finder (tools/stdlib_rest.py), loads micropip, installs the engine's
//    compiled wheel, imports the bridge, runs the worker's own lines of Python and drives every
//    op of the bridge (tools/bridge_exercise.py), while a finder at the front of sys.meta_path
//    records every module name the import system is asked for;
// 3. tools/stdlib_bytecode.py splits the standard-library zip: the recorded modules as bytecode
//    in OUT.zip (with the finder, which knows REST.zip's contents), every other module as source
//    in REST.zip.
// Python runs with PYTHONNODEBUGRANGES=1: no column ranges in any of that bytecode (smaller;
// a traceback still names each file and line).
// Everything goes through Pyodide's in-memory file system; nothing is fetched from the network.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const USAGE = "usage: node tools/bytecode.mjs --micropip IN.whl OUT.whl --engine IN.whl OUT.whl --stdlib IN.zip OUT.zip REST.zip";

/** @type {Record<string, string[]>} */
const args = {};
const ARITY = { micropip: 2, engine: 2, stdlib: 3 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length;) {
  const key = argv[i].replace(/^--/, "");
  const n = ARITY[/** @type {keyof typeof ARITY} */ (key)];
  if (!n || i + n >= argv.length) {
    console.error(USAGE);
    process.exit(2);
  }
  args[key] = argv.slice(i + 1, i + 1 + n);
  i += 1 + n;
}
if (Object.keys(args).length !== 3) {
  console.error(USAGE);
  process.exit(2);
}

const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
/** A fresh Pyodide on the stock standard library, its output on ours. */
const start = () => loadPyodide({
  indexURL: path.join(root, "node_modules", "pyodide") + path.sep,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
  stdout: (/** @type {string} */ line) => console.log(line),
  stderr: (/** @type {string} */ line) => console.error(line),
});
/** @param {string} file */
const inner = (file) => `/work/${path.basename(file)}`;

// 1. the wheels
const tools = await start();
tools.FS.mkdirTree("/work/out");
for (const name of ["wheel_bytecode.py", "stdlib_bytecode.py"]) {
  tools.FS.writeFile(`/work/${name}`, await readFile(path.join(here, name)));
}
tools.runPython("import sys; sys.path.insert(0, '/work')");
const wheelArgs = [];
for (const key of ["micropip", "engine"]) {
  const [src, dest] = args[key];
  tools.FS.writeFile(inner(src), await readFile(src));
  wheelArgs.push(inner(src), `/work/out/${path.basename(dest)}`);
}
tools.globals.set("wheel_args", tools.toPy(wheelArgs));
if (tools.runPython("import wheel_bytecode; wheel_bytecode.main(list(wheel_args))") !== 0) process.exit(1);
for (const key of ["micropip", "engine"]) {
  await writeFile(args[key][1], tools.FS.readFile(`/work/out/${path.basename(args[key][1])}`));
}

// 2. the record, in an interpreter that has run nothing else
const RECORDER = `
import sys
class _Record:
    names = set()
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.names.add(name)
        return None
sys.meta_path.insert(0, _Record)
`;
// What worker.js runs after the runtime's start and around the engine, in its order: the
// finder's install, then (micropip and the wheel in between) its own lines of Python.
const WORKER_LINES = `
import json, sys, random, gc, sysconfig
sysconfig.get_paths()["purelib"]
random.seed()
gc.collect()
`;
const rec = await start();
rec.runPython(RECORDER);
rec.FS.mkdirTree("/work/finder");
rec.FS.writeFile("/work/finder/_speculation_stdlib_rest.py", await readFile(path.join(here, "stdlib_rest.py")));
rec.FS.writeFile("/work/bridge_exercise.py", await readFile(path.join(here, "bridge_exercise.py")));
rec.runPython(`
import sys
sys.path.append("/work/finder")
import _speculation_stdlib_rest
_speculation_stdlib_rest.install("file:///nowhere/", "", index={"file": "rest.zip", "modules": []})
sys.path.remove("/work/finder")
`);
/** @type {string[]} */
const loadErrors = [];
await rec.loadPackage(path.resolve(args.micropip[1]), { messageCallback: () => {}, errorCallback: (m) => loadErrors.push(m) });
if (loadErrors.length) throw new Error(`loading micropip: ${loadErrors.join("; ")}`);
const micropip = rec.pyimport("micropip");
rec.FS.writeFile(inner(args.engine[1]), await readFile(args.engine[1]));
await micropip.install.callKwargs(`emfs:${inner(args.engine[1])}`, { deps: false });
micropip.destroy();
rec.runPython("import speculation.bridge");
rec.runPython(WORKER_LINES);
rec.runPython(`
import sys
sys.path.append("/work")
import bridge_exercise
from speculation.bridge import Session
bridge_exercise.exercise(Session().handle)
sys.path.remove("/work")
`);
const recorded = rec.runPython(`
import _imp, json, sys
_zip = next(p for p in sys.path if p.endswith(".zip"))
_prefix = _zip + "/"
_from_zip = {n for n, m in list(sys.modules.items())
             if str(getattr(getattr(m, "__spec__", None), "origin", "")).startswith(_prefix)}
_elsewhere = sorted(n for n in set(sys.modules) | _Record.names if n not in _from_zip
                    and (n in sys.modules or n in sys.builtin_module_names or _imp.is_frozen(n)))
json.dumps({"archive": _zip, "names": sorted(_Record.names | _from_zip), "elsewhere": _elsewhere})
`);

// 3. the split
const [stdlibIn, coreOut, restOut] = args.stdlib;
tools.FS.writeFile(inner(stdlibIn), await readFile(stdlibIn));
tools.FS.writeFile("/work/stdlib_rest.py", await readFile(path.join(here, "stdlib_rest.py")));
tools.globals.set("recorded", recorded);
tools.globals.set("split_args", tools.toPy([inner(stdlibIn), `/work/out/core.zip`, `/work/out/rest.zip`]));
tools.runPython(`
import json, sys, zipfile, stdlib_bytecode as sb
record = json.loads(recorded)
elsewhere = set(record["elsewhere"])
zip_names = set(zipfile.ZipFile(split_args[0]).namelist())
names = sb.core_entries(record["names"], zip_names, elsewhere.__contains__)
with open("/work/stdlib_rest.py", encoding="utf-8") as f:
    finder = f.read()
index = sb.split(*split_args, names, record["archive"], finder)
print(f"standard library: {len(names)} modules of the boot and the bridge compiled by Python "
      f"{sys.version.split()[0]} ({sys.implementation.cache_tag}); {len(index['modules'])} others "
      f"as sources in {index['file']}")
`);
await writeFile(coreOut, tools.FS.readFile("/work/out/core.zip"));
await writeFile(restOut, tools.FS.readFile("/work/out/rest.zip"));
