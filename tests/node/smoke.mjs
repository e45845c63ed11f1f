// Smoke test of the built engine wheel under Pyodide in Node.
//
//   node tests/node/smoke.mjs DIST_DIR [--actions N]
//
// Loads Pyodide from node_modules/pyodide, micropip from DIST_DIR/pyodide/ and
// the wheel named in DIST_DIR/build.json (the very files the site serves), by
// path only — a package loaded by lock name would be fetched from a CDN.  Then
// calls speculation.bridge.handle: hello, then a short match of human seats
// driven by the first legal template each turn.
// Prints one JSON object on stdout; exits non-zero only if the boot failed.

import path from "node:path";

import { ROOT, bootEngine } from "./pyodide-boot.mjs";

const args = process.argv.slice(2);
const dist = path.resolve(args[0] || path.join(ROOT, "dist"));
const maxActions = Number(args[args.indexOf("--actions") + 1]) || 40;

const report = { dist, timings: {}, calls: [], errors: [] };
const t0 = performance.now();
const mark = (name) => { report.timings[name] = Math.round(performance.now() - t0); };

function out(code) {
  process.stdout.write(JSON.stringify(report) + "\n");
  process.exit(code);
}

let handle, engine;
try {
  engine = await bootEngine(dist, { onOutput: (line) => report.errors.push(line), mark });
  report.build = { hash: engine.manifest.hash, wheel: engine.manifest.wheel, version: engine.manifest.version };
  report.python = engine.python;
  report.pyodide = engine.version;
  report.module_file = engine.moduleFile;
  handle = engine.handle;
} catch (err) {
  report.fatal = String(err && err.message ? err.message : err);
  out(1);
}

function call(request) {
  const started = performance.now();
  let response;
  try {
    response = JSON.parse(handle(JSON.stringify(request)));
  } catch (err) {
    response = { ok: false, raised: String(err.message || err) };
  }
  report.calls.push({ op: request.op, ok: response.ok === true, ms: +(performance.now() - started).toFixed(2),
                      error: response.ok ? undefined : (response.error || response.raised) });
  return response;
}

// Fill in a legal-action template with its first / lowest choices.  A card
// choice is [owner seat, position]: it sets both target and card.
function concrete(template) {
  const action = { type: template.type, seat: template.seat };
  if (template.price) action.price = template.price.min;
  if (template.cards && template.cards.length) [action.target, action.card] = template.cards[0];
  else if (template.targets && template.targets.length) action.target = template.targets[0];
  return action;
}

const hello = call({ op: "hello" });
report.hello = hello.ok ? { version: hello.version, protocol: hello.protocol, presets: (hello.presets || []).map((p) => p.id),
                            options: (hello.options || []).length, bots: (hello.bots || []).length }
                        : hello;

const players = ["Fanny", "Edmund", "Mary", "Henry"].map((name) => ({ name, kind: "human" }));
const started = call({ op: "new_match", settings: { players, seed: 7 }, seat: 0 });
report.new_match = { ok: started.ok === true, error: started.ok ? undefined : started.error };
if (started.ok) {
  let view = started.view;
  const actions = [];
  for (let i = 0; i < maxActions && view && !view.match_over && view.to_act !== null && view.to_act !== undefined; i++) {
    const seatView = call({ op: "view", seat: view.to_act });
    if (!seatView.ok || !seatView.view.legal || !seatView.view.legal.length) break;
    const action = concrete(seatView.view.legal[0]);
    const result = call({ op: "act", action, viewer: view.to_act });
    actions.push({ action, ok: result.ok === true, events: (result.events || []).length,
                   phase: result.ok ? result.view.phase : undefined });
    if (!result.ok) break;
    view = result.view;
  }
  report.actions = actions;
  report.last_phase = view && view.phase;
  // A rejected action must be reported, not raised, and change nothing.
  const bogus = call({ op: "act", action: { type: "no_such_action", seat: 0 } });
  report.bogus_rejected = bogus.ok === false && typeof (bogus.error || {}).code === "string";
  const saved = call({ op: "save" });
  report.save_ok = saved.ok === true && typeof saved.snapshot === "string";
  if (report.save_ok) {
    const before = call({ op: "view", seat: 0 });
    const loaded = call({ op: "load", snapshot: saved.snapshot, seat: 0 });
    report.load_same_view = loaded.ok === true && JSON.stringify(loaded.view) === JSON.stringify(before.view);
  }
}

// Where each loaded module of the engine and of micropip came from: the wheels carry each module
// once, as bytecode with no source beside it (build.py, tools/wheel_bytecode.py), checked as the
// import system would (magic, unchecked-hash flag); "source" would mean a shipped source.
report.bytecode = JSON.parse(engine.pyodide.runPython(`
import importlib.util, json, sys
def origin(m):
    spec = getattr(m, "__spec__", None)
    if spec is None or not spec.origin or spec.origin in ("built-in", "frozen"):
        return None  # a namespace package: nothing to compile
    if spec.origin.endswith(".py"):
        return "source"
    with open(spec.origin, "rb") as f: pyc = f.read(16)
    if pyc[:4] != importlib.util.MAGIC_NUMBER: return "another Python's bytecode"
    if int.from_bytes(pyc[4:8], "little") != 1: return "not unchecked-hash bytecode"
    return "bytecode"
found = {n: origin(m) for n, m in sorted(sys.modules.items()) if n.split(".")[0] in ("speculation", "micropip")}
json.dumps({n: o for n, o in found.items() if o is not None})
`));

// A traceback through the engine names its module's wheel path and line (no source is shipped,
// so no source line follows): readable enough to find the line in py/speculation/.
report.traceback = engine.pyodide.runPython(`
import traceback
from speculation import jsonguard
try:
    jsonguard.loads("[", what="a test")
except Exception:
    frames = [l.strip() for l in traceback.format_exc().splitlines() if l.strip().startswith("File ")]
frames[-1] if frames else ""
`);

// The standard modules loaded so far that were compiled from their source in the stdlib zip
// (build.py ships the boot's as bytecode: none should be), and how many came as bytecode.
report.stdlib = JSON.parse(engine.pyodide.runPython(`
import json, sys
zip_ = next(p for p in sys.path if p.endswith(".zip")) + "/"
origins = {n: str(getattr(getattr(m, "__spec__", None), "origin", "")) for n, m in list(sys.modules.items())}
json.dumps({"sourced": sorted(n for n, o in origins.items() if o.startswith(zip_) and o.endswith(".py")),
            "bytecode": sum(o.startswith(zip_) and o.endswith(".pyc") for o in origins.values())})
`));

// Throughput of the JSON boundary, for the record.
const t = performance.now();
for (let i = 0; i < 200; i++) handle(JSON.stringify({ op: "hello" }));
report.timings.hello_x200_ms = Math.round(performance.now() - t);

// The second standard-library archive: nothing above needed it (the build trimmed the first to
// the boot's and the bridge's modules). Then modules that only it holds: a top-level one, a
// submodule of a package of the first archive, a package under such a package; a name that is
// nowhere, and a probe of the kind Python makes (no download for either).
report.rest = { before: engine.restStatus(), fetches_before: engine.restFetches.length };
const outputBefore = report.errors.length;
report.rest.imports = JSON.parse(engine.pyodide.runPython(`
import json
out = {}
for name in ("no_such_module_anywhere", "_winapi", "csv", "json.tool", "email.mime.text", "csv"):
    try:
        module = __import__(name, fromlist=["_"])
        out[name] = module.__spec__.origin
    except ImportError as e:
        out[name] = f"{type(e).__name__}: {e}"
json.dumps(out)
`));
report.rest.after = engine.restStatus();
report.rest.fetches = engine.restFetches.map((u) => u.split("/").pop());
report.rest.output = report.errors.splice(outputBefore);
out(0);
