// Test harness (never deployed): a module worker that starts Pyodide from the site's pyodide/
// on its trimmed standard library, installs the second archive's finder as js/worker.js does,
// then imports a module that only the second archive holds, through a real synchronous
// XMLHttpRequest (served by the service worker when one controls the page). It posts
// {origin, split, fetched, modules, archive} or {error}.
//
//   new Worker(new URL("test-harness/rest-worker.js", location.href), {type: "module"})
import { loadPyodide } from "../pyodide/pyodide.mjs";

try {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  const manifest = await (await fetch(new URL("../build.json", import.meta.url))).json();
  const pyodide = await loadPyodide({ indexURL });
  pyodide.runPython(`
import _speculation_stdlib_rest
_speculation_stdlib_rest.install(${JSON.stringify(indexURL)}, ${JSON.stringify(`?v=${manifest.hash}`)})
`);
  postMessage(JSON.parse(pyodide.runPython(`
import csv, json, _speculation_stdlib_rest as rest
json.dumps({"origin": csv.__spec__.origin, **rest.status()})
`)));
} catch (err) {
  postMessage({ error: String(err && err.message ? err.message : err) });
}
