// The bridge fuzz sample (tests/node/fuzz_corpus.py) under Pyodide in Node.
//
//   node tests/node/fuzz.mjs DIST_DIR CORPUS.json
//
// Boots the built wheel as smoke.mjs does, then follows fuzz_corpus.run() step for step: the
// setup requests, then for each case save, send it, and either load the save back (accepted)
// or check the save is unchanged (refused). A call that throws or answers something other
// than a JSON object with a boolean "ok" is a crash; once the runtime has died (Pyodide's
// "fatal error") every later case counts as a crash too. Prints one JSON object on stdout:
// {python, pyodide, codes, tally, fatal?, output}; exits non-zero only if the boot failed.

import { readFile } from "node:fs/promises";
import path from "node:path";

import { ROOT, bootEngine } from "./pyodide-boot.mjs";

const [distArg, corpusArg] = process.argv.slice(2);
const dist = path.resolve(distArg || path.join(ROOT, "dist"));
const report = { codes: [], tally: {}, output: [] };

let engine;
try {
  engine = await bootEngine(dist, { onOutput: (line) => report.output.push(line.slice(0, 300)) });
  report.python = engine.python;
  report.pyodide = engine.version;
} catch (err) {
  report.fatal = `boot: ${err && err.message ? err.message : err}`;
  process.stdout.write(JSON.stringify(report) + "\n");
  process.exit(1);
}

const data = JSON.parse(await readFile(corpusArg, "utf8"));
const ask = (text) => JSON.parse(engine.handle(text));
const save = () => ask('{"op": "save"}').snapshot;

for (const text of data.setup) {
  if (ask(text).ok !== true) throw new Error(`setup request refused: ${text.slice(0, 200)}`);
}

for (const c of data.cases) {
  const t = (report.tally[c.kind] ??= { tried: 0, refused: 0, crashes: 0, changed: 0 });
  t.tried += 1;
  let before;
  let resp;
  let code;
  try {
    before = save();
    resp = JSON.parse(engine.handle(c.text));
    if (typeof resp !== "object" || resp === null || typeof resp.ok !== "boolean") throw new Error("no ok");
    code = resp.ok ? "ok" : String(resp.error.code);
  } catch (err) {
    t.crashes += 1;
    report.codes.push("crash");
    report.fatal ??= `case ${report.codes.length - 1} (${c.kind}): ${String(err && err.message ? err.message : err).slice(0, 300)}`;
    continue;
  }
  report.codes.push(code);
  if (resp.ok) {
    if (ask(JSON.stringify({ op: "load", snapshot: before })).ok !== true) throw new Error("could not restore the match");
  } else {
    t.refused += 1;
    if (save() !== before) t.changed += 1;
  }
}

// What the hostile sample loaded from the second standard-library archive (issue 47: nothing).
report.rest = { fetches: engine.restFetches.length, modules: engine.restStatus().modules };
process.stdout.write(JSON.stringify(report) + "\n");
