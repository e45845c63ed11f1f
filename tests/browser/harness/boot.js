// Test harness for js/engine.js: boots the engine and records what happens in
// window.harness, for tests and benchmarks to poll with page.evaluate.
// Query: ?timeout=MS (boot timeout), ?noboot (wait for window.harness.boot()).
import { bootEngine } from "../js/engine.js";

const params = new URLSearchParams(location.search);
const log = (line) => { document.getElementById("log").textContent += line + "\n"; };
const state = { progress: [], status: "idle", error: null, hello: null, info: null, engine: null };
window.harness = state;

state.boot = async () => {
  const t0 = performance.now();
  Object.assign(state, { progress: [], status: "booting", error: null, hello: null });
  try {
    const options = { onProgress: (p) => { state.progress.push({ ...p, t: performance.now() - t0 }); log(`${p.stage} ${p.fraction.toFixed(2)} ${p.detail}`); } };
    if (params.has("timeout")) options.timeoutMs = Number(params.get("timeout"));
    state.engine = await bootEngine(options);
    state.bootMs = performance.now() - t0;
    state.info = state.engine.info;
    state.hello = await state.engine.request({ op: "hello" });
    state.playableMs = performance.now() - t0;
    state.playableAt = performance.now(); // since navigation start, for benchmarks
    state.status = "ready";
    log("ready");
  } catch (err) {
    state.error = err.message;
    state.status = "failed";
    log(`failed: ${err.message}`);
  }
};
state.request = (obj) => state.engine.request(obj);

if (!params.has("noboot")) state.boot();
