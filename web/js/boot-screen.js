// The boot screen (#boot): starts the engine with a progress bar, for the site and the embeds.
//
//   const engine = await startEngine({ onFatal: (err) => ... });   // throws if it cannot start
//   showBootError("The game could not start: …");                  // the error and its retry
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

const STAGE_LABELS = /** @type {Record<string, string>} */ ({
  runtime: "Downloading and starting Python",
  micropip: "Preparing the package installer",
  engine: "Installing the game engine",
  ready: "Ready",
});

function progress(/** @type {{stage?: string, fraction?: number, detail?: string}} */ { stage, fraction, detail }) {
  const bar = /** @type {HTMLProgressElement} */ ($("boot-progress"));
  if (typeof fraction === "number") bar.value = Math.max(bar.value, Math.min(1, fraction));
  const name = (stage && STAGE_LABELS[stage]) ?? stage ?? "";
  $("boot-stage").textContent = detail ? `${name}: ${detail}` : name;
}

/**
 * Show the boot screen and start the engine (engine.js is loaded only now).
 * @param {{onFatal: (err: Error) => void}} opts called if the engine dies after it started
 * @returns {Promise<import("./engine.js").Engine>} the engine client
 */
export async function startEngine({ onFatal }) {
  const boot = $("boot");
  boot.hidden = false;
  boot.classList.remove("is-ready");
  $("boot-error").hidden = true;
  /** @type {HTMLProgressElement} */ ($("boot-progress")).value = 0;
  progress({ stage: "runtime", fraction: 0.01, detail: "starting" });
  const { bootEngine } = await import("./engine.js");
  const engine = await bootEngine({ onProgress: progress, timeoutMs: 120000, onFatal });
  progress({ stage: "ready", fraction: 1, detail: "the game engine is running" });
  boot.classList.add("is-ready");
  return engine;
}

/** The boot screen's error, with its "Try again" button calling `retry`. */
export function showBootError(/** @type {string} */ text, /** @type {() => void} */ retry) {
  $("boot").hidden = false;
  $("boot").classList.remove("is-ready");
  $("boot-error-text").textContent = text;
  $("boot-error").hidden = false;
  $("boot-stage").textContent = "Stopped.";
  $("boot-retry").onclick = retry;
}
