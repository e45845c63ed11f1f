// Smoke test of the built engine wheel under Pyodide in Node.
//
//   node tests/node/smoke.mjs DIST_DIR [--actions N]
//
// Loads Pyodide from node_modules/pyodide, micropip from DIST_DIR/pyodide/ and
// the wheel named in DIST_DIR/build.json (the very files the site serves), by
// path only — a package loaded by lock name would be fetched from a CDN.  Then
// calls speculation.bridge.handle: hello, and if the bridge knows new_match, a
// short match of human seats driven by the first legal template each turn.
// Prints one JSON object on stdout; exits non-zero only if the boot failed.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
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

let handle;
try {
  const manifest = JSON.parse(await readFile(path.join(dist, "build.json"), "utf8"));
  report.build = { hash: manifest.hash, wheel: manifest.wheel, version: manifest.version };
  const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep,
    stdout: (line) => report.errors.push(`stdout: ${line}`),
    stderr: (line) => report.errors.push(`stderr: ${line}`),
  });
  mark("runtime");
  report.python = pyodide.runPython("import sys; sys.version.split()[0]");
  report.pyodide = pyodide.version;

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
  report.module_file = pyodide.runPython("import speculation; speculation.__file__");
  const bridge = pyodide.pyimport("speculation.bridge");
  const pyHandle = bridge.handle;
  handle = (json) => pyHandle(json);
  mark("imported");
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

// Throughput of the JSON boundary, for the record.
const t = performance.now();
for (let i = 0; i < 200; i++) handle(JSON.stringify({ op: "hello" }));
report.timings.hello_x200_ms = Math.round(performance.now() - t);
out(0);
