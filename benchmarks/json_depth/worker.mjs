// Runs in a module Web Worker on the built site (benchmarks/json_depth.py copies it there): how
// deep a JSON array each engine's stack lets Pyodide's json.loads and the page's JSON.parse
// read. Each depth is tried once, deepest last; the first failure and its kind are reported.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const DEPTHS = [64, 128, 256, 512, 768, 1000, 1500, 2000, 4000, 8000, 16000, 32000];

/** @param {(n: number) => void} read @returns {{ok: number, failed: number | null, error: string | null}} */
function probe(read) {
  let ok = 0;
  for (const n of DEPTHS) {
    try { read(n); ok = n; } catch (err) {
      return { ok, failed: n, error: String(err && err.message ? err.message : err).split("\n").slice(-2).join(" ").slice(0, 160) };
    }
  }
  return { ok, failed: null, error: null };
}

const nested = (n) => "[".repeat(n) + "]".repeat(n);
const js = probe((n) => JSON.parse(nested(n)));
const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
pyodide.runPython("import json, sys");
const limit = pyodide.runPython("sys.getrecursionlimit()");
const py = probe((n) => pyodide.runPython(`json.loads(${JSON.stringify(nested(n))}) is not None`));
postMessage({ js, py, recursionlimit: limit });
